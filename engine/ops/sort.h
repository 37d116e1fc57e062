// engine/ops/sort.h — sorting and order statistics: sort, argsort, msort, topk, kthvalue, median, mode, unique.
//
// Along one dim (default the last); a 0-d tensor counts as a line of one.
// Complex tensors are refused with PyTorch's messages, and so are bool
// tensors where PyTorch refuses them (topk, kthvalue, median). Indices are
// int64 and, for equal elements, the ones PyTorch reports (see
// engine/kernels/sort.h).
#pragma once

#include <cstdint>
#include <optional>

#include "engine/core/tensor.h"
#include "engine/ops/reduce.h"

namespace tsh {

// Sorted values and where they came from. stable keeps equal elements in
// order; descending puts NaN first, ascending puts it last.
ValuesIndices sort(const Tensor& t, int64_t dim = -1, bool descending = false, bool stable = false);
Tensor argsort(const Tensor& t, int64_t dim = -1, bool descending = false, bool stable = false);
// sort along dim 0, values only.
Tensor msort(const Tensor& t);
// The k largest (largest=false: smallest) along dim; sorted=false leaves them in PyTorch's partial order.
ValuesIndices topk(const Tensor& t, int64_t k, int64_t dim = -1, bool largest = true,
                   bool sorted = true);
// The k-th smallest (k from 1) along dim.
ValuesIndices kthvalue(const Tensor& t, int64_t k, int64_t dim = -1, bool keepdim = false);
// The lower median of every element (NaN if there is one; nan for an empty tensor).
Tensor median(const Tensor& t);
// Along dim, with the index of the median element.
ValuesIndices median(const Tensor& t, int64_t dim, bool keepdim = false);
// The same ignoring NaN (NaN only when a line is all NaN).
Tensor nanmedian(const Tensor& t);
ValuesIndices nanmedian(const Tensor& t, int64_t dim, bool keepdim = false);
// The most frequent value along dim (the smallest among ties) and an index of it.
ValuesIndices mode(const Tensor& t, int64_t dim = -1, bool keepdim = false);

// The distinct values in ascending order (PyTorch 2.x sorts on the CPU even
// when sorted=false), with, when asked, each element's position in that list
// (inverse, shaped like t) and each value's count. With dim, the distinct
// slices along dim, in lexicographic order.
struct UniqueResult {
  Tensor values, inverse, counts;
};
UniqueResult unique(const Tensor& t, bool sorted = true, bool return_inverse = false,
                    bool return_counts = false, std::optional<int64_t> dim = std::nullopt);

// Like unique, but only runs of equal consecutive values (or slices along dim) collapse;
// nothing is sorted. NaN never equals NaN.
UniqueResult unique_consecutive(const Tensor& t, bool return_inverse = false, bool return_counts = false,
                                std::optional<int64_t> dim = std::nullopt);

}  // namespace tsh
