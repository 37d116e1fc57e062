// grammar/parser_errors.cpp — the parser's error side: CPython 3.11's
// messages for invalid assignment targets, missing commas and friends (its
// "invalid_*" grammar rules), where their carets go, which error wins when
// several apply, and the compile-time errors CPython raises before running.
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

namespace {

enum class Targets { Star, Del, For };

// Name, attribute, subscript, or a tuple or list of targets.
bool valid_target(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Name: case ExprKind::Attribute: case ExprKind::Subscript:
      return true;
    case ExprKind::Tuple: case ExprKind::List:
      for (const auto& item : e.items)
        if (!valid_target(*item)) return false;
      return true;
    default:
      return false;
  }
}

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
  }
  throw f;
}

void Parser::fail(const std::string& message, Span span, const char* type) {
  Failure f{Failure::Kind::Specific, ParseError{}, true};
  f.error.type = type;
  f.error.message = message;
  f.error.span = span;
  if (f.error.span.end_line == f.error.span.line && f.error.span.end_col <= f.error.span.col)
    f.error.span.end_col = f.error.span.col + 1;
  throw f;
}

void Parser::fail_range(const std::string& message, Span from, Span to) {
  fail(message, join(from, to));
}

void Parser::fail_at_token(const std::string& message, const Token& t, const char* type,
                           bool incomplete) {
  Failure f{Failure::Kind::Specific, ParseError{}, true};
  f.error.type = type;
  f.error.message = message;
  f.error.span = error_span(t);
  f.error.incomplete = incomplete;
  throw f;
}

void Parser::unsupported(const std::string& what, Span span) {
  Failure f{Failure::Kind::Specific, ParseError{}, false};
  f.error.type = "SyntaxError";
  f.error.message = what + " not supported by tsh";
  f.error.span = span;
  if (span.end_line == span.line && span.end_col <= span.col) f.error.span.end_col = span.col + 1;
  throw f;
}

// CPython, having found a parse error, tokenizes the rest of the source: a
// tokenizer error there (an unterminated string, an unmatched bracket ...)
// is reported instead, and so is a bracket left open on a line before the
// error (_PyPegen_tokenize_full_source_to_check_for_errors).
ParseError Parser::resolve(const Failure& f) const {
  if (f.kind == Failure::Kind::Lexical || !f.may_be_replaced || !lex_.error) return f.error;
  const LexError& le = *lex_.error;
  ParseError replaced{le.type, le.message, le.span, le.incomplete};
  switch (le.kind) {
    case LexError::Kind::Raised:
      return replaced;
    case LexError::Kind::UnclosedAtEof:
      if (le.span.line < toks_[farthest_any_].span.line) return replaced;
      return f.error;
    case LexError::Kind::Other:
      return f.error;
  }
  return f.error;
}

std::optional<ParseError> Parser::compile_error() const {
  return symtable_error_ ? symtable_error_ : compiler_error_;
}

void Parser::note_compile_error(std::optional<ParseError>& slot, const std::string& message,
                                Span span) {
  if (speculating_ || slot) return;
  slot = ParseError{"SyntaxError", message, span, false};
}

// ---------------------------------------------------------------- checks

// CPython's invalid_expression and invalid_legacy_expression: an expression
// followed by the start of another one. Inside brackets that is a missing
// comma; after `print` or `exec` it is Python 2's statement.
void Parser::check_comma(const Expr& e, size_t start) {
  const Token& next = peek();
  if (!starts_expression(next.kind)) return;
  if (e.kind == ExprKind::Name && !e.parenthesized && (e.text == "print" || e.text == "exec")) {
    ExprPtr b;
    if (speculate([&] { b = star_expressions(); }))
      fail_range("Missing parentheses in call to '" + e.text + "'. Did you mean " + e.text +
                     "(...)?",
                 e.span, b->span);
    return;
  }
  if (!e.parenthesized && (e.kind == ExprKind::IfExp || e.kind == ExprKind::Lambda)) return;
  // CPython skips `f"..."`-like NAME STRING pairs and soft keywords.
  const Token& first = toks_[start];
  if (first.kind == TokenKind::Name &&
      (toks_[start + 1].kind == TokenKind::String || first.text == "_" || first.text == "match" ||
       first.text == "case"))
    return;
  ExprPtr b;
  size_t end = 0;
  if (!speculate([&] {
        b = parse_precedence(Prec::Lambda);
        end = pos_;
      }))
    return;
  if (toks_[end - 1].level == 0) return;  // only inside brackets
  fail_range("invalid syntax. Perhaps you forgot a comma?", e.span, b->span);
}

// CPython's invalid_named_expression: `e = b` where an expression is
// expected (`if x = 1:`, `f(a, b + 1 = 2)`). The parser stands at the `=`.
void Parser::check_named_assign(const Expr& e) {
  if (!bitwise_or_level(e)) return;
  ExprPtr b;
  const bool ok = speculate([&] {
    advance();
    b = bitwise_or();
    const TokenKind k = peek().kind;
    if (k == TokenKind::Equal || k == TokenKind::ColonEqual) fail_generic();
  });
  if (!ok) return;
  if (e.kind == ExprKind::Name && !e.parenthesized)
    fail_range("invalid syntax. Maybe you meant '==' or ':=' instead of '='?", e.span, b->span);
  const bool excluded = e.kind == ExprKind::List ||
                        (e.kind == ExprKind::Tuple && e.parenthesized) ||
                        (e.kind == ExprKind::ListComp && e.generator) ||
                        e.kind == ExprKind::True || e.kind == ExprKind::False ||
                        e.kind == ExprKind::None;
  if (excluded) return;
  fail(std::string("cannot assign to ") + expr_name(e) +
           " here. Maybe you meant '==' instead of '='?",
       e.span);
}

// At the `=` after the last of `chain`: CPython's invalid_assignment when
// that target is not assignable. It first retries the statement's first
// target as a named expression (`f() = 1` is "... here. Maybe you meant
// '=='"), then blames the invalid part of the target.
void Parser::check_assign_target(std::vector<ExprPtr>& chain, size_t first_eq) {
  const Expr& t = *chain.back();
  if (valid_target(t)) return;
  const Expr& first = *chain.front();
  const Expr& last = first.kind == ExprKind::Tuple && !first.parenthesized && !first.items.empty()
                         ? *first.items.back()
                         : first;
  if (toks_[first_eq - 1].kind != TokenKind::Comma) {
    const size_t saved = pos_;
    pos_ = first_eq;
    check_named_assign(last);
    pos_ = saved;
  }
  const Expr* bad = invalid_target(t, Targets::Star);
  if (!bad) fail_generic();
  fail(std::string("cannot assign to ") + expr_name(*bad), bad->span);
}

void Parser::check_aug_target(const Expr& e) {
  if (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute || e.kind == ExprKind::Subscript)
    return;
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
void Parser::check_parameters(const std::vector<Param>& params) {
  for (size_t i = 1; i < params.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (params[i].name == params[j].name) {
        note_compile_error(symtable_error_,
                           "duplicate argument '" + params[i].name + "' in function definition",
                           params[i].span);
        return;
      }
}

// CPython's compiler refuses a repeated keyword argument.
void Parser::check_keywords(const Expr& call) {
  const auto& kws = call.keywords;
  for (size_t i = 1; i < kws.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (kws[i].name == kws[j].name) {
        note_compile_error(compiler_error_, "keyword argument repeated: " + kws[i].name,
                           kws[i].span);
        return;
      }
}

}  // namespace tsh::grammar
