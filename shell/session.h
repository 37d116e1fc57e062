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

struct EscapeSyntaxError;  // shell/magics/magics.h

class LineReader {
 public:
  virtual ~LineReader() = default;
  // The next line without its newline, or nullopt at end of input.
  virtual std::optional<std::string> read(bool continuation) = 0;
  // Whether the reader shows prompts and what is typed (a terminal). Such a
  // reader asks a magic's question itself (ask()); for the others the session
  // prints the question and reads the answer as the next input line.
  virtual bool prompts() const { return false; }
  // The answer to `question` (%reset's "Proceed (y/[n])? "), shown as the
  // prompt of one line that stays out of the input history.
  virtual std::optional<std::string> ask(const std::string& question) {
    (void)question;
    return read(true);
  }
  // Whether the blank line just read lies inside a pasted cell — more of its
  // block follows in the same paste — so that it does not end the block.
  virtual bool blank_inside_cell() const { return false; }
  // A statement's whole text once it is read (all its lines): a terminal
  // keeps it as one history entry, so that Up recalls a block whole.
  virtual void statement_read(const std::string& text) { (void)text; }
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
  Session(const Session&) = delete;  // the interpreter calls back into this object
  Session& operator=(const Session&) = delete;

  Interpreter& interp() { return interp_; }

  // Runs a whole script. Returns the exit status: 0, or 1 after a traceback.
  // Its statements go into the input history unless `record_history` is off.
  int run_script(const std::string& source, const std::string& filename, bool record_history = true);
  // %run: a script run inside this session, in its namespace, recorded in no
  // history. Returns 0, or 1 after its traceback.
  int run_file(const std::string& source, const std::string& filename);
  // Runs a session over lines until end of input. Returns 0.
  int run_lines(LineReader& reader, bool echo);
  // A notebook cell run as IPython runs one (shell/cell.cpp): the whole cell parses first; only
  // its last statement, when it is an expression not ended by `;`, shows its value (through the
  // interpreter's display_hook); an error ends the cell and is returned, not printed, with
  // IPython's traceback parts (coloured header, a `Cell In[n], line k` block per frame, the last
  // line). `x?` requests give their help text as pages. `count` is the cell's In[n].
  struct CellError {
    std::string ename, evalue;
    std::vector<std::string> traceback;
  };
  struct CellOutcome {
    std::optional<CellError> error;
    std::vector<std::string> pages;
  };
  CellOutcome run_cell(const std::string& code, int count);
  // Runs one complete chunk in session mode (the REPL's unit). Errors are printed.
  void run_chunk(const std::string& source);

  // The inputs so far, one entry per chunk (a statement with its continuation
  // lines) as entered; a script's statements too. For %history.
  std::vector<std::string>& history() { return history_; }
  // %tb and %xmode.
  const std::string& last_traceback() const { return last_traceback_; }
  // %xmode: how a session error prints. Minimal (the default): its last line;
  // Plain and Context: IPython's layouts of the whole traceback.
  enum class XMode { Minimal, Plain, Context };
  XMode xmode() const { return xmode_; }
  void set_xmode(XMode m) { xmode_ = m; }
  // Asks a question (%reset's "Proceed (y/[n])?") and reads the answer line:
  // from the session's own input when it reads lines (run_lines; echoed after
  // the question with --echo), else from stdin. nullopt at end of input.
  std::optional<std::string> ask(const std::string& question);
  // Set once the code called exit() or quit() (SystemExit): run_lines stops
  // reading, run_script returns it, and the process exits with it.
  std::optional<int> exit_status() const { return exit_status_; }
  // Set when Ctrl-C ended the last script run_script ran (KeyboardInterrupt
  // traceback printed): the process then ends as python3 does, by SIGINT (130).
  bool interrupted() const { return interrupted_; }
  // The directory before the last %cd, for `%cd -`.
  std::string previous_dir;
  // One statement of a line session as a transcript shows it: its lines with
  // their prompts (as --echo prints them), then all it printed, a magic's
  // question and its answer included. For %save.
  struct TranscriptEntry {
    std::string input, output;
  };
  const std::vector<TranscriptEntry>& transcript() const { return transcript_; }
  // Set (and the transcript dropped) once the session printed more than a transcript keeps.
  bool transcript_overflowed() const { return transcript_overflowed_; }
  static constexpr size_t kTranscriptLimit = size_t{64} << 20;

 private:
  void report_session_error(const tsh::Error& e);
  void report_syntax_error(const grammar::ParseError& err, const std::string& source,
                           const std::string& filename);
  void print_err(const std::string& s);
  bool note_exit(const tsh::Error& e);  // true (and exit_status_ set) for SystemExit
  void report_escape_syntax_error(const EscapeSyntaxError& e, const std::string& filename);

  std::string* capture_ = nullptr;  // also receives what is printed, while a statement of run_lines runs
  Interpreter interp_;               // (after capture_: its output goes through capture_)
  std::vector<std::string> history_;
  std::vector<TranscriptEntry> transcript_;
  size_t transcript_bytes_ = 0;
  bool transcript_overflowed_ = false;
  LineReader* answers_ = nullptr;  // the reader of run_lines while it runs
  bool echo_ = false;              // run_lines' --echo
  int run_depth_ = 0;              // nested %run scripts
  std::optional<int> exit_status_;  // see exit_status()
  std::string last_traceback_;  // of the session's last error, for %tb
  XMode xmode_ = XMode::Minimal;
  // The source of each cell run, in order (cell n is In[n] for IPython's layouts).
  std::vector<std::shared_ptr<const std::string>> cells_;
  std::vector<std::string> traceback_parts(const std::vector<TraceEntry>& trace, const tsh::Error& e) const;
  int cell_of(const std::shared_ptr<const std::string>& source) const;
  std::string ipython_traceback(const std::vector<TraceEntry>& trace, const tsh::Error& e) const;
  bool interrupted_ = false;        // see interrupted()
};

// Text of the lines of `source` (for carets).
std::vector<std::string> split_lines(const std::string& source);

}  // namespace tsh::shell
