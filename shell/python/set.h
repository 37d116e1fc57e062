// shell/python/set.h — Python's set and frozenset.
//
// The table is CPython's: open addressing over a power-of-two array, nine
// linear probes then a perturbed jump, resizing at 60% fill. tsh keeps the
// same layout (not just the same contents) because Python's set order — what
// `{3, 1, 2}` prints and what iteration and pop() give — is the table order.
#pragma once

#include <cstdint>
#include <vector>

#include "grammar/ast.h"
#include "shell/python/value.h"

namespace tsh::shell {

struct SetObj : Object, Tracked {
  struct Slot {
    Value key;
    int64_t hash = 0;
    enum class State : uint8_t { Empty, Active, Dummy } state = State::Empty;
  };
  std::vector<Slot> table = std::vector<Slot>(8);
  ~SetObj() override;  // iterative: a frozenset of a frozenset ... a million deep
  size_t fill = 0;    // active + dummy slots
  size_t used = 0;    // active slots
  size_t finger = 0;  // where pop() looks next
  bool frozen = false;
  uint64_t version = 0;  // changes with the size, for iteration checks

  size_t mask() const { return table.size() - 1; }
  void traverse(GcVisitor& visit) const override {
    for (const Slot& s : table)
      if (s.state == Slot::State::Active) visit(s.key);
  }
  void clear(GcGarbage& into) override {
    for (Slot& s : table)
      if (s.state == Slot::State::Active) into.values.push_back(std::move(s.key));
    table.assign(8, Slot{});
    fill = used = finger = 0;
    ++version;
  }
  bool contains(const Value& key, int64_t hash) const;
  void add(const Value& key, int64_t hash);
  bool discard(const Value& key, int64_t hash);  // false when absent
  void clear();
  void resize(size_t minused);
  std::vector<Value> keys() const;  // in table order
};

Value make_set(bool frozen = false);
SetObj& set_of(const Value& v);
bool is_set_like(const Value& v);  // set or frozenset
// set(iterable) / frozenset(iterable), filled as CPython's set_update_internal fills it.
Value set_from(Interpreter& in, const Value& iterable, bool frozen);
void set_update(Interpreter& in, SetObj& s, const Value& iterable);
std::string set_repr(const Value& v);
int64_t frozenset_hash(const Value& v);
bool sets_equal(const Value& a, const Value& b);
// |, &, -, ^ between sets (in place for |= &= -= ^= on a set); nullopt when either is not a set.
// set_compare: <=, <, >=, > as subset tests.
std::optional<Value> set_binary(Interpreter& in, grammar::Op op, const Value& a, const Value& b, bool inplace);
std::optional<bool> set_compare(grammar::Op op, const Value& a, const Value& b);
Value set_method(Interpreter& in, const Value& s, const std::string& name);
std::vector<std::string> set_method_names(bool frozen);
Value set_iterator(const Value& s);
Value make_set_type(bool frozen);

}  // namespace tsh::shell
