// shell/cell.cpp — running a notebook cell as IPython runs one (Session::run_cell).
#include "shell/magics/magics.h"
#include "shell/session.h"

namespace tsh::shell {

namespace {

const char* const kRed = "\x1b[31m";
const char* const kReset = "\x1b[39m";

// The error's class as IPython names it: the class's own name, without its module.
std::string short_kind(const tsh::Error& e) {
  std::string k = e.kind();
  return k.substr(k.rfind('.') == std::string::npos ? 0 : k.rfind('.') + 1);
}

// Where the cell's last statement ends: a `;` after it hides its value (IPython's rule).
bool ends_with_semicolon(const std::string& code) {
  size_t i = code.size();
  while (i > 0) {
    // Skip trailing blanks and a trailing comment on the last line.
    const size_t line_start = code.rfind('\n', i - 1) == std::string::npos ? 0 : code.rfind('\n', i - 1) + 1;
    std::string line = code.substr(line_start, i - line_start);
    const size_t hash = line.find('#');
    if (hash != std::string::npos && line.find_first_of("'\"") == std::string::npos) line = line.substr(0, hash);
    const size_t last = line.find_last_not_of(" \t\r");
    if (last != std::string::npos) return line[last] == ';';
    if (line_start == 0) return false;
    i = line_start - 1;
  }
  return false;
}

}  // namespace

// IPython's 4-part traceback (ipykernel's _showtraceback): a rule, the header with the class,
// one `Cell In[n], line k` block per frame, and `Class: message`.
std::vector<std::string> Session::traceback_parts(const std::vector<TraceEntry>& trace, const tsh::Error& e) const {
  const std::string kind = short_kind(e);
  std::vector<std::string> parts;
  parts.push_back(std::string(kRed) + std::string(75, '-') + kReset);
  const std::string pyver = "Traceback (most recent call last)";
  parts.push_back(std::string(kRed) + kind + kReset +
                  std::string(std::max<size_t>(1, 75 - kind.size() - pyver.size()), ' ') + pyver);
  // The frames as %xmode Context lays them out, a block each (they end with a blank line).
  Session& self = const_cast<Session&>(*this);
  const XMode saved = xmode_;
  self.xmode_ = XMode::Context;
  const std::string text = ipython_traceback(trace, e);
  self.xmode_ = saved;
  const std::vector<std::string> lines = split_lines(text);
  std::string block;
  for (size_t i = 2; i + 1 < lines.size(); ++i) {  // past the rule and the header, before the last line
    if (lines[i].empty()) {
      if (!block.empty()) parts.push_back(block);
      block.clear();
      continue;
    }
    block += lines[i] + "\n";
  }
  if (!block.empty()) parts.push_back(block);
  const std::string msg = e.what();
  parts.push_back(std::string(kRed) + kind + kReset + (msg.empty() ? "" : ": " + msg));
  return parts;
}

Session::CellOutcome Session::run_cell(const std::string& code, int count) {
  CellOutcome outcome;
  std::string entry = code;
  while (!entry.empty() && entry.back() == '\n') entry.pop_back();
  history_.push_back(entry);
  auto source = std::make_shared<const std::string>(code);
  if (count >= 1) {  // In[count]: the cell's place, as IPython counts (silent cells take none)
    if (cells_.size() < static_cast<size_t>(count)) cells_.resize(static_cast<size_t>(count));
    cells_[static_cast<size_t>(count) - 1] = source;
  }
  auto fail = [&](const tsh::Error& e) {
    std::vector<TraceEntry> trace = interp_.trace();
    if (trace.empty()) trace.push_back(TraceEntry{"<module>", grammar::Span{1, 0, 1, 0}, source});
    last_traceback_ = ipython_traceback(trace, e);
    outcome.error = CellError{e.kind(), e.what(), traceback_parts(trace, e)};
  };
  grammar::ParseResult parsed_now = grammar::parse(code);
  if (parsed_now.error) {
    // IPython shows a cell's SyntaxError as Python does, with the cell as its file.
    std::string shown;
    Output& out = interp_.output();
    auto saved_err = out.err;
    out.err = [&](std::string_view s) { shown += s; };
    report_syntax_error(*parsed_now.error, code, "Cell In[" + std::to_string(count) + "]");
    out.err = saved_err;
    outcome.error = CellError{parsed_now.error->type, parsed_now.error->message, {shown}};
    return outcome;
  }
  auto parsed = std::make_shared<grammar::ParseResult>(std::move(parsed_now));
  interp_.set_source(source);
  interp_.keep_alive(parsed);
  const bool hide_last = ends_with_semicolon(code);
  const bool saved_echo = interp_.echo_expressions;
  struct Restore {
    Interpreter& in;
    bool echo;
    ~Restore() { in.echo_expressions = echo; }
  } restore{interp_, saved_echo};
  const auto& stmts = parsed->stmts;
  try {
    for (size_t i = 0; i < stmts.size(); ++i) {
      const grammar::Stmt& s = *stmts[i];
      // Only the last statement may show a value, and only when it is an expression without `;`.
      interp_.echo_expressions = i + 1 == stmts.size() && s.kind == grammar::StmtKind::Expr && !hide_last;
      if (s.kind == grammar::StmtKind::Help) {  // x?: its text is the cell's page
        std::string page;
        Output& out = interp_.output();
        auto saved_out = out.out;
        out.out = [&](std::string_view t) { page += t; };
        try {
          interp_.exec_toplevel(s);
        } catch (...) {
          out.out = saved_out;
          throw;
        }
        out.out = saved_out;
        outcome.pages.push_back(page);
        continue;
      }
      interp_.exec_toplevel(s);
    }
  } catch (const EscapeSyntaxError& e) {
    std::string shown;
    Output& out = interp_.output();
    auto saved_err = out.err;
    out.err = [&](std::string_view t) { shown += t; };
    report_escape_syntax_error(e, "Cell In[" + std::to_string(count) + "]");
    out.err = saved_err;
    outcome.error = CellError{e.error.type, e.error.message, {shown}};
  } catch (const tsh::Error& e) {
    if (!note_exit(e)) fail(e);
  } catch (const BreakSignal&) {
    outcome.error = CellError{"SyntaxError", "'break' outside loop", {"SyntaxError: 'break' outside loop"}};
  } catch (const ContinueSignal&) {
    outcome.error = CellError{"SyntaxError", "'continue' not properly in loop", {"SyntaxError: 'continue' not properly in loop"}};
  } catch (const ReturnSignal&) {
    outcome.error = CellError{"SyntaxError", "'return' outside function", {"SyntaxError: 'return' outside function"}};
  } catch (const std::bad_alloc&) {
    outcome.error = CellError{"MemoryError", "", {"MemoryError"}};
  }
  return outcome;
}

}  // namespace tsh::shell
