// engine/cpu/reduce_kernels.h — the CPU reduction kernels the op layer dispatches to.
//
// Unless said otherwise a kernel takes `out` seen with in's shape (stride 0
// along the reduced dims, see engine/ops/reduce_util.h), both of one dtype,
// with no empty dim: the op layer has checked the arguments, converted the
// input to the result dtype and allocated the result. Every kernel adds (or
// compares) in the order PyTorch's single-thread CPU loop does, so float
// results carry PyTorch's digits; kernels thread only over independent outputs.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"

namespace tsh::cpu {

// Cascade sum (integers: wrapping int64 sum). ignore_nan: NaN adds 0 (nansum).
// A float16/bfloat16 sum whose output would take several partial sums (two
// or more reduced dims left after merging) runs in float32 on a float32 copy
// and rounds once, as PyTorch 2.x does.
void sum_kernel(const Tensor& out, const Tensor& in, bool ignore_nan);
// Product, with PyTorch's vector-lane grouping along a contiguous reduced dim.
void prod_kernel(const Tensor& out, const Tensor& in);
// Divides every element of the (compact) result `out` by n, in out's dtype (mean).
void divide_by_count_kernel(const Tensor& out, int64_t n);
// out[i] /= counts[i] (int64, same shape), as PyTorch divides a float by an
// int64 tensor: the count converted to out's dtype first (nanmean).
void divide_by_counts_kernel(const Tensor& out, const Tensor& counts);

// Welford variance (and mean, when mean_out is defined) of each reduced
// block, in double, with divisor max(0, N - correction); sqrt when take_sqrt.
// float/double/half/bfloat16 only; mean_out is seen like out.
void var_kernel(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction,
                bool take_sqrt);
// PyTorch's two-pass variance of every element of in (float or double),
// given its mean: sum of squared deviations in memory order, in double.
double var_all_kernel(const Tensor& in, double mean, double correction, bool take_sqrt);
// re[i] += im[i], then sqrt when take_sqrt (compact float/double tensors of one
// shape): the variance of a complex tensor from those of its two parts.
void combine_var_parts_kernel(const Tensor& re, const Tensor& im, bool take_sqrt);

// Extrema along the reduced dims, NaN propagating (amax, amin, max(), min()).
void amax_kernel(const Tensor& out, const Tensor& in);
void amin_kernel(const Tensor& out, const Tensor& in);
// Along one dim (values and int64 indices seen like out): the first extreme, or the first NaN.
void max_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in);
void min_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in);
// Index (int64 out) of the first max/min of each block, counted in the
// block's row-major order (the op layer passes one dim, or a flattened tensor).
void argmax_kernel(const Tensor& out, const Tensor& in);
void argmin_kernel(const Tensor& out, const Tensor& in);
// all/any into a bool (or uint8) out of any input dtype.
void all_kernel(const Tensor& out, const Tensor& in);
void any_kernel(const Tensor& out, const Tensor& in);
// Number of non-zero elements (count_nonzero), or when count_nan_free is
// true the number of non-NaN elements, into an int64 out.
void count_kernel(const Tensor& out, const Tensor& in, bool count_nan_free);
// Vector p-norm (out real, in real or complex of the same precision).
void norm_kernel(const Tensor& out, const Tensor& in, double p);

}  // namespace tsh::cpu
