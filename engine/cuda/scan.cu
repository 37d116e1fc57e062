// engine/cuda/scan.cu — cumsum, cumprod, cummax and cummin along one dim on the GPU.
//
// One thread per line (every position of the other dims) walks the dim in
// order, accumulating in the op-math type (float for float and the 16-bit
// floats, as PyTorch's CUDA accumulate type): deterministic, and parallel
// over lines; a single long line runs on one thread.
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

template <typename A> TSH_HOST_DEVICE A scan_add(A a, A b) {
  if constexpr (std::is_integral_v<A> && !std::is_same_v<A, bool>)
    return static_cast<A>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  else if constexpr (std::is_same_v<A, bool>)
    return a || b;
  else
    return a + b;
}
template <typename A> TSH_HOST_DEVICE A scan_mul(A a, A b) {
  if constexpr (std::is_integral_v<A> && !std::is_same_v<A, bool>)
    return static_cast<A>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
  else if constexpr (std::is_same_v<A, bool>)
    return a && b;
  else
    return a * b;
}

// Integers accumulate in int64 (as the CPU), floats in their op-math type.
template <typename T> using scan_acc_t = std::conditional_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int64_t,
                                                            opmath_t<T>>;

template <bool IsSum> struct Cum {
  const Tensor& out;
  const Tensor& in;
  int64_t dim;
  template <typename T> void operator()() const {
    using A = scan_acc_t<T>;
    const Tensor* ts[2] = {&out, &in};
    const Lines<2> L = lines_of<2>(ts, dim);
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const T* p = reinterpret_cast<const T*>(in.data_ptr());
    for_each_index(L.count, [=] TSH_HOST_DEVICE(int64_t line) {
      int64_t off[2];
      L.outer.offsets(line, off);
      A acc = IsSum ? A(0) : A(1);
      for (int64_t i = 0; i < L.n; ++i) {
        const A x = cast<A>(p[off[1] + i * L.step[1]]);
        acc = IsSum ? scan_add(acc, x) : scan_mul(acc, x);
        o[off[0] + i * L.step[0]] = cast<T>(acc);
      }
    });
  }
};

template <typename M> TSH_HOST_DEVICE bool nan_(M v) {
  if constexpr (std::is_floating_point_v<M>)
    return v != v;
  else
    return false;
}

struct CumExtreme {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t dim;
  bool is_max;
  template <typename T> void operator()() const {
    if constexpr (is_cplx_v<T>) {
      kernels::not_implemented_for(is_max ? "cummax_cuda" : "cummin_cuda", in.dtype());
    } else {
      using M = opmath_t<T>;
      const Tensor* ts[3] = {&values, &indices, &in};
      const Lines<3> L = lines_of<3>(ts, dim);
      T* v = reinterpret_cast<T*>(values.data_ptr());
      int64_t* ix = reinterpret_cast<int64_t*>(indices.data_ptr());
      const T* p = reinterpret_cast<const T*>(in.data_ptr());
      const bool mx = is_max;
      for_each_index(L.count, [=] TSH_HOST_DEVICE(int64_t line) {
        int64_t off[3];
        L.outer.offsets(line, off);
        T best = p[off[2]];
        int64_t at = 0;
        for (int64_t i = 0; i < L.n; ++i) {
          const T x = p[off[2] + i * L.step[2]];
          const M cx = cast<M>(x), cb = cast<M>(best);
          if (nan_(cx) || (!nan_(cb) && (mx ? cx >= cb : cx <= cb))) {
            best = x;
            at = i;
          }
          v[off[0] + i * L.step[0]] = best;
          ix[off[1] + i * L.step[1]] = at;
        }
      });
    }
  }
};


}  // namespace

void cumsum_kernel(const Tensor& out, const Tensor& in, int64_t dim) {
  if (out.numel() > 0) dispatch_all(in.dtype(), Cum<true>{out, in, dim});
}
void cumprod_kernel(const Tensor& out, const Tensor& in, int64_t dim) {
  if (out.numel() > 0) dispatch_all(in.dtype(), Cum<false>{out, in, dim});
}
void cummax_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim, bool is_max) {
  if (values.numel() > 0) dispatch_all(in.dtype(), CumExtreme{values, indices, in, dim, is_max});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
