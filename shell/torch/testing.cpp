// shell/torch/testing.cpp — torch.testing.assert_close, with PyTorch's checks, default tolerances
// per dtype and mismatch reports word for word.
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/host_values.h"
#include "engine/ops/masked.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

struct Options {
  std::optional<Value> rtol, atol;  // as given (printed with Python's repr)
  bool equal_nan = false, check_device = true, check_dtype = true, check_stride = false;
  std::optional<Value> msg;
};

// PyTorch's default (rtol, atol) for a dtype.
std::pair<double, double> default_tolerances(DType d) {
  switch (d) {
    case DType::Float16: return {1e-3, 1e-5};
    case DType::BFloat16: return {1.6e-2, 1e-5};
    case DType::Float32:
    case DType::Complex64: return {1.3e-6, 1e-5};
    case DType::Float64:
    case DType::Complex128: return {1e-7, 1e-7};
    default: return {0.0, 0.0};
  }
}

struct Tolerance {
  double rtol, atol;
  std::string rtol_text, atol_text;
};

Tolerance tolerance_for(const Options& o, DType a, DType b) {
  if (o.rtol) return {o.rtol->as_float(), o.atol->as_float(), repr(*o.rtol), repr(*o.atol)};
  auto [ra, aa] = default_tolerances(a);
  auto [rb, ab] = default_tolerances(b);
  const double r = std::max(ra, rb), t = std::max(aa, ab);
  return {r, t, repr(Value::floating(r)), repr(Value::floating(t))};
}

[[noreturn]] void fail(const Options& o, const std::string& text) {
  if (o.msg && !o.msg->is_none()) throw PyError("AssertionError", o.msg->is(Kind::Str) ? o.msg->as_str() : repr(*o.msg));
  throw PyError("AssertionError", text);
}

// "(0, 1)": the multi-index of a flat position in shape.
std::string index_text(int64_t flat, const Shape& shape) {
  std::vector<int64_t> idx(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    idx[static_cast<size_t>(d)] = flat % shape[static_cast<size_t>(d)];
    flat /= shape[static_cast<size_t>(d)];
  }
  std::string s = "(";
  for (size_t i = 0; i < idx.size(); ++i) s += (i ? ", " : "") + std::to_string(idx[i]);
  return s + (idx.size() == 1 ? ",)" : ")");
}

// The first maximum of a tensor's values (a NaN is the maximum, as torch.max), as (value, position).
std::pair<Value, int64_t> greatest(const Tensor& t) {
  const Tensor flat = contiguous(reshape(t, {-1}));
  if (is_integral(t.dtype(), true)) {
    const std::vector<int64_t> v = int_values(flat);
    const auto it = std::max_element(v.begin(), v.end());
    return {Value::integer(*it), it - v.begin()};
  }
  const std::vector<double> v = host_values<double>(to(flat, DType::Float64, std::nullopt));
  int64_t best = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(v.size()); ++i) {
    const double x = v[static_cast<size_t>(i)], b = v[static_cast<size_t>(best)];
    if (b != b) break;
    if (x != x || x > b) best = i;
  }
  return {Value::floating(v[static_cast<size_t>(best)]), best};
}

Value shape_tuple(const Shape& s) {
  std::vector<Value> items;
  for (int64_t v : s) items.push_back(Value::integer(v));
  return Value::tuple(items);
}

// Python's number of a value: the element of a one-element tensor or the number itself.
double as_double(const Value& v) { return v.as_float(); }

void compare_scalars(const Value& actual, const Value& expected, const Tolerance& tol, const Options& o,
                     const std::string& where, bool integral) {
  const std::complex<double> a = actual.is(Kind::Complex) ? actual.as_complex() : std::complex<double>(as_double(actual), 0);
  const std::complex<double> e = expected.is(Kind::Complex) ? expected.as_complex() : std::complex<double>(as_double(expected), 0);
  const bool nan_a = std::isnan(a.real()) || std::isnan(a.imag()), nan_e = std::isnan(e.real()) || std::isnan(e.imag());
  bool close;
  if (nan_a || nan_e) close = o.equal_nan && nan_a && nan_e;
  else if (a == e) close = true;
  else close = std::abs(a - e) <= tol.atol + tol.rtol * std::abs(e);
  if (close) return;
  const bool equal = tol.rtol == 0 && tol.atol == 0;
  const double abs_diff = std::abs(a - e), rel_diff = abs_diff / std::abs(e);
  const Value abs_value = integral ? Value::integer(static_cast<Int>(abs_diff)) : Value::floating(abs_diff);
  std::string text = std::string("Scalars are not ") + (equal ? "equal" : "close") + "!\n\nExpected " + repr(expected) +
                     " but got " + repr(actual) + ".\nAbsolute difference: " + repr(abs_value);
  if (!equal) text += " (up to " + tol.atol_text + " allowed)";
  text += "\nRelative difference: " + repr(Value::floating(rel_diff));
  if (!equal) text += " (up to " + tol.rtol_text + " allowed)";
  fail(o, text + where);
}

void compare_tensors(const Tensor& actual, const Tensor& expected, const Options& o, const std::string& where) {
  auto attribute = [&](const std::string& name, const std::string& a, const std::string& e) {
    if (a != e) fail(o, "The values for attribute '" + name + "' do not match: " + a + " != " + e + "." + where);
  };
  attribute("shape", repr(Value::size(actual.sizes())), repr(Value::size(expected.sizes())));
  if (o.check_device) attribute("device", actual.device().str(), expected.device().str());
  if (o.check_dtype)
    attribute("dtype", "torch." + std::string(dtype_name(actual.dtype())), "torch." + std::string(dtype_name(expected.dtype())));
  if (o.check_stride)
    attribute("stride()", repr(shape_tuple(actual.strides())), repr(shape_tuple(expected.strides())));
  const Tolerance tol = tolerance_for(o, actual.dtype(), expected.dtype());
  const DType d = promote_types(actual.dtype(), expected.dtype());
  Tensor a = to(actual, d, std::nullopt), e = to(expected, d, std::nullopt);
  if (!a.device().is_cpu()) a = to(a, std::nullopt, Device{});
  if (!e.device().is_cpu()) e = to(e, std::nullopt, Device{});
  if (a.dim() == 0) {
    compare_scalars(Value::number(item(a)), Value::number(item(e)), tol, o, where, is_integral(d, true));
    return;
  }
  if (a.numel() == 0) return;
  if (d == DType::Bool) {
    a = to(a, DType::Int64, std::nullopt);
    e = to(e, DType::Int64, std::nullopt);
  }
  const Tensor ok = is_integral(a.dtype(), false) ? eq(a, e) : isclose(a, e, tol.rtol, tol.atol, o.equal_nan);
  const int64_t bad = a.numel() - item(sum(ok)).to_int();
  if (bad == 0) return;
  const bool equal = tol.rtol == 0 && tol.atol == 0;
  // Only mismatched elements count (a matched 0 against 0 would be a 0/0 relative difference).
  const Tensor abs_diff = masked_fill(abs(sub(a, e)), ok, Scalar(int64_t{0}));
  const Tensor rel_diff = masked_fill(div(abs_diff, abs(e)), ok, Scalar(int64_t{0}));
  auto [max_abs, abs_at] = greatest(abs_diff);
  auto [max_rel, rel_at] = greatest(rel_diff);
  std::ostringstream pct;
  pct.setf(std::ios::fixed);
  pct.precision(1);
  pct << 100.0 * static_cast<double>(bad) / static_cast<double>(a.numel());
  std::string text = std::string("Tensor-likes are not ") + (equal ? "equal" : "close") + "!\n\nMismatched elements: " +
                     std::to_string(bad) + " / " + std::to_string(a.numel()) + " (" + pct.str() + "%)\n" +
                     "Greatest absolute difference: " + repr(max_abs) + " at index " + index_text(abs_at, a.sizes());
  if (!equal) text += " (up to " + tol.atol_text + " allowed)";
  text += "\nGreatest relative difference: " + repr(max_rel) + " at index " + index_text(rel_at, a.sizes());
  if (!equal) text += " (up to " + tol.rtol_text + " allowed)";
  fail(o, text + where);
}

std::string python_class(const Value& v) {
  if (v.is(Kind::Tensor)) return "<class 'torch.Tensor'>";
  return "<class '" + type_name(v) + "'>";
}

void compare(const Value& actual, const Value& expected, const Options& o, const std::string& path) {
  const std::string where = path.empty() ? "" : "\n\nThe failure occurred for item " + path;
  const bool seq_a = actual.is(Kind::List) || actual.is(Kind::Tuple), seq_e = expected.is(Kind::List) || expected.is(Kind::Tuple);
  if (seq_a && seq_e) {
    const auto& xs = actual.items();
    const auto& ys = expected.items();
    if (xs.size() != ys.size())
      fail(o, "The length of the sequences mismatch: " + std::to_string(xs.size()) + " != " + std::to_string(ys.size()) + where);
    for (size_t i = 0; i < xs.size(); ++i) compare(xs[i], ys[i], o, path + "[" + std::to_string(i) + "]");
    return;
  }
  if (actual.is(Kind::Tensor) && expected.is(Kind::Tensor)) {
    compare_tensors(actual.as_tensor(), expected.as_tensor(), o, where);
    return;
  }
  if (actual.is_number() && expected.is_number()) {
    auto kind = [](const Value& v) {
      return v.is(Kind::Complex) ? DType::Complex128 : v.is(Kind::Float) ? DType::Float64 : DType::Int64;
    };
    if (o.check_dtype && kind(actual) != kind(expected))
      fail(o, "The values for attribute 'dtype' do not match: " + std::string(type_name(actual)) + " != " +
                  type_name(expected) + "." + where);
    const Tolerance tol = tolerance_for(o, kind(actual), kind(expected));
    compare_scalars(actual, expected, tol, o, where, kind(actual) == DType::Int64 && kind(expected) == DType::Int64);
    return;
  }
  throw TypeError("No comparison pair was able to handle inputs of type " + python_class(actual) + " and " +
                  python_class(expected) + ".");
}

}  // namespace

void install_testing_module(std::map<std::string, Value>& torch_attrs) {
  auto m = std::make_shared<ModuleObj>();
  m->name = "torch.testing";
  m->attrs["assert_close"] = make_builtin(
      "assert_close", "<function assert_close>", [](Interpreter&, Args& a, Kwargs& kw) -> Value {
        if (a.size() != 2)
          throw TypeError("assert_close() takes 2 positional arguments but " + std::to_string(a.size()) + " were given");
        Options o;
        for (auto& [k, v] : kw) {
          if (k == "rtol") o.rtol = v.is_none() ? std::optional<Value>() : v;
          else if (k == "atol") o.atol = v.is_none() ? std::optional<Value>() : v;
          else if (k == "equal_nan") o.equal_nan = truthy(v);
          else if (k == "check_device") o.check_device = truthy(v);
          else if (k == "check_dtype") o.check_dtype = truthy(v);
          else if (k == "check_stride") o.check_stride = truthy(v);
          else if (k == "msg") o.msg = v;
          else if (k == "check_layout" || k == "allow_subclasses") continue;  // every tsh tensor is strided, of one class
          else throw TypeError("assert_close() got an unexpected keyword argument '" + k + "'");
        }
        if (o.rtol.has_value() != o.atol.has_value())
          throw ValueError(std::string("Both 'rtol' and 'atol' must be either specified or omitted, but got no ") +
                           (o.rtol ? "atol" : "rtol") + ".");
        compare(a[0], a[1], o, "");
        return Value::none();
      });
  torch_attrs["testing"] = Value::object(Kind::Module, m);
}

}  // namespace tsh::shell
