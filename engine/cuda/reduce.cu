// engine/cuda/reduce.cu — reductions on the GPU: sum, prod, max/min (with indices), all/any.
//
// Each is a step, a merge and a write handed to reduce() (reduce_plan.h).
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/cuda/reduce_plan.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

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

// Whether lane result b replaces lane result a: the better value, and among equal values
// (or NaNs) the one seen first in the block, whichever lane found it.
template <bool IsMax, typename M> TSH_HOST_DEVICE bool takes_over(const Best<M>& a, const Best<M>& b) {
  if (b.at < 0) return false;
  if (a.at < 0) return true;
  const bool an = is_nan(a.v), bn = is_nan(b.v);
  if (an || bn) return an && bn ? b.at < a.at : bn;
  if (b.v == a.v) return b.at < a.at;
  return IsMax ? b.v > a.v : b.v < a.v;
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
      [] TSH_HOST_DEVICE(B a, B b) { return takes_over<IsMax>(a, b) ? b : a; },
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

void sum_kernel(const Tensor& out, const Tensor& in, bool ignore_nan) { dispatch_all(in.dtype(), Sum{out, in, ignore_nan}); }
void prod_kernel(const Tensor& out, const Tensor& in) { dispatch_all(in.dtype(), Prod{out, in}); }
void amax_kernel(const Tensor& out, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<true, Emit::Value>{out, out, in});
}
void amin_kernel(const Tensor& out, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<false, Emit::Value>{out, out, in});
}
void max_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<true, Emit::Both>{values, indices, in});
}
void min_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<false, Emit::Both>{values, indices, in});
}
void argmax_kernel(const Tensor& out, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<true, Emit::Index>{out, out, in});
}
void argmin_kernel(const Tensor& out, const Tensor& in) {
  dispatch_all(in.dtype(), Extreme<false, Emit::Index>{out, out, in});
}
void all_kernel(const Tensor& out, const Tensor& in) { dispatch_all(in.dtype(), Logical<true>{out, in}); }
void any_kernel(const Tensor& out, const Tensor& in) { dispatch_all(in.dtype(), Logical<false>{out, in}); }
void divide_by_count_kernel(const Tensor& out, int64_t n) { dispatch_all(out.dtype(), DivideByCount{out, n}); }

}  // namespace tsh::cuda::TSH_KERNELS_NS
