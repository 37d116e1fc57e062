// shell/stack_guard.h — RecursionError before the C++ stack runs out.
//
// Python counts frames (sys.getrecursionlimit(), 1000) and so does tsh, but a
// frame of tsh's tree-walking evaluator is several C++ frames whose size
// depends on the build: a sanitizer build overflows 8 MB well before 1000
// Python-level calls. The recursive paths (calls, repr, comparison) also ask
// this guard, which measures the stack itself.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tsh::shell {

// What a recursive step leaves for the work below its last check (a deep
// repr, a kernel, the error path): generous, since Debug + ASan frames are big.
inline constexpr std::size_t kStackReserve = 1 << 20;

// This thread's lowest usable stack address: kStackUnknown until first asked, 0 when it cannot be
// found. Constant-initialized, so reading it costs no thread-local initialization call: every
// call of a def asks.
inline constexpr std::uintptr_t kStackUnknown = ~std::uintptr_t(0);
extern thread_local constinit std::uintptr_t t_stack_low;
std::uintptr_t find_stack_low();  // works t_stack_low out, and keeps it

// True when less than `reserve` bytes of the calling thread's stack are left.
inline bool stack_nearly_full(std::size_t reserve = kStackReserve) {
  std::uintptr_t low = t_stack_low;
  if (low == kStackUnknown) [[unlikely]] low = find_stack_low();
  if (low == 0) return false;
  // The frame address, not a local's: under ASan a local may live on a heap "fake stack".
  return reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)) < low + reserve;
}

// Code running on a stack of its own (a generator's coroutine) sets that stack's lowest
// usable address here while it runs; returns the previous bound, to restore after.
std::uintptr_t set_stack_low(std::uintptr_t low);

}  // namespace tsh::shell
