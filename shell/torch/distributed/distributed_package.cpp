// shell/torch/distributed/distributed_package.cpp — torch.distributed: distributed_c10d.py (its
// Python API, as PyTorch's module of that name) over the C++ builtins, filled on first use.
#include "shell/interp.h"
#include "shell/python/embedded.h"
#include "shell/torch/distributed/distributed.h"

namespace tsh::shell {

void install_distributed_builtins(std::map<std::string, Value>& d);

namespace {

void load_distributed(Interpreter& in, const Value& pkg) {
  Value c10d = lazy_module("torch.distributed.distributed_c10d", [](Interpreter& in, const Value& m) {
    install_distributed_builtins(m.as<ModuleObj>()->attrs);
    run_embedded(in, m, "torch/distributed/distributed_c10d.py");
  });
  auto& attrs = pkg.as<ModuleObj>()->attrs;
  attrs["distributed_c10d"] = c10d;
  const Value mesh = lazy_module("torch.distributed.device_mesh", [](Interpreter& in, const Value& m) {
    run_embedded(in, m, "torch/distributed/device_mesh.py");
  });
  attrs["device_mesh"] = mesh;
  attrs["tensor"] = lazy_module("torch.distributed.tensor", [](Interpreter& in, const Value& m) {
    run_embedded(in, m, "torch/distributed/tensor/api.py");
    m.as<ModuleObj>()->attrs["debug"] = lazy_module("torch.distributed.tensor.debug", [](Interpreter& in, const Value& d) {
      run_embedded(in, d, "torch/distributed/tensor/debug.py");
    });
  });
  load_module(in, c10d);
  const auto& defined = c10d.as<ModuleObj>()->attrs;
  for (const Value& name : defined.at("__all__").items()) attrs[name.as_str()] = defined.at(name.as_str());
  // torch.distributed.init_device_mesh and DeviceMesh, as PyTorch re-exports them
  load_module(in, mesh);
  for (const char* name : {"init_device_mesh", "DeviceMesh"}) attrs[name] = mesh.as<ModuleObj>()->attrs.at(name);
}

}  // namespace

void install_distributed_package(std::map<std::string, Value>& torch_attrs) {
  torch_attrs["distributed"] = lazy_module("torch.distributed", load_distributed);
}

}  // namespace tsh::shell
