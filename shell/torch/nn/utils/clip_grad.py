# torch.nn.utils: gradient clipping and parameters as one vector.
import torch

__all__ = ['clip_grad_norm_', 'clip_grad_value_', 'clip_grad_norm', 'get_total_norm', 'clip_grads_with_norm_',
           'parameters_to_vector', 'vector_to_parameters']


def _tensors(parameters):
    return [parameters] if isinstance(parameters, torch.Tensor) else list(parameters)


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of the norms of tensors (the norm of all their elements together)."""
    tensors = [t for t in _tensors(tensors) if t is not None]
    norm_type = float(norm_type)
    if len(tensors) == 0:
        return torch.tensor(0.0)
    norms = [torch.linalg.vector_norm(t, norm_type) for t in tensors]
    total = torch.linalg.vector_norm(torch.stack(norms), norm_type)
    if error_if_nonfinite and (torch.isnan(total) or torch.isinf(total)):
        raise RuntimeError(f'The total norm of order {norm_type} for gradients from `parameters` is non-finite, so '
                           'it cannot be clipped. To disable this error and scale the gradients by the non-finite '
                           'norm anyway, set `error_if_nonfinite=False`')
    return total


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    grads = [p.grad for p in _tensors(parameters) if p.grad is not None]
    coef = max_norm / (total_norm + 1e-6)
    coef_clamped = torch.clamp(coef, max=1.0)
    with torch.no_grad():
        for g in grads:
            g.mul_(coef_clamped)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scales the gradients in place so that their total norm is at most max_norm; returns the norm
    they had."""
    parameters = _tensors(parameters)
    grads = [p.grad for p in parameters if p.grad is not None]
    total = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total, foreach)
    return total


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    import warnings
    warnings.warn('`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.',
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamps every gradient element to [-clip_value, clip_value], in place."""
    clip_value = float(clip_value)
    with torch.no_grad():
        for p in _tensors(parameters):
            if p.grad is not None:
                p.grad.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters):
    return torch.cat([p.view(-1) for p in _tensors(parameters)])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError(f'expected torch.Tensor, but got: {type(vec).__name__}')
    offset = 0
    for p in _tensors(parameters):
        n = p.numel()
        p.data = vec[offset:offset + n].view_as(p).data
        offset += n
