// engine/cpu/reduce_sum.cpp — sum and nansum on the CPU, bit-identical to PyTorch's single thread.
//
// PyTorch walks a reduction as 2-d slabs of the layout's dims 0 and 1
// (engine/cpu/reduce_layout.h) and picks one of four loops per slab; each
// "line" (the elements along dim 0 at one index j of dim 1) is summed with
// one of the cascades of engine/cpu/cascade.h:
//  - dim 0 contiguous and at least one vector long: every line is a
//    vector_sum;
//  - else dim 1 contiguous and at least one vector wide: the columns are
//    taken 4 vectors at a time, each column a plain cascade; the columns
//    left over (fewer than 4 vectors' worth) are row_sums;
//  - else dim 0 the faster: every line is a row_sum;
//  - else: columns 4 at a time as plain cascades, the last size1 % 4 row_sums.
// With one reduced dim each line is one output; with two or more, every line
// of every slab of an output is added to it in order (0 + l0 + l1 + ...).
// Outputs (and, within a slab, groups of whole vector blocks of columns) are
// independent, so they run on several threads without changing any digit.
//
// float16/bfloat16 accumulate in float, reading 16 elements per vector that
// fold into 8 float lanes (the first 8 plus the next 8), as PyTorch 2.x does.
// Integers are summed in 64-bit wrapping arithmetic, in any order.
#include <cmath>
#include <type_traits>
#include <vector>

#include "engine/core/convert.h"
#include "engine/cpu/cascade.h"
#include "engine/cpu/isa.h"
#include "engine/cpu/copy.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

template <typename T> struct SumAccOf { using type = T; };
template <> struct SumAccOf<Half> { using type = float; };
template <> struct SumAccOf<BFloat16> { using type = float; };

template <typename T, bool IgnoreNan>
struct SumPolicy {
  using Acc = typename SumAccOf<T>::type;
  static constexpr int W = 32 / static_cast<int>(sizeof(Acc));  // accumulator lanes
  static constexpr int E = 32 / static_cast<int>(sizeof(T));    // elements per vector load
  static constexpr bool kIgnoreNan = IgnoreNan;

  static Acc load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    Acc a = static_cast<Acc>(v);
    if constexpr (IgnoreNan) {
      if (a != a) a = Acc(0);
    }
    return a;
  }
  static void vload(const T* x, Acc* v) {
    if constexpr (E == W) {
      for (int l = 0; l < W; ++l) v[l] = load(reinterpret_cast<const char*>(x + l));
    } else {  // 16-bit floats: lane l = x[l] + x[l + 8]
      for (int l = 0; l < W; ++l)
        v[l] = load(reinterpret_cast<const char*>(x + l)) +
               load(reinterpret_cast<const char*>(x + W + l));
    }
  }
};

enum class SlabKind { InnerVector, OuterVector, InnerScalar, OuterScalar };

// One 2-d slab: lines along dim 0 (size0 elements, stride s0 bytes), one per
// index j of dim 1 (size1 of them, stride s1 bytes).
template <typename P, typename T>
struct Slab {
  using Acc = typename P::Acc;
  static constexpr int G = 4 * P::W;  // columns per vector block
  static constexpr int kWide = 2;      // vector blocks summed side by side when the columns allow

  int64_t s0, s1, size0, size1;
  SlabKind kind;
  int64_t plain;  // columns [0, plain) are plain cascades (the column loops only)

  Slab(int64_t s0_, int64_t s1_, int64_t size0_, int64_t size1_)
      : s0(s0_), s1(s1_), size0(size0_), size1(size1_) {
    const int64_t isz = sizeof(T);
    if (s0 == isz && size0 >= P::E) {
      kind = SlabKind::InnerVector;
      plain = 0;
    } else if (s1 == isz && size1 >= P::E) {
      kind = SlabKind::OuterVector;
      plain = size1 / G * G;
    } else if (s0 < s1) {
      kind = SlabKind::InnerScalar;
      plain = 0;
    } else {
      kind = SlabKind::OuterScalar;
      plain = size1 / 4 * 4;
    }
  }

  // Chunks that split the columns without changing any line's grouping.
  int64_t chunk_align() const { return kind == SlabKind::OuterVector ? G : 4; }

  // Sums of lines [j0, j1) of the slab at base, into dst[0 .. j1 - j0).
  void lines(const char* base, int64_t j0, int64_t j1, Acc* dst) const {
    auto load = [](const char* p) { return P::load(p); };
    switch (kind) {
      case SlabKind::InnerVector:
        if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>) && !P::kIgnoreNan) {
          for (int64_t j = j0; j < j1; ++j)
            dst[j - j0] = cascade::vector_sum_contiguous<T>(reinterpret_cast<const T*>(base + j * s1), size0);
          return;
        }
        for (int64_t j = j0; j < j1; ++j)
          dst[j - j0] = cascade::vector_sum<P::W, P::E, T, Acc>(
              reinterpret_cast<const T*>(base + j * s1), size0,
              [](const T* x, Acc* v) { P::vload(x, v); }, load);
        return;
      case SlabKind::InnerScalar:
        for (int64_t j = j0; j < j1; ++j)
          cascade::row_sums<1, Acc>(base + j * s1, s0, 0, size0, load, dst + (j - j0));
        return;
      case SlabKind::OuterVector:
      case SlabKind::OuterScalar: {
        const bool vec = kind == SlabKind::OuterVector;
        int64_t j = j0;
        while (j < j1) {
          Acc* d = dst + (j - j0);
          const char* p = base + j * s1;
          if (j < plain) {
            if (vec && j + G <= std::min(plain, j1)) {
              if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>) && !P::kIgnoreNan) {
                // Each column is a cascade of its own whose pushes depend only on the row
                // index, so kWide blocks side by side give each column the same bits as one
                // block at a time, and read 256 bytes of every row instead of 128 (4096²
                // float32 sum(0): 2.9 -> 2.3 ms on the 2-core development machine; 4 and 8
                // blocks were no faster, their accumulators no longer fit in registers).
                if (j + kWide * G <= std::min(plain, j1)) {
                  cascade::column_sums_contiguous<kWide * G, Acc>(p, s0, size0, d);
                  j += kWide * G;
                  continue;
                }
                cascade::column_sums_contiguous<G, Acc>(p, s0, size0, d);
              } else {  // s1 is the element size here; a constant lets the compiler vectorise
                cascade::column_sums<G, Acc>(p, s0, static_cast<int64_t>(sizeof(T)), size0, load, d);
              }
              j += G;
            } else if (!vec && j + 4 <= std::min(plain, j1)) {
              cascade::column_sums<4, Acc>(p, s0, s1, size0, load, d);
              j += 4;
            } else {
              cascade::column_sums<1, Acc>(p, s0, s1, size0, load, d);
              j += 1;
            }
          } else if (vec && j + P::W <= j1) {
            cascade::row_sums<P::W, Acc>(p, s0, static_cast<int64_t>(sizeof(T)), size0, load, d);
            j += P::W;
          } else {
            cascade::row_sums<1, Acc>(p, s0, s1, size0, load, d);
            j += 1;
          }
        }
        return;
      }
    }
  }
};

template <typename T> void store(char* p, const typename SumAccOf<T>::type& v) {
  T t = static_cast<T>(v);
  std::memcpy(p, &t, sizeof(T));
}

// Runs f(begin, end) over [0, n) split into pieces aligned to `align`,
// across threads when `work` (elements touched) is large. Each piece runs in
// aligned sub-pieces of about kInterruptGrain elements, polling Ctrl-C
// between them (a long cascade inside f polls too); a stopped loop throws.
template <typename F> void parallel_chunks(int64_t n, int64_t align, int64_t work, F&& f) {
  int64_t nt = 1;
#ifdef _OPENMP
  if (work >= 65536 && !omp_in_parallel()) nt = omp_get_max_threads();
#endif
  const int64_t per_index = std::max<int64_t>(1, work / std::max<int64_t>(1, n));
  const int64_t sub = (kInterruptGrain / per_index / align + 1) * align;
  auto run = [&](int64_t b, int64_t e) {
    for (int64_t s = b; s < e; s += sub) {
      if (s > b && interrupt_pending()) return;
      f(s, std::min(e, s + sub));
    }
  };
  int64_t pieces = std::min<int64_t>(nt, (n + align - 1) / align);
  if (pieces <= 1) {
    run(int64_t{0}, n);
    throw_if_interrupted();
    return;
  }
  int64_t per = ((n + pieces - 1) / pieces + align - 1) / align * align;
#pragma omp parallel for schedule(static)
  for (int64_t k = 0; k < pieces; ++k) {
    int64_t b = k * per, e = std::min(n, b + per);
    if (b < e) run(b, e);
  }
  throw_if_interrupted();
}

template <typename T, bool IgnoreNan>
void float_sum(const Tensor& out, const Tensor& in) {
  using P = SumPolicy<T, IgnoreNan>;
  using Acc = typename P::Acc;
  ReduceLayout L = make_reduce_layout(out, in);
  char* o = out.data_ptr();
  const char* x = in.data_ptr();
  if (L.nreduced == 0) {  // nothing reduced: out = 0 + in
    for_each_output(L, o, x, [](char* op, const char* ip) { store<T>(op, Acc(0) + P::load(ip)); });
    return;
  }
  const Slab<P, T> slab(L.in(0), L.in(1), L.size(0), L.size(1));
  const int64_t size1 = L.size(1);
  constexpr int64_t kChunk = 1024;  // lines buffered at a time
  if (L.nreduced == 1) {
    // Each line is its own output. The slabs are the outputs of a layout
    // whose "block" is dims 0 and 1.
    ReduceLayout S = L;
    S.nreduced = std::min(2, L.ndim());
    const int64_t os1 = L.out(1);
    auto do_slab = [&](char* so, const char* sx, int64_t j0, int64_t j1) {
      Acc buf[kChunk];
      for (int64_t j = j0; j < j1; j += kChunk) {
        int64_t e = std::min(j1, j + kChunk);
        slab.lines(sx, j, e, buf);
        for (int64_t k = j; k < e; ++k) store<T>(so + k * os1, Acc(0) + buf[k - j]);
      }
    };
    if (S.outputs() == 1) {
      parallel_chunks(size1, slab.chunk_align() * 8, L.size(0) * size1,
                      [&](int64_t b, int64_t e) { do_slab(o, x, b, e); });
    } else {
      for_each_output(S, o, x, [&](char* so, const char* sx) { do_slab(so, sx, 0, size1); });
    }
    return;
  }
  // Two or more reduced dims: every line of every slab of the block adds to
  // one output, the slabs taken in odometer order over reduced dims 2, 3, ...
  ReduceLayout B;
  B.shape.assign(L.shape.begin() + 2, L.shape.begin() + L.nreduced);
  B.in_stride.assign(L.in_stride.begin() + 2, L.in_stride.begin() + L.nreduced);
  if (B.shape.empty()) {
    B.shape = {1};
    B.in_stride = {0};
  }
  B.out_stride.assign(B.shape.size(), 0);
  B.nreduced = static_cast<int>(B.shape.size());
  for_each_output(L, o, x, [&](char* op, const char* ip) {
    Acc acc = Acc(0);
    Acc buf[kChunk];
    for_each_in_block(B, ip, [&](const char* sx) {
      for (int64_t j = 0; j < size1; j += kChunk) {
        if (interrupt_pending()) return;  // Ctrl-C: for_each_output throws
        int64_t e = std::min(size1, j + kChunk);
        slab.lines(sx, j, e, buf);
        for (int64_t k = 0; k < e - j; ++k) acc += buf[k];
      }
    });
    store<T>(op, acc);
  });
}

// Integers and bools: 64-bit wrapping sum, converted to the output type at the end.
template <typename T>
void int_sum(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
  for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* op, const char* ip) {
    uint64_t acc = 0;
    for_each_in_block(L, ip, [&](const char* p) {
      T v;
      std::memcpy(&v, p, sizeof(T));
      acc += static_cast<uint64_t>(static_cast<int64_t>(v));
    });
    T r;
    if constexpr (std::is_same_v<T, bool>)
      r = acc != 0;
    else
      r = static_cast<T>(static_cast<int64_t>(acc));
    std::memcpy(op, &r, sizeof(T));
  });
}

}  // namespace

void TSH_ISA_ENTRY(sum_kernel)(const Tensor& out, const Tensor& in, bool ignore_nan) {
  if ((in.dtype() == DType::Float16 || in.dtype() == DType::BFloat16) &&
      make_reduce_layout(out, in).nreduced >= 2) {
    // Sum a float32 copy (laid out as PyTorch's .to() lays it out) into a
    // float32 output of out's geometry, then round once into out.
    Tensor wide = empty_like(in, DType::Float32, in.device());
    copy_kernel(wide, in);
    Tensor wide_out = empty_strided(out.sizes(), out.strides(), DType::Float32, out.device());
    sum_kernel(wide_out, wide, ignore_nan);
    copy_kernel(out, wide_out);
    return;
  }
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (std::is_integral_v<T>) {
      int_sum<T>(out, in);
    } else if constexpr (is_complex_v<T>) {
      float_sum<T, false>(out, in);
    } else {
      if (ignore_nan)
        float_sum<T, true>(out, in);
      else
        float_sum<T, false>(out, in);
    }
  });
}

TSH_ISA_DISPATCH(sum_kernel, (const Tensor& out, const Tensor& in, bool ignore_nan), (out, in, ignore_nan))

}  // namespace tsh::cpu
