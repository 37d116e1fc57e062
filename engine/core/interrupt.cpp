// engine/core/interrupt.cpp — run_abandonable (see interrupt.h).
#include "engine/core/interrupt.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace tsh {

std::atomic<bool> g_interrupted{false};

namespace {
std::atomic<int> g_abandoned{0};
}

int abandoned_work_running() { return g_abandoned.load(); }

void run_abandonable(std::function<void()> work) {
  struct State {
    std::mutex mu;
    std::condition_variable cv;
    bool done = false;
    bool abandoned = false;
    std::exception_ptr error;
  };
  auto state = std::make_shared<State>();
  std::thread([state, work = std::move(work)] {
    std::exception_ptr error;
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(state->mu);
    state->error = error;
    state->done = true;
    if (state->abandoned) --g_abandoned;
    state->cv.notify_one();
  }).detach();
  std::unique_lock<std::mutex> lock(state->mu);
  while (!state->cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return state->done; })) {
    if (interrupt_pending()) {
      // The thread finishes on its own, owning what it uses; it is counted
      // until then, so that the process knows not to wait for it at exit.
      ++g_abandoned;
      state->abandoned = true;
      lock.unlock();
      check_interrupt();  // throws
    }
  }
  if (state->error) std::rethrow_exception(state->error);
}

}  // namespace tsh
