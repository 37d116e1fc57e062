# torch.nn's BatchNorm1d/2d/3d: per-channel normalisation with running statistics.
import torch
from torch.nn import init
from torch.nn.modules.module import Module

__all__ = ['BatchNorm1d', 'BatchNorm2d', 'BatchNorm3d']

Parameter = torch.nn.parameter.Parameter
F = torch.nn.functional


def _affine_parameters(module, shape, affine, bias, device, dtype):
    """The normalisation layers' weight (ones) and bias (zeros) of this shape, or None for either."""
    if affine:
        module.weight = Parameter(torch.ones(shape, device=device, dtype=dtype))
        if bias:
            module.bias = Parameter(torch.zeros(shape, device=device, dtype=dtype))
        else:
            module.register_parameter('bias', None)
    else:
        module.register_parameter('weight', None)
        module.register_parameter('bias', None)


class _BatchNorm(Module):
    _dims = ()

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, bias=True,
                 device=None, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        _affine_parameters(self, num_features, affine, bias, device, dtype)
        if track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features, device=device, dtype=dtype))
            self.register_buffer('running_var', torch.ones(num_features, device=device, dtype=dtype))
            self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long, device=device))
        else:
            self.register_buffer('running_mean', None)
            self.register_buffer('running_var', None)
            self.register_buffer('num_batches_tracked', None)

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def extra_repr(self):
        return (f'{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, '
                f'bias={self.bias is not None}, track_running_stats={self.track_running_stats}')

    def forward(self, input):
        if input.dim() not in self._dims:
            names = ' or '.join(f'{d}D' for d in self._dims)
            raise ValueError(f'expected {names} input (got {input.dim()}D input)')
        momentum = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:  # a cumulative moving average
                momentum = 1.0 / float(self.num_batches_tracked)
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        track = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if track else None, self.running_var if track else None,
                            self.weight, self.bias, use_batch, momentum, self.eps)


class BatchNorm1d(_BatchNorm):
    """Normalises each feature of (N, C) or (N, C, L) input over the batch (and L)."""
    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Normalises each channel of (N, C, H, W) input over the batch and the image."""
    _dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Normalises each channel of (N, C, D, H, W) input over the batch and the volume."""
    _dims = (5,)
