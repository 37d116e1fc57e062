# torch.nn.utils.rnn: batches of sequences of different lengths, padded or packed.
import torch

__all__ = ['PackedSequence', 'pad_sequence', 'pack_padded_sequence', 'pad_packed_sequence', 'pack_sequence',
           'unpad_sequence', 'unpack_sequence']


class PackedSequence:
    """Sequences sorted by length and stored time step by time step: data holds every sequence's
    step t, for the batch_sizes[t] sequences still running at t."""

    def __init__(self, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        self.data = data
        self.batch_sizes = batch_sizes
        self.sorted_indices = sorted_indices
        self.unsorted_indices = unsorted_indices

    def __iter__(self):
        return iter((self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices))

    def __getitem__(self, i):
        return (self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)[i]

    def __len__(self):
        return 4

    def __repr__(self):
        return (f'PackedSequence(data={self.data!r}, batch_sizes={self.batch_sizes!r}, '
                f'sorted_indices={self.sorted_indices!r}, unsorted_indices={self.unsorted_indices!r})')

    def _replace_data(self, data):
        return PackedSequence(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def to(self, *args, **kwargs):
        return self._replace_data(self.data.to(*args, **kwargs))

    @property
    def is_cuda(self):
        return self.data.is_cuda


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right'):
    """Stacks sequences of shape (L_i, *) into (max L, B, *) (batch_first: (B, max L, *)), filling with
    padding_value on the right (or the left)."""
    if padding_side not in ('left', 'right'):
        raise ValueError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    if isinstance(sequences, torch.Tensor):
        sequences = sequences.unbind(0)
    sequences = list(sequences)
    longest = max(s.size(0) for s in sequences)
    trailing = list(sequences[0].shape[1:])
    out = torch.full([len(sequences), longest] + trailing, padding_value, dtype=sequences[0].dtype,
                     device=sequences[0].device)
    rows = []
    for s in sequences:
        fill = torch.full([longest - s.size(0)] + trailing, padding_value, dtype=s.dtype, device=s.device)
        rows.append(torch.cat([s, fill] if padding_side == 'right' else [fill, s], 0))
    out = torch.stack(rows, 0)
    return out if batch_first else out.transpose(0, 1)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    x = padded_sequences if batch_first else padded_sequences.transpose(0, 1)
    return [x[i, :int(n)] for i, n in enumerate(lengths)]


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    lengths = torch.as_tensor(lengths, dtype=torch.int64, device=torch.device('cpu'))
    if enforce_sorted:
        if bool((lengths[:-1] < lengths[1:]).any()) if lengths.numel() > 1 else False:
            raise RuntimeError('`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. '
                               'You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to '
                               'sidestep this requirement if you do not need ONNX exportability.')
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    if bool((lengths <= 0).any()):
        raise RuntimeError('Length of all samples has to be greater than 0, but found an element in \'lengths\' '
                           'that is <= 0')
    x = input.transpose(0, 1) if batch_first else input  # (T, B, *)
    longest = int(lengths[0])
    if longest > x.size(0):
        raise RuntimeError(f'Expected sequence length to be larger than or equal to {longest}, got {x.size(0)}')
    batch_sizes = torch.tensor([int((lengths > t).sum()) for t in range(longest)], dtype=torch.int64)
    data = torch.cat([x[t, :int(batch_sizes[t])] for t in range(longest)], 0)
    unsorted = None if sorted_indices is None else torch.empty_like(sorted_indices).scatter_(
        0, sorted_indices, torch.arange(sorted_indices.numel(), device=sorted_indices.device))
    return PackedSequence(data, batch_sizes, sorted_indices, unsorted)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    data, batch_sizes, sorted_indices, unsorted_indices = sequence
    steps = batch_sizes.numel()
    batch = int(batch_sizes[0])
    length = steps if total_length is None else total_length
    if total_length is not None and total_length < steps:
        raise ValueError(f'Expected total_length to be at least the length of the longest sequence in input, but '
                         f'got total_length={total_length} and max sequence length being {steps}')
    trailing = list(data.shape[1:])
    rows, offset = [], 0
    for t in range(length):
        n = int(batch_sizes[t]) if t < steps else 0
        step = data[offset:offset + n]
        offset += n
        fill = torch.full([batch - n] + trailing, padding_value, dtype=data.dtype, device=data.device)
        rows.append(torch.cat([step, fill], 0))
    out = torch.stack(rows, 0)  # (T, B, *)
    lengths = torch.tensor([int((batch_sizes > b).sum()) for b in range(batch)], dtype=torch.int64)
    if unsorted_indices is not None:
        out = out.index_select(1, unsorted_indices)
        lengths = lengths[unsorted_indices.cpu()]
    return (out.transpose(0, 1) if batch_first else out), lengths


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([s.size(0) for s in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
