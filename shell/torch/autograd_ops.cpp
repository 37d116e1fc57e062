// shell/torch/autograd_ops.cpp — registry ops when autograd records: grad mode is on and an
// argument requires grad.
//
// The registry first runs an op's plain implementation (its argument checks, errors and dtype
// rules stay the one source of truth), then the entry here builds the same result with the
// engine's differentiable functions (engine/autograd/functions.h), which record the node PyTorch
// records. An op with no entry here and a floating result refuses with PyTorch's "the derivative
// for 'op' is not implemented." rather than return a tensor that silently drops the graph.
#include "shell/torch/autograd_ops.h"

#include <map>
#include <set>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/shape.h"
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
Value T(const Tensor& t) { return Value::tensor(t); }

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

using Impl = AutogradImpl;

std::map<std::string, Impl> build_table() {
  std::map<std::string, Impl> t;
  // Arithmetic.
  t["add"] = [](Bound& b, const Value&) {
    return T(ag::add(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["sub"] = [](Bound& b, const Value&) {
    return T(ag::sub(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["subtract"] = t["sub"];
  t["rsub"] = [](Bound& b, const Value&) {
    return T(ag::rsub(arg_operand(b, "self"), arg_operand(b, "other"), given(b, "alpha") ? b.scalar(at(b, "alpha")) : Scalar(int64_t{1})));
  };
  t["mul"] = [](Bound& b, const Value&) { return T(ag::mul(arg_operand(b, "self"), arg_operand(b, "other"))); };
  t["multiply"] = t["mul"];
  t["div"] = [](Bound& b, const Value&) {
    if (given(b, "rounding_mode")) autograd::derivative_not_implemented("div with a rounding_mode");
    return T(ag::div(arg_operand(b, "self"), arg_operand(b, "other")));
  };
  t["divide"] = t["div"];
  t["true_divide"] = t["div"];
  t["pow"] = [](Bound& b, const Value&) { return T(ag::pow(arg_operand(b, "self"), arg_operand(b, "exponent"))); };
  t["square"] = [](Bound& b, const Value&) { return T(ag::square(self_of(b))); };
  t["neg"] = [](Bound& b, const Value&) { return T(ag::neg(self_of(b))); };
  t["negative"] = t["neg"];
  t["relu"] = [](Bound& b, const Value&) { return T(ag::relu(self_of(b))); };
  t["maximum"] = [](Bound& b, const Value&) { return T(ag::maximum(b.tensor(0), b.tensor(1))); };
  t["minimum"] = [](Bound& b, const Value&) { return T(ag::minimum(b.tensor(0), b.tensor(1))); };
  t["atan2"] = [](Bound& b, const Value&) { return T(ag::atan2(b.tensor(0), b.tensor(1))); };
  t["arctan2"] = t["atan2"];
  t["where"] = [](Bound& b, const Value&) {
    if (at(b, "condition") == 0) return T(ag::where(b.tensor(0), operand(b, 1), operand(b, 2)));
    return T(ag::where(b.tensor(1), operand(b, 0), operand(b, 2)));  // method: self.where(condition, other)
  };
  t["clamp"] = [](Bound& b, const Value&) { return T(ag::clamp(self_of(b), opt_operand(b, 1), opt_operand(b, 2))); };
  t["clip"] = t["clamp"];
  t["lerp"] = [](Bound& b, const Value&) { return T(ag::lerp(b.tensor(0), b.tensor(1), operand(b, 2))); };
  t["nan_to_num"] = [](Bound& b, const Value&) { return T(ag::nan_to_num(self_of(b), b.opt_f64(1), b.opt_f64(2), b.opt_f64(3))); };
  t["masked_fill"] = [](Bound& b, const Value&) { return T(ag::masked_fill(b.tensor(0), b.tensor(1), operand(b, 2))); };

  // Reductions.
  t["sum"] = [](Bound& b, const Value&) { return T(ag::sum(self_of(b), dims_of(b), flag(b, "keepdim", false), dtype_of(b))); };
  t["mean"] = [](Bound& b, const Value&) { return T(ag::mean(self_of(b), dims_of(b), flag(b, "keepdim", false), dtype_of(b))); };
  t["prod"] = [](Bound& b, const Value&) {
    return T(ag::prod(self_of(b), given(b, "dim") ? std::optional<int64_t>(b.int64(at(b, "dim"))) : std::nullopt,
                      flag(b, "keepdim", false), dtype_of(b)));
  };
  for (const bool take_sqrt : {false, true}) {
    t[take_sqrt ? "std" : "var"] = [take_sqrt](Bound& b, const Value&) {
      double correction = flag(b, "unbiased", true) ? 1.0 : 0.0;
      if (given(b, "correction")) correction = b.scalar(at(b, "correction")).to_double();
      return T(ag::var(self_of(b), dims_of(b), correction, flag(b, "keepdim", false), take_sqrt));
    };
  }
  for (const bool is_max : {true, false}) {
    t[is_max ? "max" : "min"] = [is_max](Bound& b, const Value&) -> Value {
      if (at(b, "other") != Bound::npos) return T(is_max ? ag::maximum(b.tensor(0), b.tensor(1)) : ag::minimum(b.tensor(0), b.tensor(1)));
      if (at(b, "dim") == Bound::npos) return T(ag::max_all(self_of(b), is_max));
      auto [v, i] = ag::max_dim(self_of(b), b.int64(at(b, "dim")), flag(b, "keepdim", false), is_max);
      return named(is_max ? "max" : "min", {"values", "indices"}, {T(v), T(i)});
    };
    t[is_max ? "amax" : "amin"] = [is_max](Bound& b, const Value&) {
      return T(ag::amax(self_of(b), dims_of(b), flag(b, "keepdim", false), is_max));
    };
  }
  t["logsumexp"] = [](Bound& b, const Value&) {
    const OptDims d = dims_of(b);
    return T(ag::logsumexp(self_of(b), d ? *d : std::vector<int64_t>{}, flag(b, "keepdim", false)));
  };
  t["softmax"] = [](Bound& b, const Value&) { return T(ag::softmax(self_of(b), b.int64(1), dtype_of(b), false)); };
  t["log_softmax"] = [](Bound& b, const Value&) { return T(ag::softmax(self_of(b), b.int64(1), dtype_of(b), true)); };
  t["cumsum"] = [](Bound& b, const Value&) { return T(ag::cumsum(self_of(b), b.int64(1), dtype_of(b))); };
  t["linalg_vector_norm"] = [](Bound& b, const Value&) {
    if (given(b, "dtype")) autograd::derivative_not_implemented("linalg_vector_norm with dtype=");
    return T(ag::norm(self_of(b), b.f64(1), dims_of(b), flag(b, "keepdim", false), "LinalgVectorNormBackward0"));
  };
  t["norm"] = [](Bound& b, const Value&) {
    double p = 2.0;
    const Value& pv = b[at(b, "p")];
    if (pv.is_number()) p = pv.as_float();
    else if (!pv.is_none() && !(pv.is(Kind::Str) && pv.as_str() == "fro")) autograd::derivative_not_implemented("norm");
    if (given(b, "dtype")) autograd::derivative_not_implemented("norm with dtype=");
    OptDims d;
    const Value& dv = b[at(b, "dim")];
    if (dv.is_intlike()) d = std::vector<int64_t>{static_cast<int64_t>(dv.as_int())};
    else if (dv.is_sequence()) {
      std::vector<int64_t> ds;
      for (const Value& x : dv.items()) ds.push_back(static_cast<int64_t>(x.as_int()));
      d = ds;
    }
    return T(ag::norm(self_of(b), p, d, flag(b, "keepdim", false), "LinalgVectorNormBackward0"));
  };
  t["trace"] = [](Bound& b, const Value&) { return T(ag::trace(self_of(b))); };

  // Views.
  t["view"] = [](Bound& b, const Value&) -> Value {
    if (at(b, "dtype") != Bound::npos) autograd::derivative_not_implemented("view(dtype)");
    return T(ag::view(self_of(b), b.shape(1)));
  };
  t["view_as"] = [](Bound& b, const Value&) { return T(ag::view(self_of(b), b.tensor(1).sizes())); };
  t["reshape"] = [](Bound& b, const Value&) { return T(ag::reshape(self_of(b), b.shape(1))); };
  t["reshape_as"] = [](Bound& b, const Value&) { return T(ag::reshape(self_of(b), b.tensor(1).sizes())); };
  t["flatten"] = [](Bound& b, const Value&) { return T(ag::flatten(self_of(b), b.int64(1), b.int64(2))); };
  t["t"] = [](Bound& b, const Value&) { return T(ag::t(self_of(b))); };
  t["transpose"] = [](Bound& b, const Value&) { return T(ag::transpose(self_of(b), b.int64(1), b.int64(2))); };
  t["swapaxes"] = t["transpose"];
  t["swapdims"] = t["transpose"];
  t["permute"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return T(ag::permute(self_of(b), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["expand"] = [](Bound& b, const Value&) { return T(ag::expand(self_of(b), b.shape(1))); };
  t["expand_as"] = [](Bound& b, const Value&) { return T(ag::expand(self_of(b), b.tensor(1).sizes())); };
  t["broadcast_to"] = t["expand"];
  t["unsqueeze"] = [](Bound& b, const Value&) { return T(ag::unsqueeze(self_of(b), b.int64(1))); };
  t["squeeze"] = [](Bound& b, const Value&) -> Value {
    if (at(b, "dim") == Bound::npos) return T(ag::squeeze(self_of(b), std::nullopt, "SqueezeBackward0"));
    const Value& v = b[at(b, "dim")];
    if (v.is_intlike()) return T(ag::squeeze(self_of(b), std::vector<int64_t>{static_cast<int64_t>(v.as_int())}, "SqueezeBackward1"));
    const Shape s = b.shape(at(b, "dim"));
    return T(ag::squeeze(self_of(b), std::vector<int64_t>(s.begin(), s.end()), "SqueezeBackward2"));
  };
  t["select"] = [](Bound& b, const Value&) { return T(ag::select(self_of(b), b.int64(1), b.int64(2))); };
  t["narrow"] = [](Bound& b, const Value&) {
    const int64_t start = b[2].is(Kind::Tensor) ? b.tensor(2).numel() ? b.int64(2) : 0 : b.int64(2);
    return T(ag::narrow(self_of(b), b.int64(1), start, b.int64(3)));
  };
  t["diagonal"] = [](Bound& b, const Value&) { return T(ag::diagonal(self_of(b), b.int64(1), b.int64(2), b.int64(3))); };
  t["as_strided"] = [](Bound& b, const Value&) {
    const Tensor x = self_of(b);
    return T(ag::as_strided(x, b.shape(1), b.shape(2), given(b, "storage_offset") ? b.int64(3) : x.storage_offset()));
  };
  t["unbind"] = [](Bound& b, const Value&) { return tensor_tuple(ag::unbind(self_of(b), b.int64(1))); };
  t["contiguous"] = [](Bound& b, const Value&) { return T(ag::contiguous(self_of(b))); };
  t["copy"] = [](Bound& b, const Value&) {  // copy_ in place: self takes src's values and history
    return T(ag::copy_result(self_of(b), ag::converted(b.tensor(1), b.tensor(1))));
  };
  t["clone"] = [](Bound& b, const Value&) { return T(ag::clone(self_of(b))); };

  // Joining, products, picking.
  t["cat"] = [](Bound& b, const Value&) { return T(ag::cat(b.tensors(0), b.int64(1))); };
  t["concat"] = t["cat"];
  t["concatenate"] = t["cat"];
  t["stack"] = [](Bound& b, const Value&) { return T(ag::stack(b.tensors(0), b.int64(1))); };
  t["matmul"] = [](Bound& b, const Value&) { return T(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["mm"] = [](Bound& b, const Value&) { return T(ag::mm(b.tensor(0), b.tensor(1))); };
  t["mv"] = [](Bound& b, const Value&) { return T(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["dot"] = [](Bound& b, const Value&) { return T(ag::matmul(b.tensor(0), b.tensor(1))); };
  t["gather"] = [](Bound& b, const Value&) { return T(ag::gather(b.tensor(0), b.int64(1), b.tensor(2))); };
  t["index_select"] = [](Bound& b, const Value&) { return T(ag::index_select(b.tensor(0), b.int64(1), b.tensor(2))); };
  t["flip"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return T(ag::flip(b.tensor(0), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["repeat"] = [](Bound& b, const Value&) {
    const Shape d = b.shape(1);
    return T(ag::repeat(b.tensor(0), std::vector<int64_t>(d.begin(), d.end())));
  };
  t["tril"] = [](Bound& b, const Value&) { return T(ag::tril_triu(b.tensor(0), b.int64(1), true)); };
  t["triu"] = [](Bound& b, const Value&) { return T(ag::tril_triu(b.tensor(0), b.int64(1), false)); };
  // Conversions: the plain result (which follows every rule of to/type/cpu/...) gets ToCopyBackward0.
  for (const char* n : {"to", "type", "type_as", "cpu", "cuda", "float", "double", "half", "bfloat16", "cfloat", "cdouble"})
    t[n] = [](Bound& b, const Value& plain) {
      if (!plain.is(Kind::Tensor)) return plain;
      return T(ag::converted(self_of(b), plain.as_tensor()));
    };
  // Unary math.
  static const std::pair<const char*, UnaryOp> unary_ops[] = {
      {"abs", UnaryOp::Abs}, {"absolute", UnaryOp::Abs}, {"sign", UnaryOp::Sign}, {"reciprocal", UnaryOp::Reciprocal},
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
    t[n] = [o](Bound& b, const Value&) { return T(ag::unary(o, self_of(b))); };
  }
  t["round"] = [](Bound& b, const Value&) {
    if (given(b, "decimals") && b.int64(at(b, "decimals")) != 0) return T(ag::unary(UnaryOp::Round, self_of(b)));
    return T(ag::unary(UnaryOp::Round, self_of(b)));
  };
  t["mse_loss"] = [](Bound& b, const Value&) { return T(ag::mse_loss(b.tensor(0), b.tensor(1), b.str(at(b, "reduction")))); };
  return t;
}

}  // namespace

const AutogradImpl* autograd_impl(const std::string& name) {
  static const std::map<std::string, Impl> table = build_table();
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

bool autograd_transparent(const std::string& name) {
  // Ops whose results never carry a gradient (new tensors of the same shape, random draws, integer or
  // bool answers, metadata) or that manage autograd state themselves.
  static const std::set<std::string> names = {
      "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like", "randint_like",
      "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor", "new_empty_strided", "tensor", "asarray",
      "detach", "detach_", "requires_grad_", "retain_grad", "backward", "tolist", "item", "numpy", "bernoulli",
      "multinomial", "poisson", "normal", "allclose", "equal", "isclose", "is_nonzero", "argmax", "argmin",
      "argsort", "argwhere", "nonzero", "count_nonzero", "bincount", "histc", "searchsorted", "bucketize",
      "is_floating_point", "is_complex", "size", "stride", "dim", "numel", "nelement", "ndimension",
      "storage_offset", "is_contiguous", "element_size", "data_ptr", "untyped_storage", "get_device",
      "is_same_size", "is_set_to", "pin_memory", "is_pinned", "share_memory_", "is_shared", "unique",
      "unique_consecutive", "eq", "ne", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal",
      "not_equal", "isnan", "isinf", "isfinite", "isposinf", "isneginf", "isreal", "signbit", "logical_and",
      "logical_or", "logical_xor", "logical_not", "all", "any"};
  return names.count(name) > 0;
}

}  // namespace tsh::shell
