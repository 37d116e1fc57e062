// engine/cuda/backend.cpp — the CUDA backend fills its slots; nothing here calls the driver.
#include "engine/cuda/backend.h"

#include "engine/core/storage.h"
#include "engine/kernels/linalg.h"
#include "engine/cuda/blas.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/generator.h"
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
}

}  // namespace tsh::cuda
