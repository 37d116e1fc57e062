#!/usr/bin/env bash
# tests/distributed/make_expected.sh [SCRIPT...] — each rank's output of PyTorch 2.x under torchrun
# (the oracle venv, tests/oracle/README.md) for the scripts here on 2, 3 and 4 ranks, into
# expected/NAME/N/rank{k}.txt. Run from anywhere; needs /tmp/t2 (or ORACLE=path/to/python's bin).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${ORACLE:-/tmp/t2/bin}
cd "$here/scripts"
scripts=("$@")
[[ ${#scripts[@]} == 0 ]] && scripts=(*.py)
for s in "${scripts[@]}"; do
  name=$(basename "$s" .py)
  for n in 2 3 4; do
    logs=$(mktemp -d)
    OMP_NUM_THREADS=1 "$bin/torchrun" --nproc-per-node "$n" --redirects 1 --log-dir "$logs" "$s" >/dev/null 2>&1
    mkdir -p "$here/expected/$name/$n"
    for ((k = 0; k < n; ++k)); do
      cp "$(find "$logs" -path "*/$k/stdout.log" | head -1)" "$here/expected/$name/$n/rank$k.txt"
    done
    rm -rf "$logs"
  done
done
