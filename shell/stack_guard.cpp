// shell/stack_guard.cpp — the calling thread's stack bounds, found once per thread.
#include "shell/stack_guard.h"

#include <pthread.h>

#include <cstdint>

namespace tsh::shell {

namespace {

// The lowest usable address of this thread's stack (stacks grow down on
// every platform tsh builds for), or 0 when it cannot be found.
std::uintptr_t stack_low() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* addr = nullptr;
  std::size_t size = 0;
  const int rc = pthread_attr_getstack(&attr, &addr, &size);
  pthread_attr_destroy(&attr);
  return rc == 0 ? reinterpret_cast<std::uintptr_t>(addr) : 0;
}

}  // namespace

thread_local constinit std::uintptr_t t_stack_low = kStackUnknown;

std::uintptr_t find_stack_low() { return t_stack_low = stack_low(); }

std::uintptr_t set_stack_low(std::uintptr_t low) {
  const std::uintptr_t previous = t_stack_low == kStackUnknown ? find_stack_low() : t_stack_low;
  t_stack_low = low;
  return previous;
}

}  // namespace tsh::shell
