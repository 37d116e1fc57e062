// shell/python/mod_itertools.cpp — Python's itertools module, as CPython 3.11
// has it. Every object is a lazy iterator (an IterObj) that takes from its
// inputs only what each next() needs, so itertools.count() and cycle() can
// run forever (Ctrl-C stops them) and side effects happen in Python's order.
// The classes are itertools.count, itertools.chain, ...: type() returns them,
// isinstance() knows them, and reprs and errors are CPython's, word for word.
// The combinatoric iterators (product, permutations, combinations, ...)
// take their input whole when made, as CPython does, and yield in its order.
#include <climits>
#include <deque>

#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

using grammar::Op;
using Next = std::function<bool(Interpreter&, Value&)>;

// The classes of one session's module, so that its iterators can name theirs.
struct Classes {
  std::map<std::string, std::weak_ptr<Object>> types;
  Value get(const std::string& name) const {
    auto it = types.find(name);
    if (it == types.end()) return Value();
    if (auto t = it->second.lock()) return Value::object(Kind::Type, t);
    return Value();
  }
};

// An itertools object of class `cls` ("count"): type(x) is itertools.cls.
Value make(const Classes& classes, const std::string& cls, Next next, std::function<std::string()> repr = nullptr) {
  auto it = std::make_shared<IterObj>();
  it->type_name = "itertools." + cls;
  it->next = std::move(next);
  it->repr = std::move(repr);
  it->type = classes.get(cls);
  return Value::object(Kind::Iterator, it);
}

// The same, for an object whose state `s` only it holds: the collector sees the values in it
// (State::traverse), so a cycle through the iterator is freed.
template <class State>
Value make(const Classes& classes, const std::string& cls, const std::shared_ptr<State>& s, Next next,
           std::function<std::string()> repr = nullptr) {
  Value v = make(classes, cls, std::move(next), std::move(repr));
  v.as<IterObj>()->holds = [s](GcVisitor& visit) { s->traverse(visit); };
  return v;
}

// State that is a function (or None) and an iterator: dropwhile, takewhile, filterfalse, starmap.
struct FuncAndIter {
  Value f, it;
  void traverse(GcVisitor& visit) const { visit(f), visit(it); }
};

// Python's `a == b` for keys (groupby): identity first, as PyObject_RichCompareBool.
bool equal(Interpreter& in, const Value& a, const Value& b) {
  if (a.kind() == b.kind() && a.obj() && a.obj() == b.obj()) return true;
  Value tensor_result;
  const bool r = in.compare(Op::Eq, a, b, &tensor_result);
  return tensor_result.is_none() ? r : truthy(tensor_result);
}

Value call1(Interpreter& in, const Value& f, const Value& x) {
  Args args{x};
  Kwargs none;
  return in.call(f, args, none);
}

// Positional arguments only ("cycle expected 1 argument, got 0", "cycle() takes no keyword arguments").
void positional(const std::string& name, const Args& a, const Kwargs& kw, size_t lo, size_t hi) {
  if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
  if (a.size() >= lo && a.size() <= hi) return;
  const bool few = a.size() < lo;
  const size_t n = few ? lo : hi;
  throw TypeError(name + " expected " + (lo == hi ? "" : few ? "at least " : "at most ") + std::to_string(n) +
                  " argument" + (n == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
}

// A Py_ssize_t argument ('n' / Py_ssize_t converters): an index that fits.
int64_t ssize_arg(const Value& v) {
  const Value i = index_arg(v);
  if (is_big(i) || i.as_int() > INT64_MAX || i.as_int() < INT64_MIN)
    throw OverflowError("Python int too large to convert to C ssize_t");
  return static_cast<int64_t>(i.as_int());
}

// PyNumber_Check: what count() accepts.
bool is_number(const Value& v) { return v.is_number() || v.is(Kind::Tensor); }

Value tuple_of(const std::vector<Value>& pool, const std::vector<size_t>& indices, size_t r) {
  std::vector<Value> out;
  out.reserve(r);
  for (size_t i = 0; i < r; ++i) out.push_back(pool[indices[i]]);
  return Value::tuple(std::move(out));
}

// ---------------------------------------------------------------- infinite iterators

Value count(Interpreter&, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("count", a, kw, {"start", "step"}, 0);
  if ((v[0] && !is_number(*v[0])) || (v[1] && !is_number(*v[1]))) throw TypeError("a number is required");
  struct State {
    bool fast = true;  // an int start counting by the int 1: plain ints
    Int n = 0;
    Value cnt, step;
    void traverse(GcVisitor& visit) const { visit(cnt), visit(step); }
  };
  auto s = std::make_shared<State>();
  s->cnt = v[0] ? *v[0] : Value::integer(0);
  s->step = v[1] ? *v[1] : Value::integer(1);
  s->fast = s->cnt.is_intlike() && !is_big(s->cnt) && s->cnt.as_int() <= INT64_MAX && s->cnt.as_int() >= INT64_MIN &&
            s->step.is_intlike() && s->step.as_int() == 1;
  s->n = s->fast ? s->cnt.as_int() : 0;
  return make(
      cl, "count", s,
      [s](Interpreter& in2, Value& out) {
        if (s->fast) {
          out = Value::integer(s->n++);
          return true;
        }
        out = s->cnt;
        s->cnt = in2.binary(Op::Add, s->cnt, s->step, false);
        return true;
      },
      [s] {
        if (s->fast) return "count(" + repr(Value::integer(s->n)) + ")";
        // An int step of 1 is not shown.
        if (s->step.is_intlike() && s->step.as_int() == 1) return "count(" + repr(s->cnt) + ")";
        return "count(" + repr(s->cnt) + ", " + repr(s->step) + ")";
      });
}

Value cycle(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("cycle", a, kw, 1, 1);
  struct State {
    Value it;  // None once exhausted
    std::vector<Value> saved;
    size_t index = 0;
    void traverse(GcVisitor& visit) const {
      visit(it);
      for (const Value& v : saved) visit(v);
    }
  };
  auto s = std::make_shared<State>();
  s->it = make_iterator(in, a[0]);
  return make(cl, "cycle", s, [s](Interpreter& in2, Value& out) {
    if (!s->it.is_none()) {
      if (iter_next(in2, s->it, out)) {
        s->saved.push_back(out);
        return true;
      }
      s->it = Value();
    }
    if (s->saved.empty()) return false;
    out = s->saved[s->index];
    if (++s->index >= s->saved.size()) s->index = 0;
    return true;
  });
}

Value repeat(Interpreter&, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("repeat", a, kw, {"object", "times"}, 1);
  struct State {
    Value object;
    int64_t left = -1;  // -1: forever
    void traverse(GcVisitor& visit) const { visit(object); }
  };
  auto s = std::make_shared<State>();
  s->object = *v[0];
  if (v[1]) s->left = std::max<int64_t>(ssize_arg(*v[1]), 0);
  return make(
      cl, "repeat", s,
      [s](Interpreter&, Value& out) {
        if (s->left == 0) return false;
        if (s->left > 0) --s->left;
        out = s->object;
        return true;
      },
      [s] {
        return "repeat(" + repr(s->object) + (s->left < 0 ? "" : ", " + std::to_string(s->left)) + ")";
      });
}

// ---------------------------------------------------------------- iterators over inputs

Value accumulate(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("accumulate", a, kw, {"iterable", "func", "initial"}, 1, 0, 2);
  struct State {
    Value it, func, total, initial;
    bool started = false;
    void traverse(GcVisitor& visit) const { visit(it), visit(func), visit(total), visit(initial); }
  };
  auto s = std::make_shared<State>();
  s->it = make_iterator(in, *v[0]);
  s->func = v[1] ? *v[1] : Value();
  s->initial = v[2] ? *v[2] : Value();
  return make(cl, "accumulate", s, [s](Interpreter& in2, Value& out) {
    if (!s->initial.is_none()) {
      s->total = s->initial;
      s->initial = Value();
      s->started = true;
      out = s->total;
      return true;
    }
    Value x;
    if (!iter_next(in2, s->it, x)) return false;
    if (!s->started) {
      s->total = x;
      s->started = true;
    } else if (s->func.is_none()) {
      s->total = in2.binary(Op::Add, s->total, x, false);
    } else {
      Args args{s->total, x};
      Kwargs none;
      s->total = in2.call(s->func, args, none);
    }
    out = s->total;
    return true;
  });
}

// chain(*iterables) and chain.from_iterable(iterables): each input made an
// iterator only when reached; one that is not iterable ends the chain.
Value chain_over(const Classes& cl, Value source) {
  struct State {
    Value source, active;  // None when there is none
    void traverse(GcVisitor& visit) const { visit(source), visit(active); }
  };
  auto s = std::make_shared<State>();
  s->source = std::move(source);
  return make(cl, "chain", s, [s](Interpreter& in, Value& out) {
    while (!s->source.is_none()) {
      if (s->active.is_none()) {
        Value iterable;
        if (!iter_next(in, s->source, iterable)) {
          s->source = Value();
          return false;
        }
        try {
          s->active = make_iterator(in, iterable);
        } catch (...) {
          s->source = Value();
          throw;
        }
      }
      if (iter_next(in, s->active, out)) return true;
      s->active = Value();
    }
    return false;
  });
}

Value compress(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("compress", a, kw, {"data", "selectors"}, 2);
  struct State {
    Value data, selectors;
    void traverse(GcVisitor& visit) const { visit(data), visit(selectors); }
  };
  auto s = std::make_shared<State>(State{make_iterator(in, *v[0]), make_iterator(in, *v[1])});
  return make(cl, "compress", s, [s](Interpreter& in2, Value& out) {
    for (;;) {
      check_interrupt();
      Value selector;
      if (!iter_next(in2, s->data, out) || !iter_next(in2, s->selectors, selector)) return false;
      if (truthy(selector)) return true;
    }
  });
}

Value dropwhile(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("dropwhile", a, kw, 2, 2);
  auto s = std::make_shared<FuncAndIter>(FuncAndIter{a[0], make_iterator(in, a[1])});
  auto dropping = std::make_shared<bool>(true);
  return make(cl, "dropwhile", s, [s, dropping](Interpreter& in2, Value& out) {
    for (;;) {
      check_interrupt();
      if (!iter_next(in2, s->it, out)) return false;
      if (!*dropping) return true;
      if (!truthy(call1(in2, s->f, out))) {
        *dropping = false;
        return true;
      }
    }
  });
}

Value takewhile(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("takewhile", a, kw, 2, 2);
  auto s = std::make_shared<FuncAndIter>(FuncAndIter{a[0], make_iterator(in, a[1])});
  return make(cl, "takewhile", s, [s](Interpreter& in2, Value& out) {
    return iter_next(in2, s->it, out) && truthy(call1(in2, s->f, out));
  });
}

Value filterfalse(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("filterfalse", a, kw, 2, 2);
  auto s = std::make_shared<FuncAndIter>(FuncAndIter{a[0], make_iterator(in, a[1])});
  return make(cl, "filterfalse", s, [s](Interpreter& in2, Value& out) {
    for (;;) {
      check_interrupt();
      if (!iter_next(in2, s->it, out)) return false;
      if (!truthy(s->f.is_none() ? out : call1(in2, s->f, out))) return true;
    }
  });
}

// Shows the collector the one reference `it` holds to a state it shares with other objects
// (tee's readers, groupby and its groups). The state is tracked itself, so it is freed when
// none of those is reachable. A raw pointer: `next` owns the reference, and goes with `holds`.
void shows_shared(const Value& it, const Tracked* state) {
  it.as<IterObj>()->holds = [state](GcVisitor& visit) { visit.visit(const_cast<Tracked*>(state)); };
}

// groupby: (key, group) pairs; a group is a lazy iterator over the source,
// valid only until the groupby advances (then it yields nothing more). The
// groupby and its groups share one state.
Value groupby(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("groupby", a, kw, {"iterable", "key"}, 1);
  struct State : Tracked {
    Value it, keyfunc;
    Value tgtkey, currkey, currvalue;
    bool has_tgt = false, has_curr = false;  // currkey and currvalue are set together
    std::shared_ptr<int> current;            // the live group's token
    void traverse(GcVisitor& visit) const override {
      visit(it), visit(keyfunc), visit(tgtkey), visit(currkey), visit(currvalue);
    }
    void clear(GcGarbage& into) override {
      for (Value* v : {&it, &keyfunc, &tgtkey, &currkey, &currvalue}) into.values.push_back(std::move(*v));
      has_tgt = has_curr = false;
    }
  };
  // A group: the shared state, and the key it yields items for.
  struct Group : Tracked {
    std::shared_ptr<State> s;
    Value key;
    std::weak_ptr<int> mine;
    void traverse(GcVisitor& visit) const override {
      visit.visit(s.get());
      visit(key);
    }
    void clear(GcGarbage& into) override {
      into.values.push_back(std::move(key));
      s.reset();  // the state is garbage too, held by the collector until all is cleared
    }
  };
  auto s = std::make_shared<State>();
  s->it = make_iterator(in, *v[0]);
  s->keyfunc = v[1] ? *v[1] : Value();
  // Takes the next item and its key; false at the end.
  auto step = [](Interpreter& in2, State& st) {
    Value item;
    if (!iter_next(in2, st.it, item)) return false;
    st.currkey = st.keyfunc.is_none() ? item : call1(in2, st.keyfunc, item);
    st.currvalue = item;
    st.has_curr = true;
    return true;
  };
  Classes classes = cl;
  Value groups = make(cl, "groupby", [s, step, classes](Interpreter& in2, Value& out) {
    s->current.reset();
    // Skip to the next key.
    for (;;) {
      check_interrupt();
      if (s->has_curr && (!s->has_tgt || !equal(in2, s->tgtkey, s->currkey))) break;
      if (!step(in2, *s)) return false;
    }
    s->tgtkey = s->currkey;
    s->has_tgt = true;
    auto token = std::make_shared<int>(0);
    s->current = token;
    auto g = std::make_shared<Group>();
    g->s = s;
    g->key = s->tgtkey;
    g->mine = token;
    Value group = make(classes, "_grouper", [g, step](Interpreter& in3, Value& item) {
      State& st = *g->s;
      if (g->mine.expired() || st.current != g->mine.lock()) return false;
      if (!st.has_curr && !step(in3, st)) return false;
      if (!equal(in3, g->key, st.currkey)) return false;
      item = st.currvalue;
      st.currvalue = Value();
      st.currkey = Value();
      st.has_curr = false;
      return true;
    });
    shows_shared(group, g.get());
    out = Value::tuple({g->key, group});
    return true;
  });
  shows_shared(groups, s.get());
  return groups;
}

Value islice(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  if (!kw.empty()) throw TypeError("islice() takes no keyword arguments");
  if (a.size() < 2) throw TypeError("islice expected at least 2 arguments, got " + std::to_string(a.size()));
  if (a.size() > 4) throw TypeError("islice expected at most 4 arguments, got " + std::to_string(a.size()));
  // PyNumber_AsSsize_t: -1 for a value that is not an index or does not fit.
  auto ssize = [](const Value& v) -> int64_t {
    try {
      return ssize_arg(v);
    } catch (const tsh::Error&) {
      return -1;
    }
  };
  const char* stop_msg = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  int64_t start = 0, stop = -1, step = 1;
  if (a.size() == 2) {
    if (!a[1].is_none() && (stop = ssize(a[1])) == -1) throw ValueError(stop_msg);
  } else {
    if (!a[1].is_none()) start = ssize(a[1]);
    if (!a[2].is_none() && (stop = ssize(a[2])) == -1) throw ValueError(stop_msg);
  }
  if (start < 0 || stop < -1)
    throw ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  if (a.size() == 4 && !a[3].is_none()) step = ssize(a[3]);
  if (step < 1) throw ValueError("Step for islice() must be a positive integer or None.");
  struct State {
    Value it;
    int64_t next, stop, step, cnt = 0;
    void traverse(GcVisitor& visit) const { visit(it); }
  };
  auto s = std::make_shared<State>();
  s->it = make_iterator(in, a[0]);
  s->next = start;
  s->stop = stop;
  s->step = step;
  return make(cl, "islice", s, [s](Interpreter& in2, Value& out) {
    while (s->cnt < s->next) {
      check_interrupt();
      Value skipped;
      if (!iter_next(in2, s->it, skipped)) return false;
      ++s->cnt;
    }
    if (s->stop != -1 && s->cnt >= s->stop) return false;
    if (!iter_next(in2, s->it, out)) return false;
    ++s->cnt;
    const int64_t old = s->next;
    s->next = static_cast<int64_t>(static_cast<uint64_t>(s->next) + static_cast<uint64_t>(s->step));
    if (s->next < old || (s->stop != -1 && s->next > s->stop)) s->next = s->stop;
    return true;
  });
}

Value pairwise(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("pairwise", a, kw, 1, 1);
  struct State {
    Value it, old;
    bool has_old = false;
    void traverse(GcVisitor& visit) const { visit(it), visit(old); }
  };
  auto s = std::make_shared<State>();
  s->it = make_iterator(in, a[0]);
  return make(cl, "pairwise", s, [s](Interpreter& in2, Value& out) {
    if (!s->has_old) {
      if (!iter_next(in2, s->it, s->old)) return false;
      s->has_old = true;
    }
    Value item;
    if (!iter_next(in2, s->it, item)) return false;
    out = Value::tuple({s->old, item});
    s->old = item;
    return true;
  });
}

Value starmap(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  positional("starmap", a, kw, 2, 2);
  auto s = std::make_shared<FuncAndIter>(FuncAndIter{a[0], make_iterator(in, a[1])});
  return make(cl, "starmap", s, [s](Interpreter& in2, Value& out) {
    Value args;
    if (!iter_next(in2, s->it, args)) return false;
    Args call_args = args.is(Kind::Tuple) ? args.items() : in2.iterate(args);
    Kwargs none;
    out = in2.call(s->f, call_args, none);
    return true;
  });
}

// tee: n iterators over one input, each yielding every item; a shared buffer
// holds the items the slowest has not reached.
struct TeeData : Tracked {
  Value it;
  std::deque<Value> buffer;
  int64_t base = 0;  // the index of buffer.front()
  bool exhausted = false;
  std::vector<std::weak_ptr<int64_t>> readers;
  void traverse(GcVisitor& visit) const override {
    visit(it);
    for (const Value& v : buffer) visit(v);
  }
  void clear(GcGarbage& into) override {
    into.values.push_back(std::move(it));
    for (Value& v : buffer) into.values.push_back(std::move(v));
    buffer.clear();
    exhausted = true;
  }
  void trim() {
    int64_t low = base + static_cast<int64_t>(buffer.size());
    for (auto& r : readers)
      if (auto p = r.lock()) low = std::min(low, *p);
    while (base < low && !buffer.empty()) buffer.pop_front(), ++base;
  }
};

Value tee_reader(const Classes& cl, const std::shared_ptr<TeeData>& data, int64_t pos) {
  auto index = std::make_shared<int64_t>(pos);
  data->readers.push_back(index);
  auto it = make(cl, "_tee", [data, index](Interpreter& in, Value& out) {
    const int64_t i = *index - data->base;
    if (i < static_cast<int64_t>(data->buffer.size())) {
      out = data->buffer[static_cast<size_t>(i)];
    } else {
      if (data->exhausted) return false;
      if (!iter_next(in, data->it, out)) {
        data->exhausted = true;
        return false;
      }
      data->buffer.push_back(out);
    }
    ++*index;
    data->trim();
    return true;
  });
  shows_shared(it, data.get());
  return it;
}

Value tee(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  if (!kw.empty()) throw TypeError("itertools.tee() takes no keyword arguments");
  positional("tee", a, kw, 1, 2);
  const int64_t n = a.size() == 2 ? ssize_arg(a[1]) : 2;
  if (n < 0) throw ValueError("n must be >= 0");
  auto data = std::make_shared<TeeData>();
  data->it = make_iterator(in, a[0]);
  std::vector<Value> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(tee_reader(cl, data, 0));
  return Value::tuple(std::move(out));
}

Value zip_longest(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  Value fill;
  for (const auto& [k, v] : kw) {
    if (k != "fillvalue") throw TypeError("zip_longest() got an unexpected keyword argument");
    fill = v;
  }
  struct State {
    std::vector<Value> its;  // None once exhausted
    size_t active = 0;
    Value fill;
    void traverse(GcVisitor& visit) const {
      for (const Value& v : its) visit(v);
      visit(fill);
    }
  };
  auto s = std::make_shared<State>();
  for (const Value& x : a) s->its.push_back(make_iterator(in, x));
  s->active = s->its.size();
  s->fill = fill;
  return make(cl, "zip_longest", s, [s](Interpreter& in2, Value& out) {
    if (s->its.empty() || s->active == 0) return false;
    std::vector<Value> items;
    for (Value& it : s->its) {
      Value item;
      if (it.is_none()) {
        item = s->fill;
      } else if (!iter_next(in2, it, item)) {
        if (--s->active == 0) return false;
        it = Value();
        item = s->fill;
      }
      items.push_back(item);
    }
    out = Value::tuple(std::move(items));
    return true;
  });
}

// ---------------------------------------------------------------- combinatorics

Value product(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("product", {}, kw, {"repeat"}, 0);
  const int64_t repeat = v[0] ? ssize_arg(*v[0]) : 1;
  if (repeat < 0) throw ValueError("repeat argument cannot be negative");
  std::vector<std::vector<Value>> pools;
  for (const Value& x : a) pools.push_back(in.iterate(x));
  struct State {
    std::vector<std::vector<Value>> pools;
    std::vector<size_t> indices;
    bool started = false, done = false;
    void traverse(GcVisitor& visit) const {
      for (const auto& pool : pools)
        for (const Value& v : pool) visit(v);
    }
  };
  auto s = std::make_shared<State>();
  for (int64_t r = 0; r < repeat; ++r)
    for (const auto& p : pools) s->pools.push_back(p);
  s->indices.assign(s->pools.size(), 0);
  return make(cl, "product", s, [s](Interpreter&, Value& out) {
    if (s->done) return false;
    if (!s->started) {
      s->started = true;
      for (const auto& p : s->pools)
        if (p.empty()) return s->done = true, false;
    } else {
      // The odometer: the rightmost index that can move moves; those after it restart.
      size_t i = s->pools.size();
      while (i > 0) {
        --i;
        if (++s->indices[i] < s->pools[i].size()) break;
        s->indices[i] = 0;
        if (i == 0) return s->done = true, false;
      }
      if (s->pools.empty()) return s->done = true, false;
    }
    std::vector<Value> items;
    for (size_t i = 0; i < s->pools.size(); ++i) items.push_back(s->pools[i][s->indices[i]]);
    out = Value::tuple(std::move(items));
    return true;
  });
}

struct Combinatoric {
  std::vector<Value> pool;
  std::vector<size_t> indices, cycles;
  size_t r = 0;
  bool started = false, done = false;
  void traverse(GcVisitor& visit) const {
    for (const Value& v : pool) visit(v);
  }
};

Value permutations(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw) {
  auto v = bind_c_params("permutations", a, kw, {"iterable", "r"}, 1);
  auto s = std::make_shared<Combinatoric>();
  s->pool = in.iterate(*v[0]);
  const size_t n = s->pool.size();
  int64_t r = static_cast<int64_t>(n);
  if (v[1] && !v[1]->is_none()) {
    if (!v[1]->is_intlike()) throw TypeError("Expected int as r");
    r = ssize_arg(*v[1]);
    if (r < 0) throw ValueError("r must be non-negative");
  }
  s->r = static_cast<size_t>(r);
  if (s->r > n) s->done = true;
  for (size_t i = 0; i < n; ++i) s->indices.push_back(i);
  for (size_t i = 0; i < s->r && !s->done; ++i) s->cycles.push_back(n - i);
  return make(cl, "permutations", s, [s](Interpreter&, Value& out) {
    if (s->done) return false;
    const size_t n2 = s->pool.size(), r2 = s->r;
    if (s->started) {
      if (n2 == 0) return s->done = true, false;
      size_t i = r2;
      for (;;) {
        if (i == 0) return s->done = true, false;
        --i;
        if (--s->cycles[i] == 0) {
          // Rotate indices[i:] left by one.
          const size_t first = s->indices[i];
          for (size_t j = i; j + 1 < n2; ++j) s->indices[j] = s->indices[j + 1];
          s->indices[n2 - 1] = first;
          s->cycles[i] = n2 - i;
        } else {
          std::swap(s->indices[i], s->indices[n2 - s->cycles[i]]);
          break;
        }
      }
    }
    s->started = true;
    out = tuple_of(s->pool, s->indices, r2);
    return true;
  });
}

Value combinations(Interpreter& in, const Classes& cl, Args& a, Kwargs& kw, bool replacement) {
  const std::string name = replacement ? "combinations_with_replacement" : "combinations";
  auto v = bind_c_params(name, a, kw, {"iterable", "r"}, 2);
  auto s = std::make_shared<Combinatoric>();
  s->pool = in.iterate(*v[0]);
  const int64_t r = ssize_arg(*v[1]);
  if (r < 0) throw ValueError("r must be non-negative");
  s->r = static_cast<size_t>(r);
  const size_t n = s->pool.size();
  if (replacement ? (n == 0 && s->r > 0) : s->r > n) s->done = true;
  if (!s->done)
    for (size_t i = 0; i < s->r; ++i) s->indices.push_back(replacement ? 0 : i);
  return make(cl, name, s, [s, replacement](Interpreter&, Value& out) {
    if (s->done) return false;
    const size_t n2 = s->pool.size(), r2 = s->r;
    if (s->started) {
      // The rightmost index not at its maximum moves up; those after it follow.
      size_t i = r2;
      for (;;) {
        if (i == 0) return s->done = true, false;
        --i;
        if (s->indices[i] != (replacement ? n2 - 1 : i + n2 - r2)) break;
      }
      ++s->indices[i];
      for (size_t j = i + 1; j < r2; ++j) s->indices[j] = replacement ? s->indices[i] : s->indices[j - 1] + 1;
    }
    s->started = true;
    out = tuple_of(s->pool, s->indices, r2);
    return true;
  });
}

}  // namespace

void install_itertools(Interpreter&, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  // The classes, by name, for the objects to name theirs (weakly: no cycle
  // through the constructors, which hold the table).
  auto classes = std::make_shared<Classes>();
  using Ctor = std::function<Value(Interpreter&, const Classes&, Args&, Kwargs&)>;
  auto cls = [&](const std::string& name, Ctor ctor) {
    auto t = std::make_shared<TypeObj>();
    t->name = "itertools." + name;
    t->ctor = [ctor, classes](Interpreter& in, Args& a, Kwargs& kw) { return ctor(in, *classes, a, kw); };
    classes->types[name] = t;
    attrs[name] = Value::object(Kind::Type, t);
    return t;
  };
  cls("accumulate", accumulate);
  cls("chain", [](Interpreter& in, const Classes& c, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("chain() takes no keyword arguments");
    return chain_over(c, make_iterator(in, Value::tuple(a)));
  })->attrs["from_iterable"] =
      make_builtin("from_iterable", "<built-in method from_iterable of type object>",
                   [classes](Interpreter& in, Args& a, Kwargs& kw) {
                     if (!kw.empty()) throw TypeError("chain.from_iterable() takes no keyword arguments");
                     if (a.size() != 1)
                       throw TypeError("chain.from_iterable() takes exactly one argument (" +
                                       std::to_string(a.size()) + " given)");
                     return chain_over(*classes, make_iterator(in, a[0]));
                   });
  cls("combinations", [](Interpreter& in, const Classes& c, Args& a, Kwargs& kw) {
    return combinations(in, c, a, kw, false);
  });
  cls("combinations_with_replacement", [](Interpreter& in, const Classes& c, Args& a, Kwargs& kw) {
    return combinations(in, c, a, kw, true);
  });
  cls("compress", compress);
  cls("count", count);
  cls("cycle", cycle);
  cls("dropwhile", dropwhile);
  cls("filterfalse", filterfalse);
  cls("groupby", groupby);
  cls("islice", islice);
  cls("pairwise", pairwise);
  cls("permutations", permutations);
  cls("product", product);
  cls("repeat", repeat);
  cls("starmap", starmap);
  cls("takewhile", takewhile);
  cls("zip_longest", zip_longest);
  // The classes of the objects only itertools makes: groupby's groups, tee's iterators.
  for (const std::string name : {"_grouper", "_tee"}) {
    cls(name, [name](Interpreter&, const Classes&, Args&, Kwargs&) -> Value {
      throw TypeError("cannot create 'itertools." + name + "' instances");
    });
  }
  def_function(m, "tee", [classes](Interpreter& in, Args& a, Kwargs& kw) { return tee(in, *classes, a, kw); });
}

}  // namespace tsh::shell
