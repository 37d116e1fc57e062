// engine/ops/search.h — finding values among others: searchsorted, bucketize, isin.
#pragma once

#include <optional>
#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// For each value, the index at which it would be inserted into the last dim of sorted_sequence
// (1-d, or with the same leading dims as values) to keep it sorted: before equal elements (left)
// or after them (right). sorter: indices that sort sorted_sequence along its last dim. NaN sorts last.
Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& values, bool out_int32, bool right,
                    const std::optional<Tensor>& sorter = std::nullopt);
// searchsorted with 1-d boundaries; right=false puts a value equal to a boundary in the bucket before it.
Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right);
// Whether each element of elements occurs in test_elements (invert: does not).
Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert);

}  // namespace tsh
