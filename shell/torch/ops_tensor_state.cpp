// shell/torch/ops_tensor_state.cpp — registry entries that change or inspect what a tensor is:
// resize_/resize_as_/resize/resize_as, set_, is_set_to, sum_to_size, dim_order, is_distributed.
#include <algorithm>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "shell/interp.h"
#include "engine/ops/reduce.h"
#include "engine/ops/resize.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// "2x3": how autograd's Resize prints a size.
std::string by(const Shape& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) out += (i ? "x" : "") + std::to_string(s[i]);
  return out;
}

// Tensor.resize / resize_as (deprecated, not in place): autograd's Resize, which only reshapes.
Value resize_copy(const Tensor& self, const Shape& sizes) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  if (n != self.numel()) {
    const std::string shown = by(sizes), total = std::to_string(n);
    throw RuntimeError("requested resize to " + shown + " (" + total + " elements in total), but the given tensor has a size of " +
                       by(self.sizes()) + " (" + std::to_string(self.numel()) +
                       " elements). autograd's resize can only change the shape of a given tensor, while preserving the "
                       "number of elements. ");
  }
  return Value::tensor(view(clone(contiguous(self)), sizes));
}

// PyTorch's dim_order: dims outermost first, by insertion sort from the last dim, where a dim
// goes outward past a smaller stride (or an equal stride with a smaller size); stride 0 decides nothing.
std::vector<int64_t> memory_order(const Tensor& t) {
  const int64_t n = t.dim();
  std::vector<int64_t> natural(static_cast<size_t>(n));
  for (int64_t d = 0; d < n; ++d) natural[static_cast<size_t>(d)] = d;
  if (t.is_contiguous()) return natural;
  // A channels-last 4-d tensor (N, C, H, W) laid out as N, H, W, C.
  if (n == 4) {
    const std::vector<int64_t> cl = {0, 2, 3, 1};
    int64_t expected = 1;
    bool ok = true;
    for (auto it = cl.rbegin(); it != cl.rend() && ok; ++it) {
      if (t.sizes()[*it] != 1 && t.strides()[*it] != expected) ok = false;
      expected *= t.sizes()[*it];
    }
    if (ok) return cl;
  }
  auto should_swap = [&](int64_t a, int64_t b) {
    const int64_t sa = t.strides()[a], sb = t.strides()[b];
    if (sa == 0 || sb == 0) return 0;
    if (sa < sb) return -1;
    if (sa > sb) return 1;
    return t.sizes()[a] > t.sizes()[b] ? 1 : 0;
  };
  std::vector<int64_t> perm;
  for (int64_t d = n - 1; d >= 0; --d) perm.push_back(d);
  for (int64_t i = 1; i < n; ++i) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; --dim0) {
      const int c = should_swap(perm[dim0], perm[dim1]);
      if (c > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return {perm.rbegin(), perm.rend()};
}

// A tensor's elements as Python numbers, in row-major order.
std::vector<Value> elements(const Tensor& t) {
  std::vector<Value> out;
  const DType d = t.dtype();
  if (d == DType::Bool) {
    for (int64_t v : int_values(t)) out.push_back(Value::boolean(v != 0));
  } else if (is_integral(d, false)) {
    for (int64_t v : int_values(t)) out.push_back(Value::integer(v));
  } else if (is_complex(d)) {
    for (auto v : host_values<std::complex<double>>(to(t, DType::Complex128, std::nullopt))) out.push_back(Value::complex(v));
  } else {
    for (double v : host_values<double>(to(t, DType::Float64, std::nullopt))) out.push_back(Value::floating(v));
  }
  return out;
}

// apply_/map_/map2_: self[i] = fn(self[i], others[i]...), each other broadcast to self's shape and of self's dtype.
Value apply_elementwise(Interpreter& in, const Value& self_value, const std::vector<Tensor>& others, const Value& fn,
                        const std::string& op, const std::vector<std::string>& names) {
  const Tensor& self = self_value.as_tensor();
  if (self.device().is_meta()) return self_value;
  for (size_t i = 0; i < others.size(); ++i)
    if (others[i].dtype() != self.dtype())
      throw TypeError(op + ": expected torch." + std::string(legacy_type_name(self.dtype())) + " for '" + names[i] +
                      "' (got torch." + std::string(legacy_type_name(others[i].dtype())) + ")");
  std::vector<std::vector<Value>> args{elements(self)};
  for (const Tensor& o : others) args.push_back(elements(contiguous(expand(o, self.sizes()))));
  std::vector<Scalar> results;
  for (size_t k = 0; k < args[0].size(); ++k) {
    Args call_args;
    for (const auto& column : args) call_args.push_back(column[k]);
    Kwargs kw;
    const Value r = in.call(fn, call_args, kw);
    if (!r.is_number()) throw TypeError("must be real number, not " + type_name(r));
    results.push_back(r.as_scalar());
  }
  copy_(self, from_scalars(self.sizes(), results, self.dtype(), self.device()));
  return self_value;
}

}  // namespace

void register_tensor_state_ops(Registry& r) {
  r.def("apply_(Tensor self, Any callable) -> Tensor", kMethod,
        "Replaces each element x by callable(x) (a Python function per element: slow, for small tensors).",
        [](Interpreter& in, Bound& a) { return apply_elementwise(in, a[0], {}, a[1], "apply_", {}); });
  r.def("map_(Tensor self, Tensor tensor, Any callable) -> Tensor", kMethod,
        "Replaces each element x by callable(x, y), y the matching element of tensor (broadcast).",
        [](Interpreter& in, Bound& a) { return apply_elementwise(in, a[0], {a.tensor(1)}, a[2], "map_", {"other"}); });
  r.def("map2_(Tensor self, Tensor x, Tensor y, Any callable) -> Tensor", kMethod,
        "Replaces each element s by callable(s, x, y) with the matching elements of x and y (broadcast).",
        [](Interpreter& in, Bound& a) {
          return apply_elementwise(in, a[0], {a.tensor(1), a.tensor(2)}, a[3], "map2_", {"x", "y"});
        });
  r.def("resize_(Tensor self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor", kMethod,
        "Gives self the new sizes with contiguous strides, keeping its storage (grown if needed; new elements are "
        "uninitialised). The same sizes change nothing.",
        [](Interpreter&, Bound& a) {
          const std::optional<MemoryFormat> f = memory_format_arg(a);
          if (f == MemoryFormat::Preserve) throw RuntimeError("Unsupported memory formatPreserve");
          if (f) memory_format_strides(a.shape(1), *f);  // its rank error before anything changes
          resize_(a.tensor(0), a.shape(1));
          if (f) restride_(a.tensor(0), *f);
          return a[0];
        });
  r.def("resize_as_(Tensor self, Tensor the_template, *, MemoryFormat? memory_format=None) -> Tensor", kBoth,
        "resize_(the_template.size()).", [](Interpreter&, Bound& a) {
          std::optional<MemoryFormat> f = memory_format_arg(a);
          if (f == MemoryFormat::Preserve) f = suggest_memory_format(a.tensor(1).sizes(), a.tensor(1).strides());
          resize_as_(a.tensor(0), a.tensor(1));
          if (f) restride_(a.tensor(0), *f);
          return a[0];
        });
  r.def("resize(Tensor self, SymInt[] sizes) -> Tensor", kMethod,
        "Deprecated: a reshaped copy with the same number of elements (not in place, unlike resize_).",
        [](Interpreter&, Bound& a) { return resize_copy(a.tensor(0), a.shape(1)); });
  r.def("resize_as(Tensor self, Tensor tensor) -> Tensor |python", kMethod,
        "Deprecated: a copy of self reshaped to tensor's size (the same number of elements).",
        [](Interpreter&, Bound& a) {
          return resize_copy(a.tensor(0), a.tensor(1).sizes());
        });
  r.def("set_(Tensor self) -> Tensor", kMethod, "Points self at a new empty storage (shape (0)).",
        [](Interpreter&, Bound& a) {
          set_(a.tensor(0));
          return a[0];
        });
  r.def("set_(Tensor self, Tensor source) -> Tensor", kMethod,
        "Makes self a view of source: the same storage, offset, sizes and strides.", [](Interpreter&, Bound& a) {
          set_(a.tensor(0), a.tensor(1));
          return a[0];
        });
  r.def("set_(Tensor self, Any source, SymInt storage_offset=0, SymInt[] size=None, SymInt[] stride=None) -> Tensor",
        kMethod, "Points self at a storage: all of it as 1-d, or at storage_offset with size and stride.",
        [](Interpreter&, Bound& a) {
          const Tensor& self = a.tensor(0);
          if (!a[1].is(Kind::Storage))
            throw TypeError("set_(): argument 'source' must be Storage, not " + type_name(a[1]));
          const auto* so = a[1].as<StorageObj>();
          if (!so->untyped && so->dtype != self.dtype())
            throw RuntimeError(std::string("Expected a Storage of type ") + typemeta_name(self.dtype()) +
                               " or an UntypedStorage, but got type " + scalar_type_name(so->dtype) +
                               " for argument 1 'storage'");
          std::optional<Shape> sizes, strides;
          if (!a.is_none(3)) sizes = a.shape(3);
          if (!a.is_none(4)) strides = a.shape(4);
          set_(self, so->storage, a.int64(2), sizes, strides);
          return a[0];
        });
  r.def("is_set_to(Tensor self, Tensor tensor) -> bool", kMethod,
        "Whether self and tensor are over the same storage with the same offset, sizes and strides.",
        [](Interpreter&, Bound& a) { return Value::boolean(is_set_to(a.tensor(0), a.tensor(1))); });
  r.def("sum_to_size(Tensor self, SymInt[] size) -> Tensor", kMethod,
        "Sums self down to size, which it must be expandable from (the inverse of expand).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          const Shape size = a.shape(1);
          bool ok = static_cast<int64_t>(size.size()) <= t.dim();
          for (size_t i = 0; ok && i < size.size(); ++i) {
            const int64_t have = t.sizes()[t.dim() - size.size() + i];
            ok = size[i] == have || size[i] == 1;
          }
          if (!ok)
            throw RuntimeError("size {" + shape_str(size) + "} is not expandable to size {" + shape_str(t.sizes()) + "}.");
          const int64_t lead = t.dim() - static_cast<int64_t>(size.size());
          std::vector<int64_t> dims;
          for (int64_t d = 0; d < lead; ++d) dims.push_back(d);
          Tensor r = dims.empty() ? t : sum(t, dims, false);
          dims.clear();
          for (size_t i = 0; i < size.size(); ++i)
            if (size[i] == 1 && r.sizes()[i] != 1) dims.push_back(static_cast<int64_t>(i));
          if (!dims.empty()) r = sum(r, dims, true);
          return r.is_same(t) ? a[0] : Value::tensor(r);
        });
  r.def("dim_order(Tensor self, *, bool ambiguity_check=False) -> Any |python", kMethod,
        "The dims from outermost to innermost in memory (by stride, as PyTorch orders an elementwise loop).",
        [](Interpreter&, Bound& a) {
          if (a.boolean(1)) throw RuntimeError("dim_order(ambiguity_check=True) is not supported by tsh");
          const Tensor& t = a.tensor(0);
          std::vector<Value> out;
          for (int64_t d : memory_order(t)) out.push_back(Value::integer(d));
          return Value::tuple(out);
        });
  r.def("is_distributed(Tensor self) -> bool", kBoth, "False: tsh has no distributed tensors.",
        [](Interpreter&, Bound&) { return Value::boolean(false); });
}

}  // namespace tsh::shell
