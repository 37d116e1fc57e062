// shell/python/value.cpp — constructing values, and their Python reprs.
#include "shell/python/value.h"

#include <unordered_map>
#include "shell/python/classes.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include <unistd.h>

#include "engine/ops/host_values.h"
#include "engine/core/interrupt.h"
#include "engine/format/pyrepr.h"
#include "engine/format/storage_repr.h"
#include "engine/format/tensor_repr.h"
#include "grammar/chars.h"
#include "shell/python/bigint.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/set.h"
#include "shell/python/unicode.h"
#include "shell/stack_guard.h"

namespace tsh::shell {

Int checked_int(Int v) {
  if (v < kIntMin || v > kIntMax)
    throw OverflowError("int too large: tsh integers are exact within (-2**126, 2**126)");
  return v;
}

std::string hex_addr(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%012lx", reinterpret_cast<unsigned long>(p));
  return buf;
}

namespace {
constexpr size_t kSpareVectors = 32;   // deeper call nesting than this allocates as before
constexpr size_t kSpareCapacity = 16;  // longer vectors are freed, not kept
thread_local std::vector<std::vector<Value>> spare_vectors;
}  // namespace

std::vector<Value> borrow_values() {
  if (spare_vectors.empty()) return {};
  std::vector<Value> v = std::move(spare_vectors.back());
  spare_vectors.pop_back();
  return v;
}

void return_values(std::vector<Value>&& v) {
  v.clear();  // may run destructors that borrow and return in turn: the pool is untouched so far
  if (v.capacity() == 0 || v.capacity() > kSpareCapacity || spare_vectors.size() >= kSpareVectors) return;
  if (spare_vectors.capacity() == 0) spare_vectors.reserve(kSpareVectors);
  spare_vectors.push_back(std::move(v));
}

void release_values(std::vector<Value>& values) {
  // Containers dying inside another's destruction hand their items to
  // `pending` instead of destroying them; the outermost one empties it.
  static thread_local int depth = 0;
  static thread_local std::vector<Value> pending;
  if (depth > 0) {
    for (Value& v : values) pending.push_back(std::move(v));
    values.clear();
    return;
  }
  ++depth;
  values.clear();
  while (!pending.empty()) {
    Value v = std::move(pending.back());
    pending.pop_back();
  }
  --depth;
}

IterObj::~IterObj() {
  // An iterator over an iterator ... : the inner ones die from this loop,
  // not from inside each other's destructors. Its closures go together: any
  // of them may be the last to hold the state.
  struct Closures {
    std::function<bool(Interpreter&, Value&)> next;
    std::function<std::string()> repr;
    std::function<void(GcVisitor&)> holds;
  };
  static thread_local int depth = 0;
  static thread_local std::vector<Closures> pending;
  pending.push_back({std::move(next), std::move(repr), std::move(holds)});
  if (depth > 0) return;
  ++depth;
  while (!pending.empty()) {
    Closures dying = std::move(pending.back());
    pending.pop_back();
  }
  --depth;
}

Value Value::device(Device d) {
  auto o = std::make_shared<DeviceObj>();
  o->d = d;
  Value v = object(Kind::Device, o);
  return v;
}

Value Value::str(std::string s) {
  auto o = std::make_shared<StrObj>();
  o->s = std::move(s);
  return object(Kind::Str, o);
}

Value interned_str(const std::string& s) {
  // Never destroyed: interned objects outlive every dict that uses them as keys. One interpreter
  // thread makes tsh objects, so the table needs no lock.
  static auto* table = new std::unordered_map<std::string, Value>();
  if (auto it = table->find(s); it != table->end()) return it->second;
  constexpr size_t kMaxNames = 1 << 16, kMaxLength = 64;  // setattr(o, f"x{i}", v) must not grow it forever
  if (table->size() >= kMaxNames || s.size() > kMaxLength) return Value::str(s);
  Value v = Value::str(s);
  v.as<StrObj>()->interned = true;
  table->emplace(s, v);
  return v;
}

Value Value::tuple(std::vector<Value> items) {
  auto o = std::make_shared<SeqObj>();
  o->items = std::move(items);
  return object(Kind::Tuple, o);
}

Value Value::list(std::vector<Value> items) {
  auto o = std::make_shared<SeqObj>();
  o->items = std::move(items);
  return object(Kind::List, o);
}

Value Value::size(const Shape& s) {
  auto o = std::make_shared<SeqObj>();
  for (int64_t d : s) o->items.push_back(integer(d));
  return object(Kind::Size, o);
}

Value Value::number(const Scalar& s) {
  switch (s.kind()) {
    case Scalar::Kind::Bool: return boolean(s.to_bool());
    case Scalar::Kind::Int: return s.is_uint() ? integer(Int(static_cast<uint64_t>(s.to_int()))) : integer(s.to_int());
    case Scalar::Kind::Float: return floating(s.to_double());
    case Scalar::Kind::Complex: return complex(s.to_complex());
  }
  return none();
}

Value Value::tensor(Tensor t) {
  auto o = std::make_shared<TensorObj>();
  o->t = std::move(t);
  return object(Kind::Tensor, std::move(o));
}

Value tensor_tuple(const std::vector<Tensor>& ts) {
  std::vector<Value> out;
  out.reserve(ts.size());
  for (const Tensor& t : ts) out.push_back(Value::tensor(t));
  return Value::tuple(std::move(out));
}

Device Value::as_device() const { return as<DeviceObj>()->d; }
// An instance's type as CPython's messages name it: numpy.float64, not float64.
static std::string qualified_type(const Value& v) {
  const auto* o = v.as<InstanceObj>();
  const std::string module = o->module_name();
  return module.empty() || module == "builtins" || module == "__main__" ? o->class_name() : module + "." + o->class_name();
}

Int Value::instance_int() const {
  if (std::optional<Value> n = as<InstanceObj>()->as_number(); n && n->is_intlike()) return n->as_int();
  throw TypeError("'" + qualified_type(*this) + "' object cannot be interpreted as an integer");
}

double Value::instance_float() const {
  if (std::optional<Value> n = as<InstanceObj>()->as_number(); n && (n->is_intlike() || n->is(Kind::Float)))
    return n->as_float();
  throw TypeError("must be real number, not " + qualified_type(*this));
}

std::vector<Value>& Value::items() const {
  // Callers check for a sequence first; one that does not gets an error, never a read of another object.
  if (kind_ != Kind::Tuple && kind_ != Kind::List && kind_ != Kind::Size)
    throw TypeError("expected a tuple or a list, not '" + type_name(*this) + "'");
  return as<SeqObj>()->items;
}
const Tensor& Value::as_tensor() const { return as<TensorObj>()->t; }

Scalar Value::as_scalar() const {
  switch (kind_) {
    case Kind::Bool: return Scalar(as_bool());
    case Kind::Int:
      // 2.x reads an int beyond int64 as uint64, with CPython's errors past that.
      if (i_ > INT64_MAX) {
        if (i_ > static_cast<Int>(UINT64_MAX)) throw OverflowError("int too big to convert");
        return Scalar::from_uint64(static_cast<uint64_t>(i_));
      }
      if (i_ < INT64_MIN) throw OverflowError("can't convert negative int to unsigned");
      return Scalar(static_cast<int64_t>(i_));
    case Kind::Float: return Scalar(f_);
    case Kind::Complex: return Scalar(as_complex());
    default: throw TypeError("expected a number, got " + type_name(*this));
  }
}

uintptr_t Value::identity() const {
  if (kind_ == Kind::Tensor) return reinterpret_cast<uintptr_t>(as_tensor().impl());
  if (obj_) return reinterpret_cast<uintptr_t>(obj_.get());
  // Inline values: small ints and singletons compare by value, as CPython's caches make them
  // (a float or complex by its bits).
  return static_cast<uintptr_t>(static_cast<int>(kind_)) * 1000003u + static_cast<uintptr_t>(i_) +
         static_cast<uintptr_t>(i_ >> 64) * 7919;
}

std::string type_name(const Value& v) {
  switch (v.kind()) {
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::Complex: return "complex";
    case Kind::Ellipsis: return "ellipsis";
    case Kind::DType: return "torch.dtype";
    case Kind::Device: return "torch.device";
    case Kind::Str: return "str";
    case Kind::Tuple: return "tuple";
    case Kind::List: return "list";
    case Kind::Size: return "torch.Size";
    case Kind::Slice: return "slice";
    case Kind::Range: return "range";
    case Kind::Tensor: return "Tensor";
    case Kind::Storage: return v.as<StorageObj>()->untyped ? "UntypedStorage" : "TypedStorage";
    case Kind::NamedTuple: return v.as<NamedTupleObj>()->type_name;
    case Kind::Function: return "function";
    case Kind::Builtin: return "builtin_function_or_method";
    case Kind::Method: return "method";
    case Kind::Module: return "module";
    case Kind::Generator: return "torch._C.Generator";
    case Kind::Type: return "type";
    case Kind::Dict: {
      using F = DictObj::Flavor;
      const F f = dict_of(v).flavor;
      return f == F::OrderedDict ? "OrderedDict" : f == F::DefaultDict ? "defaultdict" : f == F::Counter ? "Counter" : "dict";
    }
    case Kind::Set: return "set";
    case Kind::FrozenSet: return "frozenset";
    case Kind::DictView:
      switch (v.as<DictViewObj>()->which) {
        case DictViewObj::Which::Keys: return "dict_keys";
        case DictViewObj::Which::Values: return "dict_values";
        case DictViewObj::Which::Items: return "dict_items";
      }
      return "dict_keys";
    case Kind::Iterator: return v.as<IterObj>()->type_name;
    case Kind::Instance: return v.as<InstanceObj>()->class_name();
  }
  return "object";
}

namespace {

std::string str_repr(const std::string& s) {
  // Python prefers single quotes, switching to double when the text has ' but no ".
  bool has_single = s.find('\'') != std::string::npos;
  bool has_double = s.find('"') != std::string::npos;
  char q = has_single && !has_double ? '"' : '\'';
  std::string out(1, q);
  for (unsigned char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c == q) {
          out += '\\';
          out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  if (is_ascii(s)) return out + q;
  // A code point Python does not print (C1 controls, format characters such
  // as U+200B, separators, private use) is escaped as \x.., \u.... or \U.........
  std::string escaped;
  size_t i = 0;
  while (i < out.size()) {
    size_t len = 1;
    int32_t cp = static_cast<unsigned char>(out[i]) < 0x80 ? -2 : grammar::decode_utf8(out, i, len);
    if (cp < 0 && surrogate_at(out, i) >= 0) cp = surrogate_at(out, i), len = 3;
    if (cp >= 0 && (!grammar::is_printable_codepoint(cp) || (cp >= 0xD800 && cp <= 0xDFFF))) {
      char buf[16];
      std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x",
                    static_cast<unsigned>(cp));
      escaped += buf;
    } else {
      escaped.append(out, i, len);
    }
    i += len;
  }
  return escaped + q;
}

std::string int_str(Int v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s += static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  }
  if (neg) s += '-';
  return std::string(s.rbegin(), s.rend());
}

// Containers being repr'd, innermost last: a list or dict met again inside
// itself prints as [...] or {...}, as Python's Py_ReprEnter arranges, and
// nesting deeper than Python's recursion limit is a RecursionError, not a
// stack overflow.
struct ReprGuard {
  static inline thread_local std::vector<const void*> active;
  bool entered = false;
  // False when `obj` is already being repr'd (a cycle).
  bool enter(const void* obj) {
    for (const void* p : active)
      if (p == obj) return false;
    if (active.size() >= 990 || stack_nearly_full())
      throw RecursionError("maximum recursion depth exceeded while getting the repr of an object");
    active.push_back(obj);
    entered = true;
    return true;
  }
  ~ReprGuard() {
    if (entered) active.pop_back();
  }
};

std::string dict_repr(const Value& v) {
  ReprGuard guard;
  using F = DictObj::Flavor;
  const DictObj& d = dict_of(v);
  if (!guard.enter(v.obj().get())) return d.flavor == F::Dict ? "{...}" : "...";
  std::vector<const DictObj::Entry*> entries;
  for (const auto& e : d.entries)
    if (e.alive) entries.push_back(&e);
  if (d.flavor == F::Counter)  // most common first; equal counts in insertion order
    std::stable_sort(entries.begin(), entries.end(), [](const DictObj::Entry* a, const DictObj::Entry* b) {
      return values_equal(a->value, b->value) ? false : !(a->value.as_float() <= b->value.as_float());
    });
  if (d.flavor == F::OrderedDict) {  // Python 3.11: OrderedDict([(k, v), ...])
    if (entries.empty()) return "OrderedDict()";
    std::string out = "OrderedDict([";
    for (size_t i = 0; i < entries.size(); ++i)
      out += (i ? ", (" : "(") + repr(entries[i]->key) + ", " + repr(entries[i]->value) + ")";
    return out + "])";
  }
  std::string out = "{";
  for (size_t i = 0; i < entries.size(); ++i)
    out += (i ? ", " : "") + repr(entries[i]->key) + ": " + repr(entries[i]->value);
  out += "}";
  if (d.flavor == F::Counter) return entries.empty() ? "Counter()" : "Counter(" + out + ")";
  if (d.flavor == F::DefaultDict) return "defaultdict(" + repr(d.default_factory) + ", " + out + ")";
  return out;
}

std::string seq_repr(const std::vector<Value>& items, const char* open, const char* close,
                     bool one_comma) {
  ReprGuard guard;
  if (!guard.enter(&items)) return std::string(open) + "..." + close;
  std::string out = open;
  for (size_t i = 0; i < items.size(); ++i) {
    if ((i & 4095) == 4095) check_interrupt();  // the repr of a huge list stops at Ctrl-C
    if (i) out += ", ";
    out += repr(items[i]);
  }
  if (one_comma && items.size() == 1) out += ",";
  return out + close;
}


}  // namespace

std::string repr(const Value& v) {
  switch (v.kind()) {
    case Kind::None: return "None";
    case Kind::Bool: return v.as_bool() ? "True" : "False";
    case Kind::Int: return int_to_string(v);
    case Kind::Float: return format::float_repr(v.as_float());
    case Kind::Complex: return format::complex_repr(v.as_complex());
    case Kind::Ellipsis: return "Ellipsis";
    case Kind::DType: return dtype_repr(v.as_dtype());
    case Kind::Device: return v.as_device().repr();
    case Kind::Str: return str_repr(v.as_str());
    case Kind::Tuple: return seq_repr(v.items(), "(", ")", true);
    case Kind::List: return seq_repr(v.items(), "[", "]", false);
    case Kind::Size: return "torch.Size(" + seq_repr(v.items(), "[", "]", false) + ")";
    case Kind::Slice: {
      auto* s = v.as<SliceObj>();
      return "slice(" + repr(s->start) + ", " + repr(s->stop) + ", " + repr(s->step) + ")";
    }
    case Kind::Range: {
      auto* r = v.as<RangeObj>();
      std::string out = "range(" + int_str(r->start) + ", " + int_str(r->stop);
      if (r->step != 1) out += ", " + int_str(r->step);
      return out + ")";
    }
    case Kind::Tensor:
      if (v.as_tensor().impl()->is_parameter) return "Parameter containing:\n" + format::tensor_repr(v.as_tensor());
      return format::tensor_repr(v.as_tensor());
    case Kind::Storage: {
      auto* s = v.as<StorageObj>();
      return s->untyped ? format::untyped_storage_repr(s->storage)
                        : format::storage_repr(s->storage, s->dtype, s->size());
    }
    case Kind::NamedTuple: {
      auto* n = v.as<NamedTupleObj>();
      std::string out = n->type_name + "(";
      for (size_t i = 0; i < n->items.size(); ++i)
        out += (n->one_line ? (i ? ", " : "") : (i ? ",\n" : "\n")) + n->fields[i] + "=" + repr(n->items[i]);
      return out + ")";
    }
    case Kind::Function: return "<function " + v.as<FunctionObj>()->error_name() + " at " + hex_addr(v.obj().get()) + ">";
    case Kind::Builtin: return v.as<BuiltinObj>()->qualname;
    case Kind::Method: {
      auto* m = v.as<MethodObj>();
      if (m->func.is(Kind::Builtin))
        return "<built-in method " + m->name + " of " + type_name(m->self) + " object at " +
               hex_addr(reinterpret_cast<void*>(m->self.identity())) + ">";
      const std::string shown = m->func.is(Kind::Function) ? m->func.as<FunctionObj>()->error_name() : m->name;
      return "<bound method " + shown + " of " + repr(m->self) + ">";
    }
    case Kind::Module: {
      auto* m = v.as<ModuleObj>();
      return "<module '" + m->name + "'" + (m->origin.empty() ? "" : " (" + m->origin + ")") + ">";
    }
    case Kind::Generator: return "<torch._C.Generator object at " + hex_addr(v.obj().get()) + ">";
    case Kind::Type:
      if (auto* c = as_class(v.as<TypeObj>()))
        return "<class '" + (c->module == "builtins" ? "" : c->module + ".") + c->qualname + "'>";
      return "<class '" + v.as<TypeObj>()->name + "'>";
    case Kind::Dict: return dict_repr(v);
    case Kind::Set:
    case Kind::FrozenSet: return set_repr(v);
    case Kind::DictView: return type_name(v) + "(" + seq_repr(view_items(v), "[", "]", false) + ")";
    case Kind::Iterator:
      if (v.as<IterObj>()->repr) return v.as<IterObj>()->repr();
      if (type_name(v) == "generator") return "<generator object <genexpr> at " + hex_addr(v.obj().get()) + ">";
      return "<" + type_name(v) + " object at " + hex_addr(v.obj().get()) + ">";
    case Kind::Instance: return v.as<InstanceObj>()->repr_of(v);
  }
  return "<object>";
}

Value InstanceObj::get_item(Interpreter&, const Value& self, const Value&) {
  throw TypeError("'" + type_name(self) + "' object is not subscriptable");
}
void InstanceObj::set_item(Interpreter&, const Value& self, const Value&, const Value&) {
  throw TypeError("'" + type_name(self) + "' object does not support item assignment");
}
void InstanceObj::del_item(Interpreter&, const Value& self, const Value&) {
  throw TypeError("'" + type_name(self) + "' object doesn't support item deletion");
}
Int InstanceObj::length(const Value& self) { throw TypeError("object of type '" + type_name(self) + "' has no len()"); }
Value InstanceObj::iter(Interpreter&, const Value& self) {
  throw TypeError("'" + type_name(self) + "' object is not iterable");
}

void InstanceObj::set_attr(Interpreter&, const Value& self, const std::string& name, const Value&) {
  throw AttributeError("'" + type_name(self) + "' object has no attribute '" + name + "'");
}
void InstanceObj::del_attr(Interpreter&, const Value& self, const std::string& name) {
  throw AttributeError("'" + type_name(self) + "' object has no attribute '" + name + "'");
}

std::string InstanceObj::repr_of(const Value& self) const {
  return "<" + module_name() + "." + class_name() + " object at " + hex_addr(self.obj().get()) + ">";
}

std::string str(const Value& v) {
  if (v.is(Kind::Str)) return v.as_str();
  if (v.is(Kind::Device)) return v.as_device().str();
  if (v.is(Kind::Instance)) return v.as<InstanceObj>()->str_of(v);
  return repr(v);
}

bool truthy(const Value& v) {
  switch (v.kind()) {
    case Kind::None: return false;
    case Kind::Bool:
    case Kind::Int: return is_big(v) || v.as_int() != 0;
    case Kind::Float: return v.as_float() != 0;
    case Kind::Complex: return v.as_complex() != std::complex<double>(0, 0);
    case Kind::Str: return !v.as_str().empty();
    case Kind::Tuple:
    case Kind::List:
    case Kind::Size: return !v.items().empty();
    case Kind::Dict: return dict_of(v).live != 0;
    case Kind::Set:
    case Kind::FrozenSet: return set_of(v).used != 0;
    case Kind::DictView: return dict_of(v.as<DictViewObj>()->dict).live != 0;
    case Kind::Range: {
      auto* r = v.as<RangeObj>();
      return r->step > 0 ? r->start < r->stop : r->start > r->stop;
    }
    case Kind::Tensor: {
      const Tensor& t = v.as_tensor();
      if (t.numel() != 1) {
        if (t.numel() == 0)
          throw RuntimeError("Boolean value of Tensor with no values is ambiguous");
        throw RuntimeError("Boolean value of Tensor with more than one value is ambiguous");
      }
      const Scalar x = item(t);
      return x.is_complex() ? x.to_complex() != std::complex<double>(0, 0) : x.is_float() ? x.to_double() != 0 : x.to_int() != 0;
    }
    case Kind::Instance:
      if (std::optional<bool> b = v.as<InstanceObj>()->truth()) return *b;
      return true;
    default: return true;
  }
}

namespace {

// Python's == on containers recurses; past the recursion limit it is a RecursionError.
struct CompareDepth {
  static inline thread_local int depth = 0;
  CompareDepth() {
    if (++depth > 990 || stack_nearly_full()) {
      --depth;
      throw RecursionError("maximum recursion depth exceeded in comparison");
    }
  }
  ~CompareDepth() { --depth; }
};

// Items of containers compare by identity first, as PyObject_RichCompareBool
// does: a list that contains itself equals itself.
bool items_equal(const Value& a, const Value& b) {
  if (a.kind() == b.kind() && a.obj() && a.identity() == b.identity()) return true;
  return values_equal(a, b);
}

bool dicts_equal(const Value& a, const Value& b) {
  DictObj& x = dict_of(a);
  DictObj& y = dict_of(b);
  if (x.live != y.live) return false;
  if (x.flavor == DictObj::Flavor::OrderedDict && y.flavor == DictObj::Flavor::OrderedDict) {
    const std::vector<Value> kx = x.keys(), ky = y.keys();  // two OrderedDicts: order matters
    for (size_t i = 0; i < kx.size(); ++i)
      if (!items_equal(kx[i], ky[i])) return false;
  }
  for (const auto& e : x.keys()) {
    Value* yv = y.find(e);
    if (!yv || !items_equal(*x.find(e), *yv)) return false;
  }
  return true;
}

// keys and items views compare as sets.
bool views_equal(const Value& a, const Value& b) {
  auto* x = a.as<DictViewObj>();
  auto* y = b.as<DictViewObj>();
  using W = DictViewObj::Which;
  if (x->which == W::Values || y->which == W::Values) return a.identity() == b.identity();
  std::vector<Value> xs = view_items(a), ys = view_items(b);
  if (xs.size() != ys.size()) return false;
  for (const Value& item : xs) {
    bool found = false;
    for (const Value& other : ys)
      if (items_equal(item, other)) {
        found = true;
        break;
      }
    if (!found) return false;
  }
  return true;
}

}  // namespace

bool values_equal(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is(Kind::Complex) || b.is(Kind::Complex)) return a.as_complex() == b.as_complex();
    if (a.is(Kind::Float) && b.is(Kind::Float)) return a.as_float() == b.as_float();
    // An int meets a float exactly, as Python compares them (2**53 + 1 != 2.0**53).
    if (a.is(Kind::Float)) return int_equals_float(b, a.as_float());
    if (b.is(Kind::Float)) return int_equals_float(a, b.as_float());
    return int_equal(a, b);
  }
  if (a.is_sequence() && b.is_sequence()) {
    // tuple == torch.Size compares elementwise (Size is a tuple); list never equals a tuple.
    bool a_list = a.is(Kind::List), b_list = b.is(Kind::List);
    if (a_list != b_list) return false;
    auto& x = a.items();
    auto& y = b.items();
    if (x.size() != y.size()) return false;
    CompareDepth depth;
    for (size_t i = 0; i < x.size(); ++i)
      if (!items_equal(x[i], y[i])) return false;
    return true;
  }
  if (is_set_like(a) && is_set_like(b)) return sets_equal(a, b);
  if ((a.is(Kind::NamedTuple) && a.as<NamedTupleObj>()->cls.is(Kind::Type)) ||
      (b.is(Kind::NamedTuple) && b.as<NamedTupleObj>()->cls.is(Kind::Type))) {
    // A namedtuple is a tuple: it equals any tuple with equal items.
    auto items = [](const Value& v) -> const std::vector<Value>* {
      if (v.is(Kind::NamedTuple)) return &v.as<NamedTupleObj>()->items;
      if (v.is(Kind::Tuple) || v.is(Kind::Size)) return &v.items();
      return nullptr;
    };
    const std::vector<Value>*x = items(a), *y = items(b);
    if (!x || !y || x->size() != y->size()) return false;
    for (size_t i = 0; i < x->size(); ++i)
      if (!values_equal((*x)[i], (*y)[i])) return false;
    return true;
  }
  // An instance whose class defines __eq__ may equal another kind (a NumPy scalar equals a number):
  // its own __eq__ first, then the other side's, as Python tries them.
  if (a.kind() != b.kind() && (a.is(Kind::Instance) || b.is(Kind::Instance))) {
    if (a.is(Kind::Instance))
      if (std::optional<bool> eq = a.as<InstanceObj>()->equals(a, b)) return *eq;
    if (b.is(Kind::Instance))
      if (std::optional<bool> eq = b.as<InstanceObj>()->equals(b, a)) return *eq;
    return false;
  }
  if (a.kind() != b.kind()) return false;
  if (a.is(Kind::Dict)) {
    if (a.identity() == b.identity()) return true;
    CompareDepth depth;
    return dicts_equal(a, b);
  }
  if (a.is(Kind::DictView)) return views_equal(a, b);
  switch (a.kind()) {
    case Kind::None:
    case Kind::Ellipsis: return true;
    case Kind::Str: return a.as_str() == b.as_str();
    case Kind::DType: return a.as_dtype() == b.as_dtype();
    case Kind::Device: return a.as_device() == b.as_device();
    case Kind::Instance:
      if (auto eq = a.as<InstanceObj>()->equals(a, b)) return *eq;
      return a.identity() == b.identity();
    case Kind::Range: {
      auto* r = a.as<RangeObj>();
      auto* s = b.as<RangeObj>();
      return r->start == s->start && r->stop == s->stop && r->step == s->step;
    }
    default: return a.identity() == b.identity();
  }
}

// ---------------------------------------------------------------- the cycle collector's view

void SeqObj::traverse(GcVisitor& visit) const {
  for (const Value& v : items) visit(v);
}
void SeqObj::clear(GcGarbage& into) {
  for (Value& v : items) into.values.push_back(std::move(v));
  items.clear();
}

void IterObj::traverse(GcVisitor& visit) const {
  if (holds) holds(visit);
}
// The state dies with the closures: what it refers to is garbage (held by the collector until
// every object is cleared) or live, so nothing is freed here but the state itself.
void IterObj::clear(GcGarbage&) {
  done = true;
  next = nullptr;
  repr = nullptr;
  holds = nullptr;
  attr = nullptr;
  native = nullptr;
}

void TrackedInstance::traverse(GcVisitor& visit) const {
  // each_value only reads here; it takes Value& so that clear can move them out.
  const_cast<TrackedInstance*>(this)->each_value([&](Value& v) { visit(v); });
}
void TrackedInstance::clear(GcGarbage& into) {
  each_value([&](Value& v) { into.values.push_back(std::move(v)); });
}

void NamedTupleObj::traverse(GcVisitor& visit) const {
  for (const Value& v : items) visit(v);
  visit(cls);
}
void NamedTupleObj::clear(GcGarbage& into) {
  for (Value& v : items) into.values.push_back(std::move(v));
  items.clear();
  into.values.push_back(std::move(cls));
}

void MethodObj::traverse(GcVisitor& visit) const {
  visit(self);
  visit(func);
}
void MethodObj::clear(GcGarbage& into) {
  into.values.push_back(std::move(self));
  into.values.push_back(std::move(func));
}

void Scope::traverse(GcVisitor& visit) const {
  for (const auto& [name, v] : vars) visit(v);
  for (const auto& v : slots)
    if (v) visit(*v);
  visit(enclosing);
}
void Scope::clear(GcGarbage& into) {
  for (auto& [name, v] : vars) into.values.push_back(std::move(v));
  vars.clear();
  for (auto& v : slots) {
    if (v) into.values.push_back(std::move(*v));
    v.reset();
  }
  into.scopes.push_back(std::move(enclosing));
}

void FunctionObj::traverse(GcVisitor& visit) const {
  visit(closure);
  for (const auto& [k, v] : attrs) visit(v);
  for (const Value& v : defaults) visit(v);
  for (const auto& v : kwdefaults)
    if (v) visit(*v);
}
void FunctionObj::clear(GcGarbage& into) {
  into.scopes.push_back(std::move(closure));
  for (auto& [k, v] : attrs) into.values.push_back(std::move(v));
  attrs.clear();
  for (Value& v : defaults) into.values.push_back(std::move(v));
  defaults.clear();
  for (auto& v : kwdefaults)
    if (v) into.values.push_back(std::move(*v)), v.reset();
}

void check_container_size(long double count) {
  static const long double memory = [] {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<long double>(pages) * page : static_cast<long double>(1ULL << 40);
  }();
  if (count * sizeof(Value) > memory) throw PyError("MemoryError", "");
}

}  // namespace tsh::shell
