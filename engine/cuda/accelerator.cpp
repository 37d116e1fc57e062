// engine/cuda/accelerator.cpp — the CUDA runtime behind torch.cuda: devices, streams, events, memory figures.
#include <cstdio>
#include <mutex>
#include <vector>

#include "engine/core/accelerator.h"
#include "engine/core/error.h"
#include "engine/cuda/backend.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/runtime.h"

namespace tsh::cuda {

namespace {

cudaStream_t as_stream(StreamHandle s) { return reinterpret_cast<cudaStream_t>(s); }
cudaEvent_t as_event(EventHandle e) { return reinterpret_cast<cudaEvent_t>(e); }

class CudaRuntime : public Accelerator {
 public:
  int device_count() override { return cuda::device_count(); }
  void lazy_init() override { cuda::lazy_init(); }
  bool initialized() const override { return cuda::initialized(); }
  int current_device() override { return cuda::current_device(); }
  void set_device(int index) override { cuda::set_device(index); }

  DeviceProperties properties(int index) override {
    check_device_index(index);
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, index));
    DeviceProperties out;
    out.name = p.name;
    out.major = p.major;
    out.minor = p.minor;
    out.total_memory = static_cast<int64_t>(p.totalGlobalMem);
    out.multi_processor_count = p.multiProcessorCount;
    out.l2_cache_size = p.l2CacheSize;
    out.pci_bus_id = p.pciBusID;
    out.pci_device_id = p.pciDeviceID;
    out.pci_domain_id = p.pciDomainID;
    out.warp_size = p.warpSize;
    out.max_threads_per_block = p.maxThreadsPerBlock;
    out.max_threads_per_multi_processor = p.maxThreadsPerMultiProcessor;
    out.regs_per_multiprocessor = p.regsPerMultiprocessor;
    out.memory_bus_width = p.memoryBusWidth;
    out.shared_memory_per_block = static_cast<int64_t>(p.sharedMemPerBlock);
    out.shared_memory_per_block_optin = static_cast<int64_t>(p.sharedMemPerBlockOptin);
    out.shared_memory_per_multiprocessor = static_cast<int64_t>(p.sharedMemPerMultiprocessor);
    out.is_integrated = p.integrated != 0;
    out.is_multi_gpu_board = p.isMultiGpuBoard != 0;
    const auto* b = reinterpret_cast<const unsigned char*>(p.uuid.bytes);
    char uuid[40];
    std::snprintf(uuid, sizeof uuid, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                  b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    out.uuid = uuid;
    return out;
  }

  void synchronize(int index) override {
    DeviceGuard guard(index);
    check(cudaDeviceSynchronize());
  }

  StreamHandle create_stream(int device, int priority) override {
    DeviceGuard guard(device);
    cudaStream_t s = nullptr;
    check(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, priority));
    return reinterpret_cast<StreamHandle>(s);
  }
  StreamHandle current_stream(int device) override {
    return reinterpret_cast<StreamHandle>(cuda::current_stream(device));
  }
  void set_current_stream(int device, StreamHandle s) override { cuda::set_current_stream(device, as_stream(s)); }
  void stream_synchronize(int device, StreamHandle s) override {
    DeviceGuard guard(device);
    check(cudaStreamSynchronize(as_stream(s)));
  }
  bool stream_query(int device, StreamHandle s) override {
    DeviceGuard guard(device);
    cudaError_t e = cudaStreamQuery(as_stream(s));
    if (e == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return false;
    }
    check(e);
    return true;
  }
  void stream_wait_event(int device, StreamHandle s, EventHandle e) override {
    DeviceGuard guard(device);
    check(cudaStreamWaitEvent(as_stream(s), as_event(e), 0));
  }

  EventHandle create_event(int device, bool timing, bool blocking) override {
    DeviceGuard guard(device);
    unsigned flags = (timing ? cudaEventDefault : cudaEventDisableTiming) | (blocking ? cudaEventBlockingSync : 0);
    cudaEvent_t e = nullptr;
    check(cudaEventCreateWithFlags(&e, flags));
    return reinterpret_cast<EventHandle>(e);
  }
  void destroy_event(int device, EventHandle e) override {
    if (!e) return;
    DeviceGuard guard(device);
    (void)cudaEventDestroy(as_event(e));
  }
  void record_event(int device, EventHandle e, StreamHandle s) override {
    DeviceGuard guard(device);
    check(cudaEventRecord(as_event(e), as_stream(s)));
  }
  void event_synchronize(int device, EventHandle e) override {
    DeviceGuard guard(device);
    check(cudaEventSynchronize(as_event(e)));
  }
  bool event_query(int device, EventHandle e) override {
    DeviceGuard guard(device);
    cudaError_t r = cudaEventQuery(as_event(e));
    if (r == cudaErrorNotReady) {
      (void)cudaGetLastError();
      return false;
    }
    check(r);
    return true;
  }
  float elapsed_ms(int device, EventHandle start, EventHandle end) override {
    DeviceGuard guard(device);
    float ms = 0;
    check(cudaEventElapsedTime(&ms, as_event(start), as_event(end)));
    return ms;
  }

  AcceleratorMemory memory(int device) override { return memory_figures(device); }
  void reset_peak_memory(int device) override { cuda::reset_peak_memory(device); }
  void reset_accumulated_memory(int device) override { cuda::reset_accumulated_memory(device); }
  void empty_cache() override {
    if (cuda::initialized()) cuda::empty_cache();
  }
  void mem_get_info(int device, int64_t& free_bytes, int64_t& total_bytes) override {
    DeviceGuard guard(device);
    size_t f = 0, t = 0;
    check(cudaMemGetInfo(&f, &t));
    free_bytes = static_cast<int64_t>(f);
    total_bytes = static_cast<int64_t>(t);
  }

  Allocator* pinned_allocator() override { return cuda::pinned_allocator(); }
  bool is_pinned(const void* host) override { return cuda::is_pinned(host); }

  void set_allow_tf32(bool allow) override { allow_tf32_ = allow; }
  bool allow_tf32() const override { return allow_tf32_; }

 private:
  bool allow_tf32_ = false;
};

}  // namespace

Accelerator* runtime() {
  static CudaRuntime* r = new CudaRuntime;
  return r;
}

bool tf32_allowed() { return runtime()->allow_tf32(); }

}  // namespace tsh::cuda
