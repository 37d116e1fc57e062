#!/usr/bin/env bash
# tests/fuzz/seed_corpus.sh — a seed corpus for fuzz_session from the golden transcripts.
#
#   tests/fuzz/seed_corpus.sh OUT_DIR
#
# Each transcript's input lines (the `>>> `/`... ` lines, prompts removed) are
# cut into pieces of at most 40 lines, one file per piece, so every op,
# magic and error path the goldens reach is a starting point for mutation.
set -eu
out=${1:?usage: seed_corpus.sh OUT_DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
for f in "$root"/tests/golden/*.txt "$root"/tests/conformance/*.txt; do
  name=$(basename "$f" .txt)
  grep -E '^(>>>|\.\.\.)( |$)' "$f" | sed -E 's/^(>>>|\.\.\.) ?//' | grep -v -e 'save' -e '%cd' \
    | split -l 40 - "$out/$name."
done
ls "$out" | wc -l
