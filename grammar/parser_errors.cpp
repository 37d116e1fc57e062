// grammar/parser_errors.cpp — the parser's error side: CPython 3.11's
// messages for invalid assignment targets, missing commas and friends (its
// "invalid_*" grammar rules), where their carets go, which error wins when
// several apply, and the compile-time errors CPython raises before running.
#include <algorithm>
#include <unordered_set>

#include "grammar/parser_impl.h"

namespace tsh::grammar {

// ---------------------------------------------------------------- helpers

Span join(Span a, Span b) { return Span{a.line, a.col, b.end_line, b.end_col}; }

ExprPtr make_expr(ExprKind kind, Span span) {
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->span = span;
  return e;
}

StmtPtr make_stmt(StmtKind kind, Span span) {
  auto s = std::make_unique<Stmt>();
  s->kind = kind;
  s->span = span;
  return s;
}

const char* expr_name(const Expr& e) {
  if (e.kind == ExprKind::Ellipsis && !e.text.empty()) return e.text.c_str();  // a placeholder
  switch (e.kind) {
    case ExprKind::Attribute: return "attribute";
    case ExprKind::Subscript: return "subscript";
    case ExprKind::Starred: return "starred";
    case ExprKind::Name: return "name";
    case ExprKind::List: return "list";
    case ExprKind::Tuple: return "tuple";
    case ExprKind::Lambda: return "lambda";
    case ExprKind::Call: return "function call";
    case ExprKind::ListComp: return e.generator ? "generator expression" : "list comprehension";
    case ExprKind::Int: case ExprKind::Float: case ExprKind::Imag: case ExprKind::Str:
      return "literal";
    case ExprKind::True: return "True";
    case ExprKind::False: return "False";
    case ExprKind::None: return "None";
    case ExprKind::Ellipsis: return "ellipsis";
    case ExprKind::Compare: return "comparison";
    case ExprKind::IfExp: return "conditional expression";
    case ExprKind::Dict: return "dict literal";
    case ExprKind::DictComp: return "dict comprehension";
    case ExprKind::FString: case ExprKind::FormattedValue: return "f-string expression";
    case ExprKind::NamedExpr: return "named expression";
    case ExprKind::Set: return "set display";
    case ExprKind::SetComp: return "set comprehension";
    default: return "expression";  // Unary, Binary, And, Or, Slice
  }
}

DepthGuard::DepthGuard(Parser& parser, int n) : p(parser), added(0) { add(n); }

void DepthGuard::add(int n) {
  p.depth_ += n;
  added += n;
  if (p.depth_ > kMaxDepth) {
    // Python fails the same way (a RecursionError, no caret); tsh stops
    // before the stack of the parser, the tree's destructor or the
    // evaluator could overflow.
    const Token& t = p.toks_[p.pos_];
    Failure f{Failure::Kind::Specific, ParseError{}, false};
    f.error.type = "RecursionError";
    f.error.message = "maximum recursion depth exceeded during compilation";
    f.error.span = Span{t.span.line, -1, t.span.line, 0};
    throw f;
  }
}

bool valid_target(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript:
      return true;
    case ExprKind::Starred:  // `a, *b = x`
      return valid_target(*e.items[0]);
    case ExprKind::Tuple: case ExprKind::List:
      for (const auto& item : e.items)
        if (!valid_target(*item)) return false;
      return true;
    default:
      return false;
  }
}

namespace {

enum class Targets { Star, Del, For };

// CPython's _PyPegen_get_invalid_target: the sub-expression to blame.
const Expr* invalid_target(const Expr& e, Targets mode) {
  switch (e.kind) {
    case ExprKind::Tuple: case ExprKind::List:
      for (const auto& item : e.items)
        if (const Expr* bad = invalid_target(*item, mode)) return bad;
      return nullptr;
    case ExprKind::Starred:
      return mode == Targets::Del ? &e : invalid_target(*e.items[0], mode);
    case ExprKind::Compare:
      // `for a in b` reads as a comparison to CPython: blame its left side.
      if (mode == Targets::For)
        return e.ops[0] == Op::In ? invalid_target(*e.items[0], mode) : nullptr;
      return &e;
    case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript:
      return nullptr;
    default:
      return &e;
  }
}

// Whether CPython's `bitwise_or` rule reads all of `e`.
bool bitwise_or_level(const Expr& e) {
  if (e.parenthesized) return true;
  switch (e.kind) {
    case ExprKind::Compare: case ExprKind::And: case ExprKind::Or:
    case ExprKind::IfExp: case ExprKind::Lambda: case ExprKind::Starred:
      return false;
    case ExprKind::Unary:
      return e.op != Op::Not;
    default:
      return true;
  }
}

}  // namespace

// ---------------------------------------------------------------- raising

Span Parser::error_span(const Token& t) const {
  const Span eof{lex_.eof.line, lex_.eof.col, lex_.eof.line, lex_.eof.col + 1};
  if (t.kind == TokenKind::EndMarker) return eof;
  if (t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent) {
    // DEDENTs at the end of input stand where the input ends.
    size_t i = static_cast<size_t>(&t - toks_.data());
    while (i < toks_.size() && toks_[i].kind == TokenKind::Dedent) ++i;
    if (i < toks_.size() && toks_[i].kind == TokenKind::EndMarker) return eof;
    // CPython reports the width of the indentation as the 1-based offset,
    // which puts the caret on the last indenting character (or nowhere).
    return Span{t.span.line, t.span.col - 1, t.span.line, t.span.col};
  }
  Span s = t.span;
  // A magic line is no Python: CPython stops at its `%` alone.
  if (t.kind == TokenKind::Magic) s.end_line = s.line, s.end_col = s.col + 1;
  if (s.end_line == s.line && s.end_col <= s.col) s.end_col = s.col + 1;
  return s;
}

void Parser::fail_generic() {
  const Token& t = toks_[farthest_];
  Failure f{Failure::Kind::Generic, ParseError{}, true};
  f.error.span = error_span(t);
  if (t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent) {
    f.error.type = "IndentationError";
    f.error.message = t.kind == TokenKind::Indent ? "unexpected indent" : "unexpected unindent";
    f.may_be_replaced = false;
  } else {
    f.error.type = "SyntaxError";
    f.error.message = "invalid syntax";
    // CPython's end marker has no column: no caret.
    if (t.kind == TokenKind::EndMarker) f.error.span = Span{lex_.eof.line, -1, lex_.eof.line, 0};
  }
  throw f;
}

void Parser::fail(const std::string& message, Span span, const char* type) {
  if (no_invalid_) fail_generic();  // an invalid_* rule that is switched off
  Failure f{Failure::Kind::Specific, ParseError{}, true};
  f.error.type = type;
  f.error.message = message;
  f.error.span = span;
  if (span.end_line == span.line && span.end_col <= span.col) f.error.span.end_col = span.col + 1;
  // CPython measures the end of a range that spans lines against the first
  // line, and so cuts it at that line's end.
  if (span.end_line > span.line) f.error.span.end_col = std::min(span.end_col, line_length(span.line));
  throw f;
}

int Parser::line_length(int line) const {
  const std::string& text = *lex_.text;
  size_t start = 0;
  for (int l = 1; l < line && start < text.size(); ++l) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return 0;
    start = nl + 1;
  }
  const size_t nl = text.find('\n', start);
  return static_cast<int>((nl == std::string::npos ? text.size() : nl) - start);
}

void Parser::fail_range(const std::string& message, Span from, Span to) {
  fail(message, join(from, to));
}

void Parser::fail_at_token(const std::string& message, const Token& t, const char* type,
                           bool incomplete) {
  if (no_invalid_) fail_generic();
  Failure f{Failure::Kind::Specific, ParseError{}, true};
  f.error.type = type;
  f.error.message = message;
  f.error.span = error_span(t);
  f.error.incomplete = incomplete;
  throw f;
}

void Parser::error_at_token(const std::string& message, const Token& t) {
  Failure f{Failure::Kind::Specific, ParseError{}, true};
  f.error.type = "SyntaxError";
  f.error.message = message;
  f.error.span = error_span(t);
  throw f;
}

// CPython, having found a parse error, tokenizes the rest of the source: a
// tokenizer error there (an unterminated string, an unmatched bracket ...)
// is reported instead, and so is a bracket left open on a line before the
// error (_PyPegen_tokenize_full_source_to_check_for_errors).
ParseError Parser::resolve(const Failure& f) const {
  if (f.kind == Failure::Kind::Lexical || !f.may_be_replaced || !lex_.error || interactive_)
    return f.error;
  // A replacement is about text after the error: it does not make the
  // input incomplete.
  const LexError& le = *lex_.error;
  if (le.kind == LexError::Kind::Raised) return ParseError{le.type, le.message, le.span, false};
  // The line of the last token CPython had read decides.
  if (le.open_bracket && le.bracket_span.line < toks_[farthest_any_].span.line)
    return ParseError{"SyntaxError", std::string("'") + le.open_bracket + "' was never closed",
                      le.bracket_span, false};
  return f.error;
}

bool Parser::failed_at_end() const {
  size_t i = farthest_;
  while (i < toks_.size() && toks_[i].kind == TokenKind::Dedent) ++i;
  return i < toks_.size() && toks_[i].kind == TokenKind::EndMarker;
}

std::optional<ParseError> Parser::compile_error() const {
  return symtable_error_ ? symtable_error_ : compiler_error_;
}

void Parser::note_compile_error(std::optional<ParseError>& slot, const std::string& message,
                                Span span) {
  if (speculating_ || slot) return;
  slot = ParseError{"SyntaxError", message, span, false};
  slot->compiler = true;
}

// ---------------------------------------------------------------- checks

// CPython's invalid_expression and invalid_legacy_expression: an expression
// followed by the start of another one. Inside brackets that is a missing
// comma; after `print` or `exec` it is Python 2's statement.
void Parser::check_comma(const Expr& e, size_t start) {
  if (no_invalid_) return;
  const Token& next = peek();
  if (!starts_expression(next.kind)) return;
  if (e.kind == ExprKind::Name && !e.parenthesized && (e.text == "print" || e.text == "exec"))
    return;  // check_legacy's case
  if (!e.parenthesized && (e.kind == ExprKind::IfExp || e.kind == ExprKind::Lambda)) return;
  // CPython skips `f"..."`-like NAME STRING pairs and soft keywords -- and,
  // by a quirk of 3.11, every name that is a prefix of one ("c", "ma").
  const Token& first = toks_[start];
  if (first.kind == TokenKind::Name) {
    if (toks_[start + 1].kind == TokenKind::String) return;
    for (std::string_view soft : {"_", "case", "match"})
      if (soft.substr(0, first.text.size()) == first.text) return;
  }
  // The second expression is read with every invalid_* rule off, as
  // CPython's expression_without_invalid does.
  ExprPtr b;
  size_t end = 0;
  bool ok;
  {
    InvalidOff off(*this, true);
    ok = speculate([&] {
      b = parse_precedence(Prec::Lambda);
      end = pos_;
    });
  }
  if (!ok) return;
  if (toks_[end - 1].level == 0) return;  // only inside brackets
  fail_range("invalid syntax. Perhaps you forgot a comma?", e.span, b->span);
}

// CPython's invalid_legacy_expression: where an expression starts with a
// name not followed by `(`, CPython (second pass) reads the tokens after the
// name as an expression list; for `print` and `exec` that this succeeds is
// Python 2's statement. The reading runs the other invalid_* rules, so it
// may report a missing comma after the name (`[a if b else c f d in e]`).
// This runs in valid statements before the error too, as in CPython.
void Parser::check_legacy(const Expr& e, size_t start) {
  if (no_invalid_) return;
  const Token& t = toks_[start];
  if (t.kind != TokenKind::Name) return;
  const TokenKind next = toks_[start + 1].kind;
  if (next == TokenKind::LParen || !(starts_expression(next) || next == TokenKind::Star)) return;
  const bool legacy = t.text == "print" || t.text == "exec";
  // After a lone name the tokens were not read yet. After `print - x` they
  // were: re-reading them matters only for print and exec, and not inside
  // another re-read of the same tokens.
  const bool alone = pos_ == start + 1;
  if (!alone && (!legacy || start < legacy_covered_)) return;
  const size_t saved = legacy_covered_;
  legacy_covered_ = std::max(legacy_covered_, pos_);
  ExprPtr b;
  bool ok;
  try {
    ok = speculate([&] {
      pos_ = start + 1;
      b = star_expressions();
    });
  } catch (...) {
    legacy_covered_ = saved;
    throw;
  }
  legacy_covered_ = saved;
  if (ok && legacy)
    fail_range("Missing parentheses in call to '" + std::string(t.text) + "'. Did you mean " +
                   std::string(t.text) + "(...)?",
               e.kind == ExprKind::Name ? e.span : t.span, b->span);
}

// CPython's invalid_named_expression: `e = b` where an expression is
// expected (`if x = 1:`, `f(a, b + 1 = 2)`). The parser stands at the `=`.
void Parser::check_named_assign(const Expr& e) {
  if (no_invalid_ || !bitwise_or_level(e)) return;
  const bool is_name = e.kind == ExprKind::Name && !e.parenthesized;
  // CPython's lookahead refuses these before it reads past the `=`.
  const bool excluded = e.kind == ExprKind::List ||
                        (e.kind == ExprKind::Tuple && e.parenthesized) ||
                        (e.kind == ExprKind::ListComp && e.generator) ||
                        e.kind == ExprKind::True || e.kind == ExprKind::False ||
                        e.kind == ExprKind::None;
  if (excluded) return;
  ExprPtr b;
  const bool ok = speculate([&] {
    advance();
    b = bitwise_or();
    const TokenKind k = peek().kind;
    if (k == TokenKind::Equal || k == TokenKind::ColonEqual) fail_generic();
  });
  if (!ok) return;
  if (is_name)
    fail_range("invalid syntax. Maybe you meant '==' or ':=' instead of '='?", e.span, b->span);
  fail(std::string("cannot assign to ") + expr_name(e) +
           " here. Maybe you meant '==' instead of '='?",
       e.span);
}

// CPython's invalid_assignment, second alternative, run when a statement
// that starts at `start` fails: it reads the statement again as a list of
// named expressions, `e0, e1, ... e2, e3 ...` (its `star_named_expressions*`
// also takes lists that follow one another without a comma), so that an
// element followed by `= value` is reported: `f() = 1` says "cannot assign
// to function call here. Maybe you meant '==' instead of '='?".
void Parser::scan_named_elements(size_t start) {
  if (no_invalid_) return;
  const size_t saved = pos_;
  speculate([&] {
    pos_ = start;
    star_named_expression();
    if (!match(TokenKind::Comma)) fail_generic();
    auto more = [this] { return starts_expression(peek().kind) || check(TokenKind::Star); };
    while (more()) {
      star_named_expression();
      while (match(TokenKind::Comma))
        if (!more()) break;
        else star_named_expression();
    }
  });
  pos_ = saved;
}

// At the `=` after the last of `chain`, which must be a target.
void Parser::check_assign_target(std::vector<ExprPtr>& chain, size_t start) {
  const Expr& t = *chain.back();
  if (valid_target(t)) return;
  scan_named_elements(start);
  // CPython's next alternative blames the invalid part of the target.
  const Expr* bad = invalid_target(t, Targets::Star);
  if (!bad) fail_generic();
  fail(std::string("cannot assign to ") + expr_name(*bad), bad->span);
}

// At the augmented operator after `e`.
void Parser::check_aug_target(const Expr& e) {
  if (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute || e.kind == ExprKind::Subscript)
    return;
  if (no_invalid_) fail_generic();
  // CPython's rule needs the right side to parse before it complains.
  if (!speculate([&] {
        advance();
        star_expressions();
      }))
    fail_generic();
  fail(std::string("'") + expr_name(e) + "' is an illegal expression for augmented assignment",
       e.span);
}

void Parser::check_del_target(const Expr& e) {
  if (valid_target(e)) return;
  const Expr* bad = invalid_target(e, Targets::Del);
  if (!bad) fail_generic();
  fail(std::string("cannot delete ") + expr_name(*bad), bad->span);
}

void Parser::check_for_target(const Expr& e) {
  if (valid_target(e)) return;
  const Expr* bad = invalid_target(e, Targets::For);
  if (!bad) fail_generic();
  fail(std::string("cannot assign to ") + expr_name(*bad), bad->span);
}

// CPython's symbol table refuses a repeated parameter name.
// It visits them by kind, *args and **kwargs last: `def f(*a, a)` blames `*a`.
void Parser::check_parameters(const std::vector<Param>& params) {
  std::unordered_set<std::string_view> seen;
  for (ParamKind kind : {ParamKind::PositionalOnly, ParamKind::Normal, ParamKind::KeywordOnly,
                         ParamKind::VarArgs, ParamKind::VarKeywords})
    for (const Param& p : params)
      if (p.kind == kind && !seen.insert(p.name).second) {
        note_compile_error(symtable_error_,
                           "duplicate argument '" + p.name + "' in function definition", p.span);
        return;
      }
}

// CPython's compiler refuses a repeated keyword argument.
void Parser::check_keywords(const Expr& call) {
  std::unordered_set<std::string_view> seen;
  for (const Keyword& kw : call.keywords)
    if (!kw.name.empty() && !seen.insert(kw.name).second) {  // `**m` has no name
      note_compile_error(compiler_error_, "keyword argument repeated: " + kw.name, kw.span);
      return;
    }
}

}  // namespace tsh::grammar
