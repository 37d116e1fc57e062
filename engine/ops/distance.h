// engine/ops/distance.h — torch.cdist: the p-norm distance between every row of x1 and every
// row of x2, batched over the leading dims (broadcast).
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"

namespace tsh {

// mode 0: p == 2 uses the matrix-product formula when a side has more than 25 rows; 1: always
// for p == 2; 2: never. PyTorch's cdist_impl (aten/src/ATen/native/Distance.cpp): its checks in
// its order, the same formula on each path, so that the roundings agree.
Tensor cdist(const Tensor& x1, const Tensor& x2, double p, int64_t mode);

}  // namespace tsh
