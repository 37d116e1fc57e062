#!/usr/bin/env bash
# tests/terminal/storage_tmux.sh — %storage on real terminals 60 and 200
# columns wide, driven through tmux: no line of the drawing wraps, every cell a
# transposed or an expanded view of 24 cells reads is drawn with its mark, the
# marks are coloured, and NO_COLOR turns the colour off.
#
# Usage: storage_tmux.sh PATH/TO/tsh
# Exits 77 (ctest's SKIP_RETURN_CODE) when tmux or the tsh build is missing.
set -u
export LC_ALL=C.UTF-8  # ${#line} counts characters

. "$(dirname "$0")/tmux_lib.sh"

fail() {
  echo "FAIL ($width columns): $1"
  echo "---- screen ----"
  screen
  exit 1
}

# The pane's text, scrollback included; -J joins a line the terminal wrapped, so
# a drawing that wrapped shows as a line wider than the pane.
screen() { T capture-pane -p -J -t tsh -S -3000 2>/dev/null; }
coloured() { T capture-pane -p -e -J -t tsh -S -3000 2>/dev/null; }

wait_for() {
  local deadline=$((SECONDS + 20))
  until screen | grep -qE -- "$1"; do
    [ $SECONDS -ge $deadline ] && fail "waited for /$1/"
    sleep 0.05
  done
}

# Starts tsh in a terminal $width columns wide (COLUMNS unset: tsh asks the terminal).
starts=0
start_tsh() {
  T kill-server >/dev/null 2>&1
  starts=$((starts + 1))
  sock=$work/tmux.$starts.sock  # a fresh server each time: never one still shutting down
  T -f /dev/null new-session -d -s tsh -x "$width" -y 50 -c "$work" "env -u COLUMNS $1 '$TSH' -q"
  T set-option -t tsh remain-on-exit on
  T set-option -t tsh history-limit 5000
  wait_for '^>>> ?$'
}

# Types a line once the previous one has finished (the last line on the screen is an empty
# prompt): typed ahead, a line is echoed before its prompt ("%storage t.t()>>> %storage t.t()"),
# which a slow build (the sanitizers') showed and the checks below do not expect.
idle_prompt() {
  local deadline=$((SECONDS + 20))
  until [ "$(screen | sed '/^$/d' | tail -n 1)" = ">>> " ] || [ "$(screen | sed '/^$/d' | tail -n 1)" = ">>>" ]; do
    [ $SECONDS -ge $deadline ] && fail "waited for an idle prompt"
    sleep 0.05
  done
}
run() {
  idle_prompt
  T send-keys -t tsh -l "$1"
  T send-keys -t tsh Enter
}

# The storage indices drawn above the boxes of the last drawing: every line
# before a line of box tops.
drawn_cells() {
  screen | sed -n "/^>>> %storage $1\$/,/^>>> /p" | awk '/┌/ { print prev } { prev = $0 }' | tr -s ' ' '\n' | grep -E '^[0-9]+$' | sort -n | uniq
}

check_width() {
  local line
  while IFS= read -r line; do
    [ "${#line}" -le "$width" ] || fail "a line is ${#line} characters wide: it wrapped"
  done < <(screen)
}

for width in 60 200; do
  start_tsh ""
  run 't = torch.arange(24.).view(4, 6)'
  run '%storage t.t()'
  wait_for '^the view is not contiguous'
  run 'e = torch.arange(4.).expand(6, 4)'
  run '%storage e'
  wait_for '^stride 0 in dim 0'
  run 'print("done")'
  wait_for '^done$'
  check_width
  [ "$(drawn_cells 't.t()' | tr '\n' ' ')" = "$(seq 0 23 | tr '\n' ' ')" ] || fail "t.t(): cells drawn: $(drawn_cells 't.t()' | tr '\n' ' ')"
  [ "$(drawn_cells e | tr '\n' ' ')" = "0 1 2 3 " ] || fail "e: cells drawn: $(drawn_cells e | tr '\n' ' ')"
  [ "$(screen | sed -n '/^>>> %storage t.t()$/,/^>>> e =/p' | grep -o '▲' | wc -l)" -eq 24 ] || fail "t.t(): not 24 marks"
  [ "$(screen | sed -n '/^>>> %storage e$/,/^>>> print/p' | grep -o '×6' | wc -l)" -eq 4 ] || fail "e: not 4 marks ×6"
  coloured | grep -qE $'\e\\[36m *▲' || fail "the marks are not coloured"

  start_tsh "NO_COLOR=1"
  run '%storage torch.arange(3.)'
  wait_for '^the view is contiguous'
  coloured | grep -q $'\e\\[' && fail "NO_COLOR: the drawing is coloured"
done
echo "PASS: %storage at 60 and 200 columns"
