#!/usr/bin/env bash
# tests/gpu/pack.sh — packs what a lent GPU machine needs into gpu-bundle/ (git-ignored), under the
# device tool's 64 MiB: the stripped binaries, the shared libraries they load that are not the C
# runtime's, and the test inputs, as one xz tarball. Run it here after a build; the device check
# (tests/gpu/device_check.sh) unpacks it there.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build}
stage=$(mktemp -d)
mkdir -p "$stage/bin" "$stage/lib"
for b in tsh tests/tsh_parity; do
  strip -o "$stage/bin/$(basename "$b")" "$build/$b"
done
# Libraries outside glibc: the GPU machine's distribution may lack them.
ldd "$build/tsh" "$build/tests/tsh_parity" | awk '/=> \// {print $3}' | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' | while read -r lib; do
    cp -L "$lib" "$stage/lib/"
  done
mkdir -p "$root/gpu-bundle"
tar -C "$stage" -cJf "$root/gpu-bundle/bundle.tar.xz" bin lib
rm -rf "$stage"
ls -la "$root/gpu-bundle/bundle.tar.xz"
