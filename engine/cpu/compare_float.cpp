// engine/cpu/compare_float.cpp — comparisons of float and complex tensors (the loops: compare_loop.h).
#include "engine/cpu/compare.h"

#include "engine/cpu/compare_loop.h"

namespace tsh::cpu {

void float_compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b) {
  dispatch(a.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T> || is_complex_v<T>) compare<T>(op, out, a, b);
  });
}

}  // namespace tsh::cpu
