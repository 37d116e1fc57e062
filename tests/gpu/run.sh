#!/usr/bin/env bash
# tests/gpu/run.sh TSH SCRIPT — runs a GPU lesson script; exit 77 (ctest's skip) when no GPU is present.
set -u
tsh=$1 script=$2
if ! "$tsh" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' >/dev/null 2>&1; then
  echo "no CUDA device: skipped"
  exit 77
fi
out=$("$tsh" "$script" 2>&1) || { echo "$out"; exit 1; }
echo "$out"
if echo "$out" | grep -q "False\|Error"; then exit 1; fi
