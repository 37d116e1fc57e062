// engine/ops/overlap.cpp — overlap checks by storage byte ranges.
#include "engine/ops/overlap.h"

#include "engine/ops/elementwise_plan.h"

#include <algorithm>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"

namespace tsh {

void check_no_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    TSH_CHECK(!(t.strides()[d] == 0 && t.sizes()[d] > 1), RuntimeError,
              "unsupported operation: more than one element of the written-to tensor refers to a "
              "single memory location. Please clone() the tensor before performing the operation.");
}

void check_no_overlap(const Tensor& a, const Tensor& b, bool partial_only) {
  const char* message =
      "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
      "single memory location. Please clone() the tensor before performing the operation.";
  if (a.is_same(b)) {
    TSH_CHECK(partial_only, RuntimeError, message);
    return;
  }
  if (a.numel() == 0 || b.numel() == 0 || a.storage() != b.storage()) return;
  // Overlaps of non-dense tensors are too hard to tell, and let through, as PyTorch does.
  if (!non_overlapping_and_dense(a.sizes(), a.strides()) || !non_overlapping_and_dense(b.sizes(), b.strides()))
    return;
  // Byte offsets into the shared storage (addresses would not do: meta storages have none).
  const int64_t a_begin = a.storage_offset() * a.itemsize(), a_end = a_begin + a.numel() * a.itemsize();
  const int64_t b_begin = b.storage_offset() * b.itemsize(), b_end = b_begin + b.numel() * b.itemsize();
  if (a_begin == b_begin && a_end == b_end) {
    const bool full = a.strides() == b.strides();
    TSH_CHECK(full && partial_only, RuntimeError, message);
    return;
  }
  TSH_CHECK(!(a_begin < b_end && b_begin < a_end), RuntimeError, message);
}


}  // namespace tsh
