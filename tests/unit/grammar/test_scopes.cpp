// tests/unit/grammar/test_scopes.cpp — a def's local variables, as CPython's symbol table
// decides them (the expected sets were checked with symtable in python3.11).
#include <catch2/catch.hpp>

#include <string>

#include "grammar/parser.h"
#include "grammar/scopes.h"

using namespace tsh::grammar;

namespace {

// The locals of the first statement of `src`, a def, joined by spaces.
std::string locals_of(std::string_view src) {
  const ParseResult r = parse(src);
  REQUIRE_FALSE(r.error);
  REQUIRE(r.stmts.size() == 1);
  REQUIRE(r.stmts[0]->kind == StmtKind::Def);
  std::string out;
  for (const std::string& n : local_names(r.stmts[0]->params, r.stmts[0]->body)) out += (out.empty() ? "" : " ") + n;
  return out;
}

}  // namespace

TEST_CASE("every binding form makes a local", "[scopes]") {
  CHECK(locals_of("def f(a, *b, c=1, **d):\n    pass\n") == "a b c d");
  CHECK(locals_of("def f():\n    x = y = 1\n    p, (q, *r) = s\n    t += 1\n    u: int\n") == "p q r t u x y");
  CHECK(locals_of("def f():\n    for i, j in z: pass\n    with g() as (h, k): pass\n") == "h i j k");
  CHECK(locals_of("def f():\n    try: pass\n    except E as e: pass\n    del m\n") == "e m");
  CHECK(locals_of("def f():\n    import os.path, numpy as np\n    from math import pi, tau as t2\n") == "np os pi t2");
  CHECK(locals_of("def f():\n    def g(): w = 1\n    class C: v = 2\n") == "C g");
  CHECK(locals_of("def f():\n    if (n := 3): pass\n    [(k := q) for q in r]\n") == "k n");
}

TEST_CASE("what does not bind a local", "[scopes]") {
  // attribute and subscript targets, comprehension variables, lambda bodies, nested bodies
  CHECK(locals_of("def f():\n    o.a = 1\n    o[i] = 2\n    [q for q in r]\n    lambda z: (y := z)\n") == "");
  // global and nonlocal declarations take a name out, wherever they stand
  CHECK(locals_of("def f():\n    global x\n    x = 1\n") == "");
  const ParseResult r = parse("def g():\n    b = 0\n    def f(a):\n        nonlocal b\n        b = a\n");
  REQUIRE_FALSE(r.error);
  const Stmt& inner = *r.stmts[0]->body[1];
  CHECK(local_names(inner.params, inner.body) == std::vector<std::string>{"a"});
}
