// shell/errors.h — Python-level exceptions raised by the shell itself.
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

inline PyError NameError(const std::string& m) { return PyError("NameError", m); }
inline PyError AttributeError(const std::string& m) { return PyError("AttributeError", m); }
inline PyError KeyError(const std::string& m) { return PyError("KeyError", m); }
inline PyError SyntaxErr(const std::string& m) { return PyError("SyntaxError", m); }
inline PyError RecursionError(const std::string& m) { return PyError("RecursionError", m); }
inline PyError StopIteration() { return PyError("StopIteration", ""); }
inline PyError AssertionError(const std::string& m) { return PyError("AssertionError", m); }

// Thrown by the SIGINT checks of the interpreter and the kernels; prints as "KeyboardInterrupt".
using tsh::KeyboardInterrupt;

}  // namespace tsh::shell
