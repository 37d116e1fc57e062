// shell/torch/optim.cpp — torch.optim.SGD and torch.optim.Adam.
//
// The update rules are PyTorch's single-tensor ones (what it runs for CPU tensors), op for op, so
// that the parameters after each step agree with PyTorch's to the last bit. Each optimizer keeps
// its hyper-parameters in param_groups[0], a live dict: changing group['lr'] changes the next step.
#include <cmath>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/embedded.h"
#include "shell/python/errors.h"
#include "shell/python/warnings.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

struct GradOff {
  bool prev = grad_enabled();
  GradOff() { set_grad_enabled(false); }
  ~GradOff() { set_grad_enabled(prev); }
};

double number(const Value& v, const char* what) {
  if (!v.is_number() || v.is(Kind::Complex)) throw TypeError(std::string(what) + " must be a number, not " + type_name(v));
  return v.as_float();
}

struct Optimizer : TrackedInstance {
  std::string kind;  // "SGD", "Adam"
  std::vector<Tensor> params;
  Value group;  // the param group dict, 'params' first
  void each_value(const std::function<void(Value&)>& f) override { f(group); }
  std::vector<Tensor> buf1, buf2, buf3;  // SGD: momentum; Adam: exp_avg, exp_avg_sq, max_exp_avg_sq
  std::vector<double> steps;

  std::string class_name() const override { return kind; }
  std::string module_name() const override { return kind == "SGD" ? "torch.optim.sgd" : "torch.optim.adam"; }
  std::vector<std::string> attr_names() const override { return {"param_groups", "step", "zero_grad", "state", "defaults"}; }

  Value get(const char* key) {
    Value* v = dict_of(group).find(Value::str(key));
    return v ? *v : Value();
  }

  std::string repr_of(const Value&) const override {
    std::string out = kind + " (\nParameter Group 0\n";
    std::vector<std::pair<std::string, Value>> entries;
    DictObj& d = dict_of(group);
    for (const Value& k : d.keys())
      if (k.as_str() != "params") entries.push_back({k.as_str(), *d.find(k)});
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [k, v] : entries) out += "    " + k + ": " + repr(v) + "\n";
    return out + ")";
  }

  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (name == "param_groups") return Value::list({group});
    if (name == "step") {
      return make_builtin("step", "<bound method " + kind + ".step>", [self](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("step", a, kw, {"closure"}, 0);
        if (!v[0].is_none()) throw NotImplementedError("optimizer.step(closure): tsh's optimizers take no closure");
        auto* o = static_cast<Optimizer*>(self.as<InstanceObj>());
        GradOff off;  // PyTorch's step runs under no_grad
        if (o->kind == "SGD") o->sgd_step();
        else o->adam_step();
        return Value();
      });
    }
    if (name == "zero_grad") {
      return make_builtin("zero_grad", "<bound method " + kind + ".zero_grad>", [self](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("zero_grad", a, kw, {"set_to_none"}, 0);
        const bool to_none = v[0].is_none() || truthy(v[0]);
        for (const Tensor& p : static_cast<Optimizer*>(self.as<InstanceObj>())->params) {
          const Tensor g = autograd::grad(p);
          if (!g.defined()) continue;
          if (to_none) {
            autograd::set_grad(p, Tensor());
          } else {
            autograd::detach_inplace(g);
            fill_(g, Scalar(0.0));
            autograd::bump_version(g);
          }
        }
        return Value();
      });
    }
    throw AttributeError("'" + kind + "' object has no attribute '" + name + "'");
  }

  void sgd_step() {
    const double lr = number(get("lr"), "lr"), momentum = number(get("momentum"), "momentum");
    const double dampening = number(get("dampening"), "dampening"), wd = number(get("weight_decay"), "weight_decay");
    const bool nesterov = truthy(get("nesterov")), maximize = truthy(get("maximize"));
    buf1.resize(params.size());
    for (size_t i = 0; i < params.size(); ++i) {
      const Tensor& p = params[i];
      Tensor g = autograd::grad(p);
      if (!g.defined()) continue;
      if (maximize) g = neg(g);
      if (wd != 0) g = add(g, p, Scalar(wd));
      if (momentum != 0) {
        if (!buf1[i].defined()) {
          buf1[i] = clone(g);
        } else {
          mul(buf1[i], Scalar(momentum), Dest::inplace(buf1[i]));
          add(buf1[i], g, Scalar(1 - dampening), Dest::inplace(buf1[i]));
        }
        g = nesterov ? add(g, buf1[i], Scalar(momentum)) : buf1[i];
      }
      add(p, g, Scalar(-lr), Dest::inplace(p));
      autograd::bump_version(p);
    }
  }

  void adam_step() {
    const double lr = number(get("lr"), "lr"), eps = number(get("eps"), "eps");
    const double wd = number(get("weight_decay"), "weight_decay");
    const Value betas = get("betas");
    const double beta1 = number(betas.items().at(0), "betas[0]"), beta2 = number(betas.items().at(1), "betas[1]");
    const bool amsgrad = truthy(get("amsgrad")), maximize = truthy(get("maximize"));
    const bool decoupled = truthy(get("decoupled_weight_decay"));
    buf1.resize(params.size());
    buf2.resize(params.size());
    buf3.resize(params.size());
    steps.resize(params.size(), 0);
    for (size_t i = 0; i < params.size(); ++i) {
      const Tensor& p = params[i];
      Tensor g = autograd::grad(p);
      if (!g.defined()) continue;
      if (maximize) g = neg(g);
      if (!buf1[i].defined()) {
        buf1[i] = zeros_like(p);
        buf2[i] = zeros_like(p);
        if (amsgrad) buf3[i] = zeros_like(p);
      }
      steps[i] += 1;
      if (wd != 0) {
        if (decoupled) mul(p, Scalar(1 - lr * wd), Dest::inplace(p));
        else g = add(g, p, Scalar(wd));
      }
      lerp(buf1[i], g, Operand(1 - beta1), Dest::inplace(buf1[i]));
      mul(buf2[i], Scalar(beta2), Dest::inplace(buf2[i]));
      addcmul(buf2[i], g, g, Scalar(1 - beta2), Dest::inplace(buf2[i]));
      const double bias_correction1 = 1 - std::pow(beta1, steps[i]);
      const double bias_correction2 = 1 - std::pow(beta2, steps[i]);
      const double step_size = lr / bias_correction1;
      const double bias_correction2_sqrt = std::sqrt(bias_correction2);
      Tensor denom;
      if (amsgrad) {
        maximum(buf3[i], buf2[i], Dest::inplace(buf3[i]));
        denom = div(sqrt(buf3[i]), Scalar(bias_correction2_sqrt));
      } else {
        denom = div(sqrt(buf2[i]), Scalar(bias_correction2_sqrt));
      }
      add(denom, Scalar(eps), Scalar(int64_t{1}), Dest::inplace(denom));
      addcdiv(p, buf1[i], denom, Scalar(-step_size), Dest::inplace(p));
      autograd::bump_version(p);
    }
  }
};

// The params argument: tensors (a list, a tuple, a generator's items); param-group dicts are not in tsh.
std::vector<Tensor> param_list(Interpreter& in, const Value& v) {
  if (v.is(Kind::Tensor))
    throw TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor");
  std::vector<Tensor> out;
  const std::vector<Value> items = v.is(Kind::List) || v.is(Kind::Tuple) ? v.items() : iterate_object(in, v);
  for (const Value& x : items) {
    if (x.is(Kind::Dict)) throw NotImplementedError("optimizer param groups given as dicts are not in tsh");
    if (!x.is(Kind::Tensor)) throw TypeError("optimizer can only optimize Tensors, but one of the params is " + type_name(x));
    if (!autograd::is_leaf(x.as_tensor())) throw ValueError("can't optimize a non-leaf Tensor");
    out.push_back(x.as_tensor());
  }
  if (out.empty()) throw ValueError("optimizer got an empty parameter list");
  return out;
}

Value optimizer_class(const std::string& kind, const std::vector<std::string>& names, const std::vector<Value>& defaults) {
  auto type = std::make_shared<TypeObj>();
  type->name = kind == "SGD" ? "torch.optim.sgd.SGD" : "torch.optim.adam.Adam";
  Value cls = Value::object(Kind::Type, type);
  std::weak_ptr<Object> weak = type;
  type->ctor = [kind, names, defaults, weak](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(kind, a, kw, names, 1);
    auto o = std::make_shared<Optimizer>();
    o->kind = kind;
    o->params = param_list(in, v[0]);
    for (size_t i = 1; i < v.size(); ++i)
      if (v[i].is_none() && !defaults[i].is_none()) v[i] = defaults[i];
    const double lr = number(v[1], "lr");
    if (lr < 0) throw ValueError("Invalid learning rate: " + repr(v[1]));
    o->group = make_dict();
    std::vector<Value> ps;
    for (const Tensor& p : o->params) ps.push_back(Value::tensor(p));
    dict_of(o->group).set(Value::str("params"), Value::list(ps));
    for (size_t i = 1; i < names.size(); ++i) dict_of(o->group).set(Value::str(names[i]), v[i]);
    if (kind == "SGD") {
      if (number(v[2], "momentum") < 0) throw ValueError("Invalid momentum value: " + repr(v[2]));
      if (number(v[4], "weight_decay") < 0) throw ValueError("Invalid weight_decay value: " + repr(v[4]));
      if (truthy(v[5]) && (number(v[2], "momentum") <= 0 || number(v[3], "dampening") != 0))
        throw ValueError("Nesterov momentum requires a momentum and zero dampening");
    } else {
      if (number(v[3], "eps") < 0) throw ValueError("Invalid epsilon value: " + repr(v[3]));
      const auto& b = v[2].items();
      if (b.size() != 2) throw ValueError("betas must be a pair of floats");
      if (number(b[0], "betas") < 0 || number(b[0], "betas") >= 1)
        throw ValueError("Invalid beta parameter at index 0: " + repr(b[0]));
      if (number(b[1], "betas") < 0 || number(b[1], "betas") >= 1)
        throw ValueError("Invalid beta parameter at index 1: " + repr(b[1]));
      if (number(v[4], "weight_decay") < 0) throw ValueError("Invalid weight_decay value: " + repr(v[4]));
    }
    for (const char* unsupported : {"foreach", "fused", "differentiable", "capturable"}) {
      Value* x = dict_of(o->group).find(Value::str(unsupported));
      if (x && !x->is_none() && truthy(*x))
        throw NotImplementedError(kind + "(" + unsupported + "=True) is not in tsh");
    }
    if (auto t = weak.lock()) o->type = Value::object(Kind::Type, t);
    return Value::object(Kind::Instance, o);
  };
  return cls;
}

}  // namespace

void install_optim_module(std::map<std::string, Value>& torch_attrs) {
  auto optim = std::make_shared<ModuleObj>();
  optim->name = "torch.optim";
  // Parameters in PyTorch's order; group keys in PyTorch's order (the repr sorts them).
  optim->attrs["SGD"] = optimizer_class(
      "SGD", {"params", "lr", "momentum", "dampening", "weight_decay", "nesterov", "maximize", "foreach", "differentiable", "fused"},
      {Value(), Value::floating(0.001), Value::integer(0), Value::integer(0), Value::integer(0), Value::boolean(false),
       Value::boolean(false), Value(), Value::boolean(false), Value()});
  optim->attrs["Adam"] = optimizer_class(
      "Adam",
      {"params", "lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable", "differentiable",
       "fused", "decoupled_weight_decay"},
      {Value(), Value::floating(0.001), Value::tuple({Value::floating(0.9), Value::floating(0.999)}), Value::floating(1e-08),
       Value::integer(0), Value::boolean(false), Value::boolean(false), Value(), Value::boolean(false),
       Value::boolean(false), Value(), Value::boolean(false)});
  // AdamW, RMSprop, Adagrad and lr_scheduler are Python (optim/*.py), loaded on first use.
  optim->loader = [](Interpreter& in, const Value& m) {
    m.as<ModuleObj>()->attrs["lr_scheduler"] = lazy_module("torch.optim.lr_scheduler", [](Interpreter& in, const Value& s) {
      run_embedded(in, s, "torch/optim/lr_scheduler.py");
    });
    run_embedded(in, m, "torch/optim/optimizers.py");
  };
  torch_attrs["optim"] = Value::object(Kind::Module, optim);

}

}  // namespace tsh::shell
