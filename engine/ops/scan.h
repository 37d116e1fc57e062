// engine/ops/scan.h — cumulative ops along one dim: cumsum, cumprod, cummax, cummin.
//
// The result has the input's shape. Integer and bool inputs sum and
// multiply in int64 unless dtype= says otherwise (dtype= converts the input
// first); cummax/cummin keep the dtype and return (values, indices).
// A 0-d tensor is a line of one element (dim 0 or -1).
#pragma once

#include <cstdint>
#include <optional>

#include "engine/core/tensor.h"
#include "engine/ops/reduce.h"

namespace tsh {

Tensor cumsum(const Tensor& t, int64_t dim, std::optional<DType> dtype = std::nullopt);
Tensor cumprod(const Tensor& t, int64_t dim, std::optional<DType> dtype = std::nullopt);
// In place (identity kept): dtype, when given, must be t's own dtype.
const Tensor& cumsum_(const Tensor& t, int64_t dim, std::optional<DType> dtype = std::nullopt);
const Tensor& cumprod_(const Tensor& t, int64_t dim, std::optional<DType> dtype = std::nullopt);
// Running maximum / minimum and the index it came from (a NaN stays, at its own index).
ValuesIndices cummax(const Tensor& t, int64_t dim);
ValuesIndices cummin(const Tensor& t, int64_t dim);

}  // namespace tsh
