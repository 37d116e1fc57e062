// tests/unit/shell/test_shell.cpp — the op registry's binding rules and the session's statement grouping.
#include <catch2/catch.hpp>

#include "shell/session.h"
#include "shell/torch/registry.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh::shell;

namespace {

// Runs lines as `tsh -i --echo` would and returns everything printed (stderr merged).
std::string transcript(const std::vector<std::string>& lines) {
  return testing::session_output(lines, true);
}

std::string script(const std::string& source, int* status = nullptr) {
  return testing::script_output(source, status);
}

}  // namespace

TEST_CASE("schemas parse into typed parameters", "[registry]") {
  Signature s = parse_signature(
      "zeros(int[] size, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False) -> Tensor");
  CHECK(s.name == "zeros");
  REQUIRE(s.params.size() == 4);
  CHECK(s.params[0].type == ParamType::IntList);
  CHECK_FALSE(s.params[0].kwarg_only);
  CHECK(s.params[1].type == ParamType::DType);
  CHECK(s.params[1].optional);
  CHECK(s.params[1].kwarg_only);
  CHECK(s.params[3].has_default);
  CHECK(s.params[3].default_value.is(Kind::Bool));
  Signature m = parse_signature("movedim(Tensor self, int[1] source, int[1] destination) -> Tensor");
  CHECK(m.has_self());
  CHECK(m.params[1].list_size == 1);
}

TEST_CASE("a leading int[] takes varargs only when it is the sole positional parameter", "[registry]") {
  CHECK(transcript({"torch.zeros(2, 3).shape", "torch.zeros((2, 3)).shape", "torch.zeros([2, 3]).shape"}) ==
        ">>> torch.zeros(2, 3).shape\ntorch.Size([2, 3])\n"
        ">>> torch.zeros((2, 3)).shape\ntorch.Size([2, 3])\n"
        ">>> torch.zeros([2, 3]).shape\ntorch.Size([2, 3])\n");
  CHECK(transcript({"torch.zeros(2, 3, 4).movedim(0, -1).shape"}) ==
        ">>> torch.zeros(2, 3, 4).movedim(0, -1).shape\ntorch.Size([3, 4, 2])\n");
}

TEST_CASE("binding errors use PyTorch's TypeError texts", "[registry]") {
  CHECK(transcript({"torch.zeros(2).view('a')"}) ==
        ">>> torch.zeros(2).view('a')\n"
        "TypeError: view() received an invalid combination of arguments - got (str), but expected one of:\n"
        " * (torch.dtype dtype)\n"
        "      didn't match because some of the arguments have invalid types: (!str!)\n"
        " * (tuple of ints size)\n"
        "      didn't match because some of the arguments have invalid types: (!str!)\n\n");
  CHECK(transcript({"torch.mm(torch.ones(2, 2), torch.ones(2, 2), foo=1)"}) ==
        ">>> torch.mm(torch.ones(2, 2), torch.ones(2, 2), foo=1)\n"
        "TypeError: mm() received an invalid combination of arguments - got (Tensor, Tensor, foo=int), but expected one of:\n"
        " * (Tensor input, Tensor mat2, *, Tensor out = None)\n"
        " * (Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)\n\n");
  CHECK(transcript({"torch.zeros(2).unsqueeze()"}) ==
        ">>> torch.zeros(2).unsqueeze()\n"
        "TypeError: unsqueeze() missing 1 required positional arguments: \"dim\"\n");
  CHECK(transcript({"torch.ones(2, 3).expand(2, 'a')"}) ==
        ">>> torch.ones(2, 3).expand(2, 'a')\n"
        "TypeError: expand(): argument 'size' failed to unpack the object at pos 2 with error \"type must be "
        "tuple of ints,but got str\"\n");
}

TEST_CASE("keyword arguments and defaults bind by name", "[registry]") {
  CHECK(transcript({"torch.arange(6).view(2, 3).transpose(dim1=0, dim0=1).stride()"}) ==
        ">>> torch.arange(6).view(2, 3).transpose(dim1=0, dim0=1).stride()\n(1, 3)\n");
  CHECK(transcript({"torch.zeros(2, dtype=torch.int32).dtype"}) ==
        ">>> torch.zeros(2, dtype=torch.int32).dtype\ntorch.int32\n");
}

TEST_CASE("sessions group continuation lines and blocks as Python's REPL does", "[session]") {
  CHECK(transcript({"[1, 2,", " 3]"}) == ">>> [1, 2,\n...  3]\n[1, 2, 3]\n");
  CHECK(transcript({"for i in range(2):", "    print(i)", "", "i"}) ==
        ">>> for i in range(2):\n...     print(i)\n...\n0\n1\n>>> i\n1\n");
  // A block also ends at the next unindented line, which then starts a new statement.
  CHECK(transcript({"if True:", "    x = 5", "x"}) == ">>> if True:\n...     x = 5\n>>> x\n5\n");
  CHECK(transcript({"if False:", "    x = 1", "else:", "    x = 2", "", "x"}) ==
        ">>> if False:\n...     x = 1\n... else:\n...     x = 2\n...\n>>> x\n2\n");
  CHECK(transcript({"", "1"}) == ">>>\n>>> 1\n1\n");
}

TEST_CASE("an error ends only its statement, and the session goes on", "[session]") {
  CHECK(transcript({"x = 1; y = 1 / 0; x = 2", "x"}) ==
        ">>> x = 1; y = 1 / 0; x = 2\nZeroDivisionError: division by zero\n>>> x\n1\n");
  CHECK(transcript({"t = rand(2,3))"}) ==
        ">>> t = rand(2,3))\n"
        "  File \"<stdin>\", line 1\n"
        "    t = rand(2,3))\n"
        "                 ^\n"
        "SyntaxError: unmatched ')'\n");
}

TEST_CASE("scripts stop at the first error with a traceback and carets", "[session]") {
  int status = 0;
  std::string out = script("x = torch.ones(2, 3)\ndef f(a):\n    return a.t().view(-1)\n\ny = f(x)\nprint('no')\n", &status);
  CHECK(status == 1);
  CHECK(out ==
        "Traceback (most recent call last):\n"
        "  File \"lesson.tsh\", line 5, in <module>\n"
        "    y = f(x)\n"
        "        ^^^^\n"
        "  File \"lesson.tsh\", line 3, in f\n"
        "    return a.t().view(-1)\n"
        "           ^^^^^^^^^^^^^^\n"
        "RuntimeError: view size is not compatible with input tensor's size and stride (at least one "
        "dimension spans across two contiguous subspaces). Use .reshape(...) instead.\n");
  CHECK(script("print(1)\nprint(2)\n", &status) == "1\n2\n");
  CHECK(status == 0);
}

TEST_CASE("names resolve locally, then globally, then in torch; misspellings get a suggestion", "[session]") {
  CHECK(transcript({"zeros(2).shape"}) == ">>> zeros(2).shape\ntorch.Size([2])\n");
  CHECK(transcript({"count = 3", "coutn"}) ==
        ">>> count = 3\n>>> coutn\nNameError: name 'coutn' is not defined. Did you mean: 'count'?\n");
  CHECK(transcript({"def f(n=2):", "    return n * 21", "", "f(), f(1)"}) ==
        ">>> def f(n=2):\n...     return n * 21\n...\n>>> f(), f(1)\n(42, 21)\n");
}

TEST_CASE("deep recursion raises RecursionError instead of crashing", "[session]") {
  CHECK(transcript({"def f(n):", "    return f(n + 1)", "", "f(0)", "1 + 1"}) ==
        ">>> def f(n):\n...     return f(n + 1)\n...\n>>> f(0)\n"
        "RecursionError: maximum recursion depth exceeded\n>>> 1 + 1\n2\n");
}

// (No brackets in a test's name: ctest's discovery reads them as Catch tags, and the test, with
// the ones after it, then silently matched nothing.)
TEST_CASE("Python ints are exact far beyond 64 bits, never wrap", "[session]") {
  CHECK(transcript({"2**64 - 1", "-2**63", "2**64", "2**200", "-(2**200) // 3"}) ==
        ">>> 2**64 - 1\n18446744073709551615\n>>> -2**63\n-9223372036854775808\n>>> 2**64\n"
        "18446744073709551616\n>>> 2**200\n"
        "1606938044258990275541962092341162602522202993782792835301376\n"
        ">>> -(2**200) // 3\n-535646014752996758513987364113720867507400997927597611767126\n");
}
