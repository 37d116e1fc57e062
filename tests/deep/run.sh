#!/usr/bin/env bash
# tests/deep/run.sh TSH SCRIPT: runs SCRIPT and compares what it prints with SCRIPT's .out file
# beside it (written by hand from Python's and PyTorch's behaviour, and checked against them).
set -u
TSH=${1:?usage: run.sh PATH/TO/tsh SCRIPT}
script=${2:?usage: run.sh PATH/TO/tsh SCRIPT}
got=$("$TSH" "$script" 2>&1)
rc=$?
if [ "$rc" != 0 ] || ! diff <(printf '%s\n' "$got") "${script%.tsh}.out"; then
  echo "FAIL $script: status $rc"
  exit 1
fi
