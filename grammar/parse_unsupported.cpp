// grammar/parse_unsupported.cpp — the Python 3.11 forms tsh does not
// implement: `await`, `except*`, relative and star imports (`from . import x`,
// `from m import *`) and async.
//
// They are parsed as Python parses them, so that invalid Python still gets
// Python's error, and each is recorded as "... not supported by tsh"; that
// error is reported only when the whole input parsed (see parse()), so no
// tree holding one of these forms ever leaves the parser.
#include "grammar/parser_impl.h"

namespace tsh::grammar {

void Parser::note_unsupported(const std::string& what, Span span) {
  const bool first = !compiler_error_;
  note_compile_error(compiler_error_, what + " not supported by tsh", span);
  if (first && compiler_error_) compiler_error_->compiler = false;  // tsh's own refusal shows its line
}

// Stands for an expression tsh cannot represent. Its kind is Ellipsis and
// its `text` is CPython's name for the form ("dict literal"), which the
// error messages use (expr_name).
ExprPtr Parser::placeholder(const char* name, Span span) {
  auto e = make_expr(ExprKind::Ellipsis, span);
  e->text = name;
  return e;
}

// await x
ExprPtr Parser::await_(const Token& kw) {
  ExprPtr value = parse_precedence(Prec::Postfix);
  const Span span = join(kw.span, extent(*value));
  if (function_depth_ == 0)
    note_compile_error(compiler_error_, "'await' outside function", span);
  else
    note_unsupported("'await' is", span);
  return placeholder("await expression", span);
}

// The statements tsh does not implement. Each returns a Pass standing for
// it; the error recorded for it keeps the tree from being used.
StmtPtr Parser::unsupported_statement() {
  const Token& kw = advance();
  Span span = kw.span;
  auto ends = [&](Span s) { span = join(span, s); };
  std::vector<StmtPtr> body;
  std::string what;
  switch (kw.kind) {
    case TokenKind::KwAsync:
      note_unsupported("'async' is", kw.span);
      if (check(TokenKind::KwDef)) return def_statement(advance());
      if (check(TokenKind::KwFor)) return for_statement(advance());
      if (check(TokenKind::KwWith)) return with_statement(advance());
      fail_generic();
    case TokenKind::KwFrom: {
      // `from m.n import a as b, c` is supported (StmtKind::ImportFrom);
      // relative imports and `import *` are parsed here and refused.
      what = "'from ... import' is";
      bool dots = false;
      while (check(TokenKind::Dot) || check(TokenKind::Ellipsis)) {
        advance();
        dots = true;
      }
      std::string module;
      if (!dots || check(TokenKind::Name)) {
        module = std::string(expect(TokenKind::Name).text);
        while (match(TokenKind::Dot)) module += "." + std::string(expect(TokenKind::Name).text);
      }
      expect(TokenKind::KwImport);
      if (match(TokenKind::Star)) {
        what = "'from ... import *' is";
        ends(toks_[pos_ - 1].span);
        break;
      }
      auto s = make_stmt(StmtKind::ImportFrom, kw.span);
      s->name = module;
      const bool paren = match(TokenKind::LParen);
      do {
        if (paren && !s->imports.empty() && check(TokenKind::RParen)) break;
        const Token& n = expect(TokenKind::Name);
        ImportName imp;
        imp.module = std::string(n.text);
        imp.span = n.span;
        if (match(TokenKind::KwAs)) {
          const Token& alias = expect(TokenKind::Name);
          imp.alias = std::string(alias.text);
          imp.span = join(imp.span, alias.span);
        }
        ends(imp.span);
        s->imports.push_back(std::move(imp));
      } while (match(TokenKind::Comma) && (paren || !check(TokenKind::Newline)));
      if (paren) ends(expect(TokenKind::RParen).span);
      if (!paren && toks_[pos_ - 1].kind == TokenKind::Comma)
        fail_at_token("trailing comma not allowed without surrounding parentheses", peek());
      s->span = span;
      if (!dots) return s;
      what = "relative imports ('from . import x') are";
      break;
    }
    default:
      fail_generic();
  }
  note_unsupported(what, span);
  return make_stmt(StmtKind::Pass, span);
}

}  // namespace tsh::grammar
