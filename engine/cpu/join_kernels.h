// engine/cpu/join_kernels.h — CPU kernels for rearranging ops (flip, tril/triu).
//
// Joining, repeating and rolling are copies between views and use the copy
// kernel; only the ops below need a loop of their own. Kernels never check
// arguments.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh::cpu {

// out[i] = src[i] with src read backwards along the dims where flip[d] is true.
// out and src have the same shape and dtype.
void flip_kernel(const Tensor& out, const Tensor& src, const std::vector<bool>& flip);

// out[..., i, j] = src[..., i, j] where the element lies on the kept side of
// diagonal k (upper: j - i >= k, lower: j - i <= k), else 0. out and src have
// the same shape (at least 2-d) and dtype; out may be src itself (only zeros are written then).
void triangle_kernel(const Tensor& out, const Tensor& src, int64_t k, bool upper);

}  // namespace tsh::cpu
