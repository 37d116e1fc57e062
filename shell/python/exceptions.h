// shell/python/exceptions.h — Python's exception classes and objects, for try/except/raise.
//
// tsh raises errors as C++ exceptions (tsh::Error and subclasses) whose kind()
// is the Python class name. Here those names get classes (builtin values such
// as RuntimeError, with Python's hierarchy), objects (what `except E as e`
// binds: e.args, str(e), repr(e)), and a C++ exception carrying a raised object.
#pragma once

#include <exception>
#include <map>
#include <string>
#include <vector>

#include "shell/python/errors.h"
#include "shell/python/value.h"

namespace tsh::shell {

// An exception object: its class name and the arguments it was made with.
struct ExceptionObj : TrackedInstance {
  std::string cls;
  std::vector<Value> args;
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value& v : args) f(v);
  }
  std::string class_name() const override { return cls; }
  std::string module_name() const override { return "builtins"; }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::vector<std::string> attr_names() const override { return {"args", "with_traceback"}; }
  std::string repr_of(const Value& self) const override;
  std::string str_of(const Value&) const override { return message(); }
  std::string message() const;  // str(e)
};

// What `raise obj` throws: the object rides along so that `except ... as e` gets it back.
class RaisedError : public PyError {
 public:
  explicit RaisedError(const Value& obj);
  Value object;
};

// The class value of a builtin exception name ("RuntimeError"), created on first use.
Value exception_class(const std::string& name);
// Puts every builtin exception class in the builtins table.
void install_exception_builtins(std::map<std::string, Value>& builtins);
// Whether an error of class `kind` is an instance of class `cls` (Python's hierarchy;
// unknown kinds are Exceptions).
bool exception_is(const std::string& kind, const std::string& cls);
// The base of a builtin exception class ("ValueError" → "Exception"); "" for BaseException.
std::string exception_base(const std::string& name);
// Whether v is an exception object (a builtin one, or an instance of a tsh class deriving from one).
bool is_exception_instance(const Value& v);
// Whether v is an exception class (a Type from exception_class, or a tsh class deriving from one).
bool is_exception_class(const Value& v);
// The exception object of a caught error: the raised object itself, or one made from its kind and message.
Value exception_object(const tsh::Error& e);
// An exception object of class cls with args.
Value make_exception(const std::string& cls, std::vector<Value> args);

}  // namespace tsh::shell
