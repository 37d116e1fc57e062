# torch.nn.AdaptiveLogSoftmaxWithLoss: Grave et al.'s adaptive softmax for large vocabularies. The
# frequent classes (below cutoffs[0]) and one token per rarer cluster share a head softmax; a class
# in cluster k scores log p(cluster k | x) + log p(class | cluster k, x) from its own smaller tail.
from collections import namedtuple

import torch
from torch.nn.modules.container import ModuleList, Sequential
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module

__all__ = ['AdaptiveLogSoftmaxWithLoss']

F = torch.nn.functional

_ASMoutput = namedtuple('_ASMoutput', ['output', 'loss'])


class AdaptiveLogSoftmaxWithLoss(Module):
    """Log-probabilities of n_classes split at cutoffs: forward(input, target) gives each target's
    log-probability and the mean negative log-likelihood; log_prob gives every class's, predict the
    most likely class."""

    def __init__(self, in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError('cutoffs should be a sequence of length larger than 0')
        if (cutoffs != sorted(cutoffs) or min(cutoffs) <= 0 or max(cutoffs) > n_classes - 1
                or len(set(cutoffs)) != len(cutoffs) or any(int(c) != c for c in cutoffs)):
            raise ValueError('cutoffs should be a sequence of unique, positive integers sorted in an increasing '
                             'order, where each value is between 1 and n_classes-1')
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head = Linear(in_features, self.head_size, bias=head_bias, device=device, dtype=dtype)
        tails = []
        for k in range(self.n_clusters):
            hidden = int(in_features // (div_value ** (k + 1)))
            width = self.cutoffs[k + 1] - self.cutoffs[k]
            tails.append(Sequential(Linear(in_features, hidden, bias=False, device=device, dtype=dtype),
                                    Linear(hidden, width, bias=False, device=device, dtype=dtype)))
        self.tail = ModuleList(tails)

    def reset_parameters(self):
        self.head.reset_parameters()
        for projection, out in self.tail:
            projection.reset_parameters()
            out.reset_parameters()

    def forward(self, input_, target_):
        if target_.dim() == 1:
            if input_.size(0) != target_.size(0):
                raise RuntimeError('Input and target should have the same size in the batch dimension.')
            if input_.dim() != 2:
                raise RuntimeError(f'1D target tensor expects 2D input tensors, but found inputs with size '
                                   f'{input_.size()}')
        elif target_.dim() == 0:
            if input_.dim() != 1:
                raise RuntimeError(f'0D target tensor expects 1D input tensors, but found inputs with size '
                                   f'{input_.size()}')
        else:
            raise RuntimeError('0D or 1D target tensor expected, multi-target not supported')
        batched = target_.dim() > 0
        input = input_ if batched else input_.unsqueeze(0)
        target = target_ if batched else target_.unsqueeze(0)
        rows = target.size(0)
        output = input.new_zeros(rows)
        # the head column each row's log-probability starts from: its class, or its cluster's token
        head_column = target.new_empty(rows)
        bounds = [0] + self.cutoffs
        covered = 0
        for k in range(len(bounds) - 1):
            inside = (target >= bounds[k]) & (target < bounds[k + 1])
            where = inside.nonzero().squeeze()
            if where.numel() == 0:
                continue
            if k == 0:
                head_column.index_copy_(0, where, target[inside])
            else:
                head_column.index_fill_(0, where, self.shortlist_size + k - 1)
                tail_logprob = F.log_softmax(self.tail[k - 1](input.index_select(0, where)), dim=1)
                picked = tail_logprob.gather(1, (target[inside] - bounds[k]).unsqueeze(1))
                output.index_copy_(0, where, picked.squeeze(1))
            covered += where.numel()
        if covered != rows:
            raise RuntimeError(f'Target values should be in [0, {self.n_classes - 1}], but values in range '
                               f'[{target.min().item()}, {target.max().item()}] were found. ')
        head_logprob = F.log_softmax(self.head(input), dim=1)
        output += head_logprob.gather(1, head_column.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        return _ASMoutput(output if batched else output.squeeze(0), loss)

    def _full_log_prob(self, input, head_output):
        """Every class's log-probability: the head's for the shortlist, and for cluster k its tail's
        plus the head's log-probability of the cluster."""
        out = input.new_empty((head_output.size(0), self.n_classes))
        head_logprob = F.log_softmax(head_output, dim=1)
        out[:, :self.shortlist_size] = head_logprob[:, :self.shortlist_size]
        for k, (start, stop) in enumerate(zip(self.cutoffs, self.cutoffs[1:])):
            tail_logprob = F.log_softmax(self.tail[k](input), dim=1)
            out[:, start:stop] = tail_logprob + head_logprob[:, self.shortlist_size + k].unsqueeze(1)
        return out

    def log_prob(self, input):
        batched = input.dim() > 1
        x = input if batched else input.unsqueeze(0)
        out = self._full_log_prob(x, self.head(x))
        return out if batched else out.squeeze(0)

    def predict(self, input):
        """The most likely class of each row of a (batch, in_features) input: the head's choice when it
        is in the shortlist, else the best over the full log-probabilities."""
        head_output = self.head(input)
        best = torch.argmax(head_output, dim=1)
        rare = best >= self.shortlist_size
        if rare.any():
            if rare.all():
                best = torch.argmax(self._full_log_prob(input, head_output), dim=1)
            else:
                best[rare] = torch.argmax(self._full_log_prob(input[rare], head_output[rare]), dim=1)
        return best
