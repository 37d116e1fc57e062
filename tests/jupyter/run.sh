#!/usr/bin/env bash
# tests/jupyter/run.sh BUILD_DIR — the kernel's tests with Debian's python3 and its Jupyter packages
# (scripts/setup installs them), in temporary Jupyter folders; exit 77 (skipped) without them.
set -u
build=${1:?usage: run.sh BUILD_DIR}
py=/usr/bin/python3
if ! "$py" -c 'import jupyter_kernel_test, jupyter_client' 2>/dev/null; then
  echo "jupyter_kernel_test or jupyter_client missing (scripts/setup installs them): skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'pkill -9 -f "$build/tsh-kernel -f $work" 2>/dev/null; rm -rf "$work"' EXIT
export JUPYTER_PATH="$build/share/jupyter" JUPYTER_RUNTIME_DIR="$work/runtime" JUPYTER_DATA_DIR="$work/data" \
  JUPYTER_CONFIG_DIR="$work/config" IPYTHONDIR="$work/ipython" HOME="$work"
cd "$(dirname "$0")"
exec "$py" -m unittest -v test_kernel 2>&1
