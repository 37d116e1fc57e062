// engine/cuda/device_memory.cpp — the CUDA Allocator: cached device blocks, stream-ordered copies.
//
// Blocks come from one CachingAllocator per device (engine/cuda/caching_
// allocator.h), keyed by the stream current at allocation. Copies and fills
// are queued on the current stream like kernels; a copy to the host waits
// for that stream, since the host is about to read the bytes.
#include "engine/cuda/device_memory.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "engine/core/error.h"
#include "engine/cuda/caching_allocator.h"
#include "engine/cuda/runtime.h"

namespace tsh::cuda {

namespace {

// cudaMalloc on one device; nullptr when it is full, so the caching allocator can free its cache and retry.
class RawDeviceMemory : public RawMemory {
 public:
  explicit RawDeviceMemory(int device) : device_(device) {}
  void* malloc(size_t n) override {
    DeviceGuard guard(device_);
    void* p = nullptr;
    cudaError_t e = cudaMalloc(&p, n);
    if (e == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      return nullptr;
    }
    check(e);
    return p;
  }
  void free(void* p) override {
    DeviceGuard guard(device_);
    check(cudaFree(p));
  }
  void mem_info(size_t& free_bytes, size_t& total_bytes) override {
    DeviceGuard guard(device_);
    if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) free_bytes = total_bytes = 0;
  }

 private:
  int device_;
};

struct Pool {
  std::unique_ptr<RawDeviceMemory> raw;
  std::unique_ptr<CachingAllocator> cache;
};

class DeviceMemory : public Allocator {
 public:
  Device prepare(Device requested) override {
    lazy_init();
    const int index = requested.index < 0 ? current_device() : requested.index;
    check_device_index(index);
    return Device{DeviceType::CUDA, index};
  }

  void* allocate(int64_t n) override { return allocate_on(prepare(Device{DeviceType::CUDA, -1}), n); }

  void* allocate_on(Device d, int64_t n) override {
    if (n == 0) return nullptr;
    const int index = d.index;
    const auto stream = reinterpret_cast<StreamId>(current_stream(index));
    void* p = pool(index).allocate(static_cast<size_t>(n), stream);
    std::lock_guard<std::mutex> lock(mutex_);
    owner_[p] = index;
    return p;
  }

  void deallocate(void* p, int64_t) override {
    if (!p) return;
    int index = 0;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = owner_.find(p);
      if (it == owner_.end()) return;
      index = it->second;
      owner_.erase(it);
    }
    pool(index).free(p);
  }

  void copy_to_host(void* host, const void* src, int64_t n) override {
    cudaStream_t s = stream_of(src);
    check(cudaMemcpyAsync(host, src, static_cast<size_t>(n), cudaMemcpyDeviceToHost, s));
    check(cudaStreamSynchronize(s));
  }
  // From pageable memory the call returns once the bytes are staged, so the caller may free them at once.
  void copy_from_host(void* dst, const void* host, int64_t n) override {
    check(cudaMemcpyAsync(dst, host, static_cast<size_t>(n), cudaMemcpyHostToDevice, stream_of(dst)));
    if (launch_blocking()) check(cudaStreamSynchronize(stream_of(dst)));
  }
  void copy(void* dst, const void* src, int64_t n) override {
    check(cudaMemcpyAsync(dst, src, static_cast<size_t>(n), cudaMemcpyDeviceToDevice, stream_of(dst)));
    after_launch();
  }
  void fill(void* dst, uint8_t byte, int64_t n) override {
    check(cudaMemsetAsync(dst, byte, static_cast<size_t>(n), stream_of(dst)));
    after_launch();
  }
  void synchronize() override {
    if (!initialized()) return;
    for (int d = 0; d < device_count(); ++d) {
      DeviceGuard guard(d);
      check(cudaDeviceSynchronize());
    }
  }

  CachingAllocator* existing(int index) {
    std::lock_guard<std::mutex> lock(mutex_);
    return index >= 0 && static_cast<size_t>(index) < pools_.size() ? pools_[index].cache.get() : nullptr;
  }

  void empty_all() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Pool& p : pools_)
      if (p.cache) p.cache->empty_cache();
  }

 private:
  CachingAllocator& pool(int index) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (pools_.size() <= static_cast<size_t>(index)) pools_.resize(static_cast<size_t>(index) + 1);
    Pool& p = pools_[index];
    if (!p.cache) {
      p.raw = std::make_unique<RawDeviceMemory>(index);
      p.cache = std::make_unique<CachingAllocator>(*p.raw, index);
    }
    return *p.cache;
  }

  std::mutex mutex_;
  std::vector<Pool> pools_;
  std::unordered_map<void*, int> owner_;
};

DeviceMemory& device_memory() {
  // Never destroyed: storages may be freed during static destruction, after the driver is gone.
  static DeviceMemory* m = new DeviceMemory;
  return *m;
}

// Page-locked host memory: a CPU storage the device reads without staging.
class PinnedMemory : public Allocator {
 public:
  void* allocate(int64_t n) override {
    lazy_init();
    if (n == 0) return nullptr;
    void* p = nullptr;
    check(cudaHostAlloc(&p, static_cast<size_t>(n), cudaHostAllocDefault));
    return p;
  }
  void deallocate(void* p, int64_t) override {
    if (p) (void)cudaFreeHost(p);  // waits for queued copies that read it
  }
  void copy_to_host(void* host, const void* src, int64_t n) override { std::memmove(host, src, static_cast<size_t>(n)); }
  void copy_from_host(void* dst, const void* host, int64_t n) override {
    std::memmove(dst, host, static_cast<size_t>(n));
  }
  void copy(void* dst, const void* src, int64_t n) override { std::memmove(dst, src, static_cast<size_t>(n)); }
  void fill(void* dst, uint8_t byte, int64_t n) override { std::memset(dst, byte, static_cast<size_t>(n)); }
};

}  // namespace

Allocator* device_allocator() { return &device_memory(); }

Allocator* pinned_allocator() {
  static PinnedMemory* m = new PinnedMemory;
  return m;
}

bool is_pinned(const void* host) {
  if (!host || !initialized()) return false;
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, host) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeHost;
}

cudaStream_t stream_of(const void* device_ptr) {
  cudaPointerAttributes attr{};
  if (device_count() > 1 && cudaPointerGetAttributes(&attr, device_ptr) == cudaSuccess && attr.device >= 0)
    return current_stream(attr.device);
  (void)cudaGetLastError();
  return current_stream(current_device());
}

AcceleratorMemory memory_figures(int device) {
  CachingAllocator* c = device_memory().existing(device);
  return c ? c->stats() : AcceleratorMemory{};
}

void reset_peak_memory(int device) {
  if (CachingAllocator* c = device_memory().existing(device)) c->reset_peak_stats();
}
void reset_accumulated_memory(int device) {
  if (CachingAllocator* c = device_memory().existing(device)) c->reset_accumulated_stats();
}
void empty_cache() { device_memory().empty_all(); }

}  // namespace tsh::cuda
