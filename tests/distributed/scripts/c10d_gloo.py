# Ported from PyTorch's test/distributed/test_c10d_gloo.py (ProcessGroupGlooTest): the reduce tables
# of simple_reduce_tests for all_reduce and for reduce to every root, the stress tests of 1000
# async all_reduces and 1000 async broadcasts (every Work waited, every value checked), and the
# argument errors those tests assert.
import math
import os
from functools import reduce
import torch
import torch.distributed as dist

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs it as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()


def simple_reduce_tests(rank, world_size):
    tests = [
        (dist.ReduceOp.SUM, torch.tensor([rank + 1.0]), torch.tensor([float(world_size * (world_size + 1) / 2)])),
        (dist.ReduceOp.PRODUCT, torch.tensor([rank + 1.0]), torch.tensor([float(math.factorial(world_size))])),
        (dist.ReduceOp.MIN, torch.tensor([rank + 1.0]), torch.tensor([1.0])),
        (dist.ReduceOp.MAX, torch.tensor([rank + 1.0]), torch.tensor([float(world_size)])),
    ]
    # BAND: the bit that is set changes every iteration, so the output changes with it.
    for i in range(4):
        vin = rank | (1 << i)
        vout = 1 << i
        tests.append((dist.ReduceOp.BAND, torch.tensor([vin], dtype=torch.int32), torch.tensor([vout], dtype=torch.int32)))
    # BOR: every rank sets bits of its own.
    for i in range(1, 5):
        vin = reduce(lambda a, b: a | b, [rank * i + j for j in range(i)])
        vout = reduce(lambda a, b: a | b, range(world_size * i))
        tests.append((dist.ReduceOp.BOR, torch.tensor([vin], dtype=torch.int32), torch.tensor([vout], dtype=torch.int32)))
    # BXOR: the ranks' bits combine.
    for i in range(1, 5):
        vin = reduce(lambda a, b: a ^ b, [rank * i + j for j in range(i)])
        vout = reduce(lambda a, b: a ^ b, range(world_size * i))
        tests.append((dist.ReduceOp.BXOR, torch.tensor([vin], dtype=torch.int32), torch.tensor([vout], dtype=torch.int32)))
    return tests


for op, tensor, expected in simple_reduce_tests(rank, world):
    t = tensor.clone()
    work = dist.all_reduce(t, op=op, async_op=True)
    work.wait()
    print('allreduce', op, t.tolist(), t.equal(expected))
for root in range(world):
    for op, tensor, expected in simple_reduce_tests(rank, world):
        t = tensor.clone()
        dist.reduce(t, root, op=op)
        if rank == root:
            print('reduce to', root, op, t.tolist(), t.equal(expected))

# test_allreduce_stress: 1000 all_reduces in flight, then waited in order.
inputs = [torch.tensor([i + rank]) for i in range(1000)]
works = [dist.all_reduce(t, async_op=True) for t in inputs]
for w in works:
    w.wait()
ok = all(t.item() == world * i + world * (world - 1) // 2 for i, t in enumerate(inputs))
print('allreduce stress', len(works), ok, all(w.is_completed() for w in works))
# test_broadcast_stress: 1000 broadcasts from rotating roots.
inputs = [torch.tensor([i * world + rank]) for i in range(1000)]
works = [dist.broadcast(t, i % world, async_op=True) for i, t in enumerate(inputs)]
for w in works:
    w.wait()
ok = all(t.item() == i * world + (i % world) for i, t in enumerate(inputs))
print('broadcast stress', len(works), ok)
# test_allgather_stress: 100 all_gathers of growing inputs.
ok = True
for i in range(100):
    out = [torch.zeros(i + 1) for _ in range(world)]
    dist.all_gather(out, torch.full((i + 1,), float(i * world + rank)), async_op=True).wait()
    ok = ok and all(o.eq(i * world + r).all().item() for r, o in enumerate(out))
print('allgather stress', ok)
# test_scatter_stress and test_gather_stress, from every root.
ok = True
for i in range(100):
    root = i % world
    got = torch.zeros(2)
    dist.scatter(got, [torch.full((2,), float(i + r)) for r in range(world)] if rank == root else None, src=root)
    ok = ok and got.eq(i + rank).all().item()
    gathered = [torch.zeros(1) for _ in range(world)] if rank == root else None
    dist.gather(torch.tensor([float(i * rank)]), gathered, dst=root)
    if rank == root:
        ok = ok and [g.item() for g in gathered] == [float(i * r) for r in range(world)]
print('scatter/gather stress', ok)

# The argument errors the tests assert.
for bad in [lambda: dist.broadcast(torch.zeros(1), -1), lambda: dist.broadcast(torch.zeros(1), world),
            lambda: dist.all_reduce(torch.zeros(1, dtype=torch.float32), op=dist.ReduceOp.BAND),
            lambda: dist.all_reduce([torch.zeros(1)]), lambda: dist.reduce(torch.zeros(1), world),
            lambda: dist.all_gather([torch.zeros(1)] * (world + 1), torch.zeros(1)),
            lambda: dist.all_gather([torch.zeros(2)] * world, torch.zeros(1))]:
    try:
        bad()
        print('no error')
    except Exception as e:
        print(type(e).__name__, str(e).split('\n')[0])
dist.barrier()
dist.destroy_process_group()
