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

namespace {

// One job handed to the worker, and what the waiting thread learns of it.
struct Job {
  std::function<void()> work;
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  bool abandoned = false;
  std::exception_ptr error;
};

// The thread abandonable work runs on. It lives on for a moment after each
// job, because a library's per-thread state is costly to build again: a fresh
// thread per call makes OpenMP's OpenBLAS start a new thread team each time,
// which cost a 2048² sgemm 10% (105 ms against 95 ms on the 2-core development
// machine). It does not live on for long, because while its team exists
// libgomp counts more threads than cores and stops spinning at its barriers:
// the interpreter's own parallel loops and LAPACK calls then sleep and wake at
// every step (eigh 500² went from 14 ms to 100 ms). A worker whose job is
// abandoned finishes that job and ends; the next job gets a new worker.
class Worker {
 public:
  // How long an idle worker waits for the next job before it ends.
  static constexpr std::chrono::milliseconds kLinger{20};

  // Hands `job` to the worker; false (and nothing handed) when it has already ended.
  bool start(std::shared_ptr<Job> job) {
    std::lock_guard<std::mutex> lock(mu_);
    if (ended_) return false;
    next_ = std::move(job);
    cv_.notify_one();
    return true;
  }

  static std::shared_ptr<Worker> spawn() {
    auto w = std::make_shared<Worker>();
    std::thread([w] { w->loop(); }).detach();  // the thread owns the worker too
    return w;
  }

 private:
  void loop() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> lock(mu_);
        if (!cv_.wait_for(lock, kLinger, [&] { return next_ != nullptr; })) {
          ended_ = true;
          return;
        }
        job = std::move(next_);
      }
      std::exception_ptr error;
      try {
        job->work();
      } catch (...) {
        error = std::current_exception();
      }
      job->work = nullptr;  // what the work owned goes now, on this thread
      std::lock_guard<std::mutex> lock(job->mu);
      job->error = error;
      job->done = true;
      job->cv.notify_one();
      if (job->abandoned) {  // replaced by a new worker: nothing more comes here
        --g_abandoned;
        std::lock_guard<std::mutex> own(mu_);
        ended_ = true;
        return;
      }
    }
  }

  std::mutex mu_;
  std::condition_variable cv_;
  std::shared_ptr<Job> next_;
  bool ended_ = false;
};

// The last worker (null before the first job and after an abandoned one; it may
// have ended since). Only the interpreter's thread runs abandonable work.
std::shared_ptr<Worker>& idle_worker() {
  static auto* w = new std::shared_ptr<Worker>();  // never destroyed: workers outlive static destruction
  return *w;
}

}  // namespace

void run_abandonable(std::function<void()> work) {
  std::shared_ptr<Worker>& worker = idle_worker();
  auto job = std::make_shared<Job>();
  job->work = std::move(work);
  if (!worker || !worker->start(job)) {
    worker = Worker::spawn();
    worker->start(job);
  }
  std::unique_lock<std::mutex> lock(job->mu);
  while (!job->cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return job->done; })) {
    if (interrupt_pending()) {
      // The worker finishes the work on its own, owning what it uses; it is
      // counted until then, so that the process knows not to wait for it at exit.
      ++g_abandoned;
      job->abandoned = true;
      worker.reset();
      lock.unlock();
      check_interrupt();  // throws
    }
  }
  if (job->error) std::rethrow_exception(job->error);
}

}  // namespace tsh
