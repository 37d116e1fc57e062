# torch.nn's pooling layers over F.max_pool*, F.avg_pool* and the adaptive poolings.
import torch
from torch.nn.modules.module import Module

__all__ = ['MaxPool1d', 'MaxPool2d', 'MaxPool3d', 'AvgPool1d', 'AvgPool2d', 'AvgPool3d', 'AdaptiveAvgPool1d',
           'AdaptiveAvgPool2d', 'AdaptiveAvgPool3d', 'AdaptiveMaxPool1d', 'AdaptiveMaxPool2d', 'AdaptiveMaxPool3d', 'MaxUnpool1d',
           'MaxUnpool2d', 'MaxUnpool3d', 'LPPool1d', 'LPPool2d', 'LPPool3d', 'FractionalMaxPool2d', 'FractionalMaxPool3d']

F = torch.nn.functional


class _MaxPoolNd(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return (f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, '
                f'dilation={self.dilation}, ceil_mode={self.ceil_mode}')


class MaxPool1d(_MaxPoolNd):
    """The maximum of each sliding window over the last dim."""

    def forward(self, input):
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class MaxPool2d(_MaxPoolNd):
    """The maximum of each sliding window over the last two dims."""

    def forward(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class AvgPool1d(Module):
    """The mean of each sliding window over the last dim."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = (kernel_size,) if not isinstance(kernel_size, (list, tuple)) else tuple(kernel_size)
        s = stride if stride is not None else kernel_size
        self.stride = (s,) if not isinstance(s, (list, tuple)) else tuple(s)
        self.padding = (padding,) if not isinstance(padding, (list, tuple)) else tuple(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def extra_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}'

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2d(Module):
    """The mean of each sliding window over the last two dims."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def extra_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}'

    def forward(self, input):
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class _AdaptivePool(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self):
        return f'output_size={self.output_size}'


class AdaptiveAvgPool1d(_AdaptivePool):
    """Averages the last dim down to output_size cells, whatever its length."""

    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    """Averages the last two dims down to output_size (an int, or (h, w) with None for 'as is')."""

    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool2d(_AdaptivePool):
    """The maximum of each of output_size cells over the last two dims."""

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        self.return_indices = return_indices

    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class MaxPool3d(_MaxPoolNd):
    """The maximum of each sliding window over the last three dims."""

    def forward(self, input):
        return F.max_pool3d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class AvgPool3d(AvgPool2d):
    """The mean of each sliding window over the last three dims."""

    def forward(self, input):
        return F.avg_pool3d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class AdaptiveAvgPool3d(_AdaptivePool):
    def forward(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool1d(_AdaptivePool):
    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        self.return_indices = return_indices

    def forward(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(_AdaptivePool):
    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        self.return_indices = return_indices

    def forward(self, input):
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


class _MaxUnpoolNd(Module):
    _nd = 0

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        n = self._nd
        tup = lambda v: tuple(v) if isinstance(v, (list, tuple)) else (v,) * n
        self.kernel_size = tup(kernel_size)
        self.stride = tup(stride if stride is not None else kernel_size)
        self.padding = tup(padding)

    def extra_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}'

    def forward(self, input, indices, output_size=None):
        unpool = (F.max_unpool1d, F.max_unpool2d, F.max_unpool3d)[self._nd - 1]
        return unpool(input, indices, self.kernel_size, self.stride, self.padding, output_size)


class MaxUnpool1d(_MaxUnpoolNd):
    """Puts each pooled maximum back where MaxPool1d(return_indices=True) found it, zeros elsewhere."""
    _nd = 1


class MaxUnpool2d(_MaxUnpoolNd):
    """Puts each pooled maximum back where MaxPool2d(return_indices=True) found it, zeros elsewhere."""
    _nd = 2


class MaxUnpool3d(_MaxUnpoolNd):
    _nd = 3


class _LPPoolNd(Module):
    _nd = 0

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return (f'norm_type={self.norm_type}, kernel_size={self.kernel_size}, stride={self.stride}, '
                f'ceil_mode={self.ceil_mode}')

    def forward(self, input):
        pool = (F.lp_pool1d, F.lp_pool2d, F.lp_pool3d)[self._nd - 1]
        return pool(input, float(self.norm_type), self.kernel_size, self.stride, self.ceil_mode)


class LPPool1d(_LPPoolNd):
    """(sum over each window of x^p)^(1/p)."""
    _nd = 1


class LPPool2d(_LPPoolNd):
    """(sum over each window of x^p)^(1/p)."""
    _nd = 2


class LPPool3d(_LPPoolNd):
    _nd = 3


class _FractionalMaxPoolNd(Module):
    """Max pooling over windows of kernel_size at pseudo-random fractional strides, sized to
    output_size or output_ratio of the input (Graham, 2014)."""
    _nd = 0

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        name = type(self).__name__
        self.kernel_size = kernel_size
        self.return_indices = return_indices
        self.register_buffer('_random_samples', _random_samples)
        self.output_size = output_size
        self.output_ratio = None
        if output_ratio is not None:
            ratios = list(output_ratio) if isinstance(output_ratio, (list, tuple)) else [output_ratio] * self._nd
            self.output_ratio = tuple(ratios)
            if not all(0 < r < 1 for r in ratios):
                raise ValueError(f'output_ratio must be between 0 and 1 (got {output_ratio})')
        if output_size is None and output_ratio is None:
            raise ValueError(f'{name} requires specifying either an output size, or a pooling ratio')
        if output_size is not None and output_ratio is not None:
            raise ValueError('only one of output_size and output_ratio may be specified')

    def forward(self, input):
        pool = F.fractional_max_pool2d if self._nd == 2 else F.fractional_max_pool3d
        return pool(input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
                    _random_samples=self._random_samples)


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    _nd = 2


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    _nd = 3
