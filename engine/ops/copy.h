// engine/ops/copy.h — copying, converting and filling tensors.
#pragma once

#include <optional>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// dst[...] = src broadcast to dst's shape, converted to dst's dtype. Returns dst.
const Tensor& copy_(const Tensor& dst, const Tensor& src);
// A new contiguous tensor with the same values (clone keeps nothing shared).
Tensor clone(const Tensor& t);
// t itself when already contiguous, else a contiguous copy.
Tensor contiguous(const Tensor& t);
// t itself when it already has dtype/device (and copy is false), else a converted copy.
Tensor to(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device,
          bool copy = false);
// A copy of CPU tensor t with its sizes and strides, in a storage from `allocator`
// (a host allocator: the runtime's page-locked memory for pin_memory()), as PyTorch's _pin_memory makes it.
Tensor copy_to_host_allocator(const Tensor& t, Allocator* allocator);
const Tensor& fill_(const Tensor& t, const Scalar& value);
const Tensor& zero_(const Tensor& t);

}  // namespace tsh
