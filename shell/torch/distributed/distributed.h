// shell/torch/distributed/distributed.h — the torch.distributed package: the Python API
// (distributed_c10d.py, PyTorch's own module's name) over C++ builtins for the TCPStore
// (store.h) and Gloo's process groups (process_group.h).
#pragma once

#include <map>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// torch.distributed, filled on first use.
void install_distributed_package(std::map<std::string, Value>& torch_attrs);

}  // namespace tsh::shell
