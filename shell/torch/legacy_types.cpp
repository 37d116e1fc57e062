// shell/torch/legacy_types.cpp — the legacy API of old slides and books: the typed tensor classes
// (torch.FloatTensor, ..., and torch.cuda.FloatTensor, ...), the typed storage classes
// (torch.FloatStorage, ...) and torch.set_default_tensor_type.
//
// The torch.cuda classes follow the build: without a GPU backend they refuse
// as PyTorch's CPU-only build does ("type torch.cuda.FloatTensor not
// available"); with one they make CUDA tensors, after PyTorch's once-only
// UserWarning, and creating one starts the driver (its error on a machine
// without one).
#include "engine/core/accelerator.h"
#include "engine/core/dtype.h"
#include "engine/ops/creation.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/warnings.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// The dtypes that have a legacy class ("FloatTensor"); PyTorch has none for complex.
const DType kLegacy[] = {DType::Bool,    DType::UInt8,    DType::Int8,    DType::Int16,   DType::Int32,
                         DType::Int64,   DType::Float16,  DType::BFloat16, DType::Float32, DType::Float64};

std::string storage_name(DType d) {
  std::string n(legacy_type_name(d));
  return n.replace(n.find("Tensor"), 6, "Storage");
}

Value type_object(const std::string& qualname, std::function<Value(Interpreter&, Args&, Kwargs&)> ctor,
                  std::map<std::string, Value> attrs = {}) {
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = std::move(ctor);
  t->attrs = std::move(attrs);
  return Value::object(Kind::Type, t);
}

// torch.FloatStorage(...): empty, n uninitialised elements, or the values of a sequence.
Value typed_storage(Interpreter& in, Args& a, Kwargs& kw, DType d) {
  if (!kw.empty()) throw TypeError(storage_name(d) + "(): got an unexpected keyword argument '" + kw[0].first + "'");
  if (a.size() > 1) throw TypeError(storage_name(d) + "(): takes at most 1 argument (" + std::to_string(a.size()) + " given)");
  Args args;
  if (!a.empty()) args.push_back(a[0].is_intlike() ? a[0] : Value::list(in.iterate(a[0])));
  Kwargs none;
  return storage_value(legacy_construct(args, none, d, Device{}, false).as_tensor(), false);
}

// Set by set_default_tensor_type('torch.cuda.FloatTensor'): factories default to CUDA, yet
// torch.get_default_device() still says cpu, as in PyTorch (the default tensor type is not a device context).
bool g_cuda_default_type = false;

}  // namespace

bool default_tensor_type_is_cuda() { return g_cuda_default_type; }

void install_legacy_types(std::map<std::string, Value>& torch_attrs, std::map<std::string, Value>& cuda_attrs) {
  for (DType d : kLegacy) {
    const std::string name(legacy_type_name(d));
    torch_attrs[name] = type_object(
        "torch." + name,
        [d](Interpreter&, Args& a, Kwargs& kw) { return legacy_construct(a, kw, d, Device{}, true); },
        {{"dtype", Value::dtype(d)}, {"is_cuda", Value::boolean(false)}});
    const std::string cuda_name = "torch.cuda." + name;
    cuda_attrs[name] = type_object(
        cuda_name,
        [cuda_name, d](Interpreter& in, Args& a, Kwargs& kw) -> Value {
          if (!accelerator())
            throw TypeError("type " + cuda_name + " not available. Torch not compiled with CUDA enabled.");
          warn_once(in, "UserWarning",
                    "The torch.cuda.*DtypeTensor constructors are no longer recommended. It's best to use methods "
                    "such as torch.tensor(data, dtype=*, device='cuda') to create tensors.");
          return legacy_construct(a, kw, d, Device{DeviceType::CUDA, -1}, true);
        },
        {{"dtype", Value::dtype(d)}, {"is_cuda", Value::boolean(true)}});
    torch_attrs[storage_name(d)] = type_object(
        "torch." + storage_name(d), [d](Interpreter& in, Args& a, Kwargs& kw) { return typed_storage(in, a, kw, d); },
        {{"dtype", Value::dtype(d)}});
  }
  torch_attrs["set_default_tensor_type"] = make_builtin(
      "set_default_tensor_type", "<function set_default_tensor_type>", [](Interpreter& in, Args& a, Kwargs& kw) -> Value {
        if (a.size() != 1 || !kw.empty()) throw TypeError("set_default_tensor_type() takes 1 positional argument");
        std::string name;
        if (a[0].is(Kind::Str)) name = a[0].as_str();
        else if (a[0].is(Kind::Type)) name = a[0].as<TypeObj>()->name;
        else throw TypeError("invalid type object: only floating-point types are supported as the default type");
        const bool cuda = name.rfind("torch.cuda.", 0) == 0;
        if (cuda && !accelerator())
          throw TypeError("type " + name + " not available. Torch not compiled with CUDA enabled.");
        std::optional<DType> d;
        for (DType x : kLegacy)
          if (name == (cuda ? "torch.cuda." : "torch.") + std::string(legacy_type_name(x))) d = x;
        if (!d) {
          if (a[0].is(Kind::Str)) {
            const std::string module = name.substr(0, name.rfind('.'));
            if (module != "torch" && !cuda) throw PyError("ModuleNotFoundError", "No module named '" + module + "'");
            throw AttributeError("module '" + module + "' has no attribute '" + name.substr(name.rfind('.') + 1) + "'");
          }
          throw TypeError("invalid type object: only floating-point types are supported as the default type");
        }
        // PyTorch warns in C++, once the Python side has found the class.
        warn_once(in, "UserWarning",
                  "torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                  "torch.set_default_dtype() and torch.set_default_device() as alternatives.");
        if (!is_floating(*d)) throw TypeError("only floating-point types are supported as the default type");
        set_default_dtype(*d);
        // The legacy type also chooses the factories' device: CUDA for a torch.cuda type (the
        // driver starts with the first tensor), back to the CPU for a CPU type after a CUDA one.
        if (cuda) set_default_device(Device{DeviceType::CUDA, -1});
        else if (g_cuda_default_type) set_default_device(Device{});
        g_cuda_default_type = cuda;
        return Value::none();
      });
}

}  // namespace tsh::shell
