# torch.nn's convolution layers: Conv1d, Conv2d and Conv3d over F.conv1d/2d/3d, with PyTorch's
# default initialisation (so a seeded layer holds PyTorch's weights) and padding modes.
import math
import torch
from torch.nn import init
from torch.nn.modules.module import Module

__all__ = ['Conv1d', 'Conv2d', 'Conv3d', 'ConvTranspose1d', 'ConvTranspose2d', 'ConvTranspose3d']

Parameter = torch.nn.parameter.Parameter
F = torch.nn.functional


def _ntuple(value, n):
    return tuple(value) if isinstance(value, (list, tuple)) else (value,) * n


class _ConvNd(Module):
    _nd = 0

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None, transposed=False, output_padding=0):
        super().__init__()
        n = self._nd
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        if padding_mode not in ('zeros', 'reflect', 'replicate', 'circular'):
            raise ValueError("padding_mode must be one of {'replicate', 'reflect', 'zeros', 'circular'}, but got "
                             f"padding_mode='{padding_mode}'")
        kernel_size, stride, dilation = _ntuple(kernel_size, n), _ntuple(stride, n), _ntuple(dilation, n)
        if isinstance(padding, str):
            if padding not in ('same', 'valid'):
                raise ValueError(f"Invalid padding string '{padding}', should be one of {{'same', 'valid'}}")
            if padding == 'same' and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
            # F.pad's amounts for padding='same' with a padding_mode other than zeros, last dim first
            self._reversed_padding_repeated_twice = [0, 0] * n
            if padding == 'same':
                for d, k, i in zip(dilation, kernel_size, range(n - 1, -1, -1)):
                    total = d * (k - 1)
                    self._reversed_padding_repeated_twice[2 * i] = total // 2
                    self._reversed_padding_repeated_twice[2 * i + 1] = total - total // 2
        else:
            padding = _ntuple(padding, n)
            self._reversed_padding_repeated_twice = [p for p in reversed(padding) for _ in range(2)]
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = _ntuple(output_padding, n)
        self.groups = groups
        self.padding_mode = padding_mode
        shape = (in_channels, out_channels // groups) if transposed else (out_channels, in_channels // groups)
        self.weight = Parameter(torch.empty(shape + kernel_size, device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        # PyTorch's default: kaiming_uniform_ with a=sqrt(5), the bias from U(-1/sqrt(fan_in), 1/sqrt(fan_in))
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = f'{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, stride={self.stride}'
        n = self._nd
        if self.padding != (0,) * n:
            s += f', padding={self.padding}'
        if self.dilation != (1,) * n:
            s += f', dilation={self.dilation}'
        if self.output_padding != (0,) * n:
            s += f', output_padding={self.output_padding}'
        if self.groups != 1:
            s += f', groups={self.groups}'
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += f', padding_mode={self.padding_mode}'
        return s

    def _conv_forward(self, input, weight, bias):
        conv = (F.conv1d, F.conv2d, F.conv3d)[self._nd - 1]
        if self.padding_mode != 'zeros':
            padded = F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode)
            return conv(padded, weight, bias, self.stride, 0, self.dilation, self.groups)
        return conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv1d(_ConvNd):
    """1-d convolution over (N, C_in, L) (or unbatched (C_in, L)) to (N, C_out, L_out)."""
    _nd = 1


class Conv2d(_ConvNd):
    """2-d convolution over (N, C_in, H, W) (or unbatched (C_in, H, W)) to (N, C_out, H_out, W_out), with
    stride, padding (ints or 'same'/'valid'), dilation, groups and padding_mode."""
    _nd = 2


class Conv3d(_ConvNd):
    """3-d convolution over (N, C_in, D, H, W) to (N, C_out, D_out, H_out, W_out)."""
    _nd = 3


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        if padding_mode != 'zeros':
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias, padding_mode,
                         device, dtype, transposed=True, output_padding=output_padding)

    def _output_padding(self, input, output_size):
        if output_size is None:
            return self.output_padding
        n = self._nd
        output_size = list(output_size)
        if len(output_size) == n + 2 or len(output_size) == n + 1:
            output_size = output_size[-n:]
        if len(output_size) != n:
            raise ValueError(f'ConvTranspose{n}D: for {input.dim()}D input, output_size must have {n} or {n + 2} '
                             f'elements (got {len(output_size)})')
        spatial = list(input.shape[-n:])
        lows = [(spatial[d] - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d] * (self.kernel_size[d] - 1) + 1
                for d in range(n)]
        highs = [lows[d] + self.stride[d] - 1 for d in range(n)]
        for d in range(n):
            if not lows[d] <= output_size[d] <= highs[d]:
                raise ValueError(f'requested an output size of {output_size}, but valid sizes range from {lows} to '
                                 f'{highs} (for an input of {input.shape[-n:]})')
        return tuple(output_size[d] - lows[d] for d in range(n))

    def forward(self, input, output_size=None):
        op = self._output_padding(input, output_size)
        conv = (F.conv_transpose1d, F.conv_transpose2d, F.conv_transpose3d)[self._nd - 1]
        return conv(input, self.weight, self.bias, self.stride, self.padding, op, self.groups, self.dilation)


class ConvTranspose1d(_ConvTransposeNd):
    """The transpose (gradient) of Conv1d: upsamples (N, C_in, L) to (N, C_out, L_out)."""
    _nd = 1


class ConvTranspose2d(_ConvTransposeNd):
    """The transpose (gradient) of Conv2d: upsamples (N, C_in, H, W) by stride, as decoders and GANs use it."""
    _nd = 2


class ConvTranspose3d(_ConvTransposeNd):
    """The transpose (gradient) of Conv3d."""
    _nd = 3
