// tests/unit/grammar/test_lexer.cpp — the tokenizer: token kinds and values, Python's
// NEWLINE/INDENT/DEDENT rules, exact spans, and lexical errors with CPython
// 3.11's messages and caret columns (the expected values come from python3.11,
// its character offsets turned into byte offsets: a caret under a character
// of several bytes covers all of them).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "grammar/dump.h"
#include "grammar/lexer.h"

using namespace tsh::grammar;

namespace {

// The tokens of `src`, one word each: names as `n:x`, numbers as `i:3`,
// `f:2.5`, `j:2`, strings as `s:text`, operators and keywords as spelled,
// and NL, IN, DE, END for NEWLINE, INDENT, DEDENT and the end.
std::string kinds(std::string_view src) {
  const LexResult r = tokenize(src);
  std::string out;
  for (const Token& t : r.tokens) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case TokenKind::Name: out += "n:" + std::string(t.text); break;
      case TokenKind::Number:
        if (t.number_kind == ExprKind::Int)
          out += t.int_overflow ? std::string("i:overflow") : "i:" + std::to_string(t.int_value);
        else
          out += (t.number_kind == ExprKind::Float ? "f:" : "j:") + std::string(t.text);
        break;
      case TokenKind::String: out += "s:" + t.str_value; break;
      case TokenKind::Newline: out += "NL"; break;
      case TokenKind::Indent: out += "IN"; break;
      case TokenKind::Dedent: out += "DE"; break;
      case TokenKind::EndMarker: out += "END"; break;
      case TokenKind::Error: out += "ERROR"; break;
      default: out += token_text(t.kind);
    }
  }
  return out;
}

const Token& nth(const LexResult& r, size_t i) { return r.tokens.at(i); }

struct LexCase {
  const char* source;
  const char* type;
  const char* message;
  int line, col, end_col;
  bool incomplete;
};

}  // namespace

TEST_CASE("names, keywords and the soft ones", "[lexer]") {
  CHECK(kinds("x _y z9 ñ") == "n:x n:_y n:z9 n:ñ NL END");
  CHECK(kinds("if else elif for while in not and or is lambda def return") ==
        "if else elif for while in not and or is lambda def return NL END");
  CHECK(kinds("True False None pass break continue import as del") ==
        "True False None pass break continue import as del NL END");
  // Python reserves these too, so they are keywords here, not names.
  CHECK(kinds("class try with yield") == "class try with yield NL END");
  CHECK(kinds("match case _ print") == "n:match n:case n:_ n:print NL END");
}

TEST_CASE("every operator, longest spelling first", "[lexer]") {
  CHECK(kinds("+ - * / // % ** @ << >> & | ^ ~") == "+ - * / // % ** @ << >> & | ^ ~ NL END");
  CHECK(kinds("< > == != <= >= = -> := . ... , : ;") ==
        "< > == != <= >= = -> := . ... , : ; NL END");
  CHECK(kinds("+= -= *= /= //= %= **= @= &= |= ^= <<= >>=") ==
        "+= -= *= /= //= %= **= @= &= |= ^= <<= >>= NL END");
  CHECK(kinds("a**=b//c") == "n:a **= n:b // n:c NL END");
  CHECK(kinds("x[...]..") == "n:x [ ... ] . . NL END");
  CHECK(kinds("$ ? !") == "unknown character unknown character unknown character NL END");
}

TEST_CASE("integer literals: every base, underscores, 64-bit overflow", "[lexer]") {
  CHECK(kinds("3 1_000 0x1F 0o17 0b101 0X_ff 00 0_0") ==
        "i:3 i:1000 i:31 i:15 i:5 i:255 i:0 i:0 NL END");
  CHECK(kinds("18446744073709551615") == "i:18446744073709551615 NL END");
  CHECK(kinds("18446744073709551616") == "i:overflow NL END");
  CHECK(kinds("0xFFFFFFFFFFFFFFFF 0x10000000000000000") ==
        "i:18446744073709551615 i:overflow NL END");
}

TEST_CASE("float and imaginary literals", "[lexer]") {
  const LexResult r = tokenize("10. .5 1e-3 2.5E10 1_0.2_5e1_0 2j 1.5j 1e10J 1e400 1e-400");
  const double want[] = {10.0, 0.5, 1e-3, 2.5e10, 10.25e10, 2, 1.5, 1e10, HUGE_VAL, 0.0};
  const ExprKind kind[] = {ExprKind::Float, ExprKind::Float, ExprKind::Float, ExprKind::Float,
                           ExprKind::Float, ExprKind::Imag,  ExprKind::Imag,  ExprKind::Imag,
                           ExprKind::Float, ExprKind::Float};
  for (size_t i = 0; i < 10; ++i) {
    INFO("token " << i << ": " << nth(r, i).text);
    CHECK(nth(r, i).kind == TokenKind::Number);
    CHECK(nth(r, i).number_kind == kind[i]);
    CHECK(nth(r, i).float_value == want[i]);
  }
  // A number directly followed by a keyword that may follow one is allowed
  // (CPython only warns): `1if x else 2`.
  CHECK(kinds("1if x else 2") == "i:1 if n:x else i:2 NL END");
  CHECK(kinds("0x1for") == "i:31 or NL END");
}

TEST_CASE("string literals: quotes, escapes, raw, triple-quoted", "[lexer]") {
  CHECK(kinds("'a' \"b\" '' \"\"") == "s:a s:b s: s: NL END");
  CHECK(kinds(R"('\n\t\r\\\'\"\0\x41\u00e9\U0001F600')") == "s:\n\t\r\\'\"" + std::string(1, '\0') +
                                                               "Aé😀 NL END");
  CHECK(kinds(R"('\101\7\q')") == "s:A\a\\q NL END");       // octal; unknown escapes stay
  CHECK(kinds("'a\\\nb'") == "s:ab NL END");                 // backslash-newline joins
  CHECK(kinds(R"(r'\n\x' R'\'' u'x')") == "s:\\n\\x s:\\' s:x NL END");
  CHECK(kinds("'''tri\nple''' \"\"\"a\\\"b\"\"\"") == "s:tri\nple s:a\"b NL END");
  const LexResult r = tokenize("f'{x}' b'y' rb'z'");
  CHECK(nth(r, 0).str_format);
  CHECK(nth(r, 1).str_bytes);
  CHECK(nth(r, 2).str_bytes);
  CHECK(nth(r, 2).str_value == "z");
  // A bad escape is kept for the parser, which reports it where CPython does.
  CHECK(tokenize(R"('\x4')").tokens[0].str_error ==
        "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated "
        "\\xXX escape");
}

TEST_CASE("NEWLINE, INDENT and DEDENT follow Python's rules", "[lexer]") {
  CHECK(kinds("if x:\n    y\nz\n") == "if n:x : NL IN n:y NL DE n:z NL END");
  // Blank lines and comment lines do not count; several blocks close at once.
  CHECK(kinds("if a:\n  if b:\n\n    # c\n    x\ny") ==
        "if n:a : NL IN if n:b : NL IN n:x NL DE DE n:y NL END");
  // Blocks still open at the end are closed there.
  CHECK(kinds("for i in x:\n    f(i)") == "for n:i in n:x : NL IN n:f ( n:i ) NL DE END");
  // Inside brackets lines join and indentation means nothing.
  CHECK(kinds("x = (1,\n        2,\n 3)\ny") == "n:x = ( i:1 , i:2 , i:3 ) NL n:y NL END");
  // A backslash joins lines; the next line's indentation is ignored.
  CHECK(kinds("x = 1 + \\\n        2\ny") == "n:x = i:1 + i:2 NL n:y NL END");
  // A tab goes to the next multiple of 8 columns: 8 spaces match one tab.
  CHECK(kinds("if x:\n\ty\n\tz") == "if n:x : NL IN n:y NL n:z NL DE END");
  CHECK(kinds("x  # comment\n# only a comment\n\n") == "n:x NL END");
  CHECK(kinds("") == "END");
  CHECK(kinds("x\r\ny\rz") == "n:x NL n:y NL n:z NL END");
  CHECK(kinds("a; b") == "n:a ; n:b NL END");
}

TEST_CASE("token spans: 1-based lines, 0-based columns, exclusive ends", "[lexer]") {
  const LexResult r = tokenize("x = foo(12)  # c\n  '''a\nb'''\n");
  CHECK(dump(nth(r, 0).span) == "1:0-1:1");     // x
  CHECK(dump(nth(r, 2).span) == "1:4-1:7");     // foo
  CHECK(dump(nth(r, 4).span) == "1:8-1:10");    // 12
  CHECK(dump(nth(r, 6).span) == "1:13-1:16");   // NEWLINE covers the comment, as CPython's
  CHECK(nth(r, 7).kind == TokenKind::Indent);
  CHECK(dump(nth(r, 8).span) == "2:2-3:4");     // a string over two lines
  CHECK(dump(nth(r, 9).span) == "3:4-3:4");     // NEWLINE without comment: empty
  CHECK(nth(r, 5).level == 0);                   // `)` closes back to depth 0
  CHECK(nth(r, 3).level == 1);                   // `(` opens depth 1
  CHECK(dump(r.eof) == "3:4-3:4");              // last line with a character, at its end
}

TEST_CASE("lexical errors carry CPython's message and caret", "[lexer]") {
  // Expected values from python3.11: compile(src, '<stdin>', 'exec').
  static const LexCase cases[] = {
      {"x = )", "SyntaxError", "unmatched ')'", 1, 4, 5, false},
      {"x = [1, 2)", "SyntaxError",
       "closing parenthesis ')' does not match opening parenthesis '['", 1, 9, 10, false},
      {"x = (1,\n2]", "SyntaxError",
       "closing parenthesis ']' does not match opening parenthesis '(' on line 1", 2, 1, 2, false},
      {"x = (1,", "SyntaxError", "'(' was never closed", 1, 4, 5, true},
      {"s = 'abc", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 5,
       false},
      {"s = '''abc\n\n", "SyntaxError",
       "unterminated triple-quoted string literal (detected at line 2)", 1, 4, 5, true},
      {"s = 'abc\\\n", "SyntaxError", "unterminated string literal (detected at line 1)", 1, 4, 5,
       true},
      {"x = 3abc", "SyntaxError", "invalid decimal literal", 1, 4, 5, false},
      {"x = 1_", "SyntaxError", "invalid decimal literal", 1, 5, 6, false},
      {"x = 0x", "SyntaxError", "invalid hexadecimal literal", 1, 5, 6, false},
      {"x = 0b102", "SyntaxError", "invalid digit '2' in binary literal", 1, 8, 9, false},
      {"x = 0o8", "SyntaxError", "invalid digit '8' in octal literal", 1, 6, 7, false},
      {"x = 09", "SyntaxError",
       "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal "
       "integers",
       1, 4, 5, false},
      {"x = 0_1", "SyntaxError",
       "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal "
       "integers",
       1, 4, 6, false},
      {"x = 1e+", "SyntaxError", "invalid decimal literal", 1, 6, 7, false},
      {"x = 5j2", "SyntaxError", "invalid imaginary literal", 1, 5, 6, false},
      {"1else0j", "SyntaxError", "invalid decimal literal", 1, 0, 1, false},
      {"x = 1 \xc3\x97 2", "SyntaxError", "invalid character '\xc3\x97' (U+00D7)", 1, 6, 8, false},
      {"print(\xe2\x80\x9chi\xe2\x80\x9d)", "SyntaxError",
       "invalid character '\xe2\x80\x9c' (U+201C)", 1, 6, 9, false},
      {"x\xc2\xa0= 1", "SyntaxError", "invalid non-printable character U+00A0", 1, 1, 3, false},
      {"x = \x01", "SyntaxError", "invalid non-printable character U+0001", 1, 4, 5, false},
      {"x = 1 \\ y", "SyntaxError", "unexpected character after line continuation character", 1,
       7, 8, false},
      {"x = 1 + \\\n 2 \\ 3", "SyntaxError",
       "unexpected character after line continuation character", 2, 14, 15, false},
      {"x = 1 \\", "SyntaxError", "unexpected EOF while parsing", 1, 7, 8, true},
      {"if x:\n    a\n  b", "IndentationError",
       "unindent does not match any outer indentation level", 3, 3, 4, false},
      {"if x:\n\ty\n        z", "TabError", "inconsistent use of tabs and spaces in indentation",
       3, 0, 1, false},
  };
  for (const LexCase& c : cases) {
    INFO(c.source);
    const LexResult r = tokenize(c.source);
    REQUIRE(r.error);
    CHECK(r.tokens.back().kind == TokenKind::Error);
    CHECK(r.error->type == c.type);
    CHECK(r.error->message == c.message);
    CHECK(r.error->span.line == c.line);
    CHECK(r.error->span.col == c.col);
    CHECK(r.error->span.end_col == c.end_col);
    CHECK(r.error->incomplete == c.incomplete);
  }
}

TEST_CASE("too deep: brackets and indentation are capped as in CPython", "[lexer]") {
  const LexResult brackets = tokenize(std::string(100000, '('));
  REQUIRE(brackets.error);
  CHECK(brackets.error->message == "too many nested parentheses");
  CHECK(brackets.error->span.col == 200);  // the 201st bracket
  std::string deep;
  for (int i = 0; i < 120; ++i) deep += std::string(i, ' ') + "if x:\n";
  const LexResult indents = tokenize(deep);
  REQUIRE(indents.error);
  CHECK(indents.error->type == "IndentationError");
  CHECK(indents.error->message == "too many levels of indentation");
  CHECK(indents.error->span.line == 101);
}

TEST_CASE("NUL bytes and bad UTF-8 are refused before anything else", "[lexer]") {
  const LexResult nul = tokenize(std::string("x = 1\ny = a\0", 12));
  REQUIRE(nul.error);
  CHECK(nul.error->message == "source code string cannot contain null bytes");
  CHECK(nul.tokens.size() == 1);
  const LexResult bad = tokenize("x = '\xff'");
  REQUIRE(bad.error);
  CHECK(bad.error->message ==
        "(unicode error) 'utf-8' codec can't decode byte 0xff in position 5: invalid start byte");
}
