// engine/ops/numeric.cpp — diff, trapezoid, cumulative_trapezoid, vander, cov and corrcoef, composed from
// views, reductions and elementwise ops, in PyTorch's order of operations.
#include "engine/ops/numeric.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/host_values.h"
#include "engine/ops/join.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

std::string S(int64_t v) { return std::to_string(v); }

Tensor tail(const Tensor& t, int64_t dim) { return narrow(t, dim, 1, t.sizes()[dim] - 1); }
Tensor head(const Tensor& t, int64_t dim) { return narrow(t, dim, 0, t.sizes()[dim] - 1); }

// y must have dims for the rules to run along (PyTorch's IndexErrors otherwise).
void need_dims(const Tensor& y, int64_t dim, bool cumulative) {
  if (y.dim() > 0) return;
  TSH_CHECK(!cumulative, IndexError, "slice() cannot be applied to a 0-dim tensor.");
  throw IndexError("Dimension specified as " + S(dim) + " but tensor has no dimensions");
}

// x as the spacings along dim of y: x.diff() for 1-d x (viewed along dim), else x.diff(dim).
Tensor spacings(const Tensor& y, const Tensor& x, int64_t dim, const char* op) {
  if (x.dim() == 1) {
    TSH_CHECK(x.sizes()[0] == y.sizes()[dim], RuntimeError,
              std::string(op) + ": There must be one `x` value for each sample point");
    Shape shape(static_cast<size_t>(y.dim()), 1);
    shape[static_cast<size_t>(dim)] = x.sizes()[0] - 1;
    return view(diff(x, 1, 0, std::nullopt, std::nullopt), shape);
  }
  return diff(x, 1, dim, std::nullopt, std::nullopt);
}

}  // namespace

Tensor diff(const Tensor& self, int64_t n, int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append) {
  TSH_CHECK(self.dim() >= 1, RuntimeError, "diff expects input to be at least one-dimensional");
  TSH_CHECK(n >= 0, RuntimeError, "order must be non-negative but got " + S(n));
  const int64_t d = wrap_dim(dim, self.dim());
  Tensor t = self;
  if (prepend || append) {
    std::vector<Tensor> parts;
    if (prepend) parts.push_back(prepend->dim() == 0 ? expand(view(*prepend, {1}), [&] { Shape s = self.sizes(); s[d] = 1; return s; }()) : *prepend);
    parts.push_back(self);
    if (append) parts.push_back(append->dim() == 0 ? expand(view(*append, {1}), [&] { Shape s = self.sizes(); s[d] = 1; return s; }()) : *append);
    t = cat(parts, d);
  }
  if (n == 0) return t;
  for (int64_t k = 0; k < n; ++k) {
    if (t.sizes()[d] == 0) break;
    t = t.dtype() == DType::Bool ? logical_xor(tail(t, d), head(t, d)) : sub(tail(t, d), head(t, d));
  }
  if (t.sizes()[d] == 0) return t.is_same(self) ? clone(t) : t;
  return t;
}

Tensor trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  need_dims(y, dim, false);
  const int64_t d = wrap_dim(dim, y.dim());
  if (y.sizes()[d] == 0) return sum(y, std::vector<int64_t>{d}) ;
  // (Σy - (y_first + y_last) / 2) · dx
  const Tensor ends = add(select(y, d, 0), select(y, d, y.sizes()[d] - 1));
  return mul(sub(sum(y, std::vector<int64_t>{d}), mul(ends, Operand(0.5))), Operand(dx));
}

Tensor trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  need_dims(y, 0, false);
  const int64_t d = wrap_dim(dim, y.dim());
  if (y.sizes()[d] == 0) return sum(y, std::vector<int64_t>{d});
  const Tensor dx = spacings(y, x, d, "trapezoid");
  return div(sum(mul(dx, add(tail(y, d), head(y, d))), std::vector<int64_t>{d}), Operand(2.0));
}

Tensor cumulative_trapezoid(const Tensor& y, const Scalar& dx, int64_t dim) {
  need_dims(y, dim, true);
  const int64_t d = wrap_dim(dim, y.dim());
  if (y.sizes()[d] == 0) return clone(y);
  // dx / 2. as Python computes it: a float (or complex) number.
  const Scalar half_dx = dx.is_complex() ? Scalar(dx.to_complex() / 2.0) : Scalar(dx.to_double() / 2.0);
  return cumsum(mul(Operand(half_dx), add(head(y, d), tail(y, d))), d);
}

Tensor cumulative_trapezoid(const Tensor& y, const Tensor& x, int64_t dim) {
  need_dims(y, dim, true);
  const int64_t d = wrap_dim(dim, y.dim());
  if (y.sizes()[d] == 0) return clone(y);
  const Tensor dx = spacings(y, x, d, "cumulative_trapezoid");
  return div(cumsum(mul(dx, add(head(y, d), tail(y, d))), d), Operand(2.0));
}

Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing) {
  TSH_CHECK(x.dim() == 1, RuntimeError, "x must be a one-dimensional tensor.");
  const int64_t n = N.value_or(x.sizes()[0]);
  TSH_CHECK(n >= 0, RuntimeError, "N must be non-negative.");
  const DType d = promote_types(x.dtype(), DType::Int64);
  Tensor out = empty({x.sizes()[0], n}, d, x.device());
  if (n > 0) fill_(select(out, 1, 0), Scalar(int64_t{1}));
  if (n > 1) {
    const Tensor rest = narrow(out, 1, 1, n - 1);
    copy_(rest, unsqueeze(x, 1));
    copy_(rest, cumprod(rest, 1));
  }
  return increasing ? out : flip(out, {1});
}

Tensor cov(const Tensor& input, int64_t correction, const std::optional<Tensor>& fweights,
           const std::optional<Tensor>& aweights) {
  TSH_CHECK(input.dim() <= 2, RuntimeError,
            "cov(): expected input to have two or fewer dimensions but got an input with " + S(input.dim()) +
                " dimensions");
  const Tensor in = input.dim() < 2 ? view(input, {1, -1}) : input;
  const int64_t observations = in.sizes()[1];
  auto check_weights = [&](const Tensor& w, const char* name, bool integral) {
    TSH_CHECK(w.dim() <= 1, RuntimeError,
              std::string("cov(): expected ") + name + " to have one or fewer dimensions but got " + name + " with " +
                  S(w.dim()) + " dimensions");
    TSH_CHECK(w.numel() == observations, RuntimeError,
              std::string("cov(): expected ") + name + " to have the same numel as there are observations in the "
              "input but got " + S(w.numel()) + " != " + S(observations));
    if (integral)
      TSH_CHECK(is_integral(w.dtype(), false), RuntimeError,
                std::string("cov(): expected fweights to have integral dtype but got fweights with ") +
                    scalar_type_name(w.dtype()) + " dtype");
    else
      TSH_CHECK(is_floating(w.dtype()), RuntimeError,
                std::string("cov(): expected aweights to have floating point dtype but got aweights with ") +
                    scalar_type_name(w.dtype()) + " dtype");
    TSH_CHECK(!item(any(lt(w, Operand(int64_t{0})))).to_int(), RuntimeError,
              std::string("cov(): ") + name + " cannot be negative");
  };
  std::optional<Tensor> w;
  if (fweights) {
    check_weights(*fweights, "fweights", true);
    w = *fweights;
  }
  if (aweights) {
    check_weights(*aweights, "aweights", false);
    w = w ? mul(*w, *aweights) : *aweights;
  }
  const Tensor w_sum = w ? sum(*w) : full({}, Scalar(observations), DType::Int64, in.device());
  const Tensor avg = div(sum(w ? mul(in, *w) : in, std::vector<int64_t>{1}), w_sum);
  Tensor norm_factor;
  if (w && correction != 0) {
    norm_factor = aweights ? sub(w_sum, div(mul(sum(mul(*w, *aweights)), Operand(correction)), w_sum))
                           : sub(w_sum, Operand(correction));
  } else {
    norm_factor = sub(w_sum, Operand(correction));
  }
  if (item(le(norm_factor, Operand(int64_t{0}))).to_int()) norm_factor = zeros_like(norm_factor);
  const Tensor centered = sub(in, unsqueeze(avg, 1));
  const Tensor right = w ? mul(centered, *w) : centered;
  const Tensor product = mm(centered, conj(transpose(right, 0, 1)));
  return squeeze(div(product, norm_factor));
}

Tensor corrcoef(const Tensor& input) {
  TSH_CHECK(input.dim() <= 2, RuntimeError,
            "corrcoef(): expected input to have two or fewer dimensions but got an input with " + S(input.dim()) +
                " dimensions");
  Tensor c = cov(input, 1, std::nullopt, std::nullopt);
  if (c.dim() == 0) return div(c, c);
  const Tensor stddev = sqrt(diagonal(c));
  c = div(c, unsqueeze(stddev, 1));
  c = div(c, unsqueeze(stddev, 0));
  return is_complex(c.dtype()) ? c : clamp(c, Operand(-1.0), Operand(1.0));
}

}  // namespace tsh
