// shell/ops_creation.cpp — registry entries that make new tensors:
// tensor(), zeros/ones/full/empty/eye, arange/linspace/logspace, the *_like and new_* forms.
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "shell/errors.h"
#include "shell/registry.h"

namespace tsh::shell {

namespace {

Device device_or_default(const std::optional<Device>& d) { return d.value_or(Device{}); }

// Walks nested lists/tuples: fills shape (checking raggedness) and the flat scalars.
void flatten_data(const Value& v, size_t depth, Shape& shape, std::vector<Scalar>& out) {
  if (v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::Size)) {
    const auto& items = v.items();
    int64_t n = static_cast<int64_t>(items.size());
    if (depth == shape.size()) {
      if (!out.empty()) throw TypeError("not a sequence");
      shape.push_back(n);
    } else if (shape[depth] != n) {
      throw ValueError("expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                       std::to_string(depth) + " (got " + std::to_string(n) + ")");
    }
    for (const Value& x : items) flatten_data(x, depth + 1, shape, out);
    return;
  }
  if (depth < shape.size()) throw TypeError("not a sequence");
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
    Bound b;
    b.values = {v};
    out.push_back(b.scalar(0));
    return;
  }
  if (!v.is_number()) throw TypeError("new(): invalid data type '" + type_name(v) + "'");
  if (v.is_intlike() && (v.as_int() > INT64_MAX)) throw RuntimeError("Overflow when unpacking long");
  out.push_back(v.as_scalar());
}

Tensor tensor_from_data(const Value& data, std::optional<DType> dtype, Device device) {
  if (data.is(Kind::Tensor)) return clone(to(data.as_tensor(), dtype, device));
  Shape shape;
  std::vector<Scalar> flat;
  flatten_data(data, 0, shape, flat);
  // An empty list has no element to infer from: the default float dtype.
  DType d = dtype.value_or(flat.empty() ? default_dtype() : infer_dtype(flat));
  return from_scalars(shape, flat, d, device);
}

}  // namespace

void register_creation_ops(Registry& r) {
  const char* kFactoryTail = "*, ScalarType? dtype=None, Device? device=None, bool requires_grad=False";
  auto schema = [&](const std::string& head) { return head + ", " + kFactoryTail + ") -> Tensor"; };

  r.def(schema("tensor(Any data"), kFunction,
        "A new tensor holding a copy of data (nested lists/tuples of numbers). The dtype is inferred: "
        "bool, then int64, then the default float dtype, then complex.",
        [](Interpreter&, Bound& a) { return Value::tensor(tensor_from_data(a[0], a.dtype(1), device_or_default(a.device(2)))); });
  r.def(schema("as_tensor(Any data"), kFunction, "Like tensor(), but returns a tensor argument unchanged when it already fits.",
        [](Interpreter&, Bound& a) {
          if (a[0].is(Kind::Tensor)) return Value::tensor(to(a.tensor(0), a.dtype(1), a.device(2)));
          return Value::tensor(tensor_from_data(a[0], a.dtype(1), device_or_default(a.device(2))));
        });
  r.def(schema("zeros(int[] size"), kFunction, "A tensor of the given size filled with 0.",
        [](Interpreter&, Bound& a) { return Value::tensor(zeros(a.shape(0), a.dtype(1).value_or(default_dtype()), device_or_default(a.device(2)))); });
  r.def(schema("ones(int[] size"), kFunction, "A tensor of the given size filled with 1.",
        [](Interpreter&, Bound& a) { return Value::tensor(ones(a.shape(0), a.dtype(1).value_or(default_dtype()), device_or_default(a.device(2)))); });
  r.def(schema("empty(int[] size"), kFunction, "An uninitialised tensor of the given size.",
        [](Interpreter&, Bound& a) { return Value::tensor(empty(a.shape(0), a.dtype(1).value_or(default_dtype()), device_or_default(a.device(2)))); });
  r.def(schema("full(int[] size, Scalar fill_value"), kFunction,
        "A tensor of the given size filled with fill_value (dtype inferred from it).",
        [](Interpreter&, Bound& a) { return Value::tensor(full(a.shape(0), a.scalar(1), a.dtype(2), device_or_default(a.device(3)))); });
  r.def(schema("eye(int n, int? m=None"), kFunction, "A 2-d tensor with ones on the diagonal.",
        [](Interpreter&, Bound& a) { return Value::tensor(eye(a.int64(0), a.opt_int(1), a.dtype(2).value_or(default_dtype()), device_or_default(a.device(3)))); });
  r.def(schema("arange(Scalar end"), kFunction, "Values from 0 to end (exclusive), step 1.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(arange(Scalar(int64_t{0}), a.scalar(0), Scalar(int64_t{1}), a.dtype(1), device_or_default(a.device(2))));
        });
  r.def(schema("arange(Scalar start, Scalar end, Scalar step=1"), kFunction,
        "Values from start to end (exclusive) by step; int64 when all are integers, else the default float dtype.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(arange(a.scalar(0), a.scalar(1), a.scalar(2), a.dtype(3), device_or_default(a.device(4))));
        });
  r.def(schema("linspace(Scalar start, Scalar end, int steps"), kFunction,
        "steps values evenly spaced from start to end (inclusive).",
        [](Interpreter&, Bound& a) {
          return Value::tensor(linspace(a.scalar(0), a.scalar(1), a.int64(2), a.dtype(3), device_or_default(a.device(4))));
        });
  r.def(schema("logspace(Scalar start, Scalar end, int steps, float base=10.0"), kFunction,
        "steps values base**x for x evenly spaced from start to end (inclusive).",
        [](Interpreter&, Bound& a) {
          return Value::tensor(logspace(a.scalar(0), a.scalar(1), a.int64(2), a.f64(3), a.dtype(4), device_or_default(a.device(5))));
        });

  // *_like: the size (and stride order) of input; dtype/device default to input's.
  auto like = [&](const char* name, const char* doc, auto make) {
    r.def(schema(std::string(name) + "(Tensor input"), kFunction, doc, [make](Interpreter&, Bound& a) {
      const Tensor& t = a.tensor(0);
      Tensor out = empty_like(t, a.dtype(1).value_or(t.dtype()), a.device(2).value_or(t.device()));
      make(out);
      return Value::tensor(out);
    });
  };
  like("zeros_like", "A tensor like input filled with 0.", [](const Tensor& t) { fill_(t, Scalar(int64_t{0})); });
  like("ones_like", "A tensor like input filled with 1.", [](const Tensor& t) { fill_(t, Scalar(int64_t{1})); });
  like("empty_like", "An uninitialised tensor like input.", [](const Tensor&) {});
  r.def(schema("full_like(Tensor input, Scalar fill_value"), kFunction, "A tensor like input filled with fill_value.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          Tensor out = empty_like(t, a.dtype(2).value_or(t.dtype()), a.device(3).value_or(t.device()));
          fill_(out, a.scalar(1));
          return Value::tensor(out);
        });

  // new_*: dtype and device default to self's; the size is given (not self's).
  auto new_fn = [&](const char* name, const char* doc, auto make) {
    r.def(schema(std::string(name) + "(Tensor self, int[] size"), kMethod, doc, [make](Interpreter&, Bound& a) {
      const Tensor& t = a.tensor(0);
      Tensor out = empty(a.shape(1), a.dtype(2).value_or(t.dtype()), a.device(3).value_or(t.device()));
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
  r.def(schema("new_full(Tensor self, int[] size, Scalar fill_value"), kMethod,
        "A new tensor of the given size filled with fill_value, with self's dtype and device.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          Tensor out = empty(a.shape(1), a.dtype(3).value_or(t.dtype()), a.device(4).value_or(t.device()));
          fill_(out, a.scalar(2));
          return Value::tensor(out);
        });
  r.def(schema("new_tensor(Tensor self, Any data"), kMethod,
        "A new tensor from data, with self's dtype and device unless given.",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          return Value::tensor(tensor_from_data(a[1], a.dtype(2).value_or(t.dtype()), a.device(3).value_or(t.device())));
        });
}

}  // namespace tsh::shell
