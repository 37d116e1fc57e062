// tests/unit/shell/test_hostile.cpp — regressions from the hostile-input QA pass that
// transcripts cannot hold (NUL bytes, Ctrl-C timing, the C++ stack): each
// names the rule the crash or wrong output broke. The raw-geometry ones are
// engine tests (tests/unit/engine/test_hostile.cpp).
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "engine/core/interrupt.h"
#include "shell/interp.h"
#include "shell/stack_guard.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh;
using tsh::shell::testing::script_output;
using tsh::shell::testing::session_output;

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
