// grammar/parse_display.cpp — `{...}` displays: dict displays (with `**m`
// entries) and dict comprehensions, with CPython 3.11's invalid_* messages
// for malformed entries; set displays and set comprehensions.
#include "grammar/parser_impl.h"

namespace tsh::grammar {

// The value after `key:` in a dict display, or CPython's invalid_kvpair and
// invalid_double_starred_kvpairs errors for a missing or starred value.
ExprPtr Parser::dict_value(const Token& colon) {
  if (check(TokenKind::Star)) {
    const Token& star = advance();
    ExprPtr v = bitwise_or();
    fail("cannot use a starred expression in a dictionary value", join(star.span, extent(*v)));
  }
  if (check(TokenKind::RBrace) || check(TokenKind::Comma))
    fail("expression expected after dictionary key and ':'", colon.span);
  return expression();
}

// { } — a dict display or comprehension, or a set one.
ExprPtr Parser::brace(const Token& open) {
  auto d = make_expr(ExprKind::Dict, open.span);
  if (check(TokenKind::RBrace)) {
    d->span = join(open.span, advance().span);
    return d;
  }
  // The first element decides: `k: v` or `**m` make a dict, anything else a set.
  bool is_dict = true;
  ExprPtr set_first;
  if (check(TokenKind::DoubleStar)) {
    const Token& stars = advance();
    ExprPtr m = bitwise_or();
    if (check(TokenKind::KwFor) || check(TokenKind::KwAsync))
      fail("dict unpacking cannot be used in dict comprehension", stars.span);
    d->items.push_back(nullptr);
    d->items.push_back(std::move(m));
  } else if (check(TokenKind::Star)) {
    set_first = star_named_expression();
    is_dict = false;
  } else {
    ExprPtr key = named_expression();
    if (check(TokenKind::Colon)) {
      const Token& colon = advance();
      ExprPtr value = dict_value(colon);
      d->items.push_back(std::move(key));
      d->items.push_back(std::move(value));
    } else {
      set_first = std::move(key);
      is_dict = false;
    }
  }
  if (check(TokenKind::KwFor) || check(TokenKind::KwAsync)) {
    if (is_dict) {
      d->kind = ExprKind::DictComp;
      comprehension_clauses(*d);
      d->span = join(open.span, expect(TokenKind::RBrace).span);
      return d;
    }
    auto comp = make_expr(ExprKind::SetComp, open.span);
    comprehension_clauses(*comp);
    no_starred_comprehension(*set_first);
    comp->items.push_back(std::move(set_first));
    comp->span = join(open.span, expect(TokenKind::RBrace).span);
    return comp;
  }
  if (!is_dict) {
    d->kind = ExprKind::Set;
    d->items.push_back(std::move(set_first));
  }
  while (match(TokenKind::Comma) && !check(TokenKind::RBrace)) {
    if (!is_dict) {
      d->items.push_back(star_named_expression());
      continue;
    }
    if (match(TokenKind::DoubleStar)) {
      d->items.push_back(nullptr);
      d->items.push_back(bitwise_or());
      continue;
    }
    if (check(TokenKind::Star)) fail_generic();
    ExprPtr key = expression();
    if (!check(TokenKind::Colon)) {
      // CPython's invalid_kvpair: one caret on the key's last character.
      const Span end = extent(*key);
      fail("':' expected after dictionary key", Span{end.end_line, end.end_col - 1, end.end_line, end.end_col});
    }
    const Token& colon = advance();
    d->items.push_back(std::move(key));
    d->items.push_back(dict_value(colon));
  }
  d->span = join(open.span, expect(TokenKind::RBrace).span);
  return d;
}

}  // namespace tsh::grammar
