// shell/python/warnings.cpp — warnings printed once per process (see warnings.h).
#include "shell/python/warnings.h"

#include <mutex>
#include <set>

#include "shell/interp.h"

namespace tsh::shell {

void warn_once(Interpreter& in, const std::string& category, const std::string& message) {
  if (!in.output().warnings) return;
  static std::mutex mutex;
  static std::set<std::string> shown;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!shown.insert(category + ": " + message).second) return;
  }
  in.output().err(category + ": " + message + "\n");
}

}  // namespace tsh::shell
