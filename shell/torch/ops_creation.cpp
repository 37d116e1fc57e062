// shell/torch/ops_creation.cpp — registry entries that make new tensors:
// tensor(), zeros/ones/full/empty/eye, arange/linspace/logspace, the *_like and new_* forms.
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"

#include <cmath>
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"
#include "shell/numpy/array.h"
#include "shell/torch/tensor_data.h"

namespace tsh::shell {

namespace {

Device device_or_default(const std::optional<Device>& d) { return d.value_or(default_device()); }

// The keyword-only tail of PyTorch's factories, after what goes first (out= or
// memory_format=): dtype, layout, device, pin_memory, requires_grad.
const char* const kTail =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, "
    "bool? requires_grad=False) -> Tensor";

std::string factory(const std::string& head, const std::string& first) {
  return head + ", *, " + (first.empty() ? "" : first + ", ") + kTail;
}


}  // namespace

void torch_too_many_dims(const Value& seq) { throw ValueError("too many dimensions '" + type_name(seq) + "'"); }

// Walks nested lists/tuples: fills shape (checking raggedness) and the flat scalars.
void flatten_data(const Value& v, size_t depth, Shape& shape, std::vector<Scalar>& out, const NestingLimit& limit) {
  if (v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::Size)) {
    if (depth == limit.max_dims) limit.too_deep(v);
    const auto& items = v.items();
    int64_t n = static_cast<int64_t>(items.size());
    if (depth == shape.size()) {
      if (!out.empty()) {
        if (limit.ragged) limit.ragged(shape, depth);
        throw TypeError("not a sequence");
      }
      shape.push_back(n);
    } else if (shape[depth] != n) {
      if (limit.ragged) limit.ragged(shape, depth);
      throw ValueError("expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                       std::to_string(depth) + " (got " + std::to_string(n) + ")");
    }
    for (const Value& x : items) flatten_data(x, depth + 1, shape, out, limit);
    return;
  }
  if (depth < shape.size()) {
    if (limit.ragged) limit.ragged(shape, depth);
    throw TypeError("not a sequence");
  }
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
    Bound b;
    b.values = {v};
    out.push_back(b.scalar(0));
    return;
  }
  if (v.is(Kind::Str)) throw TypeError("new(): invalid data type 'str'");
  if (!v.is_number()) throw RuntimeError("Could not infer dtype of " + type_name(v));
  if (v.is_intlike() && (v.as_int() > INT64_MAX || v.as_int() < INT64_MIN) && !(limit.uint64_ints && v.as_int() > 0))
    throw ValueError("Overflow when unpacking long long");
  out.push_back(v.as_scalar());
}

Tensor tensor_from_data(const Value& data, std::optional<DType> dtype, Device device) {
  if (data.is(Kind::Tensor)) return clone(to(data.as_tensor(), dtype, device));
  if (is_ndarray(data)) return clone(to(ndarray_tensor_for_torch(data), dtype, device));  // torch.tensor(a) copies
  Shape shape;
  std::vector<Scalar> flat;
  NestingLimit limit = kTorchNesting;
  limit.uint64_ints = dtype == DType::UInt64;  // PyTorch unpacks each int as a uint64 for that dtype
  flatten_data(data, 0, shape, flat, limit);
  if (dtype == DType::UInt64)
    for (const Scalar& s : flat)
      if (s.is_int() && !s.is_uint() && s.to_int() < 0) throw OverflowError("can't convert negative int to unsigned");
  // An empty list has no element to infer from: the default float dtype.
  DType d = dtype.value_or(flat.empty() ? default_dtype() : infer_dtype(flat));
  return from_scalars(shape, flat, d, device);
}

// torch.Tensor(...), PyTorch's legacy constructor: a tensor of the default
// float dtype from data, an empty one, or an uninitialised one of a size
// (ints, or a torch.Size); a tensor argument comes back as it is. Only the
// CPU, and no keyword but device.
// torch.Tensor(...) and Tensor.new(...): sizes or data, in dtype d on device `on`.
Value legacy_construct(Args& a, Kwargs& kw, DType d, Device on, bool method) {
  for (const auto& [k, v] : kw) {
    if (k != "device")
      throw TypeError("new() received an invalid combination of arguments - got (" + [&] {
        std::string got;
        for (const Value& x : a) got += (got.empty() ? "" : ", ") + arg_type_name(x);
        for (const auto& [kk, vv] : kw) got += (got.empty() ? "" : ", ") + kk + "=" + arg_type_name(vv);
        return got;
      }() + "), but expected one of:\n"
            " * (*, torch.device device = None)\n"
            "      didn't match because some of the keywords were incorrect: " + k + "\n"
            " * (torch.Storage storage)\n"
            " * (Tensor other)\n"
            " * (tuple of ints size, *, torch.device device = None)\n"
            " * (object data, *, torch.device device = None)\n");
    const Device dv = v.is(Kind::Device) ? v.as_device() : Device::parse(v.as_str());
    auto type_of = [](const Device& x) { return std::string(x.str().substr(0, x.str().find(':'))); };
    if (type_of(dv) != type_of(on))
      throw RuntimeError("legacy constructor expects device type: " + type_of(on) + " but device type: " +
                         type_of(dv) + " was passed");
  }
  auto sized = [&](const Shape& shape) {
    for (int64_t n : shape)
      if (n < 0) throw RuntimeError("Trying to create tensor with negative dimension " + std::to_string(n) + ": " + shape_str(shape));
    return Value::tensor(empty(shape, d, on));
  };
  if (a.empty()) return Value::tensor(empty({0}, d, on));
  if (a.size() == 1) {
    const Value& x = a[0];
    if (x.is(Kind::Tensor)) {
      if (!method) return x;  // the same tensor, as PyTorch's (Tensor other) form
      // Tensor.new(other): an alias of other, which must have self's dtype and device.
      const Tensor& o = x.as_tensor();
      auto options = [](DType dt, const Device& dv) {
        return std::string("TensorOptions(dtype=") + typemeta_name(dt) + ", device=" + dv.str() +
               ", layout=Strided, requires_grad=false (default), pinned_memory=false (default), "
               "memory_format=(nullopt))";
      };
      // A device without an index (torch.cuda.FloatTensor's "cuda") matches any index of its type.
      const bool same_device = on.index < 0 ? o.device().type == on.type : o.device() == on;
      if (o.dtype() != d || !same_device)
        throw TypeError("expected " + options(d, on) + " (got " + options(o.dtype(), o.device()) + ")");
      return Value::tensor(o.as_view(o.sizes(), o.strides(), o.storage_offset()));
    }
    if (x.is(Kind::Size)) {
      Shape shape;
      for (const Value& n : x.items()) shape.push_back(static_cast<int64_t>(n.as_int()));
      return sized(shape);
    }
    if (x.is(Kind::Int)) return sized({static_cast<int64_t>(x.as_int())});
    if (x.is(Kind::List) || x.is(Kind::Tuple)) return Value::tensor(tensor_from_data(x, d, on));
    if (x.is_number()) throw TypeError("new(): data must be a sequence (got " + type_name(x) + ")");
    throw TypeError("new(): invalid data type '" + type_name(x) + "'");
  }
  Shape shape;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is(Kind::Int))
      throw TypeError("new(): argument 'size' must be tuple of ints, but found element of type " + type_name(a[i]) +
                      " at pos " + std::to_string(i));
    shape.push_back(static_cast<int64_t>(a[i].as_int()));
  }
  return sized(shape);
}

Value legacy_tensor_new(Interpreter&, Args& a, Kwargs& kw) {
  return legacy_construct(a, kw, default_dtype(), Device{}, false);
}

namespace {

// torch.empty_strided / empty_permuted / range / asarray.
void register_more_factories(Registry& r) {
  r.def(factory("empty_strided(SymInt[] size, SymInt[] stride", ""), kFunction,
        "An uninitialised tensor with the given sizes and strides (its storage just covers them).",
        [](Interpreter&, Bound& a) {
          const Shape size = a.shape(0), stride = a.shape(1);
          if (size.size() != stride.size())
            throw RuntimeError("dimensionality of sizes (" + std::to_string(size.size()) +
                               ") must match dimensionality of strides (" + std::to_string(stride.size()) + ")");
          for (int64_t n : size)
            if (n < 0) throw RuntimeError("Trying to create tensor with negative dimension " + std::to_string(n) + ": " + shape_str(size));
          for (int64_t s : stride)
            if (s < 0)
              throw RuntimeError("Storage size calculation overflowed with sizes=" + shape_str(size) +
                                 " and strides=" + shape_str(stride));
          return Value::tensor(empty_strided(size, stride, a.dtype(2).value_or(default_dtype()),
                                             device_or_default(a.device(4))));
        });
  r.def(factory("empty_permuted(SymInt[] size, int[] physical_layout", ""), kFunction,
        "An uninitialised tensor of the given size laid out in memory in the order physical_layout "
        "(outermost dim first).",
        [](Interpreter&, Bound& a) {
          const Shape size = a.shape(0), layout = a.shape(1);
          if (size.size() != layout.size())
            throw RuntimeError("Number of dimensions in size does not match the length of the physical_layout; i.e. "
                               "len(size) = " + std::to_string(size.size()) + " is not equal to len(physical_layout) = " +
                               std::to_string(layout.size()));
          Shape stride(size.size(), 0);
          std::vector<bool> seen(size.size(), false);
          int64_t acc = 1;
          for (auto it = layout.rbegin(); it != layout.rend(); ++it) {
            const int64_t d = wrap_dim(*it, static_cast<int64_t>(size.size()));
            if (seen[static_cast<size_t>(d)]) throw RuntimeError("Duplicate dim not allowed");
            seen[static_cast<size_t>(d)] = true;
            stride[static_cast<size_t>(d)] = acc;
            acc *= std::max<int64_t>(size[static_cast<size_t>(d)], 1);
          }
          return Value::tensor(empty_strided(size, stride, a.dtype(2).value_or(default_dtype()),
                                             device_or_default(a.device(4))));
        });
  r.def(factory("range(Scalar start, Scalar end, Scalar step=1", "Tensor out=None"), kFunction,
        "Deprecated: start, start + step, ... up to and including end, in the default float dtype unless dtype "
        "is given (use arange, which excludes end).",
        [](Interpreter&, Bound& a) {
          const double start = a.scalar(0).to_double(), end = a.scalar(1).to_double(), step = a.scalar(2).to_double();
          if (step == 0) throw RuntimeError("step must be nonzero");
          if ((step > 0 && start > end) || (step < 0 && start < end))
            throw RuntimeError("upper bound and lower bound inconsistent with step sign");
          const int64_t n = static_cast<int64_t>(std::floor((end - start) / step)) + 1;
          std::optional<DType> d = factory_dtype(a, 4, 3);
          const DType dtype = d.value_or(default_dtype());
          Device dev = factory_device(a, 6, 3);
          // start + i * step in double, then the dtype (PyTorch's accumulate type on the CPU).
          Tensor idx = arange(Scalar(int64_t{0}), Scalar(n), Scalar(int64_t{1}), DType::Float64, dev);
          Tensor v = to(add(mul(idx, Operand(step)), Operand(start)), dtype, std::nullopt);
          return out_or_result(a, 3, v);
        });
  r.def("asarray(Any obj, *, ScalarType? dtype=None, Device? device=None, bool? copy=None, bool requires_grad=False) -> Tensor",
        kFunction,
        "obj as a tensor: a tensor itself (shared unless dtype/device differ or copy=True), a storage viewed "
        "as 1-d, or data copied like torch.tensor.",
        [](Interpreter&, Bound& a) {
          const std::optional<DType> dtype = a.dtype(1);
          const std::optional<Device> device = a.device(2);
          const std::optional<bool> copy = a.opt_bool(3);
          Tensor t;
          bool shared = false;
          if (a[0].is(Kind::Tensor) || is_ndarray(a[0])) {  // an ndarray shares its memory, as in PyTorch
            t = a[0].is(Kind::Tensor) ? a.tensor(0) : ndarray_tensor_for_torch(a[0]);
            shared = true;
          } else if (a[0].is(Kind::Storage)) {
            const auto* so = a[0].as<StorageObj>();
            const DType sd = so->untyped ? DType::UInt8 : so->dtype;
            t = Tensor::make(so->storage, {so->size()}, {1}, 0, sd);
            shared = true;
          } else {
            return Value::tensor(tensor_from_data(a[0], dtype, device_or_default(device)));
          }
          const bool convert = (dtype && *dtype != t.dtype()) || (device && !(*device == t.device()));
          if (convert && copy && !*copy)
            throw ValueError(std::string("can't alias tensor with dtype '") + scalar_type_name(t.dtype()) +
                             "' into dtype '" + scalar_type_name(dtype.value_or(t.dtype())) + "'.");
          if (copy && *copy) return Value::tensor(clone(to(t, dtype, device)));
          if (convert) return Value::tensor(to(t, dtype, device));
          return shared && a[0].is(Kind::Tensor) ? a[0] : Value::tensor(t);
        });
}

}  // namespace

void register_creation_ops(Registry& r) {
  register_more_factories(r);
  // Tensor.new(...): the legacy constructor with self's dtype and device.
  auto new_impl = [](Bound& b, Args a, size_t device_i) {
    const Tensor self = b.tensor(0);
    Kwargs kw;
    if (device_i != Bound::npos && !b.is_none(device_i)) kw.emplace_back("device", b[device_i]);
    // Keywords the legacy constructor refuses, passed on for its message.
    for (const char* k : {"dtype", "requires_grad"})
      if (size_t i = b.index_of(k); i != Bound::npos && !b.is_none(i)) kw.emplace_back(k, b[i]);
    // Data on meta comes out float32, whatever self's dtype (PyTorch 2.x).
    const DType d = self.device().is_meta() && a.size() == 1 && a[0].is_sequence() && !a[0].is(Kind::Size)
                        ? DType::Float32 : self.dtype();
    return legacy_construct(a, kw, d, self.device(), true);
  };
  const std::string new_doc =
      "The legacy constructor with self's dtype and device: t.new(2, 3) (uninitialized), t.new([1, 2]) (data), "
      "t.new() (empty).";
  // One generic form: the legacy rules (ints or a torch.Size are a size, a list or tuple is data)
  // decide, as in PyTorch's legacy constructor.
  r.def("new(Tensor self, Any a0=None, Any a1=None, Any a2=None, Any a3=None, Any a4=None, Any a5=None, Any a6=None, "
        "Any a7=None, *, Device? device=None, Any dtype=None, Any requires_grad=None) -> Tensor |hidden",
        kMethod, new_doc, [new_impl](Interpreter&, Bound& b) {
          Args args;
          for (size_t i = 1; i <= 8 && !b.is_none(i); ++i) args.push_back(b[i]);
          return new_impl(b, args, 9);
        });
  r.def("tensor(Any data, *, ScalarType dtype=None, Device? device=None, bool pin_memory=False, "
        "bool requires_grad=False) -> Tensor", kFunction,
        "A new tensor holding a copy of data (nested lists/tuples of numbers). The dtype is inferred: "
        "bool, then int64, then the default float dtype, then complex.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(tensor_from_data(a[0], a.dtype(1), device_or_default(a.device(2))));
        });
  r.def("as_tensor(Any data, *, ScalarType dtype=None, Device? device=None) -> Tensor", kFunction,
        "Like tensor(), but returns a tensor argument unchanged when it already fits.",
        [](Interpreter&, Bound& a) {
          if (a[0].is(Kind::Tensor)) return Value::tensor(to(a.tensor(0), a.dtype(1), a.device(2)));
          if (is_ndarray(a[0])) return Value::tensor(to(ndarray_tensor_for_torch(a[0]), a.dtype(1), a.device(2)));  // shared
          return Value::tensor(tensor_from_data(a[0], a.dtype(1), device_or_default(a.device(2))));
        });
  struct Fill {
    const char* name;
    const char* doc;
    int value;  // 0, 1, or -1 for uninitialised
  };
  for (const Fill& f : {Fill{"zeros", "A tensor of the given size filled with 0.", 0},
                        Fill{"ones", "A tensor of the given size filled with 1.", 1},
                        Fill{"empty", "An uninitialised tensor of the given size.", -1}}) {
    const bool is_empty = f.value < 0;
    const int value = f.value;
    auto make = [value](const Shape& size, DType d, Device dev) {
      if (value == 0)  // torch.zeros checks its sizes itself in PyTorch 2.x
        for (int64_t n : size)
          if (n < 0) throw RuntimeError("zeros: Dimension size must be non-negative.");
      return value == 0 ? zeros(size, d, dev) : value == 1 ? ones(size, d, dev) : empty(size, d, dev);
    };
    // empty has memory_format= before out=.
    const size_t shift = is_empty ? 1 : 0;
    r.def(factory(std::string(f.name) + "(SymInt[] size", is_empty ? "MemoryFormat? memory_format=None, Tensor out=None"
                                                                    : "Tensor out=None"),
          kFunction, f.doc, [make, shift](Interpreter&, Bound& a) {
            const size_t out = 1 + shift;
            std::optional<DType> d = factory_dtype(a, out + 1, out);
            const DType dtype = d.value_or(default_dtype());
            if (std::optional<MemoryFormat> f = memory_format_arg(a); f && *f != MemoryFormat::Contiguous) {
              const Shape size = a.shape(0);
              for (int64_t n : size)
                if (n < 0) return Value::tensor(empty(size, dtype, factory_device(a, out + 3, out)));  // its size error
              return out_or_result(a, out, empty(size, dtype, factory_device(a, out + 3, out), *f));
            }
            return out_or_result(a, out, make(a.shape(0), dtype, factory_device(a, out + 3, out)));
          });
  }
  const std::string full_doc = "A tensor of the given size filled with fill_value (dtype inferred from it).";
  r.def("scalar_tensor(Scalar s, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None) -> Tensor",
        kFunction, "A 0-d tensor holding s, of the default float dtype unless dtype is given.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(full({}, a.scalar(0), a.dtype(1).value_or(default_dtype()), device_or_default(a.device(3))));
        });
  r.def(factory("full(SymInt[] size, Scalar fill_value", "Tensor out=None"), kFunction, full_doc,
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 2, full(a.shape(0), a.scalar(1), factory_dtype(a, 3, 2), factory_device(a, 5, 2)));
        });
  const std::string eye_doc = "A 2-d tensor with ones on the diagonal.";
  r.def(factory("eye(SymInt n", "Tensor out=None"), kFunction, eye_doc, [](Interpreter&, Bound& a) {
    return out_or_result(a, 1, eye(a.int64(0), std::nullopt, factory_dtype(a, 2, 1).value_or(default_dtype()),
                                   factory_device(a, 4, 1)));
  });
  r.def(factory("eye(SymInt n, SymInt m", "Tensor out=None"), kFunction, eye_doc, [](Interpreter&, Bound& a) {
    return out_or_result(a, 2, eye(a.int64(0), a.int64(1), factory_dtype(a, 3, 2).value_or(default_dtype()),
                                   factory_device(a, 5, 2)));
  });
  for (const bool lower : {true, false}) {
    const std::string name = lower ? "tril_indices" : "triu_indices";
    r.def(name + "(int row, int col, int offset=0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
                 "bool? pin_memory=None) -> Tensor",
          kFunction,
          std::string("The 2 x N (row; col) coordinates of the ") + (lower ? "lower" : "upper") +
              " triangle of a row x col matrix, diagonal offset included (int64 unless dtype says int32).",
          [lower](Interpreter&, Bound& a) {
            const DType d = a.dtype(3).value_or(DType::Int64);
            const Device dev = device_or_default(a.device(5));
            return Value::tensor(lower ? tril_indices(a.int64(0), a.int64(1), a.int64(2), d, dev)
                                       : triu_indices(a.int64(0), a.int64(1), a.int64(2), d, dev));
          });
  }
  r.def(factory("arange(Scalar end", "Tensor out=None"), kFunction, "Values from 0 to end (exclusive), step 1.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 1, arange(Scalar(int64_t{0}), a.scalar(0), Scalar(int64_t{1}), factory_dtype(a, 2, 1),
                                            factory_device(a, 4, 1)));
        });
  const std::string arange_doc =
      "Values from start to end (exclusive) by step; int64 when all are integers, else the default float dtype.";
  r.def(factory("arange(Scalar start, Scalar end", ""), kFunction, arange_doc, [](Interpreter&, Bound& a) {
    return Value::tensor(arange(a.scalar(0), a.scalar(1), Scalar(int64_t{1}), a.dtype(2), device_or_default(a.device(4))));
  });
  r.def(factory("arange(Scalar start, Scalar end, Scalar step=1", "Tensor out=None"), kFunction, arange_doc,
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 3, arange(a.scalar(0), a.scalar(1), a.scalar(2), factory_dtype(a, 4, 3),
                                            factory_device(a, 6, 3)));
        });
  // linspace/logspace: start and end may be numbers or 0-d tensors.
  for (const char* types : {"Tensor start, Tensor end", "Scalar start, Tensor end", "Tensor start, Scalar end",
                            "Scalar start, Scalar end"}) {
    r.def(factory(std::string("linspace(") + types + ", int steps", "Tensor out=None"), kFunction,
          "steps values evenly spaced from start to end (inclusive).", [](Interpreter&, Bound& a) {
            return out_or_result(a, 3, linspace(a.scalar(0), a.scalar(1), a.int64(2), factory_dtype(a, 4, 3),
                                                factory_device(a, 6, 3)));
          });
  }
  for (const char* types : {"Tensor start, Tensor end", "Scalar start, Tensor end", "Tensor start, Scalar end",
                            "Scalar start, Scalar end"}) {
    r.def(factory(std::string("logspace(") + types + ", int steps, float base=10.0", "Tensor out=None"), kFunction,
          "steps values base**x for x evenly spaced from start to end (inclusive).", [](Interpreter&, Bound& a) {
            return out_or_result(a, 4, logspace(a.scalar(0), a.scalar(1), a.int64(2), a.f64(3), factory_dtype(a, 5, 4),
                                                factory_device(a, 7, 4)));
          });
  }

  // *_like: the size (and stride order) of input; dtype/device default to input's.
  auto like = [&](const char* name, const char* doc, auto make) {
    r.def(factory(std::string(name) + "(Tensor self", "MemoryFormat? memory_format=None"), kFunction, doc,
          [make](Interpreter&, Bound& a) {
            const Tensor& t = a.tensor(0);
            Tensor out = empty_like(t, a.dtype(2).value_or(t.dtype()), a.device(4).value_or(t.device()),
                                    memory_format_arg(a).value_or(MemoryFormat::Preserve));
            make(out);
            return Value::tensor(out);
          });
  };
  like("zeros_like", "A tensor like input filled with 0.", [](const Tensor& t) { fill_(t, Scalar(int64_t{0})); });
  like("ones_like", "A tensor like input filled with 1.", [](const Tensor& t) { fill_(t, Scalar(int64_t{1})); });
  like("empty_like", "An uninitialised tensor like input.", [](const Tensor&) {});
  r.def(factory("full_like(Tensor self, Scalar fill_value", "MemoryFormat? memory_format=None"), kFunction,
        "A tensor like input filled with fill_value.", [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          Tensor out = empty_like(t, a.dtype(3).value_or(t.dtype()), a.device(5).value_or(t.device()),
                                  memory_format_arg(a).value_or(MemoryFormat::Preserve));
          fill_(out, a.scalar(1));
          return Value::tensor(out);
        });

  // new_*: dtype and device default to self's; the size is given (not self's).
  auto new_fn = [&](const char* name, const char* doc, auto make) {
    r.def(factory(std::string(name) + "(Tensor self, SymInt[] size", ""), kMethod, doc, [make](Interpreter&, Bound& a) {
      const Tensor& t = a.tensor(0);
      Tensor out = empty(a.shape(1), a.dtype(2).value_or(t.dtype()), a.device(4).value_or(t.device()));
      make(out);
      return Value::tensor(out);
    });
  };
  new_fn("new_zeros", "A new tensor of the given size filled with 0, with self's dtype and device.",
         [](const Tensor& t) { fill_(t, Scalar(int64_t{0})); });
  new_fn("new_ones", "A new tensor of the given size filled with 1, with self's dtype and device.",
         [](const Tensor& t) { fill_(t, Scalar(int64_t{1})); });
  new_fn("new_empty", "A new uninitialised tensor of the given size, with self's dtype and device.",
         [](const Tensor&) {});
  r.def(factory("new_full(Tensor self, SymInt[] size, Scalar fill_value", ""), kMethod,
        "A new tensor of the given size filled with fill_value, with self's dtype and device.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          Tensor out = empty(a.shape(1), a.dtype(3).value_or(t.dtype()), a.device(5).value_or(t.device()));
          fill_(out, a.scalar(2));
          return Value::tensor(out);
        });
  r.def("new_tensor(Tensor self, Any data, *, ScalarType dtype=None, Device? device=None, bool requires_grad=False) -> Tensor",
        kMethod,
        "A new tensor from data, with self's dtype and device unless given.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          return Value::tensor(tensor_from_data(a[1], a.dtype(2).value_or(t.dtype()), a.device(3).value_or(t.device())));
        });
}

}  // namespace tsh::shell
