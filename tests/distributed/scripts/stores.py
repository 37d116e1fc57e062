# The stores ranks meet in: a TCPStore served by rank 0 (set/get/add/check/wait/num_keys/
# delete_key/compare_set, timeouts), PrefixStore over it, HashStore, a FileStore every rank opens,
# init_process_group(store=...) and file:// rendezvous, and their errors.
import os
import datetime
import torch
import torch.distributed as dist

# A second TCPStore on a free port (0) that rank 0 tells the others through the default group.
dist.init_process_group('gloo')
rank, world = dist.get_rank(), dist.get_world_size()
told = torch.tensor([0])
if rank == 0:
    store = dist.TCPStore('127.0.0.1', 0, world, True, timeout=datetime.timedelta(seconds=30), wait_for_workers=False)
    told[0] = store.port
dist.broadcast(told, 0)
port = int(told.item())
if rank != 0:
    store = dist.TCPStore('127.0.0.1', port, world, False, timeout=datetime.timedelta(seconds=30), wait_for_workers=False)
dist.destroy_process_group()
print(type(store).__name__, store.port == port, port > 0, store.timeout, isinstance(store, dist.Store))
if rank == 0:
    store.set('greeting', 'hello')
    store.set('raw', 'x'.encode())
store.wait(['greeting', 'raw'])
print(store.get('greeting'), store.get('raw'), store.check(['greeting']), store.check(['greeting', 'nothing']))
print('add', store.add('counter', rank + 1) > 0)
store.add('done', 1)
while store.add('done', 0) < world:
    pass
print('counter', store.get('counter'), store.add('counter', 0))
prefixed = dist.PrefixStore(f'rank{rank}', store)
prefixed.set('mine', str(rank))
print('prefixed', prefixed.get('mine'), store.get(f'rank{rank}/mine'), prefixed.underlying_store is store)
if rank == 0:
    print('compare_set', store.compare_set('cs', '', 'first'), store.compare_set('cs', 'wrong', 'second'),
          store.compare_set('cs', 'first', 'second'), store.get('cs'), store.compare_set('absent', 'x', 'y'))
    print('delete', store.delete_key('cs'), store.delete_key('cs'), store.check(['cs']))
try:
    store.wait(['never'], datetime.timedelta(milliseconds=200))
except dist.DistStoreError as e:
    print(type(e).__name__, e)

h = dist.HashStore()
h.set('a', 'b')
print('hash', h.get('a'), h.add('n', 5), h.add('n', -2), h.get('n'), h.num_keys(), h.check(['a', 'n']), h.delete_key('a'),
      h.num_keys())
h.set_timeout(datetime.timedelta(seconds=0.1))
try:
    h.get('missing')
except dist.DistStoreError as e:
    print(type(e).__name__, e)

path = os.path.join(os.environ.get('TMPDIR', '/tmp'), f'tsh_filestore_{port}')
fs = dist.FileStore(path, world)
fs.add('joined', 1)
fs.wait(['joined'])
while int(fs.get('joined')) < world:
    pass
print('file', fs.get('joined'), fs.check(['joined']), fs.num_keys() >= 1)
try:
    fs.wait(['never'], datetime.timedelta(milliseconds=100))
except RuntimeError as e:
    print(type(e).__name__, e)
store.add('file read', 1)
while store.add('file read', 0) < world:
    pass
del fs

dist.init_process_group('gloo', store=dist.PrefixStore('pg', store), rank=rank, world_size=world)
t = torch.tensor([rank + 1])
dist.all_reduce(t)
print('store= group', t, dist.get_world_size())
g = dist.new_group([0, world - 1])
if rank in (0, world - 1):
    u = torch.tensor([1.0])
    dist.all_reduce(u, group=g)
    print('subgroup', u)
dist.destroy_process_group()

url = 'file://' + path + '_init'
dist.init_process_group('gloo', init_method=url, rank=rank, world_size=world)
t = torch.tensor([float(rank)])
dist.all_reduce(t, op=dist.ReduceOp.MAX)
print('file:// group', t)
dist.destroy_process_group()
for bad in [lambda: dist.init_process_group('gloo', store=store, rank=0),
            lambda: dist.init_process_group('gloo', store=store, world_size=world),
            lambda: dist.init_process_group('gloo', init_method='file://'),
            lambda: dist.init_process_group('gloo', init_method='file:///tmp/x'),
            lambda: dist.init_process_group('gloo', init_method='file:///tmp/x?rank=0'),
            lambda: dist.init_process_group('gloo', store=store, init_method='env://', rank=0, world_size=1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
