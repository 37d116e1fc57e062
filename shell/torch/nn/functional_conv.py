# torch.nn.functional's convolutions and pooling, run into the same module as functional.py.
# 1-d and 2-d convolutions, F.unfold/F.fold and 2-d max pooling run on the engine's window kernels
# (_im2col, _col2im, _max_pool2d: engine/ops/window.h, with their derivatives; _conv2d_direct:
# engine/ops/conv.h, oneDNN's convolutions on the CPU); the rest is built
# from views: the input (padded) is cut into sliding windows with Tensor.unfold, as im2col does, and
# the windows are reduced (a product with the weights, a max, a mean). Autograd flows through those
# views, so the gradients are the convolutions' and poolings' own.
import math
import torch


def _tuple(name, value, n, what='values'):
    """An int or a sequence of n ints, as a list of n ints (PyTorch's _single/_pair/_triple)."""
    if isinstance(value, (list, tuple)):
        if len(value) == 1 and n > 1:
            return [int(value[0])] * n
        if len(value) != n:
            raise RuntimeError(f'expected {name} to be a single integer value or a list of {n} {what} to match the '
                               f'convolution dimensions, but got {name}={list(value)}')
        return [int(v) for v in value]
    return [int(value)] * n


def _windows(x, kernel, stride, dilation, first_dim):
    """x with each of its len(kernel) dims from first_dim on cut into windows: the window dims come
    last, in order (for a 2-d kernel: [..., out_h, out_w, k_h, k_w])."""
    for d, (k, s, dl) in enumerate(zip(kernel, stride, dilation)):
        span = dl * (k - 1) + 1
        x = x.unfold(first_dim + d, span, s)
        if dl > 1:
            x = x[..., ::dl]
    return x


def _conv(name, nd, input, weight, bias, stride, padding, dilation, groups):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if weight.dim() != nd + 2:
        raise RuntimeError(f'expected stride to be a single integer value or a list of {weight.dim() - 2} values to '
                           f'match the convolution dimensions, but got stride={_tuple("stride", stride, nd)}')
    stride = _tuple('stride', stride, nd)
    dilation = _tuple('dilation', dilation, nd)
    if any(s <= 0 for s in stride):
        raise RuntimeError('non-positive stride is not supported')
    if any(d <= 0 for d in dilation):
        raise RuntimeError('dilation should be greater than zero')
    kernel = list(weight.shape[2:])
    if isinstance(padding, str):
        if padding == 'valid':
            pads = [(0, 0)] * nd
        elif padding == 'same':
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            # the total d·(k−1) split with the extra element on the right, as PyTorch pads
            pads = [(dl * (k - 1) // 2, dl * (k - 1) - dl * (k - 1) // 2) for k, dl in zip(kernel, dilation)]
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        padding = _tuple('padding', padding, nd)
        if any(p < 0 for p in padding):
            raise RuntimeError('negative padding is not supported')
        pads = [(p, p) for p in padding]
    batched = input.dim() == nd + 2
    if not batched and input.dim() != nd + 1:
        raise RuntimeError(f'Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input of '
                           f'size: {list(input.shape)}')
    x = input if batched else input.unsqueeze(0)
    out_ch, in_per_group = weight.shape[0], weight.shape[1]
    if groups <= 0:
        raise RuntimeError('non-positive groups is not supported')
    if out_ch % groups != 0:
        raise RuntimeError(f'Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but '
                           f'got weight of size [{list(weight.shape)}] instead')
    if x.shape[1] != in_per_group * groups:
        raise RuntimeError(f'Given groups={groups}, weight of size {list(weight.shape)}, expected input'
                           f'{list(x.shape)} to have {in_per_group * groups} channels, but got {x.shape[1]} '
                           f'channels instead')
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != out_ch):
        raise RuntimeError(f'Given weight of size {list(weight.shape)}, expected bias to be 1-dimensional with '
                           f'{out_ch} elements, but got bias of size {list(bias.shape)} instead')
    if x.dtype != weight.dtype:
        raise RuntimeError(f'expected scalar type {_scalar_name(x)} but found {_scalar_name(weight)}')
    padded = [x.shape[2 + d] + pads[d][0] + pads[d][1] for d in range(nd)]
    effective = [dl * (k - 1) + 1 for k, dl in zip(kernel, dilation)]
    if any(p < e for p, e in zip(padded, effective)):
        def dims(v):
            return ' x '.join(str(i) for i in v)
        raise RuntimeError(f'Calculated padded input size per channel: ({dims(padded)}). Kernel size: '
                           f'({dims(effective)}). Kernel size can\'t be greater than actual input size')
    if x.dtype == torch.bool:
        raise NotImplementedError(f'"slow_conv{max(nd, 2)}d_cpu" not implemented for \'Bool\'')
    if nd <= 2 and (x.is_floating_point() or x.is_complex()):  # im2col has no integer kernels; the windows do
        return _conv_im2col(x, weight, bias, stride, pads, dilation, groups, batched, (input, weight))
    if any(a or b for a, b in pads):
        flat = []
        for a, b in reversed(pads):
            flat += [a, b]
        x = pad(x, flat)
    n = x.shape[0]
    cols = _windows(x, kernel, stride, dilation, 2)  # [n, c, *out, *k]
    out_sizes = list(cols.shape[2:2 + nd])
    length = math.prod(out_sizes)
    per_window = in_per_group * math.prod(kernel)
    # [n, groups, L, c/g · k...] against [groups, c/g · k..., out/g]
    order = [0] + list(range(2, 2 + nd)) + [1] + list(range(2 + nd, 2 + 2 * nd))
    cols = cols.permute(order).reshape(n, length, groups, per_window).transpose(1, 2)
    w = weight.reshape(groups, out_ch // groups, per_window).transpose(1, 2)
    out = torch.matmul(cols, w)  # [n, groups, L, out/g]
    out = out.permute(0, 1, 3, 2).reshape([n, out_ch] + out_sizes)
    if bias is not None:
        out = out + bias.reshape([1, out_ch] + [1] * nd)
    out = _node(out, 'ConvolutionBackward0', (input, weight) if batched else None)
    return out if batched else out.squeeze(0)


def _conv_im2col(x, weight, bias, stride, pads, dilation, groups, batched, like):
    """A 1-d or 2-d convolution: the backend's direct kernel where it has one for the dtype, else
    im2col and one product for the whole batch: im2col lays the
    batch's columns out as one (C·k, N·L) matrix, the weights (O, C·k) multiply it (group by group),
    and the (O, N·L) result is copied once into NCHW order. A 1-d one is a 2-d one of height 1. The
    result takes the memory format of like (input, weight)."""
    nd = x.dim() - 2
    if nd == 1:
        x, weight = x.unsqueeze(2), weight.unsqueeze(2)
        stride, dilation, pads = [1] + list(stride), [1] + list(dilation), [(0, 0)] + list(pads)
    kernel = list(weight.shape[2:])
    if any(a != b for a, b in pads):  # 'same' with an even span: the extra zero on the right
        x = pad(x, [pads[1][0], pads[1][1], pads[0][0], pads[0][1]])
        pads = [(0, 0), (0, 0)]
    n, out_ch = x.shape[0], weight.shape[0]
    direct = _conv2d_direct(x, weight, bias, list(stride), [pads[0][0], pads[1][0]], list(dilation), groups)
    if direct is not None:  # the backend's direct convolution (oneDNN on the CPU, float32)
        out = direct if nd == 2 else direct.squeeze(2)
        out = _node(out, 'ConvolutionBackward0', like if batched else None)
        return out if batched else out.squeeze(0)
    cols = _im2col(x, kernel, list(dilation), [pads[0][0], pads[1][0]], list(stride), True)  # (N, C·k, L)
    sizes = [(x.shape[2 + d] + 2 * pads[d][0] - dilation[d] * (kernel[d] - 1) - 1) // stride[d] + 1 for d in range(2)]
    rows, length = cols.shape[1], cols.shape[2]
    per_group = rows // groups
    # views, as im2col wrote (C·k, N, L)
    if groups == 1:
        flat, w = cols.transpose(0, 1).reshape(rows, n * length), weight.reshape(out_ch, rows)
        out = torch.mm(w, flat) if bias is None else torch.addmm(bias.reshape(out_ch, 1), w, flat)
    else:
        flat = cols.transpose(0, 1).reshape(groups, per_group, n * length)
        out = torch.matmul(weight.reshape(groups, out_ch // groups, per_group), flat).reshape(out_ch, n * length)
        if bias is not None:
            out = out + bias.reshape(out_ch, 1)
    out = out.reshape(out_ch, n, length).transpose(0, 1).contiguous()  # (O, N, L) to NCHW
    out = out.reshape([n, out_ch] + sizes[2 - nd:])
    out = _node(out, 'ConvolutionBackward0', like if batched else None)
    return out if batched else out.squeeze(0)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv('conv1d', 1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    out = _conv2d_fast(input, weight, bias, stride, padding, dilation, groups)  # the common case, whole in C++
    if out is not None:
        return out
    return _conv('conv2d', 2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv('conv3d', 3, input, weight, bias, stride, padding, dilation, groups)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """im2col: (N, C, H, W) to (N, C·kh·kw, L), each column one sliding window, in PyTorch's order
    (the engine's im2col checks the arguments with PyTorch's messages)."""
    return _im2col(input, _tuple('kernel_size', kernel_size, 2), _tuple('dilation', dilation, 2),
                   _tuple('padding', padding, 2), _tuple('stride', stride, 2))


# -- pooling -------------------------------------------------------------------------------------

def _pool_geometry(name, nd, x, kernel_size, stride, padding, dilation, ceil_mode):
    kernel = _tuple('kernel_size', kernel_size, nd)
    stride = kernel if stride is None or (isinstance(stride, (list, tuple)) and len(stride) == 0) \
        else _tuple('stride', stride, nd)
    padding = _tuple('padding', padding, nd)
    dilation = _tuple('dilation', dilation, nd)
    if any(s <= 0 for s in stride):
        raise RuntimeError('stride should be greater than zero, but got ' +
                           ' '.join(f'{"dH" if i == 0 and nd > 1 else "dW"}: {s}' for i, s in enumerate(stride)))
    for k, p, dl in zip(kernel, padding, dilation):
        if p > (dl * (k - 1) + 1) // 2:
            raise RuntimeError(f'pad should be at most half of effective kernel size, but got pad={p}, '
                               f'kernel_size={k} and dilation={dl}')
    sizes = list(x.shape[-nd:])
    out = []
    for size, k, s, p, dl in zip(sizes, kernel, stride, padding, dilation):
        span = size + 2 * p - dl * (k - 1) - 1
        o = (-(-span // s) if ceil_mode else span // s) + 1
        if ceil_mode and (o - 1) * s >= size + p:  # the last window must start inside the input or its left pad
            o -= 1
        out.append(o)
    if any(o < 1 for o in out):
        shown = 'x'.join(str(v) for v in [x.shape[-nd - 1]] + sizes)
        shown_out = 'x'.join(str(v) for v in [x.shape[-nd - 1]] + out)
        raise RuntimeError(f'Given input size: ({shown}). Calculated output size: ({shown_out}). Output size is too small')
    return kernel, stride, padding, dilation, out


def _pool_input(name, nd, input):
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input.dim() not in (nd + 1, nd + 2) or input.numel() == 0 and input.dim() == nd + 1:
        raise RuntimeError(f'non-empty {nd + 1}D or {nd + 2}D (batch mode) tensor expected for input')


def _padded_windows(x, nd, kernel, stride, padding, dilation, out, fill):
    """x padded with `fill` (left by padding, right as far as the last window reaches) and cut into
    windows: [..., *out, *kernel]."""
    flat = []
    for d in reversed(range(nd)):
        size = x.shape[x.dim() - nd + d]
        right = max(0, (out[d] - 1) * stride[d] + dilation[d] * (kernel[d] - 1) + 1 - size - padding[d])
        flat += [padding[d], right]
    if any(flat):
        x = pad(x, flat, value=fill)
    return _windows(x, kernel, stride, dilation, x.dim() - nd)


def _max_pool(name, nd, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    _pool_input(name, nd, input)
    if input.dtype == torch.bool or input.is_complex():
        raise NotImplementedError(f'"max_pool{max(nd, 2)}d" not implemented for \'{_scalar_name(input)}\'')
    kernel, stride, padding, dilation, out = _pool_geometry(name, nd, input, kernel_size, stride, padding, dilation,
                                                            ceil_mode)
    if nd == 2 and input.is_floating_point():
        batched = input.dim() == 4
        values, where = _max_pool2d(input if batched else input.unsqueeze(0), kernel, stride, padding, dilation, out)
        if not batched:
            values, where = values.squeeze(0), where.squeeze(0)
        values = _node(values, 'MaxPool2DWithIndicesBackward0', input)
        return (values, _node(where, None, input)) if return_indices else values
    lowest = -math.inf if input.is_floating_point() else torch.iinfo(input.dtype).min  # the padding never wins
    win = _padded_windows(input, nd, kernel, stride, padding, dilation, out, lowest)
    # max over each flattened window: the gradient goes to its (first) maximum, as PyTorch's does
    values, where = win.reshape(list(win.shape[:-nd]) + [-1]).max(-1)
    values = _node(values, f'MaxPool{nd}DWithIndicesBackward0' if nd == 2 else 'SqueezeBackward1', input)
    if not return_indices:
        return values
    # The flat index into the input's spatial dims of each window's maximum.
    sizes = list(input.shape[-nd:])
    positions = torch.arange(math.prod(sizes), device=input.device).reshape(sizes).to(torch.float64)
    idx = _padded_windows(positions, nd, kernel, stride, padding, dilation, out, -1.0).reshape(out + [-1])
    idx = idx.expand(list(win.shape[:-nd]) + [idx.shape[-1]])
    return values, _node(idx.gather(-1, where.unsqueeze(-1)).squeeze(-1).to(torch.int64), None, input)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool('max_pool1d', 1, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    out = _max_pool2d_fast(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)  # common case
    if out is not None:
        return out
    return _max_pool('max_pool2d', 2, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=True):
    return _max_pool('max_pool1d', 1, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=True):
    return _max_pool('max_pool2d', 2, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def _avg_pool(name, nd, input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    _pool_input(name, nd, input)
    kernel, stride, padding, dilation, out = _pool_geometry(name, nd, input, kernel_size, stride, padding, 1,
                                                            ceil_mode)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError('divisor must be not zero')
    win = _padded_windows(input, nd, kernel, stride, padding, dilation, out, 0.0)
    total = win.sum(list(range(-nd, 0)))
    node = 'AvgPool2DBackward0' if nd == 2 else 'SqueezeBackward1'
    exact = input.is_floating_point() or input.is_complex()
    if divisor_override is not None:
        return _node(total / divisor_override if exact else torch.div(total, divisor_override, rounding_mode='trunc'),
                     node, input if nd < 3 else None)
    # Each window's divisor: the cells it covers inside the input (count_include_pad: inside the
    # input and its padding; never the cells a ceil_mode window hangs past them).
    sizes = list(input.shape[-nd:])
    inside = torch.ones(sizes, dtype=input.dtype, device=input.device)
    if count_include_pad:
        flat = []
        for p in reversed(padding):
            flat += [p, p]
        inside = pad(inside, flat, value=1.0)
        counted = _padded_windows(inside, nd, kernel, stride, [0] * nd, dilation, out, 0.0)
    else:
        counted = _padded_windows(inside, nd, kernel, stride, padding, dilation, out, 0.0)
    divisor = counted.sum(list(range(-nd, 0)))
    # PyTorch's 3-d average pooling writes row-major whatever the input's layout
    return _node(total / divisor if exact else torch.div(total, divisor, rounding_mode='trunc'), node,
                 input if nd < 3 else None)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool('avg_pool1d', 1, input, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool('avg_pool2d', 2, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def _adaptive_bounds(size, out):
    return [(i * size // out, -(-(i + 1) * size // out)) for i in range(out)]


def _adaptive_out(nd, input, output_size):
    """The output sizes an adaptive pooling asks for (None keeps the input's)."""
    if not isinstance(output_size, (list, tuple)):
        return _tuple('output_size', output_size, nd)
    return [input.shape[input.dim() - nd + d] if o is None else int(o) for d, o in enumerate(output_size)]


def _adaptive(name, nd, input, output_size, reduce):
    _pool_input(name, nd, input)
    out = _adaptive_out(nd, input, output_size)
    sizes = list(input.shape[-nd:])
    if all(s % o == 0 for s, o in zip(sizes, out)):
        # equal, disjoint windows: one reshape
        shape = list(input.shape[:-nd])
        for s, o in zip(sizes, out):
            shape += [o, s // o]
        x = input.reshape(shape)
        dims = [input.dim() - nd + 2 * d + 1 for d in range(nd)]
        return reduce(x, dims)
    # windows of unequal size: [i·s/o, ceil((i+1)·s/o)) per output cell
    rows = []
    for bounds in _cells([_adaptive_bounds(s, o) for s, o in zip(sizes, out)]):
        piece = input
        for d, (a, b) in enumerate(bounds):
            piece = piece.narrow(input.dim() - nd + d, a, b - a)
        rows.append(reduce(piece, list(range(input.dim() - nd, input.dim()))))
    return torch.stack(rows, -1).reshape(list(input.shape[:-nd]) + out)


def _cells(per_dim):
    if not per_dim:
        return [[]]
    return [[first] + rest for first in per_dim[0] for rest in _cells(per_dim[1:])]


def _adaptive_max_with_indices(name, nd, input, output_size, grad_name):
    """Adaptive max pooling and, for each window, its first maximum's position in the input plane
    (the flat index over the pooled dims, as max_unpool takes it)."""
    _pool_input(name, nd, input)
    out = _adaptive_out(nd, input, output_size)
    sizes, lead = list(input.shape[-nd:]), list(input.shape[:-nd])
    where = torch.arange(math.prod(sizes), device=input.device).reshape(sizes)
    values, indices = [], []
    for bounds in _cells([_adaptive_bounds(s, o) for s, o in zip(sizes, out)]):
        piece, at = input, where
        for d, (a, b) in enumerate(bounds):
            piece = piece.narrow(input.dim() - nd + d, a, b - a)
            at = at.narrow(d, a, b - a)
        best = piece.reshape(lead + [-1]).max(-1)
        values.append(best.values)
        indices.append(at.reshape(-1)[best.indices])
    shape = lead + out
    like = input if nd == 2 else None  # the 3-d kernels write row-major whatever the input's layout
    return (_node(torch.stack(values, -1).reshape(shape), grad_name, like),
            _node(torch.stack(indices, -1).reshape(shape), None, like))


def adaptive_avg_pool1d(input, output_size):
    return _node(_adaptive('adaptive_avg_pool1d', 1, input, output_size, lambda x, d: x.mean(d)), 'SqueezeBackward1')


def adaptive_avg_pool2d(input, output_size):
    return _node(_adaptive('adaptive_avg_pool2d', 2, input, output_size, lambda x, d: x.mean(d)),
                 'AdaptiveAvgPool2DBackward0', input)


def _window_max(x, dims):
    """The maximum over dims (each window's first maximum gets the gradient, as in max pooling)."""
    rest = [d for d in range(x.dim()) if d not in dims]
    flat = x.permute(rest + dims).reshape([x.shape[d] for d in rest] + [-1])
    return flat.max(-1).values


def adaptive_max_pool2d(input, output_size, return_indices=False):
    if return_indices:
        return _adaptive_max_with_indices('adaptive_max_pool2d', 2, input, output_size, 'AdaptiveMaxPool2DBackward0')
    return _node(_adaptive('adaptive_max_pool2d', 2, input, output_size, _window_max), 'AdaptiveMaxPool2DBackward0',
                 input)


# -- transposed convolutions, fold, pixel shuffle ---------------------------------------------------

def _spread(x, dim, stride):
    """x with stride − 1 zeros between its elements along dim (the input a transposed convolution
    convolves)."""
    if stride == 1:
        return x
    moved = x.movedim(dim, -1).unsqueeze(-1)
    spread = pad(moved, [0, stride - 1]).flatten(-2)
    spread = spread.narrow(-1, 0, spread.shape[-1] - (stride - 1))
    return spread.movedim(-1, dim)


def _conv_transpose(name, nd, input, weight, bias, stride, padding, output_padding, groups, dilation):
    if isinstance(padding, str):
        raise TypeError(f"{name}(): argument 'padding' must be tuple of ints, not str")
    stride, padding = _tuple('stride', stride, nd), _tuple('padding', padding, nd)
    output_padding, dilation = _tuple('output_padding', output_padding, nd), _tuple('dilation', dilation, nd)
    if any(s <= 0 for s in stride):
        raise RuntimeError('non-positive stride is not supported')
    if any(p < 0 for p in padding):
        raise RuntimeError('negative padding is not supported')
    for op, s, dl in zip(output_padding, stride, dilation):
        if op >= s and op >= dl:
            names = ['height', 'width'] if nd == 2 else (['depth', 'height', 'width'] if nd == 3 else ['width'])
            parts = [f'output_padding_{n}: {v}' for n, v in zip(names, output_padding)]
            parts += [f'stride_{n}: {v}' for n, v in zip(names, stride)]
            parts += [f'dilation_{n}: {v}' for n, v in zip(names, dilation)]
            raise RuntimeError('output padding must be smaller than either stride or dilation, but got ' + ' '.join(parts))
    batched = input.dim() == nd + 2
    if not batched and input.dim() != nd + 1:
        raise RuntimeError(f'Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) input to {name}, but got input of '
                           f'size: {list(input.shape)}')
    x = input if batched else input.unsqueeze(0)
    in_ch, out_per_group = weight.shape[0], weight.shape[1]
    if x.shape[1] != in_ch:
        raise RuntimeError(f'Given transposed=1, weight of size {list(weight.shape)}, expected input{list(x.shape)} to '
                           f'have {in_ch} channels, but got {x.shape[1]} channels instead')
    if in_ch % groups != 0:
        raise RuntimeError(f'Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but '
                           f'got weight of size [{list(weight.shape)}] instead')
    kernel = list(weight.shape[2:])
    # The gradient of a convolution: spread the input by stride, pad by d·(k−1) − padding (crop when
    # negative, plus output_padding on the right), convolve with the kernel flipped and its channel
    # roles swapped.
    for d in range(nd):
        x = _spread(x, 2 + d, stride[d])
    flat = []
    for d in reversed(range(nd)):
        edge = dilation[d] * (kernel[d] - 1) - padding[d]
        flat += [edge, edge + output_padding[d]]
    x = pad(x, flat)
    w = weight.reshape([groups, in_ch // groups, out_per_group] + kernel).transpose(1, 2)
    w = w.reshape([groups * out_per_group, in_ch // groups] + kernel).flip(list(range(2, 2 + nd)))
    out = _conv(name, nd, x, w, bias, 1, 0, dilation, groups)
    if not batched:
        return out.squeeze(0)
    return _node(out, 'ConvolutionBackward0', (input, weight))


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose('conv_transpose1d', 1, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose('conv_transpose2d', 2, input, weight, bias, stride, padding, output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose('conv_transpose3d', 3, input, weight, bias, stride, padding, output_padding, groups, dilation)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """col2im: (N, C·kh·kw, L) blocks summed back into (N, C, H, W), overlaps added (the engine's
    col2im checks the arguments with PyTorch's messages)."""
    return _col2im(input, _tuple('output_size', output_size, 2), _tuple('kernel_size', kernel_size, 2),
                   _tuple('dilation', dilation, 2), _tuple('padding', padding, 2), _tuple('stride', stride, 2))


def pixel_shuffle(input, upscale_factor):
    """(*, C·r², H, W) to (*, C, H·r, W·r)."""
    r = upscale_factor
    if input.dim() < 3:
        raise RuntimeError(f'pixel_shuffle expects input to have at least 3 dimensions, but got input with '
                           f'{input.dim()} dimension(s)')
    if r <= 0:
        raise RuntimeError(f'pixel_shuffle expects a positive upscale_factor, but got {r}')
    c, h, w = input.shape[-3:]
    if c % (r * r) != 0:
        raise RuntimeError(f"pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
                           f'upscale_factor, but input.size(-3)={c} is not divisible by {r * r}')
    lead = list(input.shape[:-3])
    k = len(lead)
    x = input.reshape(lead + [c // (r * r), r, r, h, w])
    x = x.permute(list(range(k)) + [k, k + 3, k + 1, k + 4, k + 2])
    return _node(x.reshape(lead + [c // (r * r), h * r, w * r]), 'PixelShuffleBackward0', input)


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H·r, W·r) to (*, C·r², H, W)."""
    r = downscale_factor
    if input.dim() < 3:
        raise RuntimeError(f'pixel_unshuffle expects input to have at least 3 dimensions, but got input with '
                           f'{input.dim()} dimension(s)')
    if r <= 0:
        raise RuntimeError(f'pixel_unshuffle expects a positive downscale_factor, but got {r}')
    c, h, w = input.shape[-3:]
    if h % r != 0:
        raise RuntimeError(f"pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)={h} "
                           f'is not divisible by {r}')
    if w % r != 0:
        raise RuntimeError(f"pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)={w} "
                           f'is not divisible by {r}')
    lead = list(input.shape[:-3])
    k = len(lead)
    x = input.reshape(lead + [c, h // r, r, w // r, r])
    x = x.permute(list(range(k)) + [k, k + 2, k + 4, k + 1, k + 3])
    return _node(x.reshape(lead + [c * r * r, h // r, w // r]), 'PixelUnshuffleBackward0', input)


# -- interpolate ------------------------------------------------------------------------------------

def _source_index(out_size, in_size, scale, align_corners, mode):
    """For each output position along one dim, the source coordinate (PyTorch's area_pixel rules)."""
    i = torch.arange(out_size, dtype=torch.float32)
    if mode == 'nearest':
        ratio = (1.0 / scale) if scale is not None else in_size / out_size
        return torch.clamp((i * ratio).floor(), max=in_size - 1).to(torch.int64)
    if mode == 'nearest-exact':
        ratio = (1.0 / scale) if scale is not None else in_size / out_size
        return torch.clamp(((i + 0.5) * ratio).floor(), max=in_size - 1).to(torch.int64)
    if align_corners:
        ratio = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
        return i * ratio
    ratio = (1.0 / scale) if scale is not None and scale > 0 else in_size / out_size
    return torch.clamp((i + 0.5) * ratio - 0.5, min=0)


def _fused(a, b, c):
    """a * b + c rounded once, as PyTorch's compiled kernels fuse it: exact through float64 for
    float32 operands (float64 ones round twice here, a last-bit difference at most)."""
    if a.dtype == torch.float64:
        return a * b + c
    return (a.double() * b.double() + c.double()).to(a.dtype)


def _cubic_taps(out_size, in_size, scale, align_corners, opmath):
    """Bicubic's four source indices and weights per output position (Keys' cubic convolution with
    a = -0.75), in PyTorch's arithmetic: the source coordinate, the inner polynomial's first step
    and the outer one's first two fused, taps at floor(src) - 1 .. + 2 clamped to the edge."""
    i = torch.arange(out_size, dtype=opmath)
    if align_corners:
        ratio = torch.tensor(in_size - 1, dtype=opmath) / (out_size - 1) if out_size > 1 else torch.tensor(0.0, dtype=opmath)
        src = ratio * i
    else:
        ratio = torch.tensor(1.0 / scale, dtype=opmath) if scale is not None and scale > 0 else \
            torch.tensor(in_size, dtype=opmath) / out_size
        src = _fused(ratio.expand(out_size), i + 0.5, torch.full((out_size,), -0.5, dtype=opmath))
    base = torch.clamp(src.floor(), max=in_size - 1)
    t = torch.clamp(src - base, 0, 1)
    a = -0.75

    def near(x):  # |x| <= 1
        return _fused(torch.full_like(x, a + 2), x, torch.full_like(x, -(a + 3))) * x * x + 1

    def far(x):  # 1 < |x| < 2
        inner = _fused(torch.full_like(x, a), x, torch.full_like(x, -5 * a))
        return _fused(inner, x, torch.full_like(x, 8 * a)) * x - 4 * a

    weights = [far(t + 1), near(t), near(1 - t), far((1 - t) + 1)]
    base = base.to(torch.int64)
    taps = [torch.clamp(base + k, 0, in_size - 1) for k in (-1, 0, 1, 2)]
    return taps, weights


def _bicubic(input, out_sizes, scales, align_corners):
    """upsample_bicubic2d: each row's four taps, then the rows', summed as PyTorch's kernel fuses them
    (the first two products into one rounding, then one fused step per tap)."""
    opmath = torch.float64 if input.dtype == torch.float64 else torch.float32
    x = input.to(opmath)
    for d in (1, 0):
        dim = 2 + d
        taps, weights = _cubic_taps(out_sizes[d], input.shape[dim], scales[d], align_corners, opmath)
        shape = [1] * x.dim()
        shape[dim] = out_sizes[d]
        # the weights are stored in the input's dtype, then read back in opmath
        w = [wk.to(input.dtype).to(opmath).to(input.device).reshape(shape) for wk in weights]
        t = [x.index_select(dim, tk.to(input.device)) for tk in taps]
        acc = _fused(t[0], w[0], t[1] * w[1])
        acc = _fused(t[2], w[2], acc)
        x = _fused(t[3], w[3], acc)
    return x.to(input.dtype)


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None,
                antialias=False):
    """Resizes the spatial dims (all but the first two): nearest, nearest-exact, linear, bilinear,
    bicubic, trilinear and area."""
    nd = input.dim() - 2
    modes = {'nearest': None, 'nearest-exact': None, 'area': None, 'linear': 1, 'bilinear': 2, 'bicubic': 2,
             'trilinear': 3}
    if mode not in modes and mode != 'lanczos':
        raise NotImplementedError(f'Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for '
                                  f'the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | '
                                  f'nearest-exact (got {mode})')
    if antialias and not (mode in ('bilinear', 'bicubic', 'lanczos') and input.dim() == 4):
        raise ValueError('Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D '
                         'tensor as input')
    if mode == 'lanczos' and not antialias:
        raise ValueError('Lanczos mode requires antialias=True')
    if antialias:
        raise NotImplementedError(f"interpolate(mode='{mode}', antialias=True) is not in tsh yet")
    if mode == 'bicubic' and nd != 2:
        raise NotImplementedError(f'Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.dim()}D) for '
                                  f'the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | '
                                  f'nearest-exact (got {mode})')
    if modes[mode] is not None and modes[mode] != nd:
        raise NotImplementedError(f'Got {input.dim()}D input, but {mode} mode needs {modes[mode] + 2}D input')
    if mode in ('nearest', 'nearest-exact', 'area') and align_corners is not None:
        raise ValueError('align_corners option can only be set with the interpolating modes: linear | bilinear | '
                         'bicubic | trilinear')
    if size is not None and scale_factor is not None:
        raise ValueError('only one of size or scale_factor should be defined')
    if size is None and scale_factor is None:
        raise ValueError('either size or scale_factor should be defined')
    in_sizes = list(input.shape[2:])
    if size is not None:
        out_sizes = _tuple('size', size, nd)
        scales = [None] * nd
    else:
        scales = [float(s) for s in (scale_factor if isinstance(scale_factor, (list, tuple)) else [scale_factor] * nd)]
        out_sizes = [int(math.floor(s * f)) for s, f in zip(in_sizes, scales)]
        if recompute_scale_factor:
            scales = [None] * nd
    if mode == 'area':
        pools = {1: adaptive_avg_pool1d, 2: adaptive_avg_pool2d, 3: adaptive_avg_pool3d}
        return pools[nd](input, out_sizes)
    align = bool(align_corners)
    if mode == 'bicubic':
        return _node(_bicubic(input, out_sizes, scales, align), 'UpsampleBicubic2DBackward0', input)
    x = input
    for d in range(nd):
        dim = 2 + d
        src = _source_index(out_sizes[d], in_sizes[d], scales[d], align, mode)
        if mode in ('nearest', 'nearest-exact'):
            x = x.index_select(dim, src.to(input.device))
            continue
        shape = [1] * x.dim()
        shape[dim] = out_sizes[d]
        lo = src.floor().to(torch.int64)
        hi = torch.clamp(lo + 1, max=in_sizes[d] - 1)
        frac = (src - lo.to(src.dtype)).to(input.dtype).to(input.device)
        lo, hi = lo.to(input.device), hi.to(input.device)
        frac = frac.reshape(shape)
        a, b = x.index_select(dim, lo), x.index_select(dim, hi)
        x = a * (1 - frac) + b * frac
    names = {'nearest': 'UpsampleNearest', 'nearest-exact': 'UpsampleNearestExact', 'linear': 'UpsampleLinear',
             'bilinear': 'UpsampleBilinear', 'bicubic': 'UpsampleBicubic', 'trilinear': 'UpsampleTrilinear'}
    return _node(x, f'{names[mode]}{nd}DBackward0', input)


# -- more pooling -------------------------------------------------------------------------------------

def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool('max_pool3d', 3, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=True):
    return _max_pool('max_pool3d', 3, input, kernel_size, stride, padding, dilation, ceil_mode, True)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool('avg_pool3d', 3, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


def adaptive_avg_pool3d(input, output_size):
    return _node(_adaptive('adaptive_avg_pool3d', 3, input, output_size, lambda x, d: x.mean(d)),
                 'AdaptiveAvgPool3DBackward0')


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if return_indices:
        return _adaptive_max_with_indices('adaptive_max_pool1d', 1, input, output_size, 'SqueezeBackward1')
    return _node(_adaptive('adaptive_max_pool1d', 1, input, output_size, _window_max), 'SqueezeBackward1')


def _max_unpool(name, nd, input, indices, kernel_size, stride, padding, output_size):
    kernel = _tuple('kernel_size', kernel_size, nd)
    stride = kernel if stride is None else _tuple('stride', stride, nd)
    padding = _tuple('padding', padding, nd)
    sizes = list(input.shape[-nd:])
    default = [(sizes[d] - 1) * stride[d] - 2 * padding[d] + kernel[d] for d in range(nd)]
    if output_size is None:
        out = default
    else:
        out = list(output_size)[-nd:]
        for d in range(nd):
            low, high = default[d] - stride[d], default[d] + stride[d]
            if not low < out[d] < high:
                raise ValueError(f'invalid output_size "{tuple(output_size)}" (dim {d} must be between {low} and {high})')
    lead = list(input.shape[:-nd])
    flat_in = input.reshape(lead + [-1])
    flat_idx = indices.reshape(lead + [-1])
    total = math.prod(out)
    zeros = torch.zeros(lead + [total], dtype=input.dtype, device=input.device)
    return _node(zeros.scatter(-1, flat_idx, flat_in).reshape(lead + out), f'MaxUnpool{nd}DBackward0', input)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool('max_unpool1d', 1, input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool('max_unpool2d', 2, input, indices, kernel_size, stride, padding, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool('max_unpool3d', 3, input, indices, kernel_size, stride, padding, output_size)


def _lp_pool(nd, input, norm_type, kernel_size, stride, ceil_mode):
    kernel = _tuple('kernel_size', kernel_size, nd)
    pool = (avg_pool1d, avg_pool2d, avg_pool3d)[nd - 1]
    out = pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(math.prod(kernel)).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(1, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(2, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(3, input, norm_type, kernel_size, stride, ceil_mode)


def channel_shuffle(input, groups):
    c = input.shape[1]
    if c % groups != 0:
        raise RuntimeError(f'Number of channels must be divisible by groups. Got {c} channels and {groups} groups.')
    shape = list(input.shape)
    return _node(input.reshape([shape[0], groups, c // groups] + shape[2:]).transpose(1, 2).reshape(shape),
                 'ChannelShuffleBackward0', input)


native_channel_shuffle = channel_shuffle


def pdist(input, p=2):
    """The p-norm distance between every pair of rows i < j of an (N, M) input, in row order."""
    if input.dim() != 2:
        raise RuntimeError(f'pdist only supports 2D tensors, got: {input.dim()}D')
    n = input.shape[0]
    pairs = torch.triu_indices(n, n, 1, device=input.device)
    return torch.linalg.vector_norm(input[pairs[0]] - input[pairs[1]], p, dim=1)


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """Each element divided by (k + alpha · the mean of its squared neighbours across `size` channels)^beta."""
    dim = input.dim()
    if dim < 3:
        raise ValueError(f'Expected 3D or higher dimensionality input (got {dim} dimensions)')
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if dim == 3:
        div = pad(div.unsqueeze(1), (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1).view(sizes)
    return input / div.mul(alpha).add(k).pow(beta)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction='mean'):
    _check_reduction(reduction)
    if margin <= 0:
        raise ValueError(f'TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} instead')
    distance = distance_function if distance_function is not None else pairwise_distance
    dist_pos = distance(anchor, positive)
    dist_neg = distance(anchor, negative)
    if swap:
        dist_neg = torch.minimum(dist_neg, distance(positive, negative))
    return _reduce(torch.clamp_min(margin + dist_pos - dist_neg, 0), reduction)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    if return_indices:
        return _adaptive_max_with_indices('adaptive_max_pool3d', 3, input, output_size, 'AdaptiveMaxPool3DBackward0')
    return _node(_adaptive('adaptive_max_pool3d', 3, input, output_size, _window_max), 'AdaptiveMaxPool3DBackward0')


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=True):
    return adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=True):
    return adaptive_max_pool2d(input, output_size, True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=True):
    return adaptive_max_pool3d(input, output_size, True)


# -- fractional max pooling (Graham, "Fractional Max-Pooling", 2014) ----------------------------------

def _fractional_starts(samples, in_size, out_size, pool):
    """Each plane's window starts along one dim from its sample u in [0, 1): int((i + u)·α) −
    int(u·α) with α = (in − pool) / (out − 1), in the input's dtype, the last window at in − pool."""
    planes = list(samples.shape)
    last = torch.full(planes + [1], in_size - pool, dtype=torch.int64, device=samples.device)
    if out_size <= 1:
        return last[..., :out_size]
    alpha = torch.tensor(float(in_size - pool), dtype=samples.dtype) / (out_size - 1)
    i = torch.arange(out_size - 1, dtype=samples.dtype, device=samples.device)
    starts = ((i + samples.unsqueeze(-1)) * alpha).to(torch.int64) - (samples * alpha).to(torch.int64).unsqueeze(-1)
    return torch.cat([starts, last], -1)


def _fractional_max_pool(name, nd, input, kernel_size, output_size, output_ratio, return_indices, samples):
    if output_size is None and output_ratio is None:
        raise ValueError(f'{name} requires specifying either an output_size or an output_ratio')
    if output_size is None:
        if isinstance(output_ratio, (list, tuple)) and len(output_ratio) > nd:
            raise ValueError(f'{name} requires output_ratio to either be a single Int or tuple of Ints.')
        ratio = list(output_ratio) if isinstance(output_ratio, (list, tuple)) else [output_ratio] * nd
        output_size = [int(input.shape[input.dim() - nd + d] * ratio[d]) for d in range(nd)]
    if samples is None:
        batch = 1 if input.dim() == nd + 1 else input.shape[0]
        samples = torch.rand(batch, input.shape[-nd - 1], nd, dtype=input.dtype, device=input.device)
    kernel = _tuple('kernel_size', kernel_size, nd)
    out = _tuple('output_size', output_size, nd)
    if input.dim() not in (nd + 1, nd + 2):
        raise RuntimeError(f'{name}(): Expected {nd + 1}D or {nd + 2}D tensor, but got: {list(input.shape)}')
    batched = input.dim() == nd + 2
    x = input if batched else input.unsqueeze(0)
    sizes = list(x.shape[2:])
    if nd == 2:
        for d, what in ((0, 'height'), (1, 'width')):
            if out[d] + kernel[d] - 1 > sizes[d]:
                raise RuntimeError(f'{name}(): pool {what} {kernel[d]} too large relative to input {what} {sizes[d]}')
    else:  # PyTorch's 3-d checks: time, width, height, each strictly
        for d, what in ((0, 'time'), (2, 'width'), (1, 'height')):
            if out[d] + kernel[d] - 1 >= sizes[d]:
                raise RuntimeError(f'{name}_out(): pool {what} {kernel[d]} too large relative to input {what} '
                                   f'{sizes[d]}')
    if samples.dim() != 3:
        raise RuntimeError(f'Expect _random_samples to have 3 dimensions, got {samples.dim()}')
    if samples.dtype != input.dtype:
        raise RuntimeError('Expect _random_samples to have the same dtype as input')
    if samples.shape[0] < x.shape[0]:
        raise RuntimeError('Expect _random_samples.size(0) no less then input batch size.')
    if samples.shape[1] != x.shape[1]:
        raise RuntimeError('Expect _random_samples.size(1) equals to input channel size.')
    if samples.shape[2] != nd:
        raise RuntimeError(f'Expect _random_samples.size(2) equals to {nd}; got {samples.shape[2]}.')
    n, c = x.shape[0], x.shape[1]
    # the sample of each dim: 2-d planes hold (width, height), 3-d ones (time, height, width)
    which = [1, 0] if nd == 2 else [0, 1, 2]
    flat_index = None
    for d in range(nd):
        starts = _fractional_starts(samples[:n, :, which[d]], sizes[d], out[d], kernel[d])  # (n, c, out_d)
        cells = starts.unsqueeze(-1) + torch.arange(kernel[d], device=x.device)  # (n, c, out_d, k_d)
        stride = math.prod(sizes[d + 1:])
        shape = [n, c] + [1] * (2 * nd)
        shape[2 + d], shape[2 + nd + d] = out[d], kernel[d]
        term = (cells * stride).reshape(shape)
        flat_index = term if flat_index is None else flat_index + term
    flat_index = flat_index.expand([n, c] + out + kernel).reshape(n, c, -1)
    windows = x.reshape(n, c, -1).gather(2, flat_index).reshape([n, c] + out + [-1])
    values, at = windows.max(-1)
    indices = flat_index.reshape([n, c] + out + [-1]).gather(-1, at.unsqueeze(-1)).squeeze(-1)
    values = _node(values, f'FractionalMaxPool{nd}DBackward0')
    if not batched:
        values, indices = values.squeeze(0), indices.squeeze(0)
    return (values, indices) if return_indices else values


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    return _fractional_max_pool('fractional_max_pool2d', 2, input, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    return _fractional_max_pool('fractional_max_pool2d', 2, input, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    return _fractional_max_pool('fractional_max_pool3d', 3, input, kernel_size, output_size, output_ratio,
                                return_indices, _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    return _fractional_max_pool('fractional_max_pool3d', 3, input, kernel_size, output_size, output_ratio, True,
                                _random_samples)


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    import warnings
    warnings.warn('`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.', stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    import warnings
    warnings.warn('`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.',
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode='nearest')


def upsample_bilinear(input, size=None, scale_factor=None):
    import warnings
    warnings.warn('`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.',
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode='bilinear', align_corners=True)


# -- spatial transformers: affine_grid, grid_sample ----------------------------------------------------

def _grid_line(steps, align_corners, dtype, device):
    """The normalised coordinates [-1, 1] of `steps` pixels: their centres, or their corners."""
    if steps <= 1:
        return torch.zeros(steps, dtype=dtype, device=device)
    line = torch.linspace(-1, 1, steps, dtype=dtype, device=device)
    return line if align_corners else line * ((steps - 1) / steps)


def affine_grid(theta, size, align_corners=None):
    """The sampling grid (N, H, W, 2) (or (N, D, H, W, 3)) of the affine maps theta (N, 2, 3) (or
    (N, 3, 4)) over an output of `size`, in normalised coordinates, for grid_sample."""
    if align_corners is None:
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f'Expected theta to have floating point type, but got {theta.dtype}')
    size = list(size)
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f'Expected a batch of 2D affine matrices of shape Nx2x3 for size {tuple(size)}. '
                             f'Got {tuple(theta.shape)}.')
        n, _, h, w = size
        base = torch.stack(torch.meshgrid(_grid_line(h, align_corners, theta.dtype, theta.device),
                                          _grid_line(w, align_corners, theta.dtype, theta.device), indexing='ij')[::-1]
                           + (torch.ones(h, w, dtype=theta.dtype, device=theta.device),), -1)
        grid = base.reshape(1, h * w, 3).expand(n, h * w, 3).bmm(theta.transpose(1, 2))
        return grid.reshape(n, h, w, 2)
    if len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f'Expected a batch of 3D affine matrices of shape Nx3x4 for size {tuple(size)}. '
                             f'Got {tuple(theta.shape)}.')
        n, _, d, h, w = size
        zs, ys, xs = torch.meshgrid(_grid_line(d, align_corners, theta.dtype, theta.device),
                                    _grid_line(h, align_corners, theta.dtype, theta.device),
                                    _grid_line(w, align_corners, theta.dtype, theta.device), indexing='ij')
        base = torch.stack([xs, ys, zs, torch.ones_like(xs)], -1)
        grid = base.reshape(1, d * h * w, 4).expand(n, d * h * w, 4).bmm(theta.transpose(1, 2))
        return grid.reshape(n, d, h, w, 3)
    raise NotImplementedError(f'affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, '
                              f'respectively. Got size {tuple(size)}.')


def _unnormalise(coord, size, align_corners):
    return (coord + 1) / 2 * (size - 1) if align_corners else ((coord + 1) * size - 1) / 2


def _reflect(coord, low, high):
    """coord reflected into [low, high] (a span of 0 maps everything to low)."""
    span = high - low
    if span <= 0:
        return torch.zeros_like(coord) + low
    x = (coord - low).abs()
    flips = torch.floor(x / span)
    extra = x - flips * span
    return torch.where(flips % 2 == 0, extra + low, span - extra + low)


def _padded_coordinate(coord, size, padding_mode, align_corners):
    """A source coordinate as the padding mode places it: as it is (zeros), clipped to the border, or
    reflected off the edges (at the pixel centres with align_corners, else at their outer edges) and
    clipped."""
    if padding_mode == 'border':
        return coord.clamp(0, size - 1)
    if padding_mode == 'reflection':
        coord = _reflect(coord, 0, size - 1) if align_corners else _reflect(coord, -0.5, size - 0.5)
        return coord.clamp(0, size - 1)
    return coord


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    """Samples input (N, C, H, W) or (N, C, D, H, W) at the normalised grid locations (N, Ho, Wo, 2) or
    (N, Do, Ho, Wo, 3): bilinear (trilinear), nearest or (2-d) bicubic, outside the image zeros, the
    border, or the reflection."""
    if mode not in ('bilinear', 'nearest', 'bicubic'):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         f"but got: '{mode}'")
    if padding_mode not in ('zeros', 'border', 'reflection'):
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        align_corners = False
    # PyTorch's checks, in its order
    if input.shape[0] != grid.shape[0]:
        raise RuntimeError(f'grid_sampler(): expected grid and input to have same batch size, but got input with '
                           f'sizes {list(input.shape)} and grid with sizes {list(grid.shape)}')
    if grid.shape[-1] != input.dim() - 2:
        raise RuntimeError(f'grid_sampler(): expected grid to have size {input.dim() - 2} in last dimension, but got '
                           f'grid with sizes {list(grid.shape)}')
    if grid.dim() != input.dim():
        raise RuntimeError(f'grid_sampler(): expected {input.dim()}D input and grid with same number of dimensions, '
                           f'but got input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}')
    if input.dim() not in (4, 5):
        raise RuntimeError(f'grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, '
                           f'but got input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}')
    if input.dtype != grid.dtype:
        raise RuntimeError(f'expected scalar type {_scalar_name(input)} but found {_scalar_name(grid)}')
    nd = input.dim() - 2
    n, c = input.shape[0], input.shape[1]
    sizes = list(input.shape[2:])  # (H, W) or (D, H, W)
    out_sizes = list(grid.shape[1:-1])
    length = math.prod(out_sizes)
    flat = input.reshape(n, c, math.prod(sizes))
    # the grid's last dim lists x (width) first: spatial dim d reads component nd - 1 - d
    coords = [_unnormalise(grid[..., nd - 1 - d], sizes[d], align_corners) for d in range(nd)]

    def tap(points):
        """input at integer positions (one (N, *out) tensor per spatial dim), zero outside."""
        inside, linear = None, None
        for d, p in enumerate(points):
            ok = (p >= 0) & (p <= sizes[d] - 1)
            inside = ok if inside is None else inside & ok
            term = p.clamp(0, sizes[d] - 1).to(torch.int64) * math.prod(sizes[d + 1:])
            linear = term if linear is None else linear + term
        values = flat.gather(2, linear.reshape(n, 1, length).expand(n, c, length)).reshape([n, c] + out_sizes)
        return torch.where(inside.unsqueeze(1), values, 0)

    name = f'GridSampler{nd}DBackward0'
    if mode == 'bicubic':
        return _node(_grid_bicubic(tap, coords, sizes, padding_mode, align_corners), name)
    coords = [_padded_coordinate(p, sizes[d], padding_mode, align_corners) for d, p in enumerate(coords)]
    if mode == 'nearest':
        return _node(tap([torch.round(p.detach()) for p in coords]), name)
    low = [torch.floor(p.detach()) for p in coords]
    above = [p - f for p, f in zip(coords, low)]  # the weight of the upper neighbour, per dim
    out = None
    # corners in PyTorch's order: the last spatial dim (x) varies fastest
    for corner in range(2 ** nd):
        upper = [(corner >> (nd - 1 - d)) & 1 for d in range(nd)]
        weight = None
        for d in reversed(range(nd)):  # x, then y, then z, as the kernel multiplies them
            w = above[d] if upper[d] else 1 - above[d]
            weight = w if weight is None else weight * w
        term = tap([f + u for f, u in zip(low, upper)]) * weight.unsqueeze(1)
        out = term if out is None else out + term
    return _node(out, name)


def _grid_bicubic(tap, coords, sizes, padding_mode, align_corners):
    """grid_sample's bicubic mode: 4 taps per dim around each point (Keys' cubic, a = -0.75), each
    tap's position padded on its own; taps are combined along x first, then y, then (3-d) z."""
    nd = len(coords)
    floors = [torch.floor(p.detach()) for p in coords]
    a = -0.75

    def near(t):
        return ((a + 2) * t - (a + 3)) * t * t + 1

    def far(t):
        return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a

    weights = [[far(t + 1), near(t), near(1 - t), far(2 - t)] for t in (p - f for p, f in zip(coords, floors))]
    positions = [[_padded_coordinate(f - 1 + k, sizes[d], padding_mode, align_corners) for k in range(4)]
                 for d, f in enumerate(floors)]

    def combine(d, chosen):
        """The interpolation along dims d.. for taps `chosen` of the dims before d."""
        total = None
        for k in range(4):
            inner = tap(chosen + [positions[d][k]]) if d == nd - 1 else combine(d + 1, chosen + [positions[d][k]])
            term = inner * weights[d][k].unsqueeze(1)
            total = term if total is None else total + term
        return total

    return combine(0, [])
