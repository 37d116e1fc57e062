// tests/unit/shell/test_interrupt.cpp — Ctrl-C in a session: the statement
// stops with KeyboardInterrupt and the session's variables survive. (Kernels
// stopping on the flag are tests/unit/engine/test_interrupt.cpp.)
#include <catch2/catch.hpp>

#include <string>

#include "engine/core/interrupt.h"
#include "shell/session.h"

using namespace tsh;

TEST_CASE("the session reports KeyboardInterrupt and keeps its variables", "[interrupt]") {
  std::string out;
  tsh::shell::Session s(
      tsh::shell::Output{[&](std::string_view t) { out += t; }, [&](std::string_view t) { out += t; }});
  s.run_chunk("t = torch.ones(2, 3)\n");
  request_interrupt();
  s.run_chunk("for i in range(10**9): x = i\n");
  CHECK(out == "KeyboardInterrupt\n");
  CHECK_FALSE(interrupt_pending());
  out.clear();
  s.run_chunk("t.shape\n");
  CHECK(out == "torch.Size([2, 3])\n");
}
