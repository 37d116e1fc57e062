// shell/torch/ops_convert.cpp — registry entries that copy, convert or fill:
// to, type, float()/double()/..., cpu, cuda, pin_memory, is_pinned, clone, copy_, fill_, zero_.
//
// non_blocking= is accepted and changes nothing: tsh's copies between host and
// device are ordered on the device's current stream and the host waits for
// those it reads, which is what a non_blocking copy guarantees too.
#include "engine/core/accelerator.h"
#include "engine/ops/copy.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/warnings.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// A conversion that returns self itself (same identity) when nothing changes.
Value convert_to(const Bound& a, std::optional<DType> dtype, std::optional<Device> device, bool copy) {
  Tensor out = to(a.tensor(0), dtype, device, copy, memory_format_arg(a).value_or(MemoryFormat::Preserve));
  return out.is_same(a.tensor(0)) ? a[0] : Value::tensor(out);
}

std::optional<DType> dtype_from_type_string(const std::string& s) {
  // "torch.FloatTensor", "torch.cuda.DoubleTensor", "FloatTensor"
  std::string name = s;
  if (name.rfind("torch.", 0) == 0) name = name.substr(6);
  if (name.rfind("cuda.", 0) == 0) name = name.substr(5);
  for (int i = 0; i < kNumDTypes; ++i)
    if (legacy_type_name(static_cast<DType>(i)) == name) return static_cast<DType>(i);
  return std::nullopt;
}

// PyTorch's Tensor::toString() ("MetaFloatType", "CUDAFloatType"), as its pin errors name a tensor.
std::string tensor_type_string(const Tensor& t) {
  return std::string(backend_name(t.device().type)) + scalar_type_name(t.dtype()) + "Type";
}

// Pin_memory and is_pinned's deprecated device argument: an accelerator's, warned about.
void check_pin_device(Interpreter& in, const Bound& a, const std::string& method) {
  if (a.is_none(1)) return;
  warn_once(in, "DeprecationWarning",
            "The argument 'device' of Tensor." + method + "() is deprecated. Please do not pass this argument.");
}

bool is_pinned(const Tensor& t) {
  return t.device().is_cpu() && accelerator() && t.storage()->data && accelerator()->is_pinned(t.storage()->data);
}

}  // namespace

// A CPU tensor in page-locked memory (pin_memory(), and factories' pin_memory=True).
Tensor pinned_copy(const Tensor& t) {
  if (!t.device().is_cpu())
    throw RuntimeError("cannot pin '" + tensor_type_string(t) + "' only dense CPU tensors can be pinned");
  if (!accelerator()) throw RuntimeError("Need to provide pin_memory allocator to use pin memory.");
  return copy_to_host_allocator(t, accelerator()->pinned_allocator());
}

void register_conversion_ops(Registry& r) {
  const std::string memory_format = ", *, MemoryFormat? memory_format=None) -> Tensor";
  r.def("to(Tensor self, Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False" +
            memory_format,
        kMethod, "self moved to device and/or converted to dtype.",
        [](Interpreter&, Bound& a) { return convert_to(a, a.dtype(2), a.device(1), a.boolean(4)); });
  r.def("to(Tensor self, ScalarType dtype, bool non_blocking=False, bool copy=False" + memory_format, kMethod,
        "self converted to dtype (self itself when it already has it, unless copy=True).",
        [](Interpreter&, Bound& a) { return convert_to(a, a.dtype(1), std::nullopt, a.boolean(3)); });
  r.def("to(Tensor self, Tensor tensor, bool non_blocking=False, bool copy=False" + memory_format, kMethod,
        "self converted to other's dtype and device.",
        [](Interpreter&, Bound& a) {
          return convert_to(a, a.tensor(1).dtype(), a.tensor(1).device(), a.boolean(3));
        });
  r.def("type(Tensor self, Any dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None) -> Any", kMethod,
        "With no argument, the legacy type name ('torch.FloatTensor'); with a dtype or such a name, "
        "self converted to it.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (a.is_none(1)) {
            std::string prefix = t.device().is_cuda() ? "torch.cuda." : t.device().is_meta() ? "torch.meta." : "torch.";
            return Value::str(prefix + std::string(legacy_type_name(t.dtype())));
          }
          std::optional<DType> d;
          std::string name;  // a legacy class name, which also says the device: "torch.cuda.FloatTensor"
          if (a[1].is(Kind::DType)) d = a[1].as_dtype();
          else if (a[1].is(Kind::Str)) d = dtype_from_type_string(name = a[1].as_str());
          else if (a[1].is(Kind::Type)) d = dtype_from_type_string(name = a[1].as<TypeObj>()->name);  // torch.DoubleTensor
          if (!d) {
            if (a[1].is(Kind::Str)) throw ValueError("invalid type: '" + a[1].as_str() + "'");
            throw TypeError("type(): argument 'dtype' must be torch.dtype, not " + arg_type_name(a[1]));
          }
          if (name.rfind("torch.cuda.", 0) == 0) {
            // A CPU-only PyTorch fails here starting CUDA for the class table (its CUDAHooks stub).
            if (!accelerator())
              throw RuntimeError(
                  "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two shared "
                  "libraries: a CPU library and a CUDA library; this error has occurred because you are trying to "
                  "use some CUDA functionality, but the CUDA library has not been loaded by the dynamic linker for "
                  "some reason.  The CUDA library MUST be loaded, EVEN IF you don't directly use any symbols from "
                  "the CUDA library! One common culprit is a lack of -Wl,--no-as-needed in your link arguments; many "
                  "dynamic linkers will delete dynamic library dependencies if you don't depend on any of their "
                  "symbols.  You can check if this has occurred by using ldd on your binary to see if there is a "
                  "dependency on *_cuda.so library.");
            accelerator()->lazy_init();
            return convert_to(a, d, Device{DeviceType::CUDA, accelerator()->current_device()}, false);
          }
          // A CPU class name moves a CUDA tensor back to the CPU; a dtype keeps the device.
          const bool cpu_class = !name.empty() && !a[1].is(Kind::DType);
          return convert_to(a, d, cpu_class ? std::optional<Device>(Device{}) : std::nullopt, false);
        });
  r.def("type(Tensor self, Any dtype=None, bool async=False, *, MemoryFormat? memory_format=None) -> Any |deprecated",
        kMethod, "The deprecated type(dtype, async) form.", [](Interpreter&, Bound& a) {
          if (!a[1].is(Kind::DType)) throw TypeError("type(): argument 'dtype' must be torch.dtype, not " + arg_type_name(a[1]));
          return convert_to(a, a[1].as_dtype(), std::nullopt, false);
        });
  struct Shortcut {
    const char* name;
    DType dtype;
  };
  for (Shortcut s : {Shortcut{"float", DType::Float32}, {"double", DType::Float64}, {"half", DType::Float16},
                     {"bfloat16", DType::BFloat16}, {"int", DType::Int32}, {"long", DType::Int64},
                     {"short", DType::Int16}, {"char", DType::Int8}, {"byte", DType::UInt8},
                     {"bool", DType::Bool}, {"cfloat", DType::Complex64}, {"cdouble", DType::Complex128}}) {
    DType d = s.dtype;
    r.def(std::string(s.name) + "(Tensor self" + memory_format, kMethod,
          std::string("self.to(") + dtype_repr(d) + ").",
          [d](Interpreter&, Bound& a) { return convert_to(a, d, std::nullopt, false); });
  }
  r.def("cpu(Tensor self" + memory_format, kMethod, "self on the CPU (self itself when already there).",
        [](Interpreter&, Bound& a) { return convert_to(a, std::nullopt, Device{}, false); });
  r.def("cuda(Tensor self, Device? device=None, bool non_blocking=False" + memory_format, kMethod,
        "self on a CUDA device (the current one by default); self itself when already there.",
        [](Interpreter&, Bound& a) {
          Device d = a.device(1).value_or(Device{DeviceType::CUDA, -1});
          if (!d.is_cuda()) throw RuntimeError("Invalid device, must be cuda device");
          // torch::utils::device_lazy_init(kCUDA): the driver (or its absence) before anything else.
          if (!accelerator()) throw PyError("AssertionError", "Torch not compiled with CUDA enabled");
          accelerator()->lazy_init();
          if (d.index < 0) d.index = accelerator()->current_device();
          return convert_to(a, std::nullopt, d, false);
        });
  r.def("is_pinned(Tensor self, Device? device=None) -> bool", kMethod,
        "Whether self is a CPU tensor in page-locked memory (pin_memory()).", [](Interpreter& in, Bound& a) {
          check_pin_device(in, a, "is_pinned");
          return Value::boolean(is_pinned(a.tensor(0)));
        });
  r.def("pin_memory(Tensor self, Device? device=None) -> Tensor", kMethod,
        "A copy of CPU tensor self in page-locked memory, which a GPU reads directly (self when already pinned).",
        [](Interpreter& in, Bound& a) {
          check_pin_device(in, a, "pin_memory");
          const Tensor& t = a.tensor(0);
          if (is_pinned(t)) return a[0];
          if (!t.device().is_cpu()) return Value::tensor(pinned_copy(t));  // PyTorch's "cannot pin" first
          if (std::optional<Device> d = a.device(1); d && !d->is_cuda())
            throw RuntimeError(std::string(d->is_cpu() ? "CPU" : "META") + " device type not an accelerator.");
          return Value::tensor(pinned_copy(t));
        });
  r.def("clone(Tensor self" + memory_format, kBoth,
        "A copy of self with its own storage (same stride order when dense), or laid out in memory_format.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(clone(a.tensor(0), memory_format_arg(a).value_or(MemoryFormat::Preserve)));
        });
  // other may also be a Python number (PyTorch lets copy_ take one).
  const OpImpl copy_impl = [](Interpreter&, Bound& a) {
    if (a[1].is(Kind::Tensor)) copy_(a.tensor(0), a.tensor(1));
    else fill_(a.tensor(0), a.scalar(1));
    return a[0];
  };
  r.def("copy_(Tensor self, Tensor other, bool non_blocking=False) -> Tensor", kMethod,
        "Copies other into self, broadcasting it and converting its dtype. Returns self.", copy_impl);
  r.def("copy_(Tensor self, Tensor other, bool async=False) -> Tensor |deprecated", kMethod,
        "The deprecated copy_(other, async) form.", copy_impl);
  r.def("fill_(Tensor self, Tensor value) -> Tensor", kMethod,
        "Sets every element of self to value (a 0-d tensor). Returns self.", [](Interpreter&, Bound& a) {
          if (a.tensor(1).dim() != 0)
            throw RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with " +
                               std::to_string(a.tensor(1).dim()) + " dimensions.");
          if (!a.tensor(0).device().is_meta()) fill_(a.tensor(0), a.scalar(1));  // meta: no value to read or write
          return a[0];
        });
  // torch.fill: fill_ on a copy.
  r.def("fill(Tensor self, Scalar value) -> Tensor", kFunction, "A copy of self with every element set to value.",
        [](Interpreter&, Bound& a) { return Value::tensor(fill_(clone(a.tensor(0)), a.scalar(1))); });
  r.def("fill(Tensor self, Tensor value) -> Tensor", kFunction, "A copy of self with every element set to value (0-d).",
        [](Interpreter&, Bound& a) {
          if (a.tensor(1).dim() != 0)
            throw RuntimeError("fill_ only supports 0-dimension value tensor but got tensor with " +
                               std::to_string(a.tensor(1).dim()) + " dimensions.");
          const Tensor out = clone(a.tensor(0));
          if (!out.device().is_meta()) fill_(out, a.scalar(1));
          return Value::tensor(out);
        });
  r.def("fill_(Tensor self, Scalar value) -> Tensor", kMethod, "Sets every element of self to value. Returns self.",
        [](Interpreter&, Bound& a) {
          fill_(a.tensor(0), a.scalar(1));
          return a[0];
        });
  r.def("zero_(Tensor self) -> Tensor", kMethod, "Sets every element of self to 0. Returns self.",
        [](Interpreter&, Bound& a) {
          zero_(a.tensor(0));
          return a[0];
        });
}

}  // namespace tsh::shell
