// engine/cuda/on_device.h — a kernel slot entry that makes its tensors' device current first.
//
// Kernels launch on the current device, as CUDA does; a tensor on cuda:1 must
// be worked on with cuda:1 current, whatever torch.cuda.current_device()
// says. guarded<fn> is fn with the device of its first CUDA tensor argument
// made current for the call (PyTorch's device guard). The host build of the
// kernels has no devices to switch.
#pragma once

#include "engine/core/tensor.h"
#include "engine/cuda/portable.h"
#ifndef TSH_CUDA_ON_HOST
#include "engine/cuda/runtime.h"
#endif

namespace tsh::cuda::TSH_KERNELS_NS {

inline int cuda_index_of(const Tensor& t) { return t.defined() && t.device().is_cuda() ? t.device().index : -1; }
template <typename T> int cuda_index_of(const T&) { return -1; }

template <typename... A> int first_cuda_index(const A&... args) {
  int d = -1;
  ((d = d >= 0 ? d : cuda_index_of(args)), ...);
  return d;
}

template <auto Fn> struct OnDevice;
template <typename R, typename... A, R (*Fn)(A...)> struct OnDevice<Fn> {
  static R run(A... args) {
#ifndef TSH_CUDA_ON_HOST
    const int d = first_cuda_index(args...);
    if (d >= 0) {
      DeviceGuard guard(d);
      return Fn(args...);
    }
#endif
    return Fn(args...);
  }
};

template <auto Fn> inline constexpr auto guarded = &OnDevice<Fn>::run;

}  // namespace tsh::cuda::TSH_KERNELS_NS
