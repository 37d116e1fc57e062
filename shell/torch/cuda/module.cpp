// shell/torch/cuda/module.cpp — the torch.cuda module: which devices there are, the
// current one, their properties and synchronisation (torch/cuda/__init__.py),
// and the device-index rules every torch.cuda function shares. Streams,
// events, memory, seeds and the device contexts have a file each (cuda_*.cpp).
#include "shell/torch/cuda/module.h"

#include "engine/core/error.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

Value module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  return Value::object(Kind::Module, m);
}

// torch.cuda in a build without a GPU backend: what tsh has always answered.
void install_without_backend(std::map<std::string, Value>& torch_attrs, std::map<std::string, Value>& cuda) {
  cuda["is_available"] = make_builtin("is_available", "<built-in function is_available>",
                                      [](Interpreter&, Args&, Kwargs&) { return Value::boolean(false); });
  cuda["device_count"] = make_builtin("device_count", "<built-in function device_count>",
                                      [](Interpreter&, Args&, Kwargs&) { return Value::integer(0); });
  install_legacy_types(torch_attrs, cuda);
  install_cuda_contexts(cuda);
}

// _CudaDeviceProperties, as torch.cuda.get_device_properties returns it.
struct DevicePropertiesObj : InstanceObj {
  DeviceProperties p;
  std::string class_name() const override { return "_CudaDeviceProperties"; }
  std::string module_name() const override { return "torch._C"; }
  std::vector<std::string> attr_names() const override {
    return {"L2_cache_size", "is_integrated", "is_multi_gpu_board", "major", "max_threads_per_block",
            "max_threads_per_multi_processor", "memory_bus_width", "minor", "multi_processor_count", "name",
            "pci_bus_id", "pci_device_id", "pci_domain_id", "regs_per_multiprocessor", "shared_memory_per_block",
            "shared_memory_per_block_optin", "shared_memory_per_multiprocessor", "total_memory", "uuid", "warp_size"};
  }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    if (n == "name") return Value::str(p.name);
    if (n == "major") return Value::integer(p.major);
    if (n == "minor") return Value::integer(p.minor);
    if (n == "total_memory") return Value::integer(p.total_memory);
    if (n == "multi_processor_count") return Value::integer(p.multi_processor_count);
    if (n == "uuid") return Value::str(p.uuid);
    if (n == "L2_cache_size") return Value::integer(p.l2_cache_size);
    if (n == "pci_bus_id") return Value::integer(p.pci_bus_id);
    if (n == "pci_device_id") return Value::integer(p.pci_device_id);
    if (n == "pci_domain_id") return Value::integer(p.pci_domain_id);
    if (n == "warp_size") return Value::integer(p.warp_size);
    if (n == "max_threads_per_block") return Value::integer(p.max_threads_per_block);
    if (n == "max_threads_per_multi_processor") return Value::integer(p.max_threads_per_multi_processor);
    if (n == "regs_per_multiprocessor") return Value::integer(p.regs_per_multiprocessor);
    if (n == "memory_bus_width") return Value::integer(p.memory_bus_width);
    if (n == "shared_memory_per_block") return Value::integer(p.shared_memory_per_block);
    if (n == "shared_memory_per_block_optin") return Value::integer(p.shared_memory_per_block_optin);
    if (n == "shared_memory_per_multiprocessor") return Value::integer(p.shared_memory_per_multiprocessor);
    if (n == "is_integrated") return Value::boolean(p.is_integrated);
    if (n == "is_multi_gpu_board") return Value::boolean(p.is_multi_gpu_board);
    // PyTorch's other properties: CUDA 13 no longer reports the clock rates, and gcnArchName is ROCm's.
    for (const char* known : {"clock_rate", "gcnArchName", "memory_clock_rate"})
      if (n == known) throw NotImplementedError("_CudaDeviceProperties." + n + ": tsh does not read this property of the device");
    throw AttributeError("'torch._C._CudaDeviceProperties' object has no attribute '" + n + "'");
  }
  // PyTorch's repr (torch/csrc/cuda/Module.cpp).
  std::string repr_of(const Value&) const override {
    return "_CudaDeviceProperties(name='" + p.name + "', major=" + std::to_string(p.major) +
           ", minor=" + std::to_string(p.minor) + ", total_memory=" + std::to_string(p.total_memory / (1024 * 1024)) +
           "MB, multi_processor_count=" + std::to_string(p.multi_processor_count) + ", uuid=" + p.uuid +
           ", pci_bus_id=" + std::to_string(p.pci_bus_id) + ", pci_device_id=" + std::to_string(p.pci_device_id) +
           ", pci_domain_id=" + std::to_string(p.pci_domain_id) +
           ", L2_cache_size=" + std::to_string(p.l2_cache_size / (1024 * 1024)) + "MB)";
  }
};

// get_device_properties(device): the driver first, then the index (None: the current device).
Value device_properties(Interpreter& in, const Value& device) {
  gpu().lazy_init();
  const Value idx = cuda_device_index(in, device, true);
  if (idx.is_none()) throw TypeError("'<' not supported between instances of 'NoneType' and 'int'");
  const Int i = idx.as_int();
  if (i < 0 || i >= gpu().device_count()) throw PyError("AssertionError", "Invalid device id");
  auto obj = std::make_shared<DevicePropertiesObj>();
  obj->p = gpu().properties(static_cast<int>(i));
  return Value::object(Kind::Instance, obj);
}

void install_device_functions(std::map<std::string, Value>& cuda) {
  def_function(cuda, "is_available", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_available", a, kw, {}, 0);
    return Value::boolean(gpu().device_count() > 0);
  });
  def_function(cuda, "device_count", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("device_count", a, kw, {}, 0);
    return Value::integer(gpu().device_count());
  });
  def_function(cuda, "is_initialized", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("is_initialized", a, kw, {}, 0);
    return Value::boolean(gpu().initialized());
  });
  def_function(cuda, "init", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("init", a, kw, {}, 0);
    gpu().lazy_init();
    return Value();
  });
  def_function(cuda, "current_device", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("current_device", a, kw, {}, 0);
    return Value::integer(gpu().current_device());
  });
  def_function(cuda, "set_device", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_device", a, kw, {"device"}, 1);
    const Value idx = cuda_device_index(in, v[0], false);
    if (idx.as_int() >= 0) {  // a negative index selects nothing, without touching the driver
      if (!idx.is(Kind::Int)) throw RuntimeError("invalid argument to setDevice");
      gpu().lazy_init();
      gpu().set_device(static_cast<int>(std::max<Int>(std::min<Int>(idx.as_int(), INT32_MAX), INT32_MIN)));
    }
    return Value();
  });
  def_function(cuda, "get_device_properties", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("get_device_properties", a, kw, {"device"}, 0);
    return device_properties(in, v[0]);
  });
  def_function(cuda, "get_device_name", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("get_device_name", a, kw, {"device"}, 0);
    return Value::str(device_properties(in, v[0]).as<DevicePropertiesObj>()->p.name);
  });
  def_function(cuda, "get_device_capability", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("get_device_capability", a, kw, {"device"}, 0);
    const DeviceProperties& p = device_properties(in, v[0]).as<DevicePropertiesObj>()->p;
    return Value::tuple({Value::integer(p.major), Value::integer(p.minor)});
  });
  def_function(cuda, "synchronize", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("synchronize", a, kw, {"device"}, 0);
    gpu().lazy_init();
    // `with torch.cuda.device(device): torch._C._cuda_synchronize()`
    const Value idx = cuda_device_index(in, v[0], true);
    const int prev = exchange_device(idx);
    try {
      gpu().synchronize(gpu().current_device());
    } catch (...) {
      maybe_exchange_device(prev);
      throw;
    }
    maybe_exchange_device(prev);
    return Value();
  });
}

}  // namespace

Accelerator& gpu() { return *accelerator(); }

void def_function(std::map<std::string, Value>& attrs, const std::string& name,
                  std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
  attrs[name] = make_builtin(name, "<function " + name + ">", std::move(fn));
}

Value cuda_device_index(Interpreter&, const Value& device, bool optional, bool allow_cpu) {
  if (device.is_intlike()) return device;
  Value d = device;
  if (d.is(Kind::Str)) d = Value::device(Device::parse(d.as_str()));
  if (d.is(Kind::Device)) {
    const Device dv = d.as_device();
    if (allow_cpu) {
      if (!dv.is_cuda() && !dv.is_cpu()) throw ValueError("Expected a cuda or cpu device, but got: " + dv.str());
    } else if (!dv.is_cuda()) {
      throw ValueError("Expected a cuda device, but got: " + dv.str());
    }
  }
  if (std::optional<Value> idx = device_context_index(d)) return *idx;  // a torch.cuda.device gives its idx
  // torch._utils._get_device_index
  if (d.is(Kind::Device)) {
    const Device dv = d.as_device();
    if (dv.is_cpu()) return Value::integer(-1);
    if (dv.index >= 0) return Value::integer(dv.index);
  }
  if (!optional) throw ValueError("Expected a torch.device with a specified index or an integer, but got:" + str(d));
  // The current device of the available runtime; None when there is no GPU.
  if (gpu().device_count() > 0) return Value::integer(gpu().current_device());
  return Value();
}

int unpack_device_index(const Value& index, const std::string& what) {
  if (!index.is(Kind::Int)) throw RuntimeError("invalid argument to " + what);
  const Int i = index.as_int();
  if (i < -128 || i > 127) throw RuntimeError("Overflow when unpacking DeviceIndex");
  return static_cast<int>(i);
}

int exchange_device(const Value& index) {
  const int i = unpack_device_index(index, "exchangeDevice");
  if (i < 0) return -1;
  gpu().lazy_init();
  const int current = gpu().current_device();
  if (current != i) gpu().set_device(i);
  return current;
}

int maybe_exchange_device(int index) {
  if (index < 0) return -1;
  const int current = gpu().current_device();
  if (current != index) gpu().set_device(index);
  return current;
}

void throw_uninitialised_cuda_error(const tsh::Error& init_failure) {
  // The runtime says why it could not start; a CUDA call made without that
  // start (c10::cuda::current_device()) fails with the CUDA error behind it.
  const std::string why = init_failure.what();
  std::string text, name;
  if (why.rfind("Found no NVIDIA driver", 0) == 0 || why.rfind("The NVIDIA driver on your system is too old", 0) == 0) {
    text = "CUDA driver version is insufficient for CUDA runtime version";
    name = "cudaErrorInsufficientDriver";
  } else if (why.rfind("No CUDA GPUs are available", 0) == 0) {
    text = "no CUDA-capable device is detected";
    name = "cudaErrorNoDevice";
  } else if (why.rfind("CUDA driver initialization failed", 0) == 0) {
    text = "initialization error";
    name = "cudaErrorInitializationError";
  } else {
    throw init_failure;
  }
  throw PyError("torch.AcceleratorError",
                "CUDA error: " + text + "\nSearch for `" + name +
                    "' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more "
                    "information.\nDevice-side assertions were explicitly omitted for this error check; the error "
                    "probably arose while initializing the DSA handlers.");
}

void install_cuda_module(std::map<std::string, Value>& torch_attrs) {
  // Every PyTorch 2.x build has these classes: `except torch.OutOfMemoryError` works without a GPU too.
  torch_attrs["AcceleratorError"] = exception_class("torch.AcceleratorError");
  torch_attrs["OutOfMemoryError"] = exception_class("torch.OutOfMemoryError");
  Value cuda = module("torch.cuda");
  auto& attrs = cuda.as<ModuleObj>()->attrs;
  if (!accelerator()) {
    install_without_backend(torch_attrs, attrs);
    install_backends_module(torch_attrs);
    torch_attrs["cuda"] = cuda;
    return;
  }
  attrs["AcceleratorError"] = torch_attrs["AcceleratorError"];
  attrs["OutOfMemoryError"] = torch_attrs["OutOfMemoryError"];
  install_device_functions(attrs);
  install_cuda_device_contexts(attrs);
  install_cuda_streams(attrs);
  install_cuda_memory(attrs);
  install_cuda_seeds(attrs);
  install_legacy_types(torch_attrs, attrs);
  install_backends_module(torch_attrs);
  torch_attrs["cuda"] = cuda;
}

}  // namespace tsh::shell
