// grammar/parse_display.cpp — `{...}` displays: dict displays (with `**m`
// entries) and dict comprehensions, with CPython 3.11's invalid_* messages
// for malformed entries. Set displays and set comprehensions are parsed as
// Python parses them and refused as not supported by tsh.
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

// { } — a dict display or comprehension, or a set one (refused).
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
    Expr scratch;  // collects the clauses
    comprehension_clauses(scratch);
    no_starred_comprehension(*set_first);
    const Span span = join(open.span, expect(TokenKind::RBrace).span);
    note_unsupported("set comprehensions ('{x for x in y}') are", span);
    return placeholder("set comprehension", span);
  }
  while (match(TokenKind::Comma) && !check(TokenKind::RBrace)) {
    if (!is_dict) {
      star_named_expression();
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
  if (!is_dict) {
    note_unsupported("set displays ('{a, b}') are", d->span);
    return placeholder("set display", d->span);
  }
  return d;
}

}  // namespace tsh::grammar
