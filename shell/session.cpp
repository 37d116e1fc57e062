// shell/session.cpp — scripts with tracebacks, and sessions that group lines into statements.
#include "shell/session.h"
#include "shell/error_prefix.h"
#include "shell/python/embedded.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "engine/format/options.h"
#include "shell/magics/magics.h"
#include "shell/python/errors.h"
#include "shell/stack_guard.h"

namespace tsh::shell {

namespace {

bool is_blank(const std::string& line) {
  return line.find_first_not_of(" \t\r\f") == std::string::npos;
}

bool starts_indented(const std::string& line) { return !line.empty() && (line[0] == ' ' || line[0] == '\t'); }

// A line at column 0 that still belongs to the open block: `else:`, `elif x:`.
bool continues_block(const std::string& line) {
  for (const char* kw : {"else", "elif", "except", "finally"}) {
    size_t n = std::char_traits<char>::length(kw);
    if (line.compare(0, n, kw) == 0 && (line.size() == n || !std::isalnum(static_cast<unsigned char>(line[n])) ))
      return true;
  }
  return false;
}

// The first line opens a compound statement: it ends with a block header.
bool opens_block(const std::string& source) {
  size_t i = source.find_first_not_of(" \t");
  if (i == std::string::npos) return false;
  if (source[i] == '@') return true;  // decorators, then the def or class
  for (const char* kw : {"for", "while", "if", "def", "with", "class", "try"}) {
    size_t n = std::char_traits<char>::length(kw);
    if (source.compare(i, n, kw) == 0 && i + n < source.size() &&
        !std::isalnum(static_cast<unsigned char>(source[i + n])) && source[i + n] != '_')
      return true;
  }
  return false;
}

std::string error_line(const tsh::Error& e) {
  std::string msg = e.what();
  return msg.empty() ? std::string(e.kind()) : std::string(e.kind()) + ": " + msg;
}

}  // namespace

std::vector<std::string> split_lines(const std::string& source) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos <= source.size()) {
    size_t nl = source.find('\n', pos);
    if (nl == std::string::npos) {
      if (pos < source.size()) lines.push_back(source.substr(pos));
      break;
    }
    lines.push_back(source.substr(pos, nl - pos));
    pos = nl + 1;
  }
  return lines;
}

std::string& uncaught_error_prefix() {
  static std::string prefix;
  return prefix;
}

// report with uncaught_error_prefix() before each of its lines.
static std::string with_prefix(const std::string& report) {
  const std::string& prefix = uncaught_error_prefix();
  if (prefix.empty()) return report;
  std::string out;
  size_t at = 0;
  while (at < report.size()) {
    const size_t nl = report.find('\n', at);
    const size_t end = nl == std::string::npos ? report.size() : nl + 1;
    out += prefix + report.substr(at, end - at);
    at = end;
  }
  return out;
}

// Python 3.11's traceback layout: a frame per active call, its source line
// and carets under the failing expression (unless it is the whole line).
static std::string format_traceback(const std::vector<TraceEntry>& trace, const std::string& filename,
                             const std::string& fallback_source, const tsh::Error& e) {
  std::string out = "Traceback (most recent call last):\n";
  // CPython's rule: a frame that repeats the one before (same line, same function) is shown three
  // times, and the rest of the run is counted ("[Previous line repeated 996 more times]").
  constexpr int kShownRepeats = 3;
  int repeats = 0;
  const TraceEntry* last = nullptr;
  auto flush_repeats = [&] {
    if (repeats > kShownRepeats) {
      const int more = repeats - kShownRepeats;
      out += "  [Previous line repeated " + std::to_string(more) + " more time" + (more > 1 ? "s" : "") + "]\n";
    }
  };
  for (const TraceEntry& t : trace) {
    const bool same = last && last->span.line == t.span.line && last->function == t.function;
    if (!same) {
      flush_repeats();
      repeats = 0;
    }
    last = &t;
    if (++repeats > kShownRepeats) continue;
    const char* embedded = embedded_path(t.source.get());  // tsh's own Python (torch.nn, ...)
    out += "  File \"" + (embedded ? std::string(embedded) : filename) + "\", line " + std::to_string(t.span.line) +
           ", in " + t.function + "\n";
    const std::vector<std::string> lines = split_lines(t.source ? *t.source : fallback_source);
    if (t.span.line < 1 || static_cast<size_t>(t.span.line) > lines.size()) continue;
    const std::string& text = lines[t.span.line - 1];
    size_t strip = text.find_first_not_of(" \t");
    if (strip == std::string::npos) continue;
    size_t end = text.find_last_not_of(" \t\r") + 1;
    out += "    " + text.substr(strip, end - strip) + "\n";
    size_t c0 = static_cast<size_t>(t.span.col);
    size_t c1 = t.span.end_line == t.span.line ? static_cast<size_t>(t.span.end_col) : end;
    c1 = std::min(c1, end);
    // Anchors: ^ under the operator (or the [index]), ~ under the rest of the span.
    size_t a0 = 0, a1 = 0;
    if (t.anchor_left >= 0 && static_cast<size_t>(t.anchor_right) <= text.size()) {
      if (!t.subscript) {  // CPython 3.11: the operator after the left operand's trailing blanks
        const std::string op = text.substr(static_cast<size_t>(t.anchor_left),
                                           static_cast<size_t>(std::max(0, t.anchor_right - t.anchor_left)));
        const size_t lead = std::min(op.size(), op.find_first_not_of(" \t") == std::string::npos
                                                    ? op.size() : op.find_first_not_of(" \t"));
        a0 = static_cast<size_t>(t.anchor_left) + lead;
        a1 = a0 + 1;
        if (lead + 1 < op.size() && op[lead + 1] != ' ' && op[lead + 1] != '\t') ++a1;
      } else {  // from the '[' after the value to the ']' after the index
        a0 = static_cast<size_t>(t.anchor_left);
        a1 = static_cast<size_t>(t.anchor_right) + 1;
        while (a0 < text.size() && text[a0] != '[') ++a0;
        while (a1 - 1 < text.size() && text[a1 - 1] != ']') ++a1;
        a1 = std::min(a1, text.size());
      }
    }
    if (a1 > a0 && c0 >= strip && c1 > c0) {
      std::string marks;
      for (size_t c = c0; c < c1; ++c) marks += c >= a0 && c < a1 ? '^' : '~';
      out += "    " + std::string(c0 - strip, ' ') + marks + "\n";
    } else if (c0 >= strip && c1 > c0 && !(c0 == strip && c1 == end)) {
      out += "    " + std::string(c0 - strip, ' ') + std::string(c1 - c0, '^') + "\n";
    }
  }
  flush_repeats();
  return out + error_line(e) + "\n";
}


std::optional<std::string> StreamReader::read(bool) {
  std::string line;
  if (!std::getline(in_, line)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

namespace {

// The session's output, also copied into *capture while a statement is being recorded.
Output tapped(Output output, std::string* const* capture) {
  auto tap = [capture](std::function<void(std::string_view)> to) {
    return [capture, to = std::move(to)](std::string_view s) {
      if (*capture) (*capture)->append(s);
      to(s);
    };
  };
  output.out = tap(std::move(output.out));
  output.err = tap(std::move(output.err));
  return output;
}

}  // namespace

Session::Session(Output output) : interp_(tapped(std::move(output), &capture_)) {
  interp_.run_escape = [this](const grammar::Stmt& s) { run_escape(*this, s); };
}

std::optional<std::string> Session::ask(const std::string& question) {
  auto& out = interp_.output();
  if (answers_ && answers_->prompts()) {
    std::optional<std::string> answer = answers_->ask(question);
    if (!answer) out.out("\n");
    // The terminal showed the question and the answer; a transcript shows them as --echo does.
    if (capture_ && answer) capture_->append(question + *answer + "\n");
    return answer;
  }
  out.out(question);
  std::optional<std::string> answer;
  bool typed_on_terminal = false;
  if (answers_) {
    answer = answers_->read(true);
  } else {  // a script: the answer comes from stdin, as IPython reads it
    std::cout.flush();
    typed_on_terminal = isatty(STDIN_FILENO);
    std::string line;
    if (std::getline(std::cin, line)) answer = line;
  }
  // The line ends after the answer: a terminal shows what was typed and its
  // newline; otherwise --echo shows the answer, and the newline comes here.
  if (!answer) {
    out.out("\n");
  } else if (!typed_on_terminal) {
    const bool shown = echo_ && answers_;
    out.out(shown ? *answer + "\n" : "\n");
    // A transcript shows the answer as --echo does.
    if (capture_ && !shown && !capture_->empty()) capture_->insert(capture_->size() - 1, *answer);
  }
  return answer;
}

void Session::report_escape_syntax_error(const EscapeSyntaxError& e, const std::string& filename) {
  // The magic's line, placed at its line number, for the caret display.
  std::string source(static_cast<size_t>(std::max(0, e.lineno - 1)), '\n');
  grammar::ParseError err = e.error;
  err.span.line = err.span.end_line = e.lineno;
  report_syntax_error(err, source + e.line + "\n", filename);
}

void Session::print_err(const std::string& s) { interp_.output().err(s); }

bool Session::note_exit(const tsh::Error& e) {
  const auto* exit = dynamic_cast<const SystemExit*>(&e);
  if (!exit) return false;
  if (run_depth_ > 0) {
    // Inside %run, as IPython's safe_execfile: the script ends, the session
    // goes on, and a true code is reported in the exception-only layout.
    if (exit->truthy)
      print_err("An exception has occurred, use %tb to see the full traceback.\n\nSystemExit: " +
                std::string(exit->what()) + "\n");
    return true;
  }
  if (exit->print_code) print_err(std::string(exit->what()) + "\n");
  exit_status_ = exit->status;
  return true;
}

void Session::report_session_error(const tsh::Error& e) {
  std::vector<TraceEntry> trace = interp_.trace();
  if (trace.empty()) trace.push_back(TraceEntry{"<module>", grammar::Span{1, 0, 1, 0}, nullptr});
  last_traceback_ = format_traceback(trace, "<stdin>", "", e);
  // The default (Minimal) prints the error's last line, which session
  // transcripts rely on; %xmode Plain or Context, IPython's layouts.
  print_err(xmode_ == XMode::Minimal ? error_line(e) + "\n" : ipython_traceback(trace, e));
}

int Session::cell_of(const std::shared_ptr<const std::string>& source) const {
  for (size_t i = 0; i < cells_.size(); ++i)
    if (cells_[i] == source) return static_cast<int>(i) + 1;
  return 0;
}

// IPython 8's tracebacks: Plain (a frame per line pair, no carets) and
// Context (a header, then each frame's lines around the failing one, dedented).
std::string Session::ipython_traceback(const std::vector<TraceEntry>& trace, const tsh::Error& e) const {
  std::string out;
  std::string etype = e.kind();
  if (etype.rfind('.') != std::string::npos) etype = etype.substr(etype.rfind('.') + 1);
  const std::string pyver = "Traceback (most recent call last)";
  if (xmode_ == XMode::Plain) out = pyver + ":\n";
  else out = std::string(75, '-') + "\n" + etype + std::string(std::max<size_t>(1, 75 - etype.size() - pyver.size()), ' ') + pyver + "\n";
  for (const TraceEntry& t : trace) {
    const std::vector<std::string> lines = t.source ? split_lines(*t.source) : std::vector<std::string>{};
    const int line = t.span.line;
    std::string where = "Cell In[" + std::to_string(cell_of(t.source)) + "], line " + std::to_string(line);
    const bool in_function = t.function != "<module>";
    if (xmode_ == XMode::Plain) {
      out += "  " + where + (in_function ? " in " + t.function : "") + "\n";
      if (line >= 1 && static_cast<size_t>(line) <= lines.size()) {
        const std::string& text = lines[line - 1];
        const size_t a = text.find_first_not_of(" \t");
        if (a != std::string::npos) out += "    " + text.substr(a, text.find_last_not_of(" \t\r") + 1 - a) + "\n";
      }
      continue;
    }
    out += where + (in_function ? ", in " + t.function + t.signature : "") + "\n";
    // Two lines either side of the failing one, within the cell, without their common indentation.
    int last = static_cast<int>(lines.size());
    while (last > 0 && lines[last - 1].find_first_not_of(" \t\r") == std::string::npos) --last;
    const int from = std::max(1, line - 2), to = std::min(last, line + 2);
    size_t indent = std::string::npos;
    for (int l = from; l <= to; ++l) {
      const size_t a = lines[l - 1].find_first_not_of(" \t");
      if (a != std::string::npos) indent = std::min(indent, a);
    }
    if (indent == std::string::npos) indent = 0;
    for (int l = from; l <= to; ++l) {
      const std::string num = std::to_string(l);
      const std::string mark = l == line ? std::string(std::max<size_t>(0, 5 - num.size()), '-') + "> " + num
                                         : std::string(7 - std::min<size_t>(7, num.size()), ' ') + num;
      std::string text = lines[l - 1].size() > indent ? lines[l - 1].substr(indent) : "";
      while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.pop_back();
      out += mark + " " + text + "\n";
    }
    out += "\n";
  }
  out += error_line(e) + "\n";
  if (xmode_ == XMode::Plain) out += "\n";
  return out;
}

void Session::report_syntax_error(const grammar::ParseError& err, const std::string& source,
                                  const std::string& filename) {
  // Bytes that are not UTF-8, typed or piped in: CPython's interactive reader refuses them
  // before it has a line to show (line 0, no text, no caret).
  if (err.message.rfind("(unicode error) 'utf-8' codec can't decode byte", 0) == 0 && filename == "<stdin>") {
    print_err("  File \"<stdin>\", line 0\n    \n" + err.type + ": " + err.message + "\n");
    return;
  }
  std::vector<std::string> lines = split_lines(source);
  std::string out = "  File \"" + filename + "\", line " + std::to_string(err.span.line) + "\n";
  const bool rereadable = !filename.empty() && filename[0] != '<';
  if (err.span.line >= 1 && static_cast<size_t>(err.span.line) <= lines.size() && (rereadable || !err.compiler)) {
    // An f-string field's error shows the field's own text (ParseError::text).
    const std::string& text = err.text.empty() ? lines[err.span.line - 1] : err.text;
    size_t strip = text.find_first_not_of(" \t\f");
    if (strip == std::string::npos) strip = text.size();
    std::string shown = text.substr(strip);
    shown = shown.substr(0, shown.find('\0'));  // as C prints it: a binary file shows its first bytes
    while (!shown.empty() && (shown.back() == ' ' || shown.back() == '\r')) shown.pop_back();
    out += "    " + shown + "\n";
    if (err.span.col >= 0) {  // a negative column: Python prints no caret for this error
      // Columns count characters, as CPython's carets do, not the bytes of their UTF-8.
      auto chars = [&](int from, int to) {
        const size_t a = std::min(text.size(), static_cast<size_t>(std::max(0, from)));
        const size_t b = std::min(text.size(), static_cast<size_t>(std::max(from, to)));
        int n = 0;
        for (size_t i = a; i < b; ++i) n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
        return n + std::max(0, to - std::max(from, static_cast<int>(text.size())));
      };
      int col = std::max<int>(0, chars(static_cast<int>(strip), err.span.col));
      int width = err.span.end_line == err.span.line ? std::max(1, chars(err.span.col, err.span.end_col)) : 1;
      out += "    " + std::string(static_cast<size_t>(col), ' ') +
             std::string(static_cast<size_t>(width), '^') + "\n";
    }
  }
  out += err.type + ": " + err.message + "\n";
  print_err(out);
}

// A REPL chunk parses as Python's interactive mode parses it.
static grammar::ParseResult parse_chunk(const std::string& source) {
  grammar::ParseOptions options;
  options.interactive = true;
  return grammar::parse(source, options);
}

void Session::run_chunk(const std::string& source) {
  std::string entry = source;
  while (!entry.empty() && entry.back() == '\n') entry.pop_back();
  history_.push_back(entry);
  cells_.push_back(std::make_shared<const std::string>(source));  // In[n], counted as IPython counts
  // `exit` or `quit` typed alone ends the session, as in Python 3.13's REPL
  // (unless the name is the user's own).
  const size_t b = entry.find_first_not_of(" \t"), e = entry.find_last_not_of(" \t");
  const std::string word = b == std::string::npos ? "" : entry.substr(b, e - b + 1);
  if ((word == "exit" || word == "quit") && !interp_.globals().count(word)) {
    exit_status_ = 0;
    return;
  }
  auto parsed = std::make_shared<grammar::ParseResult>(parse_chunk(source));
  if (parsed->error) {
    report_syntax_error(*parsed->error, source, "<stdin>");
    return;
  }
  interp_.set_source(cells_.back());
  interp_.keep_alive(parsed);
  try {
    interp_.exec_module(parsed->stmts);
  } catch (const EscapeSyntaxError& e) {
    report_escape_syntax_error(e, "<stdin>");
  } catch (const tsh::Error& e) {
    if (!note_exit(e)) report_session_error(e);
  } catch (const BreakSignal&) {
    print_err("SyntaxError: 'break' outside loop\n");
  } catch (const ContinueSignal&) {
    print_err("SyntaxError: 'continue' not properly in loop\n");
  } catch (const ReturnSignal&) {
    print_err("SyntaxError: 'return' outside function\n");
  } catch (const std::bad_alloc&) {
    print_err("MemoryError\n");
  } catch (const std::exception& e) {
    print_err(std::string("RuntimeError: ") + e.what() + "\n");
  }
}

int Session::run_lines(LineReader& reader, bool echo) {
  auto& out = interp_.output();
  // Questions a magic asks are answered by the next input line.
  LineReader* const saved_answers = answers_;
  const bool saved_echo = echo_;
  answers_ = &reader;
  echo_ = echo;
  struct Restore {
    Session& s;
    LineReader* answers;
    bool echo;
    ~Restore() { s.answers_ = answers, s.echo_ = echo; }
  } restore{*this, saved_answers, saved_echo};
  std::optional<std::string> pending;
  for (;;) {
    std::optional<std::string> first = pending ? pending : reader.read(false);
    pending.reset();
    if (!first) break;
    // Ctrl-C while the session waited for input interrupts nothing (python3 -i
    // on a pipe drops it too); it must not stop the statement about to run.
    clear_interrupt();
    if (is_blank(*first)) {
      if (echo) out.out(">>>\n");
      continue;
    }
    std::string shown;  // the statement's lines as --echo prints them
    auto show = [&](const std::string& text) {
      shown += text;
      if (echo) out.out(text);
    };
    show(">>> " + *first + "\n");
    std::string buf = *first + "\n";
    bool in_block = opens_block(buf);
    for (;;) {
      grammar::ParseResult r = parse_chunk(buf);
      bool incomplete = r.error && r.error->incomplete;
      if (!incomplete && !(in_block && !r.error)) break;
      std::optional<std::string> next = reader.read(true);
      if (!next) break;  // end of input ends an open block, or reports the open bracket
      if (in_block && !incomplete) {
        if (is_blank(*next) && !reader.blank_inside_cell()) {
          show("...\n");
          break;
        }
        if (!is_blank(*next) && !starts_indented(*next) && !continues_block(*next)) {
          pending = next;
          break;
        }
      }
      show(is_blank(*next) ? "...\n" : "... " + *next + "\n");
      buf += *next + "\n";
    }
    reader.statement_read(buf);
    {
      // Recorded for %save: what it printed, copied on to an enclosing recording too.
      std::string printed;
      struct Recording {
        Session& s;
        std::string* outer;
        std::string& printed;
        ~Recording() {
          s.capture_ = outer;
          if (outer) outer->append(printed);
        }
      } recording{*this, capture_, printed};
      capture_ = &printed;
      run_chunk(buf);
      if (!transcript_overflowed_) {
        transcript_bytes_ += shown.size() + printed.size();
        if (transcript_bytes_ > kTranscriptLimit) {  // a session's memory is not spent on its own echo
          transcript_overflowed_ = true;
          transcript_.clear();
          transcript_.shrink_to_fit();
        } else {
          transcript_.push_back(TranscriptEntry{shown, printed});
        }
      }
    }
    if (exit_status_) break;  // exit() ends the session
  }
  return 0;
}

int Session::run_file(const std::string& source, const std::string& filename) {
  if (run_depth_ >= 100 || stack_nearly_full())
    throw RecursionError("maximum recursion depth exceeded (%run inside %run)");
  ++run_depth_;
  struct Leave {
    int& depth;
    ~Leave() { --depth; }
  } leave{run_depth_};
  return run_script(source, filename, /*record_history=*/false);
}

int Session::run_script(const std::string& source, const std::string& filename, bool record_history) {
  auto parsed = std::make_shared<grammar::ParseResult>(grammar::parse(source));
  if (parsed->error) {
    grammar::ParseError err = *parsed->error;
    // A file is refused before it is tokenized, with the wording of python3
    // FILE (compile()'s "source code string ..." is the REPL's) and no caret.
    if (err.message == "source code string cannot contain null bytes") {
      err.message = "source code cannot contain null bytes";
      err.span.col = -1;
    }
    // Bytes that are not UTF-8: python3 FILE says so in one line, before any traceback.
    if (err.message.rfind("(unicode error) 'utf-8' codec can't decode byte 0x", 0) == 0) {
      const std::string byte = err.message.substr(std::string("(unicode error) 'utf-8' codec can't decode byte 0x").size(), 2);
      print_err("SyntaxError: Non-UTF-8 code starting with '\\x" + byte + "' in file " + filename + " on line " +
                std::to_string(err.span.line) + ", but no encoding declared; see https://peps.python.org/pep-0263/ for details\n");
      return 1;
    }
    report_syntax_error(err, source, filename);
    return 1;
  }
  interp_.keep_alive(parsed);
  interp_.set_source(std::make_shared<const std::string>(source));
  // A .py file runs as python3 runs it: a bare expression statement shows nothing.
  struct EchoRule {
    bool& echo;
    bool saved;
    EchoRule(bool& e, bool on) : echo(e), saved(e) { echo = on; }
    ~EchoRule() { echo = saved; }
  } echo_rule{interp_.echo_expressions,
              !(filename.size() > 3 && filename.compare(filename.size() - 3, 3, ".py") == 0)};
  std::vector<std::string> lines = split_lines(source);
  int recorded_to = 0;  // the last line in the history
  for (const auto& stmt : parsed->stmts) {
    if (record_history && stmt->span.line > recorded_to) {
      std::string entry;
      for (int l = stmt->span.line; l <= stmt->span.end_line && static_cast<size_t>(l) <= lines.size(); ++l)
        entry += (entry.empty() ? "" : "\n") + lines[l - 1];
      history_.push_back(entry);
      recorded_to = stmt->span.end_line;
    }
    try {
      interp_.exec_toplevel(*stmt);
    } catch (const EscapeSyntaxError& e) {
      report_escape_syntax_error(e, filename);
      return 1;
    } catch (const tsh::Error& e) {
      if (note_exit(e)) return exit_status_.value_or(0);
      std::vector<TraceEntry> trace = interp_.trace();
      if (trace.empty()) trace.push_back(TraceEntry{"<module>", stmt->span, nullptr});
      print_err(with_prefix(format_traceback(trace, filename, source, e)));
      if (run_depth_ == 0 && dynamic_cast<const KeyboardInterrupt*>(&e)) interrupted_ = true;
      return 1;
    } catch (const BreakSignal&) {
      print_err("SyntaxError: 'break' outside loop\n");
      return 1;
    } catch (const ContinueSignal&) {
      print_err("SyntaxError: 'continue' not properly in loop\n");
      return 1;
    } catch (const std::bad_alloc&) {
      print_err("MemoryError\n");
      return 1;
    }
  }
  return 0;
}

}  // namespace tsh::shell
