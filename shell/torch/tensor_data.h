// shell/torch/tensor_data.h — Python data (nested lists and tuples of numbers) to tensors.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "shell/python/value.h"

namespace tsh::shell {

// PyTorch's and NumPy's rules for nested data. PyTorch makes tensors of at most 128 dims from data,
// NumPy arrays of 64: `too_deep` throws for a sequence found at depth max_dims. `ragged`, when set,
// throws for data that is not rectangular, found at `depth` under the dims `shape` (NumPy's one
// message); unset, the errors are PyTorch's.
struct NestingLimit {
  size_t max_dims;
  void (*too_deep)(const Value& seq);
  void (*ragged)(const Shape& shape, size_t depth) = nullptr;
  bool uint64_ints = false;  // ints in [2**63, 2**64) are taken (as uint64 scalars), not refused
};
[[noreturn]] void torch_too_many_dims(const Value& seq);  // ValueError: too many dimensions 'list'
inline constexpr NestingLimit kTorchNesting{128, torch_too_many_dims};

// Walks nested lists/tuples: fills shape (PyTorch's errors for ragged data) and the flat scalars.
// Its recursion is bounded by the limit's dims.
void flatten_data(const Value& v, size_t depth, Shape& shape, std::vector<Scalar>& out,
                  const NestingLimit& limit = kTorchNesting);
// torch.tensor(data, dtype=, device=): a copy of a tensor, or the data with PyTorch's inferred dtype.
Tensor tensor_from_data(const Value& data, std::optional<DType> dtype, Device device);

}  // namespace tsh::shell
