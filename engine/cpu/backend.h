// engine/cpu/backend.h — the CPU backend's start-up and its host allocator.
#pragma once

#include "engine/core/storage.h"

namespace tsh::cpu {

// Registers the host allocator, the dtype coverage, the generator and every
// kernel slot's CPU entry (engine/backends.cpp calls it).
void start();
Allocator* host_allocator();
// The CPU kernels into every slot's entry for `type`, and the dtypes they take
// (engine/cpu/coverage.cpp). start() does it for the CPU; the parity harness
// also for a stand-in device over host memory, to test itself and the engine's
// device handling without a GPU.
void fill_slots(DeviceType type);
void cover_dtypes(DeviceType type);

}  // namespace tsh::cpu
