# torch.nn's Fold and Unfold: col2im and im2col as layers.
import torch
from torch.nn.modules.module import Module

__all__ = ['Fold', 'Unfold']

F = torch.nn.functional


class Fold(Module):
    """Sums sliding blocks (N, C·∏kernel, L) back into an image (N, C, *output_size)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return (f'output_size={self.output_size}, kernel_size={self.kernel_size}, dilation={self.dilation}, '
                f'padding={self.padding}, stride={self.stride}')


class Unfold(Module):
    """Extracts sliding blocks: (N, C, H, W) to (N, C·∏kernel, L)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return f'kernel_size={self.kernel_size}, dilation={self.dilation}, padding={self.padding}, stride={self.stride}'
