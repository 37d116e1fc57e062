# torch.nn.Dropout: zeroes elements with probability p while training, scaling the rest by 1/(1-p).
import torch
from torch.nn.modules.module import Module

__all__ = ['Dropout']

F = torch.nn.functional


class Dropout(Module):
    """While training, zeroes each element with probability p and scales the rest by 1/(1-p); in eval mode, the identity."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f'p={self.p}, inplace={self.inplace}'
