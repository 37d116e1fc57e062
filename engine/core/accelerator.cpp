// engine/core/accelerator.cpp — the registered GPU runtime, if this build has one.
#include "engine/core/accelerator.h"

#include "engine/core/device.h"

namespace tsh {

namespace {
Accelerator* g_accelerator = nullptr;
}  // namespace

Accelerator* accelerator() {
  start_backends();
  return g_accelerator;
}

void register_accelerator(Accelerator* a) { g_accelerator = a; }

}  // namespace tsh
