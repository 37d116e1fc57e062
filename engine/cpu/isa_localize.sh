#!/bin/sh
# engine/cpu/isa_localize.sh IN OUT — makes an instruction-set variant's object keep its code to itself.
#
# IN is the partial link (ld -r) of one variant's objects (engine/cpu/isa.h). Their out-of-line
# copies of inline functions and templates (std::vector's constructor, make_geometry, ...) are
# weak symbols compiled for AVX2 or AVX-512: left as they are, the final link could pick them for
# the baseline code too, and a CPU without those instructions would fault. So the COMDAT groups
# are dissolved and every weak function becomes local: the variant calls its own copies, the rest
# of tsh never sees them. Data (vtables, type_info, the Ctrl-C flag) stays shared. Fails when a
# global function other than a variant entry (NAME_avx2 / NAME_avx512) is left.
set -eu
in=$1 out=$2
syms=$out.localize
nm --defined-only "$in" | awk '$2 == "W" { print $3 }' > "$syms"
objcopy --remove-section=.group --localize-symbols="$syms" "$in" "$out"
rm -f "$syms"
left=$(nm --defined-only "$out" | awk '$2 == "T" || $2 == "W" { print $3 }' | c++filt | grep -v -E '_avx(2|512)\(' || true)
if [ -n "$left" ]; then
  echo "isa_localize: global functions left in $out:" >&2
  echo "$left" >&2
  exit 1
fi
