// shell/jupyter/kernel_main.cpp — tsh-kernel: `tsh-kernel -f CONNECTION_FILE`, as a kernelspec starts it.
//
// Interrupts come as SIGINT to the kernel's process group (interrupt_mode "signal"). Every thread
// blocks it, so ZeroMQ's polls never see EINTR (which kills a xeus 2.4 kernel that is idle); one
// thread takes each SIGINT with sigwait and, while a cell runs, raises tsh's Ctrl-C flag, which the
// interpreter and the kernels poll. While idle the signal is dropped.
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <memory>
#include <thread>

#include "engine/core/interrupt.h"
#include "shell/allocator.h"
#include "shell/jupyter/history.h"
#include "shell/jupyter/kernel.h"
#include "xeus/xeus_context.hpp"
#include "xeus/xhelper.hpp"
#include "xeus/xkernel.hpp"
#include "xeus/xkernel_configuration.hpp"
#include "xeus/xserver_zmq.hpp"

int main(int argc, char** argv) {
  tsh::shell::tune_allocator();
  sigset_t sigint;
  sigemptyset(&sigint);
  sigaddset(&sigint, SIGINT);
  pthread_sigmask(SIG_BLOCK, &sigint, nullptr);
  std::thread([sigint] {
    for (;;) {
      int sig = 0;
      if (sigwait(&sigint, &sig) == 0 && tsh::shell::jupyter::Kernel::busy()) tsh::request_interrupt();
    }
  }).detach();

  const std::string file = xeus::extract_filename(argc, argv);
  if (file.empty()) {
    std::fprintf(stderr, "usage: tsh-kernel -f CONNECTION_FILE (Jupyter starts it; see tsh --install-kernel)\n");
    return 2;
  }
  xeus::xconfiguration config = xeus::load_configuration(file);
  auto context = xeus::make_context<zmq::context_t>();
  xeus::xkernel kernel(config, xeus::get_user_name(), std::move(context),
                       std::make_unique<tsh::shell::jupyter::Kernel>(), xeus::make_xserver_zmq,
                       tsh::shell::jupyter::make_history());
  kernel.start();  // serves until shutdown; xeus ends the process
  return 0;
}
