// shell/torch/backends_module.cpp — torch.backends: torch.backends.cuda.is_built() and
// torch.backends.cuda.matmul.allow_tf32 (which a CUDA build's matmuls read), torch.backends.cudnn's
// settings (tsh has no cuDNN: is_available() is False, version() None; the flags are kept and
// checked as PyTorch checks them) and torch.backends.mps (never available).
//
// PyTorch's torch.backends.cuda.matmul is a cuBLASModule object whose
// attributes are read and written through the C++ context; an unknown name
// is "Unknown attribute <name>" both ways.
#include "engine/core/accelerator.h"
#include "engine/cpu/math_library.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda/module.h"

namespace tsh::shell {

namespace {

struct CublasModule : InstanceObj {
  std::string class_name() const override { return "cuBLASModule"; }
  std::string module_name() const override { return "torch.backends.cuda"; }
  std::vector<std::string> attr_names() const override { return {"allow_tf32"}; }

  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "allow_tf32") return Value::boolean(accelerator() ? gpu().allow_tf32() : cpu_allow_tf32);
    refuse_known(name);
    throw AttributeError("Unknown attribute " + name);
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) override {
    if (name == "allow_tf32") {
      if (!v.is(Kind::Bool)) throw RuntimeError("set_allow_tf32_cublas expects a bool, but got " + type_name(v));
      if (accelerator()) gpu().set_allow_tf32(v.as_bool());
      else cpu_allow_tf32 = v.as_bool();
      return;
    }
    refuse_known(name);
    throw AttributeError("Unknown attribute " + name);
  }

 private:
  bool cpu_allow_tf32 = false;  // a build without the CUDA backend keeps the flag, as a CPU PyTorch does
  // Settings PyTorch has and the runtime does not: refused rather than kept and ignored.
  static void refuse_known(const std::string& name) {
    for (const char* n : {"allow_fp16_reduced_precision_reduction", "allow_bf16_reduced_precision_reduction",
                          "allow_fp16_accumulation", "fp32_precision"})
      if (name == n) throw NotImplementedError("torch.backends.cuda.matmul." + name + ": tsh's CUDA matmuls do not have this setting");
  }
};

// torch.backends.cudnn: PyTorch's CudnnModule, whose flags are properties over the C++ context.
struct CudnnModule : InstanceObj {
  bool enabled = true, benchmark = false, deterministic = false, allow_tf32 = true;
  int64_t benchmark_limit = 10;
  std::map<std::string, Value> extra;  // other attributes set on the module
  std::map<std::string, Value> functions;
  std::string class_name() const override { return "CudnnModule"; }
  std::string module_name() const override { return "torch.backends.cudnn"; }
  std::string repr_of(const Value&) const override { return "<module 'torch.backends.cudnn'>"; }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> n = {"allow_tf32", "benchmark", "benchmark_limit", "deterministic", "enabled"};
    for (const auto& [k, _] : functions) n.push_back(k);
    return n;
  }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "enabled") return Value::boolean(enabled);
    if (name == "benchmark") return Value::boolean(benchmark);
    if (name == "deterministic") return Value::boolean(deterministic);
    if (name == "allow_tf32") return Value::boolean(allow_tf32);
    if (name == "benchmark_limit") return Value::integer(benchmark_limit);
    if (auto it = functions.find(name); it != functions.end()) return it->second;
    if (auto it = extra.find(name); it != extra.end()) return it->second;
    throw AttributeError("module 'torch.backends.cudnn' has no attribute '" + name + "'");
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) override {
    auto flag = [&](bool& f, const char* setter) {
      if (!v.is(Kind::Bool)) throw RuntimeError(std::string(setter) + " expects a bool, but got " + type_name(v));
      f = v.as_bool();
    };
    if (name == "enabled") return flag(enabled, "set_enabled_cudnn");
    if (name == "benchmark") return flag(benchmark, "set_benchmark_cudnn");
    if (name == "deterministic") return flag(deterministic, "set_deterministic_cudnn");
    if (name == "allow_tf32") return flag(allow_tf32, "set_allow_tf32_cublas");  // PyTorch's own text
    if (name == "benchmark_limit") {
      if (!v.is(Kind::Int)) throw RuntimeError("set_benchmark_limit_cudnn expects an int, but got " + type_name(v));
      benchmark_limit = static_cast<int64_t>(v.as_int());
      return;
    }
    extra[name] = v;
  }
};

Value module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  return Value::object(Kind::Module, m);
}

}  // namespace

void install_backends_module(std::map<std::string, Value>& torch_attrs) {
  Value backends = module("torch.backends");
  Value cuda = module("torch.backends.cuda");
  auto& attrs = cuda.as<ModuleObj>()->attrs;
  attrs["matmul"] = Value::object(Kind::Instance, std::make_shared<CublasModule>());
  def_function(attrs, "is_built", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_built", a, kw, {}, 0);
    return Value::boolean(accelerator() != nullptr);  // whether this build has the CUDA backend
  });
  backends.as<ModuleObj>()->attrs["cuda"] = cuda;

  auto cudnn = std::make_shared<CudnnModule>();
  auto fn = [&](const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> f) {
    cudnn->functions[name] = make_builtin(name, "<function " + name + ">", std::move(f));
  };
  fn("is_available", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_available", a, kw, {}, 0);
    return Value::boolean(false);  // tsh has no cuDNN
  });
  fn("version", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("version", a, kw, {}, 0);
    return Value::none();
  });
  fn("is_acceptable", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_acceptable", a, kw, {"tensor"}, 1);
    return Value::boolean(false);
  });
  backends.as<ModuleObj>()->attrs["cudnn"] = Value::object(Kind::Instance, cudnn);

  Value mps = module("torch.backends.mps");
  for (const char* n : {"is_available", "is_built"})
    def_function(mps.as<ModuleObj>()->attrs, n, [n](Interpreter&, Args& a, Kwargs& kw) {
      bind_params(n, a, kw, {}, 0);
      return Value::boolean(false);  // tsh has no Metal backend
    });
  backends.as<ModuleObj>()->attrs["mps"] = mps;

  // torch.backends.mkl.is_available(): whether MKL serves this session (engine/cpu/math_library.h).
  Value mkl = module("torch.backends.mkl");
  def_function(mkl.as<ModuleObj>()->attrs, "is_available", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_available", a, kw, {}, 0);
    return Value::boolean(cpu::mathlib().mkl);
  });
  backends.as<ModuleObj>()->attrs["mkl"] = mkl;
  torch_attrs["backends"] = backends;
}

}  // namespace tsh::shell
