// engine/ops/dispatch.h — one kernel per device type for each op family.
//
// An op's device-independent code checks arguments, allocates the output and
// then calls table.get(device) to reach the kernel: ops never contain
// `#ifdef CUDA`. The CPU entry is always present; the CUDA entry is filled by
// the CUDA backend at start-up when tsh is built with it.
#pragma once

#include "engine/core/device.h"
#include "engine/core/error.h"

namespace tsh {

template <typename Fn>
struct KernelTable {
  Fn cpu = nullptr;
  Fn cuda = nullptr;

  Fn get(Device d) const {
    Fn f = d.is_cpu() ? cpu : cuda;
    if (!f) {
      if (d.is_cuda() && !cpu) throw RuntimeError("Torch not compiled with CUDA enabled");
      throw NotImplementedError("this operation is not implemented for device " + d.str());
    }
    return f;
  }
};

}  // namespace tsh
