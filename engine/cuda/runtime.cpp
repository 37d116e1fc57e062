// engine/cuda/runtime.cpp — lazy initialisation with PyTorch's messages, the current device and streams.
#include "engine/cuda/runtime.h"

#include <cstdlib>
#include <mutex>
#include <vector>

#include "engine/core/error.h"

namespace tsh::cuda {

namespace {

// torch.AcceleratorError: what PyTorch 2.x raises for a failed CUDA call (a RuntimeError).
class AcceleratorError : public Error {
 public:
  using Error::Error;
  const char* kind() const override { return "torch.AcceleratorError"; }
};

constexpr const char* kDriverUrl = "http://www.nvidia.com/Download/index.aspx";

std::string error_text(cudaError_t e) {
  std::string msg = std::string("CUDA error: ") + cudaGetErrorString(e) + "\nSearch for `" + cudaGetErrorName(e) +
                    "' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more "
                    "information.";
  if (!launch_blocking())
    msg += "\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
           "might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1";
  return msg + "\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n";
}

struct State {
  std::once_flag counted;
  int count = 0;
  cudaError_t count_error = cudaSuccess;
  std::mutex init_mutex;
  bool initialized = false;
  std::vector<cudaStream_t> current;  // per device
};

State& state() {
  static State s;
  return s;
}

void count_devices() {
  State& s = state();
  std::call_once(s.counted, [&s] {
    int n = 0;
    s.count_error = cudaGetDeviceCount(&n);
    s.count = s.count_error == cudaSuccess ? n : 0;
    (void)cudaGetLastError();  // a failed count must not poison the next call's error check
  });
}

// PyTorch's message for a machine it cannot use, by what cudaGetDeviceCount said.
std::string init_failure(cudaError_t e) {
  if (e == cudaErrorInsufficientDriver) {
    int version = 0;
    if (cudaDriverGetVersion(&version) != cudaSuccess || version == 0)
      return std::string("Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
                         "installed a driver from ") + kDriverUrl;
    return "The NVIDIA driver on your system is too old (found version " + std::to_string(version) +
           "). Please update your GPU driver by downloading and installing a new version from the URL: " +
           kDriverUrl + " Alternatively, go to: https://pytorch.org to install a PyTorch version that has been "
           "compiled with your version of the CUDA driver.";
  }
  if (e == cudaErrorNoDevice) return "No CUDA GPUs are available";
  if (e == cudaErrorInitializationError) return "CUDA driver initialization failed, you might not have a CUDA gpu.";
  return error_text(e);
}

}  // namespace

bool launch_blocking() {
  static const bool blocking = [] {
    const char* v = std::getenv("CUDA_LAUNCH_BLOCKING");
    return v && *v && std::string(v) != "0";
  }();
  return blocking;
}

[[noreturn]] void throw_cuda_error(cudaError_t e) {
  (void)cudaGetLastError();  // clear a sticky-free error so the session can go on
  if (e == cudaErrorMemoryAllocation) throw RuntimeError(error_text(e));
  throw AcceleratorError(error_text(e));
}

int device_count() {
  count_devices();
  return state().count;
}

void lazy_init() {
  State& s = state();
  count_devices();
  std::lock_guard<std::mutex> lock(s.init_mutex);
  if (s.initialized) return;
  if (s.count_error != cudaSuccess) throw RuntimeError(init_failure(s.count_error));
  if (s.count == 0) throw RuntimeError(init_failure(cudaErrorNoDevice));
  s.current.assign(static_cast<size_t>(s.count), nullptr);
  s.initialized = true;
}

bool initialized() { return state().initialized; }

int current_device() {
  lazy_init();
  int d = 0;
  check(cudaGetDevice(&d));
  return d;
}

void check_device_index(int index) {
  lazy_init();
  if (index < 0 || index >= device_count()) throw_cuda_error(cudaErrorInvalidDevice);
}

void set_device(int index) {
  check_device_index(index);
  check(cudaSetDevice(index));
}

cudaStream_t current_stream(int device) {
  lazy_init();
  return state().current.at(static_cast<size_t>(device));
}

void set_current_stream(int device, cudaStream_t s) {
  lazy_init();
  state().current.at(static_cast<size_t>(device)) = s;
}

void after_launch() {
  check(cudaGetLastError());
  if (launch_blocking()) check(cudaDeviceSynchronize());
}

DeviceGuard::DeviceGuard(int device) {
  previous_ = current_device();
  if (device != previous_) check(cudaSetDevice(device));
}

DeviceGuard::~DeviceGuard() {
  int now = -1;
  if (cudaGetDevice(&now) == cudaSuccess && now != previous_) (void)cudaSetDevice(previous_);
}

}  // namespace tsh::cuda
