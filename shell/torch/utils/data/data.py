# torch.utils.data: datasets, samplers, DataLoader and random_split. The samplers draw from the
# generator as PyTorch's do (a seed from the global generator per epoch unless generator= is
# given, then randperm), so a seeded shuffle visits PyTorch's order.
import math
import torch

__all__ = ['Dataset', 'IterableDataset', 'TensorDataset', 'Subset', 'ConcatDataset', 'random_split', 'Sampler',
           'SequentialSampler', 'RandomSampler', 'SubsetRandomSampler', 'BatchSampler', 'DataLoader',
           'default_collate', 'default_convert', 'StackDataset', 'ChainDataset', 'WeightedRandomSampler',
           'get_worker_info']


class Dataset:
    def __getitem__(self, index):
        raise NotImplementedError('Subclasses of Dataset should implement __getitem__.')

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError('Subclasses of IterableDataset should implement __iter__.')


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise AssertionError('Size mismatch between tensors')
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError('datasets should not be an empty iterable')
        self.cumulative_sizes = []
        total = 0
        for d in self.datasets:
            if isinstance(d, IterableDataset):
                raise AssertionError('ConcatDataset does not support IterableDataset')
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError('absolute value of index should not exceed dataset length')
            idx = len(self) + idx
        for i, end in enumerate(self.cumulative_sizes):
            if idx < end:
                start = self.cumulative_sizes[i - 1] if i > 0 else 0
                return self.datasets[i][idx - start]
        raise IndexError('list index out of range')


class StackDataset(Dataset):
    """Datasets side by side: item i is a tuple (or a dict) of each one's item i."""

    def __init__(self, *args, **kwargs):
        if args and kwargs:
            raise ValueError('Supported either ``tuple``- (via ``args``) or``dict``- (via ``kwargs``) like input/output, '
                             'but both types are given.')
        self.datasets = args if args else kwargs
        sizes = [len(d) for d in (args if args else kwargs.values())]
        if any(n != sizes[0] for n in sizes):
            raise ValueError('Size mismatch between datasets')
        self._length = sizes[0]

    def __getitem__(self, index):
        if isinstance(self.datasets, dict):
            return {k: d[index] for k, d in self.datasets.items()}
        return tuple(d[index] for d in self.datasets)

    def __len__(self):
        return self._length


class ChainDataset(IterableDataset):
    """Iterable datasets one after another."""

    def __init__(self, datasets):
        self.datasets = datasets

    def __iter__(self):
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError('ChainDataset only supports IterableDataset')
            yield from d

    def __len__(self):
        total = 0
        for d in self.datasets:
            if not isinstance(d, IterableDataset):
                raise AssertionError('ChainDataset only supports IterableDataset')
            total += len(d)
        return total


def get_worker_info():
    """None: tsh loads every batch in the session's own process (num_workers=0)."""
    return None


def random_split(dataset, lengths, generator=None):
    if generator is None:
        generator = torch.default_generator
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        subset_lengths = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f'Fraction at index {i} is not between 0 and 1')
            subset_lengths.append(int(math.floor(len(dataset) * frac)))
        remainder = len(dataset) - sum(subset_lengths)
        for i in range(remainder):
            subset_lengths[i % len(subset_lengths)] += 1
        lengths = subset_lengths
    if sum(lengths) != len(dataset):
        raise ValueError('Sum of input lengths does not equal the length of the input dataset!')
    indices = torch.randperm(sum(lengths), generator=generator).tolist()
    out = []
    offset = 0
    for n in lengths:
        out.append(Subset(dataset, indices[offset:offset + n]))
        offset += n
    return out


class Sampler:
    def __init__(self, data_source=None):
        pass

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(replacement, bool):
            raise TypeError(f'replacement should be a boolean value, but got replacement={replacement}')
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f'num_samples should be a positive integer value, but got num_samples={self.num_samples}')

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            seed = int(torch.empty((), dtype=torch.int64).random_().item())
            generator = torch.Generator()
            generator.manual_seed(seed)
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from torch.randint(high=n, size=(32,), dtype=torch.int64, generator=generator).tolist()
            yield from torch.randint(high=n, size=(self.num_samples % 32,), dtype=torch.int64, generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                yield from torch.randperm(n, generator=generator).tolist()
            yield from torch.randperm(n, generator=generator).tolist()[:self.num_samples % n]

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        for i in torch.randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if isinstance(num_samples, bool) or not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError(f'num_samples should be a positive integer value, but got num_samples={num_samples}')
        if not isinstance(replacement, bool):
            raise ValueError(f'replacement should be a boolean value, but got replacement={replacement}')
        weights = torch.as_tensor(weights, dtype=torch.double)
        if weights.dim() != 1:
            raise ValueError(f'weights should be a 1d sequence but given weights have shape {tuple(weights.shape)}')
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        yield from torch.multinomial(self.weights, self.num_samples, self.replacement, generator=self.generator).tolist()

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    def __init__(self, sampler, batch_size, drop_last):
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError(f'batch_size should be a positive integer value, but got batch_size={batch_size}')
        if not isinstance(drop_last, bool):
            raise ValueError(f'drop_last should be a boolean value, but got drop_last={drop_last}')
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        batch = []
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if type(elem).__name__ == 'ndarray':
        return torch.stack([torch.as_tensor(b) for b in batch], 0)
    if isinstance(elem, bool):
        return torch.tensor(batch)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, str):
        return batch
    if isinstance(elem, dict):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, (tuple, list)):
        size = len(elem)
        if any(len(e) != size for e in batch):
            raise RuntimeError('each element in list of batch should be of equal size')
        return [default_collate(list(samples)) for samples in zip(*batch)]
    raise TypeError('default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; '
                    f'found {type(elem)}')


class _Repeat(Sampler):
    """An IterableDataset's sampler: None for ever (the dataset's own iterator says when to stop)."""

    def __iter__(self):
        while True:
            yield None


def default_convert(data):
    """What DataLoader hands over item by item (batch_size=None): arrays as tensors, containers rebuilt."""
    if isinstance(data, torch.Tensor):
        return data
    if type(data).__name__ == 'ndarray':
        return torch.as_tensor(data)
    if isinstance(data, dict):
        return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, '_fields'):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, (tuple, list)):
        return [default_convert(d) for d in data]
    return data


class _DataLoaderIter:
    def __init__(self, loader):
        self.loader = loader
        # PyTorch draws a base seed for its workers on every new iterator; tsh draws it too, so
        # that the generator's stream moves on as PyTorch's does.
        torch.empty((), dtype=torch.int64).random_(generator=loader.generator)
        self.sampler_iter = iter(loader._index_sampler)
        self.items = iter(loader.dataset) if isinstance(loader.dataset, IterableDataset) else None

    def __iter__(self):
        return self

    def _fetch(self, index):
        if self.items is None:
            return self.loader.dataset[index]
        return next(self.items)

    def __next__(self):
        loader = self.loader
        index = next(self.sampler_iter)
        if loader._auto_collation:
            data = []
            for i in index:
                try:
                    data.append(self._fetch(i))
                except StopIteration:
                    break
            if not data or (loader.drop_last and len(data) < len(index)):
                raise StopIteration
        else:
            data = self._fetch(index)
        return loader.collate_fn(data)


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device=''):
        if num_workers < 0:
            raise ValueError('num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.')
        if num_workers > 0:
            raise NotImplementedError('DataLoader(num_workers>0): tsh loads batches in the main process; use num_workers=0')
        if timeout < 0:
            raise ValueError('timeout option should be non-negative')
        if isinstance(dataset, IterableDataset):
            # batches come from iterating the dataset: no sampler orders it
            if shuffle not in (None, False):
                raise ValueError(f'DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={shuffle}')
            if sampler is not None:
                raise ValueError(f'DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={sampler}')
            if batch_sampler is not None:
                raise ValueError('DataLoader with IterableDataset: expected unspecified batch_sampler option, '
                                 f'but got batch_sampler={batch_sampler}')
        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError('batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last')
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError('batch_size=None option disables auto-batching and is mutually exclusive with drop_last')
        if isinstance(dataset, IterableDataset):
            sampler = _Repeat()
        elif sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset = dataset
        self.num_workers = num_workers
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        self.pin_memory = pin_memory
        self.timeout = timeout
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __iter__(self):
        return _DataLoaderIter(self)

    def __len__(self):
        if isinstance(self.dataset, IterableDataset):
            n = len(self.dataset)
            if self.batch_size is not None:
                n = n // self.batch_size if self.drop_last else (n + self.batch_size - 1) // self.batch_size
            return n
        return len(self._index_sampler)
