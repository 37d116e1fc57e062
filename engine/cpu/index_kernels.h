// engine/cpu/index_kernels.h — the CPU kernels behind advanced indexing, gather/scatter and masks.
//
// Every indexing op reduces to moving elements between a strided view and a
// list of element offsets: the op layer turns index tensors into int64
// offsets (after checking every bound, so a failing op writes nothing), lays
// them out with stride 0 along the dims they do not vary in, and calls one of
// these. Kernels never check arguments.
#pragma once

#include <cstdint>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/index.h"

namespace tsh::cpu {

// How a scatter combines a source element with the element already there.

// out[i] = element at (address of src[i]) + offsets[i] elements.
// out, src and offsets (int64) have out's shape (src and offsets may have stride 0);
// out and src share a dtype.
void gather_kernel(const Tensor& out, const Tensor& src, const Tensor& offsets);

// element at (address of dst[i]) + offsets[i] elements  (=, += alpha *, *=)  src[i].
// dst, src and offsets have dst's shape (any may have stride 0); dst and src share a
// dtype. Runs in iteration order on one thread, so with repeated offsets the last
// write wins (Assign) and every contribution counts (Add, Multiply). alpha has
// been checked to fit dst's dtype.
void scatter_kernel(const Tensor& dst, const Tensor& src, const Tensor& offsets, ScatterMode mode,
                    const Scalar& alpha);

// dst[i] = value where mask[i] is nonzero; mask (bool or uint8) has dst's shape.
// value has been checked to fit dst's dtype.
void masked_fill_kernel(const Tensor& dst, const Tensor& mask, const Scalar& value);

// Number of nonzero elements of t (NaN counts as nonzero).
int64_t count_nonzero_kernel(const Tensor& t);
// out (int64, n x t.dim(), any strides) receives the multi-index of every
// nonzero element of t, in row-major order; n is count_nonzero_kernel(t).
void nonzero_kernel(const Tensor& t, const Tensor& out);

}  // namespace tsh::cpu
