// tests/unit/grammar/test_parser.cpp — the parser: precedence and associativity
// (trees printed as S-expressions by dump()), every statement kind, node
// spans, and errors with Python 3.11's message, line, caret columns and the
// incomplete flag. Expected errors come from python3.11 itself
// (compile(src, '<stdin>', 'exec'); its 1-based character offsets converted
// to 0-based byte columns).
#include <catch2/catch.hpp>

#include <string>

#include "grammar/dump.h"
#include "grammar/parser.h"

using namespace tsh::grammar;

namespace {

// The dump of `src`'s statements, or "ERR Type: message".
std::string p(std::string_view src) {
  const ParseResult r = parse(src);
  if (r.error) return "ERR " + r.error->type + ": " + r.error->message;
  return dump(r.stmts);
}

// The single expression statement of `src`, dumped.
std::string e(std::string_view src) {
  const std::string d = p(src);
  if (d.rfind("(expr ", 0) != 0) return d;
  return d.substr(6, d.size() - 7);
}

const Expr& expr_of(const ParseResult& r, size_t i = 0) {
  REQUIRE_FALSE(r.error);
  REQUIRE(r.stmts.size() > i);
  REQUIRE(r.stmts[i]->value);
  return *r.stmts[i]->value;
}

struct ErrorCase {
  const char* source;
  const char* type;
  const char* message;
  int line, col, end_line, end_col;
  bool incomplete;
};

void check_error(const ErrorCase& c, const ParseOptions& options = {}) {
  INFO("source: " << c.source);
  const ParseResult r = parse(c.source, options);
  REQUIRE(r.error);
  CHECK(r.stmts.empty());
  CHECK(r.error->type == c.type);
  CHECK(r.error->message == c.message);
  CHECK(r.error->span.line == c.line);
  CHECK(r.error->span.col == c.col);
  CHECK(r.error->span.end_line == c.end_line);
  CHECK(r.error->span.end_col == c.end_col);
  CHECK(r.error->incomplete == c.incomplete);
}

}  // namespace

// ---------------------------------------------------------------- expressions

TEST_CASE("every precedence level, from lambda down to postfix", "[parser]") {
  static const std::pair<const char*, const char*> cases[] = {
      {"lambda: a if b else c", "(lambda () (ifexp a b c))"},
      {"a if b else c if d else e", "(ifexp a b (ifexp c d e))"},
      {"a or b or c", "(or (or a b) c)"},
      {"a or b and c", "(or a (and b c))"},
      {"not a and b", "(and (not a) b)"},
      {"not a == b", "(not (== a b))"},
      {"not not a", "(not (not a))"},
      {"a < b < c", "(chain a < b < c)"},
      {"a == b != c <= d >= e > f", "(chain a == b != c <= d >= e > f)"},
      {"a in b not in c is d is not e", "(chain a in b not in c is d is not e)"},
      {"a | b | c", "(| (| a b) c)"},
      {"a | b ^ c", "(| a (^ b c))"},
      {"a ^ b & c", "(^ a (& b c))"},
      {"a & b << c", "(& a (<< b c))"},
      {"a << b >> c", "(>> (<< a b) c)"},
      {"a >> b + c", "(>> a (+ b c))"},
      {"a + b - c", "(- (+ a b) c)"},
      {"a - b * c", "(- a (* b c))"},
      {"a * b / c // d % e @ f", "(@ (% (// (/ (* a b) c) d) e) f)"},
      {"-a * b", "(* (- a) b)"},
      {"-a ** b", "(- (** a b))"},
      {"a ** -b", "(** a (- b))"},
      {"a ** b ** c", "(** a (** b c))"},
      {"~a ** -b ** c", "(~ (** a (- (** b c))))"},
      {"-2**2", "(- (** 2 2))"},
      {"2**-1", "(** 2 (- 1))"},
      {"+-~a", "(+ (- (~ a)))"},
      {"a.b(c)[d]", "([] (call (. a b) c) d)"},
      {"-a.b", "(- (. a b))"},
      {"(a + b) * c", "(* (+ a b) c)"},
      {"a + (b * c)", "(+ a (* b c))"},
      {"(a, b)", "(tuple a b)"},
      {"(a,)", "(tuple a)"},
      {"()", "(tuple)"},
      {"[a, b]", "(list a b)"},
      {"[]", "(list)"},
      {"a, b", "(tuple a b)"},
      {"a,", "(tuple a)"},
      {"f(a)(b)", "(call (call f a) b)"},
      {"f(*a, b, c=1, *d)", "(call f (* a) b (* d) (kw c 1))"},
      {"x[1]", "([] x 1)"},
      {"x[1, :, None]", "([] x (tuple 1 (slice _ _ _) None))"},
      {"x[a:b:c]", "([] x (slice a b c))"},
      {"x[::2]", "([] x (slice _ _ 2))"},
      {"x[:-1]", "([] x (slice _ (- 1) _))"},
      {"x[..., 0]", "([] x (tuple ... 0))"},
      {"x[1,]", "([] x (tuple 1))"},
      {"[x for x in xs if c for y in ys]", "(listcomp x (for x xs (if c)) (for y ys))"},
      {"(x for x in y)", "(genexp x (for x y))"},
      {"sum(x * x for x in xs)", "(call sum (genexp (* x x) (for x xs)))"},
      {"lambda x, y=2: x + y", "(lambda (x y=2) (+ x y))"},
      {"'a' \"b\"", "'ab'"},
      {"a if b else lambda: c", "(ifexp a b (lambda () c))"},
      {"f(a)[0].b ** 2", "(** (. ([] (call f a) 0) b) 2)"},
      {"a @ b.T", "(@ a (. b T))"},
      {"x - - y", "(- x (- y))"},
  };
  for (const auto& [src, tree] : cases) {
    INFO(src);
    CHECK(e(src) == tree);
  }
}

TEST_CASE("a prefix operator of lower precedence cannot start an operand", "[parser]") {
  CHECK(p("a + not b") == "ERR SyntaxError: invalid syntax");
  CHECK(p("a == not b") == "ERR SyntaxError: invalid syntax");
  CHECK(p("- not b") == "ERR SyntaxError: invalid syntax");
  CHECK(p("1 + lambda: 2") == "ERR SyntaxError: invalid syntax");
  CHECK(e("not -a") == "(not (- a))");
}

TEST_CASE("literals become the right nodes with their values", "[parser]") {
  CHECK(e("3") == "3");
  CHECK(e("0x1F") == "31");
  CHECK(e("18446744073709551615") == "18446744073709551615");
  CHECK(e("18446744073709551616") == "(int-overflow)");
  CHECK(e("10.") == "10.0");
  CHECK(e(".5") == "0.5");
  CHECK(e("1e-3") == "0.001");
  CHECK(e("2.5E10") == "25000000000.0");
  CHECK(e("1e16") == "1e+16");
  CHECK(e("2j") == "2.0j");
  CHECK(e("1.5j") == "1.5j");
  CHECK(e("True, False, None, ...") == "(tuple True False None ...)");
  CHECK(e("'a' \"b\" '''c'''") == "'abc'");
  CHECK(e(R"('\n\t')") == R"('\n\t')");
  const ParseResult r = parse("18446744073709551616");
  CHECK(expr_of(r).kind == ExprKind::Int);
  CHECK(expr_of(r).int_overflow);
}

TEST_CASE("parenthesized expressions are flagged; tuples need a comma", "[parser]") {
  const ParseResult r = parse("(a)\n((a, b))\n(a,)\na, b\n(x for x in y)\n");
  CHECK(expr_of(r, 0).kind == ExprKind::Name);
  CHECK(expr_of(r, 0).parenthesized);
  CHECK(expr_of(r, 1).kind == ExprKind::Tuple);
  CHECK(expr_of(r, 1).parenthesized);
  CHECK(expr_of(r, 2).kind == ExprKind::Tuple);
  CHECK(expr_of(r, 3).kind == ExprKind::Tuple);
  CHECK_FALSE(expr_of(r, 3).parenthesized);
  CHECK(expr_of(r, 4).kind == ExprKind::ListComp);
  CHECK(expr_of(r, 4).generator);
}

TEST_CASE("calls: positional, starred and keyword arguments", "[parser]") {
  const ParseResult r = parse("torch.zeros(2, *dims, dtype=torch.float64, device='cpu')");
  const Expr& c = expr_of(r);
  REQUIRE(c.kind == ExprKind::Call);
  CHECK(dump(*c.items[0]) == "(. torch zeros)");
  REQUIRE(c.args.size() == 2);
  CHECK(c.args[1]->kind == ExprKind::Starred);
  REQUIRE(c.keywords.size() == 2);
  CHECK(c.keywords[0].name == "dtype");
  CHECK(dump(*c.keywords[0].value) == "(. torch float64)");
  CHECK(dump(c.keywords[0].span) == "1:22-1:41");  // `dtype=torch.float64`
  CHECK(e("f()") == "(call f)");
  CHECK(e("f(a,)") == "(call f a)");
  CHECK(e("t.t().stride()") == "(call (. (call (. t t)) stride))");
}

// ---------------------------------------------------------------- statements

TEST_CASE("every statement kind", "[parser]") {
  CHECK(p("x = 1") == "(= x 1)");
  CHECK(p("a = b = e") == "(= a b e)");
  CHECK(p("a, b = b, a") == "(= (tuple a b) (tuple b a))");
  CHECK(p("alpha, _ = torch.linalg.lstsq(x, y)[:2]") ==
        "(= (tuple alpha _) ([] (call (. (. torch linalg) lstsq) x y) (slice _ 2 _)))");
  CHECK(p("x[:, 0] = data[:, 0]") ==
        "(= ([] x (tuple (slice _ _ _) 0)) ([] data (tuple (slice _ _ _) 0)))");
  CHECK(p("x[x > 0.5] = 0") == "(= ([] x (> x 0.5)) 0)");
  CHECK(p("t.requires_grad = True") == "(= (. t requires_grad) True)");
  CHECK(p("[a, (b, c)] = x") == "(= (list a (tuple b c)) x)");
  CHECK(p("x += 1; x -= 1; x *= 1; x /= 1; x //= 1; x %= 1; x **= 1") ==
        "(+= x 1)\n(-= x 1)\n(*= x 1)\n(/= x 1)\n(//= x 1)\n(%= x 1)\n(**= x 1)");
  CHECK(p("x @= m; x &= 1; x |= 1; x ^= 1; x <<= 1; x >>= 1") ==
        "(@= x m)\n(&= x 1)\n(|= x 1)\n(^= x 1)\n(<<= x 1)\n(>>= x 1)");
  CHECK(p("x[0] += 1") == "(+= ([] x 0) 1)");
  CHECK(p("import torch") == "(import torch)");
  CHECK(p("import torch as th") == "(import (as torch th))");
  CHECK(p("import torch, numpy") == "(import torch numpy)");
  CHECK(p("import numpy as np") == "(import (as numpy np))");
  CHECK(p("import torch.nn.functional as F") == "(import (as torch.nn.functional F))");
  CHECK(p("del x, y[0], z.w") == "(del x ([] y 0) (. z w))");
  CHECK(p("del (a, b)") == "(del (tuple a b))");
  CHECK(p("pass") == "(pass)");
  CHECK(p("while True:\n    break\n    continue") == "(while True ((break) (continue)))");
  CHECK(p("def f():\n    return\n") == "(def f () ((return)))");
  CHECK(p("def f(a, b=1):\n    return a, b\n") == "(def f (a b=1) ((return (tuple a b))))");
  CHECK(p("for i in range(10):\n    print(i)") == "(for i (call range 10) ((expr (call print i))))");
  CHECK(p("for i, j in zip(a, b): pass") == "(for (tuple i j) (call zip a b) ((pass)))");
  CHECK(p("f(x)") == "(expr (call f x))");
}

TEST_CASE("if / elif / else: an elif is an If alone in orelse", "[parser]") {
  CHECK(p("if a:\n    x\nelif b:\n    y\nelif c:\n    z\nelse:\n    w\n") ==
        "(if a ((expr x)) ((if b ((expr y)) ((if c ((expr z)) ((expr w)))))))");
  CHECK(p("if a: x\nelse: y") == "(if a ((expr x)) ((expr y)))");
  // An `if` inside `else` is not an elif: it is not alone there.
  CHECK(p("if a:\n  x\nelse:\n  if b:\n    y\n  z") ==
        "(if a ((expr x)) ((if b ((expr y))) (expr z)))");
}

TEST_CASE("statements on one line: `;` and bodies after the colon", "[parser]") {
  CHECK(p("a; b; c") == "(expr a)\n(expr b)\n(expr c)");
  CHECK(p("x = 1;") == "(= x 1)");
  CHECK(p("for i in x: print(i)") == "(for i x ((expr (call print i))))");
  CHECK(p("if x: a = 1; b = 2") == "(if x ((= a 1) (= b 2)))");
  CHECK(p("def f(): return 1") == "(def f () ((return 1)))");
  CHECK(p("while x: x -= 1") == "(while x ((-= x 1)))");
}

TEST_CASE("indentation: blocks, blank lines, comments, continuation lines", "[parser]") {
  CHECK(p("if x:\n\n    # comment\n    a\n\n    b\nc\n") == "(if x ((expr a) (expr b)))\n(expr c)");
  CHECK(p("def f(x):\n    def g(y):\n        return x + y\n    return g\n") ==
        "(def f (x) ((def g (y) ((return (+ x y)))) (return g)))");
  CHECK(p("x = (1 +\n     2)\ny = [1,\n 2,\n]\nz = 1 + \\\n    2") ==
        "(= x (+ 1 2))\n(= y (list 1 2))\n(= z (+ 1 2))");
  CHECK(p("if x:\n\ty = 1\n\tz = 2") == "(if x ((= y 1) (= z 2)))");
  // A REPL chunk that ends inside a block is complete: the shell ends blocks.
  CHECK(p("for i in x:\n    print(i)\n") == "(for i x ((expr (call print i))))");
  CHECK(p("for i in x:\n    print(i)") == "(for i x ((expr (call print i))))");
  CHECK(p("") == "");
  CHECK(p("\n\n# only a comment\n") == "");
}

TEST_CASE("comprehensions and generator expressions", "[parser]") {
  CHECK(e("[i * 2 for i in range(10)]") == "(listcomp (* i 2) (for i (call range 10)))");
  CHECK(e("[i for i in a if i > 0 if i < 10]") == "(listcomp i (for i a (if (> i 0)) (if (< i 10))))");
  CHECK(e("[(i, j) for i in a for j in b]") == "(listcomp (tuple i j) (for i a) (for j b))");
  CHECK(e("[a if b else c for d in e]") == "(listcomp (ifexp a b c) (for d e))");
  CHECK(e("[x for x, y in pairs]") == "(listcomp x (for (tuple x y) pairs))");
  CHECK(e("f((x for x in y), 1)") == "(call f (genexp x (for x y)) 1)");
}

// ---------------------------------------------------------------- spans

TEST_CASE("nodes carry their exact spans", "[parser][spans]") {
  const ParseResult r = parse("y = x.view(-1) + t[0, 1:2]\n");
  REQUIRE_FALSE(r.error);
  const Stmt& s = *r.stmts[0];
  CHECK(dump(s.span) == "1:0-1:26");
  CHECK(dump(s.targets[0]->span) == "1:0-1:1");
  const Expr& add = *s.value;
  CHECK(dump(add.span) == "1:4-1:26");
  CHECK(dump(add.items[0]->span) == "1:4-1:14");                  // x.view(-1)
  CHECK(dump(add.items[0]->items[0]->span) == "1:4-1:10");        // x.view
  CHECK(dump(add.items[0]->args[0]->span) == "1:11-1:13");        // -1
  const Expr& sub = *add.items[1];
  CHECK(dump(sub.span) == "1:17-1:26");                            // t[0, 1:2]
  CHECK(dump(sub.items[1]->span) == "1:19-1:25");                  // the index tuple `0, 1:2`
  CHECK(dump(sub.items[1]->items[1]->span) == "1:22-1:25");        // the slice `1:2`
}

TEST_CASE("parentheses: inside for the node, outside for its parent", "[parser][spans]") {
  const ParseResult r = parse("(a + b).sum()\n(1, 2)\nz = (x)\n");
  REQUIRE_FALSE(r.error);
  const Expr& call = *r.stmts[0]->value;
  CHECK(dump(call.span) == "1:0-1:13");                  // from the `(`, as Python's AST
  const Expr& add = *call.items[0]->items[0];
  CHECK(add.parenthesized);
  CHECK(dump(add.span) == "1:1-1:6");                    // `a + b` without its parentheses
  CHECK(dump(r.stmts[1]->value->span) == "2:0-2:6");     // a tuple includes them
  CHECK(dump(r.stmts[2]->span) == "3:0-3:7");            // the statement ends after `)`
  CHECK(dump(r.stmts[2]->value->span) == "3:5-3:6");
}

TEST_CASE("statement spans cover their bodies; if chains end with the chain", "[parser][spans]") {
  const ParseResult r = parse("if a:\n    x = 1\nelif b:\n    y = 2\nelse:\n    z = 3\nimport torch as th, numpy\n");
  REQUIRE_FALSE(r.error);
  CHECK(dump(r.stmts[0]->span) == "1:0-6:9");
  CHECK(dump(r.stmts[0]->orelse[0]->span) == "3:0-6:9");
  const Stmt& imp = *r.stmts[1];
  CHECK(dump(imp.span) == "7:0-7:25");
  CHECK(dump(imp.imports[0].span) == "7:7-7:18");
  CHECK(dump(imp.imports[1].span) == "7:20-7:25");
  const ParseResult d = parse("def f(a, b=1):\n    return a\n");
  REQUIRE_FALSE(d.error);
  CHECK(dump(d.stmts[0]->span) == "1:0-2:12");
  CHECK(dump(d.stmts[0]->params[1].span) == "1:9-1:10");  // the name, as Python's `arg`
  CHECK(dump(d.stmts[0]->body[0]->span) == "2:4-2:12");
  const ParseResult t = parse("x = 1, 2,\n");
  CHECK(dump(t.stmts[0]->value->span) == "1:4-1:9");      // a bare tuple runs to its last comma
  const ParseResult s = parse("s = '''a\nb'''\n");
  CHECK(dump(s.stmts[0]->value->span) == "1:4-2:4");
}

// ---------------------------------------------------------------- errors

TEST_CASE("errors match python3.11: message, line, carets, incomplete", "[parser][errors]") {
  // Generated by running each source through python3.11; `incomplete` is
  // tsh's: the input ended inside an open construct.
  static const ErrorCase cases[] = {
      // brackets
      {"t = rand(2,3))", "SyntaxError", "unmatched ')'", 1, 13, 1, 14, false},
      {"x = )", "SyntaxError", "unmatched ')'", 1, 4, 1, 5, false},
      {"x = ]", "SyntaxError", "unmatched ']'", 1, 4, 1, 5, false},
      {"x = }", "SyntaxError", "unmatched '}'", 1, 4, 1, 5, false},
      {"x = (1,", "SyntaxError", "'(' was never closed", 1, 4, 1, 5, true},
      {"x = (1,))", "SyntaxError", "unmatched ')'", 1, 8, 1, 9, false},
      {"x = [1, 2", "SyntaxError", "'[' was never closed", 1, 4, 1, 5, true},
      {"x = [1, 2)", "SyntaxError", "closing parenthesis ')' does not match opening parenthesis '['", 1, 9, 1, 10, false},
      {"x = (1,\n2]", "SyntaxError", "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 2, 1, 2, 2, false},
      {"x = (1 ]", "SyntaxError", "closing parenthesis ']' does not match opening parenthesis '('", 1, 7, 1, 8, false},
      {"print(1 2", "SyntaxError", "'(' was never closed", 1, 5, 1, 6, true},
      {"def f(x):\n  return x\n\nprint(f(2)", "SyntaxError", "'(' was never closed", 4, 5, 4, 6, true},
      {"x = [\n (1 +)\n 2 \\ 3", "SyntaxError", "'[' was never closed", 1, 4, 1, 5, false},
      // generic
      {"a = 1 +", "SyntaxError", "invalid syntax", 1, 7, 1, 8, false},
      {"a = 1 +   # c", "SyntaxError", "invalid syntax", 1, 10, 1, 13, false},
      {"a b", "SyntaxError", "invalid syntax", 1, 2, 1, 3, false},
      {"x = 5 5", "SyntaxError", "invalid syntax", 1, 6, 1, 7, false},
      {"x = $", "SyntaxError", "invalid syntax", 1, 4, 1, 5, false},
      {"x = 1 ? 2", "SyntaxError", "invalid syntax", 1, 6, 1, 7, false},
      {"x = a.1", "SyntaxError", "invalid syntax", 1, 5, 1, 7, false},
      {"x = 1.2.3", "SyntaxError", "invalid syntax", 1, 7, 1, 9, false},
      {"def = 3", "SyntaxError", "invalid syntax", 1, 4, 1, 5, false},
      {"for = 3", "SyntaxError", "invalid syntax", 1, 4, 1, 5, false},
      {"x.if = 3", "SyntaxError", "invalid syntax", 1, 2, 1, 4, false},
      {"import", "SyntaxError", "invalid syntax", 1, 6, 1, 7, false},
      {"import torch.", "SyntaxError", "invalid syntax", 1, 13, 1, 14, false},
      {"import torch as", "SyntaxError", "invalid syntax", 1, 15, 1, 16, false},
      {"import (a)", "SyntaxError", "invalid syntax", 1, 7, 1, 8, false},
      {"pass 1", "SyntaxError", "invalid syntax", 1, 5, 1, 6, false},
      {"x = 1;;", "SyntaxError", "invalid syntax", 1, 6, 1, 7, false},
      {";", "SyntaxError", "invalid syntax", 1, 0, 1, 1, false},
      {"else:", "SyntaxError", "invalid syntax", 1, 0, 1, 4, false},
      {"if x: if y: pass", "SyntaxError", "invalid syntax", 1, 6, 1, 8, false},
      {"a == not b", "SyntaxError", "invalid syntax", 1, 5, 1, 8, false},
      {"a + not b", "SyntaxError", "invalid syntax", 1, 4, 1, 7, false},
      {"a is not not b", "SyntaxError", "invalid syntax", 1, 9, 1, 12, false},
      {"lambda x=: 1", "SyntaxError", "invalid syntax", 1, 9, 1, 10, false},
      {"x = 1 if y else", "SyntaxError", "invalid syntax", 1, 15, 1, 16, false},
      {"x = a if b:", "SyntaxError", "invalid syntax", 1, 10, 1, 11, false},
      {"f(x for x in y z)", "SyntaxError", "invalid syntax", 1, 15, 1, 16, false},
      {"x = [x for x in]", "SyntaxError", "invalid syntax", 1, 15, 1, 16, false},
      {"not", "SyntaxError", "invalid syntax", 1, 3, 1, 4, false},
      {"a =", "SyntaxError", "invalid syntax", 1, 3, 1, 4, false},
      {"= 1", "SyntaxError", "invalid syntax", 1, 0, 1, 1, false},
      // comma / print / named
      {"print(1 2)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 6, 1, 9, false},
      {"[a b]", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 1, 1, 4, false},
      {"(a b)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 1, 1, 4, false},
      {"f(a, b c, d)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 5, 1, 8, false},
      {"f(a=1 2)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 4, 1, 7, false},
      {"x[1 2]", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 2, 1, 5, false},
      {"f(lambda: x y)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 10, 1, 13, false},
      {"f(not x y)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 2, 1, 9, false},
      {"f(a b if c else d)", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 2, 1, 17, false},
      {"[x for x range(10)]", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 7, 1, 18, false},
      {"print \"hello\"", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 0, 1, 13, false},
      {"print x", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 0, 1, 7, false},
      {"print 1, 2", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 0, 1, 10, false},
      {"x = print x", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 4, 1, 11, false},
      {"exec \"x\"", "SyntaxError", "Missing parentheses in call to 'exec'. Did you mean exec(...)?", 1, 0, 1, 8, false},
      {"y = print - 1\nx = 1 +", "SyntaxError", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 4, 1, 13, false},
      {"if x = 1:\n  pass", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 3, 1, 8, false},
      {"while x = 1: pass", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 6, 1, 11, false},
      {"(x = 1)", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 1, 1, 6, false},
      {"[x = 1]", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 1, 1, 6, false},
      {"x[a = 1]", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 2, 1, 7, false},
      {"if x.y = 1: pass", "SyntaxError", "cannot assign to attribute here. Maybe you meant '==' instead of '='?", 1, 3, 1, 6, false},
      {"if f() = 1: pass", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 3, 1, 6, false},
      {"f(x.y = 1)", "SyntaxError", "expression cannot contain assignment, perhaps you meant \"==\"?", 1, 2, 1, 7, false},
      {"f(1=2)", "SyntaxError", "expression cannot contain assignment, perhaps you meant \"==\"?", 1, 2, 1, 4, false},
      {"f(True=1)", "SyntaxError", "cannot assign to True", 1, 2, 1, 7, false},
      {"f(a=1, 2)", "SyntaxError", "positional argument follows keyword argument", 1, 8, 1, 9, false},
      {"f(a, b=1, c)", "SyntaxError", "positional argument follows keyword argument", 1, 11, 1, 12, false},
      {"f(a=1, *b, c)", "SyntaxError", "positional argument follows keyword argument", 1, 12, 1, 13, false},
      {"f(x for x in y, )", "SyntaxError", "Generator expression must be parenthesized", 1, 2, 1, 14, false},
      {"f(a, x for x in y)", "SyntaxError", "Generator expression must be parenthesized", 1, 5, 1, 17, false},
      {"x = 1 if y", "SyntaxError", "expected 'else' after 'if' expression", 1, 4, 1, 10, false},
      {"f(a if b c)", "SyntaxError", "expected 'else' after 'if' expression", 1, 2, 1, 8, false},
      {"[x, y for x in y]", "SyntaxError", "did you forget parentheses around the comprehension target?", 1, 1, 1, 5, false},
      // assignment targets
      {"f() = 1", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 0, 1, 3, false},
      {"1 = x", "SyntaxError", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 0, 1, 1, false},
      {"None = 1", "SyntaxError", "cannot assign to None", 1, 0, 1, 4, false},
      {"True = 1", "SyntaxError", "cannot assign to True", 1, 0, 1, 4, false},
      {"a + b = 1", "SyntaxError", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 0, 1, 5, false},
      {"-a = 1", "SyntaxError", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 0, 1, 2, false},
      {"a < b = 1", "SyntaxError", "cannot assign to comparison", 1, 0, 1, 5, false},
      {"not a = 1", "SyntaxError", "cannot assign to expression", 1, 0, 1, 5, false},
      {"a if b else c = 1", "SyntaxError", "cannot assign to conditional expression", 1, 0, 1, 13, false},
      {"lambda: 1 = 1", "SyntaxError", "cannot assign to lambda", 1, 0, 1, 9, false},
      {"(a, f()) = 1", "SyntaxError", "cannot assign to function call", 1, 4, 1, 7, false},
      {"[a, 1] = 1", "SyntaxError", "cannot assign to literal", 1, 4, 1, 5, false},
      {"a, f() = 1", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 3, 1, 6, false},
      {"a, b + 1 = 1, 2", "SyntaxError", "cannot assign to expression here. Maybe you meant '==' instead of '='?", 1, 3, 1, 8, false},
      {"x = 1, f() = 2", "SyntaxError", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 0, 1, 5, false},
      {"x.a = 1, f() = 2", "SyntaxError", "cannot assign to attribute here. Maybe you meant '==' instead of '='?", 1, 0, 1, 3, false},
      {"a = b = f() = 3", "SyntaxError", "cannot assign to function call", 1, 8, 1, 11, false},
      {"(f()) = 1", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 1, 1, 4, false},
      {"x = (f() = 1)", "SyntaxError", "cannot assign to function call here. Maybe you meant '==' instead of '='?", 1, 5, 1, 8, false},
      {"f() += 1", "SyntaxError", "'function call' is an illegal expression for augmented assignment", 1, 0, 1, 3, false},
      {"a, b += 1", "SyntaxError", "'tuple' is an illegal expression for augmented assignment", 1, 0, 1, 4, false},
      {"[a, b] += 1", "SyntaxError", "'list' is an illegal expression for augmented assignment", 1, 0, 1, 6, false},
      {"1 += 2", "SyntaxError", "'literal' is an illegal expression for augmented assignment", 1, 0, 1, 1, false},
      {"del f()", "SyntaxError", "cannot delete function call", 1, 4, 1, 7, false},
      {"del 1", "SyntaxError", "cannot delete literal", 1, 4, 1, 5, false},
      {"del a, f()", "SyntaxError", "cannot delete function call", 1, 7, 1, 10, false},
      {"del a + 1", "SyntaxError", "cannot delete expression", 1, 4, 1, 9, false},
      {"del *a", "SyntaxError", "cannot delete starred", 1, 4, 1, 6, false},
      {"del -x", "SyntaxError", "cannot delete expression", 1, 4, 1, 6, false},
      {"for 1 in x:\n pass", "SyntaxError", "cannot assign to literal", 1, 4, 1, 5, false},
      {"for f() in x:\n pass", "SyntaxError", "cannot assign to function call", 1, 4, 1, 7, false},
      {"for x, f() in y: pass", "SyntaxError", "cannot assign to function call", 1, 7, 1, 10, false},
      {"for a + 1 in y: pass", "SyntaxError", "cannot assign to expression", 1, 4, 1, 9, false},
      {"for -x in y: pass", "SyntaxError", "cannot assign to expression", 1, 4, 1, 6, false},
      {"for not x in y: pass", "SyntaxError", "cannot assign to expression", 1, 4, 1, 14, false},
      {"[x for 1 in y]", "SyntaxError", "cannot assign to literal", 1, 7, 1, 8, false},
      {"def f(a=1, b):\n  pass", "SyntaxError", "non-default argument follows default argument", 1, 11, 1, 12, false},
      {"def f(x=, y): pass", "SyntaxError", "expected default value expression", 1, 7, 1, 8, false},
      // blocks and indentation
      {"for i in x:", "IndentationError", "expected an indented block after 'for' statement on line 1", 1, 11, 1, 12, true},
      {"if x:\n", "IndentationError", "expected an indented block after 'if' statement on line 1", 1, 5, 1, 6, true},
      {"if x:\n    pass\nelse:", "IndentationError", "expected an indented block after 'else' statement on line 3", 3, 5, 3, 6, true},
      {"if x:\n    pass\nelif y:", "IndentationError", "expected an indented block after 'elif' statement on line 3", 3, 7, 3, 8, true},
      {"while x:", "IndentationError", "expected an indented block after 'while' statement on line 1", 1, 8, 1, 9, true},
      {"def f():", "IndentationError", "expected an indented block after function definition on line 1", 1, 8, 1, 9, true},
      {"if x:\n    for y in z:\n", "IndentationError", "expected an indented block after 'for' statement on line 2", 2, 15, 2, 16, true},
      {"for i in x:\n    if i:\n        pass\n    else:", "IndentationError", "expected an indented block after 'else' statement on line 4", 4, 9, 4, 10, true},
      {"if x:   # c", "IndentationError", "expected an indented block after 'if' statement on line 1", 1, 11, 1, 12, true},
      {"if x:\n  # comment\n", "IndentationError", "expected an indented block after 'if' statement on line 1", 2, 11, 2, 12, true},
      {"for i in x:\nprint(i)", "IndentationError", "expected an indented block after 'for' statement on line 1", 2, 0, 2, 5, false},
      {"if x:\n\npass", "IndentationError", "expected an indented block after 'if' statement on line 1", 3, 0, 3, 4, false},
      {"for i in x:\n  if i:\nz", "IndentationError", "expected an indented block after 'if' statement on line 2", 3, -1, 3, 0, false},
      {" x = 1", "IndentationError", "unexpected indent", 1, 0, 1, 1, false},
      {"x = 1\n    y = 2\n", "IndentationError", "unexpected indent", 2, 3, 2, 4, false},
      {"x = 1\n\tfoo\n", "IndentationError", "unexpected indent", 2, 0, 2, 1, false},
      {"pass\n  pass", "IndentationError", "unexpected indent", 2, 1, 2, 2, false},
      {"if x:\n    a\n  b", "IndentationError", "unindent does not match any outer indentation level", 3, 3, 3, 4, false},
      {"if x:\n    a\n  bcd  # foo\n", "IndentationError", "unindent does not match any outer indentation level", 3, 12, 3, 13, false},
      {"if x:\n\ty\n        z", "TabError", "inconsistent use of tabs and spaces in indentation", 3, 0, 3, 1, false},
      {"if x:\n        y\n\tz", "TabError", "inconsistent use of tabs and spaces in indentation", 3, 0, 3, 1, false},
      {"for i in x\n  pass", "SyntaxError", "expected ':'", 1, 10, 1, 11, false},
      {"if x\n  pass", "SyntaxError", "expected ':'", 1, 4, 1, 5, false},
      {"while x\n  pass", "SyntaxError", "expected ':'", 1, 7, 1, 8, false},
      {"def f", "SyntaxError", "expected '('", 1, 5, 1, 6, false},
      {"def f()\n  pass", "SyntaxError", "expected ':'", 1, 7, 1, 8, false},
      {"def f(:", "SyntaxError", "invalid syntax", 1, 6, 1, 7, false},
      {"if x:\n  pass\nelse\n  pass", "SyntaxError", "expected ':'", 3, 4, 3, 5, false},
      {"if x: pass\nelif: pass", "SyntaxError", "invalid syntax", 2, 4, 2, 5, false},
      // strings and numbers
      {"s = 'abc", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 1, 5, false},
      {"s = \"abc", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 1, 5, false},
      {"s = \"\"\"abc", "SyntaxError", "unterminated triple-quoted string literal (detected at line 1)", 1, 4, 1, 5, true},
      {"s = '''abc\n\n", "SyntaxError", "unterminated triple-quoted string literal (detected at line 2)", 1, 4, 1, 5, true},
      {"s = 'abc\\\n", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 1, 5, true},
      {"x = 'abc\ny'", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 1, 5, false},
      {"x = '\\xg'", "SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: truncated \\xXX escape", 1, 9, 1, 10, false},
      {"x = 'ab\\x4' + 1", "SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position 2-4: truncated \\xXX escape", 1, 12, 1, 13, false},
      {"x = 'ab\\U1234'", "SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position 2-7: truncated \\UXXXXXXXX escape", 1, 14, 1, 15, false},
      {"x = '\\N{DASH}'", "SyntaxError", "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-7: unknown Unicode character name", 1, 14, 1, 15, false},
      {"x = 3abc", "SyntaxError", "invalid decimal literal", 1, 4, 1, 5, false},
      {"x = 123abc", "SyntaxError", "invalid decimal literal", 1, 6, 1, 7, false},
      {"x = 1_", "SyntaxError", "invalid decimal literal", 1, 5, 1, 6, false},
      {"x = 1__0", "SyntaxError", "invalid decimal literal", 1, 5, 1, 6, false},
      {"x = 0x", "SyntaxError", "invalid hexadecimal literal", 1, 5, 1, 6, false},
      {"x = 0xg", "SyntaxError", "invalid hexadecimal literal", 1, 5, 1, 6, false},
      {"x = 0b102", "SyntaxError", "invalid digit '2' in binary literal", 1, 8, 1, 9, false},
      {"x = 0o8", "SyntaxError", "invalid digit '8' in octal literal", 1, 6, 1, 7, false},
      {"x = 0b", "SyntaxError", "invalid binary literal", 1, 5, 1, 6, false},
      {"x = 09", "SyntaxError", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 4, 1, 5, false},
      {"x = 0_1", "SyntaxError", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 1, 4, 1, 6, false},
      {"x = 1e", "SyntaxError", "invalid decimal literal", 1, 4, 1, 5, false},
      {"x = 1e+", "SyntaxError", "invalid decimal literal", 1, 6, 1, 7, false},
      {"x = 1._5", "SyntaxError", "invalid decimal literal", 1, 5, 1, 6, false},
      {"x = 5j2", "SyntaxError", "invalid imaginary literal", 1, 5, 1, 6, false},
      {"1else0j", "SyntaxError", "invalid decimal literal", 1, 0, 1, 1, false},
      {"x = 1 \xc3\x97"" 2", "SyntaxError", "invalid character '\xc3\x97""' (U+00D7)", 1, 6, 1, 8, false},
      {"print(\xe2\x80\x9c""hi\xe2\x80\x9d"")", "SyntaxError", "invalid character '\xe2\x80\x9c""' (U+201C)", 1, 6, 1, 9, false},
      {"x\xc2\xa0""= 1", "SyntaxError", "invalid non-printable character U+00A0", 1, 1, 1, 3, false},
      {"x = \xe2\x80\x8b""", "SyntaxError", "invalid non-printable character U+200B", 1, 4, 1, 7, false},
      {"x = \x01""", "SyntaxError", "invalid non-printable character U+0001", 1, 4, 1, 5, false},
      {"x = 2\xc2\xb2""", "SyntaxError", "invalid character '\xc2\xb2""' (U+00B2)", 1, 5, 1, 7, false},
      // continuation
      {"x = 1 \\", "SyntaxError", "unexpected EOF while parsing", 1, 7, 1, 8, true},
      {"x = 1 +\\\n", "SyntaxError", "unexpected EOF while parsing", 1, 8, 1, 9, true},
      {"x = 1 \\ y", "SyntaxError", "unexpected character after line continuation character", 1, 7, 1, 8, false},
      {"x = 1\ny = 2 \\ z", "SyntaxError", "unexpected character after line continuation character", 2, 7, 2, 8, false},
      {"x = 1 + \\\n 2 \\ 3", "SyntaxError", "unexpected character after line continuation character", 2, 14, 2, 15, false},
      {"if x:\n  y = 2 \\\n", "SyntaxError", "unexpected EOF while parsing", 2, 9, 2, 10, true},
      // whole-source check
      {"x = 1 +\ns = \"abc", "SyntaxError", "unterminated string literal (detected at line 2)", 2, 4, 2, 5, false},
      {"for i in x\n  pass\ny = \"abc", "SyntaxError", "unterminated string literal (detected at line 3)", 3, 4, 3, 5, false},
      {"if x:\npass\ns = \"abc", "SyntaxError", "unterminated string literal (detected at line 3)", 3, 4, 3, 5, false},
      {"x = (1 +\ny = (", "SyntaxError", "'(' was never closed", 2, 4, 2, 5, true},
      {"x = [1, 2\ny = 3", "SyntaxError", "'[' was never closed", 1, 4, 1, 5, false},
      {"x = (a, b c", "SyntaxError", "'(' was never closed", 1, 4, 1, 5, true},
      {"x = (a b c", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 5, 1, 8, false},
      {"x = [\n (1 +)\n\n  y = 1\n z\n", "SyntaxError", "'[' was never closed", 1, 4, 1, 5, false},
      // compile-time
      {"return 1", "SyntaxError", "'return' outside function", 1, 0, 1, 8, false},
      {"return", "SyntaxError", "'return' outside function", 1, 0, 1, 6, false},
      {"break", "SyntaxError", "'break' outside loop", 1, 0, 1, 5, false},
      {"if x:\n  break", "SyntaxError", "'break' outside loop", 2, 2, 2, 7, false},
      {"while x:\n  def f():\n    continue", "SyntaxError", "'continue' not properly in loop", 3, 4, 3, 12, false},
      {"def f(a, a): pass", "SyntaxError", "duplicate argument 'a' in function definition", 1, 9, 1, 10, false},
      {"lambda a, a: 1", "SyntaxError", "duplicate argument 'a' in function definition", 1, 10, 1, 11, false},
      {"f(a=1, a=2)", "SyntaxError", "keyword argument repeated: a", 1, 7, 1, 10, false},
      {"return 1\ndef g(x, x): pass", "SyntaxError", "duplicate argument 'x' in function definition", 2, 9, 2, 10, false},
  };
  for (const ErrorCase& c : cases) check_error(c);
}

TEST_CASE("incomplete input versus invalid input", "[parser][errors]") {
  auto incomplete = [](std::string_view src) {
    const ParseResult r = parse(src, ParseOptions{true});
    return r.error && r.error->incomplete;
  };
  CHECK(incomplete("x = (1,"));
  CHECK(incomplete("x = (1,\n"));
  CHECK(incomplete("for i in x:"));
  CHECK(incomplete("if x:\n"));
  CHECK(incomplete("if x:\n    pass\nelse:"));
  CHECK(incomplete("def f():\n    for i in x:\n"));
  CHECK(incomplete("s = '''abc"));
  CHECK(incomplete("x = 1 \\"));
  CHECK(incomplete("f(a,\n  b"));
  CHECK_FALSE(incomplete("x = (1,))"));
  CHECK_FALSE(incomplete("a = 1 +"));
  CHECK_FALSE(incomplete("for i in x"));
  CHECK_FALSE(incomplete("s = 'abc"));
  CHECK_FALSE(incomplete("print(1 2)"));
  CHECK_FALSE(parse("for i in x:\n    print(i)\n", ParseOptions{true}).error);
}

TEST_CASE("interactive chunks are judged as Python's REPL judges them", "[parser][errors]") {
  // Expected values from `python3.11 -i` reading the chunk.
  static const ErrorCase cases[] = {
      {"print(1 2", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 6, 1, 9, false},
      {"x = [\n (1 +)", "SyntaxError", "invalid syntax", 2, 5, 2, 6, false},
      {"x = [1, 2\ny = 3", "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", 1, 8, 2, 1,
       false},
      {"x = 1 +\ns = \"abc", "SyntaxError", "invalid syntax", 1, 7, 1, 8, false},
      {"f(a, b=1, c", "SyntaxError", "'(' was never closed", 1, 1, 1, 2, true},
      {"[0] += [  1", "SyntaxError", "invalid syntax", 1, 4, 1, 6, false},
  };
  for (const ErrorCase& c : cases) check_error(c, ParseOptions{true});
}

TEST_CASE("compile-time errors are reported before anything runs", "[parser][errors]") {
  CHECK(p("return 1") == "ERR SyntaxError: 'return' outside function");
  CHECK(p("x = 1\nbreak") == "ERR SyntaxError: 'break' outside loop");
  CHECK(p("continue") == "ERR SyntaxError: 'continue' not properly in loop");
  CHECK(p("for x in y:\n  def f():\n    break") == "ERR SyntaxError: 'break' outside loop");
  CHECK(p("while x:\n  if y:\n    break\n  continue") == "(while x ((if y ((break))) (continue)))");
  CHECK(p("def f(a, a): pass") == "ERR SyntaxError: duplicate argument 'a' in function definition");
  CHECK(p("f(a=1, a=2)") == "ERR SyntaxError: keyword argument repeated: a");
  // The symbol table's errors come before the compiler's, as in CPython.
  CHECK(p("return 1\ndef g(x, x): pass") ==
        "ERR SyntaxError: duplicate argument 'x' in function definition");
  // A syntax error anywhere comes before them all.
  CHECK(p("return 1\nx = (1 +)") == "ERR SyntaxError: invalid syntax");
}

TEST_CASE("Parameter lists have Python's kinds and CPython 3.11's errors", "[parser][errors]") {
  CHECK(p("def f(a, /, b=2, *args, c, d=4, **kw): pass") ==
        "(def f (a / b=2 *args c d=4 **kw) ((pass)))");
  CHECK(p("def f(a, *, b): pass") == "(def f (a * b) ((pass)))");
  CHECK(p("lambda *a, **k: 0") == "(expr (lambda (*a **k) 0))");
  CHECK(p("def f(*a, *b): pass") == "ERR SyntaxError: * argument may appear only once");
  CHECK(p("def f(**k, a): pass") == "ERR SyntaxError: arguments cannot follow var-keyword argument");
  CHECK(p("def f(*, **k): pass") == "ERR SyntaxError: named arguments must follow bare *");
  CHECK(p("lambda *: 1") == "ERR SyntaxError: named arguments must follow bare *");
  CHECK(p("def f(/, a): pass") == "ERR SyntaxError: at least one argument must precede /");
  CHECK(p("def f(a, /, b, /): pass") == "ERR SyntaxError: / may appear only once");
  CHECK(p("def f(*a, /): pass") == "ERR SyntaxError: / must be ahead of *");
  CHECK(p("def f(**k=1): pass") == "ERR SyntaxError: var-keyword argument cannot have default value");
  CHECK(p("def f(*a=1): pass") == "ERR SyntaxError: var-positional argument cannot have default value");
  CHECK(p("def f(a=1, /, b): pass") == "ERR SyntaxError: non-default argument follows default argument");
  CHECK(p("def f(*, a=1, b): pass") == "(def f (* a=1 b) ((pass)))");
  CHECK(p("def f(*a, a): pass") == "ERR SyntaxError: duplicate argument 'a' in function definition");
}

TEST_CASE("with, global, nonlocal, :=, starred targets and sets parse into their forms", "[parser]") {
  CHECK(p("with open(f) as g: pass") == "(with (as (call open f) g) ((pass)))");
  CHECK(p("with a, b as (c, d):\n  pass") == "(with a (as b (tuple c d)) ((pass)))");
  CHECK(p("with (a as b, c): pass") == "(with (as a b) c ((pass)))");
  CHECK(p("with (a, b): pass") == "(with a b ((pass)))");  // two items, as CPython reads it
  CHECK(p("def f():\n  global x, y\n  nonlocal z") == "(def f () ((global x y) (nonlocal z)))");
  CHECK(p("nonlocal z") == "ERR SyntaxError: nonlocal declaration not allowed at module level");
  CHECK(p("a, *b = c") == "(= (tuple a (* b)) c)");
  CHECK(p("if (n := 10) > 5: pass") == "(if (> (:= n 10) 5) ((pass)))");
  CHECK(p("(a.b := 1)") == "ERR SyntaxError: cannot use assignment expressions with attribute");
  CHECK(p("x = {1, *y}") == "(= x (set 1 (* y)))");
  CHECK(p("x = {i for i in y if i}") == "(= x (setcomp i (for i y (if i))))");
  CHECK(p("{*y for y in z}") == "ERR SyntaxError: iterable unpacking cannot be used in comprehension");
}

TEST_CASE("bytes literals: escapes are bytes, only ASCII is written", "[parser]") {
  CHECK(p("b'abc'") == "(expr b'abc')");
  CHECK(p("b'a' b'c'") == "(expr b'ac')");
  CHECK(p("b'\\x41\\101\\u0041'") == "(expr b'AA\\\\u0041')");
  CHECK(p("rb'\\x41'") == "(expr b'\\\\x41')");
  CHECK(p("b'\\x4'") == "ERR SyntaxError: (value error) invalid \\x escape at position 0");
  CHECK(p("b'\xc3\xa9'") == "ERR SyntaxError: bytes can only contain ASCII literal characters");
  CHECK(p("b'a' 'c'") == "ERR SyntaxError: cannot mix bytes and nonbytes literals");
}

TEST_CASE("Python forms tsh does not implement are named in the error", "[parser][errors]") {
  CHECK(p("try:\n  x\nexcept* E:\n  y") == "ERR SyntaxError: 'except*' is not supported by tsh");
  CHECK(p("from . import nn") == "ERR SyntaxError: relative imports ('from . import x') are not supported by tsh");
  CHECK(p("from torch import *") == "ERR SyntaxError: 'from ... import *' is not supported by tsh");
  CHECK(p("f = lambda: (yield)") == "ERR SyntaxError: 'yield' inside a lambda is not supported by tsh");
  CHECK(p("class A(*bases): pass") == "ERR SyntaxError: starred class bases are not supported by tsh");
  // They are parsed as Python parses them, so invalid Python still gets
  // Python's error, and the first error in the source wins.
  CHECK(p("x = {1: 2}\ny = (1 +)") == "ERR SyntaxError: invalid syntax");
  CHECK(p("{*x for x in y}") == "ERR SyntaxError: iterable unpacking cannot be used in comprehension");
  CHECK(p("x = yield") == "ERR SyntaxError: 'yield' outside function");
  const ParseResult r = parse("x = 1\nclass A(*b): pass\n");
  REQUIRE(r.error);
  CHECK(dump(r.error->span) == "2:8-2:10");  // the starred base, not the whole statement
}

TEST_CASE("classes, decorators, generators, annotations and loop else parse to their nodes", "[parser]") {
  CHECK(p("class A(B, C): pass") == "(class A (bases B C) ((pass)))");
  CHECK(p("@d\n@e(1)\nclass A: pass") == "(class A (bases) ((pass)) (@ d) (@ (call e 1)))");
  CHECK(p("def f(x: int) -> int: pass") == "(def f (x) ((pass)) (-> int))");
  CHECK(p("def g():\n  yield 1\n  yield\n  x = yield from y") ==
        "(def g () ((expr (yield 1)) (expr (yield)) (= x (yieldfrom y))) generator)");
  CHECK(p("x: int = 1") == "(annassign x int 1)");
  CHECK(p("x: int") == "(annassign x int _)");
  CHECK(p("for x in y:\n  pass\nelse:\n  z") == "(for x y ((pass)) (else ((expr z))))");
  CHECK(p("while a:\n  pass\nelse:\n  z") == "(while a ((pass)) (else ((expr z))))");
  // A yield makes only its own def a generator, not the def around it.
  CHECK(p("def f():\n  def g():\n    yield\n  return g") ==
        "(def f () ((def g () ((expr (yield))) generator) (return g)))");
}

TEST_CASE("deep nesting fails cleanly instead of exhausting the stack", "[parser][errors]") {
  CHECK(p(std::string(100000, '(')) == "ERR SyntaxError: too many nested parentheses");
  CHECK(p(std::string(100000, '[') + std::string(100000, ']')) ==
        "ERR SyntaxError: too many nested parentheses");
  CHECK(p(std::string(100000, '-') + "1") ==
        "ERR RecursionError: maximum recursion depth exceeded during compilation");
  std::string chain = "a";
  for (int i = 0; i < 100000; ++i) chain += "+a";
  CHECK(p(chain) == "ERR RecursionError: maximum recursion depth exceeded during compilation");
  std::string elifs = "if a: pass\n";
  for (int i = 0; i < 100000; ++i) elifs += "elif a: pass\n";
  CHECK(p(elifs) == "ERR RecursionError: maximum recursion depth exceeded during compilation");
  // Nesting that real code uses stays well inside the bound.
  CHECK(p(std::string(500, '-') + "1").rfind("(expr (- (- ", 0) == 0);
  CHECK(p(std::string(199, '(') + "x" + std::string(199, ')')) == "(expr x)");
  std::string names;
  for (int i = 0; i < 20000; ++i) names += "a ";
  CHECK(p(names) == "ERR RecursionError: maximum recursion depth exceeded during compilation");
  std::string lambdas;
  for (int i = 0; i < 100000; ++i) lambdas += "lambda: ";
  CHECK(p(lambdas + "1") == "ERR RecursionError: maximum recursion depth exceeded during compilation");
}

TEST_CASE("op_symbol spells every operator", "[parser]") {
  CHECK(std::string(op_symbol(Op::Add)) == "+");
  CHECK(std::string(op_symbol(Op::FloorDiv)) == "//");
  CHECK(std::string(op_symbol(Op::Pow)) == "**");
  CHECK(std::string(op_symbol(Op::MatMul)) == "@");
  CHECK(std::string(op_symbol(Op::Invert)) == "~");
  CHECK(std::string(op_symbol(Op::Not)) == "not");
  CHECK(std::string(op_symbol(Op::NotIn)) == "not in");
  CHECK(std::string(op_symbol(Op::IsNot)) == "is not");
  CHECK(std::string(op_symbol(Op::LtE)) == "<=");
  CHECK(std::string(op_symbol(Op::RShift)) == ">>");
}

TEST_CASE("try, raise and assert parse into their statements", "[parser]") {
  CHECK(p("try:\n  x\nexcept (A, B) as e:\n  y\nexcept:\n  z\nelse:\n  w\nfinally:\n  v") ==
        "(try ((expr x)) (except (tuple A B) e ((expr y))) (except _ ((expr z))) (else ((expr w))) (finally ((expr v))))");
  CHECK(p("raise") == "(raise _ _)");
  CHECK(p("raise E('m') from c") == "(raise (call E 'm') c)");
  CHECK(p("assert x, 'msg'") == "(assert x 'msg')");
  CHECK(p("try:\n  x") == "ERR SyntaxError: expected 'except' or 'finally' block");
}

TEST_CASE("nested comparison chains whose last pair fails are read once, not once per way back", "[parser]") {
  // fuzz_parser found 271 bytes of `n(p(nm(a>floa>(a>flo(p(...` that took seconds: after a chain
  // stopped at a pair that failed, the operator was tried again as a new chain, doubling the
  // work at each level. With 60 levels that would never end; ctest's timeout is the guard.
  std::string src;
  for (int i = 0; i < 60; ++i) src += "f(a>b>(g(";
  src += "a>f%f%)\x13";
  const ParseResult r = parse(src);
  REQUIRE(r.error);
  CHECK(r.error->message == "invalid non-printable character U+0013");
  // A chain still reads whole, and one that fails at its last pair keeps the pairs before it.
  CHECK(parse("a < b < c > d").stmts.size() == 1);
  CHECK(dump(parse("(a < b < c)").stmts) == dump(parse("a < b < c").stmts));
}
