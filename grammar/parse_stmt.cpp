// grammar/parse_stmt.cpp — token access, statements and blocks, and parse(),
// the entry point. Statements are parsed by recursive descent on the first
// token; expressions inside them by the Pratt parser of parse_expr.cpp.
#include <algorithm>

#include "grammar/parser_impl.h"

namespace tsh::grammar {

// ---------------------------------------------------------------- tokens

const Token& Parser::peek(size_t ahead) {
  size_t i = pos_ + ahead;
  if (i >= toks_.size()) i = toks_.size() - 1;  // the last token repeats
  if (i > farthest_) farthest_ = i;
  if (i > farthest_any_) farthest_any_ = i;
  const Token& t = toks_[i];
  if (t.kind == TokenKind::Error) {
    // CPython's interactive mode asks for no more input in its second pass.
    if (interactive_ && second_pass_ && lex_.error->incomplete) return end_token_;
    // CPython raises a tokenizer error when the parser asks for the token.
    Failure f{Failure::Kind::Lexical, ParseError{}, false};
    f.error.type = lex_.error->type;
    f.error.message = lex_.error->message;
    f.error.span = lex_.error->span;
    f.error.incomplete = lex_.error->incomplete;
    throw f;
  }
  return t;
}

const Token& Parser::advance() {
  const Token& t = peek();
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}

bool Parser::match(TokenKind k) {
  if (peek().kind != k) return false;
  advance();
  return true;
}

const Token& Parser::expect(TokenKind k) {
  if (peek().kind != k) fail_generic();
  return advance();
}

// CPython's forced tokens (`&&':'`): the message names what was expected.
const Token& Parser::expect_forced(TokenKind k) {
  if (peek().kind != k) error_at_token(std::string("expected '") + token_text(k) + "'", peek());
  return advance();
}

// ---------------------------------------------------------------- module

std::vector<StmtPtr> Parser::module() {
  std::vector<StmtPtr> out;
  while (!check(TokenKind::EndMarker)) statement(out);
  return out;
}

void Parser::statement(std::vector<StmtPtr>& out) {
  DepthGuard guard(*this);
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::KwIf: out.push_back(if_statement(advance())); return;
    case TokenKind::KwWhile: out.push_back(while_statement(advance())); return;
    case TokenKind::KwFor: out.push_back(for_statement(advance())); return;
    case TokenKind::KwDef: out.push_back(def_statement(advance())); return;
    case TokenKind::KwTry: out.push_back(try_statement(advance())); return;
    case TokenKind::KwWith: out.push_back(with_statement(advance())); return;
    case TokenKind::KwClass: out.push_back(class_statement(advance())); return;
    case TokenKind::At: out.push_back(decorated(advance())); return;
    case TokenKind::KwAsync:
      out.push_back(unsupported_statement());
      return;
    case TokenKind::Magic:
      out.push_back(magic_statement(advance()));
      expect(TokenKind::Newline);
      return;
    default:
      if (help_statement(out)) return;
      simple_statements(out);
  }
}

// small_stmt (';' small_stmt)* [';'] NEWLINE
void Parser::simple_statements(std::vector<StmtPtr>& out) {
  out.push_back(small_statement());
  while (match(TokenKind::Semi)) {
    if (check(TokenKind::Newline)) break;
    out.push_back(small_statement());
  }
  expect(TokenKind::Newline);
}

StmtPtr Parser::small_statement() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::KwPass: advance(); return make_stmt(StmtKind::Pass, t.span);
    case TokenKind::KwBreak:
    case TokenKind::KwContinue: {
      advance();
      // Python's compiler checks this; so does tsh, before running anything.
      if (loop_depth_ == 0)
        note_compile_error(compiler_error_,
                           t.kind == TokenKind::KwBreak ? "'break' outside loop"
                                                        : "'continue' not properly in loop",
                           t.span);
      return make_stmt(t.kind == TokenKind::KwBreak ? StmtKind::Break : StmtKind::Continue,
                       t.span);
    }
    case TokenKind::KwReturn: {
      advance();
      auto s = make_stmt(StmtKind::Return, t.span);
      if (starts_expression(peek().kind) || check(TokenKind::Star)) {
        s->value = star_expressions();
        lone_star(*s->value, "can't use starred expression here");
        s->span = join(t.span, extent(*s->value));
      }
      if (function_depth_ == 0) note_compile_error(compiler_error_, "'return' outside function", s->span);
      return s;
    }
    case TokenKind::KwImport: return import_statement(advance());
    case TokenKind::KwDel: return del_statement(advance());
    case TokenKind::KwAssert: return assert_statement(advance());
    case TokenKind::KwRaise: return raise_statement(advance());
    case TokenKind::KwGlobal:
    case TokenKind::KwNonlocal: return scope_statement(advance());
    case TokenKind::KwFrom: return unsupported_statement();
    case TokenKind::KwYield: {
      auto s = make_stmt(StmtKind::Expr, t.span);
      s->value = yield_expression();
      s->span = s->value->span;
      return s;
    }
    default: return expression_statement();
  }
}

// An expression statement, an assignment `a = b = e` or an augmented
// assignment `a += e`.
StmtPtr Parser::expression_statement() {
  const size_t start = pos_;
  ExprPtr first = star_expressions();
  const Token& t = peek();
  static constexpr struct {
    TokenKind tok;
    Op op;
  } kAug[] = {
      {TokenKind::PlusEqual, Op::Add},          {TokenKind::MinusEqual, Op::Sub},
      {TokenKind::StarEqual, Op::Mul},          {TokenKind::SlashEqual, Op::Div},
      {TokenKind::DoubleSlashEqual, Op::FloorDiv}, {TokenKind::PercentEqual, Op::Mod},
      {TokenKind::DoubleStarEqual, Op::Pow},    {TokenKind::AtEqual, Op::MatMul},
      {TokenKind::AmperEqual, Op::BitAnd},      {TokenKind::VBarEqual, Op::BitOr},
      {TokenKind::CircumflexEqual, Op::BitXor}, {TokenKind::LeftShiftEqual, Op::LShift},
      {TokenKind::RightShiftEqual, Op::RShift},
  };
  for (const auto& a : kAug) {
    if (t.kind != a.tok) continue;
    check_aug_target(*first);
    advance();
    auto s = make_stmt(StmtKind::AugAssign, extent(*first));
    s->op = a.op;
    s->value = check(TokenKind::KwYield) ? yield_expression() : star_expressions();
    lone_star(*s->value, "can't use starred expression here");
    s->span = join(s->span, extent(*s->value));
    s->targets.push_back(std::move(first));
    return s;
  }
  if (t.kind == TokenKind::Colon) return annotated_assignment(std::move(first));
  if (t.kind != TokenKind::Equal) {
    if (t.kind != TokenKind::Newline && t.kind != TokenKind::Semi) scan_named_elements(start);
    lone_star(*first, "can't use starred expression here");
    auto s = make_stmt(StmtKind::Expr, extent(*first));
    s->value = std::move(first);
    return s;
  }
  std::vector<ExprPtr> chain;  // targets, then the value
  chain.push_back(std::move(first));
  while (check(TokenKind::Equal)) {
    check_assign_target(chain, start);  // the last of `chain` is a target
    advance();
    if (!starts_expression(peek().kind) && !check(TokenKind::Star) && !check(TokenKind::KwYield)) {
      scan_named_elements(start);
      fail_generic();
    }
    try {
      chain.push_back(check(TokenKind::KwYield) ? yield_expression() : star_expressions());
    } catch (const Failure& f) {
      // No value at all: CPython's assignment rule fails and its
      // invalid_assignment runs (a value followed by junk is no such case).
      if (f.kind != Failure::Kind::Generic) throw;
      scan_named_elements(start);
      throw;
    }
  }
  // CPython compiles the value, then the targets.
  lone_star(*chain.back(), "can't use starred expression here");
  for (size_t i = 0; i + 1 < chain.size(); ++i)
    lone_star(*chain[i], "starred assignment target must be in a list or tuple");
  auto s = make_stmt(StmtKind::Assign, join(extent(*chain.front()), extent(*chain.back())));
  s->value = std::move(chain.back());
  chain.pop_back();
  s->targets = std::move(chain);
  return s;
}

// import a.b as c, d
StmtPtr Parser::import_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Import, kw.span);
  do {
    const Token& first = expect(TokenKind::Name);
    ImportName imp;
    imp.module = std::string(first.text);
    imp.span = first.span;
    while (match(TokenKind::Dot)) {
      const Token& part = expect(TokenKind::Name);
      imp.module += '.';
      imp.module += part.text;
      imp.span = join(imp.span, part.span);
    }
    if (match(TokenKind::KwAs)) {
      const Token& alias = expect(TokenKind::Name);
      imp.alias = std::string(alias.text);
      imp.span = join(imp.span, alias.span);
    }
    s->span = join(s->span, imp.span);
    s->imports.push_back(std::move(imp));
  } while (match(TokenKind::Comma));
  return s;
}

// del a, b[i], c.d
StmtPtr Parser::del_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Del, kw.span);
  ExprPtr targets = target_list(/*del=*/true);
  s->span = join(kw.span, extent(*targets));
  if (targets->kind == ExprKind::Tuple && !targets->parenthesized)
    s->targets = std::move(targets->items);  // `del a, b` deletes each
  else
    s->targets.push_back(std::move(targets));
  return s;
}

// ---------------------------------------------------------------- compound

// The body after a header's ':' — an indented block, or simple statements on
// the same line. `what` names the header for "expected an indented block
// after 'for' statement on line 1".
void Parser::block(std::vector<StmtPtr>& body, const std::string& what, int header_line) {
  if (!match(TokenKind::Newline)) {
    simple_statements(body);
    return;
  }
  const Token& next = peek();
  if (next.kind != TokenKind::Indent) {
    // Input that stops after the header could still get its body.
    size_t i = pos_;
    while (toks_[i].kind == TokenKind::Dedent) ++i;
    const bool at_end = toks_[i].kind == TokenKind::EndMarker;
    fail_at_token("expected an indented block after " + what + " on line " +
                      std::to_string(header_line),
                  next, "IndentationError", at_end);
  }
  advance();
  while (!match(TokenKind::Dedent)) statement(body);
}

// if / elif / else. An `elif` becomes an If alone in the orelse of the one
// before; the chain is built in a loop so that long chains do not recurse.
StmtPtr Parser::if_statement(const Token& kw) {
  StmtPtr root;
  Stmt* tail = nullptr;
  const Token* header = &kw;
  DepthGuard guard(*this, 0);
  Span end;
  while (true) {
    const bool is_elif = header->kind == TokenKind::KwElif;
    auto s = make_stmt(StmtKind::If, header->span);
    s->test = named_expression();
    if (check(TokenKind::Newline)) fail_at_token("expected ':'", peek());
    expect(TokenKind::Colon);
    block(s->body, is_elif ? "'elif' statement" : "'if' statement", header->span.line);
    end = s->body.back()->span;
    Stmt* raw = s.get();
    if (tail) {
      tail->orelse.push_back(std::move(s));
    } else {
      root = std::move(s);
    }
    tail = raw;
    if (check(TokenKind::KwElif)) {
      guard.add();  // each elif nests one level deeper in the tree
      header = &advance();
      continue;
    }
    if (check(TokenKind::KwElse)) {
      const Token& e = advance();
      expect_forced(TokenKind::Colon);
      block(tail->orelse, "'else' statement", e.span.line);
      end = tail->orelse.back()->span;
    }
    break;
  }
  // Every If of the chain ends where the chain ends, as in Python's AST.
  for (Stmt* s = root.get(); s;) {
    s->span = join(s->span, end);
    s = (s->orelse.size() == 1 && s->orelse[0]->kind == StmtKind::If && s != tail) ? s->orelse[0].get()
                                                                                  : nullptr;
  }
  return root;
}

StmtPtr Parser::while_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::While, kw.span);
  s->test = named_expression();
  if (check(TokenKind::Newline)) fail_at_token("expected ':'", peek());
  expect(TokenKind::Colon);
  ++loop_depth_;
  block(s->body, "'while' statement", kw.span.line);
  --loop_depth_;
  s->span = join(s->span, s->body.back()->span);
  loop_else(*s);
  return s;
}

StmtPtr Parser::for_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::For, kw.span);
  s->target = target_list();
  expect(TokenKind::KwIn);
  s->iter = star_expressions();
  lone_star(*s->iter, "can't use starred expression here");
  if (check(TokenKind::Newline)) fail_at_token("expected ':'", peek());
  expect(TokenKind::Colon);
  ++loop_depth_;
  block(s->body, "'for' statement", kw.span.line);
  --loop_depth_;
  s->span = join(s->span, s->body.back()->span);
  loop_else(*s);
  return s;
}

// ---------------------------------------------------------------- entry

ParseResult parse(std::string_view source) { return parse(source, ParseOptions{}); }

ParseResult parse(std::string_view source, const ParseOptions& options) {
  ParseResult result;
  const LexResult lex = tokenize(source);
  Parser first(lex, /*second_pass=*/false, options.interactive);
  try {
    result.stmts = first.module();
    if (auto e = first.compile_error()) {
      result.stmts.clear();
      result.error = std::move(e);
    }
    return result;
  } catch (const Failure& f) {
    if (f.kind != Failure::Kind::Generic) {
      result.error = first.resolve(f);
      return result;
    }
    // As CPython: parse again from the start with the invalid_* rules on.
    // The first message they raise wins; if none does, the first pass's
    // "invalid syntax" stands.
    Parser second(lex, /*second_pass=*/true, options.interactive);
    second.set_farthest_read(first.farthest_read());
    try {
      second.module();
    } catch (const Failure& g) {
      if (g.kind != Failure::Kind::Generic) {
        result.error = second.resolve(g);
        return result;
      }
    }
    first.set_farthest_read(std::max(first.farthest_read(), second.farthest_read()));
    Failure generic = f;
    generic.error.incomplete = first.failed_at_end();
    result.error = first.resolve(generic);
    return result;
  }
}

// assert test [, msg]
StmtPtr Parser::assert_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Assert, kw.span);
  s->test = expression();
  s->span = join(kw.span, extent(*s->test));
  if (match(TokenKind::Comma)) {
    s->value = expression();
    s->span = join(kw.span, extent(*s->value));
  }
  return s;
}

// raise [exc [from cause]]
StmtPtr Parser::raise_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Raise, kw.span);
  if (starts_expression(peek().kind)) {
    s->value = expression();
    s->span = join(kw.span, extent(*s->value));
    if (match(TokenKind::KwFrom)) {
      s->target = expression();
      s->span = join(kw.span, extent(*s->target));
    }
  }
  return s;
}

// try: ... (except [type [as name]]: ...)* [else: ...] [finally: ...]
StmtPtr Parser::try_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Try, kw.span);
  expect_forced(TokenKind::Colon);
  block(s->body, "'try' statement", kw.span.line);
  bool handlers = false;
  while (check(TokenKind::KwExcept)) {
    const Token& ex = advance();
    handlers = true;
    ExceptHandler h;
    h.span = ex.span;
    if (check(TokenKind::Star)) {  // except* (exception groups)
      advance();
      note_unsupported("'except*' is", ex.span);
    }
    if (!check(TokenKind::Colon)) {
      h.type = expression();
      if (match(TokenKind::KwAs)) h.name = std::string(expect(TokenKind::Name).text);
    }
    expect(TokenKind::Colon);
    block(h.body, "'except' statement", ex.span.line);
    s->handlers.push_back(std::move(h));
  }
  if (handlers && check(TokenKind::KwElse)) {
    const Token& e = advance();
    expect_forced(TokenKind::Colon);
    block(s->orelse, "'else' statement", e.span.line);
  }
  if (check(TokenKind::KwFinally)) {
    const Token& f = advance();
    handlers = true;
    expect_forced(TokenKind::Colon);
    block(s->finalbody, "'finally' statement", f.span.line);
  }
  if (!handlers) {
    // At the end of the input (only dedents left) the REPL waits for the `except` still to come.
    size_t k = pos_;
    while (k < toks_.size() && (toks_[k].kind == TokenKind::Dedent || toks_[k].kind == TokenKind::Newline)) ++k;
    if (k >= toks_.size() || toks_[k].kind == TokenKind::EndMarker)
      fail_at_token("expected 'except' or 'finally' block", peek(), "SyntaxError", true);
    error_at_token("expected 'except' or 'finally' block", peek());
  }
  return s;
}

// with item (, item)* : block — also `with (item, item):`, as CPython 3.9+.
StmtPtr Parser::with_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::With, kw.span);
  auto item = [&] {
    WithItem w;
    w.context = expression();
    if (match(TokenKind::KwAs)) {
      if (!starts_target(peek().kind)) fail_generic();
      w.target = parse_precedence(Prec::Postfix);
      if (!valid_target(*w.target)) fail_generic();
    }
    s->with_items.push_back(std::move(w));
  };
  // `with (a as b, c):` first, as CPython tries it, then `with a, b:` (where
  // `(a, b)` is one tuple-valued context).
  const size_t start = pos_;
  const bool parenthesized = check(TokenKind::LParen) && speculate([&] {
    advance();
    do {
      if (check(TokenKind::RParen)) break;
      item();
    } while (match(TokenKind::Comma));
    expect(TokenKind::RParen);
    expect(TokenKind::Colon);
  });
  s->with_items.clear();
  pos_ = start;
  if (parenthesized) {
    advance();
    do {
      if (check(TokenKind::RParen)) break;
      item();
    } while (match(TokenKind::Comma));
    expect(TokenKind::RParen);
  } else {
    do item();
    while (match(TokenKind::Comma));
  }
  expect(TokenKind::Colon);
  block(s->body, "'with' statement", kw.span.line);
  s->span = join(kw.span, s->body.back()->span);
  return s;
}

// global a, b / nonlocal a, b
StmtPtr Parser::scope_statement(const Token& kw) {
  const bool global = kw.kind == TokenKind::KwGlobal;
  auto s = make_stmt(global ? StmtKind::Global : StmtKind::Nonlocal, kw.span);
  do {
    const Token& n = expect(TokenKind::Name);
    s->names.emplace_back(n.text);
    s->span = join(kw.span, n.span);
  } while (match(TokenKind::Comma));
  if (!global && function_depth_ == 0)
    note_compile_error(compiler_error_, "nonlocal declaration not allowed at module level", s->span);
  return s;
}

// name := value (the parser stands at `:=`).
ExprPtr Parser::walrus(ExprPtr& target) {
  if (target->kind != ExprKind::Name || target->parenthesized)
    fail(std::string("cannot use assignment expressions with ") + expr_name(*target),
         target->span);
  advance();
  ExprPtr value = expression();
  auto e = make_expr(ExprKind::NamedExpr, join(target->span, extent(*value)));
  e->text = target->text;
  e->items.push_back(std::move(value));
  return e;
}

}  // namespace tsh::grammar
