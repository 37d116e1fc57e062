// engine/ops/index_support.h — pieces shared by the indexing, gather/scatter and mask ops.
//
// Internal to engine/ops: PyTorch's overlap checks for ops that write.
#pragma once

#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/index.h"
#include "engine/ops/host_values.h"

namespace tsh::index_detail {

// PyTorch's assert_no_internal_overlap for an op writing into t: refuses t when
// an expanded dim (stride 0, size > 1) makes several elements share memory.
void check_no_internal_overlap(const Tensor& t);

// PyTorch's assert_no_overlap between the tensor an op writes (a) and one it
// reads (b): refuses them when they are the same tensor or, both being dense,
// their memory overlaps (partial_only: only a partial overlap is refused).
void check_no_overlap(const Tensor& a, const Tensor& b, bool partial_only = false);

}  // namespace tsh::index_detail
