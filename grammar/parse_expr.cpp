// grammar/parse_expr.cpp — expressions: the Pratt table (one row per token:
// prefix parselet, infix parselet, binding power, as in clox), the entry
// points for Python's expression rules, and the parselets of the core forms.
// Calls, subscripts, comprehensions, parameters and targets are in
// parse_forms.cpp; the forms tsh does not implement in parse_unsupported.cpp.
#include <array>

#include "grammar/parser_impl.h"

namespace tsh::grammar {

namespace {

constexpr size_t kTokenKinds = static_cast<size_t>(TokenKind::KwYield) + 1;

Prec next_higher(Prec p) { return static_cast<Prec>(static_cast<uint8_t>(p) + 1); }

Op binary_op(TokenKind k) {
  switch (k) {
    case TokenKind::Plus: return Op::Add;
    case TokenKind::Minus: return Op::Sub;
    case TokenKind::Star: return Op::Mul;
    case TokenKind::Slash: return Op::Div;
    case TokenKind::DoubleSlash: return Op::FloorDiv;
    case TokenKind::Percent: return Op::Mod;
    case TokenKind::DoubleStar: return Op::Pow;
    case TokenKind::At: return Op::MatMul;
    case TokenKind::LeftShift: return Op::LShift;
    case TokenKind::RightShift: return Op::RShift;
    case TokenKind::Amper: return Op::BitAnd;
    case TokenKind::VBar: return Op::BitOr;
    case TokenKind::Circumflex: return Op::BitXor;
    case TokenKind::Less: return Op::Lt;
    case TokenKind::Greater: return Op::Gt;
    case TokenKind::EqEqual: return Op::Eq;
    case TokenKind::NotEqual: return Op::NotEq;
    case TokenKind::LessEqual: return Op::LtE;
    case TokenKind::GreaterEqual: return Op::GtE;
    case TokenKind::KwIn: return Op::In;
    case TokenKind::KwIs: return Op::Is;
    case TokenKind::KwNot: return Op::NotIn;
    default: return Op::Add;
  }
}

bool is_compare_op(TokenKind k) {
  switch (k) {
    case TokenKind::Less: case TokenKind::Greater: case TokenKind::EqEqual:
    case TokenKind::NotEqual: case TokenKind::LessEqual: case TokenKind::GreaterEqual:
    case TokenKind::KwIn: case TokenKind::KwIs: case TokenKind::KwNot:
      return true;
    default:
      return false;
  }
}

}  // namespace

const Parser::Rule& Parser::rule(TokenKind kind) {
  static const std::array<Rule, kTokenKinds> table = [] {
    std::array<Rule, kTokenKinds> r{};
    using T = TokenKind;
    using P = Parser;
    auto row = [&r](T k, PrefixFn prefix, Prec context, InfixFn infix, Prec power) {
      r[static_cast<size_t>(k)] = Rule{prefix, context, infix, power};
    };
    // token            prefix                  may start in   infix         binding power
    row(T::Name,        &P::name,               Prec::Primary, nullptr,      Prec::None);
    row(T::Number,      &P::number,             Prec::Primary, nullptr,      Prec::None);
    row(T::String,      &P::strings,            Prec::Primary, nullptr,      Prec::None);
    row(T::KwTrue,      &P::constant,           Prec::Primary, nullptr,      Prec::None);
    row(T::KwFalse,     &P::constant,           Prec::Primary, nullptr,      Prec::None);
    row(T::KwNone,      &P::constant,           Prec::Primary, nullptr,      Prec::None);
    row(T::Ellipsis,    &P::constant,           Prec::Primary, nullptr,      Prec::None);
    row(T::LParen,      &P::group,              Prec::Primary, &P::call,     Prec::Postfix);
    row(T::LBracket,    &P::list,               Prec::Primary, &P::subscript, Prec::Postfix);
    row(T::LBrace,      &P::brace,              Prec::Primary, nullptr,      Prec::None);
    row(T::KwAwait,     &P::await_,             Prec::Power,   nullptr,      Prec::None);
    row(T::Dot,         nullptr,                Prec::None,    &P::attribute, Prec::Postfix);
    row(T::DoubleStar,  nullptr,                Prec::None,    &P::power,    Prec::Power);
    row(T::Minus,       &P::unary,              Prec::Unary,   &P::binary,   Prec::Term);
    row(T::Plus,        &P::unary,              Prec::Unary,   &P::binary,   Prec::Term);
    row(T::Tilde,       &P::unary,              Prec::Unary,   nullptr,      Prec::None);
    row(T::Star,        nullptr,                Prec::None,    &P::binary,   Prec::Factor);
    row(T::Slash,       nullptr,                Prec::None,    &P::binary,   Prec::Factor);
    row(T::DoubleSlash, nullptr,                Prec::None,    &P::binary,   Prec::Factor);
    row(T::Percent,     nullptr,                Prec::None,    &P::binary,   Prec::Factor);
    row(T::At,          nullptr,                Prec::None,    &P::binary,   Prec::Factor);
    row(T::LeftShift,   nullptr,                Prec::None,    &P::binary,   Prec::Shift);
    row(T::RightShift,  nullptr,                Prec::None,    &P::binary,   Prec::Shift);
    row(T::Amper,       nullptr,                Prec::None,    &P::binary,   Prec::BitAnd);
    row(T::Circumflex,  nullptr,                Prec::None,    &P::binary,   Prec::BitXor);
    row(T::VBar,        nullptr,                Prec::None,    &P::binary,   Prec::BitOr);
    row(T::Less,        nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::Greater,     nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::EqEqual,     nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::NotEqual,    nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::LessEqual,   nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::GreaterEqual, nullptr,               Prec::None,    &P::compare,  Prec::Compare);
    row(T::KwIn,        nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::KwIs,        nullptr,                Prec::None,    &P::compare,  Prec::Compare);
    row(T::KwNot,       &P::not_,               Prec::Not,     &P::compare,  Prec::Compare);  // infix: `not in`
    row(T::KwAnd,       nullptr,                Prec::None,    &P::bool_op,  Prec::And);
    row(T::KwOr,        nullptr,                Prec::None,    &P::bool_op,  Prec::Or);
    row(T::KwIf,        nullptr,                Prec::None,    &P::ternary,  Prec::Ternary);
    row(T::KwLambda,    &P::lambda,             Prec::Lambda,  nullptr,      Prec::None);
    return r;
  }();
  return table[static_cast<size_t>(kind)];
}

// Parses an expression whose operators all bind at least as tightly as
// `prec`. A prefix form whose own precedence is lower than `prec` (`a + not
// b`) is refused, as Python's grammar refuses it.
//
// `left_prec` is the precedence of what `left` is so far (`-x` is a Unary,
// `a + b` a Term), and an operator applies only to a left side its grammar
// rule accepts: `**` and the postfix forms want a primary, `a if c else b`
// a disjunction, the others an operand of at least their own precedence.
// Valid input never needs this (the inner loops take those operators), but
// after a backtrack (`-y[<junk>`) it stops the outer loops from retrying
// the same operator on a wider left side.
ExprPtr Parser::parse_precedence(Prec prec) {
  DepthGuard guard(*this);
  const Token& t = peek();
  const Rule& r = rule(t.kind);
  if (!r.prefix || r.prefix_prec < prec) fail_generic();
  advance();
  ExprPtr left = (this->*r.prefix)(t);
  Prec left_prec = r.prefix_prec;
  while (true) {
    const Token& op = peek();
    const Rule& ir = rule(op.kind);
    if (!ir.infix || ir.prec < prec) break;
    if (left_prec < (op.kind == TokenKind::KwIf ? Prec::Or : ir.prec)) break;
    if (op.kind == TokenKind::KwNot && peek(1).kind != TokenKind::KwIn) break;
    // A comparison chain is one node: compare() reads all of it, so a comparison operator
    // after one is where a pair failed to parse. Reading it again would retry that pair, and
    // nested chains would each double the work (fuzz_parser: 271 bytes took 6 s).
    if (left_prec == Prec::Compare && ir.prec == Prec::Compare) break;
    guard.add();  // the tree grows one level deeper on the left
    const size_t before = pos_, log = extent_log_.size();
    advance();
    try {
      left = (this->*ir.infix)(left, op);
      left_prec = op.kind == TokenKind::DoubleStar ? Prec::Unary : ir.prec;
    } catch (const Failure& f) {
      // `a +` then something that is no operand: the expression is `a` and
      // the caller meets the `+`, as in CPython's backtracking parser. The
      // farthest token read stays where the attempt got to.
      if (f.kind != Failure::Kind::Generic) throw;
      pos_ = before;
      forget_extents(log);
      break;
    }
  }
  return left;
}

bool Parser::starts_expression(TokenKind k) {
  switch (k) {
    case TokenKind::Name: case TokenKind::Number: case TokenKind::String:
    case TokenKind::LParen: case TokenKind::LBracket: case TokenKind::LBrace:
    case TokenKind::Minus: case TokenKind::Plus: case TokenKind::Tilde:
    case TokenKind::KwNot: case TokenKind::KwLambda: case TokenKind::KwTrue:
    case TokenKind::KwFalse: case TokenKind::KwNone: case TokenKind::Ellipsis:
    case TokenKind::KwAwait:
      return true;
    default:
      return false;
  }
}

// What CPython's star_targets may start with (an atom, or `*`).
bool Parser::starts_target(TokenKind k) {
  switch (k) {
    case TokenKind::Name: case TokenKind::Number: case TokenKind::String:
    case TokenKind::LParen: case TokenKind::LBracket: case TokenKind::LBrace:
    case TokenKind::KwTrue: case TokenKind::KwFalse: case TokenKind::KwNone:
    case TokenKind::Ellipsis: case TokenKind::Star:
      return true;
    default:
      return false;
  }
}

// Records that `e` was written in parentheses spanning `outer`. Every node
// flagged so goes through here, so a map entry left by a node that was
// built and then dropped (a failed attempt) never outlives its address.
void Parser::set_parenthesized(Expr& e, Span outer) {
  e.parenthesized = true;
  if (outer.line == e.span.line && outer.col == e.span.col && outer.end_line == e.span.end_line &&
      outer.end_col == e.span.end_col) {
    paren_extent_.erase(&e);
    return;
  }
  paren_extent_[&e] = outer;
  extent_log_.push_back(&e);
}

Span Parser::extent(const Expr& e) const {
  if (e.parenthesized) {
    auto it = paren_extent_.find(&e);
    if (it != paren_extent_.end()) return it->second;
  }
  return e.span;
}

// Python's `expression`, with the checks of its invalid_expression rule.
ExprPtr Parser::expression() {
  const size_t start = pos_;
  if (!second_pass_) return checked_expression(start);
  if (no_invalid_) {
    clean_expr_[start] = 1;
    return checked_expression(start);
  }
  if (clean_expr_[start]) {
    InvalidOff off(*this, true);  // CPython's memo: no check runs here
    return parse_precedence(Prec::Lambda);
  }
  if (expr_failed_[start]) fail_generic();
  try {
    return checked_expression(start);
  } catch (const Failure& f) {
    if (f.kind == Failure::Kind::Generic) expr_failed_[start] = 1;
    throw;
  }
}

ExprPtr Parser::checked_expression(size_t start) {
  ExprPtr e = parse_precedence(Prec::Lambda);
  check_comma(*e, start);
  check_legacy(*e, start);
  return e;
}

// Python's `named_expression`: an expression, or `name := value`.
ExprPtr Parser::named_expression() {
  ExprPtr e = expression();
  if (check(TokenKind::ColonEqual)) return walrus(e);
  if (check(TokenKind::Equal)) check_named_assign(*e);
  return e;
}

// An element of a display: `*x` or a named expression.
ExprPtr Parser::star_named_expression() {
  if (check(TokenKind::Star)) return starred(/*value=*/Prec::BitOr);
  return named_expression();
}

// `*x` outside call arguments (`[*a, *b]`, `a, *b = x`): an element of a
// display or a target list; alone, it is one of CPython's compile errors
// (lone_star()).
ExprPtr Parser::starred(Prec value) {
  const Token& star = advance();
  ExprPtr v = value == Prec::Lambda ? expression() : parse_precedence(value);
  auto e = make_expr(ExprKind::Starred, join(star.span, extent(*v)));
  e->items.push_back(std::move(v));
  return e;
}

void Parser::lone_star(const Expr& e, const char* message) {
  if (e.kind == ExprKind::Starred) note_compile_error(compiler_error_, message, e.span);
}

// `a, b` at statement level (and after `return`, `in`, `=`): a bare Tuple
// whose span runs to its trailing comma, as in Python's AST.
ExprPtr Parser::star_expressions() {
  auto element = [this] { return check(TokenKind::Star) ? starred(Prec::BitOr) : expression(); };
  ExprPtr first = element();
  if (!check(TokenKind::Comma)) return first;
  auto tuple = make_expr(ExprKind::Tuple, extent(*first));
  Span end = extent(*first);
  tuple->items.push_back(std::move(first));
  while (check(TokenKind::Comma)) {
    end = advance().span;
    if (!starts_expression(peek().kind) && !check(TokenKind::Star)) break;
    // An element that does not parse leaves a trailing comma, as in
    // CPython's `(',' star_expression)+ [',']`.
    const size_t before = pos_, log = extent_log_.size();
    try {
      tuple->items.push_back(element());
    } catch (const Failure& f) {
      if (f.kind != Failure::Kind::Generic) throw;
      pos_ = before;
      forget_extents(log);
      break;
    }
    end = extent(*tuple->items.back());
  }
  tuple->span = join(tuple->span, end);
  return tuple;
}

// ---------------------------------------------------------------- prefix

ExprPtr Parser::name(const Token& t) {
  auto e = make_expr(ExprKind::Name, t.span);
  e->text = std::string(t.text);
  return e;
}

ExprPtr Parser::number(const Token& t) {
  auto e = make_expr(t.number_kind, t.span);
  e->int_value = t.int_value;
  e->int_overflow = t.int_overflow;
  if (t.int_overflow) e->text = std::string(t.text);  // the shell reads the digits exactly
  e->float_value = t.float_value;
  return e;
}

// One or more adjacent string literals, joined. With an f-string among
// them the result is an FString of literal parts and fields.
ExprPtr Parser::strings(const Token& first) {
  auto e = make_expr(ExprKind::Str, first.span);
  std::vector<const Token*> toks;
  const Token* t = &first;
  std::string bad_escape;
  bool format = false, bytes = false, text = false;
  while (true) {
    toks.push_back(t);
    format |= t->str_format;
    (t->str_bytes ? bytes : text) = true;
    if (bad_escape.empty() && !t->str_format) bad_escape = t->str_error;
    e->text += t->str_value;
    e->span = join(e->span, t->span);
    if (!check(TokenKind::String)) break;
    t = &advance();
  }
  // CPython decodes the strings once it has read the token after them, and
  // reports a bad escape there.
  if (bytes && text) error_at_token("cannot mix bytes and nonbytes literals", peek());
  if (!bad_escape.empty()) error_at_token(bad_escape, peek());
  if (format) {
    auto f = make_expr(ExprKind::FString, e->span);
    for (const Token* tok : toks) {
      if (tok->str_format) {
        fstring(*tok, *f);
      } else if (!tok->str_value.empty()) {
        if (!f->items.empty() && f->items.back()->kind == ExprKind::Str) {
          f->items.back()->text += tok->str_value;
        } else {
          auto s = make_expr(ExprKind::Str, tok->span);
          s->text = tok->str_value;
          f->items.push_back(std::move(s));
        }
      }
    }
    return f;
  }
  e->bytes = bytes;
  return e;
}

ExprPtr Parser::constant(const Token& t) {
  switch (t.kind) {
    case TokenKind::KwTrue: return make_expr(ExprKind::True, t.span);
    case TokenKind::KwFalse: return make_expr(ExprKind::False, t.span);
    case TokenKind::KwNone: return make_expr(ExprKind::None, t.span);
    default: return make_expr(ExprKind::Ellipsis, t.span);
  }
}

// ( ) — the empty tuple, a parenthesized expression, a tuple, or a
// generator expression.
ExprPtr Parser::group(const Token& open) {
  if (check(TokenKind::RParen)) {
    auto e = make_expr(ExprKind::Tuple, join(open.span, advance().span));
    set_parenthesized(*e, e->span);
    return e;
  }
  if (check(TokenKind::DoubleStar) && !no_invalid_) {
    // CPython's invalid_group: `(**x)`.
    const Token& stars = advance();
    expression();
    expect(TokenKind::RParen);
    fail("cannot use double starred expression here", stars.span);
  }
  ExprPtr first = check(TokenKind::KwYield) ? yield_expression() : star_named_expression();
  if (check(TokenKind::KwFor)) {
    auto comp = make_expr(ExprKind::ListComp, open.span);
    comp->generator = true;
    comp->items.push_back(std::move(first));
    comprehension_clauses(*comp);
    no_starred_comprehension(*comp->items[0]);
    comp->span = join(open.span, expect(TokenKind::RParen).span);
    set_parenthesized(*comp, comp->span);
    return comp;
  }
  if (check(TokenKind::Comma)) {
    auto tuple = make_expr(ExprKind::Tuple, open.span);
    tuple->items.push_back(std::move(first));
    while (match(TokenKind::Comma)) {
      if (check(TokenKind::RParen)) break;
      tuple->items.push_back(star_named_expression());
    }
    tuple->span = join(open.span, expect(TokenKind::RParen).span);
    set_parenthesized(*tuple, tuple->span);
    return tuple;
  }
  // CPython's invalid_group: `(*a)`.
  if (first->kind == ExprKind::Starred && check(TokenKind::RParen))
    fail("cannot use starred expression here", first->span);
  const Token& close = expect(TokenKind::RParen);
  set_parenthesized(*first, join(open.span, close.span));
  return first;
}

// [ ] — a list display or a list comprehension.
ExprPtr Parser::list(const Token& open) {
  auto e = make_expr(ExprKind::List, open.span);
  if (!check(TokenKind::RBracket)) {
    e->items.push_back(star_named_expression());
    if (check(TokenKind::KwFor)) {
      e->kind = ExprKind::ListComp;
      comprehension_clauses(*e);
      no_starred_comprehension(*e->items[0]);
    } else {
      Span last_comma{};
      while (match(TokenKind::Comma)) {
        last_comma = toks_[pos_ - 1].span;
        if (check(TokenKind::RBracket)) break;
        e->items.push_back(star_named_expression());
      }
      if (check(TokenKind::KwFor)) {
        // `[x, y for ...]`: CPython's invalid_comprehension.
        const Span to = e->items.size() > 1 ? e->items.back()->span : last_comma;
        fail_range("did you forget parentheses around the comprehension target?",
                   e->items.front()->span, to);
      }
    }
  }
  e->span = join(open.span, expect(TokenKind::RBracket).span);
  return e;
}

ExprPtr Parser::unary(const Token& op) {
  ExprPtr operand = parse_precedence(Prec::Unary);
  auto e = make_expr(ExprKind::Unary, join(op.span, extent(*operand)));
  e->op = op.kind == TokenKind::Minus  ? Op::Neg
          : op.kind == TokenKind::Plus ? Op::Pos
                                       : Op::Invert;
  e->items.push_back(std::move(operand));
  return e;
}

ExprPtr Parser::not_(const Token& op) {
  ExprPtr operand = parse_precedence(Prec::Not);
  auto e = make_expr(ExprKind::Unary, join(op.span, extent(*operand)));
  e->op = Op::Not;
  e->items.push_back(std::move(operand));
  return e;
}

ExprPtr Parser::lambda(const Token& kw) {
  auto e = make_expr(ExprKind::Lambda, kw.span);
  parameters(e->params, TokenKind::Colon);
  expect(TokenKind::Colon);
  ++function_depth_;  // `lambda: (yield)` is a generator function, which tsh refuses
  bool* saved_generator = generator_flag_;
  generator_flag_ = nullptr;
  ExprPtr body;
  try {
    body = expression();
  } catch (...) {
    --function_depth_;
    generator_flag_ = saved_generator;
    throw;
  }
  --function_depth_;
  generator_flag_ = saved_generator;
  e->span = join(kw.span, extent(*body));
  e->items.push_back(std::move(body));
  return e;
}

// ---------------------------------------------------------------- infix

ExprPtr Parser::binary(ExprPtr& left, const Token& op) {
  ExprPtr right = parse_precedence(next_higher(rule(op.kind).prec));
  auto e = make_expr(ExprKind::Binary, join(extent(*left), extent(*right)));
  e->op = binary_op(op.kind);
  e->items.push_back(std::move(left));
  e->items.push_back(std::move(right));
  return e;
}

// `**` binds tighter than a unary operator on its left (-2**2 == -4) but
// takes one on its right (2**-1), and groups to the right.
ExprPtr Parser::power(ExprPtr& left, const Token& op) {
  ExprPtr right = parse_precedence(Prec::Unary);
  auto e = make_expr(ExprKind::Binary, join(extent(*left), extent(*right)));
  e->op = binary_op(op.kind);
  e->items.push_back(std::move(left));
  e->items.push_back(std::move(right));
  return e;
}

ExprPtr Parser::bool_op(ExprPtr& left, const Token& op) {
  const bool is_and = op.kind == TokenKind::KwAnd;
  ExprPtr right = parse_precedence(is_and ? Prec::Not : Prec::And);
  auto e = make_expr(is_and ? ExprKind::And : ExprKind::Or, join(extent(*left), extent(*right)));
  e->items.push_back(std::move(left));
  e->items.push_back(std::move(right));
  return e;
}

// a < b <= c: one Compare with every operand and operator of the chain.
// A pair that fails to parse ends the chain there (CPython's `pair+`).
ExprPtr Parser::compare(ExprPtr& left, const Token& first_op) {
  auto pair = [this](const Token& op, Op& o) {
    o = binary_op(op.kind);
    if (op.kind == TokenKind::KwNot) {
      expect(TokenKind::KwIn);
    } else if (op.kind == TokenKind::KwIs && match(TokenKind::KwNot)) {
      o = Op::IsNot;
    }
    return parse_precedence(Prec::BitOr);
  };
  Op o;
  ExprPtr right = pair(first_op, o);
  auto e = make_expr(ExprKind::Compare, join(extent(*left), extent(*right)));
  e->items.push_back(std::move(left));
  e->ops.push_back(o);
  e->items.push_back(std::move(right));
  while (true) {
    const TokenKind k = peek().kind;
    if (!is_compare_op(k) || (k == TokenKind::KwNot && peek(1).kind != TokenKind::KwIn)) break;
    const size_t before = pos_, log = extent_log_.size();
    try {
      right = pair(advance(), o);
    } catch (const Failure& f) {
      if (f.kind != Failure::Kind::Generic) throw;
      pos_ = before;
      forget_extents(log);
      break;
    }
    e->span = join(e->span, extent(*right));
    e->ops.push_back(o);
    e->items.push_back(std::move(right));
  }
  return e;
}

ExprPtr Parser::ternary(ExprPtr& body, const Token&) {
  ExprPtr cond = disjunction();
  if (!check(TokenKind::KwElse)) {
    if (!check(TokenKind::Colon))
      fail_range("expected 'else' after 'if' expression", body->span, cond->span);
    fail_generic();
  }
  advance();
  ExprPtr orelse = expression();
  auto e = make_expr(ExprKind::IfExp, join(extent(*body), extent(*orelse)));
  e->items.push_back(std::move(body));
  e->items.push_back(std::move(cond));
  e->items.push_back(std::move(orelse));
  return e;
}

ExprPtr Parser::attribute(ExprPtr& object, const Token&) {
  const Token& n = expect(TokenKind::Name);
  auto e = make_expr(ExprKind::Attribute, join(extent(*object), n.span));
  e->text = std::string(n.text);
  e->items.push_back(std::move(object));
  return e;
}

}  // namespace tsh::grammar
