// tests/unit/test_hostile.cpp — regressions from the hostile-input QA pass that
// transcripts cannot hold (NUL bytes, Ctrl-C timing, the C++ stack, raw
// geometry): each names the rule the crash or wrong output broke.
#include <catch2/catch.hpp>

#include <string>

#include "engine/core/error.h"
#include "engine/core/interrupt.h"
#include "engine/core/storage.h"
#include "engine/core/tensor.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduction.h"
#include "engine/ops/views.h"
#include "session_run.h"
#include "shell/interp.h"
#include "shell/stack_guard.h"

using namespace tsh;
using tsh::shell::testing::script_output;
using tsh::shell::testing::session_output;

namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return std::string(e.kind()) + ": " + e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a NUL byte: python3 FILE's message for a script, compile()'s in a session", "[hostile]") {
  int status = 0;
  CHECK(script_output(std::string("x = 1\0\n", 7), &status) ==
        "  File \"lesson.tsh\", line 1\n    x = 1\nSyntaxError: source code cannot contain null bytes\n");
  CHECK(status == 1);
  const std::string out = session_output({std::string("1 +\0 2", 6), "print('alive')"}, false);
  CHECK(out.find("SyntaxError: source code string cannot contain null bytes\n") != std::string::npos);
  CHECK(out.find("alive\n") != std::string::npos);
}

TEST_CASE("Ctrl-C while a session waits for input does not stop the next statement", "[hostile][interrupt]") {
  // The flag set before the line is read (the reader returns after Ctrl-C) is dropped.
  struct Reader : tsh::shell::LineReader {
    int n = 0;
    std::optional<std::string> read(bool) override {
      if (n++ == 0) {
        request_interrupt();
        return std::string("print('ran')");
      }
      return std::nullopt;
    }
  } reader;
  std::string out;
  tsh::shell::Session s(tsh::shell::Output{[&](std::string_view t) { out += t; }, [&](std::string_view t) { out += t; }});
  s.run_lines(reader, false);
  CHECK(out == "ran\n");
  CHECK(!interrupt_pending());
}

TEST_CASE("Ctrl-C during a statement that cannot stop ends that statement", "[hostile][interrupt]") {
  // press() stands for an op that never polls (BLAS): Ctrl-C lands while it
  // runs, it finishes, and its statement (not the next one) reports it.
  std::string out;
  tsh::shell::Session s(tsh::shell::Output{[&](std::string_view t) { out += t; }, [&](std::string_view t) { out += t; }});
  s.interp().builtins()["press"] = tsh::shell::make_builtin(
      "press", "<built-in function press>", [](tsh::shell::Interpreter&, tsh::shell::Args&, tsh::shell::Kwargs&) {
        request_interrupt();
        return tsh::shell::Value::integer(1);
      });
  tsh::shell::VectorReader reader({"x = press()", "print('next', x)"});
  s.run_lines(reader, false);
  CHECK(out == "KeyboardInterrupt\nnext 1\n");
}

TEST_CASE("recursion stops with RecursionError before the C++ stack runs out", "[hostile]") {
  CHECK(!tsh::shell::stack_nearly_full());
  const std::string out = session_output({"def f(n): return f(n + 1)", "", "f(0)", "print('alive')"}, false);
  CHECK(out == "RecursionError: maximum recursion depth exceeded\nalive\n");
}

TEST_CASE("view geometry whose numel or extent overflows int64 is refused", "[hostile][views]") {
  const Tensor one = ones({1}, DType::Float32);
  CHECK(error_of([&] { expand(one, {int64_t{1} << 40, int64_t{1} << 40}); }) ==
        "RuntimeError: numel: integer multiplication overflow");
  const Tensor six = arange(Scalar(int64_t{0}), Scalar(int64_t{6}));
  CHECK(error_of([&] { as_strided(six, {2, 3}, {int64_t{1} << 62, 1}, std::nullopt); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[2, 3] and strides=[4611686018427387904, 1]");
  CHECK(error_of([&] { empty({int64_t{1} << 62, int64_t{1} << 62, 0}, DType::Float32); }) ==
        "RuntimeError: Storage size calculation overflowed with sizes=[4611686018427387904, 4611686018427387904, 0]");
}

TEST_CASE("a size-1 dim may have any stride: kernels never scale it to bytes", "[hostile][views]") {
  // x[::2**62] keeps PyTorch's stride 2**62; times the itemsize it would overflow.
  const Tensor x = arange(Scalar(0.0), Scalar(10.0));
  const Tensor y = x.as_view({1}, {int64_t{1} << 62}, 0);
  CHECK(y.byte_stride(0) == 0);
  CHECK(x.byte_stride(0) == 4);
  CHECK(sum(y).numel() == 1);
}
