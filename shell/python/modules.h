// shell/python/modules.h — the Python standard modules tsh implements (math,
// sys, os, time, random, ...). Each is a file of its own (shell/python/mod_*.cpp)
// that fills a ModuleObj when a session first imports it; `import` finds them
// in std_modules(), as do help() and completion. An attribute a module does
// not have is Python's AttributeError, never a silent stand-in.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

struct StdModule {
  const char* name;  // "math", "os"
  const char* doc;   // help()'s DESCRIPTION
  void (*install)(Interpreter& in, Value& module);
};
// Every module `import` knows besides torch, by name.
const std::vector<StdModule>& std_modules();
const StdModule* find_std_module(const std::string& name);

// A module value named `name` with no attributes yet.
Value new_module(const std::string& name);
// Adds a function to a module: `<built-in function name>` in its repr.
void def_function(const Value& module, const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn);

// The installers, one per file.
void install_math(Interpreter& in, Value& m);
void install_numpy(Interpreter& in, Value& m);
void install_sys(Interpreter& in, Value& m);
void install_os(Interpreter& in, Value& m);
void install_time(Interpreter& in, Value& m);
void install_gc(Interpreter& in, Value& m);
void install_random(Interpreter& in, Value& m);
void install_future(Interpreter& in, Value& m);
void install_argparse(Interpreter& in, Value& m);
void install_copy(Interpreter& in, Value& m);
void install_functools(Interpreter& in, Value& m);
void install_typing(Interpreter& in, Value& m);
void install_datetime(Interpreter& in, Value& m);
void install_json(Interpreter& in, Value& m);
void install_dataclasses(Interpreter& in, Value& m);
void install_warnings(Interpreter& in, Value& m);
// copy.deepcopy(v) (mod_copy.cpp), for the modules that deep-copy what they hand back (asdict).
Value deep_copy(Interpreter& in, const Value& v);

// Python's OSError subclass for errno `e` on `path`: "[Errno 2] No such file or directory: 'x'".
[[noreturn]] void os_error(int e, const std::string& path);
// The same for an error that names no file, as a failed write does: "[Errno 28] No space left on device".
[[noreturn]] void os_error(int e);
void install_collections(Interpreter& in, Value& m);
void install_itertools(Interpreter& in, Value& m);
void install_timeit(Interpreter& in, Value& m);

// A Python float argument of a module function, as PyFloat_AsDouble takes it:
// an int, bool or float, or a one-element tensor (Tensor.__float__); Python's
// TypeError "must be real number, not str" otherwise, and OverflowError for
// an int past float's range.
double real_arg(const Value& v);
// An integer argument, as operator.index() takes it: an int or bool (as an
// int), or a one-element integer tensor (Tensor.__index__); Python's
// TypeError "'float' object cannot be interpreted as an integer" otherwise.
Value index_arg(const Value& v);

}  // namespace tsh::shell
