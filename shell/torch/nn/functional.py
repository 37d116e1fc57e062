# torch.nn.functional: activations, layers and losses as functions. Each is built from torch's
# differentiable ops; where PyTorch has one autograd node for the whole function, the composite's
# top node takes its name (_graph_node, functional.cpp), so grad_fn prints as PyTorch's does.
import math
import torch

_node = _graph_node


def _legacy(size_average, reduce, name):
    if size_average is not None or reduce is not None:
        raise NotImplementedError(f'{name}(size_average=, reduce=) are deprecated and not supported by tsh; use reduction=')


def _reduce(loss, reduction):
    if reduction == 'none':
        return loss
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    raise ValueError(f'{reduction} is not a valid value for reduction')


def _check_reduction(reduction):
    if reduction not in ('none', 'mean', 'sum'):
        raise ValueError(f'{reduction} is not a valid value for reduction')


def _tensor_arg(fname, name, x):
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{fname}(): argument '{name}' (position 1) must be Tensor, not {type(x).__name__}")


def _not_differentiable(fname, name, t):
    """ATen's losses take weights as constants: one that requires grad is refused, as PyTorch refuses it."""
    if t is not None and t.requires_grad:
        raise RuntimeError(f"The function '{fname}' is not differentiable with respect to argument '{name}'. "
                           "This input cannot have requires_grad True.")


def _inplace(x, result, inplace):
    if not inplace:
        return result
    with torch.no_grad():
        x.copy_(result)
    return x


# -- activations ---------------------------------------------------------------------------------

def relu(input, inplace=False):
    return torch.relu_(input) if inplace else torch.relu(input)


def relu_(input):
    return torch.relu_(input)


def threshold(input, threshold, value, inplace=False):
    return _inplace(input, _node(torch.where(input > threshold, input, value), 'ThresholdBackward0'), inplace)


_threshold = threshold  # threshold_ has a parameter of the same name


def leaky_relu(input, negative_slope=0.01, inplace=False):
    _tensor_arg('leaky_relu', 'input', input)
    return _inplace(input, _node(torch.where(input > 0, input, input * negative_slope), 'LeakyReluBackward0'), inplace)


def _elu(input, alpha, scale, input_scale, node):
    return _node(torch.where(input > 0, input * scale, torch.expm1(input * input_scale) * (alpha * scale)), node)


def elu(input, alpha=1.0, inplace=False):
    return _inplace(input, _elu(input, alpha, 1.0, 1.0, 'EluBackward0'), inplace)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def selu(input, inplace=False):
    return _inplace(input, _elu(input, _SELU_ALPHA, _SELU_SCALE, 1.0, 'EluBackward0'), inplace)


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError('ZeroDivisionError')
    return _inplace(input, _elu(input, alpha, 1.0, 1.0 / alpha, 'CeluBackward0'), inplace)


def threshold_(input, threshold, value):
    return _threshold(input, threshold, value, True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, True)


def selu_(input):
    return selu(input, True)


def celu_(input, alpha=1.0):
    return celu(input, alpha, True)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Leaky ReLU whose negative slope is drawn uniformly from [lower, upper] for each element while training
    (one float64 draw per element <= 0, in order, as ATen draws), and is their mean in eval mode."""
    _tensor_arg('rrelu', 'input', input)
    if lower > upper:
        raise RuntimeError('Lower bound should be less than or equal to the upper bound')
    if not input.is_floating_point():
        kernel = 'rrelu_with_noise_out_cpu' if training else 'leaky_relu_cpu'
        raise NotImplementedError(f'"{kernel}" not implemented for \'{_scalar_name(input)}\'')
    if not training:
        slope = (lower + upper) / 2
        result = torch.where(input > 0, input, input * slope)
    else:
        with torch.no_grad():
            negative = input <= 0
            noise = torch.ones_like(input)
            # ATen scales a [0, 1) double draw as u * (upper - lower) + lower (uniform_(lower, upper) rounds
            # otherwise), with the bounds first rounded to the input's dtype
            lo, hi = (float(torch.tensor([lower, upper], dtype=input.dtype)[i]) for i in (0, 1))
            u = torch.empty(int(negative.sum()), dtype=torch.float64).uniform_(0, 1)
            noise[negative] = (u * (hi - lo) + lo).to(input.dtype)
        result = input * noise
    return _inplace(input, _node(result, 'RreluWithNoiseBackward0'), inplace)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, True)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, True)


def gelu(input, approximate='none'):
    return torch.gelu(input, approximate=approximate)


def silu(input, inplace=False):
    return _inplace(input, _node(input / (1 + torch.exp(-input)), 'SiluBackward0'), inplace)


def mish(input, inplace=False):
    return _inplace(input, _node(input * torch.tanh(softplus(input)), 'MishBackward0'), inplace)


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError('min_val cannot be greater than max_val')
    return _inplace(input, _node(torch.clamp(input, min_val, max_val), 'HardtanhBackward0'), inplace)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


def hardsigmoid(input, inplace=False):
    return _inplace(input, _node(torch.clamp(input + 3, 0, 6) / 6, 'HardsigmoidBackward0'), inplace)


def hardswish(input, inplace=False):
    return _inplace(input, _node(input * torch.clamp(input + 3, 0, 6) / 6, 'HardswishBackward0'), inplace)


def softplus(input, beta=1.0, threshold=20.0):
    scaled = input * beta
    return _node(torch.where(scaled > threshold, input, torch.log1p(torch.exp(scaled)) / beta), 'SoftplusBackward0')


def logsigmoid(input):
    return _node(torch.clamp(input, max=0) - torch.log1p(torch.exp(-input.abs())), 'LogSigmoidBackward0')


def softsign(input):
    return input / (input.abs() + 1)


def tanhshrink(input):
    return input - input.tanh()


def hardshrink(input, lambd=0.5):
    return _node(torch.where((input >= -lambd) & (input <= lambd), 0, input), 'HardshrinkBackward0')


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise RuntimeError(f'lambda must be greater or equal to 0, but found to be {lambd}.')
    shrunk = torch.where(input > lambd, input - lambd, torch.where(input < -lambd, input + lambd, input * 0))
    return _node(shrunk, 'SoftshrinkBackward0')


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError('glu does not support scalars because halving size must be even')
    if input.shape[dim] % 2:
        raise RuntimeError(f'Halving dimension must be even, but dimension {dim % input.dim()} is size {input.shape[dim]}')
    a, b = input.chunk(2, dim)
    return _node(a * torch.sigmoid(b), 'GluBackward0')


def prelu(input, weight):
    w = weight
    if weight.numel() != 1:
        if input.dim() < 2:
            raise RuntimeError('Not allow zero-dim input tensor.')
        if weight.numel() != input.shape[1]:
            raise RuntimeError(f'Mismatch of parameter numbers and input channel size. Found parameter numbers = '
                               f'{weight.numel()} and channel size = {input.shape[1]}.')
        w = weight.view([1, -1] + [1] * (input.dim() - 2))
    return _node(torch.where(input > 0, input, w * input), 'PreluKernelBackward0')


def _softmax_dim(name, ndim):
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _softmax_dim('softmax', input.dim())
    return torch.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _softmax_dim('log_softmax', input.dim())
    return torch.log_softmax(input, dim, dtype=dtype)


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    """Samples from the Gumbel-softmax distribution: softmax((logits + g) / tau) with g = −log(E),
    E ~ Exp(1) drawn as exponential_ draws it; hard=True returns the one-hot of the largest entry,
    with the soft sample's gradient (the straight-through estimator)."""
    if eps != 1e-10:
        import warnings
        warnings.warn('`eps` parameter is deprecated and has no effect.', stacklevel=2)
    gumbels = -torch.empty_like(logits).exponential_().log()
    soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return soft
    index = soft.max(dim, keepdim=True)[1]
    one_hot = torch.zeros_like(logits).scatter_(dim, index, 1.0)
    return one_hot - soft.detach() + soft


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _softmax_dim('softmin', input.dim())
    return torch.softmax(-input, dim, dtype=dtype)


# -- layers ----------------------------------------------------------------------------------------

def linear(input, weight, bias=None):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"linear(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if not isinstance(weight, torch.Tensor):
        raise TypeError(f"linear(): argument 'weight' (position 2) must be Tensor, not {type(weight).__name__}")
    if input.dim() == 0 or weight.dim() == 0:
        raise RuntimeError(f'both arguments to linear need to be at least 1D, but they are {input.dim()}D and {weight.dim()}D')
    if input.shape[-1] != weight.shape[-1]:
        rows = input.numel() // input.shape[-1] if input.dim() > 1 else 1
        prefix = 'mm: ' if bias is None and input.dim() == 2 else ''
        raise RuntimeError(f'{prefix}mat1 and mat2 shapes cannot be multiplied ({rows}x{input.shape[-1]} and '
                           f'{weight.shape[-1]}x{weight.shape[0] if weight.dim() > 1 else 1})')
    if bias is None:
        return torch.matmul(input, weight.t())
    if input.dim() == 2:
        return torch.addmm(bias, input, weight.t())
    if input.dim() == 1 or input.is_contiguous():
        # PyTorch folds the other dims into one matrix product with the bias added by addmm
        flat = torch.addmm(bias, input.reshape(-1, input.shape[-1]), weight.t())
        return _node(flat.view(list(input.shape[:-1]) + [weight.shape[0]]), 'UnsafeViewBackward0')
    return torch.matmul(input, weight.t()) + bias


def bilinear(input1, input2, weight, bias=None):
    if input1.shape[:-1] != input2.shape[:-1]:
        raise RuntimeError(f'bilinear(): input batch dimensions do not match: got {list(input1.shape[:-1])} and {list(input2.shape[:-1])}')
    if input1.shape[-1] != weight.shape[1]:
        raise RuntimeError(f'bilinear(): input1 size does not match weight size: got {input1.shape[-1]} but expected {weight.shape[1]}')
    if input2.shape[-1] != weight.shape[2]:
        raise RuntimeError(f'bilinear(): input2 size does not match weight size: got {input2.shape[-1]} but expected {weight.shape[2]}')
    out = torch.einsum('...i,oij,...j->...o', input1, weight, input2)
    if bias is not None:
        out = out + bias
    return out


def dropout(input, p=0.5, training=True, inplace=False):
    return _dropout_impl(input, p, training, inplace, False, False)


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')


def _feature_noise(input):
    """One draw per (sample, channel): the mask broadcasts over the spatial dimensions, as ATen's feature noise."""
    if input.dim() < 2:
        raise RuntimeError('Feature dropout requires at least 2 dimensions in the input')
    return torch.empty([input.size(0), input.size(1)] + [1] * (input.dim() - 2), dtype=input.dtype, device=input.device)


def _dropout_impl(input, p, training, inplace, feature, alpha):
    """ATen's dropout family: plain or per-channel noise, scaled (dropout) or kept at zero mean and unit
    variance for SELU networks (alpha dropout)."""
    _check_p(p)
    if feature and input.dim() < 2:
        raise RuntimeError('Feature dropout requires at least 2 dimensions in the input')
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input.mul_(torch.zeros((), dtype=input.dtype)) if inplace else input * torch.zeros((), dtype=input.dtype)
    noise = _feature_noise(input) if feature else torch.empty_like(input)
    noise.bernoulli_(1 - p)
    if alpha:
        alpha_ = 1.7580993408473766  # SELU's scale * alpha: the value a dropped unit saturates to, negated
        a = 1.0 / math.sqrt((alpha_ * alpha_ * p + 1) * (1 - p))
        b = noise.add(-1).mul_(alpha_ * a).add_(alpha_ * a * p)
        noise.mul_(a)
        return input.mul_(noise).add_(b) if inplace else input * noise + b
    noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _dropout_impl(input, p, training, inplace, False, True)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _dropout_impl(input, p, training, inplace, True, True)


def _channel_dropout(name, input, p, training, inplace, spatial):
    """dropout1d/2d/3d: a channel of `spatial` dimensions is dropped whole; the batch dimension is optional
    for 1d and 3d (2d keeps PyTorch's historical reading of a 3-d input as (N, C, L))."""
    _check_p(p)
    ndim = input.dim()
    if spatial == 1 and ndim not in (2, 3):
        raise RuntimeError(f'dropout1d: Expected 2D or 3D input, but received a {ndim}D input. Note that dropout1d '
                           'exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel '
                           'dimension, and an optional batch dimension (i.e. 2D or 3D inputs).')
    import warnings
    if spatial > 1 and ndim not in (spatial + 1, spatial + 2):
        words = {2: ('2 spatial dimensions', '3D or 4D'), 3: ('3 spatial dimensions', '4D or 5D')}[spatial]
        warnings.warn(f'{name}: Received a {ndim}-D input to {name}, which is deprecated and will result in an error '
                      f'in a future release. To retain the behavior and silence this warning, please use dropout '
                      f'instead. Note that {name} exists to provide channel-wise dropout on inputs with {words[0]}, '
                      f'a channel dimension, and an optional batch dimension (i.e. {words[1]} inputs).', stacklevel=3)
    if spatial == 2:
        if ndim == 3:
            warnings.warn('dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout '
                          'behavior is desired - input is interpreted as shape (N, C, L), where C is the channel '
                          'dim. This behavior will change in a future release to interpret the input as one '
                          'without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout '
                          'behavior, please switch to using dropout1d instead.', stacklevel=3)
        return _dropout_impl(input, p, training, inplace, True, False)
    batched = ndim == spatial + 2
    if not batched:
        input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _dropout_impl(input, p, training, inplace, True, False)
    if not batched:
        result = result.squeeze_(0) if inplace else result.squeeze(0)
    return result


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout('dropout1d', input, p, training, inplace, 1)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout('dropout2d', input, p, training, inplace, 2)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _channel_dropout('dropout3d', input, p, training, inplace, 3)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    if max_norm is not None or scale_grad_by_freq or sparse:
        raise NotImplementedError('embedding(max_norm=, scale_grad_by_freq=, sparse=) are not supported by tsh')
    if input.dtype not in (torch.int64, torch.int32):
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                           f"Long, Int; but got {input.type()} instead (while checking arguments for embedding)")
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.size(0):
            raise AssertionError('Padding_idx must be within num_embeddings')
        if padding_idx < 0 and padding_idx < -weight.size(0):
            raise AssertionError('Padding_idx must be within num_embeddings')
    flat = input.reshape(-1)
    rows = weight.index_select(0, flat)
    if padding_idx is not None:
        # the padding row's value is looked up, but it gets no gradient
        padding = padding_idx + weight.size(0) if padding_idx < 0 else padding_idx
        rows = torch.where((flat == padding).unsqueeze(1), rows.detach(), rows)
    out = rows.view(list(input.shape) + [weight.shape[1]])
    return _node(out, 'EmbeddingBackward0')


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean',
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """The sum, mean or max of the embeddings of each bag of indices: the bags are the rows of a 2-d
    input, or the runs of a 1-d input that start at offsets. Entries equal to padding_idx are left out."""
    if max_norm is not None or scale_grad_by_freq or sparse:
        raise NotImplementedError('embedding_bag(max_norm=, scale_grad_by_freq=, sparse=) are not supported by tsh')
    if weight.dtype == torch.int64 and input.is_floating_point():
        input, weight = weight, input  # PyTorch accepts the old argument order
    if mode not in ('sum', 'mean', 'max'):
        raise ValueError('mode has to be one of sum, mean or max')
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  'GitHub.')
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError('if input is 2D, then offsets has to be None, as input is treated is a mini-batch of '
                             f'fixed length sequences. However, found offsets of type {type(offsets)}')
        offsets = torch.arange(0, input.numel(), input.shape[1], dtype=input.dtype, device=input.device)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError('offsets has to be a 1D Tensor but got None')
        if offsets.dim() != 1:
            raise ValueError('offsets has to be a 1D Tensor')
    else:
        raise ValueError(f'input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}')
    if offsets.numel() and int(offsets[0]) != 0:
        raise RuntimeError('offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from '
                           f'position 0. However, got {int(offsets[0])}\n[ torch.LongTensor{{}} ]')
    starts = offsets[:-1] if include_last_offset else offsets
    ends = offsets[1:] if include_last_offset else torch.cat([offsets[1:], torch.tensor([input.numel()],
                                                                                        dtype=offsets.dtype)])
    bags = starts.numel()
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    keep = torch.ones(input.shape, dtype=torch.bool) if padding_idx is None else input != padding_idx
    # each entry's bag: the last start at or before its position
    position = torch.arange(input.numel())
    bag_of = (position.unsqueeze(1) >= starts.unsqueeze(0)).sum(1) - 1
    rows = weight.index_select(0, input)
    if per_sample_weights is not None:
        rows = rows * per_sample_weights.unsqueeze(1)
    width = weight.shape[1]
    if mode == 'max':
        out = []
        for b in range(bags):
            chosen = rows[int(starts[b]):int(ends[b])][keep[int(starts[b]):int(ends[b])]]
            out.append(chosen.max(0).values if chosen.shape[0] else torch.zeros(width, dtype=weight.dtype))
        result = torch.stack(out) if out else torch.zeros(0, width, dtype=weight.dtype)
    else:
        zeros = torch.zeros(bags, width, dtype=weight.dtype, device=weight.device)
        result = zeros.index_add(0, bag_of[keep], rows[keep])
        if mode == 'mean':
            count = torch.zeros(bags, dtype=weight.dtype).index_add(0, bag_of[keep], torch.ones(int(keep.sum()),
                                                                                              dtype=weight.dtype))
            result = result / count.clamp(min=1).unsqueeze(1)
    return _node(result, 'EmbeddingBagBackward0')


def one_hot(tensor, num_classes=-1):
    if tensor.dtype != torch.int64:
        raise RuntimeError('one_hot is only applicable to index tensor of type LongTensor.')
    if num_classes == -1:
        if tensor.numel() == 0:
            raise RuntimeError('Can not infer total number of classes from empty tensor.')
        num_classes = int(tensor.max()) + 1
    elif tensor.numel() and int(tensor.max()) >= num_classes:
        raise RuntimeError('Class values must be smaller than num_classes.')
    if tensor.numel() and int(tensor.min()) < 0:
        raise RuntimeError('Class values must be non-negative.')
    out = torch.zeros(list(tensor.shape) + [num_classes], dtype=torch.int64, device=tensor.device)
    return out.scatter_(-1, tensor.unsqueeze(-1), 1)


_PAD_MODES = ('constant', 'reflect', 'replicate', 'circular')


def pad(input, pad, mode='constant', value=None):
    if mode not in _PAD_MODES:
        raise NotImplementedError(f'Unrecognised padding mode {mode}')
    if len(pad) % 2:
        raise RuntimeError('Padding length must be divisible by 2')
    if len(pad) // 2 > input.dim():
        raise RuntimeError('Padding length should be less than or equal to two times the input dimension but got '
                           f'padding length {len(pad)} and input of dimension {input.dim()}')
    if mode != 'constant':
        return _pad_by_index(input, pad, mode, value)
    value = 0 if value is None else value
    out = input
    for i in range(len(pad) // 2):
        dim = input.dim() - 1 - i
        before, after = pad[2 * i], pad[2 * i + 1]
        if before < 0:
            out = out.narrow(dim, -before, out.shape[dim] + before)
        if after < 0:
            out = out.narrow(dim, 0, out.shape[dim] + after)
        parts = []
        if before > 0:
            shape = list(out.shape)
            shape[dim] = before
            parts.append(torch.full(shape, value, dtype=out.dtype, device=out.device))
        parts.append(out)
        if after > 0:
            shape = list(out.shape)
            shape[dim] = after
            parts.append(torch.full(shape, value, dtype=out.dtype, device=out.device))
        if len(parts) > 1:
            out = torch.cat(parts, dim)
    if out is input:
        out = input.clone()
    return _node(out, 'ConstantPadNdBackward0', input)


def _pad_by_index(input, pad, mode, value):
    """reflect, replicate and circular: each padded dim gathers its rows by index (index_select)."""
    if value is not None:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    dims = len(pad) // 2
    if dims not in (1, 2, 3) or input.dim() not in (dims + 1, dims + 2):
        raise NotImplementedError(
            f'Padding size {len(pad)} is not supported for {input.dim()}D input tensor.\n'
            'Supported combinations for non-constant padding:\n'
            '  - 2D or 3D input: padding size = 2 (pads last dimension)\n'
            '  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n'
            '  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)')
    out = input
    for i in range(dims):
        dim = input.dim() - 1 - i
        before, after = pad[2 * i], pad[2 * i + 1]
        n = input.shape[dim]
        if mode == 'reflect' and (before >= n or after >= n):
            raise RuntimeError(f'Argument #{4 + 2 * i}: Padding size should be less than the corresponding input '
                               f'dimension, but got: padding ({before}, {after}) at dimension {dim} of input '
                               f'{list(input.shape)}')
        if mode == 'circular' and (before > n or after > n):
            raise RuntimeError('Padding value causes wrapping around more than once.')
        keep = list(range(max(0, -before), n - max(0, -after)))
        if mode == 'reflect':
            rows = list(range(before, 0, -1)) + keep + list(range(n - 2, n - 2 - after, -1))
        elif mode == 'replicate':
            rows = [0] * max(0, before) + keep + [n - 1] * max(0, after)
        else:
            rows = list(range(n - max(0, before), n)) + keep + list(range(max(0, after)))
        out = out.index_select(dim, torch.tensor(rows, dtype=torch.int64, device=input.device))
    # PyTorch's circular pad copies slices into a new tensor: its node is CopySlices
    # reflect and replicate write in the input's memory format, circular row-major
    name = {'reflect': f'ReflectionPad{dims}DBackward0', 'replicate': f'ReplicationPad{dims}DBackward0'}.get(mode, 'CopySlices')
    return _node(out, name, input if mode != 'circular' else None)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    if out is not None:
        raise NotImplementedError('normalize(out=) is not supported by tsh')
    denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
    return input / denom


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    x1, x2 = torch.broadcast_tensors(x1, x2)
    n1 = (x1 * x1).sum(dim)
    n2 = (x2 * x2).sum(dim)
    denom = (n1 * n2).clamp_min(eps * eps).sqrt()
    return _node((x1 * x2).sum(dim) / denom, 'DivBackward0')


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    return torch.norm(x1 - x2 + eps, p, -1, keepdim)


# -- losses ----------------------------------------------------------------------------------------

def _same_size_warning(input, target):
    if target.shape != input.shape:
        import warnings
        warnings.warn(f'Using a target size ({target.shape}) that is different to the input size ({input.shape}). '
                      'This will likely lead to incorrect results due to broadcasting. Please ensure they have the same size.')


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None):
    _legacy(size_average, reduce, 'l1_loss')
    if weight is not None:
        raise NotImplementedError('l1_loss(weight=) is not supported by tsh')
    _same_size_warning(input, target)
    _check_reduction(reduction)
    return _reduce((input - target).abs(), reduction)


def _pointwise_loss(loss, reduction, node):
    return _node(_reduce(loss, reduction), node)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    _legacy(size_average, reduce, 'smooth_l1_loss')
    _same_size_warning(input, target)
    _check_reduction(reduction)
    if beta < 0:
        raise RuntimeError('smooth_l1_loss does not support negative values for beta.')
    z = (input - target).abs()
    if beta == 0:
        return _reduce(z, reduction)
    loss = torch.where(z < beta, 0.5 * z * z / beta, z - 0.5 * beta)
    return _pointwise_loss(loss, reduction, 'SmoothL1LossBackward0')


def huber_loss(input, target, reduction='mean', delta=1.0, weight=None):
    if weight is not None:
        raise NotImplementedError('huber_loss(weight=) is not supported by tsh')
    _same_size_warning(input, target)
    _check_reduction(reduction)
    if delta <= 0:
        raise RuntimeError('huber_loss does not support non-positive values for delta.')
    z = (input - target).abs()
    loss = torch.where(z < delta, 0.5 * z * z, delta * (z - 0.5 * delta))
    return _pointwise_loss(loss, reduction, 'HuberLossBackward0')


def _nll(input, target, weight, ignore_index, reduction):
    """nll_loss on (N, C, d1, ...) or (C,) input; returns the loss and its node's inputs."""
    if target.dtype != torch.int64:
        raise RuntimeError(f'expected scalar type Long but found {_scalar_name(target)}')
    _not_differentiable('nll_loss_forward', 'weight', weight)
    if input.dim() < 1:
        raise ValueError(f'Expected 1 or more dimensions (got {input.dim()})')
    if input.dim() == 1:
        if target.dim() > 1:
            raise RuntimeError('0D or 1D target tensor expected, multi-target not supported')
        classes = input.shape[0]
        input2, target2 = input.unsqueeze(0), target.reshape(1)
    else:
        if input.dim() == 2 and target.dim() != 1:
            raise RuntimeError('0D or 1D target tensor expected, multi-target not supported')
        if input.shape[0] != target.shape[0]:
            raise ValueError(f'Expected input batch_size ({input.shape[0]}) to match target batch_size ({target.shape[0]}).')
        if input.dim() > 2 and list(target.shape[1:]) != list(input.shape[2:]):
            raise RuntimeError(f'Expected target size {list(input.shape[:1]) + list(input.shape[2:])}, got {list(target.shape)}')
        classes = input.shape[1]
        input2 = input.movedim(1, -1).reshape(-1, classes) if input.dim() > 2 else input
        target2 = target.reshape(-1)
    if weight is not None and (weight.dim() != 1 or weight.numel() != classes):
        raise RuntimeError(f'weight tensor should be defined either for all {classes} classes or no classes but got '
                           f'weight tensor of shape: {list(weight.shape)}')
    keep = target2 != ignore_index
    safe = torch.where(keep, target2, 0)
    if target2.numel() and target2.device.type != 'meta':  # a meta tensor has no values to check
        bad = (safe < 0) | (safe >= classes)
        if bool(bad.any()):
            raise IndexError(f'Target {int(safe[bad][0])} is out of bounds.')
    w = keep.to(input.dtype) if weight is None else torch.where(keep, weight.to(input.dtype)[safe], 0)
    picked = -input2.gather(1, safe.unsqueeze(1)).squeeze(1) * w
    if reduction == 'none':
        return picked.reshape(target.shape) if input.dim() != 1 else picked.reshape(())
    if reduction == 'sum':
        return picked.sum()
    return picked.sum() / w.sum()


def _scalar_name(t):
    """Float, Long, ...: the name PyTorch's dtype errors use (from t.type(), 'torch.FloatTensor')."""
    return t.type().split('.')[-1][:-len('Tensor')]


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'nll_loss')
    _check_reduction(reduction)
    return _node(_nll(input, target, weight, ignore_index, reduction), 'NllLossBackward0')


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean',
                  label_smoothing=0.0):
    _legacy(size_average, reduce, 'cross_entropy')
    _check_reduction(reduction)
    if label_smoothing < 0.0 or label_smoothing > 1.0:
        raise RuntimeError(f'label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}')
    class_dim = 0 if input.dim() == 1 else 1
    logp = torch.log_softmax(input, class_dim)
    classes = input.shape[class_dim]
    if target.is_floating_point() and target.shape != input.shape:
        raise RuntimeError(f'expected target dtype to be Long or Byte, but got {_scalar_name(target)}')
    if target.is_floating_point():  # class probabilities
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / classes
        wshape = [1] * input.dim()
        wshape[class_dim] = classes
        terms = logp * target if weight is None else logp * target * weight.view(wshape)
        if reduction == 'none':
            return -terms.sum(class_dim)
        if reduction == 'sum':
            return -terms.sum()
        return _node(-terms.sum() / (input.numel() // classes if input.dim() > 0 else 1), 'DivBackward1')
    nll = _node(_nll(logp, target, weight, ignore_index, reduction), 'NllLossBackward0')
    if label_smoothing == 0:
        return nll
    ignored = target == ignore_index
    if weight is not None:
        wshape = [1] * input.dim()
        wshape[class_dim] = classes
        smooth = -(logp * weight.view(wshape)).sum(class_dim)
    else:
        smooth = -logp.sum(class_dim)
    smooth = smooth.masked_fill(ignored, 0.0)
    if reduction == 'sum':
        smooth = smooth.sum()
    elif reduction == 'mean':
        if weight is not None:
            smooth = smooth.sum() / weight.gather(0, target.masked_select(~ignored).flatten()).sum()
        else:
            smooth = smooth.sum() / (~ignored).sum()
    return (1 - label_smoothing) * nll + smooth * (label_smoothing / classes)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'binary_cross_entropy')
    _check_reduction(reduction)
    if target.shape != input.shape:
        raise ValueError(f'Using a target size ({target.shape}) that is different to the input size ({input.shape}) '
                         'is deprecated. Please ensure they have the same size.')
    _not_differentiable('binary_cross_entropy', 'weight', weight)
    if input.numel() and input.device.type != 'meta' and bool(((input < 0) | (input > 1)).any()):
        raise RuntimeError('all elements of input should be between 0 and 1')
    loss = -(target * torch.clamp(torch.log(input), min=-100) + (1 - target) * torch.clamp(torch.log(1 - input), min=-100))
    if weight is not None:
        loss = loss * weight
    return _pointwise_loss(loss, reduction, 'BinaryCrossEntropyBackward0')


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean',
                                     pos_weight=None):
    _legacy(size_average, reduce, 'binary_cross_entropy_with_logits')
    _check_reduction(reduction)
    if target.shape != input.shape:
        raise ValueError(f'Target size ({target.shape}) must be the same as input size ({input.shape})')
    _not_differentiable('binary_cross_entropy_with_logits', 'weight', weight)
    _not_differentiable('binary_cross_entropy_with_logits', 'pos_weight', pos_weight)
    log_sig = torch.clamp(input, max=0) - torch.log1p(torch.exp(-input.abs()))
    if pos_weight is not None:
        log_sig = log_sig * ((pos_weight - 1) * target + 1)
    loss = (1 - target) * input - log_sig
    if weight is not None:
        loss = loss * weight
    return _pointwise_loss(loss, reduction, 'BinaryCrossEntropyWithLogitsBackward0')


def kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
    _legacy(size_average, reduce, 'kl_div')
    if reduction == 'mean':
        import warnings
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                      "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                      "'mean' will be changed to behave the same as 'batchmean' in the next major release.")
    if reduction not in ('none', 'mean', 'sum', 'batchmean'):
        raise ValueError(f'{reduction} is not a valid value for reduction')
    if log_target:
        loss = torch.exp(target) * (target - input)
    else:
        loss = torch.xlogy(target, target) - target * input
    if reduction == 'batchmean':
        if input.dim() == 0:
            return loss.sum()
        return _node(loss.sum() / input.shape[0], 'DivBackward0')
    return _reduce(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'margin_ranking_loss')
    _check_reduction(reduction)
    if input1.dim() != input2.dim() or input1.dim() != target.dim():
        raise RuntimeError(f'margin_ranking_loss : All input tensors should have same dimension but got sizes: '
                           f'input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} ')
    return _reduce((-target * (input1 - input2) + margin).clamp_min(0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'hinge_embedding_loss')
    _check_reduction(reduction)
    zeros = torch.zeros_like(input)
    margin_part = torch.where(target != 1, (margin - input).clamp_min(0), zeros)
    self_part = torch.where(target != -1, input, zeros)
    return _reduce(margin_part + self_part, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'soft_margin_loss')
    _check_reduction(reduction)
    return _pointwise_loss(torch.log1p(torch.exp(-input * target)), reduction, 'SoftMarginLossBackward0')


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'cosine_embedding_loss')
    _check_reduction(reduction)
    if input1.dim() != input2.dim():
        raise RuntimeError(f'cosine_embedding_loss : All input tensors should have same dimension but got sizes: '
                           f'input1: {input1.size()}, input2: {input2.size()}, target: {target.size()} ')
    dim = 1 if input1.dim() == 2 else 0
    prod = (input1 * input2).sum(dim)
    square1 = (input1 * input1).sum(dim) + 1e-12
    square2 = (input2 * input2).sum(dim) + 1e-12
    cos = prod / (square1 * square2).sqrt()
    zeros = torch.zeros_like(cos)
    pos = torch.where(target == 1, 1 - cos, zeros)
    neg = torch.where(target == -1, (cos - margin).clamp_min(0), zeros)
    return _reduce(pos + neg, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction='mean'):
    _legacy(size_average, reduce, 'poisson_nll_loss')
    if reduction not in ('none', 'mean', 'sum'):
        raise ValueError(reduction + ' is not a valid value for reduction')
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction='mean'):
    if isinstance(var, float):
        var = torch.full_like(input, var)
    if var.size() != input.size():
        if input.size()[:-1] == var.size():
            var = var.unsqueeze(-1)
        elif not (input.size()[:-1] == var.size()[:-1] and var.size(-1) == 1):
            raise ValueError('var is of incorrect size')
    if reduction not in ('none', 'mean', 'sum'):
        raise ValueError(reduction + ' is not valid')
    if torch.any(var < 0):
        raise ValueError('var has negative entry/entries')
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (torch.log(var) + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'multilabel_soft_margin_loss')
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction not in ('none', 'mean', 'sum'):
        raise ValueError(reduction + ' is not a valid value for reduction')
    return _reduce(loss, reduction)


def _multi_shape(input, name):
    if not ((input.dim() == 2 and input.size(1) != 0) or (input.dim() == 1 and input.size(0) != 0) or input.dim() == 0):
        raise RuntimeError(f'Expected non-empty vector or matrix with optional 0-dim batch size, but got: {list(input.shape)}')
    if not input.is_floating_point():
        raise NotImplementedError(f'"{name}" not implemented for \'{_scalar_name(input)}\'')
    if input.dim() == 2:
        return input.size(0), input.size(1)
    return 1, (1 if input.dim() == 0 else input.size(0))


def _sequential_sum(columns):
    """The sum of a (rows, k) tensor's columns, added left to right in the tensor's own dtype, as ATen's loops
    accumulate (a tensor sum adds in another order)."""
    total = columns[:, 0]
    for j in range(1, columns.size(1)):
        total = total + columns[:, j]
    return total


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'multi_margin_loss')
    _check_reduction(reduction)
    if p != 1 and p != 2:
        raise ValueError('only p == 1 and p == 2 supported')
    if weight is not None and weight.dim() != 1:
        raise ValueError('weight must be one-dimensional')
    nframe, dim = _multi_shape(input, 'multi_margin_loss_cpu_kernel')
    if target.dim() > 1 or target.numel() != nframe:
        if input.dim() == 2:
            raise RuntimeError(f'multi_margin_loss: target tensor should be 1-D with size equal to the number of input '
                               f'samples (batch size). Expected target size [{nframe}], but got {list(target.shape)}. '
                               f'Input has shape {list(input.shape)}.')
        raise RuntimeError(f'inconsistent target size, expected {nframe} but got {list(target.shape)}')
    if weight is not None and weight.numel() != dim:
        raise RuntimeError(f'inconsistent weight size, expected {dim} but got {list(weight.shape)}')
    _not_differentiable('multi_margin_loss', 'weight', weight)
    if target.dtype != torch.int64:
        raise RuntimeError(f'expected scalar type Long but found {_scalar_name(target)}')
    keep_shape = reduction == 'none' and target.dim() > 0
    if input.numel() == 0:
        return torch.zeros(nframe if keep_shape else (), dtype=input.dtype, device=input.device)
    x = input.reshape(nframe, dim)
    t = target.reshape(nframe, 1)
    if input.device.type != 'meta' and bool(((t < 0) | (t >= dim)).any()):
        raise RuntimeError('target out of range')
    z = (margin - x.gather(1, t)) + x
    h = torch.where(z > 0, z if p == 1 else z * z, 0)
    if weight is not None:
        h = h * weight[t]
    h = torch.where(torch.arange(dim, device=x.device) == t, 0, h)
    rows = _sequential_sum(h) / dim
    if keep_shape:
        return _node(rows, 'MultiMarginLossBackward0')
    total = rows.double().cumsum(0)[-1]  # ATen sums the rows in double, one after another
    if reduction == 'mean':
        total = total / nframe
    return _node(total.to(input.dtype), 'MultiMarginLossBackward0')


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'multilabel_margin_loss')
    _check_reduction(reduction)
    nframe, dim = _multi_shape(input, 'multilabel_margin_loss_forward_out_frame')
    if input.dim() <= 1:
        if target.dim() > 1 or target.numel() != dim:
            raise RuntimeError(f'inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}')
    elif target.dim() != 2 or target.size(0) != nframe or target.size(1) != dim:
        raise RuntimeError(f'inconsistent target size: {list(target.shape)} for input of size: {list(input.shape)}')
    if target.dtype != torch.int64:
        raise RuntimeError(f'expected scalar type Long but found {_scalar_name(target)}')
    keep_shape = reduction == 'none' and target.dim() > 1
    if input.numel() == 0:
        return torch.zeros(nframe if keep_shape else (), dtype=input.dtype, device=input.device)
    x = input.reshape(nframe, dim)
    t = target.reshape(nframe, dim)
    if input.device.type != 'meta' and bool(((t < -1) | (t >= dim)).any()):
        raise RuntimeError("argument #2 'target' is out of range")
    # The targets of a row are the indices before its first -1.
    listed = (t >= 0).long().cumprod(1).bool()
    safe = torch.where(listed, t, 0)
    is_target = _is_target(listed, safe, nframe, dim)
    z = (1 - x.gather(1, safe)).unsqueeze(2) + x.unsqueeze(1)  # [row, target j, class d]
    use = listed.unsqueeze(2) & ~is_target.unsqueeze(1) & (z > 0)
    terms = torch.where(use, z, 0).double().reshape(nframe, dim * dim)
    rows = terms.cumsum(1)[:, -1].to(input.dtype)  # each row summed in double, in ATen's order, then rounded
    if keep_shape:
        return _node(rows / dim, 'MultilabelMarginLossBackward0')
    total = rows.double().cumsum(0)[-1] / dim
    if reduction == 'mean':
        total = total / nframe
    return _node(total.to(input.dtype), 'MultilabelMarginLossBackward0')


def _is_target(listed, safe, nframe, dim):
    marks = torch.zeros(nframe, dim, dtype=torch.int64, device=safe.device)
    marks.scatter_add_(1, safe, listed.long())
    return marks > 0


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    """Connectionist temporal classification: −log of the summed probability of every alignment of each
    target to its input (log_probs (T, N, C), targets (N, S) padded or concatenated), by the forward
    (alpha) recursion over the blank-extended targets. mean divides each loss by its target length."""
    _check_reduction(reduction)
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    steps, n, classes = lp.shape
    lengths = lambda v: torch.as_tensor(v, dtype=torch.int64).reshape(-1)
    il, tl = lengths(input_lengths), lengths(target_lengths)
    if blank < 0 or blank >= classes:
        raise RuntimeError('blank must be in label range')
    if il.numel() != n:
        raise RuntimeError('input_lengths must be of size batch_size')
    if tl.numel() != n:
        raise RuntimeError('target_lengths must be of size batch_size')
    if il.numel() and int(il.max()) > steps:
        raise RuntimeError(f'Expected input_lengths to have value at most {steps}, but got value {int(il.max())} '
                           '(while checking arguments for ctc_loss_allocate_outputs)')
    longest = int(tl.max()) if tl.numel() else 0
    tg = targets.to(torch.int64)
    if tg.dim() == 2:  # (N, S), padded
        if tg.shape[1] < longest:
            raise RuntimeError(f'Expected tensor to have size at least {longest} at dimension 1, but got size '
                               f'{tg.shape[1]} for argument #2 \'targets\' (while checking arguments for '
                               'ctc_loss_allocate_outputs)')
        padded = tg[:, :longest]
    else:  # the targets concatenated (or one unbatched target)
        flat = tg.reshape(-1)
        if not batched:
            flat = flat[:int(tl[0])]
        starts = torch.cat([torch.zeros(1, dtype=torch.int64), tl.cumsum(0)[:-1]])
        cols = torch.arange(longest)
        where = (starts.unsqueeze(1) + cols.unsqueeze(0)).clamp(max=max(flat.numel() - 1, 0))
        padded = flat[where] if flat.numel() else torch.full((n, longest), blank, dtype=torch.int64)
    padded = torch.where(torch.arange(longest).unsqueeze(0) < tl.unsqueeze(1), padded, blank)
    width = 2 * longest + 1
    ext = torch.full((n, width), blank, dtype=torch.int64)
    if longest:
        ext[:, 1::2] = padded
    emit = lp.gather(2, ext.to(lp.device).unsqueeze(0).expand(steps, n, width))  # (T, N, 2S+1)
    # A state may also be reached from two back when it is a label unlike the label two back.
    skip = torch.zeros(n, width, dtype=torch.bool)
    if width > 2:
        skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
    skip = skip.to(lp.device)
    # −1e30 stands for log 0: finite, so that unreachable states pass no NaN back through logsumexp
    none = torch.full((n, width), -1e30, dtype=lp.dtype, device=lp.device)
    start = torch.zeros(n, width, dtype=torch.bool, device=lp.device)
    start[:, :2] = True
    alpha = torch.where(start, emit[0], none)
    running = il.to(lp.device)
    pad1 = torch.full((n, 1), -1e30, dtype=lp.dtype, device=lp.device)
    pad2 = torch.full((n, 2), -1e30, dtype=lp.dtype, device=lp.device)
    for t in range(1, steps):
        one_back = torch.cat([pad1, alpha[:, :-1]], 1)
        two_back = torch.where(skip, torch.cat([pad2, alpha[:, :-2]], 1), none) if width > 2 else none
        stepped = torch.logsumexp(torch.stack([alpha, one_back, two_back]), 0) + emit[t]
        alpha = torch.where((running > t).unsqueeze(1), stepped, alpha)
    last = (2 * tl).to(lp.device).unsqueeze(1)
    end_blank = alpha.gather(1, last).squeeze(1)
    end_label = torch.where(tl.to(lp.device) > 0, alpha.gather(1, (last - 1).clamp(min=0)).squeeze(1), -1e30)
    loss = -torch.logsumexp(torch.stack([end_blank, end_label]), 0)
    # PyTorch's gradient for log_probs is exp(log_probs) − the alignments' posterior: the loss's own
    # derivative plus exp(log_probs) at each sample's valid steps (the two agree once log_softmax's
    # backward has run). A term of value 0 whose gradient is that exp(log_probs) adds it.
    valid = (torch.arange(steps, device=lp.device).unsqueeze(1) < running.unsqueeze(0)).unsqueeze(2).to(lp.dtype)
    weight = (lp.detach().exp() * valid)
    extra = (lp * weight).sum((0, 2))
    loss = loss + (extra - extra.detach())
    loss = torch.where(loss > 1e29, math.inf, loss)  # no alignment: an infinite loss, as PyTorch's
    loss = _node(loss, 'CtcLossBackward0')
    if zero_infinity:
        loss = torch.where(torch.isinf(loss), torch.zeros((), dtype=loss.dtype), loss)
    if not batched:
        loss = loss.squeeze(0)
    if reduction == 'mean':
        return (loss / tl.to(loss.device).clamp(min=1).to(loss.dtype)).mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction='mean'):
    _legacy(size_average, reduce, 'triplet_margin_loss')
    _check_reduction(reduction)
    if not (anchor.dim() == positive.dim() == negative.dim()):
        raise RuntimeError(f'The anchor, positive, and negative tensors are expected to have the same number of '
                           f'dimensions, but got: anchor {anchor.dim()}D, positive {positive.dim()}D, and negative '
                           f'{negative.dim()}D inputs')
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = torch.min(dist_neg, pairwise_distance(positive, negative, p, eps))
    return _reduce((margin + dist_pos - dist_neg).clamp_min(0), reduction)
