// shell/ops_reduction.cpp — registry entries for reductions, sorting and scans.
#include "shell/registry.h"

namespace tsh::shell {

void register_reduction_ops(Registry&) {}

}  // namespace tsh::shell
