// tests/unit/shell/session_run.h — run tsh source in a fresh Session and return what it printed.
//
// Shared by the shell's unit tests: stdout and stderr are merged in order,
// as `tsh -i --echo 2>&1` shows them.
#pragma once

#include <string>
#include <vector>

#include "shell/session.h"

namespace tsh::shell::testing {

// Lines as a session reads them (`tsh -i`, with `--echo` when echo is set).
inline std::string session_output(const std::vector<std::string>& lines, bool echo) {
  std::string out;
  Session s(Output{[&](std::string_view t) { out += t; }, [&](std::string_view t) { out += t; }});
  VectorReader reader(lines);
  s.run_lines(reader, echo);
  return out;
}

// A whole script named lesson.tsh; *status gets its exit status.
inline std::string script_output(const std::string& source, int* status = nullptr) {
  std::string out;
  Session s(Output{[&](std::string_view t) { out += t; }, [&](std::string_view t) { out += t; }});
  const int rc = s.run_script(source, "lesson.tsh");
  if (status) *status = rc;
  return out;
}

}  // namespace tsh::shell::testing
