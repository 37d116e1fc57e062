// shell/torch/utils/data/data_package.cpp — torch.utils.data, written in Python (data.py) and
// loaded when a session first uses it.
#include "shell/python/embedded.h"
#include "shell/torch/nn/nn.h"

namespace tsh::shell {

void install_data_package(std::map<std::string, Value>& torch_attrs) {
  Value utils = torch_attrs.at("utils");  // made by install_benchmark
  utils.as<ModuleObj>()->attrs["data"] = lazy_module("torch.utils.data", [](Interpreter& in, const Value& m) {
    run_embedded(in, m, "torch/utils/data/data.py");
  });
}

}  // namespace tsh::shell
