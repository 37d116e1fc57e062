// engine/cpu/convert_simd.h — float32 <-> float16 runs with the F16C instructions where the CPU has them.
//
// The compiler's _Float16 conversions are calls into libgcc, one element at a
// time. F16C converts 8 at once and rounds the same way (to nearest even, NaNs
// kept quiet), so the bits are those of engine/core/half.h's Half.
#pragma once

#include <cstdint>

#include "engine/core/half.h"

namespace tsh::cpu {

void floats_to_halfs(const float* in, Half* out, int64_t n);
void halfs_to_floats(const Half* in, float* out, int64_t n);

}  // namespace tsh::cpu
