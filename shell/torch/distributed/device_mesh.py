# torch.distributed.device_mesh: the ranks laid out as an n-d mesh, each mesh dimension a set of
# process groups (the ranks that differ only in that coordinate). tsh's meshes hold every rank of
# the world, in order (init_device_mesh's layout); a mesh in any other order is refused, saying so.
import math
import torch
import torch.distributed as dist

__all__ = ['DeviceMesh', 'init_device_mesh']


def _strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.insert(0, step)
        step *= n
    return tuple(out)


class DeviceMesh:
    """Ranks in a grid: shape, its names, this rank's coordinate, and one process group per mesh
    dimension (the world's group for a 1-d mesh of every rank)."""

    def __init__(self, device_type, mesh, *, mesh_dim_names=None, _init_backend=True, _layout=None):
        ranks = mesh if isinstance(mesh, torch.Tensor) else torch.tensor(mesh)
        ranks = ranks.to(torch.int32)
        if device_type != 'cpu':
            raise NotImplementedError(f"DeviceMesh: tsh meshes are on 'cpu', not '{device_type}'")
        if not dist.is_initialized():
            dist.init_process_group('gloo')
        self.device_type = device_type
        self.mesh = ranks
        self.mesh_dim_names = None if mesh_dim_names is None else tuple(mesh_dim_names)
        if _layout is not None:  # a slice of a parent mesh: its groups, strides and this rank's place
            self._stride, self._groups, self._coordinate = _layout
            return
        if ranks.flatten().tolist() != list(range(dist.get_world_size())):
            raise NotImplementedError('DeviceMesh: tsh meshes hold every rank of the world, in order '
                                      '(torch.arange(world_size).view(mesh_shape))')
        self._stride = _strides(tuple(ranks.shape))
        me = dist.get_rank()
        self._coordinate = tuple((me // s) % n for s, n in zip(self._stride, ranks.shape))
        self._groups = [self._make_groups(d) for d in range(ranks.dim())]

    def _make_groups(self, d):
        """This rank's group along mesh dim d. Every rank makes every group of the dim, in order."""
        if self.mesh.dim() == 1:
            return dist.group.WORLD
        mine = None
        moved = self.mesh.movedim(d, -1).reshape(-1, self.mesh.shape[d])
        for row in moved.tolist():
            g = dist.new_group(row)
            if dist.get_rank() in row:
                mine = g
        return mine

    def __repr__(self):
        if self.mesh_dim_names:
            shape = '(' + ', '.join(f'{n}={s}' for n, s in zip(self.mesh_dim_names, self.mesh.shape)) + ')'
        else:
            shape = str(tuple(self.mesh.shape))
        # PyTorch's layout gives a dim of one rank no stride: it prints as ()
        strides = [() if n == 1 else s for s, n in zip(self._stride, self.mesh.shape)]
        return f"DeviceMesh({shape}, '{self.device_type}', stride={tuple(strides)})"

    def __eq__(self, other):
        return (isinstance(other, DeviceMesh) and other.mesh.equal(self.mesh) and other.device_type == self.device_type
                and other.mesh_dim_names == self.mesh_dim_names and other._stride == self._stride)

    def __hash__(self):
        return hash((tuple(self.mesh.flatten().tolist()), self._stride))

    @property
    def ndim(self):
        return self.mesh.dim()

    @property
    def shape(self):
        return tuple(self.mesh.shape)

    def _dim(self, mesh_dim, what):
        if mesh_dim is None:
            if self.ndim > 1:
                extra = ('If you want to get the list of all the ProcessGroups in the DeviceMesh,please use '
                         '`get_all_groups()` instead.',) if what == 'group' else ()
                raise RuntimeError((f'Found the DeviceMesh have {self.ndim} dimensions',
                                    'Optional kwarg `mesh_dim` needs to be specified when device_mesh.ndim > 1.')
                                   + extra)
            return 0
        if isinstance(mesh_dim, str):
            if not self.mesh_dim_names or mesh_dim not in self.mesh_dim_names:
                raise KeyError(f'Mesh dimension {mesh_dim} does not exist. Available mesh dimensions are: '
                               f'mesh_dim_names={self.mesh_dim_names}')
            return self.mesh_dim_names.index(mesh_dim)
        return mesh_dim + self.ndim if mesh_dim < 0 else mesh_dim

    def size(self, mesh_dim=None):
        return self.mesh.numel() if mesh_dim is None else self.mesh.shape[self._dim(mesh_dim, 'size')]

    def get_group(self, mesh_dim=None):
        return self._groups[self._dim(mesh_dim, 'group')]

    def get_all_groups(self):
        return list(self._groups)

    def get_local_rank(self, mesh_dim=None):
        return self._coordinate[self._dim(mesh_dim, 'rank')]

    def get_coordinate(self):
        return self._coordinate

    def get_rank(self):
        return dist.get_rank()

    def __enter__(self):
        _Context.meshes.append(self)
        return self

    def __exit__(self, *exc):
        _Context.meshes.pop()
        return False

    def __getitem__(self, names):
        if not self.mesh_dim_names:
            raise RuntimeError('Cannot slice a DeviceMesh without mesh_dim_names!')
        names = (names,) if isinstance(names, str) else tuple(names)
        if any(n not in self.mesh_dim_names for n in names):
            raise KeyError(f'Invalid mesh_dim_names {names} specified. Valid mesh_dim_names are '
                           f'{list(self.mesh_dim_names)}.')
        dims = [self.mesh_dim_names.index(n) for n in names]
        if dims == list(range(self.ndim)):
            return self
        # The ranks that share this rank's coordinate on every other dim.
        index = tuple(slice(None) if d in dims else self._coordinate[d] for d in range(self.ndim))
        sub = self.mesh[index]
        layout = (tuple(self._stride[d] for d in dims), [self._groups[d] for d in dims],
                  tuple(self._coordinate[d] for d in dims))
        return DeviceMesh(self.device_type, sub, mesh_dim_names=names, _layout=layout)


class _Context:
    meshes = []  # the meshes of the `with mesh:` blocks now open, innermost last


def _current_mesh():
    return _Context.meshes[-1] if _Context.meshes else None


def init_device_mesh(device_type, mesh_shape, *, mesh_dim_names=None, backend_override=None):
    shape = tuple(mesh_shape)
    if mesh_dim_names is not None:
        if len(mesh_dim_names) != len(shape):
            raise RuntimeError(f'mesh_shape and mesh_dim_names should have same length! Found len(mesh_dim_names): '
                               f'{len(mesh_dim_names)} and len(mesh_shape):{len(shape)}.')
        if len(set(mesh_dim_names)) != len(mesh_dim_names):
            raise RuntimeError(f'Each mesh_dim_name must be unique. Found repeated mesh_dim_name in mesh_dim_names '
                               f'{mesh_dim_names}')
    if backend_override is not None:
        raise NotImplementedError('init_device_mesh: backend_override is not supported by tsh')
    if not dist.is_initialized():
        dist.init_process_group('gloo')
    if math.prod(shape) > dist.get_world_size():
        raise RuntimeError(f'Mesh should not be bigger than default world size {dist.get_world_size()}, but found '
                           f'{math.prod(shape)} ranks!')
    if math.prod(shape) != dist.get_world_size():
        raise NotImplementedError(f'init_device_mesh: tsh meshes hold every rank of the world '
                                  f'({dist.get_world_size()}), not {math.prod(shape)}')
    return DeviceMesh(device_type, torch.arange(math.prod(shape)).view(shape), mesh_dim_names=mesh_dim_names)
