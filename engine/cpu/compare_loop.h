// engine/cpu/compare_loop.h — one comparison loop per dtype, shared by compare.cpp and compare_float.cpp.
//
// 16-bit floats compare as floats; complex numbers only for == and != (the
// op layer refuses ordering them). NaN compares unequal to everything.
#pragma once

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/kernels/elementwise.h"

namespace tsh::cpu {

template <typename T> inline bool truth(T v) {
  if constexpr (is_complex_v<T>) return v.real() != 0 || v.imag() != 0;
  else return static_cast<opmath_t<T>>(v) != 0;
}

template <typename T>
inline void compare(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  using M = opmath_t<T>;
  switch (op) {
    case CompareOp::Eq: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) == M(y); }); return;
    case CompareOp::Ne: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) != M(y); }); return;
    case CompareOp::LogicalAnd: map2<bool, T, T>(out, a, b, [](T x, T y) { return truth(x) && truth(y); }); return;
    case CompareOp::LogicalOr: map2<bool, T, T>(out, a, b, [](T x, T y) { return truth(x) || truth(y); }); return;
    case CompareOp::LogicalXor: map2<bool, T, T>(out, a, b, [](T x, T y) { return truth(x) != truth(y); }); return;
    default: break;
  }
  if constexpr (!is_complex_v<T>) {
    switch (op) {
      case CompareOp::Lt: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) < M(y); }); return;
      case CompareOp::Le: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) <= M(y); }); return;
      case CompareOp::Gt: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) > M(y); }); return;
      case CompareOp::Ge: map2<bool, T, T>(out, a, b, [](T x, T y) { return M(x) >= M(y); }); return;
      default: return;
    }
  }
}

}  // namespace tsh::cpu
