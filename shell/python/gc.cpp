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

// The tracked objects, linked through themselves, and the collector's switches.
struct GcState {
  uintptr_t head = hide(nullptr);
  int64_t count = 0;        // tracked objects alive
  int64_t allocations = 0;  // made since the last collection
  int64_t survivors = 0;    // alive right after the last collection
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
    if (++g.allocations >= std::max(kFirstThreshold, g.survivors)) g_gc_due = true;
  }
  static void unlink(Tracked* t) {
    GcState& g = get();
    if (Tracked* p = unhide(t->prev_)) p->next_ = t->next_;
    else g.head = t->next_;
    if (Tracked* n = unhide(t->next_)) n->prev_ = t->prev_;
    --g.count;
  }
  // Each tracked object, in the registry's order.
  template <class F>
  static void each(F&& f) {
    for (Tracked* t = unhide(get().head); t;) {
      Tracked* next = unhide(t->next_);
      f(t);
      t = next;
    }
  }
  static int64_t collect();
};

Tracked::Tracked() { GcState::link(this); }
Tracked::~Tracked() { GcState::unlink(this); }

void GcVisitor::operator()(const Value& v) {
  if (const auto& o = v.obj())
    if (auto* t = cached_cast<Tracked>(o.get())) visit(t);
}

void GcVisitor::operator()(const std::shared_ptr<Scope>& s) {
  if (s) visit(s.get());
}

int64_t GcState::collect() {
  GcState& g = get();
  if (g.collecting) return 0;
  g.collecting = true;
  g.allocations = 0;
  g_gc_due = false;
  // 1. Every object's strong references. One that no shared_ptr owns (being built, or not
  //    made by make_shared) counts as referred to from outside.
  each([](Tracked* t) {
    const long owners = t->weak_from_this().use_count();
    t->refs_ = owners > 0 ? owners : kReachable / 2;
  });
  // 2. Less the references tracked objects hold to one another: what is left comes from outside.
  struct Subtract : GcVisitor {
    void visit(Tracked* child) override { --child->refs_; }
  } subtract;
  each([&](Tracked* t) { t->traverse(subtract); });
  // 3. Whatever is referred to from outside lives, and so does everything it reaches.
  std::vector<Tracked*> stack;
  each([&](Tracked* t) {
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
  each([&](Tracked* t) {
    if (t->refs_ != kReachable) garbage.push_back(t->shared_from_this());
  });
  GcGarbage released;
  for (const auto& t : garbage) t->clear(released);
  g.collecting = false;
  const auto freed = static_cast<int64_t>(garbage.size());
  if (freed > 0 && g.scope_hook) g.scope_hook();
  release_values(released.values);
  released.scopes.clear();
  garbage.clear();
  g.survivors = g.count;
  return freed;
}

int64_t gc_collect() { return GcState::collect(); }

void gc_collect_if_due() {
  GcState& g = GcState::get();
  // As many new objects as survived the last collection: a collection's cost (a pass over every
  // tracked object) spread over the allocations that led to it.
  if (g.enabled && !g.collecting && g.allocations >= std::max(kFirstThreshold, g.survivors)) GcState::collect();
}

void gc_enable(bool on) { GcState::get().enabled = on; }
bool gc_enabled() { return GcState::get().enabled; }
void gc_on_scope_cleared(void (*hook)()) { GcState::get().scope_hook = hook; }

}  // namespace tsh::shell
