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

// True when less than `reserve` bytes of the calling thread's stack are left.
bool stack_nearly_full(std::size_t reserve = kStackReserve);

// Code running on a stack of its own (a generator's coroutine) sets that stack's lowest
// usable address here while it runs; returns the previous bound, to restore after.
std::uintptr_t set_stack_low(std::uintptr_t low);

}  // namespace tsh::shell
