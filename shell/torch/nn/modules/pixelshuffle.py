# torch.nn's PixelShuffle and PixelUnshuffle (channels traded for resolution and back) and ChannelShuffle.
import torch
from torch.nn.modules.module import Module

__all__ = ['PixelShuffle', 'PixelUnshuffle', 'ChannelShuffle']

F = torch.nn.functional


class PixelShuffle(Module):
    """(*, C·r², H, W) to (*, C, H·r, W·r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f'upscale_factor={self.upscale_factor}'


class PixelUnshuffle(Module):
    """(*, C, H·r, W·r) to (*, C·r², H, W)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f'downscale_factor={self.downscale_factor}'


class ChannelShuffle(Module):
    """Interleaves the channels of `groups` groups (ShuffleNet)."""

    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return f'groups={self.groups}'
