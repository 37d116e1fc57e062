# torch.distributed's process groups and collectives, as PyTorch's distributed_c10d.py gives them,
# over Gloo (Debian's libgloo) and a TCPStore that speaks PyTorch's protocol, or over Open MPI
# under mpirun: the C++ half is distributed_builtins.cpp (_new_gloo_group, _new_mpi_group,
# _collective). CPU tensors go to the backend as they are (a contiguous copy for any other
# layout); CUDA tensors are staged through the host, as PyTorch's Gloo backend does. Every rank
# must call the collectives in the same order.
import os
import torch

__all__ = ['Backend', 'ReduceOp', 'Work', 'ProcessGroup', 'group', 'GroupMember', 'is_available',
           'is_initialized', 'is_gloo_available', 'is_mpi_available', 'is_nccl_available', 'is_torchelastic_launched',
           'init_process_group', 'destroy_process_group', 'get_rank', 'get_world_size', 'get_backend', 'barrier',
           'monitored_barrier', 'all_gather_object', 'gather_object', 'broadcast_object_list', 'scatter_object_list',
           'all_reduce', 'broadcast', 'reduce', 'all_gather', 'all_gather_into_tensor', 'gather', 'scatter',
           'reduce_scatter_tensor', 'reduce_scatter', 'all_to_all', 'all_to_all_single', 'new_group', 'P2POp',
           'batch_isend_irecv', 'send', 'recv', 'isend', 'irecv', 'get_global_rank',
           'get_process_group_ranks', 'Store', 'TCPStore', 'FileStore', 'HashStore', 'PrefixStore', 'DistError', 'DistStoreError', 'DistNetworkError', 'DistBackendError']


# torch.distributed's errors are the classes the C++ half raises (a store's timeout is a DistStoreError).
DistError = _exception_class('torch.distributed.DistError')
DistBackendError = _exception_class('torch.distributed.DistBackendError')
DistNetworkError = _exception_class('torch.distributed.DistNetworkError')
DistStoreError = _exception_class('torch.distributed.DistStoreError')


class RedOpType:
    """A member of ReduceOp (ReduceOp.SUM, ...): PyTorch's enum, printed as <RedOpType.SUM: 0>."""

    def __init__(self, name, value):
        self.name = name
        self.value = value

    def __repr__(self):
        return f'<RedOpType.{self.name}: {self.value}>'

    def __str__(self):
        return f'RedOpType.{self.name}'

    def __eq__(self, other):
        return isinstance(other, RedOpType) and other.value == self.value

    def __hash__(self):
        return self.value


class ReduceOp:
    """How all_reduce, reduce and reduce_scatter combine the ranks' values."""
    SUM = RedOpType('SUM', 0)
    AVG = RedOpType('AVG', 1)
    PRODUCT = RedOpType('PRODUCT', 2)
    MIN = RedOpType('MIN', 3)
    MAX = RedOpType('MAX', 4)
    BAND = RedOpType('BAND', 5)
    BOR = RedOpType('BOR', 6)
    BXOR = RedOpType('BXOR', 7)
    PREMUL_SUM = RedOpType('PREMUL_SUM', 8)
    RedOpType = RedOpType


class Backend:
    """The backends' names: Backend('GLOO') is 'gloo'."""
    UNDEFINED = 'undefined'
    GLOO = 'gloo'
    NCCL = 'nccl'
    UCC = 'ucc'
    MPI = 'mpi'

    def __new__(cls, name):
        if not isinstance(name, str):
            raise ValueError(f'Backend constructor parameter must be string-ish, but got: {type(name)}')
        return name.lower()


class Work:
    """What a collective called with async_op=True returns. tsh runs collectives as they are called,
    so such a Work is complete when you get it; isend's and irecv's finish at wait()."""

    def __init__(self, pending=None, pg=None, tensor=None, staged=None):
        self._pending = pending
        self._pg = pg
        self._tensor = tensor  # irecv: the tensor to fill, and the staged copy Gloo filled
        self._staged = staged
        self._source = None

    def wait(self, timeout=None):
        if self._pending is not None:
            sender = _p2p_wait(self._pending)
            self._pending = None
            if self._tensor is not None:
                _written(self._tensor, self._staged)
                self._source = self._pg._ranks[sender]
        return True

    def is_completed(self):
        return self._pending is None

    def is_success(self):
        return True

    def exception(self):
        return None

    def source_rank(self):
        if getattr(self, '_source', None) is None:
            raise RuntimeError('source_rank() may only be called on recv or recvAnysource work objects')
        return self._source

    def synchronize(self):
        pass


class ProcessGroup:
    """A group of ranks that run collectives together (group.WORLD: every rank)."""

    def __init__(self, handle, rank, size, backend, ranks):
        self._handle = handle
        self._rank = rank
        self._size = size
        self._backend = backend
        self._ranks = ranks

    def rank(self):
        return self._rank

    def size(self):
        return self._size

    def name(self):
        return self._backend


class GroupMember:
    WORLD = None
    NON_GROUP_MEMBER = -100


class group:
    WORLD = None


_group_class = group  # for destroy_process_group, whose parameter has the same name


class _State:
    default = None  # the default ProcessGroup (module state lives here: `global` names the session's)
    store = None  # (Store, timeout seconds) of the default group, whose store new groups meet in too
    groups = 0  # new_group calls so far: every rank makes the same calls, so the count names a group
    made = []  # the groups new_group made, kept (as PyTorch's registry keeps them) until destroy_process_group:
    # a group dropped by one rank while its peers still connect would close their connections


def is_available():
    return True


def is_gloo_available():
    return True


def is_mpi_available():
    return _mpi_available()


def is_nccl_available():
    return False


def is_torchelastic_launched():
    return os.environ.get('TORCHELASTIC_RUN_ID') is not None


def is_initialized():
    return _State.default is not None


def _world(group_arg, default_only=False):
    if _State.default is None:
        raise ValueError('Default process group has not been initialized, please make sure to call init_process_group.')
    if group_arg is None or group_arg is GroupMember.WORLD:
        return _State.default
    if not isinstance(group_arg, ProcessGroup):
        raise TypeError(f'Invalid process group specified: {group_arg}')
    return group_arg


def _outside(group_arg, name):
    """True (after PyTorch's warning) when this rank is not in group_arg: the collective is skipped."""
    if isinstance(group_arg, int) and group_arg == GroupMember.NON_GROUP_MEMBER:
        import warnings
        warnings.warn(f'Running {name} on global rank {_world(None)._rank} which does not belong to the given group.')
        return True
    return False


def _group_rank(pg, global_rank):
    """A global rank's rank in pg (collectives take global ranks, whatever the group)."""
    if pg is _State.default:
        return global_rank
    if global_rank not in pg._ranks:
        raise ValueError(f'Global rank {global_rank} is not part of group {pg}')
    return pg._ranks.index(global_rank)


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None, device_id=None):
    """A group of some of the ranks. Every rank must call it, in the same order, even those not in
    it (they get GroupMember.NON_GROUP_MEMBER)."""
    world = _world(None)
    if pg_options is not None or use_local_synchronization or device_id is not None:
        raise NotImplementedError('new_group: pg_options, use_local_synchronization and device_id are not supported '
                                  'by tsh')
    name = world._backend if backend is None else Backend(backend)
    if name != world._backend:
        raise NotImplementedError(f'new_group: a {name} group in a {world._backend} world is not supported by tsh')
    ranks = list(range(world._size)) if ranks is None else sorted(int(r) for r in ranks)
    for r in ranks:
        if not 0 <= r < world._size:
            raise ValueError(f"The new group's rank should be within the world_size set by init_process_group")
    _State.groups += 1
    if world._rank not in ranks:
        return GroupMember.NON_GROUP_MEMBER
    if name == 'mpi':
        handle = _new_mpi_group(ranks, _State.groups)
    else:
        store, default_timeout = _State.store
        handle = _new_gloo_group(store._handle, ranks.index(world._rank), len(ranks), _seconds(timeout, default_timeout),
                                 f'group{_State.groups}/')
    pg = ProcessGroup(handle, ranks.index(world._rank), len(ranks), name, ranks)
    _State.made.append(pg)
    return pg


def _seconds(timeout, default):
    if timeout is None:
        return default
    if hasattr(timeout, 'total_seconds'):
        return timeout.total_seconds()
    return float(timeout)


def _env(name, method):
    value = os.environ.get(name)
    if value is None:
        raise ValueError(f'Error initializing torch.distributed using {method} rendezvous: environment variable '
                         f'{name} expected, but not set')
    return value


def _rendezvous(init_method, rank, world_size):
    """(host, port, rank, world_size) from env:// or tcp://host:port[?rank=..&world_size=..]."""
    if init_method.startswith('env://'):
        if rank < 0:
            rank = int(_env('RANK', 'env://'))
        if world_size < 0:
            world_size = int(_env('WORLD_SIZE', 'env://'))
        host = _env('MASTER_ADDR', 'env://')
        port = int(_env('MASTER_PORT', 'env://'))
        return host, port, rank, world_size
    if init_method.startswith('tcp://'):
        rest = init_method[len('tcp://'):]
        query = {}
        if '?' in rest:
            rest, q = rest.split('?', 1)
            for part in q.split('&'):
                if '=' in part:
                    k, v = part.split('=', 1)
                    query[k] = v
        if rest.startswith('['):  # [ipv6]:port
            host, _, port = rest[1:].partition(']:')
        else:
            host, _, port = rest.rpartition(':')
        if not port or not host:
            raise ValueError('Error initializing torch.distributed using tcp:// rendezvous: port number missing')
        if rank < 0:
            if 'rank' not in query:
                raise ValueError('Error initializing torch.distributed using tcp:// rendezvous: rank parameter missing')
            rank = int(query['rank'])
        if world_size < 0:
            if 'world_size' not in query:
                raise ValueError('Error initializing torch.distributed using tcp:// rendezvous: world size parameter '
                                 'missing')
            world_size = int(query['world_size'])
        return host, int(port), rank, world_size
    raise RuntimeError(f'No rendezvous handler for {init_method.split("://")[0]}://')


def _query(url):
    """url without its ?k=v&... part, and the part as a dict."""
    query = {}
    if '?' in url:
        url, q = url.split('?', 1)
        for part in q.split('&'):
            if '=' in part:
                k, v = part.split('=', 1)
                query[k] = v
    return url, query


def _file_rendezvous(init_method, rank, world_size):
    """(path, rank, world_size) from file:///path[?rank=..&world_size=..]: a FileStore every rank opens."""
    path, query = _query(init_method[len('file://'):])
    if not path:
        raise ValueError('Error initializing torch.distributed using file:// rendezvous: path missing')
    if rank < 0:
        if 'rank' not in query:
            raise ValueError('Error initializing torch.distributed using file:// rendezvous: rank parameter missing')
        rank = int(query['rank'])
    if world_size < 0:
        if 'world_size' not in query:
            raise ValueError('Error initializing torch.distributed using file:// rendezvous: world size parameter '
                             'missing')
        world_size = int(query['world_size'])
    return path, rank, world_size


class Store:
    """Where ranks meet: a key-value store whose values are bytes (torch.distributed.Store). TCPStore,
    FileStore, HashStore and PrefixStore are the kinds; init_process_group(store=...) takes any."""

    def __init__(self):
        if type(self) is Store:
            raise TypeError('torch.distributed.Store is abstract: make a TCPStore, FileStore, HashStore or '
                            'PrefixStore')

    def set(self, key, value):
        _store(self._handle, 'set', key, value)

    def get(self, key):
        return _store(self._handle, 'get', key)

    def add(self, key, value):
        return _store(self._handle, 'add', key, value)

    def check(self, keys):
        return _store(self._handle, 'check', list(keys))

    def wait(self, keys, timeout=None):
        _store(self._handle, 'wait', list(keys), None if timeout is None else _seconds(timeout, None))

    def num_keys(self):
        return _store(self._handle, 'num_keys')

    def delete_key(self, key):
        return _store(self._handle, 'delete_key', key)

    def compare_set(self, key, expected_value, desired_value):
        return _store(self._handle, 'compare_set', key, expected_value, desired_value)

    def set_timeout(self, timeout):
        _store(self._handle, 'set_timeout', _seconds(timeout, None))

    @property
    def timeout(self):
        import datetime
        return datetime.timedelta(seconds=_store(self._handle, 'timeout'))


class TCPStore(Store):
    """Keys on a server (in the process made with is_master=True) that the others connect to, over
    PyTorch's own TCPStore protocol: tsh's and PyTorch's processes meet in each other's stores."""

    def __init__(self, host_name, port, world_size=None, is_master=False, timeout=None, wait_for_workers=True,
                 multi_tenant=False, master_listen_fd=None, use_libuv=True):
        if multi_tenant or master_listen_fd is not None:
            raise NotImplementedError('TCPStore: multi_tenant and master_listen_fd are not supported by tsh')
        self._handle = _new_store('tcp', host_name, port, world_size, bool(is_master), _seconds(timeout, 300.0),
                                  bool(wait_for_workers))

    @property
    def host(self):
        return _store(self._handle, 'host')

    @property
    def port(self):
        return _store(self._handle, 'port')

    @property
    def libuvBackend(self):
        return False


class FileStore(Store):
    """Keys in a file every rank opens (a local or shared file system); removed by the last of
    world_size to close it. The file's format is tsh's own, not c10d's."""

    def __init__(self, file_name, world_size=-1):
        self._handle = _new_store('file', file_name, world_size, 300.0)
        self.path = file_name


class HashStore(Store):
    """Keys in this process (threads of one process meet in it)."""

    def __init__(self):
        self._handle = _new_store('hash', 300.0)


class PrefixStore(Store):
    """Another store's keys, each under prefix + '/'."""

    def __init__(self, prefix, store):
        if not isinstance(store, Store):
            raise TypeError(f'PrefixStore: store must be a torch.distributed.Store, not {type(store).__name__}')
        self._handle = _new_store('prefix', prefix, store._handle)
        self.underlying_store = store


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name='', pg_options=None, device_id=None):
    if _State.default is not None:
        raise ValueError('trying to initialize the default process group twice!')
    if store is not None and init_method is not None:
        raise AssertionError('Cannot specify both init_method and store.')
    if pg_options is not None or device_id is not None:
        raise NotImplementedError('init_process_group: pg_options and device_id are not supported by tsh')
    name = 'gloo' if backend is None else Backend(backend)
    if name == 'mpi':
        return _init_mpi(world_size, rank, group_name)
    if name == 'nccl':
        raise RuntimeError("Distributed package doesn't have NCCL built in")
    if name not in ('gloo', 'cpu:gloo', 'cpu:gloo,cuda:gloo'):
        raise AssertionError(f'Unknown backend type {name}')
    seconds = _seconds(timeout, 1800.0)
    if store is not None:
        if world_size <= 0:
            raise AssertionError('world_size must be positive if using store')
        if rank < 0:
            raise AssertionError('rank must be non-negative if using store')
        if not isinstance(store, Store):
            raise TypeError(f'store must be a torch.distributed.Store, not {type(store).__name__}')
    elif init_method is not None and init_method.startswith('file://'):
        path, rank, world_size = _file_rendezvous(init_method, rank, world_size)
        store = FileStore(path, world_size)
        store.set_timeout(seconds)
    else:
        host, port, rank, world_size = _rendezvous('env://' if init_method is None else init_method, rank, world_size)
        # Under torchrun the agent serves the store and every rank is its client; else rank 0 serves it.
        agent = os.environ.get('TORCHELASTIC_USE_AGENT_STORE') == 'True'
        if world_size > 0 and 0 <= rank < world_size:
            store = TCPStore(host, port, world_size, rank == 0 and not agent, seconds)
    if world_size <= 0:
        raise ValueError(f'Invalid world_size: {world_size}')
    if not 0 <= rank < world_size:
        raise ValueError(f'Invalid rank: {rank}')
    handle = _new_gloo_group(store._handle, rank, world_size, seconds, 'default_pg/' + (group_name or '0') + '/')
    _started(ProcessGroup(handle, rank, world_size, 'gloo', list(range(world_size))), (store, seconds))


def _init_mpi(world_size, rank, group_name):
    """backend='mpi': rank and size are MPI_COMM_WORLD's, as in PyTorch's ProcessGroupMPI."""
    if world_size != -1 or rank != -1:
        import warnings
        warnings.warn(f'For MPI backend, world_size ({world_size}) and rank ({rank}) are ignored since they are '
                      'assigned by the MPI runtime.')
    handle = _new_mpi_group(None, 0)
    rank, world_size, _ = _group_info(handle)
    _started(ProcessGroup(handle, rank, world_size, 'mpi', list(range(world_size))), None)


def _started(pg, store):
    """pg becomes the default group."""
    _State.default = pg
    _State.store = store
    _State.groups = 0
    group.WORLD = pg
    GroupMember.WORLD = pg
    _set_error_prefix(f'[rank{pg._rank}]: ')  # as PyTorch's exception hook prefixes an uncaught error's lines


def destroy_process_group(group=None):
    if _State.default is None:
        raise AssertionError('Process group cannot be None')
    if group is not None and group is not _State.default:
        raise ValueError('Invalid process group specified')
    for pg in _State.made + [_State.default]:
        _destroy_group(pg._handle)
    _State.made = []
    _State.default = None
    _set_error_prefix('')
    _group_class.WORLD = None
    GroupMember.WORLD = None


def get_rank(group=None):
    if isinstance(group, int) and group == GroupMember.NON_GROUP_MEMBER:
        _world(None)
        return -1
    return _world(group)._rank


def get_world_size(group=None):
    if isinstance(group, int) and group == GroupMember.NON_GROUP_MEMBER:
        _world(None)
        return -1
    return _world(group)._size


def get_backend(group=None):
    return _world(group)._backend


def get_global_rank(group, group_rank):
    pg = _world(group)
    if not 0 <= group_rank < pg._size:
        raise ValueError(f'Group {group} does not contain rank {group_rank}')
    return pg._ranks[group_rank]


def get_process_group_ranks(group):
    return list(_world(group)._ranks)


_GLOO_DTYPES = (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.bool,
                torch.int32, torch.int64)


def _dims(shape):
    """A shape as c10 prints one in its messages: (2), (1, 2)."""
    return '(' + ', '.join(str(d) for d in shape) + ')'


# c10's names of the scalar types, as its TensorOptions print them in Gloo's messages
_C_TYPE_NAMES = {torch.float32: 'float', torch.float64: 'double', torch.float16: 'c10::Half',
                 torch.bfloat16: 'c10::BFloat16', torch.int8: 'signed char', torch.uint8: 'unsigned char',
                 torch.int16: 'short int', torch.int32: 'int', torch.int64: 'long int', torch.bool: 'bool',
                 torch.complex64: 'c10::complex<float>', torch.complex128: 'c10::complex<double>'}


def _options(t):
    return (f'TensorOptions(dtype={_C_TYPE_NAMES.get(t.dtype, str(t.dtype))}, device={t.device}, layout=Strided, '
            'requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))')


def _check_tensor(tensor, param='tensor'):
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f'Invalid function argument. Expected parameter `{param}` of type torch.Tensor\n'
                        f'             but got {type(tensor)} instead.')


def _check_dtype(tensor):
    if tensor.dtype not in _GLOO_DTYPES and not tensor.is_complex():
        raise RuntimeError('Invalid scalar type')


def _check_op(op, tensor, name):
    if not isinstance(op, RedOpType):
        raise TypeError(f'{name}(): argument op must be a torch.distributed.ReduceOp, not {type(op).__name__}')
    if op == ReduceOp.PREMUL_SUM:
        raise RuntimeError('Cannot use ReduceOp.PREMUL_SUM with Gloo')
    if op in (ReduceOp.BAND, ReduceOp.BOR, ReduceOp.BXOR) and (tensor.is_floating_point() or tensor.is_complex()):
        raise RuntimeError(f'Cannot use ReduceOp.{op.name} with non-integral dtype')
    if tensor.is_complex() and op not in (ReduceOp.SUM, ReduceOp.AVG):
        raise ValueError(f'{name} does not support {op} on complex tensors')


def _check_root(pg, root, what, kind='root'):
    if not 0 <= root < pg._size:
        raise RuntimeError(f'ProcessGroupGloo::{what}: invalid {kind} rank: {root}')


def _rooted(pg, rank, group_rank, what, tensors, name, role):
    """gather's and scatter's root in pg (a global rank, or group_rank, else 0), checked with its list."""
    root = (group_rank if group_rank is not None else 0) if rank is None else _group_rank(pg, rank)
    _check_root(pg, root, what)
    _check_root_list(pg, root, tensors, name, role)
    return root


def _check_root_list(pg, root, tensors, name, role):
    """gather's and scatter's list: given on the root rank only."""
    if pg._rank == root:
        if not tensors:
            raise ValueError(f'Argument ``{name}`` must be specified on {role} rank.')
    elif tensors:
        raise ValueError(f'Argument ``{name}`` must NOT be specified on non-{role} ranks.')


def _fill(tensors, stacked):
    """tensors[i] := stacked[i] (complex tensors through their real view)."""
    with torch.no_grad():
        for i, t in enumerate(tensors):
            (torch.view_as_real(t) if t.is_complex() else t).copy_(stacked[i])


def _group_for(tensor, group, name):
    """The checks every collective starts with; its process group, or None when this rank is not in
    group (the collective is then skipped, after PyTorch's warning)."""
    _check_tensor(tensor)
    if _outside(group, name):
        return None
    pg = _world(group)
    _check_dtype(tensor)
    return pg


def _staged(tensor):
    """The tensor Gloo works on: tensor itself when a contiguous CPU tensor of Gloo's dtypes, else a
    contiguous CPU copy (complex tensors as their real view)."""
    t = torch.view_as_real(tensor) if tensor.is_complex() else tensor
    if t.device.type == 'cpu' and t.is_contiguous():
        return t
    return t.detach().to('cpu').contiguous()


def _written(tensor, staged):
    """Puts a staged result back into tensor when it was a copy."""
    target = torch.view_as_real(tensor) if tensor.is_complex() else tensor
    if staged is not target:
        with torch.no_grad():
            target.copy_(staged)


def _done(async_op, source=None):
    if not async_op:
        return source if source is not None else None
    w = Work()
    w._source = source
    return w


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    pg = _group_for(tensor, group, 'all_reduce')
    if pg is None:
        return None
    _check_op(op, tensor, 'all_reduce')
    t = _staged(tensor)
    _collective(pg._handle, 'all_reduce', t, None, 0, op.value)
    _written(tensor, t)
    if op == ReduceOp.AVG:
        tensor.div_(pg._size)
    return _done(async_op)


def broadcast(tensor, src=None, group=None, async_op=False, group_src=None):
    pg = _group_for(tensor, group, 'broadcast')
    if pg is None:
        return None
    src = group_src if src is None else _group_rank(pg, src)
    _check_root(pg, src, 'broadcast')
    t = _staged(tensor)
    _collective(pg._handle, 'broadcast', t, None, src, 0)
    _written(tensor, t)
    return _done(async_op)


def reduce(tensor, dst=None, op=ReduceOp.SUM, group=None, async_op=False, group_dst=None):
    pg = _group_for(tensor, group, 'reduce')
    if pg is None:
        return None
    dst = group_dst if dst is None else _group_rank(pg, dst)
    _check_root(pg, dst, 'reduce')
    _check_op(op, tensor, 'reduce')
    t = _staged(tensor)
    _collective(pg._handle, 'reduce', t, None, dst, op.value)
    _written(tensor, t)
    if op == ReduceOp.AVG and pg._rank == dst:
        tensor.div_(pg._size)
    return _done(async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    pg = _group_for(tensor, group, 'all_gather')
    if pg is None:
        return None
    if not isinstance(tensor_list, list) or len(tensor_list) != pg._size:
        raise RuntimeError('ProcessGroupGloo::allgather: invalid output tensor list at index 0 (expected length '
                           f'{pg._size}, got {len(tensor_list) if isinstance(tensor_list, list) else 0})')
    for t in tensor_list:
        _check_tensor(t, 'tensor_list')
        if t.dtype != tensor.dtype:
            raise RuntimeError('ProcessGroupGloo::allgather: invalid tensor type at index 0 (expected '
                               f'{tensor.type()}, got {t.type()})')
        if t.shape != tensor.shape:
            raise RuntimeError('ProcessGroupGloo::allgather: invalid tensor size at index 0 (expected '
                               f'{_dims(tensor.shape)}, got {_dims(t.shape)})')
    src = _staged(tensor)
    flat = torch.empty([pg._size] + list(src.shape), dtype=src.dtype)
    _collective(pg._handle, 'all_gather', flat, src, 0, 0)
    _fill(tensor_list, flat)
    return _done(async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    _check_tensor(output_tensor, 'output_tensor')
    _check_tensor(input_tensor, 'input_tensor')
    if _outside(group, 'all_gather_into_tensor'):
        return None
    pg = _world(group)
    _check_dtype(input_tensor)
    # Gloo's all_gather_into_tensor is all_gather into output.chunk(world): each chunk must have
    # input's type, then its shape
    if output_tensor.dtype != input_tensor.dtype:
        raise RuntimeError(f'ProcessGroupGloo::allgather: invalid tensor type at index 0 (expected '
                           f'{_options(input_tensor)}, got {_options(output_tensor)})')
    pieces = output_tensor.chunk(pg._size)
    for piece in pieces:
        if list(piece.shape) != list(input_tensor.shape):
            raise RuntimeError(f'ProcessGroupGloo::allgather: invalid tensor size at index 0 (expected '
                               f'{_dims(input_tensor.shape)}, got {_dims(piece.shape)})')
    if len(pieces) != pg._size:
        raise RuntimeError('output tensor size must be equal to world_size times input tensor size')
    src = _staged(input_tensor)
    out = _staged(output_tensor)
    _collective(pg._handle, 'all_gather', out, src, 0, 0)
    _written(output_tensor, out)
    return _done(async_op)


def gather(tensor, gather_list=None, dst=None, group=None, async_op=False, group_dst=None):
    pg = _group_for(tensor, group, 'gather')
    if pg is None:
        return None
    dst = _rooted(pg, dst, group_dst, 'gather', gather_list, 'gather_list', 'destination')
    src = _staged(tensor)
    flat = torch.empty([pg._size] + list(src.shape), dtype=src.dtype)
    _collective(pg._handle, 'gather', flat, src, dst, 0)
    if pg._rank == dst:
        _fill(gather_list, flat)
    return _done(async_op)


def scatter(tensor, scatter_list=None, src=None, group=None, async_op=False, group_src=None):
    pg = _group_for(tensor, group, 'scatter')
    if pg is None:
        return None
    src = _rooted(pg, src, group_src, 'scatter', scatter_list, 'scatter_list', 'source')
    out = _staged(tensor)
    flat = None
    if pg._rank == src:
        if len(scatter_list) != pg._size:
            raise RuntimeError(f'ProcessGroupGloo::scatter: Incorrect input list size {len(scatter_list)}. Input list '
                               f'size should be {pg._size}, same as size of the process group.')
        flat = torch.stack([_staged(t) for t in scatter_list]).contiguous()
    else:
        flat = torch.empty(0, dtype=out.dtype)
    _collective(pg._handle, 'scatter', out, flat, src, 0)
    _written(tensor, out)
    return _done(async_op)


def reduce_scatter_tensor(output, input, op=ReduceOp.SUM, group=None, async_op=False):
    _check_tensor(output, 'output')
    _check_tensor(input, 'input')
    if _outside(group, 'reduce_scatter_tensor'):
        return None
    pg = _world(group)
    _check_dtype(input)
    _check_op(op, input, 'reduce_scatter_tensor')
    if input.numel() != output.numel() * pg._size:
        raise RuntimeError('input tensor must be the same size as output size times world size')
    # As PyTorch's Gloo backend: all_reduce a copy, then keep this rank's chunk.
    whole = _staged(input).clone()
    _collective(pg._handle, 'all_reduce', whole, None, 0, op.value)
    mine = whole.reshape(pg._size, -1)[pg._rank]
    with torch.no_grad():
        target = torch.view_as_real(output) if output.is_complex() else output
        target.copy_(mine.reshape(target.shape))
    if op == ReduceOp.AVG:
        output.div_(pg._size)
    return _done(async_op)


def reduce_scatter(output, input_list, op=ReduceOp.SUM, group=None, async_op=False):
    _check_tensor(output, 'output')
    if _outside(group, 'reduce_scatter'):
        return None
    pg = _world(group)
    if not isinstance(input_list, list) or len(input_list) != pg._size:
        raise ValueError(f'input_list must be a list of {pg._size} tensors')
    for t in input_list:
        _check_tensor(t, 'input_list')
        if t.shape != output.shape or t.dtype != output.dtype:
            raise RuntimeError('reduce_scatter: every input must have the output\'s shape and dtype')
    return reduce_scatter_tensor(output, torch.stack([t.detach() for t in input_list]), op, group, async_op)


def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    if _outside(group, 'all_to_all'):
        return None
    pg = _world(group)
    for name, tensors in (('output_tensor_list', output_tensor_list), ('input_tensor_list', input_tensor_list)):
        if not isinstance(tensors, list) or len(tensors) != pg._size:
            raise ValueError(f'{name} must be a list of {pg._size} tensors')
        for t in tensors:
            _check_tensor(t, name)
    shapes = {tuple(t.shape) for t in output_tensor_list + input_tensor_list}
    if len(shapes) != 1:
        raise NotImplementedError('all_to_all with tensors of different shapes is not supported by tsh yet')
    src = torch.stack([_staged(t) for t in input_tensor_list]).contiguous()
    out = torch.empty_like(src)
    _collective(pg._handle, 'all_to_all', out, src, 0, 0)
    _fill(output_tensor_list, out)
    return _done(async_op)


def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None, async_op=False):
    _check_tensor(output, 'output')
    _check_tensor(input, 'input')
    if _outside(group, 'all_to_all_single'):
        return None
    pg = _world(group)
    _check_dtype(input)
    if output_split_sizes is not None or input_split_sizes is not None:
        raise NotImplementedError('all_to_all_single with split sizes is not supported by tsh yet (equal splits only)')
    if input.numel() % pg._size or output.numel() != input.numel():
        raise RuntimeError('Tensor\'s dim 0 does not divide equally across group size')
    src = _staged(input)
    out = _staged(output)
    _collective(pg._handle, 'all_to_all', out, src, 0, 0)
    _written(output, out)
    return _done(async_op)


def barrier(group=None, async_op=False, device_ids=None):
    if _outside(group, 'barrier'):
        return None
    pg = _world(group)
    _collective(pg._handle, 'barrier', None, None, 0, 0)
    return _done(async_op)


# ---- object collectives: each object travels as the bytes of its torch.save archive (tensors,
# numbers, strings, lists, tuples, dicts, None: what torch.save writes), lengths first.

def _sizes_of(pieces, pg, group):
    """Every rank's length, gathered."""
    sizes = [torch.zeros(1, dtype=torch.int64) for _ in range(pg._size)]
    all_gather(sizes, torch.tensor([pieces.numel()]), group=group)
    return [int(s.item()) for s in sizes]


def _padded(data, length):
    out = torch.zeros(length, dtype=torch.uint8)
    out[:data.numel()] = data
    return out


def all_gather_object(object_list, obj, group=None):
    """object_list[r] := rank r's obj, on every rank (object_list is as long as the group)."""
    if _outside(group, 'all_gather_object'):
        return None
    pg = _world(group)
    data = _object_tensor(obj)
    sizes = _sizes_of(data, pg, group)
    outs = [torch.zeros(max(sizes), dtype=torch.uint8) for _ in range(pg._size)]
    all_gather(outs, _padded(data, max(sizes)), group=group)
    for r, (out, n) in enumerate(zip(outs, sizes)):
        object_list[r] = _tensor_object(out[:n])


def gather_object(obj, object_gather_list=None, dst=None, group=None, group_dst=None):
    """object_gather_list[r] := rank r's obj, on dst (the list is given there only)."""
    if _outside(group, 'gather_object'):
        return None
    pg = _world(group)
    root = (group_dst if group_dst is not None else 0) if dst is None else _group_rank(pg, dst)
    _check_root(pg, root, 'gather')
    data = _object_tensor(obj)
    sizes = _sizes_of(data, pg, group)
    outs = [torch.zeros(max(sizes), dtype=torch.uint8) for _ in range(pg._size)] if pg._rank == root else None
    gather(_padded(data, max(sizes)), outs, dst=pg._ranks[root], group=group)
    if pg._rank == root:
        for r, (out, n) in enumerate(zip(outs, sizes)):
            object_gather_list[r] = _tensor_object(out[:n])


def broadcast_object_list(object_list, src=None, group=None, device=None, group_src=None):
    """object_list := src's object_list, on every rank (each rank's list as long as src's)."""
    if _outside(group, 'broadcast_object_list'):
        return None
    pg = _world(group)
    root = (group_src if group_src is not None else 0) if src is None else _group_rank(pg, src)
    _check_root(pg, root, 'broadcast')
    if pg._rank == root:
        pieces = [_object_tensor(o) for o in object_list]
        sizes = torch.tensor([p.numel() for p in pieces], dtype=torch.int64)
    else:
        sizes = torch.zeros(len(object_list), dtype=torch.int64)
    broadcast(sizes, pg._ranks[root], group=group)
    data = torch.cat(pieces) if pg._rank == root and pieces else torch.zeros(int(sizes.sum()), dtype=torch.uint8)
    broadcast(data, pg._ranks[root], group=group)
    if pg._rank != root:
        at = 0
        for i, n in enumerate(sizes.tolist()):
            object_list[i] = _tensor_object(data[at:at + n])
            at += n


def scatter_object_list(scatter_object_output_list, scatter_object_input_list=None, src=None, group=None,
                        group_src=None):
    """scatter_object_output_list[0] := src's scatter_object_input_list[rank]."""
    if _outside(group, 'scatter_object_list'):
        return None
    pg = _world(group)
    root = (group_src if group_src is not None else 0) if src is None else _group_rank(pg, src)
    _check_root(pg, root, 'scatter')
    if not isinstance(scatter_object_output_list, list) or len(scatter_object_output_list) < 1:
        raise ValueError('Expected argument scatter_object_output_list to be a list of size at least 1.')
    if pg._rank == root:
        pieces = [_object_tensor(o) for o in scatter_object_input_list]
        longest = torch.tensor([max(p.numel() for p in pieces)])
    else:
        longest = torch.zeros(1, dtype=torch.int64)
    broadcast(longest, pg._ranks[root], group=group)
    n = int(longest.item())
    mine = torch.zeros(n, dtype=torch.uint8)
    size = torch.zeros(1, dtype=torch.int64)
    scatter(mine, [_padded(p, n) for p in pieces] if pg._rank == root else None, src=pg._ranks[root], group=group)
    scatter(size, [torch.tensor([p.numel()]) for p in pieces] if pg._rank == root else None, src=pg._ranks[root],
            group=group)
    scatter_object_output_list[0] = _tensor_object(mine[:int(size.item())])


_MONITORED_TAG = 2 ** 31 - 2  # monitored_barrier's messages: a tag no user send is expected to take


def monitored_barrier(group=None, timeout=None, wait_all_ranks=False):
    """A barrier that names the ranks that did not come: every rank reports to rank 0, which waits
    for each in turn (the whole wait bounded by timeout) and then releases them all."""
    if _outside(group, 'monitored_barrier'):
        return None
    pg = _world(group)
    if pg._backend != 'gloo':
        raise ValueError('monitored_barrier is only implemented for GLOO backend.')
    seconds = _seconds(timeout, _State.store[1] if _State.store else 1800.0)
    ms = int(seconds * 1000)
    token = torch.zeros(1)
    if pg._rank != 0:
        _p2p_wait(_collective(pg._handle, 'isend', token, None, 0, _MONITORED_TAG), seconds)
        try:
            _p2p_wait(_collective(pg._handle, 'irecv', token, None, 0, _MONITORED_TAG), seconds)
        except RuntimeError as e:
            raise RuntimeError(f'Rank {pg._rank} successfully reached monitoredBarrier, but received '
                               f'errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty '
                               f'rank.\n Original exception: \n{e}') from None
        return None
    import time
    start = time.monotonic()
    failed = []
    pending = [(r, _collective(pg._handle, 'irecv', torch.zeros(1), None, r, _MONITORED_TAG)) for r in range(1, pg._size)]
    for r, p in pending:
        left = seconds if wait_all_ranks else seconds - (time.monotonic() - start)
        try:
            if left <= 0:
                raise RuntimeError(f'Timed out after {ms} ms')
            _p2p_wait(p, left)
        except RuntimeError as e:
            if not wait_all_ranks:
                raise RuntimeError(f'[Rank 0]: Rank {r} failed to pass monitoredBarrier in {ms} ms\n Original '
                                   f'exception: \n{e}') from None
            failed.append(r)
    if failed:
        raise RuntimeError(f'[Rank 0]: Ranks {", ".join(str(r) for r in failed)} failed to pass monitoredBarrier in '
                           f'{ms} ms')
    for r in range(1, pg._size):
        _p2p_wait(_collective(pg._handle, 'isend', token, None, r, _MONITORED_TAG), seconds)
    return None


def _post(tensor, peer, group, tag, group_peer, name, sending):
    """Starts a send to, or a receive from, the global rank peer (None: a receive from any rank): a
    Work that wait() finishes. None when this rank is not in group."""
    _check_tensor(tensor)
    if _outside(group, name):
        return None
    pg = _world(group)
    peer = group_peer if peer is None else _group_rank(pg, peer)
    if sending:
        if peer == pg._rank:
            raise ValueError('Invalid destination rank: destination rank should not be the same as the rank of the '
                             'current process.')
        _check_root(pg, peer, 'send', 'destination')
    elif peer is not None and peer == pg._rank:
        raise ValueError('Invalid source rank: source rank should not be the same as the rank of the current process.')
    _check_dtype(tensor)
    t = _staged(tensor)
    if sending:
        return Work(_collective(pg._handle, 'isend', t, None, peer, tag), pg)
    return Work(_collective(pg._handle, 'irecv', t, None, -1 if peer is None else peer, tag), pg, tensor, t)


def send(tensor, dst=None, group=None, tag=0, group_dst=None):
    work = _post(tensor, dst, group, tag, group_dst, 'send', True)
    if work is not None:
        work.wait()


def recv(tensor, src=None, group=None, tag=0, group_src=None):
    """Receives into tensor; returns the sender's global rank."""
    work = _post(tensor, src, group, tag, group_src, 'recv', False)
    if work is None:
        return None
    work.wait()
    return work._source


def isend(tensor, dst=None, group=None, tag=0, group_dst=None):
    return _post(tensor, dst, group, tag, group_dst, 'isend', True)


def irecv(tensor, src=None, group=None, tag=0, group_src=None):
    return _post(tensor, src, group, tag, group_src, 'irecv', False)


class P2POp:
    """One point-to-point operation for batch_isend_irecv: op is isend or irecv."""

    def __init__(self, op, tensor, peer=None, group=None, tag=0, group_peer=None):
        if op is not isend and op is not irecv:
            raise ValueError('Invalid ``op``. Expected ``op`` to be of type ``torch.distributed.isend`` or '
                             '``torch.distributed.irecv``.')
        _check_tensor(tensor)
        self.op = op
        self.tensor = tensor
        self.peer = peer
        self.group = _world(None) if group is None else group
        self.tag = tag
        self.group_peer = group_peer


def batch_isend_irecv(p2p_op_list):
    """Posts every operation of the list, then returns their Works: sends and receives in flight
    together, so that ranks exchanging both ways do not wait on each other."""
    if len(p2p_op_list) == 0:
        raise IndexError('list index out of range')
    for p in p2p_op_list:
        if not isinstance(p, P2POp):
            raise ValueError('Invalid ``p2p_op_list``. Each op is expected to to be of type ``torch.distributed.P2POp``.')
    return [p.op(p.tensor, p.peer, p.group, p.tag) for p in p2p_op_list]
