// tests/parity/parity.cpp — every op of the registry, run on every backend, compared with the CPU.
//
// In the spirit of ggml's test-backend-ops. For each torch function and
// Tensor method in the op registry, and each overload, cases are generated
// from the signature: every tensor parameter takes each operand of a pool
// (each dtype, contiguous, transposed, sliced, expanded, zero-size, 0-d,
// broadcast), the other parameters simple values (ints 0 and 1, dims -1,
// shapes, 0.5, 2, False, float64), `out=` when the op has it. Each case runs
// on the CPU and then, with every tensor moved, on each other backend:
//
//   meta (always): the results must have the CPU's sizes, strides and dtypes,
//     and the same error where the CPU raised one. Three differences are
//     PyTorch's own and are counted, not failed: the CPU's "not implemented
//     for" dtype coverage (meta has no kernels, so no coverage); an op that
//     needs values (item(), nonzero, unique, ...) refuses meta tensors with
//     PyTorch's messages; a check of values (an index out of range) that the
//     CPU makes and meta cannot.
//
// It prints `ops × dtypes × cases` checked, and the ops no case reached.
// Exit status 1 on any mismatch.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/torch/registry.h"

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

// Ops that change the session's global state or print: not run.
const std::set<std::string> kSkipped = {
    "manual_seed", "seed", "set_rng_state", "set_printoptions", "set_default_dtype", "set_default_device",
    "set_num_threads", "set_num_interop_threads", "use_deterministic_algorithms", "set_default_tensor_type",
    "set_flush_denormal", "save", "load", "set_", "resize_", "resize_as_"};

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
constexpr uint8_t kSentinel = 0xA5;
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

Outcome run(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool method, Args args, Kwargs kwargs) {
  Outcome o;
  if (std::getenv("TSH_PARITY_TRACE")) std::fprintf(stderr, "%s%s\n", method ? "Tensor." : "torch.", overloads[0]->sig.text.c_str());
  try {
    o.value = registry().call(in, overloads, method, args, kwargs);
    o.ok = true;
  } catch (const tsh::Error& e) {
    o.error = std::string(e.kind()) + ": " + e.what();
  } catch (const std::exception& e) {
    o.error = std::string("exception: ") + e.what();
  }
  return o;
}

// "" when the meta value has the CPU value's geometry (recursively), else what differs.
std::string compare_meta(const Value& cpu, const Value& meta) {
  if (cpu.is(Kind::Tensor)) {
    if (!meta.is(Kind::Tensor)) return "meta gave no tensor";
    const Tensor &a = cpu.as_tensor(), &b = meta.as_tensor();
    if (!b.device().is_meta() && !a.device().is_cpu()) return "";
    if (a.device().is_cpu() && !b.device().is_meta()) return "meta result on " + b.device().str();
    if (a.sizes() != b.sizes()) return "sizes differ";
    if (a.numel() > 1 && a.strides() != b.strides()) return "strides differ";
    if (a.dtype() != b.dtype()) return "dtypes differ";
    return "";
  }
  if (cpu.is(Kind::Tuple) || cpu.is(Kind::List) || cpu.is(Kind::NamedTuple)) {
    if (cpu.is(Kind::NamedTuple)) return repr(cpu).size() && meta.is(Kind::NamedTuple) ? "" : "kind differs";
    if (!(meta.is(Kind::Tuple) || meta.is(Kind::List))) return "kind differs";
    if (cpu.items().size() != meta.items().size()) return "lengths differ";
    for (size_t i = 0; i < cpu.items().size(); ++i)
      if (std::string d = compare_meta(cpu.items()[i], meta.items()[i]); !d.empty()) return d;
    return "";
  }
  if (cpu.is(Kind::Storage) || cpu.is(Kind::Generator)) return "";
  return repr(cpu) == repr(meta) ? "" : "values differ: " + repr(cpu) + " vs " + repr(meta);
}

// Ops whose result says where the bytes are (an address, the device in a type
// name), not what the op computes: they differ between devices by design.
bool describes_device(const std::string& label) {
  return label == "Tensor.data_ptr" || label == "Tensor.type" || label == "Tensor.get_device";
}

bool contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

bool needs_values(const std::string& meta_error) {
  return contains(meta_error, "cannot be called on meta tensors") || contains(meta_error, "Cannot copy out of meta") ||
         contains(meta_error, "with Meta tensors") || contains(meta_error, "torch.nonzero()") ||
         contains(meta_error, "meta tensor without output_size");
}

}  // namespace

int main() {
  Interpreter in(Output{[](std::string_view) {}, [](std::string_view) {}});
  const std::vector<Operand> operands = pool();
  const Device meta = Device::parse("meta");
  std::set<std::string> ops_run, ops_all, dtypes_seen, uncovered;
  long cases = 0, agreed = 0, coverage = 0, values_needed = 0, value_checks = 0, mismatches = 0;
  std::map<std::string, std::string> first_mismatch;

  for (int method = 0; method < 2; ++method) {
    const Registry& r = registry();
    for (const std::string& name : method ? r.method_names() : r.function_names()) {
      if (kSkipped.count(name)) continue;
      const std::string label = (method ? "Tensor." : "torch.") + name;
      ops_all.insert(label);
      const auto* overloads = method ? r.methods(name) : r.functions(name);
      bool any_ok = false;
      for (const OpEntry* e : *overloads) {
        for (const Operand& op : operands) {
          for (int variant = 0; variant < 3; ++variant) {
            Case c;
            if (!make_case(e->sig, method, op.t, variant, c)) continue;
            // Factory functions: the meta run asks for its device.
            bool has_device = false;
            for (const Param& p : e->sig.params) has_device |= p.name == "device";
            // Each run gets its own operands: in-place ops must not change the pool.
            Storages cpu_storages, meta_storages;
            Args cargs, margs;
            Kwargs ckw, mkw;
            for (const Value& v : c.args) {
              cargs.push_back(twin(v, Device{}, cpu_storages));
              margs.push_back(twin(v, meta, meta_storages));
            }
            for (auto& [k, v] : c.kwargs) {
              ckw.emplace_back(k, twin(v, Device{}, cpu_storages));
              mkw.emplace_back(k, twin(v, meta, meta_storages));
            }
            Outcome cpu = run(in, *overloads, method, cargs, ckw);
            if (std::string o = overrun(cpu_storages); !o.empty()) {
              ++mismatches;
              first_mismatch.emplace(label + " (" + op.name + ")", o);
              continue;
            }
            bool tensor_input = false;
            for (const Value& v : c.args)
              tensor_input |= v.is(Kind::Tensor) || (v.is(Kind::List) && !v.items().empty() && v.items()[0].is(Kind::Tensor));
            for (auto& kv : c.kwargs) tensor_input |= kv.second.is(Kind::Tensor);
            if (!tensor_input) {
              if (!has_device) continue;  // nothing puts it on meta
              mkw.emplace_back("device", Value::device(meta));
            }
            Outcome m = run(in, *overloads, method, margs, mkw);
            ++cases;
            dtypes_seen.insert(std::string(dtype_name(op.t.dtype())));
            std::string why;
            if (cpu.ok && m.ok) {
              why = describes_device(label) ? "" : compare_meta(cpu.value, m.value);
              if (why.empty()) {
                ++agreed;
                any_ok = true;
                ops_run.insert(label);
                // out=: the same op writing into a tensor of the result's geometry.
                if (!method && cpu.value.is(Kind::Tensor)) {
                  for (const Param& p : e->sig.params) {
                    if (p.name != "out") continue;
                    const Tensor& res = cpu.value.as_tensor();
                    Kwargs ck = ckw, mk = mkw;
                    ck.emplace_back("out", Value::tensor(empty(res.sizes(), res.dtype(), Device{})));
                    mk.emplace_back("out", Value::tensor(empty(res.sizes(), res.dtype(), meta)));
                    Outcome co = run(in, *overloads, false, cargs, ck), mo = run(in, *overloads, false, margs, mk);
                    ++cases;
                    std::string w = co.ok && mo.ok ? compare_meta(co.value, mo.value)
                                    : co.ok != mo.ok ? "out=: " + (co.ok ? mo.error : co.error)
                                                     : (co.error == mo.error ? "" : "out= errors differ");
                    if (w.empty()) ++agreed;
                    else if (!co.ok && contains(co.error, "not implemented for")) ++coverage;
                    else if (!mo.ok && needs_values(mo.error)) ++values_needed;
                    else {
                      ++mismatches;
                      first_mismatch.emplace(label + " out= (" + op.name + ")", w);
                    }
                  }
                }
                continue;
              }
            } else if (!cpu.ok && !m.ok && cpu.error == m.error) {
              ++agreed;
              continue;
            } else if (!cpu.ok && contains(cpu.error, "not implemented for")) {
              ++coverage;
              continue;
            } else if (!m.ok && needs_values(m.error)) {
              ++values_needed;
              if (std::getenv("TSH_PARITY_VERBOSE"))
                std::printf("needs values: %s (%s): %s\n", label.c_str(), op.name.c_str(), m.error.substr(0, 80).c_str());
              continue;
            } else if (!cpu.ok && m.ok &&
                       (contains(cpu.error, "out of bounds") || contains(cpu.error, "out of range") ||
                        contains(cpu.error, "ZeroDivisionError") || contains(cpu.error, "singular") ||
                        contains(cpu.error, "invalid multinomial") || contains(cpu.error, "probability") ||
                        contains(cpu.error, "Expected p_in >= 0"))) {
              ++value_checks;
              continue;
            } else {
              why = "cpu " + (cpu.ok ? std::string("ok") : cpu.error) + " | meta " + (m.ok ? std::string("ok") : m.error);
            }
            ++mismatches;
            first_mismatch.emplace(label + " (" + op.name + (variant ? ", variant " + std::to_string(variant) : std::string()) + ")", why);
          }
        }
      }
      if (!any_ok) uncovered.insert(label);
    }
  }

  for (auto& [where, why] : first_mismatch) std::printf("MISMATCH %s: %s\n", where.c_str(), why.c_str());
  std::printf("parity cpu vs meta: %zu ops x %zu dtypes x %ld cases checked: %ld agree, %ld cpu-only dtype coverage, "
              "%ld need values (meta refuses, as PyTorch), %ld value checks the cpu makes, %ld mismatches\n",
              ops_run.size(), dtypes_seen.size(), cases, agreed, coverage, values_needed, value_checks, mismatches);
  std::printf("not covered by any generated case (%zu of %zu):", uncovered.size(), ops_all.size());
  for (const std::string& u : uncovered) std::printf(" %s", u.c_str());
  std::printf("\n");
  return mismatches == 0 ? 0 : 1;
}
