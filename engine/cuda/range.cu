// engine/cuda/range.cu — arange, linspace and logspace on the GPU.
//
// Each element depends only on its index: arange is start + i * step in the
// accumulate type (int64 for integers, float for float and the 16-bit floats,
// double for double, as PyTorch's CUDA kernels use); linspace counts up from
// start for the first half and down from end for the second, as on the CPU;
// logspace is pow(base, that) in double. Outputs are contiguous.
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

template <typename A> A scalar_acc(const Scalar& v) {
  if constexpr (std::is_integral_v<A>)
    return v.is_float() || v.is_complex() ? static_cast<A>(v.to_double()) : static_cast<A>(v.to_int());
  else
    return static_cast<A>(v.to_double());
}

template <typename T> struct CudaAcc { using type = std::conditional_t<std::is_same_v<T, double>, double, float>; };
template <typename T>
using cuda_acc_t = std::conditional_t<std::is_integral_v<T>, int64_t, typename CudaAcc<T>::type>;

struct Arange {
  const Tensor& out;
  const Scalar& start;
  const Scalar& step;
  template <typename T> void operator()() const {
    using A = cuda_acc_t<T>;
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const A s = scalar_acc<A>(start), st = scalar_acc<A>(step);
    if constexpr (std::is_integral_v<A>) {
      const uint64_t us = static_cast<uint64_t>(s), ust = static_cast<uint64_t>(st);
      for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
        o[i] = static_cast<T>(static_cast<int64_t>(us + ust * static_cast<uint64_t>(i)));
      });
    } else {
      for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) { o[i] = cast<T>(std::fma(st, A(i), s)); });
    }
  }
};

template <typename R> TSH_HOST_DEVICE R lin_real(R start, R end, R step, int64_t i, int64_t steps) {
  if (i < steps / 2) return std::fma(step, static_cast<R>(i), start);
  return std::fma(-step, static_cast<R>(steps - i - 1), end);
}

struct Linspace {
  const Tensor& out;
  const Scalar& start;
  const Scalar& end;
  int64_t steps;
  template <typename T> void operator()() const {
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const int64_t n = steps;
    if constexpr (std::is_integral_v<T>) {
      const double s = static_cast<double>(scalar_acc<int64_t>(start)), e = static_cast<double>(scalar_acc<int64_t>(end));
      const double step = (e - s) / static_cast<double>(n - 1);
      for_each_index(n, [=] TSH_HOST_DEVICE(int64_t i) { o[i] = static_cast<T>(lin_real<double>(s, e, step, i, n)); });
    } else {
      using A = cuda_acc_t<T>;
      const A s = scalar_acc<A>(start), e = scalar_acc<A>(end);
      const A step = (e - s) / static_cast<A>(n - 1);
      for_each_index(n, [=] TSH_HOST_DEVICE(int64_t i) { o[i] = cast<T>(lin_real<A>(s, e, step, i, n)); });
    }
  }
};

struct Logspace {
  const Tensor& out;
  const Scalar& start;
  const Scalar& end;
  int64_t steps;
  double base;
  template <typename T> void operator()() const {
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const int64_t n = steps;
    const double s = start.to_double(), e = end.to_double(), b = base;
    const double step = (e - s) / static_cast<double>(n - 1);
    for_each_index(n, [=] TSH_HOST_DEVICE(int64_t i) { o[i] = cast<T>(std::pow(b, lin_real<double>(s, e, step, i, n))); });
  }
};


}  // namespace

void arange_kernel(const Tensor& out, const Scalar& start, const Scalar& step) {
  dispatch_numeric(out.dtype(), "arange_cuda", Arange{out, start, step});
}
void linspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps) {
  dispatch_numeric(out.dtype(), "linspace_cuda", Linspace{out, start, end, steps});
}
void logspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base) {
  dispatch_numeric(out.dtype(), "logspace_cuda", Logspace{out, start, end, steps, base});
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
