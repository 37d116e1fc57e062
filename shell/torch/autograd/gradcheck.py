# torch.autograd.gradcheck: checks autograd's gradients of a function against central finite
# differences, element by element, as PyTorch's slow mode does (the Jacobian's rows are the input's
# elements, its columns the output's).
import torch
import warnings


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _coords(flat, shape):
    """The index of element `flat` of a tensor of this shape, in row-major order."""
    out = []
    for size in reversed(shape):
        out.append(flat % size)
        flat //= size
    return tuple(reversed(out))


def _outputs(func, inputs):
    return [o for o in _as_tuple(func(*inputs)) if isinstance(o, torch.Tensor)]


def _numerical(func, inputs, j, outputs, eps):
    """One list per output: the (input j numel, output numel) Jacobian by central differences."""
    x = inputs[j]
    columns = [[] for _ in outputs]
    with torch.no_grad():
        for k in range(x.numel()):
            at = _coords(k, x.shape)
            orig = x[at].clone()
            x[at] = orig - eps
            before = [o.detach().clone() for o in _outputs(func, inputs)]
            x[at] = orig + eps
            after = [o.detach().clone() for o in _outputs(func, inputs)]
            x[at] = orig
            for i in range(len(outputs)):
                columns[i].append(((after[i] - before[i]) / (2 * eps)).reshape(-1))
    return [torch.stack(c) if c else torch.zeros(0, outputs[i].numel(), dtype=x.dtype)
            for i, c in enumerate(columns)]


def _analytical(output, inputs, diff):
    """For each differentiable input, the (input numel, output numel) Jacobian from backward passes."""
    rows = {j: [] for j in diff}
    flat = output.reshape(-1)
    for m in range(output.numel()):
        if not output.requires_grad:
            grads = [None] * len(diff)
        else:
            seed = torch.zeros_like(flat)
            seed[m] = 1
            grads = torch.autograd.grad(flat, [inputs[j] for j in diff], seed, retain_graph=True, allow_unused=True)
        for j, g in zip(diff, grads):
            rows[j].append(torch.zeros(inputs[j].numel(), dtype=inputs[j].dtype) if g is None else g.reshape(-1))
    return {j: (torch.stack(r, 1) if r else torch.zeros(inputs[j].numel(), 0, dtype=inputs[j].dtype))
            for j, r in rows.items()}


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False,
              masked=None):
    """True when autograd's Jacobian of func at inputs agrees with finite differences (within atol + rtol *
    |numerical|); otherwise raises GradcheckError with both Jacobians (or returns False when
    raise_exception=False). Use float64 inputs: float32 rounding swamps eps."""
    if check_batched_grad or check_batched_forward_grad or check_forward_ad or fast_mode or masked:
        raise NotImplementedError('gradcheck(check_batched_grad=, check_forward_ad=, fast_mode=, masked=) are not '
                                  'in tsh: it runs the slow backward-mode check')
    inputs = _as_tuple(inputs)
    diff = [j for j, x in enumerate(inputs) if isinstance(x, torch.Tensor) and x.requires_grad]
    if not diff:
        raise ValueError('gradcheck expects at least one input tensor to require gradient, but none of them have '
                         'requires_grad=True.')
    for j in diff:
        if inputs[j].is_complex():
            raise NotImplementedError('gradcheck of complex inputs is not in tsh')
        if inputs[j].dtype != torch.float64:
            warnings.warn(f'Input #{j} requires gradient and is not a double precision floating point or complex. '
                          'This check will likely fail if all the inputs are not of double precision floating point '
                          'or complex. ')
    outputs = _outputs(func, inputs)
    analytical = [_analytical(output, inputs, diff) for output in outputs]  # before the inputs are perturbed
    numerical = {j: _numerical(func, inputs, j, outputs, eps) for j in diff}
    for i in range(len(outputs)):
        for j in diff:
            a, n = analytical[i][j], numerical[j][i].to(analytical[i][j].dtype)
            if not torch.allclose(a, n, rtol, atol):
                if not raise_exception:
                    return False
                raise GradcheckError(f'Jacobian mismatch for output {i} with respect to input {j},\n'
                                     f'numerical:{n}\nanalytical:{a}\n')
    return True
