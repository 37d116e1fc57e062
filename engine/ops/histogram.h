// engine/ops/histogram.h — counting values: bincount, histc, histogram.
//
// Computed on the host from the tensor's values (engine/ops/host_values.h),
// in the input's dtype and in element order, as PyTorch's CPU kernels do, so
// that weighted sums round the same way; the result goes back to the input's device.
#pragma once

#include <optional>
#include <utility>

#include "engine/core/tensor.h"

namespace tsh {

// How often each value 0..max occurs in a 1-d non-negative integer tensor (at least minlength bins);
// with weights, their sums (float32 weights sum in float32, any other dtype in float64).
Tensor bincount(const Tensor& input, const std::optional<Tensor>& weights, int64_t minlength);
// `bins` equal-width bins over [min, max] (both 0: the data's range); float32/float64 only.
Tensor histc(const Tensor& input, int64_t bins, double min, double max);
// (hist, bin_edges): `bins` equal bins over range (default: the data's range), or the given
// edges (a 1-d tensor); weights and density as NumPy's histogram.
std::pair<Tensor, Tensor> histogram(const Tensor& input, int64_t bins, std::optional<std::pair<double, double>> range,
                                    const std::optional<Tensor>& weight, bool density);
std::pair<Tensor, Tensor> histogram(const Tensor& input, const Tensor& bin_edges, const std::optional<Tensor>& weight,
                                    bool density);

}  // namespace tsh
