// shell/subscript.cpp — `x[i]` and `x[i] = v` for sequences, strings, storages and tensors.
#include <cstring>

#include "engine/core/convert.h"
#include "engine/ops/copy.h"
#include "engine/ops/indexing.h"
#include "engine/ops/views.h"
#include "shell/errors.h"
#include "shell/interp.h"
#include "shell/pyops.h"

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

IndexItem to_index_item(const Value& v) {
  IndexItem item;
  switch (v.kind()) {
    case Kind::Int:
    case Kind::Bool:  // t[True] is advanced indexing in PyTorch; treat ints only
      if (v.is(Kind::Bool)) break;
      item.kind = IndexItem::Int;
      item.index = static_cast<int64_t>(v.as_int());
      return item;
    case Kind::None: item.kind = IndexItem::None; return item;
    case Kind::Ellipsis: item.kind = IndexItem::Ellipsis; return item;
    case Kind::Slice: {
      auto* s = v.as<SliceObj>();
      item.kind = IndexItem::Slice;
      auto part = [](const Value& x) -> std::optional<int64_t> {
        if (x.is_none()) return std::nullopt;
        if (!x.is_intlike()) throw TypeError("slice indices must be integers or None or have an __index__ method");
        return static_cast<int64_t>(std::clamp<Int>(x.as_int(), INT64_MIN, INT64_MAX));
      };
      item.start = part(s->start);
      item.stop = part(s->stop);
      if (auto st = part(s->step)) item.step = *st;
      return item;
    }
    case Kind::Tensor:
      if (v.as_tensor().dim() == 0 && is_integral(v.as_tensor().dtype(), false)) {
        item.kind = IndexItem::Int;
        dispatch(v.as_tensor().dtype(), [&]<typename T>() {
          if constexpr (std::is_integral_v<T>) item.index = static_cast<int64_t>(*v.as_tensor().data<T>());
        });
        return item;
      }
      break;
    default: break;
  }
  throw NotImplementedError(
      "advanced indexing (with lists, tensors or bool masks) is not supported yet; "
      "index with ints, slices, None and ...");
}

std::vector<IndexItem> to_index_items(const Value& index) {
  std::vector<IndexItem> items;
  if (index.is(Kind::Tuple)) {
    for (const Value& v : index.items()) items.push_back(to_index_item(v));
  } else {
    items.push_back(to_index_item(index));
  }
  return items;
}

Value storage_get(const StorageObj& s, const Value& idx) {
  int64_t n = s.size();
  if (!idx.is_intlike()) throw TypeError("can't index a torch.storage.TypedStorage with " + type_name(idx));
  Int i = idx.as_int();
  if (i < -n || i >= n)
    throw IndexError("index " + std::to_string(static_cast<long long>(i)) + " out of range for storage of size " + std::to_string(n));
  if (i < 0) i += n;
  const char* p = static_cast<const char*>(s.storage->data);
  if (s.untyped) return Value::integer(static_cast<uint8_t>(p[i]));
  Value out;
  dispatch(s.dtype, [&]<typename T>() {
    T x;
    std::memcpy(&x, p + i * sizeof(T), sizeof(T));
    if constexpr (std::is_same_v<T, bool>) out = Value::boolean(x);
    else if constexpr (std::is_integral_v<T>) out = Value::integer(static_cast<Int>(x));
    else if constexpr (is_complex_v<T>) out = Value::complex({static_cast<double>(x.real()), static_cast<double>(x.imag())});
    else out = Value::floating(static_cast<double>(x));
  });
  return out;
}

void storage_set(const StorageObj& s, const Value& idx, const Value& v) {
  int64_t n = s.size();
  if (!idx.is_intlike()) throw TypeError("can't index a torch.storage.TypedStorage with " + type_name(idx));
  Int i = idx.as_int();
  if (i < -n || i >= n)
    throw IndexError("index " + std::to_string(static_cast<long long>(i)) + " out of range for storage of size " + std::to_string(n));
  if (i < 0) i += n;
  char* p = static_cast<char*>(s.storage->data);
  if (s.untyped) {
    p[i] = static_cast<char>(static_cast<uint8_t>(v.as_int()));
    return;
  }
  Scalar value = v.as_scalar();
  dispatch(s.dtype, [&]<typename T>() {
    T x;
    if constexpr (is_complex_v<T>) x = convert<T>(value.to_complex());
    else if constexpr (std::is_same_v<T, bool>) x = value.to_bool();
    else if constexpr (std::is_integral_v<T>) x = value.is_float() ? convert<T>(value.to_double()) : static_cast<T>(value.to_int());
    else x = convert<T>(value.to_double());
    std::memcpy(p + i * sizeof(T), &x, sizeof(T));
  });
}

}  // namespace

Value Interpreter::eval_subscript(const Value& obj, const Value& index) {
  switch (obj.kind()) {
    case Kind::Tensor:
      return Value::tensor(basic_index(obj.as_tensor(), to_index_items(index)));
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
    case Kind::Str: {
      const std::string& s = obj.as_str();
      if (index.is(Kind::Slice)) {
        SliceBounds b = slice_indices(*index.as<SliceObj>(), static_cast<int64_t>(s.size()));
        std::string out;
        for (int64_t i = b.start; b.step > 0 ? i < b.stop : i > b.stop; i += b.step) out += s[i];
        return Value::str(out);
      }
      return Value::str(std::string(1, s[normalize_index(index, static_cast<int64_t>(s.size()), "string")]));
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
    default:
      throw TypeError("'" + type_name(obj) + "' object is not subscriptable");
  }
}

void Interpreter::set_item(const Value& obj, const Value& index, const Value& v) {
  switch (obj.kind()) {
    case Kind::Tensor: {
      Tensor view = basic_index(obj.as_tensor(), to_index_items(index));
      if (v.is(Kind::Tensor))
        copy_(view, v.as_tensor());
      else
        fill_(view, v.as_scalar());
      return;
    }
    case Kind::List: {
      auto& items = obj.items();
      items[normalize_index(index, static_cast<int64_t>(items.size()), "list assignment")] = v;
      return;
    }
    case Kind::Storage: storage_set(*obj.as<StorageObj>(), index, v); return;
    default:
      throw TypeError("'" + type_name(obj) + "' object does not support item assignment");
  }
}

}  // namespace tsh::shell
