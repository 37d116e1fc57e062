# scripts/bench_dtensor_mm.py — the DTensor matmul row of scripts/bench: two 4096 × 4096 float32
# tensors sharded by rows (Shard(0)) on 2 ranks, multiplied as DTensors into the product sharded by
# rows too. Each side picks its own strategy (tsh gathers B and multiplies its rows; PyTorch, for
# tensors this large, moves A to column shards and reduce-scatters partial products); the timed
# work ends at the same placement. Run by `tsh --nproc-per-node 2` and by `torchrun
# --nproc-per-node 2`, the same code; rank 0 prints "BENCH_DTENSOR_MM <seconds> <checked>" (the
# fastest of 3).
import time
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor, Shard
from torch.distributed.device_mesh import init_device_mesh

dist.init_process_group('gloo')
mesh = init_device_mesh('cpu', (dist.get_world_size(),))
n = 4096
a = distribute_tensor(torch.ones(n, n), mesh, [Shard(0)])
b = distribute_tensor(torch.ones(n, n), mesh, [Shard(0)])
z = (a @ b).redistribute(mesh, [Shard(0)])  # warm: the product's buffers and the library's threads
runs = []
for _ in range(3):
    dist.barrier()
    t0 = time.perf_counter()
    z = (a @ b).redistribute(mesh, [Shard(0)])
    runs.append(time.perf_counter() - t0)
ok = z.placements == (Shard(0),) and z.to_local()[0, 0].item() == n
if dist.get_rank() == 0:
    print('BENCH_DTENSOR_MM', min(runs), ok, flush=True)
dist.destroy_process_group()
