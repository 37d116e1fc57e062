// shell/magics/magics_summary.cpp — %summary model [input]: a model's layer table (torch.nn's
// summary.py draws it; this file reads the arguments and prints it).
#include <string>

#include "shell/interp.h"
#include "shell/magics/magics_impl.h"

namespace tsh::shell {

namespace {

Value eval_argument(const MagicCall& call, const std::string& code, size_t offset) {
  const auto& stmts = parse_argument_code(call, code, offset);
  if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
    throw UsageError("%summary takes a model and, optionally, an input size or tensor: %summary model (64, 784)");
  return call.in.eval(*stmts[0]->value);
}

}  // namespace

void magic_summary(const MagicCall& call) {
  // The model, then optionally an input size or tensor, apart by a space or a comma.
  const std::vector<Piece> pieces = split_top(call.args(), 0, " \t,");
  if (pieces.empty()) throw UsageError("%summary needs a model: %summary model (64, 784)");
  if (pieces.size() > 2) throw UsageError("%summary takes a model and, optionally, an input size or tensor: %summary model (64, 784)");
  Args a;
  for (const Piece& p : pieces) a.push_back(eval_argument(call, p.text, p.at));
  const Value module = call.in.get_attr(call.in.get_attr(call.in.torch(), "nn"), "_summary");
  Kwargs kw;
  call.print(str(call.in.call(call.in.get_attr(module, "summary"), a, kw)));
}

}  // namespace tsh::shell
