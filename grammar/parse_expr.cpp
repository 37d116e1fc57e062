// grammar/parse_expr.cpp — expressions: the Pratt table (one row per token:
// prefix parselet, infix parselet, binding power, as in clox), the
// parselets, and Python's composite forms (star_expressions, slices,
// arguments, comprehensions, parameters).
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
    row(T::LBrace,      &P::unsupported_prefix, Prec::Primary, nullptr,      Prec::None);
    row(T::KwAwait,     &P::unsupported_prefix, Prec::Primary, nullptr,      Prec::None);
    row(T::KwYield,     &P::unsupported_prefix, Prec::Primary, nullptr,      Prec::None);
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
ExprPtr Parser::parse_precedence(Prec prec) {
  DepthGuard guard(*this);
  const Token& t = peek();
  const Rule& r = rule(t.kind);
  if (!r.prefix || r.prefix_prec < prec) fail_generic();
  advance();
  ExprPtr left = (this->*r.prefix)(t);
  while (true) {
    const Token& op = peek();
    const Rule& ir = rule(op.kind);
    if (!ir.infix || ir.prec < prec) break;
    if (op.kind == TokenKind::KwNot && peek(1).kind != TokenKind::KwIn) break;
    guard.add();  // the tree grows one level deeper on the left
    const size_t before = pos_, log = extent_log_.size();
    advance();
    try {
      left = (this->*ir.infix)(left, op);
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
  if (second_pass_) {
    if (no_invalid_) {
      clean_expr_[start] = 1;
    } else if (clean_expr_[start]) {
      InvalidOff off(*this, true);  // CPython's memo: no check runs here
      return parse_precedence(Prec::Lambda);
    }
  }
  ExprPtr e = parse_precedence(Prec::Lambda);
  check_comma(*e, start);
  check_legacy(*e, start);
  return e;
}

ExprPtr Parser::named_expression() {
  ExprPtr e = expression();
  if (check(TokenKind::ColonEqual)) {
    if (e->kind != ExprKind::Name || e->parenthesized)
      fail(std::string("cannot use assignment expressions with ") + expr_name(*e), e->span);
    unsupported("assignment expressions (':=') are", peek().span);
  }
  if (check(TokenKind::Equal)) check_named_assign(*e);
  return e;
}

ExprPtr Parser::star_named_expression() {
  if (check(TokenKind::Star)) unsupported_star();
  return named_expression();
}

// A starred expression outside call arguments (`[*a, *b]`, `a, *b = x`).
void Parser::unsupported_star() {
  unsupported("starred expressions ('*x') outside call arguments are", peek().span);
}

// `a, b` at statement level (and after `return`, `in`, `=`): a bare Tuple
// whose span runs to its trailing comma, as in Python's AST.
ExprPtr Parser::star_expressions() {
  if (check(TokenKind::Star)) unsupported_star();
  ExprPtr first = expression();
  if (!check(TokenKind::Comma)) return first;
  auto tuple = make_expr(ExprKind::Tuple, extent(*first));
  Span end = extent(*first);
  tuple->items.push_back(std::move(first));
  while (check(TokenKind::Comma)) {
    end = advance().span;
    if (check(TokenKind::Star)) unsupported_star();
    if (!starts_expression(peek().kind)) break;
    // An element that does not parse leaves a trailing comma, as in
    // CPython's `(',' star_expression)+ [',']`.
    const size_t before = pos_, log = extent_log_.size();
    try {
      tuple->items.push_back(expression());
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

// The targets of `for` and of comprehensions (ended by `in`) or of `del`
// (ended by `;` or the end of the line): primaries such as `x`, `x.a`,
// `x[i]`, `(a, b)`, a bare Tuple when there are commas. When they are not
// assignable or the end does not follow, CPython's invalid_for_target and
// invalid_del_stmt re-read them as an expression and blame its invalid part.
ExprPtr Parser::target_list(bool del) {
  const size_t start = pos_;
  auto at_end = [this, del] {
    return del ? check(TokenKind::Semi) || check(TokenKind::Newline) : check(TokenKind::KwIn);
  };
  auto blame = [this, start, del] {
    if (!no_invalid_ && !target_fallback_) {
      ++target_fallback_;
      try {
        speculate([&] {
          pos_ = start;
          ExprPtr e = star_expressions();
          if (del)
            check_del_target(*e);
          else
            check_for_target(*e);
        });
      } catch (...) {
        --target_fallback_;
        throw;
      }
      --target_fallback_;
    }
    fail_generic();
  };
  auto element = [&] {
    if (check(TokenKind::Star)) {
      if (!del) unsupported_star();
      if (no_invalid_) fail_generic();  // no del target starts so
      const Token& star = advance();
      ExprPtr value = bitwise_or();
      fail("cannot delete starred", join(star.span, extent(*value)));
    }
    if (!starts_target(peek().kind)) blame();
    return parse_precedence(Prec::Postfix);
  };
  size_t last_start = pos_;
  ExprPtr first = element();
  if (check(TokenKind::Comma)) {
    auto tuple = make_expr(ExprKind::Tuple, extent(*first));
    Span end = extent(*first);
    tuple->items.push_back(std::move(first));
    while (check(TokenKind::Comma)) {
      end = advance().span;
      if (at_end()) break;
      last_start = pos_;
      tuple->items.push_back(element());
      end = extent(*tuple->items.back());
    }
    tuple->span = join(tuple->span, end);
    first = std::move(tuple);
  }
  if (!at_end()) {
    // `[x for x range(n)]`: the re-read finds a missing comma in brackets.
    const Expr& last = first->kind == ExprKind::Tuple && !first->parenthesized && !first->items.empty()
                           ? *first->items.back()
                           : *first;
    if (toks_[pos_ - 1].kind != TokenKind::Comma) check_comma(last, last_start);
    blame();
  }
  if (!valid_target(*first)) blame();
  return first;
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
  e->float_value = t.float_value;
  return e;
}

// One or more adjacent string literals, joined.
ExprPtr Parser::strings(const Token& first) {
  auto e = make_expr(ExprKind::Str, first.span);
  const Token* t = &first;
  std::string bad_escape;
  while (true) {
    if (t->str_format) unsupported("f-strings are", t->span);
    if (t->str_bytes) unsupported("bytes literals are", t->span);
    if (bad_escape.empty()) bad_escape = t->str_error;
    e->text += t->str_value;
    e->span = join(e->span, t->span);
    if (!check(TokenKind::String)) break;
    t = &advance();
  }
  // CPython decodes the strings once it has read the token after them, and
  // reports a bad escape there.
  if (!bad_escape.empty()) error_at_token(bad_escape, peek());
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
    e->parenthesized = true;
    return e;
  }
  if (check(TokenKind::KwYield)) unsupported("'yield' is", peek().span);
  ExprPtr first = star_named_expression();
  if (check(TokenKind::KwFor)) {
    auto comp = make_expr(ExprKind::ListComp, open.span);
    comp->generator = true;
    comp->items.push_back(std::move(first));
    comprehension_clauses(*comp);
    comp->span = join(open.span, expect(TokenKind::RParen).span);
    comp->parenthesized = true;
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
    tuple->parenthesized = true;
    return tuple;
  }
  const Token& close = expect(TokenKind::RParen);
  first->parenthesized = true;
  paren_extent_[first.get()] = join(open.span, close.span);
  extent_log_.push_back(first.get());
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
  ExprPtr body = expression();
  e->span = join(kw.span, extent(*body));
  e->items.push_back(std::move(body));
  return e;
}

ExprPtr Parser::unsupported_prefix(const Token& t) {
  if (t.kind == TokenKind::LBrace) {
    // CPython would read on to the end of the display first: an unclosed
    // brace is reported as such.
    size_t i = pos_;
    while (toks_[i].kind != TokenKind::Error && toks_[i].level >= t.level) ++i;
    if (toks_[i].kind == TokenKind::Error) {
      pos_ = i;
      peek();
    }
    unsupported("dict and set displays ('{...}') are", t.span);
  }
  unsupported(std::string("'") + token_text(t.kind) + "' is", t.span);
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

// f(a, *b, key=value, x for x in y)
ExprPtr Parser::call(ExprPtr& callee, const Token& open) {
  auto e = make_expr(ExprKind::Call, extent(*callee));
  bool seen_keyword = false;
  while (!check(TokenKind::RParen)) {
    const Token& t = peek();
    if (t.kind == TokenKind::Star) {
      advance();
      ExprPtr value = expression();
      auto star = make_expr(ExprKind::Starred, join(t.span, extent(*value)));
      star->items.push_back(std::move(value));
      e->args.push_back(std::move(star));
    } else if (t.kind == TokenKind::DoubleStar) {
      unsupported("'**' argument unpacking is", t.span);
    } else if (t.kind == TokenKind::Name && peek(1).kind == TokenKind::Equal) {
      advance();
      advance();
      Keyword kw;
      kw.name = std::string(t.text);
      kw.value = expression();
      kw.span = join(t.span, extent(*kw.value));
      e->keywords.push_back(std::move(kw));
      seen_keyword = true;
    } else {
      if ((t.kind == TokenKind::KwTrue || t.kind == TokenKind::KwFalse ||
           t.kind == TokenKind::KwNone) &&
          peek(1).kind == TokenKind::Equal)
        fail_range(std::string("cannot assign to ") + token_text(t.kind), t.span, peek(1).span);
      ExprPtr value = expression();
      if (check(TokenKind::Equal))
        fail_range("expression cannot contain assignment, perhaps you meant \"==\"?", value->span,
                   peek().span);
      if (check(TokenKind::ColonEqual)) unsupported("assignment expressions (':=') are", peek().span);
      if (seen_keyword && !no_invalid_) {
        // CPython's invalid_arguments reads the rest of the arguments (its
        // invalid_* rules on) and reports at the last token it read.
        speculate([&] {
          while (true) {
            if (match(TokenKind::Comma) || match(TokenKind::Star)) continue;
            if (check(TokenKind::Name) && peek(1).kind == TokenKind::Equal) {
              advance();
              advance();
            }
            if (!starts_expression(peek().kind)) break;
            expression();
          }
        });
        fail_at_token("positional argument follows keyword argument", toks_[farthest_any_]);
      }
      if (seen_keyword) fail_generic();
      if (check(TokenKind::KwFor)) {
        auto comp = make_expr(ExprKind::ListComp, value->span);
        comp->generator = true;
        const Span elt = value->span;
        comp->items.push_back(std::move(value));
        comprehension_clauses(*comp);
        if (!e->args.empty() || !e->keywords.empty() || check(TokenKind::Comma)) {
          const Comprehension& last = comp->comps.back();
          const Expr& end = last.ifs.empty() ? *last.iter : *last.ifs.back();
          fail_range("Generator expression must be parenthesized", elt, end.span);
        }
        // The sole argument `f(x for x in y)`: its parentheses are the call's.
        comp->span = join(open.span, peek().span);
        comp->parenthesized = true;
        value = std::move(comp);
      }
      e->args.push_back(std::move(value));
    }
    if (!match(TokenKind::Comma)) break;
  }
  e->span = join(e->span, expect(TokenKind::RParen).span);
  check_keywords(*e);
  e->items.push_back(std::move(callee));
  return e;
}

// a[i], a[i:j:k], a[i, :, None]
ExprPtr Parser::subscript(ExprPtr& object, const Token&) {
  auto e = make_expr(ExprKind::Subscript, extent(*object));
  ExprPtr index = slice_item();
  if (check(TokenKind::Comma)) {
    auto tuple = make_expr(ExprKind::Tuple, extent(*index));
    tuple->items.push_back(std::move(index));
    while (check(TokenKind::Comma)) {
      tuple->span = join(tuple->span, advance().span);
      if (check(TokenKind::RBracket)) break;
      tuple->items.push_back(slice_item());
      tuple->span = join(tuple->span, extent(*tuple->items.back()));
    }
    index = std::move(tuple);
  }
  e->span = join(e->span, expect(TokenKind::RBracket).span);
  e->items.push_back(std::move(object));
  e->items.push_back(std::move(index));
  return e;
}

// One element of a subscript: an expression or a slice `lower:upper:step`.
ExprPtr Parser::slice_item() {
  if (check(TokenKind::Star)) unsupported_star();
  ExprPtr lower;
  if (!check(TokenKind::Colon)) {
    lower = expression();
    if (!check(TokenKind::Colon)) {
      if (check(TokenKind::Equal)) check_named_assign(*lower);
      if (check(TokenKind::ColonEqual)) unsupported("assignment expressions (':=') are", peek().span);
      return lower;
    }
  }
  const Token& colon = advance();
  auto e = make_expr(ExprKind::Slice, lower ? extent(*lower) : colon.span);
  e->span = join(e->span, colon.span);
  ExprPtr upper, step;
  if (starts_expression(peek().kind)) {
    upper = expression();
    e->span = join(e->span, extent(*upper));
  }
  if (check(TokenKind::Colon)) {
    e->span = join(e->span, advance().span);
    if (starts_expression(peek().kind)) {
      step = expression();
      e->span = join(e->span, extent(*step));
    }
  }
  e->items.push_back(std::move(lower));
  e->items.push_back(std::move(upper));
  e->items.push_back(std::move(step));
  return e;
}

// for x in xs if c for y in ys ...
void Parser::comprehension_clauses(Expr& comp) {
  while (check(TokenKind::KwFor)) {
    advance();
    Comprehension c;
    c.target = target_list();
    expect(TokenKind::KwIn);
    c.iter = disjunction();
    while (match(TokenKind::KwIf)) c.ifs.push_back(disjunction());
    comp.comps.push_back(std::move(c));
  }
  if (check(TokenKind::KwAsync)) unsupported("'async' is", peek().span);
}

// The parameters of a def (closed by `)`) or a lambda (closed by `:`):
// names with optional defaults.
void Parser::parameters(std::vector<Param>& out, TokenKind closer) {
  bool seen_default = false;
  while (!check(closer)) {
    const Token& t = peek();
    if (t.kind == TokenKind::Star || t.kind == TokenKind::DoubleStar || t.kind == TokenKind::Slash)
      unsupported("'*', '**' and '/' in parameter lists are", t.span);
    const Token& n = expect(TokenKind::Name);
    Param p;
    p.name = std::string(n.text);
    p.span = n.span;
    if (closer == TokenKind::RParen && check(TokenKind::Colon))
      unsupported("parameter annotations are", peek().span);
    if (check(TokenKind::Equal)) {
      const Token& eq = advance();
      if (check(TokenKind::Comma) || check(TokenKind::RParen))
        fail("expected default value expression", eq.span);
      p.default_value = expression();
      seen_default = true;
    } else if (seen_default) {
      // CPython's invalid_parameters, once the list is known to be invalid.
      if (check(TokenKind::Comma) || check(closer))
        fail("non-default argument follows default argument", n.span);
    }
    out.push_back(std::move(p));
    if (!match(TokenKind::Comma)) break;
  }
  check_parameters(out);
}

}  // namespace tsh::grammar
