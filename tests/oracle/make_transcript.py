#!/usr/bin/python3
"""Writes a golden transcript from real PyTorch (the oracle), for tests/golden/.

    /usr/bin/python3 tests/oracle/make_transcript.py INPUT.tsh > tests/golden/NAME.txt

INPUT holds one statement per line (blank lines are kept), or a block: a line
ending with `:` and the indented (or `except`/`else`/`finally`/`elif`) lines
after it, up to a blank line. Each runs as in Python's interactive REPL: it is
echoed as `>>> line` (a block's other lines as `... line`, then `...`), then whatever PyTorch
prints follows, errors as their last line only (`Kind: message`), exactly as
`tsh -i --echo` must print them. The test suite never runs this: its output
is committed.
"""
import contextlib
import io
import sys
import types
import warnings

warnings.filterwarnings("ignore")
import torch  # noqa: E402

# The lines run in a module of their own, registered as __main__, so that
# `from __main__ import name` finds what they defined.
_main = types.ModuleType("__main__")
_main.torch = torch
sys.modules["__main__"] = _main
env = _main.__dict__


def run(line, out):
    try:
        code = compile(line, "<stdin>", "single")
    except SyntaxError as e:
        # A one-line compound statement (`for x in y: f(x)`, `def f(): ...`)
        # needs the newline that ends it in the REPL.
        try:
            code = compile(line + "\n", "<stdin>", "single")
        except SyntaxError:
            out.write(f"SyntaxError: {e.msg}\n")
            return
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(code, env)
    except Exception as e:  # noqa: BLE001 - the transcript shows every error
        out.write(buf.getvalue())
        name = type(e).__qualname__
        if type(e).__module__ not in ("builtins", "__main__"):
            name = type(e).__module__ + "." + name
        msg = str(e)
        out.write(f"{name}: {msg}\n" if msg else f"{name}\n")
        return
    out.write(buf.getvalue())


CONTINUATIONS = ("except", "else", "finally", "elif")
COMPOUND = ("for", "while", "if", "def", "with", "class", "try")


def main():
    out = sys.stdout
    lines = open(sys.argv[1]).read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip():
            out.write(">>>\n")
            continue
        out.write(f">>> {line}\n")
        if line.lstrip().startswith("#"):  # a comment: the REPL prints nothing
            continue
        decorated = line.startswith("@")
        first_word = line.split()[0].rstrip(":") if line.split() else ""
        if first_word in COMPOUND and not line.rstrip().endswith(":"):
            # A one-line compound statement (`class X: pass`): the REPL waits for a blank line.
            if i < len(lines) and not lines[i].strip():
                out.write("...\n")
                i += 1
            run(line, out)
            continue
        if (line.rstrip().endswith(":") or decorated) and not line.lstrip().startswith("#"):
            block = [line]
            # Decorators: the REPL reads on through more of them and the def or class they decorate.
            while decorated and i < len(lines) and not block[-1].rstrip().endswith(":"):
                out.write(f"... {lines[i]}\n")
                block.append(lines[i])
                i += 1
            while i < len(lines) and lines[i].strip() and (
                lines[i][0] in " \t" or lines[i].split()[0].rstrip(":") in CONTINUATIONS
            ):
                out.write(f"... {lines[i]}\n")
                block.append(lines[i])
                i += 1
            out.write("...\n")
            if i < len(lines) and not lines[i].strip():
                i += 1  # the blank line that ended the block
            run("\n".join(block) + "\n", out)
            continue
        run(line, out)


main()
