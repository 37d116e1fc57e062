// engine/cuda/runtime.h — the CUDA runtime as the backend uses it: lazy initialisation, errors, streams.
//
// Nothing touches the driver until a CUDA tensor, stream or query needs it:
// a tsh built with CUDA starts and runs on a machine without a GPU, and the
// first CUDA request raises PyTorch's message ("Found no NVIDIA driver on
// your system. ..."). Kernels are queued on the current stream of their
// device; the host waits only where it needs values. CUDA_LAUNCH_BLOCKING=1
// makes every launch synchronous, as in PyTorch, so an error surfaces at the
// launch that caused it.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace tsh::cuda {

// Throws PyTorch's error for a failed CUDA call (torch.AcceleratorError: "CUDA error: ...").
[[noreturn]] void throw_cuda_error(cudaError_t e);
inline void check(cudaError_t e) {
  if (e != cudaSuccess) throw_cuda_error(e);
}

// Devices present (0 without a driver or a GPU); never throws, never initialises a context.
int device_count();
// Initialises once; throws RuntimeError with PyTorch's message when there is no usable device.
void lazy_init();
bool initialized();
// The current device (cuda:N as torch.cuda.current_device()), initialising first.
int current_device();
void set_device(int index);
// Throws PyTorch's "invalid device ordinal" error when index is not a device.
void check_device_index(int index);

// The stream kernels of `device` are queued on (its default stream, 0, unless torch.cuda.stream chose another).
cudaStream_t current_stream(int device);
void set_current_stream(int device, cudaStream_t s);

// After every kernel launch: reports a launch error at once, and with
// CUDA_LAUNCH_BLOCKING=1 waits for the kernel and reports what it raised.
void after_launch();
bool launch_blocking();

// Makes `device` current for the life of the guard (kernels launch on the current device).
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = -1;
};

}  // namespace tsh::cuda
