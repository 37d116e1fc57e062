// engine/ops/host_values.h — a tensor's values brought to the host, and back.
//
// For op logic that needs values rather than geometry (an index's entries, a
// count, one number): each call copies through engine/core/memory.h, so it
// works for tensors on any device, and on meta tensors it raises PyTorch's
// errors instead of reading bytes that are not there.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// The value of a one-element tensor (any shape), as PyTorch's item().
Scalar item(const Tensor& t);

// t's elements in row-major order; t's dtype must be T's.
template <typename T> std::vector<T> host_values(const Tensor& t);
// A contiguous tensor of `sizes` on `device` holding values (values.size() == numel).
template <typename T> Tensor tensor_of(const std::vector<T>& values, const Shape& sizes, DType dtype, Device device);

// An integer tensor's values as int64, in row-major order.
std::vector<int64_t> int_values(const Tensor& t);
inline Tensor int64_tensor(const Shape& sizes, const std::vector<int64_t>& values, Device device) {
  return tensor_of(values, sizes, DType::Int64, device);
}

}  // namespace tsh
