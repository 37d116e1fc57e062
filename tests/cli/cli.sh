#!/usr/bin/env bash
# tests/cli/cli.sh — the command line of LANGUAGE.md, checked from the outside.
#
# Usage: cli.sh PATH/TO/tsh
# Each check runs tsh as a user would (script file, -c, stdin, options) and
# compares exit status and output. `--doctest` must fail on a transcript with
# one wrong character. Prints one line per failure; exits 1 if any failed.
set -u
TSH=${1:?usage: cli.sh PATH/TO/tsh}
TSH=$(cd "$(dirname "$TSH")" && pwd)/$(basename "$TSH")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0

# expect NAME STATUS EXPECTED_OUTPUT -- COMMAND...: stdout and stderr merged.
expect() {
  local name=$1 status=$2 want=$3
  shift 4
  local got rc
  got=$("$@" 2>&1)
  rc=$?
  if [ "$rc" != "$status" ] || [ "$got" != "$want" ]; then
    echo "FAIL $name: status $rc (want $status)"
    diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}

# A script stops at its first error, prints the traceback with carets, exits 1.
cat > lesson.tsh <<'TSH'
t = torch.arange(6.).view(2, 3)
print(t.stride())
u = t.t().view(-1)
print("not reached")
TSH
expect script-error 1 '(3, 1)
Traceback (most recent call last):
  File "lesson.tsh", line 3, in <module>
    u = t.t().view(-1)
        ^^^^^^^^^^^^^^
RuntimeError: view size is not compatible with input tensor'"'"'s size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.' -- "$TSH" lesson.tsh

expect script-missing 2 "tsh: can't open file 'nope.tsh': [Errno 2] No such file or directory" -- "$TSH" nope.tsh
expect dash-c 0 '(1, 5)' -- "$TSH" -c 'torch.arange(10.).view(2, 5).t().stride()'
expect dash-c-print 0 'tensor([0., 0.])' -- "$TSH" -c 'print(torch.zeros(2))'
expect stdin-script 0 '6' -- sh -c "echo 'print(torch.ones(2, 3).numel())' | '$TSH'"
expect stdin-script-error 1 'Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
    nope
NameError: name '"'"'nope'"'"' is not defined' -- sh -c "echo 'nope' | '$TSH'"
expect session-goes-on 0 'NameError: name '"'"'nope'"'"' is not defined
2' -- sh -c "printf 'nope\n1 + 1\n' | '$TSH' -i"
expect echo 0 '>>> x = 3
>>> x * 2
6' -- sh -c "printf 'x = 3\nx * 2\n' | '$TSH' -i --echo"
expect seed 0 'tensor([0.4963, 0.7682])' -- "$TSH" --seed 0 -c 'print(torch.rand(2))'
expect dtype 0 'torch.float64' -- "$TSH" --dtype float64 -c 'print(torch.zeros(1).dtype)'
expect dtype-bad 2 "tsh: --dtype must be a floating dtype such as float32 or float64, not 'int32'" -- "$TSH" --dtype int32 -c '1'
expect threads 0 '1' -- "$TSH" --threads 1 -c 'print(torch.get_num_threads())'
expect exit-status 3 '' -- "$TSH" -c 'exit(3)'

expect exit-message 1 'bye' -- "$TSH" -c 'exit("bye")'
expect exit-none 0 '' -- "$TSH" -c 'exit(None)'
# exit() inside %run ends the script, not the session (IPython's %run).
printf 'print(1)\nexit(3)\nprint(2)\n' > leaves.tsh
expect exit-in-run 0 '1
An exception has occurred, use %tb to see the full traceback.

SystemExit: 3
after' -- sh -c "printf '%%run leaves.tsh\nprint(\"after\")\n' | '$TSH' -i"
# A file with a NUL byte is refused as python3 refuses it.
printf 'x = 1\000\n' > nul.tsh
expect nul-byte 1 '  File "nul.tsh", line 1
    x = 1
SyntaxError: source code cannot contain null bytes' -- "$TSH" nul.tsh
# A NUL byte typed into a session: the statement is refused, the session goes on.
expect nul-byte-session 0 '  File "<stdin>", line 1
    x = 1
         ^
SyntaxError: source code string cannot contain null bytes
2' -- sh -c "printf 'x = 1\\000\\nprint(2)\\n' | '$TSH' -i"
# Bytes that are not UTF-8, as python3 3.11 reports them: a file, a script on stdin, a
# session, and -c.
printf 'print(1)\n# \377\n' > latin1.tsh
expect non-utf8-file 1 "SyntaxError: Non-UTF-8 code starting with '\\xff' in file latin1.tsh on line 2, but no encoding declared; see https://peps.python.org/pep-0263/ for details" -- "$TSH" latin1.tsh
expect non-utf8-stdin 1 "SyntaxError: Non-UTF-8 code starting with '\\xff' in file <stdin> on line 2, but no encoding declared; see https://peps.python.org/pep-0263/ for details" -- sh -c "'$TSH' < latin1.tsh"
expect non-utf8-session 0 '  File "<stdin>", line 0
    
SyntaxError: (unicode error) '"'utf-8'"' codec can'"'"'t decode byte 0xff in position 5: invalid start byte
3' -- sh -c "printf 'x = \"\\377\"\\nprint(3)\\n' | '$TSH' -i"
expect non-utf8-dash-c 1 "Unable to decode the command from the command line:
UnicodeEncodeError: 'utf-8' codec can't encode character '\\udcff' in position 5: surrogates not allowed" -- "$TSH" -c "$(printf 'x = "\377"')"
# Printing with a precision of 10**9 when the memory for that text cannot be had: Python's
# MemoryError (the C library's -1 was once read as a length). AddressSanitizer cannot run
# under an address-space limit, so the sanitizer run leaves this one out.
if [ -z "${ASAN_OPTIONS:-}" ]; then
  expect precision-memory 1 'Traceback (most recent call last):
  File "<string>", line 1, in <module>
    torch.set_printoptions(precision=10**9); print(torch.tensor([1.5]))
                                             ^^^^^^^^^^^^^^^^^^^^^^^^^^
MemoryError' -- sh -c "ulimit -v 1500000; '$TSH' -c 'torch.set_printoptions(precision=10**9); print(torch.tensor([1.5]))'"
fi
# More threads than the system can start: capped, and the ops still run.
expect threads-huge 0 'tensor(True)' -- "$TSH" --threads 1000000 -c 'print((torch.rand(10**6) + 1).sum() > 0)'

# Ctrl-C: a script stops with Python's KeyboardInterrupt traceback and dies by
# SIGINT (status 130); a session prints KeyboardInterrupt and goes on.
printf 'x = 0\nwhile True:\n    x = x + 1\n' > forever.tsh
"$TSH" forever.tsh > out.txt 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
want='Traceback (most recent call last):
  File "forever.tsh", line 2, in <module>
    while True:
KeyboardInterrupt'
if [ "$rc" != 130 ] || [ "$(cat out.txt)" != "$want" ]; then
  echo "FAIL script-ctrl-c: status $rc (want 130)"
  sed 's/^/    /' out.txt
  failures=$((failures + 1))
fi
rm -f fifo && mkfifo fifo
"$TSH" -i < fifo > out.txt 2>&1 &
pid=$!
exec 3> fifo
printf 'while True: pass\n\n' >&3
sleep 1
kill -INT "$pid"   # during the loop
sleep 0.5
kill -INT "$pid"   # while the session waits for input: dropped, as python3 -i drops it
sleep 0.5
printf 'print("alive")\n' >&3
exec 3>&-
wait "$pid"
rc=$?
if [ "$rc" != 0 ] || [ "$(cat out.txt)" != $'KeyboardInterrupt\nalive' ]; then
  echo "FAIL session-ctrl-c: status $rc (want 0)"
  sed 's/^/    /' out.txt
  failures=$((failures + 1))
fi

# --doctest: a true transcript passes, one wrong character fails with a diff.
printf '>>> torch.arange(3)\ntensor([0, 1, 2])\n' > good.txt
printf '>>> torch.arange(3)\ntensor([0, 1, 3])\n' > bad.txt
expect doctest-pass 0 '1 passed, 0 failed' -- "$TSH" --doctest good.txt
"$TSH" --doctest good.txt bad.txt > out.txt 2>&1
rc=$?
if [ "$rc" != 1 ] || ! grep -q '^1 passed, 1 failed$' out.txt || ! grep -q 'bad.txt' out.txt; then
  echo "FAIL doctest-one-wrong-character: status $rc"
  sed 's/^/    /' out.txt
  failures=$((failures + 1))
fi

# --doctest counts examples and reports each failing one with its file, line, input and a diff.
printf '>>> x = 2\n>>> x + 1\n3\n>>> for i in range(2):\n...     print(i * x)\n...\n0\n3\n>>> x\n2\n' > examples.txt
expect doctest-examples 1 '**********************************************************************
File "examples.txt", line 4
Failed example:
    >>> for i in range(2):
    ...     print(i * x)
    ...
Differences (-expected +got):
     0
    -3
    +2
3 passed, 1 failed' -- "$TSH" --doctest examples.txt

# Python's doctest directives, and -v.
cat > directives.txt <<'TXT'
>>> torch.rand(2)  # doctest: +SKIP
tensor([0.1, 0.2])
>>> torch.arange(30)  # doctest: +ELLIPSIS
tensor([ 0,  1, ..., 29])
>>> print(list(range(12)))  # doctest: +NORMALIZE_WHITESPACE
[0, 1, 2, 3, 4, 5,
 6, 7, 8, 9, 10, 11]
>>> print('a   b')  # doctest: +NORMALIZE_WHITESPACE, +ELLIPSIS
a ...
TXT
expect doctest-directives 0 '3 passed, 0 failed, 1 skipped' -- "$TSH" --doctest directives.txt
printf '>>> torch.arange(30)  # doctest: +ELLIPSIS\ntensor([ 1, ..., 29])\n>>> print(1, 2)\n1  2\n' > strict.txt
expect doctest-strict 1 '0 passed, 2 failed' -- sh -c "'$TSH' --doctest strict.txt > strict.out; rc=\$?; tail -n 1 strict.out; exit \$rc"
printf '>>> x = 1\n>>> x + 1\n2\n' > verbose.txt
expect doctest-verbose 0 'Trying:
    x = 1
Expecting nothing
ok
Trying:
    x + 1
Expecting:
    2
ok
2 passed, 0 failed' -- "$TSH" --doctest -v verbose.txt

# %save writes the session so far as a Markdown transcript that --doctest then passes.
rm -f saved.md
printf 'x = torch.arange(4.)\nx * 2\nfor i in range(2):\n    print(i)\n\nx.view(3)\n%%reset\ny\n%%save saved.md\n' | "$TSH" -i -q > save.out 2>&1
expect save-then-doctest 0 '5 passed, 0 failed' -- "$TSH" --doctest saved.md
expect save-not-markdown 1 "UsageError: %save writes a Markdown transcript: give a file name ending in .md, not 'a.txt'" -- sh -c "'$TSH' -c '%save a.txt' > save2.out 2>&1; rc=\$?; tail -n 1 save2.out; exit \$rc"

# A script's own arguments follow its name, as with python: sys.argv.
printf 'import sys\nprint(sys.argv)\n' > args.tsh
expect script-argv 0 "['args.tsh', '--disable-cuda', 'x', '-i']" -- "$TSH" args.tsh --disable-cuda x -i
expect options-then-script 0 "['args.tsh', '--seed']" -- "$TSH" -q --seed 3 args.tsh --seed
expect dash-c-argv 0 "['-c', 'a', '--b']" -- "$TSH" -c 'import sys; print(sys.argv)' a --b
expect session-argv 0 "['']" -- sh -c "echo 'import sys; print(sys.argv)' | '$TSH' -i"
# A script runs as __main__, with __file__ its absolute path (as python 3.9+).
printf 'if __name__ == "__main__":\n    print("main", __file__.endswith("/args.tsh"), __file__.startswith("/"))\n' > args.tsh
expect script-main 0 "main True True" -- "$TSH" args.tsh
# sys.exit ends a script with its status; a message goes to stderr with status 1.
expect sys-exit-3 3 'before' -- "$TSH" -c 'import sys; print("before"); sys.exit(3); print("after")'
expect sys-exit-msg 1 'bye' -- "$TSH" -c 'import sys; sys.exit("bye")'
# os.environ writes through to the process's environment.
expect environ-write 0 "1 1 True" -- "$TSH" -c "import os; os.environ['TSH_CLI_X'] = '1'; print(os.environ['TSH_CLI_X'], os.getenv('TSH_CLI_X'), 'TSH_CLI_X' in os.environ)"
expect environ-read 0 "hello" -- env TSH_CLI_Y=hello "$TSH" -c "import os; print(os.environ['TSH_CLI_Y'])"

# argparse: PyTorch's device-agnostic lesson run as a script with arguments. A
# script shows the value of an expression statement (LANGUAGE.md), so the bare
# add_argument line prints its action, which python does not print; the rest
# is python's output byte for byte (COLUMNS fixes the help's width).
cat > device.tsh <<'TSH'
import argparse
import torch
parser = argparse.ArgumentParser(description='PyTorch Example')
parser.add_argument('--disable-cuda', action='store_true', help='Disable CUDA')
args = parser.parse_args()
args.device = None
if not args.disable_cuda and torch.cuda.is_available():
    args.device = torch.device('cuda')
else:
    args.device = torch.device('cpu')
print(args.device)
TSH
action="_StoreTrueAction(option_strings=['--disable-cuda'], dest='disable_cuda', nargs=0, const=True, default=False, type=None, choices=None, required=False, help='Disable CUDA', metavar=None)"
available=$("$TSH" -c 'print("cuda" if torch.cuda.is_available() else "cpu")')
expect argparse-lesson 0 "$action
$available" -- env COLUMNS=80 "$TSH" device.tsh
expect argparse-disable-cuda 0 "$action
cpu" -- env COLUMNS=80 "$TSH" device.tsh --disable-cuda
expect argparse-abbreviation 0 "$action
cpu" -- env COLUMNS=80 "$TSH" device.tsh --dis
expect argparse-lesson-help 0 "$action
usage: device.tsh [-h] [--disable-cuda]

PyTorch Example

options:
  -h, --help      show this help message and exit
  --disable-cuda  Disable CUDA" -- env COLUMNS=80 "$TSH" device.tsh -h
expect argparse-lesson-bad-option 2 "$action
usage: device.tsh [-h] [--disable-cuda]
device.tsh: error: unrecognized arguments: --bogus" -- env COLUMNS=80 "$TSH" device.tsh --bogus
# The arguments of PyTorch's MNIST example: the help wraps its usage line as
# python wraps it; errors print the usage and exit with status 2.
cat > train.tsh <<'TSH'
import argparse
parser = argparse.ArgumentParser(description='PyTorch MNIST Example')
_ = parser.add_argument('--batch-size', type=int, default=64, metavar='N',
                        help='input batch size for training (default: 64)')
_ = parser.add_argument('--epochs', type=int, default=14, metavar='N',
                        help='number of epochs to train (default: 14)')
_ = parser.add_argument('--lr', type=float, default=1.0, metavar='LR',
                        help='learning rate (default: 1.0)')
_ = parser.add_argument('--no-cuda', action='store_true', default=False,
                        help='disables CUDA training')
_ = parser.add_argument('--dry-run', action='store_true', default=False,
                        help='quickly check a single pass')
_ = parser.add_argument('--seed', type=int, default=1, metavar='S',
                        help='random seed (default: 1)')
_ = parser.add_argument('--log-interval', type=int, default=10, metavar='N',
                        help='how many batches to wait before logging training status')
_ = parser.add_argument('--save-model', action='store_true', default=False,
                        help='For Saving the current Model')
args = parser.parse_args()
print(args)
TSH
usage='usage: train.tsh [-h] [--batch-size N] [--epochs N] [--lr LR] [--no-cuda]
                 [--dry-run] [--seed S] [--log-interval N] [--save-model]'
expect argparse-help 0 "$usage

PyTorch MNIST Example

options:
  -h, --help        show this help message and exit
  --batch-size N    input batch size for training (default: 64)
  --epochs N        number of epochs to train (default: 14)
  --lr LR           learning rate (default: 1.0)
  --no-cuda         disables CUDA training
  --dry-run         quickly check a single pass
  --seed S          random seed (default: 1)
  --log-interval N  how many batches to wait before logging training status
  --save-model      For Saving the current Model" -- env COLUMNS=80 "$TSH" train.tsh --help
expect argparse-parsed 0 "Namespace(batch_size=64, epochs=14, lr=0.5, no_cuda=False, dry_run=True, seed=3, log_interval=10, save_model=False)" -- env COLUMNS=80 "$TSH" train.tsh --lr 0.5 --dry --seed=3
expect argparse-invalid-int 2 "$usage
train.tsh: error: argument --epochs: invalid int value: 'x'" -- env COLUMNS=80 "$TSH" train.tsh --epochs x
expect argparse-ambiguous 2 "$usage
train.tsh: error: ambiguous option: --s could match --seed, --save-model" -- env COLUMNS=80 "$TSH" train.tsh --s 2
expect argparse-unrecognized 2 "$usage
train.tsh: error: unrecognized arguments: extra" -- env COLUMNS=80 "$TSH" train.tsh extra
expect argparse-narrow 2 'usage: train.tsh [-h] [--batch-size N]
                 [--epochs N]
                 [--lr LR] [--no-cuda]
                 [--dry-run]
                 [--seed S]
                 [--log-interval N]
                 [--save-model]
train.tsh: error: unrecognized arguments: --bogus' -- env COLUMNS=40 "$TSH" train.tsh --bogus
expect argparse-dash-c-prog 0 'usage: -c [-h]' -- env COLUMNS=80 "$TSH" -c 'import argparse; argparse.ArgumentParser().print_usage()'

# Warnings go to stderr, once per process (PyTorch's TORCH_WARN_ONCE), and never to stdout.
expect warning-stderr 0 "UserWarning: torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use torch.set_default_dtype() and torch.set_default_device() as alternatives.
torch.float64" -- "$TSH" -c 'torch.set_default_tensor_type(torch.DoubleTensor); torch.set_default_tensor_type(torch.DoubleTensor); print(torch.get_default_dtype())'
expect warning-not-stdout 0 'torch.float64' -- sh -c "'$TSH' -c 'torch.set_default_tensor_type(torch.DoubleTensor); print(torch.get_default_dtype())' 2>/dev/null"

# A .py file runs as python3 runs it: bare expression statements print nothing, __name__ is
# '__main__'; a .tsh file (and -c) shows each one's value as a session does.
cat > script.py <<'PY'
import torch
x = torch.zeros(2)
x.add_(1)
len([1, 2])
if __name__ == "__main__":
    print("main", x)
PY
cp script.py script.tsh
expect py-rule 0 'main tensor([1., 1.])' -- "$TSH" script.py
expect tsh-rule 0 'tensor([1., 1.])
2
main tensor([1., 1.])' -- "$TSH" script.tsh

# --install-kernel writes Jupyter's kernelspec for the tsh-kernel beside tsh (when it was built).
if [ -x "$(dirname "$TSH")/tsh-kernel" ]; then
  expect install-kernel 0 "Installed kernelspec tsh in $work/k/share/jupyter/kernels/tsh" -- "$TSH" --install-kernel --prefix "$work/k"
  expect kernelspec 0 "{
  \"argv\": [\"$(dirname "$TSH")/tsh-kernel\", \"-f\", \"{connection_file}\"],
  \"display_name\": \"tsh\",
  \"language\": \"python\",
  \"interrupt_mode\": \"signal\"
}" -- cat "$work/k/share/jupyter/kernels/tsh/kernel.json"
fi
expect install-kernel-both 2 'tsh: --install-kernel takes --user or --prefix, not both' -- "$TSH" --install-kernel --user --prefix x
expect prefix-alone 2 'tsh: --user and --prefix go with --install-kernel' -- "$TSH" --prefix x

# --device: meta works anywhere; cuda without a GPU stops at start-up with PyTorch's reason
# (no CUDA in the build, or no driver, or no device), status 2.
expect device-meta 0 "tensor(..., device='meta', size=(2,))" -- "$TSH" --device meta -c 'print(torch.ones(2))'
if [ "$available" = cpu ]; then
  got=$("$TSH" --device cuda -c 'print(1)' 2>&1)
  rc=$?
  if [ "$rc" != 2 ] || ! printf '%s' "$got" | grep -Eq "^tsh: --device cuda: (Torch not compiled with CUDA enabled|Found no NVIDIA driver|No CUDA GPUs are available)"; then
    echo "FAIL device-cuda-without-gpu: status $rc: $got"
    failures=$((failures + 1))
  fi
fi

if [ "$failures" != 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "all passed"
