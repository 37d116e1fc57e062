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
[[ $status == 0 ]] && echo "ok: late ranks meet; a missing rank times out in ${took}s"
exit $status
