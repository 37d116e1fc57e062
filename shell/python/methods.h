// shell/python/methods.h — bound methods of Python values (str, list, tuple), made
// with the argument conventions of CPython's method flags, so that a wrong
// call fails with Python's own message.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

// obj.name(...) called at once, with no bound method made: the call `obj.name(args)` hands this
// to list_attr or str_attr, whose method table then evaluates the arguments (after the lookup,
// as Python does), checks them and runs the method; `called` says it did. A name that is no
// method of the table leaves it false and the attribute is returned as usual.
struct MethodCall {
  Interpreter& in;
  void (*eval_args)(void* context, Args& args, Kwargs& kwargs);
  void* context;
  Value result;
  bool called = false;
  // Evaluates the arguments and runs `method(args, kwargs)`, keeping its result.
  template <class F>
  Value run(F&& method) {
    ArgsLease lease;
    Kwargs kwargs;
    eval_args(context, lease.args, kwargs);
    result = method(lease.args, kwargs);
    called = true;
    return Value();
  }
};

class MethodTable {
 public:
  using Fn = std::function<Value(Interpreter&, const Value& self, Args&, Kwargs&)>;

  MethodTable(Value self, std::string type, MethodCall* call = nullptr)
      : self_(std::move(self)), type_(std::move(type)), call_(call) {}

  // METH_NOARGS: "str.upper() takes no arguments (1 given)".
  Value noargs(const std::string& name, Fn fn) const;
  // METH_O: "list.append() takes exactly one argument (0 given)".
  Value onearg(const std::string& name, Fn fn) const;
  // METH_FASTCALL: "center expected at least 1 argument, got 0".
  Value fast(const std::string& name, size_t lo, size_t hi, Fn fn) const;
  // PyArg_ParseTuple: "count() takes at least 1 argument (0 given)".
  Value varargs(const std::string& name, size_t lo, size_t hi, Fn fn) const;
  // Keywords allowed: `fn` checks its own arguments.
  Value keywords(const std::string& name, Fn fn) const;

 private:
  // The bound method, or (with call_) the method run at once. `check` is a
  // void(const std::string& type, const std::string& name, Args&, Kwargs&).
  template <class Check>
  Value dispatch(const std::string& name, Check check, Fn& fn) const;
  Value make(const std::string& name, std::function<void(Args&, Kwargs&)> check, Fn fn) const;
  Value self_;
  std::string type_;
  MethodCall* call_;
};

// AttributeError "'str' object has no attribute 'x'", with "Did you mean" among candidates.
[[noreturn]] void no_attribute(const Value& obj, const std::string& name, const std::vector<std::string>& candidates);

// Python's list.sort (stable; `key` computed once per item; `reverse` keeps
// stability), comparing with < as CPython's sort does, so that mixed types
// fail with the same TypeError.
void py_sort(Interpreter& in, std::vector<Value>& items, const Value& key, bool reverse);

// The methods of str (str_methods.cpp) and of list and tuple (list_methods.cpp).
Value str_attr(const Value& obj, const std::string& name, MethodCall* call = nullptr);
std::vector<std::string> str_method_names();
Value list_attr(const Value& obj, const std::string& name, MethodCall* call = nullptr);
std::vector<std::string> list_method_names(const Value& obj);

}  // namespace tsh::shell
