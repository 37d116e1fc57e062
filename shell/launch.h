// shell/launch.h — tsh --nproc-per-node N: starts N ranks of a script on this machine, each with
// the variables torchrun sets (RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, MASTER_ADDR,
// MASTER_PORT), so that torch.distributed.init_process_group() finds them.
#pragma once

#include <string>
#include <vector>

namespace tsh::shell {

struct LaunchOptions {
  int nproc = 0;
  std::string log_dir;       // "": the ranks share this terminal; else rank k's stdout goes to DIR/rank{k}.txt
  bool rank_prefix = false;  // each line of rank k's output starts "[rank{k}]: "
};

// Runs `args` (this program's own arguments, without the launcher's) as opts.nproc ranks and waits
// for them. When one fails the others are stopped. Returns the first failing rank's exit status.
int launch_ranks(const LaunchOptions& opts, const std::vector<std::string>& args);

}  // namespace tsh::shell
