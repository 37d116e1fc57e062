// engine/cpu/sort_common.h — the comparisons and line access shared by sort.cpp and select.cpp.
#pragma once

#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/convert.h"
#include "engine/core/interrupt.h"

namespace tsh::cpu::sorting {


// The type elements are compared in.
template <typename T>
using Cmp = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

template <typename C> inline bool isnan_(C v) {
  if constexpr (std::is_floating_point_v<C>)
    return v != v;
  else
    return false;
}

// a before b in ascending order, NaN last (PyTorch's ascending key comparison).
template <typename C> inline bool asc(C a, C b) { return (!isnan_(a) && isnan_(b)) || a < b; }
// a before b in descending order, NaN first.
template <typename C> inline bool desc(C a, C b) { return (isnan_(a) && !isnan_(b)) || a > b; }

template <typename T> inline T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> inline void store(char* p, const T& v) { std::memcpy(p, &v, sizeof(T)); }

// One line of a tensor as (value, index) pairs, compared in Cmp<T>.
template <typename T>
// `poll`: check for Ctrl-C as it goes (only outside parallel regions).
std::vector<std::pair<Cmp<T>, int64_t>> read_line(const char* p, int64_t n, int64_t stride, bool poll = false) {
  std::vector<std::pair<Cmp<T>, int64_t>> v;
  v.reserve(static_cast<size_t>(n));  // not zero-filled first: for a huge line that alone takes long
  for (int64_t i = 0; i < n; ++i) {
    if (poll && (i & 0xFFFFF) == 0xFFFFF) check_interrupt();
    v.emplace_back(static_cast<Cmp<T>>(load<T>(p + i * stride)), i);
  }
  return v;
}

}  // namespace tsh::cpu::sorting
