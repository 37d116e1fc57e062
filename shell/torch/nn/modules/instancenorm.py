# torch.nn's InstanceNorm1d/2d/3d: each sample's channels normalised on their own.
import torch
from torch.nn.modules.batchnorm import _BatchNorm

__all__ = ['InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d']

F = torch.nn.functional


class _InstanceNorm(_BatchNorm):
    _batched = 0

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False, device=None,
                 dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device=device, dtype=dtype)

    def forward(self, input):
        if input.dim() not in (self._batched - 1, self._batched):
            raise ValueError(f'expected {self._batched - 1}D or {self._batched}D input (got {input.dim()}D input)')
        unbatched = input.dim() == self._batched - 1
        x = input.unsqueeze(0) if unbatched else input
        if x.shape[1] != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim=1 to match num_features ({self.num_features}), "
                                 f'but got: {x.shape[1]}.')
            import warnings
            warnings.warn("input's size at dim=1 does not match num_features. You can silence this warning by not "
                          'passing in num_features, which is not used because affine=False')
        out = F.instance_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                              self.training or not self.track_running_stats, self.momentum if self.momentum is not None
                              else 0.0, self.eps)
        return out.squeeze(0) if unbatched else out


class InstanceNorm1d(_InstanceNorm):
    _batched = 3


class InstanceNorm2d(_InstanceNorm):
    _batched = 4


class InstanceNorm3d(_InstanceNorm):
    _batched = 5
