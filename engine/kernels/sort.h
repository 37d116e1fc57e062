// engine/kernels/sort.h — sorting, selection and unique.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh {

// unique(dim=...): the first row of each distinct run after sorting, the run lengths,
// and for each input row the index of its run.
struct UniqueRows {
  std::vector<int64_t> firsts, counts, inverse;
};

namespace kernels {

using SortFn = void (*)(const Tensor& values, const Tensor& indices, int64_t dim, bool descending, bool stable);
using TopkFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim,
                        bool largest, bool sorted);
using KthFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim);
using MedianFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                          bool ignore_nan);
using MedianAllFn = void (*)(const Tensor& out, const Tensor& in, bool ignore_nan);
using ModeFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim);
// Returns the number of distinct values written to the front of `values`.
using UniqueFn = int64_t (*)(const Tensor& values, const Tensor& inverse, const Tensor& counts, const Tensor& in);
using UniqueRowsFn = UniqueRows (*)(const Tensor& rows);

extern Kernel<SortFn> sort;
extern Kernel<TopkFn> topk;
extern Kernel<KthFn> kthvalue;
extern Kernel<MedianFn> median;
extern Kernel<MedianAllFn> median_all;
extern Kernel<ModeFn> mode;
extern Kernel<UniqueFn> unique;
extern Kernel<UniqueRowsFn> unique_rows;

}  // namespace kernels
}  // namespace tsh
