// shell/magics/magics.h — IPython's escapes in tsh: line magics (`%timeit stmt`,
// `%whos`, `%storage t`, ...) and help requests (`x?`, `x??`, `?x`).
//
// The grammar turns a line that starts with `%name` into a Magic statement
// holding the raw rest of the line, and `x?` into a Help statement; the
// session hands both to run_escape(). One table lists every magic with its
// usage line, its doc (for `%magic`, `%lsmagic` and `%name?`) and its
// implementation, so that the list, the help and the dispatch cannot drift.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "grammar/ast.h"
#include "grammar/parser.h"

namespace tsh::shell {

class Session;

// Runs one Magic or Help statement in `session`. Errors propagate as
// tsh::Error (UsageError for a magic's misuse, as IPython names it), or as
// EscapeSyntaxError for code that a magic parsed out of its arguments.
void run_escape(Session& session, const grammar::Stmt& stmt);

// A syntax error in code a magic read from its argument text (`%timeit x = (`).
// `line` is the magic's source line, `error` spans point into it (line 1),
// and `lineno` is that line's number in its source, for the report.
struct EscapeSyntaxError {
  grammar::ParseError error;
  std::string line;
  int lineno = 1;
};

struct MagicInfo {
  const char* name;   // without the %
  const char* usage;  // "%timeit [-n N] [-r R] [-q] [-o] statement"
  const char* doc;    // what it does, its options, and an example or two
};
// Every magic, sorted by name.
const std::vector<MagicInfo>& magic_list();

// When `line` of a transcript is the echo of a question a magic asked
// (%reset's "Proceed (y/[n])? y"), the answer typed after it. A doctest feeds
// that answer back as input, as the person at the terminal typed it.
std::optional<std::string> transcript_answer(const std::string& line);

}  // namespace tsh::shell
