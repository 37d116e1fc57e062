// tests/fuzz/fuzz_session.cpp — libFuzzer target for whole sessions: any
// bytes, split into lines, run through a Session as `tsh -i` runs piped
// input (magics, help requests, Ctrl-C, exit() included), with the output
// discarded. Nothing may crash, trip a sanitizer, or hang: "no input,
// however hostile, crashes the shell or loses a session".
//
// Hostile sizes are bounded so that the fuzzer finds bugs, not swap:
//  - every tensor allocation above kMaxTensorBytes is refused with PyTorch's
//    out-of-memory RuntimeError (a capping allocator replaces the CPU one);
//  - other huge allocations ('a' * 10**9) fail as MemoryError with
//    ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256;
//  - a watchdog presses Ctrl-C (the engine's interrupt flag) when an input
//    runs longer than kDeadline, so `while True: pass` ends as
//    KeyboardInterrupt; what even that cannot stop is a libFuzzer timeout.
// Inputs that could write or wander outside the scratch folder it runs in
// (np.save, %cd, open(), os) are skipped.
//
// Build (clang, the whole tree instrumented):
//   CC=clang CXX=clang++ cmake -S . -B build-fuzz -DTSH_FUZZ=ON -DTSH_WERROR=OFF \
//     -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS='-mavx2 -mfma -mf16c -fsanitize=fuzzer-no-link,address,undefined'
//   cmake --build build-fuzz --target fuzz_session
// Run: scripts/fuzz session SECONDS does all of this. By hand, from an empty scratch folder, with seeds
// from tests/fuzz/seed_corpus.sh:
//   ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=256:detect_leaks=0 \
//     build-fuzz/tests/fuzz_session -max_len=2048 -timeout=20 -rss_limit_mb=4096 CORPUS SEEDS
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/core/device.h"
#include "engine/core/dtype.h"
#include "engine/core/error.h"
#include "engine/core/interrupt.h"
#include "engine/core/storage.h"
#include "engine/format/options.h"
#include "shell/session.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace {

constexpr int64_t kMaxTensorBytes = int64_t{16} << 20;
constexpr auto kDeadline = std::chrono::milliseconds(300);

// The CPU allocator with a ceiling, so `torch.zeros(10**8)` is an error here.
class CappedAllocator : public tsh::Allocator {
 public:
  explicit CappedAllocator(tsh::Allocator* inner) : inner_(inner) {}
  void* allocate(int64_t nbytes) override {
    if (nbytes > kMaxTensorBytes)
      throw tsh::RuntimeError("[enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate memory: "
                              "you tried to allocate " + std::to_string(nbytes) +
                              " bytes. Error code 12 (Cannot allocate memory)");
    return inner_->allocate(nbytes);
  }
  void deallocate(void* p, int64_t nbytes) override { inner_->deallocate(p, nbytes); }
  void copy_to_host(void* host, const void* src, int64_t n) override { inner_->copy_to_host(host, src, n); }
  void copy_from_host(void* dst, const void* host, int64_t n) override { inner_->copy_from_host(dst, host, n); }
  void copy(void* dst, const void* src, int64_t n) override { inner_->copy(dst, src, n); }
  void fill(void* dst, uint8_t byte, int64_t n) override { inner_->fill(dst, byte, n); }

 private:
  tsh::Allocator* inner_;
};

// Presses Ctrl-C once the current input has run for kDeadline.
class Watchdog {
 public:
  Watchdog() : thread_([this] { loop(); }) { thread_.detach(); }
  void start() {
    std::lock_guard<std::mutex> lock(mutex_);
    started_ = std::chrono::steady_clock::now();
    running_ = true;
  }
  void stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    running_ = false;
  }

 private:
  void loop() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::lock_guard<std::mutex> lock(mutex_);
      if (running_ && std::chrono::steady_clock::now() - started_ > kDeadline) tsh::request_interrupt();
    }
  }
  std::mutex mutex_;
  bool running_ = false;
  std::chrono::steady_clock::time_point started_;
  std::thread thread_;
};

Watchdog* watchdog = nullptr;

bool skipped(std::string_view src) {
  // Files and the process's environment: open() can write anywhere, os can
  // remove, move and chdir, time.sleep only waits, numpy.loadtxt reads any path (a device file never ends).
  for (std::string_view bad : {"save", "%cd", "cd ", "set_num_threads", "open", "os", "environ", "remove",
                               "mkdir", "chdir", "sleep", "loadtxt"})
    if (src.find(bad) != std::string_view::npos) return true;
  return false;
}

std::vector<std::string> lines_of(std::string_view src) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < src.size()) {
    size_t nl = src.find('\n', pos);
    if (nl == std::string_view::npos) nl = src.size();
    lines.emplace_back(src.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return lines;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static CappedAllocator capped(tsh::allocator_for(tsh::Device{}));
  tsh::register_allocator(tsh::DeviceType::CPU, &capped);
#ifdef _OPENMP
  omp_set_num_threads(1);  // one core; parallel paths still run their split code
#endif
  watchdog = new Watchdog;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view src(reinterpret_cast<const char*>(data), size);
  if (skipped(src)) return -1;  // not added to the corpus
  // Each input starts from a fresh process-wide state.
  tsh::set_default_dtype(tsh::DType::Float32);
  tsh::set_default_device(tsh::Device{});
  tsh::format::set_printoptions(std::nullopt, std::nullopt, std::nullopt, std::nullopt, "default", std::nullopt);
  tsh::clear_interrupt();
  tsh::shell::Session session(tsh::shell::Output{[](std::string_view) {}, [](std::string_view) {}});
  tsh::shell::VectorReader reader(lines_of(src));
  watchdog->start();
  session.run_lines(reader, /*echo=*/true);
  watchdog->stop();
  tsh::clear_interrupt();
  return 0;
}
