// shell/python/exceptions.cpp — the builtin exception classes, their hierarchy and their objects.
#include "shell/python/exceptions.h"

#include "shell/interp.h"
#include "shell/python/classes.h"

namespace tsh::shell {

namespace {

// Python's hierarchy: each class's base (BaseException has none).
const std::map<std::string, std::string>& bases() {
  static const std::map<std::string, std::string> table = {
      {"Exception", "BaseException"},
      {"KeyboardInterrupt", "BaseException"},
      {"SystemExit", "BaseException"},
      {"GeneratorExit", "BaseException"},
      {"ArithmeticError", "Exception"},
      {"ZeroDivisionError", "ArithmeticError"},
      {"OverflowError", "ArithmeticError"},
      {"FloatingPointError", "ArithmeticError"},
      {"LookupError", "Exception"},
      {"IndexError", "LookupError"},
      {"KeyError", "LookupError"},
      {"RuntimeError", "Exception"},
      {"NotImplementedError", "RuntimeError"},
      {"RecursionError", "RuntimeError"},
      {"torch._C._LinAlgError", "RuntimeError"},
      // What PyTorch 2.x raises for a failed CUDA call and for a device out of memory.
      {"torch.AcceleratorError", "RuntimeError"},
      {"torch.OutOfMemoryError", "RuntimeError"},
      {"torch.distributed.DistError", "RuntimeError"},
      {"torch.distributed.DistBackendError", "torch.distributed.DistError"},
      {"torch.distributed.DistNetworkError", "torch.distributed.DistError"},
      {"torch.distributed.DistStoreError", "torch.distributed.DistError"},
      {"ValueError", "Exception"},
      {"UnicodeError", "ValueError"},
      {"UnicodeDecodeError", "UnicodeError"},
      {"UnicodeEncodeError", "UnicodeError"},
      {"numpy.linalg.LinAlgError", "ValueError"},
      {"json.decoder.JSONDecodeError", "ValueError"},
      {"EOFError", "Exception"},
      {"IPython.core.error.StdinNotImplementedError", "NotImplementedError"},
      {"dataclasses.FrozenInstanceError", "AttributeError"},
      {"TypeError", "Exception"},
      {"AttributeError", "Exception"},
      {"NameError", "Exception"},
      {"UnboundLocalError", "NameError"},
      {"AssertionError", "Exception"},
      {"StopIteration", "Exception"},
      {"ImportError", "Exception"},
      {"ModuleNotFoundError", "ImportError"},
      {"OSError", "Exception"},
      {"FileNotFoundError", "OSError"},
      {"FileExistsError", "OSError"},
      {"PermissionError", "OSError"},
      {"IsADirectoryError", "OSError"},
      {"NotADirectoryError", "OSError"},
      {"ConnectionError", "OSError"},
      {"BrokenPipeError", "ConnectionError"},
      {"MemoryError", "Exception"},
      {"numpy._core._exceptions._ArrayMemoryError", "MemoryError"},
      {"SyntaxError", "Exception"},
      {"IndentationError", "SyntaxError"},
      {"UsageError", "Exception"},
      {"argparse.ArgumentError", "Exception"},
      {"argparse.ArgumentTypeError", "Exception"},
  };
  return table;
}

}  // namespace

std::string ExceptionObj::message() const {
  if (args.empty()) return "";
  if (args.size() == 1) return cls == "KeyError" ? repr(args[0]) : str(args[0]);  // KeyError shows its key's repr
  return repr(Value::tuple(args));
}

std::string ExceptionObj::repr_of(const Value&) const {
  std::string inner;
  for (size_t i = 0; i < args.size(); ++i) inner += (i ? ", " : "") + repr(args[i]);
  // Python shows a class's own name, without its module (argparse.ArgumentError → ArgumentError).
  const std::string shown = cls.substr(cls.rfind('.') + 1);
  return shown + "(" + inner + ")";
}

Value ExceptionObj::attr(Interpreter&, const Value&, const std::string& name) {
  if (name == "args") return Value::tuple(args);
  // StopIteration.value: what the generator returned (its first argument; None without one).
  if (name == "value" && exception_is(cls, "StopIteration")) return args.empty() ? Value() : args[0];
  // SystemExit.code: the exit code it was made with (None without one).
  if (name == "code" && exception_is(cls, "SystemExit"))
    return args.empty() ? Value() : args.size() == 1 ? args[0] : Value::tuple(args);
  throw AttributeError("'" + cls + "' object has no attribute '" + name + "'");
}

RaisedError::RaisedError(const Value& obj)
    : PyError(obj.as<ExceptionObj>()->cls, obj.as<InstanceObj>()->str_of(obj)), object(obj) {}

std::string exception_base(const std::string& name) {
  auto it = bases().find(name);
  return it == bases().end() ? "" : it->second;
}

bool exception_is(const std::string& kind, const std::string& cls) {
  if (cls == "BaseException") return true;
  std::string k = kind;
  if (!bases().count(k) && k != "BaseException") k = "Exception";  // a class tsh does not list
  while (true) {
    if (k == cls) return true;
    auto it = bases().find(k);
    if (it == bases().end()) return false;
    k = it->second;
  }
}

Value make_exception(const std::string& cls, std::vector<Value> args) {
  auto o = std::make_shared<ExceptionObj>();
  o->cls = cls;
  o->args = std::move(args);
  o->type = exception_class(cls);
  return Value::object(Kind::Instance, o);
}

Value exception_class(const std::string& name) {
  static std::map<std::string, Value> classes;
  auto it = classes.find(name);
  if (it != classes.end()) return it->second;
  auto t = std::make_shared<TypeObj>();
  t->name = name;
  t->ctor = [name](Interpreter&, Args& a, Kwargs& kw) -> Value {
    if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
    return make_exception(name, a);
  };
  Value v = Value::object(Kind::Type, t);
  classes[name] = v;
  return v;
}

bool is_exception_instance(const Value& v) {
  if (!v.is(Kind::Instance)) return false;
  if (auto* u = dynamic_cast<UserInstance*>(v.as<InstanceObj>())) return !u->klass().builtin_base.empty();
  return dynamic_cast<ExceptionObj*>(v.as<InstanceObj>()) != nullptr;
}

bool is_exception_class(const Value& v) {
  if (!v.is(Kind::Type)) return false;
  if (auto* c = as_class(v.as<TypeObj>())) return !c->builtin_base.empty();
  const std::string& n = v.as<TypeObj>()->name;
  return n == "BaseException" || bases().count(n) > 0;
}

Value exception_object(const tsh::Error& e) {
  if (auto* raised = dynamic_cast<const RaisedError*>(&e)) return raised->object;
  std::vector<Value> args;
  std::string msg = e.what();
  // Python's "Did you mean" belongs to the traceback's last line, not to the exception: str(e) of a
  // NameError or AttributeError has none.
  if (const std::string_view kind = e.kind(); kind == "NameError" || kind == "AttributeError")
    if (const size_t at = msg.rfind(". Did you mean: '"); at != std::string::npos && msg.ends_with("'?")) msg.resize(at);
  if (auto* exit = dynamic_cast<const SystemExit*>(&e)) {
    // exit(2) and sys.exit(2) keep their int code (e.code == 2); any other code is its str.
    if (!msg.empty()) args.push_back(exit->print_code ? Value::str(msg) : Value::integer(exit->status));
    return make_exception(e.kind(), std::move(args));
  }
  if (!msg.empty()) args.push_back(Value::str(msg));
  return make_exception(e.kind(), std::move(args));
}

void install_exception_builtins(std::map<std::string, Value>& builtins) {
  builtins["BaseException"] = exception_class("BaseException");
  for (const auto& [name, base] : bases())
    if (name.find('.') == std::string::npos && name != "UsageError") builtins[name] = exception_class(name);
}

}  // namespace tsh::shell
