// tests/unit/grammar/test_parse_values.cpp — the grammar of Python values beyond
// lists and tuples: dict displays and comprehensions, f-strings (fields,
// conversions, nested specs, `=`), `**` arguments and `from ... import`;
// their errors carry Python 3.11's message and caret columns (taken from
// python3.11's compile(src, '<stdin>', 'exec'), offsets made 0-based).
#include <catch2/catch.hpp>

#include <string>

#include "grammar/dump.h"
#include "grammar/parser.h"

using namespace tsh::grammar;

namespace {

// The dump of the statements, or "Type: message @span [text]".
std::string p(std::string_view src) {
  const ParseResult r = parse(src);
  if (!r.error) return dump(r.stmts);
  std::string out = r.error->type + ": " + r.error->message + " @" + dump(r.error->span);
  if (!r.error->text.empty()) out += " [" + r.error->text + "]";
  return out;
}

}  // namespace

TEST_CASE("dict displays and comprehensions", "[parser][values]") {
  CHECK(p("{}") == "(expr (dict))");
  CHECK(p("{'a': 1, 'b': x}") == "(expr (dict (: 'a' 1) (: 'b' x)))");
  CHECK(p("{**a, 'b': 1, **c,}") == "(expr (dict (** a) (: 'b' 1) (** c)))");
  CHECK(p("{k: v for k, v in d if k}") == "(expr (dictcomp k v (for (tuple k v) d (if k))))");
  CHECK(p("d = {\n  'a': 1,\n}") == "(= d (dict (: 'a' 1)))");
}

TEST_CASE("malformed dict displays fail as in Python", "[parser][values][errors]") {
  CHECK(p("{'a': }") == "SyntaxError: expression expected after dictionary key and ':' @1:4-1:5");
  CHECK(p("{'a': 1, 'b'}") == "SyntaxError: ':' expected after dictionary key @1:11-1:12");
  CHECK(p("{1: 2, 3}") == "SyntaxError: ':' expected after dictionary key @1:7-1:8");
  CHECK(p("{'a': *x}") == "SyntaxError: cannot use a starred expression in a dictionary value @1:6-1:8");
  CHECK(p("{a: *b, c: d}") == "SyntaxError: cannot use a starred expression in a dictionary value @1:4-1:6");
  CHECK(p("{**x for x in y}") == "SyntaxError: dict unpacking cannot be used in dict comprehension @1:1-1:3");
  CHECK(p("{'a' 1}") == "SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:1-1:6");
  CHECK(p("{'a': 1 'b': 2}") == "SyntaxError: invalid syntax. Perhaps you forgot a comma? @1:6-1:11");
  CHECK(p("{1, 2: 3}") == "SyntaxError: invalid syntax @1:5-1:6");
  CHECK(p("{1:2, 3:4 for x in y}") == "SyntaxError: invalid syntax @1:10-1:13");
  CHECK(p("{*a: 1}") == "SyntaxError: invalid syntax @1:3-1:4");
  CHECK(p("{'a':: 1}") == "SyntaxError: invalid syntax @1:5-1:6");
  CHECK(p("{a: b: c}") == "SyntaxError: invalid syntax @1:5-1:6");
  CHECK(p("{'a': 1, 'b':}") == "SyntaxError: expression expected after dictionary key and ':' @1:12-1:13");
  CHECK(p("{**}") == "SyntaxError: invalid syntax @1:3-1:4");
  CHECK(p("{'a': 1} = 3") ==
        "SyntaxError: cannot assign to dict literal here. Maybe you meant '==' instead of '='? @1:0-1:8");
}

TEST_CASE("f-strings split into literal parts and fields", "[parser][values]") {
  CHECK(p("f'a{x}b'") == "(expr (fstring 'a' (fvalue x) 'b'))");
  CHECK(p("f'{x!r:>{w}.{p}f}'") == "(expr (fstring (fvalue x !r (fstring '>' (fvalue w) '.' (fvalue p) 'f'))))");
  CHECK(p("f'{{}}{x:{{}}}'") == "(expr (fstring '{}' (fvalue x (fstring (fvalue (dict))))))");
  CHECK(p("f'{x=}'") == "(expr (fstring 'x=' (fvalue x !r)))");
  CHECK(p("f'{1 + 1 = :>5}'") == "(expr (fstring '1 + 1 = ' (fvalue (+ 1 1) (fstring '>5'))))");
  CHECK(p("f'{a!=b}{a<b}{a>=b}'") == "(expr (fstring (fvalue (!= a b)) (fvalue (< a b)) (fvalue (>= a b))))");
  CHECK(p("'a' f'{x}' 'b'") == "(expr (fstring 'a' (fvalue x) 'b'))");
  CHECK(p("f'\\n{x}\\t'") == "(expr (fstring '\\n' (fvalue x) '\\t'))");
  CHECK(p("rf'\\n{x}'") == "(expr (fstring '\\\\n' (fvalue x)))");
  CHECK(p("f'{\"a\"}{d[\"k\"]}'") == "(expr (fstring (fvalue 'a') (fvalue ([] d 'k'))))");
  CHECK(p("f'{x:=5}'") == "(expr (fstring (fvalue x (fstring '=5'))))");
  CHECK(p("f''") == "(expr (fstring))");
}

TEST_CASE("an f-string field's expression points into the source", "[parser][values]") {
  const ParseResult r = parse("y = 1\nz = f'ab{ x + 1 }'\n");
  REQUIRE_FALSE(r.error);
  const Expr& f = *r.stmts[1]->value;
  REQUIRE(f.kind == ExprKind::FString);
  const Expr& field = *f.items[1];
  CHECK(dump(field.items[0]->span) == "2:10-2:15");  // `x + 1`
}

TEST_CASE("malformed f-strings fail as in Python 3.11", "[parser][values][errors]") {
  CHECK(p("f'{}'") == "SyntaxError: f-string: empty expression not allowed @1:5-1:6");
  CHECK(p("f'{}' + 1") == "SyntaxError: f-string: empty expression not allowed @1:6-1:7");
  CHECK(p("f'{ }'") == "SyntaxError: f-string: empty expression not allowed @1:6-1:7");
  CHECK(p("f'{x'") == "SyntaxError: f-string: expecting '}' @1:5-1:6");
  CHECK(p("f'}'") == "SyntaxError: f-string: single '}' is not allowed @1:4-1:5");
  CHECK(p("f'{x!z}'") ==
        "SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' @1:8-1:9");
  CHECK(p("f'{x!}'") ==
        "SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a' @1:7-1:8");
  CHECK(p("f'{a b}'") == "SyntaxError: f-string: invalid syntax. Perhaps you forgot a comma? @1:1-1:4 [(a b)]");
  CHECK(p("f'{1+}'") == "SyntaxError: f-string: invalid syntax @1:3-1:4 [(1+)]");
  CHECK(p("f'{lambda x: 1}'") == "SyntaxError: f-string: invalid syntax @1:9-1:10 [(lambda x)]");
  CHECK(p("f'{*x}'") == "SyntaxError: f-string: cannot use starred expression here @1:1-1:3 [(*x)]");
  CHECK(p("f'{x:{y:{z}}}'") == "SyntaxError: f-string: expressions nested too deeply @1:14-1:15");
  CHECK(p("f'{#}'") == "SyntaxError: f-string expression part cannot include '#' @1:6-1:7");
  CHECK(p("f'{x)}'") == "SyntaxError: f-string: unmatched ')' @1:7-1:8");
  CHECK(p("f'{(x}'") ==
        "SyntaxError: f-string: closing parenthesis '}' does not match opening parenthesis '(' @1:7-1:8");
  CHECK(p("f'{x!r }'") == "SyntaxError: f-string: expecting '}' @1:9-1:10");
  CHECK(p("f'{!r}'") == "SyntaxError: f-string: expression required before '!' @1:7-1:8");
  CHECK(p("f'{=}'") == "SyntaxError: f-string: expression required before '=' @1:6-1:7");
  CHECK(p("f'{\"a'") == "SyntaxError: f-string: unterminated string @1:6-1:7");
  CHECK(p("f\"{x:{'a'}}\" f'{'") == "SyntaxError: f-string: expecting '}' @1:17-1:18");
  CHECK(p("f'{yield}'") == "SyntaxError: 'yield' outside function @1:3-1:8");
}

TEST_CASE("** arguments and from-imports", "[parser][values]") {
  CHECK(p("f(a, *b, k=1, **d)") == "(expr (call f a (* b) (kw k 1) (** d)))");
  CHECK(p("from torch import nn") == "(from torch nn)");
  CHECK(p("from a.b import c as d, e") == "(from a.b (as c d) e)");
  CHECK(p("from __main__ import (f,\n  g,)") == "(from __main__ f g)");
  CHECK(p("from torch import a,") ==
        "SyntaxError: trailing comma not allowed without surrounding parentheses @1:20-1:21");
  CHECK(p("from torch import ()") == "SyntaxError: invalid syntax @1:19-1:20");
  CHECK(p("from __main__ import x as") == "SyntaxError: invalid syntax @1:25-1:26");
}

TEST_CASE("random f-strings and dict displays never escape the parser", "[parser][values]") {
  // Inputs built from the characters that matter to f-strings and displays;
  // parse() must answer each with a tree or an error, never throw or crash.
  const std::string alphabet = "f'\"{}{}!:=<>()[]\\ #xr0.a,*\n";
  uint32_t state = 12345;
  auto next = [&] { return state = state * 1103515245u + 12345u; };
  for (int i = 0; i < 20000; ++i) {
    std::string src = (next() >> 16) % 2 ? "f'" : "{";
    const size_t len = (next() >> 16) % 24;
    for (size_t k = 0; k < len; ++k) src += alphabet[(next() >> 16) % alphabet.size()];
    if ((next() >> 16) % 2) src += "'";
    CHECK_NOTHROW(parse(src));
  }
}
