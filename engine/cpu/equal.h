// engine/cpu/equal.h — the CPU kernel behind torch.equal.
#pragma once

#include "engine/core/tensor.h"

namespace tsh::cpu {

// True when every element of a equals the matching element of b (NaN never
// equals). The op layer guarantees equal sizes and equal dtypes.
bool equal_kernel(const Tensor& a, const Tensor& b);

}  // namespace tsh::cpu
