// engine/ops/complex.h — complex tensors built from real ones (torch.complex, torch.polar).
#pragma once

#include "engine/core/tensor.h"

namespace tsh {

// real + imag·i, both float32 or both float64 (broadcast): complex64 / complex128.
Tensor complex(const Tensor& real, const Tensor& imag);
// abs·(cos(angle) + i·sin(angle)), with complex()'s dtype rules.
Tensor polar(const Tensor& abs, const Tensor& angle);

}  // namespace tsh
