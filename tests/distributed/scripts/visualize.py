# visualize_sharding: which rank holds which block of a 1-d or 2-d DTensor, printed by rank 0.
import os
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor, Shard, Replicate, Partial
from torch.distributed.tensor.debug import visualize_sharding
from torch.distributed.device_mesh import init_device_mesh

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs them as 'mpi'
mesh = init_device_mesh('cpu', (dist.get_world_size(),))
for shape in [(4, 3), (5, 7), (2, 6), (6,), (3,)]:
    for placement in [Shard(0), Shard(-1), Replicate()] + ([Shard(1)] if len(shape) == 2 else []):
        print('shape', shape, placement)
        visualize_sharding(distribute_tensor(torch.zeros(shape), mesh, [placement]))
visualize_sharding(distribute_tensor(torch.zeros(0, 3), mesh, [Shard(0)]))
try:
    visualize_sharding(distribute_tensor(torch.zeros(2, 2, 2), mesh, [Shard(0)]))
except Exception as e:
    print(type(e).__name__, e)
world = dist.get_world_size()
mesh2 = init_device_mesh('cpu', (2, world // 2) if world % 2 == 0 else (1, world))
for shape in [(4, 6), (5, 3), (8,)]:
    for placements in [[Shard(0), Shard(1)], [Shard(1), Shard(0)], [Shard(0), Replicate()], [Replicate(), Shard(0)],
                       [Shard(0), Shard(0)], [Replicate(), Replicate()], [Partial(), Shard(0)]]:
        if len(shape) == 1 and any(p.is_shard(1) for p in placements):
            continue
        print('shape', shape, 'on a 2-d mesh', placements)
        visualize_sharding(distribute_tensor(torch.zeros(shape), mesh2, placements), header=f'{shape}')
dist.destroy_process_group()
