// shell/magics/magics_storage.h — %storage t: a tensor's storage drawn as a row of
// cells, with the cells its view covers marked. tsh's teaching view of
// sizes, strides and offsets.
//
//   >>> t = torch.arange(6.).view(2, 3)
//   >>> %storage t.t()
//   t.t(): size (3, 2), stride (1, 3), offset 0, not contiguous
//   storage: 6 cells of float32 (24 bytes) on cpu, 6 of them in the view
//   element [i, j] is storage[0 + 1*i + 3*j]
//
//      0     1     2     3     4     5
//   ┌─────┬─────┬─────┬─────┬─────┬─────┐
//   │  0. │  1. │  2. │  3. │  4. │  5. │
//   └─────┴─────┴─────┴─────┴─────┴─────┘
//      ▲     ▲     ▲     ▲     ▲     ▲
//     0,0   1,0   2,0   0,1   1,1   2,1
//
// Above each cell its storage index, inside its value (as the tensor prints
// it), below a ▲ when the view reads it and the view's index there — or ×n
// when n elements read that one cell (a stride of 0, as expand() makes).
// A storage too long for the width is drawn in part: its ends, the cells
// around the view's first and last cells and the first cells it covers,
// with … where cells are left out.
#pragma once

#include <string>

#include "engine/core/tensor.h"

namespace tsh::shell {

// The drawing for view `t`, called `label` (the argument as written).
std::string storage_diagram(const Tensor& t, const std::string& label, size_t width = 80);
// A storage alone (t.untyped_storage(), t.storage()): its cells, read as `dtype`.
std::string storage_diagram(const Storage& storage, DType dtype, const std::string& label,
                            size_t width = 80);

}  // namespace tsh::shell
