// engine/ops/histogram.cpp — bincount, histc and histogram on the host, in PyTorch's arithmetic.
#include "engine/ops/histogram.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

std::string num(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

void require_float(const Tensor& t, const char* kernel) {
  TSH_CHECK(t.dtype() == DType::Float32 || t.dtype() == DType::Float64, NotImplementedError,
            std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(t.dtype()) + "'");
}

// Which bin each in-range element falls in, PyTorch's way: linear interpolation (histc), optionally
// corrected by a local search among the edges (histogram), or a binary search (given edges).
enum class Locate { Linear, LinearSearch, Binary };

template <typename T>
std::vector<T> fill_bins(const std::vector<T>& x, const std::vector<T>* w, const std::vector<T>& edges, Locate how) {
  const int64_t n_edges = static_cast<int64_t>(edges.size());
  std::vector<T> hist(static_cast<size_t>(n_edges - 1), T(0));
  const T left = edges.front(), right = edges.back();
  for (size_t i = 0; i < x.size(); ++i) {
    const T e = x[i];
    if (!(e >= left && e <= right)) continue;
    int64_t pos;
    if (how == Locate::Binary) {
      pos = std::upper_bound(edges.begin(), edges.end(), e) - edges.begin() - 1;
    } else {
      pos = static_cast<int64_t>((e - left) * static_cast<T>(n_edges - 1) / (right - left));
      if (how == Locate::LinearSearch) {
        const int64_t lo = std::max<int64_t>(0, pos - 1), hi = std::min<int64_t>(pos + 2, n_edges);
        pos = std::upper_bound(edges.begin() + lo, edges.begin() + hi, e) - edges.begin() - 1;
      }
    }
    if (pos == n_edges - 1) pos -= 1;
    hist[static_cast<size_t>(pos)] += w ? (*w)[i] : T(1);
  }
  return hist;
}

// T's values of a float32/float64 tensor.
template <typename T> std::vector<T> values_as(const Tensor& t) {
  std::vector<double> d = host_values<double>(to(contiguous(t), DType::Float64, std::nullopt));
  return std::vector<T>(d.begin(), d.end());
}

template <typename T> Tensor make(const std::vector<T>& v, const Shape& sizes, DType d, Device dev) {
  std::vector<double> w(v.begin(), v.end());
  return to(tensor_of<double>(w, sizes, DType::Float64, dev), d, std::nullopt);
}

}  // namespace

Tensor bincount(const Tensor& input, const std::optional<Tensor>& weights, int64_t minlength) {
  TSH_CHECK(minlength >= 0, RuntimeError, "minlength should be >= 0");
  TSH_CHECK(is_integral(input.dtype(), false), NotImplementedError,
            std::string("\"bincount_cpu\" not implemented for '") + scalar_type_name(input.dtype()) + "'");
  if (input.dim() == 1 && input.numel() == 0) {
    const DType d = !weights ? DType::Int64 : weights->dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
    return zeros({minlength}, d, input.device());
  }
  const std::vector<int64_t> v = input.dim() == 1 ? int_values(input) : std::vector<int64_t>{};
  bool ok = input.dim() == 1;
  for (int64_t x : v) ok = ok && x >= 0;
  TSH_CHECK(ok, RuntimeError, "bincount only supports 1-d non-negative integral inputs.");
  if (weights)
    TSH_CHECK(weights->dim() == 1 && weights->numel() == input.numel(), RuntimeError,
              "weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(minlength, *std::max_element(v.begin(), v.end()) + 1);
  if (!weights) {
    std::vector<int64_t> counts(static_cast<size_t>(bins), 0);
    for (int64_t x : v) ++counts[static_cast<size_t>(x)];
    return int64_tensor({bins}, counts, input.device());
  }
  auto weighted = [&]<typename W>(DType d) {
    const std::vector<W> w = values_as<W>(*weights);
    std::vector<W> sums(static_cast<size_t>(bins), W(0));
    for (size_t i = 0; i < v.size(); ++i) sums[static_cast<size_t>(v[i])] += w[i];
    return make(sums, {bins}, d, input.device());
  };
  if (weights->dtype() == DType::Float32) return weighted.template operator()<float>(DType::Float32);
  return weighted.template operator()<double>(DType::Float64);
}

Tensor histc(const Tensor& input, int64_t bins, double min, double max) {
  require_float(input, "histogram_cpu");
  TSH_CHECK(bins > 0, RuntimeError, "torch.histogram(): bins must be > 0, but got " + std::to_string(bins) +
                                        " for dimension 0");
  TSH_CHECK(!(min > max), RuntimeError, "torch.histc: max must be larger than min");
  auto run = [&]<typename T>() {
    const std::vector<T> x = values_as<T>(input);
    T lo = static_cast<T>(min), hi = static_cast<T>(max);
    if (lo == hi && !x.empty()) {
      lo = *std::min_element(x.begin(), x.end(), [](T a, T b) { return a < b; });
      hi = *std::max_element(x.begin(), x.end(), [](T a, T b) { return a < b; });
    }
    if (lo == hi) {
      lo -= T(1);
      hi += T(1);
    }
    TSH_CHECK(std::isfinite(lo) && std::isfinite(hi), RuntimeError,
              "torch.histc: range of [" + num(lo) + ", " + num(hi) + "] is not finite");
    std::vector<T> edges(static_cast<size_t>(bins + 1));
    edges.front() = lo;
    edges.back() = hi;  // only the outer edges matter to linear interpolation
    return make(fill_bins<T>(x, nullptr, edges, Locate::Linear), {bins}, input.dtype(), input.device());
  };
  if (input.dtype() == DType::Float32) return run.template operator()<float>();
  return run.template operator()<double>();
}

namespace {

void check_weight(const Tensor& input, const std::optional<Tensor>& weight) {
  if (!weight) return;
  TSH_CHECK(weight->sizes() == input.sizes(), RuntimeError,
            "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor "
            "excluding its innermost dimension, but got input with shape " + shape_str(Shape{input.numel(), 1}) +
                " and weight with shape " + shape_str(weight->sizes()));
  TSH_CHECK(weight->dtype() == input.dtype(), RuntimeError,
            std::string("torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have "
                        "the same dtype, but got input(") + typemeta_name(input.dtype()) + "), and weight(" +
                typemeta_name(weight->dtype()) + ")");
}

// hist / Σhist, then / each bin's width.
Tensor normalised(const Tensor& hist, const Tensor& edges) {
  const Tensor total = sum(hist);
  const Tensor widths = sub(narrow(edges, 0, 1, edges.numel() - 1), narrow(edges, 0, 0, edges.numel() - 1));
  return div(div(hist, total), widths);
}

}  // namespace

std::pair<Tensor, Tensor> histogram(const Tensor& input, int64_t bins, std::optional<std::pair<double, double>> range,
                                    const std::optional<Tensor>& weight, bool density) {
  require_float(input, "histogramdd");
  TSH_CHECK(bins > 0, RuntimeError, "torch.histogramdd(): bins must be > 0, but got " + std::to_string(bins) +
                                        " for dimension 0");
  check_weight(input, weight);
  double lo = 0, hi = 0;
  if (range) {
    lo = range->first;
    hi = range->second;
  } else if (input.numel() > 0) {
    auto [mn, mx] = aminmax(input);
    lo = item(mn).to_double();
    hi = item(mx).to_double();
  } else {
    hi = 1;  // no data, no range: [0, 1]
  }
  TSH_CHECK(std::isfinite(lo) && std::isfinite(hi), RuntimeError,
            "torch.histogramdd: dimension 0's range [" + num(lo) + ", " + num(hi) + "] is not finite");
  TSH_CHECK(lo <= hi, RuntimeError,
            "torch.histogramdd: min should not exceed max, but got min " + num(lo) + " max " + num(hi) +
                " for dimension 0");
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const Tensor edges = linspace(Scalar(lo), Scalar(hi), bins + 1, input.dtype(), input.device());
  auto run = [&]<typename T>() {
    const std::vector<T> x = values_as<T>(input), e = values_as<T>(edges);
    std::vector<T> w;
    if (weight) w = values_as<T>(*weight);
    return make(fill_bins<T>(x, weight ? &w : nullptr, e, Locate::LinearSearch), {bins}, input.dtype(),
                input.device());
  };
  Tensor hist = input.dtype() == DType::Float32 ? run.template operator()<float>() : run.template operator()<double>();
  return {density ? normalised(hist, edges) : hist, edges};
}

std::pair<Tensor, Tensor> histogram(const Tensor& input, const Tensor& bin_edges, const std::optional<Tensor>& weight,
                                    bool density) {
  require_float(input, "histogramdd");
  TSH_CHECK(bin_edges.dtype() == input.dtype(), RuntimeError,
            std::string("torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input ") +
                typemeta_name(input.dtype()) + " and bins " + typemeta_name(bin_edges.dtype()));
  TSH_CHECK(bin_edges.dim() == 1, RuntimeError,
            "torch.histogramdd: bins tensor should have one dimension, but got " + std::to_string(bin_edges.dim()) +
                " dimensions in the bins tensor for dimension 0");
  TSH_CHECK(bin_edges.numel() > 0, RuntimeError,
            "torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in the bins tensor "
            "for dimension 0");
  check_weight(input, weight);
  const Tensor edges = clone(bin_edges);
  auto run = [&]<typename T>() {
    const std::vector<T> x = values_as<T>(input), e = values_as<T>(edges);
    std::vector<T> w;
    if (weight) w = values_as<T>(*weight);
    if (e.size() < 2) return make(std::vector<T>{}, {0}, input.dtype(), input.device());
    return make(fill_bins<T>(x, weight ? &w : nullptr, e, Locate::Binary), {static_cast<int64_t>(e.size()) - 1},
                input.dtype(), input.device());
  };
  Tensor hist = input.dtype() == DType::Float32 ? run.template operator()<float>() : run.template operator()<double>();
  return {density ? normalised(hist, edges) : hist, edges};
}

}  // namespace tsh
