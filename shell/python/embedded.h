// shell/python/embedded.h — Python source compiled into tsh. The parts of torch.nn, torch.optim
// and torch.utils.data that PyTorch itself writes in Python are written in Python here too (tsh's
// own code), in .py files next to the C++ of their package; shell/embed_python.cmake puts them in
// a table at build time, and a package's loader runs them when a session first uses it.
#pragma once

#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

struct EmbeddedSource {
  const char* path;  // "torch/nn/modules/module.py", relative to shell/
  const char* text;
};
const std::vector<EmbeddedSource>& embedded_sources();

// Runs the embedded file `path` as the body of `module`, in a namespace of its own (its globals:
// it sees the module's attributes set before it, never the session's names). What the file
// defines becomes the module's attributes; classes it defines are named after the module.
void run_embedded(Interpreter& in, const Value& module, const std::string& path);

// The file an embedded text came from ("torch/nn/modules/module.py"), for tracebacks; null for
// any other text.
const char* embedded_path(const std::string* text);

// A module value filled by `loader` the first time anything reads it.
Value lazy_module(const std::string& name, std::function<void(Interpreter&, const Value&)> loader);

}  // namespace tsh::shell
