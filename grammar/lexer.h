// grammar/lexer.h — turns source text into tokens with exact spans, by
// Python 3.11's rules: NEWLINE/INDENT/DEDENT, no NEWLINE inside brackets,
// backslash continuation, comments, numbers, strings.
//
// The lexer stops at the first lexical error. CPython raises such an error
// only when the parser asks for the offending token, so the error is kept
// beside the tokens (the last token is then an Error token) and the parser
// raises it when it reaches that token — or earlier, under CPython's rules,
// in place of a parse error found before it.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/ast.h"
#include "grammar/token.h"

namespace tsh::grammar {

struct LexError {
  std::string type;     // "SyntaxError", "IndentationError" or "TabError"
  std::string message;  // CPython 3.11's text
  Span span;            // caret(s): line, col..end_col; col == -1: no caret
  bool incomplete = false;  // input ended inside a bracket, a triple-quoted
                            // string or after a backslash: more could follow

  // How CPython produced it, which decides whether it replaces a parse
  // error found earlier in the source (see parser_errors.cpp):
  enum class Kind {
    Raised,          // raised by the tokenizer itself (bad literal, unmatched
                     // bracket ...): replaces any earlier parse error
    UnclosedAtEof,   // end of input inside brackets: replaces an earlier
                     // parse error only when the bracket opened on an
                     // earlier line than that error
    Other,           // indentation errors, bad continuation: replaces only
                     // as UnclosedAtEof does, when a bracket is open
  } kind = Kind::Raised;
  // The innermost bracket open where the lexer stopped (open_bracket == 0:
  // none), for "'(' was never closed".
  char open_bracket = 0;
  Span bracket_span;
};

struct LexResult {
  // The text the tokens' views point into: the source with every line ended
  // by '\n' ("\r\n" and "\r" become "\n", a missing last '\n' is added,
  // as CPython's compile() does). Held by pointer so that moving the result
  // keeps the views valid.
  std::unique_ptr<const std::string> text;
  // Identifiers as Python reads them (NFKC), where that differs from the text
  // ('ﬁ' is 'fi'): Name tokens' views point here instead.
  std::unique_ptr<std::deque<std::string>> normalized = std::make_unique<std::deque<std::string>>();
  std::vector<Token> tokens;  // ends with EndMarker, or with Error when `error`
  std::optional<LexError> error;
  // Where CPython puts errors at the end of input: the last line that holds
  // a character, at that line's length (an empty span).
  Span eof;
};

LexResult tokenize(std::string_view source);

}  // namespace tsh::grammar
