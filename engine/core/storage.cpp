// engine/core/storage.cpp — storage lifetime and the per-device allocator table.
#include "engine/core/storage.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include "engine/core/error.h"

namespace tsh {

namespace {

uint64_t physical_memory() {
  static const uint64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : UINT64_MAX;
  }();
  return bytes;
}

// 64-byte aligned so vector kernels may use aligned loads on fresh tensors.
class CpuAllocator : public Allocator {
 public:
  void* allocate(int64_t nbytes) override {
    if (nbytes == 0) return nullptr;
    size_t rounded = (static_cast<size_t>(nbytes) + 63) & ~size_t{63};
    // Linux overcommits: an allocation beyond physical memory may "succeed" and
    // then get the process killed when touched. Refuse it up front instead.
    void* p = static_cast<uint64_t>(nbytes) > physical_memory() ? nullptr : std::aligned_alloc(64, rounded);
    if (!p)
      throw RuntimeError(
          "[enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate memory: "
          "you tried to allocate " + std::to_string(nbytes) +
          " bytes. Error code 12 (Cannot allocate memory)");
    return p;
  }
  void deallocate(void* p, int64_t) override { std::free(p); }
};

CpuAllocator g_cpu_allocator;
Allocator* g_allocators[2] = {&g_cpu_allocator, nullptr};

}  // namespace

Allocator* allocator_for(Device device) {
  Allocator* a = g_allocators[static_cast<int>(device.type)];
  if (!a) throw RuntimeError("Torch not compiled with CUDA enabled");
  return a;
}

void register_allocator(DeviceType type, Allocator* allocator) {
  g_allocators[static_cast<int>(type)] = allocator;
}

StorageImpl::StorageImpl(int64_t n, Device dev) : nbytes(n), device(dev) {
  allocator = allocator_for(dev);
  data = allocator->allocate(n);
}

StorageImpl::~StorageImpl() {
  if (data) allocator->deallocate(data, nbytes);
}

}  // namespace tsh
