// engine/ops/matmul.h — matrix and vector products: matmul (`@`), mm, mv, bmm, dot, vdot, outer.
//
// PyTorch's rules, checks and messages in PyTorch's order. Matrix products
// need both operands of one dtype (no promotion; outer is the exception, it
// is an elementwise product); bool is refused by every product, the other
// dtypes are all allowed. Outputs are new contiguous tensors. matmul picks
// dot, mv, mm or bmm from the operands' dims exactly as PyTorch 2.x does
// (folding batch dims into mm where that needs no copy), so its errors are
// those of the product it reaches.
#pragma once

#include "engine/core/tensor.h"

namespace tsh {

// The matmul of the Python `@` operator: 1-d x 1-d is dot, 2-d x 1-d is mv,
// 1-d x 2-d and 2-d x 2-d are mm, anything of 3 dims or more broadcasts the
// batch dims (all but the last two; a 1-d operand has none).
Tensor matmul(const Tensor& a, const Tensor& b);
// (n x k) @ (k x m) -> (n x m).
Tensor mm(const Tensor& self, const Tensor& mat2);
// (n x k) @ (k) -> (n); the result has vec's dtype.
Tensor mv(const Tensor& self, const Tensor& vec);
// (b x n x k) @ (b x k x m) -> (b x n x m), no broadcasting; the result has mat2's dtype.
Tensor bmm(const Tensor& self, const Tensor& mat2);
// Sum of products of two 1-d tensors of one length and dtype, as a 0-d tensor.
Tensor dot(const Tensor& self, const Tensor& other);
// dot with self conjugated (the same as dot for real dtypes).
Tensor vdot(const Tensor& self, const Tensor& other);
// self[i] * vec2[j] as an (n x m) tensor, with the dtypes promoted (also ger).
Tensor outer(const Tensor& self, const Tensor& vec2);

}  // namespace tsh
