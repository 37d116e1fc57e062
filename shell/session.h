// shell/session.h — running source: whole scripts, and line-by-line sessions.
//
// A script is parsed whole, run statement by statement, and its first error
// ends it with a traceback (exit 1). A session reads lines, groups them into
// statements the way Python's REPL does (open brackets and blocks continue;
// a block ends at a blank or dedented line), echoes them with --echo, and
// prints only the last line of an error before going on.
#pragma once

#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "grammar/parser.h"
#include "shell/interp.h"

namespace tsh::shell {

class LineReader {
 public:
  virtual ~LineReader() = default;
  // The next line without its newline, or nullopt at end of input.
  virtual std::optional<std::string> read(bool continuation) = 0;
};

class StreamReader : public LineReader {
 public:
  explicit StreamReader(std::istream& in) : in_(in) {}
  std::optional<std::string> read(bool continuation) override;

 private:
  std::istream& in_;
};

class VectorReader : public LineReader {
 public:
  explicit VectorReader(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  std::optional<std::string> read(bool) override {
    if (next_ >= lines_.size()) return std::nullopt;
    return lines_[next_++];
  }

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

class Session {
 public:
  explicit Session(Output output);

  Interpreter& interp() { return interp_; }

  // Runs a whole script. Returns the exit status: 0, or 1 after a traceback.
  int run_script(const std::string& source, const std::string& filename);
  // Runs a session over lines until end of input. Returns 0.
  int run_lines(LineReader& reader, bool echo);
  // Runs one complete chunk in session mode (the REPL's unit). Errors are printed.
  void run_chunk(const std::string& source);

  // True when `source` needs more lines before it can run (open bracket,
  // block header, or a block not yet ended by a blank line).
  static bool needs_more(const std::string& source, bool at_blank_line);

 private:
  void report_session_error(const tsh::Error& e);
  void report_syntax_error(const grammar::ParseError& err, const std::string& source,
                           const std::string& filename);
  void print_err(const std::string& s);

  Interpreter interp_;
};

// Text of the lines of `source` (for carets).
std::vector<std::string> split_lines(const std::string& source);

}  // namespace tsh::shell
