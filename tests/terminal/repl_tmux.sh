#!/usr/bin/env bash
# tests/terminal/repl_tmux.sh — the REPL on a real terminal, driven through tmux.
#
# Usage: repl_tmux.sh PATH/TO/tsh
# Checks what only a terminal shows: TAB completion, Ctrl-C at the prompt and
# during a long loop, a BLAS product, %timeit and a huge print, pasting a
# `>>> ` transcript (bracketed and line by line), an IPython one and a cell
# with blank lines, Up recalling a block whole, `_`, Ctrl-D's exit status, and
# history surviving a restart (Up and Ctrl-R recall the last session's lines). Runs in a few seconds: every wait polls.
# Exits 77 (ctest's SKIP_RETURN_CODE) when tmux or the tsh build is missing.
set -u

. "$(dirname "$0")/tmux_lib.sh"

fail() {
  echo "FAIL: $1"
  echo "---- screen ----"
  screen
  exit 1
}

# The pane's text, scrollback included, wrapped lines joined.
screen() { T capture-pane -p -J -t tsh -S -2000 2>/dev/null; }
count() { screen | grep -cE -- "$1"; }

# Waits (polling, at most 20 s: a loaded CI machine is slow) until regex $1 occurs at least ${2:-1} times.
wait_for() {
  local want=${2:-1} deadline=$((SECONDS + 20))
  while [ "$(count "$1")" -lt "$want" ]; do
    [ $SECONDS -ge $deadline ] && fail "waited for /$1/ (x$want)"
    sleep 0.05
  done
}

# The line being edited: the last line of the pane that starts with a prompt.
current_line() { screen | grep -E '^(>>>|\.\.\.) ' | tail -n 1; }
wait_line() {
  local deadline=$((SECONDS + 20))
  until current_line | grep -qE -- "$1"; do
    [ $SECONDS -ge $deadline ] && fail "the line being edited never matched /$1/"
    sleep 0.05
  done
}

prompts() { count '^>>> ?$'; }  # empty primary prompts on the screen
# Types a line, runs it, and waits for the next empty prompt.
run_line() {
  T send-keys -t tsh -l "$1"
  wait_line "$(printf '%s' "$1" | sed 's/[][\\.*^$()+?{}|]/\\&/g')\$"
  local before deadline=$((SECONDS + 20))
  before=$(prompts)
  T send-keys -t tsh Enter
  while [ "$(prompts)" -le "$before" ]; do
    [ $SECONDS -ge $deadline ] && fail "no prompt after: $1"
    sleep 0.05
  done
}

# Starts tsh in a fresh tmux server; its exit status lands in $work/status.
start_tsh() {
  T kill-server >/dev/null 2>&1
  rm -f "$work/status"
  T -f /dev/null new-session -d -s tsh -x 120 -y 40 -c "$work" \
    "'$TSH'; echo \$? > '$work/status.tmp'; mv '$work/status.tmp' '$work/status'"
  T set-option -t tsh remain-on-exit on
  wait_for '^>>> ?$'
}

# Sends Ctrl-D and waits for tsh to exit with status 0.
exit_with_ctrl_d() {
  T send-keys -t tsh C-d
  local deadline=$((SECONDS + 20))
  until [ -f "$work/status" ]; do
    [ $SECONDS -ge $deadline ] && fail "Ctrl-D did not end tsh"
    sleep 0.05
  done
  [ "$(cat "$work/status")" = 0 ] || fail "Ctrl-D: exit status $(cat "$work/status"), not 0"
}

# ---------------------------------------------------------------- session 1
start_tsh
wait_for '^tsh [0-9]'

# Completion of a torch function: TAB inserts the common prefix `randint`, a
# second TAB lists the candidates.
T send-keys -t tsh 't = torch.randi' Tab
wait_line 't = torch\.randint$'
T send-keys -t tsh Tab
wait_for 'randint\('
wait_for 'randint_like\('
run_line '(5, (2, 3))'

# Completion of a tensor method after a name: `t.str` becomes `t.stride(`.
T send-keys -t tsh 't.str' Tab
wait_line 't\.stride\($'
run_line ')'
wait_for '^\(3, 1\)$'

# Ctrl-C while typing drops the line, and a statement's earlier lines too.
T send-keys -t tsh 'dropped_name'
wait_line 'dropped_name$'
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$'
run_line '1 + 1'
wait_for '^2$'
T send-keys -t tsh 'y = (1,' Enter
wait_for '^\.\.\. ?$'
T send-keys -t tsh '2'
wait_line '^\.\.\. 2$'
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$' 2
run_line "'y' in dir()"
wait_for '^False$'
[ "$(count "NameError")" -eq 0 ] || fail "the dropped line ran"

# Ctrl-C during a long loop: back at the prompt with the variables intact.
T send-keys -t tsh 'for i in range(10**9): x = i' Enter Enter
sleep 0.3
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$' 3
run_line 't.shape'
wait_for '^torch\.Size\(\[2, 3\]\)$'
run_line 'x > 0'
wait_for '^True$'

# A bracketed paste of a transcript: prompts removed, the slide's output
# skipped (it is deliberately wrong here, so running it would show).
T set-buffer -b snippet ">>> u = torch.arange(4)
>>> u * 10
tensor([9, 9, 9, 9])
>>> for k in range(2):
...     print(k + 100)
...
SLIDE OUTPUT
"
T paste-buffer -p -b snippet -t tsh
T send-keys -t tsh Enter
wait_for '^tensor\(\[ 0, 10, 20, 30\]\)$'
wait_for '^100$'
wait_for '^101$'
[ "$(count "Error")" -eq 0 ] || fail "the paste raised an error"

# The same without bracketed paste: the lines arrive one by one, with more
# input waiting behind each, and the output lines are still skipped.
T set-buffer -b lines ">>> w = u + 1
>>> w.sum() * 1000
tensor(9)
"
T paste-buffer -b lines -t tsh
wait_for '^tensor\(10000\)$'
[ "$(count "Error")" -eq 0 ] || fail "the line-by-line paste raised an error"

# A pasted cell: a def whose body has blank lines runs as one block.
T set-buffer -b cell "def cell_fn(a):
    b = a + 1

    return b * 10

cell_fn(4)
"
T paste-buffer -p -b cell -t tsh
T send-keys -t tsh Enter
wait_for '^50$'
[ "$(count "Error")" -eq 0 ] || fail "the pasted cell raised an error"

# Up recalls a block as one entry: the def comes back whole and runs again.
run_line 'del cell_fn'
T send-keys -t tsh Up
wait_line 'del cell_fn$'
T send-keys -t tsh Up
wait_line 'cell_fn\(4\) *$'
T send-keys -t tsh Up
wait_line 'def cell_fn\(a\): *$'
before=$(prompts)
T send-keys -t tsh Enter
deadline=$((SECONDS + 20))
while [ "$(prompts)" -le "$before" ]; do
  [ $SECONDS -ge $deadline ] && fail "no prompt after the recalled block"
  sleep 0.05
done
run_line 'cell_fn(1)'
wait_for '^20$'

# IPython's prompts are stripped too, and its Out[n]: lines skipped.
T set-buffer -b ipy "In [1]: ipy_v = 3

In [2]: ipy_v * 2
Out[2]: 99
"
T paste-buffer -p -b ipy -t tsh
T send-keys -t tsh Enter
wait_for '^6$'
[ "$(count "^99$")" -eq 0 ] || fail "an Out[n]: line ran"

# Ctrl-C inside a 6000x6000 product (one BLAS call): the prompt is back at
# once, and the assignment never happened.
run_line 'big = torch.rand(6000, 6000)'
T send-keys -t tsh 'A = big @ big' Enter
sleep 0.5
start=$(date +%s%N)
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$' 4
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$elapsed_ms" -le 400 ] || fail "Ctrl-C in a matmul took ${elapsed_ms} ms"
run_line "'A' in dir()"
wait_for '^False$' 2
# The next large product runs on a new worker while the abandoned one finishes.
run_line 'big[:1600, :1600].matmul(big[:1600, :1600]).shape'
wait_for '^torch.Size\(\[1600, 1600\]\)$'

# Ctrl-C inside %timeit.
T send-keys -t tsh '%timeit sum(range(10**6))' Enter
sleep 0.5
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$' 5

# `_` holds the last result.
run_line '6 * 7'
run_line '_ + 1'
wait_for '^43$'

# Ctrl-C while a huge tensor prints (full profile): back to the prompt.
# (It floods the screen, so the screen is cleared afterwards.)
run_line "torch.set_printoptions(profile='full')"
T send-keys -t tsh 'print(torch.rand(2 * 10**6))' Enter
sleep 0.7
T send-keys -t tsh C-c
wait_for '^KeyboardInterrupt$'
run_line "torch.set_printoptions(profile='default')"
run_line "print('after the flood')"
wait_for '^after the flood$'

# History: a line of this session, then Ctrl-D at the empty prompt.
run_line 'hist_marker = 41'
exit_with_ctrl_d
grep -qx 'hist_marker = 41' "$HOME/.tsh_history" || fail "~/.tsh_history lacks the last line"

[ -n "${TSH_TMUX_SHOW:-}" ] && screen  # to look at the session
# ---------------------------------------------------------------- session 2
start_tsh
T send-keys -t tsh Up
wait_line 'hist_marker = 41$'
# Type the next line only once its prompt is drawn: under load, keys sent
# earlier are echoed by the terminal before readline redraws the line.
before=$(prompts)
T send-keys -t tsh Enter
deadline=$((SECONDS + 20))
while [ "$(prompts)" -le "$before" ]; do
  [ $SECONDS -ge $deadline ] && fail "no prompt after the recalled line"
  sleep 0.05
done
run_line 'hist_marker + 1'
wait_for '^42$'
# Ctrl-R searches the history.
T send-keys -t tsh C-r 'marker +'
wait_for 'reverse-i-search.*hist_marker \+ 1'
T send-keys -t tsh Enter
wait_for '^42$' 2

exit_with_ctrl_d
[ -n "${TSH_TMUX_SHOW:-}" ] && screen
echo "PASS"
