# monitored_barrier (Gloo only): every rank passes; then rank 1 stays away and rank 0 names it,
# while the others hear nothing back (the first line of each error: the rest quotes Gloo's own
# message, whose source path differs between builds).
import time
import datetime
import torch
import torch.distributed as dist

dist.init_process_group('gloo')
rank, world = dist.get_rank(), dist.get_world_size()
print('passed', dist.monitored_barrier(timeout=datetime.timedelta(seconds=10)))
print('passed all', dist.monitored_barrier(timeout=datetime.timedelta(seconds=10), wait_all_ranks=True))
g = dist.new_group([0, 1])
if rank < 2:
    print('group', dist.monitored_barrier(g, timeout=datetime.timedelta(seconds=10)))
dist.barrier()
if rank == 1:
    time.sleep(2.5)
else:
    try:
        dist.monitored_barrier(timeout=datetime.timedelta(seconds=1))
        print('passed?')
    except RuntimeError as e:
        print('RuntimeError', str(e).split('\n')[0])
print('done', rank)
