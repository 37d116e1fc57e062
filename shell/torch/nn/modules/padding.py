# torch.nn's padding layers: each calls F.pad with its mode and the padding of every side.
import torch
from torch.nn.modules.module import Module

__all__ = ['ConstantPad1d', 'ConstantPad2d', 'ConstantPad3d', 'ZeroPad1d', 'ZeroPad2d', 'ZeroPad3d',
           'ReflectionPad1d', 'ReflectionPad2d', 'ReflectionPad3d', 'ReplicationPad1d', 'ReplicationPad2d',
           'ReplicationPad3d', 'CircularPad1d', 'CircularPad2d', 'CircularPad3d']

F = torch.nn.functional


def _sides(padding, dims):
    if isinstance(padding, int):
        return (padding,) * (2 * dims)
    return tuple(padding)  # as given: F.pad checks it against the input


class _Pad(Module):
    dims = 1
    mode = 'constant'

    def __init__(self, padding):
        super().__init__()
        self.padding = _sides(padding, self.dims)

    def forward(self, input):
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return f'{self.padding}'


class _ConstantPad(_Pad):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def extra_repr(self):
        return f'padding={self.padding}, value={self.value}'


class _ZeroPad(_ConstantPad):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f'{self.padding}'


class ConstantPad1d(_ConstantPad):
    dims = 1


class ConstantPad2d(_ConstantPad):
    dims = 2


class ConstantPad3d(_ConstantPad):
    dims = 3


class ZeroPad1d(_ZeroPad):
    dims = 1


class ZeroPad2d(_ZeroPad):
    dims = 2


class ZeroPad3d(_ZeroPad):
    dims = 3


class ReflectionPad1d(_Pad):
    dims, mode = 1, 'reflect'


class ReflectionPad2d(_Pad):
    dims, mode = 2, 'reflect'


class ReflectionPad3d(_Pad):
    dims, mode = 3, 'reflect'


class ReplicationPad1d(_Pad):
    dims, mode = 1, 'replicate'


class ReplicationPad2d(_Pad):
    dims, mode = 2, 'replicate'


class ReplicationPad3d(_Pad):
    dims, mode = 3, 'replicate'


class CircularPad1d(_Pad):
    dims, mode = 1, 'circular'


class CircularPad2d(_Pad):
    dims, mode = 2, 'circular'


class CircularPad3d(_Pad):
    dims, mode = 3, 'circular'
