// shell/dist_env.h — tsh --dist-env MODE: a rank started by mpirun or srun learns torchrun's
// variables (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT) from Open
// MPI's or Slurm's, so that init_process_group("gloo") meets the other ranks as under torchrun.
// PyTorch itself does not do this (its env:// wants RANK), so it is asked for explicitly.
#pragma once

#include <string>

namespace tsh::shell {

// MODE: "ompi" (Open MPI's OMPI_COMM_WORLD_*), "slurm" (SLURM_PROCID, SLURM_NTASKS, ...), or "auto"
// (whichever is there). Variables already set are kept. Returns "" on success, else why not.
std::string apply_dist_env(const std::string& mode);

}  // namespace tsh::shell
