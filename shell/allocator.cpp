// shell/allocator.cpp — glibc malloc's thresholds for an interpreter of 64-byte values.
//
// glibc serves a block past its mmap threshold (128 KiB at first) from fresh pages of its own and
// gives them back on free; the threshold rises only to the largest such block freed so far. A
// Python list of 10^5 items is 6.4 MB of Values, grown by doubling: every step past the threshold
// was new pages faulted in and every free gave them back, and building that list spent most of
// its time in the kernel (out.append in a loop: 10 ms a run, 4 ms with the heap kept). Blocks
// below 32 MiB now come from the heap, whose top is given back only past 64 MiB free. Tensors of
// 32 MiB and more are mapped as before; glibc's dynamic threshold never went past 32 MiB either.
#include "shell/allocator.h"

#include <malloc.h>

namespace tsh::shell {

void tune_allocator() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
}

}  // namespace tsh::shell
