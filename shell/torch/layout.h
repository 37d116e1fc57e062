// shell/torch/layout.h — torch.layout values. tsh's tensors are all dense and strided, so
// torch.strided is the one layout there is (the sparse ones are not defined at all).
#pragma once

#include "shell/python/value.h"

namespace tsh::shell {

// torch.strided (one object, so `is` and == hold), and the class torch.layout.
Value strided_layout();
Value layout_type();
bool is_layout(const Value& v);

}  // namespace tsh::shell
