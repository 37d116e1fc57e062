// shell/torch/backends_module.cpp — torch.backends in a CUDA build: torch.backends.cuda.is_built()
// and torch.backends.cuda.matmul.allow_tf32, which the runtime's matmuls read.
//
// PyTorch's torch.backends.cuda.matmul is a cuBLASModule object whose
// attributes are read and written through the C++ context; an unknown name
// is "Unknown attribute <name>" both ways.
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda_module.h"

namespace tsh::shell {

namespace {

struct CublasModule : InstanceObj {
  std::string class_name() const override { return "cuBLASModule"; }
  std::string module_name() const override { return "torch.backends.cuda"; }
  std::vector<std::string> attr_names() const override { return {"allow_tf32"}; }

  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "allow_tf32") return Value::boolean(gpu().allow_tf32());
    refuse_known(name);
    throw AttributeError("Unknown attribute " + name);
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value& v) override {
    if (name == "allow_tf32") {
      if (!v.is(Kind::Bool)) throw RuntimeError("set_allow_tf32_cublas expects a bool, but got " + type_name(v));
      gpu().set_allow_tf32(v.as_bool());
      return;
    }
    refuse_known(name);
    throw AttributeError("Unknown attribute " + name);
  }

 private:
  // Settings PyTorch has and the runtime does not: refused rather than kept and ignored.
  static void refuse_known(const std::string& name) {
    for (const char* n : {"allow_fp16_reduced_precision_reduction", "allow_bf16_reduced_precision_reduction",
                          "allow_fp16_accumulation", "fp32_precision"})
      if (name == n) throw NotImplementedError("torch.backends.cuda.matmul." + name + ": tsh's CUDA matmuls do not have this setting");
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
    return Value::boolean(true);  // this build has the CUDA backend
  });
  backends.as<ModuleObj>()->attrs["cuda"] = cuda;
  torch_attrs["backends"] = backends;
}

}  // namespace tsh::shell
