# numpy.random's multivariate_normal, for RandomState and Generator: standard normals (drawn by
# the caller's stream, `draw(shape)`) times a factor A of cov with A @ A.T == cov, plus mean,
# composed of numpy's own linalg and array functions in the order NumPy composes them, so that
# the numbers agree with NumPy's as far as the decompositions do. Run by random_dists.cpp.


def multivariate_normal(draw, legacy, mean, cov, size=None, check_valid='warn', tol=1e-8, method='svd'):
    import numpy as np
    if method not in ('eigh', 'svd', 'cholesky'):
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    mean = np.array(mean)
    cov = np.array(cov)
    if np.iscomplexobj(mean) or np.iscomplexobj(cov):
        raise TypeError("mean and cov must not be complex")
    if size is None:
        shape = []
    elif isinstance(size, int) or (isinstance(size, np.ndarray) and size.ndim == 0):
        shape = [int(size)]
    else:
        shape = list(size)
    if mean.ndim != 1:
        raise ValueError("mean must be 1 dimensional")
    if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    final_shape = shape + [mean.shape[0]]
    x = draw(tuple(final_shape)).reshape(-1, mean.shape[0])
    cov = cov.astype(np.float64)  # so that tol means what it says
    if method == 'svd':
        u, s, vh = np.linalg.svd(cov)
    elif method == 'eigh':
        s, u = np.linalg.eigh(cov)
    else:
        l = np.linalg.cholesky(cov)
    if check_valid != 'ignore' and method != 'cholesky':
        if check_valid != 'warn' and check_valid != 'raise':
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method == 'svd':
            psd = np.allclose(np.dot(vh.T * s, vh), cov, rtol=tol, atol=tol)
        else:
            psd = not np.any(s < -tol)
        if not psd:
            if check_valid == 'warn':
                import warnings
                warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning)
            else:
                raise ValueError("covariance is not symmetric positive-semidefinite.")
    if legacy:
        x = np.dot(x, np.sqrt(s)[:, None] * vh)
        x = x + mean
    else:
        if method == 'cholesky':
            factor = l
        elif method == 'eigh':
            factor = u * np.sqrt(np.absolute(s))
        else:
            factor = u * np.sqrt(s)
        x = mean + x @ factor.T
    return x.reshape(tuple(final_shape))
