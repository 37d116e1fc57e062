// engine/cpu/math_library.cpp — finds and opens MKL or OpenBLAS (see math_library.h).
#include "engine/cpu/math_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

namespace tsh::cpu {

namespace {

// Resolves every X-macro function from `h`; returns the first one missing, or "".
std::string resolve_all(MathLibrary& lib, void* h) {
  std::string missing;
  auto sym = [&](auto& fn, const char* name) {
    if (!fn) fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(h, name));
    if (!fn && missing.empty()) missing = name;
  };
#define TSH_MATH_RESOLVE(fn) sym(lib.fn, #fn);
  TSH_BLAS_SDCZ(TSH_MATH_RESOLVE)
  TSH_LAPACK_FUNCTIONS(TSH_MATH_RESOLVE)
#undef TSH_MATH_RESOLVE
  return missing;
}

std::string folder_of(void* h, const char* symbol) {
  Dl_info info{};
  void* p = dlsym(h, symbol);
  if (!p || !dladdr(p, &info) || !info.dli_fname) return "";
  std::string path = info.dli_fname;
  return path.substr(0, path.rfind('/'));
}

// ---------------------------------------------------------------- MKL

// MKL's service calls, by their C names in libmkl_rt.
using SetLayerFn = int (*)(int);
using VersionFn = void (*)(char*, int);
using BranchFn = int (*)();
using XerblaFn = void (*)(const char* routine, const int* parameter, int length);
using SetXerblaFn = XerblaFn (*)(XerblaFn);

// LAPACK reports an invalid argument through xerbla, which MKL prints ("Intel oneMKL ERROR: Parameter
// 4 was incorrect on entry to SGELSY"); the info it returns reaches the op layer's checks, which raise
// PyTorch's errors, so the printout is silenced, as OpenBLAS's is (engine/cpu/lapack.cpp).
void quiet_xerbla(const char*, const int*, int) {}

const char* branch_name(int branch) {
  switch (branch) {  // MKL_CBWR_* (mkl_types.h): the code path MKL's dispatcher picked for this CPU
    case 4: return "SSE2";
    case 8: return "SSE4_2";
    case 9: return "AVX";
    case 10: return "AVX2";
    case 12: return "AVX512";
    case 14: return "AVX512_E1";
    default: return "";
  }
}

std::vector<std::string> mkl_candidates() {
  std::vector<std::string> out;
  if (const char* dir = std::getenv("TSH_MKL_DIR"); dir && *dir) out.push_back(std::string(dir) + "/libmkl_rt.so.2");
#ifdef TSH_MKL_DEFAULT_DIR
  out.push_back(TSH_MKL_DEFAULT_DIR "/libmkl_rt.so.2");
#endif
  out.push_back("libmkl_rt.so.2");  // the system's, if any
  return out;
}

bool load_mkl(MathLibrary& lib, std::string& why) {
#if !defined(__x86_64__)
  why = "MKL runs only on x86-64";
  return false;
#else
  void* h = nullptr;
  for (const std::string& path : mkl_candidates())
    if ((h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
  if (!h) {
    why = "MKL was not found (scripts/setup installs it)";
    return false;
  }
  auto interface_layer = reinterpret_cast<SetLayerFn>(dlsym(h, "MKL_Set_Interface_Layer"));
  auto threading_layer = reinterpret_cast<SetLayerFn>(dlsym(h, "MKL_Set_Threading_Layer"));
  auto version = reinterpret_cast<VersionFn>(dlsym(h, "MKL_Get_Version_String"));
  auto branch = reinterpret_cast<BranchFn>(dlsym(h, "MKL_CBWR_Get_Auto_Branch"));
  auto cbwr = reinterpret_cast<SetLayerFn>(dlsym(h, "MKL_CBWR_Get"));
  // 32-bit integers, as tsh's LAPACKE declarations have them; MKL's threads are the process's own
  // OpenMP (libgomp) threads, as OpenBLAS's are, so that neither spins beside the other.
  constexpr int kLp64 = 0, kGnuThreads = 3;
  if (!interface_layer || !threading_layer || !version || !branch || interface_layer(kLp64) != kLp64 ||
      threading_layer(kGnuThreads) != kGnuThreads) {
    why = "the MKL found could not be set to LP64 with GNU OpenMP threads";
    dlclose(h);
    return false;
  }
  if (auto set_xerbla = reinterpret_cast<SetXerblaFn>(dlsym(h, "mkl_set_xerbla"))) set_xerbla(quiet_xerbla);
  MathLibrary mkl;
  if (std::string missing = resolve_all(mkl, h); !missing.empty()) {
    why = "the MKL found lacks " + missing;
    dlclose(h);
    return false;
  }
  static constexpr const char* kVmlNames[] = {"Exp", "Ln", "Log10", "Log2", "Sqrt", "Sin", "Cos", "Tan",
                                              "Asin", "Acos", "Atan", "Tanh", "Erf", "Erfc", "ErfInv"};
  static_assert(std::size(kVmlNames) == static_cast<size_t>(VmlFn::Count));
  for (size_t i = 0; i < std::size(kVmlNames); ++i) {
    mkl.vml_float[i] = reinterpret_cast<MathLibrary::VmlFloat>(dlsym(h, (std::string("vms") + kVmlNames[i]).c_str()));
    mkl.vml_double[i] = reinterpret_cast<MathLibrary::VmlDouble>(dlsym(h, (std::string("vmd") + kVmlNames[i]).c_str()));
    if (!mkl.vml_float[i] || !mkl.vml_double[i]) {
      why = std::string("the MKL found lacks vms") + kVmlNames[i];
      dlclose(h);
      return false;
    }
  }
  // Packed GEMM is an extra: an MKL without it still serves (the recurrent layers then call gemm).
  mkl.sgemm_pack_get_size = reinterpret_cast<MathLibrary::PackSize>(dlsym(h, "cblas_sgemm_pack_get_size"));
  mkl.dgemm_pack_get_size = reinterpret_cast<MathLibrary::PackSize>(dlsym(h, "cblas_dgemm_pack_get_size"));
  mkl.sgemm_pack = reinterpret_cast<MathLibrary::PackFloat>(dlsym(h, "cblas_sgemm_pack"));
  mkl.dgemm_pack = reinterpret_cast<MathLibrary::PackDouble>(dlsym(h, "cblas_dgemm_pack"));
  mkl.sgemm_compute = reinterpret_cast<MathLibrary::ComputeFloat>(dlsym(h, "cblas_sgemm_compute"));
  mkl.dgemm_compute = reinterpret_cast<MathLibrary::ComputeDouble>(dlsym(h, "cblas_dgemm_compute"));
  char text[256] = {};
  version(text, sizeof text - 1);  // "Intel(R) oneAPI Math Kernel Library Version 2024.2-Product Build ..."
  std::string v = text;
  const size_t at = v.find("Version ");
  std::string number = at == std::string::npos ? "" : v.substr(at + 8, v.find_first_of("- ", at + 8) - at - 8);
  mkl.build = v;
  mkl.mkl = true;
  mkl.name = "Intel oneAPI MKL" + (number.empty() ? "" : " " + number);
  // The code path MKL runs: the one MKL_CBWR pins (as the test suite does, for the same bits on every
  // AVX2 CPU), else the one its dispatcher picks for this CPU.
  constexpr int kCbwrBranch = 1, kCbwrAuto = 2;
  const int pinned = cbwr ? cbwr(kCbwrBranch) : kCbwrAuto;
  mkl.kernel = branch_name(pinned > kCbwrAuto ? pinned : branch());
  mkl.folder = folder_of(h, "MKL_Get_Version_String");
  lib = std::move(mkl);
  return true;
#endif
}

// ---------------------------------------------------------------- OpenBLAS

// How wide a kernel an OpenBLAS core name runs: 0 SSE, 1 AVX, 2 AVX2, 3 AVX-512.
int core_width(const std::string& core) {
  static constexpr const char* k512[] = {"SkylakeX", "Cooperlake", "SapphireRapids"};
  static constexpr const char* k256[] = {"Haswell", "Zen"};
  for (const char* c : k512)
    if (core == c) return 3;
  for (const char* c : k256)
    if (core == c) return 2;
  if (core == "Sandybridge" || core == "Bulldozer" || core == "Piledriver" || core == "Steamroller" ||
      core == "Excavator")
    return 1;
  return 0;
}

// The widest OpenBLAS core this CPU runs, and its width (core_width).
std::pair<const char*, int> core_for_cpu() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512cd"))
    return {"SkylakeX", 3};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return {"Haswell", 2};
  if (__builtin_cpu_supports("avx")) return {"Sandybridge", 1};
#endif
  return {nullptr, 0};
}

void* open_openblas(const char* name) {
#ifdef TSH_OPENBLAS_DIR
  if (void* h = dlopen((std::string(TSH_OPENBLAS_DIR "/") + name).c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
#endif
  return dlopen(name, RTLD_NOW | RTLD_LOCAL);
}

void load_openblas(MathLibrary& lib) {
  void* blas = open_openblas("libopenblas.so.0");
  // LAPACKE is Debian's, over the LAPACK in OpenBLAS's folder (the executable's RPATH finds it).
  void* lapacke = dlopen("liblapacke.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!blas || !lapacke) {
    std::fprintf(stderr, "tsh: cannot load OpenBLAS and LAPACKE: %s\n", dlerror());
    std::abort();  // a broken install: every product would fail
  }
  lib = MathLibrary{};
  std::string missing = resolve_all(lib, blas);
  if (!missing.empty()) missing = resolve_all(lib, lapacke);
  if (!missing.empty()) {
    std::fprintf(stderr, "tsh: OpenBLAS or LAPACKE lacks %s\n", missing.c_str());
    std::abort();
  }
  using CoreFn = char* (*)();
  using InitFn = void (*)();
  auto corename = reinterpret_cast<CoreFn>(dlsym(blas, "openblas_get_corename"));
  auto config = reinterpret_cast<CoreFn>(dlsym(blas, "openblas_get_config"));
  auto quit = reinterpret_cast<InitFn>(dlsym(blas, "gotoblas_dynamic_quit"));
  auto init = reinterpret_cast<InitFn>(dlsym(blas, "gotoblas_dynamic_init"));
  std::string core = corename ? corename() : "";
  // OpenBLAS 0.3.21 runs its SSE3 "Prescott" kernels on CPUs newer than it (Emerald Rapids, family 6
  // model 207): 5x slower products. Unless OPENBLAS_CORETYPE asks for one, pick the widest core this
  // CPU runs and have OpenBLAS's dynamic dispatch choose again (it reads OPENBLAS_CORETYPE then).
  auto [best, width] = core_for_cpu();
  if (best && !std::getenv("OPENBLAS_CORETYPE") && core_width(core) < width && quit && init && corename) {
    setenv("OPENBLAS_CORETYPE", best, 1);
    quit();
    init();
    unsetenv("OPENBLAS_CORETYPE");
    lib.note = "OpenBLAS does not know this CPU and chose " + core + "; tsh chose " + best;
    core = corename();
  }
  std::string version = "OpenBLAS";
  if (config) {  // "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Haswell MAX_THREADS=64"
    std::string c = config();
    lib.build = c;
    const size_t sp = c.find(' ', 9);
    if (c.rfind("OpenBLAS ", 0) == 0) version = c.substr(0, sp);
  }
  lib.name = version;
  lib.kernel = core;
  lib.folder = folder_of(blas, "cblas_sgemm");
}

MathLibrary load() {
  MathLibrary lib;
  const char* want = std::getenv("TSH_BLAS");
  std::string asked = want ? want : "";
  if (!asked.empty() && asked != "mkl" && asked != "openblas") {
    std::fprintf(stderr, "tsh: TSH_BLAS=%s is neither mkl nor openblas: choosing as without it\n", asked.c_str());
    asked.clear();
  }
  std::string why;
  if (asked != "openblas" && load_mkl(lib, why)) return lib;
  load_openblas(lib);
  if (asked == "mkl") lib.note = "TSH_BLAS=mkl, but " + why;
  else if (asked == "openblas") lib.note = "TSH_BLAS=openblas" + (lib.note.empty() ? "" : "; " + lib.note);
  else lib.note = why + (lib.note.empty() ? "" : "; " + lib.note);
  return lib;
}

}  // namespace

const MathLibrary& mathlib() {
  static const MathLibrary lib = load();
  return lib;
}

void vml(VmlFn f, const float* a, float* r, int64_t n) {
  const auto fn = mathlib().vml_float[static_cast<int>(f)];
  for (int64_t i = 0; i < n; i += INT_MAX) fn(static_cast<int>(std::min<int64_t>(INT_MAX, n - i)), a + i, r + i, kVmlMode);
}

void vml(VmlFn f, const double* a, double* r, int64_t n) {
  const auto fn = mathlib().vml_double[static_cast<int>(f)];
  for (int64_t i = 0; i < n; i += INT_MAX) fn(static_cast<int>(std::min<int64_t>(INT_MAX, n - i)), a + i, r + i, kVmlMode);
}

}  // namespace tsh::cpu
