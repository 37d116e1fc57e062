// grammar/parser_impl.h — the Parser class shared by the parser's source
// files (internal to grammar/): parse_stmt.cpp (tokens, statements, blocks,
// parse()), parse_expr.cpp (the Pratt table, expressions), parse_forms.cpp
// (calls, subscripts, comprehensions, parameters, targets),
// parse_unsupported.cpp (Python forms tsh does not implement) and
// parser_errors.cpp (Python's error messages and which error wins).
//
// How errors follow CPython 3.11. CPython parses twice: a plain pass, and
// when it fails a second pass from the start whose extra "invalid_*" rules
// raise specific messages ("Perhaps you forgot a comma?", "cannot assign to
// ..."); when none fires, the error is "invalid syntax" at the farthest token
// the first pass read. tsh does the same with one parser run twice: the
// invalid_* checks (check_*, fail*) are off in the first run. A failure is
//   - generic: "this rule does not match"; backtracked over, caught by a
//     speculative parse, or in the end "invalid syntax" at the farthest token;
//   - specific: a message, raised at once (by an invalid_* check, or by a
//     first-pass error such as a forced token: "expected ':'");
//   - lexical: the parser reached the lexer's Error token.
#pragma once

#include <unordered_map>

#include "grammar/lexer.h"
#include "grammar/parser.h"

namespace tsh::grammar {

// Binding power, lowest to highest (Python's precedence table).
enum class Prec : uint8_t {
  None,
  Lambda,   // lambda x: e                    prefix
  Ternary,  // a if c else b                  infix `if`
  Or,       // a or b
  And,      // a and b
  Not,      // not a                          prefix
  Compare,  // < > == >= <= != in, not in, is, is not (chained)
  BitOr,    // a | b
  BitXor,   // a ^ b
  BitAnd,   // a & b
  Shift,    // a << b, a >> b
  Term,     // a + b, a - b
  Factor,   // a * b, a / b, a // b, a % b, a @ b
  Unary,    // +a, -a, ~a                     prefix
  Power,    // a ** b: right-associative, its right operand is Unary
  Postfix,  // f(x), a[i], a.b
  Primary,  // names, literals, displays
};

// Thrown to unwind a failed parse.
struct Failure {
  enum class Kind { Generic, Specific, Lexical } kind;
  ParseError error;           // unset for Generic
  bool may_be_replaced = true;  // by a tokenizer error later in the source
};

class Parser {
 public:
  // `second_pass` turns on CPython's invalid_* rules.
  Parser(const LexResult& lex, bool second_pass, bool interactive)
      : lex_(lex), toks_(lex.tokens), second_pass_(second_pass), interactive_(interactive),
        no_invalid_(second_pass ? 0 : 1), clean_expr_(second_pass ? lex.tokens.size() : 0),
        expr_failed_(clean_expr_.size()) {
    end_token_.kind = TokenKind::EndMarker;
    end_token_.span = lex.eof;
  }

  std::vector<StmtPtr> module();  // throws Failure
  // The error CPython reports for `f`, after its whole-source check.
  ParseError resolve(const Failure& f) const;
  size_t farthest_read() const { return farthest_any_; }
  // Whether the first pass failed wanting more input than there is.
  bool failed_at_end() const;
  void set_farthest_read(size_t i) { farthest_any_ = i; }
  // The first compile-time error of a module that parsed, if any.
  std::optional<ParseError> compile_error() const;

  // Pratt table entries (parse_expr.cpp).
  using PrefixFn = ExprPtr (Parser::*)(const Token&);
  // An infix parselet builds its node from `left` but takes it only once
  // the rest has parsed: on failure the caller keeps `left` and backtracks,
  // as CPython's PEG parser does (`a +` then junk reads as `a`).
  using InfixFn = ExprPtr (Parser::*)(ExprPtr& left, const Token&);
  struct Rule {
    PrefixFn prefix = nullptr;
    Prec prefix_prec = Prec::None;  // the lowest context the prefix form may start in
    InfixFn infix = nullptr;
    Prec prec = Prec::None;  // binding power of the infix form
  };
  static const Rule& rule(TokenKind kind);

 private:
  friend struct DepthGuard;
  friend struct InvalidOff;

  const LexResult& lex_;
  const std::vector<Token>& toks_;
  size_t pos_ = 0;
  size_t farthest_ = 0;      // farthest token read, speculative reads excluded
  size_t farthest_any_ = 0;  // farthest token read by any read
  int depth_ = 0;            // nesting of the parse, bounded by kMaxDepth
  int speculating_ = 0;      // > 0 inside a speculative parse
  bool second_pass_;
  bool interactive_;
  Token end_token_;  // what the end of input reads as in interactive mode
  int no_invalid_;           // > 0: CPython's invalid_* rules are off (the first
                             // pass; `expression_without_invalid`)
  int target_fallback_ = 0;  // > 0 inside invalid_for_target's re-read
  // Inside check_legacy's re-read of the tokens after `print`: where the
  // normal parse of that expression ended. Tokens before it were parsed
  // already; a `print` among them is not re-read again (which would take
  // exponential time on nested prints). 0 outside a re-read.
  size_t legacy_covered_ = 0;
  // CPython memoizes `expression` results, also those computed with the
  // invalid_* rules off (inside expression_without_invalid): a later parse
  // of an expression at such a position runs none of the checks inside.
  // This marks the token positions where that happened (second pass only).
  std::vector<char> clean_expr_;
  // Token positions where an expression failed to parse with the invalid_*
  // rules on (second pass): a lookahead that tries one again fails at once.
  // Without this, re-reading nested failures (`print - (print - (0+))`)
  // would take exponential time.
  std::vector<char> expr_failed_;
  int function_depth_ = 0, loop_depth_ = 0;
  // The `generator` flag of the innermost def, which a yield sets; null in a class body or a lambda.
  bool* generator_flag_ = nullptr;
  // Outer spans of parenthesized expressions: `(a)` has the span of `a`, as
  // in Python's AST, but a node built on it, `(a) + b`, starts at the `(`.
  std::unordered_map<const Expr*, Span> paren_extent_;
  std::vector<const Expr*> extent_log_;  // keys added, undone by speculate()
  // Compile-time errors, reported only when the whole module parses.
  std::optional<ParseError> symtable_error_, compiler_error_;

  // ---- tokens (parse_stmt.cpp)
  const Token& peek(size_t ahead = 0);
  const Token& advance();
  bool check(TokenKind k) { return peek().kind == k; }
  bool match(TokenKind k);
  const Token& expect(TokenKind k);          // generic failure when absent
  const Token& expect_forced(TokenKind k);   // "expected ':'" when absent

  // ---- expressions (parse_expr.cpp)
  ExprPtr parse_precedence(Prec prec);
  ExprPtr expression();        // Python's `expression`: lambda and a if c else b
  ExprPtr checked_expression(size_t start);
  ExprPtr named_expression();  // `expression` where `=` must not follow
  ExprPtr star_named_expression();  // an element of a display
  ExprPtr starred(Prec value);      // `*x` outside calls: not supported
  void lone_star(const Expr& e, const char* message);
  ExprPtr disjunction() { return parse_precedence(Prec::Or); }
  ExprPtr bitwise_or() { return parse_precedence(Prec::BitOr); }
  ExprPtr star_expressions();  // `a, b` becomes a bare Tuple
  ExprPtr target_list(bool del = false);  // the targets of `for` or `del`
  static bool starts_expression(TokenKind k);
  static bool starts_target(TokenKind k);
  Span extent(const Expr& e) const;  // the span with any parentheses around it
  void set_parenthesized(Expr& e, Span outer);

  // prefix parselets
  ExprPtr name(const Token&);
  ExprPtr number(const Token&);
  ExprPtr strings(const Token&);
  ExprPtr constant(const Token&);
  ExprPtr group(const Token&);
  ExprPtr list(const Token&);
  ExprPtr unary(const Token&);
  ExprPtr not_(const Token&);
  ExprPtr lambda(const Token&);
  ExprPtr brace(const Token&);
  ExprPtr await_(const Token&);
  // infix parselets
  ExprPtr binary(ExprPtr&, const Token&);
  ExprPtr power(ExprPtr&, const Token&);
  ExprPtr bool_op(ExprPtr&, const Token&);
  ExprPtr compare(ExprPtr&, const Token&);
  ExprPtr ternary(ExprPtr&, const Token&);
  ExprPtr call(ExprPtr&, const Token&);
  ExprPtr subscript(ExprPtr&, const Token&);
  ExprPtr attribute(ExprPtr&, const Token&);

  // dict displays (parse_display.cpp) and f-strings (fstring.cpp)
  ExprPtr dict_value(const Token& colon);
  void fstring(const Token& t, Expr& joined);
  ExprPtr fstring_expression(const std::string& text, int line, int col);

  ExprPtr slice_item();
  void positional_after_keyword(bool after_unpacking);
  void comprehension_clauses(Expr& comp);
  void no_starred_comprehension(const Expr& element);
  void parameters(std::vector<Param>& out, TokenKind closer);

  // ---- def, class, decorators, yield, annotations, loop else (parse_defs.cpp)
  StmtPtr def_statement(const Token& kw);
  StmtPtr class_statement(const Token& kw);
  StmtPtr decorated(const Token& at);
  ExprPtr yield_expression();
  StmtPtr annotated_assignment(ExprPtr target);
  void loop_else(Stmt& loop);

  // ---- forms tsh does not implement (parse_unsupported.cpp)
  void note_unsupported(const std::string& what, Span span);
  ExprPtr placeholder(const char* name, Span span);
  ExprPtr walrus(ExprPtr& target);
  StmtPtr unsupported_statement();

  // ---- statements (parse_stmt.cpp)
  void statement(std::vector<StmtPtr>& out);
  void simple_statements(std::vector<StmtPtr>& out);
  StmtPtr small_statement();
  StmtPtr expression_statement();
  void scan_named_elements(size_t start);
  StmtPtr import_statement(const Token& kw);
  StmtPtr del_statement(const Token& kw);
  StmtPtr if_statement(const Token& kw);
  StmtPtr try_statement(const Token& kw);
  StmtPtr with_statement(const Token& kw);
  StmtPtr scope_statement(const Token& kw);
  StmtPtr assert_statement(const Token& kw);
  StmtPtr raise_statement(const Token& kw);
  StmtPtr while_statement(const Token& kw);
  StmtPtr for_statement(const Token& kw);
  void block(std::vector<StmtPtr>& body, const std::string& what, int header_line);

  // ---- IPython's escapes (parse_magic.cpp)
  StmtPtr magic_statement(const Token& tok);
  bool help_statement(std::vector<StmtPtr>& out);  // false: the line is no help request

  // ---- errors (parser_errors.cpp)
  [[noreturn]] void fail_generic();
  [[noreturn]] void fail(const std::string& message, Span span, const char* type = "SyntaxError");
  [[noreturn]] void fail_range(const std::string& message, Span from, Span to);
  [[noreturn]] void fail_at_token(const std::string& message, const Token& t,
                                  const char* type = "SyntaxError", bool incomplete = false);
  // An error CPython raises in its first pass (forced tokens, bad escapes).
  [[noreturn]] void error_at_token(const std::string& message, const Token& t);
  Span error_span(const Token& t) const;  // where CPython puts a caret for `t`
  int line_length(int line) const;

  // Runs `f` as a lookahead that may fail generically; restores the
  // position either way. Specific and lexical failures propagate, as errors
  // raised by CPython's second pass do.
  template <class F>
  bool speculate(F&& f);  // defined below DepthGuard
  // The nodes built since the log had `mark` entries are gone.
  void forget_extents(size_t mark) {
    for (size_t i = mark; i < extent_log_.size(); ++i) paren_extent_.erase(extent_log_[i]);
    extent_log_.resize(mark);
  }

  void check_comma(const Expr& e, size_t start);  // "Perhaps you forgot a comma?"
  void check_legacy(const Expr& e, size_t start);  // `print x`
  void check_named_assign(const Expr& e);     // `if x = 1:`
  void check_assign_target(std::vector<ExprPtr>& targets, size_t start);
  void check_aug_target(const Expr& e);
  void check_del_target(const Expr& e);
  void check_for_target(const Expr& e);
  void note_compile_error(std::optional<ParseError>& slot, const std::string& message, Span span);
  void check_parameters(const std::vector<Param>& params);
  void check_keywords(const Expr& call);
};

// Bounds the parse's nesting so that deep input cannot exhaust the stack.
struct DepthGuard {
  static constexpr int kMaxDepth = 1000;
  Parser& p;
  int added;
  DepthGuard(Parser& parser, int n = 1);
  ~DepthGuard() { p.depth_ -= added; }
  void add(int n = 1);
};

template <class F>
bool Parser::speculate(F&& f) {
  DepthGuard guard(*this);  // lookaheads nest too (`a a a ...`)
  const size_t saved_pos = pos_, saved_far = farthest_, saved_log = extent_log_.size();
  ++speculating_;
  bool ok = true;
  try {
    f();
  } catch (const Failure& e) {
    if (e.kind != Failure::Kind::Generic) {
      --speculating_;
      throw;
    }
    ok = false;
  }
  --speculating_;
  pos_ = saved_pos;
  farthest_ = saved_far;
  forget_extents(saved_log);
  return ok;
}

// Turns CPython's invalid_* rules off for a scope (when `on`).
struct InvalidOff {
  Parser& p;
  bool on;
  InvalidOff(Parser& parser, bool cond) : p(parser), on(cond) { p.no_invalid_ += on; }
  ~InvalidOff() { p.no_invalid_ -= on; }
};

// Helpers shared by the parser's files.
Span join(Span a, Span b);
ExprPtr make_expr(ExprKind kind, Span span);
StmtPtr make_stmt(StmtKind kind, Span span);
const char* expr_name(const Expr& e);  // CPython's _PyPegen_get_expr_name
bool valid_target(const Expr& e);      // Name, Attribute, Subscript, or a Tuple/List of them

}  // namespace tsh::grammar
