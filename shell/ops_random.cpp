// shell/ops_random.cpp — registry entries for random number generation.
#include "shell/registry.h"

namespace tsh::shell {

void register_random_ops(Registry&) {}

}  // namespace tsh::shell
