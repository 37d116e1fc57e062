// tests/parity/parity.cpp — every op of the registry, run on every backend, compared with the CPU.
//
// In the spirit of ggml's test-backend-ops. For each torch function and
// Tensor method in the op registry, and each overload, cases are generated
// from the signature: every tensor parameter takes each operand of a pool
// (each dtype, contiguous, transposed, sliced, expanded, zero-size, 0-d,
// broadcast, and index and mask operands where the parameter is one), the
// other parameters simple values (ints 0 and 1, dims -1, shapes, 0.5, 2,
// False, float64), numbers for tensor operands, `out=` when the op has it;
// methods include the in-place ones. Each case runs on the CPU, with
// sentinel bytes after every operand's storage to catch overruns, and then,
// with every tensor moved, on each other backend:
//
//   meta (always): the results must have the CPU's sizes, strides and dtypes,
//     and the same error where the CPU raised one. Three differences are
//     PyTorch's own and are counted, not failed: the CPU's "not implemented
//     for" dtype coverage (meta has no kernels, so no coverage); an op that
//     needs values (item(), nonzero, unique, ...) refuses meta tensors with
//     PyTorch's messages; a check of values (an index out of range) that the
//     CPU makes and meta cannot.
//   cuda (when a CUDA backend started): the same geometry and errors, and the
//     same values: exact for integers and bools, within a tolerance for floats
//     (random ops: geometry only, each device draws its own stream).
//
// `tsh_parity --stand-in-device` adds a CUDA device made of host memory and
// the CPU's kernels, to test the value comparisons and the engine's device
// handling on a machine without a GPU; `--cuda-on-host` puts the CUDA
// backend's own kernels (engine/cuda/*.cu built for the host) on that device,
// so their logic is checked against the CPU without a GPU. It prints `ops × dtypes × cases`
// checked per backend, and the ops no case reached. Exit status 1 on any mismatch.
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/core/generator.h"
#include "engine/cpu/backend.h"
#include "engine/cpu/mt19937.h"
#include "engine/ops/host_values.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/kernels/random.h"
#include "engine/ops/random.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"
#include "grammar/parser.h"
#include "shell/interp.h"
#include "shell/torch/registry.h"
#include "engine/core/accelerator.h"
#define TSH_CUDA_ON_HOST 1
#include "engine/cuda/generator.h"
#include "engine/cuda/kernels.h"
#undef TSH_CUDA_ON_HOST
#include "tests/support/stand_in_memory.h"

using namespace tsh;
using namespace tsh::shell;

namespace {

struct Operand {
  std::string name;
  Tensor t;
};

Tensor filled(const Shape& shape, DType d) {
  // 1, 1.5, 2, ... 3, then again: positive, inside every domain, distinct enough to sort.
  Tensor f = empty(shape, DType::Float64);
  std::vector<Scalar> v;
  for (int64_t k = 0; k < f.numel(); ++k) v.emplace_back(d == DType::Bool ? double(k % 2) : 1.0 + 0.5 * double(k % 5));
  return from_scalars(shape, v, d, Device{});
}

std::vector<Operand> pool() {
  std::vector<Operand> p;
  for (DType d : {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16, DType::Int64, DType::Int32,
                  DType::Int16, DType::Int8, DType::UInt8, DType::Bool, DType::Complex64, DType::Complex128})
    p.push_back({std::string(dtype_name(d)) + "[2,3]", filled({2, 3}, d)});
  p.push_back({"float32[2,3] transposed", tsh::t(filled({3, 2}, DType::Float32))});
  p.push_back({"int64[2,3] sliced", slice(filled({2, 6}, DType::Int64), 1, 0, 6, 2)});
  p.push_back({"float32[2,3] expanded", expand(filled({1, 3}, DType::Float32), {2, 3})});
  p.push_back({"float32[0,3]", filled({0, 3}, DType::Float32)});
  p.push_back({"float32[]", filled({}, DType::Float32)});
  p.push_back({"float64[3,3]", filled({3, 3}, DType::Float64)});
  p.push_back({"float32[3]", filled({3}, DType::Float32)});
  p.push_back({"float32[2,3,4] permuted", permute(filled({4, 2, 3}, DType::Float32), {1, 2, 0})});
  return p;
}

// Ops that change the session's global state or print: not run. Nor those whose
// answer is which memory a tensor is in rather than a computation on it
// (pin_memory: a CPU tensor's copy in the GPU runtime's host memory, an error elsewhere),
// nor numpy/from_numpy, whose results are NumPy arrays over the CPU's memory.
const std::set<std::string> kSkipped = {
    "manual_seed", "seed", "set_rng_state", "set_printoptions", "set_default_dtype", "set_default_device",
    "set_num_threads", "set_num_interop_threads", "use_deterministic_algorithms", "set_default_tensor_type",
    "set_flush_denormal", "save", "load", "set_", "resize_", "resize_as_", "pin_memory", "numpy", "from_numpy"};

struct Case {
  Args args;
  Kwargs kwargs;
};

// A fresh tensor on `device` with t's sizes, strides, offset and dtype (and t's
// values, off the meta device). Operands that share a storage on the CPU share
// one in the twin case too (`storages`), so overlap checks see the same aliasing.
// Every twin storage ends in kGuard sentinel bytes: a kernel that writes past
// its tensor's last element changes them, and the case fails.
constexpr int64_t kGuard = 64;
// 0x01: a valid value of every dtype (a bool must be 0 or 1), since as_strided
// may legally view the guard itself.
constexpr uint8_t kSentinel = 0x01;
using Storages = std::map<const void*, Storage>;

Tensor twin(const Tensor& t, Device device, Storages& storages) {
  Storage& s = storages[t.storage().get()];
  if (!s) {
    const int64_t n = t.storage()->nbytes;
    s = make_storage(n + kGuard, device);
    copy_bytes(s, 0, t.storage(), 0, device.is_meta() ? 0 : n);
    fill_bytes(s, n, kSentinel, kGuard);
  }
  return Tensor::make(s, t.sizes(), t.strides(), t.storage_offset(), t.dtype());
}

// "" when every CPU twin storage still ends in its sentinels.
std::string overrun(const Storages& storages) {
  for (const auto& [original, s] : storages) {
    if (!s->device.is_cpu()) continue;
    uint8_t tail[kGuard];
    read_bytes(tail, s, s->nbytes - kGuard, kGuard);
    for (uint8_t b : tail)
      if (b != kSentinel) return "wrote past the end of an operand's storage";
  }
  return "";
}

Value twin(const Value& v, Device d, Storages& storages) {
  if (v.is(Kind::Tensor)) return Value::tensor(twin(v.as_tensor(), d, storages));
  if (v.is(Kind::List) || v.is(Kind::Tuple)) {
    std::vector<Value> items;
    for (const Value& x : v.items()) items.push_back(twin(x, d, storages));
    return v.is(Kind::List) ? Value::list(items) : Value::tuple(items);
  }
  return v;
}

// The cases of one signature with `t` as every tensor operand and `variant` picking the other values.
// Index operands: a vector of valid positions, or t's shape filled with them.
Tensor index_vector() { return from_scalars({2}, {Scalar(int64_t{1}), Scalar(int64_t{0})}, DType::Int64, Device{}); }
Tensor index_like(const Tensor& t) {
  std::vector<Scalar> v;
  for (int64_t k = 0; k < t.numel(); ++k) v.emplace_back(int64_t{k % 2});
  return from_scalars(t.sizes(), v, DType::Int64, Device{});
}
// A bool mask of t's shape, alternating.
Tensor mask_like(const Tensor& t) {
  std::vector<Scalar> v;
  for (int64_t k = 0; k < t.numel(); ++k) v.emplace_back(k % 2 == 0);
  return from_scalars(t.sizes(), v, DType::Bool, Device{});
}

// variant 0 and 1 pick other values for ints, int lists and bools; variant 2
// passes the number 2 for every tensor operand but the first.
bool make_case(const Signature& sig, bool method, const Tensor& t, int variant, Case& c) {
  bool first_tensor = !method;
  size_t first = 0;
  if (method) {
    if (!sig.has_self()) return false;
    c.args.push_back(Value::tensor(t));
    first = 1;
  }
  bool positional = true;
  for (size_t i = first; i < sig.params.size(); ++i) {
    const Param& p = sig.params[i];
    if (method && p.name == "out") continue;
    Value v;
    // Variant 1 also gives the optional dim and the clamp bounds.
    const bool given_optional = variant == 1 && p.optional &&
                                (p.name == "dim" || p.name == "min" || p.name == "max");
    if (p.has_default && !given_optional) {
      positional = false;
      continue;
    }
    const bool is_index = p.name == "index" || p.name == "indices";
    switch (p.type) {
      case ParamType::Tensor:
        if (is_index) v = Value::tensor(variant == 1 ? index_like(t) : index_vector());
        else if (p.name == "mask") v = Value::tensor(mask_like(t));
        else v = variant == 2 && !first_tensor ? Value::integer(2) : Value::tensor(t);
        first_tensor = false;
        break;
      case ParamType::TensorList: v = Value::list({Value::tensor(t), Value::tensor(t)}); break;
      case ParamType::Int:
      case ParamType::SymInt: v = Value::integer(p.name.find("dim") != std::string::npos ? -1 : variant); break;
      case ParamType::IntList:
      case ParamType::SymIntList:
        if (p.name.find("dim") != std::string::npos) v = Value::list({Value::integer(-1)});
        else if (variant == 0) v = Value::list({Value::integer(3), Value::integer(2)});
        else v = Value::list({Value::integer(-1)});
        break;
      case ParamType::Float: v = Value::floating(0.5); break;
      case ParamType::Scalar: v = Value::integer(p.name == "max" ? 2 : p.name == "min" ? 1 : 2); break;
      case ParamType::Bool: v = Value::boolean(variant == 1); break;
      case ParamType::DType: v = Value::dtype(DType::Float64); break;
      default:
        if (!p.optional) return false;
        v = Value::none();
    }
    if (positional && !p.kwarg_only) c.args.push_back(v);
    else c.kwargs.emplace_back(p.name, v);
  }
  return true;
}

struct Outcome {
  bool ok = false;
  std::string error;  // "Kind: message"
  Value value;
};

// f's value, or the error it raised as "Kind: message".
template <typename F> Outcome outcome_of(F&& f) {
  Outcome o;
  try {
    o.value = f();
    o.ok = true;
  } catch (const tsh::Error& e) {
    o.error = std::string(e.kind()) + ": " + e.what();
  } catch (const std::exception& e) {
    o.error = std::string("exception: ") + e.what();
  }
  return o;
}

Outcome run(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool method, Args args, Kwargs kwargs) {
  if (std::getenv("TSH_PARITY_TRACE")) std::fprintf(stderr, "%s%s\n", method ? "Tensor." : "torch.", overloads[0]->sig.text.c_str());
  return outcome_of([&] { return registry().call(in, overloads, method, args, kwargs); });
}

// Values of a tensor in double (complex: real and imaginary interleaved), on the host.
std::vector<double> values_of(const Tensor& t) {
  const Tensor host = to(t, is_complex(t.dtype()) ? DType::Complex128 : DType::Float64, Device{});
  std::vector<double> v;
  if (is_complex(t.dtype())) {
    for (const std::complex<double>& z : host_values<std::complex<double>>(host)) {
      v.push_back(z.real());
      v.push_back(z.imag());
    }
  } else {
    v = host_values<double>(host);
  }
  return v;
}

// How far apart floats may be on another backend: exact for the rest.
double tolerance(DType d) {
  switch (d) {
    case DType::Float16:
    case DType::BFloat16: return 1e-2;
    case DType::Float32:
    case DType::Complex64: return 1e-5;
    case DType::Float64:
    case DType::Complex128: return 1e-12;
    default: return 0;
  }
}

std::string close_values(const Tensor& a, const Tensor& b) {
  const std::vector<double> x = values_of(a), y = values_of(b);
  const double tol = tolerance(a.dtype());
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i]))) continue;
    if (tol > 0 && std::fabs(x[i] - y[i]) <= tol * (1 + std::fabs(x[i]))) continue;
    return "values differ at " + std::to_string(i) + ": " + std::to_string(x[i]) + " vs " + std::to_string(y[i]);
  }
  return "";
}

// "" when `other`'s value (on device `dev`) agrees with the CPU's: the same
// geometry, recursively; the same values too unless `dev` is meta or
// `geometry_only` (random draws: each device has its own stream).
std::string compare(const std::string& label, const Value& cpu, const Value& other, Device dev, bool geometry_only) {
  if (cpu.is(Kind::Tensor)) {
    if (!other.is(Kind::Tensor)) return "no tensor";
    const Tensor &a = cpu.as_tensor(), &b = other.as_tensor();
    // linspace/logspace read 0-d tensor bounds as numbers: their result is on the default device, as PyTorch's.
    const bool on_default = b.device().is_cpu() && (label == "torch.linspace" || label == "torch.logspace");
    if (a.device().is_cpu() && b.device() != dev && !on_default) return "result on " + b.device().str();
    if (a.sizes() != b.sizes()) return "sizes differ";
    if (a.numel() > 1 && a.strides() != b.strides()) return "strides differ";
    if (a.dtype() != b.dtype()) return "dtypes differ";
    if (dev.is_meta() || geometry_only || !a.device().is_cpu()) return "";
    return close_values(a, b);
  }
  if (cpu.is(Kind::Tuple) || cpu.is(Kind::List) || cpu.is(Kind::NamedTuple)) {
    if (cpu.is(Kind::NamedTuple)) return other.is(Kind::NamedTuple) ? "" : "kind differs";
    if (!(other.is(Kind::Tuple) || other.is(Kind::List))) return "kind differs";
    if (cpu.items().size() != other.items().size()) return "lengths differ";
    for (size_t i = 0; i < cpu.items().size(); ++i)
      if (std::string d = compare(label, cpu.items()[i], other.items()[i], dev, geometry_only); !d.empty()) return d;
    return "";
  }
  if (cpu.is(Kind::Storage) || cpu.is(Kind::Generator)) return "";
  if (geometry_only && (cpu.is(Kind::Float) || cpu.is(Kind::Int) || cpu.is(Kind::Bool))) return "";
  return repr(cpu) == repr(other) ? "" : "values differ: " + repr(cpu) + " vs " + repr(other);
}

// Ops whose result says where the bytes are (an address, the device in a type
// name), not what the op computes: they differ between devices by design.
bool describes_device(const std::string& label) {
  return label == "Tensor.data_ptr" || label == "Tensor.type" || label == "Tensor.get_device" || label == "torch.get_device" ||
         label == "Tensor.is_cpu" || label == "Tensor.is_cuda" || label == "Tensor.cpu";
}

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// Random ops draw from each device's own generator, and empty ones hold
// whatever the memory held: only their geometry can agree.
bool draws(const std::string& label) {
  for (const char* r : {"rand", "normal", "bernoulli", "multinomial", "random_", "uniform_", "exponential_",
                        "geometric_", "cauchy_", "log_normal_", "poisson", "randperm", "randint", "empty"})
    if (contains(label, r)) return true;
  return false;
}

bool needs_values(const std::string& meta_error) {
  return contains(meta_error, "cannot be called on meta tensors") || contains(meta_error, "Cannot copy out of meta") ||
         contains(meta_error, "with Meta tensors") || contains(meta_error, "torch.nonzero()") ||
         contains(meta_error, "meta tensor without output_size");
}

// A check the CPU makes on values, which a device without values cannot make.
bool value_check(const std::string& cpu_error) {
  for (const char* m : {"out of bounds", "out of range", "ZeroDivisionError", "singular", "invalid multinomial",
                        "probability", "Expected p_in >= 0", "is zero and using it on lu_solve", "positive-definite",
                        "full rank", "should not contain infs or NaNs", "failed to converge", "q values must be in the range"})
    if (contains(cpu_error, m)) return true;
  return false;
}

// The stand-in device (--stand-in-device): host memory registered as the
// CUDA device type, with the CPU's kernels in its slots. It tests the value
// comparisons of this harness, and that no op mixes a CPU temporary into a
// device computation, on a machine without a GPU.
void start_stand_in_device() {
  static testing::StandInMemory memory;
  start_backends();
  register_allocator(DeviceType::CUDA, &memory);
  cpu::fill_slots(DeviceType::CUDA);
  cpu::cover_dtypes(DeviceType::CUDA);
  register_generator(DeviceType::CUDA, cpu::make_cpu_generator);
}

struct Tally {
  long cases = 0, agreed = 0, coverage = 0, missing = 0, values_needed = 0, value_checks = 0, mismatches = 0;
  std::set<std::string> missing_kernels;  // ops whose kernel this backend does not have yet
  std::set<std::string> ops_run, dtypes;
  std::map<std::string, std::string> mismatch;  // the first of each place
};

// One case on one other backend: the CPU's outcome against `dev`'s.
void judge(Tally& t, const std::string& where, const std::string& label, const Outcome& cpu, const Outcome& other,
           Device dev) {
  ++t.cases;
  std::string why;
  if (cpu.ok && other.ok) {
    why = describes_device(label) ? "" : compare(label, cpu.value, other.value, dev, draws(label));
    if (why.empty()) {
      ++t.agreed;
      t.ops_run.insert(label);
      return;
    }
  } else if (!cpu.ok && !other.ok && cpu.error == other.error) {
    ++t.agreed;
    return;
  } else if (!other.ok && contains(other.error, "to be on cpu, but it's on")) {
    ++t.agreed;  // an argument PyTorch reads on the host (tensor_split's indices): the device refuses it, as there
    return;
  } else if ((!cpu.ok && contains(cpu.error, "not implemented for")) ||
             (!other.ok && contains(other.error, "not implemented for"))) {
    ++t.coverage;  // each backend compiles its kernels for its own dtypes
    return;
  } else if (cpu.ok && !other.ok && contains(other.error, "Could not run '") &&
             contains(other.error, "with arguments from the '")) {
    ++t.missing;  // a kernel slot this backend has not filled yet: PyTorch's error, reported below
    const size_t q = other.error.find('\'') + 1;
    t.missing_kernels.insert(other.error.substr(q, other.error.find('\'', q) - q));
    return;
  } else if (dev.is_meta() && !other.ok && needs_values(other.error)) {
    ++t.values_needed;
    if (std::getenv("TSH_PARITY_VERBOSE")) std::printf("needs values: %s: %s\n", where.c_str(), other.error.substr(0, 80).c_str());
    return;
  } else if (dev.is_meta() && !cpu.ok && other.ok && value_check(cpu.error)) {
    ++t.value_checks;
    return;
  } else {
    why = "cpu " + (cpu.ok ? std::string("ok") : cpu.error) + " | " + dev.str() + " " +
          (other.ok ? std::string("ok") : other.error);
  }
  ++t.mismatches;
  t.mismatch.emplace(where + " on " + dev.str(), why);
}

bool tensor_input(const Case& c) {
  bool any = false;
  for (const Value& v : c.args)
    any |= v.is(Kind::Tensor) || (v.is(Kind::List) && !v.items().empty() && v.items()[0].is(Kind::Tensor));
  for (const auto& kv : c.kwargs) any |= kv.second.is(Kind::Tensor);
  return any;
}

}  // namespace

// Reductions long enough to take the chunked path of the CUDA kernels (blocks over 4096 elements),
// which the small generated cases never reach: sums of integers in float64 are exact on both.
bool others_have_cuda(bool stand_in) { return stand_in || (accelerator() && accelerator()->device_count() > 0); }

// 0, 1, ..., 9, 0, 1, ... with NaN at 25000 and 27000 (float64): maxima, minima and NaNs repeat across lanes.
Tensor remainder_free_ties(int64_t n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<double>(i % 10);
  v[25000] = v[27000] = std::nan("");
  return tensor_of<double>(v, Shape{n}, DType::Float64, Device{});
}

int large_reductions(Device dev) {
  int failures = 0;
  const Tensor cpu_t = arange(Scalar(int64_t{0}), Scalar(int64_t{30000}), Scalar(int64_t{1}), DType::Float64);
  const Tensor m = view(cpu_t, {3, 10000});
  const Tensor dm = to(m, std::nullopt, dev);
  auto same = [&](const char* what, const Tensor& a, const Tensor& b) {
    const std::vector<double> x = host_values<double>(contiguous(to(a, DType::Float64, std::nullopt)));
    const std::vector<double> y = host_values<double>(contiguous(to(to(b, std::nullopt, Device{}), DType::Float64, std::nullopt)));
    if (x != y) {
      std::printf("MISMATCH large reduction %s on %s\n", what, dev.str().c_str());
      ++failures;
    }
  };
  same("sum", sum(m), sum(dm));
  same("sum(dim=1)", sum(m, OptDims{std::vector<int64_t>{1}}), sum(dm, OptDims{std::vector<int64_t>{1}}));
  same("sum(dim=0) of the transpose", sum(tsh::t(m), OptDims{std::vector<int64_t>{0}}),
       sum(tsh::t(dm), OptDims{std::vector<int64_t>{0}}));
  same("amax", amax(m), amax(dm));
  same("argmax", argmax(m), argmax(dm));
  same("argmax(dim=1)", argmax(m, int64_t{1}), argmax(dm, int64_t{1}));
  same("all", all(m), all(dm));
  // Ties and NaNs across lanes: the first maximum and the first NaN win wherever they fall.
  const Tensor flat = remainder_free_ties(30000);
  const Tensor dflat = to(flat, std::nullopt, dev);
  same("argmax with ties", argmax(flat), argmax(dflat));
  same("argmin with ties", argmin(flat), argmin(dflat));
  same("max(dim) with ties", max(view(flat, {3, 10000}), 1).indices, max(view(dflat, {3, 10000}), 1).indices);
  return failures;
}

// The device's random fills have the right distributions (their values are the device's own stream,
// so the case-by-case comparison checks geometry only): moments of 200,000 draws.
int random_moments(Device dev) {
  int failures = 0;
  auto moments = [&](const char* what, const Tensor& t, double mean, double var) {
    const std::vector<double> v = host_values<double>(contiguous(to(to(t, std::nullopt, Device{}), DType::Float64, std::nullopt)));
    double m = 0, s = 0;
    for (double x : v) m += x;
    m /= static_cast<double>(v.size());
    for (double x : v) s += (x - m) * (x - m);
    s /= static_cast<double>(v.size());
    if (std::fabs(m - mean) > 0.02 * std::max(1.0, std::sqrt(var)) || std::fabs(s - var) > 0.05 * std::max(1.0, var)) {
      std::printf("MISMATCH random moments %s on %s: mean %g (want %g), variance %g (want %g)\n", what,
                  dev.str().c_str(), m, mean, s, var);
      ++failures;
    }
  };
  const Shape n{200000};
  moments("uniform_", uniform_(empty(n, DType::Float32, dev), 0, 1), 0.5, 1.0 / 12);
  moments("uniform_ float64", uniform_(empty(n, DType::Float64, dev), -2, 2), 0.0, 16.0 / 12);
  moments("normal_", normal_(empty(n, DType::Float32, dev), 0, 1), 0.0, 1.0);
  moments("normal_ float16", normal_(empty(n, DType::Float16, dev), 3, 2), 3.0, 4.0);
  moments("exponential_", exponential_(empty(n, DType::Float64, dev), 2), 0.5, 0.25);
  moments("bernoulli_", bernoulli_(empty(n, DType::Float32, dev), 0.3), 0.3, 0.21);
  moments("randint", randint(0, 10, n, DType::Int64, dev), 4.5, 8.25);
  moments("poisson (rate 3)", poisson(full(n, Scalar(3.0), DType::Float32, dev)), 3.0, 3.0);
  moments("poisson (rate 40)", poisson(full(n, Scalar(40.0), DType::Float64, dev)), 40.0, 40.0);
  moments("randperm", randperm(200000, DType::Int64, dev), 99999.5, (200000.0 * 200000.0 - 1) / 12);
  {  // a permutation: every value exactly once
    std::vector<double> v = host_values<double>(
        contiguous(to(to(randperm(1000, DType::Int64, dev), std::nullopt, Device{}), DType::Float64, std::nullopt)));
    std::sort(v.begin(), v.end());
    for (int i = 0; i < 1000; ++i)
      if (v[i] != i) {
        std::printf("MISMATCH randperm on %s is not a permutation\n", dev.str().c_str());
        ++failures;
        break;
      }
  }
  {  // multinomial: category frequencies follow the weights; without replacement never repeats
    const Tensor w = to(arange(Scalar(int64_t{1}), Scalar(int64_t{5}), Scalar(int64_t{1}), DType::Float32), std::nullopt, dev);
    moments("multinomial with replacement", multinomial(w, 200000, true), 2.0, 1.0);
    std::vector<double> picks = host_values<double>(
        contiguous(to(to(multinomial(w, 4, false), std::nullopt, Device{}), DType::Float64, std::nullopt)));
    std::sort(picks.begin(), picks.end());
    if (picks != std::vector<double>{0, 1, 2, 3}) {
      std::printf("MISMATCH multinomial without replacement on %s repeats a category\n", dev.str().c_str());
      ++failures;
    }
  }
  return failures;
}

// torch.nn.functional's convolutions, pooling, resizing, normalisation and attention, and the engine
// window and recurrent ops under them (_im2col, _col2im, _max_pool2d, _lstm_pointwise, _lstm_layer): not registry entries, so the
// generated cases above never reach them. Each expression runs on the CPU and then with its operands
// moved to each other backend (a backend without the window kernels runs their composed path),
// forward and through autograd.
const char* kNnOperands = R"(import torch
import torch.nn.functional as F
torch.manual_seed(0)
x1 = torch.randn(2, 3, 10)
x2 = torch.randn(2, 3, 7, 8)
x2t = torch.randn(2, 7, 8, 3).permute(0, 3, 1, 2)
x2d = torch.randn(2, 3, 7, 8, dtype=torch.float64)
x3 = torch.randn(1, 2, 5, 6, 7)
w1 = torch.randn(4, 3, 3)
w2 = torch.randn(4, 3, 3, 3)
w2g = torch.randn(6, 1, 3, 3)
w2d = torch.randn(4, 3, 2, 3, dtype=torch.float64)
w3 = torch.randn(4, 2, 2, 3, 3)
wt = torch.randn(3, 4, 3, 3)
b4 = torch.randn(4)
cols = torch.randn(2, 27, 16)
running_mean = torch.zeros(3)
running_var = torch.ones(3)
q = torch.randn(2, 2, 5, 4)
k = torch.randn(2, 2, 6, 4)
v = torch.randn(2, 2, 6, 4)
gates = torch.randn(3, 8)
cell = torch.randn(3, 2)
grid = torch.rand(2, 4, 5, 2) * 2 - 1
projected = torch.randn(4, 3, 8)
h0 = torch.randn(3, 2)
c0 = torch.randn(3, 2)
w_hh = torch.randn(8, 2)
)";

const std::vector<std::string> kNnExpressions = {
    "F.conv1d(x1, w1, b4, stride=2, padding=1)",
    "F.conv1d(x1, w1, padding='same', dilation=2)",
    "F.conv2d(x2, w2, b4, padding=1)",
    "F.conv2d(x2t, w2, b4, stride=(2, 1), padding=(0, 2), dilation=(1, 2))",
    "F.conv2d(x2, w2g, groups=3, padding='same')",
    "F.conv2d(x2d, w2d, stride=2)",
    "F.conv3d(x3, w3, b4, padding=1)",
    "F.conv_transpose2d(x2, wt, stride=2, padding=1, output_padding=1)",
    "F.unfold(x2t, 3, dilation=(1, 2), padding=1, stride=2)",
    "F.fold(cols, (7, 8), 3, padding=1, stride=(2, 2))",
    "torch.nn.functional._im2col(x2, (2, 3), (1, 1), (1, 0), (2, 1))",
    "torch.nn.functional._col2im(cols, (7, 8), (3, 3), (1, 1), (1, 1), (2, 2))",
    "F.max_pool1d(x1, 3, 2, return_indices=True)",
    "F.max_pool2d(x2, 2, return_indices=True)",
    "F.max_pool2d(x2t, 3, stride=2, padding=1, dilation=1, ceil_mode=True, return_indices=True)",
    "F.max_pool2d(x2d, (3, 2), stride=1, padding=1, dilation=(2, 1))",
    "F.max_pool3d(x3, 2, return_indices=True)",
    "F.max_unpool2d(*F.max_pool2d(x2, 2, return_indices=True), 2)",
    "F.avg_pool2d(x2, 3, stride=2, padding=1, count_include_pad=False)",
    "F.avg_pool2d(x2t, 2, ceil_mode=True)",
    "F.adaptive_avg_pool2d(x2, (3, 5))",
    "F.adaptive_max_pool2d(x2t, (4, 3), return_indices=True)",
    "F.lp_pool2d(x2, 2, 2)",
    "F.pad(x2, (1, 2, 2, 1), mode='reflect')",
    "F.pad(x2t, (1, 2, 2, 1), mode='replicate')",
    "F.pad(x2, (1, 2, 2, 1), mode='circular')",
    "F.interpolate(x2, scale_factor=2, mode='nearest')",
    "F.interpolate(x2t, size=(5, 11), mode='bilinear', align_corners=True)",
    "F.interpolate(x2, scale_factor=1.5, mode='bicubic')",
    "F.interpolate(x2, size=(3, 3), mode='area')",
    "F.interpolate(x3, scale_factor=2, mode='trilinear')",
    "F.grid_sample(x2[:, :, :, :], grid, align_corners=False)",
    "F.pixel_shuffle(torch.cat([x2, x2, x2, x2], 1), 2)",
    "F.batch_norm(x2t, running_mean, running_var, training=True)",
    "F.batch_norm(x2, running_mean, running_var)",
    "F.layer_norm(x2t, (7, 8))",
    "F.group_norm(x2, 3)",
    "F.instance_norm(x2t)",
    "F.rms_norm(x2, (8,))",
    "F.local_response_norm(x2, 2)",
    "F.scaled_dot_product_attention(q, k, v)",
    "F.scaled_dot_product_attention(q, q, q, is_causal=True)",
    "torch.nn.functional._lstm_pointwise(gates, cell)",
    "torch.nn.functional._lstm_layer(projected, h0, c0, w_hh, False)",
    "torch.nn.functional._lstm_layer(projected, h0, c0, w_hh, True)",
    "torch.autograd.grad(F.conv2d(x2.requires_grad_(), w2.requires_grad_(), b4, padding=1).square().sum(), [x2, w2])",
    "torch.autograd.grad(F.conv_transpose2d(x2.requires_grad_(), wt, stride=2).sum(), x2)",
    "torch.autograd.grad(F.max_pool2d(x2t.requires_grad_(), 3, 2, 1).sum(), x2t)",
    "torch.autograd.grad(F.fold(cols.requires_grad_(), (7, 8), 3, padding=1, stride=2).square().sum(), cols)",
    "torch.autograd.grad(F.avg_pool2d(x2.requires_grad_(), 2).square().sum(), x2)",
    "torch.autograd.grad(F.interpolate(x2.requires_grad_(), scale_factor=2, mode='bilinear').square().sum(), x2)",
    "torch.autograd.grad((F.batch_norm(x2.requires_grad_(), None, None, training=True) * x2d.float()).sum(), x2)",
    "torch.autograd.grad(sum(t.square().sum() for t in torch.nn.functional._lstm_pointwise(gates.requires_grad_(), cell.requires_grad_())), [gates, cell])",
};

void nn_cases(Interpreter& in, const std::vector<Device>& others, std::map<std::string, Tally>& tallies) {
  auto exec = [&](const std::string& source) {
    grammar::ParseResult p = grammar::parse(source);
    if (p.error) throw std::runtime_error("parity nn case does not parse: " + source);
    in.exec_module(p.stmts);
  };
  exec(kNnOperands);
  std::map<std::string, Tensor> operands;  // the CPU originals, moved afresh for every case
  for (const auto& [name, v] : in.globals())
    if (v.is(Kind::Tensor)) operands.emplace(name, v.as_tensor());
  auto outcome = [&](const std::string& expr, Device dev) {
    Storages storages;
    for (const auto& [name, t] : operands) in.globals()[name] = Value::tensor(twin(t, dev, storages));
    return outcome_of([&] {
      exec("parity_result = " + expr);
      return in.globals()["parity_result"];
    });
  };
  for (const std::string& expr : kNnExpressions) {
    const Outcome cpu = outcome(expr, Device{});
    if (!cpu.ok) {  // every expression here is valid: the CPU must run it
      ++tallies["cpu"].mismatches;
      tallies["cpu"].mismatch.emplace("nn: " + expr, cpu.error);
      continue;
    }
    const std::string label = "nn: " + expr.substr(0, expr.find('('));
    for (const Device dev : others) judge(tallies[dev.str()], "nn: " + expr, label, cpu, outcome(expr, dev), dev);
  }
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const bool stand_in = mode == "--stand-in-device" || mode == "--cuda-on-host";
  if (stand_in) start_stand_in_device();
  // The CUDA backend's kernels, built for the host, over the stand-in's host memory.
  if (mode == "--cuda-on-host") {
    cuda::kernels_on_host::fill_slots(DeviceType::CUDA);
    cuda::kernels_on_host::fill_random_slots(DeviceType::CUDA);
    register_generator(DeviceType::CUDA, cuda::make_generator);
  }
  int large_failures = others_have_cuda(stand_in) ? large_reductions(Device::parse("cuda:0")) : 0;
  if (mode == "--cuda-on-host" || (!stand_in && others_have_cuda(false)))
    large_failures += random_moments(Device::parse("cuda:0"));
  // Every backend but the CPU: meta always, CUDA when there is one.
  std::vector<Device> others{Device::parse("meta")};
  if (stand_in || (accelerator() && accelerator()->device_count() > 0)) others.push_back(Device::parse("cuda:0"));

  Interpreter in(Output{[](std::string_view) {}, [](std::string_view) {}});
  const std::vector<Operand> operands = pool();
  std::set<std::string> ops_all, uncovered;
  std::map<std::string, Tally> tallies;  // per backend

  for (int method = 0; method < 2; ++method) {
    const Registry& r = registry();
    for (const std::string& name : method ? r.method_names() : r.function_names()) {
      if (kSkipped.count(name)) continue;
      const std::string label = (method ? "Tensor." : "torch.") + name;
      ops_all.insert(label);
      const auto* overloads = method ? r.methods(name) : r.functions(name);
      bool any_ok = false;
      for (const OpEntry* e : *overloads) {
        bool has_device = false;  // factory functions: the other run asks for its device
        for (const Param& p : e->sig.params) has_device |= p.name == "device";
        bool has_out = false;
        for (const Param& p : e->sig.params) has_out |= p.name == "out";
        for (const Operand& op : operands) {
          for (int variant = 0; variant < 3; ++variant) {
            Case c;
            if (!make_case(e->sig, method, op.t, variant, c)) continue;
            const bool inputs = tensor_input(c);
            if (!inputs && !has_device) continue;  // nothing would put it on another device
            const std::string where =
                label + " (" + op.name + (variant ? ", variant " + std::to_string(variant) : std::string()) + ")";
            // Each run gets its own operands: in-place ops must not change the pool.
            Storages cpu_storages;
            Args cargs;
            Kwargs ckw;
            for (const Value& v : c.args) cargs.push_back(twin(v, Device{}, cpu_storages));
            for (auto& [k, v] : c.kwargs) ckw.emplace_back(k, twin(v, Device{}, cpu_storages));
            const Outcome cpu = run(in, *overloads, method, cargs, ckw);
            if (std::string o = overrun(cpu_storages); !o.empty()) {
              Tally& t = tallies["cpu"];
              ++t.mismatches;
              t.mismatch.emplace(where, o);
              continue;
            }
            any_ok |= cpu.ok;
            for (const Device dev : others) {
              Tally& t = tallies[dev.str()];
              t.dtypes.insert(std::string(dtype_name(op.t.dtype())));
              Storages storages;
              Args args;
              Kwargs kw;
              for (const Value& v : c.args) args.push_back(twin(v, dev, storages));
              for (auto& [k, v] : c.kwargs) kw.emplace_back(k, twin(v, dev, storages));
              if (!inputs) kw.emplace_back("device", Value::device(dev));
              judge(t, where, label, cpu, run(in, *overloads, method, args, kw), dev);
              // out=: the same op writing into a tensor of the CPU result's geometry.
              if (!method && has_out && cpu.ok && cpu.value.is(Kind::Tensor)) {
                const Tensor& res = cpu.value.as_tensor();
                Kwargs ck = ckw, ok = kw;
                ck.emplace_back("out", Value::tensor(empty(res.sizes(), res.dtype(), Device{})));
                ok.emplace_back("out", Value::tensor(empty(res.sizes(), res.dtype(), dev)));
                judge(t, where + " out=", label, run(in, *overloads, false, cargs, ck),
                      run(in, *overloads, false, args, ok), dev);
              }
            }
          }
        }
      }
      if (!any_ok) uncovered.insert(label);
    }
  }

  nn_cases(in, others, tallies);

  long mismatches = tallies["cpu"].mismatches;
  for (auto& [where, why] : tallies["cpu"].mismatch) std::printf("CPU %s: %s\n", where.c_str(), why.c_str());
  for (const Device dev : others) {
    const Tally& t = tallies[dev.str()];
    for (auto& [where, why] : t.mismatch) std::printf("MISMATCH %s: %s\n", where.c_str(), why.c_str());
    std::printf("parity cpu vs %s: %zu ops x %zu dtypes x %ld cases checked: %ld agree, %ld dtype coverage of one "
                "backend only, %ld need values (meta refuses, as PyTorch), %ld value checks only the cpu can make, "
                "%ld mismatches\n",
                dev.str().c_str(), t.ops_run.size(), t.dtypes.size(), t.cases, t.agreed, t.coverage, t.values_needed,
                t.value_checks, t.mismatches);
    if (t.missing > 0) {
      std::printf("  %ld cases met a kernel %s does not have yet:", t.missing, dev.str().c_str());
      for (const std::string& k : t.missing_kernels) std::printf(" %s", k.c_str());
      std::printf("\n");
    }
    mismatches += t.mismatches;
  }
  std::printf("not covered by any generated case (%zu of %zu):", uncovered.size(), ops_all.size());
  for (const std::string& u : uncovered) std::printf(" %s", u.c_str());
  std::printf("\n");
  return mismatches == 0 && large_failures == 0 ? 0 : 1;
}
