// grammar/parse_forms.cpp — the composite expression forms: call arguments,
// subscripts and slices, comprehension clauses, parameter lists, and the
// targets of `for` and `del`.
#include <functional>

#include "grammar/parser_impl.h"

namespace tsh::grammar {

// f(a, *b, key=value) and f(x for x in y)
ExprPtr Parser::call(ExprPtr& callee, const Token& open) {
  auto e = make_expr(ExprKind::Call, extent(*callee));
  bool seen_keyword = false, seen_unpacking = false;
  while (!check(TokenKind::RParen)) {
    const Token& t = peek();
    if (t.kind == TokenKind::Star) {
      // CPython's invalid_arguments: `f(**k, *a)`.
      if (seen_unpacking)
        fail_at_token("iterable argument unpacking follows keyword argument unpacking", t);
      advance();
      ExprPtr value = expression();
      auto star = make_expr(ExprKind::Starred, join(t.span, extent(*value)));
      star->items.push_back(std::move(value));
      e->args.push_back(std::move(star));
    } else if (t.kind == TokenKind::DoubleStar) {
      advance();
      Keyword kw;  // an unnamed keyword: Python's `**mapping`
      kw.value = expression();
      kw.span = join(t.span, extent(*kw.value));
      e->keywords.push_back(std::move(kw));
      seen_keyword = seen_unpacking = true;
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
      // CPython's invalid_kwarg.
      if ((t.kind == TokenKind::KwTrue || t.kind == TokenKind::KwFalse ||
           t.kind == TokenKind::KwNone) &&
          peek(1).kind == TokenKind::Equal)
        fail_range(std::string("cannot assign to ") + token_text(t.kind), t.span, peek(1).span);
      ExprPtr value = expression();
      if (check(TokenKind::Equal))
        fail_range("expression cannot contain assignment, perhaps you meant \"==\"?", value->span,
                   peek().span);
      if (check(TokenKind::ColonEqual)) value = walrus(value);
      if (seen_keyword) positional_after_keyword(seen_unpacking);
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
        set_parenthesized(*comp, comp->span);
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

// A positional argument after a keyword one. CPython's invalid_arguments
// reads the rest of the arguments (its invalid_* rules on) and reports at
// the last token it read.
void Parser::positional_after_keyword(bool after_unpacking) {
  if (no_invalid_) fail_generic();
  speculate([&] {
    while (true) {
      if (match(TokenKind::Comma) || match(TokenKind::Star) || match(TokenKind::DoubleStar)) continue;
      if (check(TokenKind::Name) && peek(1).kind == TokenKind::Equal) {
        advance();
        advance();
      }
      if (!starts_expression(peek().kind)) break;
      expression();
    }
  });
  fail_at_token(after_unpacking ? "positional argument follows keyword argument unpacking"
                                : "positional argument follows keyword argument",
                toks_[farthest_any_]);
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
  } else if (index->kind == ExprKind::Starred) {  // a[*b] indexes with tuple(b)
    auto tuple = make_expr(ExprKind::Tuple, index->span);
    tuple->items.push_back(std::move(index));
    index = std::move(tuple);
  }
  e->span = join(e->span, expect(TokenKind::RBracket).span);
  e->items.push_back(std::move(object));
  e->items.push_back(std::move(index));
  return e;
}

// One element of a subscript: an expression or a slice `lower:upper:step`.
ExprPtr Parser::slice_item() {
  if (check(TokenKind::Star)) return starred(Prec::Lambda);  // a[*b]
  ExprPtr lower;
  if (!check(TokenKind::Colon)) {
    lower = expression();
    if (!check(TokenKind::Colon)) {
      if (check(TokenKind::Equal)) check_named_assign(*lower);
      if (check(TokenKind::ColonEqual)) return walrus(lower);
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
  while (check(TokenKind::KwFor) || check(TokenKind::KwAsync)) {
    if (check(TokenKind::KwAsync)) note_unsupported("'async' is", advance().span);
    expect(TokenKind::KwFor);
    Comprehension c;
    c.target = target_list();
    expect(TokenKind::KwIn);
    c.iter = disjunction();
    while (match(TokenKind::KwIf)) c.ifs.push_back(disjunction());
    comp.comps.push_back(std::move(c));
  }
}

// `[*x for x in y]`: CPython's invalid_comprehension.
void Parser::no_starred_comprehension(const Expr& element) {
  if (element.kind == ExprKind::Starred)
    fail("iterable unpacking cannot be used in comprehension", element.span);
}

// The parameters of a def (closed by `)`) or a lambda (closed by `:`), with
// Python's kinds: `a`, `a=1`, `/`, `*`, `*args`, keyword-only parameters and
// `**kwargs`; misplaced ones fail with CPython 3.11's invalid_parameters
// messages. A def's parameters may carry annotations.
void Parser::parameters(std::vector<Param>& out, TokenKind closer) {
  const bool def = closer == TokenKind::RParen;
  bool seen_default = false, seen_star = false, seen_slash = false, seen_kwargs = false;
  auto annotation = [&] {
    if (def && match(TokenKind::Colon)) out.back().annotation = expression();
  };
  auto name_param = [&](ParamKind kind) -> Param& {
    const Token& n = expect(TokenKind::Name);
    Param p;
    p.name = std::string(n.text);
    p.span = n.span;
    p.kind = kind;
    out.push_back(std::move(p));
    annotation();
    return out.back();
  };
  while (!check(closer)) {
    const Token& t = peek();
    if (seen_kwargs) fail("arguments cannot follow var-keyword argument", t.span);
    if (t.kind == TokenKind::Slash) {
      if (out.empty() && !seen_star) fail("at least one argument must precede /", t.span);
      if (seen_slash) fail("/ may appear only once", t.span);
      if (seen_star) fail("/ must be ahead of *", t.span);
      advance();
      seen_slash = true;
      for (Param& p : out) p.kind = ParamKind::PositionalOnly;
    } else if (t.kind == TokenKind::Star) {
      if (seen_star) fail("* argument may appear only once", t.span);
      advance();
      seen_star = true;
      if (check(TokenKind::Name)) {
        name_param(ParamKind::VarArgs);
        if (check(TokenKind::Equal)) fail("var-positional argument cannot have default value", peek().span);
      } else if (check(closer) || (check(TokenKind::Comma) && (peek(1).kind == closer ||
                                                                peek(1).kind == TokenKind::DoubleStar))) {
        // A def blames the `*`; a lambda the last token CPython's rule read.
        fail("named arguments must follow bare *", def ? t.span : check(closer) ? peek().span : peek(1).span);
      }
    } else if (t.kind == TokenKind::DoubleStar) {
      advance();
      name_param(ParamKind::VarKeywords);
      if (check(TokenKind::Equal)) fail("var-keyword argument cannot have default value", peek().span);
      seen_kwargs = true;
    } else {
      const Span name_span = t.span;
      Param& p = name_param(seen_star ? ParamKind::KeywordOnly : ParamKind::Normal);
      if (check(TokenKind::Equal)) {
        const Token& eq = advance();
        // CPython's invalid_default.
        if (check(TokenKind::Comma) || check(TokenKind::RParen))
          fail("expected default value expression", eq.span);
        p.default_value = expression();
        seen_default = true;
      } else if (seen_default && !seen_star && (check(TokenKind::Comma) || check(closer))) {
        // CPython's invalid_parameters, once the list is known to be invalid.
        fail("non-default argument follows default argument", name_span);
      }
    }
    if (!match(TokenKind::Comma)) break;
  }
  check_parameters(out);
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
  std::function<ExprPtr()> element = [&]() -> ExprPtr {
    if (check(TokenKind::Star)) {
      const Token& star = peek();
      if (del) {
        if (no_invalid_) fail_generic();  // no del target starts so
        advance();
        ExprPtr value = bitwise_or();
        fail("cannot delete starred", join(star.span, extent(*value)));
      }
      advance();
      ExprPtr value = element();
      auto e = make_expr(ExprKind::Starred, join(star.span, extent(*value)));
      e->items.push_back(std::move(value));
      return e;
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
  lone_star(*first, "starred assignment target must be in a list or tuple");
  return first;
}

}  // namespace tsh::grammar
