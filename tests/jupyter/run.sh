#!/usr/bin/env bash
# tests/jupyter/run.sh BUILD_DIR [kernel|lessons|browser|console] — with Debian's python3 and its
# Jupyter packages (scripts/setup installs them), in temporary Jupyter folders; exit 77 (skipped)
# without them:
#   kernel   jupyter_kernel_test's checks and tsh's own (test_kernel.py)
#   lessons  every lesson notebook run by nbconvert, each cell compared with its transcript (lessons.py)
#   browser  a lesson's %storage picture seen in headless Chromium (browser.py)
#   console  `jupyter console --kernel tsh --simple-prompt` fed from a pipe shows Out[n]
set -u
build=$(realpath "${1:?usage: run.sh BUILD_DIR [lessons]}")
what=${2:-kernel}
py=/usr/bin/python3
need='import jupyter_kernel_test, jupyter_client'
case $what in
  lessons) need='import nbconvert, nbclient, jupyter_client' ;;
  browser) need='import nbconvert, nbclient; import shutil, sys; sys.exit(not shutil.which("chromium"))' ;;
  console) need='import jupyter_console' ;;
esac
if ! "$py" -c "$need" 2>/dev/null; then
  echo "Debian's Jupyter packages are missing (scripts/setup installs them): skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'pkill -9 -f "$build/tsh-kernel -f $work" 2>/dev/null; rm -rf "$work"' EXIT
export JUPYTER_PATH="$build/share/jupyter" JUPYTER_RUNTIME_DIR="$work/runtime" JUPYTER_DATA_DIR="$work/data" \
  JUPYTER_CONFIG_DIR="$work/config" IPYTHONDIR="$work/ipython" HOME="$work" TSH_BUILD="$build"
cd "$(dirname "$0")"
case $what in
  lessons) "$py" lessons.py "$build" 2>&1; exit $? ;;
  browser) "$py" browser.py "$build" 2>&1; exit $? ;;
  console)
    # jupyter_console checks only the shell channel before its first prompt, so a cell sent at
    # once can run before its IOPub subscription reaches the kernel (ZeroMQ's slow joiner): the
    # console then never sees the cell's "idle" and waits forever. A person types slower than
    # that; the pipe waits a few seconds. Output goes to a file, not $(...), because the kernel
    # the console started inherits it and would hold a pipe open after a timeout.
    { sleep 5; printf 't = torch.arange(6.).view(2, 3)\nt.t().stride()\n'; } |
      timeout -k 5 120 "$py" -m jupyter_console --kernel tsh --simple-prompt > "$work/console.out" 2>&1
    cat "$work/console.out"
    if grep -qF "Out[2]: (1, 3)" "$work/console.out"; then exit 0; fi
    echo "FAIL: no Out[2]: (1, 3)"; exit 1 ;;
esac
"$py" -m unittest -v test_kernel 2>&1
