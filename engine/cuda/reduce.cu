// engine/cuda/reduce.cu — reductions on the GPU: sum, prod, max/min (with indices), all/any.
//
// The op layer hands two tensors of the input's shape: the input and the
// output seen with stride 0 along the reduced dims. Here they split into the
// kept dims (one output element each) and the reduced block. Each output is
// reduced in fixed chunks of its block, one thread per (output, chunk), and
// the chunks' partial results are then combined in order by one thread per
// output: the result is deterministic, the same on every run and launch.
#include "engine/cuda/kernels.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

constexpr int64_t kChunk = 4096;  // elements one thread reduces before its partial is stored

struct Plan {
  Indexer<2> kept;     // offsets of output and input for output element o (row-major over kept dims)
  Indexer<1> reduced;  // input offset of element k of a block (row-major over reduced dims)
  int64_t n_out = 1, n_red = 1;
};

Plan plan_of(const Tensor& out, const Tensor& in) {
  std::vector<int64_t> ksz, rsz;
  std::vector<std::vector<int64_t>> kst(2), rst(1);
  for (int64_t d = 0; d < in.dim(); ++d) {
    const int64_t size = in.sizes()[d];
    if (size == 1) continue;
    if (out.strides()[d] == 0) {
      rsz.push_back(size);
      rst[0].push_back(in.strides()[d]);
    } else {
      ksz.push_back(size);
      kst[0].push_back(out.strides()[d]);
      kst[1].push_back(in.strides()[d]);
    }
  }
  Plan p;
  p.kept = indexer_from<2>(ksz, kst);
  p.reduced = indexer_from<1>(rsz, rst);
  for (int64_t s : ksz) p.n_out *= s;
  for (int64_t s : rsz) p.n_red *= s;
  return p;
}

// Reduces `in` into `out`: acc = step(acc, value, k) over each block in order,
// partial accumulators combined with merge(earlier, later), write(offset, acc).
template <typename In, typename Acc, typename Step, typename Merge, typename Write>
void reduce(const Tensor& out, const Tensor& in, Acc init, Step step, Merge merge, Write write) {
  const Plan p = plan_of(out, in);
  const In* src = reinterpret_cast<const In*>(in.data_ptr());
  const int64_t chunks = (p.n_red + kChunk - 1) / kChunk;
  const int64_t n_out = p.n_out, n_red = p.n_red;
  if (chunks <= 1 || n_out >= 65536) {
    for_each_index(n_out, [=] TSH_HOST_DEVICE(int64_t o) {
      int64_t off[2];
      p.kept.offsets(o, off);
      Acc acc = init;
      for (int64_t k = 0; k < n_red; ++k) {
        int64_t r[1];
        p.reduced.offsets(k, r);
        acc = step(acc, src[off[1] + r[0]], k);
      }
      write(off[0], acc);
    });
    return;
  }
  Tensor scratch = empty({n_out * chunks * static_cast<int64_t>(sizeof(Acc))}, DType::UInt8, in.device());
  Acc* part = reinterpret_cast<Acc*>(scratch.data_ptr());
  for_each_index(n_out * chunks, [=] TSH_HOST_DEVICE(int64_t t) {
    const int64_t o = t / chunks, c = t % chunks;
    int64_t off[2];
    p.kept.offsets(o, off);
    Acc acc = init;
    const int64_t end = (c + 1) * kChunk < n_red ? (c + 1) * kChunk : n_red;
    for (int64_t k = c * kChunk; k < end; ++k) {
      int64_t r[1];
      p.reduced.offsets(k, r);
      acc = step(acc, src[off[1] + r[0]], k);
    }
    part[t] = acc;
  });
  for_each_index(n_out, [=] TSH_HOST_DEVICE(int64_t o) {
    int64_t off[2];
    p.kept.offsets(o, off);
    Acc acc = part[o * chunks];
    for (int64_t c = 1; c < chunks; ++c) acc = merge(acc, part[o * chunks + c]);
    write(off[0], acc);
  });
}

template <typename T> void sum_typed(const Tensor& out, const Tensor& in, bool ignore_nan) {
  using M = opmath_t<T>;
  T* dst = reinterpret_cast<T*>(out.data_ptr());
  auto add = [] TSH_HOST_DEVICE(M a, M b) {
    if constexpr (std::is_integral_v<M> && !std::is_same_v<M, bool>)
      return scalar::wrap_add(a, b);
    else
      return M(a + b);
  };
  auto write = [dst] TSH_HOST_DEVICE(int64_t off, M acc) { dst[off] = cast<T>(acc); };
  if constexpr (std::is_floating_point_v<M>) {
    if (ignore_nan) {
      reduce<T, M>(out, in, M(0), [] TSH_HOST_DEVICE(M acc, T v, int64_t) {
            const M x = cast<M>(v);
            return x != x ? acc : acc + x;
          }, add, write);
      return;
    }
  }
  reduce<T, M>(out, in, M(0), [add] TSH_HOST_DEVICE(M acc, T v, int64_t) { return add(acc, cast<M>(v)); }, add,
               write);
}

template <typename T> void prod_typed(const Tensor& out, const Tensor& in) {
  using M = opmath_t<T>;
  T* dst = reinterpret_cast<T*>(out.data_ptr());
  auto mul = [] TSH_HOST_DEVICE(M a, M b) {
    if constexpr (std::is_integral_v<M> && !std::is_same_v<M, bool>)
      return scalar::wrap_mul(a, b);
    else if constexpr (std::is_same_v<M, bool>)
      return a && b;
    else
      return M(a * b);
  };
  reduce<T, M>(out, in, M(1), [mul] TSH_HOST_DEVICE(M acc, T v, int64_t) { return mul(acc, cast<M>(v)); }, mul,
               [dst] TSH_HOST_DEVICE(int64_t off, M acc) { dst[off] = cast<T>(acc); });
}

// A running extreme and where it was; at < 0 before the first element.
template <typename M> struct Best {
  M v;
  int64_t at;
};

template <typename M> TSH_HOST_DEVICE bool is_nan(M v) {
  if constexpr (std::is_floating_point_v<M>)
    return v != v;
  else
    return false;
}

// Whether b (seen later) replaces a: NaN wins and stays, the first of equal values stays.
template <bool IsMax, typename M> TSH_HOST_DEVICE bool replaces(const Best<M>& a, M b) {
  if (a.at < 0) return true;
  if (is_nan(a.v)) return false;
  if (is_nan(b)) return true;
  return IsMax ? b > a.v : b < a.v;
}

// What an extreme reduction writes: the value, the index, or both.
enum class Emit { Value, Index, Both };

template <typename T, bool IsMax, Emit E>
void extreme_typed(const Tensor& values, const Tensor& indices, const Tensor& in) {
  using M = opmath_t<T>;
  T* vdst = E == Emit::Index ? nullptr : reinterpret_cast<T*>(values.data_ptr());
  int64_t* idst = E == Emit::Value ? nullptr : reinterpret_cast<int64_t*>(indices.data_ptr());
  using B = Best<M>;
  reduce<T, B>(
      E == Emit::Index ? indices : values, in, B{M(0), -1},
      [] TSH_HOST_DEVICE(B acc, T v, int64_t k) {
        const M x = cast<M>(v);
        return replaces<IsMax>(acc, x) ? B{x, k} : acc;
      },
      [] TSH_HOST_DEVICE(B a, B b) { return b.at >= 0 && replaces<IsMax>(a, b.v) ? b : a; },
      [vdst, idst] TSH_HOST_DEVICE(int64_t off, B acc) {
        if constexpr (E != Emit::Index) vdst[off] = cast<T>(acc.v);
        if constexpr (E != Emit::Value) idst[off] = acc.at < 0 ? 0 : acc.at;
      });
}

template <bool IsMax, Emit E> struct Extreme {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  template <typename T> void operator()() const {
    if constexpr (is_cplx_v<T>)
      kernels::not_implemented_for(IsMax ? "max_cuda" : "min_cuda", in.dtype());
    else
      extreme_typed<T, IsMax, E>(values, indices, in);
  }
};

template <bool IsAll> struct Logical {
  const Tensor& out;
  const Tensor& in;
  template <typename T> void operator()() const {
    const bool as_uint8 = out.dtype() == DType::UInt8;
    char* dst = out.data_ptr();
    auto both = [] TSH_HOST_DEVICE(bool a, bool b) { return IsAll ? (a && b) : (a || b); };
    reduce<T, bool>(out, in, IsAll, [both] TSH_HOST_DEVICE(bool acc, T v, int64_t) { return both(acc, cast<bool>(v)); },
                    both, [dst, as_uint8] TSH_HOST_DEVICE(int64_t off, bool acc) {
                      if (as_uint8)
                        reinterpret_cast<uint8_t*>(dst)[off] = acc;
                      else
                        reinterpret_cast<bool*>(dst)[off] = acc;
                    });
  }
};

template <typename F> void dispatch_dtype(DType d, F&& f) {
  switch (d) {
    case DType::Bool: f.template operator()<bool>(); return;
    case DType::UInt8: f.template operator()<uint8_t>(); return;
    case DType::Int8: f.template operator()<int8_t>(); return;
    case DType::Int16: f.template operator()<int16_t>(); return;
    case DType::Int32: f.template operator()<int32_t>(); return;
    case DType::Int64: f.template operator()<int64_t>(); return;
    case DType::Float16: f.template operator()<f16>(); return;
    case DType::BFloat16: f.template operator()<bf16>(); return;
    case DType::Float32: f.template operator()<float>(); return;
    case DType::Float64: f.template operator()<double>(); return;
    case DType::Complex64: f.template operator()<cplx<float>>(); return;
    case DType::Complex128: f.template operator()<cplx<double>>(); return;
  }
}

struct Sum {
  const Tensor& out;
  const Tensor& in;
  bool ignore_nan;
  template <typename T> void operator()() const { sum_typed<T>(out, in, ignore_nan); }
};
struct Prod {
  const Tensor& out;
  const Tensor& in;
  template <typename T> void operator()() const { prod_typed<T>(out, in); }
};

struct DivideByCount {
  const Tensor& out;
  int64_t n;
  template <typename T> void operator()() const {
    if constexpr (std::is_integral_v<T>) {
      kernels::not_implemented_for("mean_cuda", out.dtype());
    } else if constexpr (is_cplx_v<T>) {
      using R = decltype(T{}.re);
      const R c = static_cast<R>(n);
      T* x = reinterpret_cast<T*>(out.data_ptr());
      const Tensor* ts[1] = {&out};
      const Indexer<1> ix = indexer_of<1>(ts);
      for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
        int64_t off[1];
        ix.offsets(i, off);
        x[off[0]] = T(x[off[0]].re / c, x[off[0]].im / c);
      });
    } else {
      using M = opmath_t<T>;
      const M c = static_cast<M>(n);
      T* x = reinterpret_cast<T*>(out.data_ptr());
      const Tensor* ts[1] = {&out};
      const Indexer<1> ix = indexer_of<1>(ts);
      for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
        int64_t off[1];
        ix.offsets(i, off);
        x[off[0]] = cast<T>(cast<M>(x[off[0]]) / c);
      });
    }
  }
};

}  // namespace

void sum_kernel(const Tensor& out, const Tensor& in, bool ignore_nan) { dispatch_dtype(in.dtype(), Sum{out, in, ignore_nan}); }
void prod_kernel(const Tensor& out, const Tensor& in) { dispatch_dtype(in.dtype(), Prod{out, in}); }
void amax_kernel(const Tensor& out, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<true, Emit::Value>{out, out, in});
}
void amin_kernel(const Tensor& out, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<false, Emit::Value>{out, out, in});
}
void max_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<true, Emit::Both>{values, indices, in});
}
void min_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<false, Emit::Both>{values, indices, in});
}
void argmax_kernel(const Tensor& out, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<true, Emit::Index>{out, out, in});
}
void argmin_kernel(const Tensor& out, const Tensor& in) {
  dispatch_dtype(in.dtype(), Extreme<false, Emit::Index>{out, out, in});
}
void all_kernel(const Tensor& out, const Tensor& in) { dispatch_dtype(in.dtype(), Logical<true>{out, in}); }
void any_kernel(const Tensor& out, const Tensor& in) { dispatch_dtype(in.dtype(), Logical<false>{out, in}); }
void divide_by_count_kernel(const Tensor& out, int64_t n) { dispatch_dtype(out.dtype(), DivideByCount{out, n}); }

}  // namespace tsh::cuda::TSH_KERNELS_NS
