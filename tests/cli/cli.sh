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

if [ "$failures" != 0 ]; then
  echo "$failures failed"
  exit 1
fi
echo "all passed"
