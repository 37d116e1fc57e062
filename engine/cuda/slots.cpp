// engine/cuda/slots.cpp — which kernel slots the CUDA kernels fill (also built for the host, see portable.h).
//
// A slot left empty raises PyTorch's "Could not run '<op>' with arguments
// from the 'CUDA' backend." on a CUDA tensor. Each entry runs with its
// tensors' device current (on_device.h).
#include "engine/cuda/kernels.h"
#include "engine/cuda/on_device.h"
#include "engine/kernels/copy.h"
#include "engine/kernels/creation.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/index.h"
#include "engine/kernels/random.h"
#include "engine/kernels/reduce.h"
#include "engine/kernels/scan.h"
#include "engine/kernels/sort.h"

namespace tsh::cuda::TSH_KERNELS_NS {

void fill_slots(DeviceType C) {
  namespace k = tsh::kernels;
  k::copy.set(C, guarded<copy_kernel>);
  k::fill.set(C, guarded<fill_kernel>);
  k::binary.set(C, guarded<binary_kernel>);
  k::compare.set(C, guarded<compare_kernel>);
  k::unary.set(C, guarded<unary_kernel>);
  k::ternary.set(C, guarded<ternary_kernel>);
  k::any_nonzero.set(C, guarded<any_nonzero>);
  k::all_nonzero.set(C, guarded<all_nonzero>);
  k::equal.set(C, guarded<equal_kernel>);

  k::gather.set(C, guarded<gather_kernel>);
  k::scatter.set(C, guarded<scatter_kernel>);
  k::masked_fill.set(C, guarded<masked_fill_kernel>);
  k::count_nonzero.set(C, guarded<count_nonzero_kernel>);
  k::nonzero.set(C, guarded<nonzero_kernel>);
  k::flip.set(C, guarded<flip_kernel>);
  k::triangle.set(C, guarded<triangle_kernel>);

  k::cumsum.set(C, guarded<cumsum_kernel>);
  k::cumprod.set(C, guarded<cumprod_kernel>);
  k::cummax.set(C, guarded<cummax_kernel>);

  k::sort.set(C, guarded<sort_kernel>);
  k::topk.set(C, guarded<topk_kernel>);
  k::kthvalue.set(C, guarded<kthvalue_kernel>);
  k::median.set(C, guarded<median_kernel>);
  k::median_all.set(C, guarded<median_all_kernel>);
  k::mode.set(C, guarded<mode_kernel>);
  k::unique.set(C, guarded<unique_kernel>);
  k::unique_rows.set(C, guarded<unique_rows_kernel>);

  k::arange.set(C, guarded<arange_kernel>);
  k::linspace.set(C, guarded<linspace_kernel>);
  k::logspace.set(C, guarded<logspace_kernel>);

  k::sum.set(C, guarded<sum_kernel>);
  k::prod.set(C, guarded<prod_kernel>);
  k::divide_by_count.set(C, guarded<divide_by_count_kernel>);
  k::amax.set(C, guarded<amax_kernel>);
  k::amin.set(C, guarded<amin_kernel>);
  k::max_dim.set(C, guarded<max_dim_kernel>);
  k::min_dim.set(C, guarded<min_dim_kernel>);
  k::argmax.set(C, guarded<argmax_kernel>);
  k::argmin.set(C, guarded<argmin_kernel>);
  k::var.set(C, guarded<var_kernel>);
  k::var_all.set(C, guarded<var_all_kernel>);
  k::combine_var_parts.set(C, guarded<combine_var_parts_kernel>);
  k::count.set(C, guarded<count_kernel>);
  k::divide_by_counts.set(C, guarded<divide_by_counts_kernel>);
  k::norm.set(C, guarded<norm_kernel>);
  k::all.set(C, guarded<all_kernel>);
  k::any.set(C, guarded<any_kernel>);
}

void fill_random_slots(DeviceType C) {
  namespace k = tsh::kernels;
  k::uniform.set(C, guarded<uniform_kernel>);
  k::normal.set(C, guarded<normal_kernel>);
  k::normal_affine.set(C, guarded<normal_affine_kernel>);
  k::random_from_to.set(C, guarded<random_from_to_kernel>);
  k::random_full_range.set(C, guarded<random_full_range_kernel>);
  k::random.set(C, guarded<random_kernel>);
  k::bernoulli_scalar.set(C, guarded<bernoulli_scalar_kernel>);
  k::bernoulli_tensor.set(C, guarded<bernoulli_tensor_kernel>);
  k::exponential.set(C, guarded<exponential_kernel>);
  k::geometric.set(C, guarded<geometric_kernel>);
  k::cauchy.set(C, guarded<cauchy_kernel>);
  k::log_normal.set(C, guarded<log_normal_kernel>);
  k::randperm.set(C, guarded<randperm_kernel>);
  k::multinomial_with_replacement.set(C, guarded<multinomial_with_replacement_kernel>);
  k::multinomial_without_replacement.set(C, guarded<multinomial_without_replacement_kernel>);
  k::poisson.set(C, guarded<poisson_kernel>);
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
