#!/usr/bin/env bash
# tests/distributed/dist_env.sh TSH — tsh --dist-env: torchrun's variables from Open MPI's and
# Slurm's (faked here, one process), the node list's first host, and the refusals.
set -uo pipefail
tsh=$1
status=0
show='import os; print(*[os.environ.get(k) for k in ["RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"]])'
check() {  # check EXPECTED COMMAND...
  local want=$1; shift
  local got; got=$("$@" 2>&1)
  if [[ $got != "$want" ]]; then echo "FAIL: $*"; echo "  want: $want"; echo "  got:  $got"; status=1; fi
}
clean=(env -u RANK -u WORLD_SIZE -u LOCAL_RANK -u LOCAL_WORLD_SIZE -u MASTER_ADDR -u MASTER_PORT -u OMPI_COMM_WORLD_RANK -u SLURM_PROCID)
check "1 4 1 2 node05 17890" "${clean[@]}" SLURM_PROCID=1 SLURM_NTASKS=4 SLURM_LOCALID=1 SLURM_NTASKS_PER_NODE=2 \
  SLURM_JOB_NODELIST='node[05-09,12],gpu3' SLURM_JOB_ID=4412890 "$tsh" --dist-env slurm -c "$show"
check "0 2 0 None gpu3 29400" "${clean[@]}" SLURM_PROCID=0 SLURM_NTASKS=2 SLURM_LOCALID=0 SLURM_NTASKS_PER_NODE='2(x3)' \
  SLURM_NODELIST='gpu3,gpu4' SLURM_JOB_ID=1 MASTER_PORT=29400 "$tsh" --dist-env auto -c "$show"
check "2 3 2 3 127.0.0.1 17217" "${clean[@]}" OMPI_COMM_WORLD_RANK=2 OMPI_COMM_WORLD_SIZE=3 OMPI_COMM_WORLD_LOCAL_RANK=2 \
  OMPI_COMM_WORLD_LOCAL_SIZE=3 OMPI_MCA_ess_base_jobid=362217 "$tsh" --dist-env ompi -c "$show"
check "tsh: --dist-env ompi: the ranks span several nodes; set MASTER_ADDR to rank 0's host (mpirun -x MASTER_ADDR=...)" \
  "${clean[@]}" OMPI_COMM_WORLD_RANK=2 OMPI_COMM_WORLD_SIZE=4 OMPI_COMM_WORLD_LOCAL_SIZE=2 "$tsh" --dist-env ompi -c "$show"
check "tsh: --dist-env auto: neither Open MPI's (OMPI_COMM_WORLD_RANK) nor Slurm's (SLURM_PROCID) variables are set" \
  "${clean[@]}" "$tsh" --dist-env auto -c "$show"
check "tsh: --dist-env slurm: SLURM_PROCID is not set (start tsh with srun)" "${clean[@]}" "$tsh" --dist-env slurm -c "$show"
check "tsh: --dist-env: expected ompi, slurm or auto, not 'pbs'" "${clean[@]}" "$tsh" --dist-env pbs -c "$show"
[[ $status == 0 ]] && echo "ok: --dist-env"
exit $status
