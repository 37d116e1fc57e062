// engine/ops/join.h — ops that put several tensors together: cat, stack and friends, grids.
//
// cat and the stacks promote their inputs to one dtype (PyTorch's
// result_type) and return a new contiguous tensor. broadcast_tensors and
// meshgrid return views (stride 0 along the repeated dims), as PyTorch does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

// Joins along an existing dim. 1-d empty tensors (shape [0]) are skipped, as PyTorch still allows.
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
// Joins along a new dim; every tensor must have the same shape.
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
// Column-wise (dim 1, or dim 0 for 1-d inputs), row-wise (dim 0 of 2-d views) and depth-wise (dim 2 of 3-d views).
Tensor hstack(const std::vector<Tensor>& tensors);
Tensor vstack(const std::vector<Tensor>& tensors);
Tensor dstack(const std::vector<Tensor>& tensors);
// 0-d and 1-d inputs become columns, then hstack.
Tensor column_stack(const std::vector<Tensor>& tensors);

// Views of each tensor expanded to their common broadcast shape.
std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors);
// Coordinate grids from 0-d/1-d tensors: "ij" gives shape (n0, n1, ...), "xy" swaps the first two dims.
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing = "ij");
// Every tuple of one element per 1-d input, one tuple per row (a single input is returned as is).
Tensor cartesian_prod(const std::vector<Tensor>& tensors);
// The r-element combinations of a 1-d tensor, in lexicographic order, one per row.
Tensor combinations(const Tensor& self, int64_t r = 2, bool with_replacement = false);

}  // namespace tsh
