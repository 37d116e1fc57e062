// shell/torch/ops_info.cpp — registry entries that describe a tensor: size, stride, storage,
// item, tolist, and the storage objects behind t.storage() / t.untyped_storage().
#include <cstring>

#include "engine/core/convert.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/autograd/variable.h"
#include "engine/ops/unary.h"
#include "shell/python/errors.h"
#include "shell/numpy/array.h"
#include "shell/python/warnings.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

// The Python value of the element at p (of dtype d): bool, int, float or complex.
Value element_value(DType d, const char* p) {
  Value out;
  dispatch(d, [&]<typename T>() {
    T x;
    std::memcpy(&x, p, sizeof(T));
    if constexpr (std::is_same_v<T, bool>) out = Value::boolean(x);
    else if constexpr (std::is_integral_v<T>) out = Value::integer(static_cast<Int>(x));
    else if constexpr (is_complex_v<T>) out = Value::complex({static_cast<double>(x.real()), static_cast<double>(x.imag())});
    else out = Value::floating(static_cast<double>(x));
  });
  return out;
}

namespace {

// p walks a contiguous host copy of t's elements.
Value to_list(const Tensor& t, int64_t dim, const char*& p) {
  if (dim == t.dim()) {
    Value v = element_value(t.dtype(), p);
    p += t.itemsize();
    return v;
  }
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(t.size(dim)));
  for (int64_t i = 0; i < t.size(dim); ++i) items.push_back(to_list(t, dim + 1, p));
  return Value::list(std::move(items));
}

// tolist(): every element brought to the host once, then nested.
Value to_list(const Tensor& t) {
  const Tensor c = contiguous(t);
  std::vector<char> bytes(static_cast<size_t>(c.numel() * c.itemsize()));
  read_bytes(bytes.data(), c.storage(), c.storage_offset() * c.itemsize(), static_cast<int64_t>(bytes.size()));
  const char* p = bytes.data();
  return to_list(c, 0, p);
}


Value shape_tuple(const Shape& s) {
  std::vector<Value> items;
  for (int64_t x : s) items.push_back(Value::integer(x));
  return Value::tuple(std::move(items));
}

}  // namespace

Value storage_value(const Tensor& t, bool untyped) {
  auto s = std::make_shared<StorageObj>();
  s->storage = t.storage();
  s->dtype = t.dtype();
  s->untyped = untyped;
  return Value::object(Kind::Storage, s);
}

void register_tensor_info_ops(Registry& r) {
  r.def("size(Tensor self, int? dim=None) -> Size", kMethod,
        "The sizes of self, as a torch.Size; with dim, the size of that dim.", [](Interpreter&, Bound& a) {
          if (a.is_none(1)) return Value::size(a.tensor(0).sizes());
          return Value::integer(a.tensor(0).size(a.int64(1)));
        });
  r.def("stride(Tensor self, int? dim=None) -> int[]", kMethod,
        "The strides of self in elements: how far to move in storage for one step along each dim; "
        "with dim, that dim's stride.",
        [](Interpreter&, Bound& a) {
          if (a.is_none(1)) return shape_tuple(a.tensor(0).strides());
          return Value::integer(a.tensor(0).stride(a.int64(1)));
        });
  r.def("storage_offset(Tensor self) -> int", kMethod,
        "Where self's first element sits in its storage, in elements.",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).storage_offset()); });
  r.def("dim(Tensor self) -> int", kMethod, "The number of dims.",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).dim()); });
  r.def("ndimension(Tensor self) -> int", kMethod, "Alias of dim().",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).dim()); });
  r.def("numel(Tensor self) -> int", kBoth, "The number of elements.",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).numel()); });
  r.def("nelement(Tensor self) -> int", kMethod, "Alias of numel().",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).numel()); });
  r.def("element_size(Tensor self) -> int", kMethod, "Bytes per element.",
        [](Interpreter&, Bound& a) { return Value::integer(a.tensor(0).itemsize()); });
  r.def("is_contiguous(Tensor self, *, MemoryFormat memory_format=contiguous_format) -> bool", kMethod,
        "Whether self's strides are those of a row-major layout, or of memory_format's (size-1 dims ignored).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          const MemoryFormat f = memory_format_arg(a).value_or(MemoryFormat::Contiguous);
          return Value::boolean(f == MemoryFormat::Contiguous ? t.is_contiguous() : is_contiguous_as(t.sizes(), t.strides(), f));
        });
  r.def("is_floating_point(Tensor self) -> bool", kBoth, "Whether the dtype is a floating dtype.",
        [](Interpreter&, Bound& a) { return Value::boolean(is_floating(a.tensor(0).dtype())); });
  r.def("is_complex(Tensor self) -> bool", kBoth, "Whether the dtype is complex.",
        [](Interpreter&, Bound& a) { return Value::boolean(is_complex(a.tensor(0).dtype())); });
  r.def("is_nonzero(Tensor self) -> bool", kBoth, "The truth of a one-element tensor (its value is not zero).",
        [](Interpreter&, Bound& a) { return Value::boolean(truthy(a[0])); });
  r.def("is_same_size(Tensor self, Tensor other) -> bool", kBoth, "Whether both have the same sizes.",
        [](Interpreter&, Bound& a) { return Value::boolean(a.tensor(0).sizes() == a.tensor(1).sizes()); });
  r.def("is_signed(Tensor self) -> bool", kBoth, "Whether the dtype holds negative numbers (not bool or an unsigned type).",
        [](Interpreter&, Bound& a) {
          const DType d = a.tensor(0).dtype();
          return Value::boolean(d != DType::Bool && !is_unsigned(d));
        });
  r.def("isreal(Tensor self) -> Tensor", kBoth, "Elementwise: whether the imaginary part is zero (always, for real dtypes).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (!is_complex(t.dtype())) return Value::tensor(full(t.sizes(), Scalar(true), DType::Bool, t.device()));
          return Value::tensor(eq(imag(t), Scalar(int64_t{0})));
        });
  r.def("is_conj(Tensor self) -> bool", kBoth, "Whether self is a lazy conjugate view (conj() of a complex tensor).",
        [](Interpreter&, Bound& a) { return Value::boolean(a.tensor(0).is_conj()); });
  r.def("resolve_conj(Tensor self) -> Tensor", kBoth,
        "A conjugate view's values in new memory (the bit cleared); any other tensor itself.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          return t.is_conj() ? Value::tensor(resolve_conj(t)) : a[0];
        });
  // tsh never makes negative views (imag of a conjugate view is a copy), nor inference tensors.
  for (const char* n : {"is_neg", "is_inference"})
    r.def(std::string(n) + "(Tensor self) -> bool", kBoth,
          "False: tsh has no lazily negated views and no inference mode.",
          [](Interpreter&, Bound&) { return Value::boolean(false); });
  r.def("resolve_neg(Tensor self) -> Tensor", kBoth, "self itself: tsh has no lazily negated views to materialise.",
        [](Interpreter&, Bound& a) { return a[0]; });
  r.def("get_device(Tensor self) -> int", kBoth, "The CUDA device index, or -1 for a CPU (or meta) tensor.",
        [](Interpreter&, Bound& a) {
          const Device d = a.tensor(0).device();
          return Value::integer(d.is_cuda() ? d.index : -1);
        });
  r.def("type_as(Tensor self, Tensor other) -> Tensor", kMethod, "self converted to other's dtype (self if it has it).",
        [](Interpreter&, Bound& a) { return Value::tensor(to(a.tensor(0), a.tensor(1).dtype(), std::nullopt)); });
  r.def("data_ptr(Tensor self) -> int", kMethod, "The address of self's first element.",
        [](Interpreter&, Bound& a) {
          // An address only, never dereferenced (0 on the meta device, as PyTorch).
          const Tensor& t = a.tensor(0);
          const auto base = reinterpret_cast<uintptr_t>(t.storage()->data);
          return Value::integer(base ? static_cast<Int>(base + t.storage_offset() * t.itemsize()) : 0);
        });
  r.def("storage(Tensor self) -> Storage |python", kMethod,
        "The typed storage under self: every element of the buffer, whatever part self views.",
        [](Interpreter&, Bound& a) { return storage_value(a.tensor(0), false); });
  r.def("untyped_storage(Tensor self) -> Storage", kMethod, "The storage under self, as bytes.",
        [](Interpreter&, Bound& a) { return storage_value(a.tensor(0), true); });
  r.def("item(Tensor self) -> Scalar", kMethod, "The value of a one-element tensor as a Python number.",
        [](Interpreter&, Bound& a) {
          return Value::number(item(a.tensor(0)));
        })
      .set_plain(1, [](std::span<const Value* const> t) { return Value::number(item(t[0]->as_tensor())); });
  r.def("numpy(Tensor self, *, bool force=False) -> Any", kMethod,
        "self as a NumPy array sharing its memory (CPU tensors; force=True copies a CUDA tensor to the CPU first).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (!t.device().is_cpu() && !a.boolean(1))
            throw TypeError("can't convert " + t.device().str() +
                            " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.");
          if (!a.boolean(1) && grad_enabled() && autograd::requires_grad(t))
            throw RuntimeError("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
          if (t.is_conj() && !a.boolean(1))
            throw RuntimeError("Can't call numpy() on Tensor that has conjugate bit set. Use "
                               "tensor.resolve_conj().numpy() instead.");
          if (t.dim() > 64) throw ValueError("number of dimensions must be within [0, 64]");  // NumPy's limit
          if (t.is_conj()) return make_ndarray(resolve_conj(t));
          if (!t.device().is_cpu()) return make_ndarray(to(t, std::nullopt, Device{}));
          return make_ndarray_view(t, a[0]);  // its base is the tensor, as in PyTorch
        });
  r.def("from_numpy(Any ndarray) -> Tensor", kFunction,
        "A tensor sharing the memory of a NumPy array: writes to either show in the other.",
        [](Interpreter& in, Bound& a) {
          if (!is_ndarray(a[0])) throw TypeError("expected np.ndarray (got " + type_name(a[0]) + ")");
          if (!ndarray_writeable(a[0]))
            warn_once(in, "UserWarning",
                      "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This "
                      "means writing to this tensor will result in undefined behavior. You may want to copy the array "
                      "to protect its data or make it writable before converting it to a tensor. This type of warning "
                      "will be suppressed for the rest of this program.");
          return Value::tensor(ndarray_tensor_for_torch(a[0]));
        });
  r.def("tolist(Tensor self) -> Any", kMethod, "self as nested Python lists (a number for 0-d).",
        [](Interpreter&, Bound& a) { return to_list(a.tensor(0)); });
  r.def("equal(Tensor self, Tensor other) -> bool", kBoth,
        "True when both have the same size and the same elements.",
        [](Interpreter&, Bound& a) { return Value::boolean(equal(a.tensor(0), a.tensor(1))); });
}

}  // namespace tsh::shell
