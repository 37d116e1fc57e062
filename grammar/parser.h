// grammar/parser.h — the public face of the grammar: source text in, a list
// of statements (ast.h) or the first error out, with Python 3.11's message,
// line and caret columns.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grammar/ast.h"

namespace tsh::grammar {

struct ParseError {
  // "SyntaxError" or "IndentationError"; also "TabError" (a subclass of
  // IndentationError, for tabs and spaces mixed inconsistently) and
  // "RecursionError" (nesting too deep to parse safely), as Python says.
  std::string type;
  std::string message;  // Python 3.11's exact text, e.g. "unmatched ')'"
  // Where the caret(s) go: line, col..end_col (0-based, exclusive end). One
  // caret = end_col == col+1. col == -1 where Python prints no caret (an
  // offset of 0). An error spanning lines has end_line > line, as Python's.
  Span span;
  bool incomplete = false;  // input ended inside an open construct (open bracket, trailing backslash,
                            // block header without body yet, unterminated triple-quoted string): more
                            // lines could complete it
  // When set, the line Python shows instead of the source's: a syntax error
  // inside an f-string field shows the field's text as "(expr)", with `span`'s
  // columns relative to it.
  std::string text = {};
  // Raised by CPython's compiler or symbol table rather than its parser
  // ('break' outside loop, a repeated keyword): Python shows the source line
  // only when it can re-read it from a file, never for <stdin> or -c.
  bool compiler = false;
};

struct ParseResult {
  std::vector<StmtPtr> stmts;
  std::optional<ParseError> error;  // when set, `stmts` is empty
};

// Parses a whole module / script / REPL chunk. A chunk that ends inside an
// indented block is complete (`for i in x:\n    print(i)\n`): the shell
// decides when a block ends.
//
// Besides syntax, parse() reports the errors CPython's compiler raises before
// running anything — "'return' outside function", "'break' outside loop",
// "'continue' not properly in loop", "duplicate argument 'x' in function
// definition", "keyword argument repeated: x" — so a script with one of them
// runs no statement at all, as in Python. Constructs valid in Python that tsh
// does not implement (class, try, with, set displays, ...) are a SyntaxError
// whose message names the construct.
ParseResult parse(std::string_view source);

struct ParseOptions {
  // A REPL chunk, parsed as Python's interactive mode parses: an error is
  // not replaced by one found later in the chunk (CPython checks the whole
  // source only for files), and in its second pass the end of the input
  // reads as the end of the statement instead of failing.
  bool interactive = false;
};
ParseResult parse(std::string_view source, const ParseOptions& options);

}  // namespace tsh::grammar
