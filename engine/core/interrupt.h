// engine/core/interrupt.h — Ctrl-C reaching a running op: one flag, polled at safe points.
//
// The SIGINT handler only sets g_interrupted (a lock-free atomic store is
// async-signal-safe). Whoever polls it decides what "stop" means:
//  - the interpreter, between statements and loop iterations, throws at once;
//  - CPU kernels poll it once per chunk of at least kInterruptGrain elements
//    (a relaxed load, unmeasurable next to the chunk's work); inside an
//    OpenMP region they only stop early, because an exception must never
//    leave a parallel region, and the loop that started the region throws
//    after it has joined (engine/cpu/loop.h, throw_if_interrupted).
// An op stopped this way throws KeyboardInterrupt; its output is never seen,
// but an in-place op may have written part of its tensor, as an interrupted
// Python loop leaves part of its work done.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "engine/core/error.h"

namespace tsh {

// Python's KeyboardInterrupt: prints as just "KeyboardInterrupt".
class KeyboardInterrupt : public Error {
 public:
  KeyboardInterrupt() : Error("") {}
  const char* kind() const override { return "KeyboardInterrupt"; }
};

// Set by the SIGINT handler; cleared when the KeyboardInterrupt is thrown.
// Defined once in interrupt.cpp (not an inline variable: the kernels built for other instruction
// sets, engine/cpu/isa.h, must share this one flag).
extern std::atomic<bool> g_interrupted;
static_assert(std::atomic<bool>::is_always_lock_free, "the SIGINT handler stores into g_interrupted");

// Kernels poll at most once per this many elements.
constexpr int64_t kInterruptGrain = 32768;

inline void request_interrupt() noexcept { g_interrupted.store(true, std::memory_order_relaxed); }
inline bool interrupt_pending() noexcept { return g_interrupted.load(std::memory_order_relaxed); }
inline void clear_interrupt() noexcept { g_interrupted.store(false, std::memory_order_relaxed); }

// Throws KeyboardInterrupt (clearing the flag) when Ctrl-C was pressed.
// Never call it inside an OpenMP region; kernels use throw_if_interrupted.
inline void check_interrupt() {
  if (interrupt_pending()) {
    clear_interrupt();
    throw KeyboardInterrupt();
  }
}

// Runs `work` on a thread of its own while this one waits, polling for
// Ctrl-C every few milliseconds. For a library call that cannot stop itself
// (a BLAS product, a LAPACK factorization): an interrupt abandons the work —
// it runs to its end in the background, so it must own, by value, every
// buffer it touches, and write only memory nobody else sees — and throws
// KeyboardInterrupt at once. An error inside `work` is rethrown here.
void run_abandonable(std::function<void()> work);
// How many abandoned works are still running: the process must then end
// without running static destructors (a BLAS library's shutdown would wait
// for them).
int abandoned_work_running();

}  // namespace tsh
