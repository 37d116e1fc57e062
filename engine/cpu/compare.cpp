// engine/cpu/compare.cpp — CPU kernels for ==, !=, <, <=, >, >= and logical and/or/xor.
//
// Bool and integer dtypes here; float and complex ones in compare_float.cpp,
// compiled in parallel (the loops are in compare_loop.h).
#include "engine/cpu/compare.h"

#include <atomic>

#include "engine/core/convert.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/compare_loop.h"

namespace tsh::cpu {

namespace {

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
  dispatch(a.dtype(), [&]<typename T>() {
    if constexpr (is_float_v<T> || is_complex_v<T>) float_compare_kernel(op, out, a, b);
    else compare<T>(op, out, a, b);
  });
}

bool any_nonzero(const Tensor& t) { return find_truth(t, true); }
bool all_nonzero(const Tensor& t) { return !find_truth(t, false); }

}  // namespace tsh::cpu
