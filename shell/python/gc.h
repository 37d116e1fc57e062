// shell/python/gc.h — the cycle collector: what reference counting cannot free.
//
// Values own their objects through shared_ptr, so `a = []; a.append(a); del a`
// leaves a list that owns itself. As in CPython's gc, the objects that can hold
// other objects (lists, tuples, dicts, sets, functions and their closures,
// bound methods, named tuples, dict views, iterators and generators, the
// instances that keep a program's values: exceptions, argparse's Namespace,
// timers) are *tracked*: each knows the references it holds (traverse) and can
// give them up (clear).
//
// A collection takes every tracked object's strong count (its shared_ptrs),
// subtracts the references tracked objects hold to one another, and so finds
// the objects something else refers to (a variable, the C++ stack, an untracked
// object): they and everything they reach live. The rest can only be reached
// from each other. Their references are moved out and released, which frees
// them. The rule that keeps this safe: traverse shows only references its
// object owns, once each. One it does not show (state shared with another
// object, a scope a timer keeps) makes the object it points at count as
// referred to from outside: the collector may keep garbage, never free a live
// object.
//
// Collections run by themselves at statement boundaries once enough tracked
// objects were made since the last one (gc.enable/disable), and on gc.collect().
// As in CPython there are two generations: an automatic collection looks at the
// objects made since the last collection alone (gc.cpp says how the old ones are
// collected too). Everything runs on the interpreter's thread.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace tsh::shell {

class Value;
struct Scope;
class Tracked;

// What clearing garbage hands over: the references taken out of it, released together.
struct GcGarbage {
  std::vector<Value> values;
  std::vector<std::shared_ptr<Scope>> scopes;
};

// Sees each reference a tracked object holds (Values and closure scopes).
class GcVisitor {
 public:
  virtual ~GcVisitor() = default;
  virtual void visit(Tracked* child) = 0;
  void operator()(const Value& v);
  void operator()(const std::shared_ptr<Scope>& s);
  int64_t seen = 0;  // references shown so far, tracked or not: the work a collection did
};

class Tracked : public std::enable_shared_from_this<Tracked> {
 public:
  Tracked();
  virtual ~Tracked();
  // A copy is a new object, tracked on its own; assigning changes no tracking.
  Tracked(const Tracked&) : Tracked() {}
  Tracked& operator=(const Tracked&) { return *this; }
  // Visits every reference this object holds that could lead back to it.
  virtual void traverse(GcVisitor& visit) const = 0;
  // Moves those references into `into`, leaving the object empty but valid.
  virtual void clear(GcGarbage& into) = 0;

 private:
  friend struct GcState;
  // The registry's links, stored complemented: they are bookkeeping, not ownership, so
  // LeakSanitizer must not read them as pointers that keep a leaked object reachable.
  uintptr_t prev_ = ~uintptr_t(0);
  uintptr_t next_ = ~uintptr_t(0);
  int64_t refs_ = 0;  // during a collection: strong references from outside the tracked objects
};

// gc.collect(): frees unreachable cycles; returns how many tracked objects it freed.
int64_t gc_collect();
// Called at statement boundaries: collects when automatic collection is on and enough
// tracked objects were made since the last collection.
inline bool g_gc_due = false;  // enough tracked objects were made: set by them, so that the test is one load
void gc_collect_if_due();
inline void gc_maybe_collect() {
  if (g_gc_due) gc_collect_if_due();
}
void gc_enable(bool on);
bool gc_enabled();
// Run after each collection that freed a closure scope (the interpreter drops its name cache).
void gc_on_scope_cleared(void (*hook)());

}  // namespace tsh::shell
