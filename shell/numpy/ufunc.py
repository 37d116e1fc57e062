# numpy.ufunc: NumPy's elementwise functions as objects. Each wraps the function that computes it
# (C++ or lib.py) and adds what every ufunc shares: the keywords out=, where=, dtype=, casting=
# and order=, the attributes nin, nout, nargs and identity, and the methods reduce, accumulate,
# reduceat, outer and at. Aliases are one object (np.abs is np.absolute), as in NumPy.
# Runs in numpy's namespace after lib.py, so every function named below already exists.


def _np():
    import numpy
    return numpy


_NO_VALUE = object()   # reduce's initial= left out (None is a value there: "no initial")

_CAN_REORDER = {'add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin', 'logical_and', 'logical_or',
                'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'gcd', 'lcm', 'hypot',
                'logaddexp', 'logaddexp2'}


def _cast_error(name, which, k, src, dst, casting):
    kind = '_UFuncOutputCastingError' if which == 'output' else '_UFuncInputCastingError'
    _np()._raise_as('numpy._core._exceptions.' + kind,
                    "Cannot cast ufunc '" + name + "' " + which + " " + ("" if which == 'output' else str(k) + " ") +
                    "from " + repr(src) + " to " + repr(dst) + " with casting rule '" + casting + "'")


def _axis(axis, ndim):
    if not -ndim <= axis < ndim:
        _np()._raise_as('numpy.exceptions.AxisError',
                        'axis ' + str(axis) + ' is out of bounds for array of dimension ' + str(ndim))
    return axis + ndim if axis < 0 else axis


class ufunc:
    def __init__(self, name, impl, nin, nout, identity):
        self.__name__ = name
        self._impl = impl
        self.nin = nin
        self.nout = nout
        self.nargs = nin + nout
        self.identity = identity
        self.signature = None

    def __repr__(self):
        return "<ufunc '" + self.__name__ + "'>"

    def __call__(self, *args, **kwargs):
        if not kwargs and len(args) == self.nin:
            return self._impl(*args)
        return self._call(args, **kwargs)

    def _call(self, args, out=None, where=True, casting='same_kind', order='K', dtype=None, subok=True,
              signature=None, **unknown):
        np = _np()
        for key in unknown:
            raise TypeError(self.__name__ + "() got an unexpected keyword argument '" + key + "'")
        nin, nout = self.nin, self.nout
        if len(args) < nin or len(args) > nin + nout:
            given = len(args)
            raise TypeError(self.__name__ + "() takes from " + str(nin) + " to " + str(nin + nout) +
                            " positional arguments but " + str(given) + (" was" if given == 1 else " were") + " given")
        inputs = args[:nin]
        outs = args[nin:]
        if out is not None:
            if outs:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            outs = tuple(out) if isinstance(out, tuple) else (out,)
        if outs and len(outs) != nout:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        if signature is not None:
            raise NotImplementedError("numpy.ufunc: tsh does not support signature=")
        if subok is not True:
            raise NotImplementedError("numpy.ufunc: tsh has no ndarray subclasses, so subok= is not supported")
        if order not in ('K', 'A', 'C', 'F'):
            raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + str(order) + "')")
        if order == 'F':
            raise NotImplementedError("numpy.ufunc: tsh has no Fortran-order arrays (order='F')")
        if casting not in ('no', 'equiv', 'safe', 'same_kind', 'unsafe'):
            raise ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got " +
                             repr(casting) + ")")
        if _all_none(outs) and where is True and dtype is None:
            return self._impl(*inputs)
        if dtype is not None:
            dt = np.dtype(dtype)
            cast = []
            for k in range(nin):
                src = np.asarray(inputs[k]).dtype
                if not np.can_cast(src, dt, casting):
                    _cast_error(self.__name__, 'input', k, src, dt, casting)
                cast.append(np.asarray(inputs[k]).astype(dt))
            result = self._impl(*cast)
            first = result[0] if nout > 1 else result
            if np.asarray(first).dtype != dt:
                raise TypeError("No loop matching the specified signature and casting was found for ufunc " +
                                self.__name__)
        else:
            result = self._impl(*inputs)
        results = result if nout > 1 else (result,)
        if not outs:
            outs = (None,) * nout
        if where is not True and _all_none(outs):
            import warnings
            warnings.warn("'where' used without 'out', expect unitialized memory in output. "
                          "If this is intentional, use out=None.", UserWarning)
        shapes = [np.shape(x) for x in inputs]
        written = []
        for r, o in zip(results, outs):
            if o is None:  # no array given for this output: a new one (zeros where where= is False)
                o = np.zeros(np.shape(r), np.asarray(r).dtype)
            elif not isinstance(o, (np.ndarray, np.memmap)):
                raise TypeError("return arrays must be of ArrayType")
            elif not o.flags.writeable:
                raise ValueError("output array is read-only")
            rd = np.asarray(r).dtype
            if not np.can_cast(rd, o.dtype, casting):
                _cast_error(self.__name__, 'output', 0, rd, o.dtype, casting)
            if not _fits(np.shape(r), o.shape):
                raise ValueError("operands could not be broadcast together with shapes " +
                                 " ".join(_shape_text(s) for s in shapes + [o.shape]) + " ")
            np.copyto(o, r, casting='unsafe', where=where)
            written.append(o)
        return written[0] if nout == 1 else tuple(written)

    # ---- methods over an axis
    def _binary_only(self, method):
        if self.nin != 2:
            raise ValueError(method + " only supported for binary functions")
        if self.nout != 1:
            raise ValueError(method + " only supported for functions returning a single value")

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NO_VALUE, where=True):
        np = _np()
        self._binary_only('reduce')
        a = np.asarray(array)
        if dtype is not None and self.__name__ not in ('add', 'multiply'):
            a = a.astype(dtype)
        if axis is None:
            axes = list(range(a.ndim))
        elif isinstance(axis, (tuple, list)):
            axes = [_axis(x, a.ndim) for x in axis]
        else:
            axes = [_axis(axis, a.ndim)]
        if len(axes) > 1 and self.__name__ not in _CAN_REORDER:
            raise ValueError("reduction operation '" + self.__name__ +
                             "' is not reorderable, so at most one axis may be specified")
        start = self.identity if initial is _NO_VALUE else initial
        if where is not True and start is None:
            raise ValueError("reduction operation '" + self.__name__ +
                             "' does not have an identity, so to use a where mask one has to specify 'initial'")
        r = a
        if where is not True:
            r = np.where(np.broadcast_to(where, a.shape), a, np.asarray(start).astype(a.dtype))
        # the identity is where an empty reduction starts; a given initial= is where every one starts
        given = initial is not _NO_VALUE and initial is not None
        for ax in sorted(axes, reverse=True):
            r = self._reduce_one(r, ax, given, start, dtype)
            dtype = None
        if keepdims:
            for ax in sorted(axes):
                r = np.expand_dims(r, ax)
        if out is not None:
            o = out[0] if isinstance(out, tuple) else out
            np.copyto(o, r, casting='unsafe')
            return o
        return r

    def _reduce_one(self, a, axis, given, start, dtype):
        np = _np()
        n = a.shape[axis]
        name = self.__name__
        if name in ('add', 'multiply'):  # numpy's own sums (pairwise) and products, with their dtypes
            total = np.sum if name == 'add' else np.prod
            if given:
                return total(a, axis=axis, dtype=dtype, initial=start)
            return total(a, axis=axis, dtype=dtype)
        if not given:  # NaN-propagating extrema and the truth reductions
            if name == 'maximum' and n > 0:
                return np.max(a, axis=axis)
            if name == 'minimum' and n > 0:
                return np.min(a, axis=axis)
            if name == 'logical_and':
                return np.all(a, axis=axis)
            if name == 'logical_or':
                return np.any(a, axis=axis)
        if n == 0 and start is None:
            raise ValueError("zero-size array to reduction operation " + name + " which has no identity")
        moved = np.moveaxis(a, axis, 0)
        if not given and n > 0:  # the first element starts a non-empty reduction; the identity an empty one
            acc = moved[0]
            rest = range(1, n)
        else:
            acc = np.full(moved.shape[1:], start, dtype=dtype if dtype is not None else a.dtype)
            rest = range(n)
        for i in rest:
            acc = self(acc, moved[i])
        acc = np.asarray(acc)
        return acc[()] if acc.ndim == 0 and not isscalar(acc) else acc

    def accumulate(self, array, axis=0, dtype=None, out=None):
        np = _np()
        self._binary_only('accumulate')
        a = np.asarray(array)
        if dtype is not None and self.__name__ not in ('add', 'multiply'):
            a = a.astype(dtype)
        if a.ndim == 0:
            raise TypeError("cannot accumulate on a scalar")
        axis = _axis(axis, a.ndim)
        if self.__name__ in ('add', 'multiply'):
            r = (np.cumsum if self.__name__ == 'add' else np.cumprod)(a, axis=axis, dtype=dtype)
            if out is not None:
                np.copyto(out[0] if isinstance(out, tuple) else out, r, casting='unsafe')
                return out[0] if isinstance(out, tuple) else out
            return r
        moved = np.moveaxis(a, axis, 0)
        parts = []
        acc = None
        for i in range(moved.shape[0]):
            acc = moved[i].copy() if acc is None else np.asarray(self(acc, moved[i]))
            parts.append(acc)
        r = np.moveaxis(np.stack(parts) if parts else moved.copy(), 0, axis)
        if dtype is None and parts and r.dtype != a.dtype and a.dtype.kind != 'b':
            r = r.astype(a.dtype)
        if out is not None:
            o = out[0] if isinstance(out, tuple) else out
            np.copyto(o, r, casting='unsafe')
            return o
        return r

    def reduceat(self, array, indices, axis=0, dtype=None, out=None):
        np = _np()
        self._binary_only('reduceat')
        a = np.asarray(array)
        if dtype is not None:
            a = a.astype(dtype)
        axis = _axis(axis, a.ndim)
        moved = np.moveaxis(a, axis, 0)
        idx = [int(i) for i in np.asarray(indices).reshape(-1)]
        n = moved.shape[0]
        parts = []
        for k in range(len(idx)):
            i = idx[k]
            if i < 0 or i >= n:
                raise IndexError("index " + str(i) + " out-of-bounds in " + self.__name__ + ".reduceat [0, " + str(n) + ")")
            j = idx[k + 1] if k + 1 < len(idx) else n
            if j > i:
                parts.append(np.asarray(self.reduce(moved[i:j], axis=0)))
            else:
                parts.append(moved[i].copy())
        r = np.moveaxis(np.stack(parts), 0, axis)
        if out is not None:
            np.copyto(out, r, casting='unsafe')
            return out
        return r

    def outer(self, A, B, /, **kwargs):
        np = _np()
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        a = np.asarray(A)
        b = np.asarray(B)
        return self(a.reshape(a.shape + (1,) * b.ndim), b, **kwargs)

    def at(self, a, indices, b=None, /):
        np = _np()
        if not isinstance(a, np.ndarray):
            raise TypeError("first operand must be array")
        if self.nin == 2 and b is None:
            raise ValueError("second operand needed for ufunc")
        if self.nin == 1 and b is not None:
            raise ValueError("second operand provided when ufunc is unary")
        # The flat positions the indices select, each visited in turn (repeats apply again:
        # at is unbuffered, unlike a[indices] += b).
        positions = np.arange(a.size).reshape(a.shape)[indices]
        shape = np.shape(positions)
        flat = np.asarray(positions).reshape(-1)
        values = None if b is None else np.broadcast_to(np.asarray(b), shape).reshape(-1)
        for k in range(flat.size):
            where_ = np.unravel_index(int(flat[k]), a.shape)
            if values is None:
                a[where_] = self(a[where_])
            else:
                a[where_] = self(a[where_], values[k])


def _all_none(outs):  # (numpy's all shadows the builtin in this namespace)
    for o in outs:
        if o is not None:
            return False
    return True


def _fits(shape, target):  # whether a result of shape broadcasts into an output of shape target
    if len(shape) > len(target):
        return False
    for k in range(1, len(shape) + 1):
        if shape[-k] != 1 and shape[-k] != target[-k]:
            return False
    return True


def _shape_text(s):
    return '(' + ','.join(str(d) for d in s) + (',)' if len(s) == 1 else ')')


# {name: ufunc} for every name and alias; numpy's install puts them in its namespace (this file
# runs while numpy is being made, so it cannot import numpy yet).
def _make_ufuncs(lookup):
    # name: (nin, nout, identity, aliases)
    table = {
        'absolute': (1, 1, None, ['abs']), 'arccos': (1, 1, None, ['acos']), 'arccosh': (1, 1, None, ['acosh']),
        'add': (2, 1, 0, []), 'arcsin': (1, 1, None, ['asin']), 'arcsinh': (1, 1, None, ['asinh']),
        'arctan': (1, 1, None, ['atan']), 'arctan2': (2, 1, None, ['atan2']), 'arctanh': (1, 1, None, ['atanh']),
        'bitwise_and': (2, 1, -1, []), 'bitwise_count': (1, 1, None, []),
        'invert': (1, 1, None, ['bitwise_invert', 'bitwise_not']), 'left_shift': (2, 1, None, ['bitwise_left_shift']),
        'bitwise_or': (2, 1, 0, []), 'right_shift': (2, 1, None, ['bitwise_right_shift']),
        'bitwise_xor': (2, 1, 0, []), 'cbrt': (1, 1, None, []), 'ceil': (1, 1, None, []),
        'conjugate': (1, 1, None, ['conj']), 'copysign': (2, 1, None, []), 'cos': (1, 1, None, []),
        'cosh': (1, 1, None, []), 'deg2rad': (1, 1, None, []), 'degrees': (1, 1, None, []),
        'divide': (2, 1, None, ['true_divide']), 'divmod': (2, 2, None, []), 'equal': (2, 1, None, []),
        'exp': (1, 1, None, []), 'exp2': (1, 1, None, []), 'expm1': (1, 1, None, []), 'fabs': (1, 1, None, []),
        'float_power': (2, 1, None, []), 'floor': (1, 1, None, []), 'floor_divide': (2, 1, None, []),
        'fmax': (2, 1, None, []), 'fmin': (2, 1, None, []), 'fmod': (2, 1, None, []), 'frexp': (1, 2, None, []),
        'gcd': (2, 1, 0, []), 'greater': (2, 1, None, []), 'greater_equal': (2, 1, None, []),
        'heaviside': (2, 1, None, []), 'hypot': (2, 1, 0, []), 'isfinite': (1, 1, None, []),
        'isinf': (1, 1, None, []), 'isnan': (1, 1, None, []), 'isnat': (1, 1, None, []), 'lcm': (2, 1, None, []),
        'ldexp': (2, 1, None, []), 'less': (2, 1, None, []), 'less_equal': (2, 1, None, []),
        'log': (1, 1, None, []), 'log10': (1, 1, None, []), 'log1p': (1, 1, None, []), 'log2': (1, 1, None, []),
        'logaddexp': (2, 1, float('-inf'), []), 'logaddexp2': (2, 1, float('-inf'), []),
        'logical_and': (2, 1, True, []), 'logical_not': (1, 1, None, []), 'logical_or': (2, 1, False, []),
        'logical_xor': (2, 1, False, []), 'matmul': (2, 1, None, []), 'matvec': (2, 1, None, []),
        'maximum': (2, 1, None, []), 'minimum': (2, 1, None, []), 'remainder': (2, 1, None, ['mod']),
        'modf': (1, 2, None, []), 'multiply': (2, 1, 1, []), 'negative': (1, 1, None, []),
        'nextafter': (2, 1, None, []), 'not_equal': (2, 1, None, []), 'positive': (1, 1, None, []),
        'power': (2, 1, None, ['pow']), 'rad2deg': (1, 1, None, []), 'radians': (1, 1, None, []),
        'reciprocal': (1, 1, None, []), 'rint': (1, 1, None, []), 'sign': (1, 1, None, []),
        'signbit': (1, 1, None, []), 'sin': (1, 1, None, []), 'sinh': (1, 1, None, []),
        'spacing': (1, 1, None, []), 'sqrt': (1, 1, None, []), 'square': (1, 1, None, []),
        'subtract': (2, 1, None, []), 'tan': (1, 1, None, []), 'tanh': (1, 1, None, []),
        'trunc': (1, 1, None, []), 'vecdot': (2, 1, None, []), 'vecmat': (2, 1, None, []),
    }
    made = {}
    for name in table:
        nin, nout, identity, aliases = table[name]
        u = ufunc(name, lookup(name), nin, nout, identity)
        for n in [name] + aliases:
            made[n] = u
    return made
