// shell/magics/magics_summary.cpp — %summary model [input]: a model's layer table (torch.nn's
// summary.py draws it; this file reads the arguments and prints it).
#include <string>

#include "shell/interp.h"
#include "shell/magics/magics_impl.h"

namespace tsh::shell {

namespace {

// Where the model's expression ends: the first space or comma outside brackets and strings.
size_t end_of_first_expression(const std::string& text) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      --depth;
    } else if (depth == 0 && (c == ' ' || c == '\t' || c == ',')) {
      return i;
    }
  }
  return text.size();
}

Value eval_argument(const MagicCall& call, const std::string& code, size_t offset) {
  const auto& stmts = parse_argument_code(call, code, offset);
  if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
    throw UsageError("%summary takes a model and, optionally, an input size or tensor: %summary model (64, 784)");
  return call.in.eval(*stmts[0]->value);
}

}  // namespace

void magic_summary(const MagicCall& call) {
  const std::string& args = call.args();
  const size_t start = args.find_first_not_of(" \t");
  if (start == std::string::npos) throw UsageError("%summary needs a model: %summary model (64, 784)");
  const size_t end = start + end_of_first_expression(args.substr(start));
  Args a{eval_argument(call, args.substr(start, end - start), start)};
  size_t rest = args.find_first_not_of(" \t,", end);
  if (rest != std::string::npos) a.push_back(eval_argument(call, args.substr(rest), rest));
  const Value module = call.in.get_attr(call.in.get_attr(call.in.torch(), "nn"), "_summary");
  Kwargs kw;
  call.print(str(call.in.call(call.in.get_attr(module, "summary"), a, kw)));
}

}  // namespace tsh::shell
