// shell/torch/autograd/grad_mode.cpp — torch.no_grad, enable_grad, set_grad_enabled,
// inference_mode and their queries; torch.random.fork_rng; torch.device as
// a default-device context. Each is a context manager that restores on exit
// what it changed on entry (set_grad_enabled changes the mode when called,
// as PyTorch's does, so that it also works as a plain call).
#include "engine/core/generator.h"
#include "engine/core/grad_mode.h"
#include "engine/core/memory.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/context.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

const char* const kGradModule = "torch.autograd.grad_mode";

void no_args(const std::string& fname, Args& a, Kwargs& kw) { bind_params(fname, a, kw, {}, 0); }

// A context that sets the grad mode to `on` for its block.
std::shared_ptr<ContextObj> grad_switch(const char* cls, bool on) {
  auto cm = std::make_shared<ContextObj>();
  cm->cls = cls;
  cm->module = kGradModule;
  auto prev = std::make_shared<bool>(true);
  cm->enter = [prev, on](Interpreter&) {
    *prev = grad_enabled();
    set_grad_enabled(on);
    return Value();
  };
  cm->exit = [prev](Interpreter&, bool) {
    set_grad_enabled(*prev);
    return false;
  };
  cm->fresh = [cls, on] { return grad_switch(cls, on); };
  return cm;
}

// inference_mode(mode): no grad and no version counting inside, when mode is true.
std::shared_ptr<ContextObj> inference_switch(bool mode) {
  auto cm = std::make_shared<ContextObj>();
  cm->cls = "inference_mode";
  cm->module = kGradModule;
  auto prev = std::make_shared<std::pair<bool, bool>>();
  cm->enter = [prev, mode](Interpreter&) {
    *prev = {inference_mode_enabled(), grad_enabled()};
    if (mode) {
      set_inference_mode(true);
      set_grad_enabled(false);
    }
    return Value();
  };
  cm->exit = [prev](Interpreter&, bool) {
    set_inference_mode(prev->first);
    set_grad_enabled(prev->second);
    return false;
  };
  cm->fresh = [mode] { return inference_switch(mode); };
  return cm;
}

bool bool_arg(const char* fname, const char* param, const Value& v) {
  if (!v.is(Kind::Bool))
    throw TypeError(std::string(fname) + "(): argument '" + param + "' (position 1) must be bool, not " + type_name(v));
  return v.as_bool();
}

}  // namespace

void install_grad_mode(std::map<std::string, Value>& torch_attrs) {
  torch_attrs["no_grad"] = context_class("torch.autograd.grad_mode.no_grad", [](Interpreter&, Args& a, Kwargs& kw) {
    no_args("no_grad", a, kw);
    return grad_switch("no_grad", false);
  });
  torch_attrs["enable_grad"] = context_class("torch.autograd.grad_mode.enable_grad", [](Interpreter&, Args& a, Kwargs& kw) {
    no_args("enable_grad", a, kw);
    return grad_switch("enable_grad", true);
  });
  torch_attrs["set_grad_enabled"] =
      context_class("torch.autograd.grad_mode.set_grad_enabled", [](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("set_grad_enabled.__init__", a, kw, {"mode"}, 1);
        const bool mode = bool_arg("set_grad_enabled", "enabled", v[0]);
        auto cm = std::make_shared<ContextObj>();
        cm->cls = "set_grad_enabled";
        cm->module = kGradModule;
        const bool prev = grad_enabled();
        set_grad_enabled(mode);
        cm->exit = [prev](Interpreter&, bool) {
          set_grad_enabled(prev);
          return false;
        };
        cm->repr = [mode] { return std::string("torch.autograd.grad_mode.set_grad_enabled(mode=") + (mode ? "True" : "False") + ")"; };
        return cm;
      });
  torch_attrs["inference_mode"] =
      context_class("torch.autograd.grad_mode.inference_mode", [](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("inference_mode.__init__", a, kw, {"mode"}, 0);
        const bool mode = v[0].is_none() || truthy(v[0]);
        return inference_switch(mode);
      });
  torch_attrs["is_grad_enabled"] = make_builtin("is_grad_enabled", "<built-in function is_grad_enabled>",
                                                [](Interpreter&, Args& a, Kwargs& kw) {
                                                  if (!a.empty() || !kw.empty())
                                                    throw TypeError("torch.is_grad_enabled() takes no arguments (" +
                                                                    std::to_string(a.size() + kw.size()) + " given)");
                                                  return Value::boolean(grad_enabled());
                                                });
  torch_attrs["is_inference_mode_enabled"] =
      make_builtin("is_inference_mode_enabled", "<built-in function is_inference_mode_enabled>",
                   [](Interpreter&, Args& a, Kwargs& kw) {
                     if (!a.empty() || !kw.empty())
                       throw TypeError("torch.is_inference_mode_enabled() takes no arguments (" +
                                       std::to_string(a.size() + kw.size()) + " given)");
                     return Value::boolean(inference_mode_enabled());
                   });
  torch_attrs["get_default_device"] = make_builtin("get_default_device", "<function get_default_device>",
                                                   [](Interpreter&, Args& a, Kwargs& kw) {
                                                     no_args("get_default_device", a, kw);
                                                     // A CUDA default tensor type is not a device context: PyTorch says cpu.
                                                     if (default_tensor_type_is_cuda() && default_device().is_cuda())
                                                       return Value::device(Device{});
                                                     return Value::device(default_device());
                                                   });
  torch_attrs["set_default_device"] =
      make_builtin("set_default_device", "<function set_default_device>", [](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("set_default_device", a, kw, {"device"}, 1);
        if (v[0].is_none()) set_default_device(Device{});
        else if (v[0].is(Kind::Device)) set_default_device(v[0].as_device());
        else if (v[0].is(Kind::Str)) set_default_device(Device::parse(v[0].as_str()));
        else throw TypeError("set_default_device(): device must be a torch.device, a str or None, not " + type_name(v[0]));
        return Value();
      });

  // torch.random.fork_rng: the CPU generator's state is put back when the block ends.
  Value fork = make_builtin("fork_rng", "<function fork_rng>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("fork_rng", a, kw, {"devices", "enabled", "_caller", "_devices_kw", "device_type"}, 0);
    if (!v[0].is_none() && !(v[0].is_sequence() && v[0].items().empty()))
      throw PyError("AssertionError", "Torch not compiled with CUDA enabled");
    const bool enabled = v[1].is_none() || truthy(v[1]);
    auto cm = std::make_shared<ContextObj>();
    cm->cls = "_GeneratorContextManager";
    cm->module = "contextlib";
    auto saved = std::make_shared<std::vector<uint8_t>>();
    cm->enter = [saved, enabled](Interpreter&) {
      if (enabled) *saved = default_generator().state();
      return Value();
    };
    cm->exit = [saved, enabled](Interpreter&, bool) {
      if (enabled) default_generator().set_state(saved->data(), saved->size());
      return false;
    };
    return Value::object(Kind::Instance, cm);
  });
  if (auto it = torch_attrs.find("random"); it != torch_attrs.end() && it->second.is(Kind::Module))
    it->second.as<ModuleObj>()->attrs["fork_rng"] = fork;
}

// torch.device as a context: new tensors default to it inside the block.
Value device_context_attr(const Value& dev, const std::string& name) {
  static std::vector<Device> saved;  // one entry per open `with torch.device(...)`
  if (name == "__enter__")
    return make_builtin("__enter__", "<built-in method __enter__ of torch.device object>", [dev](Interpreter&, Args& a, Kwargs& kw) {
      no_args("__enter__", a, kw);
      saved.push_back(default_device());
      set_default_device(dev.as_device());
      return dev;
    });
  return make_builtin("__exit__", "<built-in method __exit__ of torch.device object>", [](Interpreter&, Args&, Kwargs&) {
    if (!saved.empty()) {
      set_default_device(saved.back());
      saved.pop_back();
    }
    return Value();
  });
}

// torch.cuda.device(d) and torch.cuda.stream(s) in a build without CUDA
// (cuda_device_context.cpp and cuda_streams.cpp have the CUDA build's): the
// forms that select nothing (None, -1) are no-ops, as in PyTorch; any other
// device or stream fails on entry with PyTorch's message for a build without CUDA.
void install_cuda_contexts(std::map<std::string, Value>& cuda_attrs) {
  auto no_cuda = [](Interpreter&) -> Value { throw PyError("AssertionError", "Torch not compiled with CUDA enabled"); };
  cuda_attrs["device"] = context_class("torch.cuda.device", [no_cuda](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("device.__init__", a, kw, {"device"}, 1);
    bool selects = true;
    if (v[0].is_none()) selects = false;
    else if (v[0].is(Kind::Int)) selects = v[0].as_int() != -1;
    else if (v[0].is(Kind::Str) || v[0].is(Kind::Device)) {
      const Device d = v[0].is(Kind::Device) ? v[0].as_device() : Device::parse(v[0].as_str());
      if (!d.is_cuda()) throw ValueError("Expected a cuda device, but got: " + d.str());
    } else {
      throw ValueError("Expected a torch.device with a specified index or an integer, but got:" + repr(v[0]));
    }
    auto cm = std::make_shared<ContextObj>();
    cm->cls = "device";
    cm->module = "torch.cuda";
    if (selects) cm->enter = no_cuda;
    return cm;
  });
  cuda_attrs["stream"] = make_builtin("stream", "<function stream>", [no_cuda](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("stream", a, kw, {"stream"}, 1);
    auto cm = std::make_shared<ContextObj>();
    cm->cls = "StreamContext";
    cm->module = "torch.cuda";
    if (!v[0].is_none()) cm->enter = no_cuda;
    return Value::object(Kind::Instance, cm);
  });
}

}  // namespace tsh::shell
