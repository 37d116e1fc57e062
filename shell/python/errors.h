// shell/python/errors.h — Python-level exceptions raised by the shell itself.
//
// Engine errors (tsh::Error and subclasses) already carry a Python class name;
// PyError adds the classes only the language raises (NameError, KeyError, ...)
// with a kind chosen at the throw site.
#pragma once

#include <string>

#include "engine/core/error.h"
#include "engine/core/interrupt.h"

namespace tsh::shell {

class PyError : public tsh::Error {
 public:
  PyError(std::string kind, const std::string& msg) : tsh::Error(msg), kind_(std::move(kind)) {}
  const char* kind() const override { return kind_.c_str(); }

 private:
  std::string kind_;
};

// exit() and quit(): Python's SystemExit, already resolved into what ending
// the process means. what() is str(code).
class SystemExit : public PyError {
 public:
  // status: the exit status (no code or None → 0, an int → itself, anything
  // else → 1); print_code: whether the code is printed to stderr on the way
  // out (a code that is not an int or None); truthy: the code is true (the
  // only exits that IPython's %run reports).
  SystemExit(const std::string& code, int status, bool print_code, bool truthy)
      : PyError("SystemExit", code), status(status), print_code(print_code), truthy(truthy) {}
  int status;
  bool print_code;
  bool truthy;
};

inline PyError NameError(const std::string& m) { return PyError("NameError", m); }
inline PyError AttributeError(const std::string& m) { return PyError("AttributeError", m); }
inline PyError KeyError(const std::string& m) { return PyError("KeyError", m); }
inline PyError SyntaxErr(const std::string& m) { return PyError("SyntaxError", m); }
inline PyError RecursionError(const std::string& m) { return PyError("RecursionError", m); }
inline PyError StopIteration() { return PyError("StopIteration", ""); }

// Thrown by the SIGINT checks of the interpreter and the kernels; prints as "KeyboardInterrupt".
using tsh::KeyboardInterrupt;

}  // namespace tsh::shell
