// engine/kernels/coverage.h — which dtypes each backend's kernels take, and their names in errors.
//
// PyTorch compiles each kernel for a set of dtypes, per backend; outside it
// the op fails with "\"<kernel>\" not implemented for '<Type>'", the kernel
// named as that backend names it ("add_cpu/sub_cpu"). The op layer marks
// each such point with a Check, keyed by what is checked ("add", "median");
// each backend says, when it starts, which dtypes its kernel takes there and
// the name its errors use (engine/cpu/coverage.cpp). A device whose backend
// registered nothing for a check has no such limit: the meta device, whose
// kernels do nothing, takes every dtype, as PyTorch's does.
#pragma once

#include <string>

#include "engine/core/device.h"
#include "engine/core/dtype.h"
#include "engine/kernels/dtype_mask.h"

namespace tsh::kernels {

class Check {
 public:
  explicit Check(const std::string& key);  // a key names one check point; the same key is the same check
  // Throws RuntimeError("\"<kernel>\" not implemented for '<Type>'") when d's backend does not cover dtype.
  void require(Device d, DType dtype) const;

 private:
  int id_;
};

// A backend's coverage of check `key`: its kernel takes `dtypes` (a DTypeMask) and is called `kernel_name`.
void cover(DeviceType type, const std::string& key, const char* kernel_name, unsigned dtypes);

// The error itself, for checks that are not a simple dtype set.
[[noreturn]] void not_implemented_for(const char* kernel_name, DType d);

}  // namespace tsh::kernels
