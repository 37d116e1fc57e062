// grammar/parse_defs.cpp — the statements that make functions and classes, and
// the forms that only mean something inside them: `def` (with parameter and
// return annotations), `class`, decorators, `yield`/`yield from`, annotated
// assignments and a loop's `else:`.
#include "grammar/parser_impl.h"

namespace tsh::grammar {

StmtPtr Parser::def_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Def, kw.span);
  s->name = std::string(expect(TokenKind::Name).text);
  expect_forced(TokenKind::LParen);
  parameters(s->params, TokenKind::RParen);
  expect(TokenKind::RParen);
  if (match(TokenKind::Arrow)) s->annotation = expression();
  expect_forced(TokenKind::Colon);
  // A def body is a new scope for `return` and for loops; a yield in it makes it a generator.
  const int saved_loops = loop_depth_;
  bool* saved_generator = generator_flag_;
  loop_depth_ = 0;
  ++function_depth_;
  generator_flag_ = &s->generator;
  block(s->body, "function definition", kw.span.line);
  generator_flag_ = saved_generator;
  --function_depth_;
  loop_depth_ = saved_loops;
  s->span = join(s->span, s->body.back()->span);
  return s;
}

StmtPtr Parser::class_statement(const Token& kw) {
  auto s = make_stmt(StmtKind::Class, kw.span);
  s->name = std::string(expect(TokenKind::Name).text);
  if (check(TokenKind::LParen)) {
    // The bases are a call's arguments, with a call's rules and errors.
    ExprPtr callee = make_expr(ExprKind::Name, kw.span);
    ExprPtr bases = call(callee, advance());
    for (auto& a : bases->args) {
      if (a->kind == ExprKind::Starred) note_unsupported("starred class bases are", a->span);
      s->bases.push_back(std::move(a));
    }
    for (auto& k : bases->keywords) {
      if (k.name.empty()) note_unsupported("'**' in class arguments is", k.span);
      s->keywords.push_back(std::move(k));
    }
  }
  expect_forced(TokenKind::Colon);
  const int saved_loops = loop_depth_, saved_functions = function_depth_;
  bool* saved_generator = generator_flag_;
  loop_depth_ = function_depth_ = 0;  // a class body is a new scope
  generator_flag_ = nullptr;
  block(s->body, "class definition", kw.span.line);
  loop_depth_ = saved_loops;
  function_depth_ = saved_functions;
  generator_flag_ = saved_generator;
  s->span = join(s->span, s->body.back()->span);
  return s;
}

// @decorator lines, then the def or class they decorate.
StmtPtr Parser::decorated(const Token& at) {
  std::vector<ExprPtr> decorators;
  decorators.push_back(named_expression());
  expect(TokenKind::Newline);
  while (match(TokenKind::At)) {
    decorators.push_back(named_expression());
    expect(TokenKind::Newline);
  }
  StmtPtr s;
  if (check(TokenKind::KwDef)) s = def_statement(advance());
  else if (check(TokenKind::KwClass)) s = class_statement(advance());
  else if (check(TokenKind::KwAsync)) return unsupported_statement();
  else fail_generic();
  s->decorators = std::move(decorators);
  (void)at;
  return s;
}

// yield, yield x, yield from x — where Python allows them: a statement, the
// value of an assignment, a parenthesized expression.
ExprPtr Parser::yield_expression() {
  const Token& kw = expect(TokenKind::KwYield);
  ExprPtr e;
  if (match(TokenKind::KwFrom)) {
    ExprPtr value = expression();
    e = make_expr(ExprKind::YieldFrom, join(kw.span, extent(*value)));
    e->items.push_back(std::move(value));
  } else if (starts_expression(peek().kind) || check(TokenKind::Star)) {
    ExprPtr value = star_expressions();
    lone_star(*value, "can't use starred expression here");
    e = make_expr(ExprKind::Yield, join(kw.span, extent(*value)));
    e->items.push_back(std::move(value));
  } else {
    e = make_expr(ExprKind::Yield, kw.span);
  }
  if (function_depth_ == 0)
    note_compile_error(compiler_error_, "'yield' outside function", e->span);
  else if (!generator_flag_)
    note_unsupported("'yield' inside a lambda is", e->span);
  else
    *generator_flag_ = true;
  return e;
}

// target: annotation [= value] (the parser stands at the `:`).
StmtPtr Parser::annotated_assignment(ExprPtr target) {
  const bool single = target->kind == ExprKind::Name || target->kind == ExprKind::Attribute ||
                      target->kind == ExprKind::Subscript;
  if (!single) {
    // CPython's invalid_assignment, once an annotation follows.
    if (no_invalid_ || !speculate([&] {
          advance();
          expression();
        }))
      fail_generic();
    if (target->kind == ExprKind::Tuple && !target->parenthesized)
      fail("only single target (not tuple) can be annotated", target->items[0]->span);
    if (target->kind == ExprKind::Tuple || target->kind == ExprKind::List)
      fail(std::string("only single target (not ") + expr_name(*target) + ") can be annotated", target->span);
    fail("illegal target for annotation", target->span);
  }
  advance();
  auto s = make_stmt(StmtKind::AnnAssign, extent(*target));
  s->annotation = expression();
  s->span = join(s->span, extent(*s->annotation));
  if (match(TokenKind::Equal)) {
    s->value = check(TokenKind::KwYield) ? yield_expression() : star_expressions();
    s->span = join(s->span, extent(*s->value));
  }
  s->targets.push_back(std::move(target));
  return s;
}

// `else:` after a for or while loop: it runs when the loop ends without `break`.
void Parser::loop_else(Stmt& loop) {
  if (!check(TokenKind::KwElse)) return;
  const Token& kw = advance();
  expect_forced(TokenKind::Colon);
  block(loop.orelse, "'else' statement", kw.span.line);
  loop.span = join(loop.span, loop.orelse.back()->span);
}

}  // namespace tsh::grammar
