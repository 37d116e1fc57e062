// engine/autograd/reduce.cpp — derivatives of reductions: sums, means, products, extrema, norms,
// variances, softmax, cumulative sums, the mean squared error.
#include <algorithm>
#include <cmath>

#include "engine/autograd/formula.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/softmax.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh::ag {

namespace {

// The reduced dims, wrapped and sorted; every dim when none are named.
std::vector<int64_t> reduced_dims(const OptDims& dims, int64_t ndim) {
  std::vector<int64_t> out;
  if (!dims || dims->empty()) {
    for (int64_t d = 0; d < ndim; ++d) out.push_back(d);
  } else {
    for (int64_t d : *dims) out.push_back(wrap_dim(d, std::max<int64_t>(ndim, 1)));
    if (ndim == 0) out.clear();
  }
  std::sort(out.begin(), out.end());
  return out;
}

// g (the reduction's result shape) with the reduced dims back as size 1, ready to broadcast.
Tensor unsqueeze_reduced(const Tensor& g, const std::vector<int64_t>& dims, int64_t ndim, bool keepdim) {
  if (keepdim || g.dim() == ndim) return g;
  Tensor r = g;
  if (g.dim() == 0) return ag::reshape(g, Shape(static_cast<size_t>(ndim), 1));
  for (int64_t d : dims) r = ag::unsqueeze(r, d);
  return r;
}

int64_t count_of(const Shape& sizes, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= sizes[d];
  return n;
}

Tensor eq_zero(const Tensor& t) { return compare(CompareOp::Eq, t, 0); }

}  // namespace

Tensor expand_reduced(const Tensor& g, const Shape& sizes, const OptDims& dims, bool keepdim) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  return ag::expand(unsqueeze_reduced(g, reduced_dims(dims, nd), nd, keepdim), sizes);
}

Tensor nansum_result(const Tensor& x, const Tensor& r, const OptDims& dims, bool keepdim, bool mean) {
  if (!needs_grad({x})) return r;
  // PyTorch composes nanmean as nansum / count: its node is a DivBackward0.
  auto n = make_node(mean ? "DivBackward0" : "NansumBackward0", {x}, nullptr);
  const size_t sx = n->save(x);
  const Shape sizes = x.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    const Tensor xv = s.unpack(sx);
    const Tensor keep = tsh::logical_not(tsh::isnan(xv));
    Tensor gg = expand_reduced(g[0], sizes, dims, keepdim);
    if (mean) gg = ag::div(gg, expand_reduced(tsh::sum(keep, dims, keepdim), sizes, dims, keepdim));
    return {ag::where(keep, gg, 0.0)};
  };
  attach(n, r);
  return r;
}

Tensor sum(const Tensor& x, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  Tensor r = tsh::sum(x, dims, keepdim, dtype);
  if (needs_grad({x})) {
    const Shape sizes = x.sizes();
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim();
    auto n = make_node(dims ? "SumBackward1" : "SumBackward0", {x}, [=](Node&, const TensorList& g) -> TensorList {
      return {ag::expand(unsqueeze_reduced(g[0], rd, nd, keepdim), sizes)};
    });
    attach(n, r);
  }
  return r;
}

Tensor mean(const Tensor& x, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  Tensor r = tsh::mean(x, dims, keepdim, dtype);
  if (needs_grad({x})) {
    const Shape sizes = x.sizes();
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim(), count = count_of(sizes, rd);
    auto n = make_node(dims ? "MeanBackward1" : "MeanBackward0", {x}, [=](Node&, const TensorList& g) -> TensorList {
      return {ag::div(ag::expand(unsqueeze_reduced(g[0], rd, nd, keepdim), sizes), count)};
    });
    attach(n, r);
  }
  return r;
}

Tensor prod(const Tensor& x, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype) {
  Tensor r = tsh::prod(x, dim, keepdim, dtype);
  if (needs_grad({x})) {
    // d/dx_i of the product is the product of the others: exclusive products from the left and from
    // the right, which stays right when some x_j are zero (dividing the product by x_i would not).
    auto n = make_node(dim ? "ProdBackward1" : "ProdBackward0", {x}, nullptr);
    const size_t sx = n->save(x);
    const Shape sizes = x.sizes();
    const int64_t nd = x.dim();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor xv = self.unpack(sx);
      if (xv.numel() == 0) return {zeros(sizes, xv.dtype(), xv.device())};
      const Tensor flat = dim ? xv : ag::reshape(xv, {-1});
      const int64_t d = dim ? wrap_dim(*dim, std::max<int64_t>(nd, 1)) : 0;
      if (flat.dim() == 0) return {g[0]};
      const int64_t len = flat.size(d);
      auto exclusive = [&](const Tensor& t) {  // [1, t0, t0*t1, ...] along d
        Shape one = t.sizes();
        one[d] = 1;
        const Tensor ones_ = tsh::ones(one, t.dtype(), t.device());
        const Tensor head = ag::narrow(t, d, 0, len - 1);
        return len == 1 ? ones_ : ag::cat({ones_, tsh::cumprod(head, d)}, d);
      };
      const Tensor left = exclusive(flat);
      const Tensor right = tsh::flip(exclusive(tsh::flip(flat, {d})), {d});
      const Tensor others = tsh::mul(left, right);
      Tensor gg = dim ? unsqueeze_reduced(g[0], {d}, nd, keepdim) : ag::reshape(g[0], {1});
      return {ag::reshape(ag::mul(ag::expand(gg, flat.sizes()), ag::conj_if_complex(others)), sizes)};
    };
    attach(n, r);
  }
  return r;
}

Tensor var(const Tensor& x, const OptDims& dims, double correction, bool keepdim, bool take_sqrt) {
  Tensor r = take_sqrt ? tsh::stddev(x, dims, correction, keepdim) : tsh::var(x, dims, correction, keepdim);
  if (needs_grad({x})) {
    auto n = make_node(take_sqrt ? "StdBackward0" : "VarBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = take_sqrt ? n->save(r, true) : 0;
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim(), count = count_of(x.sizes(), rd);
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor xv = self.unpack(sx);
      const double denom = std::max(0.0, static_cast<double>(count) - correction);
      const Tensor centred = ag::sub(xv, ag::mean(xv, rd, true));
      Tensor gg = unsqueeze_reduced(g[0], rd, nd, keepdim);
      if (take_sqrt) {
        const Tensor sd = unsqueeze_reduced(self.unpack(sr), rd, nd, keepdim);
        gg = ag::masked_fill(ag::div(gg, sd), eq_zero(sd), 0.0);
        return {ag::mul(ag::div(gg, denom), centred)};
      }
      return {ag::mul(ag::mul(gg, 2.0 / denom), centred)};
    };
  }
  return r;
}

Tensor max_all(const Tensor& x, bool is_max) {
  Tensor r = is_max ? tsh::max(x) : tsh::min(x);
  if (needs_grad({x})) {
    auto n = make_node(is_max ? "MaxBackward1" : "MinBackward1", {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = n->save(r, true);
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      // Shared evenly between the elements equal to the extremum (PyTorch's evenly_distribute_backward).
      const Tensor xv = self.unpack(sx), rv = self.unpack(sr);
      const Tensor mask = compare(CompareOp::Eq, xv, rv);
      const Tensor count = tsh::sum(mask);
      return {ag::mul(ag::to_dtype(mask, xv.dtype()), ag::div(g[0], count))};
    };
  }
  return r;
}

std::pair<Tensor, Tensor> max_dim(const Tensor& x, int64_t dim, bool keepdim, bool is_max) {
  ValuesIndices vi = is_max ? tsh::max(x, dim, keepdim) : tsh::min(x, dim, keepdim);
  if (needs_grad({x})) {
    auto n = make_node(is_max ? "MaxBackward0" : "MinBackward0", {x}, nullptr);
    const size_t si = n->save(vi.indices);
    const Shape sizes = x.sizes();
    const int64_t nd = x.dim(), d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      if (nd == 0) return {g[0]};
      const Tensor idx = unsqueeze_reduced(self.unpack(si), {d}, nd, keepdim);
      const Tensor gg = unsqueeze_reduced(g[0], {d}, nd, keepdim);
      // Each gradient goes to the position of the extremum it came from.
      const Tensor pos = ag::positions_of(zeros(sizes, DType::Int64, gg.device()),
                                      [&](const Tensor& p) { return tsh::gather(p, d, idx); });
      return {ag::scatter_positions(gg, pos, sizes)};
    };
    attach(n, vi.values);
  }
  return {vi.values, vi.indices};
}

Tensor amax(const Tensor& x, const OptDims& dims, bool keepdim, bool is_max) {
  Tensor r = is_max ? tsh::amax(x, dims, keepdim) : tsh::amin(x, dims, keepdim);
  if (needs_grad({x})) {
    auto n = make_node(is_max ? "AmaxBackward0" : "AminBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = n->save(r, true);
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor xv = self.unpack(sx);
      const Tensor rv = unsqueeze_reduced(self.unpack(sr), rd, nd, keepdim);
      const Tensor mask = ag::to_dtype(compare(CompareOp::Eq, xv, rv), xv.dtype());
      const Tensor count = tsh::sum(mask, rd, true);
      return {ag::mul(ag::div(unsqueeze_reduced(g[0], rd, nd, keepdim), count), mask)};
    };
  }
  return r;
}

Tensor norm(const Tensor& x, double p, const OptDims& dims, bool keepdim, const std::string& node) {
  Tensor r = tsh::norm(x, p, dims, keepdim);
  if (needs_grad({x})) {
    auto n = make_node(node, {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = n->save(r, true);
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor xv = self.unpack(sx);
      const Tensor rv = unsqueeze_reduced(self.unpack(sr), rd, nd, keepdim);
      const Tensor gg = unsqueeze_reduced(g[0], rd, nd, keepdim);
      if (p == 0.0) return {zeros(xv.sizes(), xv.dtype(), xv.device())};
      if (p == 1.0) return {ag::mul(ag::unary(UnaryOp::Sgn, xv), gg)};
      if (p == 2.0) return {ag::masked_fill(ag::mul(xv, ag::div(gg, rv)), eq_zero(rv), 0.0)};
      if (std::isinf(p)) {
        const Tensor ax = ag::unary(UnaryOp::Abs, xv);
        const Tensor mask = ag::to_dtype(compare(CompareOp::Eq, ax, rv), xv.dtype());
        const Tensor count = tsh::sum(mask, rd, true);
        return {ag::mul(ag::mul(ag::unary(UnaryOp::Sgn, xv), ag::div(gg, count)), mask)};
      }
      // x * |x|^(p-2) * g / r^(p-1), zero where the norm is zero.
      const Tensor scale = ag::mul(xv, ag::pow(ag::unary(UnaryOp::Abs, xv), p - 2));
      const Tensor res = ag::mul(scale, ag::div(gg, ag::pow(rv, p - 1)));
      return {ag::masked_fill(res, eq_zero(rv), 0.0)};
    };
  }
  return r;
}

Tensor logsumexp(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim) {
  Tensor r = tsh::logsumexp(x, dims, keepdim);
  if (needs_grad({x})) {
    auto n = make_node("LogsumexpBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sx = n->save(x), sr = n->save(r, true);
    const auto rd = reduced_dims(dims, x.dim());
    const int64_t nd = x.dim();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor rv = unsqueeze_reduced(self.unpack(sr), rd, nd, keepdim);
      return {ag::mul(unsqueeze_reduced(g[0], rd, nd, keepdim), ag::unary(UnaryOp::Exp, ag::sub(self.unpack(sx), rv)))};
    };
  }
  return r;
}

Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype, bool log) {
  Tensor r = log ? tsh::log_softmax(x, dim, dtype) : tsh::softmax(x, dim, dtype);
  if (needs_grad({x})) {
    auto n = make_node(log ? "LogSoftmaxBackward0" : "SoftmaxBackward0", {x}, nullptr);
    attach(n, r);
    const size_t sr = n->save(r, true);
    const int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    const bool zero_d = x.dim() == 0;
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor rv = self.unpack(sr);
      const std::vector<int64_t> dd = zero_d ? std::vector<int64_t>{} : std::vector<int64_t>{d};
      if (log) return {ag::sub(g[0], ag::mul(ag::unary(UnaryOp::Exp, rv), ag::sum(g[0], dd, true)))};
      const Tensor gr = ag::mul(g[0], rv);
      return {ag::sub(gr, ag::mul(rv, ag::sum(gr, dd, true)))};
    };
  }
  return r;
}

Tensor cumsum(const Tensor& x, int64_t dim, std::optional<DType> dtype) {
  Tensor r = tsh::cumsum(x, dim, dtype);
  if (needs_grad({x})) {
    const int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    const bool zero_d = x.dim() == 0;
    auto n = make_node("CumsumBackward0", {x}, [=](Node&, const TensorList& g) -> TensorList {
      if (zero_d) return {g[0]};
      return {ag::flip(ag::cumsum(ag::flip(g[0], {d}), d, std::nullopt), {d})};
    });
    attach(n, r);
  }
  return r;
}

Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction) {
  const Tensor diff = tsh::sub(input, target);
  const Tensor sq = tsh::pow(diff, Scalar(int64_t{2}));
  Tensor r = reduction == "none" ? sq : reduction == "sum" ? tsh::sum(sq) : tsh::mean(sq);
  if (needs_grad({input, target})) {
    auto n = make_node("MseLossBackward0", {input, target}, nullptr);
    const size_t si = n->save(input), st = n->save(target);
    const Shape ish = input.sizes(), tsh_ = target.sizes();
    const int64_t count = sq.numel();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor d = ag::sub(self.unpack(si), self.unpack(st));
      const double norm = reduction == "mean" ? 2.0 / static_cast<double>(count) : 2.0;
      const Tensor gg = ag::mul(ag::mul(d, norm), g[0]);
      return {ag::sum_to(gg, ish), ag::sum_to(ag::neg(gg), tsh_)};
    };
    attach(n, r);
  }
  return r;
}

}  // namespace tsh::ag
