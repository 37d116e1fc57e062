// shell/torch/nn/parameter.cpp — torch.nn.Parameter (parameter.h).
#include "shell/torch/nn/parameter.h"

#include "engine/autograd/variable.h"
#include "engine/ops/creation.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"

namespace tsh::shell {

Value parameter_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "torch.nn.parameter.Parameter";
    t->ctor = [](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("Parameter.__new__", a, kw, {"data", "requires_grad"}, 0);
      if (!v[0].is_none() && !v[0].is(Kind::Tensor))
        throw TypeError("Parameter.__new__(): argument 'data' must be Tensor, not " + type_name(v[0]));
      const bool requires_grad = v[1].is_none() || truthy(v[1]);
      // Parameter() with no data is an empty tensor of the default dtype, as in PyTorch.
      const Tensor data = v[0].is_none() ? zeros({0}, default_dtype()) : v[0].as_tensor();
      if (requires_grad && !autograd::is_differentiable_dtype(data.dtype()))
        throw RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
      Tensor p = autograd::detach(data);  // the same storage and version counter, a leaf
      autograd::set_requires_grad(p, requires_grad);
      p.impl()->is_parameter = true;
      return Value::tensor(p);
    };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

}  // namespace tsh::shell
