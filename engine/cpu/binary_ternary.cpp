// engine/cpu/binary_ternary.cpp — CPU kernels for where, lerp, addcmul, addcdiv and clamp.
//
// Rounding follows PyTorch's kernels: lerp and addcmul are fused
// multiply-adds (as the compiled PyTorch evaluates them), addcdiv divides
// after scaling, 16-bit floats compute in float and round once.
#include <cmath>
#include <limits>

#include "engine/core/convert.h"
#include "engine/cpu/binary.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/isa.h"

namespace tsh::cpu {

namespace {

template <typename T> constexpr bool is_int_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <typename M> M lerp_real(M self, M end, M w) {
  const M diff = end - self;
  return std::abs(w) < M(0.5) ? std::fma(w, diff, self) : std::fma(-diff, M(1) - w, end);
}

template <typename C> C lerp_complex(C self, C end, C w) {
  const C diff = end - self;
  return std::abs(w) < 0.5 ? self + w * diff : end - diff * (C(1) - w);
}

template <typename T>
void lerp(const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, const Scalar& value) {
  using M = opmath_t<T>;
  if constexpr (is_complex_v<T>) {
    if (!c.defined()) {
      const T w = convert<T>(value.to_complex());
      map2<T, T, T>(out, a, b, [w](T x, T y) { return lerp_complex(x, y, w); });
    } else {
      map3<T, T, T, T>(out, a, b, c, [](T x, T y, T w) { return lerp_complex(x, y, w); });
    }
  } else {
    if (!c.defined()) {
      // One weight for every element: its side of 0.5 is chosen once, so the loop vectorises.
      const M w = static_cast<M>(value.to_double());
      if (std::abs(w) < M(0.5))
        map2<T, T, T>(out, a, b, [w](T x, T y) { return static_cast<T>(std::fma(w, M(y) - M(x), M(x))); });
      else
        map2<T, T, T>(out, a, b, [w](T x, T y) {
          const M diff = M(y) - M(x);
          return static_cast<T>(std::fma(-diff, M(1) - w, M(y)));
        });
    } else {
      map3<T, T, T, T>(out, a, b, c,
                       [](T x, T y, T w) { return static_cast<T>(lerp_real<M>(M(x), M(y), M(w))); });
    }
  }
}

template <typename T>
void addc(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, const Scalar& value) {
  using M = opmath_t<T>;
  if constexpr (is_int_v<T>) {
    // Only addcmul reaches integers (addcdiv refuses them). Wrapping arithmetic
    // modulo 2^64 truncates to the same bits as PyTorch's wrapping in T.
    using W = uint64_t;
    const W v = static_cast<W>(static_cast<int64_t>(convert<T>(value.to_int())));
    map3<T, T, T, T>(out, a, b, c, [v](T x, T y, T z) {
      auto w = [](T e) { return static_cast<W>(static_cast<int64_t>(e)); };
      return static_cast<T>(w(x) + v * w(y) * w(z));
    });
  } else if constexpr (is_complex_v<T>) {
    const T v = convert<T>(value.to_complex());
    if (op == TernaryOp::Addcmul)
      map3<T, T, T, T>(out, a, b, c, [v](T x, T y, T z) { return x + v * y * z; });
    else
      map3<T, T, T, T>(out, a, b, c, [v](T x, T y, T z) { return x + v * y / z; });
  } else if constexpr (!std::is_same_v<T, bool>) {
    const M v = static_cast<M>(value.to_double());
    if (op == TernaryOp::Addcmul)
      map3<T, T, T, T>(out, a, b, c, [v](T x, T y, T z) { return static_cast<T>(std::fma(v * M(y), M(z), M(x))); });
    else
      map3<T, T, T, T>(out, a, b, c, [v](T x, T y, T z) { return static_cast<T>(M(x) + v * M(y) / M(z)); });
  }
}

template <typename T>
void clamp(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c) {
  using M = opmath_t<T>;
  auto lo_hi = [](M x, M lo, M hi) {
    M r = x < lo ? lo : x;
    return hi < r ? hi : r;
  };
  switch (op) {
    case TernaryOp::Clamp:
      map3<T, T, T, T>(out, a, b, c, [lo_hi](T x, T lo, T hi) {
        if constexpr (std::is_floating_point_v<M>)
          if (M(lo) != M(lo) || M(hi) != M(hi)) return static_cast<T>(std::numeric_limits<M>::quiet_NaN());
        return static_cast<T>(lo_hi(M(x), M(lo), M(hi)));
      });
      return;
    case TernaryOp::ClampNumbers:
      map3<T, T, T, T>(out, a, b, c, [lo_hi](T x, T lo, T hi) { return static_cast<T>(lo_hi(M(x), M(lo), M(hi))); });
      return;
    case TernaryOp::ClampMin:
      map2<T, T, T>(out, a, b, [](T x, T lo) { return M(x) < M(lo) ? lo : x; });
      return;
    case TernaryOp::ClampMax:
      map2<T, T, T>(out, a, c, [](T x, T hi) { return M(hi) < M(x) ? hi : x; });
      return;
    default: return;
  }
}

}  // namespace

void TSH_ISA_ENTRY(ternary_kernel)(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                   const Tensor& c, const Scalar& value) {
  dispatch(out.dtype(), [&]<typename T>() {
    switch (op) {
      case TernaryOp::Where:
        map3<T, bool, T, T>(out, a, b, c, [](bool cond, T x, T y) { return cond ? x : y; });
        return;
      case TernaryOp::Lerp:
        if constexpr (!std::is_integral_v<T>) lerp<T>(out, a, b, c, value);
        return;
      case TernaryOp::Addcmul:
      case TernaryOp::Addcdiv:
        addc<T>(op, out, a, b, c, value);
        return;
      default:
        if constexpr (!is_complex_v<T>) clamp<T>(op, out, a, b, c);
        return;
    }
  });
}

// lerp and addcmul call std::fma per element: a libm call in the baseline build, one instruction
// (and vectorised loops) in the AVX2 and AVX-512 ones, with the same correctly rounded bits.
TSH_ISA_DISPATCH(ternary_kernel,
                 (TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c,
                  const Scalar& value),
                 (op, out, a, b, c, value))

}  // namespace tsh::cpu
