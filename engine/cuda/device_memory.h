// engine/cuda/device_memory.h — device memory (through the caching allocator) and pinned host memory.
#pragma once

#include <cuda_runtime_api.h>

#include "engine/core/accelerator.h"
#include "engine/core/storage.h"

namespace tsh::cuda {

// The CUDA device type's Allocator: one caching allocator per device, copies
// queued on the current stream, reads to the host waiting for it.
Allocator* device_allocator();
// Page-locked host memory (cudaHostAlloc) for pin_memory().
Allocator* pinned_allocator();
bool is_pinned(const void* host);

AcceleratorMemory memory_figures(int device);
void reset_peak_memory(int device);
void reset_accumulated_memory(int device);
void empty_cache();

// The stream a device pointer's work goes on: its device's current stream.
cudaStream_t stream_of(const void* device_ptr);

}  // namespace tsh::cuda
