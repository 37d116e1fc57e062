// engine/format/tensor_repr.h — repr(tensor), byte for byte as PyTorch 2.x prints it.
//
// "tensor(" + body + suffixes + ")": the body is laid out by the rules of
// PRINTING.md 1.4-1.7 (summarization, formatter modes, wrapping at
// linewidth, nesting), the suffixes (device, size, dtype, then any the caller
// adds, such as grad_fn) are joined by PyTorch's _add_suffixes wrapping rule.
// Reads the global print options (options.h) and tsh::default_dtype().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh::format {

// The full repr. extra_suffixes are appended after dtype=, in order, e.g.
// {"requires_grad=True"} or {"grad_fn=<MulBackward0>"}.
std::string tensor_repr(const Tensor& t, const std::vector<std::string>& extra_suffixes = {});

// The body alone (PyTorch's _tensor_str): "[]", "1.1250", "[[1, 2],\n        [3, 4]]".
// indent is the column the body starts at (7 after "tensor(").
std::string tensor_body(const Tensor& t, int64_t indent);

// The suffixes of tensor_repr before extra_suffixes: device=, size=, dtype=.
std::vector<std::string> standard_suffixes(const Tensor& t);

// PyTorch's _add_suffixes: appends ", suffix" to s, moving a suffix to a new
// line indented by `indent` when it would pass linewidth, and closes with ")".
std::string add_suffixes(std::string s, const std::vector<std::string>& suffixes, int64_t indent,
                         bool force_newline = false);

}  // namespace tsh::format
