# scripts/bench_allreduce.py — the all_reduce rows of scripts/bench: run as 2 ranks by
# `tsh --nproc-per-node 2` and by `torchrun --nproc-per-node 2`, the same code; rank 0 prints
# "BENCH_ALLREDUCE <bytes> <seconds per all_reduce>" (the median of 5 timed runs).
import time
import torch
import torch.distributed as dist

dist.init_process_group('gloo')
for n, reps in [(1024, 400), (65536, 200), (1048576, 40), (16777216, 4)]:  # 4 KiB .. 64 MiB of float32
    t = torch.ones(n)
    for _ in range(3):
        dist.all_reduce(t)
    runs = []
    for _ in range(5):
        dist.barrier()
        t0 = time.perf_counter()
        for _ in range(reps):
            dist.all_reduce(t)
        runs.append((time.perf_counter() - t0) / reps)
    runs.sort()
    if dist.get_rank() == 0:
        print('BENCH_ALLREDUCE', 4 * n, runs[2], flush=True)
dist.destroy_process_group()
