import os
import torch
import torch.distributed as dist
dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs them as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
g = dist.new_group([0, 2]) if world > 2 else dist.new_group([0])
print('group', g if g == dist.GroupMember.NON_GROUP_MEMBER else type(g).__name__, dist.get_rank(g), dist.get_world_size(g))
if rank in ([0, 2] if world > 2 else [0]):
    t = torch.tensor([rank + 1.0])
    dist.all_reduce(t, group=g)
    print('sub sum', t)
    b = torch.tensor([float(rank)])
    dist.broadcast(b, src=2 if world > 2 else 0, group=g)
    print('sub bcast', b)
    print('ranks', dist.get_process_group_ranks(g), dist.get_global_rank(g, 0))
else:
    t = torch.ones(1)
    print('non-member', dist.all_reduce(t, group=g), t)
out = torch.zeros(2)
dist.reduce_scatter(out, [torch.full((2,), float(rank + k)) for k in range(world)])
print('reduce_scatter', out)
outs = [torch.zeros(2) for _ in range(world)]
dist.all_to_all(outs, [torch.full((2,), float(10 * rank + k)) for k in range(world)])
print('all_to_all', outs)
dist.destroy_process_group()
