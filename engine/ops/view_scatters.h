// engine/ops/view_scatters.h — a copy of a tensor with one of its views overwritten
// (diagonal_scatter, select_scatter, slice_scatter, as_strided_scatter), and fill_diagonal_.
#pragma once

#include <optional>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// self cloned, then src copied into the clone's diagonal(offset, dim1, dim2); src must have that view's shape.
Tensor diagonal_scatter(const Tensor& self, const Tensor& src, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
Tensor select_scatter(const Tensor& self, const Tensor& src, int64_t dim, int64_t index);
Tensor slice_scatter(const Tensor& self, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                     std::optional<int64_t> end, int64_t step);
Tensor as_strided_scatter(const Tensor& self, const Tensor& src, const Shape& sizes, const Shape& strides,
                          std::optional<int64_t> offset);
// The main diagonal of a matrix (or of a tensor whose dims are all equal) set to value; with wrap, a tall
// matrix's diagonal starts again one row below where it ended (NumPy's fill_diagonal).
const Tensor& fill_diagonal_(const Tensor& self, const Scalar& value, bool wrap = false);

}  // namespace tsh
