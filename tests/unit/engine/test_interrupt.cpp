// tests/unit/engine/test_interrupt.cpp — Ctrl-C inside kernels (engine/core/interrupt.h);
// a session's side of it is tests/unit/shell/test_interrupt.cpp.
//
// The SIGINT handler only sets the flag; these tests set it the same way
// before a large op and check that the op stops with KeyboardInterrupt,
// clears the flag, and that the next op runs normally.
#include <catch2/catch.hpp>

#include <cstring>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/core/interrupt.h"
#include "engine/ops/binary.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/random.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/sort.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

constexpr int64_t kBig = int64_t{1} << 22;  // 128 polling chunks

// Runs op with Ctrl-C already pressed; true when it threw KeyboardInterrupt
// and left the flag cleared.
template <typename F> bool interrupted(F&& op) {
  request_interrupt();
  bool thrown = false;
  try {
    op();
  } catch (const KeyboardInterrupt& e) {
    thrown = std::string(e.kind()) == "KeyboardInterrupt" && std::string(e.what()).empty();
  }
  const bool cleared = !interrupt_pending();
  clear_interrupt();
  return thrown && cleared;
}

}  // namespace

TEST_CASE("KeyboardInterrupt prints as Python's, and is no RuntimeError", "[interrupt]") {
  KeyboardInterrupt k;
  CHECK(std::string(k.kind()) == "KeyboardInterrupt");
  CHECK(std::string(k.what()).empty());
  CHECK(dynamic_cast<const RuntimeError*>(static_cast<const Error*>(&k)) == nullptr);
}

TEST_CASE("large ops stop with KeyboardInterrupt, on one thread or several", "[interrupt]") {
  int threads = GENERATE(1, 2);
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(threads);
#endif
  Tensor x = ones({kBig}, DType::Float32);
  Tensor m = ones({1024, kBig / 1024}, DType::Float64);
  Tensor i = ones({kBig}, DType::Int64);
  CHECK(interrupted([&] { rand({kBig}); }));
  CHECK(interrupted([&] { randn({kBig}); }));
  CHECK(interrupted([&] { zeros({kBig}, DType::Float32); }));
  CHECK(interrupted([&] { arange(Scalar(int64_t{0}), Scalar(kBig)); }));
  CHECK(interrupted([&] { add(x, x); }));
  CHECK(interrupted([&] { add(t(m), 1.0); }));  // strided, several runs
  CHECK(interrupted([&] { sum(x); }));           // one long cascade
  CHECK(interrupted([&] { sum(m, std::vector<int64_t>{1}); }));
  CHECK(interrupted([&] { sum(m, std::vector<int64_t>{0}); }));
  CHECK(interrupted([&] { sum(i); }));
  CHECK(interrupted([&] { amax(x); }));
  CHECK(interrupted([&] { var(x); }));
  CHECK(interrupted([&] { cumsum(m, 1); }));
  CHECK(interrupted([&] { sort(m, 1); }));
  // The flag is clear again: the same ops now finish with the right values.
  CHECK(item(sum(x)).to_double() == static_cast<double>(kBig));
  CHECK(item(sum(i)).to_double() == static_cast<double>(kBig));
  CHECK(add(x, x).numel() == kBig);
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
}

TEST_CASE("an interrupted op stops early instead of finishing its work", "[interrupt]") {
  Tensor x = zeros({kBig}, DType::Float32);
  CHECK(interrupted([&] { add_(x, 1); }));
  const float* p = x.data<float>();
  int64_t done = 0;
  for (int64_t k = 0; k < kBig; ++k) done += p[k] == 1.0f;
  CHECK(done < kBig / 2);
}
