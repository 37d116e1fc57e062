#!/usr/bin/env bash
# tests/distributed/mpi_env.sh COMMAND... — runs COMMAND with what Open MPI needs here: CI runs as
# root, which Open MPI refuses without the two ALLOW variables; more ranks than cores need
# oversubscription; shared memory and loopback TCP only (no probing of network hardware). Under
# the sanitizers, Open MPI's components stay loaded and allocations unwind fully, so that the
# memory Open MPI keeps for the process's life is matched by tests/sanitize/lsan.supp (its system
# libraries have no frame pointers for the fast unwinder).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
export OMPI_MCA_mca_base_component_disable_dlclose=1
[[ -n ${ASAN_OPTIONS:-} ]] && export ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0"
exec "$@"
