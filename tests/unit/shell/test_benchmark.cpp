// tests/unit/shell/test_benchmark.cpp — torch.utils.benchmark with the clock
// replaced by a deterministic one: the slide's Timer example prints
// PyTorch's layout, num_threads applies during the measurement only, and
// select_unit picks units on float32 log10 like PyTorch. (The layouts for
// many more cases are in tests/golden/benchmark_timer.txt, made by PyTorch
// with a fake `timer=`.)
#include <catch2/catch.hpp>

#include <regex>

#include "shell/session.h"
#include "shell/torch/utils/benchmark/benchmark.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh::shell;

namespace {

std::string transcript(const std::vector<std::string>& lines) {
  return testing::session_output(lines, true);
}

// A clock that advances `step` seconds at each reading; restores the real one.
struct FakeClock {
  std::function<double()> saved = g_benchmark_clock;
  double now = 0;
  explicit FakeClock(double step) {
    g_benchmark_clock = [this, step] { return now += step; };
  }
  ~FakeClock() { g_benchmark_clock = saved; }
};

}  // namespace

TEST_CASE("the slide's Timer example prints PyTorch's Measurement", "[benchmark]") {
  FakeClock clock(137.0);  // each timeit() reads the clock twice: 137 s for 100 runs
  const std::string out = transcript({
      "import torch.utils.benchmark as benchmark",
      "t = torch.rand(10, dtype=torch.float64)",
      "sum = 0",
      "def sum_loop(t, sum):",
      "    for i in range(len(t)): sum += t[i]",
      "",
      "t0 = benchmark.Timer(",
      "    stmt='sum_loop(t, sum)',",
      "    setup='from __main__ import sum_loop',",
      "    globals={'t': t, 'sum': sum})",
      "print(t0.timeit(100))",
  });
  const std::regex expected(
      R"([\s\S]*>>> print\(t0.timeit\(100\)\)
<torch\.utils\.benchmark\.utils\.common\.Measurement object at 0x[0-9a-f]+>
sum_loop\(t, sum\)
setup: from __main__ import sum_loop
  1\.37 s
  1 measurement, 100 runs , 1 thread
)");
  CHECK(std::regex_match(out, expected));
}

TEST_CASE("a Timer's statements see its globals, not the session's", "[benchmark]") {
  FakeClock clock(0.019126);
  CHECK(transcript({"import torch.utils.benchmark as benchmark", "x = 1",
                    "benchmark.Timer('x').timeit(10)",
                    "m = benchmark.Timer('t.sum()', globals={'t': torch.ones(3)}).timeit(100)",
                    "print('\\n'.join(repr(m).splitlines()[1:]))"}) ==
        ">>> import torch.utils.benchmark as benchmark\n>>> x = 1\n"
        ">>> benchmark.Timer('x').timeit(10)\nNameError: name 'x' is not defined\n"
        ">>> m = benchmark.Timer('t.sum()', globals={'t': torch.ones(3)}).timeit(100)\n"
        ">>> print('\\n'.join(repr(m).splitlines()[1:]))\n"
        "t.sum()\n  191.26 us\n  1 measurement, 100 runs , 1 thread\n");
}

TEST_CASE("num_threads holds during the measurement and is restored after", "[benchmark]") {
  FakeClock clock(0.5);
  CHECK(transcript({"import torch.utils.benchmark as benchmark", "n = []", "before = torch.get_num_threads()",
                    "_ = benchmark.Timer('n.append(torch.get_num_threads())', globals={'n': n}, num_threads=3).timeit(4)",
                    "n, torch.get_num_threads() == before",
                    "benchmark.Timer('pass', num_threads=0).timeit(1)", "torch.get_num_threads() == before"}) ==
        ">>> import torch.utils.benchmark as benchmark\n>>> n = []\n>>> before = torch.get_num_threads()\n"
        ">>> _ = benchmark.Timer('n.append(torch.get_num_threads())', globals={'n': n}, num_threads=3).timeit(4)\n"
        ">>> n, torch.get_num_threads() == before\n([3, 3, 3, 3, 3, 3], True)\n"
        ">>> benchmark.Timer('pass', num_threads=0).timeit(1)\n"
        "RuntimeError: set_num_threads expects a positive integer\n"
        ">>> torch.get_num_threads() == before\nTrue\n");
}

TEST_CASE("blocked_autorange with the clock: block size, then measurements", "[benchmark]") {
  FakeClock clock(0.25);  // every timeit() takes 0.25 s: one run per block, one block
  const std::string out = transcript({"import torch.utils.benchmark as benchmark",
                                      "m = benchmark.Timer('pass').blocked_autorange()",
                                      "m.number_per_run, m.raw_times, m.median"});
  CHECK(out.find("(1, [0.25], 0.25)\n") != std::string::npos);
}

TEST_CASE("select_unit decides on float32 log10, as PyTorch", "[benchmark]") {
  CHECK(select_unit(1e-9).first == "ns");
  CHECK(select_unit(999.9e-9).first == "ns");
  CHECK(select_unit(1e-6).first == "us");
  CHECK(select_unit(1e-3).first == "ms");
  CHECK(select_unit(0.5).first == "ms");
  CHECK(select_unit(1.0).first == "s");
  CHECK(select_unit(12345.0).first == "s");
  CHECK_THROWS(select_unit(0.0));
  CHECK_THROWS(select_unit(-1.0));
  CHECK_THROWS(select_unit(1e300));
}
