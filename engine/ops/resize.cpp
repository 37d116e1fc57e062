// engine/ops/resize.cpp — resize_, resize_as_, set_ and is_set_to.
#include "engine/ops/resize.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"

namespace tsh {

namespace {

// Bytes needed for sizes/strides at offset (0 for an empty tensor).
int64_t bytes_needed(const Shape& sizes, const Shape& strides, int64_t offset, int64_t itemsize) {
  int64_t last = 0;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 0) return 0;
    last += (sizes[d] - 1) * strides[d];
  }
  return (offset + last + 1) * itemsize;
}

void check_sizes(const Shape& sizes) {
  for (int64_t n : sizes) TSH_CHECK(n >= 0, RuntimeError, "numel: integer multiplication overflow");
  shape_numel(sizes);
}

}  // namespace

const Tensor& resize_(const Tensor& self, const Shape& sizes) {
  check_sizes(sizes);
  if (self.sizes() == sizes) return self;
  const Shape strides = contiguous_strides(sizes);
  const int64_t need = bytes_needed(sizes, strides, self.storage_offset(), self.itemsize());
  if (need > self.storage()->nbytes) self.storage()->grow(need);
  self.set_geometry(sizes, strides, self.storage_offset());
  return self;
}

const Tensor& resize_as_(const Tensor& self, const Tensor& other) { return resize_(self, other.sizes()); }

const Tensor& set_(const Tensor& self, const Tensor& source) {
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("Could not set tensor of type ") + typemeta_name(source.dtype()) + " to a tensor of type " +
                typemeta_name(self.dtype()));
  TSH_CHECK(self.device() == source.device(), RuntimeError,
            "Attempted to call `set_` on a tensor on " + self.device().str() + " with a source on " +
                source.device().str());
  self.impl()->storage = source.storage();
  self.set_geometry(source.sizes(), source.strides(), source.storage_offset());
  return self;
}

const Tensor& set_(const Tensor& self, const Storage& storage, int64_t offset, std::optional<Shape> sizes,
                   std::optional<Shape> strides) {
  TSH_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset " + std::to_string(offset));
  const Shape sz = sizes ? *sizes : Shape{storage->nbytes / self.itemsize()};
  check_sizes(sz);
  const Shape st = strides ? *strides : contiguous_strides(sz);
  TSH_CHECK(st.size() == sz.size(), RuntimeError,
            "mismatch in length of strides and shape");
  const int64_t need = bytes_needed(sz, st, offset, self.itemsize());
  if (need > storage->nbytes) storage->grow(need);
  self.impl()->storage = storage;
  self.set_geometry(sz, st, offset);
  return self;
}

const Tensor& set_(const Tensor& self) {
  self.impl()->storage = make_storage(0, self.device());
  self.set_geometry({0}, {1}, 0);
  return self;
}

bool is_set_to(const Tensor& self, const Tensor& other) {
  return self.storage() == other.storage() && self.storage_offset() == other.storage_offset() &&
         self.sizes() == other.sizes() && self.strides() == other.strides();
}

}  // namespace tsh
