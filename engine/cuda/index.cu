// engine/cuda/index.cu — gathers and scatters by element offsets, masks, nonzero, flips and triangles.
//
// Gathers, plain scatters, flips and triangles only move elements, so they
// dispatch on the item size. Accumulating scatters and nonzero run as one
// thread in order: several offsets may name one element, and the CPU's order
// (and so its result, to the last bit) must hold; they are correct first and
// fast later.
#include "engine/core/memory.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {



struct Gather {
  const Tensor& out;
  const Tensor& src;
  const Tensor& offsets;
  template <typename W> void operator()() const {
    // src is seen with out's shape (stride 0 along the gathered dim); the offsets add the rest.
    const Tensor* ts[3] = {&out, &src, &offsets};
    const Indexer<3> ix = indexer_of<3>(ts);
    W* o = reinterpret_cast<W*>(out.data_ptr());
    const W* s = reinterpret_cast<const W*>(src.data_ptr());
    const int64_t* at = reinterpret_cast<const int64_t*>(offsets.data_ptr());
    for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[3];
      ix.offsets(i, off);
      o[off[0]] = s[off[1] + at[off[2]]];
    });
  }
};

struct ScatterAssign {
  const Tensor& dst;
  const Tensor& src;
  const Tensor& offsets;
  template <typename W> void operator()() const {
    const Tensor* ts[3] = {&dst, &src, &offsets};
    const Indexer<3> ix = indexer_of<3>(ts);
    W* d = reinterpret_cast<W*>(dst.data_ptr());
    const W* s = reinterpret_cast<const W*>(src.data_ptr());
    const int64_t* at = reinterpret_cast<const int64_t*>(offsets.data_ptr());
    const int64_t n = dst.numel();
    // In order, as the CPU: the last write to an element wins.
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      for (int64_t i = 0; i < n; ++i) {
        int64_t off[3];
        ix.offsets(i, off);
        d[off[0] + at[off[2]]] = s[off[1]];
      }
    });
  }
};

template <typename T> TSH_HOST_DEVICE T combine(ScatterMode mode, T d, T v, T alpha) {
  using M = opmath_t<T>;
  if constexpr (std::is_same_v<T, bool>) {
    if (mode == ScatterMode::Add) return d || (v && alpha);
    if (mode == ScatterMode::Multiply) return d && v;
    if (mode == ScatterMode::Max) return d || v;
    if (mode == ScatterMode::Min) return d && v;
    return v;
  } else if constexpr (is_cplx_v<T>) {
    if (mode == ScatterMode::Add) return d + v * alpha;
    if (mode == ScatterMode::Multiply) return d * v;
    return mode == ScatterMode::Assign ? v : d;
  } else if constexpr (std::is_integral_v<T>) {
    if (mode == ScatterMode::Add) return scalar::wrap_add(d, scalar::wrap_mul(v, alpha));
    if (mode == ScatterMode::Multiply) return scalar::wrap_mul(d, v);
    if (mode == ScatterMode::Max) return d < v ? v : d;
    if (mode == ScatterMode::Min) return v < d ? v : d;
    return v;
  } else {
    const M x = cast<M>(d), y = cast<M>(v);
    if (mode == ScatterMode::Add) return cast<T>(x + y * cast<M>(alpha));
    if (mode == ScatterMode::Multiply) return cast<T>(x * y);
    if (mode == ScatterMode::Max || mode == ScatterMode::Min) {
      if (y != y) return v;  // a NaN wins, and stays
      if (mode == ScatterMode::Max) return x < y ? v : d;
      return y < x ? v : d;
    }
    return v;
  }
}


struct ScatterReduce {
  const Tensor& dst;
  const Tensor& src;
  const Tensor& offsets;
  ScatterMode mode;
  const Scalar& alpha;
  template <typename T> void operator()() const {
    const Tensor* ts[3] = {&dst, &src, &offsets};
    const Indexer<3> ix = indexer_of<3>(ts);
    T* d = reinterpret_cast<T*>(dst.data_ptr());
    const T* s = reinterpret_cast<const T*>(src.data_ptr());
    const int64_t* at = reinterpret_cast<const int64_t*>(offsets.data_ptr());
    const int64_t n = dst.numel();
    const T a = mode == ScatterMode::Add ? scalar_value<T>(alpha) : T();
    const ScatterMode m = mode;
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      for (int64_t i = 0; i < n; ++i) {
        int64_t off[3];
        ix.offsets(i, off);
        T* e = d + off[0] + at[off[2]];
        *e = combine<T>(m, *e, s[off[1]], a);
      }
    });
  }
};

struct MaskedFill {
  const Tensor& dst;
  const Tensor& mask;
  const Scalar& value;
  template <typename T> void operator()() const {
    const T v = scalar_value<T>(value);
    const Tensor* ts[2] = {&dst, &mask};
    const Indexer<2> ix = indexer_of<2>(ts);
    T* d = reinterpret_cast<T*>(dst.data_ptr());
    const uint8_t* m = reinterpret_cast<const uint8_t*>(mask.data_ptr());  // bool and uint8 masks: any nonzero byte
    for_each_index(dst.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[2];
      ix.offsets(i, off);
      if (m[off[1]] != 0) d[off[0]] = v;
    });
  }
};

constexpr int64_t kCountChunk = 4096;

struct CountNonzero {
  const Tensor& t;
  int64_t* result;
  template <typename T> void operator()() const {
    const int64_t n = t.numel(), chunks = (n + kCountChunk - 1) / kCountChunk;
    Tensor counts = empty({chunks + 1}, DType::Int64, t.device());
    int64_t* c = reinterpret_cast<int64_t*>(counts.data_ptr());
    const Tensor* ts[1] = {&t};
    const Indexer<1> ix = indexer_of<1>(ts);
    const T* p = reinterpret_cast<const T*>(t.data_ptr());
    for_each_index(chunks, [=] TSH_HOST_DEVICE(int64_t k) {
      int64_t sum = 0;
      const int64_t end = (k + 1) * kCountChunk < n ? (k + 1) * kCountChunk : n;
      for (int64_t i = k * kCountChunk; i < end; ++i) {
        int64_t off[1];
        ix.offsets(i, off);
        sum += cast<bool>(p[off[0]]) ? 1 : 0;
      }
      c[k + 1] = sum;
    });
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      int64_t total = 0;
      for (int64_t k = 1; k <= chunks; ++k) total += c[k];
      c[0] = total;
    });
    read_bytes(result, counts.storage(), counts.storage_offset() * 8, 8);
  }
};

struct Nonzero {
  const Tensor& t;
  const Tensor& out;
  template <typename T> void operator()() const {
    const int64_t nd = t.dim(), n = t.numel();
    if (n == 0 || nd == 0) return;
    Indexer<1> shape;  // t's own dims, unmerged: the multi-index of each element is written out
    TSH_CHECK(nd <= kMaxDims, RuntimeError, "nonzero is not supported for tensors with more than 25 dimensions");
    shape.ndim = static_cast<int>(nd);
    for (int64_t d = 0; d < nd; ++d) {
      shape.sizes[d] = t.sizes()[d];
      shape.strides[0][d] = t.strides()[d];
    }
    const T* p = reinterpret_cast<const T*>(t.data_ptr());
    int64_t* o = reinterpret_cast<int64_t*>(out.data_ptr());
    const int64_t rs = out.stride(0), cs = out.stride(1);
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      int64_t row = 0;
      for (int64_t i = 0; i < n; ++i) {
        int64_t off = 0, rest = i;
        int64_t idx[kMaxDims];
        for (int d = shape.ndim - 1; d >= 0; --d) {
          idx[d] = rest % shape.sizes[d];
          rest /= shape.sizes[d];
          off += idx[d] * shape.strides[0][d];
        }
        if (!cast<bool>(p[off])) continue;
        for (int d = 0; d < shape.ndim; ++d) o[row * rs + d * cs] = idx[d];
        ++row;
      }
    });
  }
};

struct Flip {
  const Tensor& out;
  const Tensor& src;
  const std::vector<bool>& flip;
  template <typename W> void operator()() const {
    std::vector<int64_t> sizes(out.sizes().begin(), out.sizes().end());
    std::vector<std::vector<int64_t>> st{{out.strides().begin(), out.strides().end()},
                                         {src.strides().begin(), src.strides().end()}};
    const W* s = reinterpret_cast<const W*>(src.data_ptr());
    for (size_t d = 0; d < flip.size(); ++d) {
      if (!flip[d] || sizes[d] == 0) continue;
      s += (sizes[d] - 1) * st[1][d];  // read backwards from the last element along a flipped dim
      st[1][d] = -st[1][d];
    }
    const Indexer<2> ix = indexer_from<2>(sizes, st);
    W* o = reinterpret_cast<W*>(out.data_ptr());
    for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[2];
      ix.offsets(i, off);
      o[off[0]] = s[off[1]];
    });
  }
};

struct Triangle {
  const Tensor& out;
  const Tensor& src;
  int64_t k;
  bool upper;
  template <typename W> void operator()() const {
    const int64_t nd = out.dim(), rows = out.sizes()[nd - 2], cols = out.sizes()[nd - 1];
    const Tensor* ts[2] = {&out, &src};
    const Indexer<2> ix = indexer_of<2>(ts);  // merging keeps the row-major linear index
    W* o = reinterpret_cast<W*>(out.data_ptr());
    const W* s = reinterpret_cast<const W*>(src.data_ptr());
    const int64_t diag = k;
    const bool up = upper;
    // In place (triu_), only the zeros are written, as on the CPU and in PyTorch: where rows share
    // memory (an expanded tensor) a kept element must not write back over another row's zero.
    const bool inplace = out.data_ptr() == src.data_ptr() && out.strides() == src.strides();
    for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t lin) {
      const int64_t j = lin % cols, i = (lin / cols) % rows;
      int64_t off[2];
      ix.offsets(lin, off);
      const bool keep = up ? j - i >= diag : j - i <= diag;
      if (!keep)
        o[off[0]] = W();
      else if (!inplace)
        o[off[0]] = s[off[1]];
    });
  }
};

}  // namespace

void gather_kernel(const Tensor& out, const Tensor& src, const Tensor& offsets) {
  dispatch_size(out.itemsize(), Gather{out, src, offsets});
}

void scatter_kernel(const Tensor& dst, const Tensor& src, const Tensor& offsets, ScatterMode mode,
                    const Scalar& alpha) {
  if (mode == ScatterMode::Assign)
    dispatch_size(dst.itemsize(), ScatterAssign{dst, src, offsets});
  else
    dispatch_all(dst.dtype(), ScatterReduce{dst, src, offsets, mode, alpha});
}

void masked_fill_kernel(const Tensor& dst, const Tensor& mask, const Scalar& value) {
  dispatch_all(dst.dtype(), MaskedFill{dst, mask, value});
}

int64_t count_nonzero_kernel(const Tensor& t) {
  int64_t count = 0;
  if (t.numel() > 0) dispatch_all(t.dtype(), CountNonzero{t, &count});
  return count;
}

void nonzero_kernel(const Tensor& t, const Tensor& out) { dispatch_all(t.dtype(), Nonzero{t, out}); }

void flip_kernel(const Tensor& out, const Tensor& src, const std::vector<bool>& flip) {
  dispatch_size(out.itemsize(), Flip{out, src, flip});
}

void triangle_kernel(const Tensor& out, const Tensor& src, int64_t k, bool upper) {
  if (out.numel() > 0) dispatch_size(out.itemsize(), Triangle{out, src, k, upper});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
