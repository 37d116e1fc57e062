// engine/cuda/backend.cpp — the CUDA backend fills its slots; nothing here calls the driver.
#include "engine/cuda/backend.h"

#include "engine/core/storage.h"
#include "engine/kernels/linalg.h"
#include "engine/cuda/blas.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/generator.h"
#include "engine/cuda/solver.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/on_device.h"

namespace tsh::cuda {

void start() {
  register_allocator(DeviceType::CUDA, device_allocator());
  register_accelerator(runtime());
  register_generator(DeviceType::CUDA, make_generator);
  kernels_on_device::fill_slots(DeviceType::CUDA);
  kernels_on_device::fill_random_slots(DeviceType::CUDA);
  // Products go to cuBLAS.
  kernels::mm.set(DeviceType::CUDA, kernels_on_device::guarded<mm_kernel>);
  kernels::bmm.set(DeviceType::CUDA, kernels_on_device::guarded<bmm_kernel>);
  kernels::mv.set(DeviceType::CUDA, kernels_on_device::guarded<mv_kernel>);
  kernels::dot.set(DeviceType::CUDA, kernels_on_device::guarded<dot_kernel>);
  // Factorizations and solves go to cuSOLVER (triangular solves to cuBLAS).
  kernels::solve.set(DeviceType::CUDA, kernels_on_device::guarded<solve_kernel>);
  kernels::lu_factor.set(DeviceType::CUDA, kernels_on_device::guarded<lu_factor_kernel>);
  kernels::lu_solve.set(DeviceType::CUDA, kernels_on_device::guarded<lu_solve_kernel>);
  kernels::triangular_solve.set(DeviceType::CUDA, kernels_on_device::guarded<triangular_solve_kernel>);
  kernels::cholesky_solve.set(DeviceType::CUDA, kernels_on_device::guarded<cholesky_solve_kernel>);
  kernels::cholesky_inverse.set(DeviceType::CUDA, kernels_on_device::guarded<cholesky_inverse_kernel>);
  kernels::svd.set(DeviceType::CUDA, kernels_on_device::guarded<svd_kernel>);
  kernels::geqrf.set(DeviceType::CUDA, kernels_on_device::guarded<geqrf_kernel>);
  kernels::orgqr.set(DeviceType::CUDA, kernels_on_device::guarded<orgqr_kernel>);
  kernels::ormqr.set(DeviceType::CUDA, kernels_on_device::guarded<ormqr_kernel>);
  // Eigen-decompositions, Cholesky, least squares and LDL run on the host (host_lapack.cpp).
  fill_host_lapack_slots();
}

}  // namespace tsh::cuda
