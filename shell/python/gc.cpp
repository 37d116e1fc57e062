// shell/python/gc.cpp — the cycle collector (the algorithm is in gc.h).
#include "shell/python/gc.h"

#include <algorithm>
#include <climits>

#include "shell/python/cached_cast.h"
#include "shell/python/value.h"

namespace tsh::shell {

namespace {

constexpr int64_t kReachable = INT64_MAX;

uintptr_t hide(Tracked* t) { return ~reinterpret_cast<uintptr_t>(t); }
Tracked* unhide(uintptr_t v) { return reinterpret_cast<Tracked*>(~v); }
constexpr int64_t kFirstThreshold = 700;  // CPython's generation-0 threshold

}  // namespace

// The tracked objects, linked through themselves, newest first, and the collector's switches.
// Two generations, as in CPython: the young, made since the last collection, sit before
// `first_old` in the list. A collection every kFirstThreshold allocations looks at the young alone,
// so a loop that makes tuples beside two lists of 10^5 items does not walk those lists each time;
// what survives it is old. The old are collected with the young (a full collection, and always on
// gc.collect()) once as many objects were promoted since the last full one as a quarter of that
// one's work: its cost spread over the objects that made it due.
struct GcState {
  uintptr_t head = hide(nullptr);
  uintptr_t first_old = hide(nullptr);  // the newest old object: the young end just before it
  int64_t count = 0;        // tracked objects alive
  int64_t allocations = 0;  // made since the last collection
  int64_t promoted = 0;     // made old since the last full collection
  int64_t full_work = 0;    // objects and references the last full collection went through
  bool enabled = true;
  bool collecting = false;
  void (*scope_hook)() = nullptr;

  static GcState& get() {
    static GcState* s = new GcState;  // never destroyed: objects may die after main returns
    return *s;
  }
  static void link(Tracked* t) {
    GcState& g = get();
    t->next_ = g.head;
    if (Tracked* h = unhide(g.head)) h->prev_ = hide(t);
    g.head = hide(t);
    ++g.count;
    if (++g.allocations >= kFirstThreshold) g_gc_due = true;
  }
  static void unlink(Tracked* t) {
    GcState& g = get();
    if (g.first_old == hide(t)) g.first_old = t->next_;
    if (Tracked* p = unhide(t->prev_)) p->next_ = t->next_;
    else g.head = t->next_;
    if (Tracked* n = unhide(t->next_)) n->prev_ = t->prev_;
    --g.count;
  }
  // Each tracked object (or each young one), newest first.
  template <class F>
  static void each(bool young_only, F&& f) {
    const Tracked* end = young_only ? unhide(get().first_old) : nullptr;
    for (Tracked* t = unhide(get().head); t != end;) {
      Tracked* next = unhide(t->next_);
      f(t);
      t = next;
    }
  }
  static int64_t collect(bool full);
};

Tracked::Tracked() { GcState::link(this); }
Tracked::~Tracked() { GcState::unlink(this); }

void GcVisitor::operator()(const Value& v) {
  ++seen;
  if (const auto& o = v.obj())
    if (auto* t = cached_cast<Tracked>(o.get())) visit(t);
}

void GcVisitor::operator()(const std::shared_ptr<Scope>& s) {
  ++seen;
  if (s) visit(s.get());
}

// A full collection goes through every tracked object; a young one through the young alone, the
// old counting as referred to from outside (so a young object an old one holds lives): an old
// object keeps the kReachable its last collection left in refs_, which the visitors leave alone.
int64_t GcState::collect(bool full) {
  GcState& g = get();
  if (g.collecting) return 0;
  g.collecting = true;
  g.allocations = 0;
  g_gc_due = false;
  const bool young_only = !full;
  // 1. Every object's strong references. One that no shared_ptr owns (being built, or not
  //    made by make_shared) counts as referred to from outside.
  int64_t objects = 0;
  each(young_only, [&](Tracked* t) {
    const long owners = t->weak_from_this().use_count();
    t->refs_ = owners > 0 ? owners : kReachable / 2;
    ++objects;
  });
  // 2. Less the references tracked objects hold to one another: what is left comes from outside.
  struct Subtract : GcVisitor {
    void visit(Tracked* child) override {
      if (child->refs_ != kReachable) --child->refs_;
    }
  } subtract;
  each(young_only, [&](Tracked* t) { t->traverse(subtract); });
  // 3. Whatever is referred to from outside lives, and so does everything it reaches.
  std::vector<Tracked*> stack;
  each(young_only, [&](Tracked* t) {
    if (t->refs_ > 0) t->refs_ = kReachable, stack.push_back(t);
  });
  struct Mark : GcVisitor {
    std::vector<Tracked*>* stack;
    void visit(Tracked* child) override {
      if (child->refs_ != kReachable) child->refs_ = kReachable, stack->push_back(child);
    }
  } mark;
  mark.stack = &stack;
  while (!stack.empty()) {
    Tracked* t = stack.back();
    stack.pop_back();
    t->traverse(mark);
  }
  // 4. The rest is garbage: held here while each gives up its references, then released
  //    together (iteratively, however deep it nests).
  std::vector<std::shared_ptr<Tracked>> garbage;
  each(young_only, [&](Tracked* t) {
    if (t->refs_ != kReachable) garbage.push_back(t->shared_from_this());
  });
  GcGarbage released;
  for (const auto& t : garbage) t->clear(released);
  const auto freed = static_cast<int64_t>(garbage.size());
  if (full) {
    g.promoted = 0;
    g.full_work = objects + subtract.seen;
  } else {
    g.promoted += objects - freed;
  }
  g.collecting = false;
  if (freed > 0 && g.scope_hook) g.scope_hook();
  release_values(released.values);
  released.scopes.clear();
  garbage.clear();
  // Every survivor is old now (and so is whatever releasing the garbage made).
  g.first_old = g.head;
  return freed;
}

int64_t gc_collect() { return GcState::collect(true); }

void gc_collect_if_due() {
  GcState& g = GcState::get();
  if (!g.enabled || g.collecting || g.allocations < kFirstThreshold) return;
  GcState::collect(false);
  if (g.promoted * 4 > g.full_work) GcState::collect(true);
}

void gc_enable(bool on) { GcState::get().enabled = on; }
bool gc_enabled() { return GcState::get().enabled; }
void gc_on_scope_cleared(void (*hook)()) { GcState::get().scope_hook = hook; }

}  // namespace tsh::shell
