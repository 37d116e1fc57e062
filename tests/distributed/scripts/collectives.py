# Every collective on Gloo, over dtypes, ReduceOps and roots, with integer-valued data so that no
# reduction order can change a bit; each rank prints what it holds after each call.
import os
import torch
import torch.distributed as dist

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs them as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
print('rank', rank, 'of', world, dist.get_backend() == os.environ.get('DIST_BACKEND', 'gloo'), dist.is_initialized())

dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.int32,
          torch.int64]
for dtype in dtypes:
    for op in [dist.ReduceOp.SUM, dist.ReduceOp.PRODUCT, dist.ReduceOp.MIN, dist.ReduceOp.MAX]:
        t = torch.tensor([rank + 1, 2 * rank + 1, 3 - rank % 3], dtype=dtype)
        dist.all_reduce(t, op=op)
        print('all_reduce', dtype, op, t)
for dtype in [torch.int32, torch.int64, torch.uint8]:
    for op in [dist.ReduceOp.BAND, dist.ReduceOp.BOR, dist.ReduceOp.BXOR]:
        t = torch.tensor([rank + 1, 6, 2 ** rank], dtype=dtype)
        dist.all_reduce(t, op=op)
        print('all_reduce', dtype, op, t)
for dtype in [torch.float32, torch.float64]:
    t = torch.tensor([2.0 * rank, 4.0], dtype=dtype)
    dist.all_reduce(t, op=dist.ReduceOp.AVG)
    print('all_reduce avg', t)
b = torch.tensor([True, rank == 1, False])
dist.all_reduce(b, op=dist.ReduceOp.MAX)
print('bool max', b)
c = torch.tensor([1 + 1j * rank, 2 - 1j], dtype=torch.complex64)
dist.all_reduce(c)
print('complex sum', c)
nc = torch.arange(6.).view(2, 3).t() * (rank + 1)
dist.all_reduce(nc)
print('transposed', nc, nc.stride())
w = dist.all_reduce(torch.ones(2), async_op=True)
print('work', w.wait(), w.is_completed(), w.is_success())

for root in range(world):
    t = torch.arange(4, dtype=torch.int64) * (root + 1) if rank == root else torch.zeros(4, dtype=torch.int64)
    dist.broadcast(t, root)
    print('broadcast from', root, t)
    r = torch.tensor([rank + 1.0, 10.0])
    dist.reduce(r, root, op=dist.ReduceOp.SUM)
    if rank == root:
        print('reduce to', root, r)
    g = torch.full((2,), float(rank))
    gathered = [torch.zeros(2) for _ in range(world)] if rank == root else None
    dist.gather(g, gathered, dst=root)
    if rank == root:
        print('gather to', root, gathered)
    s = torch.zeros(3, dtype=torch.int32)
    pieces = [torch.full((3,), 10 * k + root, dtype=torch.int32) for k in range(world)] if rank == root else None
    dist.scatter(s, pieces, src=root)
    print('scatter from', root, s)

parts = [torch.zeros(2, 2) for _ in range(world)]
dist.all_gather(parts, torch.full((2, 2), float(rank)))
print('all_gather', parts)
flat = torch.zeros(world * 3, dtype=torch.int64)
dist.all_gather_into_tensor(flat, torch.arange(3) + 10 * rank)
print('all_gather_into_tensor', flat)
stacked = torch.zeros(world, 2)
dist.all_gather_into_tensor(stacked, torch.tensor([[rank, -rank]], dtype=torch.float32))
print('stacked', stacked)
rs = torch.zeros(2, dtype=torch.int64)
dist.reduce_scatter_tensor(rs, torch.arange(2 * world) * (rank + 1))
print('reduce_scatter_tensor', rs)
rsm = torch.zeros(2)
dist.reduce_scatter_tensor(rsm, torch.arange(2.0 * world) + rank, op=dist.ReduceOp.MAX)
print('reduce_scatter_tensor max', rsm)
a2a = torch.zeros(world, dtype=torch.int64)
dist.all_to_all_single(a2a, torch.arange(world) + 100 * rank)
print('all_to_all_single', a2a)

nxt, prev = (rank + 1) % world, (rank - 1) % world
if rank % 2 == 0:
    dist.send(torch.tensor([rank * 1.5, 7.0]), nxt)
    got = torch.zeros(2)
    print('recv', dist.recv(got, prev), got)
else:
    got = torch.zeros(2)
    print('recv', dist.recv(got, prev), got)
    dist.send(torch.tensor([rank * 1.5, 7.0]), nxt)
if rank < 2:
    got = torch.zeros(1, dtype=torch.int64)
    req = dist.isend(torch.tensor([rank + 5]), 1) if rank == 0 else dist.irecv(got, 0)
    print('isend/irecv', req.wait(), got)
dist.barrier()
print('done', rank)
dist.destroy_process_group()
print('initialized', dist.is_initialized())
