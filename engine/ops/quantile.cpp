// engine/ops/quantile.cpp — quantile and nanquantile, composed of engine ops exactly as PyTorch
// composes them (sort, ranks in self's dtype, gather, lerp), so that the roundings agree.
#include "engine/ops/quantile.h"

#include <sstream>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/masked.h"
#include "engine/ops/out.h"
#include "engine/ops/reduce.h"
#include "engine/ops/sort.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

enum class Interp { Linear, Lower, Higher, Midpoint, Nearest };

Interp interpolation_mode(const std::string& s) {
  if (s == "linear") return Interp::Linear;
  if (s == "lower") return Interp::Lower;
  if (s == "higher") return Interp::Higher;
  if (s == "midpoint") return Interp::Midpoint;
  if (s == "nearest") return Interp::Nearest;
  throw RuntimeError("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got " + s);
}

void quantile_checks(const Tensor& self, const Tensor& q) {
  TSH_CHECK(self.numel() > 0, RuntimeError, "quantile() input tensor must be non-empty");
  TSH_CHECK(q.dim() <= 1, RuntimeError, "quantile() q must be a scalar or 1D tensor");
  TSH_CHECK(self.dtype() == DType::Float32 || self.dtype() == DType::Float64, RuntimeError,
            "quantile() input tensor must be either float or double dtype");
  TSH_CHECK(self.dtype() == q.dtype(), RuntimeError, "quantile() q tensor must be same dtype as the input tensor");
  TSH_CHECK(self.device() == q.device(), RuntimeError,
            "quantile() q tensor must be on the same device as the input tensor");
}

// q's values first (1-d q), then self's shape reduced over dim (or over everything).
Shape output_shape(std::optional<int64_t> dim, const Tensor& self, const Tensor& q, bool keepdim, int64_t wrapped) {
  Shape out;
  if (dim && self.dim() > 0) {
    out = self.sizes();
    if (keepdim) out[static_cast<size_t>(wrapped)] = 1;
    else out.erase(out.begin() + wrapped);
  } else if (keepdim) {
    out = Shape(static_cast<size_t>(self.dim()), 1);
  }
  if (q.dim() > 0) out.insert(out.begin(), q.numel());
  return out;
}

Tensor compute(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, Interp mode, bool ignore_nan,
               int64_t wrapped, Shape out_shape) {
  // PyTorch checks q's range on the CPU at once and on an accelerator with a device-side assert; tsh
  // checks wherever there are values (not on meta), so that a bad q never gathers out of bounds.
  if (!self.device().is_meta()) {
    const Tensor in_range = all(logical_and(ge(q, Scalar(int64_t{0})), le(q, Scalar(int64_t{1}))));
    TSH_CHECK(item(in_range).to_bool(), RuntimeError, "quantile() q values must be in the range [0, 1]");
  }
  Tensor sorted;
  if (!dim) sorted = sort(flatten(self)).values;
  else if (wrapped == self.dim() - 1) sorted = sort(self).values;
  else sorted = sort(transpose(unsqueeze(self, -1), wrapped, -1)).values;

  if (q.dim() == 0) out_shape.insert(out_shape.begin(), q.numel());
  Shape in_shape(out_shape.begin() + 1, out_shape.end());  // the reduced dims, then the sorted values
  in_shape.push_back(sorted.size(-1));
  sorted = reshape(sorted, in_shape);
  TSH_CHECK(sorted.size(-1) <= (int64_t{1} << 24), RuntimeError, "quantile() input tensor is too large");

  // 'nearest' rounds a rank PyTorch 2.15 computes more precisely than q's dtype: a float32 q of 1/6
  // over 4 values ranks just above 0.5 and picks index 1 (the float32 product is 0.5, which rounds to 0).
  const Tensor qr = mode == Interp::Nearest ? to(q, DType::Float64, std::nullopt) : q;
  Tensor ranks;
  if (ignore_nan) {
    // Ranks among the non-NaN values; all NaN gives rank 0, whose value is NaN.
    const Tensor count = sum(logical_not(isnan(sorted)), std::vector<int64_t>{-1}, true);
    ranks = mul(qr, sub(count, Scalar(int64_t{1})));
    masked_fill_(ranks, lt(ranks, Scalar(int64_t{0})), Scalar(int64_t{0}));
  } else {
    // A NaN anywhere sends the rank to the last index, where the sorted NaN lies.
    const int64_t last_index = sorted.size(-1) - 1;
    Tensor scaled = mul(qr, Scalar(last_index));
    const Tensor has_nan = any(isnan(sorted), std::vector<int64_t>{-1}, true);
    const Shape shape = broadcast_shapes(scaled.sizes(), has_nan.sizes());
    ranks = masked_fill(expand(scaled, shape), expand(has_nan, shape), Scalar(last_index));
  }
  if (mode == Interp::Lower) floor(ranks, Dest::inplace(ranks));
  else if (mode == Interp::Higher) ceil(ranks, Dest::inplace(ranks));
  else if (mode == Interp::Nearest) round(ranks, 0, Dest::inplace(ranks));

  const Tensor ranks_below = to(ranks, DType::Int64, std::nullopt);
  Tensor values = gather(sorted, -1, ranks_below);
  if (mode == Interp::Linear || mode == Interp::Midpoint) {
    const Tensor weights = mode == Interp::Midpoint ? full_like(ranks, Scalar(0.5)) : sub(ranks, ranks_below);
    ceil(ranks, Dest::inplace(ranks));
    const Tensor values_above = gather(sorted, -1, to(ranks, DType::Int64, std::nullopt));
    lerp(values, values_above, weights, Dest::inplace(values));
  }
  if (q.dim() == 0) return squeeze(values, -1);
  return squeeze(transpose(unsqueeze(values, 0), 0, -1), -1);
}

}  // namespace

Tensor quantile(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan, const std::optional<Tensor>& out) {
  const Interp mode = interpolation_mode(interpolation);
  quantile_checks(self, q);
  if (out) {
    TSH_CHECK(self.dtype() == out->dtype(), RuntimeError, "quantile() out tensor must be same dtype as the input tensor");
    TSH_CHECK(self.device() == out->device(), RuntimeError,
              "quantile() out tensor must be on the same device as the input tensor");
  }
  const int64_t wrapped = wrap_dim(dim.value_or(0), self.dim());
  Shape out_shape = output_shape(dim, self, q, keepdim, wrapped);
  if (out) resize_out(*out, out_shape);
  Tensor result = self.device().is_meta() ? empty(out_shape, self.dtype(), self.device())
                                          : compute(self, q, dim, mode, ignore_nan, wrapped, out_shape);
  if (!out) return result;
  if (!self.device().is_meta()) copy_(*out, result);
  return *out;
}

Tensor quantile(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                const std::string& interpolation, bool ignore_nan, const std::optional<Tensor>& out) {
  if (!(q >= 0 && q <= 1)) {
    std::ostringstream s;
    s << "quantile() q must be in the range [0, 1] but got " << q;
    throw RuntimeError(s.str());
  }
  // A 0-d q of self's dtype; of double for any other input, which the dtype check then refuses.
  const bool floating = self.dtype() == DType::Float32 || self.dtype() == DType::Float64;
  return quantile(self, full({}, Scalar(q), floating ? self.dtype() : DType::Float64, self.device()), dim, keepdim, interpolation, ignore_nan, out);
}

}  // namespace tsh
