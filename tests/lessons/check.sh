#!/bin/sh
# One lesson as CI checks it: scripts/lessons/NAME.tsh runs as a script with
# exit status 0, its transcript NAME.txt holds exactly its lines (a fresh
# `tsh -i --echo` run reproduces the file), and `tsh --doctest NAME.txt` passes.
# A Markdown lesson (NAME.md) is checked by --doctest alone.
#   tests/lessons/check.sh build/tsh scripts/lessons/NAME.tsh
set -u
tsh=$(realpath "$1")
lesson=$(realpath "$2")
cd "$(dirname "$lesson")"
name=$(basename "$lesson")
case $name in
  *.md) exec env -u COLUMNS "$tsh" --doctest "$name" ;;
esac
transcript=${name%.tsh}.txt
env -u COLUMNS "$tsh" "$name" > /dev/null 2>&1
status=$?
[ $status -eq 0 ] || { echo "FAIL: $name exits with status $status"; env -u COLUMNS "$tsh" "$name" 2>&1 | tail -5; exit 1; }
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
env -u COLUMNS "$tsh" -i --echo < "$name" > "$fresh" 2>&1
diff -u "$transcript" "$fresh" > /dev/null || {
  echo "FAIL: $transcript is not what $name prints now (tests/lessons/transcribe.sh writes it):"
  diff -u "$transcript" "$fresh" | head -40
  exit 1
}
exec env -u COLUMNS "$tsh" --doctest "$transcript"
