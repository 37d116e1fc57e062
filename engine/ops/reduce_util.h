// engine/ops/reduce_util.h — shape and dtype bookkeeping shared by the reduction, scan and sort ops.
//
// A reduction's kernel sees two tensors of the input's shape: the input and
// the output "seen through" it, with stride 0 along the reduced dims (the
// view PyTorch's TensorIterator builds), so every element of one reduced
// block maps to the same output address. This header builds that view and
// the result's shape; it throws PyTorch's messages for bad dims.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/ops/reduce.h"

namespace tsh::detail {

struct ReduceSpec {
  std::vector<bool> mask;  // per input dim: reduced?
  Shape keep_shape;        // the result's shape with keepdim=true
  Shape out_shape;         // the result's shape as asked for
};

// Wraps and checks dims (IndexError out of range; RuntimeError "dim 0 appears
// multiple times in the list of dims"); nullopt or {} reduces every dim.
ReduceSpec reduce_spec(const Tensor& t, const OptDims& dims, bool keepdim);
// Same for one optional dim (nullopt: every dim).
ReduceSpec reduce_spec(const Tensor& t, std::optional<int64_t> dim, bool keepdim);

// A fresh contiguous result of spec.out_shape.
Tensor reduce_alloc(const ReduceSpec& spec, DType dtype, Device device);
// `out` (shaped spec.out_shape) seen with in's shape: stride 0 on the reduced
// dims of size > 1, the keepdim strides elsewhere.
Tensor reduce_view(const Tensor& out, const Tensor& in, const ReduceSpec& spec);

// The number of elements in each reduced block.
int64_t reduced_count(const Tensor& t, const ReduceSpec& spec);

}  // namespace tsh::detail
