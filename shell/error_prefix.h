// shell/error_prefix.h — a prefix for every line of an uncaught error's report: torch.distributed
// sets "[rank0]: " while a process group is up, as PyTorch's exception hook does.
#pragma once

#include <string>

namespace tsh::shell {

std::string& uncaught_error_prefix();

}  // namespace tsh::shell
