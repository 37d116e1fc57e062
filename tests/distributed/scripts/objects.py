# The object collectives: all_gather_object, gather_object, broadcast_object_list and
# scatter_object_list of what torch.save writes (numbers, strings, lists, tuples, dicts, None,
# tensors), from every root, and in a subgroup.
import os
import torch
import torch.distributed as dist

dist.init_process_group(os.environ.get('DIST_BACKEND', 'gloo'))  # mpirun runs it as 'mpi'
rank, world = dist.get_rank(), dist.get_world_size()
mine = {'rank': rank, 'name': f'r{rank}', 'data': [rank, 2.5 * rank, None, (rank, 'x' * rank)],
        't': torch.arange(rank + 1.0)}
out = [None] * world
dist.all_gather_object(out, mine)
print('all_gather_object', out)
for root in range(world):
    got = [None] * world if rank == root else None
    dist.gather_object(('from', rank, [rank] * rank), got, dst=root)
    if rank == root:
        print('gather_object to', root, got)
    objs = [f'root {root}', {'k': torch.tensor([root, root])}, 7 * root] if rank == root else [None, None, None]
    dist.broadcast_object_list(objs, src=root)
    print('broadcast_object_list from', root, objs)
    received = [None]
    dist.scatter_object_list(received, [{'to': r, 'from': root, 'x': [0] * r} for r in range(world)] if rank == root else None,
                             src=root)
    print('scatter_object_list from', root, received)
g = dist.new_group([0, world - 1])
if rank in (0, world - 1):
    pair = [None, None]
    dist.all_gather_object(pair, rank * 10, group=g)
    print('subgroup', pair)
dist.destroy_process_group()
