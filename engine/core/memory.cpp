// engine/core/memory.cpp — byte moves through the allocators of the storages involved.
#include "engine/core/memory.h"

#include <vector>

#include "engine/core/error.h"

namespace tsh {

void check_has_data(const Storage& s) {
  if (s->device.is_meta()) throw NotImplementedError("Cannot copy out of meta tensor; no data!");
}

namespace {
char* at(const Storage& s, int64_t off) { return static_cast<char*>(s->data) + off; }
}  // namespace

void copy_bytes(const Storage& dst, int64_t dst_off, const Storage& src, int64_t src_off, int64_t n) {
  if (dst->device.is_meta()) return;
  check_has_data(src);
  if (n <= 0) return;
  if (dst->device == src->device) {
    dst->allocator->copy(at(dst, dst_off), at(src, src_off), n);
  } else if (dst->device.is_cpu()) {
    src->allocator->copy_to_host(at(dst, dst_off), at(src, src_off), n);
  } else if (src->device.is_cpu()) {
    dst->allocator->copy_from_host(at(dst, dst_off), at(src, src_off), n);
  } else {
    std::vector<char> staging(static_cast<size_t>(n));
    src->allocator->copy_to_host(staging.data(), at(src, src_off), n);
    dst->allocator->copy_from_host(at(dst, dst_off), staging.data(), n);
  }
}

void read_bytes(void* host, const Storage& src, int64_t off, int64_t n) {
  check_has_data(src);
  if (n > 0) src->allocator->copy_to_host(host, at(src, off), n);
}

void write_bytes(const Storage& dst, int64_t off, const void* host, int64_t n) {
  if (n > 0 && !dst->device.is_meta()) dst->allocator->copy_from_host(at(dst, off), host, n);
}

void fill_bytes(const Storage& dst, int64_t off, uint8_t byte, int64_t n) {
  if (n > 0 && !dst->device.is_meta()) dst->allocator->fill(at(dst, off), byte, n);
}

void synchronize(Device device) { allocator_for(device)->synchronize(); }

}  // namespace tsh
