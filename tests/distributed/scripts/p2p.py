# Point-to-point in flight: isend/irecv Works finished by wait(), P2POp and batch_isend_irecv around a ring, tags.
import os
import torch
import torch.distributed as dist
dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs them as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
nxt, prev = (rank + 1) % world, (rank - 1) % world
got = torch.zeros(2)
ops = [dist.P2POp(dist.isend, torch.tensor([rank + 1.0, 10.0 * rank]), nxt), dist.P2POp(dist.irecv, got, prev)]
print(ops[0].op is dist.isend, ops[1].op is dist.irecv, ops[0].peer, ops[0].tag, type(ops[0].group).__name__)
reqs = dist.batch_isend_irecv(ops)
print(len(reqs), [type(r).__name__ for r in reqs])
for r in reqs:
    r.wait()
print('got', got)
s = dist.isend(torch.full((3,), float(rank)), nxt, tag=7)
r = torch.zeros(3)
q = dist.irecv(r, prev, tag=7)
s.wait(); q.wait()
print('tagged', r, q.is_completed())
try:
    dist.P2POp(dist.all_reduce, torch.ones(1), 0)
except Exception as e:
    print(type(e).__name__, e)
try:
    dist.batch_isend_irecv([])
except Exception as e:
    print(type(e).__name__, e)
dist.barrier()
dist.destroy_process_group()
