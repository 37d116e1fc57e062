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

void synchronize_started_devices() {
  Accelerator* a = accelerator();
  if (!a || !a->initialized()) return;
  for (int d = 0; d < a->device_count(); ++d) a->synchronize(d);
}

}  // namespace tsh
