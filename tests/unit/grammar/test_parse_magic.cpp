// tests/unit/grammar/test_parse_magic.cpp — IPython's escapes in the grammar: `%magic
// args` lines (first on a logical line, raw to the end of the line, also
// inside blocks) and the help requests `x?`, `x??`, `?x`; and that Python's
// own errors around `%` and `?` stay what Python 3.11 reports.
#include <catch2/catch.hpp>

#include <string>

#include "grammar/dump.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

using namespace tsh::grammar;

namespace {

std::string p(std::string_view src, bool interactive = false) {
  const ParseResult r = parse(src, ParseOptions{interactive});
  if (r.error)
    return "ERR " + r.error->type + ": " + r.error->message + " @" + dump(r.error->span);
  return dump(r.stmts);
}

std::string kinds(std::string_view src) {
  const LexResult r = tokenize(src);
  std::string out;
  for (const Token& t : r.tokens) {
    if (!out.empty()) out += ' ';
    out += t.kind == TokenKind::Magic ? "magic[" + std::string(t.text) + "]" : token_text(t.kind);
  }
  return out;
}

}  // namespace

TEST_CASE("a % first on a logical line lexes as one raw magic token", "[parser][magic]") {
  CHECK(kinds("%timeit x = 1") == "magic[%timeit x = 1] newline end of input");
  CHECK(kinds("%cd it's here") == "magic[%cd it's here] newline end of input");  // not Python: no string
  CHECK(kinds("x % 2") == "name % number newline end of input");
  CHECK(kinds("(1,\n%2)") == "( number , % number ) newline end of input");  // inside brackets
  CHECK(kinds("x = 1; %time x") == "name = number ; % name name newline end of input");
  CHECK(kinds("for i in x:\n    %time f(i)\n") ==
        "for name in name : newline indent magic[%time f(i)] newline dedent end of input");
  // A backslash at the end of a line continues the magic, as in IPython.
  const LexResult r = tokenize("%time a \\\n  + b\nc");
  REQUIRE(r.tokens[0].kind == TokenKind::Magic);
  CHECK(dump(r.tokens[0].span) == "1:0-2:5");
  CHECK(r.tokens[2].text == "c");
}

TEST_CASE("magic statements hold the name and the raw argument text", "[parser][magic]") {
  CHECK(p("%timeit -n 3 x = 1") == "(magic timeit '-n 3 x = 1')");
  CHECK(p("%whos") == "(magic whos '')");
  CHECK(p("%whos   \t") == "(magic whos '')");
  CHECK(p("%run 'a file.tsh' 1 2  # not a comment") == "(magic run '\\'a file.tsh\\' 1 2  # not a comment')");
  CHECK(p("%%timeit x") == "(magic %timeit 'x')");  // no cell magics: reported as an unknown line magic
  CHECK(p("% 2") == "(magic  '2')");
  CHECK(p("%time a \\\n  + b") == "(magic time 'a    + b')");
  CHECK(p("x = 1\n%time x\ny = 2") == "(= x 1)\n(magic time 'x')\n(= y 2)");
  CHECK(p("for i in range(3):\n    %time f(i)\n    g(i)\n") ==
        "(for i (call range 3) ((magic time 'f(i)') (expr (call g i))))");
  CHECK(p("def f():\n    %whos\n") == "(def f () ((magic whos '')))");

  const ParseResult r = parse("  \n%timeit  x+1  ");
  REQUIRE_FALSE(r.error);
  CHECK(dump(r.stmts[0]->text_span) == "2:9-2:12");  // where `x+1` sits, for carets into it
}

TEST_CASE("help requests: x?, x??, ?x with IPython's targets", "[parser][magic]") {
  CHECK(p("x?") == "(help? 'x' x)");
  CHECK(p("x??") == "(help?? 'x' x)");
  CHECK(p("x ?") == "(help? 'x' x)");
  CHECK(p("torch.sum?") == "(help? 'torch.sum' (. torch sum))");
  CHECK(p("t.view??") == "(help?? 't.view' (. t view))");
  CHECK(p("a[0].shape?") == "(help? 'a[0].shape' (. ([] a 0) shape))");
  CHECK(p("a[-1]?") == "(help? 'a[-1]' ([] a (- 1)))");
  CHECK(p("?len") == "(help? 'len' len)");
  CHECK(p("??torch.zeros") == "(help?? 'torch.zeros' (. torch zeros))");
  CHECK(p("?len(x)") == "(help? 'len(x)' _)");  // names nothing: "Object `len(x)` not found."
  CHECK(p("?") == "(help? '' _)");
  CHECK(p("if x:\n    y?\n") == "(if x ((help? 'y' y)))");
  CHECK(p("%timeit?") == "(magic timeit? '')");  // help on a magic is the magic's business

  const ParseResult r = parse("t.view?");
  REQUIRE_FALSE(r.error);
  CHECK(dump(r.stmts[0]->span) == "1:0-1:7");
  CHECK(dump(r.stmts[0]->text_span) == "1:0-1:6");
}

TEST_CASE("outside the escapes, % and ? fail as Python 3.11 fails", "[parser][magic][errors]") {
  // Expected values from python3.11's compile().
  CHECK(p("len(x)?") == "ERR SyntaxError: invalid syntax @1:6-1:7");
  CHECK(p("x = 1?") == "ERR SyntaxError: invalid syntax @1:5-1:6");
  CHECK(p("x???") == "ERR SyntaxError: invalid syntax @1:1-1:2");
  CHECK(p("x = 1 ? 2") == "ERR SyntaxError: invalid syntax @1:6-1:7");
  CHECK(p("x = 1; %time x") == "ERR SyntaxError: invalid syntax @1:7-1:8");
  CHECK(p("if x: %time y") == "ERR SyntaxError: invalid syntax @1:6-1:7");
  CHECK(p("if x:\n%time y") ==
        "ERR IndentationError: expected an indented block after 'if' statement on line 1 @2:0-2:1");
  CHECK(p("x = (1 +\n%2)") == "ERR SyntaxError: invalid syntax @2:0-2:1");  // inside brackets: the operator
}

TEST_CASE("interactive chunks: a magic is complete unless a backslash ends it", "[parser][magic]") {
  auto incomplete = [](std::string_view src) {
    const ParseResult r = parse(src, ParseOptions{true});
    return r.error && r.error->incomplete;
  };
  CHECK_FALSE(incomplete("%timeit x"));
  CHECK(incomplete("%time a \\"));
  CHECK_FALSE(incomplete("t.view?"));
  CHECK(incomplete("for i in x:\n"));
  CHECK_FALSE(parse("for i in x:\n    %time f(i)\n", ParseOptions{true}).error);
}

TEST_CASE("shift_spans moves parsed argument text to its place in the line", "[parser][magic]") {
  ParseResult r = parse("y = f(x)");
  REQUIRE_FALSE(r.error);
  shift_spans(r.stmts, 4, 8);
  CHECK(dump(r.stmts[0]->span) == "5:8-5:16");
  CHECK(dump(r.stmts[0]->value->span) == "5:12-5:16");
  CHECK(dump(r.stmts[0]->value->args[0]->span) == "5:14-5:15");
}
