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


# ---- tsh's teaching views of a DTensor: %storage draws the global tensor by the ranks that hold it;
# %explain names the collective each redistribution runs. Neither is PyTorch API.

def _owners(dt):
    """{global rank: [(start, end) per dim]} for every rank of the mesh."""
    return {r: _ranges(dt, r) for r in range(dt.device_mesh.size())}


def _ranks_text(ranks):
    return ('rank ' if len(ranks) == 1 else 'ranks ') + ','.join(str(r) for r in ranks)


def _block_text(rng):
    return ', '.join(f'{a}:{b}' for a, b in rng) or 'the scalar'


def _storage_text(dt, label):
    """The global tensor (gathered: every rank must draw it together) in boxes, one per block of
    elements that the same ranks hold, each box headed by those ranks; then what this rank holds."""
    mesh = dt.device_mesh
    me = dist.get_rank()
    owners = _owners(dt)
    mine = owners[me]
    lines = [f'{label}: DTensor of global size {tuple(dt.shape)}, placements {dt.placements}, on {mesh}',
             f'rank {me} holds [{_block_text(mine)}] as its local tensor, of size {tuple(dt.to_local().shape)}']
    full = dt.full_tensor()
    grid = full if full.dim() == 2 else full.reshape(1, -1) if full.dim() < 2 else None
    if grid is None or grid.numel() > 400 or grid.numel() == 0:
        lines.append('(the global tensor is not drawn: ' + ('more than 2 dims' if grid is None else 'empty' if
                     grid.numel() == 0 else 'more than 400 elements') + '; visualize_sharding shows the blocks)')
        return '\n'.join(lines) + '\n\n'
    # Each element's ranks; the block boundaries are where the ranks change along a row or a column.
    rows, cols = grid.shape

    def at(i, j):
        index = (i, j) if full.dim() == 2 else (j,) if full.dim() == 1 else ()
        return tuple(r for r, rng in owners.items() if all(a <= x < b for x, (a, b) in zip(index, rng)))

    held = [[at(i, j) for j in range(cols)] for i in range(rows)]
    row_cuts = [0] + [i for i in range(1, rows) if held[i] != held[i - 1]] + [rows]
    col_cuts = [0] + [j for j in range(1, cols) if any(held[i][j] != held[i][j - 1] for i in range(rows))] + [cols]
    values = [[_element(grid, i, j) for j in range(cols)] for i in range(rows)]
    width = max(len(v) for row in values for v in row)
    boxes = []
    for c0, c1 in zip(col_cuts, col_cuts[1:]):
        inner = max(len(_ranks_text(held[r0][c0])) for r0 in row_cuts[:-1])
        boxes.append(max(inner, (c1 - c0) * (width + 1) + 1))
    rule = lambda left, mid, right: left + mid.join('─' * (w + 2) for w in boxes) + right
    lines.append('the global tensor, in blocks by the ranks that hold them:')
    lines.append(rule('┌', '┬', '┐'))
    for k, (r0, r1) in enumerate(zip(row_cuts, row_cuts[1:])):
        if k:
            lines.append(rule('├', '┼', '┤'))
        heads = [_ranks_text(held[r0][c0]).ljust(w) for (c0, c1), w in zip(zip(col_cuts, col_cuts[1:]), boxes)]
        lines.append('│ ' + ' │ '.join(heads) + ' │')
        for i in range(r0, r1):
            cells = [(' ' + ' '.join(v.rjust(width) for v in values[i][c0:c1])).ljust(w)
                     for (c0, c1), w in zip(zip(col_cuts, col_cuts[1:]), boxes)]
            lines.append('│ ' + ' │ '.join(cells) + ' │')
    lines.append(rule('└', '┴', '┘'))
    empty = [r for r, rng in owners.items() if any(b <= a for a, b in rng)]
    if empty:
        lines.append(f'({_ranks_text(empty)} {"holds" if len(empty) == 1 else "hold"} an empty piece: torch.chunk '
                     'gives fewer pieces than there are ranks)')
    partial = [i for i, p in enumerate(dt.placements) if p.is_partial()]
    if partial:
        lines.append(f'(Partial on mesh dim {", ".join(map(str, partial))}: each rank holds a part of these values, '
                     'which the ranks\' reduction makes whole)')
    return '\n'.join(lines) + '\n\n'


def _element(grid, i, j):
    """One element as the tensor prints it (its own repr's digits)."""
    text = repr(grid[i, j])
    return text[len('tensor('):].split(',')[0].rstrip(')')


_MOVES = {
    ('S', 'R'): 'all_gather: the {n} along mesh dim {i} put their chunks of dim {d} together, each gets them all '
                '(c10d_functional.all_gather_into_tensor)',
    ('P', 'R'): 'all_reduce ({op}): the {n} along mesh dim {i} combine their partial values, each gets the whole '
                '(c10d_functional.all_reduce)',
    ('P', 'S'): 'reduce_scatter ({op}): the {n} along mesh dim {i} combine their partial values and each keeps '
                'its chunk of dim {e} (c10d_functional.reduce_scatter_tensor)',
    ('R', 'S'): 'no communication: each of the {n} along mesh dim {i} keeps its chunk of dim {e} (a local slice)',
    ('S', 'S'): 'all_gather of dim {d} along mesh dim {i}, then each rank keeps its chunk of dim {e} '
                '(c10d_functional.all_gather_into_tensor)',
    ('S', 'P'): 'no communication: each of the {n} along mesh dim {i} puts its chunk of dim {d} in place in zeros, '
                'so that the ranks\' sum is the whole',
}


def _kind(p):
    return 'S' if p.is_shard() else 'P' if p.is_partial() else 'R'


def _describe(dt):
    return (f'DTensor of global size {tuple(dt.shape)}, placements {dt.placements} on {dt.device_mesh}; rank '
            f'{dist.get_rank()} holds [{_block_text(_ranges(dt, dist.get_rank()))}]')


def _explain_step(dt, step, out, args):
    """%explain's lines for one step applied to a DTensor: what it gave, then each mesh dim's move."""
    if not isinstance(out, DTensor):
        if step == 'full_tensor':
            return ['a tensor of size ' + str(tuple(out.shape)) + ': the whole, put together on every rank',
                    'each Shard gathered (all_gather) and each Partial reduced (all_reduce), mesh dim by mesh dim']
        if step == 'to_local':
            return ['this rank\'s local tensor, of size ' + str(tuple(out.shape)) + ' (no communication)']
        return [repr(out)]
    said = ['a DTensor of global size ' + str(tuple(out.shape)) + ', placements ' + str(out.placements) +
            '; this rank\'s local size ' + str(tuple(dt.to_local().shape)) + ' → ' + str(tuple(out.to_local().shape))]
    if step != 'redistribute':
        for i, (a, b) in enumerate(zip(dt.placements, out.placements)):
            if a != b:
                said.append(f'mesh dim {i}: {a!r} → {b!r}, by the sharding rule of {step}')
        return said
    mesh = dt.device_mesh
    for i, (a, b) in enumerate(zip(dt.placements, out.placements)):
        if a == b:
            said.append(f'mesh dim {i}: {a!r} stays: nothing moves')
            continue
        move = _MOVES.get((_kind(a), _kind(b)), 'a move tsh does not explain')
        n = mesh.size(i)
        said.append(f'mesh dim {i}: {a!r} → {b!r}: ' + move.format(
            n='one rank' if n == 1 else f'{n} ranks', i=i, d=getattr(a, 'dim', None), e=getattr(b, 'dim', None),
            op=getattr(a, 'reduce_op', None)))
    return said
