# torch.distributed.tensor: DTensor on a 1-d device mesh, over torch.distributed's collectives.
# Each rank holds its local piece; a placement says what the piece is: Shard(d), a torch.chunk of
# the global tensor along d; Replicate(), all of it; Partial(op), a part that the ranks' reduction
# makes whole. redistribute moves between them with the collective each move needs (Shard to
# Replicate: all_gather; Partial to Replicate: all_reduce; Replicate to Shard: a local chunk).
# Ops follow placements where a rule is written here (pointwise ops, sum, mean, mm/matmul); any
# other op is an error that says it has no sharding rule, never a silent gather.
import math
import torch
import torch.distributed as dist
from torch.distributed.device_mesh import DeviceMesh

__all__ = ['DTensor', 'distribute_tensor', 'Placement', 'Shard', 'Replicate', 'Partial']


class Placement:
    def is_shard(self, dim=None):
        return False

    def is_replicate(self):
        return False

    def is_partial(self):
        return False


class Shard(Placement):
    def __init__(self, dim):
        self.dim = dim

    def __repr__(self):
        return f'Shard(dim={self.dim})'

    def __str__(self):
        return f'S({self.dim})'

    def __eq__(self, other):
        return isinstance(other, Shard) and other.dim == self.dim

    def __hash__(self):
        return hash(('Shard', self.dim))

    def is_shard(self, dim=None):
        return dim is None or dim == self.dim


class Replicate(Placement):
    def __repr__(self):
        return 'Replicate()'

    def __str__(self):
        return 'R'

    def __eq__(self, other):
        return isinstance(other, Replicate)

    def __hash__(self):
        return hash('Replicate')

    def is_replicate(self):
        return True


class Partial(Placement):
    def __init__(self, reduce_op='sum'):
        self.reduce_op = reduce_op

    def __repr__(self):
        return f'Partial({self.reduce_op})'

    def __str__(self):
        return f'P({self.reduce_op})'

    def __eq__(self, other):
        return isinstance(other, Partial) and other.reduce_op == self.reduce_op

    def __hash__(self):
        return hash(('Partial', self.reduce_op))

    def is_partial(self):
        return True


class _Comms:
    """The CommDebugMode blocks now open (torch.distributed.tensor.debug); each collective a DTensor
    runs is counted in the innermost, under the name PyTorch's op has."""
    modes = []


def _count(op):
    if _Comms.modes:
        _Comms.modes[-1]._record(op)


_REDUCE = {'sum': dist.ReduceOp.SUM, 'avg': dist.ReduceOp.AVG, 'max': dist.ReduceOp.MAX, 'min': dist.ReduceOp.MIN,
           'product': dist.ReduceOp.PRODUCT}


def _normalized(placements, ndim):
    out = []
    for p in placements:
        if not isinstance(p, Placement):
            raise TypeError(f'placements must be Shard, Replicate or Partial, not {type(p).__name__}')
        out.append(Shard(p.dim + ndim) if isinstance(p, Shard) and p.dim < 0 else p)
    if len(out) != 1:
        raise NotImplementedError('DTensor: tsh has 1-d meshes, so one placement')
    return tuple(out)


def _chunk(tensor, dim, rank, world):
    """rank's piece of tensor split as torch.chunk splits it (ranks past the last chunk: empty)."""
    pieces = torch.chunk(tensor, world, dim)
    if rank < len(pieces):
        return pieces[rank].contiguous()
    shape = list(tensor.shape)
    shape[dim] = 0
    return torch.empty(shape, dtype=tensor.dtype)


def _chunk_sizes(size, world):
    """The lengths torch.chunk gives each rank along a dim of `size`."""
    step = math.ceil(size / world) if size else 0
    return [max(0, min(step, size - r * step)) for r in range(world)]


class DTensor:
    """A tensor spread over a device mesh: this rank's local piece, the mesh, and its placement."""

    def __init__(self, local, mesh, placements, shape):
        self._local_tensor = local
        self._mesh = mesh
        self._placements = tuple(placements)
        self._shape = torch.Size(shape)

    def __repr__(self):
        return f'DTensor(local_tensor={self._local_tensor}, device_mesh={self._mesh}, placements={self._placements})'

    @property
    def placements(self):
        return self._placements

    @property
    def device_mesh(self):
        return self._mesh

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._local_tensor.dtype

    @property
    def device(self):
        return self._local_tensor.device

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def requires_grad(self):
        return self._local_tensor.requires_grad

    def size(self, dim=None):
        return self._shape if dim is None else self._shape[dim]

    def dim(self):
        return len(self._shape)

    def numel(self):
        return math.prod(self._shape)

    def stride(self, dim=None):
        strides = []
        step = 1
        for s in reversed(list(self._shape)):
            strides.insert(0, step)
            step *= max(s, 1)
        return tuple(strides) if dim is None else strides[dim]

    def to_local(self, *, grad_placements=None):
        return self._local_tensor

    def full_tensor(self, *, grad_placements=None):
        return self.redistribute(self._mesh, [Replicate()]).to_local()

    @staticmethod
    def from_local(local_tensor, device_mesh=None, placements=None, *, run_check=False, shape=None, stride=None):
        if isinstance(local_tensor, DTensor):
            raise RuntimeError(f'the local_tensor argument only accepts torch.Tensor but got {type(local_tensor)} value.')
        if (shape is None) != (stride is None):
            raise RuntimeError(f'Found shape:{shape}, stride:{stride}.', 'Please pass both shape and stride at the same time.')
        mesh = device_mesh if device_mesh is not None else _default_mesh()
        placements = _normalized([Replicate()] if placements is None else placements, local_tensor.dim())
        p = placements[0]
        if shape is None:
            shape = list(local_tensor.shape)
            if p.is_shard():
                shape[p.dim] *= mesh.size()
        return DTensor(local_tensor, mesh, placements, shape)

    def redistribute(self, device_mesh=None, placements=None, *, async_op=False, forward_dtype=None,
                     backward_dtype=None):
        if placements is None:
            raise RuntimeError('placements is needed for redistribute!')
        target = _normalized(placements, self.ndim)[0]
        source = self._placements[0]
        if target == source:
            return DTensor(self._local_tensor, self._mesh, self._placements, self._shape)
        world, rank = self._mesh.size(), self._mesh.get_local_rank()
        if source.is_shard():
            _count('c10d_functional.all_gather_into_tensor')
        elif source.is_partial():
            _count('c10d_functional.reduce_scatter_tensor' if target.is_shard() else 'c10d_functional.all_reduce')
        whole = self._gathered() if source.is_shard() else self._reduced() if source.is_partial() else self._local_tensor
        if target.is_replicate():
            local = whole
        elif target.is_shard():
            local = _chunk(whole, target.dim, rank, world)
        else:  # to Partial: the whole value on the mesh's first rank, the reduction's identity elsewhere
            local = whole.clone() if rank == 0 else torch.zeros_like(whole)
        return DTensor(local, self._mesh, (target,), self._shape)

    def _gathered(self):
        """The global tensor from the shards (all_gather of pieces padded to the largest chunk)."""
        d = self._placements[0].dim
        world = self._mesh.size()
        sizes = _chunk_sizes(self._shape[d], world)
        longest = max(sizes)
        local = self._local_tensor
        if local.shape[d] < longest:
            pad_shape = list(local.shape)
            pad_shape[d] = longest - local.shape[d]
            local = torch.cat([local, torch.zeros(pad_shape, dtype=local.dtype)], d)
        parts = [torch.empty_like(local) for _ in range(world)]
        dist.all_gather(parts, local.contiguous())
        return torch.cat([p.narrow(d, 0, n) for p, n in zip(parts, sizes)], d)

    def _reduced(self):
        whole = self._local_tensor.clone()
        dist.all_reduce(whole, op=_REDUCE[self._placements[0].reduce_op])
        return whole

    # ---- ops with sharding rules
    def _pointwise(self, other, fn, name):
        if isinstance(other, torch.Tensor):
            raise RuntimeError(f'aten.{name}.Tensor got mixed torch.Tensor and DTensor, need to convert all '
                               'torch.Tensor to DTensor before calling distributed operators!')
        mine = self
        if isinstance(other, DTensor):
            if self._placements[0].is_partial() or other._placements[0].is_partial():
                if not (name in ('add', 'sub') and self._placements == other._placements):
                    mine = self.redistribute(self._mesh, [Replicate()])
                    other = other.redistribute(other._mesh, [Replicate()])
            if other._placements != mine._placements:
                other = other.redistribute(other._mesh, mine._placements)
            out = fn(mine._local_tensor, other._local_tensor)
            shape = torch.broadcast_shapes(self._shape, other._shape)
        else:
            if mine._placements[0].is_partial() and name != 'mul' and name != 'div':
                mine = mine.redistribute(mine._mesh, [Replicate()])
            out = fn(mine._local_tensor, other)
            shape = self._shape
        return DTensor(out, self._mesh, mine._placements, shape)

    def __add__(self, other):
        return self._pointwise(other, lambda a, b: a + b, 'add')

    def __radd__(self, other):
        return self._pointwise(other, lambda a, b: b + a, 'add')

    def __sub__(self, other):
        return self._pointwise(other, lambda a, b: a - b, 'sub')

    def __rsub__(self, other):
        return self._pointwise(other, lambda a, b: b - a, 'rsub')

    def __mul__(self, other):
        return self._pointwise(other, lambda a, b: a * b, 'mul')

    def __rmul__(self, other):
        return self._pointwise(other, lambda a, b: b * a, 'mul')

    def __truediv__(self, other):
        return self._pointwise(other, lambda a, b: a / b, 'div')

    def __neg__(self):
        return DTensor(-self._local_tensor, self._mesh, self._placements, self._shape)

    def sum(self, dim=None, keepdim=False):
        p = self._placements[0]
        if dim is not None:
            dims = [dim] if isinstance(dim, int) else list(dim)
            dims = [d + self.ndim if d < 0 else d for d in dims]
            local = self._local_tensor.sum(dims, keepdim=keepdim)
            shape = [s for i, s in enumerate(self._shape) if i not in dims] if not keepdim else \
                [1 if i in dims else s for i, s in enumerate(self._shape)]
            if p.is_shard() and p.dim in dims:
                return DTensor(local, self._mesh, (Partial('sum'),), shape)
            if p.is_shard() and not keepdim:
                p = Shard(p.dim - sum(1 for d in dims if d < p.dim))
            return DTensor(local, self._mesh, (p,), shape)
        local = self._local_tensor.sum()
        return DTensor(local, self._mesh, (Partial('sum'),) if p.is_shard() else (p,), [])

    def _shards_all_filled(self):
        p = self._placements[0]
        return not p.is_shard() or min(_chunk_sizes(self._shape[p.dim], self._mesh.size())) > 0

    def mean(self):
        # With every rank holding a piece of equal standing, each rank's mean averages to the whole's
        # (Partial(avg)); with an empty shard, the tensor is gathered and its mean taken, as PyTorch's choice is.
        if self._placements[0].is_shard() and self._shards_all_filled():
            return DTensor(self._local_tensor.mean(), self._mesh, (Partial('avg'),), [])
        whole = self.redistribute(self._mesh, [Replicate()])
        return DTensor(whole._local_tensor.mean(), self._mesh, (Replicate(),), [])

    def __matmul__(self, other):
        if isinstance(other, torch.Tensor):
            raise RuntimeError('aten.mm.default got mixed torch.Tensor and DTensor, need to convert all torch.Tensor '
                               'to DTensor before calling distributed operators!')
        if self.ndim != 2 or other.ndim != 2:
            raise NotImplementedError('DTensor matmul: tsh has the 2-d rules (mm) only')
        a, b = self._placements[0], other._placements[0]
        shape = [self._shape[0], other._shape[1]]
        if a.is_shard(0) and b.is_replicate():
            return DTensor(self._local_tensor @ other._local_tensor, self._mesh, (Shard(0),), shape)
        if a.is_replicate() and b.is_shard(1):
            return DTensor(self._local_tensor @ other._local_tensor, self._mesh, (Shard(1),), shape)
        if a.is_shard(1) and b.is_shard(0) and self._shards_all_filled():  # an empty shard: replicated instead
            return DTensor(self._local_tensor @ other._local_tensor, self._mesh, (Partial('sum'),), shape)
        x = self.redistribute(self._mesh, [Replicate()])
        y = other.redistribute(other._mesh, [Replicate()])
        return DTensor(x._local_tensor @ y._local_tensor, self._mesh, (Replicate(),), shape)

    def mm(self, other):
        return self.__matmul__(other)

    def matmul(self, other):
        return self.__matmul__(other)

    def __getattr__(self, name):
        raise NotImplementedError(f'Operator aten.{name}.default does not have a sharding strategy registered.')


def _default_mesh():
    from torch.distributed.device_mesh import init_device_mesh
    return init_device_mesh('cpu', (dist.get_world_size(),))


def distribute_tensor(tensor, device_mesh=None, placements=None, *, src_data_rank=0):
    """tensor (the same on every rank, or taken from src_data_rank's) spread over the mesh."""
    if isinstance(tensor, DTensor):
        raise ValueError('distribute_tensor: the tensor is a DTensor already')
    mesh = device_mesh if device_mesh is not None else _default_mesh()
    placements = _normalized([Replicate()] if placements is None else placements, tensor.dim())
    whole = tensor.detach().clone().contiguous()
    if src_data_rank is not None:
        _count('c10d.broadcast_')
        dist.broadcast(whole, src_data_rank)
    p = placements[0]
    if p.is_shard():
        local = _chunk(whole, p.dim, mesh.get_local_rank(), mesh.size())
    elif p.is_partial():
        local = whole if mesh.get_local_rank() == 0 else torch.zeros_like(whole)
    else:
        local = whole
    if tensor.requires_grad:
        local.requires_grad_()
    return DTensor(local, mesh, placements, tensor.shape)
