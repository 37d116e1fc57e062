#!/usr/bin/python3
"""Writes tests/unit/engine/data/random_streams.txt: PyTorch's CPU random streams as a compact table.

    /usr/bin/python3 tests/oracle/random_table.py > tests/unit/engine/data/random_streams.txt

For every case below, seeds 0, 1 and 42, and sizes n = 1..100, it records a
32-bit hash of the output's bytes followed by the generator's state bytes
after the call (so the number of draws and the cached normal are checked
too), plus the exact bits of the first and last elements at a few sizes.
test_random_streams.cpp recomputes the same with tsh's engine.

The oracle is torch 1.13 (AVX2 kernels). Where 2.x, the target, differs, the
expected values come from an emulation that is first checked against 1.13:
  * the double Box-Muller (randn/normal_ below 16 elements, non-contiguous,
    log_normal_) uses log1p(-u) in 2.x instead of log(1 - u): emulated from
    1.13's own uniform stream, and the emulation with log() must reproduce
    1.13 exactly before its log1p() variant is trusted;
  * float16 randn of >= 16 elements rounds every operation to float16 in 2.x
    (c10's math overloads now cover Half, as they covered BFloat16 in 1.13):
    emulated with glibc's float functions, and the same emulation must
    reproduce 1.13's bfloat16 results exactly.
The test suite never runs this script: its output is committed.
"""
import ctypes
import math
import struct
import sys
from fractions import Fraction

import warnings

import torch

warnings.filterwarnings("ignore")  # random_'s float-range warnings

SEEDS = (0, 1, 42)
SIZES = range(1, 101)
POINT_SIZES = (1, 15, 17, 100)
libm = ctypes.CDLL("libm.so.6")
for fn in ("logf", "cosf", "sinf", "sqrtf"):
    getattr(libm, fn).restype = ctypes.c_float
    getattr(libm, fn).argtypes = [ctypes.c_float]


def fnv32(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return (h ^ (h >> 32)) & 0xFFFFFFFF


def tensor_bytes(t):
    return t.contiguous().view(-1).view(torch.uint8).numpy().tobytes()


def lin(a, b, n, dtype=torch.float32):
    """n values from a to b, each computed in double as a + (b - a) * i / (n - 1), then
    rounded to dtype (not torch.linspace, whose bits differ between 1.13 and 2.x)."""
    d = max(n - 1, 1)
    return torch.tensor([a + (b - a) * i / d for i in range(n)], dtype=torch.float64).to(dtype)


def ties(n):
    """Weights 1, 0, 0, 1, 0, 0, ...: sampling them all ties the zeros (topk's order decides)."""
    return torch.tensor([1.0 if i % 3 == 0 else 0.0 for i in range(n)])


# ---- emulation of the double Box-Muller path (path C) --------------------------------

def fma(a, b, c):
    if math.isinf(a) or math.isinf(b) or math.isnan(a) or math.isnan(b):
        return a * b + c
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def to_dtype(values, dtype):
    t = torch.tensor(values, dtype=torch.float64)
    if dtype in (torch.float16, torch.bfloat16):
        return t.to(torch.float32).to(dtype)  # c10 converts double through float
    return t.to(dtype)


def path_c(seed, count, mean, std, use_log1p, post=lambda z: z):
    """count samples of fma(z, std, mean) (then post), and the generator state after."""
    g = torch.Generator().manual_seed(seed)
    pairs = (count + 1) // 2
    u = torch.rand(2 * pairs, dtype=torch.float64, generator=g).tolist()
    out, cache = [], None
    for i in range(count):
        if cache is not None:
            z, cache = cache, None
        else:
            u1, u2 = u[2 * (i // 2)], u[2 * (i // 2) + 1]
            r = math.sqrt(-2.0 * (math.log1p(-u2) if use_log1p else math.log(1.0 - u2)))
            theta = 2.0 * math.pi * u1
            cache = r * math.sin(theta)
            z = r * math.cos(theta)
        out.append(post(fma(z, std, mean)))
    state = bytearray(tensor_bytes(g.get_state()))
    if cache is not None:
        state[5024:5032] = struct.pack("<d", cache)
        state[5040:5044] = struct.pack("<i", 1)
    return out, bytes(state)


# ---- emulation of path B for the 16-bit floats (every operation rounded) -------------

def round_bf16(f):
    u = struct.unpack("<I", struct.pack("<f", f))[0]
    if f != f:
        return float("nan")
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16 << 16
    return struct.unpack("<f", struct.pack("<I", u & 0xFFFFFFFF))[0]


def round_f16(f):
    return struct.unpack("<e", struct.pack("<e", f))[0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def path_b16(seed, n, dtype):
    h = round_f16 if dtype == torch.float16 else round_bf16
    g = torch.Generator().manual_seed(seed)
    d = torch.rand(n, dtype=dtype, generator=g).float().tolist()

    def block(d, at):
        for j in range(8):
            u1 = h(1.0 - d[at + j])
            u2 = d[at + j + 8]
            radius = h(libm.sqrtf(h(-2.0 * h(libm.logf(u1)))))
            theta = h(f32(2.0 * math.pi * u2))
            d[at + j] = h(h(h(radius * h(libm.cosf(theta))) * 1.0) + 0.0)
            d[at + j + 8] = h(h(h(radius * h(libm.sinf(theta))) * 1.0) + 0.0)

    for i in range(0, n - 15, 16):
        block(d, i)
    if n % 16:
        d[n - 16:] = torch.rand(16, dtype=dtype, generator=g).float().tolist()
        block(d, n - 16)
    return torch.tensor(d, dtype=torch.float32).to(dtype), tensor_bytes(g.get_state())


# ---- the cases ------------------------------------------------------------------------
# Each oracle case: name -> f(n, g) returning the output tensor (g already seeded).
# The names are the keys test_random_streams.cpp dispatches on.

F16, BF16, F32, F64 = torch.float16, torch.bfloat16, torch.float32, torch.float64
ORACLE = {
    "rand_f32": lambda n, g: torch.rand(n, generator=g),
    "rand_f64": lambda n, g: torch.rand(n, dtype=F64, generator=g),
    "rand_f16": lambda n, g: torch.rand(n, dtype=F16, generator=g),
    "rand_bf16": lambda n, g: torch.rand(n, dtype=BF16, generator=g),
    "rand_c64": lambda n, g: torch.rand(n, dtype=torch.complex64, generator=g),
    "uniform_f32": lambda n, g: torch.empty(n).uniform_(-0.2, 0.5, generator=g),
    "uniform_f64": lambda n, g: torch.empty(n, dtype=F64).uniform_(-0.2, 0.5, generator=g),
    "uniform_f16": lambda n, g: torch.empty(n, dtype=F16).uniform_(-3, 7.3, generator=g),
    "uniform_bf16": lambda n, g: torch.empty(n, dtype=BF16).uniform_(-3, 7.3, generator=g),
    "uniform_t_f32": lambda n, g: torch.empty(3, n).t().uniform_(-1, 2, generator=g),
    "randint_i64": lambda n, g: torch.randint(0, 10, (n,), generator=g),
    "randint_big_i64": lambda n, g: torch.randint(-50, 2**40, (n,), generator=g),
    "randint_u8": lambda n, g: torch.randint(0, 200, (n,), dtype=torch.uint8, generator=g),
    "randint_i8": lambda n, g: torch.randint(-100, 100, (n,), dtype=torch.int8, generator=g),
    "randint_i16": lambda n, g: torch.randint(-3000, 30000, (n,), dtype=torch.int16, generator=g),
    "randint_i32": lambda n, g: torch.randint(-2**31, 2**31 - 1, (n,), dtype=torch.int32, generator=g),
    "randint_bool": lambda n, g: torch.randint(0, 2, (n,), dtype=torch.bool, generator=g),
    "randint_f32": lambda n, g: torch.randint(-2**30, 2**40, (n,), dtype=F32, generator=g),
    "randint_f64": lambda n, g: torch.randint(0, 2**60, (n,), dtype=F64, generator=g),
    "randint_f16": lambda n, g: torch.randint(-1000, 3000, (n,), dtype=F16, generator=g),
    "randint_bf16": lambda n, g: torch.randint(0, 2**35, (n,), dtype=BF16, generator=g),
    "random_full_i64": lambda n, g: torch.empty(n, dtype=torch.int64).random_(-2**63, None, generator=g),
    "random_full_f32": lambda n, g: torch.empty(n).random_(-2**63, None, generator=g),
    "random_from_u8": lambda n, g: torch.empty(n, dtype=torch.uint8).random_(7, None, generator=g),
    "random_from_f16": lambda n, g: torch.empty(n, dtype=F16).random_(-100, None, generator=g),
    "randperm_i64": lambda n, g: torch.randperm(n, generator=g),
    "randperm_f32": lambda n, g: torch.randperm(n, dtype=F32, generator=g),
    "randperm_u8": lambda n, g: torch.randperm(n, dtype=torch.uint8, generator=g),
    "bernoulli_p_f32": lambda n, g: torch.bernoulli(lin(0, 1, n), generator=g),
    "bernoulli_p_f64": lambda n, g: torch.bernoulli(lin(0, 1, n, F64), generator=g),
    "bernoulli_p_i64": lambda n, g: torch.empty(n, dtype=torch.int64).bernoulli_(lin(0, 1, n), generator=g),
    "bernoulli_s_f32": lambda n, g: torch.empty(n).bernoulli_(0.3, generator=g),
    "bernoulli_s_bool": lambda n, g: torch.empty(n, dtype=torch.bool).bernoulli_(0.7, generator=g),
    "exponential_f32": lambda n, g: torch.empty(n).exponential_(1.5, generator=g),
    "exponential_f64": lambda n, g: torch.empty(n, dtype=F64).exponential_(1.5, generator=g),
    "geometric_f32": lambda n, g: torch.empty(n).geometric_(0.3, generator=g),
    "geometric_i64": lambda n, g: torch.empty(n, dtype=torch.int64).geometric_(0.05, generator=g),
    "cauchy_f32": lambda n, g: torch.empty(n).cauchy_(1, 2, generator=g),
    "cauchy_f64": lambda n, g: torch.empty(n, dtype=F64).cauchy_(1, 2, generator=g),
    "multinomial_f32": lambda n, g: torch.multinomial(lin(0.1, 1, n), min(n, 3), generator=g),
    "multinomial_1_f64": lambda n, g: torch.multinomial(lin(0.1, 1, n, F64), 1, generator=g),
    "multinomial_r_f32": lambda n, g: torch.multinomial(lin(0.1, 1, n), 5, True, generator=g),
    "multinomial_wide_f32": lambda n, g: torch.multinomial(lin(0.1, 1, 130 + n), 2, generator=g),
    "multinomial_ties_f32": lambda n, g: torch.multinomial(ties(n), n, generator=g),
    "multinomial_2d_f32": lambda n, g: torch.multinomial(lin(0.1, 1, 2 * n).view(2, n), min(n, 2), generator=g),
    "multinomial_2d_r_f64": lambda n, g: torch.multinomial(lin(0.1, 1, 2 * n, F64).view(2, n), 3, True, generator=g),
    "multinomial_r_f64": lambda n, g: torch.multinomial(lin(0.1, 1, n, F64), 5, True, generator=g),
    "poisson_f32": lambda n, g: torch.poisson(lin(0, 20, n), generator=g),
    "poisson_f64": lambda n, g: torch.poisson(lin(0, 40, n, F64), generator=g),
}
for dt in ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64"):
    ORACLE["random_" + dt] = (lambda d: lambda n, g: torch.empty(n, dtype=d).random_(generator=g))(getattr(torch, dt))

# Normal cases: name -> (dtype, mean, std, f(n, g)). Path C sizes (and log_normal_) are
# emulated with 2.x's log1p; float16 path B with 2.x's rounding; the rest is the oracle's.
NORMAL = {
    "randn_f32": (F32, 0.0, 1.0, lambda n, g: torch.randn(n, generator=g)),
    "randn_f64": (F64, 0.0, 1.0, lambda n, g: torch.randn(n, dtype=F64, generator=g)),
    "randn_f16": (F16, 0.0, 1.0, lambda n, g: torch.randn(n, dtype=F16, generator=g)),
    "randn_bf16": (BF16, 0.0, 1.0, lambda n, g: torch.randn(n, dtype=BF16, generator=g)),
    "normal_f32": (F32, 0.5, 0.02, lambda n, g: torch.empty(n).normal_(0.5, 0.02, generator=g)),
    "normal_f64": (F64, 0.5, 0.02, lambda n, g: torch.empty(n, dtype=F64).normal_(0.5, 0.02, generator=g)),
}


def emulated_normal(name, seed, n, use_log1p):
    dtype, mean, std, _ = NORMAL[name]
    if n < 16:
        vals, state = path_c(seed, n, mean, std, use_log1p)
        return to_dtype(vals, dtype), state
    if dtype == F16:
        return path_b16(seed, n, dtype)
    return None


def run(name, seed, n):
    """(output tensor, state bytes) as 2.x gives them."""
    g = torch.Generator().manual_seed(seed)
    if name in ORACLE:
        return ORACLE[name](n, g), tensor_bytes(g.get_state())
    if name in NORMAL:
        em = emulated_normal(name, seed, n, True)
        if em is not None:
            return em
        return NORMAL[name][3](n, g), tensor_bytes(g.get_state())
    if name == "log_normal_f32" or name == "log_normal_f64":
        dtype = F32 if name.endswith("f32") else F64
        vals, state = path_c(seed, n, 1.0, 0.5, True, post=math.exp)
        return to_dtype(vals, dtype), state
    if name == "normal_tt_f32":  # normal(mean, std) = randn * std + mean, in float32
        z, state = emulated_normal("randn_f32", seed, n, True) or (None, None)
        if z is None:
            z = torch.randn(n, generator=g)
            state = tensor_bytes(g.get_state())
        return z * lin(0.5, 1.5, n) + lin(0, 1, n), state
    if name == "randn_c64":  # real view of 2n floats with std 1/sqrt(2)
        if 2 * n < 16:
            vals, state = path_c(seed, 2 * n, 0.0, 1 / math.sqrt(2), True)
            return torch.view_as_complex(to_dtype(vals, F32).view(n, 2)), state
        return torch.randn(n, dtype=torch.complex64, generator=g), tensor_bytes(g.get_state())
    raise KeyError(name)


EXTRA = ["log_normal_f32", "log_normal_f64", "normal_tt_f32", "randn_c64"]


def self_check():
    """The emulations must reproduce torch 1.13 where 1.13 is what they model."""
    for seed in SEEDS:
        for n in range(1, 16):
            for name in NORMAL:
                t, state = emulated_normal(name, seed, n, False)
                g = torch.Generator().manual_seed(seed)
                ref = NORMAL[name][3](n, g)
                assert tensor_bytes(t) == tensor_bytes(ref), (name, seed, n)
                assert state == tensor_bytes(g.get_state()), (name, seed, n, "state")
            vals, state = path_c(seed, n, 1.0, 0.5, False, post=math.exp)
            g = torch.Generator().manual_seed(seed)
            ref = torch.empty(n, dtype=F64).log_normal_(1, 0.5, generator=g)
            assert tensor_bytes(to_dtype(vals, F64)) == tensor_bytes(ref), ("log_normal", seed, n)
            assert state == tensor_bytes(g.get_state())
        for n in list(range(16, 101)):
            t, state = path_b16(seed, n, BF16)
            g = torch.Generator().manual_seed(seed)
            ref = torch.randn(n, dtype=BF16, generator=g)
            assert tensor_bytes(t) == tensor_bytes(ref), ("bf16 path B", seed, n)
            assert state == tensor_bytes(g.get_state())


def main():
    self_check()
    names = list(ORACLE) + list(NORMAL) + EXTRA
    out = sys.stdout
    out.write("# tests/unit/engine/data/random_streams.txt — written by tests/oracle/random_table.py; do not edit.\n")
    out.write("# stream NAME SEED HASHES: for n = 1..100, 8 hex digits each, the 32-bit FNV-1a fold of the\n")
    out.write("#   output's bytes followed by the generator state's bytes after the call.\n")
    out.write("# point NAME SEED N FIRST LAST: the exact bits of the first and last elements "
              "(hex, little-endian, zero-extended).\n")
    points = []
    for name in names:
        for seed in SEEDS:
            hashes = []
            for n in SIZES:
                t, state = run(name, seed, n)
                hashes.append("%08x" % fnv32(tensor_bytes(t) + state))
                if n in POINT_SIZES:
                    flat = t.contiguous().view(-1)
                    first = int.from_bytes(tensor_bytes(flat[:1]), "little")
                    last = int.from_bytes(tensor_bytes(flat[-1:]), "little")
                    points.append((name, seed, n, first, last))
            out.write("stream %s %d %s\n" % (name, seed, "".join(hashes)))
    for name, seed, n, first, last in points:
        out.write("point %s %d %d %x %x\n" % (name, seed, n, first, last))


main()
