// shell/python/coroutine.cpp — stackful coroutines on ucontext (see coroutine.h).
#include "shell/python/coroutine.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>

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

namespace {

// 8 MB, as the main thread's: the stack guard turns deep recursion inside a generator
// into RecursionError as it does outside. Pages are only committed when touched.
constexpr std::size_t kStackSize = std::size_t(8) << 20;

std::size_t page_size() {
  static const auto size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
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
#endif

// Gives a stack back. AddressSanitizer's shadow of it still marks the frames of a generator that
// never finished (its redzones); a later mapping at the same addresses would inherit them and
// report a sound write as a stack underflow, so the shadow is cleared first.
void unmap_stack(void* stack, std::size_t size) {
#ifdef TSH_ASAN
  ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(stack) + sysconf(_SC_PAGESIZE), size - sysconf(_SC_PAGESIZE));
#endif
  munmap(stack, size);
}

}  // namespace

Coroutine::Coroutine(std::function<void()> body) : body_(std::move(body)) {}

Coroutine::~Coroutine() {
  if (stack_) unmap_stack(stack_, stack_size_);
}

void Coroutine::trampoline(unsigned lo, unsigned hi) {
  auto* self = reinterpret_cast<Coroutine*>((static_cast<std::uintptr_t>(hi) << 32) | lo);
#ifdef TSH_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &self->caller_bottom_, &self->caller_size_);
#endif
  try {
    self->body_();
  } catch (...) {
    self->error_ = std::current_exception();
  }
  self->finished_ = true;
  self->body_ = nullptr;
  // Never returns: the caller's resume() goes on, and this stack is not entered again.
#ifdef TSH_ASAN
  __sanitizer_start_switch_fiber(nullptr, self->caller_bottom_, self->caller_size_);
  setcontext(&self->caller_);
#else
  long_jump(self->caller_jmp_);
#endif
}

void Coroutine::switch_in() {
  caller_stack_low_ = set_stack_low(reinterpret_cast<std::uintptr_t>(stack_) + page_size());
  running_ = true;
#ifdef TSH_ASAN
  // The sanitizer build keeps ucontext's switches, which AddressSanitizer follows.
  __sanitizer_start_switch_fiber(&asan_fake_, stack_, stack_size_);
  jump(&caller_, &self_);
  __sanitizer_finish_switch_fiber(asan_fake_, nullptr, nullptr);
#else
  if (!__builtin_setjmp(caller_jmp_)) {
    if (!entered_) {
      entered_ = true;
      setcontext(&self_);
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
    stack_size_ = kStackSize;
    void* p = mmap(nullptr, stack_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    stack_ = p;
    mprotect(stack_, page_size(), PROT_NONE);  // a guard page at the bottom
    getcontext(&self_);
    self_.uc_stack.ss_sp = stack_;
    self_.uc_stack.ss_size = stack_size_;
    self_.uc_link = nullptr;
    const auto me = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&self_, reinterpret_cast<void (*)()>(&Coroutine::trampoline), 2, static_cast<unsigned>(me & 0xffffffffu),
                static_cast<unsigned>(me >> 32));
    started_ = true;
  }
  switch_in();
  if (finished_) {
    unmap_stack(stack_, stack_size_);
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
