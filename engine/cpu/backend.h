// engine/cpu/backend.h — the CPU backend's start-up and its host allocator.
#pragma once

#include "engine/core/storage.h"

namespace tsh::cpu {

// Registers the host allocator and fills every kernel slot's CPU entry (engine/backends.cpp calls it).
void start();
Allocator* host_allocator();
// Registers the dtypes each CPU kernel takes (engine/cpu/coverage.cpp).
void cover_dtypes();

}  // namespace tsh::cpu
