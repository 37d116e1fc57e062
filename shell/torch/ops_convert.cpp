// shell/torch/ops_convert.cpp — registry entries that copy, convert or fill:
// to, type, float()/double()/..., clone, copy_, fill_, zero_.
#include "engine/ops/copy.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// A conversion that returns self itself (same identity) when nothing changes.
Value convert_to(const Bound& a, std::optional<DType> dtype, std::optional<Device> device, bool copy) {
  Tensor out = to(a.tensor(0), dtype, device, copy);
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

}  // namespace

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
          if (a[1].is(Kind::DType)) d = a[1].as_dtype();
          else if (a[1].is(Kind::Str)) d = dtype_from_type_string(a[1].as_str());
          else if (a[1].is(Kind::Type)) d = dtype_from_type_string(a[1].as<TypeObj>()->name);  // torch.DoubleTensor
          if (!d) {
            if (a[1].is(Kind::Str)) throw ValueError("invalid type: '" + a[1].as_str() + "'");
            throw TypeError("type(): argument 'dtype' must be torch.dtype, not " + arg_type_name(a[1]));
          }
          return convert_to(a, d, std::nullopt, false);
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
  r.def("clone(Tensor self" + memory_format, kBoth,
        "A copy of self with its own storage (same stride order when dense).",
        [](Interpreter&, Bound& a) { return Value::tensor(clone(a.tensor(0))); });
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
