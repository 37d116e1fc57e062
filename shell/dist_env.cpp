// shell/dist_env.cpp — torchrun's variables from a launcher's own.
#include "shell/dist_env.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace tsh::shell {

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

void set_default(const char* name, const std::string& value) {
  if (!value.empty()) ::setenv(name, value.c_str(), 0);
}

// The port the ranks meet on when MASTER_PORT is unset: one the launcher's job id picks, the same
// on every rank of one job and different for jobs started one after another (as Lightning does
// for Slurm: 15000 plus the job id's last four digits).
std::string port_from_job(const std::string& job) {
  unsigned long long id = 0;
  for (char c : job)
    if (c >= '0' && c <= '9') id = id * 10 + static_cast<unsigned>(c - '0');
  return std::to_string(15000 + id % 10000);
}

// The first host of a Slurm node list: "node[05-09,12],gpu3" gives "node05".
std::string first_slurm_host(const std::string& list) {
  const size_t comma = list.find(',');
  const size_t bracket = list.find('[');
  if (bracket == std::string::npos || (comma != std::string::npos && comma < bracket)) return list.substr(0, comma);
  std::string first = list.substr(bracket + 1);
  first = first.substr(0, first.find_first_of("-,]"));
  return list.substr(0, bracket) + first;
}

std::string from_ompi() {
  set_default("RANK", env("OMPI_COMM_WORLD_RANK"));
  set_default("WORLD_SIZE", env("OMPI_COMM_WORLD_SIZE"));
  set_default("LOCAL_RANK", env("OMPI_COMM_WORLD_LOCAL_RANK"));
  set_default("LOCAL_WORLD_SIZE", env("OMPI_COMM_WORLD_LOCAL_SIZE"));
  if (env("MASTER_ADDR").empty()) {
    // Open MPI does not say where rank 0 runs; on one node it is here.
    if (env("OMPI_COMM_WORLD_LOCAL_SIZE") != env("OMPI_COMM_WORLD_SIZE"))
      return "--dist-env ompi: the ranks span several nodes; set MASTER_ADDR to rank 0's host (mpirun -x MASTER_ADDR=...)";
    ::setenv("MASTER_ADDR", "127.0.0.1", 0);
  }
  set_default("MASTER_PORT", port_from_job(env("OMPI_MCA_ess_base_jobid")));
  return "";
}

std::string from_slurm() {
  set_default("RANK", env("SLURM_PROCID"));
  set_default("WORLD_SIZE", env("SLURM_NTASKS"));
  set_default("LOCAL_RANK", env("SLURM_LOCALID"));
  // SLURM_NTASKS_PER_NODE is a plain count only when every node runs the same number ("2(x3)")
  const std::string per_node = env("SLURM_NTASKS_PER_NODE");
  if (!per_node.empty() && per_node.find_first_not_of("0123456789") == std::string::npos)
    set_default("LOCAL_WORLD_SIZE", per_node);
  std::string nodes = env("SLURM_JOB_NODELIST");
  if (nodes.empty()) nodes = env("SLURM_NODELIST");
  set_default("MASTER_ADDR", nodes.empty() ? "127.0.0.1" : first_slurm_host(nodes));
  set_default("MASTER_PORT", port_from_job(env("SLURM_JOB_ID")));
  return "";
}

}  // namespace

std::string apply_dist_env(const std::string& mode) {
  if (mode == "ompi" || (mode == "auto" && !env("OMPI_COMM_WORLD_RANK").empty())) {
    if (env("OMPI_COMM_WORLD_RANK").empty()) return "--dist-env ompi: OMPI_COMM_WORLD_RANK is not set (start tsh with mpirun)";
    return from_ompi();
  }
  if (mode == "slurm" || (mode == "auto" && !env("SLURM_PROCID").empty())) {
    if (env("SLURM_PROCID").empty()) return "--dist-env slurm: SLURM_PROCID is not set (start tsh with srun)";
    return from_slurm();
  }
  if (mode == "auto") return "--dist-env auto: neither Open MPI's (OMPI_COMM_WORLD_RANK) nor Slurm's (SLURM_PROCID) variables are set";
  return "--dist-env: expected ompi, slurm or auto, not '" + mode + "'";
}

}  // namespace tsh::shell
