// engine/ops/overlap.h — PyTorch's checks that an op does not write where it reads.
//
// Internal to engine/ops: the indexing, gather/scatter, mask and join ops
// refuse outputs that overlap themselves or their inputs.
#pragma once

#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/index.h"
#include "engine/ops/host_values.h"

namespace tsh {

// PyTorch's assert_no_internal_overlap for an op writing into t: refuses t when
// an expanded dim (stride 0, size > 1) makes several elements share memory.
void check_no_internal_overlap(const Tensor& t);

// PyTorch's assert_no_overlap between the tensor an op writes (a) and one it
// reads (b): refuses them when they are the same tensor or, both being dense,
// their memory overlaps (partial_only: only a partial overlap is refused).
void check_no_overlap(const Tensor& a, const Tensor& b, bool partial_only = false);

}  // namespace tsh
