// engine/ops/elementwise_support.h — which dtype categories an elementwise op accepts.
//
// PyTorch's CPU kernels are compiled for a set of dtypes each; outside it they
// raise "\"<kernel>_cpu\" not implemented for '<Type>'". tsh follows PyTorch
// 2.x, whose CPU kernels accept float16 wherever they accept float32.
#pragma once

#include "engine/core/dtype.h"

namespace tsh {

enum DTypeMask : unsigned {
  kBool = 1,
  kInt = 2,      // uint8, int8, int16, int32, int64
  kFloat = 4,    // float16, bfloat16, float32, float64
  kComplex = 8,  // complex64, complex128
  kAll = 15,
};

inline bool supports(unsigned mask, DType d) {
  if (d == DType::Bool) return mask & kBool;
  if (is_integral(d, false)) return mask & kInt;
  if (is_floating(d)) return mask & kFloat;
  return mask & kComplex;
}

}  // namespace tsh
