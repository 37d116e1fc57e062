# torch.nn.Module: the base class of every layer and model.
#
# A module keeps its parameters, buffers and submodules in three ordered dicts (_parameters,
# _buffers, _modules), filled by attribute assignment in __init__, and mirrors each in the
# instance's own namespace so that reading self.fc1 in forward is a plain attribute read;
# __setattr__ and __delattr__ keep the two in step.
import torch
from collections import OrderedDict
from torch.nn.functional import _graph_origin  # labels output nodes with their module, for %graph

__all__ = ['Module']

_Parameter = torch.nn.parameter.Parameter


class RemovableHandle:
    """A handle that removes a hook: handle.remove(), or leaving a with block."""
    _next_id = 0

    def __init__(self, hooks_dict):
        self.hooks_dict = hooks_dict
        self.id = RemovableHandle._next_id
        RemovableHandle._next_id += 1

    def remove(self):
        if self.id in self.hooks_dict:
            del self.hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.remove()


class _IncompatibleKeys:
    """What load_state_dict returns: the keys it missed and the ones it did not know (a pair)."""

    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __iter__(self):
        return iter((self.missing_keys, self.unexpected_keys))

    def __getitem__(self, i):
        return (self.missing_keys, self.unexpected_keys)[i]

    def __len__(self):
        return 2

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return f'_IncompatibleKeys(missing_keys={self.missing_keys!r}, unexpected_keys={self.unexpected_keys!r})'

    __str__ = __repr__


def _typename(obj):
    """What PyTorch's error messages call a value's type: 'torch.FloatTensor', 'int', '__main__.Net'."""
    if isinstance(obj, torch.Tensor):
        return obj.type()
    cls = type(obj)
    module = getattr(cls, '__module__', '') or ''
    name = getattr(cls, '__qualname__', None) or cls.__name__
    return name if module in ('', 'builtins') else f'{module}.{name}'


def _addindent(text, spaces):
    lines = text.split('\n')
    if len(lines) == 1:
        return text
    return lines[0] + '\n' + '\n'.join(spaces * ' ' + line for line in lines[1:])


def _zero_grads(params, set_to_none):
    """Module.zero_grad and Optimizer.zero_grad: drop each .grad, or zero it in place."""
    for p in params:
        if p.grad is None:
            continue
        if set_to_none:
            p.grad = None
            continue
        if p.grad.grad_fn is not None:
            p.grad.detach_()
        else:
            p.grad.requires_grad_(False)
        p.grad.zero_()


class Module:
    """Base class of every layer and model. Subclass it, assign layers and Parameters
    as attributes in __init__ (after super().__init__()), and define forward(); calling the
    module runs forward. Its parameters(), state_dict(), to(), train()/eval() and zero_grad()
    reach everything assigned to it, recursively."""

    training = True

    def __init__(self, *args, **kwargs):
        if args or kwargs:
            given = ', '.join([repr(a) for a in args] + [f'{k}={v!r}' for k, v in kwargs.items()])
            raise TypeError(f'{type(self).__name__}.__init__() got an unexpected argument: {given}')
        set_ = object.__setattr__
        set_(self, 'training', True)
        set_(self, '_parameters', OrderedDict())
        set_(self, '_buffers', OrderedDict())
        set_(self, '_non_persistent_buffers_set', set())
        set_(self, '_modules', OrderedDict())
        set_(self, '_forward_hooks', OrderedDict())
        set_(self, '_forward_pre_hooks', OrderedDict())

    def forward(self, *input):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    # -- registration ---------------------------------------------------------------------------

    def _check_name(self, name, what, where):
        """PyTorch's checks of a new parameter's or buffer's name; `where` is the dict it goes in."""
        if where not in self.__dict__:
            raise AttributeError(f'cannot assign {what} before Module.__init__() call')
        exists_in = self.__dict__[where]
        if not isinstance(name, str):
            raise TypeError(f'{what} name should be a string. Got {_typename(name)}')
        if '.' in name:
            raise KeyError(f'{what} name can\'t contain "."')
        if name == '':
            raise KeyError(f'{what} name can\'t be empty string ""')
        if name in self.__dict__ and name not in exists_in:
            raise KeyError(f"attribute '{name}' already exists")

    def register_buffer(self, name, tensor, persistent=True):
        self._check_name(name, 'buffer', '_buffers')
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' (torch Tensor or None required)")
        self._forget(name)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)
        object.__setattr__(self, name, tensor)

    def register_parameter(self, name, param):
        self._check_name(name, 'parameter', '_parameters')
        if param is not None and not isinstance(param, _Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' "
                            f"object to parameter '{name}' (torch.nn.Parameter or None required)")
        if param is not None and param.grad_fn is not None:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created "
                             f"explicitly. To express '{name}' as a function of another Tensor, compute the value in "
                             f"the forward() method.")
        self._forget(name)
        self._parameters[name] = param
        object.__setattr__(self, name, param)

    def add_module(self, name, module):
        if module is not None and not isinstance(module, Module):
            raise TypeError(f'{_typename(module)} is not a Module subclass')
        if not isinstance(name, str):
            raise TypeError(f'module name should be a string. Got {_typename(name)}')
        if '_modules' not in self.__dict__:
            raise AttributeError('cannot assign module before Module.__init__() call')
        if name in self.__dict__ and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if '.' in name:
            raise KeyError(f'module name can\'t contain ".", got: {name}')
        if name == '':
            raise KeyError('module name can\'t be empty string ""')
        self._forget(name)
        self._modules[name] = module
        object.__setattr__(self, name, module)

    def register_module(self, name, module):
        self.add_module(name, module)

    def _forget(self, name):
        for d in (self._parameters, self._buffers, self._modules):
            if name in d:
                del d[name]
        self._non_persistent_buffers_set.discard(name)

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get('_parameters')
        if isinstance(value, _Parameter):
            if params is None:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            if name in d and name not in params and name not in d['_buffers'] and name not in d['_modules']:
                object.__delattr__(self, name)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' "
                                f"as parameter '{name}' (torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            if '_modules' not in d:
                raise AttributeError('cannot assign module before Module.__init__() call')
            if name in d and name not in params and name not in d['_buffers'] and name not in d['_modules']:
                object.__delattr__(self, name)
            self.add_module(name, value)
        elif '_modules' in d and name in d['_modules']:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                f"(torch.nn.Module or None expected)")
            self._modules[name] = None
            object.__setattr__(self, name, None)
        elif '_buffers' in d and name in d['_buffers']:
            if value is not None and not isinstance(value, torch.Tensor):
                raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' (torch.Tensor or None expected)")
            self._buffers[name] = value
            object.__setattr__(self, name, value)
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        for where in ('_parameters', '_buffers', '_modules'):
            if where in d and name in d[where]:
                return d[where][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        d = self.__dict__
        for where in ('_parameters', '_buffers', '_modules'):
            if where in d and name in d[where]:
                del d[where][name]
                self._non_persistent_buffers_set.discard(name)
                object.__delattr__(self, name)
                return
        object.__delattr__(self, name)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + ' has no attribute `' + item + '`')
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError('`' + item + '` is not an nn.Module')
        return mod

    def get_parameter(self, target):
        module_path, _, param_name = target.rpartition('.')
        mod = self.get_submodule(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + ' has no attribute `' + param_name + '`')
        param = getattr(mod, param_name)
        if not isinstance(param, _Parameter):
            raise AttributeError('`' + param_name + '` is not an nn.Parameter')
        return param

    # -- walking the tree -----------------------------------------------------------------------

    def _named_members(self, which, prefix='', recurse=True, remove_duplicate=True):
        seen = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in getattr(module, which).items():
                if v is None:
                    continue
                if remove_duplicate:
                    if id(v) in seen:
                        continue
                    seen.add(id(v))
                yield (module_prefix + ('.' if module_prefix else '') + k, v)

    def parameters(self, recurse=True):
        for name, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(self, prefix='', recurse=True, remove_duplicate=True):
        yield from self._named_members('_parameters', prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for name, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(self, prefix='', recurse=True, remove_duplicate=True):
        yield from self._named_members('_buffers', prefix, recurse, remove_duplicate)

    def children(self):
        for name, module in self.named_children():
            yield module

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def modules(self):
        for name, module in self.named_modules():
            yield module

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = set()
        if id(self) in memo:
            return
        if remove_duplicate:
            memo.add(id(self))
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            sub = prefix + ('.' if prefix else '') + name
            yield from module.named_modules(memo, sub, remove_duplicate)

    # -- modes and conversions ------------------------------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError('training mode is expected to be boolean')
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        _zero_grads(self.parameters(), set_to_none)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _apply(self, fn, recurse=True):
        if recurse:
            for module in self.children():
                module._apply(fn)
        with torch.no_grad():
            for key, param in self._parameters.items():
                if param is None:
                    continue
                param.data = fn(param)
                if param.grad is not None:
                    param.grad.data = fn(param.grad)
            for key, buf in self._buffers.items():
                if buf is not None:
                    self._buffers[key] = fn(buf)
                    object.__setattr__(self, key, self._buffers[key])
        return self

    def to(self, *args, **kwargs):
        device, dtype, non_blocking = None, None, False
        for k in kwargs:
            if k not in ('device', 'dtype', 'non_blocking', 'memory_format'):
                raise TypeError(f"to() received an invalid combination of arguments - got an unexpected keyword argument '{k}'")
        memory_format = kwargs.get('memory_format')
        if memory_format is not None and not isinstance(memory_format, torch.memory_format):
            raise TypeError(f"to(): argument 'memory_format' must be torch.memory_format, not "
                            f"{type(memory_format).__name__}")
        for a in args:
            if isinstance(a, torch.dtype):
                dtype = a
            elif isinstance(a, torch.Tensor):
                device, dtype = a.device, a.dtype
            elif isinstance(a, bool):
                non_blocking = a
            elif a is None or isinstance(a, (str, int, torch.device)):
                device = a
            else:
                raise TypeError(f'to() received an invalid combination of arguments - got ({_typename(a)})')
        device = kwargs.get('device', device)
        dtype = kwargs.get('dtype', dtype)
        if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError(f'nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={dtype}')

        def convert(t):
            # memory_format= lays out the 4-d and 5-d parameters and buffers (a convolution's weight)
            fmt = {'memory_format': memory_format} if memory_format is not None and t.dim() in (4, 5) else {}
            if t.is_floating_point() or t.is_complex():
                return t.to(device, dtype, **fmt)
            return t.to(device, **fmt)
        return self._apply(convert)

    def to_empty(self, *, device, recurse=True):
        """Moves parameters and buffers to device without copying their values (from meta, say)."""
        return self._apply(lambda t: torch.empty_like(t, device=device), recurse=recurse)

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def half(self):
        return self._apply(lambda t: t.half() if t.is_floating_point() else t)

    def bfloat16(self):
        return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

    # -- calling --------------------------------------------------------------------------------

    def register_forward_pre_hook(self, hook):
        handle = RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def __call__(self, *args, **kwargs):
        if not self._forward_pre_hooks and not self._forward_hooks:
            return _graph_origin(self.forward(*args, **kwargs), self)
        for hook in list(self._forward_pre_hooks.values()):
            result = hook(self, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
        output = self.forward(*args, **kwargs)
        for hook in list(self._forward_hooks.values()):
            result = hook(self, args, output)
            if result is not None:
                output = result
        return _graph_origin(output, self)

    # -- state ----------------------------------------------------------------------------------

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        if args:
            raise TypeError('state_dict() takes its arguments by keyword: destination=, prefix=, keep_vars=')
        if destination is None:
            destination = OrderedDict()
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, dict):
            raise TypeError(f'Expected state_dict to be dict-like, got {type(state_dict)}.')
        if assign:
            raise NotImplementedError('load_state_dict(assign=True) is not supported by tsh')
        own = self.state_dict(keep_vars=True)  # every key, with the tensor it names
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        errors = []
        for key, mine in own.items():
            if key not in state_dict:
                continue
            given = state_dict[key]
            if not isinstance(given, torch.Tensor):
                errors.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
                              f'object from checkpoint but received {type(given)}')
            elif given.shape != mine.shape:
                errors.append(f'size mismatch for {key}: copying a param with shape {given.shape} from checkpoint, '
                              f'the shape in current model is {mine.shape}.')
        if strict:
            if unexpected:
                errors.insert(0, 'Unexpected key(s) in state_dict: {}. '.format(', '.join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, 'Missing key(s) in state_dict: {}. '.format(', '.join(f'"{k}"' for k in missing)))
        if errors:
            # Checked before anything is copied: a load that fails leaves the model as it was.
            raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(type(self).__name__, '\n\t'.join(errors)))
        with torch.no_grad():
            for key, mine in own.items():
                if key in state_dict:
                    mine.copy_(state_dict[key])
        return _IncompatibleKeys(missing, unexpected)

    # -- printing -------------------------------------------------------------------------------

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split('\n') if extra else []
        child_lines = []
        for key, module in self._modules.items():
            child_lines.append('(' + key + '): ' + _addindent(repr(module), 2))
        lines = extra_lines + child_lines
        text = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += '\n  ' + '\n  '.join(lines) + '\n'
        return text + ')'

    def __dir__(self):
        names = dir(type(self)) + list(self.__dict__) + list(self._parameters) + list(self._modules) + list(self._buffers)
        return sorted(set(k for k in names if not k[0].isdigit()))
