#!/usr/bin/env bash
# tests/mathbits/run.sh TSH — every floating elementwise function's bits against PyTorch 2.15's.
#
# PyTorch's MKL build computes exp, log, sin, ... with MKL's VML, whose results depend on the code
# path MKL picks for the CPU (AVX512_E1 on Intel Xeon with AVX-512, AVX2 on AVX2 CPUs): there is one
# expected file per path, written by the oracle on that path:
#
#   OMP_NUM_THREADS=1 ATEN_CPU_CAPABILITY=avx2 /tmp/t2/bin/python tests/mathbits/mathbits.py > expected_AVX512_E1.txt
#   MKL_ENABLE_INSTRUCTIONS=AVX2 OMP_NUM_THREADS=1 ATEN_CPU_CAPABILITY=avx2 /tmp/t2/bin/python tests/mathbits/mathbits.py > expected_AVX2.txt
#
#   MKL_CBWR=AVX2 ... (the same bits as the AVX2 path; ctest pins it, as for the goldens)
#
# Skips (77) when tsh runs on OpenBLAS or on an MKL path with no expected file, and on CPUs other than
# Intel's: the files were written on Intel Xeon, and MKL's choice of kernels on other CPUs is its own.
set -euo pipefail
tsh=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kernels=$(echo 'print(torch.__config__.show())' | "$tsh" | sed -n 's/.*BLAS kernels in use: Intel oneAPI MKL [^,]*, \([A-Z0-9_]*\).*/\1/p')
if [ -z "$kernels" ]; then
  echo "mathbits: skipped: tsh runs on OpenBLAS here (PyTorch's bits are MKL's)"
  exit 77
fi
if ! grep -q GenuineIntel /proc/cpuinfo 2>/dev/null; then
  echo "mathbits: skipped: the expected bits are MKL's on Intel CPUs (MKL_CBWR=AVX2 promises them for Intel's only)"
  exit 77
fi
expected="$here/expected_$kernels.txt"
if [ ! -f "$expected" ]; then
  echo "mathbits: skipped: no expected bits for MKL's $kernels code path"
  exit 77
fi
known=$(grep -v '^#' "$here/known_differences.txt" | awk 'NF {printf "%s^%s %s ", (n++ ? "|" : ""), $1, $2}')
got=$("$tsh" "$here/mathbits.py")
filter() { grep -v -E "$known" || true; }
if diff <(filter < "$expected") <(printf '%s\n' "$got" | filter); then
  echo "mathbits: $(filter < "$expected" | wc -l) lines equal PyTorch 2.15's bits on MKL's $kernels path;" \
       "$(grep -c -E "$known" "$expected") known differences left out (known_differences.txt)"
else
  echo "mathbits: tsh's bits differ from PyTorch's (lines above: < PyTorch, > tsh)"
  exit 1
fi
