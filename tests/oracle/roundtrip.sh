#!/usr/bin/env bash
# tests/oracle/roundtrip.sh TSH — files tsh writes, read by real NumPy and PyTorch.
#
# tsh writes .npy (C and Fortran order, several dtypes), .npz (stored and deflated), savetxt text
# and a torch.save file into a scratch folder; the oracle's Python then reads them and checks
# every value. The oracle is $TSH_ORACLE_PYTHON, else /tmp/t2/bin/python (tests/oracle/README.md);
# without one that imports numpy and torch the test is skipped (exit 77). The other direction —
# files NumPy and PyTorch wrote, read by tsh — is tests/golden/{numpy_npy,numpy_npz,torch_load}.txt.
set -euo pipefail
tsh=$(realpath "$1")
py=${TSH_ORACLE_PYTHON:-/tmp/t2/bin/python}
if ! [ -x "$py" ] || ! "$py" -c 'import numpy, torch' 2>/dev/null; then
  echo "roundtrip: no oracle Python with numpy and torch ($py); skipped"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$tsh" -c "
import numpy as np
import torch
m = np.arange(12.).reshape(3, 4)
np.save('c_order.npy', m)
np.save('f_order.npy', m.T)
np.save('int8.npy', np.arange(-3, 3, dtype=np.int8))
np.save('bool.npy', np.array([True, False, True]))
np.save('half.npy', np.array([1.5, -2.25], dtype=np.float16))
np.save('scalar.npy', np.float64(2.5))
np.savez('stored.npz', m, named=np.arange(5, dtype=np.int32))
np.savez_compressed('deflated.npz', x=np.linspace(0, 1, 7))
np.savetxt('table.txt', m, fmt='%.2f', delimiter=',', header='a,b,c,d')
t = torch.arange(10.).view(2, 5)
torch.save({'t': t, 'row': t[1], 'tt': t.t(), 'i': torch.tensor([1, -2, 2**40]), 'b': torch.tensor([True]),
            'h': torch.tensor([0.5], dtype=torch.float16), 'z': torch.tensor([1+2j]), 'n': 7, 's': 'x', 'l': [1.5, None]},
           'saved.pt')
"
"$py" - <<'PY'
import numpy as np, torch
m = np.arange(12.).reshape(3, 4)
def same(a, b):
    assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b), (a, b)
same(np.load('c_order.npy'), m)
f = np.load('f_order.npy'); same(f, m.T); assert f.flags.f_contiguous
same(np.load('int8.npy'), np.arange(-3, 3, dtype=np.int8))
same(np.load('bool.npy'), np.array([True, False, True]))
same(np.load('half.npy'), np.array([1.5, -2.25], dtype=np.float16))
same(np.load('scalar.npy'), np.array(2.5))
with np.load('stored.npz') as z:
    assert z.files == ['named', 'arr_0'], z.files
    same(z['arr_0'], m); same(z['named'], np.arange(5, dtype=np.int32))
with np.load('deflated.npz') as z:
    same(z['x'], np.linspace(0, 1, 7))
assert open('table.txt').read() == '# a,b,c,d\n' + ''.join(','.join('%.2f' % v for v in r) + '\n' for r in m)
d = torch.load('saved.pt', weights_only=True)
t = torch.arange(10.).view(2, 5)
assert torch.equal(d['t'], t) and torch.equal(d['row'], t[1]) and torch.equal(d['tt'], t.t())
assert d['row'].untyped_storage().data_ptr() == d['t'].untyped_storage().data_ptr() and d['row'].storage_offset() == 5
assert d['tt'].stride() == (1, 5)
assert torch.equal(d['i'], torch.tensor([1, -2, 2**40])) and d['b'].dtype == torch.bool
assert d['h'].dtype == torch.float16 and d['z'].dtype == torch.complex64 and d['z'].item() == 1+2j
assert d['n'] == 7 and d['s'] == 'x' and d['l'] == [1.5, None]
print('roundtrip: NumPy and PyTorch read every file tsh wrote')
PY

# A model's state_dict both ways: tsh's loads into PyTorch's module and PyTorch's into tsh's, and
# each side's forward pass on the other's weights gives the other's output exactly.
model='
import torch
from torch import nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 5), nn.Tanh(), nn.Linear(5, 3))
        self.emb = nn.Embedding(4, 6, padding_idx=0)
        self.register_buffer("scale", torch.tensor([1.5, -2.0, 0.25]))
    def forward(self, i):
        return self.body(self.emb(i)) * self.scale

x = torch.tensor([0, 1, 3, 2])
'
"$tsh" -c "$model
_ = torch.manual_seed(1)
net = Net()
torch.save(net.state_dict(), 'tsh_model.pt')
torch.save(net(x).detach(), 'tsh_out.pt')
"
"$py" -c "$model
import os
torch.manual_seed(2)
net = Net()
print(net.load_state_dict(torch.load('tsh_model.pt', weights_only=True)))
out = torch.load('tsh_out.pt', weights_only=True)
# bit for bit when tsh ran on MKL, as this PyTorch does; within rounding on OpenBLAS
assert torch.equal(net(x), out) if os.environ.get('TSH_BLAS') != 'openblas' else torch.allclose(net(x), out, rtol=1e-6, atol=1e-7)
assert list(torch.load('tsh_model.pt', weights_only=True)) == ['scale', 'body.0.weight', 'body.0.bias', 'body.2.weight', 'body.2.bias', 'emb.weight']
torch.manual_seed(3)
net = Net()
torch.save(net.state_dict(), 'torch_model.pt')
torch.save(net(x).detach(), 'torch_out.pt')
"
"$tsh" -c "$model
_ = torch.manual_seed(4)
net = Net()
print(net.load_state_dict(torch.load('torch_model.pt')))
import os
out = torch.load('torch_out.pt')
assert torch.equal(net(x), out) if os.environ.get('TSH_BLAS') != 'openblas' else torch.allclose(net(x), out, rtol=1e-6, atol=1e-7)
print('roundtrip: state dicts load both ways, with the same outputs')
"
