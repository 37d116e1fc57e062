// shell/torch/torch_module.cpp — the `torch` namespace: dtypes, submodules and the
// module-level functions that are not tensor ops (printing options, defaults).
//
// Tensor ops themselves come from the registry on first lookup (shell/python/attrs.cpp).
#include <cmath>

#include "engine/format/options.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/torch/utils/benchmark/benchmark.h"
#include "shell/torch/cuda/module.h"
#include "shell/torch/distributed/distributed.h"
#include "shell/torch/layout.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/autograd/module.h"
#include "shell/torch/nn/nn.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void install_version_module(std::map<std::string, Value>& torch_attrs);

namespace {

Value module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  return Value::object(Kind::Module, m);
}

void def(const Value& mod, const std::string& name,
         std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
  mod.as<ModuleObj>()->attrs[name] =
      make_builtin(name, "<built-in function " + name + ">", std::move(fn));
}

// Binds (args, kwargs) to named parameters with defaults, Python-style.
std::vector<Value> bind_simple(const std::string& fname, Args& a, Kwargs& kw,
                               const std::vector<std::string>& names) {
  std::vector<Value> out(names.size());
  if (a.size() > names.size())
    throw TypeError(fname + "() takes from 0 to " + std::to_string(names.size()) +
                    " positional arguments but " + std::to_string(a.size()) + " were given");
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i];
  for (auto& [k, v] : kw) {
    auto it = std::find(names.begin(), names.end(), k);
    if (it == names.end())
      throw TypeError(fname + "() got an unexpected keyword argument '" + k + "'");
    out[static_cast<size_t>(it - names.begin())] = v;
  }
  return out;
}

}  // namespace

Value make_torch_module(Interpreter&) {
  Value torch = module("torch");
  auto& attrs = torch.as<ModuleObj>()->attrs;
  for (const char* n : {"bool", "uint8", "int8", "int16", "short", "int32", "int", "int64",
                        "long", "float16", "half", "bfloat16", "float32", "float", "float64",
                        "double", "complex64", "cfloat", "complex128", "cdouble", "uint16", "uint32", "uint64"})
    attrs[n] = Value::dtype(*dtype_from_name(n));
  install_version_module(attrs);  // torch.__version__, torch.version (shell/torch/version_module.cpp)

  def(torch, "set_printoptions", [](Interpreter&, Args& a, Kwargs& kw) {
    auto v = bind_simple("set_printoptions", a, kw,
                         {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"});
    // PyTorch stores any value and fails when it next prints; tsh's options are typed, so a value of
    // the wrong kind is refused here, as Python refuses it where it is used.
    auto opt_int = [](const Value& x) -> std::optional<int64_t> {
      if (x.is_none()) return std::nullopt;
      if (!x.is_intlike() || x.obj()) throw TypeError("'" + type_name(x) + "' object cannot be interpreted as an integer");
      return static_cast<int64_t>(x.as_int());
    };
    std::optional<double> threshold;
    if (!v[1].is_none()) {
      if (!v[1].is_intlike() && !v[1].is(Kind::Float))
        throw TypeError("'>' not supported between instances of 'int' and '" + type_name(v[1]) + "'");
      threshold = v[1].as_float();
    }
    std::optional<int> precision;
    if (auto p = opt_int(v[0])) {
      if (*p > INT32_MAX || *p < INT32_MIN) throw OverflowError("Python int too large to convert to C int");
      precision = static_cast<int>(*p);
    }
    // A profile that is not one of the names is ignored, as PyTorch compares it with each.
    std::optional<std::string> profile;
    if (v[4].is(Kind::Str)) profile = v[4].as_str();
    std::optional<bool> sci;
    if (!v[5].is_none()) sci = truthy(v[5]);
    format::set_printoptions(precision, threshold, opt_int(v[2]), opt_int(v[3]), profile, sci);
    return Value();
  });
  // torch.dtype and torch.device are classes: isinstance(x, torch.device), type(d) is torch.device.
  auto dtype_type = std::make_shared<TypeObj>();
  dtype_type->name = "torch.dtype";
  dtype_type->ctor = [](Interpreter&, Args&, Kwargs&) -> Value { throw TypeError("cannot create 'torch.dtype' instances"); };
  attrs["dtype"] = Value::object(Kind::Type, dtype_type);
  auto device_type = std::make_shared<TypeObj>();
  device_type->name = "torch.device";
  attrs["device"] = Value::object(Kind::Type, device_type);
  device_type->ctor = [](Interpreter&, Args& a, Kwargs& kw) {
    auto v = bind_simple("device", a, kw, {"type", "index"});
    if (v[0].is(Kind::Device)) return v[0];
    if (v[0].is(Kind::Int)) return Value::device(Device{DeviceType::CUDA, static_cast<int>(v[0].as_int())});
    if (!v[0].is(Kind::Str)) throw TypeError("device() received an invalid combination of arguments");
    Device d = Device::parse(v[0].as_str());
    if (!v[1].is_none()) {
      if (v[0].as_str().find(':') != std::string::npos)
        throw RuntimeError("type (string) must not include an index because index was passed explicitly: " + v[0].as_str());
      if (d.is_cpu() && v[1].as_int() != 0)
        throw RuntimeError("CPU device index must be -1 or zero, got " + std::to_string(static_cast<long long>(v[1].as_int())));
      if (!d.is_cpu()) d.index = static_cast<int>(v[1].as_int());
    }
    return Value::device(d);
  };
  {
    auto size_type = std::make_shared<TypeObj>();
    size_type->name = "torch.Size";
    size_type->ctor = [](Interpreter& in, Args& a, Kwargs&) {
      Shape s;
      if (!a.empty())
        for (const Value& v : in.iterate(a[0])) {
          if (!v.is_intlike())
            throw TypeError("torch.Size() takes an iterable of 'int' (item 0 is '" + type_name(v) + "')");
          s.push_back(static_cast<int64_t>(v.as_int()));
        }
      return Value::size(s);
    };
    attrs["Size"] = Value::object(Kind::Type, size_type);
    auto tensor_type = std::make_shared<TypeObj>();
    tensor_type->name = "torch.Tensor";
    tensor_type->ctor = legacy_tensor_new;
    attrs["Tensor"] = Value::object(Kind::Type, tensor_type);
    attrs["strided"] = strided_layout();
    attrs["layout"] = layout_type();
    attrs["memory_format"] = memory_format_type();
    for (MemoryFormat f : {MemoryFormat::Contiguous, MemoryFormat::ChannelsLast, MemoryFormat::ChannelsLast3d,
                           MemoryFormat::Preserve})
      attrs[memory_format_name(f)] = memory_format_value(f);
  }

  install_random_attrs(attrs);
  install_grad_mode(attrs);  // after random: torch.random.fork_rng
  install_autograd_module(attrs);  // after the grad-mode switches it re-exports
  install_optim_module(attrs);
  install_nn_package(attrs);  // torch.nn, filled on first use
  install_distributed_package(attrs);  // torch.distributed, filled on first use
  install_benchmark(attrs);  // torch.utils.benchmark, get/set_num_threads
  install_data_package(attrs);  // torch.utils.data
  install_join_attrs(attrs);
  install_info_attrs(attrs);
  install_config_module(attrs);  // torch.__config__
  install_testing_module(attrs);
  install_serialization(attrs);  // torch.save, torch.load
  install_removed_attrs(attrs);  // torch.eig, torch.solve, ...: PyTorch's removal messages

  install_cuda_module(attrs);  // torch.cuda, the legacy types, torch.backends (shell/torch/cuda/module.cpp)

  // torch.linalg: every registry function named linalg_X is torch.linalg.X, as in PyTorch.
  Value linalg = module("torch.linalg");
  for (const std::string& name : registry().function_names()) {
    if (name.rfind("linalg_", 0) != 0) continue;
    const auto* overloads = registry().functions(name);
    linalg.as<ModuleObj>()->attrs[name.substr(7)] =
        make_builtin(name, "<built-in function " + name + ">",
                     [overloads](Interpreter& in, Args& a, Kwargs& kw) {
                       return registry().call(in, *overloads, false, a, kw);
                     });
  }
  linalg.as<ModuleObj>()->attrs["LinAlgError"] = exception_class("torch._C._LinAlgError");
  attrs["linalg"] = linalg;
  return torch;
}

}  // namespace tsh::shell
