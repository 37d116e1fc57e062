// engine/core/message.h — numbers in error messages, written as PyTorch's C++ writes them.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <type_traits>

namespace tsh {

// C++'s default ostream form of a number (PyTorch builds its messages with
// it): 2, 0.5, 1e+20, 3e+38, inf, nan. Small integer types print as numbers, not characters.
template <typename N> std::string stream_str(N v) {
  std::ostringstream os;
  if constexpr (std::is_integral_v<N> && sizeof(N) < sizeof(int64_t))
    os << static_cast<int64_t>(v);
  else
    os << v;
  return os.str();
}

}  // namespace tsh
