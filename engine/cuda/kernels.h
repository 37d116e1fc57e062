// engine/cuda/kernels.h — the CUDA backend's kernels, as its start() puts them in the slots.
//
// Declared in tsh::cuda::kernels_on_device for the GPU build and in
// tsh::cuda::kernels_on_host for the host build of the same sources
// (engine/cuda/portable.h), which tests them without a GPU.
#pragma once

#include "engine/core/generator.h"
#include "engine/core/tensor.h"
#include "engine/cuda/portable.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/index.h"
#include "engine/kernels/sort.h"

namespace tsh::cuda::TSH_KERNELS_NS {

void copy_kernel(const Tensor& dst, const Tensor& src);
void fill_kernel(const Tensor& dst, const Scalar& value);
void binary_kernel(BinaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const BinaryParams& params);
void compare_kernel(CompareOp op, const Tensor& out, const Tensor& a, const Tensor& b);
void unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params);
void ternary_kernel(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c,
                    const Scalar& value);

void arange_kernel(const Tensor& out, const Scalar& start, const Scalar& step);
void linspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps);
void logspace_kernel(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base);

void sum_kernel(const Tensor& out, const Tensor& in, bool ignore_nan);
void prod_kernel(const Tensor& out, const Tensor& in);
void amax_kernel(const Tensor& out, const Tensor& in);
void amin_kernel(const Tensor& out, const Tensor& in);
void max_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in);
void min_dim_kernel(const Tensor& values, const Tensor& indices, const Tensor& in);
void argmax_kernel(const Tensor& out, const Tensor& in);
void argmin_kernel(const Tensor& out, const Tensor& in);
void all_kernel(const Tensor& out, const Tensor& in);
void any_kernel(const Tensor& out, const Tensor& in);
void divide_by_count_kernel(const Tensor& out, int64_t n);
void var_kernel(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction, bool take_sqrt);
double var_all_kernel(const Tensor& in, double mean, double correction, bool take_sqrt);
void combine_var_parts_kernel(const Tensor& re, const Tensor& im, bool take_sqrt);
void count_kernel(const Tensor& out, const Tensor& in, bool count_nan_free);
void divide_by_counts_kernel(const Tensor& out, const Tensor& counts);
void norm_kernel(const Tensor& out, const Tensor& in, double p);
bool any_nonzero(const Tensor& t);
bool all_nonzero(const Tensor& t);
bool equal_kernel(const Tensor& a, const Tensor& b);

void uniform_kernel(const Tensor& self, double from, double to, Generator& gen);
void normal_kernel(const Tensor& self, double mean, double std, Generator& gen);
void normal_affine_kernel(const Tensor& self, const Tensor& factor, DType mul_type, const Tensor& shift, DType add_type);
void random_from_to_kernel(const Tensor& self, uint64_t range, int64_t base, Generator& gen);
void random_full_range_kernel(const Tensor& self, Generator& gen);
void random_kernel(const Tensor& self, Generator& gen);
void bernoulli_scalar_kernel(const Tensor& self, double p, Generator& gen);
void bernoulli_tensor_kernel(const Tensor& self, const Tensor& p, Generator& gen);
void exponential_kernel(const Tensor& self, double lambda, Generator& gen);
void geometric_kernel(const Tensor& self, double p, Generator& gen);
void cauchy_kernel(const Tensor& self, double median, double sigma, Generator& gen);
void log_normal_kernel(const Tensor& self, double mean, double std, Generator& gen);
void randperm_kernel(const Tensor& out, int64_t n, Generator& gen);
void multinomial_with_replacement_kernel(const Tensor& result, const Tensor& probs, int64_t n_sample, Generator& gen);
void multinomial_without_replacement_kernel(const Tensor& result, const Tensor& probs, int64_t n_sample,
                                            Generator& gen);
void poisson_kernel(const Tensor& out, const Tensor& rates, Generator& gen);

void gather_kernel(const Tensor& out, const Tensor& src, const Tensor& offsets);
void scatter_kernel(const Tensor& dst, const Tensor& src, const Tensor& offsets, ScatterMode mode,
                    const Scalar& alpha);
void masked_fill_kernel(const Tensor& dst, const Tensor& mask, const Scalar& value);
int64_t count_nonzero_kernel(const Tensor& t);
void nonzero_kernel(const Tensor& t, const Tensor& out);
void flip_kernel(const Tensor& out, const Tensor& src, const std::vector<bool>& flip);
void triangle_kernel(const Tensor& out, const Tensor& src, int64_t k, bool upper);

void cumsum_kernel(const Tensor& out, const Tensor& in, int64_t dim);
void cumprod_kernel(const Tensor& out, const Tensor& in, int64_t dim);
void cummax_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim, bool is_max);

void sort_kernel(const Tensor& values, const Tensor& indices, int64_t dim, bool descending, bool stable);
void topk_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim, bool largest,
                 bool sorted);
void kthvalue_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim);
void median_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim, bool ignore_nan);
void median_all_kernel(const Tensor& out, const Tensor& in, bool ignore_nan);
void mode_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim);
int64_t unique_kernel(const Tensor& values, const Tensor& inverse, const Tensor& counts, const Tensor& in);
UniqueRows unique_rows_kernel(const Tensor& rows);

// Registers these kernels in the slots of `type` (CUDA; or a stand-in device for the host build).
void fill_slots(DeviceType type);
// The random fills, which need the Philox generators (engine/cuda/generator.h) registered for `type`.
void fill_random_slots(DeviceType type);

}  // namespace tsh::cuda::TSH_KERNELS_NS
