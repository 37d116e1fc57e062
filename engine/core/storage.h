// engine/core/storage.h — a reference-counted, fixed-size byte buffer on one device.
//
// Many tensors may share one storage; the storage never knows which tensors
// view it. Bytes come from the device's Allocator and go back to it when the
// last reference drops. Only a backend touches the bytes themselves: every
// other layer moves them through engine/core/memory.h.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "engine/core/device.h"

namespace tsh {

// What a backend provides for its device's memory. `host` pointers are CPU
// memory; the others belong to this allocator's device. A meta allocator
// hands out no bytes (allocate returns null) and its copies do nothing.
class Allocator {
 public:
  virtual ~Allocator() = default;
  virtual void* allocate(int64_t nbytes) = 0;  // throws RuntimeError when out of memory
  // The device a new storage lives on, given the one asked for: a device
  // with several indexes fills in the current one ("cuda" becomes cuda:0)
  // and throws PyTorch's errors for a device it cannot use.
  virtual Device prepare(Device requested) { return requested; }
  // allocate() on one device of this allocator's type (prepare() has run).
  virtual void* allocate_on(Device, int64_t nbytes) { return allocate(nbytes); }
  virtual void deallocate(void* p, int64_t nbytes) = 0;
  virtual void copy_to_host(void* host, const void* src, int64_t nbytes) = 0;
  virtual void copy_from_host(void* dst, const void* host, int64_t nbytes) = 0;
  virtual void copy(void* dst, const void* src, int64_t nbytes) = 0;  // both on this device
  virtual void fill(void* dst, uint8_t byte, int64_t nbytes) = 0;
  virtual void synchronize() {}
  // Gives back memory kept for reuse (freed blocks a cache holds), as %reset and a failed allocation do.
  virtual void release_cache() {}
};

// The allocator registered for a device type (CPU and meta always; CUDA when
// built with it). Throws RuntimeError with PyTorch's message when there is none.
Allocator* allocator_for(Device device);
void register_allocator(DeviceType type, Allocator* allocator);
// Whether a backend registered an allocator for the type: its device exists in this process.
bool backend_started(DeviceType type);

struct StorageImpl {
  void* data = nullptr;       // owned; null when nbytes == 0 and on the meta device
  int64_t nbytes = 0;         // grows only through grow()
  Device device;
  Allocator* allocator = nullptr;
  std::function<void()> release;  // set for borrowed memory
  // Autograd's version counter, shared by every view of this storage: in-place writes bump it, and
  // a tensor saved for backward remembers the version it was saved at.
  uint32_t version = 0;

  StorageImpl(int64_t nbytes, Device device);
  // A storage from a given allocator of the device type (pinned host memory for pin_memory()).
  StorageImpl(int64_t nbytes, Device device, Allocator* from);
  // CPU memory the engine did not allocate (a file mapped into memory): `release` returns it when
  // the last reference drops, and the storage cannot grow.
  StorageImpl(void* borrowed, int64_t nbytes, std::function<void()> release);
  ~StorageImpl();
  // Reallocates to nbytes (> the current size) keeping the bytes there are, as resize_ does:
  // every tensor on this storage sees the new memory.
  void grow(int64_t new_nbytes);
  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;
};

using Storage = std::shared_ptr<StorageImpl>;

inline Storage make_storage(int64_t nbytes, Device device) {
  return std::make_shared<StorageImpl>(nbytes, device);
}

}  // namespace tsh
