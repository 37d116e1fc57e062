// shell/torch/autograd/module.cpp — autograd as Python sees it: grad_fn objects (name(),
// next_functions), Tensor.backward / requires_grad_ / retain_grad / detach / detach_, and the
// torch.autograd module (grad, backward).
#include "shell/torch/autograd/module.h"

#include <map>

#include "engine/autograd/backward.h"
#include "engine/autograd/variable.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/dict.h"
#include "shell/python/embedded.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// A node of the graph as a Python object: <MulBackward0 object at 0x...>.
struct GradFnObj : InstanceObj {
  std::shared_ptr<autograd::Node> node;
  std::string class_name() const override { return node->name; }
  std::string module_name() const override { return ""; }
  std::string repr_of(const Value& self) const override {
    return "<" + node->name + " object at " + hex_addr(self.obj().get()) + ">";
  }
  std::vector<std::string> attr_names() const override { return {"name", "next_functions", "metadata", "register_hook"}; }
  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (name == "next_functions") {
      std::vector<Value> items;
      for (const autograd::Edge& e : node->next)
        items.push_back(Value::tuple({e.valid() ? grad_fn_value(e.fn) : Value(), Value::integer(e.input_nr)}));
      return Value::tuple(items);
    }
    if (name == "name") {
      auto n = node;
      return make_builtin("name", "<built-in method name of " + node->name + " object at " + hex_addr(self.obj().get()) + ">",
                          [n](Interpreter&, Args& a, Kwargs& kw) {
                            bind_params("name", a, kw, {}, 0);
                            // Nodes PyTorch writes by hand (not generated) answer with their C++ name.
                            const bool manual =
                                n->name == "AccumulateGrad" || n->name == "CopySlices" || n->name == "NotImplemented" ||
                                n->name == "CopyBackwards";
                            return Value::str(manual ? "torch::autograd::" + n->name : n->name);
                          });
    }
    if (name == "variable" && node->is_accumulate()) return Value::tensor(node->variable);
    if (name == "metadata") return make_dict();
    if (name == "register_hook" || name == "register_prehook")
      throw NotImplementedError("grad_fn." + name + "(): tsh does not run autograd hooks");
    throw AttributeError("'" + node->name + "' object has no attribute '" + name + "'");
  }
};

// A tensor or a sequence of tensors (None: none), as torch.autograd takes them.
std::vector<Tensor> tensor_seq(const Value& v, const char* what) {
  if (v.is_none()) return {};
  if (v.is(Kind::Tensor)) return {v.as_tensor()};
  if (v.is(Kind::List) || v.is(Kind::Tuple)) {
    std::vector<Tensor> out;
    for (const Value& x : v.items()) {
      if (x.is_none()) {
        out.push_back(Tensor());
        continue;
      }
      if (!x.is(Kind::Tensor)) throw TypeError(std::string(what) + " must be a Tensor or a sequence of Tensors, not " + type_name(x));
      out.push_back(x.as_tensor());
    }
    return out;
  }
  throw TypeError(std::string(what) + " must be a Tensor or a sequence of Tensors, not " + type_name(v));
}

bool opt_flag(const Value& v, bool dflt) { return v.is_none() ? dflt : truthy(v); }

void run_backward(Interpreter& in, const std::vector<Tensor>& outputs, const std::vector<Tensor>& grads,
                  const Value& retain, bool create_graph, const std::vector<Tensor>& inputs) {
  if (grads.size() > outputs.size() || (!grads.empty() && grads.size() != outputs.size()))
    throw RuntimeError("got " + std::to_string(grads.size()) + " tensors and " + std::to_string(outputs.size()) +
                       " gradients");
  const std::vector<Tensor> roots = autograd::make_root_grads(outputs, grads);
  try {
    autograd::backward(outputs, roots, opt_flag(retain, create_graph), create_graph, inputs);
  } catch (...) {
    warn_anomaly(in);
    throw;
  }
}

}  // namespace

void register_autograd_ops(Registry& r) {
  r.def("backward(Tensor self, Any gradient=None, Any retain_graph=None, bool create_graph=False, Any inputs=None) -> Any |python",
        kMethod, "Computes the gradient of self with respect to the graph leaves, accumulated into their .grad.",
        [](Interpreter& in, Bound& b) {
          std::vector<Tensor> g = tensor_seq(b[1], "gradient");
          if (b[1].is(Kind::Tensor)) g = {b[1].as_tensor()};
          run_backward(in, {b.tensor(0)}, g, b[2], truthy(b[3]), tensor_seq(b[4], "inputs"));
          return Value();
        });
  r.def("requires_grad_(Tensor self, bool requires_grad=True) -> Tensor", kMethod,
        "Sets whether autograd records operations on self (a leaf); returns self.", [](Interpreter&, Bound& b) {
          const Tensor t = b.tensor(0);
          const bool on = b.boolean(1);
          if (on && !autograd::is_differentiable_dtype(t.dtype()))
            throw RuntimeError("only Tensors of floating point dtype can require gradients");
          if (on && !autograd::is_leaf(t)) return b[0];  // it requires grad already, as PyTorch lets it say
          autograd::set_requires_grad(t, on);
          return b[0];
        });
  r.def("retain_grad(Tensor self) -> None", kMethod, "Keeps .grad for a non-leaf tensor after backward().",
        [](Interpreter&, Bound& b) {
          autograd::retain_grad(b.tensor(0));
          return Value();
        });
  r.def("detach(Tensor self) -> Tensor", kBoth, "A new tensor on the same storage, outside the graph.",
        [](Interpreter&, Bound& b) { return Value::tensor(autograd::detach(b.tensor(0))); });
  r.def("detach_(Tensor self) -> Tensor", kBoth, "Takes self out of the graph, in place; returns self.",
        [](Interpreter&, Bound& b) {
          autograd::detach_inplace(b.tensor(0));
          return b[0];
        });
  r.def("register_hook(Tensor self, Any hook) -> Any |python", kMethod, "Gradient hooks (not in tsh).",
        [](Interpreter&, Bound&) -> Value { throw NotImplementedError("Tensor.register_hook(): tsh does not run autograd hooks"); });
}

void install_autograd_module(std::map<std::string, Value>& torch_attrs) {
  auto m = std::make_shared<ModuleObj>();
  m->name = "torch.autograd";
  m->attrs["grad"] = make_builtin("grad", "<function grad>", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("grad", a, kw,
                                       {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph", "only_inputs",
                                        "allow_unused", "is_grads_batched", "materialize_grads"},
                                       2);
    if (!v[7].is_none() && truthy(v[7])) throw NotImplementedError("torch.autograd.grad(is_grads_batched=True) is not in tsh");
    const std::vector<Tensor> outputs = tensor_seq(v[0], "outputs"), inputs = tensor_seq(v[1], "inputs");
    const std::vector<Tensor> given = tensor_seq(v[2], "grad_outputs");
    if (!given.empty() && given.size() != outputs.size())
      throw RuntimeError("grad requires one gradient per output (got " + std::to_string(given.size()) + " and " +
                         std::to_string(outputs.size()) + ")");
    const bool create = opt_flag(v[4], false);
    const bool materialize = opt_flag(v[8], false);
    if (materialize && !v[6].is_none() && !truthy(v[6]))
      throw ValueError("Expected allow_unused to be True or not passed when materialize_grads=True, but got: allow_unused=False.");
    const std::vector<Tensor> roots = autograd::make_root_grads(outputs, given);
    std::vector<Tensor> g;
    try {
      g = autograd::grad(outputs, roots, inputs, opt_flag(v[3], create), create, opt_flag(v[6], materialize),
                         materialize);
    } catch (...) {
      warn_anomaly(in);
      throw;
    }
    std::vector<Value> items;
    for (const Tensor& t : g) items.push_back(t.defined() ? Value::tensor(t) : Value());
    return Value::tuple(items);
  });
  m->attrs["backward"] = make_builtin("backward", "<function backward>", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("backward", a, kw,
                                       {"tensors", "grad_tensors", "retain_graph", "create_graph", "grad_variables", "inputs"}, 1);
    if (!v[4].is_none()) throw NotImplementedError("torch.autograd.backward(grad_variables=) was removed; use grad_tensors=");
    run_backward(in, tensor_seq(v[0], "tensors"), tensor_seq(v[1], "grad_tensors"), v[2], opt_flag(v[3], false),
                 tensor_seq(v[5], "inputs"));
    return Value();
  });
  for (const char* n : {"no_grad", "enable_grad", "set_grad_enabled", "inference_mode"}) m->attrs[n] = torch_attrs[n];
  m->attrs["Function"] = autograd_function_class();
  // gradcheck is written in Python (torch/autograd/gradcheck.py), run the first time it is called.
  Value gradcheck_file = lazy_module("torch.autograd.gradcheck", [](Interpreter& in, const Value& file) {
    run_embedded(in, file, "torch/autograd/gradcheck.py");
  });
  m->attrs["gradcheck"] =
      make_builtin("gradcheck", "<function gradcheck>", [gradcheck_file](Interpreter& in, Args& a, Kwargs& kw) {
        load_module(in, gradcheck_file);
        return in.call(gradcheck_file.as<ModuleObj>()->attrs.at("gradcheck"), a, kw);
      });
  install_anomaly_mode(torch_attrs, m->attrs);
  torch_attrs["autograd"] = Value::object(Kind::Module, m);
}

Value grad_fn_value(const std::shared_ptr<autograd::Node>& node) {
  if (!node) return Value();
  // One Python object per node while it is alive, so `y.grad_fn is y.grad_fn`.
  static std::map<const autograd::Node*, std::weak_ptr<Object>> cache;
  auto it = cache.find(node.get());
  if (it != cache.end()) {
    if (auto live = it->second.lock()) {
      auto* g = static_cast<GradFnObj*>(live.get());
      if (g->node == node) return Value::object(Kind::Instance, live);
    }
  }
  auto obj = std::make_shared<GradFnObj>();
  obj->node = node;
  cache[node.get()] = obj;
  if (cache.size() > 4096)
    for (auto c = cache.begin(); c != cache.end();) c = c->second.expired() ? cache.erase(c) : std::next(c);
  return Value::object(Kind::Instance, obj);
}

}  // namespace tsh::shell
