// engine/cuda/backend.cpp — the CUDA backend fills its slots; nothing here calls the driver.
#include "engine/cuda/backend.h"

#include "engine/core/storage.h"
#include "engine/cuda/device_memory.h"
#include "engine/cuda/kernels.h"

namespace tsh::cuda {

void start() {
  register_allocator(DeviceType::CUDA, device_allocator());
  register_accelerator(runtime());
  kernels_on_device::fill_slots(DeviceType::CUDA);
}

}  // namespace tsh::cuda
