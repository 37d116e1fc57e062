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
dist.destroy_process_group()
