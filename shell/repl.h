// shell/repl.h — the interactive terminal session: banner, prompts, readline, history, Ctrl-C.
#pragma once

namespace tsh::shell {

class Session;

struct ReplOptions {
  bool quiet = false;  // no banner
};

// Runs until Ctrl-D. Returns the exit status.
int run_repl(Session& session, const ReplOptions& options);
// Installs the SIGINT handler that sets g_interrupted.
void install_interrupt_handler();

}  // namespace tsh::shell
