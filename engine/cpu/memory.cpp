// engine/cpu/memory.cpp — host memory: 64-byte aligned blocks, memcpy and memset.
#include "engine/cpu/backend.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include "engine/core/error.h"
#include "engine/core/storage.h"
#include "engine/cpu/block_cache.h"

namespace tsh::cpu {

namespace {

uint64_t physical_memory() {
  static const uint64_t bytes = [] {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : UINT64_MAX;
  }();
  return bytes;
}

// Large blocks are kept mapped between tensors (block_cache.h), up to an eighth of
// the machine's memory and at most 1 GiB.
BlockCache& large_blocks() {
  static BlockCache cache(std::min<uint64_t>(physical_memory() / 8, uint64_t{1} << 30));
  return cache;
}

constexpr size_t kSmallBytes = 1024;

// Every block is a whole number of 64-byte lines; allocate and deallocate must agree on it.
size_t rounded_size(int64_t nbytes) { return (static_cast<size_t>(nbytes) + 63) & ~size_t{63}; }

// 64-byte aligned from 1 KiB up, so the vector loads of fresh tensors do not split cache lines.
class HostAllocator : public Allocator {
 public:
  void* allocate(int64_t nbytes) override {
    if (nbytes == 0) return nullptr;
    const size_t rounded = rounded_size(nbytes);
    // Linux overcommits: an allocation beyond physical memory may "succeed" and
    // then get the process killed when touched. Refuse it up front instead.
    // Small blocks (a number, a short vector) from plain malloc: 16-byte aligned, enough for every
    // dtype, and a tenth of aligned_alloc's cost, which showed in loops over small tensors.
    void* p = static_cast<uint64_t>(nbytes) > physical_memory() ? nullptr
              : rounded >= BlockCache::kMinBytes                  ? large_blocks().take(rounded)
              : rounded <= kSmallBytes                            ? std::malloc(rounded)
                                                                  : std::aligned_alloc(64, rounded);
    if (!p)
      throw HostAllocationError(
          "[enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate memory: "
          "you tried to allocate " + std::to_string(nbytes) +
          " bytes. Error code 12 (Cannot allocate memory)");
    return p;
  }
  void deallocate(void* p, int64_t nbytes) override {
    if (rounded_size(nbytes) >= BlockCache::kMinBytes) large_blocks().give(p);
    else std::free(p);
  }
  void release_cache() override { large_blocks().release(); }
  void copy_to_host(void* host, const void* src, int64_t n) override { std::memmove(host, src, n); }
  void copy_from_host(void* dst, const void* host, int64_t n) override { std::memmove(dst, host, n); }
  void copy(void* dst, const void* src, int64_t n) override { std::memmove(dst, src, n); }
  void fill(void* dst, uint8_t byte, int64_t n) override { std::memset(dst, byte, n); }
};

}  // namespace

Allocator* host_allocator() {
  static HostAllocator a;
  return &a;
}

}  // namespace tsh::cpu
