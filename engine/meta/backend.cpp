// engine/meta/backend.cpp — the meta device: storages without bytes.
//
// A meta tensor has sizes, strides, an offset and a dtype, and a storage
// that knows its size but holds nothing, so a tensor of 10**12 elements
// costs nothing. Its kernels are the no-ops engine/kernels/kernel.h hands
// out for every kernel that only writes outputs; ops that need values
// refuse meta tensors with PyTorch's messages.
#include "engine/meta/backend.h"

#include "engine/core/storage.h"

namespace tsh::meta {

namespace {

class NoBytes : public Allocator {
 public:
  void* allocate(int64_t) override { return nullptr; }
  void deallocate(void*, int64_t) override {}
  void copy_to_host(void*, const void*, int64_t) override {}
  void copy_from_host(void*, const void*, int64_t) override {}
  void copy(void*, const void*, int64_t) override {}
  void fill(void*, uint8_t, int64_t) override {}
};

}  // namespace

void start() {
  static NoBytes allocator;
  register_allocator(DeviceType::Meta, &allocator);
}

}  // namespace tsh::meta
