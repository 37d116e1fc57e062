// shell/allocator.h — how a tsh process asks glibc's malloc to keep its memory.
#pragma once

namespace tsh::shell {

// Called first thing in main (tsh, tsh-kernel). See allocator.cpp.
void tune_allocator();

}  // namespace tsh::shell
