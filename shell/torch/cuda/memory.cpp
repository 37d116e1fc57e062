// shell/torch/cuda/memory.cpp — torch.cuda's memory functions over the runtime's caching
// allocator figures (torch/cuda/memory.py): empty_cache, memory_stats,
// memory_allocated & co., the resets, memory_summary and mem_get_info.
//
// As in PyTorch, the statistics never start the driver: before it has
// started memory_stats() is an empty OrderedDict whatever the device, so
// memory_allocated() is 0, and memory_summary() fails on its first key.
#include <cstdio>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda/module.h"

namespace tsh::shell {

namespace {

// The caching allocator's check of a device index (CUDACachingAllocator.cpp):
// before initialisation it has no devices. PyTorch streams the int8 index
// into the message as a character, so index 0 ends the message (a NUL) and
// a negative one is a byte Python cannot decode.
void check_allocator_device(int index) {
  if (gpu().initialized() && index >= 0 && index < gpu().device_count()) return;
  const auto byte = static_cast<unsigned char>(static_cast<int8_t>(index));
  if (byte == 0) throw RuntimeError("Invalid device argument ");
  if (byte >= 0x80) {
    // The byte sits at position 24, before ": did you call init?".
    const bool lead = byte >= 0xc2 && byte <= 0xf4;  // a lead byte, then ':' is not a continuation
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", byte);
    throw PyError("UnicodeDecodeError", std::string("'utf-8' codec can't decode byte ") + hex + " in position 24: " +
                                            (lead ? "invalid continuation byte" : "invalid start byte"));
  }
  throw RuntimeError(std::string("Invalid device argument ") + static_cast<char>(byte) + ": did you call init?");
}

// memory_stats: PyTorch's flat key names for the figures the runtime keeps,
// sorted as PyTorch sorts them. PyTorch has more keys (the large_pool and
// small_pool splits, the allocated/freed totals of each figure, ...); the
// runtime does not count those, so they are absent rather than 0.
Value memory_stats(Interpreter& in, const Value& device) {
  Value out = make_dict();
  DictObj& d = dict_of(out);
  d.flavor = DictObj::Flavor::OrderedDict;
  d.cls = in.lookup_module("collections").as<ModuleObj>()->attrs.at("OrderedDict");  // PyTorch imports it too
  if (!gpu().initialized()) return out;
  const int i = unpack_device_index(cuda_device_index(in, device, true), "memory_allocated");
  check_allocator_device(i);
  const AcceleratorMemory m = gpu().memory(i);
  const std::map<std::string, int64_t> stats = {
      {"active.all.current", m.active_blocks},
      {"allocated_bytes.all.current", m.allocated},
      {"allocated_bytes.all.peak", m.allocated_peak},
      {"allocation.all.allocated", m.alloc_count},
      {"allocation.all.freed", m.free_count},
      {"inactive_split_bytes.all.current", m.inactive_split_bytes},
      {"num_alloc_retries", m.alloc_retries},
      {"num_ooms", m.ooms},
      {"requested_bytes.all.current", m.requested},
      {"requested_bytes.all.peak", m.requested_peak},
      {"reserved_bytes.all.current", m.reserved},
      {"reserved_bytes.all.peak", m.reserved_peak},
      {"segment.all.current", m.segments},
  };
  for (const auto& [k, v] : stats) d.set(Value::str(k), Value::integer(v));
  return out;
}

Value stat(Interpreter& in, const std::string& fname, const std::string& key, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params(fname, a, kw, {"device"}, 0);
  const Value stats = memory_stats(in, v[0]);
  const Value* found = dict_of(stats).find(Value::str(key));
  return found ? *found : Value::integer(0);
}

}  // namespace

void install_cuda_memory(std::map<std::string, Value>& cuda) {
  def_function(cuda, "empty_cache", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("empty_cache", a, kw, {}, 0);
    if (gpu().initialized()) gpu().empty_cache();
    return Value();
  });
  def_function(cuda, "memory_stats", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("memory_stats", a, kw, {"device"}, 0);
    return memory_stats(in, v[0]);
  });
  struct Stat {
    const char* fname;
    const char* key;
  };
  for (Stat s : {Stat{"memory_allocated", "allocated_bytes.all.current"}, {"max_memory_allocated", "allocated_bytes.all.peak"},
                 {"memory_reserved", "reserved_bytes.all.current"}, {"max_memory_reserved", "reserved_bytes.all.peak"}}) {
    const std::string fname = s.fname, key = s.key;
    def_function(cuda, fname, [fname, key](Interpreter& in, Args& a, Kwargs& kw) { return stat(in, fname, key, a, kw); });
  }
  def_function(cuda, "reset_peak_memory_stats", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("reset_peak_memory_stats", a, kw, {"device"}, 0);
    const int i = unpack_device_index(cuda_device_index(in, v[0], true), "reset_peak_memory_stats");
    check_allocator_device(i);
    gpu().reset_peak_memory(i);
    return Value();
  });
  def_function(cuda, "reset_accumulated_memory_stats", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("reset_accumulated_memory_stats", a, kw, {"device"}, 0);
    const int i = unpack_device_index(cuda_device_index(in, v[0], true), "reset_accumulated_memory_stats");
    check_allocator_device(i);
    gpu().reset_accumulated_memory(i);
    return Value();
  });
  def_function(cuda, "memory_summary", [](Interpreter& in, Args& a, Kwargs& kw) -> Value {
    std::vector<Value> v = bind_params("memory_summary", a, kw, {"device", "abbreviated"}, 0);
    const Value stats = memory_stats(in, cuda_device_index(in, v[0], true));
    // PyTorch's table reads "allocated_bytes.all.current" first: without a started driver that key is missing.
    if (!dict_of(stats).find(Value::str("allocated_bytes.all.current"))) key_error(Value::str("allocated_bytes.all.current"));
    throw NotImplementedError(
        "torch.cuda.memory_summary: tsh's allocator does not keep the per-pool and cumulative figures PyTorch's "
        "table shows; torch.cuda.memory_stats() has the ones it keeps");
  });
  def_function(cuda, "mem_get_info", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("mem_get_info", a, kw, {"device"}, 0);
    Value device = v[0].is_none() ? Value::integer(gpu().current_device()) : v[0];
    const Value idx = cuda_device_index(in, device, true);
    if (idx.is_none()) throw TypeError("cudaMemGetInfo(): incompatible function arguments");
    int64_t free_bytes = 0, total_bytes = 0;
    gpu().mem_get_info(static_cast<int>(idx.as_int()), free_bytes, total_bytes);
    return Value::tuple({Value::integer(free_bytes), Value::integer(total_bytes)});
  });
}

}  // namespace tsh::shell
