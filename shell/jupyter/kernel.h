// shell/jupyter/kernel.h — tsh as a Jupyter kernel: a xeus 2.4 interpreter over one Session.
//
// Each execute_request runs its cell with IPython's rules (Session::run_cell):
// print and warnings go out as stdout/stderr streams, the last expression's
// value as the cell's execute_result (text/plain, its repr), an error as one
// iopub `error` with IPython's traceback parts and an error reply. `x?` pages
// come back as the reply's payload. Completion and inspection ask the same
// code as the REPL's Tab and `x?`. Interrupts arrive as SIGINT (see kernel_main.cpp).
#pragma once

#include <atomic>
#include <string>

#include "shell/session.h"
#include "xeus/xinterpreter.hpp"

namespace tsh::shell::jupyter {

class Kernel : public xeus::xinterpreter {
 public:
  Kernel();
  // Whether a cell is running: a SIGINT then interrupts it; while idle it is dropped.
  static std::atomic<bool>& busy();

 private:
  void configure_impl() override;
  nl::json execute_request_impl(int execution_counter, const std::string& code, bool silent, bool store_history,
                                nl::json user_expressions, bool allow_stdin) override;
  nl::json complete_request_impl(const std::string& code, int cursor_pos) override;
  nl::json inspect_request_impl(const std::string& code, int cursor_pos, int detail_level) override;
  nl::json is_complete_request_impl(const std::string& code) override;
  nl::json kernel_info_request_impl() override;
  void shutdown_request_impl() override;

  void flush();  // sends what print() wrote so far, as stream messages

  std::string out_buf_, err_buf_;
  int count_ = 0;  // the In[n] of the running cell
  bool allow_stdin_ = false;
  Session session_;
};

}  // namespace tsh::shell::jupyter
