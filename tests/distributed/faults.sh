#!/usr/bin/env bash
# tests/distributed/faults.sh TSH — ranks that start late, in any order, still meet; a rank that
# never comes makes the others fail with PyTorch's timeout error within the timeout (+5 s).
set -uo pipefail
tsh=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/sum.py" <<'PY'
import torch
import torch.distributed as dist
dist.init_process_group('gloo')
t = torch.tensor([dist.get_rank() + 1.0])
dist.all_reduce(t)
print(t)
PY
cat > "$dir/alone.py" <<'PY'
import torch.distributed as dist
dist.init_process_group('gloo', timeout=2)
PY
port=$((20000 + RANDOM % 20000))
export MASTER_ADDR=127.0.0.1 MASTER_PORT=$port WORLD_SIZE=3
# rank 2 first, then rank 1, then the store's own rank 0 two seconds late
RANK=2 timeout 60 "$tsh" "$dir/sum.py" > "$dir/2" 2>&1 &
sleep 1
RANK=1 timeout 60 "$tsh" "$dir/sum.py" > "$dir/1" 2>&1 &
sleep 1
RANK=0 timeout 60 "$tsh" "$dir/sum.py" > "$dir/0" 2>&1
wait
status=0
for k in 0 1 2; do
  if [[ "$(cat "$dir/$k")" != "tensor([6.])" ]]; then
    echo "FAIL: late rank $k printed:"; cat "$dir/$k"; status=1
  fi
done
# world of 2 with only rank 0: PyTorch's store timeout, in time
export MASTER_PORT=$((port + 1)) WORLD_SIZE=2 RANK=0
start=$(date +%s)
out=$(timeout 30 "$tsh" "$dir/alone.py" 2>&1)
took=$(( $(date +%s) - start ))
if [[ "$out" != *"torch.distributed.DistStoreError: Timed out after 3 seconds waiting for clients. 1/2 clients joined."* ]]; then
  echo "FAIL: a missing rank gave:"; echo "$out"; status=1
fi
if (( took > 2 + 5 )); then echo "FAIL: the timeout took ${took}s"; status=1; fi
# a rank that dies after joining: the others' next collective fails, within the timeout (+5 s)
cat > "$dir/dies.py" <<'PY'
import os
import torch
import torch.distributed as dist
dist.init_process_group('gloo', timeout=4)
dist.barrier()
if dist.get_rank() == 1:
    os._exit(3)
t = torch.ones(1)
dist.all_reduce(t)
print('no error')
PY
export MASTER_PORT=$((port + 2)) WORLD_SIZE=3
start=$(date +%s)
RANK=1 timeout 60 "$tsh" "$dir/dies.py" > "$dir/d1" 2>&1 &
RANK=2 timeout 60 "$tsh" "$dir/dies.py" > "$dir/d2" 2>&1 &
RANK=0 timeout 60 "$tsh" "$dir/dies.py" > "$dir/d0" 2>&1
wait
took_dies=$(( $(date +%s) - start ))
for k in 0 2; do
  if ! grep -q "RuntimeError" "$dir/d$k" || grep -q "no error" "$dir/d$k"; then
    echo "FAIL: rank $k went on past a dead rank:"; cat "$dir/d$k"; status=1
  fi
done
if (( took_dies > 4 + 5 )); then echo "FAIL: the dead rank was noticed after ${took_dies}s"; status=1; fi
# Ctrl-C on one rank of a launch: it stops, and the launcher stops the others
cat > "$dir/loop.py" <<'PY'
import torch
import torch.distributed as dist
dist.init_process_group('gloo')
print('ready', flush=True)
t = torch.ones(1)
while True:
    dist.all_reduce(t)
PY
unset MASTER_ADDR MASTER_PORT WORLD_SIZE RANK
timeout 60 "$tsh" --nproc-per-node 3 --log-dir "$dir/logs" "$dir/loop.py" > /dev/null 2> "$dir/launch" &
launcher=$!
for _ in $(seq 100); do [[ -s "$dir/logs/rank1.txt" ]] && break; sleep 0.1; done
rank1=$(for p in $(pgrep -f "$dir/loop.py"); do tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx 'RANK=1' && echo "$p"; done)
if [[ -z $rank1 ]]; then echo "FAIL: rank 1 of the launch not found"; status=1; fi
start=$(date +%s)
kill -INT $rank1
wait "$launcher"
code=$?
took_int=$(( $(date +%s) - start ))
if (( code == 0 || code == 124 )) || (( took_int > 10 )) || pgrep -f "$dir/loop.py" > /dev/null; then
  echo "FAIL: Ctrl-C on rank 1 (status $code after ${took_int}s)"; cat "$dir/launch"; status=1
fi
[[ $status == 0 ]] && echo "ok: late ranks meet; a missing rank times out in ${took}s; a dead rank is noticed in ${took_dies}s; Ctrl-C on one rank ends the launch in ${took_int}s"
exit $status
