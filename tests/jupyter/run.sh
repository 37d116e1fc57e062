#!/usr/bin/env bash
# tests/jupyter/run.sh BUILD_DIR [lessons] — the kernel's tests (or, with `lessons`, every lesson
# notebook run by nbconvert and compared with its transcript) with Debian's python3 and its Jupyter
# packages (scripts/setup installs them), in temporary Jupyter folders; exit 77 (skipped) without them.
set -u
build=$(realpath "${1:?usage: run.sh BUILD_DIR [lessons]}")
what=${2:-kernel}
py=/usr/bin/python3
need='import jupyter_kernel_test, jupyter_client'
[ "$what" = lessons ] && need='import nbconvert, nbclient, jupyter_client'
if ! "$py" -c "$need" 2>/dev/null; then
  echo "Debian's Jupyter packages are missing (scripts/setup installs them): skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'pkill -9 -f "$build/tsh-kernel -f $work" 2>/dev/null; rm -rf "$work"' EXIT
export JUPYTER_PATH="$build/share/jupyter" JUPYTER_RUNTIME_DIR="$work/runtime" JUPYTER_DATA_DIR="$work/data" \
  JUPYTER_CONFIG_DIR="$work/config" IPYTHONDIR="$work/ipython" HOME="$work"
cd "$(dirname "$0")"
if [ "$what" = lessons ]; then
  "$py" lessons.py "$build" 2>&1
  exit $?
fi
"$py" -m unittest -v test_kernel 2>&1
