# tests/mathbits/mathbits.py — every floating elementwise function, bit for bit against PyTorch.
#
# Runs unchanged under tsh and under Python with PyTorch: for each function, dtype (float32,
# float64) and layout it prints a 64-bit checksum of the result's bits. The expected lines come
# from PyTorch 2.15 (tests/mathbits/run.sh says how), so any element whose last bit differs from
# PyTorch's changes a line (NaNs compare as NaN, whatever their sign and payload). Inputs: 10^5 normal samples (x3), 10^5 uniform in (-1, 1), 10^5 random
# bit patterns (every exponent, subnormals, inf, NaN) and hand-picked specials, seeded.
import torch

N = 100000
g = torch.Generator().manual_seed(2024)
W = torch.arange(3 * N + 200, dtype=torch.int64) * 2654435761 + 1

def specials(dt):
    big = 3.0e38 if dt == torch.float32 else 1.0e308
    sub = 1.0e-40 if dt == torch.float32 else 1.0e-310
    v = [0.0, -0.0, float('inf'), float('-inf'), float('nan'), sub, -sub, 1.0e-30, -1.0e-30, 1.0e-8,
         0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 3.0, 0.9999999, -0.9999999, 1.0000001, 10.0, -10.0, 20.0, 88.72,
         88.73, 89.0, -87.3, -103.9, -104.0, 709.7, 710.0, -745.2, 1.0e10, -1.0e10, 1.0e30, -1.0e30,
         big, -big, 3.141592653589793, 1.5707963267948966, -1.5707963267948966, 1.0e5, 1.0e6 + 0.5,
         123456.789, 1.0e-3, 0.0625, 100.0, -100.0, 4.5, -4.5, 5.5]
    return torch.tensor(v, dtype=dt)

def inputs(dt):
    bits = torch.randint(-2 ** 31, 2 ** 31, (N,), generator=g, dtype=torch.int64)
    if dt == torch.float32:
        wild = bits.to(torch.int32).view(torch.float32)
    else:
        wild = (bits * 4294967296 + torch.randint(0, 2 ** 32, (N,), generator=g, dtype=torch.int64)).view(torch.float64)
    normal = torch.randn(N, generator=g, dtype=dt) * 3
    unit = torch.rand(N, generator=g, dtype=dt) * 2 - 1
    return torch.cat([specials(dt), normal, unit, wild])

def checksum(y):
    # NaN's sign and payload are not compared: PyTorch prints every NaN as nan.
    y = torch.where(torch.isnan(y), float('nan'), y).contiguous().flatten()
    b = y.view(torch.int32).to(torch.int64) if y.dtype == torch.float32 else y.view(torch.int64)
    return int((b * W[:b.numel()]).sum().item()) & 0xffffffffffffffff

UNARY = ['abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atanh', 'ceil', 'cos', 'cosh', 'deg2rad',
         'digamma', 'erf', 'erfc', 'erfinv', 'exp', 'exp2', 'expm1', 'fix', 'floor', 'frac', 'i0',
         'lgamma', 'log', 'log10', 'log1p', 'log2', 'logit', 'nan_to_num', 'neg', 'rad2deg', 'reciprocal',
         'round', 'rsqrt', 'sigmoid', 'sign', 'sgn', 'sin', 'sinc', 'sinh', 'sqrt', 'square', 'tan', 'tanh',
         'trunc', 'positive', 'angle', 'signbit_float']
BINARY = ['add', 'sub', 'mul', 'div', 'floor_divide', 'remainder', 'fmod', 'pow', 'atan2', 'hypot',
          'copysign', 'nextafter', 'xlogy', 'logaddexp', 'logaddexp2', 'maximum', 'minimum', 'fmax', 'fmin',
          'float_power', 'ldexp']

def unary(name, x):
    if name == 'signbit_float':
        return torch.signbit(x).to(x.dtype)
    return getattr(torch, name)(x)

def run(dt):
    x = inputs(dt)
    print('inputs', str(dt), '%016x' % checksum(x))
    strided = x[1::3]
    tails = [x[k * 7:k * 7 + k] for k in range(1, 18)]
    for name in UNARY:
        print(name, str(dt), 'contiguous %016x' % checksum(unary(name, x)),
              'strided %016x' % checksum(unary(name, strided)),
              'tails %016x' % checksum(torch.cat([unary(name, t) for t in tails])))
    y = torch.flip(x, [0])  # the second operand: every pairing of specials with the rest
    for name in BINARY:
        f = getattr(torch, name)
        if name == 'ldexp':
            e = (torch.arange(x.numel()) % 40 - 20)
            print(name, str(dt), 'contiguous %016x' % checksum(f(x, e)))
            continue
        try:
            with_scalar = f(x, 0.5)  # a Python number: PyTorch's scalar paths (pow(x, 0.5) is sqrt)
        except TypeError:
            with_scalar = f(x, torch.tensor(0.5, dtype=dt))
        print(name, str(dt), 'contiguous %016x' % checksum(f(x, y)),
              'strided %016x' % checksum(f(x[:-1:2], y[1::2])),
              'scalar %016x' % checksum(with_scalar))

run(torch.float32)
run(torch.float64)
