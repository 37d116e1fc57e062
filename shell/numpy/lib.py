# numpy's functions that are compositions of its others (much of numpy/lib and numpy/_core's
# Python half): aliases, predicates, the nan-reductions numpy does by masking, stacking helpers,
# index helpers, window functions, interpolation and polynomials. Written over numpy's own
# functions, so that dtypes, views and errors are theirs. Each imports numpy when called: this
# file runs while numpy itself is being made.


def _np():
    import numpy
    return numpy


def _bigger(a, b):  # (numpy's own max shadows the builtin in this file, which runs in numpy's namespace)
    return a if a >= b else b


_FLOAT_MAX = {'float64': 1.7976931348623157e+308, 'float32': 3.4028234663852886e+38, 'float16': 65504.0,
              'complex128': 1.7976931348623157e+308, 'complex64': 3.4028234663852886e+38}


# ---- aliases and simple questions
def amax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _np().asarray(a).max(axis=axis, out=out, keepdims=keepdims, initial=initial, where=where)


def amin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _np().asarray(a).min(axis=axis, out=out, keepdims=keepdims, initial=initial, where=where)


def concat(arrays, /, axis=0, out=None, *, dtype=None, casting='same_kind'):
    if out is not None or dtype is not None:
        raise NotImplementedError('numpy.concat: tsh does not support out= or dtype=')
    return _np().concatenate(arrays, axis=axis)


def permute_dims(a, axes=None):
    return _np().transpose(a, axes)


def ndim(a):
    return _np().asarray(a).ndim


def shape(a):
    return _np().asarray(a).shape


def size(a, axis=None):
    a = _np().asarray(a)
    return a.size if axis is None else a.shape[axis]


def real(val):
    if isinstance(val, (bool, int, float, complex)):  # a Python number's own .real, as NumPy tries first
        return val.real
    return _np().asarray(val).real


def imag(val):
    if isinstance(val, (bool, int, float, complex)):
        return val.imag
    return _np().asarray(val).imag


def iscomplexobj(x):
    return str(_np().asarray(x).dtype).startswith('complex')


def isrealobj(x):
    return not iscomplexobj(x)


def iscomplex(x):
    np = _np()
    x = np.asarray(x)
    return x.imag != 0 if iscomplexobj(x) else np.zeros(x.shape, dtype=bool)


def isreal(x):
    np = _np()
    x = np.asarray(x)
    return x.imag == 0 if iscomplexobj(x) else np.ones(x.shape, dtype=bool)


def isscalar(element):
    if isinstance(element, (bool, int, float, complex, str, bytes)):
        return True
    return hasattr(element, 'dtype') and type(element).__name__ not in ('ndarray', 'memmap')  # a NumPy scalar


def isposinf(x):
    np = _np()
    x = np.asarray(x)
    return np.isinf(x) & ~np.signbit(x)


def isneginf(x):
    np = _np()
    x = np.asarray(x)
    return np.isinf(x) & np.signbit(x)


def copy(a, order='K', subok=False):
    return _np().array(a, copy=True, order=order, subok=subok)


def asfortranarray(a, dtype=None, *, like=None):
    # the array itself when already column-major (and of dtype), else a column-major copy; at least 1-d
    np = _np()
    if like is not None:
        raise NotImplementedError('numpy.asfortranarray: tsh does not support like=')
    a = np.asarray(a, dtype=dtype)
    if a.ndim == 0:
        return a.reshape(1)
    return a if a.flags.f_contiguous else a.copy(order='F')


def ascontiguousarray(a, dtype=None):
    # the array itself when already row-major (and of dtype), else a row-major copy; at least 1-d
    np = _np()
    a = np.asarray(a, dtype=dtype)
    if a.ndim == 0:
        return a.reshape(1)
    return a if a.flags.c_contiguous else a.copy(order='C')


def asanyarray(a, dtype=None):
    return _np().asarray(a, dtype=dtype)


# ---- joining and cutting
def append(arr, values, axis=None):
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        return np.concatenate((arr.ravel(), np.asarray(values).ravel()))
    return np.concatenate((arr, values), axis=axis)


def column_stack(tup):
    np = _np()
    arrays = [np.asarray(a) for a in tup]
    return np.concatenate([a.reshape(-1, 1) if a.ndim < 2 else a for a in arrays], axis=1)


def dstack(tup):
    np = _np()
    return np.concatenate([np.atleast_3d(a) for a in tup], axis=2)


def unstack(x, /, *, axis=0):
    np = _np()
    x = np.asarray(x)
    if x.ndim == 0:
        raise ValueError('Input array must be at least 1-d.')
    return tuple(np.moveaxis(x, axis, 0))


def broadcast_shapes(*args):
    np = _np()
    shapes = [(s,) if isinstance(s, int) else tuple(s) for s in args]
    ndim = 0
    for s in shapes:
        ndim = _bigger(ndim, len(s))
    out = []
    for i in range(ndim):
        size = 1
        for s in shapes:
            d = s[i - ndim + len(s)] if i - ndim + len(s) >= 0 else 1
            if d != 1:
                if size != 1 and d != size:
                    raise ValueError('shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is '
                                     f'between arg 0 with shape {shapes[0]} and arg 1 with shape {shapes[1]}.')
                size = d
        out.append(size)
    return tuple(out)


def broadcast_arrays(*args, subok=False):
    np = _np()
    arrays = [np.asarray(a) for a in args]
    target = broadcast_shapes(*[a.shape for a in arrays])
    return tuple(np.broadcast_to(a, target) for a in arrays)


def flatnonzero(a):
    return _np().nonzero(_np().ravel(a))[0]


def argwhere(a):
    np = _np()
    a = np.asarray(a)
    if a.ndim == 0:
        return np.zeros((1 if a else 0, 0), dtype=np.int64)
    return np.transpose(np.nonzero(a))


# ---- reductions numpy makes from others
def ptp(a, axis=None, out=None, keepdims=False):
    np = _np()
    a = np.asarray(a)
    return a.max(axis=axis, keepdims=keepdims) - a.min(axis=axis, keepdims=keepdims)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    np = _np()
    a = np.asarray(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        scl = np.asarray(a.size / avg.size if hasattr(avg, 'size') else a.size, dtype=avg.dtype)
    else:
        w = np.asarray(weights)
        if a.shape != w.shape:
            if axis is None:
                raise TypeError('Axis must be specified when shapes of a and weights differ.')
            if w.ndim != 1:
                raise TypeError('1D weights expected when shapes of a and weights differ.')
            if w.shape[0] != a.shape[axis]:
                raise ValueError('Length of weights not compatible with specified axis.')
            shape = [1] * a.ndim
            shape[axis] = w.shape[0]
            w = np.broadcast_to(w.reshape(shape), a.shape)
        scl = w.sum(axis=axis, keepdims=keepdims)
        if np.any(scl == 0.0):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = (a * w).sum(axis=axis, keepdims=keepdims) / scl
    if returned:
        return avg, np.broadcast_to(scl, np.shape(avg)).copy() if np.shape(scl) != np.shape(avg) else scl
    return avg


def _nan_filled(a, value):
    np = _np()
    a = np.asarray(a)
    if not str(a.dtype).startswith(('float', 'complex')):
        return a, None
    mask = np.isnan(a)
    return np.where(mask, value, a), mask


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False):
    filled, _ = _nan_filled(a, 1)
    return _np().prod(filled, axis=axis, dtype=dtype, keepdims=keepdims)


def nancumsum(a, axis=None, dtype=None, out=None):
    filled, _ = _nan_filled(a, 0)
    return _np().cumsum(filled, axis=axis, dtype=dtype)


def nancumprod(a, axis=None, dtype=None, out=None):
    filled, _ = _nan_filled(a, 1)
    return _np().cumprod(filled, axis=axis, dtype=dtype)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    np = _np()
    a = np.asarray(a)
    filled, mask = _nan_filled(a, 0)
    if mask is None:
        return a.var(axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    count = (~mask).sum(axis=axis, keepdims=True)
    mean = filled.sum(axis=axis, keepdims=True) / count
    sq = np.where(mask, 0, (a - mean) ** 2)
    return sq.sum(axis=axis, keepdims=keepdims) / ((~mask).sum(axis=axis, keepdims=keepdims) - ddof)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
    return _np().sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims))


def _nanarg(a, axis, keepdims, largest):
    np = _np()
    a = np.asarray(a)
    filled, mask = _nan_filled(a, -np.inf if largest else np.inf)
    if mask is not None and np.any(np.all(mask, axis=axis)):
        raise ValueError('All-NaN slice encountered')
    return filled.argmax(axis=axis, keepdims=keepdims) if largest else filled.argmin(axis=axis, keepdims=keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    return _nanarg(a, axis, keepdims, True)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    return _nanarg(a, axis, keepdims, False)


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    np = _np()
    x = np.asarray(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError('axis must be specified for multi-dimensional arrays.')
        axis = 0
    r = np.cumsum(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(r.shape)
        shape[axis] = 1
        r = np.concatenate((np.zeros(shape, dtype=r.dtype), r), axis=axis)
    return r


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    np = _np()
    x = np.asarray(x)
    if axis is None:
        if x.ndim > 1:
            raise ValueError('axis must be specified for multi-dimensional arrays.')
        axis = 0
    r = np.cumprod(x, axis=axis, dtype=dtype)
    if include_initial:
        shape = list(r.shape)
        shape[axis] = 1
        r = np.concatenate((np.ones(shape, dtype=r.dtype), r), axis=axis)
    return r


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    np = _np()
    x = np.asarray(x)
    name = str(x.dtype)
    if name not in _FLOAT_MAX:
        return np.array(x, copy=True) if copy else x
    big = _FLOAT_MAX[name]
    if name.startswith('complex'):
        re = nan_to_num(x.real, nan=nan, posinf=posinf, neginf=neginf)
        im = nan_to_num(x.imag, nan=nan, posinf=posinf, neginf=neginf)
        return re + 1j * im
    r = np.where(np.isnan(x), nan, x)
    r = np.where(isposinf(r), big if posinf is None else posinf, r)
    r = np.where(isneginf(r), -big if neginf is None else neginf, r).astype(x.dtype)
    return getattr(np, name)(r) if x.ndim == 0 else r  # a scalar in, a NumPy scalar out


# ---- index helpers
def tri(N, M=None, k=0, dtype=float):
    np = _np()
    M = N if M is None else M
    return (np.arange(N).reshape(-1, 1) + k >= np.arange(M)).astype(dtype)


def tril_indices(n, k=0, m=None):
    return _np().nonzero(tri(n, m, k=k, dtype=bool))


def triu_indices(n, k=0, m=None):
    return _np().nonzero(~tri(n, m, k=k - 1, dtype=bool))


def diag_indices(n, ndim=2):
    idx = _np().arange(n)
    return (idx,) * ndim


def digitize(x, bins, right=False):
    np = _np()
    x, bins = np.asarray(x), np.asarray(bins)
    if bins.ndim != 1:
        raise ValueError('object too deep for desired array')
    increasing = bins.size < 2 or bins[-1] >= bins[0]
    side = 'left' if right else 'right'
    if increasing:
        return np.searchsorted(bins, x, side=side)
    rev = bins[np.arange(bins.size - 1, -1, -1)]
    return bins.size - np.searchsorted(rev, x, side=side)


def bincount(x, weights=None, minlength=0):
    np = _np()
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError('object too deep for desired array')
    if x.size and x.min() < 0:
        raise ValueError("'list' argument must have no negative elements")
    n = _bigger(int(x.max()) + 1 if x.size else 0, minlength)
    out = np.zeros(n, dtype=np.int64 if weights is None else np.float64)
    w = None if weights is None else np.asarray(weights, dtype=np.float64)
    for i, v in enumerate(x.tolist()):
        out[v] += 1 if w is None else w[i]
    return out


# ---- products and integration
def vdot(a, b, /):
    np = _np()
    return (np.conj(np.ravel(a)) * np.ravel(b)).sum()


def kron(a, b):
    np = _np()
    a, b = np.asarray(a), np.asarray(b)
    nd = _bigger(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    r = np.outer(a, b).reshape(a.shape + b.shape)
    order = []
    for i in range(nd):
        order += [i, nd + i]
    r = np.transpose(r, order)
    return r.reshape(tuple(a.shape[i] * b.shape[i] for i in range(nd)))


def trapezoid(y, x=None, dx=1.0, axis=-1):
    np = _np()
    y = np.asarray(y)
    n = y.shape[axis]
    hi = np.take(y, np.arange(1, n), axis=axis)
    lo = np.take(y, np.arange(0, n - 1), axis=axis)
    if x is None:
        return ((hi + lo) / 2.0 * dx).sum(axis=axis)
    d = np.diff(np.asarray(x), axis=axis if np.asarray(x).ndim > 1 else -1)
    if d.ndim == 1 and y.ndim > 1:
        shape = [1] * y.ndim
        shape[axis] = d.shape[0]
        d = d.reshape(shape)
    return (d * (hi + lo) / 2.0).sum(axis=axis)


def ediff1d(ary, to_end=None, to_begin=None):
    np = _np()
    ary = np.asarray(ary).ravel()
    parts = [] if to_begin is None else [np.asarray(to_begin).ravel()]
    parts.append(np.diff(ary))
    if to_end is not None:
        parts.append(np.asarray(to_end).ravel())
    return np.concatenate(parts)


def interp(x, xp, fp, left=None, right=None, period=None):
    np = _np()
    if period is not None:
        raise NotImplementedError('numpy.interp: tsh does not support period=')
    x, xp, fp = np.asarray(x, dtype=np.float64), np.asarray(xp, dtype=np.float64), np.asarray(fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError('object too deep for desired array')
    if xp.size != fp.size:
        raise ValueError('fp and xp are not of the same length.')
    if xp.size == 0:
        raise ValueError('array of sample points is empty')
    fp = fp.astype(np.complex128) if str(fp.dtype).startswith('complex') else fp.astype(np.float64)
    j = np.clip(np.searchsorted(xp, x, side='right') - 1, 0, _bigger(xp.size - 2, 0))
    if xp.size == 1:
        r = np.full(x.shape, fp[0])
    else:
        x0, x1 = xp[j], xp[j + 1]
        y0, y1 = fp[j], fp[j + 1]
        slope = (y1 - y0) / (x1 - x0)
        r = slope * (x - x0) + y0
        r = np.where(x == x1, y1, r)
    r = np.where(x < xp[0], fp[0] if left is None else left, r)
    r = np.where(x > xp[-1], fp[-1] if right is None else right, r)
    return r


def polyval(p, x):
    np = _np()
    p = np.asarray(p)
    x = np.asanyarray(x)
    y = np.zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y


# ---- window functions
def bartlett(M):
    np = _np()
    if M < 1:
        return np.array([], dtype=float)
    if M == 1:
        return np.ones(1, dtype=float)
    n = np.arange(1 - M, M, 2)
    return np.where(n <= 0, 1 + n / (M - 1), 1 - n / (M - 1))


def _cosine_window(M, terms):
    """sum of c * cos(k * pi * n / (M - 1)) over (k, c) in terms, n = 1-M, 3-M, ..., M-1."""
    np = _np()
    if M < 1:
        return np.array([], dtype=float)
    if M == 1:
        return np.ones(1, dtype=float)
    n = np.arange(1 - M, M, 2)
    window = terms[0][1]
    for k, c in terms[1:]:
        window = window + c * np.cos((np.pi if k == 1 else k * np.pi) * n / (M - 1))
    return window


def hanning(M):
    return _cosine_window(M, [(0, 0.5), (1, 0.5)])


def hamming(M):
    return _cosine_window(M, [(0, 0.54), (1, 0.46)])


def blackman(M):
    return _cosine_window(M, [(0, 0.42), (1, 0.5), (2, 0.08)])


# ---- machine limits of the dtypes (NumPy's own numbers, and the digits its reprs show them with)
_FINFO = {
    # name: (bits, eps, epsneg, max, tiny, smallest_subnormal, resolution, precision, nexp, nmant,
    #        maxexp, minexp, machep, negep, repr's resolution, repr's max)
    'float16': (16, 2.0 ** -10, 2.0 ** -11, 65504.0, 2.0 ** -14, 2.0 ** -24, 0.001, 3, 5, 10, 16, -14, -10, -11,
                '0.001', '6.55040e+04'),
    'float32': (32, 2.0 ** -23, 2.0 ** -24, (2 - 2.0 ** -23) * 2.0 ** 127, 2.0 ** -126, 2.0 ** -149, 1e-06, 6, 8, 23,
                128, -126, -23, -24, '1e-06', '3.4028235e+38'),
    'float64': (64, 2.0 ** -52, 2.0 ** -53, 1.7976931348623157e+308, 2.0 ** -1022, 5e-324, 1e-15, 15, 11, 52, 1024,
                -1022, -52, -53, '1e-15', '1.7976931348623157e+308'),
}


def _dtype_name(dtype):
    np = _np()
    if hasattr(dtype, 'dtype') and type(dtype).__name__ != 'type':
        dtype = dtype.dtype
    return np.dtype(dtype).name


class finfo:
    """Machine limits of a floating dtype (a complex one's: its parts')."""

    def __init__(self, dtype):
        np = _np()
        name = _dtype_name(dtype)
        name = {'complex64': 'float32', 'complex128': 'float64'}.get(name, name)
        if name not in _FINFO:
            raise ValueError(f"data type <class 'numpy.{name}'> not inexact")
        (self.bits, eps, epsneg, big, tiny, sub, res, self.precision, self.nexp, self.nmant, self.maxexp,
         self.minexp, self.machep, self.negep, self._res_text, self._max_text) = _FINFO[name]
        scalar = getattr(np, name)
        self.dtype = np.dtype(name)
        self.eps, self.epsneg, self.max, self.min = scalar(eps), scalar(epsneg), scalar(big), scalar(-big)
        self.tiny = self.smallest_normal = scalar(tiny)
        self.smallest_subnormal, self.resolution = scalar(sub), scalar(res)
        self.iexp = self.nexp

    def __repr__(self):
        return (f'finfo(resolution={self._res_text}, min=-{self._max_text}, max={self._max_text}, '
                f'dtype={self.dtype})')

    def __str__(self):
        rule = '-' * 63
        return '\n'.join([
            f'Machine parameters for {self.dtype}', rule,
            f'precision = {self.precision}   resolution = {self.resolution}',
            f'machep = {self.machep}   eps =        {self.eps}',
            f'negep =  {self.negep}   epsneg =     {self.epsneg}',
            f'minexp = {self.minexp}   tiny =       {self.tiny}',
            f'maxexp = {self.maxexp}   max =        {self.max}',
            f'nexp =   {self.nexp}   min =        -max',
            f'smallest_normal = {self.smallest_normal}   smallest_subnormal = {self.smallest_subnormal}', rule, ''])


class iinfo:
    """Machine limits of an integer dtype."""

    def __init__(self, int_type):
        np = _np()
        if type(int_type).__name__ in ('ndarray', 'memmap'):  # an array is not a type: NumPy sees an object
            raise ValueError("Invalid integer data type 'O'.")
        name = _dtype_name(int_type)
        kind = np.dtype(name).kind
        if kind not in ('i', 'u'):
            raise ValueError(f"Invalid integer data type '{kind}'.")
        self.dtype = np.dtype(name)
        self.kind = kind
        self.bits = self.dtype.itemsize * 8
        self.min = 0 if kind == 'u' else -2 ** (self.bits - 1)
        self.max = 2 ** self.bits - 1 if kind == 'u' else 2 ** (self.bits - 1) - 1

    def __repr__(self):
        return f'iinfo(min={self.min}, max={self.max}, dtype={self.dtype})'

    def __str__(self):
        rule = '-' * 63
        return '\n'.join([f'Machine parameters for {self.dtype}', rule, f'min = {self.min}', f'max = {self.max}', rule,
                          ''])


# ---- histograms, padding, polynomials, gradients, convolution, selection
def histogram_bin_edges(a, bins=10, range=None, weights=None):
    np = _np()
    a = np.asarray(a).ravel()
    if not isinstance(bins, int):
        edges = np.asarray(bins)
        if edges.ndim != 1 or np.any(edges[:-1] > edges[1:]):
            raise ValueError('`bins` must increase monotonically, when an array')
        return edges
    if bins < 1:
        raise ValueError('`bins` must be positive, when an integer')
    if range is not None:
        first, last = range
        if first > last:
            raise ValueError('max must be larger than min in range parameter.')
    elif a.size == 0:
        first, last = 0.0, 1.0
    else:
        first, last = float(a.min()), float(a.max())
    if not (np.isfinite(first) and np.isfinite(last)):
        raise ValueError(f'autodetected range of [{first}, {last}] is not finite')
    if first == last:
        first, last = first - 0.5, last + 0.5
    return np.linspace(first, last, bins + 1)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """NumPy's counts: equal bins found by arithmetic, then corrected against the edges themselves."""
    np = _np()
    a = np.asarray(a).ravel()
    edges = histogram_bin_edges(a, bins, range)
    n = edges.size - 1
    w = None if weights is None else np.asarray(weights).ravel()
    if isinstance(bins, int):
        first, last = float(edges[0]), float(edges[-1])
        keep = (a >= first) & (a <= last)
        data = a[keep]
        wk = None if w is None else w[keep]
        norm = n / (last - first)
        idx = ((data - first) * norm).astype(np.int64)
        idx[idx == n] -= 1
        idx[data < edges[idx]] -= 1
        up = (data >= edges[idx + 1]) & (idx != n - 1)
        idx[up] += 1
    else:
        data, wk = a, w
        idx = np.searchsorted(edges, data, side='right') - 1
        inside = (data >= edges[0]) & (data <= edges[-1])
        idx = np.where(data == edges[-1], n - 1, idx)
        data, idx = data[inside], idx[inside]
        wk = None if wk is None else wk[inside]
    counts = np.zeros(n, dtype=np.int64 if wk is None else np.float64)
    for i, k in enumerate(idx.tolist()):
        counts[k] += 1 if wk is None else wk[i]
    if density:
        return counts / np.diff(edges) / counts.sum(), edges
    return counts, edges


def pad(array, pad_width, mode='constant', **kwargs):
    """NumPy's pad for the modes constant, edge, reflect, symmetric and wrap, axis by axis."""
    np = _np()
    a = np.asarray(array)
    if mode not in ('constant', 'edge', 'reflect', 'symmetric', 'wrap'):
        raise NotImplementedError(f"numpy.pad: tsh has the modes constant, edge, reflect, symmetric and wrap, not '{mode}'")
    widths = np.broadcast_to(np.asarray(pad_width, dtype=np.int64), (a.ndim, 2)).tolist()
    values = np.broadcast_to(np.asarray(kwargs.get('constant_values', 0)), (a.ndim, 2)).tolist()
    for axis in _builtin_range(a.ndim):
        before, after = widths[axis]
        if before < 0 or after < 0:
            raise ValueError("index can't contain negative values")
        n = a.shape[axis]
        if mode == 'constant':
            shape_b, shape_a = list(a.shape), list(a.shape)
            shape_b[axis], shape_a[axis] = before, after
            parts = [np.full(shape_b, values[axis][0], dtype=a.dtype), a, np.full(shape_a, values[axis][1], dtype=a.dtype)]
        else:
            if n == 0:
                raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' or 'empty'")
            if mode == 'edge':
                left = [0] * before
                right = [n - 1] * after
            elif mode == 'wrap':
                left = [(i - before) % n for i in _builtin_range(before)]
                right = [i % n for i in _builtin_range(after)]
            else:  # reflect (edge not repeated) or symmetric (edge repeated), folding back and forth
                period = 2 * (n - 1) if mode == 'reflect' else 2 * n
                def fold(i):
                    if n == 1:
                        return 0
                    i = i % period
                    if mode == 'reflect':
                        return i if i < n else period - i
                    return i if i < n else period - 1 - i
                left = [fold(i - before) for i in _builtin_range(before)]
                right = [fold(n + i) for i in _builtin_range(after)]
            parts = [np.take(a, left, axis=axis), a, np.take(a, right, axis=axis)]
        a = np.concatenate(parts, axis=axis)
    return a


def _builtin_range(*args):  # (numpy's namespace has no `range` of its own, but keep the builtin's name plain)
    return range(*args)


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    np = _np()
    if full or w is not None or cov:
        raise NotImplementedError('numpy.polyfit: tsh does not support full=, w= or cov=')
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if deg < 0:
        raise ValueError('expected deg >= 0')
    if x.ndim != 1:
        raise TypeError('expected 1D vector for x')
    if x.size == 0:
        raise TypeError('expected non-empty vector for x')
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError('expected 1D or 2D array for y')
    if x.shape[0] != y.shape[0]:
        raise TypeError('expected x and y to have same length')
    lhs = vander(x, deg + 1)
    scale = np.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c = np.linalg.lstsq(lhs, y, rcond=rcond)[0]
    return (c.T / scale).T


def vander(x, N=None, increasing=False):
    np = _np()
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError('x must be a one-dimensional array or sequence.')
    N = x.shape[0] if N is None else N
    powers = np.arange(N) if increasing else np.arange(N - 1, -1, -1)
    return np.power(x.reshape(-1, 1), powers) if N else np.zeros((x.shape[0], 0), dtype=x.dtype)


def convolve(a, v, mode='full'):
    np = _np()
    a, v = np.asarray(a).ravel(), np.asarray(v).ravel()
    if a.size == 0:
        raise ValueError('a cannot be empty')
    if v.size == 0:
        raise ValueError('v cannot be empty')
    if v.size > a.size:
        a, v = v, a
    n, m = a.size, v.size
    prod = np.outer(a, v)
    out = np.zeros(n + m - 1, dtype=prod.dtype)
    for i in _builtin_range(n):
        out[i:i + m] += prod[i]
    if mode == 'full':
        return out
    if mode == 'same':
        start = (m - 1) // 2
        return out[start:start + n]
    if mode == 'valid':
        return out[m - 1:n]
    raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")


def gradient(f, *varargs, axis=None, edge_order=1):
    np = _np()
    f = np.asarray(f)
    if edge_order != 1:
        raise NotImplementedError('numpy.gradient: tsh has edge_order=1 only')
    axes = list(_builtin_range(f.ndim)) if axis is None else ([axis] if isinstance(axis, int) else list(axis))
    spacing = list(varargs) if varargs else [1.0] * len(axes)
    if len(spacing) == 1 and len(axes) > 1:
        spacing = spacing * len(axes)
    out = []
    fl = f.astype(np.float64) if not str(f.dtype).startswith(('float', 'complex')) else f
    for ax, h in zip(axes, spacing):
        if np.ndim(h) != 0:
            raise NotImplementedError('numpy.gradient: tsh takes scalar spacings only')
        n = fl.shape[ax]
        if n < 2:
            raise ValueError('Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) '
                             'elements are required.')
        g = np.zeros(fl.shape, dtype=fl.dtype)
        g = np.moveaxis(g, ax, 0)
        src = np.moveaxis(fl, ax, 0)
        g[1:-1] = (src[2:] - src[:-2]) / (2.0 * h)
        g[0] = (src[1] - src[0]) / h
        g[-1] = (src[-1] - src[-2]) / h
        out.append(np.moveaxis(g, 0, ax))
    return out[0] if len(out) == 1 else tuple(out)


def select(condlist, choicelist, default=0):
    np = _np()
    if len(condlist) != len(choicelist):
        raise ValueError('list of cases must be same length as list of conditions')
    if len(condlist) == 0:
        raise ValueError('select with an empty condition list is not possible')
    result = np.asarray(default)
    for cond, choice in reversed(list(zip(condlist, choicelist))):
        result = np.where(np.asarray(cond), choice, result)
    return result


def piecewise(x, condlist, funclist, *args, **kw):
    np = _np()
    x = np.asarray(x)
    if isinstance(condlist, bool) or (type(condlist).__name__ == 'ndarray' and condlist.ndim == x.ndim and
                                      str(condlist.dtype) == 'bool'):
        condlist = [condlist]
    conds = [np.asarray(c, dtype=bool) for c in condlist]
    if len(funclist) == len(conds) + 1:
        otherwise = ~np.any(np.stack(conds), axis=0) if conds else np.ones(x.shape, dtype=bool)
        conds.append(otherwise)
    elif len(funclist) != len(conds):
        raise ValueError(f'with {len(conds)} condition(s), either {len(conds)} or {len(conds) + 1} functions are '
                         f'expected')
    y = np.zeros(x.shape, dtype=x.dtype)
    for cond, func in zip(conds, funclist):
        if not callable(func):
            y[cond] = func
        elif np.any(cond):
            y[cond] = func(x[cond], *args, **kw)
    return y


def einsum(subscripts, *operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    """The Einstein sum of the operands in their common NumPy dtype, computed by torch.einsum over
    the arrays' memory."""
    np = _np()
    import torch
    if out is not None:
        raise NotImplementedError('numpy.einsum: tsh does not support out=')
    if not isinstance(subscripts, str):
        raise NotImplementedError('numpy.einsum: tsh takes the subscripts as a string')
    arrays = [np.asarray(a) for a in operands]
    common = arrays[0].dtype if dtype is None else np.dtype(dtype)
    if dtype is None:
        for a in arrays[1:]:
            common = (np.zeros((), dtype=common) + np.zeros((), dtype=a.dtype)).dtype
    tensors = [torch.from_numpy(np.ascontiguousarray(a.astype(common))) for a in arrays]
    r = torch.einsum(subscripts, *tensors).numpy()
    return getattr(np, str(r.dtype))(r) if r.ndim == 0 else r


# ---- more of numpy's compositions: complex helpers, set operations, index helpers, polynomials
def angle(z, deg=False):
    np = _np()
    z = np.asarray(z)
    a = np.arctan2(z.imag, z.real)
    return a * (180 / np.pi) if deg else a


def astype(x, dtype, /, *, copy=True, device=None):
    x = _np().asarray(x)
    return x.astype(dtype) if copy or x.dtype != _np().dtype(dtype) else x


def array_equiv(a1, a2):
    np = _np()
    a1, a2 = np.asarray(a1), np.asarray(a2)
    try:
        shape = broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return False
    return True if np.all(np.broadcast_to(a1, shape) == np.broadcast_to(a2, shape)) else False  # (numpy's bool is np.bool here)


def asarray_chkfinite(a, dtype=None, order=None):
    np = _np()
    a = np.asarray(a, dtype=dtype)
    if str(a.dtype).startswith(('float', 'complex')) and not np.isfinite(a).all():
        raise ValueError('array must not contain infs or NaNs')
    return a


def compress(condition, a, axis=None, out=None):
    np = _np()
    a = np.asarray(a)
    where = np.nonzero(np.asarray(condition).ravel())[0]
    return np.take(a, where, axis=axis)


def extract(condition, arr):
    np = _np()
    return np.take(np.ravel(arr), np.nonzero(np.ravel(condition))[0])


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    np = _np()
    if fweights is not None or aweights is not None:
        raise NotImplementedError('numpy.cov: tsh does not support fweights= or aweights=')
    X = np.atleast_2d(np.asarray(m, dtype=dtype))
    X = X.astype(np.float64) if not str(X.dtype).startswith(('float', 'complex')) else X
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if y is not None:
        Y = np.atleast_2d(np.asarray(y, dtype=dtype)).astype(X.dtype)
        if not rowvar and Y.shape[0] != 1:
            Y = Y.T
        X = np.concatenate((X, Y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    avg = X.mean(axis=1)
    fact = X.shape[1] - ddof
    X = X - avg.reshape(-1, 1)
    c = np.dot(X, np.conj(X.T))
    c = c * (1.0 / fact)
    return np.squeeze(c)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    np = _np()
    c = cov(x, y, rowvar, dtype=dtype)
    if np.ndim(c) == 0:
        return c / c
    d = np.diag(c)
    stddev = np.sqrt(d.real)
    c = c / stddev.reshape(-1, 1)
    c = c / stddev.reshape(1, -1)
    return np.clip(c.real, -1, 1) if not iscomplexobj(c) else c


def correlate(a, v, mode='valid'):
    np = _np()
    v = np.asarray(v).ravel()
    reversed_v = np.take(v, np.arange(v.size - 1, -1, -1))
    return convolve(a, np.conj(reversed_v) if iscomplexobj(v) else reversed_v, mode)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    np = _np()
    if axis is not None:
        axisa = axisb = axisc = axis
    a = np.moveaxis(np.asarray(a), axisa, -1)
    b = np.moveaxis(np.asarray(b), axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError('incompatible dimensions for cross product\n(dimension must be 2 or 3)')
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        raise NotImplementedError('numpy.cross of 2-vectors (deprecated in NumPy 2): tsh does not have it')
    return np.moveaxis(np.linalg.cross(a, b), -1, axisc)


def delete(arr, obj, axis=None):
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        arr, axis = arr.ravel(), 0
    n = arr.shape[axis]
    drop = np.zeros(n, dtype=bool)
    idx = np.asarray(obj)
    if str(idx.dtype) == 'bool':
        drop = idx
    else:
        for i in np.ravel(idx).tolist():
            if i < -n or i >= n:
                raise IndexError(f'index {i} is out of bounds for axis {axis} with size {n}')
            drop[i] = True
    return np.take(arr, np.nonzero(~drop)[0], axis=axis)


def diag_indices_from(arr):
    np = _np()
    arr = np.asarray(arr)
    if arr.ndim < 2:
        raise ValueError('input array must be at least 2-d')
    if len(set(arr.shape)) != 1:
        raise ValueError('All dimensions of input must be of equal length')
    return diag_indices(arr.shape[0], arr.ndim)


def tril_indices_from(arr, k=0):
    arr = _np().asarray(arr)
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    arr = _np().asarray(arr)
    if arr.ndim != 2:
        raise ValueError('input array must be 2-d')
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def diagflat(v, k=0):
    return _np().diag(_np().ravel(v), k)


def divmod(x1, x2, /):
    np = _np()
    return np.floor_divide(x1, x2), np.mod(x1, x2)


def fix(x, out=None):
    np = _np()
    return np.trunc(x)


def modf(x, /):
    np = _np()
    x = np.asarray(x, dtype=np.float64) if not str(np.asarray(x).dtype).startswith('float') else np.asarray(x)
    whole = np.trunc(x)
    return np.copysign(x - whole, x), whole


def frexp(x, /):
    np = _np()
    import torch
    x = np.asarray(x)
    x = x.astype(np.float64) if not str(x.dtype).startswith('float') else x
    m, e = torch.frexp(torch.from_numpy(np.ascontiguousarray(x)))
    return m.numpy(), e.numpy()


def ldexp(x1, x2, /):
    np = _np()
    if isinstance(x2, float) or np.asarray(x2).dtype.kind not in 'biu':  # the exponent is an integer
        raise TypeError("ufunc 'ldexp' not supported for the input types, and the inputs could not be safely "
                        "coerced to any supported types according to the casting rule ''safe''")
    if not isinstance(x1, (int, float)) and np.asarray(x1).dtype.kind in 'biu':
        x1 = np.asarray(x1).astype(_float_for(np.asarray(x1).dtype))
    if isinstance(x1, int):  # a Python int is weak: NumPy's first loop that takes it is float16's
        x1 = np.asarray(x1, dtype=np.float16)
    x1 = np.asarray(x1, dtype=np.float64) if not str(np.asarray(x1).dtype).startswith('float') else np.asarray(x1)
    return x1 * np.power(2.0, np.asarray(x2)).astype(x1.dtype)


def _float_for(dt):  # the float of NumPy's float-only loops for a bool or integer dtype (array.h's numpy_float_for)
    np = _np()
    return np.float16 if dt.itemsize == 1 else np.float32 if dt.itemsize == 2 else np.float64


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    np = _np()
    if np.ndim(base) != 0 or axis != 0:
        raise NotImplementedError('numpy.logspace: tsh takes a scalar base and axis=0')
    y = np.linspace(start, stop, num=num, endpoint=endpoint)
    r = np.power(base, y)
    return r if dtype is None else r.astype(dtype)


def _unique1d(x):
    return _np().unique(_np().ravel(x))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    np = _np()
    if return_indices:
        raise NotImplementedError('numpy.intersect1d: tsh does not support return_indices=')
    a, b = _unique1d(ar1), _unique1d(ar2)
    return a[np.isin(a, b)]


def union1d(ar1, ar2):
    np = _np()
    return np.unique(np.concatenate((np.ravel(ar1), np.ravel(ar2))))


def setdiff1d(ar1, ar2, assume_unique=False):
    np = _np()
    a = np.ravel(ar1) if assume_unique else _unique1d(ar1)
    return a[~np.isin(a, ar2)]


def setxor1d(ar1, ar2, assume_unique=False):
    np = _np()
    a, b = _unique1d(ar1), _unique1d(ar2)
    return np.unique(np.concatenate((a[~np.isin(a, b)], b[~np.isin(b, a)])))


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    np = _np()
    element = np.asarray(element)
    tests = np.ravel(test_elements)
    found = np.zeros(element.shape, dtype=bool)
    for t in np.unique(tests).tolist() if tests.size else []:
        found = found | (element == t)
    return ~found if invert else found


def unique_counts(x):
    values, counts = _np().unique(x, return_counts=True)
    return _named_result('UniqueCountsResult', ('values', 'counts'), (values, counts))


def unique_inverse(x):
    values, inverse = _np().unique(x, return_inverse=True)
    return _named_result('UniqueInverseResult', ('values', 'inverse_indices'), (values, inverse))


def unique_all(x):
    values, indices, inverse, counts = _np().unique(x, return_index=True, return_inverse=True, return_counts=True)
    return _named_result('UniqueAllResult', ('values', 'indices', 'inverse_indices', 'counts'),
                         (values, indices, inverse, counts))


def _named_result(name, fields, values):
    """The array API's named results of unique_counts, unique_inverse and unique_all."""
    import collections
    return collections.namedtuple(name, fields)(*values)


def ix_(*args):
    np = _np()
    out = []
    n = len(args)
    for k, seq in enumerate(args):
        a = np.asarray(seq)
        if a.ndim != 1:
            raise ValueError('Cross index must be 1 dimensional')
        if str(a.dtype) == 'bool':
            a = np.nonzero(a)[0]
        shape = [1] * n
        shape[k] = a.size
        out.append(a.reshape(shape))
    return tuple(out)


def kaiser(M, beta):
    np = _np()
    if M == 1:
        return np.ones(1, dtype=float)
    n = np.arange(0, M)
    alpha = (M - 1) / 2.0
    return np.i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / np.i0(float(beta))


def lexsort(keys, axis=-1):
    np = _np()
    keys = [np.asarray(k) for k in keys]
    if not keys:
        raise TypeError('need sequence of keys with len > 0 in lexsort')
    order = np.arange(keys[0].shape[axis])
    for key in keys:  # the last key is the primary one: sorted last, stably
        order = order[np.argsort(key[order], kind='stable')]
    return order


def rollaxis(a, axis, start=0):
    np = _np()
    a = np.asarray(a)
    n = a.ndim
    axis = axis + n if axis < 0 else axis
    start = start + n if start < 0 else start
    if start > axis:
        start -= 1
    return np.moveaxis(a, axis, start) if axis != start else a


def tensordot(a, b, axes=2):
    np = _np()
    a, b = np.asarray(a), np.asarray(b)
    if isinstance(axes, int):
        axes_a, axes_b = list(_builtin_range(a.ndim - axes, a.ndim)), list(_builtin_range(axes))
    else:
        axes_a, axes_b = axes
        axes_a = [axes_a] if isinstance(axes_a, int) else list(axes_a)
        axes_b = [axes_b] if isinstance(axes_b, int) else list(axes_b)
    axes_a = [x + a.ndim if x < 0 else x for x in axes_a]
    axes_b = [x + b.ndim if x < 0 else x for x in axes_b]
    for i, j in zip(axes_a, axes_b):
        if a.shape[i] != b.shape[j]:
            raise ValueError('shape-mismatch for sum')
    free_a = [i for i in _builtin_range(a.ndim) if i not in axes_a]
    free_b = [j for j in _builtin_range(b.ndim) if j not in axes_b]
    k = 1
    for i in axes_a:
        k *= a.shape[i]
    at = np.transpose(a, free_a + axes_a).reshape(-1, k)
    bt = np.transpose(b, axes_b + free_b).reshape(k, -1)
    return np.dot(at, bt).reshape([a.shape[i] for i in free_a] + [b.shape[j] for j in free_b])


def trim_zeros(filt, trim='fb', axis=None):
    np = _np()
    a = np.asarray(filt)
    nz = np.nonzero(a)[0] if a.ndim == 1 else None
    keep_kind = type(filt).__name__ not in ('ndarray', 'memmap')  # a list in, a list out
    if nz is None:
        raise NotImplementedError('numpy.trim_zeros: tsh trims 1-d arrays')
    if nz.size == 0:
        return filt[0:0] if type(filt).__name__ not in ('ndarray', 'memmap') else a[0:0]
    first = int(nz[0]) if 'f' in trim.lower() else 0
    last = int(nz[-1]) + 1 if 'b' in trim.lower() else a.size
    return filt[first:last] if keep_kind else a[first:last]


def unravel_index(indices, shape, order='C'):
    np = _np()
    if order != 'C':
        raise NotImplementedError("numpy.unravel_index: tsh has order='C' only")
    idx = np.asarray(indices)
    total = 1
    for s in shape:
        total *= s
    if np.any(idx < 0) or np.any(idx >= total):
        raise ValueError(f'index {int(np.max(idx)) if np.any(idx >= total) else int(np.min(idx))} is out of bounds for '
                         f'array with size {total}')
    out = []
    for s in reversed(list(shape)):
        out.append(idx % s)
        idx = idx // s
    return tuple(reversed(out))


def ravel_multi_index(multi_index, dims, mode='raise', order='C'):
    np = _np()
    if order != 'C' or mode != 'raise':
        raise NotImplementedError("numpy.ravel_multi_index: tsh has mode='raise' and order='C' only")
    flat = np.zeros(np.shape(multi_index[0]), dtype=np.int64)
    for i, d in zip(multi_index, dims):
        i = np.asarray(i)
        if np.any(i < 0) or np.any(i >= d):
            raise ValueError('invalid entry in coordinates array')
        flat = flat * d + i
    return flat


def take_along_axis(arr, indices, axis=-1):
    np = _np()
    import torch
    arr, indices = np.asarray(arr), np.asarray(indices)
    if axis is None:
        arr, axis = arr.ravel(), 0
    return torch.take_along_dim(torch.from_numpy(np.ascontiguousarray(arr)), torch.from_numpy(
        np.ascontiguousarray(indices.astype(np.int64))), dim=axis).numpy()


def put_along_axis(arr, indices, values, axis):
    np = _np()
    import torch
    t = torch.from_numpy(arr)
    idx = torch.from_numpy(np.ascontiguousarray(np.asarray(indices).astype(np.int64)))
    vals = torch.from_numpy(np.ascontiguousarray(np.broadcast_to(np.asarray(values, dtype=arr.dtype), idx.shape)))
    t.scatter_(axis, idx, vals)


def fill_diagonal(a, val, wrap=False):
    """a's main diagonal := val (repeated), in place: every step-th element of the flat array, as NumPy does."""
    np = _np()
    if a.ndim < 2:
        raise ValueError('array must be at least 2-d')
    if a.ndim == 2:
        step = a.shape[1] + 1
        end = a.size if wrap else (a.shape[1] * a.shape[1] if a.shape[1] * a.shape[1] < a.size else a.size)
    else:
        if len(set(a.shape)) != 1:
            raise ValueError('All dimensions of input must be of equal length')
        step, product = 1, 1
        for s in a.shape[:-1]:
            product *= s
            step += product
        end = a.size
    if not a.flags['C_CONTIGUOUS']:
        raise NotImplementedError('numpy.fill_diagonal of a non-contiguous array: tsh does not have it yet')
    flat = a.reshape(-1)
    vals = np.ravel(np.asarray(val))
    for count, i in enumerate(_builtin_range(0, end, step)):
        flat[i] = vals[count % vals.size]


def isfortran(a):
    f = _np().asarray(a).flags
    return f['F_CONTIGUOUS'] and not f['C_CONTIGUOUS']


def pow(x1, x2, /):
    return _np().power(x1, x2)


def real_if_close(a, tol=100):
    np = _np()
    a = np.asarray(a)
    if not iscomplexobj(a):
        return a
    eps = 2.220446049250313e-16 if str(a.dtype) == 'complex128' else 1.1920929e-07
    return a.real if np.all(np.abs(a.imag) < tol * eps) else a


def sort_complex(a):
    np = _np()
    a = np.asarray(a)
    b = np.take(a, lexsort([a.imag, a.real]) if iscomplexobj(a) else np.argsort(a, kind='stable'))
    return b if iscomplexobj(b) else b.astype(np.complex128)


def promote_types(type1, type2):
    np = _np()
    return (np.zeros((), dtype=type1) + np.zeros((), dtype=type2)).dtype


def polyadd(a1, a2):
    np = _np()
    a1, a2 = np.atleast_1d(np.asarray(a1)), np.atleast_1d(np.asarray(a2))
    diff = a2.size - a1.size
    if diff > 0:
        a1 = np.concatenate((np.zeros(diff, dtype=a1.dtype), a1))
    elif diff < 0:
        a2 = np.concatenate((np.zeros(-diff, dtype=a2.dtype), a2))
    return a1 + a2


def polysub(a1, a2):
    np = _np()
    return polyadd(a1, -np.asarray(a2))


def polymul(a1, a2):
    return convolve(a1, a2)


def polyder(p, m=1):
    np = _np()
    p = np.asarray(p)
    for _ in _builtin_range(m):
        n = p.size - 1
        p = p[:-1] * np.arange(n, 0, -1) if n > 0 else np.zeros(1, dtype=p.dtype)
    return p


def polyint(p, m=1, k=None):
    np = _np()
    p = np.asarray(p)
    ks = [0] * m if k is None else (list(k) if np.ndim(k) else [k] * m)
    for i in _builtin_range(m):
        n = p.size
        p = np.concatenate((p / np.arange(n, 0, -1), np.array([ks[i]], dtype=float)))
    return p


def vectorize(pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
    if signature is not None or excluded is not None:
        raise NotImplementedError('numpy.vectorize: tsh does not support signature= or excluded=')
    return _Vectorized(pyfunc, otypes)


class _Vectorized:
    """np.vectorize(f): f applied to each element of the broadcast arguments, in a NumPy array."""

    def __init__(self, pyfunc, otypes):
        self.pyfunc, self.otypes = pyfunc, otypes

    def __call__(self, *args, **kwargs):
        np = _np()
        arrays = [np.asarray(a) for a in args]
        shape = broadcast_shapes(*[a.shape for a in arrays]) if arrays else ()
        flat = [np.broadcast_to(a, shape).ravel().tolist() for a in arrays]
        results = [self.pyfunc(*vals, **kwargs) for vals in zip(*flat)]
        dtype = self.otypes[0] if self.otypes else None
        return np.array(results, dtype=dtype).reshape(shape)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    np = _np()
    arr = np.asarray(arr)
    moved = np.moveaxis(arr, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    results = [np.asarray(func1d(row, *args, **kwargs)) for row in rows]
    out = np.stack(results) if results else np.zeros((0,))
    out = out.reshape(moved.shape[:-1] + out.shape[1:])
    return np.moveaxis(out, -1, axis) if out.ndim == arr.ndim else out


# ---- printing, promotion, array-API products, construction and in-place writes
def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    if max_line_width is not None or precision is not None or suppress_small is not None:
        raise NotImplementedError('numpy.array_repr: tsh prints with the current print options only')
    return repr(_np().asarray(arr))


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    if max_line_width is not None or precision is not None or suppress_small is not None:
        raise NotImplementedError('numpy.array_str: tsh prints with the current print options only')
    return str(_np().asarray(a))


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ', prefix='', **kwargs):
    if max_line_width is not None or precision is not None or suppress_small is not None or separator != ' ' \
            or prefix != '' or kwargs:
        raise NotImplementedError('numpy.array2string: tsh prints with the default layout only')
    return str(_np().asarray(a))


def result_type(*arrays_and_dtypes):
    """The dtype of the arguments combined: arrays and dtypes by NumPy's promotion, Python numbers weak."""
    np = _np()
    if not arrays_and_dtypes:
        raise ValueError('at least one array or dtype is required')
    acc = None
    numbers = []
    for x in arrays_and_dtypes:
        if isinstance(x, (bool, int, float, complex)):
            numbers.append(x)
            continue
        d = x.dtype if hasattr(x, 'dtype') and type(x).__name__ != 'type' else np.dtype(x)
        acc = np.zeros((), dtype=d) if acc is None else acc + np.zeros((), dtype=d)
    if acc is None:
        acc = np.asarray(numbers.pop(0))
    for n in numbers:
        acc = acc + (type(n))(0)
    return np.asarray(acc).dtype


def vecdot(x1, x2, /, *, axis=-1):
    return _np().linalg.vecdot(x1, x2, axis=axis)


def matvec(x1, x2, /):
    np = _np()
    x1, x2 = np.asarray(x1), np.asarray(x2)
    r = np.matmul(x1, x2.reshape(x2.shape + (1,)))
    return r.reshape(r.shape[:-1])


def vecmat(x1, x2, /):
    np = _np()
    x1, x2 = np.asarray(x1), np.asarray(x2)
    r = np.matmul(np.conj(x1).reshape(x1.shape[:-1] + (1, x1.shape[-1])), x2)
    return r.reshape(r.shape[:-2] + r.shape[-1:])


def block(arrays):
    """Nested lists of arrays joined: the innermost lists along the last axis, outwards along earlier ones."""
    np = _np()

    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list) else 0)

    levels = depth(arrays)

    def join(x, level):
        if not isinstance(x, list):
            return np.asarray(x)
        parts = [join(p, level + 1) for p in x]
        ndim = 0
        for p in parts:
            ndim = _bigger(ndim, p.ndim)
        ndim = _bigger(ndim, levels)
        parts = [p.reshape((1,) * (ndim - p.ndim) + p.shape) for p in parts]
        return np.concatenate(parts, axis=-(levels - level))

    return join(arrays, 0)


def row_stack(tup, *, dtype=None, casting='same_kind'):
    return _np().vstack(tup)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    return function(*list(_np().indices(shape, dtype=dtype)), **kwargs)


def fromiter(iter, dtype, count=-1, *, like=None):
    np = _np()
    items = []
    for x in iter:
        if count >= 0 and len(items) >= count:
            break
        items.append(x)
    if count >= 0 and len(items) < count:
        raise ValueError(f'iterator too short: Expected {count} but iterator had only {len(items)} items.')
    return np.array(items, dtype=dtype)


def put(a, ind, v, mode='raise'):
    a.put(ind, v, mode=mode)


def putmask(a, mask, values):
    np = _np()
    flat = a.reshape(-1)
    m = np.broadcast_to(np.asarray(mask, dtype=bool), a.shape).ravel()
    vals = np.ravel(np.asarray(values))
    for i in np.nonzero(m)[0].tolist():
        flat[i] = vals[i % vals.size]


def place(arr, mask, vals):
    np = _np()
    flat = arr.reshape(-1)
    where = np.nonzero(np.ravel(np.asarray(mask, dtype=bool)))[0].tolist()
    vals = np.ravel(np.asarray(vals))
    if where and vals.size == 0:
        raise ValueError('Cannot insert from an empty array!')
    for k, i in enumerate(where):
        flat[i] = vals[k % vals.size]


def copyto(dst, src, casting='same_kind', where=True):
    np = _np()
    src = np.broadcast_to(np.asarray(src), dst.shape)
    if not np.can_cast(src.dtype, dst.dtype, casting):
        raise TypeError(f"Cannot cast array data from dtype('{src.dtype}') to dtype('{dst.dtype}') according to the "
                        f"rule '{casting}'")
    mask = np.broadcast_to(np.asarray(where, dtype=bool), dst.shape)
    dst[...] = np.where(mask, src.astype(dst.dtype), dst)


def resize(a, new_shape):
    np = _np()
    a = np.ravel(a)
    shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    total = 1
    for s in shape:
        if s < 0:
            raise ValueError('all elements of `new_shape` must be non-negative')
        total *= s
    if a.size == 0 or total == 0:
        return np.zeros(shape, dtype=a.dtype)
    reps = -(-total // a.size)
    return np.concatenate([a] * reps)[:total].reshape(shape)


def insert(arr, obj, values, axis=None):
    np = _np()
    arr = np.asarray(arr)
    if axis is None:
        arr, axis = arr.ravel(), 0
    if not isinstance(obj, int):
        raise NotImplementedError('numpy.insert: tsh inserts at one index (an int)')
    n = arr.shape[axis]
    if obj < -n or obj > n:
        raise IndexError(f'index {obj} is out of bounds for axis {axis} with size {n}')
    obj = obj + n if obj < 0 else obj
    shape = list(arr.shape)
    shape[axis] = 1
    vals = np.asarray(values, dtype=arr.dtype)
    vals = np.moveaxis(vals, 0, axis) if vals.ndim == arr.ndim else np.broadcast_to(vals, shape)
    before = np.take(arr, np.arange(0, obj), axis=axis)
    after = np.take(arr, np.arange(obj, n), axis=axis)
    return np.concatenate((before, vals, after), axis=axis)


def roots(p):
    np = _np()
    p = np.atleast_1d(np.asarray(p))
    if p.ndim != 1:
        raise ValueError('Input must be a rank-1 array.')
    nz = np.nonzero(p)[0]
    if nz.size == 0:
        return np.array([])
    trailing = p.size - int(nz[-1]) - 1
    p = p[int(nz[0]):int(nz[-1]) + 1]
    n = p.size
    if n > 1:
        companion = np.diag(np.ones(n - 2, dtype=p.dtype if str(p.dtype).startswith(('float', 'complex')) else float), -1)
        companion[0, :] = -p[1:] / p[0]
        r = np.linalg.eigvals(companion)
    else:
        r = np.array([])
    return np.concatenate((r, np.zeros(trailing, dtype=r.dtype)))


def poly(seq_of_zeros):
    np = _np()
    zeros = np.atleast_1d(np.asarray(seq_of_zeros))
    if zeros.ndim == 2 and zeros.shape[0] == zeros.shape[1] and zeros.shape[0] != 0:
        zeros = np.linalg.eigvals(zeros)
    elif zeros.ndim != 1:
        raise ValueError('input must be 1d or non-empty square 2d array.')
    a = np.ones((1,), dtype=zeros.dtype if str(zeros.dtype).startswith(('float', 'complex')) else float)
    for z in zeros.tolist():
        a = np.convolve(a, np.array([1, -z], dtype=a.dtype), mode='full')
    return a


def polydiv(u, v):
    np = _np()
    u = np.atleast_1d(np.asarray(u)).astype(float) + 0.0
    v = np.atleast_1d(np.asarray(v)).astype(float) + 0.0
    m, n = u.size - 1, v.size - 1
    scale = 1.0 / v[0]
    q = np.zeros(_bigger(m - n + 1, 1), dtype=float)
    r = u.astype(float)
    for k in _builtin_range(0, m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    while np.allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1:
        r = r[1:]
    return q, r


def unwrap(p, discont=None, axis=-1, *, period=6.283185307179586):
    """Steps larger than discont made smaller by whole periods; integer input with an integer period stays integer."""
    np = _np()
    p = np.asarray(p)
    integral = not str(p.dtype).startswith(('float', 'complex')) and isinstance(period, int)
    if not integral and not str(p.dtype).startswith(('float', 'complex')):
        p = p.astype(np.float64)
    dd = np.diff(p, axis=axis)
    discont = period / 2 if discont is None else discont
    if integral:
        interval_high, rem = period // 2, period % 2
        ambiguous = rem == 0
    else:
        interval_high, ambiguous = period / 2, True
    interval_low = -interval_high
    ddmod = np.mod(dd - interval_low, period) + interval_low
    if ambiguous:
        ddmod = np.where((ddmod == interval_low) & (dd > 0), interval_high, ddmod)
    ph_correct = np.where(np.abs(dd) < discont, 0, ddmod - dd)
    head = np.take(p, [0], axis=axis)
    rest = np.take(p, np.arange(1, p.shape[axis]), axis=axis) + np.cumsum(ph_correct, axis=axis)
    return np.concatenate((head, rest.astype(p.dtype)), axis=axis)


def isnat(x, /):
    raise TypeError("ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.")


def bitwise_count(x, /):
    np = _np()
    x = np.asarray(x)
    if str(x.dtype).startswith(('float', 'complex')):
        raise TypeError("ufunc 'bitwise_count' not supported for the input types, and the inputs could not be safely "
                        "coerced to any supported types according to the casting rule ''safe''")
    if x.dtype.kind == 'u':
        v = x.astype(np.uint64)
    else:
        v = np.abs(x.astype(np.int64)) if str(x.dtype) != 'bool' else x.astype(np.int64)
    count = np.zeros(x.shape, dtype=np.uint8)
    for k in _builtin_range(x.dtype.itemsize * 8):
        count = count + ((v >> k) & 1).astype(np.uint8)
    return count


def choose(a, choices, out=None, mode='raise'):
    np = _np()
    if out is not None:
        raise NotImplementedError('numpy.choose: tsh does not support out=')
    a = np.asarray(a)
    choices = [np.asarray(c) for c in choices]
    n = len(choices)
    if mode == 'wrap':
        a = np.mod(a, n)
    elif mode == 'clip':
        a = np.clip(a, 0, n - 1)
    elif np.any(a < 0) or np.any(a >= n):
        raise ValueError('invalid entry in choice array')
    result = choices[0]
    for k in _builtin_range(1, n):
        result = np.where(a == k, choices[k], result)
    return np.broadcast_to(result, broadcast_shapes(a.shape, *[c.shape for c in choices])).copy()


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    np = _np()
    if axis != 0 or np.ndim(start) or np.ndim(stop):
        raise NotImplementedError('numpy.geomspace: tsh takes scalar start and stop, axis=0')
    if start == 0 or stop == 0:
        raise ValueError('Geometric sequence cannot include zero')
    if isinstance(start, complex) or isinstance(stop, complex):
        raise NotImplementedError('numpy.geomspace: tsh does not take complex start or stop')
    sign = -1.0 if start < 0 else 1.0
    start, stop = start / sign, stop / sign
    if stop < 0:
        raise NotImplementedError('numpy.geomspace: start and stop of different signs need complex numbers')
    result = np.logspace(np.log10(float(start)), np.log10(float(stop)), num=num, endpoint=endpoint, base=10.0)
    if num > 0:
        result[0] = start
        if num > 1 and endpoint:
            result[-1] = stop
    result = result * sign
    return result if dtype is None else result.astype(dtype)


def spacing(x, /):
    np = _np()
    x = np.asarray(x)
    x = x.astype(_float_for(x.dtype)) if not str(x.dtype).startswith('float') else x
    ax = np.abs(x)
    gap = np.nextafter(ax, np.asarray(np.inf, dtype=x.dtype)) - ax
    if str(x.dtype) == 'float16':  # NumPy's half loop gives the gap unsigned
        return gap
    return np.where(np.signbit(x), -gap, gap)


def mask_indices(n, mask_func, k=0):
    np = _np()
    return np.nonzero(mask_func(np.ones((n, n), dtype=np.int64), k) != 0)


class printoptions:
    """with np.printoptions(precision=3): ... prints with those options inside the block only."""

    def __init__(self, *args, **kwargs):
        self._args, self._kwargs = args, kwargs

    def __enter__(self):
        np = _np()
        self._saved = np.get_printoptions()
        np.set_printoptions(*self._args, **self._kwargs)
        return np.get_printoptions()

    def __exit__(self, *exc):
        np = _np()
        np.set_printoptions(**{k: v for k, v in self._saved.items() if k in self._kwargs or k in ('precision',)})
        return False


# ---- ndarray methods written over numpy's functions (ndarray's attribute of the name without
# `_method_` calls these with the array first)
def _method_choose(self, choices, out=None, mode='raise'):
    return choose(self, choices, out=out, mode=mode)


def _method_compress(self, condition, axis=None, out=None):
    return compress(condition, self, axis=axis, out=out)


def _method_byteswap(self, inplace=False):
    # Each element's bytes in reverse order; a complex number's two parts each on their own, as NumPy does.
    np = _np()
    part = self.itemsize // 2 if self.dtype.kind == 'c' else self.itemsize
    raw = np.ascontiguousarray(self).view(np.uint8).reshape(self.shape + (self.itemsize // part, part))
    swapped = np.ascontiguousarray(raw[..., list(_builtin_range(part - 1, -1, -1))])
    result = swapped.reshape(-1).view(self.dtype).reshape(self.shape)
    if inplace:
        self[...] = result
        return self
    return result


def _field_bytes(self, dtype, offset):
    np = _np()
    dt = np.dtype(dtype)
    if offset < 0:
        raise ValueError('offset is negative')
    if offset + dt.itemsize > self.itemsize:
        raise ValueError('new type plus offset is larger than original type')
    if offset % dt.itemsize:
        raise NotImplementedError('ndarray.getfield: tsh reads a field only at an offset that is a multiple of its size')
    return self.view(np.uint8).reshape(self.shape + (self.itemsize,))[..., offset:offset + dt.itemsize], dt


def _method_getfield(self, dtype, offset=0):
    # A view of the bytes at offset in each element, read as dtype.
    raw, dt = _field_bytes(self, dtype, offset)
    return raw.view(dt).reshape(self.shape)


def _method_setfield(self, val, dtype, offset=0):
    raw, dt = _field_bytes(self, dtype, offset)
    raw.view(dt).reshape(self.shape)[...] = val


def _method_tofile(self, fid, sep='', format='%s'):
    # The elements in C order: raw bytes when sep is '', else text joined by sep.
    np = _np()
    if not isinstance(fid, str):
        raise NotImplementedError('ndarray.tofile: tsh writes to a file given by its name')
    if sep == '':
        np._write_file_bytes(fid, self.tobytes())
        return None
    items = [format % x for x in np.ravel(self).tolist()]
    with open(fid, 'w') as f:
        f.write(sep.join(items))
    return None


class flatiter:
    # a.flat: the array seen as one dimension in C order; reads give copies, writes go to the array.
    def __init__(self, base):
        self.base = base
        self.index = 0

    def __repr__(self):
        return '<numpy.flatiter object at 0x' + format(id(self), 'x') + '>'

    def __len__(self):
        return self.base.size

    def __iter__(self):
        np = _np()
        flat = np.ravel(self.base)
        for k in _builtin_range(flat.size):
            yield flat[k]

    def __array__(self, dtype=None, copy=None):
        return _np().ravel(self.base).copy()

    def copy(self):
        return _np().ravel(self.base).copy()

    @property
    def coords(self):
        return _np().unravel_index(self.index, self.base.shape)

    def _positions(self, key):
        np = _np()
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError('unsupported iterator index')
            key = key[0]
        return np.arange(self.base.size)[key]

    def __getitem__(self, key):
        np = _np()
        if key is Ellipsis:
            return np.ravel(self.base).copy()
        return np.ravel(self.base)[key] if self.base.flags.c_contiguous else np.ravel(self.base)[self._positions(key)]

    def __setitem__(self, key, value):
        # Values repeat when fewer than the positions, as NumPy's flat assignment does.
        np = _np()
        positions = np.ravel(np.asarray(self._positions(slice(None) if key is Ellipsis else key)))
        values = np.ravel(np.asarray(value))
        if positions.size == 0:
            return
        if values.size == 0:
            raise ValueError('flat assignment needs at least one value')
        reps = -(-positions.size // values.size)
        values = np.concatenate([values] * reps)[:positions.size]
        index = np.unravel_index(positions, self.base.shape)
        self.base[index] = values


def _method_flat(self):
    return flatiter(self)


class _ctypes:
    # a.ctypes: the address of the array's first element, for C code (tsh has no ctypes module,
    # so only the numbers are here).
    def __init__(self, array, address):
        self._array = array
        self.data = address
        self._as_parameter_ = address

    def __repr__(self):
        return '<numpy._core._internal._ctypes object at 0x' + format(id(self), 'x') + '>'

    @property
    def shape(self):
        return self._array.shape

    @property
    def strides(self):
        return self._array.strides

    def data_as(self, obj):
        raise NotImplementedError('ndarray.ctypes.data_as: tsh has no ctypes module; use .data, the address')


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    # The bytes read as elements of dtype (machine order); read-only, as a bytes object is.
    np = _np()
    if like is not None:
        raise NotImplementedError('numpy.frombuffer: tsh does not support like=')
    if not isinstance(buffer, bytes):
        raise TypeError("a bytes-like object is required, not '" + type(buffer).__name__ + "'")
    dt = np.dtype(dtype)
    n = len(buffer)
    if offset < 0 or offset > n:
        raise ValueError('offset must be non-negative and no greater than buffer length (' + str(n) + ')')
    available = n - offset
    if count < 0:
        if available % dt.itemsize:
            raise ValueError('buffer size must be a multiple of element size')
        count = available // dt.itemsize
    elif count * dt.itemsize > available:
        raise ValueError('buffer is smaller than requested size')
    raw = np.array(list(buffer[offset:offset + count * dt.itemsize]), dtype=np.uint8)
    result = raw.view(dt)
    result.setflags(write=False)
    return result


def _outer_edges(values, bounds):
    np = _np()
    if bounds is not None:
        first, last = bounds
        if first > last:
            raise ValueError('max must be larger than min in range parameter.')
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f'supplied range of [{first}, {last}] is not finite')
    elif values.size == 0:
        first, last = 0, 1
    else:
        first, last = values.min(), values.max()
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f'autodetected range of [{first}, {last}] is not finite')
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """Counts over a D-dimensional grid: each axis' bin found by searching its edges, values on the
    last edge counted in the last bin, then one bincount over the flattened grid (with an outlier
    bin at each end of every axis, cut off at the end)."""
    np = _np()
    if isinstance(sample, np.ndarray) and sample.ndim == 2:
        points = sample
    else:
        points = np.atleast_2d(sample).T
    n_dims = points.shape[1]
    if isinstance(bins, (list, tuple)) or (isinstance(bins, np.ndarray) and bins.ndim > 0):
        if len(bins) != n_dims:
            raise ValueError('The dimension of bins must be equal to the dimension of the sample x.')
        per_axis = list(bins)
    else:
        per_axis = [bins] * n_dims
    if range is None:
        range = [None] * n_dims
    elif len(range) != n_dims:
        raise ValueError('range argument must have one entry per dimension')
    edges = []
    for i in _builtin_range(n_dims):
        b = per_axis[i]
        if np.ndim(b) == 0:
            if b < 1:
                raise ValueError(f'`bins[{i}]` must be positive, when an integer')
            if not isinstance(b, int) and not (isinstance(b, np.integer)):
                raise TypeError(f'`bins[{i}]` must be an integer, when a scalar')
            first, last = _outer_edges(points[:, i], range[i])
            edges.append(np.linspace(first, last, int(b) + 1))
        elif np.ndim(b) == 1:
            e = np.asarray(b)
            if np.any(e[:-1] > e[1:]):
                raise ValueError(f'`bins[{i}]` must be monotonically increasing, when an array')
            edges.append(e)
        else:
            raise ValueError(f'`bins[{i}]` must be a scalar or 1d array')
    sizes = [len(e) + 1 for e in edges]
    where_ = []
    for i in _builtin_range(n_dims):
        k = np.searchsorted(edges[i], points[:, i], side='right')
        k[points[:, i] == edges[i][-1]] -= 1
        where_.append(k)
    cells = 1
    for s in sizes:
        cells *= s
    flat = np.ravel_multi_index(tuple(where_), tuple(sizes))
    hist = np.bincount(flat, weights, minlength=cells).reshape(sizes).astype(np.float64)
    hist = hist[tuple([slice(1, -1)] * n_dims)]
    if density:
        total = hist.sum()
        for i in _builtin_range(n_dims):
            shape = [1] * n_dims
            shape[i] = sizes[i] - 2
            hist = hist / np.diff(edges[i]).reshape(shape)
        hist = hist / total
    return hist, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    np = _np()
    try:
        n = len(bins)
    except TypeError:
        n = 1
    if n != 1 and n != 2:
        bins = [np.asarray(bins), np.asarray(bins)]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]


def _partition_args(a, kth, axis, kind, order, name):
    np = _np()
    if kind != 'introselect':
        raise ValueError("select kind must be 'introselect' (got " + repr(kind) + ")")
    if order is not None:
        raise NotImplementedError('numpy.' + name + ': tsh has no structured arrays (order=)')
    a = np.asarray(a)
    if axis is None:
        a, axis = a.ravel(), -1
    if not -a.ndim <= axis < _bigger(a.ndim, 1) or a.ndim == 0:
        np._raise_as('numpy.exceptions.AxisError',
                     'axis ' + str(axis) + ' is out of bounds for array of dimension ' + str(a.ndim))
    n = a.shape[axis]
    for k in (kth if isinstance(kth, (list, tuple)) else [kth]):
        if isinstance(k, bool) or type(k).__name__ == 'bool':
            raise ValueError('Booleans unacceptable as partition index')
        if not isinstance(k, int) and not (hasattr(k, 'dtype') and np.ndim(k) == 0 and k.dtype.kind in 'iu'):
            raise TypeError('Partition index must be integer')
        if n and not -n <= k < n:
            raise ValueError('kth(=' + str(k + n if k < 0 else k) + ') out of bounds (' + str(n) + ')')
    return a, axis


def partition(a, kth, axis=-1, kind='introselect', order=None):
    # Every kth element where sorting puts it, smaller ones before, larger after. tsh sorts the
    # whole axis, which is one such arrangement; NumPy's own order within the two sides depends on
    # its selection kernel (and on the CPU: its SIMD select differs from its introselect).
    a, axis = _partition_args(a, kth, axis, kind, order, 'partition')
    return _np().sort(a, axis=axis)


def argpartition(a, kth, axis=-1, kind='introselect', order=None):
    a, axis = _partition_args(a, kth, axis, kind, order, 'argpartition')
    return _np().argsort(a, axis=axis, kind='stable')


def _method_partition(self, kth, axis=-1, kind='introselect', order=None):
    _partition_args(self, kth, axis, kind, order, 'partition')
    self.sort(axis=axis)


def _method_argpartition(self, kth, axis=-1, kind='introselect', order=None):
    return argpartition(self, kth, axis, kind, order)


def _var_masked(a, axis=None, dtype=None, ddof=0, keepdims=False, where=True, mean=None, std=False):
    # var/std with where= or a given mean=, computed as NumPy's _var does: the mean of the kept
    # elements (or the one given), the squared deviations summed over the kept ones, divided by
    # their count less ddof.
    np = _np()
    a = np.asarray(a)
    work = dtype if dtype is not None else (np.float64 if a.dtype.kind in 'biu' else a.dtype)
    x = a.astype(work)
    mask = np.broadcast_to(np.asarray(where, dtype=bool), a.shape)
    count = np.sum(mask, axis=axis, keepdims=True)
    if mean is None:
        mean = (np.sum(x, axis=axis, keepdims=True, where=mask) / count).astype(x.dtype)  # (divided in place)
    d = x - mean
    sq = (d * np.conj(d)).real if d.dtype.kind == 'c' else d * d
    total = np.sum(sq, axis=axis, keepdims=keepdims, where=mask)
    n = count if keepdims else np.sum(mask, axis=axis)
    r = np.asarray(total / np.maximum(n - ddof, 0)).astype(sq.dtype)  # (NumPy divides in place: the sum's dtype)
    r = np.sqrt(r) if std else r
    return r[()] if r.ndim == 0 else r


# ---- reversed views (negative strides)
def flip(m, axis=None):
    # m read backwards along each axis given (all by default): a view, as m[::-1] is
    np = _np()
    m = np.asarray(m)
    backwards = slice(None, None, -1)
    if axis is None:
        return m[(backwards,) * m.ndim]
    key = [slice(None)] * m.ndim
    for ax in (axis if isinstance(axis, (tuple, list)) else (axis,)):
        if not -m.ndim <= ax < m.ndim:
            np._raise_as('numpy.exceptions.AxisError', f'axis {ax} is out of bounds for array of dimension {m.ndim}')
        key[ax] = backwards
    return m[tuple(key)]


def fliplr(m):
    m = _np().asarray(m)
    if m.ndim < 2:
        raise ValueError('Input must be >= 2-d.')
    return m[:, ::-1]


def flipud(m):
    m = _np().asarray(m)
    if m.ndim < 1:
        raise ValueError('Input must be >= 1-d.')
    return m[::-1, ...]


def rot90(m, k=1, axes=(0, 1)):
    # a quarter turn k times from the first axis towards the second: flips and a transpose, all views
    np = _np()
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError('len(axes) must be 2.')
    m = np.asarray(m)
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError('Axes must be different.')
    if not (-m.ndim <= axes[0] < m.ndim and -m.ndim <= axes[1] < m.ndim):
        raise ValueError(f'Axes={axes} out of range for array of ndim={m.ndim}.')
    k = k % 4
    if k == 0:
        return m[:]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    order = list(_builtin_range(m.ndim))
    order[axes[0]], order[axes[1]] = order[axes[1]], order[axes[0]]
    if k == 1:
        return np.transpose(flip(m, axes[1]), order)
    return flip(np.transpose(m, order), axes[1])
