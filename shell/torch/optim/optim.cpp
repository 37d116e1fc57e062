// shell/torch/optim/optim.cpp — the torch.optim package: its optimizers (optimizers.py, lbfgs.py) and
// lr_scheduler (lr_scheduler.py) are Python, as PyTorch's are, loaded when a session first uses it.
#include "shell/interp.h"
#include "shell/python/embedded.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void install_optim_module(std::map<std::string, Value>& torch_attrs) {
  torch_attrs["optim"] = lazy_module("torch.optim", [](Interpreter& in, const Value& m) {
    m.as<ModuleObj>()->attrs["lr_scheduler"] = lazy_module("torch.optim.lr_scheduler", [](Interpreter& in, const Value& s) {
      run_embedded(in, s, "torch/optim/lr_scheduler.py");
    });
    run_embedded(in, m, "torch/optim/optimizers.py");
    run_embedded(in, m, "torch/optim/lbfgs.py");
  });
}

}  // namespace tsh::shell
