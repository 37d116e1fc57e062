// engine/ops/quantile.h — quantile and nanquantile: PyTorch's sort-then-interpolate algorithm
// (aten/src/ATen/native/Sorting.cpp), its checks in its order, and its out= rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/tensor.h"

namespace tsh {

// q is a 0-d or 1-d tensor of self's dtype (float or double) with values in [0, 1]; the result
// has q's values first (when q is 1-d), then self's shape without dim (keepdim: with it as 1;
// no dim: all of self, kept as 1s with keepdim). interpolation is linear, lower, higher, midpoint
// or nearest. ignore_nan: nanquantile (NaNs skipped; all NaN gives NaN). With out, out is checked
// and resized first and the result is copied into it.
Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan, const std::optional<Tensor>& out = std::nullopt);
// q a number: checked to lie in [0, 1] first, then a 0-d tensor of self's dtype.
Tensor quantile(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan, const std::optional<Tensor>& out = std::nullopt);

}  // namespace tsh
