// shell/python/set.cpp — set and frozenset on CPython's table (see set.h).
#include "shell/python/set.h"

#include <algorithm>

#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"

namespace tsh::shell {

using grammar::Op;
using State = SetObj::Slot::State;

namespace {

constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

bool same_key(const Value& a, const Value& b) {
  if (a.kind() == b.kind() && a.obj() && a.identity() == b.identity()) return true;
  return values_equal(a, b);
}

// The slot of `key` (state Active), or where it would go: the first dummy
// met on the way, else the empty slot that ends the probe sequence.
size_t probe(const std::vector<SetObj::Slot>& table, const Value& key, int64_t hash, bool* found) {
  const size_t mask = table.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  size_t freeslot = SIZE_MAX;
  while (true) {
    const size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j) {
      const SetObj::Slot& s = table[i + j];
      if (s.state == State::Empty) {
        *found = false;
        return freeslot != SIZE_MAX ? freeslot : i + j;
      }
      if (s.state == State::Active && s.hash == hash && same_key(s.key, key)) {
        *found = true;
        return i + j;
      }
      if (s.state == State::Dummy && freeslot == SIZE_MAX) freeslot = i + j;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

// Into a table with no dummies and no equal key: the first empty slot.
void insert_clean(std::vector<SetObj::Slot>& table, const Value& key, int64_t hash) {
  const size_t mask = table.size() - 1;
  size_t perturb = static_cast<size_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  while (true) {
    const size_t probes = i + kLinearProbes <= mask ? kLinearProbes : 0;
    for (size_t j = 0; j <= probes; ++j)
      if (table[i + j].state == State::Empty) {
        table[i + j] = {key, hash, State::Active};
        return;
      }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

std::vector<const SetObj::Slot*> active(const SetObj& s) {
  std::vector<const SetObj::Slot*> out;
  for (const auto& slot : s.table)
    if (slot.state == State::Active) out.push_back(&slot);
  return out;
}

// set_merge: a whole other set into `so`, with CPython's shortcuts for an empty target.
void merge(SetObj& so, const SetObj& other) {
  if (&so == &other || other.used == 0) return;
  if ((so.fill + other.used) * 5 >= so.mask() * 3) so.resize((so.used + other.used) * 2);
  if (so.fill == 0 && so.mask() == other.mask() && other.fill == other.used) {
    so.table = other.table;
    so.fill = other.fill;
    so.used = other.used;
    ++so.version;
    return;
  }
  if (so.fill == 0) {
    for (const auto& slot : other.table)
      if (slot.state == State::Active) insert_clean(so.table, slot.key, slot.hash);
    so.fill = so.used = other.used;
    ++so.version;
    return;
  }
  for (const auto& slot : other.table)
    if (slot.state == State::Active) so.add(slot.key, slot.hash);
}

Value copy_of(const Value& v, bool frozen) {
  Value out = make_set(frozen);
  merge(set_of(out), set_of(v));
  return out;
}

// A set of the iterable's items; a set or frozenset argument is used as it is.
Value as_set(Interpreter& in, const Value& v) { return is_set_like(v) ? v : set_from(in, v, false); }

Value intersection(Interpreter& in, const Value& a, const Value& other) {
  if (a.identity() == other.identity()) return copy_of(a, set_of(a).frozen);
  Value result = make_set(set_of(a).frozen);
  SetObj& r = set_of(result);
  if (is_set_like(other)) {
    const SetObj* small = &set_of(other);
    const SetObj* big = &set_of(a);
    if (small->used > big->used) std::swap(small, big);
    for (const auto* slot : active(*small))
      if (big->contains(slot->key, slot->hash)) r.add(slot->key, slot->hash);
    return result;
  }
  const SetObj& s = set_of(a);
  for (const Value& key : in.iterate(other)) {
    const int64_t h = py_hash(key);
    if (s.contains(key, h)) r.add(key, h);
  }
  return result;
}

void difference_update(Interpreter& in, SetObj& so, const Value& other) {
  if (is_set_like(other) && &set_of(other) == &so) {
    so.clear();
    return;
  }
  if (is_set_like(other)) {
    for (const auto* slot : active(set_of(other))) so.discard(slot->key, slot->hash);
  } else {
    for (const Value& key : in.iterate(other)) so.discard(key, py_hash(key));
  }
  if (so.fill - so.used > so.mask() / 4) so.resize(so.used > 50000 ? so.used * 2 : so.used * 4);
}

Value difference(Interpreter& in, const Value& a, const Value& other) {
  const SetObj& s = set_of(a);
  size_t other_size;
  if (is_set_like(other)) other_size = set_of(other).used;
  else if (other.is(Kind::Dict)) other_size = dict_of(other).live;
  else other_size = SIZE_MAX;
  if (other_size == SIZE_MAX || (s.used >> 2) > other_size) {
    Value out = copy_of(a, s.frozen);
    difference_update(in, set_of(out), other);
    return out;
  }
  Value result = make_set(s.frozen);
  for (const auto* slot : active(s)) {
    const bool in_other = other.is(Kind::Dict) ? dict_of(other).find(slot->key) != nullptr
                                               : set_of(other).contains(slot->key, slot->hash);
    if (!in_other) set_of(result).add(slot->key, slot->hash);
  }
  return result;
}

void symmetric_difference_update(Interpreter& in, SetObj& so, const Value& other) {
  if (is_set_like(other) && &set_of(other) == &so) {
    so.clear();
    return;
  }
  const Value other_set = as_set(in, other);
  for (const auto* slot : active(set_of(other_set))) {
    if (!so.discard(slot->key, slot->hash)) so.add(slot->key, slot->hash);
  }
}

Value symmetric_difference(Interpreter& in, const Value& a, const Value& other) {
  Value out = set_from(in, other, set_of(a).frozen);
  symmetric_difference_update(in, set_of(out), a);
  return out;
}

bool is_subset(const SetObj& a, const SetObj& b) {
  if (a.used > b.used) return false;
  for (const auto* slot : active(a))
    if (!b.contains(slot->key, slot->hash)) return false;
  return true;
}

}  // namespace

SetObj::~SetObj() {
  std::vector<Value> keys;
  keys.reserve(used);
  for (Slot& slot : table)
    if (slot.state == State::Active) keys.push_back(std::move(slot.key));
  release_values(keys);
}

bool SetObj::contains(const Value& key, int64_t hash) const {
  bool found;
  probe(table, key, hash, &found);
  return found;
}

void SetObj::add(const Value& key, int64_t hash) {
  bool found;
  const size_t i = probe(table, key, hash, &found);
  if (found) return;
  const bool was_empty = table[i].state == State::Empty;
  table[i] = {key, hash, State::Active};
  ++used;
  ++version;
  if (!was_empty) return;  // a reused dummy: fill is unchanged
  ++fill;
  if (fill * 5 >= mask() * 3) resize(used > 50000 ? used * 2 : used * 4);
}

bool SetObj::discard(const Value& key, int64_t hash) {
  bool found;
  const size_t i = probe(table, key, hash, &found);
  if (!found) return false;
  table[i].key = Value();
  table[i].hash = -1;
  table[i].state = State::Dummy;
  --used;
  ++version;
  return true;
}

void SetObj::clear() {
  table.assign(8, Slot{});
  fill = used = 0;
  ++version;
}

void SetObj::resize(size_t minused) {
  size_t size = 8;
  while (size <= minused) size <<= 1;
  std::vector<Slot> old = std::move(table);
  table.assign(size, Slot{});
  for (const Slot& s : old)
    if (s.state == State::Active) insert_clean(table, s.key, s.hash);
  fill = used;
  ++version;
}

std::vector<Value> SetObj::keys() const {
  std::vector<Value> out;
  out.reserve(used);
  for (const Slot& s : table)
    if (s.state == State::Active) out.push_back(s.key);
  return out;
}

Value make_set(bool frozen) {
  auto s = std::make_shared<SetObj>();
  s->frozen = frozen;
  return Value::object(frozen ? Kind::FrozenSet : Kind::Set, s);
}

SetObj& set_of(const Value& v) { return *v.as<SetObj>(); }

bool is_set_like(const Value& v) { return v.is(Kind::Set) || v.is(Kind::FrozenSet); }

void set_update(Interpreter& in, SetObj& s, const Value& iterable) {
  if (is_set_like(iterable)) {
    merge(s, set_of(iterable));
    return;
  }
  if (iterable.is(Kind::Dict)) {
    const DictObj& d = dict_of(iterable);
    if ((s.fill + d.live) * 5 >= s.mask() * 3) s.resize((s.used + d.live) * 2);
    for (const Value& key : d.keys()) s.add(key, py_hash(key));
    return;
  }
  for (const Value& key : in.iterate(iterable)) s.add(key, py_hash(key));
}

Value set_from(Interpreter& in, const Value& iterable, bool frozen) {
  if (frozen && iterable.is(Kind::FrozenSet)) return iterable;
  Value out = make_set(frozen);
  set_update(in, set_of(out), iterable);
  return out;
}

std::string set_repr(const Value& v) {
  const SetObj& s = set_of(v);
  if (s.used == 0) return s.frozen ? "frozenset()" : "set()";
  std::string out = "{";
  bool first = true;
  for (const Value& k : s.keys()) {
    out += (first ? "" : ", ") + repr(k);
    first = false;
  }
  out += "}";
  return s.frozen ? "frozenset(" + out + ")" : out;
}

int64_t frozenset_hash(const Value& v) {
  const SetObj& s = set_of(v);
  auto shuffle = [](uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
  uint64_t hash = 0;
  for (const auto& slot : s.table) hash ^= shuffle(static_cast<uint64_t>(slot.state == State::Empty ? 0 : slot.hash));
  // The table's layout (empty and dummy slots) must not show in the hash.
  if ((s.table.size() - s.fill) & 1) hash ^= shuffle(0);
  if ((s.fill - s.used) & 1) hash ^= shuffle(static_cast<uint64_t>(-1));
  hash ^= (static_cast<uint64_t>(s.used) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923ULL;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ULL;
  return static_cast<int64_t>(hash);
}

bool sets_equal(const Value& a, const Value& b) {
  const SetObj &x = set_of(a), &y = set_of(b);
  return x.used == y.used && is_subset(x, y);
}

std::optional<Value> set_binary(Interpreter& in, Op op, const Value& a, const Value& b, bool inplace) {
  if (!is_set_like(a) || !is_set_like(b)) return std::nullopt;
  const bool mutate = inplace && a.is(Kind::Set);
  switch (op) {
    case Op::BitOr: {
      Value out = mutate ? a : copy_of(a, set_of(a).frozen);
      merge(set_of(out), set_of(b));
      return out;
    }
    case Op::BitAnd: {
      Value r = intersection(in, a, b);
      if (!mutate) return r;
      SetObj& s = set_of(a);
      std::swap(s.table, set_of(r).table);
      std::swap(s.fill, set_of(r).fill);
      std::swap(s.used, set_of(r).used);
      ++s.version;
      return a;
    }
    case Op::Sub:
      if (mutate) {
        difference_update(in, set_of(a), b);
        return a;
      }
      return difference(in, a, b);
    case Op::BitXor:
      if (mutate) {
        symmetric_difference_update(in, set_of(a), b);
        return a;
      }
      return symmetric_difference(in, a, b);
    default: return std::nullopt;
  }
}

std::optional<bool> set_compare(Op op, const Value& a, const Value& b) {
  if (!is_set_like(a) || !is_set_like(b)) return std::nullopt;
  const SetObj &x = set_of(a), &y = set_of(b);
  switch (op) {
    case Op::LtE: return is_subset(x, y);
    case Op::Lt: return x.used < y.used && is_subset(x, y);
    case Op::GtE: return is_subset(y, x);
    case Op::Gt: return y.used < x.used && is_subset(y, x);
    default: return std::nullopt;
  }
}

Value set_iterator(const Value& s) {
  const uint64_t version = set_of(s).version;
  const size_t size = set_of(s).used;
  auto pos = std::make_shared<size_t>(0);
  HeldValues held = held_values({s});
  return iterator_value("set_iterator", [held, version, size, pos](Interpreter&, Value& out) {
    const SetObj& so = set_of((*held)[0]);
    if (so.version != version && so.used != size) throw RuntimeError("Set changed size during iteration");
    while (*pos < so.table.size() && so.table[*pos].state != State::Active) ++*pos;
    if (*pos >= so.table.size()) return false;
    out = so.table[(*pos)++].key;
    return true;
  }, held);
}

std::vector<std::string> set_method_names(bool frozen) {
  if (frozen)
    return {"copy", "difference", "intersection", "isdisjoint", "issubset", "issuperset", "symmetric_difference", "union"};
  return {"add", "clear", "copy", "difference", "difference_update", "discard", "intersection",
          "intersection_update", "isdisjoint", "issubset", "issuperset", "pop", "remove",
          "symmetric_difference", "symmetric_difference_update", "union", "update"};
}

Value set_method(Interpreter&, const Value& self, const std::string& name) {
  const bool frozen = set_of(self).frozen;
  const std::string type = frozen ? "frozenset" : "set";
  auto names = set_method_names(frozen);
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw AttributeError("'" + type + "' object has no attribute '" + name + "'");
  auto method = [&](std::function<Value(Interpreter&, Args&)> fn) {
    return make_builtin(name, "<built-in method " + name + " of " + type + " object at " + hex_addr(self.obj().get()) + ">",
                        [fn, name, type](Interpreter& in, Args& a, Kwargs& kw) {
                          if (!kw.empty()) throw TypeError(type + "." + name + "() takes no keyword arguments");
                          return fn(in, a);
                        });
  };
  auto exactly = [name, type](const Args& a, size_t n) {
    if (a.size() == n) return;
    if (n == 0) throw TypeError(type + "." + name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
    throw TypeError(type + "." + name + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
  };
  if (name == "add")
    return method([self, exactly](Interpreter&, Args& a) {
      exactly(a, 1);
      set_of(self).add(a[0], py_hash(a[0]));
      return Value();
    });
  if (name == "discard" || name == "remove")
    return method([self, exactly, name](Interpreter& in, Args& a) {
      exactly(a, 1);
      Value key = a[0];
      int64_t h;
      try {
        h = py_hash(key);
      } catch (const tsh::Error&) {
        if (!key.is(Kind::Set)) throw;
        key = set_from(in, key, true);  // a set argument is looked up as a frozenset, as in Python
        h = py_hash(key);
      }
      if (!set_of(self).discard(key, h) && name == "remove") key_error(a[0]);
      return Value();
    });
  if (name == "pop")
    return method([self, exactly](Interpreter&, Args& a) {
      exactly(a, 0);
      SetObj& so = set_of(self);
      if (so.used == 0) throw PyError("KeyError", "'pop from an empty set'");
      size_t i = so.finger & so.mask();
      while (so.table[i].state != State::Active) i = i + 1 > so.mask() ? 0 : i + 1;
      Value key = so.table[i].key;
      so.table[i] = {Value(), -1, State::Dummy};
      --so.used;
      ++so.version;
      so.finger = i + 1;
      return key;
    });
  if (name == "clear")
    return method([self, exactly](Interpreter&, Args& a) {
      exactly(a, 0);
      set_of(self).clear();
      return Value();
    });
  if (name == "copy")
    return method([self, exactly](Interpreter&, Args& a) {
      exactly(a, 0);
      return set_of(self).frozen ? self : copy_of(self, false);
    });
  if (name == "union" || name == "update")
    return method([self, name](Interpreter& in, Args& a) {
      Value out = name == "update" ? self : copy_of(self, set_of(self).frozen);
      for (const Value& other : a) set_update(in, set_of(out), other);
      return name == "update" ? Value() : out;
    });
  if (name == "intersection" || name == "intersection_update")
    return method([self, name](Interpreter& in, Args& a) {
      Value out = a.empty() ? copy_of(self, set_of(self).frozen) : self;
      for (const Value& other : a) out = intersection(in, out, other);
      if (name == "intersection") return out;
      SetObj& so = set_of(self);
      if (out.identity() != self.identity()) {
        so.table = set_of(out).table;
        so.fill = set_of(out).fill;
        so.used = set_of(out).used;
        ++so.version;
      }
      return Value();
    });
  if (name == "difference" || name == "difference_update")
    return method([self, name](Interpreter& in, Args& a) {
      if (name == "difference_update") {
        for (const Value& other : a) difference_update(in, set_of(self), other);
        return Value();
      }
      if (a.empty()) return copy_of(self, set_of(self).frozen);
      Value out = difference(in, self, a[0]);
      for (size_t i = 1; i < a.size(); ++i) difference_update(in, set_of(out), a[i]);
      return out;
    });
  if (name == "symmetric_difference" || name == "symmetric_difference_update")
    return method([self, name, exactly](Interpreter& in, Args& a) {
      exactly(a, 1);
      if (name == "symmetric_difference") return symmetric_difference(in, self, a[0]);
      symmetric_difference_update(in, set_of(self), a[0]);
      return Value();
    });
  if (name == "issubset" || name == "issuperset" || name == "isdisjoint")
    return method([self, name, exactly](Interpreter& in, Args& a) {
      exactly(a, 1);
      const Value other = as_set(in, a[0]);
      if (name == "issubset") return Value::boolean(is_subset(set_of(self), set_of(other)));
      if (name == "issuperset") return Value::boolean(is_subset(set_of(other), set_of(self)));
      const Value common = intersection(in, self, other);
      return Value::boolean(set_of(common).used == 0);
    });
  throw AttributeError("'" + type + "' object has no attribute '" + name + "'");
}

Value make_set_type(bool frozen) {
  auto t = std::make_shared<TypeObj>();
  t->name = frozen ? "frozenset" : "set";
  t->ctor = [frozen](Interpreter& in, Args& a, Kwargs& kw) {
    const std::string name = frozen ? "frozenset" : "set";
    if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
    if (a.size() > 1) throw TypeError(name + " expected at most 1 argument, got " + std::to_string(a.size()));
    if (a.empty()) return make_set(frozen);
    return set_from(in, a[0], frozen);
  };
  return Value::object(Kind::Type, t);
}

}  // namespace tsh::shell
