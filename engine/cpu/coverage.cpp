// engine/cpu/coverage.cpp — the dtypes each CPU kernel is compiled for, and its name in errors.
//
// PyTorch 2.x's CPU kernels, dtype for dtype: outside these sets an op fails with
// "\"<name>\" not implemented for '<Type>'" (engine/kernels/coverage.h). PyTorch 2.x
// accepts float16 wherever its CPU kernels accept float32.
#include "engine/cpu/backend.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/elementwise.h"

namespace tsh::cpu {

void cover_dtypes(DeviceType C) {
  using namespace kernels;
  constexpr unsigned kNotBool = kAll & ~kBool, kNotComplex = kAll & ~kComplex, kReal = kInt | kFloat;

  cover(C, coverage_key(BinaryOp::Add), "add_cpu/sub_cpu", kAll);
  cover(C, coverage_key(BinaryOp::Mul), "mul_cpu", kAll);
  cover(C, coverage_key(BinaryOp::Div), "div_true_cpu", kFloat | kComplex);
  cover(C, coverage_key(BinaryOp::DivTrunc), "div_trunc_cpu", kReal);
  cover(C, coverage_key(BinaryOp::DivFloor), "div_floor_cpu", kReal);
  cover(C, coverage_key(BinaryOp::Remainder), "remainder_cpu", kReal);
  cover(C, coverage_key(BinaryOp::Fmod), "fmod_cpu", kReal);
  cover(C, coverage_key(BinaryOp::Pow), "pow", kInt | kFloat | kComplex);
  cover(C, coverage_key(BinaryOp::Atan2), "atan2_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::Hypot), "hypot_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::Maximum), "maximum_cpu", kNotComplex);
  cover(C, coverage_key(BinaryOp::Minimum), "minimum_cpu", kNotComplex);
  cover(C, coverage_key(BinaryOp::BitAnd), "bitwise_and_cpu", kBool | kInt);
  cover(C, coverage_key(BinaryOp::BitOr), "bitwise_or_cpu", kBool | kInt);
  cover(C, coverage_key(BinaryOp::BitXor), "bitwise_xor_cpu", kBool | kInt);
  cover(C, coverage_key(BinaryOp::Shl), "lshift_cpu", kInt);
  cover(C, coverage_key(BinaryOp::Shr), "rshift_cpu", kInt);
  cover(C, coverage_key(BinaryOp::CopySign), "copysign_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::Fmax), "fmax_cpu", kNotComplex);
  cover(C, coverage_key(BinaryOp::Fmin), "fmin_cpu", kNotComplex);
  cover(C, coverage_key(BinaryOp::Heaviside), "heaviside_cpu", kNotComplex);
  cover(C, coverage_key(BinaryOp::Gcd), "gcd_cpu", kInt);
  cover(C, coverage_key(BinaryOp::Lcm), "lcm_cpu", kInt);
  cover(C, coverage_key(BinaryOp::Xlogy), "xlogy_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::LogAddExp), "logaddexp_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::LogAddExp2), "logaddexp2_cpu", kFloat);
  cover(C, coverage_key(BinaryOp::NextAfter), "nextafter_cpu", kFloat);

  cover(C, coverage_key(UnaryOp::Neg), "neg_cpu", kInt | kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Abs), "abs_cpu", kInt | kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Sign), "sign_cpu", kBool | kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Sgn), "sgn_cpu", kAll);
  cover(C, coverage_key(UnaryOp::Reciprocal), "reciprocal_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Sqrt), "sqrt_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Rsqrt), "rsqrt_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Exp), "exp_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Exp2), "exp2", kFloat);
  cover(C, coverage_key(UnaryOp::Expm1), "expm1_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Log), "log_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Log2), "log2_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Log10), "log10_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Log1p), "log1p_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Sin), "sin_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Cos), "cos_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Tan), "tan_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Asin), "asin_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Acos), "acos_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Atan), "atan_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Sinh), "sinh_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Cosh), "cosh_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Tanh), "tanh_vml_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Asinh), "asinh_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Acosh), "acosh_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Atanh), "atanh_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Sigmoid), "sigmoid_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Logit), "logit_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Gelu), "GeluKernelImpl", kFloat);
  cover(C, coverage_key(UnaryOp::GeluTanh), "GeluKernelImpl", kFloat);
  cover(C, coverage_key(UnaryOp::Erf), "erf_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Erfc), "erfc_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Erfinv), "erfinv_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Lgamma), "lgamma_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Digamma), "digamma", kFloat);
  cover(C, coverage_key(UnaryOp::Trigamma), "polygamma", kFloat);
  cover(C, coverage_key(UnaryOp::Polygamma), "polygamma", kFloat);
  cover(C, coverage_key(UnaryOp::I0), "i0_vml_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Sinc), "sinc_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::FrexpMantissa), "frexp_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::FrexpExponent), "frexp_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::Floor), "floor_vml_cpu", kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Ceil), "ceil_vml_cpu", kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Round), "round_vml_cpu", kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Trunc), "trunc_vml_cpu", kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Frac), "frac_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::RoundDecimals), "round_cpu", kFloat);
  cover(C, coverage_key(UnaryOp::NanToNum), "nan_to_num", kBool | kInt | kFloat);
  cover(C, coverage_key(UnaryOp::Angle), "angle_cpu", kFloat | kComplex);
  cover(C, coverage_key(UnaryOp::Conj), "conj_cpu", kAll);
  cover(C, coverage_key(UnaryOp::BitwiseNot), "bitwise_not_cpu", kBool | kInt);
  cover(C, coverage_key(UnaryOp::Signbit), "signbit_cpu", kBool | kInt | kFloat);
  cover(C, coverage_key(UnaryOp::IsNan), "logical_not_cpu", kAll);
  cover(C, coverage_key(UnaryOp::IsInf), "logical_not_cpu", kAll);
  cover(C, coverage_key(UnaryOp::IsFinite), "logical_not_cpu", kAll);
  cover(C, coverage_key(UnaryOp::LogicalNot), "logical_not_cpu", kAll);
  cover(C, coverage_key(UnaryOp::IsNegInf), "isinf", kBool | kInt | kFloat);
  cover(C, coverage_key(UnaryOp::IsPosInf), "isinf", kBool | kInt | kFloat);
  cover(C, coverage_key(CompareOp::Lt), "lt_cpu", kNotComplex);
  cover(C, coverage_key(CompareOp::Le), "le_cpu", kNotComplex);
  cover(C, coverage_key(CompareOp::Gt), "gt_cpu", kNotComplex);
  cover(C, coverage_key(CompareOp::Ge), "ge_cpu", kNotComplex);

  cover(C, coverage_key(TernaryOp::Addcmul), "addcmul_cpu_out", kInt | kFloat | kComplex);
  cover(C, coverage_key(TernaryOp::Addcdiv), "addcdiv_cpu_out", kFloat | kComplex);
  cover(C, coverage_key(TernaryOp::Clamp), "clamp_cpu", kNotBool);
  cover(C, coverage_key(TernaryOp::ClampNumbers), "clamp_scalar_cpu", kNotBool);
  cover(C, coverage_key(TernaryOp::ClampMin), "clamp_min_scalar_cpu", kNotBool);
  cover(C, coverage_key(TernaryOp::ClampMax), "clamp_max_scalar_cpu", kNotBool);
  cover(C, "lerp/tensor", "lerp_kernel_tensor", kFloat | kComplex);
  cover(C, "lerp/scalar", "lerp_kernel_scalar", kFloat | kComplex);

  cover(C, "arange", "arange_cpu", kReal);
  cover(C, "linspace", "linspace_cpu", kNotBool);
  cover(C, "logspace", "logspace_cpu", kNotBool);
  cover(C, "repeat_interleave", "repeat_interleave_cpu", dtype_bits({DType::Int32, DType::Int64}));

  cover(C, "uniform", "check_uniform_bounds", kFloat);
  cover(C, "normal", "normal_kernel_cpu", kFloat);
  cover(C, "random", "random_kernel_cpu", kNotComplex);
  cover(C, "random_full_range", "random_full_64_bits_range_kernel_cpu",
        kNotComplex & ~kBool & ~dtype_bit(DType::Float16));
  cover(C, "bernoulli_scalar", "bernoulli_scalar_cpu_", kNotComplex);
  cover(C, "bernoulli_tensor/self", "bernoulli_tensor_cpu_self_", kNotComplex);
  cover(C, "bernoulli_tensor/p", "bernoulli_tensor_cpu_p_", kFloat);
  cover(C, "geometric", "geometric_cpu", kReal);
  cover(C, "log_normal", "log_normal_cpu", kFloat);
  cover(C, "randperm", "randperm", kReal);
  cover(C, "poisson", "poisson_cpu", kFloat);

  cover(C, "argmax", "argmax_cpu", kReal);
  cover(C, "argmin", "argmin_cpu", kReal);
  cover(C, "max_all", "max_all", kNotComplex);
  cover(C, "min_all", "min_all", kNotComplex);
  cover(C, "max_values", "max_values_cpu", kNotComplex);
  cover(C, "min_values", "min_values_cpu", kNotComplex);
  cover(C, "aminmax", "aminmax_cpu", kNotComplex);
  cover(C, "cummax", "cummax_cpu", kNotComplex);
  cover(C, "cummin", "cummin_cpu", kNotComplex);

  cover(C, "median_all", "median_out", kReal);
  cover(C, "median", "median_cpu", kReal);
  cover(C, "sort", "sorting_kernel_method_name", kNotComplex);
  cover(C, "topk", "topk_cpu", kReal);
  cover(C, "kthvalue", "kthvalue_cpu", kReal);
  cover(C, "mode", "mode_cpu", kNotComplex);
  cover(C, "unique", "unique", kNotComplex);

  cover(C, "addmm", "addmm_impl_cpu_", kNotBool);
  cover(C, "addmv", "addmv_impl_cpu", kNotBool);
  cover(C, "bmm/small", "bmm", kNotBool);
  cover(C, "dot", "dot", kNotBool);
  cover(C, "lu", "lu_cpu", kAll & ~dtype_bits({DType::Float16, DType::BFloat16}));
}

}  // namespace tsh::cpu
