// shell/python/mod_datetime.cpp — the datetime module: its timedelta is written in Python
// (shell/python/datetime.py, compiled in).
#include "shell/python/embedded.h"
#include "shell/python/modules.h"

namespace tsh::shell {

void install_datetime(Interpreter& in, Value& m) { run_embedded(in, m, "python/datetime.py"); }

}  // namespace tsh::shell
