// shell/help.h — help(x), `x?`, dir(x) and the names completion offers, all
// from one description of an object (the op registry's signatures and docs).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

class Interpreter;

// What tsh knows about an object.
struct ObjectInfo {
  std::string type;                     // IPython's Type: type(x).__name__
  bool callable = false;                // functions, methods, types
  std::vector<std::string> signatures;  // callables: one per overload
  std::string doc;                      // empty when there is none
  std::string string_form;              // other values: str(x)
  std::optional<std::string> length;    // len(x), where len() applies
};
ObjectInfo describe(Interpreter& in, const Value& v);

// `x?` (detail 1) and `x??` (detail 2) in IPython's layout:
//   Signature: torch.zeros(int[] size, *, ScalarType? dtype=None, ...) -> Tensor
//   Docstring: A tensor filled with zeros.
//   Type:      builtin_function_or_method
// and for values Type / String form / Length / Docstring. tsh has no source
// to show, so `x??` differs only in not shortening a long String form.
std::string pinfo_text(const ObjectInfo& info, int detail);

// The text help(x) prints: signatures and docs for ops, a summary for other values.
std::string help_text(Interpreter& in, const Value& v);
// Attribute names of a value (dir(x), completion after "x.").
std::vector<std::string> attribute_names(Interpreter& in, const Value& v);

}  // namespace tsh::shell
