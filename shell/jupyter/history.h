// shell/jupyter/history.h — the kernel's input history, for history_request (JupyterLab's console
// recalls with it): tail, range and search, with the protocol's (session, line, input) entries.
// (xeus 2.4's own in-memory history sends session and line as strings, which clients refuse.)
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "xeus/xhistory_manager.hpp"

namespace tsh::shell::jupyter {

std::unique_ptr<xeus::xhistory_manager> make_history();

}  // namespace tsh::shell::jupyter
