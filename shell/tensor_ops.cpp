// shell/tensor_ops.cpp — Python operators with a tensor operand.
//
// Elementwise arithmetic, comparisons and logic are the tensor-math issue's
// work; until they land these raise a clear NotImplementedError naming the
// operator, so a session survives and says what is missing.
#include "grammar/ast.h"
#include "shell/errors.h"
#include "shell/pyops.h"

namespace tsh::shell {

namespace {
[[noreturn]] void not_yet(const std::string& what) {
  throw NotImplementedError("tensor operator " + what + " is not implemented yet in tsh");
}
}  // namespace

Value tensor_binary(Interpreter&, grammar::Op op, const Value&, const Value&, bool inplace) {
  not_yet(std::string(grammar::op_symbol(op)) + (inplace ? "=" : ""));
}

Value tensor_unary(Interpreter&, grammar::Op op, const Value&) {
  not_yet(std::string("unary ") + grammar::op_symbol(op));
}

Value tensor_compare(Interpreter&, grammar::Op op, const Value&, const Value&) {
  not_yet(grammar::op_symbol(op));
}

Value tensor_any(const Value&) { not_yet("in"); }

}  // namespace tsh::shell
