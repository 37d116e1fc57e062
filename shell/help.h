// shell/help.h — help(x), dir(x) and the names completion offers, all from the op registry.
#pragma once

#include <string>
#include <vector>

#include "shell/value.h"

namespace tsh::shell {

class Interpreter;

// The text help(x) prints: signatures and docs for ops, a summary for other values.
std::string help_text(Interpreter& in, const Value& v);
// Attribute names of a value (dir(x), completion after "x.").
std::vector<std::string> attribute_names(Interpreter& in, const Value& v);

}  // namespace tsh::shell
