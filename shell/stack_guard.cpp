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

thread_local std::uintptr_t current_low = stack_low();

}  // namespace

std::uintptr_t set_stack_low(std::uintptr_t low) {
  const std::uintptr_t previous = current_low;
  current_low = low;
  return previous;
}

bool stack_nearly_full(std::size_t reserve) {
  const std::uintptr_t low = current_low;
  if (low == 0) return false;
  // The frame address, not a local's: under ASan a local may live on a heap "fake stack".
  const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  return here < low + reserve;
}

}  // namespace tsh::shell
