// shell/torch/nn/parameter.h — torch.nn.Parameter: a tensor a module owns, marked as one
// (TensorImpl::is_parameter). Parameter(data, requires_grad=True) shares data's storage.
#pragma once

#include "shell/python/value.h"

namespace tsh::shell {

// <class 'torch.nn.parameter.Parameter'>: type(p) and isinstance(p, nn.Parameter).
Value parameter_type();

}  // namespace tsh::shell
