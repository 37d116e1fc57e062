// engine/cpu/sort_kernels.h — CPU kernels for sorting and order statistics.
//
// The op layer has wrapped dim, checked k, refused unsupported dtypes and
// given every tensor at least one dim; values/indices outputs have the
// input's sizes except along dim. Where PyTorch's choice among equal
// elements depends on its algorithm (sort without stable=True, topk,
// kthvalue, mode), the kernels run the same algorithm on the same data
// (the C++ library's sort/partial_sort/nth_element with PyTorch's
// comparisons, and PyTorch's median-of-three quickselect), so the indices
// match; NaN sorts above every number.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/kernels/sort.h"

namespace tsh::cpu {

// Sorts each line of values in place (values holds a copy of the input)
// and writes the original positions to indices.
void sort_kernel(const Tensor& values, const Tensor& indices, int64_t dim, bool descending,
                 bool stable);
// The k largest (smallest) of each line of in, sorted or in PyTorch's partial order.
void topk_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k,
                 int64_t dim, bool largest, bool sorted);
// The k-th smallest (1-based) of each line; values/indices have size 1 along dim.
void kthvalue_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k,
                     int64_t dim);
// The lower median of each line and its index (ignore_nan: of the non-NaN
// elements; otherwise a line with a NaN gives its first NaN).
void median_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                   bool ignore_nan);
// The lower median of every element of in (a contiguous copy, reordered in place) into the 0-d out.
void median_all_kernel(const Tensor& out, const Tensor& in, bool ignore_nan);
// The most frequent value of each line (the smallest among equally frequent
// ones) and one index where it occurs.
void mode_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim);
// The sorted distinct values of the contiguous 1-d `in` written to the front
// of values (numel of in entries), the position of each input element's
// value in that list to inverse (when defined), and how often each value
// occurs to counts (when defined). Returns the number of distinct values.
int64_t unique_kernel(const Tensor& values, const Tensor& inverse, const Tensor& counts,
                      const Tensor& in);

// The distinct rows of the contiguous 2-d `rows`, compared lexicographically:
// for each distinct row in ascending order the position of its first
// occurrence and its count, and for every row its distinct row's number.
UniqueRows unique_rows_kernel(const Tensor& rows);

}  // namespace tsh::cpu
