// tests/unit/shell/test_arg_parser.cpp — PyTorch's argument-binding rules as tsh applies them.
//
// Each expectation is the text real PyTorch (2.5) prints for the same call; the
// goldens tests/golden/argument_*.txt hold many more. These name the rules.
#include <catch2/catch.hpp>

#include "shell/session.h"
#include "tests/unit/shell/session_run.h"

using namespace tsh::shell;

namespace {

// Runs lines as `tsh -i --echo` would and returns what the last one printed.
std::string last_output(const std::vector<std::string>& lines) {
  const std::string out = testing::session_output(lines, true);
  const size_t echo = out.rfind(">>> " + lines.back() + "\n");
  return out.substr(echo + 5 + lines.back().size());
}

const std::string kSetup = "t = torch.arange(6.).reshape(2, 3)";

}  // namespace

TEST_CASE("one plausible overload reports its own error, several give the listing", "[registry][args]") {
  // Tensor.transpose has one overload (PyTorch 2.15 has no named ones); torch.mm has two (out_dtype).
  CHECK(last_output({kSetup, "torch.add('a', t)"}) == "TypeError: add(): argument 'input' (position 1) must be Tensor, not str\n");
  CHECK(last_output({kSetup, "t.transpose(0)"}) == "TypeError: transpose() missing 1 required positional arguments: \"dim1\"\n");
  CHECK(last_output({kSetup, "torch.mm(t)"}) ==
        "TypeError: mm() received an invalid combination of arguments - got (Tensor), but expected one of:\n"
        " * (Tensor input, Tensor mat2, *, Tensor out = None)\n"
        " * (Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)\n\n");
}

TEST_CASE("a listing marks mismatched arguments only under overloads of the same length", "[registry][args]") {
  CHECK(last_output({kSetup, "torch.narrow(t, 0, 'a', 1)"}) ==
        "TypeError: narrow() received an invalid combination of arguments - got (Tensor, int, str, int), but expected one of:\n"
        " * (Tensor input, int dim, Tensor start, int length)\n"
        "      didn't match because some of the arguments have invalid types: (Tensor, int, !str!, int)\n"
        " * (Tensor input, int dim, int start, int length)\n"
        "      didn't match because some of the arguments have invalid types: (Tensor, int, !str!, int)\n\n");
}

TEST_CASE("keywords are listed in the order of PyTorch's hash map, not the call's", "[registry][args]") {
  CHECK(last_output({kSetup, "torch.mm(t, t, foo=1)"}) ==
        "TypeError: mm() received an invalid combination of arguments - got (Tensor, Tensor, foo=int), but expected one of:\n"
        " * (Tensor input, Tensor mat2, *, Tensor out = None)\n"
        " * (Tensor input, Tensor mat2, torch.dtype out_dtype, *, Tensor out = None)\n\n");
  CHECK(last_output({kSetup, "torch.sum(t, dim='a', keepdim=1)"}) ==
        "TypeError: sum(): argument 'dim' must be tuple of ints, not str\n");
}

TEST_CASE("messages are whole, however long (PyTorch 1.x cut them at 1023 bytes; 2.x does not)", "[registry][args]") {
  std::string call = "torch.linspace(...";
  for (int i = 1; i < 40; ++i) call += ", ...";
  call += ")";
  const std::string out = last_output({call});
  CHECK(out.size() > std::string("TypeError: ").size() + 1023 + 1);
  CHECK(out.substr(out.size() - 29) == "bool requires_grad = False)\n\n");
}

TEST_CASE("NumPy's names bind as aliases: axis, keepdims, x/a/x1, x2", "[registry][args]") {
  CHECK(last_output({kSetup, "torch.sum(t, axis=1, keepdims=True).shape"}) == "torch.Size([2, 1])\n");
  CHECK(last_output({kSetup, "torch.add(x1=t, x2=t)[1, 2].item()"}) == "10.0\n");
  CHECK(last_output({kSetup, "torch.mean(a=t).item()"}) == "2.5\n");
  CHECK(last_output({kSetup, "torch.sub(t, x2=t, other=t)"}) == "TypeError: sub() got an unexpected keyword argument 'x2'\n");
}

TEST_CASE("methods without parameters reject arguments as C methods do", "[registry][args]") {
  CHECK(last_output({kSetup, "t.abs(1)"}) == "TypeError: TensorBase.abs() takes no arguments (1 given)\n");
  CHECK(last_output({kSetup, "t.abs(foo=1)"}) == "TypeError: TensorBase.abs() takes no keyword arguments\n");
  CHECK(last_output({kSetup, "t.clone(1)"}) == "TypeError: clone() takes 0 positional arguments but 1 was given\n");
}

TEST_CASE("PyTorch's Python-level ops bind with Python's rules", "[registry][args]") {
  CHECK(last_output({kSetup, "t.split()"}) ==
        "TypeError: Tensor.split() missing 1 required positional argument: 'split_size'\n");
  CHECK(last_output({kSetup, "torch.unique(t, 'a', 'b', 'c', 'd', 'e')"}) ==
        "TypeError: _return_inverse_and_counts() takes from 1 to 5 positional arguments but 6 were given\n");
}

TEST_CASE("a dim given as a name is a TypeError: PyTorch 2.15 has no named tensors", "[registry][args]") {
  CHECK(last_output({kSetup, "torch.sum(t, 'x')"}) ==
        "TypeError: sum() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n"
        " * (Tensor input, *, torch.dtype dtype = None)\n"
        " * (Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)\n\n");
  CHECK(last_output({kSetup, "torch.transpose(t, 'a', 'b')"}) ==
        "TypeError: transpose(): argument 'dim0' (position 2) must be int, not str\n");
  CHECK(last_output({kSetup, "torch.sort(t, 'a')"}) ==
        "TypeError: sort() received an invalid combination of arguments - got (Tensor, str), but expected one of:\n"
        " * (Tensor input, *, bool stable, int dim = -1, bool descending = False, tuple of Tensors out = None)\n"
        " * (Tensor input, int dim = -1, bool descending = False, *, tuple of Tensors out = None)\n\n");
}
