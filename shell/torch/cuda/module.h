// shell/torch/cuda/module.h — torch.cuda over the Accelerator interface (engine/core/accelerator.h).
//
// In a build without a GPU backend accelerator() is null and torch.cuda is
// what it always was in tsh: is_available() False, device_count() 0, the
// legacy types and contexts answering "Torch not compiled with CUDA enabled".
// With a runtime registered, torch.cuda follows PyTorch 2.15's Python code
// (torch/cuda/__init__.py, streams.py, memory.py): the same laziness (what
// initialises the driver and what does not), argument handling and errors,
// so that on a machine without a driver it answers as PyTorch's CUDA build does.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "engine/core/accelerator.h"
#include "engine/core/error.h"
#include "shell/python/value.h"

namespace tsh::shell {

// Fills torch.cuda (and torch.backends in a CUDA build); torch_attrs is the torch module's table.
void install_cuda_module(std::map<std::string, Value>& torch_attrs);

// torch.manual_seed and torch.seed also seed every CUDA device, lazily (torch.cuda.manual_seed_all).
void cuda_manual_seed_all_hook(const Value& seed);

// ---- shared by the cuda_*.cpp files (only used when accelerator() is not null) ----

// The registered runtime.
Accelerator& gpu();

// torch.cuda._utils._get_device_index(device, optional, allow_cpu), as Python
// runs it: an int (or bool) comes back as it is, a str or torch.device gives
// its index (the current device's for "cuda" when optional), None gives the
// current device when optional, and without a GPU the "current device" is
// None. Returns that Python value (None, int or bool).
Value cuda_device_index(Interpreter& in, const Value& device, bool optional, bool allow_cpu = false);

// THPUtils_unpackDeviceIndex after THPUtils_checkLong: `what` names the
// caller in "invalid argument to <what>" (for a non-int or a bool); an int
// outside int8 is "Overflow when unpacking DeviceIndex".
int unpack_device_index(const Value& index, const std::string& what);

// torch.cuda._exchange_device(idx) / _maybe_exchange_device(idx): make idx
// current and return the previous device (-1 for a negative idx, which changes nothing).
int exchange_device(const Value& index);
int maybe_exchange_device(int index);

// PyTorch's torch.AcceleratorError for a CUDA call made before the driver
// initialised (torch.cuda.Stream() on a machine without one): the CUDA error
// behind the runtime's initialisation message.
[[noreturn]] void throw_uninitialised_cuda_error(const tsh::Error& init_failure);

// cuda_streams.cpp: Stream, Event, StreamContext, stream(), set_stream(),
// current_stream(), default_stream().
void install_cuda_streams(std::map<std::string, Value>& cuda_attrs);
// cuda_memory.cpp: empty_cache, memory_stats, memory_allocated & co., memory_summary, mem_get_info.
void install_cuda_memory(std::map<std::string, Value>& cuda_attrs);
// cuda_device_context.cpp: torch.cuda.device(i) and device_of(obj).
void install_cuda_device_contexts(std::map<std::string, Value>& cuda_attrs);
// The idx of a torch.cuda.device object (what _get_device_index gives for one); nullopt for anything else.
std::optional<Value> device_context_index(const Value& v);
// cuda_seeds.cpp: manual_seed, manual_seed_all, seed, seed_all, initial_seed.
void install_cuda_seeds(std::map<std::string, Value>& cuda_attrs);
// backends_module.cpp: torch.backends.cuda (matmul.allow_tf32, is_built()).
void install_backends_module(std::map<std::string, Value>& torch_attrs);

// A function of a Python module (repr "<function name>").
void def_function(std::map<std::string, Value>& attrs, const std::string& name,
                  std::function<Value(Interpreter&, Args&, Kwargs&)> fn);

}  // namespace tsh::shell
