# DTensor on a 1-d mesh: distribute_tensor and from_local, to_local and full_tensor, redistribute
# between Shard, Replicate and Partial, the reprs, pointwise ops, sum, mean and mm's placements,
# uneven shards (torch.chunk's), and the errors for mixed tensors and missing placements.
import os
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor, Shard, Replicate, Partial, DTensor
from torch.distributed.device_mesh import init_device_mesh

if os.environ.get('DIST_BACKEND'):  # mpirun runs it as 'mpi'; else the mesh makes the default group
    dist.init_process_group(os.environ['DIST_BACKEND'])
mesh = init_device_mesh('cpu', (dist.get_world_size() if dist.is_initialized() else int(os.environ['WORLD_SIZE']),))
rank, world = dist.get_rank(), dist.get_world_size()
print(mesh, mesh.size(), mesh.ndim, mesh.shape, mesh.get_local_rank(), mesh.get_coordinate(), mesh.device_type)
print(init_device_mesh('cpu', (world,), mesh_dim_names=('dp',)))
big = torch.arange(12.).view(4, 3)
d = distribute_tensor(big, mesh, [Shard(0)])
print(d)
print(d.to_local(), d.placements, d.shape, d.stride(), d.dtype, d.requires_grad)
print(d.redistribute(mesh, [Replicate()]).to_local())
print(d.full_tensor())
c = distribute_tensor(big, mesh, [Shard(1)])
print(c.to_local(), c.full_tensor())
print(d.redistribute(mesh, [Shard(1)]).to_local())
odd = distribute_tensor(torch.arange(10.).view(5, 2), mesh, [Shard(0)])
print(odd.to_local(), odd.shape, odd.full_tensor())
e = d + d
print(type(e).__name__, e.placements, e.to_local())
print((d * 2).placements, (d - d).to_local(), (2 * d).to_local(), (-d).placements)
s = d.sum()
print(s.placements, s.to_local() if world == 1 else '', s.full_tensor())
print(d.sum(0).placements, d.sum(0).full_tensor(), d.sum(1).placements, d.sum(1).to_local())
print(d.mean().placements, d.mean().full_tensor())
m = distribute_tensor(torch.ones(3, 2), mesh, [Replicate()])
p = d @ m
print(p.placements, p.to_local(), p.full_tensor())
x = distribute_tensor(torch.arange(6.).view(2, 3), mesh, [Shard(1)])
y = distribute_tensor(torch.ones(3, 2), mesh, [Shard(0)])
z = x @ y
print(z.placements, z.full_tensor())
r = z.redistribute(mesh, [Replicate()])
print(r.placements, r.to_local())
print(Shard(1), Replicate(), Partial(), str(Shard(0)), repr(Partial('max')))
print(Shard(-1) == Shard(-1), Shard(0) == Shard(1), Replicate() == Replicate(), Partial().reduce_op)
print(distribute_tensor(torch.ones(2, 3), mesh, [Shard(-1)]).placements)
f = DTensor.from_local(torch.ones(2) * rank, mesh, [Shard(0)])
print(f.shape, f.full_tensor())
print(DTensor.from_local(torch.ones(2), mesh, [Replicate()]))
for bad in [lambda: d + torch.ones(4, 3), lambda: d.redistribute(mesh), lambda: DTensor.from_local(d, mesh),
            lambda: DTensor.from_local(torch.ones(2), mesh, [Shard(0)], shape=(4,))]:
    try:
        bad()
    except Exception as ex:
        print(type(ex).__name__, ex)
dist.destroy_process_group()
