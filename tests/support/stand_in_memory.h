// tests/support/stand_in_memory.h — host memory posing as a device's, for tests that need a second backend.
//
// Registered as the CUDA device type's allocator it makes a device whose
// bytes the tests can see: every copy in or out goes through the memory
// interface (engine/core/memory.h), counted here.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/core/storage.h"
#include "engine/cpu/backend.h"

namespace tsh::testing {

class StandInMemory : public Allocator {
 public:
  int64_t to_host = 0, from_host = 0;  // bytes that crossed

  // One device: "cuda" resolves to cuda:0, as on a one-GPU machine.
  Device prepare(Device d) override { return d.index < 0 ? Device{d.type, 0} : d; }
  void* allocate(int64_t n) override { return cpu::host_allocator()->allocate(n); }
  void deallocate(void* p, int64_t n) override { cpu::host_allocator()->deallocate(p, n); }
  void copy_to_host(void* h, const void* s, int64_t n) override {
    to_host += n;
    std::memcpy(h, s, static_cast<size_t>(n));
  }
  void copy_from_host(void* d, const void* h, int64_t n) override {
    from_host += n;
    std::memcpy(d, h, static_cast<size_t>(n));
  }
  void copy(void* d, const void* s, int64_t n) override { std::memmove(d, s, static_cast<size_t>(n)); }
  void fill(void* d, uint8_t b, int64_t n) override { std::memset(d, b, static_cast<size_t>(n)); }
};

}  // namespace tsh::testing
