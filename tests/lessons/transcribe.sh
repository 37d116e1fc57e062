#!/bin/sh
# Writes each lesson's checked transcript beside it: scripts/lessons/NAME.tsh →
# NAME.txt, by `tsh -i --echo` run in the lessons' folder (their data files are
# relative to it), and re-runs the Markdown lessons' blocks. Check every line
# but the magics against PyTorch first (tests/oracle/check_lessons.sh), and read
# the diff: the transcripts are what CI holds the lessons to.
#   tests/lessons/transcribe.sh build/tsh
set -eu
tsh=$(realpath "$1")
cd "$(dirname "$0")/../../scripts/lessons"
for lesson in *.tsh; do
  env -u COLUMNS "$tsh" -i --echo < "$lesson" > "${lesson%.tsh}.txt" 2>&1
done
