// shell/ops_elementwise.cpp — registry entries for elementwise math, comparisons and logic.
#include "shell/registry.h"

namespace tsh::shell {

void register_elementwise_ops(Registry&) {}

}  // namespace tsh::shell
