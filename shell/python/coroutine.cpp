// shell/python/coroutine.cpp — stackful coroutines (see coroutine.h).
//
// A stack costs four system calls to make (mmap, mprotect for its guard page, and ucontext's
// two signal-mask calls to enter it) and one to give back: a generator function called in a
// loop paid them on every call, forty times what the generator did. So a stack, once made, is
// kept: its first frame (stack_main) is a loop that parks between coroutines, waiting at a
// __builtin_setjmp, and the next coroutine starts by jumping there. Up to kPooledStacks parked
// stacks wait per thread. The sanitizer build keeps a stack per coroutine entered through
// ucontext, whose switches AddressSanitizer follows.
#include "shell/python/coroutine.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>
#include <vector>

#include "shell/stack_guard.h"

#if defined(__SANITIZE_ADDRESS__)
#define TSH_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TSH_ASAN 1
#endif
#endif
#ifdef TSH_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace tsh::shell {

struct Coroutine::Stack {
  void* base = nullptr;
  std::size_t size = 0;
  void* entry[5]{};  // where stack_main waits for the next coroutine (parked stacks only)
};

namespace {

// 8 MB, as the main thread's: the stack guard turns deep recursion inside a generator
// into RecursionError as it does outside. Pages are only committed when touched.
constexpr std::size_t kStackSize = std::size_t(8) << 20;
constexpr std::size_t kPooledStacks = 16;

std::size_t page_size() {
  static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

// A fresh mapping with a guard page at the bottom.
void* map_stack(std::size_t size) {
  void* p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  mprotect(p, page_size(), PROT_NONE);
  return p;
}

// Gives a stack back. AddressSanitizer's shadow of it still marks the frames of a generator that
// never finished (its redzones); a later mapping at the same addresses would inherit them and
// report a sound write as a stack underflow, so the shadow is cleared first.
void unmap_stack(void* stack, std::size_t size) {
#ifdef TSH_ASAN
  ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(stack) + page_size(), size - page_size());
#endif
  munmap(stack, size);
}

#ifdef TSH_ASAN
// swapcontext(from, to) without calling swapcontext: AddressSanitizer intercepts that one and
// prints a warning on the first call, which would land in a script's output. The switch is the
// same (getcontext saves `from`; the second return, when something resumes `from`, goes on).
void jump(ucontext_t* from, const ucontext_t* to) {
  volatile bool resumed = false;
  getcontext(from);
  if (!resumed) {
    resumed = true;
    setcontext(to);
  }
}
#else
// Goes on where __builtin_setjmp(where) was called; never from that same function (GCC's rule).
[[noreturn, gnu::noinline]] void long_jump(void** where) { __builtin_longjmp(where, 1); }

// Saves where this stack goes on in `entry`, then goes to `to`; returns when something jumps to
// `entry`. The frame stays intact meanwhile: nothing else runs on this stack.
[[gnu::noinline]] void park(void** entry, void** to) {
  if (!__builtin_setjmp(entry)) long_jump(to);
}

thread_local std::vector<void*> t_parked;          // Coroutine::Stack*, ready for a coroutine
thread_local void* t_new_stack = nullptr;          // the stack stack_main is entering for the first time
thread_local void* t_made[5];                      // where making a stack goes on
thread_local void* t_starting = nullptr;           // the coroutine a parked stack is to run
#endif

}  // namespace

Coroutine::Coroutine(std::function<void()> body) : body_(std::move(body)) {}

Coroutine::~Coroutine() {
  if (!stack_) return;
  unmap_stack(stack_->base, stack_->size);  // a body that never ended: its stack cannot park
  delete stack_;
}

void Coroutine::run_body() {
  try {
    body_();
  } catch (...) {
    error_ = std::current_exception();
  }
  finished_ = true;
  body_ = nullptr;
}

void Coroutine::trampoline(unsigned lo, unsigned hi) {
#ifdef TSH_ASAN
  auto* self = reinterpret_cast<Coroutine*>((static_cast<std::uintptr_t>(hi) << 32) | lo);
  __sanitizer_finish_switch_fiber(nullptr, &self->caller_bottom_, &self->caller_size_);
  self->run_body();
  // Never returns: the caller's resume() goes on, and this stack is not entered again.
  __sanitizer_start_switch_fiber(nullptr, self->caller_bottom_, self->caller_size_);
  setcontext(&self->caller_);
#else
  (void)lo, (void)hi;
#endif
}

void Coroutine::stack_main() {
#ifndef TSH_ASAN
  auto* stack = static_cast<Stack*>(t_new_stack);
  park(stack->entry, t_made);
  for (;;) {
    auto* self = static_cast<Coroutine*>(t_starting);
    self->run_body();
    park(stack->entry, self->caller_jmp_);  // back to resume(), parked for the next coroutine
  }
#endif
}

// A new stack, entered once so that its loop parks.
Coroutine::Stack* Coroutine::new_parked_stack() {
#ifdef TSH_ASAN
  return nullptr;
#else
  t_new_stack = new Stack{map_stack(kStackSize), kStackSize, {}};
  ucontext_t first{};
  getcontext(&first);
  first.uc_stack.ss_sp = static_cast<Stack*>(t_new_stack)->base;
  first.uc_stack.ss_size = kStackSize;
  first.uc_link = nullptr;
  makecontext(&first, &Coroutine::stack_main, 0);
  if (!__builtin_setjmp(t_made)) setcontext(&first);
  return static_cast<Stack*>(t_new_stack);
#endif
}

void Coroutine::switch_in() {
  caller_stack_low_ = set_stack_low(reinterpret_cast<std::uintptr_t>(stack_->base) + page_size());
  running_ = true;
#ifdef TSH_ASAN
  __sanitizer_start_switch_fiber(&asan_fake_, stack_->base, stack_->size);
  jump(&caller_, &self_);
  __sanitizer_finish_switch_fiber(asan_fake_, nullptr, nullptr);
#else
  if (!__builtin_setjmp(caller_jmp_)) {
    if (!entered_) {
      entered_ = true;
      t_starting = this;
      long_jump(stack_->entry);
    }
    long_jump(self_jmp_);
  }
#endif
  running_ = false;
  set_stack_low(caller_stack_low_);
}

bool Coroutine::resume() {
  if (finished_) return false;
  if (!started_) {
#ifdef TSH_ASAN
    stack_ = new Stack{map_stack(kStackSize), kStackSize, {}};
    getcontext(&self_);
    self_.uc_stack.ss_sp = stack_->base;
    self_.uc_stack.ss_size = stack_->size;
    self_.uc_link = nullptr;
    const auto me = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&self_, reinterpret_cast<void (*)()>(&Coroutine::trampoline), 2, static_cast<unsigned>(me & 0xffffffffu),
                static_cast<unsigned>(me >> 32));
#else
    if (!t_parked.empty()) {
      stack_ = static_cast<Stack*>(t_parked.back());
      t_parked.pop_back();
    } else {
      stack_ = new_parked_stack();
    }
#endif
    started_ = true;
  }
  switch_in();
  if (finished_) {
#ifdef TSH_ASAN
    unmap_stack(stack_->base, stack_->size);
    delete stack_;
#else
    if (t_parked.size() < kPooledStacks) {
      t_parked.push_back(stack_);
    } else {
      unmap_stack(stack_->base, stack_->size);
      delete stack_;
    }
#endif
    stack_ = nullptr;
    if (error_) {
      std::exception_ptr e = error_;
      error_ = nullptr;
      std::rethrow_exception(e);
    }
    return false;
  }
  return true;
}

void Coroutine::suspend() {
#ifdef TSH_ASAN
  void* fake = nullptr;
  __sanitizer_start_switch_fiber(&fake, caller_bottom_, caller_size_);
  jump(&self_, &caller_);
  __sanitizer_finish_switch_fiber(fake, &caller_bottom_, &caller_size_);
#else
  if (!__builtin_setjmp(self_jmp_)) long_jump(caller_jmp_);
#endif
}

}  // namespace tsh::shell
