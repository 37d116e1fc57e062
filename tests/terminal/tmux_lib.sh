# tests/terminal/tmux_lib.sh — what the tmux tests share (sourced, not run):
# the tsh build from $1 as $TSH (exit 77, ctest's SKIP_RETURN_CODE, when it or
# tmux is missing), a scratch folder $work that is the test's $HOME, and T, tmux
# on the test's own server socket $sock. Both go when the test ends.
TSH=${1:-}
if [ -z "$TSH" ] || [ ! -x "$TSH" ]; then
  echo "SKIP: no tsh build at '${TSH}'"
  exit 77
fi
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi
TSH=$(cd "$(dirname "$TSH")" && pwd)/$(basename "$TSH")

work=$(mktemp -d)
export HOME=$work/home  # ~/.tsh_history of this test only
mkdir -p "$HOME"
sock=$work/tmux.sock
T() { tmux -S "$sock" "$@"; }
cleanup() {
  T kill-server >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
