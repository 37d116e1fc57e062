// shell/python/dict.cpp — Python's dict (insertion-ordered hash table), hash(), the
// dict views, and the dict type's constructor and methods.
#include "shell/python/dict.h"

#include "shell/python/bigint.h"
#include "shell/python/exceptions.h"

#include <cmath>
#include <functional>

#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "shell/python/set.h"
#include "shell/stack_guard.h"

namespace tsh::shell {

// (a method's name against "..."sv: a length that differs answers at once, with no strlen)
using namespace std::string_view_literals;

namespace {

// CPython's numeric hash: values reduced modulo the Mersenne prime 2**61 - 1,
// so that an int and a float that compare equal hash alike.
constexpr int kHashBits = 61;
constexpr uint64_t kHashModulus = (uint64_t(1) << kHashBits) - 1;
constexpr int64_t kHashInf = 314159;
constexpr int64_t kHashImag = 1000003;

int64_t fix_minus_one(int64_t h) { return h == -1 ? -2 : h; }

int64_t hash_int(Int v) {
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  const auto r = static_cast<int64_t>(u % kHashModulus);
  return fix_minus_one(neg ? -r : r);
}

int64_t hash_double(double v, uintptr_t identity) {
  if (std::isinf(v)) return v > 0 ? kHashInf : -kHashInf;
  if (std::isnan(v)) return static_cast<int64_t>(identity >> 4);  // NaN hashes by identity (3.10+)
  int e;
  double m = std::frexp(v, &e);
  int sign = 1;
  if (m < 0) {
    sign = -1;
    m = -m;
  }
  // Feed the mantissa 28 bits at a time, rotating within 61 bits.
  uint64_t x = 0;
  while (m != 0) {
    x = ((x << 28) & kHashModulus) | x >> (kHashBits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    const auto y = static_cast<uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= kHashModulus) x -= kHashModulus;
  }
  // Multiply by 2**e, that is rotate by e within the 61 bits.
  e = e >= 0 ? e % kHashBits : kHashBits - 1 - ((-1 - e) % kHashBits);
  x = ((x << e) & kHashModulus) | x >> (kHashBits - e);
  return fix_minus_one(static_cast<int64_t>(x) * sign);
}

// The items of a value that hashes as a tuple (a tuple, torch.Size, a named tuple), or null.
const std::vector<Value>* tuple_items(const Value& v) {
  if (v.is(Kind::Tuple) || v.is(Kind::Size)) return &v.items();
  if (v.is(Kind::NamedTuple)) return &v.as<NamedTupleObj>()->items;
  return nullptr;
}

// CPython 3.11's tuple hash (xxHash's round over the items' hashes). Tuples inside tuples are
// hashed with a stack of their own, not the C++ stack: a tuple nested 10^6 deep has a hash.
int64_t hash_tuple(const std::vector<Value>& items) {
  constexpr uint64_t kPrime1 = 11400714785074694791ULL;
  constexpr uint64_t kPrime2 = 14029467366897019727ULL;
  constexpr uint64_t kPrime5 = 2870177450012600261ULL;
  struct Pending {
    const std::vector<Value>* items;
    size_t next;
    uint64_t acc;
  };
  std::vector<Pending> stack{{&items, 0, kPrime5}};
  for (;;) {
    Pending& top = stack.back();
    uint64_t lane;
    if (top.next < top.items->size()) {
      const Value& item = (*top.items)[top.next++];
      if (const std::vector<Value>* inner = tuple_items(item)) {
        stack.push_back({inner, 0, kPrime5});
        continue;
      }
      lane = static_cast<uint64_t>(py_hash(item));
    } else {  // this tuple is done: its hash is a lane of the one it is in
      uint64_t acc = top.acc + (top.items->size() ^ (kPrime5 ^ 3527539ULL));
      if (acc == static_cast<uint64_t>(-1)) acc = 1546275796;
      stack.pop_back();
      if (stack.empty()) return static_cast<int64_t>(acc);
      lane = acc;
    }
    uint64_t& acc = stack.back().acc;
    acc += lane * kPrime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= kPrime1;
  }
}

// Dict keys match by identity first, then by ==, as CPython's lookup does.
bool same_key(const Value& a, const Value& b) {
  if (a.kind() == b.kind()) {
    if (a.kind() == Kind::Int && !a.obj() && !b.obj()) return a.as_int() == b.as_int();  // ints held inline
    if (a.obj() && a.identity() == b.identity()) return true;
  }
  return values_equal(a, b);
}

}  // namespace

// An int held inline under 2**61 - 1 in size is its own hash (-1 is -2): into h, true.
[[gnu::always_inline]] static inline bool small_int_hash(const Value& v, int64_t& h) {
  if (!v.is(Kind::Int) || v.obj()) return false;
  const Int x = v.as_int();
  if (x <= -static_cast<Int>(kHashModulus) || x >= static_cast<Int>(kHashModulus)) return false;
  h = x == -1 ? -2 : static_cast<int64_t>(x);
  return true;
}

// py_hash with a small int's worked out in place: the keys of counting loops, whose every lookup
// otherwise entered py_hash's whole switch.
[[gnu::always_inline]] static inline int64_t key_hash(const Value& v) {
  int64_t h;
  return small_int_hash(v, h) ? h : py_hash(v);
}

int64_t py_hash(const Value& v) {
  // Only frozensets nest hashes on the C++ stack (tuples have their own): a frozenset of a
  // frozenset ... 10^6 deep is Python's RecursionError.
  if (v.is(Kind::FrozenSet) && stack_nearly_full())
    throw RecursionError("maximum recursion depth exceeded while calling a Python object");
  switch (v.kind()) {
    case Kind::Int: {
      int64_t h;
      return small_int_hash(v, h) ? h : int_hash(v);
    }
    case Kind::Bool: return int_hash(v);
    case Kind::Float: {
      const double f = v.as_float();
      // An integral float hashes as the int it equals.
      if (std::isfinite(f) && f == std::floor(f) && std::fabs(f) < 1e38) return hash_int(static_cast<Int>(f));
      return hash_double(f, v.identity());
    }
    case Kind::Complex: {
      const auto c = v.as_complex();
      const int64_t re = py_hash(Value::floating(c.real())), im = py_hash(Value::floating(c.imag()));
      return fix_minus_one(static_cast<int64_t>(static_cast<uint64_t>(re) + kHashImag * static_cast<uint64_t>(im)));
    }
    case Kind::Str: return DictObj::str_hash(v.as_str());
    case Kind::Device: return py_hash(Value::str(v.as_device().repr()));  // equal devices, one key
    case Kind::Tuple:
    case Kind::Size: return hash_tuple(v.items());
    case Kind::NamedTuple: return hash_tuple(v.as<NamedTupleObj>()->items);
    case Kind::Range: {
      auto* r = v.as<RangeObj>();
      return hash_tuple({Value::integer(r->start), Value::integer(r->stop), Value::integer(r->step)});
    }
    case Kind::List:
    case Kind::Dict:
    case Kind::Set:
    case Kind::Slice:
      throw TypeError("unhashable type: '" + type_name(v) + "'");
    case Kind::FrozenSet: return frozenset_hash(v);
    case Kind::DictView:
      if (v.as<DictViewObj>()->which != DictViewObj::Which::Values)
        throw TypeError("unhashable type: '" + type_name(v) + "'");
      [[fallthrough]];
    case Kind::Instance:
      if (std::optional<int64_t> h = v.as<InstanceObj>()->hash(v)) return *h;
      [[fallthrough]];
    default:
      return static_cast<int64_t>(v.identity() >> 4);  // identity, as object.__hash__
  }
}

// ---------------------------------------------------------------- the table

void DictObj::traverse(GcVisitor& visit) const {
  for (const Entry& e : entries)
    if (e.alive) visit(e.key), visit(e.value);
  visit(cls);
  visit(default_factory);
}

void DictObj::clear(GcGarbage& into) {
  for (Entry& e : entries) {
    into.values.push_back(std::move(e.key));
    into.values.push_back(std::move(e.value));
  }
  into.values.push_back(std::move(cls));
  into.values.push_back(std::move(default_factory));
  entries.clear();
  table.clear();
  live = 0;
  changed();
}

DictObj::~DictObj() {
  std::vector<Value> held;
  held.reserve(2 * entries.size());
  for (Entry& e : entries) {
    held.push_back(std::move(e.key));
    held.push_back(std::move(e.value));
  }
  release_values(held);
}

namespace {
// A hash's first slot in a table of mask + 1 slots: its bits mixed (Fibonacci hashing), since
// small ints hash as themselves.
size_t first_slot(int64_t h, size_t mask) {
  return static_cast<size_t>((static_cast<uint64_t>(h) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
}
// Entry `position`, of hash h, into the first empty slot from its hash's.
void place(std::vector<int32_t>& table, int64_t h, size_t position) {
  const size_t mask = table.size() - 1;
  size_t slot = first_slot(h, mask);
  while (table[slot] >= 0) slot = (slot + 1) & mask;
  table[slot] = static_cast<int32_t>(position);
}
}  // namespace

template <class Same>
ptrdiff_t DictObj::locate(int64_t h, Same same) {
  for (;;) {
    const uint64_t seen = version;
    bool changed_meanwhile = false;
    auto try_entry = [&](size_t p) {
      const Entry& e = entries[p];
      if (!e.alive || e.hash != h) return false;
      if (same(e.key)) return true;
      changed_meanwhile = version != seen;
      return false;
    };
    if (table.empty()) {
      for (size_t p = 0; p < entries.size(); ++p) {
        if (try_entry(p)) return static_cast<ptrdiff_t>(p);
        if (changed_meanwhile) break;
      }
    } else {
      const size_t mask = table.size() - 1;
      for (size_t slot = first_slot(h, mask);; slot = (slot + 1) & mask) {
        const int32_t p = table[slot];
        if (p < 0) break;
        if (try_entry(static_cast<size_t>(p))) return p;
        if (changed_meanwhile) break;
      }
    }
    if (!changed_meanwhile) return -1;
  }
}

void DictObj::index_last() {
  if (table.empty()) {
    if (entries.size() > kLinearScan) rebuild_table();
    return;
  }
  if (2 * entries.size() > table.size()) {
    rebuild_table();
    return;
  }
  place(table, entries.back().hash, entries.size() - 1);
}

void DictObj::rebuild_table() {
  table.clear();
  if (entries.size() <= kLinearScan) return;  // a small dict is searched along its entries
  size_t n = 16;
  while (n < 4 * entries.size()) n *= 2;  // room to double before the next rebuild
  table.assign(n, -1);
  for (size_t p = 0; p < entries.size(); ++p)
    if (entries[p].alive) place(table, entries[p].hash, p);
}

Value* DictObj::find(const Value& key) {
  const ptrdiff_t p = locate(key_hash(key), [&](const Value& k) { return same_key(k, key); });
  return p < 0 ? nullptr : &entries[static_cast<size_t>(p)].value;
}

int64_t DictObj::str_hash(const std::string& key) {
  const int64_t h = static_cast<int64_t>(std::hash<std::string>{}(key) >> 1);
  return h == -1 ? -2 : h;
}

Value* DictObj::find_str(const std::string& key) {
  uint32_t position = UINT32_MAX;
  return find_str(key, str_hash(key), position);
}

Value* DictObj::find_str_hashed(const std::string& key, int64_t hash, uint32_t& position) {
  const ptrdiff_t p = locate(hash, [&](const Value& k) { return k.is(Kind::Str) && k.as_str() == key; });
  if (p < 0) return nullptr;
  position = static_cast<uint32_t>(p);
  return &entries[static_cast<size_t>(p)].value;
}

void DictObj::changed() {
  static uint64_t versions = 0;
  version = ++versions;
}

void DictObj::set(const Value& key, const Value& value) {
  const int64_t h = key_hash(key);
  if (const ptrdiff_t p = locate(h, [&](const Value& k) { return same_key(k, key); }); p >= 0) {
    entries[static_cast<size_t>(p)].value = value;
    return;
  }
  entries.push_back(Entry{key, value, h, true});
  ++live;
  index_last();
  changed();
}

bool DictObj::erase(const Value& key, Value* removed) {
  const ptrdiff_t p = locate(key_hash(key), [&](const Value& k) { return same_key(k, key); });
  if (p < 0) return false;
  Entry& e = entries[static_cast<size_t>(p)];
  if (removed) *removed = e.value;
  e.alive = false;  // (its slot in the table stays: searches go past it)
  Value old_key = std::move(e.key), old_value = std::move(e.value);
  e.key = Value();
  e.value = Value();
  --live;
  changed();
  if (entries.size() > 16 && live < entries.size() / 2) compact();
  return true;  // (the old key and value die last: their __del__ finds the dict consistent)
}

void DictObj::clear() {
  entries.clear();
  table.clear();
  live = 0;
  changed();
}

void DictObj::compact() {
  std::vector<Entry> kept;
  kept.reserve(live);
  for (Entry& e : entries)
    if (e.alive) kept.push_back(std::move(e));
  entries = std::move(kept);
  rebuild_table();
}

std::vector<Value> DictObj::keys() const {
  std::vector<Value> out;
  out.reserve(live);
  for (const Entry& e : entries)
    if (e.alive) out.push_back(e.key);
  return out;
}

std::vector<Value> DictObj::values() const {
  std::vector<Value> out;
  out.reserve(live);
  for (const Entry& e : entries)
    if (e.alive) out.push_back(e.value);
  return out;
}

std::vector<Value> DictObj::items() const {
  std::vector<Value> out;
  out.reserve(live);
  for (const Entry& e : entries)
    if (e.alive) out.push_back(Value::tuple({e.key, e.value}));
  return out;
}

Value make_dict() { return Value::object(Kind::Dict, std::make_shared<DictObj>()); }

void key_error(const Value& key) { throw RaisedError(make_exception("KeyError", {key})); }  // e.args == (key,)

std::vector<Value> view_items(const Value& view) {
  auto* v = view.as<DictViewObj>();
  const DictObj& d = dict_of(v->dict);
  switch (v->which) {
    case DictViewObj::Which::Keys: return d.keys();
    case DictViewObj::Which::Values: return d.values();
    case DictViewObj::Which::Items: return d.items();
  }
  return {};
}

// ---------------------------------------------------------------- methods

namespace {

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

// "get expected at least 1 argument, got 0": the message of METH_FASTCALL methods.
void count_args(const std::string& name, const Args& a, size_t lo, size_t hi) {
  if (a.size() < lo)
    throw TypeError(name + " expected at least " + std::to_string(lo) + " argument" +
                    (lo == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
  if (a.size() > hi)
    throw TypeError(name + " expected at most " + std::to_string(hi) + " argument" +
                    (hi == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
}

void no_keywords(const std::string& name, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
}

void no_args(const std::string& qual, const Args& a, const Kwargs& kw) {
  no_keywords(qual, kw);
  if (!a.empty())
    throw TypeError(qual + "() takes no arguments (" + std::to_string(a.size()) + " given)");
}

Value view(const Value& d, DictViewObj::Which which) {
  auto v = std::make_shared<DictViewObj>();
  v->which = which;
  v->dict = d;
  return Value::object(Kind::DictView, v);
}

// dict.name as a bound method, or (with `call`) the method run at once on the call's arguments.
template <class F>
Value method(MethodCall* call, const std::string& name, F&& fn) {
  if (call) return call->run([&](Args& a, Kwargs& kw) { return fn(call->in, a, kw); });
  return make_builtin(name, "<built-in method " + name + " of dict object>", Fn(std::forward<F>(fn)));
}

}  // namespace

void dict_update(Interpreter& in, DictObj& d, const char* fname, Args& a, Kwargs& kw) {
  count_args(fname, a, 0, 1);
  if (!a.empty()) {
    const Value& src = a[0];
    if (src.is(Kind::Dict)) {
      for (const Value& item : dict_of(src).items()) d.set(item.items()[0], item.items()[1]);
    } else {
      std::vector<Value> seq = in.iterate(src);
      for (size_t i = 0; i < seq.size(); ++i) {
        const Value& el = seq[i];
        std::vector<Value> pair;
        try {
          pair = in.iterate(el);
        } catch (const tsh::Error& e) {
          if (std::string(e.kind()) != "TypeError") throw;
          throw TypeError("cannot convert dictionary update sequence element #" + std::to_string(i) +
                          " to a sequence");
        }
        if (pair.size() != 2)
          throw ValueError("dictionary update sequence element #" + std::to_string(i) +
                           " has length " + std::to_string(pair.size()) + "; 2 is required");
        d.set(pair[0], pair[1]);
      }
    }
  }
  for (auto& [k, v] : kw) d.set(Value::str(k), v);
}

void check_writable(const DictObj& d) {
  if (d.snapshot)
    throw PyError("NotImplementedError",
                  "this dict is a copy of the namespace (globals()/locals()); writing to it is not supported by tsh");
}

Value dict_attr(Interpreter&, const Value& d, const std::string& name, MethodCall* call) {
  DictObj* self = d.as<DictObj>();
  if (name == "setdefault"sv || name == "pop"sv || name == "popitem"sv || name == "update"sv || name == "clear"sv)
    check_writable(*self);
  using W = DictViewObj::Which;
  if (name == "keys"sv || name == "values"sv || name == "items"sv) {
    const W which = name == "keys"sv ? W::Keys : name == "values"sv ? W::Values : W::Items;
    return method(call, name, [d, which, name](Interpreter&, Args& a, Kwargs& kw) {
      no_args("dict." + name, a, kw);
      return view(d, which);
    });
  }
  if (name == "get"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_keywords("dict.get", kw);
      count_args("get", a, 1, 2);
      if (Value* v = self->find(a[0])) return *v;
      return a.size() > 1 ? a[1] : Value();
    });
  if (name == "setdefault"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_keywords("dict.setdefault", kw);
      count_args("setdefault", a, 1, 2);
      if (Value* v = self->find(a[0])) return *v;
      Value dflt = a.size() > 1 ? a[1] : Value();
      self->set(a[0], dflt);
      return dflt;
    });
  if (name == "pop"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_keywords("dict.pop", kw);
      count_args("pop", a, 1, 2);
      Value removed;
      if (self->erase(a[0], &removed)) return removed;
      if (a.size() > 1) return a[1];
      key_error(a[0]);
    });
  if (name == "popitem"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_args("dict.popitem", a, kw);
      if (self->live == 0)
        throw RaisedError(make_exception("KeyError", {Value::str("popitem(): dictionary is empty")}));
      for (size_t i = self->entries.size(); i-- > 0;) {
        if (!self->entries[i].alive) continue;
        Value key = self->entries[i].key, value = self->entries[i].value;
        self->erase(key);
        return Value::tuple({key, value});
      }
      return Value();
    });
  if (name == "update"sv)
    return method(call, name, [d, self](Interpreter& in, Args& a, Kwargs& kw) {
      dict_update(in, *self, "update", a, kw);
      return Value();
    });
  if (name == "clear"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_args("dict.clear", a, kw);
      self->clear();
      return Value();
    });
  if (name == "copy"sv)
    return method(call, name, [d, self](Interpreter&, Args& a, Kwargs& kw) {
      no_args("dict.copy", a, kw);
      Value out = make_dict();
      dict_of(out).flavor = self->flavor;  // a Counter's copy is a Counter, ...
      dict_of(out).cls = self->cls;
      dict_of(out).default_factory = self->default_factory;
      for (const auto& e : self->entries)
        if (e.alive) dict_of(out).set(e.key, e.value);
      return out;
    });
  if (name == "fromkeys"sv) return make_dict_type().as<TypeObj>()->attrs["fromkeys"];
  no_attribute(d, name, dict_attr_names());
}

std::vector<std::string> dict_attr_names() {
  return {"clear", "copy", "fromkeys", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values"};
}

Value make_dict_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "dict";
    t->ctor = [](Interpreter& in, Args& a, Kwargs& kw) {
      Value d = make_dict();
      dict_update(in, dict_of(d), "dict", a, kw);
      return d;
    };
    t->attrs["fromkeys"] = make_builtin(
        "fromkeys", "<built-in method fromkeys of type object>", [](Interpreter& in, Args& a, Kwargs& kw) {
          no_keywords("dict.fromkeys", kw);
          count_args("fromkeys", a, 1, 2);
          Value d = make_dict();
          const Value fill = a.size() > 1 ? a[1] : Value();
          for (const Value& k : in.iterate(a[0])) dict_of(d).set(k, fill);
          return d;
        });
    return Value::object(Kind::Type, t);
  }();
  return type;
}

}  // namespace tsh::shell
