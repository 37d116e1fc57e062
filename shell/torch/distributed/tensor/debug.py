# torch.distributed.tensor.debug: visualize_sharding, the table of which rank holds which block of
# a DTensor (tabulate's "simple" layout, as PyTorch prints it), printed by the mesh's first rank.
import torch
import torch.distributed as dist
from collections import defaultdict
from torch.distributed.tensor import DTensor, _block, _Comms

__all__ = ['visualize_sharding', 'CommDebugMode']


class _OpOverloadPacket:
    """The key CommDebugMode counts a collective under, printed as PyTorch's op object prints."""

    def __init__(self, name):
        self._qualified_op_name = name

    def __repr__(self):
        return f"<OpOverloadPacket(op='{self._qualified_op_name}')>"

    def __eq__(self, other):
        return isinstance(other, _OpOverloadPacket) and other._qualified_op_name == self._qualified_op_name

    def __hash__(self):
        return hash(self._qualified_op_name)


class CommDebugMode:
    """with CommDebugMode() as comm: ... counts the collectives DTensors run in the block (each block
    starts from zero)."""

    def __init__(self):
        self.comm_counts = defaultdict(int)

    def __enter__(self):
        self.comm_counts = defaultdict(int)
        _Comms.modes.append(self)
        return self

    def __exit__(self, *exc):
        _Comms.modes.remove(self)
        return False

    def _record(self, op):
        self.comm_counts[_OpOverloadPacket(op)] += 1

    def get_total_counts(self):
        return sum(self.comm_counts.values())

    def get_comm_counts(self):
        return self.comm_counts

    def __repr__(self):
        return f'CommDebugMode(get_total_counts()={self.get_total_counts()})'


def _ranges(dt, rank):
    """rank's block of dt: a (start, end) per dim, end exclusive (a rank past torch.chunk's last
    piece has an empty block at the end, shown as PyTorch shows it: Row 2-1)."""
    mesh = dt.device_mesh
    coordinate = [(rank // s) % n for s, n in zip(_strides(mesh.shape), mesh.shape)]
    return [(start, start + n) for start, n in _block(dt.shape, dt.placements, mesh, coordinate)]


def _strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.insert(0, step)
        step *= n
    return out


def _table(headers, rows):
    """tabulate(rows, headers) in its "simple" format: columns padded to their widest cell (a header
    counts two wider), two spaces between, no trailing blanks."""
    widths = [max([len(h) + 2 if h else 0] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        return '  '.join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    return '\n'.join([line(headers), line(['-' * w for w in widths])] + [line(r) for r in rows])


def visualize_sharding(dtensor, header='', use_rich=False):
    if not isinstance(dtensor, DTensor):
        raise TypeError('visualize_sharding expects a DTensor')
    if dtensor.numel() == 0:
        return
    if dtensor.ndim >= 3:
        raise RuntimeError('visualize sharding supports only 1D or 2D DTensor')
    if any(c != 0 for c in dtensor.device_mesh.get_coordinate()):  # printed once, by the mesh's first rank
        return
    mesh = dtensor.device_mesh
    blocks = {}
    for r in range(mesh.size()):
        rng = _ranges(dtensor, r)
        rows, cols = rng[0], (rng[1] if dtensor.ndim == 2 else (0, 1))
        blocks.setdefault((rows, cols), []).append(r)
    row_keys = sorted({k[0] for k in blocks})
    col_keys = sorted({k[1] for k in blocks})
    headers = [''] + [f'Col {a}-{b - 1}' for a, b in col_keys]
    table = []
    for rk in row_keys:
        cells = [f'Row {rk[0]}-{rk[1] - 1}']
        for ck in col_keys:
            ranks = blocks.get((rk, ck))
            cells.append(f"{mesh.device_type}:{','.join(str(x) for x in ranks)}" if ranks else '')
        table.append(cells)
    print(_table(headers, table))
