// engine/cpu/isa.h — one kernel source, compiled for several x86 instruction sets, chosen at start-up.
//
// The hot kernel files (TSH_ISA_SOURCES in engine/CMakeLists.txt) are compiled
// three times: for baseline x86-64, for AVX2 with FMA and for AVX-512 (F, BW,
// VL, DQ), each time with -ffp-contract=off, so every variant does the same
// IEEE operations in the same order and gives the same bits: the wider
// instructions only do more of them at once (an explicit std::fma becomes one
// instruction instead of a libm call, with the same correctly rounded result). Such a file names its public
// entry TSH_ISA_ENTRY(name) and follows it with TSH_ISA_DISPATCH(...), which in
// the baseline build defines `name` itself: it calls the variant cpu_isa()
// picked. Everything else in the file stays in an anonymous namespace, so the
// three builds of it never meet at link time (tests/cli/isa_symbols.sh checks
// that the variant objects define no shared symbol).
#pragma once

#include <cstdint>

namespace tsh::cpu {

enum class Isa : uint8_t { Base, Avx2, Avx512 };

// The best variant this CPU and this build run; TSH_CPU_ISA=base|avx2|avx512 picks a lower one
// (the tests run every variant this way). Decided once.
Isa cpu_isa();
const char* isa_name(Isa isa);

}  // namespace tsh::cpu

#define TSH_ISA_CAT2(a, b) a##_##b
#define TSH_ISA_CAT(a, b) TSH_ISA_CAT2(a, b)

#ifdef TSH_ISA_VARIANT  // avx2 or avx512: the variant's own entry, nothing else
#define TSH_ISA_ENTRY(name) TSH_ISA_CAT(name, TSH_ISA_VARIANT)
#define TSH_ISA_DISPATCH(name, params, args)
#else
#define TSH_ISA_ENTRY(name) name##_base
#ifdef TSH_HAVE_ISA_VARIANTS
#define TSH_ISA_DISPATCH(name, params, args)                 \
  void name##_avx2 params;                                   \
  void name##_avx512 params;                                 \
  void name params {                                         \
    switch (cpu_isa()) {                                     \
      case Isa::Avx512: return name##_avx512 args;           \
      case Isa::Avx2: return name##_avx2 args;               \
      case Isa::Base: break;                                 \
    }                                                        \
    name##_base args;                                        \
  }
#else
#define TSH_ISA_DISPATCH(name, params, args) \
  void name params { name##_base args; }
#endif
#endif
