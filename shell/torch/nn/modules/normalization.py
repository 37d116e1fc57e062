# torch.nn's LayerNorm, GroupNorm and RMSNorm.
import torch
from torch.nn.modules.module import Module
from torch.nn.modules.batchnorm import _affine_parameters

__all__ = ['LayerNorm', 'GroupNorm', 'RMSNorm', 'LocalResponseNorm']

Parameter = torch.nn.parameter.Parameter
F = torch.nn.functional


def _shape(normalized_shape):
    return (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)


class LayerNorm(Module):
    """Normalises over the last len(normalized_shape) dims of each sample, then weight and bias."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        self.normalized_shape = _shape(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        _affine_parameters(self, self.normalized_shape, elementwise_affine, bias, device, dtype)

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, '
                f'bias={self.bias is not None}' if self.elementwise_affine else
                f'{self.normalized_shape}, eps={self.eps}, elementwise_affine=False')


class GroupNorm(Module):
    """Normalises each group of num_channels // num_groups channels of each sample."""

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f'num_channels ({num_channels}) must be divisible by num_groups ({num_groups})')
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        _affine_parameters(self, num_channels, affine, bias, device, dtype)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (f'{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, '
                f'bias={self.bias is not None}' if self.affine else
                f'{self.num_groups}, {self.num_channels}, eps={self.eps}, affine=False')


class RMSNorm(Module):
    """x / sqrt(mean(x²) + eps) over the last dims, times weight."""

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        self.normalized_shape = _shape(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(torch.ones(self.normalized_shape, device=device, dtype=dtype))
        else:
            self.register_parameter('weight', None)

    def forward(self, input):
        return F.rms_norm(input, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}'


class LocalResponseNorm(Module):
    """Normalises each element by its neighbours across `size` channels (AlexNet's LRN)."""

    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return f'{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}'
