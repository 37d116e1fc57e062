// engine/cuda/binary.cu — the binary and comparison kernels on the GPU.
//
// One typed function per dtype family switches on the op and hands map2 a
// lambda; map2 reads both operands through their strides (broadcast dims
// have stride 0), computes in the op-math type (float for the 16-bit
// floats) and rounds once into the output. The formulas are those of
// engine/kernels/scalar_math.h, shared with the CPU.
#include "engine/cuda/kernels.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/special_math.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

using namespace tsh::scalar;

template <typename T, typename R, typename F> void map2(const Tensor& out, const Tensor& a, const Tensor& b, F f) {
  const Tensor* ts[3] = {&out, &a, &b};
  const Indexer<3> ix = indexer_of<3>(ts);
  using M = opmath_t<T>;
  R* po = reinterpret_cast<R*>(out.data_ptr());
  const T* pa = reinterpret_cast<const T*>(a.data_ptr());
  const T* pb = reinterpret_cast<const T*>(b.data_ptr());
  for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
    int64_t off[3];
    ix.offsets(i, off);
    po[off[0]] = cast<R>(f(cast<M>(pa[off[1]]), cast<M>(pb[off[2]])));
  });
}

[[noreturn]] void unsupported(const char* what, DType d) {
  kernels::not_implemented_for(what, d);
}

template <typename T> void int_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                      const BinaryParams& prm) {
  switch (op) {
    case BinaryOp::Add: {
      const T alpha = static_cast<T>(prm.alpha.to_int());
      map2<T, T>(out, a, b, [alpha] TSH_HOST_DEVICE(T x, T y) { return wrap_add(x, wrap_mul(alpha, y)); });
      return;
    }
    case BinaryOp::Mul: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return wrap_mul(x, y); }); return;
    case BinaryOp::DivTrunc: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return int_div(x, y); }); return;
    case BinaryOp::DivFloor:
      map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return int_floor_div(x, y); });
      return;
    case BinaryOp::Remainder: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return int_mod(x, y); }); return;
    case BinaryOp::Fmod: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return int_rem(x, y); }); return;
    case BinaryOp::Pow: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return int_pow(x, y); }); return;
    case BinaryOp::Maximum:
    case BinaryOp::Fmax: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x < y ? y : x; }); return;
    case BinaryOp::Minimum:
    case BinaryOp::Fmin: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return y < x ? y : x; }); return;
    case BinaryOp::BitAnd: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return T(x & y); }); return;
    case BinaryOp::BitOr: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return T(x | y); }); return;
    case BinaryOp::BitXor: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return T(x ^ y); }); return;
    case BinaryOp::Shl: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return shift_left(x, y); }); return;
    case BinaryOp::Shr: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return shift_right(x, y); }); return;
    case BinaryOp::Heaviside: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return heaviside(x, y); }); return;
    case BinaryOp::Gcd: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return gcd(x, y); }); return;
    case BinaryOp::Lcm: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return lcm(x, y); }); return;
    default: unsupported("binary_op_cuda", out.dtype());
  }
}

void bool_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  using T = bool;
  switch (op) {
    case BinaryOp::Add: {
      const bool alpha = prm.alpha.to_bool();
      map2<T, T>(out, a, b, [alpha] TSH_HOST_DEVICE(T x, T y) { return x || (alpha && y); });
      return;
    }
    case BinaryOp::Mul:
    case BinaryOp::Minimum:
    case BinaryOp::Fmin:
    case BinaryOp::BitAnd: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x && y; }); return;
    case BinaryOp::Maximum:
    case BinaryOp::Fmax:
    case BinaryOp::BitOr: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x || y; }); return;
    case BinaryOp::Heaviside: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x ? true : y; }); return;
    case BinaryOp::BitXor: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x != y; }); return;
    default: unsupported("binary_op_cuda", DType::Bool);
  }
}

template <typename T> void float_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                        const BinaryParams& prm) {
  using M = opmath_t<T>;
  switch (op) {
    case BinaryOp::Add: {
      const M alpha = static_cast<M>(prm.alpha.to_double());
      if (alpha == M(1))
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x + y; });
      else
        map2<T, T>(out, a, b, [alpha] TSH_HOST_DEVICE(M x, M y) { return std::fma(alpha, y, x); });
      return;
    }
    case BinaryOp::Mul:
      if (prm.b_wide) {
        const M w = static_cast<M>(static_cast<float>(*prm.b_wide));
        map2<T, T>(out, a, b, [w] TSH_HOST_DEVICE(M x, M) { return x * w; });
      } else {
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x * y; });
      }
      return;
    case BinaryOp::Div:
      if (prm.b_wide) {
        const M w = static_cast<M>(static_cast<float>(*prm.b_wide));
        map2<T, T>(out, a, b, [w] TSH_HOST_DEVICE(M x, M) { return x / w; });
      } else {
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x / y; });
      }
      return;
    case BinaryOp::DivTrunc: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::trunc(x / y); }); return;
    case BinaryOp::DivFloor:
      map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return float_floor_div(x, y); });
      return;
    case BinaryOp::Remainder: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return float_mod(x, y); }); return;
    case BinaryOp::Fmod: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::fmod(x, y); }); return;
    case BinaryOp::Pow: {
      const double e = prm.pow_exponent ? prm.pow_exponent->to_double() : 0.0;
      if (prm.pow_exponent && e == 2.0)
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M) { return x * x; });
      else if (prm.pow_exponent && e == 3.0)
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M) { return x * x * x; });
      else if (prm.pow_exponent && e == -2.0)
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M) { return M(1) / (x * x); });
      else if (prm.pow_exponent && e == 0.5)
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M) { return std::sqrt(x); });
      else
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::pow(x, y); });
      return;
    }
    case BinaryOp::Atan2: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::atan2(x, y); }); return;
    case BinaryOp::Hypot: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::hypot(x, y); }); return;
    case BinaryOp::Maximum: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return nan_max(x, y); }); return;
    case BinaryOp::Minimum: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return nan_min(x, y); }); return;
    case BinaryOp::Fmax: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::fmax(x, y); }); return;
    case BinaryOp::Fmin: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::fmin(x, y); }); return;
    case BinaryOp::CopySign:
      map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::copysign(x, y); });
      return;
    case BinaryOp::Heaviside: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return heaviside(x, y); }); return;
    case BinaryOp::Xlogy: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return xlogy(x, y); }); return;
    case BinaryOp::LogAddExp:
      map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) {
        if (std::isinf(x) && x == y) return x;
        const M m = x > y ? x : y;
        return m + std::log1p(std::exp(-std::fabs(x - y)));
      });
      return;
    case BinaryOp::LogAddExp2:
      map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) {
        if (std::isinf(x) && x == y) return x;
        const M m = x > y ? x : y;
        return m + std::log1p(std::exp2(-std::fabs(x - y))) / M(0.69314718055994530942);
      });
      return;
    case BinaryOp::NextAfter: {
      if constexpr (is_half_v<T>) {
        unsupported("nextafter_cuda", out.dtype());
      } else {
        map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return std::nextafter(x, y); });
      }
      return;
    }
    default: unsupported("binary_op_cuda", out.dtype());
  }
}

template <typename T> void complex_binary(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                          const BinaryParams& prm) {
  using R = decltype(T{}.re);
  switch (op) {
    case BinaryOp::Add: {
      const std::complex<double> c = prm.alpha.to_complex();
      const T alpha(static_cast<R>(c.real()), static_cast<R>(c.imag()));
      map2<T, T>(out, a, b, [alpha] TSH_HOST_DEVICE(T x, T y) { return x + y * alpha; });
      return;
    }
    case BinaryOp::Mul: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x * y; }); return;
    case BinaryOp::Div: map2<T, T>(out, a, b, [] TSH_HOST_DEVICE(T x, T y) { return x / y; }); return;
    default: unsupported(op == BinaryOp::Pow ? "pow_cuda" : "binary_op_cuda", out.dtype());
  }
}

template <typename T> void compare_typed(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  using M = opmath_t<T>;
  if constexpr (is_cplx_v<T>) {
    if (op != CompareOp::Eq && op != CompareOp::Ne && op != CompareOp::LogicalAnd && op != CompareOp::LogicalOr &&
        op != CompareOp::LogicalXor)
      unsupported("lt_cuda", a.dtype());
  }
  switch (op) {
    case CompareOp::Eq: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x == y; }); return;
    case CompareOp::Ne: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x != y; }); return;
    case CompareOp::LogicalAnd:
      map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return cast<bool>(x) && cast<bool>(y); });
      return;
    case CompareOp::LogicalOr:
      map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return cast<bool>(x) || cast<bool>(y); });
      return;
    case CompareOp::LogicalXor:
      map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return cast<bool>(x) != cast<bool>(y); });
      return;
    default: break;
  }
  if constexpr (!is_cplx_v<T>) {
    switch (op) {
      case CompareOp::Lt: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x < y; }); return;
      case CompareOp::Le: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x <= y; }); return;
      case CompareOp::Gt: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x > y; }); return;
      case CompareOp::Ge: map2<T, bool>(out, a, b, [] TSH_HOST_DEVICE(M x, M y) { return x >= y; }); return;
      default: return;
    }
  }
}

}  // namespace

void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& prm) {
  switch (out.dtype()) {
    case DType::Bool: bool_binary(op, out, a, b, prm); return;
    case DType::UInt8: int_binary<uint8_t>(op, out, a, b, prm); return;
    case DType::Int8: int_binary<int8_t>(op, out, a, b, prm); return;
    case DType::Int16: int_binary<int16_t>(op, out, a, b, prm); return;
    case DType::Int32: int_binary<int32_t>(op, out, a, b, prm); return;
    case DType::Int64: int_binary<int64_t>(op, out, a, b, prm); return;
    case DType::Float16: float_binary<f16>(op, out, a, b, prm); return;
    case DType::BFloat16: float_binary<bf16>(op, out, a, b, prm); return;
    case DType::Float32: float_binary<float>(op, out, a, b, prm); return;
    case DType::Float64: float_binary<double>(op, out, a, b, prm); return;
    case DType::Complex64: complex_binary<cplx<float>>(op, out, a, b, prm); return;
    case DType::Complex128: complex_binary<cplx<double>>(op, out, a, b, prm); return;
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64: kernels::not_implemented_for("binary_cuda", out.dtype());
  }
}

void compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  switch (a.dtype()) {
    case DType::Bool: compare_typed<bool>(op, out, a, b); return;
    case DType::UInt8: compare_typed<uint8_t>(op, out, a, b); return;
    case DType::Int8: compare_typed<int8_t>(op, out, a, b); return;
    case DType::Int16: compare_typed<int16_t>(op, out, a, b); return;
    case DType::Int32: compare_typed<int32_t>(op, out, a, b); return;
    case DType::Int64: compare_typed<int64_t>(op, out, a, b); return;
    case DType::Float16: compare_typed<f16>(op, out, a, b); return;
    case DType::BFloat16: compare_typed<bf16>(op, out, a, b); return;
    case DType::Float32: compare_typed<float>(op, out, a, b); return;
    case DType::Float64: compare_typed<double>(op, out, a, b); return;
    case DType::Complex64: compare_typed<cplx<float>>(op, out, a, b); return;
    case DType::Complex128: compare_typed<cplx<double>>(op, out, a, b); return;
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64: kernels::not_implemented_for("compare_cuda", a.dtype());
  }
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
