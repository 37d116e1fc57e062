// engine/cpu/isa.cpp — which kernel variant this CPU runs (see isa.h).
#include "engine/cpu/isa.h"

#include <cstdlib>
#include <cstring>

namespace tsh::cpu {

namespace {

Isa detect() {
#if defined(TSH_HAVE_ISA_VARIANTS) && (defined(__x86_64__) || defined(__i386__))
  __builtin_cpu_init();  // libgcc also checks that the OS saves the wider registers
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return Isa::Base;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
    return Isa::Avx512;
  return Isa::Avx2;
#endif
  return Isa::Base;
}

}  // namespace

Isa cpu_isa() {
  static const Isa isa = [] {
    Isa best = detect();
    if (const char* want = std::getenv("TSH_CPU_ISA")) {
      Isa asked = std::strcmp(want, "base") == 0   ? Isa::Base
                  : std::strcmp(want, "avx2") == 0 ? Isa::Avx2
                                                   : Isa::Avx512;
      if (asked < best) best = asked;  // never one the CPU lacks
    }
    return best;
  }();
  return isa;
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::Avx512: return "avx512";
    case Isa::Avx2: return "avx2";
    case Isa::Base: break;
  }
  return "base";
}

}  // namespace tsh::cpu
