#!/usr/bin/env bash
# tests/distributed/run.sh TSH SCRIPT N — runs SCRIPT (tests/distributed/scripts/) as N ranks with
# `tsh --nproc-per-node N` and compares each rank's output with what PyTorch's ranks printed for the
# same script under torchrun (expected/NAME/N/rank{k}.txt, written by make_expected.sh).
set -euo pipefail
tsh=$1 script=$2 n=$3
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$script"); name=${name%.*}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# A hung rank must fail the test, not the suite: the launcher stops the others when one fails.
if ! timeout 120 "$tsh" --nproc-per-node "$n" --log-dir "$out" "$here/scripts/$script" 2>"$out/stderr"; then
  echo "FAIL: $name on $n ranks exited with an error"; cat "$out/stderr"; exit 1
fi
source "$here/compare.sh"
compare_ranks "$name" "$n" "$out" ""
