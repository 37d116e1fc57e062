// shell/torch/subscript.cpp — `x[i]` and `x[i] = v` for sequences, strings, storages and tensors.
#include <cstring>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/memory.h"
#include "engine/core/convert.h"
#include "engine/ops/advanced_index.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/indexing.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/pyops.h"
#include "shell/python/unicode.h"
#include "shell/torch/registry.h"
#include "shell/torch/tensor_attrs.h"
#include "shell/torch/tensor_data.h"

namespace tsh::shell {

namespace {

// Python's slice.indices(len): clamped start, stop and step.
struct SliceBounds {
  int64_t start, stop, step;
};

SliceBounds slice_indices(const SliceObj& s, int64_t len) {
  int64_t step = 1;
  if (!s.step.is_none()) {
    if (!s.step.is_intlike()) throw TypeError("slice indices must be integers or None or have an __index__ method");
    step = static_cast<int64_t>(s.step.as_int());
    if (step == 0) throw ValueError("slice step cannot be zero");
  }
  auto clamp = [&](const Value& v, int64_t dflt) -> int64_t {
    if (v.is_none()) return dflt;
    if (!v.is_intlike()) throw TypeError("slice indices must be integers or None or have an __index__ method");
    Int i = v.as_int();
    if (i < 0) i += len;
    if (step > 0) return static_cast<int64_t>(std::clamp<Int>(i, 0, len));
    return static_cast<int64_t>(std::clamp<Int>(i, -1, len - 1));
  };
  int64_t start = clamp(s.start, step > 0 ? 0 : len - 1);
  int64_t stop = clamp(s.stop, step > 0 ? len : -1);
  return {start, stop, step};
}

std::vector<Value> slice_items(const std::vector<Value>& items, const SliceObj& s) {
  SliceBounds b = slice_indices(s, static_cast<int64_t>(items.size()));
  std::vector<Value> out;
  for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) out.push_back(items[i]);
  return out;
}

}  // namespace

// a[i:j] = iterable (any length) and a[i:j:k] = iterable (of the slice's length), as Python's list does.
void list_assign_slice(Interpreter& in, std::vector<Value>& items, const Value& slice, const Value& v) {
  const SliceBounds b = slice_indices(*slice.as<SliceObj>(), static_cast<int64_t>(items.size()));
  std::vector<Value> seq;
  try {
    seq = in.iterate(v);  // a copy first: `a[:] = a` reads the old items
  } catch (const tsh::Error& e) {
    if (std::string(e.kind()) != "TypeError") throw;
    throw TypeError(b.step == 1 ? "can only assign an iterable" : "must assign iterable to extended slice");
  }
  if (b.step == 1) {
    const int64_t stop = std::max(b.start, b.stop);
    items.erase(items.begin() + b.start, items.begin() + stop);
    items.insert(items.begin() + b.start, seq.begin(), seq.end());
    return;
  }
  int64_t count = 0;
  for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) ++count;
  if (static_cast<int64_t>(seq.size()) != count)
    throw ValueError("attempt to assign sequence of size " + std::to_string(seq.size()) + " to extended slice of size " +
                     std::to_string(count));
  size_t k = 0;
  for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) items[static_cast<size_t>(i)] = seq[k++];
}

void list_delete_slice(std::vector<Value>& items, const Value& slice) {
  const SliceBounds b = slice_indices(*slice.as<SliceObj>(), static_cast<int64_t>(items.size()));
  std::vector<bool> doomed(items.size(), false);
  for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) doomed[static_cast<size_t>(i)] = true;
  std::vector<Value> kept, dropped;  // the dropped die after the list is whole again
  for (size_t i = 0; i < items.size(); ++i) (doomed[i] ? dropped : kept).push_back(std::move(items[i]));
  items = std::move(kept);
}

namespace {

// ---- tensor subscripts -----------------------------------------------------
//
// PyTorch's Python layer decides what a subscript means before the engine
// sees it: a tuple (or a short list holding a tensor, a sequence, a slice,
// None or ...) is several items; any other list is one index tensor built
// from its values; a Python bool is a bool item. tensor_index_items mirrors
// that, and the engine (engine/ops/advanced_index.h) does the rest.

bool is_python_sequence(const Value& v) {
  return v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::Size) || v.is(Kind::Range) ||
         v.is(Kind::NamedTuple) || v.is(Kind::Str);
}

std::vector<Value> sequence_items(Interpreter& in, const Value& v) {
  if (v.is(Kind::NamedTuple)) return v.as<NamedTupleObj>()->items;
  return in.iterate(v);
}

// PyTorch's treatSequenceAsTuple.
bool sequence_as_tuple(Interpreter& in, const Value& index) {
  if (index.is(Kind::Tuple) || index.is(Kind::Size) || index.is(Kind::NamedTuple)) return true;
  if (!is_python_sequence(index)) return false;
  std::vector<Value> items = sequence_items(in, index);
  if (items.size() >= 32) return false;
  for (const Value& x : items)
    if (x.is(Kind::Tensor) || is_python_sequence(x) || x.is(Kind::Slice) || x.is(Kind::Ellipsis) ||
        x.is_none())
      return true;
  return false;
}

int64_t unpack_long(const Value& v) {
  const Int i = v.as_int();
  if (i > INT64_MAX || i < INT64_MIN) throw ValueError("Overflow when unpacking long long");
  return static_cast<int64_t>(i);
}

// The leaves of nested sequences (checking that they are rectangular), as torch.tensor reads them.
void index_leaves(Interpreter& in, const Value& v, size_t depth, Shape& shape, std::vector<Value>& out) {
  if (v.is(Kind::Str)) throw TypeError("new(): invalid data type 'str'");
  if (is_python_sequence(v)) {
    if (depth == kTorchNesting.max_dims) kTorchNesting.too_deep(v);
    std::vector<Value> items = sequence_items(in, v);
    const int64_t n = static_cast<int64_t>(items.size());
    if (depth == shape.size()) {
      if (!out.empty()) throw TypeError("not a sequence");
      shape.resize(depth + 1, n);  // (not push_back: GCC 12 warns wrongly about it here)
    } else if (shape[depth] != n) {
      throw ValueError("expected sequence of length " + std::to_string(shape[depth]) + " at dim " +
                       std::to_string(depth) + " (got " + std::to_string(n) + ")");
    }
    for (const Value& x : items) index_leaves(in, x, depth + 1, shape, out);
    return;
  }
  if (depth < shape.size()) throw TypeError("not a sequence");
  if (v.is(Kind::Tensor)) {
    if (v.as_tensor().numel() != 1)
      throw ValueError("only one element tensors can be converted to Python scalars");
  } else if (!v.is_number()) {
    throw TypeError("new(): invalid data type '" + type_name(v) + "'");
  }
  out.push_back(v);
}

// PyTorch's indexing_tensor_from_data: a list of bools is a mask, anything else int64 positions.
Tensor sequence_to_index(Interpreter& in, const Value& seq) {
  Shape shape;
  std::vector<Value> leaves;
  index_leaves(in, seq, 0, shape, leaves);
  bool all_bool = !leaves.empty(), any_byte = false;
  for (const Value& v : leaves) {
    DType d = v.is(Kind::Tensor) ? v.as_tensor().dtype() : v.is(Kind::Bool) ? DType::Bool : DType::Int64;
    all_bool = all_bool && (d == DType::Bool || d == DType::UInt8);
    any_byte = any_byte || d == DType::UInt8;
  }
  const DType dtype = all_bool ? (any_byte ? DType::UInt8 : DType::Bool) : DType::Int64;
  std::vector<Scalar> values;
  for (const Value& v : leaves) {
    Scalar s;
    if (v.is(Kind::Tensor)) {
      Bound b;
      b.values = {v};
      s = b.scalar(0);
    } else if (v.is(Kind::Complex)) {
      throw TypeError("'complex' object cannot be interpreted as an integer");
    } else if (v.is(Kind::Float)) {
      s = Scalar(v.as_float());
    } else if (v.is(Kind::Bool)) {
      s = Scalar(v.as_bool());
    } else {
      s = Scalar(unpack_long(v));
    }
    if (dtype == DType::Int64 && s.is_complex())
      throw TypeError("'complex' object cannot be interpreted as an integer");
    values.push_back(s);
  }
  return from_scalars(shape, values, dtype);
}

// One item of a tensor subscript, in the order PyTorch's applySlicing tests them.
TensorIndex tensor_index_item(Interpreter& in, const Value& v) {
  if (v.is(Kind::Int)) return TensorIndex::basic(IndexItem::integer(unpack_long(v)));
  if (v.is(Kind::Slice)) {
    auto* s = v.as<SliceObj>();
    auto part = [](const Value& x) -> std::optional<int64_t> {
      if (x.is_none()) return std::nullopt;
      if (!x.is_intlike()) throw TypeError("slice indices must be integers or None or have an __index__ method");
      return static_cast<int64_t>(std::clamp<Int>(x.as_int(), INT64_MIN, INT64_MAX));
    };
    IndexItem item = IndexItem::slice(part(s->start), part(s->stop));
    if (auto st = part(s->step)) item.step = *st;
    return TensorIndex::basic(item);
  }
  if (v.is(Kind::Ellipsis)) return TensorIndex::basic(IndexItem::ellipsis());
  if (v.is_none()) return TensorIndex::basic(IndexItem::none());
  if (v.is(Kind::Bool)) return TensorIndex::boolean(v.as_bool());
  if (v.is(Kind::Tensor)) return TensorIndex::tensor_index(v.as_tensor());
  if (is_python_sequence(v)) return TensorIndex::tensor_index(sequence_to_index(in, v), true);
  throw IndexError(
      "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
      "indices (got " + type_name(v) + ")");
}

std::vector<TensorIndex> tensor_index_items(Interpreter& in, const Value& index) {
  if (index.is(Kind::Str)) throw TypeError("new(): invalid data type 'str'");
  std::vector<TensorIndex> items;
  if (sequence_as_tuple(in, index)) {
    for (const Value& v : sequence_items(in, index)) items.push_back(tensor_index_item(in, v));
  } else {
    items.push_back(tensor_index_item(in, index));
  }
  return items;
}

// PyTorch's valueToTensor: the right-hand side of t[...] = v as a tensor
// (a Python number becomes a 0-d tensor of t's dtype, range-checked).
Tensor assigned_value(const Tensor& self, const Value& v) {
  if (v.is(Kind::Tensor)) return v.as_tensor();
  if (!v.is_number())
    throw TypeError("can't assign a " + type_name(v) + " to a torch." +
                    std::string(legacy_type_name(self.dtype())));
  Scalar s = v.is_intlike() ? Scalar(unpack_long(v)) : v.as_scalar();
  Tensor out = empty({}, self.dtype(), self.device());
  fill_(out, s);
  return out;
}

// The element storage[idx] names, with PyTorch's checks in its order (a meta
// storage is refused first: it holds no elements).
int64_t storage_index(const StorageObj& s, const Value& idx) {
  if (s.storage->device.is_meta()) throw NotImplementedError("Not available for 'meta' device type");
  if (idx.is(Kind::Slice)) {
    if (!s.untyped) throw RuntimeError("slices are only supported in UntypedStorage.__getitem__");
    // PyTorch's slice shares the bytes; tsh's storages have no offset to express that.
    throw NotImplementedError("slicing an UntypedStorage (a view of part of its bytes) is not supported by tsh");
  }
  int64_t n = s.size();
  if (!idx.is_intlike()) throw TypeError("can't index a torch.storage.TypedStorage with " + type_name(idx));
  Int i = idx.as_int();
  if (i < -n || i >= n)
    throw IndexError("index " + std::to_string(static_cast<long long>(i)) + " out of range for storage of size " + std::to_string(n));
  return static_cast<int64_t>(i < 0 ? i + n : i);
}

Value storage_get(const StorageObj& s, const Value& idx) {
  const int64_t i = storage_index(s, idx);
  if (s.untyped) {
    uint8_t byte = 0;
    read_bytes(&byte, s.storage, i, 1);
    return Value::integer(byte);
  }
  Value out;
  dispatch(s.dtype, [&]<typename T>() {
    T x;
    read_bytes(&x, s.storage, i * static_cast<int64_t>(sizeof(T)), sizeof(T));
    if constexpr (std::is_same_v<T, bool>) out = Value::boolean(x);
    else if constexpr (std::is_integral_v<T>) out = Value::integer(static_cast<Int>(x));
    else if constexpr (is_complex_v<T>) out = Value::complex({static_cast<double>(x.real()), static_cast<double>(x.imag())});
    else out = Value::floating(static_cast<double>(x));
  });
  return out;
}

void storage_set(const StorageObj& s, const Value& idx, const Value& v) {
  const int64_t i = storage_index(s, idx);
  if (s.untyped) {
    const auto byte = static_cast<uint8_t>(v.as_int());
    write_bytes(s.storage, i, &byte, 1);
    return;
  }
  Scalar value = v.as_scalar();
  dispatch(s.dtype, [&]<typename T>() {
    T x;
    if constexpr (is_complex_v<T>) x = convert<T>(value.to_complex());
    else if constexpr (std::is_same_v<T, bool>) x = value.to_bool();
    else if constexpr (std::is_integral_v<T>) x = value.is_float() ? convert<T>(value.to_double()) : static_cast<T>(value.to_int());
    else x = convert<T>(value.to_double());
    write_bytes(s.storage, i * static_cast<int64_t>(sizeof(T)), &x, sizeof(T));
  });
}

// Subscripts under autograd. A subscript of ints, slices, None and ... is a chain of views
// (SelectBackward0, SliceBackward0, ...); anything with an index tensor is a copy whose gradient goes
// back through the flat positions it read (IndexBackward0).
bool all_basic(const std::vector<TensorIndex>& items) {
  for (const TensorIndex& i : items)
    if (i.kind != TensorIndex::Basic) return false;
  return true;
}

std::vector<IndexItem> basic_items(const std::vector<TensorIndex>& items) {
  std::vector<IndexItem> out;
  for (const TensorIndex& i : items) out.push_back(i.item);
  return out;
}

Tensor flat_positions(const Tensor& t, const std::vector<TensorIndex>& items) {
  const Tensor pos = arange(Scalar(int64_t{0}), Scalar(t.numel()), Scalar(int64_t{1}), DType::Int64, t.device());
  return subscript(view(pos, t.sizes()), items);
}

Tensor recorded_subscript(const Tensor& t, const std::vector<TensorIndex>& items) {
  if (all_basic(items)) return ag::basic_index(t, basic_items(items));
  return ag::take(t, flat_positions(t, items), "IndexBackward0");
}

void recorded_assign(const Tensor& self, const std::vector<TensorIndex>& items, const Tensor& value) {
  if (all_basic(items)) {
    const Tensor view = ag::basic_index(self, basic_items(items));
    autograd::Meta& m = autograd::ensure_meta(view);
    if (!m.base.defined()) {
      const autograd::Meta* sm = autograd::meta(self);
      m.base = sm && sm->base.defined() ? sm->base : self;
    }
    autograd::record_inplace(view, false, [&] { subscript_assign(self, items, value); },
                             [&](const Tensor& before) { return ag::copy_result(before, value); });
    autograd::bump_version(self);
    return;
  }
  const Tensor pos = flat_positions(self, items);
  autograd::record_inplace(self, false, [&] { subscript_assign(self, items, value); },
                           [&](const Tensor& before) { return ag::index_put_result(before, pos, value); });
  autograd::bump_version(self);
}

}  // namespace

Value Interpreter::eval_subscript(const Value& obj, const Value& index) {
  switch (obj.kind()) {
    case Kind::Tensor: {
      const Tensor& t = obj.as_tensor();
      // t[i], as in a loop over a tensor's elements: straight to the one-index path.
      if (index.is(Kind::Int) && !t.is_conj() && !(grad_enabled() && autograd::requires_grad(t)))
        return mark_view(Value::tensor(index_int(t, unpack_long(index))), t);
      if (grad_enabled() && autograd::requires_grad(t)) {
        // A conjugate view is read through its values (with its history).
        return Value::tensor(recorded_subscript(t.is_conj() ? ag::resolve_conj(t) : t, tensor_index_items(*this, index)));
      }
      if (!t.is_conj()) return mark_view(Value::tensor(subscript(t, tensor_index_items(*this, index))), t);
      // A conjugate view: index its stored values; a view of them is a conjugate view too, a copy
      // (advanced indexing) gets the values conjugated.
      Tensor r = subscript(raw_view(t), tensor_index_items(*this, index));
      if (r.storage() == t.storage()) r.impl()->conj = is_complex(r.dtype());
      else r = conj(r);
      return mark_view(Value::tensor(r), t);
    }
    case Kind::List:
    case Kind::Tuple:
    case Kind::Size: {
      auto& items = obj.items();
      if (index.is(Kind::Slice)) {
        auto out = slice_items(items, *index.as<SliceObj>());
        if (obj.is(Kind::List)) return Value::list(std::move(out));
        if (obj.is(Kind::Tuple)) return Value::tuple(std::move(out));
        auto o = std::make_shared<SeqObj>();
        o->items = std::move(out);
        return Value::object(Kind::Size, o);
      }
      const char* what = obj.is(Kind::List) ? "list" : "tuple";
      return items[normalize_index(index, static_cast<int64_t>(items.size()), what)];
    }
    case Kind::NamedTuple: {
      auto& items = obj.as<NamedTupleObj>()->items;
      if (index.is(Kind::Slice)) return Value::tuple(slice_items(items, *index.as<SliceObj>()));
      return items[normalize_index(index, static_cast<int64_t>(items.size()), "tuple")];
    }
    case Kind::Str: {  // by code points, as Python's str
      const std::string& s = obj.as_str();
      const bool ascii = is_ascii(s);
      const std::vector<std::string> cps = ascii ? std::vector<std::string>() : code_points(s);
      const int64_t n = static_cast<int64_t>(ascii ? s.size() : cps.size());
      auto at = [&](int64_t i) { return ascii ? std::string(1, s[static_cast<size_t>(i)]) : cps[static_cast<size_t>(i)]; };
      if (index.is(Kind::Slice)) {
        SliceBounds b = slice_indices(*index.as<SliceObj>(), n);
        std::string out;
        for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) out += at(i);
        return Value::str(out);
      }
      return Value::str(at(normalize_index(index, n, "string")));
    }
    case Kind::Range: {
      auto* r = obj.as<RangeObj>();
      Int len = r->step > 0 ? (r->stop - r->start + r->step - 1) / r->step
                            : (r->start - r->stop - r->step - 1) / -r->step;
      if (len < 0) len = 0;
      int64_t i = normalize_index(index, static_cast<int64_t>(len), "range object");
      return Value::integer(r->start + i * r->step);
    }
    case Kind::Storage: return storage_get(*obj.as<StorageObj>(), index);
    case Kind::Dict: {
      DictObj& d = dict_of(obj);
      if (Value* v = d.find(index)) return *v;
      // __missing__: a Counter counts nothing as 0; a defaultdict makes and keeps the value.
      if (d.flavor == DictObj::Flavor::Counter) return Value::integer(0);
      if (d.flavor == DictObj::Flavor::DefaultDict && !d.default_factory.is_none()) {
        Args none;
        Kwargs nokw;
        Value made = call(d.default_factory, none, nokw);
        dict_of(obj).set(index, made);
        return made;
      }
      key_error(index);
    }
    case Kind::Instance: return obj.as<InstanceObj>()->get_item(*this, obj, index);
    default:
      throw TypeError("'" + type_name(obj) + "' object is not subscriptable");
  }
}

void Interpreter::set_item(const Value& obj, const Value& index, const Value& v) {
  switch (obj.kind()) {
    case Kind::Tensor: {
      const Tensor& self = obj.as_tensor();
      // t[[i, ...]] = number is index_fill_ in PyTorch 2.x, which words a complex number's refusal itself.
      if (index.is(Kind::List) && v.is(Kind::Complex) && !is_complex(self.dtype()))
        throw RuntimeError("index_fill_(): Converting complex Scalar to non-complex type is not supported");
      Tensor value = assigned_value(self, v);  // converted first, as PyTorch does
      if (grad_enabled() && (autograd::requires_grad(self) || (v.is(Kind::Tensor) && autograd::requires_grad(v.as_tensor())))) {
        if (self.is_conj()) autograd::derivative_not_implemented("index_put_", "into a conjugate view");
        if (v.is(Kind::Tensor)) value = ag::converted(v.as_tensor(), value);
        recorded_assign(self, tensor_index_items(*this, index), value);
        return;
      }
      autograd::bump_version(self);
      if (self.is_conj()) {  // a conjugate view stores the conjugates of what is written
        subscript_assign(raw_view(self), tensor_index_items(*this, index), conj(resolve_conj(value)));
        return;
      }
      subscript_assign(self, tensor_index_items(*this, index), value);
      return;
    }
    case Kind::List: {
      auto& items = obj.items();
      if (index.is(Kind::Slice)) {
        list_assign_slice(*this, items, index, v);
        return;
      }
      items[normalize_index(index, static_cast<int64_t>(items.size()), "list assignment")] = v;
      return;
    }
    case Kind::Storage: storage_set(*obj.as<StorageObj>(), index, v); return;
    case Kind::Dict:
      check_writable(dict_of(obj));
      dict_of(obj).set(index, v);
      return;
    case Kind::Instance: obj.as<InstanceObj>()->set_item(*this, obj, index, v); return;
    default:
      throw TypeError("'" + type_name(obj) + "' object does not support item assignment");
  }
}

}  // namespace tsh::shell
