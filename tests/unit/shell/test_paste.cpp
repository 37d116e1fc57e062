// tests/unit/shell/test_paste.cpp — pasted transcripts: prompts removed, expected output skipped (shell/paste.h).
#include <catch2/catch.hpp>

#include "shell/paste.h"

using namespace tsh::shell;
using Lines = std::vector<std::string>;

TEST_CASE("a prompt is >>> or ... and one space, or the bare prompt", "[paste]") {
  CHECK(strip_prompt(">>> x = 1") == "x = 1");
  CHECK(strip_prompt("...     print(i)") == "    print(i)");
  CHECK(strip_prompt(">>>") == "");
  CHECK(strip_prompt("...") == "");
  CHECK(strip_prompt(">>>  two spaces") == " two spaces");
  CHECK_FALSE(strip_prompt(">>>x"));
  CHECK_FALSE(strip_prompt("....."));
  CHECK_FALSE(strip_prompt("x = 1"));
  CHECK_FALSE(strip_prompt("tensor([1., 2.])"));
  CHECK_FALSE(strip_prompt("    >>> x"));  // indentation is the stripper's business
}

TEST_CASE("a transcript pasted from a slide runs its code and skips its output", "[paste]") {
  const char* slide =
      ">>> t = torch.arange(6).view(2, 3)\n"
      ">>> t\n"
      "tensor([[0, 1, 2],\n"
      "        [3, 4, 5]])\n"
      ">>> for row in t:\n"
      "...     print(row.sum())\n"
      "...\n"
      "tensor(3)\n"
      "tensor(12)\n"
      "\n"
      ">>> t.stride()\n"
      "(3, 1)\n";
  CHECK(strip_pasted_prompts(slide) == Lines{"t = torch.arange(6).view(2, 3)", "t", "for row in t:",
                                             "    print(row.sum())", "", "t.stride()"});
}

TEST_CASE("plain code is kept as it is, an odd prompted line stripped", "[paste]") {
  CHECK(strip_pasted_prompts("x = 1\n\nfor i in range(2):\n    ...\n") ==
        Lines{"x = 1", "", "for i in range(2):", "    ..."});
  CHECK(strip_pasted_prompts("x = 1\n>>> y = 2\nz = 3") == Lines{"x = 1", "y = 2", "z = 3"});
}

TEST_CASE("the first non-blank line decides; blank lines before it are kept", "[paste]") {
  CHECK(strip_pasted_prompts("\n>>> x\n1\n") == Lines{"", "x"});
  CHECK(strip_pasted_prompts("\nx\n1\n") == Lines{"", "x", "1"});
}

TEST_CASE("an indented transcript loses its indentation with its prompts", "[paste]") {
  const char* block =
      "    >>> for i in range(2):\n"
      "    ...     print(i)\n"
      "    ...\n"
      "    0\n"
      "    1\n"
      "    >>> ...\n";
  CHECK(strip_pasted_prompts(block) == Lines{"for i in range(2):", "    print(i)", "", "..."});
}

TEST_CASE("Windows line ends are dropped", "[paste]") {
  CHECK(strip_pasted_prompts(">>> x = 1\r\n>>> x\r\n1\r\n") == Lines{"x = 1", "x"});
}

TEST_CASE("line-by-line arrival: one stripper per paste", "[paste]") {
  PromptStripper p;
  p.start();
  CHECK(p.feed(">>> x = 2") == "x = 2");
  CHECK(p.feed("2") == std::nullopt);  // output inside the same paste
  CHECK(p.feed(">>> x") == "x");
  p.start();  // the paste ended; the user types again
  CHECK(p.feed("y = 3") == "y = 3");
  CHECK(p.feed("y") == "y");
}

TEST_CASE("IPython's In [n]: and ...: prompts are stripped, its Out[n]: output skipped", "[paste]") {
  CHECK(strip_prompt("In [12]: x = 1") == "x = 1");
  CHECK(strip_prompt("In [3]:") == "");
  CHECK(strip_prompt("   ...:     return x") == "    return x");
  CHECK(strip_prompt("In []: x") == std::nullopt);
  CHECK(strip_prompt("Out[2]: 5") == std::nullopt);
  CHECK(strip_pasted_prompts("In [1]: def f(a):\n   ...:     return a + 1\n   ...:\n\nIn [2]: f(1)\nOut[2]: 2\n") ==
        Lines{"def f(a):", "    return a + 1", "", "f(1)"});  // the blank line between cells is output
}
