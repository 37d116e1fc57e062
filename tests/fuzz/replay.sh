#!/usr/bin/env bash
# Replays the committed fuzz corpora through tsh itself: each input that once crashed a target
# must now end with an exit status (0, or 1 for an error Python would also raise), never a signal
# or a sanitizer's abort. Session inputs run as piped sessions (tsh -i), parser inputs as scripts.
set -u
tsh=${1:?usage: replay.sh TSH}
corpus=$(cd "$(dirname "${BASH_SOURCE[0]}")/corpus" && pwd)
failed=0
run() {  # run KIND FILE CMD...
  local kind=$1 file=$2
  shift 2
  timeout 60 "$@" >/dev/null 2>/tmp/tsh-replay.$$
  local rc=$?
  if [ "$rc" -gt 1 ]; then
    echo "FAIL ($kind, exit $rc): $file" >&2
    tail -n 20 /tmp/tsh-replay.$$ >&2
    failed=1
  fi
}
for f in "$corpus"/session/*; do run session "$f" "$tsh" -i < "$f"; done
for f in "$corpus"/parser/*; do run parser "$f" "$tsh" "$f"; done
rm -f /tmp/tsh-replay.$$
exit $failed
