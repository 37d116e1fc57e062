#!/usr/bin/python3
"""Writes the inputs of the elementwise golden transcripts (tests/oracle/in/elementwise_*.tsh).

    /usr/bin/python3 tests/oracle/gen_elementwise.py      # then, for each NAME:
    /usr/bin/python3 tests/oracle/make_transcript.py tests/oracle/in/NAME.tsh > tests/golden/NAME.txt

Cases are ops x dtypes x layouts (contiguous, transposed, expanded, sliced)
x broadcast shapes. Values print through .tolist() where the last bit
matters (float32/float64 results as Python floats show every bit).
Left out on purpose, because torch 1.13 (the oracle) and 2.x (tsh's target)
differ: float16 math (1.13 lacks most CPU float16 kernels), float16/bfloat16
times/over a Python float (2.x reads the number in float), shifts by >= the
bit width, Tensor.where with a number, and gelu (torch.nn.functional is not in
tsh; tests/unit/engine/test_elementwise.cpp checks it).
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# Values that exercise every region of the functions (and SLEEF lane groups:
# large arguments next to small ones).
VALS = [0.5, -1.25, 3.0, 0.0, -0.0, 1e-3, -7.5, 100.25, 0.3, 2.0, -0.7, 1.5, 40.0, -88.5, 0.999, 1e-6,
        6.25, -3.3, 12.0, 0.125, -0.01, 5.5, 1e4, -2.5, 0.75, 9.0, -15.0, 0.2, 33.3, -0.45, 1.0, 2.5,
        -1.0, 7.0, 0.05, 250.0, -4.0]
UNIT = [0.5, -0.25, 0.0, 0.9, -0.99, 0.1, 0.3333, -0.6, 0.75, 0.05, -0.8, 0.999, 0.2, -0.1, 0.6, 0.45,
        -0.35, 0.01, 0.85, -0.7, 0.15]
POS = [0.5, 1.25, 3.0, 1e-3, 7.5, 100.25, 0.3, 2.0, 0.7, 1.5, 40.0, 88.5, 0.999, 1e-6, 6.25, 3.3, 12.0,
       0.125, 0.01, 5.5, 1e4, 2.5, 0.75, 9.0, 15.0, 0.2, 33.3]


def lst(v):
    return "[" + ", ".join(repr(x) for x in v) + "]"


def write(name, lines):
    with open(os.path.join(HERE, "in", name + ".tsh"), "w") as f:
        f.write("\n".join(lines) + "\n")


def math_cases():
    L = []
    for dt in ["float32", "float64"]:
        L.append(f"x = torch.tensor({lst(VALS)}, dtype=torch.{dt})")
        L.append(f"u = torch.tensor({lst(UNIT)}, dtype=torch.{dt})")
        L.append(f"p = torch.tensor({lst(POS)}, dtype=torch.{dt})")
        L.append("xs = torch.tensor(" + lst([v for pair in zip(VALS, VALS) for v in pair]) + f", dtype=torch.{dt})[::2]")
        L.append("m = x[:36].view(6, 6).t()")
        for op in ["exp", "expm1", "sin", "cos", "tan", "atan", "sinh", "cosh", "tanh", "sigmoid", "erf", "erfc",
                   "exp2", "asinh", "floor", "ceil", "round", "trunc", "frac", "sign", "neg", "abs", "reciprocal"]:
            src = "x / 10" if op in ("exp", "expm1", "sinh", "cosh", "exp2") else "x"
            L.append(f"torch.{op}({src}).tolist()")
            L.append(f"torch.{op}({'xs / 10' if src != 'x' else 'xs'}).tolist()")
        L.append("torch.cos(m).tolist()")
        L.append("torch.sinh(m / 10).tolist()")
        for op in ["log", "log2", "log10", "log1p", "sqrt", "rsqrt", "acosh"]:
            src = "p + 1" if op == "acosh" else "p"
            L.append(f"torch.{op}({src}).tolist()")
        for op in ["asin", "acos", "atanh", "erfinv", "logit"]:
            L.append(f"torch.{op}(u).tolist()")
        L.append("torch.logit(u, eps=0.2).tolist()")
        L.append("torch.round(x, decimals=2).tolist()")
        L.append("torch.round(x, decimals=-1).tolist()")
        L.append("torch.atan2(x, x.flip(0)).tolist()")
        L.append("torch.atan2(xs, x).tolist()")
        L.append("torch.hypot(x, x.flip(0)).tolist()")
        L.append("torch.pow(p, x / 10).tolist()")
        L.append("torch.pow(p, 2.7).tolist()")
        L.append("torch.pow(x, 3).tolist()")
        L.append("torch.pow(x, -2).tolist()")
        L.append("torch.pow(p, 0.5).tolist()")
        L.append("torch.pow(p, -0.5).tolist()")
        L.append("(2.5 ** (x / 10)).tolist()")
        L.append("(x ** 2).tolist()")
        L.append("torch.fmod(x, 1.7).tolist()")
        L.append("torch.remainder(x, -1.7).tolist()")
        L.append("(x // 0.3).tolist()")
        L.append("torch.div(x, 0.7, rounding_mode='trunc').tolist()")
        L.append("(x / 0.7).tolist()")
        L.append("(1 / x).tolist()")
        L.append("(3 / p).tolist()")
        L.append("torch.add(x, x.flip(0), alpha=0.3).tolist()")
        L.append("torch.sub(x, p[:1], alpha=0.3).tolist()")
        L.append("torch.addcmul(x, x.flip(0), x, value=0.3).tolist()")
        L.append("torch.addcdiv(x, x.flip(0), p[:1], value=0.3).tolist()")
        L.append("torch.lerp(x, x.flip(0), 0.3).tolist()")
        L.append("torch.lerp(x, x.flip(0), 0.7).tolist()")
        L.append("torch.lerp(x, x.flip(0), torch.sigmoid(x)).tolist()")
    for dt in ["bfloat16"]:
        L.append(f"b = torch.tensor({lst(VALS)}, dtype=torch.{dt})")
        for op in ["exp", "sin", "cos", "tanh", "sigmoid", "sqrt", "log", "sinh", "atan", "erf"]:
            src = "b.abs()" if op in ("sqrt", "log") else ("b / 10" if op in ("exp", "sinh") else "b")
            L.append(f"torch.{op}({src}).tolist()")
        L.append("(b * b.flip(0)).tolist()")
        L.append("(b + b.flip(0)).tolist()")
        L.append("(b / b.flip(0)).tolist()")
        L.append("(b + 0.1).tolist()")
        L.append("(b - 1).tolist()")
        L.append("torch.add(b, b.flip(0), alpha=0.3).tolist()")
    L.append(f"c = torch.tensor({lst(VALS[:8])}) + 1j * torch.tensor({lst(VALS[8:16])})")
    L.append("(c * c.flip(0)).tolist()")
    L.append("(c[:5] / c.flip(0)[:5]).tolist()")
    L.append("(c + 2).tolist()")
    L.append("c.abs().tolist()")
    L.append("c.angle().tolist()")
    L.append("torch.sgn(c)")
    L.append("c.conj()")
    L.append("c.real")
    L.append("c.imag")
    return L


def layout_cases():
    L = []
    L.append("a = torch.arange(24.).view(2, 3, 4)")
    L.append("t = a.transpose(0, 2)")
    L.append("(t + 1).stride(), (t + 1).is_contiguous()")
    L.append("(t * t).stride()")
    L.append("torch.exp(t).stride()")
    L.append("(t + a.transpose(0, 2).contiguous()).stride()")
    L.append("(a.permute(1, 2, 0) + 1).stride()")
    L.append("(a[:, ::2] + 1).stride()")
    L.append("(a[:, :, 1:3] * 2).stride()")
    L.append("(a[..., :1] + a).stride()")
    L.append("(a + a[..., :1]).stride()")
    L.append("(a.transpose(0, 2) + a.transpose(0, 2)[:1]).stride()")
    L.append("e = torch.ones(3, 1).expand(3, 4)")
    L.append("(e + 1).stride(), (e + 1)")
    L.append("(e * e.t().t()).stride()")
    L.append("(torch.ones(4, 1) + torch.ones(1, 5)).shape")
    L.append("(torch.ones(1, 5) + torch.ones(4, 1)).stride()")
    L.append("(torch.ones(2, 1, 3) * torch.ones(4, 1)).shape")
    L.append("(torch.ones(2, 1, 3).transpose(0, 2) * torch.ones(4, 1)).stride()")
    L.append("torch.tensor(2.) + torch.ones(2, 2)")
    L.append("(torch.tensor(2.) + torch.tensor(3)).shape")
    L.append("torch.ones(0, 3) + torch.ones(3)")
    L.append("(torch.ones(0, 3) + 1).shape")
    L.append("(torch.ones(3, 0).t() + 1).stride()")
    L.append("torch.ones(2, 3) + torch.ones(3, 2)")
    L.append("torch.ones(2, 3) + torch.ones(2)")
    L.append("torch.ones(5, 2, 3) * torch.ones(4, 1, 1, 1)")
    L.append("x = torch.arange(12).view(3, 4)")
    L.append("x.t() + x.t()")
    L.append("x[:, 1::2] - x[:, ::2]")
    L.append("x.t()[1:] * 2")
    L.append("x + torch.arange(4)")
    L.append("x + torch.arange(3).view(3, 1)")
    L.append("x.t() + torch.arange(3)")
    L.append("torch.arange(3.).view(3, 1, 1) * torch.arange(4.).view(1, 4) + torch.arange(2.).view(2, 1, 1, 1)")
    L.append("big = torch.arange(100000.).view(100, 1000)")
    L.append("(big.t() * 2).stride(), (big.t() * 2).sum().item()")
    L.append("torch.sin(big[:, ::3])[7, 5:9].tolist()")
    L.append("torch.cos(big.t()[::7, 3]).tolist()[:5]")
    L.append("s = torch.arange(40000.) / 7")
    L.append("torch.exp(s / 10000)[39990:].tolist()")
    L.append("torch.sinh(s / 10000)[39984:].tolist()")
    L.append("torch.cos(s)[-20:].tolist()")
    return L


def arith_cases():
    L = []
    dts = ["bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64", "complex64"]
    vals = {"bool": "[True, False, True]", "uint8": "[200, 3, 7]", "int8": "[-100, 3, 7]", "int16": "[-300, 3, 7]",
            "int32": "[-70000, 3, 7]", "int64": "[-5, 3, 7]", "float32": "[-1.5, 3.0, 0.25]",
            "float64": "[-1.5, 3.0, 0.25]", "complex64": "[1+2j, -3j, 0.5]", "float16": "[-1.5, 3.0, 0.25]",
            "bfloat16": "[-1.5, 3.0, 0.25]"}
    short = {"bool": "b1", "uint8": "u8", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
             "float32": "f32", "float64": "f64", "complex64": "c64"}
    for d in dts:
        L.append(f"{short[d]} = torch.tensor({vals[d]}, dtype=torch.{d})")
    names = [short[d] for d in dts]
    for a in names:
        for b in names:
            L.append(f"{a} + {b}")
    for op in ["-", "*", "/", "//", "%", "**"]:
        for a in names:
            for b in ["i64", "f32", "u8", "b1" if op == "*" else "i32"]:
                L.append(f"{a} {op} {b}")
    for a in names:
        for s in ["2", "2.5", "True", "-1", "1j"]:
            L.append(f"{a} + {s}")
            L.append(f"{a} * {s}")
        L.append(f"{a} - 1")
        L.append(f"1 - {a}")
        L.append(f"{a} / 2")
        L.append(f"2 / {a}")
        L.append(f"{a} // 2")
        L.append(f"7 // {a}")
        L.append(f"{a} % 3")
        L.append(f"7 % {a}")
        L.append(f"{a} ** 2")
        L.append(f"2 ** {a}")
        L.append(f"{a} ** 0.5")
        L.append(f"-{a}")
        L.append(f"abs({a})")
        L.append(f"~{a}")
        L.append(f"{a} & 3")
        L.append(f"{a} | {a}")
        L.append(f"{a} ^ True")
        L.append(f"{a} << 2")
        L.append(f"{a} >> 1")
        L.append(f"torch.result_type({a}, 2.5), torch.result_type({a}, 2), torch.result_type(1j, {a})")
        L.append(f"torch.result_type({a}, torch.tensor(1.)), torch.result_type({a}, torch.tensor([1.])), torch.result_type(torch.tensor(1, dtype=torch.int8), {a})")
    # fp16 / bf16 arithmetic that 1.13 and 2.x share
    L.append("h = torch.tensor([1.5, -2.25, 3.0], dtype=torch.float16)")
    L.append("bf = torch.tensor([1.5, -2.25, 3.0], dtype=torch.bfloat16)")
    for a in ["h", "bf"]:
        for e in [f"{a} + {a}", f"{a} * {a}", f"{a} - 1", f"{a} + 0.1", f"{a} + i64", f"{a} + f32", f"{a} / {a}",
                  f"{a} // 1", f"{a} % 1", f"{a} ** 2", f"{a} > 0", f"{a} == {a}", f"-{a}", f"abs({a})",
                  f"torch.maximum({a}, {a}.flip(0))", f"{a} + h", f"{a} + bf", f"torch.result_type({a}, 1.5)"]:
            L.append(e)
    # integer corner cases
    L.append("torch.tensor([7, -7, 7, -7]) // torch.tensor([2, 2, -2, -2])")
    L.append("torch.tensor([7, -7, 7, -7]) % torch.tensor([2, 2, -2, -2])")
    L.append("torch.tensor([7, -7, 7, -7]).fmod(torch.tensor([2, 2, -2, -2]))")
    L.append("torch.tensor([7, -7, 7, -7]).div(torch.tensor([2, 2, -2, -2]), rounding_mode='trunc')")
    L.append("torch.tensor([7., -7., 7., -7., 0., -0.]) // torch.tensor([2., 2., -2., -2., 3., 3.])")
    L.append("torch.tensor([7., -7., 7., -7., 0.]) % torch.tensor([2., 2., -2., -2., -3.])")
    L.append("torch.tensor([1., -1., 0.]) / 0")
    L.append("torch.tensor([1., -1., 0.]) // 0")
    L.append("torch.tensor([1., -1., 0.]) % 0")
    L.append("torch.tensor([1, 2]) // 0")
    L.append("torch.tensor([1, 2]) % torch.tensor([1, 0])")
    L.append("torch.tensor([1, 2]).fmod(0)")
    L.append("torch.tensor([1, 2], dtype=torch.uint8) // torch.tensor(256)")
    L.append("torch.tensor([127], dtype=torch.int8) + 1")
    L.append("torch.tensor([2**62]) * 4")
    L.append("torch.tensor([200], dtype=torch.uint8) * 2")
    L.append("torch.tensor([3, -3, 0]) ** torch.tensor([3, 3, 0])")
    L.append("torch.tensor([2, -1, 1, 0]) ** torch.tensor([-1, -3, -2, 5])")
    L.append("torch.tensor([2, 3]) ** 40")
    L.append("torch.tensor([1, 2]) ** -1")
    L.append("torch.tensor([1., 2.]) ** -1")
    L.append("torch.tensor([True, False]) ** 2")
    L.append("torch.tensor([True, False]) ** torch.tensor([True, True])")
    L.append("torch.tensor([0., 2.]) ** 0")
    L.append("torch.tensor([0, 2]) ** 0")
    L.append("torch.tensor([0, 2]) ** 1")
    L.append("1 ** torch.tensor([0.5, 2.])")
    L.append("torch.tensor([-8, 8], dtype=torch.int8) >> torch.tensor([1, 9], dtype=torch.int8)")
    L.append("torch.tensor([1, 3]) << torch.tensor([62, 1])")
    L.append("1 << torch.tensor([1, 2])")
    L.append("16 >> torch.tensor([1, 2])")
    L.append("torch.tensor([5, 3]) & torch.tensor([True, False])")
    L.append("torch.tensor([1.]) & 1")
    L.append("torch.tensor([1.]) << 1")
    L.append("torch.tensor([1, 2]).add(torch.tensor([1, 2]), alpha=2)")
    L.append("torch.tensor([1, 2]).add(torch.tensor([1, 2]), alpha=1.5)")
    L.append("torch.tensor([1., 2]).add(torch.tensor([1, 2]), alpha=True)")
    L.append("torch.tensor([True]).add(torch.tensor([True]), alpha=True)")
    L.append("torch.tensor([1, 2]).add(1, alpha=1j)")
    L.append("torch.tensor([1+1j]).add(1, alpha=1j)")
    L.append("torch.tensor([1, 2]).sub(torch.tensor([1, 2]), alpha=3)")
    L.append("torch.tensor([1, 2]).div(2, rounding_mode='bad')")
    L.append("torch.tensor([5, -5]).div(2, rounding_mode='floor')")
    L.append("torch.tensor([5, -5]).div(2, rounding_mode='trunc')")
    L.append("torch.tensor([5, -5]).div(2, rounding_mode=None)")
    L.append("torch.tensor([5, -5]).true_divide(2)")
    L.append("torch.tensor([5, -5]).floor_divide(-2.5)")
    L.append("torch.remainder(7, torch.tensor([2, -3]))")
    L.append("torch.pow(2, torch.tensor([1, 3]))")
    L.append("torch.rsub(torch.tensor([1, 2]), 5)")
    L.append("torch.tensor([True]) - torch.tensor([True])")
    L.append("torch.tensor([True]) - 1")
    L.append("1 - torch.tensor([True])")
    L.append("-torch.tensor([True])")
    L.append("+torch.tensor([True])")
    L.append("+torch.tensor([1.5])")
    L.append("~torch.tensor([1.5])")
    L.append("torch.tensor([1, 2]) + 'a'")
    L.append("'a' + torch.tensor([1, 2])")
    L.append("[1] + torch.tensor([1, 2])")
    L.append("torch.tensor([1, 2]) + None")
    L.append("None * torch.tensor([1, 2])")
    L.append("torch.tensor([1, 2]) + 2**63")
    L.append("torch.tensor([1, 2]) * 1e400")
    L.append("torch.tensor([1., 2.]) * float('inf')")
    L.append("torch.maximum(torch.tensor([1, 5]), torch.tensor([3., 2.]))")
    L.append("torch.maximum(torch.tensor([1., float('nan')]), torch.tensor([float('nan'), 0.]))")
    L.append("torch.minimum(torch.tensor([1, 5]), torch.tensor([3, 2]))")
    L.append("torch.maximum(torch.tensor([True, False]), torch.tensor([False, False]))")
    L.append("torch.maximum(torch.tensor([1j]), torch.tensor([1j]))")
    L.append("torch.maximum(torch.tensor([1]), 2)")
    L.append("torch.hypot(torch.tensor([3]), torch.tensor([4]))")
    L.append("torch.atan2(torch.tensor([1]), torch.tensor([1]))")
    L.append("torch.square(torch.tensor([True, False]))")
    L.append("torch.square(torch.tensor([-3, 4]))")
    return L


def compare_cases():
    L = []
    L.append("a = torch.tensor([1, 2, 3, 4])")
    L.append("f = torch.tensor([1.0, 2.5, float('nan'), 4.0])")
    for op in ["==", "!=", "<", "<=", ">", ">="]:
        L.append(f"a {op} 2, a {op} f, f {op} 2.5, 3 {op} a")
    for fn in ["eq", "ne", "lt", "le", "gt", "ge", "greater", "less_equal", "not_equal"]:
        L.append(f"torch.{fn}(a, f), a.{fn}(3)")
    L.append("torch.tensor([255], dtype=torch.uint8) == -1")
    L.append("torch.tensor([255], dtype=torch.uint8) == 255.5")
    L.append("torch.tensor([1+1j, 2]) == torch.tensor([1+1j, 3])")
    L.append("torch.tensor([1+1j]) < 1")
    L.append("torch.tensor([True, False]) < torch.tensor([True, True])")
    L.append("a == 'x', a != 'x', a == None")
    L.append("a < None")
    L.append("None < a")
    L.append("2 in a, 5 in a, 2.5 in f, torch.tensor(4) in a")
    L.append("torch.ones(2, 3) == torch.ones(3)")
    L.append("(torch.ones(2, 3) == torch.ones(2))")
    L.append("x = torch.tensor([0, 1, 2, 0])")
    L.append("y = torch.tensor([0.0, 0.0, 0.5, 2.0])")
    for fn in ["logical_and", "logical_or", "logical_xor"]:
        L.append(f"torch.{fn}(x, y), x.{fn}(torch.tensor(True))")
    L.append("torch.logical_not(y), torch.logical_not(torch.tensor([1+0j, 0j]))")
    L.append("x.logical_not_(), x")
    L.append("y.logical_and_(torch.tensor([1, 1, 0, 1])), y")
    L.append("b = torch.tensor([1., 2., 3.]); b.eq_(torch.tensor([1., 0., 3.])); b")
    L.append("b = torch.tensor([1, 2, 3]); b.lt_(2.5); b")
    L.append("torch.where(torch.tensor([True, False, True]), torch.tensor([1, 2, 3]), torch.tensor([1.5, 2.5, 3.5]))")
    L.append("torch.where(torch.tensor([True, False]), 1, 0)")
    L.append("torch.where(torch.tensor([True, False]), 1., 0)")
    L.append("torch.where(torch.tensor([True, False]), torch.tensor([1, 2]), 0.5)")
    L.append("torch.where(torch.tensor([True, False]), 2, torch.tensor([1, 2], dtype=torch.int8))")
    L.append("torch.where(torch.tensor([[True], [False]]), torch.arange(3), torch.arange(3) * 10)")
    L.append("torch.where(torch.tensor([1, 0], dtype=torch.uint8), torch.tensor([1, 2]), torch.tensor([3, 4]))")
    L.append("torch.where(torch.tensor([1, 0]), torch.tensor([1, 2]), torch.tensor([3, 4]))")
    L.append("torch.tensor([1., 2.]).where(torch.tensor([True, False]), torch.tensor([7., 8.]))")
    L.append("torch.isclose(torch.tensor([1., 2., float('nan')]), torch.tensor([1.000001, 2.1, float('nan')]))")
    L.append("torch.isclose(torch.tensor([1., float('nan')]), torch.tensor([1., float('nan')]), equal_nan=True)")
    L.append("torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 3]))")
    L.append("torch.isclose(torch.tensor([1, 2]), torch.tensor([1, 3]), atol=1)")
    L.append("torch.isclose(torch.tensor([True, False]), torch.tensor([True, True]))")
    L.append("torch.isclose(torch.tensor([100., 1e-9]), torch.tensor([100.01, 0.]), rtol=1e-3, atol=0)")
    L.append("torch.isclose(torch.tensor([float('inf'), -float('inf')]), torch.tensor([float('inf'), float('inf')]))")
    L.append("torch.isclose(torch.tensor([1.]), torch.tensor([1.], dtype=torch.float64))")
    L.append("torch.isclose(torch.tensor([1.]), torch.tensor([1.]), rtol=-1)")
    L.append("torch.isclose(torch.tensor([1.]), torch.tensor([1.]), atol=-0.5)")
    L.append("torch.allclose(torch.tensor([1., 2.]), torch.tensor([1., 2.00001]))")
    L.append("torch.allclose(torch.tensor([1., 2.]), torch.tensor([1., 2.1]))")
    L.append("torch.tensor([1., 2.]).allclose(torch.tensor([1., 2.1]), atol=0.2)")
    L.append("torch.allclose(torch.tensor([1., 2.]), torch.tensor([1, 2]))")
    L.append("n = torch.tensor([1., float('inf'), -float('inf'), float('nan'), -0.])")
    L.append("torch.isnan(n), torch.isinf(n), torch.isfinite(n), torch.isposinf(n), torch.isneginf(n), torch.signbit(n)")
    L.append("torch.isnan(a), torch.isinf(a), torch.isfinite(a), torch.signbit(torch.tensor([-1, 0, 1]))")
    L.append("torch.isnan(torch.tensor([complex(float('nan'), 0), 1j])), torch.isinf(torch.tensor([complex(0, float('inf'))]))")
    L.append("torch.isposinf(torch.tensor([1j]))")
    L.append("torch.signbit(torch.tensor([1j]))")
    L.append("torch.nan_to_num(n), torch.nan_to_num(n, nan=2., posinf=1e3), torch.nan_to_num(n, neginf=-7.)")
    L.append("torch.nan_to_num(n.double()), torch.nan_to_num(n.half()), torch.nan_to_num(torch.tensor([1, 2]), nan=2.5)")
    L.append("torch.clamp(torch.tensor([1, 5, 10]), 2, 8), torch.clamp(torch.tensor([1., 5, 10]), max=4), torch.clamp(torch.tensor([1., 5]), min=2)")
    L.append("torch.clamp(torch.tensor([1., float('nan'), 3.]), min=2, max=1)")
    L.append("torch.clamp(torch.tensor([1., float('nan'), 3.]), min=torch.tensor([float('nan'), 0, 0]))")
    L.append("torch.clamp(torch.tensor([1., 2., 3.]), torch.tensor([2., 0, 0]), torch.tensor([2.5, 0.5, 5]))")
    L.append("torch.clamp(torch.tensor([1, 2, 3]), 1.5), torch.clamp(torch.tensor([1, 2, 3]), torch.tensor([1.5]))")
    L.append("torch.clamp(torch.tensor([True, False]), 0, 1), torch.clamp(torch.arange(6).view(2, 3), torch.tensor([1, 2, 3]), torch.tensor(4))")
    L.append("torch.clamp(torch.tensor([1, 2, 3], dtype=torch.uint8), -1, 300)")
    L.append("torch.clamp(torch.tensor([1., 2.]))")
    L.append("torch.clamp(torch.tensor([1j]), 0, 1)")
    L.append("torch.tensor([1, 2, 3]).clamp_(1.5)")
    L.append("c = torch.tensor([1., 5., 9.]); c.clamp_(2, 6); c.clip_(max=3); c")
    L.append("torch.clip(torch.tensor([-1, 0, 5]), 0, 3), torch.clamp_min(torch.tensor([-1., 2.]), 0), torch.clamp_max(torch.tensor([-1., 2.]), 0)")
    L.append("torch.relu(torch.tensor([-1., 0., 2., float('nan')])), torch.relu(torch.tensor([-3, 3]))")
    L.append("torch.relu(torch.tensor([True]))")
    L.append("r = torch.tensor([-1., 2.]); r.relu_(); r")
    return L


def inplace_cases():
    L = []
    L.append("t = torch.ones(3)")
    L.append("i = id(t); t += 1; t -= 0.5; t *= 4; t /= 2; t **= 2; t //= 2; t %= 5; t, id(t) == i")
    L.append("s = t.storage().data_ptr(); t.add_(1).mul_(2).sub_(1, alpha=2).div_(4); t, t.storage().data_ptr() == s, id(t) == i")
    L.append("n = torch.tensor([1, 2, 3])")
    L.append("n += 1; n")
    L.append("n += 1.5")
    L.append("n /= 2")
    L.append("n.add_(1.5)")
    L.append("n.mul_(torch.tensor([2.]))")
    L.append("n")
    L.append("n -= torch.tensor([1, 1, 1], dtype=torch.int8); n")
    L.append("u = torch.tensor([250], dtype=torch.uint8); u += torch.tensor([10]); u")
    L.append("u *= 300; u")
    L.append("b = torch.tensor([True, False]); b += True; b")
    L.append("b *= torch.tensor([1, 1])")
    L.append("b &= torch.tensor([False, True]); b")
    L.append("b |= True; b ^= torch.tensor([True, False]); b")
    L.append("k = torch.tensor([1, 2]); k <<= 2; k >>= 1; k")
    L.append("k &= 3.5")
    L.append("x = 5; x += torch.tensor([1, 2]); x")
    L.append("m = torch.zeros(2, 3); m += torch.arange(3.); m")
    L.append("m += torch.ones(2, 2)")
    L.append("m.add_(torch.ones(4, 2, 3))")
    L.append("v = torch.zeros(3); v.add_(torch.ones(2, 3))")
    L.append("e = torch.zeros(3, 1).expand(3, 2); e.add_(1)")
    L.append("e += 1")
    L.append("z = torch.arange(6.); z[1:].add_(z[:-1])")
    L.append("z = torch.arange(6.); z[:3].add_(z[3:]); z")
    L.append("q = torch.arange(4.).view(2, 2); q.add_(q.t())")
    L.append("q.add_(q); q")
    L.append("w = torch.arange(6.).view(2, 3); w[:, 1] *= 10; w")
    L.append("w.t()[0] += 100; w")
    L.append("w[0] = w[0] * 2; w")
    L.append("o = torch.empty(3); r = torch.add(torch.tensor([1., 2., 3.]), torch.tensor(1.), out=o); r is o, o")
    L.append("o2 = torch.empty(2, dtype=torch.int64); torch.mul(torch.tensor([1.5, 2.5]), torch.tensor([2., 2.]), out=o2)")
    L.append("o3 = torch.empty(2, dtype=torch.float64); torch.mul(torch.tensor([1, 2]), torch.tensor([3, 4]), out=o3); o3")
    L.append("o4 = torch.empty(0); torch.sub(torch.ones(2, 2), torch.ones(2), out=o4); o4, o4.shape")
    L.append("o5 = torch.zeros(3, dtype=torch.int32); torch.eq(torch.tensor([1, 2, 3]), 2, out=o5); o5")
    L.append("o6 = torch.zeros(2); torch.exp(torch.tensor([0., 1.]), out=o6); o6")
    L.append("o7 = torch.zeros(2, dtype=torch.int64); torch.exp(torch.tensor([0., 1.]), out=o7)")
    L.append("f = torch.tensor([0.5, 4.0])")
    for op in ["exp_", "log_", "sqrt_", "sin_", "neg_", "abs_", "floor_", "ceil_", "round_", "trunc_", "frac_", "reciprocal_", "sigmoid_", "tanh_", "rsqrt_", "square_"]:
        L.append(f"f.clone().{op}()")
    L.append("g = torch.tensor([1, 4]); g.sqrt_()")
    L.append("g.neg_(); g.abs_(); g.square_(); g")
    L.append("g.exp_()")
    L.append("g.pow_(2); g")
    L.append("g.pow_(0.5)")
    L.append("h = torch.tensor([1., 4.]); h.pow_(torch.tensor([2, 3])); h.clamp_(max=30); h.lerp_(torch.tensor([0., 0.]), 0.5); h")
    L.append("h.addcmul_(torch.tensor([1., 2.]), torch.tensor([3., 4.]), value=2); h.addcdiv_(torch.tensor([1., 2.]), torch.tensor([4., 8.])); h")
    L.append("h.fmod_(3); h.remainder_(-2); h.floor_divide_(0.5); h")
    L.append("h.atan2_(torch.tensor([1., -1.])); h.hypot_(torch.tensor([1., 1.])); h")
    L.append("i8 = torch.tensor([1, 2], dtype=torch.int8); i8.bitwise_and_(3); i8.bitwise_or_(4); i8.bitwise_xor_(1); i8.bitwise_not_(); i8")
    L.append("i8.bitwise_left_shift_(1); i8.bitwise_right_shift_(2); i8")
    L.append("torch.tensor([1, 2]).true_divide_(2)")
    L.append("torch.tensor([1., 2.]).true_divide_(2)")
    L.append("torch.tensor([1., 2.]).div_(2, rounding_mode='floor')")
    L.append("torch.tensor([5, 7]).div_(2, rounding_mode='floor')")
    return L


def grid_cases():
    """Ops x dtypes x layouts x broadcast shapes, printed whole."""
    L = []
    data = {
        "bool": "torch.tensor([[True, False, True, True], [False, False, True, False], [True, True, False, True]])",
        "uint8": "torch.tensor([[7, 0, 200, 3], [1, 9, 4, 250], [6, 5, 2, 8]], dtype=torch.uint8)",
        "int32": "torch.tensor([[7, -3, 20, 3], [-1, 9, -4, 25], [6, -5, 2, -8]], dtype=torch.int32)",
        "int64": "torch.tensor([[7, -3, 20, 3], [-1, 9, -4, 25], [6, -5, 2, -8]])",
        "float32": "torch.tensor([[0.75, -3.5, 20.0, 3.25], [-1.0, 9.5, -4.0, 0.0], [6.0, -5.25, 2.5, -8.0]])",
        "float64": "torch.tensor([[0.75, -3.5, 20.0, 3.25], [-1.0, 9.5, -4.0, 0.5], [6.0, -5.25, 2.5, -8.0]], dtype=torch.float64)",
        "bfloat16": "torch.tensor([[0.75, -3.5, 20.0, 3.25], [-1.0, 9.5, -4.0, 0.5], [6.0, -5.25, 2.5, -8.0]], dtype=torch.bfloat16)",
        "complex64": "torch.tensor([[0.75+1j, -3.5, 20.0, 3.25j], [-1.0, 9.5, -4.0j, 0.5], [6.0, -5.25, 2.5+2.5j, -8.0]])",
    }
    short = {"bool": "b", "uint8": "u", "int32": "i", "int64": "l", "float32": "f", "float64": "d", "bfloat16": "h",
             "complex64": "c"}
    for d, expr in data.items():
        s = short[d]
        L.append(f"{s} = {expr}")
        # The same values in other layouts: transposed storage, a strided slice, a broadcast column.
        L.append(f"{s}T = {s}.t().contiguous().t()")
        L.append(f"{s}S = torch.stack([{s}, {s}], 2).reshape(3, 8)[:, ::2]")
        L.append(f"{s}E = {s}[:, :1].expand(3, 4)")
        L.append(f"{s}R = {s}[1]")
        L.append(f"{s}Z = {s}[2, 1]")
    layouts = ["", "T", "S", "E"]
    bops = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "==", "<", ">="]
    fops = ["torch.maximum", "torch.atan2", "torch.fmod", "torch.logical_xor", "torch.hypot"]
    pairs = [("l", "l"), ("f", "f"), ("i", "u"), ("u", "b"), ("l", "f"), ("d", "h"), ("h", "h"), ("c", "f"), ("b", "b")]
    k = 0
    for x, y in pairs:
        for op in bops + fops:
            lx, ly = layouts[k % 4], layouts[(k // 4 + k) % 4]
            k += 1
            if op.startswith("torch."):
                L.append(f"{op}({x}{lx}, {y}{ly})")
            else:
                L.append(f"{x}{lx} {op} {y}{ly}")
        # broadcasting against a row, a 0-d tensor and a number, both sides
        L.append(f"{x} * {y}R, {y}R - {x}T, {x}S / {y}Z, {y}Z + {x}E")
        L.append(f"({x}T + {y}R).stride(), ({x}S * {y}Z).stride(), ({x}E + {y}E).stride()")
    uops = ["neg", "abs", "sign", "exp", "log", "sqrt", "sin", "tanh", "sigmoid", "floor", "round", "trunc",
            "reciprocal", "isnan", "signbit", "logical_not", "bitwise_not", "square", "angle", "frac"]
    for s in short.values():
        for i, op in enumerate(uops):
            lay = layouts[i % 4]
            L.append(f"torch.{op}({s}{lay})")
    return L


def api_cases():
    """Function, method, in-place and out= forms with keywords, as a session would type them."""
    L = []
    L.append("t = torch.tensor([[1., -2.], [3., 4.]])")
    L.append("i = torch.tensor([[1, -2], [3, 4]])")
    for e in ["t.add(1, alpha=2)", "torch.add(t, other=t, alpha=0.5)", "torch.add(t, 1, 3)", "t.sub(i)",
              "torch.subtract(t, 2)", "t.multiply(i)", "torch.mul(t, 2)", "t.div(i, rounding_mode='floor')",
              "torch.divide(i, 3, rounding_mode='trunc')", "torch.true_divide(i, i)", "i.floor_divide(3)",
              "torch.remainder(i, 3)", "torch.remainder(-7, i)", "i.fmod(3)", "t.pow(2)", "torch.pow(t, i)",
              "torch.pow(2, i)", "t.square()", "torch.square(i)", "torch.neg(i)", "i.negative()", "t.abs()",
              "torch.absolute(i)", "t.reciprocal()", "t.exp()", "torch.sqrt(t.abs())", "t.sigmoid()",
              "torch.arctan2(t, t.t())", "t.atan2(t.t())", "torch.hypot(t, t)", "t.maximum(t.t())",
              "torch.minimum(i, i.t())", "i.bitwise_and(2)", "torch.bitwise_or(i, 1)", "i.bitwise_xor(i.t())",
              "torch.bitwise_left_shift(i.abs(), 2)", "i.abs().bitwise_right_shift(1)", "i.bitwise_not()",
              "torch.bitwise_left_shift(1, i.abs())", "t.eq(1)", "torch.ne(t, t.t())", "t.lt(i)", "t.le(0)",
              "torch.gt(i, 2)", "t.ge(t)", "torch.greater(t, 0)", "torch.greater_equal(t, 0)", "torch.less(t, 0)",
              "torch.less_equal(t, 0)", "torch.not_equal(t, 1)", "t.logical_and(i)", "torch.logical_or(t, 0 * t)",
              "t.logical_xor(t > 0)", "torch.logical_not(t)", "t.isclose(t + 1e-6)", "torch.allclose(t, t)",
              "t.clamp(min=0)", "t.clamp(max=2)", "torch.clamp(t, -1, 1)", "t.clip(0, 3)", "torch.clip(i, min=0)",
              "t.clamp_min(0)", "torch.clamp_max(i, 0)", "t.clamp(min=torch.tensor([0., 3.5]))", "torch.relu(t)",
              "t.relu()", "torch.where(t > 0, t, 0.)", "torch.where(t > 0, 1, 0)", "t.where(t > 0, -t)",
              "torch.lerp(t, t * 2, 0.25)", "t.lerp(t * 2, torch.tensor(0.5))", "torch.addcmul(t, t, t, value=-1)",
              "t.addcdiv(t, t + 10, value=2)", "t.round()", "torch.round(t / 3, decimals=2)", "t.trunc()",
              "torch.fix(t / 3)", "t.frac()", "torch.floor(t / 3)", "t.ceil()", "t.sign()", "t.sgn()",
              "torch.signbit(t)", "t.isnan()", "torch.isinf(t / 0)", "t.isfinite()", "torch.isposinf(t / 0)",
              "torch.isneginf(t / 0)", "torch.nan_to_num(t / 0, posinf=9.)", "(t / 0).nan_to_num(neginf=-9.)",
              "t.angle()", "torch.real(t)", "torch.conj(t)", "t.conj()", "torch.positive(t)", "t.logit(eps=0.1)",
              "torch.erfinv(t / 10)", "t.exp2()", "torch.expm1(t)", "t.log1p()", "torch.log2(t.abs())",
              "t.log10()", "torch.arcsin(t / 5)", "torch.arccos(t / 5)", "t.arctan()", "torch.arcsinh(t)",
              "torch.arccosh(t.abs() + 1)", "torch.arctanh(t / 5)", "t.sinh()", "t.cosh()", "t.tanh()",
              "t.erf()", "t.erfc()", "torch.result_type(t, i)", "torch.result_type(i, 1.5)",
              "torch.result_type(1, i)", "torch.result_type(1, 2.0)", "torch.result_type(True, False)",
              "torch.rsub(t, 1)", "torch.rsub(t, t, alpha=2)"]:
        L.append(e)
    L.append("o = torch.empty(2, 2); torch.add(t, i, out=o); torch.mul(t, 2, out=o); o")
    L.append("o = torch.empty(2, 2, dtype=torch.bool); torch.gt(t, 0, out=o); torch.logical_not(t, out=o); o")
    L.append("o = torch.empty(2, 2); torch.sin(t, out=o); torch.clamp(t, 0, 1, out=o); torch.where(t > 0, t, 0.) if False else o")
    L.append("o = torch.empty(2, 2); torch.pow(t, 2, out=o); torch.remainder(t, 3, out=o); o")
    L.append("u = t.clone(); u.add_(1, alpha=2); u.sub_(i); u.mul_(2); u.div_(4, rounding_mode='trunc'); u.pow_(2); u")
    L.append("u.clamp_(0, 10); u.clamp_min_(2); u.clamp_max_(5); u.lerp_(t, 0.5); u.addcmul_(t, t); u.addcdiv_(t, t); u")
    L.append("u.neg_(); u.abs_(); u.sqrt_(); u.exp_(); u.log_(); u.sigmoid_(); u.round_(decimals=1); u")
    L.append("u.eq_(0.8); u.logical_not_(); u")
    L.append("v = i.clone(); v.floor_divide_(2); v.remainder_(2); v.fmod_(3); v.bitwise_and_(1); v.bitwise_or_(2); v")
    L.append("v.bitwise_left_shift_(1); v.bitwise_right_shift_(1); v.bitwise_xor_(7); v.bitwise_not_(); v")
    L.append("v.true_divide_(2)")
    L.append("v.nan_to_num_(); v.relu_(); v")
    L.append("w = torch.tensor([0.5, 2.]); w.reciprocal_(); w.rsqrt_(); w.square_(); w.trunc_(); w.frac_(); w")
    L.append("w.logit_(); w.nan_to_num_(0.5); w.sign_(); w.sgn_(); w")
    return L


def main():
    write("elementwise_math", math_cases())
    write("elementwise_layout", layout_cases())
    write("elementwise_arith", arith_cases())
    write("elementwise_compare", compare_cases())
    write("elementwise_inplace", inplace_cases())
    write("elementwise_grid", grid_cases())
    write("elementwise_api", api_cases())


main()
