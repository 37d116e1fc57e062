// engine/core/storage.cpp — storage lifetime and the per-device allocator table.
#include "engine/core/storage.h"

#include "engine/core/error.h"

namespace tsh {

namespace {
Allocator* g_allocators[kDeviceTypes] = {};
}  // namespace

Allocator* allocator_for(Device device) {
  static const bool started = (start_backends(), true);
  (void)started;
  Allocator* a = g_allocators[static_cast<int>(device.type)];
  if (!a) throw RuntimeError("Torch not compiled with CUDA enabled");
  return a;
}

bool backend_started(DeviceType type) {
  start_backends();
  return g_allocators[static_cast<int>(type)] != nullptr;
}

void register_allocator(DeviceType type, Allocator* allocator) {
  g_allocators[static_cast<int>(type)] = allocator;
}

StorageImpl::StorageImpl(int64_t n, Device dev) : StorageImpl(n, dev, allocator_for(dev)) {}

StorageImpl::StorageImpl(int64_t n, Device dev, Allocator* from) : nbytes(n), allocator(from) {
  device = allocator->prepare(dev);
  data = allocator->allocate_on(device, n);
}

StorageImpl::StorageImpl(void* borrowed, int64_t n, std::function<void()> give_back)
    : data(borrowed), nbytes(n), device(Device{}), allocator(allocator_for(Device{})), release(std::move(give_back)) {}

void StorageImpl::grow(int64_t new_nbytes) {
  if (new_nbytes <= nbytes) return;
  if (release) throw RuntimeError("Trying to resize storage that is not resizable");
  void* fresh = allocator->allocate_on(device, new_nbytes);
  if (data && nbytes > 0) allocator->copy(fresh, data, nbytes);
  if (data) allocator->deallocate(data, nbytes);
  data = fresh;
  nbytes = new_nbytes;
}

StorageImpl::~StorageImpl() {
  if (release) release();
  else if (data) allocator->deallocate(data, nbytes);
}

}  // namespace tsh
