# torch.distributed.tensor: DTensor on an n-d device mesh, over torch.distributed's collectives.
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


def _normalized(placements, ndim, mesh):
    out = []
    for p in placements:
        if not isinstance(p, Placement):
            raise TypeError(f'placements must be Shard, Replicate or Partial, not {type(p).__name__}')
        out.append(Shard(p.dim + ndim) if isinstance(p, Shard) and p.dim < 0 else p)
    if len(out) != mesh.ndim:
        raise ValueError(f'`placements` must have the same length as `device_mesh.ndim`! Found placements length: '
                         f'{len(out)}, and device_mesh.ndim: {mesh.ndim}.')
    return tuple(out)


def _chunk(tensor, dim, index, parts):
    """Piece `index` of tensor split as torch.chunk splits it into `parts` (past the last: empty)."""
    pieces = torch.chunk(tensor, parts, dim)
    if index < len(pieces):
        return pieces[index].clone(memory_format=torch.contiguous_format)  # a storage of its own, not the whole's
    shape = list(tensor.shape)
    shape[dim] = 0
    return torch.empty(shape, dtype=tensor.dtype)


def _chunk_sizes(size, world):
    """The lengths torch.chunk gives each rank along a dim of `size`."""
    step = math.ceil(size / world) if size else 0
    return [max(0, min(step, size - r * step)) for r in range(world)]


def _block(shape, placements, mesh, coordinate, upto=None):
    """The (start, length) per tensor dim of the block a mesh coordinate holds: each Shard(d), in mesh-dim
    order, chunks what the earlier mesh dims left of d (upto: only the mesh dims before it)."""
    out = [(0, n) for n in shape]
    for i, p in enumerate(placements[:upto]):
        if p.is_shard():
            start, length = out[p.dim]
            sizes = _chunk_sizes(length, mesh.size(i))
            c = coordinate[i]
            out[p.dim] = (start + sum(sizes[:c]), sizes[c])
    return out


class DTensor:
    """A tensor spread over a device mesh: this rank's local piece, the mesh, and a placement per mesh dim."""

    def __init__(self, local, mesh, placements, shape, stride=None):
        self._local_tensor = local
        self._mesh = mesh
        self._placements = tuple(placements)
        self._shape = torch.Size(shape)
        self._stride = None if stride is None else tuple(stride)  # None: row-major over the global shape

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
        strides = self._stride
        if strides is None:
            strides, step = [], 1
            for s in reversed(list(self._shape)):
                strides.insert(0, step)
                step *= max(s, 1)
        return tuple(strides) if dim is None else strides[dim]

    def to_local(self, *, grad_placements=None):
        return self._local_tensor

    def full_tensor(self, *, grad_placements=None):
        return self.redistribute(self._mesh, [Replicate()] * self._mesh.ndim).to_local()

    @staticmethod
    def from_local(local_tensor, device_mesh=None, placements=None, *, run_check=False, shape=None, stride=None):
        if isinstance(local_tensor, DTensor):
            raise RuntimeError(f'the local_tensor argument only accepts torch.Tensor but got {type(local_tensor)} value.')
        if (shape is None) != (stride is None):
            raise RuntimeError(f'Found shape:{shape}, stride:{stride}.', 'Please pass both shape and stride at the same time.')
        mesh = device_mesh if device_mesh is not None else _default_mesh()
        placements = [Replicate()] * mesh.ndim if placements is None else placements
        placements = _normalized(placements, local_tensor.dim(), mesh)
        if shape is None:
            # The global shape and strides from the local ones: a sharded dim grows by its mesh dim's
            # size, and so does every stride that steps over it.
            shape = list(local_tensor.shape)
            stride = list(local_tensor.stride())
            for i, p in enumerate(placements):
                if p.is_shard():
                    shape[p.dim] *= mesh.size(i)
                    inner = local_tensor.stride(p.dim)
                    stride = [s * mesh.size(i) if local_tensor.stride(j) > inner else s for j, s in enumerate(stride)]
        # A view: the DTensor's local tensor is not the caller's object, as in PyTorch.
        return DTensor(local_tensor.view_as(local_tensor), mesh, placements, shape, stride)

    def redistribute(self, device_mesh=None, placements=None, *, async_op=False, forward_dtype=None,
                     backward_dtype=None):
        if placements is None:
            raise RuntimeError('placements is needed for redistribute!')
        mesh = self._mesh
        if len(placements) < mesh.ndim:
            raise IndexError('list index out of range')  # as PyTorch's redistribute fails
        target = _normalized(placements, self.ndim, mesh)
        current = list(self._placements)
        for src, dst in zip(current, target):
            if dst.is_partial() and src != dst and not (src.is_shard() and dst == Partial('sum')):
                raise RuntimeError(f'Can not redistribute from {src} to {dst}, only Shard to Partial(sum) '
                                   'redistribution is supported!')
        if tuple(current) == target:
            return DTensor(self._local_tensor, mesh, self._placements, self._shape)
        local = self._local_tensor
        # Which mesh dims give up their shard: those whose placement changes, and every later mesh dim
        # sharding a tensor dim such a change touches (its chunks are chunks of the earlier one's).
        undo = set()
        for i, (src, dst) in enumerate(zip(current, target)):
            if src != dst and src.is_shard():
                undo.add(i)
        changed = True
        while changed:
            changed = False
            for i, (src, dst) in enumerate(zip(current, target)):
                if src == dst and i not in undo:
                    continue
                touched = {p.dim for p in (src, dst) if p.is_shard()}
                for j in range(i + 1, mesh.ndim):
                    if j not in undo and current[j].is_shard() and current[j].dim in touched:
                        undo.add(j)
                        changed = True
        # Partial sums made whole first (a reduction is elementwise, so shards elsewhere do not matter).
        for i, (src, dst) in enumerate(zip(current, target)):
            if src.is_partial() and dst != src:
                _count('c10d_functional.reduce_scatter_tensor' if dst.is_shard() else 'c10d_functional.all_reduce')
                local = local.clone()
                dist.all_reduce(local, op=_REDUCE[src.reduce_op], group=mesh.get_group(i))
                current[i] = Replicate()
        for i in sorted(undo, reverse=True):  # innermost chunks first
            if target[i] == Partial('sum'):  # this rank's shard in place, zeros elsewhere: the ranks' sum is whole
                start, length = _block(self._shape, current, mesh, mesh.get_coordinate(), upto=i + 1)[current[i].dim]
                outer = _block(self._shape, current, mesh, mesh.get_coordinate(), upto=i)[current[i].dim]
                shape = list(local.shape)
                shape[current[i].dim] = outer[1]
                padded = torch.zeros(shape, dtype=local.dtype)
                padded.narrow(current[i].dim, start - outer[0], length).copy_(local)
                local = padded
            else:
                _count('c10d_functional.all_gather_into_tensor')
                local = self._gather(local, current, i)
            current[i] = Replicate()
        for i, dst in enumerate(target):  # then the new chunks, outermost first
            if dst.is_shard() and current[i] != dst:
                local = _chunk(local, dst.dim, mesh.get_local_rank(i), mesh.size(i))
            current[i] = dst
        return DTensor(local, mesh, target, self._shape)

    def _gather(self, local, placements, i):
        """local's pieces along mesh dim i put back together (all_gather of pieces padded to the longest)."""
        d = placements[i].dim
        mesh = self._mesh
        outer = _block(self._shape, placements, mesh, mesh.get_coordinate(), upto=i)[d][1]
        sizes = _chunk_sizes(outer, mesh.size(i))
        longest = max(sizes)
        if local.shape[d] < longest:
            pad_shape = list(local.shape)
            pad_shape[d] = longest - local.shape[d]
            local = torch.cat([local, torch.zeros(pad_shape, dtype=local.dtype)], d)
        parts = [torch.empty_like(local) for _ in range(mesh.size(i))]
        dist.all_gather(parts, local.contiguous(), group=mesh.get_group(i))
        return torch.cat([p.narrow(d, 0, n) for p, n in zip(parts, sizes)], d)

    def _with(self, placements):
        """This DTensor redistributed to placements (itself when they are its own)."""
        placements = tuple(placements)
        return self if placements == self._placements else self.redistribute(self._mesh, placements)

    def _replicated_partials(self):
        return self._with(Replicate() if p.is_partial() else p for p in self._placements)

    # ---- ops with sharding rules
    def _pointwise(self, other, fn, name):
        if isinstance(other, torch.Tensor):
            raise RuntimeError(f'aten.{name}.Tensor got mixed torch.Tensor and DTensor, need to convert all '
                               'torch.Tensor to DTensor before calling distributed operators!')
        mine = self
        if isinstance(other, DTensor):
            partial = any(p.is_partial() for p in self._placements + other._placements)
            if partial and not (name in ('add', 'sub') and self._placements == other._placements):
                mine, other = self._replicated_partials(), other._replicated_partials()
            shape = torch.broadcast_shapes(self._shape, other._shape)
            if other.ndim > mine.ndim:  # the operand with more dims leads; the other follows it
                lead = other._with(_aligned(mine._placements, mine._shape, shape))
                mine = mine._with(_aligned(lead._placements, shape, mine._shape))
                placements = lead._placements
            else:
                mine = mine._with(_aligned(mine._placements, shape, shape))
                other = other._with(_aligned(mine._placements, shape, other._shape))
                placements = mine._placements
            out = fn(mine._local_tensor, other._local_tensor)
        else:
            if any(p.is_partial() for p in mine._placements) and name not in ('mul', 'div'):
                mine = mine._replicated_partials()
            out = fn(mine._local_tensor, other)
            shape, placements = self._shape, mine._placements
        return DTensor(out, self._mesh, placements, shape)

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
        if dim is None:
            local = self._local_tensor.sum()
            return DTensor(local, self._mesh, tuple(Partial('sum') if p.is_shard() else p for p in self._placements), [])
        dims = [dim] if isinstance(dim, int) else list(dim)
        dims = [d + self.ndim if d < 0 else d for d in dims]
        local = self._local_tensor.sum(dims, keepdim=keepdim)
        shape = [s for i, s in enumerate(self._shape) if i not in dims] if not keepdim else \
            [1 if i in dims else s for i, s in enumerate(self._shape)]
        placements = []
        for p in self._placements:
            if p.is_shard() and p.dim in dims:
                p = Partial('sum')
            elif p.is_shard() and not keepdim:
                p = Shard(p.dim - sum(1 for d in dims if d < p.dim))
            placements.append(p)
        return DTensor(local, self._mesh, placements, shape)

    def _shards_all_filled(self):
        return all(min(_chunk_sizes(self._shape[p.dim], self._mesh.size(i))) > 0
                   for i, p in enumerate(self._placements) if p.is_shard())

    def mean(self):
        # With every rank holding a piece of equal standing, each rank's mean averages to the whole's
        # (Partial(avg)); with an empty shard, the tensor is gathered and its mean taken, as PyTorch's choice is.
        if any(p.is_shard() for p in self._placements) and self._shards_all_filled():
            placements = tuple(Partial('avg') if p.is_shard() else p for p in self._placements)
            return DTensor(self._local_tensor.mean(), self._mesh, placements, [])
        whole = self.redistribute(self._mesh, [Replicate()] * self._mesh.ndim)
        return DTensor(whole._local_tensor.mean(), self._mesh, whole._placements, [])

    def __matmul__(self, other):
        if isinstance(other, torch.Tensor):
            raise RuntimeError('aten.mm.default got mixed torch.Tensor and DTensor, need to convert all torch.Tensor '
                               'to DTensor before calling distributed operators!')
        if self.ndim != 2 or other.ndim != 2:
            raise NotImplementedError('DTensor matmul: tsh has the 2-d rules (mm) only')
        # Each mesh dim by itself: A's rows sharded keep B whole; B's columns likewise; the inner dim
        # sharded on both sums partial products; a Partial side times a whole one stays Partial.
        # Placements without such a rule are changed as PyTorch's cheapest strategy changes them:
        # a whole side is chunked for free to meet the other's inner shard; else A's row shard is kept
        # (B gathered), else B's column shard (A gathered); else both are gathered.
        rules = {('S0', 'R'): Shard(0), ('R', 'S1'): Shard(1), ('S1', 'S0'): Partial('sum'), ('R', 'R'): Replicate(),
                 ('P', 'R'): Partial('sum'), ('R', 'P'): Partial('sum')}

        def key(p):
            return 'R' if p.is_replicate() else f'S{p.dim}' if p.is_shard() else 'P' if p.reduce_op == 'sum' else '?'

        def shardable(i, pa, pb):  # a dim shorter than the mesh dim cannot be sharded (PyTorch drops it)
            return not any(p.is_shard() and t._shape[p.dim] < self._mesh.size(i) for p, t in ((pa, self), (pb, other)))

        a_to, b_to, out = [], [], []
        for i, (a, b) in enumerate(zip(self._placements, other._placements)):
            candidates = [(a, b), (a, Shard(0)), (Shard(1), b), (a, Replicate()), (Replicate(), b),
                          (Replicate(), Replicate())]
            for pa, pb in candidates:
                rule = rules.get((key(pa), key(pb)))
                if rule is not None and shardable(i, pa, pb) and (pa == a or pa.is_replicate() or a.is_replicate()) \
                        and (pb == b or pb.is_replicate() or b.is_replicate()):
                    break
            a_to.append(pa)
            b_to.append(pb)
            out.append(rule)
        x, y = self._with(a_to), other._with(b_to)
        return DTensor(x._local_tensor @ y._local_tensor, self._mesh, out, [self._shape[0], other._shape[1]])

    def mm(self, other):
        return self.__matmul__(other)

    def matmul(self, other):
        return self.__matmul__(other)

    # ---- views: a shard follows its dim where the rule is plain; anything else is refused, saying so
    def _viewed(self, placements, shape, local_fn, op):
        local_shape = [n for _, n in _block(shape, placements, self._mesh, self._mesh.get_coordinate())]
        local = local_fn(self._local_tensor)
        if list(local.shape) != local_shape:
            raise RuntimeError(f'Operator aten.{op}.default does not have a sharding strategy in tsh for this tensor\'s '
                               f'placements {self._placements}: redistribute it before this operation.')
        return DTensor(local, self._mesh, placements, shape)

    def view(self, *shape):
        shape = _shape_args(shape)
        shape = list(torch.empty(self._shape, device='meta').view(shape).shape)
        placements = [_view_placement(p, list(self._shape), shape, self._mesh.size(i), 'view')
                      for i, p in enumerate(self._placements)]
        local_shape = [n for _, n in _block(shape, placements, self._mesh, self._mesh.get_coordinate())]
        return self._viewed(placements, shape, lambda t: t.reshape(local_shape), 'view')

    def reshape(self, *shape):
        return self.view(*shape)

    def flatten(self, start_dim=0, end_dim=-1):
        start = start_dim + self.ndim if start_dim < 0 else start_dim
        end = end_dim + self.ndim if end_dim < 0 else end_dim
        dims = list(self._shape)
        return self.view(dims[:start] + [math.prod(dims[start:end + 1])] + dims[end + 1:]) if self.ndim else self.view(1)

    def permute(self, *dims):
        dims = [d + self.ndim if d < 0 else d for d in _shape_args(dims)]
        placements = [Shard(dims.index(p.dim)) if p.is_shard() else p for p in self._placements]
        shape = [self._shape[d] for d in dims]
        return self._viewed(placements, shape, lambda t: t.permute(dims), 'permute')

    def transpose(self, dim0, dim1):
        dims = list(range(self.ndim))
        a, b = dim0 % max(self.ndim, 1), dim1 % max(self.ndim, 1)
        dims[a], dims[b] = dims[b], dims[a]
        return self.permute(dims)

    def t(self):
        if self.ndim > 2:
            raise RuntimeError(f't() expects a tensor with <= 2 dimensions, but self is {self.ndim}D')
        return self.transpose(0, 1) if self.ndim == 2 else self

    @property
    def T(self):
        return self.permute(list(reversed(range(self.ndim))))

    def unsqueeze(self, dim):
        d = dim + self.ndim + 1 if dim < 0 else dim
        placements = [Shard(p.dim + 1) if p.is_shard() and p.dim >= d else p for p in self._placements]
        shape = list(self._shape)
        shape.insert(d, 1)
        return self._viewed(placements, shape, lambda t: t.unsqueeze(d), 'unsqueeze')

    def _unary(self, name, *args, **kwargs):
        """A pointwise op of one tensor: shards and replicas map piece by piece; a partial sum is made
        whole first (the op is not linear)."""
        mine = self._replicated_partials()
        local = getattr(mine._local_tensor, name)(*args, **kwargs)
        return DTensor(local, self._mesh, mine._placements, self._shape)

    # ---- tsh's teaching views, for the magics (%storage d, %explain d.redistribute(...))
    def __tsh_storage__(self, label):
        from torch.distributed.tensor.debug import _storage_text
        return _storage_text(self, label), self._local_tensor

    def __tsh_describe__(self):
        from torch.distributed.tensor.debug import _describe
        return _describe(self)

    def __tsh_explain__(self, step, out, args):
        from torch.distributed.tensor.debug import _explain_step
        return _explain_step(self, step, out, args)

    def __getattr__(self, name):
        if name in _UNARY:
            return lambda *args, **kwargs: self._unary(name, *args, **kwargs)
        raise NotImplementedError(f'Operator aten.{name}.default does not have a sharding strategy registered.')


_UNARY = {'abs', 'sin', 'cos', 'tan', 'exp', 'exp2', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sqrt', 'rsqrt',
          'tanh', 'sigmoid', 'relu', 'floor', 'ceil', 'round', 'trunc', 'sign', 'square', 'reciprocal', 'erf',
          'clamp', 'pow', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'frac', 'sgn', 'logical_not', 'bitwise_not'}


def _shape_args(args):
    return list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple, torch.Size)) else list(args)


def _aligned(placements, from_shape, to_shape):
    """Placements for a tensor of to_shape that broadcasts against one of from_shape placed so: a shard
    of a dim it has (with more than one element) carries over, right-aligned; anything else is whole."""
    out = []
    lead = len(from_shape) - len(to_shape)
    for p in placements:
        d = p.dim - lead if p.is_shard() else -1
        if p.is_shard() and 0 <= d < len(to_shape) and to_shape[d] == from_shape[p.dim] and to_shape[d] != 1:
            out.append(Shard(d))
        elif p.is_shard():
            out.append(Replicate())
        else:
            out.append(p)
    return out


def _view_placement(p, old, new, parts, op):
    """Where Shard(p.dim) of a tensor of shape old goes when it is viewed as new: the dims are grouped
    where their products meet; a shard of a group's first dim moves to the group's first new dim when
    the rows each rank holds stay whole rows there (the new dim divides evenly among the ranks)."""
    if not p.is_shard():
        return p
    i = j = 0
    while i < len(old) or j < len(new):
        gi, gj = [i], [j]
        a = old[i] if i < len(old) else 1
        b = new[j] if j < len(new) else 1
        while a != b:
            if a < b:
                i += 1
                gi.append(i)
                a *= old[i]
            else:
                j += 1
                gj.append(j)
                b *= new[j]
        if p.dim in gi:
            # size-1 dims around the shard belong to no rows: skip them on both sides
            first_old = next((k for k in gi if k < len(old) and old[k] != 1), gi[0])
            first_new = next((k for k in gj if k < len(new) and new[k] != 1), gj[0])
            if p.dim == first_old and first_new < len(new) and (len(gi) == 1 and len(gj) == 1 or
                                                                new[first_new] % parts == 0 and old[p.dim] % parts == 0):
                return Shard(first_new)
            raise RuntimeError(f'Operator aten.{op}.default does not have a sharding strategy in tsh for Shard(dim='
                               f'{p.dim}) of shape {tuple(old)} viewed as {tuple(new)}: redistribute the tensor before '
                               'this operation.')
        i += 1
        j += 1
    return p


def _default_mesh():
    """The mesh of the innermost `with mesh:` block, else a new 1-d mesh of every rank."""
    from torch.distributed.device_mesh import init_device_mesh, _current_mesh
    current = _current_mesh()
    return current if current is not None else init_device_mesh('cpu', (dist.get_world_size(),))


def distribute_tensor(tensor, device_mesh=None, placements=None, *, src_data_rank=0):
    """tensor (the same on every rank, or taken from src_data_rank's) spread over the mesh: mesh dim by
    mesh dim, a Shard takes this rank's chunk and a Partial(sum) this rank's share (the whole divided
    among the dim's ranks, as PyTorch partitions a value); avg, max and min keep it whole."""
    if isinstance(tensor, DTensor):
        raise ValueError('distribute_tensor: the tensor is a DTensor already')
    mesh = device_mesh if device_mesh is not None else _default_mesh()
    placements = _normalized([Replicate()] * mesh.ndim if placements is None else placements, tensor.dim(), mesh)
    local = tensor.detach().clone().contiguous()
    if src_data_rank is not None:
        _count('c10d.broadcast_')
        dist.broadcast(local, src_data_rank)
    for i, p in enumerate(placements):
        if p.is_shard():
            local = _chunk(local, p.dim, mesh.get_local_rank(i), mesh.size(i))
        elif p.is_partial():
            if p.reduce_op == 'sum':
                local = local / mesh.size(i)
            elif p.reduce_op not in ('avg', 'max', 'min'):
                raise NotImplementedError(f'distribute_tensor: tsh cannot partition a value for Partial({p.reduce_op})')
    if tensor.requires_grad:
        local.requires_grad_()
    return DTensor(local, mesh, placements, tensor.shape, tensor.stride())
