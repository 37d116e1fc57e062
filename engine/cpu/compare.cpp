// engine/cpu/compare.cpp — CPU kernels for ==, !=, <, <=, >, >= and logical and/or/xor.
//
// 16-bit floats compare as floats; complex numbers only for == and != (the
// op layer refuses ordering them). NaN compares unequal to everything.
#include "engine/cpu/compare.h"

#include <atomic>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"

namespace tsh::cpu {

namespace {

template <typename T> bool truth(T v) {
  if constexpr (is_complex_v<T>) return v.real() != 0 || v.imag() != 0;
  else return static_cast<opmath_t<T>>(v) != 0;
}

template <typename T>
void compare(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
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

// Counts elements whose truth equals `want`, stopping early once one is found.
bool find_truth(const Tensor& t, bool want) {
  std::atomic<bool> found{false};
  dispatch(t.dtype(), [&]<typename T>() {
    elementwise_loop<1>({&t}, [&](char** p, const int64_t* s, int64_t n) {
      if (found.load(std::memory_order_relaxed)) return;
      for (int64_t k = 0; k < n; ++k)
        if (truth(elem<T>(p[0], k, s[0])) == want) {
          found.store(true, std::memory_order_relaxed);
          return;
        }
    });
  });
  return found.load();
}

}  // namespace

void compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  dispatch(a.dtype(), [&]<typename T>() { compare<T>(op, out, a, b); });
}

bool any_nonzero(const Tensor& t) { return find_truth(t, true); }
bool all_nonzero(const Tensor& t) { return !find_truth(t, false); }

}  // namespace tsh::cpu
