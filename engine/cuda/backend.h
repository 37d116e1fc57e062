// engine/cuda/backend.h — the CUDA backend: started by engine/backends.cpp in builds with TSH_CUDA.
#pragma once

#include "engine/core/accelerator.h"

namespace tsh::cuda {

// Registers the device allocator, the kernels, the Philox generators and the
// runtime behind torch.cuda. Touches no driver: a machine without a GPU
// finds out at the first CUDA request.
void start();
Accelerator* runtime();
bool tf32_allowed();
// The linear-algebra slots computed on the host (engine/cuda/host_lapack.cpp).
void fill_host_lapack_slots();

}  // namespace tsh::cuda
