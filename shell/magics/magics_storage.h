// shell/magics/magics_storage.h — %storage t [u ...]: the storage under tensors
// drawn as cells, the cells each view reads marked (the picture and its rules
// are in storage_picture.h). tsh's teaching view of sizes, strides, offsets.
#pragma once

#include <string>

#include "engine/core/tensor.h"

namespace tsh::shell {

// The drawing for view `t`, called `label` (the argument as written), `width` columns wide, without colour.
std::string storage_diagram(const Tensor& t, const std::string& label, size_t width = 80);
// A storage alone (t.untyped_storage(), t.storage()): its cells, read as `dtype`.
std::string storage_diagram(const Storage& storage, DType dtype, const std::string& label,
                            size_t width = 80);

}  // namespace tsh::shell
