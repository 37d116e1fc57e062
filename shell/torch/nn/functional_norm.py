# torch.nn.functional's normalisations, run into the same module as functional.py. Each computes
# its statistics with torch's reductions and applies them as PyTorch's CPU kernels do: a scale and a
# shift per channel (or row), x·scale + shift, then the affine weight and bias.
import torch


def _channel_shape(input):
    return [1, input.shape[1]] + [1] * (input.dim() - 2)


def _verify_batch_size(size):
    values = 1
    for i, s in enumerate(size):
        if i != 1:
            values *= s
    if values == 1:
        raise ValueError(f'Expected more than 1 value per channel when training, got input size {size}')


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Normalises each channel (dim 1) over the batch and spatial dims: with the batch's statistics
    while training (and updates the running ones in place), with the running ones otherwise."""
    if input.dim() < 2:
        raise ValueError(f'expected 2D or 3D input (got {input.dim()}D input)')
    channels = input.shape[1]
    for name, t in (('running_mean', running_mean), ('running_var', running_var), ('weight', weight),
                    ('bias', bias)):
        if t is not None and t.numel() != channels:
            raise RuntimeError(f'{name} should contain {channels} elements not {t.numel()}')
    if training:
        _verify_batch_size(input.size())
    dims = [0] + list(range(2, input.dim()))
    if training or running_mean is None:
        mean = input.mean(dims)
        var = input.var(dims, unbiased=False)
        if training and running_mean is not None:
            count = input.numel() // channels
            with torch.no_grad():
                running_mean.copy_(momentum * mean + (1 - momentum) * running_mean)
                running_var.copy_(momentum * (var * (count / (count - 1))) + (1 - momentum) * running_var)
    else:
        mean, var = running_mean, running_var
    invstd = torch.rsqrt(var + eps)
    scale = invstd if weight is None else invstd * weight
    shift = -mean * scale if bias is None else bias - mean * scale
    shape = _channel_shape(input)
    return _node(input * scale.reshape(shape) + shift.reshape(shape), 'NativeBatchNormBackward0')


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    """batch_norm of each (sample, channel) on its own: the batch folded into the channels."""
    if use_input_stats:
        spatial = 1
        for s in input.shape[2:]:
            spatial *= s
        if spatial == 1:
            raise ValueError(f'Expected more than 1 spatial element when training, got input size {input.size()}')
    n, c = input.shape[0], input.shape[1]
    folded = input.reshape([1, n * c] + list(input.shape[2:]))
    rm = None if running_mean is None else running_mean.repeat(n)
    rv = None if running_var is None else running_var.repeat(n)
    out = batch_norm(folded, rm, rv, None, None, use_input_stats, momentum, eps).reshape(input.shape)
    if running_mean is not None and use_input_stats:
        with torch.no_grad():
            running_mean.copy_(rm.reshape(n, c).mean(0))
            running_var.copy_(rv.reshape(n, c).mean(0))
    if weight is not None:
        out = out * weight.reshape(_channel_shape(input))
    if bias is not None:
        out = out + bias.reshape(_channel_shape(input))
    return _node(out, 'ViewBackward0')


def _normalized_rows(x, rows, eps):
    """x as (rows, -1) normalised per row: x·rstd + (−mean·rstd), PyTorch's LayerNorm transform."""
    flat = x.reshape(rows, -1)
    mean = flat.mean(-1, keepdim=True)
    rstd = torch.rsqrt(flat.var(-1, unbiased=False, keepdim=True) + eps)
    return (flat * rstd + (-mean * rstd)).reshape(x.shape)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    shape = [int(normalized_shape)] if isinstance(normalized_shape, int) else [int(s) for s in normalized_shape]
    k = len(shape)
    if input.dim() < k or list(input.shape[input.dim() - k:]) != shape:
        raise RuntimeError(f'Given normalized_shape={shape}, expected input with shape [*, '
                           f'{", ".join(str(s) for s in shape)}], but got input of size{list(input.shape)}')
    for name, t in (('weight', weight), ('bias', bias)):
        if t is not None and list(t.shape) != shape:
            raise RuntimeError(f'Expected {name} to be of same shape as normalized_shape, but got {name} of shape '
                               f'{list(t.shape)} and normalized_shape = {shape}')
    rows = 1
    for s in input.shape[:input.dim() - k]:
        rows *= s
    out = _normalized_rows(input, rows, eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return _node(out, 'NativeLayerNormBackward0')


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    if input.dim() < 2:
        raise RuntimeError(f'Expected at least 2 dimensions for input tensor but received {input.dim()}')
    n, c = input.shape[0], input.shape[1]
    if c % num_groups != 0:
        raise RuntimeError(f'Expected number of channels in input to be divisible by num_groups, but got input of '
                           f'shape {list(input.shape)} and num_groups={num_groups}')
    out = _normalized_rows(input, n * num_groups, eps)
    if weight is not None:
        out = out * weight.reshape(_channel_shape(input))
    if bias is not None:
        out = out + bias.reshape(_channel_shape(input))
    return _node(out, 'NativeGroupNormBackward0', input)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    shape = [int(normalized_shape)] if isinstance(normalized_shape, int) else [int(s) for s in normalized_shape]
    k = len(shape)
    if input.dim() < k or list(input.shape[input.dim() - k:]) != shape:
        raise RuntimeError(f'Given normalized_shape={shape}, expected input with shape [*, '
                           f'{", ".join(str(s) for s in shape)}], but got input of size{list(input.shape)}')
    if eps is None:
        eps = torch.finfo(input.dtype).eps
    dims = list(range(input.dim() - k, input.dim()))
    out = input * torch.rsqrt(input.pow(2).mean(dims, keepdim=True) + eps)
    return out if weight is None else out * weight
