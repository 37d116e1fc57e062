# %summary model [input]: a model's layers as a table — each layer's name and type, the shape of
# what it returns for the input (when one is given) and its own parameter count — then the
# totals and the parameters' memory. PyTorch has no such command; the numbers are its own.
import torch

__all__ = ['summary']


def _count(n):
    return f'{n:,}'


def _bytes(n):
    for unit in ('B', 'KiB', 'MiB', 'GiB'):
        if n < 1024 or unit == 'GiB':
            return f'{n} B' if unit == 'B' else f'{n:.2f} {unit}'
        n /= 1024


def _shape(out):
    if isinstance(out, torch.Tensor):
        return str(list(out.shape))
    if isinstance(out, (tuple, list)):
        return ', '.join(_shape(o) for o in out)
    return type(out).__name__


def _run(model, example):
    """The shape each module returned for `example`, run in eval mode with no graph."""
    shapes = {}
    handles = []
    for name, module in model.named_modules():
        def record(m, args, out, name=name):
            shapes[name] = _shape(out)
        handles.append(module.register_forward_hook(record))
    modes = [(m, m.training) for m in model.modules()]
    try:
        model.eval()
        with torch.no_grad():
            if isinstance(example, torch.Tensor):
                model(example)
            else:
                first = next(iter(model.parameters()), None)
                device = first.device if first is not None else None
                dtype = first.dtype if first is not None and first.is_floating_point() else None
                model(torch.zeros(tuple(example), device=device, dtype=dtype))
    finally:
        for h in handles:
            h.remove()
        for m, training in modes:
            m.training = training
    return shapes


def summary(model, example=None):
    if not isinstance(model, torch.nn.Module):
        raise TypeError(f'%summary expects an nn.Module, got {type(model).__name__}')
    shapes = _run(model, example) if example is not None else None
    rows = []  # (label, shape, own parameter count)

    def walk(module, name, prefix, child_prefix):
        own = sum(p.numel() for p in module.parameters(recurse=False))
        label = type(module).__name__ if not name else f'{name.split(".")[-1]} ({type(module).__name__})'
        rows.append((prefix + label, shapes.get(name, '--') if shapes is not None else None,
                     _count(own) if own else '--'))
        children = list(module.named_children())
        for i, (child, sub) in enumerate(children):
            last = i == len(children) - 1
            walk(sub, f'{name}.{child}' if name else child, child_prefix + ('└─' if last else '├─'),
                 child_prefix + ('   ' if last else '│  '))

    walk(model, '', '', '')
    heads = ['Layer (type)'] + (['Output Shape'] if shapes is not None else []) + ['Param #']
    table = [[r[0]] + ([r[1]] if shapes is not None else []) + [r[2]] for r in rows]
    widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(heads)]
    line = lambda cells: '  '.join(c.ljust(w) if i < len(cells) - 1 else c.rjust(w)
                                   for i, (c, w) in enumerate(zip(cells, widths)))
    rule = '=' * len(line(heads))
    out = [line(heads), rule] + [line(row) for row in table] + [rule]
    params = list(model.parameters())
    total = sum(p.numel() for p in params)
    trainable = sum(p.numel() for p in params if p.requires_grad)
    dtypes = sorted(set(str(p.dtype).replace('torch.', '') for p in params))
    memory = sum(p.numel() * p.element_size() for p in params)
    out.append(f'Total params: {_count(total)}')
    out.append(f'Trainable params: {_count(trainable)}')
    out.append(f'Non-trainable params: {_count(total - trainable)}')
    out.append(f'Params size: {_bytes(memory)}' + (f' ({", ".join(dtypes)})' if dtypes else ''))
    return '\n'.join(out) + '\n'
