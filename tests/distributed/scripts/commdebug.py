# CommDebugMode: the collectives DTensor operations run, counted under PyTorch's op names.
import os
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor, Shard, Replicate, Partial
from torch.distributed.tensor.debug import CommDebugMode
from torch.distributed.device_mesh import init_device_mesh
dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs them as 'mpi'
mesh = init_device_mesh('cpu', (dist.get_world_size(),))
d = distribute_tensor(torch.arange(12.).view(4, 3), mesh, [Shard(0)])
comm = CommDebugMode()
with comm:
    r = d.redistribute(mesh, [Replicate()])
print(comm.get_total_counts(), comm.get_comm_counts())
with comm:
    s = d.sum().full_tensor()
    t = d.redistribute(mesh, [Shard(1)])
print(comm.get_total_counts(), comm.get_comm_counts())
with comm:
    p = distribute_tensor(torch.ones(4, 3), mesh, [Partial()]).redistribute(mesh, [Shard(0)])
    m = d.mean()
    x = d @ distribute_tensor(torch.ones(3, 2), mesh, [Replicate()])
    y = d.redistribute(mesh, [Replicate()]).redistribute(mesh, [Shard(0)])
print(comm.get_total_counts(), comm.get_comm_counts())
print(comm)
# mm of placements without a rule: the strategy PyTorch picks moves one operand, with one all_gather
a = distribute_tensor(torch.arange(64.).view(8, 8), mesh, [Shard(0)])
b = distribute_tensor(torch.arange(64.).view(8, 8) + 1, mesh, [Shard(0)])
for x, y in [(a, b), (a, b.redistribute(mesh, [Shard(1)])), (a.redistribute(mesh, [Shard(1)]), b.redistribute(mesh, [Shard(1)])),
             (a.redistribute(mesh, [Shard(1)]), b.redistribute(mesh, [Replicate()]))]:
    with CommDebugMode() as comm:
        z = x @ y
    print(x.placements, y.placements, z.placements, comm.get_comm_counts(), z.full_tensor().equal(a.full_tensor() @ b.full_tensor()))
