// shell/torch/nn/nn.h — the torch.nn package (nn_package.cpp) and the functional ops it writes
// in C++ (functional.cpp); the rest of torch.nn is Python source in this folder.
#pragma once

#include <map>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// torch.nn, filled on first use.
void install_nn_package(std::map<std::string, Value>& torch_attrs);
// torch.utils.data (shell/torch/utils/data/), filled on first use; after install_benchmark.
void install_data_package(std::map<std::string, Value>& torch_attrs);
// torch.nn.functional's C++ functions, set before functional.py runs.
void install_functional_builtins(std::map<std::string, Value>& functional);

}  // namespace tsh::shell
