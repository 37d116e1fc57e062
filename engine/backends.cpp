// engine/backends.cpp — the backends this build has, started once before first use.
//
// The one place that names every backend. A backend's start() registers its
// allocator and fills its entries in the kernel slots (engine/kernels/).
#include "engine/core/device.h"
#include "engine/cpu/backend.h"
#include "engine/meta/backend.h"
#ifdef TSH_WITH_CUDA
#include "engine/cuda/backend.h"
#endif

namespace tsh {

void start_backends() {
  static const bool started = [] {
    cpu::start();
    meta::start();
#ifdef TSH_WITH_CUDA
    cuda::start();
#endif
    return true;
  }();
  (void)started;
}

}  // namespace tsh
