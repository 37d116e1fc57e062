// shell/repl.cpp — the interactive session on a terminal.
//
// Lines come from GNU readline's callback interface, waiting in select() as
// Python's readline module does, so that Ctrl-C at the prompt drops the line
// at once and Ctrl-C while a statement runs only sets the engine's flag
// (engine/core/interrupt.h) that the interpreter and the kernels poll.
// Statements are grouped by Session::run_lines, the same grouping piped
// sessions use. Pasted text arrives in two ways: with bracketed paste (on by
// default in readline 8.1+) the whole paste is one accepted buffer with
// newlines in it; without it, line after line with more input already
// waiting. Either way its `>>> ` prompts are removed and its expected output
// skipped (shell/paste.h). History lives in ~/.tsh_history.
#include "shell/repl.h"

#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/cpu/math_library.h"
#include "engine/core/device.h"
#include "engine/core/interrupt.h"
#include "engine/core/storage.h"
#include "shell/complete.h"
#include "shell/interp.h"
#include "shell/paste.h"
#include "shell/session.h"

#ifndef TSH_VERSION
#define TSH_VERSION "0.0.0"
#endif


namespace tsh::shell {

namespace {

constexpr int kHistoryLines = 10000;
// Python's completer delimiters plus '.', so that readline lists `t.st<TAB>`
// as `stride(  storage_offset(` rather than whole `t.stride(` chains.
const char* const kWordBreaks = " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?.";

// ---------------------------------------------------------------- signals

volatile sig_atomic_t g_running = 0;      // a statement is running (not at the prompt)
volatile sig_atomic_t g_ctrl_c_shown = 0;  // the terminal echoed ^C on the current line
volatile sig_atomic_t g_sigint_seen = 0;   // Ctrl-C since the last line was read
volatile sig_atomic_t g_resized = 0;
bool g_echoctl = false;  // the terminal echoes Ctrl-C as ^C while a statement runs

void on_sigint(int) {
  request_interrupt();
  g_sigint_seen = 1;
  if (g_running && g_echoctl) g_ctrl_c_shown = 1;
}

void on_sigwinch(int) { g_resized = 1; }

// ---------------------------------------------------------------- history

std::string history_path() {
  const char* home = std::getenv("HOME");
  return std::string(home && *home ? home : ".") + "/.tsh_history";
}

void load_history() {
  using_history();
  // A block is one entry: each entry is written after a `#<time>` line, which
  // lets readline read a several-line entry back as one.
  history_comment_char = '#';  // (the timestamp lines start with it)
  history_write_timestamps = 1;
  history_multiline_entries = 1;
  stifle_history(kHistoryLines);
  const std::string path = history_path();
  if (read_history(path.c_str()) != 0) {
    // append_history() only appends to an existing file.
    if (FILE* f = std::fopen(path.c_str(), "a")) std::fclose(f);
  }
  history_truncate_file(path.c_str(), kHistoryLines);
}

// A history file that cannot be written (a full disk, a read-only home) is said once, on stderr;
// the session goes on without it.
void history_failed(int error) {
  static bool said = false;
  if (error == 0 || said) return;
  said = true;
  std::cerr << "tsh: cannot write the history file " << history_path() << ": " << std::strerror(error)
            << " (this session's lines will not be kept)\n";
}

void remember(std::string line) {
  while (!line.empty() && line.back() == '\n') line.pop_back();
  if (line.find_first_not_of(" \t\n") == std::string::npos) return;
  HIST_ENTRY* last = history_length > 0 ? history_get(history_base + history_length - 1) : nullptr;
  if (last && line == last->line) return;  // no consecutive duplicates
  add_history(line.c_str());
  history_failed(append_history(1, history_path().c_str()));  // at once: a crash or a kill loses nothing
}

// ---------------------------------------------------------------- completion

Interpreter* g_interp = nullptr;

char** attempt_completion(const char*, int start, int) {
  rl_attempted_completion_over = 1;  // never readline's file names
  rl_completion_suppress_append = 1;  // matches carry their own `(` or `=` (reset before each attempt)
  const std::string line(rl_line_buffer, static_cast<size_t>(rl_end));
  const size_t cursor = static_cast<size_t>(rl_point);
  auto one = [](const std::string& s) {
    char** m = static_cast<char**>(std::malloc(2 * sizeof(char*)));
    m[0] = strdup(s.c_str());
    m[1] = nullptr;
    return m;
  };
  // TAB with only blanks before it indents (IPython's 4 spaces; rlcompleter
  // inserts a tab). Readline inserts nothing for the empty "match".
  if (line.substr(0, cursor).find_first_not_of(" \t") == std::string::npos) {
    rl_insert_text("    ");
    return one("");
  }
  size_t word_start = cursor;
  std::vector<std::string> matches;
  try {
    matches = complete(*g_interp, line, cursor, &word_start);
  } catch (...) {
    return nullptr;  // completion must never disturb the session
  }
  if (matches.empty()) return nullptr;
  // Readline replaces line[start, cursor); complete() answered for line[word_start, cursor).
  const size_t s = static_cast<size_t>(start);
  for (std::string& m : matches) {
    if (word_start < s)
      m.erase(0, std::min(m.size(), s - word_start));
    else if (word_start > s)
      m.insert(0, line.substr(s, word_start - s));
  }
  if (matches.size() == 1) return one(matches[0]);
  // Readline's layout: the common prefix, then every match, then NULL.
  std::string common = matches[0];
  for (const std::string& m : matches) {
    size_t k = 0;
    while (k < common.size() && k < m.size() && common[k] == m[k]) ++k;
    common.resize(k);
  }
  char** out = static_cast<char**>(std::malloc((matches.size() + 2) * sizeof(char*)));
  out[0] = strdup(common.c_str());
  for (size_t i = 0; i < matches.size(); ++i) out[i + 1] = strdup(matches[i].c_str());
  out[matches.size() + 1] = nullptr;
  return out;
}

// ---------------------------------------------------------------- output

// What the session printed after its last newline: a question awaiting its
// answer (%reset's "Proceed (y/[n])? "), or print(..., end="").
std::string g_open_line;

// The session's output on the terminal: anything printed after the terminal
// echoed ^C starts on a fresh line, and the open line is kept for the prompt.
Output terminal_output(Output inner) {
  auto wrap = [](std::function<void(std::string_view)> f, bool track) {
    return [f, track](std::string_view s) {
      if (g_ctrl_c_shown) {
        g_ctrl_c_shown = 0;
        f("\n");
        g_open_line.clear();
      }
      f(s);
      if (!track || s.empty()) return;
      const size_t nl = s.rfind('\n');
      if (nl == std::string_view::npos)
        g_open_line += s;
      else
        g_open_line = s.substr(nl + 1);
    };
  };
  Output wrapped = inner;
  wrapped.out = wrap(inner.out, true);
  wrapped.err = wrap(inner.err, false);
  return wrapped;
}

// ---------------------------------------------------------------- reading

// Thrown out of Session::run_lines when Ctrl-C drops the line being typed
// (not a tsh::Error, so nothing on the way catches it).
struct LineDropped {};

enum class ReadStatus { Line, Eof, Interrupted };

ReadStatus g_status = ReadStatus::Line;
bool g_done = false;
std::string g_text;

void on_line(char* line) {
  g_done = true;
  g_status = line ? ReadStatus::Line : ReadStatus::Eof;
  g_text = line ? line : "";
  std::free(line);
  rl_callback_handler_remove();
}

// One accepted readline buffer (several lines after a bracketed paste).
ReadStatus read_buffer(const char* prompt, bool continuation, std::string& text) {
  std::cout.flush();
  std::cerr.flush();
  g_running = 0;
  g_done = false;
  // A continuation read right after a question (Session::ask) is its answer:
  // the question, already on the screen, is its prompt.
  const std::string question = continuation ? g_open_line : std::string();
  g_open_line.clear();
  if (!question.empty()) {
    prompt = question.c_str();
    rl_already_prompted = 1;
  }
  rl_callback_handler_install(prompt, on_line);
  rl_already_prompted = 0;
  while (!g_done) {
    if (interrupt_pending()) {  // Ctrl-C while typing: drop the line, as Python does
      clear_interrupt();
      g_sigint_seen = 0;
      rl_free_line_state();
      rl_callback_sigcleanup();
      rl_cleanup_after_signal();
      rl_replace_line("", 1);
      rl_callback_handler_remove();
      std::fputs("\n", stdout);
      std::fflush(stdout);
      std::fputs("KeyboardInterrupt\n", stderr);
      g_running = 1;
      return ReadStatus::Interrupted;
    }
    if (g_resized) {
      g_resized = 0;
      rl_resize_terminal();
    }
    fd_set fds;
    FD_ZERO(&fds);
    FD_SET(fileno(rl_instream), &fds);
    int r = select(fileno(rl_instream) + 1, &fds, nullptr, nullptr, nullptr);
    if (r > 0) rl_callback_read_char();
    if (r < 0 && errno != EINTR) {  // the terminal went away
      rl_callback_handler_remove();
      return ReadStatus::Eof;
    }
  }
  text = g_text;
  clear_interrupt();
  g_sigint_seen = 0;
  g_running = 1;
  return g_status;
}

// More input is already waiting: the line just read is part of a paste.
bool input_waiting() {
  pollfd p{fileno(rl_instream), POLLIN, 0};
  return poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

// A line that continues the block before it: else, elif, except, finally.
bool continues_block_line(const std::string& s) {
  for (const char* kw : {"else", "elif", "except", "finally"}) {
    const size_t n = std::strlen(kw);
    if (s.compare(0, n, kw) == 0 && (s.size() == n || s[n] == ':' || s[n] == ' ' || s[n] == '\t')) return true;
  }
  return false;
}

// The terminal as a LineReader: prompts, pastes, history.
class TerminalReader : public LineReader {
 public:
  std::optional<std::string> read(bool continuation) override {
    if (g_sigint_seen) {  // Ctrl-C while a pasted snippet ran: drop the rest of it
      queue_.clear();
      g_sigint_seen = 0;
    }
    for (;;) {
      if (!queue_.empty()) {
        Queued q = std::move(queue_.front());
        queue_.pop_front();
        soft_blank_ = q.soft_blank;
        return std::move(q.text);
      }
      soft_blank_ = false;
      std::string text;
      switch (read_buffer(continuation ? "... " : ">>> ", continuation, text)) {
        case ReadStatus::Eof:
          std::fputs("\n", stdout);
          return std::nullopt;
        case ReadStatus::Interrupted: throw LineDropped{};
        case ReadStatus::Line: break;
      }
      accept(text);
    }
  }

  bool blank_inside_cell() const override { return soft_blank_; }
  void statement_read(const std::string& text) override { remember(text); }

  // Sets up the next read after Ctrl-C.
  void reset() {
    queue_.clear();
    burst_ = false;
  }

 private:
  struct Queued {
    std::string text;
    bool soft_blank = false;  // a blank line inside a pasted cell's block
  };

  void accept(const std::string& text) {
    std::vector<std::string> lines = split_lines(text);
    if (lines.empty()) lines.push_back("");  // an empty line still ends a block
    const bool pasted = lines.size() > 1;  // a bracketed paste
    if (pasted || !burst_) stripper_.start();
    std::vector<Queued> code_lines;
    for (const std::string& l : lines) {
      std::optional<std::string> code = stripper_.feed(l);
      if (!code) continue;  // the slide's expected output
      code_lines.push_back({std::move(*code), false});
    }
    // A paste is one cell: a blank line followed, later in the paste, by an
    // indented line (or else/except/...) is inside its block, as in IPython
    // and Python 3.13's REPL — a pasted def with blank lines runs whole.
    if (pasted) {
      bool more_of_block = false;
      for (size_t i = code_lines.size(); i-- > 0;) {
        const std::string& t = code_lines[i].text;
        if (blank(t)) {
          code_lines[i].soft_blank = more_of_block;
        } else {
          more_of_block = t[0] == ' ' || t[0] == '\t' || continues_block_line(t);
        }
      }
    }
    for (Queued& q : code_lines) queue_.push_back(std::move(q));
    // A paste ends with its last line: a block it leaves open runs now, as
    // if followed by a blank line (harmless inside an open bracket).
    if (pasted && !queue_.empty() && !blank(queue_.back().text)) queue_.push_back({"", false});
    // Line-by-line arrival: while more input is waiting, this is one paste.
    burst_ = !pasted && input_waiting();
  }

  std::deque<Queued> queue_;
  bool soft_blank_ = false;
  PromptStripper stripper_;
  bool burst_ = false;
};

bool terminal_echoes_ctrl_c() {
  termios t{};
  if (tcgetattr(STDIN_FILENO, &t) != 0) return false;
  return (t.c_lflag & ECHO) && (t.c_lflag & ECHOCTL);
}

// ---------------------------------------------------------------- banner

// "Intel oneAPI MKL 2024.2 (AVX512)", "OpenBLAS 0.3.21 (SkylakeX)": the library and the kernels it runs.
std::string blas_description() {
  const tsh::cpu::MathLibrary& lib = tsh::cpu::mathlib();
  return lib.name + (lib.kernel.empty() ? "" : " (" + lib.kernel + ")");
}

std::string cuda_description() {
  try {
    allocator_for(Device{DeviceType::CUDA, 0});
    return "available";
  } catch (const tsh::Error&) {
    return "not available (tsh was built without a CUDA backend)";
  }
}

void print_banner() {
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  std::cout << "tsh " << TSH_VERSION << " — a tensor shell with PyTorch semantics\n"
            << "CPU: " << threads << (threads == 1 ? " thread" : " threads") << " (OpenMP), BLAS: "
            << blas_description() << ", CUDA: " << cuda_description() << "\n"
            << "Type help(torch.zeros), t? or %magic for help, TAB to complete, Ctrl-D to exit.\n";
}

}  // namespace

void install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: select() at the prompt returns EINTR
  sigaction(SIGINT, &sa, nullptr);
}

int run_repl(Session& session, const ReplOptions& options) {
  if (!options.quiet) print_banner();
  g_interp = &session.interp();
  Output& out = session.interp().output();
  out = terminal_output(out);
  g_echoctl = terminal_echoes_ctrl_c();

  rl_readline_name = "tsh";  // for `$if tsh` in ~/.inputrc
  rl_catch_signals = 0;      // our handlers: readline's would resume the line after Ctrl-C
  rl_catch_sigwinch = 0;
  rl_attempted_completion_function = attempt_completion;
  rl_completer_word_break_characters = const_cast<char*>(kWordBreaks);
  // A second TAB lists the candidates once the first has added all it can
  // (plain readline wants a third). Set before readline reads ~/.inputrc,
  // which may still turn it off.
  rl_variable_bind("show-all-if-unmodified", "on");
  load_history();
  install_interrupt_handler();
  struct sigaction sw {};
  sw.sa_handler = on_sigwinch;
  sigemptyset(&sw.sa_mask);
  sigaction(SIGWINCH, &sw, nullptr);

  TerminalReader reader;
  int status = 0;
  for (;;) {
    try {
      g_running = 1;
      session.run_lines(reader, false);
      g_running = 0;
      break;  // Ctrl-D, or exit()
    } catch (const LineDropped&) {
      g_running = 0;
      reader.reset();
    }
  }
  if (std::optional<int> code = session.exit_status()) status = *code;  // exit()
  std::cout.flush();
  history_failed(history_truncate_file(history_path().c_str(), kHistoryLines));
  g_interp = nullptr;
  return status;
}

}  // namespace tsh::shell
