// shell/repl.cpp — the interactive session on a terminal.
//
// Line editing hides behind one LineReader (GNU readline with persistent
// history in ~/.tsh_history). Ctrl-C while typing drops the line; while a
// statement runs it only sets a flag that the interpreter checks at safe
// points, so the session and its variables survive.
#include "shell/repl.h"

#include <readline/history.h>
#include <readline/readline.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "shell/interp.h"
#include "shell/session.h"

#ifndef TSH_VERSION
#define TSH_VERSION "0.0.0"
#endif

namespace tsh::shell {

namespace {

void on_sigint(int) { g_interrupted.store(true); }

std::string history_path() {
  const char* home = std::getenv("HOME");
  return std::string(home ? home : ".") + "/.tsh_history";
}

class ReadlineReader : public LineReader {
 public:
  std::optional<std::string> read(bool continuation) override {
    char* line = readline(continuation ? "... " : ">>> ");
    if (!line) return std::nullopt;
    std::string s(line);
    std::free(line);
    if (!s.empty()) {
      add_history(s.c_str());
      append_history(1, history_path().c_str());
    }
    return s;
  }
};

}  // namespace

void install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
}

int run_repl(Session& session, const ReplOptions& options) {
  if (!options.quiet) {
    std::cout << "tsh " << TSH_VERSION << " — a tensor shell (PyTorch semantics)\n"
              << "CPU threads: " << std::thread::hardware_concurrency()
              << ", BLAS: OpenBLAS, CUDA: not available\n"
              << "Type help(torch.zeros), dir(t), or Ctrl-D to exit.\n";
  }
  std::string hist = history_path();
  read_history(hist.c_str());
  install_interrupt_handler();
  ReadlineReader reader;
  for (;;) {
    g_interrupted = false;
    std::optional<std::string> first = reader.read(false);
    if (!first) {
      std::cout << "\n";
      break;
    }
    std::string buf = *first + "\n";
    if (buf.find_first_not_of(" \t\n") == std::string::npos) continue;
    bool aborted = false;
    while (Session::needs_more(buf, false)) {
      std::optional<std::string> next = reader.read(true);
      if (!next) {
        aborted = true;
        break;
      }
      if (next->find_first_not_of(" \t") == std::string::npos) {
        if (!Session::needs_more(buf, true)) break;
      }
      buf += *next + "\n";
    }
    if (aborted) {
      std::cout << "\n";
      break;
    }
    session.run_chunk(buf);
  }
  return 0;
}

}  // namespace tsh::shell
