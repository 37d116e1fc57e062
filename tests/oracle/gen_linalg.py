#!/usr/bin/env python3
"""Writes tests/unit/engine/data/linalg_oracle.txt: torch.linalg against PyTorch 2.x on random inputs.

    MKL_CBWR=AVX2 OMP_NUM_THREADS=1 ATEN_CPU_CAPABILITY=avx2 /tmp/t2/bin/python tests/oracle/gen_linalg.py

Every case is a function x dtype (float32, float64, complex64, complex128) x layout (contiguous,
transposed, sliced out of a bigger tensor, batched 2 x 3). Inputs are well-conditioned random
matrices from a fixed NumPy seed; the expected outputs are PyTorch's. The engine test
(tests/unit/engine/test_linalg_oracle.cpp) rebuilds each input in its layout, runs tsh's function
and compares within PyTorch's own test tolerances. Only what the two LAPACKs (MKL in the wheel,
OpenBLAS in tsh) must agree on is recorded: eigenvectors and singular vectors, whose signs and
phases are a free choice, appear through products that do not depend on it.

Format, one record per line:
    case NAME OP LAYOUT PARAMS...      (PARAMS: key=value)
    in DTYPE SHAPE VALUES              (SHAPE: dims joined by 'x', '-' for 0-d)
    out DTYPE SHAPE VALUES
Values are %.17g; complex values are written re:im.
"""
import os

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'unit', 'engine', 'data', 'linalg_oracle.txt')
DTYPES = {'float32': torch.float32, 'float64': torch.float64, 'complex64': torch.complex64,
          'complex128': torch.complex128}
rng = np.random.default_rng(20261126)


def fmt_tensor(kind, t):
    t = t.detach().cpu()
    name = str(t.dtype).replace('torch.', '')
    shape = 'x'.join(str(s) for s in t.shape) if t.dim() else '-'
    flat = t.reshape(-1).tolist()
    if t.is_complex():
        vals = ' '.join('%.17g:%.17g' % (v.real, v.imag) for v in flat)
    elif t.dtype in (torch.int32, torch.int64, torch.bool):
        vals = ' '.join(str(int(v)) for v in flat)
    else:
        vals = ' '.join('%.17g' % v for v in flat)
    return '%s %s %s %s' % (kind, name, shape, vals)


def matrix(n, m, dtype, batch=(), spd=False, well=True):
    shape = tuple(batch) + (n, m)
    a = rng.standard_normal(shape)
    if dtype.is_complex:
        a = a + 1j * rng.standard_normal(shape)
    t = torch.tensor(a, dtype=dtype)
    if spd:
        t = t @ t.mH + n * torch.eye(n, dtype=dtype)
    elif well and n == m:
        t = t + 2 * n * torch.eye(n, dtype=dtype)
    return t


lines = []


def in_layout(t, layout):
    """The layout the engine test rebuilds each input in (test_linalg_oracle.cpp's in_layout), so
    that PyTorch computes on the same strides as tsh: a transposed copy, or a view into a bigger
    tensor at row 1, column 1."""
    if t.dim() < 2 or layout in ('contiguous', 'batched'):
        return t
    if layout == 'transposed':
        return t.mT.contiguous().mT
    holder = torch.full(t.shape[:-2] + (t.shape[-2] + 1, t.shape[-1] + 2), 7, dtype=t.dtype)
    view = holder[..., 1:1 + t.shape[-2], 1:1 + t.shape[-1]]
    view.copy_(t)
    return view


def case(name, op, layout, inputs, outputs, **params):
    p = ' '.join('%s=%s' % (k, v) for k, v in params.items())
    lines.append(('case %s %s %s %s' % (name, op, layout, p)).rstrip())
    for t in inputs:
        lines.append(fmt_tensor('in', t))
    for t in outputs:
        lines.append(fmt_tensor('out', t))


def square_first(op, fn, spd=False, shapes=((4, 4),), **params):
    """Cases of fn on square (or given) matrices in every dtype and layout."""
    for dname, dt in DTYPES.items():
        for layout in ('contiguous', 'transposed', 'sliced', 'batched'):
            for (n, m) in shapes:
                batch = (2, 3) if layout == 'batched' else ()
                a = matrix(n, m, dt, batch, spd=spd)
                outs = fn(in_layout(a, layout))
                if not isinstance(outs, (tuple, list)):
                    outs = [outs]
                case('%s_%s_%s_%dx%d' % (op, dname, layout, n, m), op, layout, [a], list(outs), **params)


L = torch.linalg
square_first('inv', L.inv)
square_first('det', L.det)
square_first('slogdet', lambda a: tuple(L.slogdet(a)))
square_first('matrix_exp', lambda a: L.matrix_exp(a / 4))
square_first('matrix_power3', lambda a: L.matrix_power(a, 3))
square_first('matrix_power_neg2', lambda a: L.matrix_power(a, -2))
square_first('pinv', L.pinv, shapes=((4, 4), (5, 3)))
square_first('svdvals', L.svdvals, shapes=((4, 4), (5, 3), (3, 5)))
square_first('svd_product', lambda a: (lambda u, s, vh: (s, u @ torch.diag_embed(s).to(a.dtype) @ vh))(
    *L.svd(a, full_matrices=False)), shapes=((5, 3),))
square_first('matrix_norm_fro', L.matrix_norm)
square_first('matrix_norm_nuc', lambda a: L.matrix_norm(a, 'nuc'))
square_first('matrix_norm_2', lambda a: L.matrix_norm(a, 2))
square_first('matrix_norm_1', lambda a: L.matrix_norm(a, 1))
square_first('matrix_norm_inf', lambda a: L.matrix_norm(a, float('inf')))
square_first('vector_norm_3', lambda a: L.vector_norm(a, 3.0, dim=-1))
square_first('cond', L.cond)
square_first('cond_1', lambda a: L.cond(a, 1))
square_first('matrix_rank', L.matrix_rank, shapes=((4, 4), (5, 3)))
square_first('eigvalsh', L.eigvalsh, spd=True)
square_first('eigh_product', lambda a: (lambda w, v: (w, v @ torch.diag_embed(w).to(a.dtype) @ v.mH))(*L.eigh(a)),
             spd=True)
square_first('eigvals_sorted', lambda a: torch.sort(L.eigvals(a).abs(), dim=-1).values)
square_first('eig_product', lambda a: (lambda w, v: v @ torch.diag_embed(w) @ L.inv(v))(*L.eig(a)))
square_first('cholesky', L.cholesky, spd=True)
square_first('cholesky_upper', lambda a: L.cholesky(a, upper=True), spd=True)
square_first('matrix_sqrth', L.matrix_sqrth, spd=True)
square_first('polar', lambda a: tuple(L.polar(a)), shapes=((4, 4), (5, 3)))
square_first('qr_r_abs', lambda a: L.qr(a).R.abs(), shapes=((4, 4), (5, 3)))
square_first('qr_product', lambda a: (lambda q, r: q @ r)(*L.qr(a)), shapes=((5, 3), (3, 5)))
square_first('lu_factor', lambda a: tuple(L.lu_factor(a)), shapes=((4, 4), (5, 3)))
square_first('lu', lambda a: tuple(L.lu(a)), shapes=((4, 4), (3, 5)))
square_first('ldl_solve', lambda a: L.ldl_solve(*L.ldl_factor(a + a.mT), torch.ones(a.shape[:-1] + (2,), dtype=a.dtype)))


def with_rhs(op, fn, shapes=((4, 4, 2),), layouts=('contiguous', 'transposed', 'sliced', 'batched'), **params):
    for dname, dt in DTYPES.items():
        for layout in layouts:
            for (n, m, k) in shapes:
                batch = (2, 3) if layout == 'batched' else ()
                a = matrix(n, m, dt, batch)
                b = matrix(n, k, dt, batch, well=False)
                outs = fn(in_layout(a, layout), in_layout(b, layout))
                if not isinstance(outs, (tuple, list)):
                    outs = [outs]
                case('%s_%s_%s_%dx%dx%d' % (op, dname, layout, n, m, k), op, layout, [a, b], list(outs), **params)


with_rhs('solve', L.solve)
with_rhs('solve_left_false', lambda a, b: L.solve(a, b.mT, left=False))
with_rhs('lu_solve', lambda a, b: L.lu_solve(*L.lu_factor(a), b))
with_rhs('lu_solve_adjoint', lambda a, b: L.lu_solve(*L.lu_factor(a), b, adjoint=True))
with_rhs('lu_solve_right', lambda a, b: L.lu_solve(*L.lu_factor(a), b.mT, left=False))
with_rhs('solve_triangular_lower', lambda a, b: L.solve_triangular(a.tril(), b, upper=False))
with_rhs('solve_triangular_upper_right', lambda a, b: L.solve_triangular(a.triu(), b.mT, upper=True, left=False))
with_rhs('lstsq', lambda a, b: L.lstsq(a, b).solution, shapes=((5, 3, 2),))
with_rhs('lstsq_gelsd', lambda a, b: tuple(L.lstsq(a, b, driver='gelsd')[:2]) + (L.lstsq(a, b, driver='gelsd')[3],),
         shapes=((5, 3, 2),))
with_rhs('multi_dot', lambda a, b: L.multi_dot([a[:3], b, b.mT]), shapes=((4, 4, 2),),
         layouts=('contiguous', 'transposed', 'sliced'))
with_rhs('vecdot', lambda a, b: L.vecdot(a[..., :2], b, dim=-2), shapes=((4, 4, 2),))

with open(OUT, 'w') as f:
    f.write('# Written by tests/oracle/gen_linalg.py from PyTorch %s; see that file for the format.\n' %
            torch.__version__.split('+')[0])
    f.write('\n'.join(lines) + '\n')
print('%d cases -> %s' % (sum(1 for l in lines if l.startswith('case')), OUT))
