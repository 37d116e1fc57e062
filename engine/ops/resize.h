// engine/ops/resize.h — changing what a tensor is in place: resize_, resize_as_, set_ (and is_set_to).
//
// The tensor keeps its identity. resize_ keeps its storage, growing it when
// the new shape needs more bytes (every view of that storage sees the new
// memory; new elements are uninitialised); set_ points it at another storage.
#pragma once

#include <optional>

#include "engine/core/storage.h"
#include "engine/core/tensor.h"

namespace tsh {

// New sizes with contiguous strides (the same sizes: nothing changes).
const Tensor& resize_(const Tensor& self, const Shape& sizes);
const Tensor& resize_as_(const Tensor& self, const Tensor& other);
// self becomes a view of source: its storage, offset, sizes and strides (dtypes must match).
const Tensor& set_(const Tensor& self, const Tensor& source);
// self over `storage` (itemsize-sized elements) at offset with sizes/strides (default: all of it, 1-d);
// the storage grows if they reach past its end.
const Tensor& set_(const Tensor& self, const Storage& storage, int64_t offset, std::optional<Shape> sizes,
                   std::optional<Shape> strides);
// self over a new empty storage, shape (0).
const Tensor& set_(const Tensor& self);
// Whether self is over the same storage with the same offset, sizes and strides.
bool is_set_to(const Tensor& self, const Tensor& other);

}  // namespace tsh
