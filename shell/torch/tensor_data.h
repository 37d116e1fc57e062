// shell/torch/tensor_data.h — Python data (nested lists and tuples of numbers) to tensors.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "shell/python/value.h"

namespace tsh::shell {

// Walks nested lists/tuples: fills shape (PyTorch's errors for ragged data) and the flat scalars.
void flatten_data(const Value& v, size_t depth, Shape& shape, std::vector<Scalar>& out);
// torch.tensor(data, dtype=, device=): a copy of a tensor, or the data with PyTorch's inferred dtype.
Tensor tensor_from_data(const Value& data, std::optional<DType> dtype, Device device);

}  // namespace tsh::shell
