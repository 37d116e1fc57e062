# numpy.linalg's array-API functions, written over numpy's own (the C++ half, linalg.cpp, has the
# factorizations): matmul, outer, vecdot, cross, trace, diagonal, matrix_transpose, multi_dot,
# svdvals, vector_norm, matrix_norm and cond, with NumPy 2's argument rules and messages. Each
# imports numpy when called: this file runs while numpy itself is being made.


def _np():
    import numpy
    return numpy


def _at_least_2d(x, name='x'):
    x = _np().asarray(x)
    if x.ndim < 2:
        raise _np().linalg.LinAlgError(f'{x.ndim}-dimensional array given. Array must be at least two-dimensional')
    return x


def matmul(x1, x2, /):
    return _np().matmul(x1, x2)


def outer(x1, x2, /):
    np = _np()
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f'Input arrays must be one-dimensional, but they are x1.ndim={x1.ndim} and x2.ndim={x2.ndim}.')
    return np.outer(x1, x2)


def matrix_transpose(x, /):
    np = _np()
    x = np.asarray(x)
    if x.ndim < 2:
        raise ValueError(f'Input array must be at least 2-dimensional, but it is {x.ndim}')
    return np.swapaxes(x, -1, -2)


def trace(x, /, *, offset=0, dtype=None):
    return _np().trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def diagonal(x, /, *, offset=0):
    return _np().diagonal(x, offset=offset, axis1=-2, axis2=-1)


def vecdot(x1, x2, /, *, axis=-1):
    np = _np()
    x1, x2 = np.asarray(x1), np.asarray(x2)
    return (np.conj(x1) * x2).sum(axis=axis)


def cross(x1, x2, /, *, axis=-1):
    np = _np()
    x1, x2 = np.asarray(x1), np.asarray(x2)
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f'Both input arrays must be (arrays of) 3-dimensional vectors, but they are '
                         f'{x1.shape[axis]} and {x2.shape[axis]} dimensional instead.')
    a, b = np.moveaxis(x1, axis, -1), np.moveaxis(x2, axis, -1)
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    out = np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)
    return np.moveaxis(out, -1, axis)


def multi_dot(arrays, *, out=None):
    np = _np()
    if out is not None:
        raise NotImplementedError('numpy.linalg.multi_dot: tsh does not support out=')
    arrays = [np.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError('Expecting at least two arrays.')
    # the first may be 1-d (a row), the last 1-d (a column); the product in order, left to right
    result = arrays[0]
    for a in arrays[1:]:
        result = np.dot(result, a)
    return result


def svdvals(x, /):
    return _np().linalg.svd(x, compute_uv=False)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    np = _np()
    x = np.asarray(x)
    if axis is None:
        result = np.linalg.norm(x.ravel(), ord=ord)
        if keepdims:
            result = np.asarray(result).reshape((1,) * x.ndim)
        return result
    return np.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims)


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    np = _np()
    x = _at_least_2d(x)
    return np.linalg.norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def cond(x, p=None):
    np = _np()
    x = _at_least_2d(x)
    if p is None or p == 2 or p == -2:
        s = np.linalg.svd(x, compute_uv=False)
        return s[..., 0] / s[..., -1] if p != -2 else s[..., -1] / s[..., 0]
    return np.linalg.norm(x, ord=p, axis=(-2, -1)) * np.linalg.norm(np.linalg.inv(x), ord=p, axis=(-2, -1))


def tensordot(x1, x2, /, *, axes=2):
    return _np().tensordot(x1, x2, axes=axes)


def tensorinv(a, ind=2):
    np = _np()
    a = np.asarray(a)
    if ind <= 0:
        raise ValueError('Invalid ind argument.')
    oldshape = a.shape
    prod = 1
    for s in oldshape[:ind]:
        prod *= s
    invshape = oldshape[ind:] + oldshape[:ind]
    return np.linalg.inv(a.reshape(prod, -1)).reshape(invshape)


def tensorsolve(a, b, axes=None):
    np = _np()
    a, b = np.asarray(a), np.asarray(b)
    if axes is not None:
        allaxes = list(range(a.ndim))
        for k in axes:
            allaxes.remove(k)
            allaxes.insert(a.ndim, k)
        a = a.transpose(allaxes)
    oldshape = a.shape[-(a.ndim - b.ndim):]
    prod = 1
    for k in oldshape:
        prod *= k
    if a.size != prod ** 2:
        # (NumPy's message keeps the indentation of its source line's continuation)
        raise np.linalg.LinAlgError('Input arrays must satisfy the requirement             prod(a.shape[b.ndim:]) == '
                                    'prod(a.shape[:b.ndim])')
    return np.linalg.solve(a.reshape(prod, prod), b.ravel()).reshape(oldshape)
