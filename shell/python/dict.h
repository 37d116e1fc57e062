// shell/python/dict.h — Python's dict: insertion-ordered, keyed by Python's hash()
// and ==, so that 1, 1.0 and True are one key and a tensor is a key by
// identity (as in PyTorch). Also hash() itself and the dict views.
#pragma once

#include <cstdint>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

// Python's hash(): ints, floats and complex numbers hash by value with
// CPython's numeric hash (so equal numbers hash alike); tuples combine their
// items as CPython 3.11 does; str by content; tensors, functions, modules and
// other objects by identity. Throws TypeError "unhashable type: 'list'" for
// list, dict, slice and the dict views.
int64_t py_hash(const Value& v);

// Invariants: `entries` holds the keys in insertion order; an erased entry
// stays as a tombstone (`alive` false) until compact() drops it. `table` is an
// open-addressing index of `entries` (a slot holds an entry's position, -1 when
// empty; a key's search starts at its hash's slot and goes on slot by slot),
// at most half full, and kept only once the dict has more than kLinearScan
// entries: a smaller one (an instance's __dict__, a call's keywords) is searched
// along `entries`, and making one allocates no table. An erased entry's slot
// stays, and searches go past it, until the table is built again.
// `live` counts the live entries. `version` changes on every insertion or
// removal, so an iteration can notice that the dict changed size; it is drawn
// from one counter for all dicts, so that a version names one dict's set of
// keys at one time (0: a dict that never had a key).
struct DictObj : Object, Tracked {
  struct Entry {
    Value key, value;
    int64_t hash = 0;
    bool alive = true;
  };
  std::vector<Entry> entries;
  std::vector<int32_t> table;
  static constexpr size_t kLinearScan = 8;
  // collections' dict subclasses: what the dict is, its class (type() of it)
  // and a defaultdict's factory (None: a missing key is a KeyError).
  enum class Flavor : uint8_t { Dict, OrderedDict, DefaultDict, Counter } flavor = Flavor::Dict;
  // A copy of a namespace (globals(), locals()): writing to it would not
  // reach the namespace, so it refuses writes rather than ignore them.
  bool snapshot = false;
  Value cls;
  Value default_factory;
  size_t live = 0;
  uint64_t version = 0;

  ~DictObj() override;
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
  Value* find(const Value& key);  // nullptr when absent
  Value* find_str(const std::string& key);  // find(Value::str(key)) without making the str
  // The same with the key's hash already known (str_hash), trying `position` first and leaving
  // there where the key was found: an attribute site finds an instance's field at once.
  // `interned`, when not null, is the interned str of `key` (interned_str) that was there: the
  // same object, and so the same text, with no comparison of the text; it is kept up to date.
  Value* find_str(const std::string& key, int64_t hash, uint32_t& position, const void** interned = nullptr) {
    // position < entries.size(), in bytes: no division by the entry's size
    const auto bytes = static_cast<size_t>(reinterpret_cast<const char*>(std::to_address(entries.end())) -
                                           reinterpret_cast<const char*>(entries.data()));
    if (size_t{position} * sizeof(Entry) < bytes) {
      Entry& e = entries[position];
      if (interned && *interned && e.key.obj().get() == *interned && e.alive) return &e.value;
      if (e.hash == hash && e.alive && e.key.is(Kind::Str) && e.key.as_str() == key) {
        if (interned) *interned = e.key.as<StrObj>()->interned ? e.key.obj().get() : nullptr;
        return &e.value;
      }
    }
    Value* v = find_str_hashed(key, hash, position);
    if (interned) *interned = v && entries[position].key.as<StrObj>()->interned ? entries[position].key.obj().get() : nullptr;
    return v;
  }
  static int64_t str_hash(const std::string& key);  // py_hash of a str
  // Inserts or replaces; a replaced key keeps its position and its first key object.
  void set(const Value& key, const Value& value);
  bool erase(const Value& key, Value* removed = nullptr);
  void clear();
  std::vector<Value> keys() const;
  std::vector<Value> values() const;
  std::vector<Value> items() const;  // (key, value) tuples

 private:
  void compact();
  void changed();  // a key came or went: a new version
  Value* find_str_hashed(const std::string& key, int64_t hash, uint32_t& position);
  // The position of the live entry with hash h whose key `same` accepts, or -1. (`same` may run
  // Python code, an __eq__, that changes the dict: the search then starts again.)
  template <class Same> ptrdiff_t locate(int64_t h, Same same);
  void index_last();     // the entry just appended goes into the table (made once it is needed)
  void rebuild_table();  // the table made again from the live entries (or none, for a small dict)
};

Value make_dict();
inline DictObj& dict_of(const Value& d) { return *d.as<DictObj>(); }
// Throws for a snapshot dict (globals()): tsh's namespaces are not dicts.
void check_writable(const DictObj& d);
// KeyError whose message is repr(key), as Python prints it.
[[noreturn]] void key_error(const Value& key);

// d.keys(), d.values(), d.items(): live views of the dict.
struct DictViewObj : Object, Tracked {
  enum class Which { Keys, Values, Items } which;
  Value dict;
  void traverse(GcVisitor& visit) const override { visit(dict); }
  void clear(GcGarbage& into) override { into.values.push_back(std::move(dict)); }
};
std::vector<Value> view_items(const Value& view);

// The methods collections' dict subclasses add or change (Counter.most_common,
// Counter.update, OrderedDict.move_to_end, defaultdict.default_factory, ...);
// nullopt for the names they share with dict (shell/python/mod_collections.cpp).
std::optional<Value> dict_subclass_attr(Interpreter& in, const Value& d, const std::string& name);
// A dict's methods (keys, get, update, pop, ...) as bound builtins.
struct MethodCall;  // shell/python/methods.h
// With `call`, a method is run at once instead (MethodCall).
Value dict_attr(Interpreter& in, const Value& d, const std::string& name, MethodCall* call = nullptr);
std::vector<std::string> dict_attr_names();
// dict(), dict(mapping), dict(pairs), dict(**kw): fills `d` as dict.update does.
void dict_update(Interpreter& in, DictObj& d, const char* fname, Args& a, Kwargs& kw);
// The `dict` type (a callable with dict.fromkeys).
Value make_dict_type();

}  // namespace tsh::shell
