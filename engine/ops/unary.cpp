// engine/ops/unary.cpp — dtype rules and checks of the one-operand ops, then the kernel.
#include "engine/ops/unary.h"

#include <limits>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise_support.h"

namespace tsh {

namespace {


// How each op treats dtypes.
enum class Result : uint8_t {
  Same,      // the input's dtype
  Float,     // bool/integers compute in the default float dtype
  Bool,      // a predicate
  RealSame,  // the input's dtype, complex → its real dtype (abs)
  RealFloat, // as Float, complex → its real dtype (angle)
};

struct Rule {
  const char* name;  // PyTorch's kernel name for "not implemented" errors
  Result result;
  unsigned dtypes;   // accepted compute dtypes
};

Rule rule(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return {"neg_cpu", Result::Same, kInt | kFloat | kComplex};
    case UnaryOp::Abs: return {"abs_cpu", Result::RealSame, kInt | kFloat | kComplex};
    case UnaryOp::Sign: return {"sign_cpu", Result::Same, kBool | kInt | kFloat};
    case UnaryOp::Sgn: return {"sgn_cpu", Result::Same, kAll};
    case UnaryOp::Reciprocal: return {"reciprocal_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Sqrt: return {"sqrt_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Rsqrt: return {"rsqrt_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Exp: return {"exp_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Exp2: return {"exp2", Result::Float, kFloat};
    case UnaryOp::Expm1: return {"expm1_vml_cpu", Result::Float, kFloat};
    case UnaryOp::Log: return {"log_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Log2: return {"log2_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Log10: return {"log10_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Log1p: return {"log1p_vml_cpu", Result::Float, kFloat};
    case UnaryOp::Sin: return {"sin_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Cos: return {"cos_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Tan: return {"tan_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Asin: return {"asin_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Acos: return {"acos_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Atan: return {"atan_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Sinh: return {"sinh_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Cosh: return {"cosh_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Tanh: return {"tanh_vml_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Asinh: return {"asinh_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Acosh: return {"acosh_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Atanh: return {"atanh_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Sigmoid: return {"sigmoid_cpu", Result::Float, kFloat | kComplex};
    case UnaryOp::Logit: return {"logit_cpu", Result::Float, kFloat};
    case UnaryOp::Gelu:
    case UnaryOp::GeluTanh: return {"GeluKernelImpl", Result::Same, kFloat};
    case UnaryOp::Erf: return {"erf_vml_cpu", Result::Float, kFloat};
    case UnaryOp::Erfc: return {"erfc_vml_cpu", Result::Float, kFloat};
    case UnaryOp::Erfinv: return {"erfinv_vml_cpu", Result::Float, kFloat};
    case UnaryOp::Floor: return {"floor_vml_cpu", Result::Same, kInt | kFloat};
    case UnaryOp::Ceil: return {"ceil_vml_cpu", Result::Same, kInt | kFloat};
    case UnaryOp::Round: return {"round_vml_cpu", Result::Same, kInt | kFloat};
    case UnaryOp::Trunc: return {"trunc_vml_cpu", Result::Same, kInt | kFloat};
    case UnaryOp::Frac: return {"frac_cpu", Result::Same, kFloat};
    case UnaryOp::RoundDecimals: return {"round_cpu", Result::Same, kFloat};
    case UnaryOp::NanToNum: return {"nan_to_num", Result::Same, kBool | kInt | kFloat};
    case UnaryOp::Angle: return {"angle_cpu", Result::RealFloat, kFloat | kComplex};
    case UnaryOp::Conj: return {"conj_cpu", Result::Same, kAll};
    case UnaryOp::BitwiseNot: return {"bitwise_not_cpu", Result::Same, kBool | kInt};
    case UnaryOp::Signbit: return {"signbit_cpu", Result::Bool, kBool | kInt | kFloat};
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
    case UnaryOp::LogicalNot: return {"logical_not_cpu", Result::Bool, kAll};
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: return {"isinf", Result::Bool, kBool | kInt | kFloat};
  }
  return {"", Result::Same, kAll};
}

// PyTorch's own wording where an op refuses a dtype with a sentence.
void check_special(UnaryOp op, DType d) {
  const bool c = is_complex(d);
  switch (op) {
    case UnaryOp::Neg:
      TSH_CHECK(d != DType::Bool, RuntimeError,
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
                "invert a mask, use the `~` or `logical_not()` operator instead.");
      break;
    case UnaryOp::Sign:
      TSH_CHECK(!c, RuntimeError,
                "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use "
                "torch.sgn instead.");
      break;
    case UnaryOp::Signbit:
      TSH_CHECK(!c, RuntimeError, "signbit is not implemented for complex tensors.");
      break;
    case UnaryOp::IsNegInf:
      TSH_CHECK(!c, RuntimeError, "isneginf does not support complex inputs.");
      break;
    case UnaryOp::IsPosInf:
      TSH_CHECK(!c, RuntimeError, "isposinf does not support complex inputs.");
      break;
    case UnaryOp::Floor:
      TSH_CHECK(!c, RuntimeError, "floor is not supported for complex inputs");
      break;
    case UnaryOp::Ceil:
      TSH_CHECK(!c, RuntimeError, "ceil is not supported for complex inputs");
      break;
    case UnaryOp::Trunc:
      TSH_CHECK(!c, RuntimeError, "trunc is not supported for complex inputs");
      break;
    default: break;
  }
}

// The dtype support check comes after preparing, as in PyTorch: an in-place
// call's cast error wins over the kernel's "not implemented".
Tensor run(UnaryOp op, const Tensor& t, DType compute, DType out_dtype, const Dest& dest,
           const UnaryParams& prm, const Rule* rule = nullptr) {
  const Operand ins[1] = {t};
  const DType dts[1] = {compute};
  Prepared p = prepare_elementwise(ins, dts, dest, out_dtype, out_dtype);
  if (rule && !supports(rule->dtypes, compute)) not_implemented_for(rule->name, compute);
  kernels::unary.get(p.out.device())(op, p.out, p.ins[0], prm);
  return finish_elementwise(p);
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& t, const Dest& dest, double p0, double p1, double p2) {
  const Rule r = rule(op);
  check_special(op, t.dtype());
  DType compute = t.dtype();
  if ((r.result == Result::Float || r.result == Result::RealFloat) && is_integral(compute, true))
    compute = default_dtype();
  DType out = compute;
  if (r.result == Result::Bool) out = DType::Bool;
  if ((r.result == Result::RealSame || r.result == Result::RealFloat) && is_complex(compute))
    out = to_real(compute);
  return run(op, t, compute, out, dest, UnaryParams{p0, p1, p2}, &r);
}

Tensor unary_as(UnaryOp op, const Tensor& t, DType compute, const Dest& dest) {
  return run(op, t, compute, compute, dest, {});
}

Tensor round(const Tensor& t, int64_t decimals, const Dest& dest) {
  if (decimals == 0) return unary(UnaryOp::Round, t, dest);
  return unary(UnaryOp::RoundDecimals, t, dest, static_cast<double>(decimals));
}

Tensor logit(const Tensor& t, std::optional<double> eps, const Dest& dest) {
  return unary(UnaryOp::Logit, t, dest, eps ? *eps : -1.0);
}

Tensor gelu(const Tensor& t, const std::string& approximate, const Dest& dest) {
  if (approximate == "none") return unary(UnaryOp::Gelu, t, dest);
  if (approximate == "tanh") return unary(UnaryOp::GeluTanh, t, dest);
  throw RuntimeError("approximate argument must be either none or tanh.");
}

Tensor nan_to_num(const Tensor& t, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf, const Dest& dest) {
  TSH_CHECK(!is_complex(t.dtype()), RuntimeError,
            std::string("\"nan_to_num\" not implemented for '") + scalar_type_name(t.dtype()) + "'");
  double hi = 0, lo = 0;
  dispatch(t.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, Half>) {
      hi = 65504.0;
    } else if constexpr (std::is_same_v<T, BFloat16>) {
      hi = 3.3895313892515355e38;
    } else if constexpr (!is_complex_v<T>) {
      hi = static_cast<double>(std::numeric_limits<T>::max());
      lo = static_cast<double>(std::numeric_limits<T>::lowest());
    }
  });
  if (is_floating(t.dtype()) && (t.dtype() == DType::Float16 || t.dtype() == DType::BFloat16)) lo = -hi;
  return unary(UnaryOp::NanToNum, t, dest, nan.value_or(0.0), posinf.value_or(hi), neginf.value_or(lo));
}

Tensor real(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  Shape strides = t.strides();
  for (int64_t& s : strides) s *= 2;
  return Tensor::make(t.storage(), t.sizes(), strides, t.storage_offset() * 2, to_real(t.dtype()));
}

Tensor imag(const Tensor& t) {
  TSH_CHECK(is_complex(t.dtype()), RuntimeError,
            "imag is not implemented for tensors with non-complex dtypes.");
  Shape strides = t.strides();
  for (int64_t& s : strides) s *= 2;
  return Tensor::make(t.storage(), t.sizes(), strides, t.storage_offset() * 2 + 1, to_real(t.dtype()));
}

Tensor conj(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  return unary(UnaryOp::Conj, t);
}

Tensor positive(const Tensor& t) {
  TSH_CHECK(t.dtype() != DType::Bool, RuntimeError,
            "The `+` operator, on a bool tensor is not supported.");
  return t;
}

}  // namespace tsh
