// engine/core/memory.h — moving storage bytes between devices and the host.
//
// The one door to storage bytes for code outside a backend: printing,
// item(), tolist(), %storage and the shell read through here, and copies
// between devices go through here. Each call picks the allocators of the
// storages involved; a copy between two devices that are not the host is
// staged through host memory. Meta storages have no bytes: reading one
// raises PyTorch's "Cannot copy out of meta tensor; no data!", writing one
// does nothing.
#pragma once

#include <cstdint>

#include "engine/core/storage.h"

namespace tsh {

// n bytes from src (at byte offset src_off) to dst (at dst_off); any devices.
void copy_bytes(const Storage& dst, int64_t dst_off, const Storage& src, int64_t src_off, int64_t n);
// n bytes of src from byte offset off into host memory.
void read_bytes(void* host, const Storage& src, int64_t off, int64_t n);
// n bytes of host memory into dst at byte offset off.
void write_bytes(const Storage& dst, int64_t off, const void* host, int64_t n);
// n bytes of dst from byte offset off set to `byte`.
void fill_bytes(const Storage& dst, int64_t off, uint8_t byte, int64_t n);
// Waits until the device has finished all work queued on it.
void synchronize(Device device);

// Throws NotImplementedError("Cannot copy out of meta tensor; no data!") for a meta storage.
void check_has_data(const Storage& s);

}  // namespace tsh
