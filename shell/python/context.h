// shell/python/context.h — context managers implemented in C++: what a `with`
// statement enters and exits (torch.no_grad(), torch.random.fork_rng(),
// open()'s files use their own class). The with statement itself calls
// __enter__ and __exit__ by name (Interpreter::with_statement), so these
// objects also answer cm.__enter__() typed by hand.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

struct ContextObj : InstanceObj {
  std::string cls;     // "no_grad"
  std::string module;  // "torch.autograd.grad_mode"
  std::function<Value(Interpreter&)> enter;  // __enter__'s value
  // __exit__: `raised` tells whether the block ended with an error; returning
  // true swallows it.
  std::function<bool(Interpreter&, bool raised)> exit;
  std::function<std::string()> repr;  // when the default <module.cls object at 0x...> is not Python's
  // A manager that also decorates (torch.no_grad()): makes a fresh one of itself, which each
  // call of the decorated function enters and exits, so recursive calls nest as PyTorch's do.
  std::function<std::shared_ptr<ContextObj>()> fresh;
  std::optional<Value> call(Interpreter& in, const Value& self, Args& args, Kwargs& kwargs) override;

  std::string class_name() const override { return cls; }
  std::string module_name() const override { return module; }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::vector<std::string> attr_names() const override { return {"__enter__", "__exit__"}; }
  std::string repr_of(const Value& self) const override { return repr ? repr() : InstanceObj::repr_of(self); }
};

// A class whose calls make context managers: `make(in, args, kwargs)` builds
// the ContextObj (its type is set here). `qualname` is "torch.autograd.grad_mode.no_grad".
Value context_class(const std::string& qualname,
                    std::function<std::shared_ptr<ContextObj>(Interpreter&, Args&, Kwargs&)> make);

}  // namespace tsh::shell
