# Ported from PyTorch's test/distributed/tensor/test_dtensor.py (DTensorTest, DTensorMeshTest) on
# the CPU: from_local (sharded, replicated, partial, uneven with shape and stride, negative dims),
# to_local, full_tensor, strides computed from the local tensor's, a placements list changed after
# the fact, a mesh as a context manager, 2-d meshes from a rank tensor, and shards of arange.
import os
import torch
import torch.distributed as dist
from torch.distributed.tensor import DTensor, distribute_tensor, Shard, Replicate, Partial
from torch.distributed.device_mesh import DeviceMesh, init_device_mesh

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs it as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
torch.manual_seed(0)  # the same global tensors on every rank
mesh = DeviceMesh('cpu', list(range(world)))

# test_from_local
local_tensor = torch.randn(3, 3)
sharded = DTensor.from_local(local_tensor, mesh, [Shard(0)])
print('from_local', sharded.size(), DTensor.from_local(local_tensor, mesh, [Replicate()]).size(),
      DTensor.from_local(local_tensor, mesh, [Partial()]).size(), sharded.to_local() is local_tensor)
# test_from_local_uneven_sharding
global_tensor = torch.randn(world + 1, 2)
pieces = list(torch.chunk(global_tensor, world, 0)) + [torch.empty(0, 2)] * world
dtensor = DTensor.from_local(pieces[rank], mesh, (Shard(0),), shape=global_tensor.size(), stride=global_tensor.stride())
print('uneven', dtensor.size(), dtensor.stride(), dtensor.full_tensor().equal(global_tensor))
try:
    DTensor.from_local(pieces[rank], mesh, (Shard(0),), shape=global_tensor.size())
except RuntimeError as e:
    print('RuntimeError', e)
# test_from_local_negative_dim
print('negative dim', DTensor.from_local(torch.randn(3, 3), mesh, [Shard(-1)]).placements)
# test_to_local and test_from_local_then_to_local
local = torch.randn(3, 3) * 2
d = DTensor.from_local(local, mesh, (Shard(0),))
print('to_local', d.size(), d.to_local().equal(local), (d.to_local() + 4).equal(local + 4))
# test_full_tensor_sync
full = torch.randn(12, 3)
print('full_tensor', distribute_tensor(full, mesh, [Shard(0)]).full_tensor().equal(full),
      distribute_tensor(full, mesh, [Shard(1)]).full_tensor().equal(full))
# test_dtensor_stride
print('stride', DTensor.from_local(torch.randn(4, 8), mesh, [Shard(0)]).stride(),
      DTensor.from_local(torch.randn(8, 4), mesh, [Shard(1)]).stride())
local_t = torch.randn(8, 4, 8).permute(1, 2, 0)
print('stride of a permuted local', local_t.stride(), DTensor.from_local(local_t, mesh, [Shard(1)]).stride())
# test_dtensor_spec_read_only_after_set
placements = [Shard(0)]
d = DTensor.from_local(torch.randn(3, 3), mesh, placements)
placements[0] = Replicate()
print('read only', d.placements, d.placements == (Shard(0),))
# test_dtensor_properties
print('properties', d.device_mesh == mesh, d.dtype, d.device, d.ndim, d.numel(), d.requires_grad)
# test_dtensor_api_device_mesh_context_manager
with mesh as m:
    d = distribute_tensor(torch.arange(2.0 * world * 3).view(2 * world, 3), placements=[Shard(0)])
    print('context mesh', d.device_mesh is m, d.to_local().tolist())
    f = DTensor.from_local(torch.ones(2, 2) * rank, placements=[Shard(1)])
    print('context from_local', f.size(), f.full_tensor().tolist())
# test_shard_tensor (DTensorMeshTest)
full_tensor = torch.arange(world * world).reshape(world, world)
sharded = distribute_tensor(full_tensor, mesh, [Shard(0)])
print('shard_tensor', sharded.to_local().equal(full_tensor[rank].unsqueeze(0)), sharded.size())
# test_dtensor_2d_mesh
if world % 2 == 0:
    mesh2 = DeviceMesh('cpu', torch.arange(world).reshape(2, -1))
    d2 = DTensor.from_local(torch.randn(3, 3), mesh2, [Shard(0), Shard(1)])
    print('2d mesh', d2.size(), d2.stride(), DTensor.from_local(torch.randn(3, 3), mesh2, [Replicate(), Shard(0)]).size())
    print(mesh2, mesh2.get_coordinate())
dist.destroy_process_group()
