// shell/python/warnings.h — the warnings PyTorch prints to stderr (UserWarning, DeprecationWarning).
//
// PyTorch's C++ warnings (TORCH_WARN_ONCE) show once per process; tsh
// prints each message once, as "UserWarning: message", without the
// `<stdin>:1:` location Python puts in front (tsh does not track which
// line of which file called the op). Nothing is printed when the session's
// Output has warnings off (`tsh --doctest`, as the goldens' oracle).
#pragma once

#include <string>

namespace tsh::shell {

class Interpreter;

// Prints `category: message` to the session's stderr the first time this message is warned.
void warn_once(Interpreter& in, const std::string& category, const std::string& message);

}  // namespace tsh::shell
