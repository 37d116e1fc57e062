#!/usr/bin/env bash
# tests/cli/write_failures.sh — no write is lost without an error, and a symlink is written through.
#
# Usage: write_failures.sh PATH/TO/tsh
# Every path that writes a file (stdout, open()'s files and print(file=), np.save, np.savetxt, np.savez,
# torch.save, %save, %storage --svg) is pointed at /dev/full, directly or through a symlink: each
# must raise Python's OSError: [Errno 28], as Python does. A save through a symlink writes the file
# the link names and keeps the link; a save that fails part way (a file-size limit) leaves the old
# file as it was. Exits 77 (skipped) where there is no /dev/full.
set -u
TSH=${1:?usage: write_failures.sh PATH/TO/tsh}
TSH=$(cd "$(dirname "$TSH")" && pwd)/$(basename "$TSH")
[ -c /dev/full ] && [ -w /dev/full ] || { echo "skipped: no writable /dev/full"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0

# fails NAME WANT_LAST_LINE CODE: tsh -c CODE exits 1 and its last line is WANT_LAST_LINE.
fails() {
  local name=$1 want=$2 got rc
  got=$("$TSH" -c "$3" 2>&1)
  rc=$?
  if [ "$rc" != 1 ] || [ "$(printf '%s\n' "$got" | tail -n 1)" != "$want" ]; then
    echo "FAIL $name: status $rc, output:"
    printf '%s\n' "$got" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}
# check NAME CONDITION...: the shell condition holds.
check() {
  local name=$1
  shift
  if ! "$@"; then
    echo "FAIL $name"
    failures=$((failures + 1))
  fi
}

full='OSError: [Errno 28] No space left on device'
for ext in npy npz txt pt md svg; do ln -s /dev/full "full.$ext"; done

fails open-with-print "$full" 'with open("/dev/full", "w") as f:
    print("hi", file=f)'
fails flush "$full" 'f = open("/dev/full", "w")
f.write("x")
f.flush()'
fails close "$full" 'f = open("/dev/full", "w")
f.write("x")
f.close()'
fails print-flush "$full" 'f = open("/dev/full", "w")
print("x", file=f, flush=True)'
fails big-write "$full" 'f = open("/dev/full", "w")
f.write("x" * 100000)'
fails np.save "$full" 'import numpy as np
np.save("full.npy", np.ones(3))'
fails np.savetxt "$full" 'import numpy as np
np.savetxt("/dev/full", np.ones(3))'
fails np.savetxt-link "$full" 'import numpy as np
np.savetxt("full.txt", np.ones(3))'
fails np.savez "$full" 'import numpy as np
np.savez("full.npz", a=np.ones(3))'
fails torch.save "$full" 'torch.save(torch.ones(3), "/dev/full")'
fails torch.save-link "$full" 'torch.save(torch.ones(3), "full.pt")'
fails storage-svg "$full" 't = torch.arange(4.)
%storage t --svg full.svg'
# stdout itself on /dev/full: the print that cannot be written fails, as python3's does.
got=$("$TSH" -c 'print(1, flush=True)' 2>&1 >/dev/full)
check stdout-full [ "$(printf '%s\n' "$got" | tail -n 1)" = "$full" ]
"$TSH" -c 'print(1)' >/dev/full 2>/dev/null
check stdout-full-status [ $? = 1 ]
got=$(printf 'x = 1\n%%save full.md\n' | "$TSH" -i 2>&1)
check %save-full [ "$(printf '%s\n' "$got" | tail -n 1)" = "$full" ]
check full-is-a-link [ -L full.npy ] && [ -L full.pt ] && [ -L full.md ]

# Through a symlink to a regular file: the file is written, the link stays a link.
mkdir real
for ext in npy txt pt npz md; do ln -s "real/data.$ext" "link.$ext"; done
"$TSH" -c 'import numpy as np
np.save("link.npy", np.arange(3))
np.savetxt("link.txt", np.arange(3))
np.savez("link.npz", a=np.arange(3))
torch.save(torch.arange(3), "link.pt")
print(np.load("link.npy"), np.loadtxt("real/data.txt"), np.load("real/data.npz")["a"], torch.load("real/data.pt"))' >out.txt 2>&1
check link-round-trip [ "$(cat out.txt)" = "[0 1 2] [0. 1. 2.] [0 1 2] tensor([0, 1, 2])" ]
printf 'y = 2\n%%save link.md\n' | "$TSH" -i >/dev/null 2>&1
check link-save-magic grep -q 'y = 2' real/data.md
for ext in npy txt pt npz md; do check "link-kept-$ext" [ -L "link.$ext" ] && [ -f "real/data.$ext" ]; done
check no-temporary-left [ -z "$(ls -A real | grep -v '^data\.')" ]

# A save that fails part way leaves the old file whole: a file-size limit makes the write fail.
"$TSH" -c 'import numpy as np
np.save("keep.npy", np.arange(4))
torch.save(torch.arange(4), "keep.pt")'
before=$(cksum keep.npy keep.pt)
got=$( (trap '' XFSZ; ulimit -f 4; "$TSH" -c 'import numpy as np
try:
    np.save("keep.npy", np.ones(100000))
except OSError as e:
    print(type(e).__name__, e)
try:
    torch.save(torch.ones(100000), "keep.pt")
except OSError as e:
    print(type(e).__name__, e)') 2>&1)
check partial-write-errors [ "$got" = "OSError [Errno 27] File too large
OSError [Errno 27] File too large" ]
check partial-write-keeps-old [ "$(cksum keep.npy keep.pt)" = "$before" ]
check partial-write-no-temporary [ -z "$(ls -A | grep '\.tsh-')" ]

[ "$failures" = 0 ] && echo "write failures: all checks passed"
exit $((failures > 0))
