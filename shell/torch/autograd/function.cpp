// shell/torch/autograd/function.cpp — torch.autograd.Function: custom differentiable
// operations written as a tsh class with static forward(ctx, ...) and backward(ctx, ...).
//
// Cls.apply(*args) runs forward with grad mode off; when grad mode is on and a tensor
// argument requires grad, the outputs get one node (ClsBackward) whose backward calls
// Cls.backward(ctx, *grad_outputs) and hands the gradients it returns to the tensor
// arguments, as PyTorch's Function does. ctx keeps what forward saved on it.
#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/grad_mode.h"
#include "engine/ops/creation.h"
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

// The ctx of one application: attributes forward sets, the tensors it saved.
struct FunctionCtx : TrackedInstance {
  std::string name;  // "LegendrePolynomial3Backward"
  Value dict = make_dict();
  std::vector<Tensor> saved;
  bool saved_released = false;
  std::vector<bool> needs_input_grad;
  bool materialize_grads = true;
  void each_value(const std::function<void(Value&)>& f) override { f(dict); }
  std::string class_name() const override { return name; }
  std::string module_name() const override { return "torch.autograd.function"; }
  Value attr(Interpreter&, const Value& self, const std::string& attr) override {
    if (Value* v = dict_of(dict).find_str(attr)) return *v;
    if (attr == "saved_tensors") {
      if (saved_released)
        throw RuntimeError("Trying to backward through the graph a second time (or directly access saved tensors after they "
                           "have already been freed). Saved intermediate values of the graph are freed when you call "
                           ".backward() or autograd.grad(). Specify retain_graph=True if you need to backward through "
                           "the graph a second time or if you need to access saved tensors after calling backward.");
      std::vector<Value> items;
      for (const Tensor& t : saved) items.push_back(t.defined() ? Value::tensor(t) : Value());
      return Value::tuple(items);
    }
    if (attr == "needs_input_grad") {
      std::vector<Value> items;
      for (bool b : needs_input_grad) items.push_back(Value::boolean(b));
      return Value::tuple(items);
    }
    if (attr == "save_for_backward")
      return make_builtin(attr, "<built-in method save_for_backward>", [self](Interpreter&, Args& a, Kwargs& kw) {
        if (!kw.empty()) throw TypeError("save_for_backward() takes no keyword arguments");
        auto* ctx = static_cast<FunctionCtx*>(self.as<InstanceObj>());
        ctx->saved.clear();
        for (const Value& v : a) {
          if (!v.is_none() && !v.is(Kind::Tensor))
            throw TypeError("save_for_backward can only save variables, but argument " +
                            std::to_string(ctx->saved.size()) + " is of type " + type_name(v));
          ctx->saved.push_back(v.is_none() ? Tensor() : v.as_tensor());
        }
        return Value();
      });
    if (attr == "set_materialize_grads")
      return make_builtin(attr, "<built-in method set_materialize_grads>", [self](Interpreter&, Args& a, Kwargs&) {
        if (a.size() != 1) throw TypeError("set_materialize_grads() takes exactly one argument");
        static_cast<FunctionCtx*>(self.as<InstanceObj>())->materialize_grads = truthy(a[0]);
        return Value();
      });
    if (attr == "mark_dirty" || attr == "mark_non_differentiable")
      throw NotImplementedError("ctx." + attr + "() is not supported by tsh");
    throw AttributeError("'" + name + "' object has no attribute '" + attr + "'");
  }
  void set_attr(Interpreter&, const Value&, const std::string& attr, const Value& v) override {
    if (attr == "saved_tensors" || attr == "needs_input_grad")
      throw AttributeError("attribute '" + attr + "' of 'torch._C._FunctionBase' objects is not writable");
    dict_of(dict).set(Value::str(attr), v);
  }
  Value instance_dict(const Value&) override { return dict; }
};

Value static_method(Interpreter& in, const Value& cls, const char* name) {
  return in.get_attr(cls, name);  // a staticmethod looked up on the class is its function
}

// Cls.apply(*args, **kwargs).
Value apply(Interpreter& in, Args& a, Kwargs& kw) {
  const Value cls = a[0];
  Args args(a.begin() + 1, a.end());
  const std::string cls_name = cls.as<TypeObj>()->name.substr(cls.as<TypeObj>()->name.rfind('.') + 1);
  auto ctx = std::make_shared<FunctionCtx>();
  ctx->name = cls_name + "Backward";
  ctx->type = cls;
  const Value ctx_value = Value::object(Kind::Instance, ctx);
  std::vector<Tensor> inputs;      // the tensor arguments, in order
  std::vector<size_t> input_slot;  // their positions among the arguments
  for (size_t i = 0; i < args.size(); ++i) {
    const bool tensor = args[i].is(Kind::Tensor);
    ctx->needs_input_grad.push_back(tensor && autograd::requires_grad(args[i].as_tensor()));
    if (tensor) {
      inputs.push_back(args[i].as_tensor());
      input_slot.push_back(i);
    }
  }
  const bool record = autograd::needs_grad(inputs);
  Args fargs{ctx_value};
  fargs.insert(fargs.end(), args.begin(), args.end());
  Value out;
  {
    const bool was = grad_enabled();
    set_grad_enabled(false);
    try {
      out = in.call(static_method(in, cls, "forward"), fargs, kw);
    } catch (...) {
      set_grad_enabled(was);
      throw;
    }
    set_grad_enabled(was);
  }
  if (!record) return out;
  std::vector<Value> outs = out.is(Kind::Tuple) ? out.items() : std::vector<Value>{out};
  const size_t nargs = args.size();
  const Value backward = static_method(in, cls, "backward");
  Interpreter* interp = &in;
  auto node = autograd::make_node(
      ctx->name, inputs,
      [interp, ctx, ctx_value, backward, nargs, input_slot](autograd::Node& n, const autograd::TensorList& grads) {
        Args bargs{ctx_value};
        for (size_t i = 0; i < grads.size(); ++i) {
          Tensor g = grads[i];
          if (!g.defined() && ctx->materialize_grads && i < n.outputs.size())
            g = zeros(n.outputs[i].sizes, n.outputs[i].dtype, n.outputs[i].device);
          bargs.push_back(g.defined() ? Value::tensor(g) : Value());
        }
        Kwargs nokw;
        const Value r = interp->call(backward, bargs, nokw);
        std::vector<Value> rs = r.is(Kind::Tuple) ? r.items() : std::vector<Value>{r};
        if (rs.size() != nargs)
          throw RuntimeError("function " + ctx->name + " returned an incorrect number of gradients (expected " +
                             std::to_string(nargs) + ", got " + std::to_string(rs.size()) + ")");
        autograd::TensorList out_grads;
        for (size_t slot : input_slot) {
          const Value& g = rs[slot];
          if (!g.is_none() && !g.is(Kind::Tensor))
            throw TypeError("expected Tensor or None as the gradient of argument " + std::to_string(slot) + ", got " +
                            type_name(g));
          out_grads.push_back(g.is_none() ? Tensor() : g.as_tensor());
        }
        return out_grads;
      });
  uint32_t nr = 0;
  std::vector<Value> attached;
  for (Value& o : outs) {
    if (o.is(Kind::Tensor) && is_floating(o.as_tensor().dtype())) autograd::attach(node, o.as_tensor(), nr++);
    attached.push_back(o);
  }
  return out.is(Kind::Tuple) ? Value::tuple(attached) : attached[0];
}

}  // namespace

Value autograd_function_class() {
  static const Value cls = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "torch.autograd.function.Function";
    t->subclassable = true;
    t->ctor = [](Interpreter&, Args&, Kwargs&) -> Value {
      throw RuntimeError("Legacy autograd function with non-static forward method is deprecated. Please use new-style "
                         "autograd function with static forward method. (Example: "
                         "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)");
    };
    t->attrs["apply"] = make_classmethod(make_builtin("apply", "<built-in method apply of FunctionMeta object>", apply));
    auto unimplemented = [](const char* what) {
      return make_builtin(what, std::string("<function Function.") + what + ">", [what](Interpreter&, Args&, Kwargs&) -> Value {
        throw NotImplementedError(std::string("You must implement the ") + what +
                                  " function for custom autograd.Function.");
      });
    };
    t->attrs["forward"] = make_classmethod(unimplemented("forward"));
    t->attrs["backward"] = make_classmethod(unimplemented("backward"));
    return Value::object(Kind::Type, t);
  }();
  return cls;
}

}  // namespace tsh::shell
