// grammar/parse_magic.cpp — IPython's escapes, which tsh sessions and scripts
// accept beside Python: `%name args` (a line magic) and the help requests
// `x?`, `x??`, `?x`. None of them is valid Python, so reading them changes no
// Python program and no Python error; everything else about a line that is
// not one of these forms is left to the normal statement parser.
#include "grammar/parser_impl.h"

namespace tsh::grammar {

namespace {

bool is_question(const Token& t) { return t.kind == TokenKind::Unknown && t.text == "?"; }

// The help target IPython accepts: a name followed by `.name` and `[int]`
// parts (its regex allows literal integers only, so asking for help never
// runs a call or an arbitrary index). Null when [first, last) is not one.
ExprPtr help_target(const std::vector<Token>& toks, size_t first, size_t last) {
  if (first >= last || toks[first].kind != TokenKind::Name) return nullptr;
  ExprPtr e = make_expr(ExprKind::Name, toks[first].span);
  e->text = std::string(toks[first].text);
  size_t i = first + 1;
  while (i < last) {
    const Token& t = toks[i];
    if (t.kind == TokenKind::Dot && i + 1 < last && toks[i + 1].kind == TokenKind::Name) {
      ExprPtr a = make_expr(ExprKind::Attribute, join(e->span, toks[i + 1].span));
      a->text = std::string(toks[i + 1].text);
      a->items.push_back(std::move(e));
      e = std::move(a);
      i += 2;
      continue;
    }
    if (t.kind != TokenKind::LBracket) return nullptr;
    size_t j = i + 1;
    const bool negative = j < last && toks[j].kind == TokenKind::Minus;
    if (negative) ++j;
    if (j + 1 >= last || toks[j].kind != TokenKind::Number || toks[j].number_kind != ExprKind::Int ||
        toks[j + 1].kind != TokenKind::RBracket)
      return nullptr;
    ExprPtr index = make_expr(ExprKind::Int, toks[j].span);
    index->int_value = toks[j].int_value;
    index->int_overflow = toks[j].int_overflow;
    if (toks[j].int_overflow) index->text = std::string(toks[j].text);
    if (negative) {
      ExprPtr neg = make_expr(ExprKind::Unary, join(toks[i + 1].span, toks[j].span));
      neg->op = Op::Neg;
      neg->items.push_back(std::move(index));
      index = std::move(neg);
    }
    ExprPtr sub = make_expr(ExprKind::Subscript, join(e->span, toks[j + 1].span));
    sub->items.push_back(std::move(e));
    sub->items.push_back(std::move(index));
    e = std::move(sub);
    i = j + 2;
  }
  return e;
}

}  // namespace

// `%name args`: the name runs to the first blank, the arguments are the rest
// of the line as written (continuation backslashes joined with a space).
StmtPtr Parser::magic_statement(const Token& tok) {
  std::string raw;
  for (size_t i = 1; i < tok.text.size(); ++i) {
    if (tok.text[i] == '\\' && i + 1 < tok.text.size() && tok.text[i + 1] == '\n') {
      raw += ' ';
      ++i;
    } else {
      raw += tok.text[i];
    }
  }
  auto s = make_stmt(StmtKind::Magic, tok.span);
  size_t name_end = raw.find_first_of(" \t");
  if (name_end == std::string::npos) name_end = raw.size();
  s->name = raw.substr(0, name_end);
  size_t args = raw.find_first_not_of(" \t\f", name_end);
  if (args == std::string::npos) args = raw.size();
  size_t args_end = raw.find_last_not_of(" \t\f\r");
  args_end = args_end == std::string::npos || args_end < args ? args : args_end + 1;
  s->text = raw.substr(args, args_end - args);
  const int col = tok.span.col + 1 + static_cast<int>(args);
  s->text_span = Span{tok.span.line, col, tok.span.line, col + static_cast<int>(s->text.size())};
  return s;
}

// `x?`, `x??` at the end of a statement's line, or `?x`, `??x` at its start.
// A trailing `?` after anything but a help target is left to the statement
// parser, which reports Python's "invalid syntax" there; after a leading `?`
// any text is the target, and one that names nothing is reported when it runs
// ("Object `...` not found."), as IPython does.
bool Parser::help_statement(std::vector<StmtPtr>& out) {
  size_t end = pos_;  // the logical line's NEWLINE
  while (end < toks_.size() && toks_[end].kind != TokenKind::Newline) {
    if (toks_[end].kind == TokenKind::Error || toks_[end].kind == TokenKind::EndMarker) return false;
    ++end;
  }
  if (end >= toks_.size()) return false;
  size_t first = pos_, last = end;
  int leading = 0, trailing = 0;
  while (first < last && is_question(toks_[first])) ++first, ++leading;
  while (last > first && is_question(toks_[last - 1])) --last, ++trailing;
  const int level = std::max(leading, trailing);
  if (level == 0 || level > 2) return false;
  ExprPtr target = help_target(toks_, first, last);
  if (!leading && !target) return false;

  auto s = make_stmt(StmtKind::Help, join(toks_[pos_].span, toks_[end - 1].span));
  s->level = level;
  if (first < last) {
    const char* b = toks_[first].text.data();
    const char* e = toks_[last - 1].text.data() + toks_[last - 1].text.size();
    s->text.assign(b, static_cast<size_t>(e - b));
    s->text_span = join(toks_[first].span, toks_[last - 1].span);
  } else {
    s->text_span = toks_[end - 1].span;
  }
  s->value = std::move(target);
  pos_ = end;
  expect(TokenKind::Newline);
  out.push_back(std::move(s));
  return true;
}

}  // namespace tsh::grammar
