// engine/ops/memory_format.cpp — copies and new tensors in a chosen memory format.
#include "engine/ops/memory_format.h"

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"

namespace tsh {

Tensor contiguous(const Tensor& t, MemoryFormat f) {
  if (is_contiguous_as(t.sizes(), t.strides(), f)) return t;
  if (f == MemoryFormat::Preserve) throw RuntimeError("preserve memory format is unsupported by the contiguous operator");
  return clone(t, f);
}

Tensor clone(const Tensor& t, MemoryFormat f) {
  if (f == MemoryFormat::Preserve) return clone(t);
  Tensor out = empty(t.sizes(), t.dtype(), t.device(), f);
  return copy_(out, t);
}

Tensor to(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device, bool copy, MemoryFormat f) {
  const Tensor converted = to(t, dtype, device, copy);
  if (f == MemoryFormat::Preserve) return converted;
  if (converted.is_same(t)) return suggest_memory_format(t.sizes(), t.strides()) == f ? t : clone(t, f);
  // A fresh copy already: laid out again only when its layout is not f's.
  return is_contiguous_as(converted.sizes(), converted.strides(), f) ? converted : clone(converted, f);
}

Tensor empty(const Shape& sizes, DType dtype, Device device, MemoryFormat f) {
  if (f == MemoryFormat::Contiguous) return empty(sizes, dtype, device);
  return empty_strided(sizes, memory_format_strides(sizes, f), dtype, device);
}

Tensor empty_like(const Tensor& t, DType dtype, Device device, MemoryFormat f) {
  if (f == MemoryFormat::Preserve) return empty_like(t, dtype, device);
  return empty(t.sizes(), dtype, device, f);
}

void restride_(const Tensor& t, MemoryFormat f) {
  if (f == MemoryFormat::Preserve) throw RuntimeError("Unsupported memory formatPreserve");
  t.set_geometry(t.sizes(), memory_format_strides(t.sizes(), f), t.storage_offset());
}

}  // namespace tsh
