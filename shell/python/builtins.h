// shell/python/builtins.h — the groups of Python builtins installed beside the core
// ones of builtins.cpp, each in its own file.
#pragma once

#include <map>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// iter, next, map, filter, zip, enumerate, reversed, any, all (builtins_iter.cpp).
void install_iter_builtins(std::map<std::string, Value>& builtins);
// divmod, pow, bin, oct, hex, chr, ord, hash, format, ascii, slice, Ellipsis (builtins_num.cpp).
void install_number_builtins(std::map<std::string, Value>& builtins);

}  // namespace tsh::shell
