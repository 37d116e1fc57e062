// engine/ops/products.h — the products built on matmul: addmm, addmv, addr, baddbmm, addbmm, inner,
// tensordot, kron, cross, block_diag, chain_matmul and einsum.
//
// Each is composed from the matrix-product and elementwise ops (so it runs on
// every device that has those kernels), with PyTorch's checks and messages
// in PyTorch's order. beta·input + alpha·product: a beta of 0 ignores input
// (its NaNs too), an alpha of 0 the product, as BLAS does; for integer
// dtypes alpha and beta are truncated to integers, for bool they are truth values.
#pragma once

#include <string>
#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

Tensor addmm(const Tensor& input, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha);
Tensor addmv(const Tensor& input, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha);
Tensor addr(const Tensor& input, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha);
Tensor baddbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
               const Scalar& alpha);
// input·beta + alpha·Σ_b batch1[b] @ batch2[b], summed batch by batch.
Tensor addbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, const Scalar& beta,
              const Scalar& alpha);

// The sum of products over the last dims of a and b (a 0-d operand multiplies).
Tensor inner(const Tensor& a, const Tensor& b);
// Contracts dims_a of a with dims_b of b (same sizes, in order); the free dims of a, then of b.
Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dims_a,
                 const std::vector<int64_t>& dims_b);
// The last n dims of a with the first n of b.
Tensor tensordot(const Tensor& a, const Tensor& b, int64_t n);
// The Kronecker product.
Tensor kron(const Tensor& a, const Tensor& b);
// The cross product of 3-vectors along dim (broadcast); no dim: the first dim of size 3.
Tensor cross(const Tensor& a, const Tensor& b, std::optional<int64_t> dim);
// The tensors (0-, 1- or 2-d) as the blocks of a block-diagonal matrix.
Tensor block_diag(const std::vector<Tensor>& tensors);
// The product of matrices in the order of fewest multiplications (torch.linalg.multi_dot's rule).
Tensor chain_matmul(const std::vector<Tensor>& matrices);
// Einstein summation: "ij,jk->ik", with `...` and implicit output.
Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands);

}  // namespace tsh
