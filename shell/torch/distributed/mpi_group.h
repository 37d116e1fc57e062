// shell/torch/distributed/mpi_group.h — a process group on Open MPI, for init_process_group("mpi")
// under mpirun: rank and size come from MPI_COMM_WORLD, as in PyTorch's ProcessGroupMPI, and
// new_group's groups are communicators made from it. MPI has no timeouts; a lost rank is mpirun's
// to report. Built when CMake finds MPI (scripts/setup installs Debian's libopenmpi-dev).
#pragma once

#include <memory>
#include <vector>

#include "shell/torch/distributed/process_group.h"

namespace tsh::dist {

// Whether this build has MPI.
bool mpi_available();

// The world (world_ranks empty), or the group of those world ranks; every member calls it with
// the same ranks and tag, in the same order. Initialises MPI on first use (MPI_THREAD_SERIALIZED,
// finalised at exit); without MPI, PyTorch's "doesn't have MPI built in" error.
std::shared_ptr<Backend> make_mpi_group(const std::vector<int>& world_ranks, int tag);

}  // namespace tsh::dist
