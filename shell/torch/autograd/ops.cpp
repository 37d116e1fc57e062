// shell/torch/autograd/ops.cpp — registry ops when autograd records: grad mode is on and an
// argument requires grad.
//
// The registry first runs an op's plain implementation (its argument checks, errors and dtype
// rules stay the one source of truth), then the entry here builds the same result with the
// engine's differentiable functions (engine/autograd/functions.h), which record the node PyTorch
// records. An op with no entry here and a floating result refuses with PyTorch's "the derivative
// for 'op' is not implemented." rather than return a tensor that silently drops the graph.
#include "shell/torch/autograd/ops.h"

#include <map>
#include <set>

#include "engine/autograd/functions.h"
#include "engine/autograd/layout.h"
#include "engine/autograd/variable.h"
#include "engine/core/shape.h"
#include <algorithm>
#include <cmath>
#include <complex>

#include "engine/ops/compare.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/copy.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/special.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/elementwise_defs.h"

namespace tsh::shell {

namespace {

namespace ag = tsh::ag;

size_t at(const Bound& b, const char* name) { return b.index_of(name); }
bool given(const Bound& b, const char* name) {
  const size_t i = b.index_of(name);
  return i != Bound::npos && !b.is_none(i);
}
Tensor self_of(const Bound& b) { return b.tensor(0); }
Value as_value(const Tensor& t) { return Value::tensor(t); }

OptDims dims_of(const Bound& b, const char* name = "dim") {
  if (!given(b, name)) return std::nullopt;
  const Value& v = b[at(b, name)];
  if (v.is_intlike()) return std::vector<int64_t>{static_cast<int64_t>(v.as_int())};
  Shape s = b.shape(at(b, name));
  return std::vector<int64_t>(s.begin(), s.end());
}

std::optional<DType> dtype_of(const Bound& b) {
  const size_t i = at(b, "dtype");
  return i == Bound::npos ? std::nullopt : b.dtype(i);
}

bool flag(const Bound& b, const char* name, bool dflt) {
  const size_t i = at(b, name);
  return i == Bound::npos || b.is_none(i) ? dflt : b.boolean(i);
}

Operand arg_operand(const Bound& b, const char* name) { return operand(b, at(b, name)); }

// The items of an op's tuple result (a plain tuple or a torch.return_types named tuple).
const std::vector<Value>& result_items(const Value& v) {
  return v.is(Kind::NamedTuple) ? v.as<NamedTupleObj>()->items : v.items();
}
// The first tensor of an op's result: the result itself, or its first item.
Tensor first_tensor(const Value& v) { return v.is(Kind::Tensor) ? v.as_tensor() : result_items(v)[0].as_tensor(); }

using Impl = AutogradImpl;

std::map<std::string, Impl> build_table() {
  std::map<std::string, Impl> t;
  // Arithmetic.
  t["add"] = [](Bound& b, const Value&) {
    return as_value(ag::add(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["sub"] = [](Bound& b, const Value&) {
    return as_value(ag::sub(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["subtract"] = t["sub"];
  t["rsub"] = [](Bound& b, const Value&) {
    return as_value(ag::rsub(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["mul"] = [](Bound& b, const Value&) { return as_value(ag::mul(arg_operand(b, "self"), arg_operand(b, "other"))); };
  t["multiply"] = t["mul"];
  t["div"] = [](Bound& b, const Value&) {
    if (given(b, "rounding_mode")) autograd::derivative_not_implemented("div", "with a rounding_mode");
    return as_value(ag::div(arg_operand(b, "self"), arg_operand(b, "other")));
  };
  t["divide"] = t["div"];
  t["true_divide"] = t["div"];
  t["pow"] = [](Bound& b, const Value&) { return as_value(ag::pow(arg_operand(b, "self"), arg_operand(b, "exponent"))); };
  t["square"] = [](Bound& b, const Value&) { return as_value(ag::square(self_of(b))); };
  t["neg"] = [](Bound& b, const Value&) { return as_value(ag::neg(self_of(b))); };
  t["negative"] = t["neg"];
  t["relu"] = [](Bound& b, const Value&) { return as_value(ag::relu(self_of(b))); };
  t["maximum"] = [](Bound& b, const Value&) { return as_value(ag::maximum(b.tensor(0), b.tensor(1))); };
  t["minimum"] = [](Bound& b, const Value&) { return as_value(ag::minimum(b.tensor(0), b.tensor(1))); };
  t["atan2"] = [](Bound& b, const Value&) { return as_value(ag::atan2(b.tensor(0), b.tensor(1))); };
  t["arctan2"] = t["atan2"];
  t["where"] = [](Bound& b, const Value& plain) {
    if (b.values.size() < 3) return plain;  // where(condition): the indices, no gradient
    if (at(b, "condition") == 0) return as_value(ag::where(b.tensor(0), operand(b, 1), operand(b, 2)));
    return as_value(ag::where(b.tensor(1), operand(b, 0), operand(b, 2)));  // method: self.where(condition, other)
  };
  t["clamp"] = [](Bound& b, const Value&) { return as_value(ag::clamp(self_of(b), opt_operand(b, 1), opt_operand(b, 2))); };
  t["clip"] = t["clamp"];
  t["lerp"] = [](Bound& b, const Value&) { return as_value(ag::lerp(b.tensor(0), b.tensor(1), operand(b, 2))); };
  t["nan_to_num"] = [](Bound& b, const Value&) { return as_value(ag::nan_to_num(self_of(b), b.opt_f64(1), b.opt_f64(2), b.opt_f64(3))); };
  t["masked_fill"] = [](Bound& b, const Value&) { return as_value(ag::masked_fill(b.tensor(0), b.tensor(1), operand(b, 2))); };

  // Reductions.
  t["sum"] = [](Bound& b, const Value&) { return as_value(ag::sum(self_of(b), dims_of(b), flag(b, "keepdim", false), dtype_of(b))); };
  t["mean"] = [](Bound& b, const Value&) { return as_value(ag::mean(self_of(b), dims_of(b), flag(b, "keepdim", false), dtype_of(b))); };
  t["prod"] = [](Bound& b, const Value&) {
    return as_value(ag::prod(self_of(b), given(b, "dim") ? std::optional<int64_t>(b.int64(at(b, "dim"))) : std::nullopt,
                      flag(b, "keepdim", false), dtype_of(b)));
  };
  for (const bool take_sqrt : {false, true}) {
    t[take_sqrt ? "std" : "var"] = [take_sqrt](Bound& b, const Value&) {
      double correction = flag(b, "unbiased", true) ? 1.0 : 0.0;
      if (given(b, "correction")) correction = b.scalar(at(b, "correction")).to_double();
      return as_value(ag::var(self_of(b), dims_of(b), correction, flag(b, "keepdim", false), take_sqrt));
    };
  }
  for (const bool is_max : {true, false}) {
    t[is_max ? "max" : "min"] = [is_max](Bound& b, const Value&) -> Value {
      if (at(b, "other") != Bound::npos) return as_value(is_max ? ag::maximum(b.tensor(0), b.tensor(1)) : ag::minimum(b.tensor(0), b.tensor(1)));
      if (at(b, "dim") == Bound::npos) return as_value(ag::max_all(self_of(b), is_max));
      auto [v, i] = ag::max_dim(self_of(b), b.int64(at(b, "dim")), flag(b, "keepdim", false), is_max);
      return named(is_max ? "max" : "min", {"values", "indices"}, {as_value(v), as_value(i)});
    };
    t[is_max ? "amax" : "amin"] = [is_max](Bound& b, const Value&) {
      return as_value(ag::amax(self_of(b), dims_of(b), flag(b, "keepdim", false), is_max));
    };
  }
  t["logsumexp"] = [](Bound& b, const Value&) {
    const OptDims d = dims_of(b);
    return as_value(ag::logsumexp(self_of(b), d ? *d : std::vector<int64_t>{}, flag(b, "keepdim", false)));
  };
  t["softmax"] = [](Bound& b, const Value&) { return as_value(ag::softmax(self_of(b), b.int64(1), dtype_of(b), false)); };
  t["log_softmax"] = [](Bound& b, const Value&) { return as_value(ag::softmax(self_of(b), b.int64(1), dtype_of(b), true)); };
  t["cumsum"] = [](Bound& b, const Value&) { return as_value(ag::cumsum(self_of(b), b.int64(1), dtype_of(b))); };
  t["linalg_vector_norm"] = [](Bound& b, const Value&) {
    if (given(b, "dtype")) autograd::derivative_not_implemented("linalg_vector_norm", "with dtype=");
    return as_value(ag::norm(self_of(b), b.f64(1), dims_of(b), flag(b, "keepdim", false), "LinalgVectorNormBackward0"));
  };
  t["norm"] = [](Bound& b, const Value&) {
    double p = 2.0;
    const Value& pv = b[at(b, "p")];
    if (pv.is_number()) p = pv.as_float();
    else if (!pv.is_none() && !(pv.is(Kind::Str) && pv.as_str() == "fro")) autograd::derivative_not_implemented("norm");
    if (given(b, "dtype")) autograd::derivative_not_implemented("norm", "with dtype=");
    OptDims d;
    const Value& dv = b[at(b, "dim")];
    if (dv.is_intlike()) d = std::vector<int64_t>{static_cast<int64_t>(dv.as_int())};
    else if (dv.is_sequence()) {
      std::vector<int64_t> ds;
      for (const Value& x : dv.items()) ds.push_back(static_cast<int64_t>(x.as_int()));
      d = ds;
    }
    return as_value(ag::norm(self_of(b), p, d, flag(b, "keepdim", false), "LinalgVectorNormBackward0"));
  };
  t["trace"] = [](Bound& b, const Value&) { return as_value(ag::trace(self_of(b))); };

  // Views.
  t["view"] = [](Bound& b, const Value&) -> Value {
    if (at(b, "dtype") != Bound::npos) autograd::derivative_not_implemented("view", "for a view as another dtype");
    return as_value(ag::view(self_of(b), b.shape(1)));
  };
  t["view_as"] = [](Bound& b, const Value&) { return as_value(ag::view(self_of(b), b.tensor(1).sizes())); };
  t["reshape"] = [](Bound& b, const Value&) { return as_value(ag::reshape(self_of(b), b.shape(1))); };
  t["reshape_as"] = [](Bound& b, const Value&) { return as_value(ag::reshape(self_of(b), b.tensor(1).sizes())); };
  t["flatten"] = [](Bound& b, const Value&) { return as_value(ag::flatten(self_of(b), b.int64(1), b.int64(2))); };
  t["t"] = [](Bound& b, const Value&) { return as_value(ag::t(self_of(b))); };
  t["transpose"] = [](Bound& b, const Value&) { return as_value(ag::transpose(self_of(b), b.int64(1), b.int64(2))); };
  t["swapaxes"] = t["transpose"];
  t["swapdims"] = t["transpose"];
  t["permute"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return as_value(ag::permute(self_of(b), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["expand"] = [](Bound& b, const Value&) { return as_value(ag::expand(self_of(b), b.shape(1))); };
  t["expand_as"] = [](Bound& b, const Value&) { return as_value(ag::expand(self_of(b), b.tensor(1).sizes())); };
  t["broadcast_to"] = t["expand"];
  t["unsqueeze"] = [](Bound& b, const Value&) { return as_value(ag::unsqueeze(self_of(b), b.int64(1))); };
  t["squeeze"] = [](Bound& b, const Value&) -> Value {
    if (at(b, "dim") == Bound::npos) return as_value(ag::squeeze(self_of(b), std::nullopt, "SqueezeBackward0"));
    const Value& v = b[at(b, "dim")];
    if (v.is_intlike()) return as_value(ag::squeeze(self_of(b), std::vector<int64_t>{static_cast<int64_t>(v.as_int())}, "SqueezeBackward1"));
    const Shape s = b.shape(at(b, "dim"));
    return as_value(ag::squeeze(self_of(b), std::vector<int64_t>(s.begin(), s.end()), "SqueezeBackward2"));
  };
  t["select"] = [](Bound& b, const Value&) { return as_value(ag::select(self_of(b), b.int64(1), b.int64(2))); };
  t["narrow"] = [](Bound& b, const Value&) {
    const int64_t start = b[2].is(Kind::Tensor) ? b.tensor(2).numel() ? b.int64(2) : 0 : b.int64(2);
    return as_value(ag::narrow(self_of(b), b.int64(1), start, b.int64(3)));
  };
  t["diagonal"] = [](Bound& b, const Value&) { return as_value(ag::diagonal(self_of(b), b.int64(1), b.int64(2), b.int64(3))); };
  t["unfold"] = [](Bound& b, const Value&) { return as_value(ag::unfold(self_of(b), b.int64(1), b.int64(2), b.int64(3))); };
  t["as_strided"] = [](Bound& b, const Value&) {
    const Tensor x = self_of(b);
    return as_value(ag::as_strided(x, b.shape(1), b.shape(2), given(b, "storage_offset") ? b.int64(3) : x.storage_offset()));
  };
  t["unbind"] = [](Bound& b, const Value&) { return tensor_tuple(ag::unbind(self_of(b), b.int64(1))); };
  // contiguous and clone: the plain result is the copy in the layout memory_format= asked for.
  t["contiguous"] = [](Bound& b, const Value& plain) { return as_value(ag::cloned(self_of(b), plain.as_tensor())); };
  t["copy"] = [](Bound& b, const Value&) {  // copy_ in place: self takes src's values and history
    return as_value(ag::copy_result(self_of(b), ag::converted(b.tensor(1), b.tensor(1))));
  };
  t["clone"] = [](Bound& b, const Value& plain) { return as_value(ag::cloned(self_of(b), plain.as_tensor())); };

  // Joining, products, picking.
  t["cat"] = [](Bound& b, const Value&) { return as_value(ag::cat(b.tensors(0), b.int64(1))); };
  t["concat"] = t["cat"];
  t["concatenate"] = t["cat"];
  t["stack"] = [](Bound& b, const Value&) { return as_value(ag::stack(b.tensors(0), b.int64(1))); };
  t["matmul"] = [](Bound& b, const Value&) { return as_value(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["mm"] = [](Bound& b, const Value&) { return as_value(ag::mm(b.tensor(0), b.tensor(1))); };
  t["mv"] = [](Bound& b, const Value&) { return as_value(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["dot"] = [](Bound& b, const Value&) { return as_value(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["gather"] = [](Bound& b, const Value&) { return as_value(ag::gather(b.tensor(0), b.int64(1), b.tensor(2))); };
  t["index_select"] = [](Bound& b, const Value&) { return as_value(ag::index_select(b.tensor(0), b.int64(1), b.tensor(2))); };
  t["flip"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return as_value(ag::flip(b.tensor(0), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["repeat"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return as_value(ag::repeat(b.tensor(0), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["tril"] = [](Bound& b, const Value&) { return as_value(ag::tril_triu(b.tensor(0), b.int64(1), true)); };
  t["triu"] = [](Bound& b, const Value&) { return as_value(ag::tril_triu(b.tensor(0), b.int64(1), false)); };
  // Conversions: the plain result (which follows every rule of to/type/cpu/...) gets ToCopyBackward0.
  for (const char* n : {"to", "type", "type_as", "cpu", "cuda", "float", "double", "half", "bfloat16", "cfloat", "cdouble"})
    t[n] = [](Bound& b, const Value& plain) {
      if (!plain.is(Kind::Tensor)) return plain;
      return as_value(ag::converted(self_of(b), plain.as_tensor()));
    };
  // Unary math.
  static const std::pair<const char*, UnaryOp> unary_ops[] = {
      {"abs", UnaryOp::Abs}, {"absolute", UnaryOp::Abs}, {"sign", UnaryOp::Sign}, {"sgn", UnaryOp::Sgn}, {"reciprocal", UnaryOp::Reciprocal},
      {"sqrt", UnaryOp::Sqrt}, {"rsqrt", UnaryOp::Rsqrt}, {"exp", UnaryOp::Exp}, {"exp2", UnaryOp::Exp2},
      {"expm1", UnaryOp::Expm1}, {"log", UnaryOp::Log}, {"log2", UnaryOp::Log2}, {"log10", UnaryOp::Log10},
      {"log1p", UnaryOp::Log1p}, {"sin", UnaryOp::Sin}, {"cos", UnaryOp::Cos}, {"tan", UnaryOp::Tan},
      {"asin", UnaryOp::Asin}, {"arcsin", UnaryOp::Asin}, {"acos", UnaryOp::Acos}, {"arccos", UnaryOp::Acos},
      {"atan", UnaryOp::Atan}, {"arctan", UnaryOp::Atan}, {"sinh", UnaryOp::Sinh}, {"cosh", UnaryOp::Cosh},
      {"tanh", UnaryOp::Tanh}, {"asinh", UnaryOp::Asinh}, {"arcsinh", UnaryOp::Asinh}, {"acosh", UnaryOp::Acosh},
      {"arccosh", UnaryOp::Acosh}, {"atanh", UnaryOp::Atanh}, {"arctanh", UnaryOp::Atanh},
      {"sigmoid", UnaryOp::Sigmoid}, {"erf", UnaryOp::Erf}, {"erfc", UnaryOp::Erfc}, {"erfinv", UnaryOp::Erfinv},
      {"lgamma", UnaryOp::Lgamma}, {"floor", UnaryOp::Floor}, {"ceil", UnaryOp::Ceil}, {"trunc", UnaryOp::Trunc},
      {"fix", UnaryOp::Trunc}, {"frac", UnaryOp::Frac}};
  for (const auto& [n, op] : unary_ops) {
    const UnaryOp o = op;
    t[n] = [o](Bound& b, const Value&) { return as_value(ag::unary(o, self_of(b))); };
  }
  t["round"] = [](Bound& b, const Value&) {
    if (given(b, "decimals") && b.int64(at(b, "decimals")) != 0) return as_value(ag::unary(UnaryOp::Round, self_of(b)));
    return as_value(ag::unary(UnaryOp::Round, self_of(b)));
  };
  // Two-input functions and the add* family: the node goes on the plain result.
  for (const char* n : {"hypot", "logaddexp", "fmod", "remainder", "xlogy"}) {
    const std::string op = n;
    t[n] = [op](Bound& b, const Value& plain) {
      return as_value(ag::binary_more(op, arg_operand(b, "self"), arg_operand(b, "other"), plain.as_tensor()));
    };
  }
  t["addcmul"] = [](Bound& b, const Value& plain) {
    return as_value(ag::addc(false, b.tensor(0), b.tensor(1), b.tensor(2), b.scalar(at(b, "value")), plain.as_tensor()));
  };
  t["addcdiv"] = [](Bound& b, const Value& plain) {
    return as_value(ag::addc(true, b.tensor(0), b.tensor(1), b.tensor(2), b.scalar(at(b, "value")), plain.as_tensor()));
  };
  t["addmm"] = [](Bound& b, const Value& plain) {
    return as_value(ag::addmm(b.tensor(0), b.tensor(1), b.tensor(2), b.scalar(at(b, "beta")), b.scalar(at(b, "alpha")),
                       plain.as_tensor(), "AddmmBackward0"));
  };
  t["addmv"] = [](Bound& b, const Value& plain) {
    return as_value(ag::addmm(b.tensor(0), b.tensor(1), b.tensor(2), b.scalar(at(b, "beta")), b.scalar(at(b, "alpha")),
                       plain.as_tensor(), "AddmvBackward0"));
  };
  t["bmm"] = [](Bound& b, const Value&) {
    Tensor r = ag::matmul(b.tensor(0), b.tensor(1));
    if (auto fn = autograd::grad_fn(r)) fn->name = "BmmBackward0";
    return as_value(r);
  };
  t["outer"] = [](Bound& b, const Value&) { return as_value(ag::mul(ag::unsqueeze(b.tensor(0), 1), b.tensor(1))); };
  t["ger"] = t["outer"];
  // Ops that pick elements and say where: the values' gradient goes back to those positions.
  static const std::pair<const char*, const char*> pickers[] = {
      {"sort", "SortBackward0"}, {"topk", "TopkBackward0"}, {"kthvalue", "KthvalueBackward0"},
      {"median", "MedianBackward1"}, {"nanmedian", "NanmedianBackward1"}, {"mode", "ModeBackward0"},
      {"cummax", "CummaxBackward0"}, {"cummin", "CumminBackward0"}};
  for (const auto& [n, node] : pickers) {
    const char* name = node;
    const bool is_median = std::string(n) == "median" || std::string(n) == "nanmedian";
    t[n] = [name, is_median](Bound& b, const Value& plain) -> Value {
      const Tensor x = self_of(b);
      if (plain.is(Kind::Tensor)) {  // median() of everything: one value, shared between its ties
        return as_value(ag::evenly(x, plain.as_tensor(), is_median ? (std::string(name) == "NanmedianBackward1" ? "NanmedianBackward0" : "MedianBackward0") : name));
      }
      const auto& items = plain.as<NamedTupleObj>()->items;
      const Tensor values = items[0].as_tensor(), indices = items[1].as_tensor();
      int64_t dim = at(b, "dim") == Bound::npos || b.is_none(at(b, "dim")) ? -1 : b.int64(at(b, "dim"));
      if (x.dim() == 0) dim = 0;
      const Tensor pos = ag::positions_of(x, [&](const Tensor& p) {
        const Tensor idx = values.dim() == x.dim() ? indices : tsh::unsqueeze(indices, dim);
        Tensor picked = tsh::gather(p, x.dim() == 0 ? 0 : dim, idx);
        return values.dim() == x.dim() ? picked : tsh::squeeze(picked, dim);
      });
      ag::picked(x, values, pos, name);
      return plain;
    };
  }
  // Linear algebra: the node goes on the plain result.
  t["det"] = [](Bound& b, const Value& plain) { return as_value(ag::det_result(self_of(b), plain.as_tensor())); };
  t["linalg_det"] = t["det"];
  t["inverse"] = [](Bound& b, const Value& plain) { return as_value(ag::inverse_result(self_of(b), plain.as_tensor())); };
  t["linalg_inv"] = t["inverse"];
  t["linalg_solve"] = [](Bound& b, const Value& plain) {
    const Tensor A = b.tensor(0), B = b.tensor(1);
    if (b.boolean(2)) return as_value(ag::solve_result(A, B, plain.as_tensor(), true));
    // X A = B is A^T X^T = B^T.
    const Tensor At = ag::transpose(A, -2, -1), Bt = B.dim() == 1 ? B : ag::transpose(B, -2, -1);
    const Tensor Xt = ag::solve_result(At, Bt, linalg_solve(At, Bt), true);
    return as_value(ag::adopt(plain.as_tensor(), B.dim() == 1 ? Xt : ag::transpose(Xt, -2, -1), "LinalgSolveExBackward0"));
  };
  // Random draws shaped like self: PyTorch records them with a zero gradient.
  // Each overload has its own node: bernoulli(self) 0, bernoulli_(self, Tensor p) 1,
  // bernoulli_(self, float p) 2; bernoulli(self, float p) has none (refused at backward).
  t["bernoulli"] = [](Bound& b, const Value& plain) {
    const bool in_place = b.sig->name == "bernoulli_", float_p = b.sig->params.size() > 1 && b.sig->params[1].name == "p" &&
                                                                  b.sig->params[1].type != ParamType::Tensor;
    if (!in_place && float_p) {
      ag::refusing_result({self_of(b)}, plain.as_tensor(), "NotImplemented", "derivative for aten::bernoulli is not implemented");
      return plain;
    }
    const char* node = !in_place ? "BernoulliBackward0" : float_p ? "BernoulliBackward2" : "BernoulliBackward1";
    return as_value(ag::zero_grad_result(self_of(b), plain.as_tensor(), node));
  };
  t["nextafter"] = [](Bound& b, const Value& plain) {
    return as_value(ag::binary_more("nextafter", arg_operand(b, "self"), arg_operand(b, "other"), plain.as_tensor()));
  };
  t["polar"] = [](Bound& b, const Value& plain) {
    // abs·cos(angle) + i·abs·sin(angle)
    const Tensor a = b.tensor(0), th = b.tensor(1);
    const Tensor re = ag::mul(a, ag::unary(UnaryOp::Cos, th)), im = ag::mul(a, ag::unary(UnaryOp::Sin, th));
    const Tensor composed = ag::add(ag::mul(re, Scalar(std::complex<double>(1, 0))), ag::mul(im, Scalar(std::complex<double>(0, 1))));
    return as_value(ag::adopt(plain.as_tensor(), composed, "PolarBackward0"));
  };
  t["logaddexp2"] = [](Bound& b, const Value& plain) {
    return as_value(ag::binary_more("logaddexp2", arg_operand(b, "self"), arg_operand(b, "other"), plain.as_tensor()));
  };
  for (const bool is_min : {true, false}) {
    t[is_min ? "clamp_min" : "clamp_max"] = [is_min](Bound& b, const Value&) {
      const std::optional<Operand> bound = operand(b, 1);
      Tensor r = is_min ? ag::clamp(self_of(b), bound, std::nullopt) : ag::clamp(self_of(b), std::nullopt, bound);
      if (auto fn = autograd::grad_fn(r)) fn->name = is_min ? "ClampMinBackward0" : "ClampMaxBackward0";
      return as_value(r);
    };
  }
  // Functions of a real tensor that return it as it is (conj of a real tensor is itself).
  for (const char* n : {"positive", "resolve_neg", "as_tensor"})
    t[n] = [n](Bound& b, const Value& plain) {
      if (plain.is(Kind::Tensor) && plain.as_tensor().is_same(self_of(b))) return plain;
      autograd::derivative_not_implemented(n);
    };
  // Joining in several dims: cat of the inputs made at least 1-, 2- or 3-d, as PyTorch composes them.
  for (const char* n : {"hstack", "vstack", "row_stack", "dstack", "column_stack"}) {
    const std::string name = n;
    t[n] = [name](Bound& b, const Value&) {
      std::vector<Tensor> xs = b.tensors(0);
      for (Tensor& x : xs) {
        if (name == "hstack" && x.dim() == 0) x = ag::reshape(x, {1});
        if ((name == "vstack" || name == "row_stack") && x.dim() < 2) x = ag::reshape(x, {1, x.dim() == 0 ? 1 : x.size(0)});
        if (name == "dstack" && x.dim() < 3) {
          if (x.dim() == 0) x = ag::reshape(x, {1, 1, 1});
          else if (x.dim() == 1) x = ag::unsqueeze(ag::unsqueeze(x, 0), 2);
          else x = ag::unsqueeze(x, 2);
        }
        if (name == "column_stack" && x.dim() < 2) x = ag::reshape(x, {x.numel(), 1});
      }
      int64_t dim = 0;
      if (name == "hstack") dim = xs.empty() || xs[0].dim() == 1 ? 0 : 1;
      if (name == "dstack") dim = 2;
      if (name == "column_stack") dim = 1;
      return as_value(ag::cat(xs, dim));
    };
  }
  t["vdot"] = [](Bound& b, const Value& plain) {
    if (is_complex(b.tensor(0).dtype()))  // sum(conj(a) * b)
      return as_value(ag::adopt(plain.as_tensor(), ag::sum(ag::mul(ag::conj_physical(b.tensor(0)), b.tensor(1))), "VdotBackward0"));
    Tensor r = ag::matmul(b.tensor(0), b.tensor(1));
    if (auto fn = autograd::grad_fn(r)) fn->name = "VdotBackward0";
    return as_value(r);
  };
  t["dist"] = [](Bound& b, const Value&) {
    Tensor r = ag::norm(ag::sub(b.tensor(0), b.tensor(1)), b.scalar(2).to_double(), std::nullopt, false, "DistBackward0");
    return as_value(r);
  };
  t["diff"] = [](Bound& b, const Value&) {
    Tensor x = self_of(b);
    const int64_t dim = b.int64(2);
    std::vector<Tensor> parts;
    if (given(b, "prepend")) parts.push_back(b.tensor(3));
    parts.push_back(x);
    if (given(b, "append")) parts.push_back(b.tensor(4));
    if (parts.size() > 1) x = ag::cat(parts, dim);
    for (int64_t i = 0; i < b.int64(1) && x.size(dim) > 0; ++i) {
      const int64_t len = x.size(dim);
      x = ag::sub(ag::narrow(x, dim, 1, len - 1), ag::narrow(x, dim, 0, len - 1));
    }
    return as_value(x);
  };
  t["float_power"] = [](Bound& b, const Value& plain) {
    const DType wide = is_complex(plain.as_tensor().dtype()) ? DType::Complex128 : DType::Float64;
    auto widen = [wide](const Operand& o) { return o.is_tensor() ? Operand(ag::to_dtype(o.tensor(), wide)) : o; };
    return as_value(ag::pow(widen(arg_operand(b, "self")), widen(arg_operand(b, "exponent"))));
  };
  t["logit"] = [](Bound& b, const Value& plain) {
    const std::optional<double> eps = b.opt_f64(1);
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "LogitBackward0",
                                     [eps](const Tensor& g, const Tensor& x, const Tensor&) {
                                       const Tensor d = ag::div(g, ag::mul(x, ag::rsub(x, 1)));
                                       if (!eps) return d;
                                       const Tensor out = tsh::logical_or(tsh::compare(CompareOp::Lt, x, *eps),
                                                                         tsh::compare(CompareOp::Gt, x, 1 - *eps));
                                       return ag::where(out, 0.0, d);
                                     }, true));
  };
  t["gelu"] = [](Bound& b, const Value& plain) {
    const bool tanh_form = b.str(1) == "tanh";
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "GeluBackward0",
                                     [tanh_form](const Tensor& g, const Tensor& x, const Tensor&) {
                                       if (!tanh_form) {
                                         const Tensor cdf = ag::mul(ag::add(ag::unary(UnaryOp::Erf, ag::mul(x, M_SQRT1_2)), 1), 0.5);
                                         const Tensor pdf = ag::mul(ag::unary(UnaryOp::Exp, ag::mul(ag::mul(x, x), -0.5)), 0.5 * M_2_SQRTPI * M_SQRT1_2);
                                         return ag::mul(g, ag::add(cdf, ag::mul(x, pdf)));
                                       }
                                       const double k = M_SQRT2 * M_2_SQRTPI * 0.5, c = 0.044715;
                                       const Tensor x2 = ag::mul(x, x);
                                       const Tensor th = ag::unary(UnaryOp::Tanh, ag::mul(ag::add(x, ag::mul(ag::mul(x2, x), c)), k));
                                       const Tensor left = ag::mul(ag::add(th, 1), 0.5);
                                       const Tensor right = ag::mul(ag::mul(ag::mul(x, 0.5), ag::rsub(ag::mul(th, th), 1)),
                                                                    ag::mul(ag::add(ag::mul(x2, 3 * c), 1), k));
                                       return ag::mul(g, ag::add(left, right));
                                     }, true));
  };
  t["digamma"] = [](Bound& b, const Value& plain) {
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "DigammaBackward0",
                                     [](const Tensor& g, const Tensor& x, const Tensor&) { return ag::mul(g, polygamma(1, x)); }, false));
  };
  t["polygamma"] = [](Bound& b, const Value& plain) {
    const bool fn_form = at(b, "n") == 0;
    const int64_t n = b.int64(at(b, "n"));
    const Tensor x = b.tensor(fn_form ? 1 : 0);
    const char* node = b.sig->name == "polygamma_" ? "PolygammaBackward1" : "PolygammaBackward0";
    return as_value(ag::unary_result(x, plain.as_tensor(), node,
                                     [n](const Tensor& g, const Tensor& xv, const Tensor&) { return ag::mul(g, polygamma(n + 1, xv)); }, false));
  };
  t["zero"] = [](Bound& b, const Value&) {
    const Tensor x = self_of(b);
    return as_value(ag::zero_grad_result(x, tsh::zeros_like(x), "ZeroBackward0"));
  };
  t["fill"] = [](Bound& b, const Value&) {
    const Tensor x = self_of(b);
    if (b[1].is(Kind::Tensor)) {
      Tensor r = ag::copy_result(x, ag::expand(b.tensor(1), x.sizes()));
      if (auto fn = autograd::grad_fn(r)) fn->name = "FillBackward1";
      return as_value(r);
    }
    return as_value(ag::zero_grad_result(x, tsh::zeros_like(x), "FillBackward0"));
  };
  t["sum_to_size"] = [](Bound& b, const Value&) { return as_value(ag::sum_to(self_of(b), b.shape(1))); };
  t["poisson"] = [](Bound& b, const Value& plain) {
    return as_value(ag::zero_grad_result(self_of(b), plain.as_tensor(), "PoissonBackward0"));
  };
  for (const char* n : {"unique", "unique_consecutive"}) {
    const std::string name = n;
    t[n] = [name](Bound& b, const Value& plain) -> Value {
      const bool consecutive = name == "unique_consecutive";
      const Tensor values = first_tensor(plain);
      ag::refusing_result({self_of(b)}, values, consecutive ? "UniqueConsecutiveBackward0" : "Unique2Backward0",
                          std::string("the derivative for '") + (consecutive ? "unique_consecutive" : "_unique2") +
                              "' is not implemented.");
      return plain;
    };
  }
  for (const bool to_rad : {true, false}) {
    const double k = to_rad ? M_PI / 180.0 : 180.0 / M_PI;
    t[to_rad ? "deg2rad" : "rad2deg"] = [k, to_rad](Bound& b, const Value& plain) {
      return as_value(ag::unary_result(self_of(b), plain.as_tensor(), to_rad ? "Deg2RadBackward0" : "Rad2DegBackward0",
                                       [k](const Tensor& g, const Tensor&, const Tensor&) { return ag::mul(g, k); }, true));
    };
  }
  t["angle"] = [](Bound& b, const Value& plain) {
    if (is_complex(self_of(b).dtype()))  // g · i z / |z|^2, zero at 0
      return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "AngleBackward0",
                                       [](const Tensor& g, const Tensor& z, const Tensor&) {
                                         const Tensor a2 = tsh::mul(tsh::abs(z), tsh::abs(z));
                                         const Tensor d = ag::div(ag::mul(ag::mul(g, z), Scalar(std::complex<double>(0, 1))), a2);
                                         return ag::where(tsh::compare(CompareOp::Eq, a2, 0), 0.0, d);
                                       }, true));
    return as_value(ag::zero_grad_result(self_of(b), plain.as_tensor(), "AngleBackward0"));
  };
  for (const bool mean : {false, true})
    t[mean ? "nanmean" : "nansum"] = [mean](Bound& b, const Value& plain) {
      return as_value(ag::nansum_result(self_of(b), plain.as_tensor(), dims_of(b), flag(b, "keepdim", false), mean));
    };
  for (const bool is_max : {true, false})
    t[is_max ? "fmax" : "fmin"] = [is_max](Bound& b, const Value& plain) {
      return as_value(ag::fmax_result(b.tensor(0), b.tensor(1), plain.as_tensor(), is_max));
    };
  t["copysign"] = [](Bound& b, const Value& plain) {
    return as_value(ag::copysign_result(b.tensor(0), operand(b, 1), plain.as_tensor()));
  };
  t["cross"] = [](Bound& b, const Value& plain) {
    const Tensor r = plain.as_tensor();
    int64_t dim = -1;
    if (given(b, "dim")) dim = b.int64(at(b, "dim"));
    else  // torch.cross without dim: the first dim of size 3
      for (int64_t d = 0; d < r.dim(); ++d)
        if (r.size(d) == 3) { dim = d; break; }
    return as_value(ag::cross_result(b.tensor(0), b.tensor(1), r, dim));
  };
  t["linalg_cross"] = t["cross"];
  t["logdet"] = [](Bound& b, const Value& plain) {
    return as_value(ag::logdet_result(self_of(b), plain.as_tensor(), "WhereBackward0"));  // composite in PyTorch
  };
  for (const char* n : {"slogdet", "linalg_slogdet"})
    t[n] = [](Bound& b, const Value& plain) {
      ag::logdet_result(self_of(b), plain.as<NamedTupleObj>()->items[1].as_tensor(), "LinalgSlogdetBackward0");
      return plain;
    };
  t["cumprod"] = [](Bound& b, const Value& plain) {
    return as_value(ag::cumprod_result(self_of(b), plain.as_tensor(), b.int64(1)));
  };
  t["adjoint"] = [](Bound& b, const Value&) {
    const Tensor tr = ag::transpose(self_of(b), -2, -1);
    return as_value(is_complex(tr.dtype()) ? ag::conj_view(tr) : tr);
  };
  // Composite functions: the plain result keeps its exact values and takes the graph of the same
  // function composed from differentiable ones.
  for (const bool take_sqrt : {false, true})
    t[take_sqrt ? "std_mean" : "var_mean"] = [take_sqrt](Bound& b, const Value& plain) {
      double correction = flag(b, "unbiased", true) ? 1.0 : 0.0;
      if (given(b, "correction")) correction = b.scalar(at(b, "correction")).to_double();
      const Tensor x = self_of(b);
      const auto& items = result_items(plain);
      const char* node = take_sqrt ? "StdMeanBackward0" : "VarMeanBackward0";
      ag::adopt(items[0].as_tensor(), ag::var(x, dims_of(b), correction, flag(b, "keepdim", false), take_sqrt), node);
      ag::adopt(items[1].as_tensor(), ag::mean(x, dims_of(b), flag(b, "keepdim", false)), node);
      return plain;
    };
  t["aminmax"] = [](Bound& b, const Value& plain) {
    const auto& items = plain.as<NamedTupleObj>()->items;
    const Tensor x = self_of(b);
    const OptDims d = dims_of(b);
    ag::adopt(items[0].as_tensor(), ag::amax(x, d, flag(b, "keepdim", false), false), "AminmaxBackward0");
    ag::adopt(items[1].as_tensor(), ag::amax(x, d, flag(b, "keepdim", false), true), "AminmaxBackward0");
    return plain;
  };
  t["inner"] = [](Bound& b, const Value& plain) {
    const Tensor x = b.tensor(0), y = b.tensor(1);
    Tensor composed;
    if (x.dim() == 0 || y.dim() == 0) {
      composed = ag::mul(x, y);
    } else {
      const int64_t k = x.size(-1);
      Shape out(x.sizes().begin(), x.sizes().end() - 1);
      out.insert(out.end(), y.sizes().begin(), y.sizes().end() - 1);
      composed = ag::reshape(ag::matmul(ag::reshape(x, {-1, k}), ag::t(ag::reshape(y, {-1, k}))), out);
    }
    return as_value(ag::adopt(plain.as_tensor(), composed, "ViewBackward0"));
  };
  for (const char* n : {"matrix_power", "linalg_matrix_power"})
    t[n] = [](Bound& b, const Value& plain) {
      const Tensor a = b.tensor(0);
      int64_t p = b.int64(1);
      Tensor base = a;
      if (p < 0) {
        base = ag::inverse_result(a, inverse(a));
        p = -p;
      }
      if (p == 0) return as_value(ag::zero_grad_result(a, plain.as_tensor(), "ExpandBackward0"));
      Tensor composed = base;
      for (int64_t i = 1; i < p; ++i) composed = ag::matmul(composed, base);
      if (p == 1) composed = ag::clone(base);
      return as_value(ag::adopt(plain.as_tensor(), composed, p == 1 ? "CloneBackward0" : "MmBackward0"));
    };
  t["linalg_multi_dot"] = [](Bound& b, const Value& plain) {
    const std::vector<Tensor> xs = b.tensors(0);
    Tensor composed = xs[0];
    for (size_t i = 1; i < xs.size(); ++i) composed = ag::matmul(composed, xs[i]);
    return as_value(ag::adopt(plain.as_tensor(), composed, "ViewBackward0"));
  };
  t["logcumsumexp"] = [](Bound& b, const Value& plain) {
    // log(cumsum(exp(x - m))) + m, with m the (constant) maximum along dim for range.
    const Tensor x = self_of(b);
    const int64_t dim = b.int64(1);
    if (x.dim() == 0) return as_value(ag::adopt(plain.as_tensor(), ag::clone(x), "LogcumsumexpBackward0"));
    Tensor m = autograd::detach(tsh::amax(x, std::vector<int64_t>{dim}, true));
    m = tsh::where(tsh::isfinite(m), m, Operand(0.0));
    const Tensor composed = ag::add(ag::unary(UnaryOp::Log, ag::cumsum(ag::unary(UnaryOp::Exp, ag::sub(x, m)), dim, std::nullopt)), m);
    return as_value(ag::adopt(plain.as_tensor(), composed, "LogcumsumexpBackward0"));
  };
  // Recorded, refused at backward, as PyTorch has them (a NotImplemented node).
  for (const char* n : {"floor_divide", "heaviside", "histogram"}) {
    const std::string name = n;
    t[n] = [name](Bound& b, const Value& plain) -> Value {
      std::vector<Tensor> inputs = {b.tensor(0)};
      if (b[1].is(Kind::Tensor)) inputs.push_back(b.tensor(1));
      const Tensor r = first_tensor(plain);
      ag::refusing_result(inputs, r, "NotImplemented", "derivative for aten::" + name + " is not implemented");
      return plain;
    };
  }
  t["linalg_cholesky"] = [](Bound& b, const Value& plain) {
    return as_value(ag::cholesky_result(b.tensor(0), plain.as_tensor(), flag(b, "upper", false)));
  };
  t["cholesky"] = t["linalg_cholesky"];
  t["linalg_cholesky_ex"] = [](Bound& b, const Value& plain) {
    ag::cholesky_result(b.tensor(0), first_tensor(plain), flag(b, "upper", false));
    return plain;
  };
  t["linalg_eigh"] = [](Bound& b, const Value& plain) {
    const auto& items = result_items(plain);
    ag::eigh_result(b.tensor(0), items[0].as_tensor(), items[1].as_tensor(), b.str(1));
    return plain;
  };
  t["linalg_eigvalsh"] = [](Bound& b, const Value& plain) {
    ag::eigh_result(b.tensor(0), plain.as_tensor(), Tensor(), b.str(1));
    return plain;
  };
  for (const char* n : {"linalg_svd", "svd"})
    t[n] = [](Bound& b, const Value& plain) {
      const auto& items = result_items(plain);
      ag::svd_result(b.tensor(0), items[0].as_tensor(), items[1].as_tensor(), items[2].as_tensor());
      return plain;
    };
  t["linalg_svdvals"] = [](Bound& b, const Value& plain) {
    ag::svd_result(b.tensor(0), Tensor(), plain.as_tensor(), Tensor());
    return plain;
  };
  t["kron"] = [](Bound& b, const Value& plain) {
    // kron(a, b)[.., i*p + k, ..] = a[.., i, ..] * b[.., k, ..]: interleave the dims, multiply, merge.
    Tensor x = b.tensor(0), y = b.tensor(1);
    const int64_t nd = std::max(x.dim(), y.dim());
    Shape xs(static_cast<size_t>(nd - x.dim()), 1), ys(static_cast<size_t>(nd - y.dim()), 1);
    xs.insert(xs.end(), x.sizes().begin(), x.sizes().end());
    ys.insert(ys.end(), y.sizes().begin(), y.sizes().end());
    Shape xi, yi, out;
    for (int64_t d = 0; d < nd; ++d) {
      xi.insert(xi.end(), {xs[d], 1});
      yi.insert(yi.end(), {1, ys[d]});
      out.push_back(xs[d] * ys[d]);
    }
    const Tensor composed = ag::reshape(ag::mul(ag::reshape(x, xi), ag::reshape(y, yi)), out);
    return as_value(ag::adopt(plain.as_tensor(), composed, "UnsafeViewBackward0"));
  };
  t["tensordot"] = [](Bound& b, const Value& plain) -> Value {
    // Contract dims da of a with db of b: a permuted to (free, contracted), b to (contracted, free).
    const Tensor x = b.tensor(0), y = b.tensor(1);
    const Value& dv = b[2];
    std::vector<int64_t> da, db;
    if (dv.is_intlike()) {
      const int64_t k = static_cast<int64_t>(dv.as_int());
      for (int64_t i = 0; i < k; ++i) {
        da.push_back(x.dim() - k + i);
        db.push_back(i);
      }
    } else if ((dv.is(Kind::List) || dv.is(Kind::Tuple)) && dv.items().size() == 2) {
      auto dims = [](const Value& v) {
        std::vector<int64_t> out;
        if (v.is_intlike()) out.push_back(static_cast<int64_t>(v.as_int()));
        else for (const Value& d : v.items()) out.push_back(static_cast<int64_t>(d.as_int()));
        return out;
      };
      da = dims(dv.items()[0]);
      db = dims(dv.items()[1]);
      for (int64_t& d : da) d = wrap_dim(d, x.dim());
      for (int64_t& d : db) d = wrap_dim(d, y.dim());
    } else {
      autograd::derivative_not_implemented("tensordot", "with these dims");
    }
    std::vector<int64_t> pa, pb;
    Shape out;
    int64_t free_a = 1, free_b = 1, k = 1;
    for (int64_t d = 0; d < x.dim(); ++d)
      if (std::find(da.begin(), da.end(), d) == da.end()) {
        pa.push_back(d);
        out.push_back(x.size(d));
        free_a *= x.size(d);
      }
    for (int64_t d : da) {
      pa.push_back(d);
      k *= x.size(d);
    }
    for (int64_t d : db) pb.push_back(d);
    for (int64_t d = 0; d < y.dim(); ++d)
      if (std::find(db.begin(), db.end(), d) == db.end()) {
        pb.push_back(d);
        out.push_back(y.size(d));
        free_b *= y.size(d);
      }
    const Tensor am = ag::reshape(ag::permute(x, pa), {free_a, k});
    const Tensor bm = ag::reshape(ag::permute(y, pb), {k, free_b});
    return as_value(ag::adopt(plain.as_tensor(), ag::reshape(ag::mm(am, bm), out), "ViewBackward0"));
  };
  for (const char* n : {"trapezoid", "trapz", "cumulative_trapezoid"}) {
    const bool cumulative = std::string(n) == "cumulative_trapezoid";
    t[n] = [cumulative](Bound& b, const Value& plain) {
      // sum over dim of (y[1:] + y[:-1]) / 2 * spacing, spacing dx or diff(x).
      const Tensor y = b.tensor(0);
      const int64_t dim = b.int64(at(b, "dim"));
      const int64_t len = y.dim() == 0 ? 0 : y.size(dim);
      if (len == 0) return plain;
      const Tensor mid = ag::add(ag::narrow(y, dim, 1, len - 1), ag::narrow(y, dim, 0, len - 1));
      Tensor area;
      if (b[1].is(Kind::Tensor)) {
        const Tensor x = b.tensor(1);
        const int64_t xd = x.dim() == 1 ? 0 : dim;
        const int64_t xl = x.size(xd);
        Tensor dx = ag::sub(ag::narrow(x, xd, 1, xl - 1), ag::narrow(x, xd, 0, xl - 1));
        if (x.dim() == 1 && y.dim() > 1) {  // a 1-d x runs along dim
          Shape along(static_cast<size_t>(y.dim()), 1);
          along[static_cast<size_t>(wrap_dim(dim, y.dim()))] = xl - 1;
          dx = ag::reshape(dx, along);
        }
        area = ag::div(ag::mul(dx, mid), 2);
      } else {
        area = ag::mul(mid, b.scalar(1).to_double() / 2);
      }
      const Tensor composed = cumulative ? ag::cumsum(area, dim, std::nullopt) : ag::sum(area, std::vector<int64_t>{dim});
      const char* node = cumulative ? "CumsumBackward0" : b[1].is(Kind::Tensor) ? "DivBackward1" : "MulBackward1";
      return as_value(ag::adopt(plain.as_tensor(), composed, node));
    };
  }
  t["frobenius_norm"] = [](Bound& b, const Value&) {
    return as_value(ag::norm(self_of(b), 2.0, dims_of(b), flag(b, "keepdim", false), "NormBackward1"));
  };
  t["sinc"] = [](Bound& b, const Value& plain) {
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "SincBackward0",
                                     [](const Tensor& g, const Tensor& x, const Tensor& r) {
                                       // d/dx sin(pi x)/(pi x) = (cos(pi x) - sinc(x)) / x, 0 at x = 0
                                       const Tensor d = ag::div(ag::sub(ag::unary(UnaryOp::Cos, ag::mul(x, M_PI)), r), x);
                                       return ag::mul(g, ag::where(tsh::compare(CompareOp::Eq, x, 0), 0.0, d));
                                     }, true));
  };
  t["cov"] = [](Bound& b, const Value& plain) {
    // PyTorch's cov, composed: weights w = fweights * aweights, the mean and the normaliser from them.
    const Tensor x = self_of(b);
    const Tensor m = x.dim() < 2 ? ag::reshape(x, {1, -1}) : x;
    const int64_t correction = b.int64(at(b, "correction"));
    Tensor w;
    if (given(b, "fweights")) w = b.tensor(at(b, "fweights"));
    if (given(b, "aweights")) w = w.defined() ? ag::mul(w, b.tensor(at(b, "aweights"))) : b.tensor(at(b, "aweights"));
    Tensor avg, norm;
    if (w.defined()) {
      const Tensor w_sum = ag::sum(w);
      avg = ag::div(ag::sum(ag::mul(m, w), std::vector<int64_t>{1}), w_sum);
      if (given(b, "aweights") && correction != 0)
        norm = ag::sub(w_sum, ag::div(ag::mul(ag::sum(ag::mul(w, b.tensor(at(b, "aweights")))), static_cast<double>(correction)), w_sum));
      else
        norm = ag::sub(w_sum, static_cast<double>(correction));
      norm = ag::clamp(norm, Operand(0.0), std::nullopt);
    } else {
      avg = ag::mean(m, std::vector<int64_t>{1});
    }
    const Tensor centred = ag::sub(m, ag::unsqueeze(avg, 1));
    const Tensor right = w.defined() ? ag::mul(centred, w) : centred;
    Tensor c = ag::matmul(centred, ag::conj_if_complex(ag::t(right)));
    c = norm.defined() ? ag::div(c, norm) : ag::div(c, std::max(0.0, static_cast<double>(m.size(1) - correction)));
    if (x.dim() < 2) c = ag::reshape(c, {});
    return as_value(ag::adopt(plain.as_tensor(), c, "SqueezeBackward0"));
  };
  t["linalg_matrix_exp"] = [](Bound& b, const Value& plain) {
    return as_value(ag::matrix_exp_result(b.tensor(0), plain.as_tensor()));
  };
  t["matrix_exp"] = t["linalg_matrix_exp"];
  t["linalg_solve_triangular"] = [](Bound& b, const Value& plain) {
    const Tensor A = b.tensor(0), B = b.tensor(1);
    const bool upper = b.boolean(2), unit = flag(b, "unitriangular", false);
    if (flag(b, "left", true)) return as_value(ag::solve_triangular_result(A, B, plain.as_tensor(), upper, unit));
    // X A = B is A^T X^T = B^T, A^T triangular the other way.
    const Tensor At = ag::transpose(A, -2, -1), Bt = ag::transpose(B, -2, -1);
    const Tensor Xt = ag::solve_triangular_result(At, Bt, solve_triangular(At, Bt, !upper, true, unit), !upper, unit);
    return as_value(ag::adopt(plain.as_tensor(), ag::transpose(Xt, -2, -1), "LinalgSolveTriangularBackward0"));
  };
  t["triangular_solve"] = [](Bound& b, const Value& plain) {
    // (solution, A's copy): the solution of op(A) X = B, op(A) = A or A^T.
    const Tensor B = b.tensor(0), A = b.tensor(1);
    const bool upper = b.boolean(2), trans = b.boolean(3), unit = b.boolean(4);
    const auto& items = result_items(plain);
    const Tensor opA = trans ? ag::transpose(A, -2, -1) : A;
    const bool op_upper = trans ? !upper : upper;
    ag::adopt(items[0].as_tensor(),
              ag::solve_triangular_result(opA, B, solve_triangular(opA, B, op_upper, true, unit), op_upper, unit),
              "TriangularSolveBackward0");
    ag::adopt(items[1].as_tensor(), ag::clone(A), "TriangularSolveBackward0");
    return plain;
  };
  t["nuclear_norm"] = [](Bound& b, const Value& plain) {
    if (given(b, "dim") || flag(b, "keepdim", false)) autograd::derivative_not_implemented("nuclear_norm", "with dim or keepdim");
    const Tensor x = self_of(b);
    const Tensor sv = svdvals(x);
    ag::svd_result(x, Tensor(), sv, Tensor());
    return as_value(ag::adopt(plain.as_tensor(), ag::sum(sv, std::vector<int64_t>{-1}), "SumBackward1"));
  };
  t["linalg_lstsq"] = [](Bound& b, const Value& plain) -> Value {
    // For a full-rank A the solution is solve(A^H A, A^H B) (tall) or A^H solve(A A^H, B) (wide).
    const Tensor A = b.tensor(0), B = b.tensor(1);
    const auto& items = result_items(plain);
    const Tensor X = items[0].as_tensor();
    const bool vector = B.dim() == 1;
    const Tensor Bm = vector ? ag::unsqueeze(B, -1) : B;
    const Tensor AH = ag::conj_if_complex(ag::transpose(A, -2, -1));
    Tensor composed;
    try {
      if (A.size(-2) >= A.size(-1)) {
        const Tensor AhA = ag::matmul(AH, A), AhB = ag::matmul(AH, Bm);
        composed = ag::solve_result(AhA, AhB, linalg_solve(AhA, AhB), true);
      } else {
        const Tensor AAh = ag::matmul(A, AH);
        composed = ag::matmul(AH, ag::solve_result(AAh, Bm, linalg_solve(AAh, Bm), true));
      }
    } catch (const LinAlgError&) {  // rank-deficient: the forward stands, backward refuses
      ag::refusing_result({A, B}, X, "LinalgLstsqBackward0",
                          "the derivative for 'linalg_lstsq' is not implemented. (tsh lacks it for rank-deficient matrices)");
      return plain;
    }
    if (vector) composed = ag::squeeze(composed, std::vector<int64_t>{-1}, "SqueezeBackward1");
    ag::adopt(X, composed, "LinalgLstsqBackward0");
    return plain;
  };
  t["cholesky_solve"] = [](Bound& b, const Value& plain) {
    const Tensor B = b.tensor(0), L = b.tensor(1);
    const bool upper = flag(b, "upper", false);
    const Tensor LH = ag::conj_if_complex(ag::transpose(L, -2, -1));
    const Tensor A = upper ? ag::matmul(LH, L) : ag::matmul(L, LH);
    return as_value(ag::adopt(plain.as_tensor(), ag::solve_result(A, B, linalg_solve(A, B), true), "CholeskySolveBackward0"));
  };
  t["cholesky_inverse"] = [](Bound& b, const Value& plain) {
    const Tensor L = self_of(b);
    const Tensor LH = ag::conj_if_complex(ag::transpose(L, -2, -1));
    const Tensor A = flag(b, "upper", false) ? ag::matmul(LH, L) : ag::matmul(L, LH);
    return as_value(ag::adopt(plain.as_tensor(), ag::inverse_result(A, inverse(A)), "CholeskyInverseBackward0"));
  };
  t["mvlgamma"] = [](Bound& b, const Value& plain) {
    const int64_t p = b.int64(1);
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "MvlgammaBackward0",
                                     [p](const Tensor& g, const Tensor& x, const Tensor&) {
                                       Tensor d = zeros_like(x);
                                       for (int64_t i = 0; i < p; ++i) d = tsh::add(d, digamma(tsh::sub(x, 0.5 * static_cast<double>(i))));
                                       return ag::mul(g, d);
                                     }, false));
  };
  t["ldexp"] = [](Bound& b, const Value& plain) {
    const Tensor scale = exp2(to(b.tensor(1), plain.as_tensor().dtype(), std::nullopt, false));
    return as_value(ag::unary_result(self_of(b), plain.as_tensor(), "LdexpBackward0",
                                     [scale](const Tensor& g, const Tensor&, const Tensor&) { return ag::mul(g, scale); }, true));
  };
  t["complex"] = [](Bound& b, const Value& plain) {
    // z = a + b i: the gradient's real part goes to a, its imaginary part to b.
    const Tensor re = b.tensor(0), im = b.tensor(1);
    const Tensor composed = ag::add(ag::mul(re, Scalar(std::complex<double>(1, 0))), ag::mul(im, Scalar(std::complex<double>(0, 1))));
    return as_value(ag::adopt(plain.as_tensor(), composed, "ComplexBackward0"));
  };
  t["normal"] = [](Bound& b, const Value& plain) -> Value {
    // PyTorch gives mean and std of normal() a zero gradient (no reparameterisation).
    const bool tm = b[0].is(Kind::Tensor), ts = b[1].is(Kind::Tensor);
    Tensor composed;
    if (tm) composed = ag::mul(b.tensor(0), 0.0);
    if (ts) composed = composed.defined() ? ag::add(composed, ag::mul(b.tensor(1), 0.0)) : ag::mul(b.tensor(1), 0.0);
    if (composed.defined() && composed.sizes() != plain.as_tensor().sizes()) composed = ag::expand(composed, plain.as_tensor().sizes());
    return as_value(ag::adopt(plain.as_tensor(), composed, tm && ts ? "NormalBackward3" : tm ? "NormalBackward1" : "NormalBackward2"));
  };
  for (const bool imag : {false, true})
    t[imag ? "imag" : "real"] = [imag](Bound& b, const Value& plain) {
      if (!is_complex(self_of(b).dtype())) {
        if (plain.is(Kind::Tensor) && plain.as_tensor().is_same(self_of(b))) return plain;
        autograd::derivative_not_implemented(imag ? "imag" : "real");
      }
      return as_value(ag::complex_part(self_of(b), imag));
    };
  for (const char* n : {"linalg_pinv", "pinverse"})
    t[n] = [](Bound& b, const Value& plain) -> Value {
      // For a full-rank A: pinv = (A^H A)^-1 A^H (tall) or A^H (A A^H)^-1 (wide).
      const Tensor A = b.tensor(0), r = plain.as_tensor();
      const Tensor AH = ag::conj_if_complex(ag::transpose(A, -2, -1));
      try {
        const bool tall = A.size(-2) >= A.size(-1);
        const Tensor G = tall ? ag::matmul(AH, A) : ag::matmul(A, AH);
        const Tensor Gi = ag::inverse_result(G, inverse(G));
        return as_value(ag::adopt(r, tall ? ag::matmul(Gi, AH) : ag::matmul(AH, Gi), "LinalgPinvBackward0"));
      } catch (const LinAlgError&) {
        ag::refusing_result({A}, r, "LinalgPinvBackward0",
                            "the derivative for 'linalg_pinv' is not implemented. (tsh lacks it for rank-deficient matrices)");
        return plain;
      }
    };
  t["frexp"] = [](Bound& b, const Value& plain) {
    // mantissa = x / 2^exponent, the exponent a constant
    const auto& items = result_items(plain);
    const Tensor mantissa = items[0].as_tensor(), exponent = items[1].as_tensor();
    const Tensor scale = exp2(to(exponent, mantissa.dtype(), std::nullopt, false));
    ag::unary_result(self_of(b), mantissa, "FrexpBackward0",
                     [scale](const Tensor& g, const Tensor&, const Tensor&) { return ag::div(g, scale); }, true);
    return plain;
  };
  t["corrcoef"] = [](Bound& b, const Value& plain) {
    // cov / sqrt(var_i var_j), clipped to [-1, 1]
    const Tensor x = self_of(b);
    const Tensor m = x.dim() < 2 ? ag::reshape(x, {1, -1}) : x;
    const Tensor centred = ag::sub(m, ag::mean(m, std::vector<int64_t>{1}, true));
    const Tensor c = ag::div(ag::matmul(centred, ag::t(centred)), static_cast<double>(m.size(1) - 1));
    const Tensor sd = ag::unary(UnaryOp::Sqrt, ag::diagonal(c, 0, 0, 1));
    Tensor r = ag::div(ag::div(c, ag::unsqueeze(sd, 1)), ag::unsqueeze(sd, 0));
    r = ag::clamp(r, Operand(-1.0), Operand(1.0));
    if (x.dim() < 2) r = ag::reshape(r, {});
    return as_value(ag::adopt(plain.as_tensor(), r, "ClampBackward1"));
  };
  for (const char* n : {"linalg_qr", "qr"})
    t[n] = [n](Bound& b, const Value& plain) {
      const Tensor A = b.tensor(0);
      const auto& items = result_items(plain);
      const Tensor Q = items[0].as_tensor(), R = items[1].as_tensor();
      if (is_complex(A.dtype())) autograd::derivative_not_implemented(n, "for complex tensors");
      const size_t mi = b.index_of("mode");
      const std::string mode = mi == Bound::npos ? (b.index_of("some") != Bound::npos && !b.boolean(b.index_of("some")) ? "complete" : "reduced") : b.str(mi);
      if (mode == "r") {
        ag::refusing_result({A}, R, "LinalgQrBackward0",
                            "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
                            "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
        return plain;
      }
      if (mode == "complete" && A.size(-2) > A.size(-1))
        autograd::derivative_not_implemented(n, "with mode='complete' for tall matrices");
      ag::qr_result(A, Q, R);
      return plain;
    };
  t["linalg_eig"] = [](Bound& b, const Value& plain) {
    const auto& items = result_items(plain);
    ag::eig_result(b.tensor(0), items[0].as_tensor(), items[1].as_tensor());
    return plain;
  };
  t["linalg_eigvals"] = [](Bound& b, const Value& plain) {
    ag::eig_result(b.tensor(0), plain.as_tensor(), Tensor());
    return plain;
  };
  t["linalg_lu"] = [](Bound& b, const Value& plain) {
    const auto& items = result_items(plain);
    ag::lu_result(b.tensor(0), items[0].as_tensor(), items[1].as_tensor(), items[2].as_tensor());
    return plain;
  };
  for (const char* n : {"linalg_lu_factor", "linalg_lu_factor_ex"})
    t[n] = [](Bound& b, const Value& plain) {
      const auto& items = result_items(plain);
      ag::lu_factor_result(b.tensor(0), items[0].as_tensor(), items[1].as_tensor());
      return plain;
    };
  // Conjugation (a real tensor's conjugate is itself).
  t["conj"] = [](Bound& b, const Value& plain) {
    return plain.as_tensor().is_same(self_of(b)) ? plain : as_value(ag::conj_view(self_of(b)));
  };
  t["conj_physical"] = [](Bound& b, const Value& plain) {
    return plain.as_tensor().is_same(self_of(b)) ? plain : as_value(ag::conj_physical(self_of(b)));
  };
  t["resolve_conj"] = [](Bound& b, const Value& plain) {
    return plain.as_tensor().is_same(self_of(b)) ? plain : as_value(ag::resolve_conj(self_of(b)));
  };
  t["mse_loss"] = [](Bound& b, const Value&) { return as_value(ag::mse_loss(b.tensor(0), b.tensor(1), b.str(at(b, "reduction")))); };
  return t;
}

}  // namespace

const AutogradImpl* autograd_impl(const std::string& name) {
  static const std::map<std::string, Impl> table = build_table();
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

const char* rearranging_node(const std::string& name) {
  // Ops whose result only moves or repeats self's elements, or sets them among zeros (diag_embed): run
  // on the positions of self's elements (counted from 1, so a filler 0 reads as "from nowhere"), they
  // say where each result element came from. Never an op that looks at the values (sort, trace, ...).
  // The node names are PyTorch's.
  static const std::map<std::string, const char*> names = {
      {"roll", "RollBackward0"}, {"take", "TakeBackward0"}, {"take_along_dim", "GatherBackward0"},
      {"masked_select", "MaskedSelectBackward0"}, {"fliplr", "FlipBackward0"}, {"flipud", "FlipBackward0"},
      {"rot90", "FlipBackward0"}, {"tile", "RepeatBackward0"}, {"repeat_interleave", "ViewBackward0"},
      {"movedim", "PermuteBackward0"}, {"moveaxis", "PermuteBackward0"},
      {"narrow_copy", "SliceBackward0"}, {"diag", "DiagonalBackward0_copy"}, {"t_copy", "TBackward0"},
      {"unsqueeze_copy", "UnsqueezeBackward0"}, {"squeeze_copy", "SqueezeBackward0"},
      {"transpose_copy", "TransposeBackward0"}, {"permute_copy", "PermuteBackward0"},
      {"expand_copy", "ExpandBackward0"}, {"view_copy", "ViewBackward0"}, {"select_copy", "SelectBackward0"},
      {"slice_copy", "SliceBackward0"}, {"diagonal_copy", "DiagonalBackward0"}, {"unbind_copy", "UnbindBackward0"},
      {"atleast_1d", "ViewBackward0"}, {"atleast_2d", "UnsqueezeBackward0"}, {"atleast_3d", "UnsqueezeBackward0"},
      {"ravel", "ViewBackward0"}, {"unflatten", "ViewBackward0"}, {"hsplit", "SplitWithSizesBackward0"},
      {"vsplit", "SplitWithSizesBackward0"}, {"dsplit", "SplitWithSizesBackward0"},
      {"tensor_split", "SliceBackward0"}, {"split", "SplitBackward0"}, {"chunk", "SplitBackward0"},
      {"split_with_sizes", "SplitWithSizesBackward0"}, {"swapaxes", "TransposeBackward0"},
      {"diag_embed", "DiagEmbedBackward0"}, {"diagflat", "DiagEmbedBackward0"}, {"unsafe_chunk", "UnsafeSplitBackward0"},
      {"unsafe_split", "UnsafeSplitBackward0"}, {"split_copy", "SplitBackward0_copy"}};
  auto it = names.find(name);
  return it == names.end() ? nullptr : it->second;
}

bool autograd_transparent(const std::string& name) {
  // Ops whose results never carry a gradient (new tensors of the same shape, random draws, integer or
  // bool answers, metadata) or that manage autograd state themselves.
  static const std::set<std::string> names = {
      "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like", "randint_like",
      "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor", "new_empty_strided", "tensor", "asarray",
      "new", "detach", "detach_", "requires_grad_", "retain_grad", "backward", "tolist", "item", "numpy",
      "multinomial", "allclose", "equal", "isclose", "is_nonzero", "argmax", "argmin",
      "argsort", "argwhere", "nonzero", "count_nonzero", "bincount", "histc", "searchsorted", "bucketize",
      "is_floating_point", "is_complex", "size", "stride", "dim", "numel", "nelement", "ndimension",
      "storage_offset", "is_contiguous", "element_size", "data_ptr", "untyped_storage", "get_device",
      "is_same_size", "is_set_to", "pin_memory", "is_pinned", "share_memory_", "is_shared", "eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal",
      "not_equal", "isnan", "isinf", "isfinite", "isposinf", "isneginf", "isreal", "signbit", "logical_and",
      "logical_or", "logical_xor", "logical_not", "all", "any"};
  return names.count(name) > 0;
}

}  // namespace tsh::shell
