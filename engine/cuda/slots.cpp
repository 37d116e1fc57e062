// engine/cuda/slots.cpp — which kernel slots the CUDA kernels fill (also built for the host, see portable.h).
//
// A slot left empty raises PyTorch's "Could not run '<op>' with arguments
// from the 'CUDA' backend." on a CUDA tensor.
#include "engine/cuda/kernels.h"
#include "engine/kernels/copy.h"
#include "engine/kernels/creation.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/reduce.h"

namespace tsh::cuda::TSH_KERNELS_NS {

void fill_slots(DeviceType C) {
  namespace k = tsh::kernels;
  k::copy.set(C, copy_kernel);
  k::fill.set(C, fill_kernel);
  k::binary.set(C, binary_kernel);
  k::compare.set(C, compare_kernel);
  k::unary.set(C, unary_kernel);
  k::ternary.set(C, ternary_kernel);
  k::any_nonzero.set(C, any_nonzero);
  k::all_nonzero.set(C, all_nonzero);
  k::equal.set(C, equal_kernel);

  k::arange.set(C, arange_kernel);
  k::linspace.set(C, linspace_kernel);
  k::logspace.set(C, logspace_kernel);

  k::sum.set(C, sum_kernel);
  k::prod.set(C, prod_kernel);
  k::divide_by_count.set(C, divide_by_count_kernel);
  k::amax.set(C, amax_kernel);
  k::amin.set(C, amin_kernel);
  k::max_dim.set(C, max_dim_kernel);
  k::min_dim.set(C, min_dim_kernel);
  k::argmax.set(C, argmax_kernel);
  k::argmin.set(C, argmin_kernel);
  k::all.set(C, all_kernel);
  k::any.set(C, any_kernel);
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
