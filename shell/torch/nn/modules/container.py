# torch.nn's containers: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict.
import torch
from collections import OrderedDict
from torch.nn.modules.module import Module, _addindent

__all__ = ['Sequential', 'ModuleList', 'ModuleDict', 'ParameterList', 'ParameterDict']

_Parameter = torch.nn.parameter.Parameter


def _index(name, idx, n):
    """idx as a position in a container of n, with Python's IndexError past the end."""
    if isinstance(idx, bool) or not isinstance(idx, int):
        raise TypeError(f'{name} indices must be integers or slices, not {type(idx).__name__}')
    if not (-n <= idx < n):
        raise IndexError(f'index {idx} is out of range')
    return idx % n


class Sequential(Module):
    """Modules run one after another, each on the output of the one before. Takes
    modules as arguments (named 0, 1, ...) or an OrderedDict of named ones; index, slice and
    append like a list."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return Sequential(OrderedDict(list(self._modules.items())[idx]))
        keys = list(self._modules)
        return self._modules[keys[_index('Sequential', idx, len(keys))]]

    def __setitem__(self, idx, module):
        keys = list(self._modules)
        setattr(self, keys[_index('Sequential', idx, len(keys))], module)

    def __delitem__(self, idx):
        keys = list(self._modules)
        if isinstance(idx, slice):
            for key in keys[idx]:
                delattr(self, key)
        else:
            delattr(self, keys[_index('Sequential', idx, len(keys))])
        _renumber(self, list(self._modules.values()))  # as PyTorch, what is left counts from 0

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __dir__(self):
        return [k for k in Module.__dir__(self) if not k.isdigit()]

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError(f'module should be of type: {Module}')
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError(f'Index out of range: {index}')
        if index < 0:
            index += n
        modules = list(self._modules.values())
        modules.insert(index, module)
        _renumber(self, modules)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


def _renumber(container, modules):
    """Sequential and ModuleList after an insert or a delete: children 0, 1, ... in this order."""
    for key in list(container._modules):
        delattr(container, key)
    for i, module in enumerate(modules):
        container.add_module(str(i), module)


def _compressed_children(container):
    """ModuleList's repr: runs of equal reprs print once, as (0-2): 3 x Linear(...)."""
    lines = []
    items = [(k, repr(m)) for k, m in container._modules.items()]
    i = 0
    while i < len(items):
        j = i
        while j + 1 < len(items) and items[j + 1][1] == items[i][1]:
            j += 1
        text = _addindent(items[i][1], 2)
        if j == i:
            lines.append(f'({items[i][0]}): {text}')
        else:
            lines.append(f'({items[i][0]}-{items[j][0]}): {j - i + 1} x {text}')
        i = j + 1
    return lines


class ModuleList(Module):
    """A list of modules, registered so that parameters() and to() reach them. It has no forward."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ModuleList(list(self._modules.values())[idx])
        return self._modules[str(_index('ModuleList', idx, len(self)))]

    def __setitem__(self, idx, module):
        self.add_module(str(_index('ModuleList', idx, len(self))), module)

    def __delitem__(self, idx):
        keys = list(self._modules)
        if isinstance(idx, slice):
            for key in keys[idx]:
                delattr(self, key)
        else:
            delattr(self, keys[_index('ModuleList', idx, len(keys))])
        _renumber(self, list(self._modules.values()))

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = ModuleList()
        for m in self:
            combined.append(m)
        for m in other:
            combined.append(m)
        return combined

    def __dir__(self):
        return [k for k in Module.__dir__(self) if not k.isdigit()]

    def insert(self, index, module):
        modules = list(self._modules.values())
        modules.insert(index, module)
        _renumber(self, modules)

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def extend(self, modules):
        if isinstance(modules, Module) and not isinstance(modules, (ModuleList, Sequential)) or isinstance(modules, str):
            raise TypeError('ModuleList.extend should be called with an iterable, but got ' + type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self

    def __repr__(self):
        lines = _compressed_children(self)
        if not lines:
            return self._get_name() + '()'
        return self._get_name() + '(\n  ' + '\n  '.join(lines) + '\n)'

    def forward(self, *args):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


class ModuleDict(Module):
    """A dict of modules, registered so that parameters() and to() reach them. It has no forward."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        delattr(self, key)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        for key in list(self._modules):
            delattr(self, key)

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if isinstance(modules, dict):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if len(m) != 2:
                    raise ValueError(f'ModuleDict update sequence element #{j} has length {len(m)}; 2 is required')
                self[m[0]] = m[1]

    def forward(self, *args):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


def _tensor_line(key, p, legacy):
    size = 'x'.join(str(s) for s in p.size())
    device = f' ({p.device})' if p.device.type == 'cuda' else ''
    kind = 'Parameter' if isinstance(p, _Parameter) else 'Tensor'
    return f'  ({key}): {kind} containing: [{p.type() if legacy else p.dtype} of size {size}{device}]'


class ParameterList(Module):
    """A list of Parameters (tensors given are wrapped), registered with the module."""

    def __init__(self, values=None):
        super().__init__()
        object.__setattr__(self, '_size', 0)
        if values is not None:
            self += values

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ParameterList([self[i] for i in range(len(self))[idx]])
        return getattr(self, str(_index('ParameterList', idx, len(self))))

    def __setitem__(self, idx, param):
        idx = _index('ParameterList', idx, len(self))
        if isinstance(param, torch.Tensor) and not isinstance(param, _Parameter):
            param = _Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        new_idx = len(self)
        object.__setattr__(self, '_size', new_idx + 1)
        if isinstance(value, torch.Tensor) and not isinstance(value, _Parameter):
            value = _Parameter(value)
        setattr(self, str(new_idx), value)
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        lines = []
        for k, p in enumerate(self):
            if isinstance(p, torch.Tensor):
                lines.append(_tensor_line(k, p, False))
            else:
                lines.append(f'  ({k}): Object of type: {type(p).__name__}')
        return '\n'.join(lines)

    def __call__(self, *args, **kwargs):
        raise RuntimeError('ParameterList should not be called.')


class ParameterDict(Module):
    """A dict of Parameters (tensors given are wrapped), registered with the module."""

    def __init__(self, parameters=None):
        super().__init__()
        object.__setattr__(self, '_keys', {})
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return getattr(self, key)

    def __setitem__(self, key, value):
        self._keys[key] = None
        if isinstance(value, torch.Tensor) and not isinstance(value, _Parameter):
            value = _Parameter(value)
        setattr(self, key, value)

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, key)

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __contains__(self, key):
        return key in self._keys

    def keys(self):
        return self._keys.keys()

    def items(self):
        return ((k, self[k]) for k in self._keys)

    def values(self):
        return (self[k] for k in self._keys)

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def get(self, key, default=None):
        return self[key] if key in self else default

    def update(self, parameters):
        items = parameters.items() if hasattr(parameters, 'items') else parameters
        for key, value in items:
            self[key] = value

    def extra_repr(self):
        lines = []
        for k, p in self.items():
            if isinstance(p, torch.Tensor):
                lines.append(_tensor_line(k, p, True))
            else:
                lines.append(f'  ({k}): Object of type: {type(p).__name__}')
        return '\n'.join(lines)

    def __call__(self, input):
        raise RuntimeError('ParameterDict should not be called.')
