// engine/ops/masked.h — ops driven by a bool mask, and finding the nonzero elements.
//
// Masks broadcast against self (in place: to self's shape). masked_fill takes
// only bool masks (PyTorch 2.x); masked_select and masked_scatter also take
// uint8 ones, which PyTorch deprecates. Elements are visited in row-major
// order, so masked_select and masked_scatter pair the i-th set position of
// the mask with the i-th element of the output / source.
#pragma once

#include <vector>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// The multi-index of every nonzero element, row-major: int64 of shape
// (count, self.dim()), laid out column by column (strides (1, count)) as PyTorch does.
Tensor nonzero(const Tensor& self);
// nonzero(as_tuple=True) and where(cond): one 1-d int64 tensor per dim (a
// 0-d self counts as 1-d).
std::vector<Tensor> nonzero_tuple(const Tensor& self);
// Same as nonzero.
Tensor argwhere(const Tensor& self);

// self with value where mask is set; self and mask broadcast together. The value
// tensor must be 0-d. A value that does not fit self's dtype is refused.
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value);
Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value);
const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value);
const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value);

// The elements of self (broadcast with mask) where mask is set, as a 1-d tensor.
Tensor masked_select(const Tensor& self, const Tensor& mask);

// Writes source's elements, in order, at the positions where mask is set.
// source must have self's dtype and at least as many elements as the mask has set.
Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source);
const Tensor& masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source);

}  // namespace tsh
