// shell/magics/magics_impl.h — what the magics' source files share (internal to
// shell/magics/*.cpp): the call context, IPython-style option parsing, and one
// entry point per magic, each defined in the file of its family.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "grammar/ast.h"
#include "shell/python/errors.h"
#include "shell/python/value.h"
#include "shell/terminal.h"

namespace tsh::shell {

class Interpreter;
class Session;

// Everything a magic may use: the session (history, questions, %run), its
// interpreter (namespace, evaluation, output) and the statement itself (for
// the argument text's place in the source line).
struct MagicCall {
  Session& session;
  Interpreter& in;
  const grammar::Stmt& stmt;
  const std::string& args() const { return stmt.text; }
  void print(const std::string& s) const;  // to the session's stdout
};

inline PyError UsageError(const std::string& m) { return PyError("UsageError", m); }

// Options in IPython's getopt style: "n:r:qo" allows -n VALUE (also -nVALUE),
// -r VALUE, -q, -o; options end at the first word that is not one, or at `--`.
// An unknown option or a missing value is IPython's UsageError.
struct Options {
  std::map<char, std::string> given;  // flag → value ("" for a flag without one)
  std::string rest;                   // the text after the options, as written
  size_t rest_offset = 0;             // where `rest` starts in the argument text
  bool has(char c) const { return given.count(c) != 0; }
};
Options parse_options(const std::string& args, const std::string& spec);

// A piece of a magic's argument text: where it starts, and the text.
struct Piece {
  size_t at = 0;
  std::string text;
};
// Splits `s` at top-level occurrences of any character of `seps` (outside brackets and quotes),
// dropping empty pieces and surrounding blanks; `base` is where s starts in the argument text.
std::vector<Piece> split_top(const std::string& s, size_t base, const char* seps);

// The argument text split into words; quotes group and are removed.
std::vector<std::string> split_words(const std::string& args);

// Parses code from a magic's argument text, its spans moved to where it sits
// in the source line; throws EscapeSyntaxError on a syntax error.
// The statements stay alive with the interpreter (functions may point into them).
const std::vector<grammar::StmtPtr>& parse_argument_code(const MagicCall& call, const std::string& code,
                                                         size_t offset);
// Runs statements parsed by parse_argument_code at the current scope.
void exec_statements(Interpreter& in, const std::vector<grammar::StmtPtr>& stmts);

// len(v) by the builtin len (even when a variable shadows it), or nullopt
// when v has no length.
std::optional<int64_t> builtin_len(Interpreter& in, const Value& v);

// A teaching hook a Python class may define for the magics (DTensor does): v's method `name`,
// called with args, or nullopt when v is not an instance or its class has no such method.
// __tsh_storage__(label) -> (text, local tensor) for %storage; __tsh_describe__() -> str and
// __tsh_explain__(step, result, args) -> [what the step gave, why...] for %explain.
std::optional<Value> teaching_hook(Interpreter& in, const Value& v, const char* name, Args args);

void magic_tb(const MagicCall& call);
void magic_xmode(const MagicCall& call);

// %reset's question, IPython's words.
const char* reset_question();


// One implementation per magic (file of each in parentheses).
void magic_time(const MagicCall& call);     // magics_timing.cpp
void magic_timeit(const MagicCall& call);   // magics_timing.cpp
void magic_whos(const MagicCall& call);     // magics_whos.cpp
void magic_storage(const MagicCall& call);  // magics_storage.cpp
void magic_explain(const MagicCall& call);  // magics_explain.cpp
void magic_graph(const MagicCall& call);    // magics_graph.cpp
void magic_summary(const MagicCall& call);  // magics_summary.cpp
void magic_run(const MagicCall& call);      // magics_session.cpp
void magic_reset(const MagicCall& call);    // magics_session.cpp
void magic_history(const MagicCall& call);  // magics_session.cpp
void magic_pwd(const MagicCall& call);      // magics_session.cpp
void magic_save(const MagicCall& call);     // magics_session.cpp
void magic_meta(const MagicCall& call);     // magics_session.cpp
void magic_cd(const MagicCall& call);       // magics_session.cpp

// The help request `x?` / `x??` (shell/help.cpp): IPython's pinfo layout.
void run_help_request(const MagicCall& call);

}  // namespace tsh::shell
