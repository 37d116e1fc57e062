#!/usr/bin/env bash
# tests/gpu/device_check.sh — the one script a session runs on a lent GPU machine (the device tool),
# from the repository root, with gpu-bundle/ (tests/gpu/pack.sh) carried. What it prints goes to
# $OUT/device_check.log. Every step runs even when one before it fails.
set -u
out=${OUT:-gpu-out}
mkdir -p "$out" /tmp/tsh-gpu
tar -C /tmp/tsh-gpu -xJf gpu-bundle/bundle.tar.xz
export LD_LIBRARY_PATH=/tmp/tsh-gpu/lib:${LD_LIBRARY_PATH:-}
# cuBLAS and cuSOLVER come from the machine: its CUDA toolkit or PyTorch's wheels.
for d in /usr/local/cuda/lib64 $(python3 -c 'import nvidia, os; print(" ".join(os.path.join(p, d, "lib") for p in nvidia.__path__ for d in os.listdir(p)))' 2>/dev/null); do
  [ -d "$d" ] && LD_LIBRARY_PATH=$LD_LIBRARY_PATH:$d
done
tsh=/tmp/tsh-gpu/bin/tsh
{
  echo "== machine"; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
  echo "== runtime"; "$tsh" -c 'import torch; print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.get_device_name(), torch.cuda.get_device_capability())'
  echo "== smoke"; tests/gpu/run.sh "$tsh" tests/gpu/smoke.tsh
  echo "== plain call across devices (the bound call's error)"; "$tsh" -c "torch.ones(2).add_(torch.ones(2, device='cuda'))" 2>&1 | tail -1
  echo "== add_ loop, 10^4 one-element cuda tensors"; "$tsh" -c "a = torch.ones(1, device='cuda'); b = torch.ones(1, device='cuda')
def f():
    for i in range(10000):
        a.add_(b)
%timeit f()"
  python3 -c "
import timeit, torch
a = torch.ones(1, device='cuda'); b = torch.ones(1, device='cuda')
def f():
    for i in range(10000):
        a.add_(b)
f(); torch.cuda.synchronize()
print('PyTorch', torch.__version__, 'best of 7: %.2f ms' % (1e3 * min(timeit.repeat(f, number=1, repeat=7))))" 2>&1 | tail -1
  echo "== lesson"; "$tsh" examples/gpu_lesson.tsh
  echo "== parity (cpu vs meta vs cuda:0)"; /tmp/tsh-gpu/bin/tsh_parity 2>&1 | grep -v "On entry to" | tail -40
  echo "== goldens with the default device cuda"
  for f in tests/conformance/*.txt; do "$tsh" --device cuda --doctest "$f" 2>&1 | tail -1; done
  if command -v compute-sanitizer >/dev/null; then
    echo "== memcheck"; compute-sanitizer --tool memcheck "$tsh" tests/gpu/smoke.tsh 2>&1 | tail -5
    echo "== racecheck"; compute-sanitizer --tool racecheck "$tsh" tests/gpu/smoke.tsh 2>&1 | tail -5
  fi
} 2>&1 | tee "$out/device_check.log"
