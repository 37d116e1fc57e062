// engine/autograd/layout.h — the history of a copy made only to change layout (contiguous() and
// clone() with memory_format=, a .grad put in its leaf's layout): the copy's values are x's, so
// its gradient passes straight through.
#pragma once

#include "engine/core/tensor.h"

namespace tsh::ag {

// copy (a fresh tensor holding x's values, in any layout), recorded as CloneBackward0 of x when
// autograd records; copy is returned as it is when it is x itself.
Tensor cloned(const Tensor& x, const Tensor& copy);
// The same recorded as CopyBackwards (a new_empty_strided(...).copy_(x) in PyTorch).
Tensor copied(const Tensor& x, const Tensor& copy);

}  // namespace tsh::ag
