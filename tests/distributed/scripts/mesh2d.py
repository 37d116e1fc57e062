# DTensor on a 2-d mesh (2 × world/2; 1 × 3 on 3 ranks): the mesh's groups, names, slices and reprs;
# distribute_tensor, redistribute, full_tensor over two placements (a dim sharded twice included);
# pointwise ops, sum and mm per mesh dim; views, reshape and transposes of sharded tensors; errors.
import os
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor, Shard, Replicate, Partial, DTensor
from torch.distributed.device_mesh import init_device_mesh

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs it as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
shape = (2, world // 2) if world % 2 == 0 else (1, world)
mesh = init_device_mesh('cpu', shape, mesh_dim_names=('dp', 'tp'))
print(mesh, mesh.ndim, mesh.shape, mesh.size(), mesh.size(0), mesh.size(1), mesh.mesh_dim_names)
print(mesh.get_coordinate(), mesh.get_local_rank(0), mesh.get_local_rank('tp'), mesh.get_rank())
print(mesh['tp'], mesh['dp'], mesh['tp'].get_local_rank(), mesh['dp'].size())
print(dist.get_process_group_ranks(mesh.get_group(0)), dist.get_process_group_ranks(mesh.get_group('tp')))
print(init_device_mesh('cpu', shape))
print(mesh.mesh)
for bad in [lambda: mesh.get_local_rank(), lambda: mesh.get_group(), lambda: mesh['pp'],
            lambda: init_device_mesh('cpu', shape)['dp'], lambda: init_device_mesh('cpu', (world + 1, 1)),
            lambda: init_device_mesh('cpu', shape, mesh_dim_names=('a',))]:
    try:
        print(bad())
    except Exception as ex:
        print(type(ex).__name__, ex)

big = torch.arange(24.).view(4, 6)
cases = [[Shard(0), Shard(1)], [Shard(1), Shard(0)], [Shard(0), Replicate()], [Replicate(), Shard(1)],
         [Shard(0), Shard(0)], [Replicate(), Replicate()], [Shard(1), Shard(1)], [Partial(), Shard(0)]]
for pl in cases:
    d = distribute_tensor(big, mesh, pl)
    print(pl, d.to_local().tolist(), d.shape, d.full_tensor().equal(big) if not pl[0].is_partial() else d.full_tensor().sum().item())
d = distribute_tensor(big, mesh, [Shard(0), Shard(1)])
print(d)
for target in cases[:7]:
    r = d.redistribute(mesh, target)
    print('redistribute', target, r.placements, r.to_local().tolist())
    back = r.redistribute(mesh, [Shard(1), Shard(0)])
    print('  and back', back.to_local().tolist(), back.full_tensor().equal(big))
p = distribute_tensor(big, mesh, [Shard(0), Replicate()]).redistribute(mesh, [Partial(), Replicate()])
print('partial', p.placements, p.to_local().sum().item(), p.redistribute(mesh, [Replicate(), Shard(0)]).to_local().tolist())
odd = distribute_tensor(torch.arange(35.).view(5, 7), mesh, [Shard(1), Shard(0)])
print('odd', odd.to_local().tolist(), odd.full_tensor().sum().item())
print('odd twice', distribute_tensor(torch.arange(7.), mesh, [Shard(0), Shard(0)]).to_local().tolist())
f = DTensor.from_local(torch.ones(2, 2) * rank, mesh, [Shard(0), Shard(1)])
print('from_local', f.shape, f.full_tensor().tolist())

e = d + d
print('add', e.placements, e.to_local().tolist())
print('mul', (d * 3).placements, (d * d).to_local().tolist())
q = distribute_tensor(big, mesh, [Shard(1), Replicate()])
print('mixed add', (d + q).placements, (d + q).full_tensor().equal(2 * big))
s = d.sum()
print('sum', s.placements, s.full_tensor().item())
print('sum(0)', d.sum(0).placements, d.sum(0).full_tensor().tolist())
print('sum(1)', d.sum(1).placements, d.sum(1).full_tensor().tolist())
a = distribute_tensor(torch.arange(8.).view(4, 2), mesh, [Shard(0), Replicate()])
b = distribute_tensor(torch.arange(6.).view(2, 3), mesh, [Replicate(), Shard(1)])
ab = a @ b
print('mm', ab.placements, ab.to_local().tolist(), ab.full_tensor().tolist())
x = distribute_tensor(torch.arange(8.).view(2, 4), mesh, [Replicate(), Shard(1)])
y = distribute_tensor(torch.ones(4, 3), mesh, [Replicate(), Shard(0)])
print('mm partial', (x @ y).placements, (x @ y).full_tensor().tolist())

v = distribute_tensor(torch.arange(24.).view(4, 6), mesh, [Shard(0), Replicate()])
for name, fn in [('view(4, 2, 3)', lambda t: t.view(4, 2, 3)), ('reshape(2, 12)', lambda t: t.reshape(2, 12)),
                 ('view(-1)', lambda t: t.view(-1)), ('t()', lambda t: t.t()), ('transpose(0, 1)', lambda t: t.transpose(0, 1)),
                 ('unsqueeze(0)', lambda t: t.unsqueeze(0)), ('permute(1, 0)', lambda t: t.permute(1, 0)),
                 ('flatten()', lambda t: t.flatten()), ('view(8, 3)', lambda t: t.view(8, 3))]:
    w = fn(v)
    print(name, w.placements, w.shape, w.to_local().shape, w.full_tensor().equal(fn(torch.arange(24.).view(4, 6))))
u = distribute_tensor(torch.arange(24.).view(4, 6), mesh, [Replicate(), Shard(1)])
for name, fn in [('view(4, 2, 3)', lambda t: t.view(4, 2, 3)), ('t()', lambda t: t.t()),
                 ('unsqueeze(1)', lambda t: t.unsqueeze(1)), ('view(2, 2, 6)', lambda t: t.view(2, 2, 6))]:
    try:  # 6 columns on 3 ranks do not split into 2 × 3 whole: an error (its text is tsh's own)
        w = fn(u)
        print(name, w.placements, w.shape, w.to_local().shape, w.full_tensor().equal(fn(torch.arange(24.).view(4, 6))))
    except RuntimeError as ex:
        print(name, type(ex).__name__)
for bad in [lambda: distribute_tensor(big, mesh, [Shard(0)]), lambda: d.redistribute(mesh, [Replicate()]),
            lambda: d.sin(), lambda: d.redistribute(mesh, [Replicate(), Partial()])]:
    try:
        print(bad())
    except Exception as ex:
        print(type(ex).__name__, ex)
dist.destroy_process_group()
