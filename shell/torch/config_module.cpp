// shell/torch/config_module.cpp — torch.__config__: how this tsh was built and what it runs on.
//
// PyTorch's show() lists its build ("PyTorch built with: ... Intel(R) oneAPI
// Math Kernel Library Version 2024.2 ... CPU capability usage: AVX512") and
// parallel_info() its threads. tsh's say the same things of tsh, in the same
// layout: the compiler, the BLAS/LAPACK library opened at start-up with the
// kernels it runs (engine/cpu/math_library.h), OpenMP, the instruction set of
// tsh's own kernels and whether CUDA is there.
#include <omp.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "engine/cpu/isa.h"
#include "engine/cpu/math_library.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string openmp_line() {
  // _OPENMP is the date of the specification the compiler implements.
  const long spec = _OPENMP;
  const char* name = spec >= 202011 ? "5.1" : spec >= 201811 ? "5.0" : spec >= 201511 ? "4.5" : "4.0";
  return "OpenMP " + std::to_string(spec) + " (a.k.a. OpenMP " + name + ")";
}

std::string show() {
  const cpu::MathLibrary& lib = cpu::mathlib();
  std::string s = "tsh built with:\n";
  s += "  - GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "\n";
  s += "  - C++ Version: " + std::to_string(__cplusplus) + "\n";
  s += "  - " + lib.build + "\n";
  s += "  - " + openmp_line() + "\n";
  s += std::string("  - LAPACK is enabled (provided by ") + (lib.mkl ? "MKL" : "OpenBLAS with Debian's LAPACKE") + ")\n";
  s += "  - BLAS kernels in use: " + lib.name + (lib.kernel.empty() ? "" : ", " + lib.kernel) + " (from " +
       lib.folder + ")\n";
  if (!lib.note.empty()) s += "  - BLAS choice: " + lib.note + "\n";
  s += std::string("  - Elementwise math: ") +
       (lib.mkl ? "MKL VML (high accuracy) where PyTorch's MKL build uses it, SLEEF elsewhere"
                : "SLEEF and libm (no MKL: exp, log, sin, ... may differ from PyTorch's last bit)") +
       "\n";
  s += "  - CPU capability usage: " + upper(cpu::isa_name(cpu::cpu_isa())) + "\n";
  s += std::string("  - Build settings: BLAS_INFO=") + (lib.mkl ? "mkl" : "open") +
       ", LAPACK_INFO=" + (lib.mkl ? "mkl" : "open") + ", USE_MKL=" + (lib.mkl ? "ON" : "OFF") +
       ", USE_OPENMP=ON, \n";
  return s;
}

std::string env_line(const char* name) {
  const char* v = std::getenv(name);
  return std::string("\t") + name + " : " + (v ? v : "[not set]") + "\n";
}

std::string parallel_info() {
  const cpu::MathLibrary& lib = cpu::mathlib();
  const int threads = omp_get_max_threads();
  std::string s = "ATen/Parallel:\n\tat::get_num_threads() : " + std::to_string(threads) + "\n";
  s += "\tat::get_num_interop_threads() : " + std::to_string(threads) + "\n";
  s += openmp_line() + "\n\tomp_get_max_threads() : " + std::to_string(threads) + "\n";
  s += lib.build + "\n";
  s += std::string(lib.mkl ? "\tmkl_get_max_threads() : " : "\topenblas threads (OpenMP) : ") + std::to_string(threads) + "\n";
  s += "std::thread::hardware_concurrency() : " + std::to_string(std::thread::hardware_concurrency()) + "\n";
  s += "Environment variables:\n" + env_line("OMP_NUM_THREADS") + env_line(lib.mkl ? "MKL_NUM_THREADS" : "OPENBLAS_NUM_THREADS");
  s += "ATen parallel backend: OpenMP\n";
  return s;
}

}  // namespace

void install_config_module(std::map<std::string, Value>& torch_attrs) {
  auto m = std::make_shared<ModuleObj>();
  m->name = "torch.__config__";
  auto def = [&m](const std::string& name, std::string (*text)()) {
    m->attrs[name] = make_builtin(name, "<function " + name + ">", [name, text](Interpreter&, Args& a, Kwargs& kw) {
      bind_params(name, a, kw, {}, 0);
      return Value::str(text());
    });
  };
  def("show", show);
  def("parallel_info", parallel_info);
  torch_attrs["__config__"] = Value::object(Kind::Module, m);
}

}  // namespace tsh::shell
