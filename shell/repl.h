// shell/repl.h — the interactive terminal session: banner, prompts, readline
// (completion, history in ~/.tsh_history, pasted transcripts), Ctrl-C.
#pragma once

namespace tsh::shell {

class Session;

struct ReplOptions {
  bool quiet = false;  // no banner
};

// Runs until Ctrl-D or exit(). Returns the exit status (exit()'s, else 0).
int run_repl(Session& session, const ReplOptions& options);
// Installs the SIGINT handler: it sets the engine's interrupt flag
// (engine/core/interrupt.h), which statements, loops and kernels poll.
void install_interrupt_handler();

}  // namespace tsh::shell
