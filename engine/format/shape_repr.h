// engine/format/shape_repr.h — reprs of shapes: torch.Size and plain Python tuples.
#pragma once

#include <string>

#include "engine/core/tensor.h"

namespace tsh::format {

// torch.Size: "torch.Size([2, 3])", "torch.Size([5])", "torch.Size([])".
std::string size_repr(const Shape& s);

// A Python tuple of ints (t.stride(), size= suffixes): "(5, 1)", "(1,)", "()".
std::string tuple_repr(const Shape& s);

}  // namespace tsh::format
