#!/bin/sh
# Checks the lessons (scripts/lessons/*.tsh, and the inputs of *.md) against real PyTorch: every line but
# the magics runs through the oracle (make_transcript.py) and through tsh, and
# the two transcripts must be identical. The magics are tsh's own; their output
# is checked by reading it (the lessons' transcripts are written by tsh itself).
#   tests/oracle/check_lessons.sh build/tsh [PYTHON]
set -eu
tsh=$(realpath "$1")
python=${2:-/tmp/t2/bin/python}
here=$(cd "$(dirname "$0")" && pwd)
status=0
cd "$here/../../scripts/lessons"
for lesson in *.tsh *.md; do
  plain=$(mktemp)
  case $lesson in
    *.md) sed -n -e 's/^>>> //p' -e 's/^\.\.\. //p' -e 's/^\.\.\.$//p' "$lesson" | grep -v '^%' > "$plain" || true ;;
    *) grep -v '^%' "$lesson" > "$plain" ;;
  esac
  if OMP_NUM_THREADS=1 ATEN_CPU_CAPABILITY=avx2 "$python" "$here/make_transcript.py" "$plain" > "$plain.oracle" 2>&1 &&
     "$tsh" -i --echo < "$plain" > "$plain.tsh" 2>&1 && diff "$plain.oracle" "$plain.tsh" > "$plain.diff"; then
    echo "ok    $lesson"
  else
    echo "DIFF  $lesson"; cat "$plain.diff"; status=1
  fi
  rm -f "$plain" "$plain.oracle" "$plain.tsh" "$plain.diff"
done
exit $status
