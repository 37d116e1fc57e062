#!/usr/bin/env bash
# tests/distributed/run_mpi.sh TSH SCRIPT N MODE — runs SCRIPT as N ranks under Open MPI's mpirun
# and compares each rank's output with PyTorch's under torchrun (expected/NAME/N/rank{k}.txt):
#   MODE mpi:  backend "mpi" (DIST_BACKEND=mpi; rank and size from MPI_COMM_WORLD);
#   MODE gloo: backend "gloo", the ranks finding each other through `tsh --dist-env ompi`.
# Skips (exit 77) when mpirun is absent.
set -euo pipefail
tsh=$1 script=$2 n=$3 mode=$4
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$script"); name=${name%.*}
command -v mpirun >/dev/null || { echo "skip: no mpirun"; exit 77; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run=("$here/mpi_env.sh")  # Open MPI's settings for this machine and the sanitizers
if [[ $mode == mpi ]]; then
  export DIST_BACKEND=mpi
  opts=()
else
  export MASTER_PORT=$((20000 + RANDOM % 20000))
  opts=(--dist-env ompi)
fi
if ! timeout 120 "${run[@]}" mpirun -n "$n" sh -c "exec \"\$0\" \"\$@\" >\"$out/rank\$OMPI_COMM_WORLD_RANK.txt\"" \
      "$tsh" "${opts[@]}" "$here/scripts/$script" 2>"$out/stderr"; then
  echo "FAIL: $name on $n ranks under mpirun ($mode) exited with an error"; cat "$out/stderr"; exit 1
fi
source "$here/compare.sh"
compare_ranks "$name" "$n" "$out" " under mpirun ($mode)"
