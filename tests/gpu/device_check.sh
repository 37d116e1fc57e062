#!/usr/bin/env bash
# tests/gpu/device_check.sh — the one script a session runs on a lent GPU machine (the device tool),
# from the repository root with the build folder carried: what ran goes to $OUT (or ./gpu-out).
set -u
out=${OUT:-gpu-out}; mkdir -p "$out"
{
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || echo "nvidia-smi failed"
  build/tsh -c 'import torch; print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.get_device_name())'
  (cd build && ctest -L gpu --output-on-failure)
  build/tests/tsh_parity | tail -5
  if command -v compute-sanitizer >/dev/null; then
    compute-sanitizer --tool memcheck build/tsh tests/gpu/smoke.tsh | tail -5
    compute-sanitizer --tool racecheck build/tsh tests/gpu/smoke.tsh | tail -5
  fi
} 2>&1 | tee "$out/device_check.log"
