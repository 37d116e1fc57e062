#!/bin/sh
# Rewrites a tsh-only golden (one written by tsh itself, see README.md) from its
# own inputs: the `>>> ` and `... ` lines are replayed through `tsh -i --echo`.
#   tests/oracle/retranscribe.sh build/tsh tests/golden/NAME.txt
# Review the diff before committing: the goldens are only as right as that review.
set -eu
tsh=$1 golden=$(realpath "$2")
inputs=$(mktemp)
trap 'rm -f "$inputs"' EXIT
sed -n -e 's/^>>> //p' -e 's/^\.\.\. //p' -e 's/^\.\.\.$//p' "$golden" > "$inputs"
(cd "$(dirname "$golden")" && unset COLUMNS && "$tsh" -i --echo < "$inputs" > "$golden.new" 2>&1 || true)
mv "$golden.new" "$golden"
