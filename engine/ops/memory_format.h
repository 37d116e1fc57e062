// engine/ops/memory_format.h — copies and new tensors in a chosen memory format (contiguous(),
// clone(), to(), empty() and the *_like factories with memory_format=). Preserve keeps the plain
// rules of engine/ops/copy.h and creation.h (the input's own layout).
#pragma once

#include <optional>

#include "engine/core/memory_format.h"
#include "engine/core/tensor.h"

namespace tsh {

// t itself when it is already laid out in f, else a copy that is. Preserve is refused (unless t is
// row-major), as PyTorch's contiguous refuses it.
Tensor contiguous(const Tensor& t, MemoryFormat f);
// A copy of t laid out in f (Preserve: clone's own rule).
Tensor clone(const Tensor& t, MemoryFormat f);
// to() with memory_format=: t itself when nothing changes and t's suggested format is f already
// (PyTorch's aliasing rule, which looks at the stride order, not density), else a copy in f.
Tensor to(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device, bool copy, MemoryFormat f);
// Uninitialised tensors laid out in f (empty_like with Preserve: t's layout).
Tensor empty(const Shape& sizes, DType dtype, Device device, MemoryFormat f);
Tensor empty_like(const Tensor& t, DType dtype, Device device, MemoryFormat f);
// Restrides t in place to f's strides for its sizes (resize_'s memory_format=): its storage must
// already hold the elements, as after a resize.
void restride_(const Tensor& t, MemoryFormat f);

}  // namespace tsh
