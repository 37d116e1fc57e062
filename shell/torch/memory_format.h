// shell/torch/memory_format.h — torch.memory_format values: torch.contiguous_format,
// torch.channels_last, torch.channels_last_3d and torch.preserve_format (one object each, so `is`
// and == hold), and the memory_format= argument of the registry's ops.
#pragma once

#include <optional>

#include "engine/core/memory_format.h"
#include "shell/python/value.h"

namespace tsh::shell {

class Bound;

Value memory_format_value(MemoryFormat f);
Value memory_format_type();
bool is_memory_format(const Value& v);
MemoryFormat as_memory_format(const Value& v);  // v is one (is_memory_format)

// The op's memory_format= argument, when it has one and it is given (not None).
std::optional<MemoryFormat> memory_format_arg(const Bound& a);

}  // namespace tsh::shell
