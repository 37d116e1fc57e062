// shell/python/context.cpp — C++ context managers (see context.h).
#include "shell/python/context.h"

#include "shell/interp.h"
#include "shell/python/errors.h"

namespace tsh::shell {

Value ContextObj::attr(Interpreter&, const Value& self, const std::string& name) {
  if (name == "__enter__")
    return make_builtin("__enter__", "<built-in method __enter__>", [self](Interpreter& in, Args& a, Kwargs& kw) {
      if (!a.empty() || !kw.empty()) throw TypeError("__enter__() takes no arguments");
      auto* cm = self.as<ContextObj>();
      return cm->enter ? cm->enter(in) : Value();
    });
  if (name == "__exit__")
    return make_builtin("__exit__", "<built-in method __exit__>", [self](Interpreter& in, Args& a, Kwargs& kw) {
      if (a.size() != 3 || !kw.empty())
        throw TypeError("__exit__() takes 3 positional arguments but " + std::to_string(a.size()) +
                        (a.size() == 1 ? " was" : " were") + " given");
      auto* cm = self.as<ContextObj>();
      const bool raised = !a[0].is_none();
      return Value::boolean(cm->exit && cm->exit(in, raised));
    });
  throw AttributeError("'" + cls + "' object has no attribute '" + name + "'");
}

// @torch.no_grad() over a def: the function, run inside a fresh manager at each call.
std::optional<Value> ContextObj::call(Interpreter&, const Value&, Args& args, Kwargs& kwargs) {
  if (!fresh) return std::nullopt;
  if (args.size() != 1 || !kwargs.empty())
    throw TypeError("'" + cls + "' object is not callable with " + std::to_string(args.size()) + " arguments");
  const Value func = args[0];
  auto make = fresh;
  std::string name = func.is(Kind::Function) ? func.as<FunctionObj>()->name : "decorated";
  return make_builtin(name, "<function " + name + ">", [func, make](Interpreter& in, Args& a, Kwargs& kw) {
    std::shared_ptr<ContextObj> cm = make();
    if (cm->enter) cm->enter(in);
    Value result;
    try {
      result = in.call(func, a, kw);
    } catch (...) {
      if (cm->exit) cm->exit(in, true);
      throw;
    }
    if (cm->exit) cm->exit(in, false);
    return result;
  });
}

Value context_class(const std::string& qualname,
                    std::function<std::shared_ptr<ContextObj>(Interpreter&, Args&, Kwargs&)> make) {
  auto type = std::make_shared<TypeObj>();
  type->name = qualname;
  Value cls = Value::object(Kind::Type, type);
  std::weak_ptr<Object> weak = type;  // the class outlives its objects; no cycle
  type->ctor = [make, weak](Interpreter& in, Args& a, Kwargs& kw) {
    std::shared_ptr<ContextObj> cm = make(in, a, kw);
    if (auto t = weak.lock()) cm->type = Value::object(Kind::Type, t);
    return Value::object(Kind::Instance, cm);
  };
  return cls;
}

}  // namespace tsh::shell
