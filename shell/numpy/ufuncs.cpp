// shell/numpy/ufuncs.cpp — NumPy's elementwise functions beyond the operators (numpy/_core's
// umath): the trigonometric, hyperbolic, exponential and rounding ones of one array, the
// functions of two (arctan2, hypot, fmod, copysign, logaddexp, gcd, the bitwise and logical ones,
// ...) and the comparisons as functions. Each takes NumPy's dtype for its operands (integers give
// float64 for the float-only functions; Python numbers are weak) and computes with the tensor op
// of PyTorch's that does the same elementwise work.
#include <cmath>

#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/warnings.h"

namespace tsh::shell {

namespace {

using grammar::Op;

bool integral(DType d) { return !is_floating(d) && !is_complex(d); }

// The dtype NumPy gives the pair (found as the operators find it, on one-element stand-ins).
DType pair_dtype(Interpreter& in, const Value& x, const Value& y) {
  auto stand_in = [](const Value& w) { return w.is_number() ? w : numpy_value(zeros({}, ndarray_tensor(w).dtype())); };
  return ndarray_tensor(numpy_asarray(in.binary(Op::Add, stand_in(x), stand_in(y), false))).dtype();
}

Tensor operand(const Value& w, DType d) {
  return w.is_number() ? full({}, w.as_scalar(), d) : to(ndarray_tensor(w), d, std::nullopt);
}

Value call_torch(Interpreter& in, const std::string& name, Args args) {
  Kwargs none;
  return in.call(in.get_attr(in.torch(), name), args, none);
}

void unsupported_out(const std::string& name, const Value& out) {
  if (!out.is_none()) throw NotImplementedError("numpy." + name + ": tsh does not support out= here yet");
}

// One array in; `floats`: an integer or bool array is first made float64, as NumPy's loops for these
// functions have no integer kind.
void unary(const Value& m, const std::string& name, const std::string& torch_name, bool floats) {
  def_function(m, name, [name, torch_name, floats](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x", "out"}, 1);
    unsupported_out(name, v[1]);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (name == "positive" && x.dtype() == DType::Bool)
      throw PyError("numpy._core._exceptions._UFuncNoLoopError",
                    "ufunc 'positive' did not contain a loop with signature matching types <class "
                    "'numpy.dtypes.BoolDType'> -> None");
    const Tensor src = floats && integral(x.dtype()) ? to(x, numpy_float_for(x.dtype()), std::nullopt) : x;
    if (torch_name == "deg2rad" || torch_name == "rad2deg") {
      // NumPy multiplies by the constant in the array's own float (halves through float32), where
      // PyTorch's float32 kernel rounds differently in the last bit
      if (is_complex(src.dtype())) throw TypeError("ufunc '" + name + "' not supported for the input types, and the "
                                                   "inputs could not be safely coerced to any supported types according "
                                                   "to the casting rule ''safe''");
      const DType work = src.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
      // (the float32 constant is the quotient of the float32 numbers, as NumPy's loop computes it)
      const float pi32 = static_cast<float>(M_PI), k32 = torch_name == "deg2rad" ? pi32 / 180.0f : 180.0f / pi32;
      const double k = work == DType::Float32 ? static_cast<double>(k32)
                       : torch_name == "deg2rad" ? M_PI / 180.0 : 180.0 / M_PI;
      const Tensor r = mul(to(src, work, std::nullopt), full({}, Scalar(k), work));
      return numpy_value(to(r, src.dtype(), std::nullopt));
    }
    return numpy_value(call_torch(in, torch_name, {Value::tensor(src)}).as_tensor());
  });
}

// Two arrays in, broadcast, in the pair's NumPy dtype (float64 for integers where `floats`).
void binary(const Value& m, const std::string& name, const std::string& torch_name, bool floats, bool ints_only = false) {
  def_function(m, name, [name, torch_name, floats, ints_only](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x1", "x2", "out"}, 2);
    unsupported_out(name, v[2]);
    Value x = v[0].is_number() ? v[0] : numpy_asarray(v[0]);
    const Value y = v[1].is_number() ? v[1] : numpy_asarray(v[1]);
    if (x.is_number() && y.is_number()) x = numpy_asarray(x);
    DType d = pair_dtype(in, x, y);
    if (ints_only && !integral(d))
      throw TypeError("ufunc '" + name + "' not supported for the input types, and the inputs could not be safely "
                      "coerced to any supported types according to the casting rule ''safe''");
    if (d == DType::Bool && (name == "fmod" || name == "mod" || name == "remainder")) d = DType::Int8;  // int8's loops
    if (name == "float_power") d = is_complex(d) ? DType::Complex128 : DType::Float64;  // its only loops
    else if (floats && integral(d)) d = numpy_float_for(d);
    const Tensor dividend = operand(x, d), divisor = operand(y, d);
    if ((torch_name == "fmod" || torch_name == "remainder") && integral(d)) {
      // NumPy's integer remainder by zero is 0 (with its RuntimeWarning), where PyTorch raises
      const Tensor zero = eq(divisor, 0);
      if (item(any(zero)).to_bool()) {
        warn_once(in, "RuntimeWarning", "divide by zero encountered in " + std::string(name == "fmod" ? "fmod" : "remainder"));
        const Tensor safe = where(zero, Scalar(int64_t{1}), divisor);
        const Tensor r = call_torch(in, torch_name, {Value::tensor(dividend), Value::tensor(safe)}).as_tensor();
        return numpy_value(where(zero, Scalar(int64_t{0}), r));
      }
    }
    return numpy_value(call_torch(in, torch_name, {Value::tensor(dividend), Value::tensor(divisor)}).as_tensor());
  });
}

// The comparisons as functions: the operators' own NumPy rules.
void comparison(const Value& m, const std::string& name, Op op) {
  def_function(m, name, [name, op](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x1", "x2", "out"}, 2);
    unsupported_out(name, v[2]);
    Value x = v[0].is_number() ? v[0] : numpy_asarray(v[0]);
    const Value y = v[1].is_number() ? v[1] : numpy_asarray(v[1]);
    if (x.is_number()) x = numpy_asarray(x);
    Value r;
    in.compare(op, x, y, &r);
    return r;
  });
}

}  // namespace

void install_numpy_ufuncs(Value& m) {
  for (const auto& [name, torch_name] : std::vector<std::pair<std::string, std::string>>{
           {"arccos", "acos"}, {"acos", "acos"}, {"arcsin", "asin"}, {"asin", "asin"}, {"atan", "atan"},
           {"arccosh", "acosh"}, {"acosh", "acosh"}, {"arcsinh", "asinh"}, {"asinh", "asinh"},
           {"arctanh", "atanh"}, {"atanh", "atanh"}, {"cosh", "cosh"}, {"sinh", "sinh"}, {"exp2", "exp2"},
           {"expm1", "expm1"}, {"log1p", "log1p"}, {"deg2rad", "deg2rad"}, {"radians", "deg2rad"},
           {"rad2deg", "rad2deg"}, {"degrees", "rad2deg"}, {"sinc", "sinc"}, {"i0", "i0"}, {"fabs", "abs"}})
    unary(m, name, torch_name, true);
  // reciprocal: an integer's is C's integer division of 1 by it (0 for |x| > 1), as NumPy's loop does
  def_function(m, "reciprocal", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("reciprocal", a, kw, {"x", "out"}, 1);
    unsupported_out("reciprocal", v[1]);
    Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (x.dtype() == DType::Bool) x = to(x, DType::Int8, std::nullopt);  // bool's loop is int8's
    if (!integral(x.dtype()))
      return numpy_value(call_torch(in, "reciprocal", {Value::tensor(x)}).as_tensor());
    Args args{Value::tensor(full({}, Scalar(int64_t{1}), x.dtype())), Value::tensor(x)};
    Kwargs mode{{"rounding_mode", Value::str("trunc")}};
    return numpy_value(in.call(in.get_attr(in.torch(), "div"), args, mode).as_tensor());
  });
  // cbrt: C's cbrt, element by element (PyTorch has no cube root; x ** (1/3) differs in the last bits)
  def_function(m, "cbrt", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("cbrt", a, kw, {"x", "out"}, 1);
    unsupported_out("cbrt", v[1]);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (is_complex(x.dtype()))
      throw TypeError("ufunc 'cbrt' not supported for the input types, and the inputs could not be safely coerced "
                      "to any supported types according to the casting rule ''safe''");
    const DType d = numpy_float_for(x.dtype());
    const bool single = d == DType::Float32 || d == DType::Float16 || d == DType::BFloat16;  // halves go through float, as NumPy's loops do
    const Tensor src = contiguous(to(x, single ? DType::Float32 : DType::Float64, std::nullopt));
    Tensor r = empty(src.sizes(), src.dtype(), Device{});
    const int64_t n = src.numel();
    if (src.dtype() == DType::Float32)
      for (int64_t i = 0; i < n; ++i) r.data<float>()[i] = std::cbrt(src.data<float>()[i]);
    else
      for (int64_t i = 0; i < n; ++i) r.data<double>()[i] = std::cbrt(src.data<double>()[i]);
    return numpy_value(to(r, d, std::nullopt));
  });
  unary(m, "positive", "positive", false);
  unary(m, "signbit", "signbit", false);
  unary(m, "logical_not", "logical_not", false);
  for (const char* name : {"invert", "bitwise_not", "bitwise_invert"})
    def_function(m, name, [fn = std::string(name)](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"x", "out"}, 1);
      unsupported_out(fn, v[1]);
      const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      if (!integral(x.dtype()))
        throw TypeError("ufunc '" + std::string(fn == "bitwise_invert" ? "bitwise_invert" : "invert") +
                        "' not supported for the input types, and the inputs could not be safely coerced to any "
                        "supported types according to the casting rule ''safe''");
      return numpy_value(call_torch(in, "bitwise_not", {Value::tensor(x)}).as_tensor());
    });
  for (const auto& [name, torch_name] : std::vector<std::pair<std::string, std::string>>{
           {"arctan2", "atan2"}, {"atan2", "atan2"}, {"hypot", "hypot"}, {"logaddexp", "logaddexp"},
           {"logaddexp2", "logaddexp2"}, {"copysign", "copysign"}, {"nextafter", "nextafter"},
           {"float_power", "float_power"}, {"heaviside", "heaviside"}})
    binary(m, name, torch_name, true);
  binary(m, "fmod", "fmod", false);
  binary(m, "mod", "remainder", false);
  binary(m, "remainder", "remainder", false);
  binary(m, "fmax", "fmax", false);
  binary(m, "fmin", "fmin", false);
  for (const auto& [name, torch_name] : std::vector<std::pair<std::string, std::string>>{
           {"gcd", "gcd"}, {"lcm", "lcm"}, {"bitwise_and", "bitwise_and"}, {"bitwise_or", "bitwise_or"},
           {"bitwise_xor", "bitwise_xor"}, {"left_shift", "bitwise_left_shift"},
           {"bitwise_left_shift", "bitwise_left_shift"}, {"right_shift", "bitwise_right_shift"},
           {"bitwise_right_shift", "bitwise_right_shift"}})
    binary(m, name, torch_name, false, true);
  for (const char* name : {"logical_and", "logical_or", "logical_xor"})
    binary(m, name, name, false);
  comparison(m, "equal", Op::Eq);
  comparison(m, "not_equal", Op::NotEq);
  comparison(m, "less", Op::Lt);
  comparison(m, "less_equal", Op::LtE);
  comparison(m, "greater", Op::Gt);
  comparison(m, "greater_equal", Op::GtE);
}

}  // namespace tsh::shell
