// shell/python/coroutine.h — a body of C++ code that can stop in the middle and
// go on later, on a stack of its own: what runs a generator function.
//
// tsh evaluates a syntax tree recursively, so a `yield` deep inside loops, a
// try and a with has a C++ call chain under it that must survive until the
// next `next()`. Each coroutine runs on its own stack (ucontext, entered once with
// setcontext, then kept, parked, for the next coroutine: making a stack costs
// four system calls); switching is a register swap on the interpreter's one thread
// (the compiler's __builtin_setjmp/__builtin_longjmp, which keep only the frame,
// stack and resume address, the compiler saving the rest around the call:
// swapcontext's two system calls per switch made a yield cost a microsecond, and
// libc's _longjmp walks the thread's cleanup handlers each time), so thread-local
// state (grad mode, the OpenMP team) is shared as Python shares it.
#pragma once

#include <ucontext.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>

namespace tsh::shell {

class Coroutine {
 public:
  // `body` runs on the first resume(); it may call suspend() any number of times.
  explicit Coroutine(std::function<void()> body);
  ~Coroutine();  // the body must have ended (or never started)
  Coroutine(const Coroutine&) = delete;
  Coroutine& operator=(const Coroutine&) = delete;

  // Runs the body until it suspends (true) or ends (false). An exception the
  // body lets out is rethrown here, and the body has then ended.
  bool resume();
  // From inside the body: back to whoever called resume().
  void suspend();
  bool started() const { return started_; }
  bool finished() const { return finished_; }
  bool running() const { return running_; }

 private:
  struct Stack;
  static void trampoline(unsigned lo, unsigned hi);  // the sanitizer build's entry
  static void stack_main();                          // the others': a parked stack's loop
  static Stack* new_parked_stack();
  void run_body();
  void switch_in();
  std::function<void()> body_;
  ucontext_t caller_{}, self_{};
  void* caller_jmp_[5]{}, *self_jmp_[5]{};  // where resume() and suspend() wait to go on (__builtin_setjmp)
  bool entered_ = false;               // the body's stack was entered
  Stack* stack_ = nullptr;
  std::uintptr_t caller_stack_low_ = 0;  // the stack guard's bound where resume() was called
  std::exception_ptr error_;
  bool started_ = false, finished_ = false, running_ = false;
  // AddressSanitizer is told of each switch (its fake stacks and stack bounds).
  void* asan_fake_ = nullptr;
  const void* caller_bottom_ = nullptr;
  std::size_t caller_size_ = 0;
};

}  // namespace tsh::shell
