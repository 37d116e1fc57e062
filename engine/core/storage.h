// engine/core/storage.h — a reference-counted, fixed-size byte buffer on one device.
//
// Many tensors may share one storage; the storage never knows which tensors
// view it. Bytes come from the device's Allocator and go back to it when the
// last reference drops.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/core/device.h"

namespace tsh {

class Allocator {
 public:
  virtual ~Allocator() = default;
  virtual void* allocate(int64_t nbytes) = 0;  // throws RuntimeError when out of memory
  virtual void deallocate(void* p, int64_t nbytes) = 0;
};

// The allocator registered for a device type (CPU always; CUDA when built
// with it). Throws RuntimeError with PyTorch's message when there is none.
Allocator* allocator_for(Device device);
void register_allocator(DeviceType type, Allocator* allocator);

struct StorageImpl {
  void* data = nullptr;       // owned; null only when nbytes == 0
  int64_t nbytes = 0;         // fixed at creation
  Device device;
  Allocator* allocator = nullptr;

  StorageImpl(int64_t nbytes, Device device);
  ~StorageImpl();
  StorageImpl(const StorageImpl&) = delete;
  StorageImpl& operator=(const StorageImpl&) = delete;
};

using Storage = std::shared_ptr<StorageImpl>;

inline Storage make_storage(int64_t nbytes, Device device) {
  return std::make_shared<StorageImpl>(nbytes, device);
}

}  // namespace tsh
