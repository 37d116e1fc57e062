// engine/cuda/backend.cpp — the CUDA backend fills its slots; nothing here calls the driver.
#include "engine/cuda/backend.h"

#include "engine/core/storage.h"
#include "engine/kernels/linalg.h"
#include "engine/cuda/blas.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/generator.h"
#include "engine/cuda/solver.h"
#include "engine/cuda/kernels.h"

namespace tsh::cuda {

void start() {
  register_allocator(DeviceType::CUDA, device_allocator());
  register_accelerator(runtime());
  register_generator(DeviceType::CUDA, make_generator);
  kernels_on_device::fill_slots(DeviceType::CUDA);
  kernels_on_device::fill_random_slots(DeviceType::CUDA);
  // Products go to cuBLAS.
  kernels::mm.set(DeviceType::CUDA, mm_kernel);
  kernels::bmm.set(DeviceType::CUDA, bmm_kernel);
  kernels::mv.set(DeviceType::CUDA, mv_kernel);
  kernels::dot.set(DeviceType::CUDA, dot_kernel);
  // Factorizations and solves go to cuSOLVER (triangular solves to cuBLAS).
  kernels::solve.set(DeviceType::CUDA, solve_kernel);
  kernels::lu_factor.set(DeviceType::CUDA, lu_factor_kernel);
  kernels::lu_solve.set(DeviceType::CUDA, lu_solve_kernel);
  kernels::triangular_solve.set(DeviceType::CUDA, triangular_solve_kernel);
  kernels::cholesky_solve.set(DeviceType::CUDA, cholesky_solve_kernel);
  kernels::cholesky_inverse.set(DeviceType::CUDA, cholesky_inverse_kernel);
  kernels::svd.set(DeviceType::CUDA, svd_kernel);
  kernels::geqrf.set(DeviceType::CUDA, geqrf_kernel);
  kernels::orgqr.set(DeviceType::CUDA, orgqr_kernel);
  kernels::ormqr.set(DeviceType::CUDA, ormqr_kernel);
}

}  // namespace tsh::cuda
