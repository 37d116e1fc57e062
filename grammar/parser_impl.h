// grammar/parser_impl.h — the Parser class shared by the parser's source
// files (internal to grammar/): parse_expr.cpp (the Pratt table and
// expressions), parse_stmt.cpp (statements, blocks, parse()),
// parser_errors.cpp (Python's error messages and which error wins).
//
// How errors follow CPython 3.11. CPython parses twice: a fast pass, and on
// failure a second pass whose extra "invalid_*" rules raise specific messages
// ("Perhaps you forgot a comma?", "cannot assign to ..."). When no specific
// rule fires, the error is "invalid syntax" at the farthest token the first
// pass read. tsh parses once and runs the same checks at the points where
// the second pass would fire them. So a failure is one of three things:
//   - generic: "this rule does not match"; becomes "invalid syntax" at the
//     farthest token, or is caught by a speculative parse;
//   - specific: a message of an invalid_* rule, raised at once;
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
  explicit Parser(const LexResult& lex) : lex_(lex), toks_(lex.tokens) {}

  std::vector<StmtPtr> module();  // throws Failure
  // The error CPython reports for `f`, after its whole-source check.
  ParseError resolve(const Failure& f) const;
  // The first compile-time error of a module that parsed, if any.
  std::optional<ParseError> compile_error() const;

  // Pratt table entries (parse_expr.cpp).
  using PrefixFn = ExprPtr (Parser::*)(const Token&);
  using InfixFn = ExprPtr (Parser::*)(ExprPtr, const Token&);
  struct Rule {
    PrefixFn prefix = nullptr;
    Prec prefix_prec = Prec::None;  // the lowest context the prefix form may start in
    InfixFn infix = nullptr;
    Prec prec = Prec::None;  // binding power of the infix form
  };
  static const Rule& rule(TokenKind kind);

 private:
  const LexResult& lex_;
  const std::vector<Token>& toks_;
  size_t pos_ = 0;
  size_t farthest_ = 0;      // farthest token read, speculative reads excluded
  size_t farthest_any_ = 0;  // farthest token read by any read
  int depth_ = 0;            // nesting of the parse, bounded by kMaxDepth
  int speculating_ = 0;      // > 0 inside a speculative parse
  int function_depth_ = 0, loop_depth_ = 0;
  // Outer spans of parenthesized expressions: `(a)` has the span of `a`, as
  // in Python's AST, but a node built on it, `(a) + b`, starts at the `(`.
  std::unordered_map<const Expr*, Span> paren_extent_;
  std::vector<const Expr*> extent_log_;  // keys added, undone by speculate()
  // Compile-time errors, reported only when the whole module parses.
  std::optional<ParseError> symtable_error_, compiler_error_;

 public:
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
  ExprPtr named_expression();  // `expression` where `=` must not follow
  ExprPtr star_named_expression();  // an element of a display
  [[noreturn]] void unsupported_star();
  ExprPtr disjunction() { return parse_precedence(Prec::Or); }
  ExprPtr bitwise_or() { return parse_precedence(Prec::BitOr); }
  ExprPtr star_expressions();  // `a, b` becomes a bare Tuple
  ExprPtr target_list();       // the targets of `for` (stops before `in`)
  static bool starts_expression(TokenKind k);
  Span extent(const Expr& e) const;

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
  ExprPtr unsupported_prefix(const Token&);
  // infix parselets
  ExprPtr binary(ExprPtr, const Token&);
  ExprPtr power(ExprPtr, const Token&);
  ExprPtr bool_op(ExprPtr, const Token&);
  ExprPtr compare(ExprPtr, const Token&);
  ExprPtr ternary(ExprPtr, const Token&);
  ExprPtr call(ExprPtr, const Token&);
  ExprPtr subscript(ExprPtr, const Token&);
  ExprPtr attribute(ExprPtr, const Token&);

  ExprPtr slice_item();
  void comprehension_clauses(Expr& comp);
  void parameters(std::vector<Param>& out, TokenKind closer);

  // ---- statements (parse_stmt.cpp)
  void statement(std::vector<StmtPtr>& out);
  void simple_statements(std::vector<StmtPtr>& out);
  StmtPtr small_statement();
  StmtPtr expression_statement();
  StmtPtr import_statement(const Token& kw);
  StmtPtr del_statement(const Token& kw);
  StmtPtr if_statement(const Token& kw);
  StmtPtr while_statement(const Token& kw);
  StmtPtr for_statement(const Token& kw);
  StmtPtr def_statement(const Token& kw);
  void block(std::vector<StmtPtr>& body, const std::string& what, int header_line);
  void no_loop_else(const char* what);

  // ---- errors (parser_errors.cpp)
  [[noreturn]] void fail_generic();
  [[noreturn]] void fail(const std::string& message, Span span, const char* type = "SyntaxError");
  [[noreturn]] void fail_range(const std::string& message, Span from, Span to);
  [[noreturn]] void fail_at_token(const std::string& message, const Token& t,
                                  const char* type = "SyntaxError", bool incomplete = false);
  [[noreturn]] void unsupported(const std::string& what, Span span);
  Span error_span(const Token& t) const;  // where CPython puts a caret for `t`

  // Runs `f` as a lookahead that may fail generically; restores the
  // position either way. Specific and lexical failures propagate, as errors
  // raised by CPython's second pass do.
  template <class F>
  bool speculate(F&& f) {
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
    // The nodes built by the lookahead are gone: forget their extents.
    for (size_t i = saved_log; i < extent_log_.size(); ++i) paren_extent_.erase(extent_log_[i]);
    extent_log_.resize(saved_log);
    return ok;
  }

  void check_comma(const Expr& e, size_t start);  // "Perhaps you forgot a comma?"
  void check_named_assign(const Expr& e);     // `if x = 1:`
  void check_assign_target(std::vector<ExprPtr>& targets, size_t first_eq);
  void check_aug_target(const Expr& e);
  void check_del_target(const Expr& e);
  void check_for_target(const Expr& e);
  void note_compile_error(std::optional<ParseError>& slot, const std::string& message, Span span);
  void check_parameters(const std::vector<Param>& params);
  void check_keywords(const Expr& call);

  friend struct DepthGuard;
};

// Bounds the parse's nesting so that deep input cannot exhaust the stack.
struct DepthGuard {
  static constexpr int kMaxDepth = 2000;
  Parser& p;
  int added;
  DepthGuard(Parser& parser, int n = 1);
  ~DepthGuard() { p.depth_ -= added; }
  void add(int n = 1);
};

// Helpers shared by the parser's files.
Span join(Span a, Span b);
ExprPtr make_expr(ExprKind kind, Span span);
StmtPtr make_stmt(StmtKind kind, Span span);
const char* expr_name(const Expr& e);  // CPython's _PyPegen_get_expr_name

}  // namespace tsh::grammar
