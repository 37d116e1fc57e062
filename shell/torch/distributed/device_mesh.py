# torch.distributed.device_mesh: the ranks laid out as a mesh, each mesh dimension a process group.
# tsh has 1-d meshes (over the default group); a mesh of more dimensions is refused, saying so.
import torch
import torch.distributed as dist

__all__ = ['DeviceMesh', 'init_device_mesh']


class DeviceMesh:
    """The ranks of a 1-d mesh, in order, and the process group that joins them."""

    def __init__(self, device_type, mesh, *, mesh_dim_names=None, _init_backend=True):
        ranks = mesh.tolist() if isinstance(mesh, torch.Tensor) else list(mesh)
        if ranks and isinstance(ranks[0], list):
            raise NotImplementedError('DeviceMesh: tsh has 1-d meshes only')
        if not dist.is_initialized():
            dist.init_process_group('gloo')
        if ranks != list(range(dist.get_world_size())):
            raise NotImplementedError('DeviceMesh: tsh meshes span every rank, in order')
        if device_type != 'cpu':
            raise NotImplementedError(f"DeviceMesh: tsh meshes are on 'cpu', not '{device_type}'")
        self.device_type = device_type
        self._ranks = ranks
        self.mesh_dim_names = None if mesh_dim_names is None else tuple(mesh_dim_names)

    def __repr__(self):
        n = len(self._ranks)
        shape = f'({self.mesh_dim_names[0]}={n})' if self.mesh_dim_names else f'({n},)'
        return f"DeviceMesh({shape}, '{self.device_type}', stride=(1,))"

    def __eq__(self, other):
        return isinstance(other, DeviceMesh) and other._ranks == self._ranks and other.device_type == self.device_type

    def __hash__(self):
        return hash(tuple(self._ranks))

    @property
    def ndim(self):
        return 1

    @property
    def shape(self):
        return (len(self._ranks),)

    @property
    def mesh(self):
        return torch.tensor(self._ranks)

    def size(self, mesh_dim=None):
        return len(self._ranks)

    def get_group(self, mesh_dim=None):
        return dist.group.WORLD

    def get_local_rank(self, mesh_dim=None):
        return dist.get_rank()

    def get_coordinate(self):
        return (dist.get_rank(),)

    def get_rank(self):
        return dist.get_rank()


def init_device_mesh(device_type, mesh_shape, *, mesh_dim_names=None, backend_override=None):
    shape = tuple(mesh_shape)
    if len(shape) != 1:
        raise NotImplementedError('init_device_mesh: tsh has 1-d meshes only')
    if mesh_dim_names is not None and len(mesh_dim_names) != len(shape):
        raise RuntimeError(f'mesh_shape and mesh_dim_names should have same length! Found {len(shape)} and '
                           f'{len(mesh_dim_names)}.')
    if not dist.is_initialized():
        dist.init_process_group('gloo')
    if shape[0] != dist.get_world_size():
        raise RuntimeError(f'Mesh should not be bigger than default world size {dist.get_world_size()}, but found '
                           f'{shape[0]} ranks!')
    return DeviceMesh(device_type, list(range(shape[0])), mesh_dim_names=mesh_dim_names)
