// engine/format/gather.h — which elements a tensor repr shows, and reading them.
//
// PyTorch summarizes BEFORE formatting: when numel > threshold, each dim keeps
// only its first and last `edgeitems` indices, and only those elements feed
// the formatter. A Plan records, per dim, the source indices shown and where
// the "..." marker goes; compact_on_cpu() copies exactly those elements off
// the tensor's device (a 10000x10000 tensor costs 36 elements), and widen()
// reads them from the host bytes they were copied into.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh::format {

struct IndexRange {
  int64_t begin = 0;  // first source index shown
  int64_t end = 0;    // one past the last; begin <= end
};

struct DimPlan {
  std::vector<IndexRange> ranges;  // source indices shown, in order: 0, 1 or 2 ranges
  int64_t marker = -1;             // shown indices before the "..." marker; -1 = no marker
  int64_t count() const;           // number of indices shown
};

// One DimPlan per dim of the tensor (none for a 0-d tensor).
using Plan = std::vector<DimPlan>;

// Every index of every dim, no markers.
Plan full_plan(const Shape& sizes);

// PyTorch 2.x's choice for a tensor of these sizes. Without summarize: every
// index. With it, per dim of size n: the first and last e indices when
// n > 2e, else all of them. edgeitems == 0 shows nothing but the marker (2.x
// prints "[...]"); a negative edgeitems keeps Python's slice arithmetic
// (t[:e], t[-e:]) for 1-d tensors and throws PyTorch's RuntimeError for more
// dims (its torch.stack of no rows fails).
Plan make_plan(const Shape& sizes, bool summarize, int64_t edgeitems);

// The shown elements, row-major over the plan's grid, widened for formatting:
// floating dtypes (float16/bfloat16/float32 widened exactly) to double, the
// two parts of a complex to double, integers to int64, bool to 0/1.
struct Visible {
  enum class Kind { Floating, Complex, Integer, Bool };
  Kind kind = Kind::Floating;
  std::vector<double> re;     // Floating values, or the real parts of Complex ones
  std::vector<double> im;     // imaginary parts of Complex values
  std::vector<int64_t> ints;  // Integer and Bool values
  bool unsigned_ints = false;  // ints hold uint64 bits (a uint64 tensor)
};

// The n elements of `dtype` in a block of host bytes, widened.
Visible widen(const char* bytes, int64_t n, DType dtype);

// Copies the elements `plan` shows of a tensor on any device into a new,
// contiguous CPU tensor of shape (count of each dim), one strided block per
// combination of ranges, so that only the shown elements leave the device.
// widen() of its bytes gives t's shown elements, row-major.
Tensor compact_on_cpu(const Tensor& t, const Plan& plan);

}  // namespace tsh::format
