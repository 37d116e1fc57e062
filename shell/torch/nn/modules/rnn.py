# torch.nn's recurrent layers: RNN, LSTM and GRU (layers, bidirectional, batch_first, dropout between
# layers, LSTM projections) and their cells. A layer projects the whole input sequence through
# weight_ih at once, then steps the cell through time, as PyTorch's CPU code does; the cells' gate
# arithmetic is PyTorch's, in its order.
import math
import warnings
import torch
from torch.nn import init
from torch.nn.modules.module import Module

__all__ = ['RNNBase', 'RNN', 'LSTM', 'GRU', 'RNNCellBase', 'RNNCell', 'LSTMCell', 'GRUCell']

Parameter = torch.nn.parameter.Parameter
F = torch.nn.functional


def _uniform_by_hidden_size(module):
    """PyTorch's default for recurrent layers and cells: every weight and bias from
    U(-1/sqrt(hidden_size), 1/sqrt(hidden_size)), in registration order."""
    stdv = 1.0 / math.sqrt(module.hidden_size) if module.hidden_size > 0 else 0
    for weight in module.parameters():
        init.uniform_(weight, -stdv, stdv)


def _both(b_ih, b_hh):
    """The input and recurrent biases as one (None without biases)."""
    return None if b_ih is None else b_ih + b_hh


def _records(*tensors):
    """Whether autograd would record an op on these tensors."""
    return torch.is_grad_enabled() and any(t.requires_grad for t in tensors)


def _rnn_step(x_proj, h, w_hh, nonlinearity):
    """x_proj holds both biases: one addmm and the nonlinearity per step."""
    gates = torch.addmm(x_proj, h, w_hh.t())
    return torch.tanh(gates) if nonlinearity == 'tanh' else torch.relu(gates)


def _lstm_step(x_proj, h, c, w_hh, w_hr):
    """x_proj holds both biases: one addmm, then the gates' pointwise half in one engine call
    (i, f, o = sigmoid, g = tanh; c' = f·c + i·g; h' = o·tanh(c'))."""
    h, c = F._lstm_pointwise(torch.addmm(x_proj, h, w_hh.t()), c)
    if w_hr is not None:
        h = F.linear(h, w_hr)
    return h, c


def _gru_step(x_proj, h, w_hh, b_hh):
    hg = F.linear(h, w_hh, b_hh)
    ir, iz, inn = x_proj.chunk(3, -1)
    hr, hz, hn = hg.chunk(3, -1)
    r = torch.sigmoid(hr + ir)
    z = torch.sigmoid(hz + iz)
    n = torch.tanh(inn + hn * r)
    return (h - n) * z + n


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        if not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or not 0 <= dropout <= 1:
            raise ValueError('dropout should be a number in range [0, 1] representing the probability of an '
                             'element being zeroed')
        if dropout > 0 and num_layers == 1:
            warnings.warn('dropout option adds dropout after all but last recurrent layer, so non-zero dropout '
                          f'expects num_layers greater than 1, but got dropout={dropout} and num_layers={num_layers}')
        if not isinstance(hidden_size, int):
            raise TypeError(f'hidden_size should be of type int, got: {type(hidden_size).__name__}')
        if hidden_size <= 0:
            raise ValueError('hidden_size must be greater than zero')
        if num_layers <= 0:
            raise ValueError('num_layers must be greater than zero')
        if proj_size < 0:
            raise ValueError('proj_size should be a positive integer or zero to disable projections')
        if proj_size >= hidden_size:
            raise ValueError('proj_size has to be smaller than hidden_size')
        if proj_size and mode != 'LSTM':
            raise ValueError('proj_size argument is only supported for LSTM, not RNN or GRU')
        gates = {'LSTM': 4, 'GRU': 3}.get(mode, 1)
        directions = 2 if bidirectional else 1
        real_hidden = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else real_hidden * directions
                suffix = '_reverse' if direction == 1 else ''
                shapes = [('weight_ih', (gates * hidden_size, layer_input)), ('weight_hh', (gates * hidden_size, real_hidden))]
                if bias:
                    shapes += [('bias_ih', (gates * hidden_size,)), ('bias_hh', (gates * hidden_size,))]
                if proj_size > 0:
                    shapes.append(('weight_hr', (proj_size, hidden_size)))
                for name, shape in shapes:
                    full = f'{name}_l{layer}{suffix}'
                    setattr(self, full, Parameter(torch.empty(shape, device=device, dtype=dtype)))
                    self._flat_weights_names.append(full)
        self.reset_parameters()

    def reset_parameters(self):
        _uniform_by_hidden_size(self)

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.proj_size != 0:
            s += f', proj_size={self.proj_size}'
        if self.num_layers != 1:
            s += f', num_layers={self.num_layers}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        if self.batch_first is not False:
            s += f', batch_first={self.batch_first}'
        if self.dropout != 0:
            s += f', dropout={self.dropout}'
        if self.bidirectional is not False:
            s += f', bidirectional={self.bidirectional}'
        return s

    def _weights(self, layer, direction):
        suffix = '_reverse' if direction == 1 else ''
        get = lambda name: getattr(self, f'{name}_l{layer}{suffix}', None)
        return get('weight_ih'), get('weight_hh'), get('bias_ih'), get('bias_hh'), get('weight_hr')

    def _check_input(self, input, batched):
        expected = 3 if batched else 2
        if input.dim() != expected:
            raise RuntimeError(f'input must have {expected} dimensions, got {input.dim()}')
        if self.input_size != input.size(-1):
            raise RuntimeError(f'input.size(-1) must be equal to input_size. Expected {self.input_size}, '
                               f'got {input.size(-1)}')

    def _check_hidden(self, hx, expected, message='Expected hidden size {}, got {}'):
        if list(hx.shape) != list(expected):
            raise RuntimeError(message.format(tuple(expected), list(hx.shape)))

    def _run(self, input, hx, lengths=None):
        """input (T, B, in); hx: the initial states, a list of (num_layers·directions, B, ·) tensors;
        lengths: each sequence's length (a packed batch), past which its state stays as it was.
        Returns the output (T, B, directions·hidden) and the final states, stacked likewise."""
        directions = 2 if self.bidirectional else 1
        finals = [[] for _ in hx]
        layer_input = input
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh, w_hr = self._weights(layer, direction)
                k = layer * directions + direction
                state = [h[k] for h in hx]
                # the whole sequence's input projections at once; an RNN's or LSTM's recurrent bias
                # joins them, so that a step is one addmm
                projected = F.linear(layer_input, w_ih, b_ih if self.mode == 'GRU' else _both(b_ih, b_hh))
                if self.mode == 'LSTM' and lengths is None and w_hr is None and not _records(projected, w_hh, *state):
                    # nothing records: the whole recurrence in one engine call
                    out, h, c = F._lstm_layer(projected, state[0], state[1], w_hh, direction == 1, True)
                    outputs.append(out)
                    finals[0].append(h)
                    finals[1].append(c)
                    continue
                steps = range(projected.shape[0] - 1, -1, -1) if direction == 1 else range(projected.shape[0])
                seq = [None] * projected.shape[0]
                inputs = projected.unbind(0)
                for t in steps:
                    if self.mode == 'LSTM':
                        stepped = list(_lstm_step(inputs[t], state[0], state[1], w_hh, w_hr))
                    elif self.mode == 'GRU':
                        stepped = [_gru_step(inputs[t], state[0], w_hh, b_hh)]
                    else:
                        stepped = [_rnn_step(inputs[t], state[0], w_hh, 'tanh' if self.mode == 'RNN_TANH' else 'relu')]
                    if lengths is not None:
                        running = (lengths > t).unsqueeze(1)
                        stepped = [torch.where(running, new, old) for new, old in zip(stepped, state)]
                    state = stepped
                    seq[t] = state[0]
                outputs.append(torch.stack(seq, 0))
                for i, s in enumerate(state):
                    finals[i].append(s)
            layer_input = outputs[0] if directions == 1 else torch.cat(outputs, -1)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, self.dropout, True)
        return layer_input, [torch.stack(f, 0) for f in finals]

    def _initial_state(self, hx, batch, like, states):
        """The initial states as a list of (num_layers·directions, batch, ·) tensors: zeros, or hx checked
        against those shapes (states: 1, or 2 for LSTM's (h, c))."""
        directions = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        shapes = [(self.num_layers * directions, batch, real_hidden)]
        if states == 2:
            shapes.append((self.num_layers * directions, batch, self.hidden_size))
        if hx is None:
            return [torch.zeros(s, dtype=like.dtype, device=like.device) for s in shapes]
        hx = list(hx) if states == 2 else [hx]
        for i, (h, s) in enumerate(zip(hx, shapes)):
            name = f'hidden[{i}]' if states == 2 else 'hidden'
            self._check_hidden(h, s, f'Expected {name} size {{}}, got {{}}')
        return hx

    def _forward(self, input, hx, states):
        rnn_utils = torch.nn.utils.rnn
        if isinstance(input, rnn_utils.PackedSequence):
            return self._forward_packed(input, hx, states)
        batched = input.dim() == 3
        self._check_input(input, batched)
        x = input if batched else input.unsqueeze(1)
        if batched and self.batch_first:
            x = x.transpose(0, 1)
        if hx is not None:
            given = list(hx) if states == 2 else [hx]
            bad = [h for h in given if h.dim() != (3 if batched else 2)]
            if bad:
                kind, want = ('batched 3-D', 3) if batched else ('unbatched 2-D', 2)
                if states == 2:  # LSTM names both states
                    raise RuntimeError(f'For {kind} input, hx and cx should also be {want}-D but got '
                                       f'({given[0].dim()}-D, {given[1].dim()}-D) tensors')
                raise RuntimeError(f'For {kind} input, hx should also be {want}-D but got {bad[0].dim()}-D tensor')
            hx = given if batched else [h.unsqueeze(1) for h in given]
            hx = tuple(hx) if states == 2 else hx[0]
        hx = self._initial_state(hx, x.shape[1], x, states)
        out, finals = self._run(x, hx)
        if batched and self.batch_first:
            out = out.transpose(0, 1)
        if not batched:
            out = out.squeeze(1)
            finals = [f.squeeze(1) for f in finals]
        return out, (tuple(finals) if states == 2 else finals[0])


    def _forward_packed(self, packed, hx, states):
        """A packed batch: run padded (in the packed, length-sorted order) with each sequence's state
        frozen past its end, then pack the output the same way."""
        rnn_utils = torch.nn.utils.rnn
        data, batch_sizes, sorted_indices, unsorted_indices = packed
        if data.size(-1) != self.input_size:
            raise RuntimeError(f'input.size(-1) must be equal to input_size. Expected {self.input_size}, '
                               f'got {data.size(-1)}')
        padded, lengths = rnn_utils.pad_packed_sequence(rnn_utils.PackedSequence(data, batch_sizes))
        given = hx is not None
        hx = self._initial_state(hx, padded.shape[1], data, states)
        if given and sorted_indices is not None:
            hx = [h.index_select(1, sorted_indices) for h in hx]
        out, finals = self._run(padded, hx, lengths.to(data.device))
        steps = batch_sizes.numel()
        out_data = torch.cat([out[t, :int(batch_sizes[t])] for t in range(steps)], 0)
        if unsorted_indices is not None:
            finals = [f.index_select(1, unsorted_indices) for f in finals]
        result = rnn_utils.PackedSequence(out_data, batch_sizes, sorted_indices, unsorted_indices)
        return result, (tuple(finals) if states == 2 else finals[0])


class RNN(RNNBase):
    """An Elman RNN: h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh) (or relu), per layer and direction."""

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        if nonlinearity == 'tanh':
            mode = 'RNN_TANH'
        elif nonlinearity == 'relu':
            mode = 'RNN_RELU'
        else:
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        return self._forward(input, hx, 1)


class LSTM(RNNBase):
    """Long short-term memory: input, forget, cell and output gates per step; returns
    output, (h_n, c_n). proj_size > 0 projects each h_t to proj_size."""

    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, 2)


class GRU(RNNBase):
    """Gated recurrent unit: reset and update gates per step; returns output, h_n."""

    def __init__(self, *args, **kwargs):
        super().__init__('GRU', *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, 1)


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), device=device, dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), device=device, dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, device=device, dtype=dtype))
        else:
            self.register_parameter('bias_ih', None)
            self.register_parameter('bias_hh', None)
        self.reset_parameters()

    def reset_parameters(self):
        _uniform_by_hidden_size(self)

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        if getattr(self, 'nonlinearity', 'tanh') != 'tanh':
            s += f', nonlinearity={self.nonlinearity}'
        return s

    def _prepare(self, input, hx, states):
        if input.dim() not in (1, 2):
            raise ValueError(f'{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead')
        if input.size(-1) != self.input_size:
            raise RuntimeError(f'input has inconsistent input_size: got {input.size(-1)} expected {self.input_size}')
        batched = input.dim() == 2
        x = input if batched else input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(x.shape[0], self.hidden_size, dtype=x.dtype, device=x.device)
            hx = [zeros] * states
        else:
            hx = list(hx) if states == 2 else [hx]
            hx = hx if batched else [h.unsqueeze(0) for h in hx]
        return x, hx, batched


class RNNCell(RNNCellBase):
    """One Elman step: h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh) (or relu)."""

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 1, device, dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity not in ('tanh', 'relu'):
            raise RuntimeError(f'Unknown nonlinearity: {self.nonlinearity}')
        x, hx, batched = self._prepare(input, hx, 1)
        h = _rnn_step(F.linear(x, self.weight_ih, _both(self.bias_ih, self.bias_hh)), hx[0], self.weight_hh,
                      self.nonlinearity)
        return h if batched else h.squeeze(0)


class LSTMCell(RNNCellBase):
    """One LSTM step: returns (h', c')."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 4, device, dtype)

    def forward(self, input, hx=None):
        x, hx, batched = self._prepare(input, hx, 2)
        h, c = _lstm_step(F.linear(x, self.weight_ih, _both(self.bias_ih, self.bias_hh)), hx[0], hx[1], self.weight_hh,
                          None)
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    """One GRU step: returns h'."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, 3, device, dtype)

    def forward(self, input, hx=None):
        x, hx, batched = self._prepare(input, hx, 1)
        h = _gru_step(F.linear(x, self.weight_ih, self.bias_ih), hx[0], self.weight_hh, self.bias_hh)
        return h if batched else h.squeeze(0)
