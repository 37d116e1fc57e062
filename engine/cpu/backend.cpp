// engine/cpu/backend.cpp — the CPU backend fills every kernel slot.
#include "engine/cpu/backend.h"

#include "engine/cpu/binary.h"
#include "engine/cpu/blas.h"
#include "engine/cpu/compare.h"
#include "engine/cpu/equal.h"
#include "engine/cpu/index_kernels.h"
#include "engine/cpu/join_kernels.h"
#include "engine/cpu/copy.h"
#include "engine/cpu/lapack.h"
#include "engine/cpu/mt19937.h"
#include "engine/cpu/random.h"
#include "engine/cpu/range.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/scan_kernels.h"
#include "engine/cpu/sort_kernels.h"
#include "engine/cpu/unary.h"
#include "engine/cpu/dnnl_conv.h"
#include "engine/cpu/rnn_kernels.h"
#include "engine/cpu/window_kernels.h"
#include "engine/kernels/copy.h"
#include "engine/kernels/creation.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/index.h"
#include "engine/kernels/linalg.h"
#include "engine/kernels/random.h"
#include "engine/kernels/reduce.h"
#include "engine/kernels/scan.h"
#include "engine/kernels/sort.h"
#include "engine/kernels/conv.h"
#include "engine/kernels/rnn.h"
#include "engine/kernels/window.h"

namespace tsh::cpu {

void start() {
  register_allocator(DeviceType::CPU, host_allocator());
  cover_dtypes(DeviceType::CPU);
  register_generator(DeviceType::CPU, make_cpu_generator);
  start_lapack();
  fill_slots(DeviceType::CPU);
}

void fill_slots(DeviceType C) {
  namespace k = kernels;

#ifdef TSH_HAVE_DNNL
  k::conv2d_takes.set(C, conv2d_takes_kernel);
  k::conv2d_forward.set(C, conv2d_forward_kernel);
  k::conv2d_backward_data.set(C, conv2d_backward_data_kernel);
  k::conv2d_backward_weights.set(C, conv2d_backward_weights_kernel);
#endif
  k::lstm_cell.set(C, lstm_cell_kernel);
  k::lstm_layer.set(C, lstm_layer_kernel);
  k::im2col.set(C, im2col_kernel);
  k::col2im.set(C, col2im_kernel);
  k::max_pool2d.set(C, max_pool2d_kernel);
  k::max_pool2d_backward.set(C, max_pool2d_backward_kernel);

  k::binary.set(C, binary_kernel);
  k::ternary.set(C, ternary_kernel);
  k::unary.set(C, unary_kernel);
  k::compare.set(C, compare_kernel);
  k::any_nonzero.set(C, any_nonzero);
  k::all_nonzero.set(C, all_nonzero);
  k::equal.set(C, equal_kernel);

  k::copy.set(C, copy_kernel);
  k::fill.set(C, fill_kernel);

  k::arange.set(C, arange_kernel);
  k::linspace.set(C, linspace_kernel);
  k::logspace.set(C, logspace_kernel);

  k::sum.set(C, sum_kernel);
  k::prod.set(C, prod_kernel);
  k::divide_by_count.set(C, divide_by_count_kernel);
  k::divide_by_counts.set(C, divide_by_counts_kernel);
  k::var.set(C, var_kernel);
  k::var_all.set(C, var_all_kernel);
  k::combine_var_parts.set(C, combine_var_parts_kernel);
  k::amax.set(C, amax_kernel);
  k::amin.set(C, amin_kernel);
  k::max_dim.set(C, max_dim_kernel);
  k::min_dim.set(C, min_dim_kernel);
  k::argmax.set(C, argmax_kernel);
  k::argmin.set(C, argmin_kernel);
  k::all.set(C, all_kernel);
  k::any.set(C, any_kernel);
  k::count.set(C, count_kernel);
  k::norm.set(C, norm_kernel);

  k::cumsum.set(C, cumsum_kernel);
  k::cumprod.set(C, cumprod_kernel);
  k::cummax.set(C, cummax_kernel);

  k::sort.set(C, sort_kernel);
  k::topk.set(C, topk_kernel);
  k::kthvalue.set(C, kthvalue_kernel);
  k::median.set(C, median_kernel);
  k::median_all.set(C, median_all_kernel);
  k::mode.set(C, mode_kernel);
  k::unique.set(C, unique_kernel);
  k::unique_rows.set(C, unique_rows_kernel);

  k::gather.set(C, gather_kernel);
  k::scatter.set(C, scatter_kernel);
  k::masked_fill.set(C, masked_fill_kernel);
  k::count_nonzero.set(C, count_nonzero_kernel);
  k::nonzero.set(C, nonzero_kernel);
  k::flip.set(C, flip_kernel);
  k::triangle.set(C, triangle_kernel);

  k::uniform.set(C, uniform_kernel);
  k::normal.set(C, normal_kernel);
  k::normal_affine.set(C, normal_affine_kernel);
  k::random_from_to.set(C, random_from_to_kernel);
  k::random_full_range.set(C, random_full_range_kernel);
  k::random.set(C, random_kernel);
  k::bernoulli_scalar.set(C, bernoulli_scalar_kernel);
  k::bernoulli_tensor.set(C, bernoulli_tensor_kernel);
  k::exponential.set(C, exponential_kernel);
  k::geometric.set(C, geometric_kernel);
  k::cauchy.set(C, cauchy_kernel);
  k::log_normal.set(C, log_normal_kernel);
  k::poisson.set(C, poisson_kernel);
  k::randperm.set(C, randperm_kernel);
  k::multinomial_with_replacement.set(C, multinomial_with_replacement_kernel);
  k::multinomial_without_replacement.set(C, multinomial_without_replacement_kernel);

  k::mm.set(C, mm_kernel);
  k::addmm.set(C, addmm_kernel);
  k::bmm.set(C, bmm_kernel);
  k::mv.set(C, mv_kernel);
  k::dot.set(C, dot_kernel);
  k::solve.set(C, solve_kernel);
  k::lu_factor.set(C, lu_factor_kernel);
  k::lu_solve.set(C, lu_solve_kernel);
  k::triangular_solve.set(C, triangular_solve_kernel);
  k::lu_det.set(C, lu_det_kernel);
  k::cholesky_solve.set(C, cholesky_solve_kernel);
  k::cholesky_inverse.set(C, cholesky_inverse_kernel);
  k::svd.set(C, svd_kernel);
  k::geqrf.set(C, geqrf_kernel);
  k::orgqr.set(C, orgqr_kernel);
  k::ormqr.set(C, ormqr_kernel);
  k::cholesky.set(C, cholesky_kernel);
  k::eigh.set(C, eigh_kernel);
  k::eig.set(C, eig_kernel);
  k::lstsq.set(C, lstsq_kernel);
  k::ldl_factor.set(C, ldl_factor_kernel);
  k::ldl_solve.set(C, ldl_solve_kernel);
}

}  // namespace tsh::cpu
