// shell/python/builtins_iter.cpp — iterators and the builtins that make or consume
// them: iter, next, map, filter, zip, enumerate, reversed, any, all.
//
// Python's iterators are lazy (map(print, xs) prints nothing until it is
// consumed) and single-use; an IterObj keeps both properties. Each has
// Python's type name, so its repr is `<map object at 0x...>`.
#include <algorithm>

#include "engine/ops/rearrange.h"
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/set.h"
#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

// The tuple an iterator made last, when nothing but the iterator holds it any more (the loop
// unpacked or dropped it): zip and enumerate fill it again in place, as CPython's do, rather than
// make and free a tuple per item. Null when anyone else holds it: then it must not change.
SeqObj* reusable_tuple(const Value& last) {
  return last.is(Kind::Tuple) && last.obj().use_count() == 1 ? last.as<SeqObj>() : nullptr;
}

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

// An iterator over a fixed list of values (materialised by the caller).
Value over(std::string type, std::vector<Value> items, bool backwards = false) {
  HeldValues data = held_values(std::move(items));
  if (backwards) std::reverse(data->begin(), data->end());
  auto pos = std::make_shared<size_t>(0);
  return iterator_value(
      std::move(type),
      [data, pos](Interpreter&, Value& out) {
        if (*pos >= data->size()) return false;
        out = (*data)[(*pos)++];
        return true;
      },
      data);
}

// A list's iterator reads the list as it is now, so it sees appends.
Value list_iterator(const Value& list) {
  auto pos = std::make_shared<size_t>(0);
  HeldValues h = held_values({list});
  return iterator_value(
      "list_iterator",
      [h, pos](Interpreter&, Value& out) {
        auto& items = (*h)[0].items();
        if (*pos >= items.size()) return false;
        out = items[(*pos)++];
        return true;
      },
      h);
}

// Iterating a dict that changes size is an error in Python.
Value dict_iterator(const Value& dict, const std::string& type, DictViewObj::Which which) {
  auto pos = std::make_shared<size_t>(0);
  DictObj& d = dict_of(dict);
  const uint64_t version = d.version;
  const size_t size = d.live;
  HeldValues h = held_values({dict});
  return iterator_value(type, [h, pos, version, size, which](Interpreter&, Value& out) {
    DictObj& dd = dict_of((*h)[0]);
    if (dd.version != version && dd.live != size)
      throw RuntimeError("dictionary changed size during iteration");
    while (*pos < dd.entries.size() && !dd.entries[*pos].alive) ++*pos;
    if (*pos >= dd.entries.size()) return false;
    const auto& e = dd.entries[(*pos)++];
    using W = DictViewObj::Which;
    out = which == W::Keys ? e.key : which == W::Values ? e.value : Value::tuple({e.key, e.value});
    return true;
  }, h);
}

void exact_args(const char* name, const Args& a, const Kwargs& kw, size_t n) {
  if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
  if (a.size() != n)
    throw TypeError(std::string(name) + "() takes exactly " + (n == 1 ? "one argument" : std::to_string(n) + " arguments") +
                    " (" + std::to_string(a.size()) + " given)");
}

Value call1(Interpreter& in, const Value& f, const Value& x) {
  Args args{x};
  Kwargs none;
  return in.call(f, args, none);
}

}  // namespace

HeldValues held_values(std::vector<Value> values) { return std::make_shared<std::vector<Value>>(std::move(values)); }

Value iterator_value(std::string type_name, std::function<bool(Interpreter&, Value&)> next, HeldValues held) {
  auto it = std::make_shared<IterObj>();
  it->type_name = std::move(type_name);
  it->next = std::move(next);
  if (held)
    it->holds = [held](GcVisitor& visit) {
      for (const Value& v : *held) visit(v);
    };
  return Value::object(Kind::Iterator, it);
}

bool iter_next(Interpreter& in, const Value& it, Value& out) {
  auto* o = it.as<IterObj>();
  if (o->done) return false;
  // Owned from here while it runs: a collection inside `next` (a statement of the function it
  // calls) never takes an iterator that is running, whoever else holds it.
  const std::shared_ptr<Object> running = it.obj();
  // map(f, map(f, ...)) a thousand deep recurses here: Python's limit, not a crash.
  static thread_local int depth = 0;
  if (depth >= 1000) throw RecursionError("maximum recursion depth exceeded");
  ++depth;
  bool more;
  try {
    more = o->next(in, out);
  } catch (...) {
    --depth;
    throw;
  }
  --depth;
  if (!more) {
    o->done = true;
    o->next = nullptr;  // drop what the iterator holds
    o->holds = nullptr;
    return false;
  }
  return true;
}

Value make_iterator(Interpreter& in, const Value& v) {
  using W = DictViewObj::Which;
  switch (v.kind()) {
    case Kind::Iterator: return v;
    case Kind::List: return list_iterator(v);
    case Kind::Tuple:
    case Kind::Size:
    case Kind::NamedTuple: return over("tuple_iterator", in.iterate(v));
    case Kind::Tensor: return over("tuple_iterator", in.iterate(v));  // Tensor.__iter__: iter(unbind(0))
    case Kind::Str: return over("str_ascii_iterator", in.iterate(v));
    case Kind::Range: {
      auto* r = v.as<RangeObj>();
      auto cur = std::make_shared<Int>(r->start);
      const Int stop = r->stop, step = r->step;
      return iterator_value("range_iterator", [cur, stop, step](Interpreter&, Value& out) {
        if (step > 0 ? *cur >= stop : *cur <= stop) return false;
        out = Value::integer(*cur);
        *cur += step;
        return true;
      });
    }
    case Kind::Dict: return dict_iterator(v, "dict_keyiterator", W::Keys);
    case Kind::Set:
    case Kind::FrozenSet: return set_iterator(v);
    case Kind::DictView: {
      auto* view = v.as<DictViewObj>();
      const char* type = view->which == W::Keys     ? "dict_keyiterator"
                         : view->which == W::Values ? "dict_valueiterator"
                                                    : "dict_itemiterator";
      return dict_iterator(view->dict, type, view->which);
    }
    case Kind::Instance: return v.as<InstanceObj>()->iter(in, v);
    default: return over("iterator", in.iterate(v));  // throws "'int' object is not iterable"
  }
}

// The kinds Interpreter::iterate leaves to this file: dicts, views, iterators.
std::vector<Value> iterate_object(Interpreter& in, const Value& v) {
  switch (v.kind()) {
    case Kind::Dict: return dict_of(v).keys();
    case Kind::Set:
    case Kind::FrozenSet: return set_of(v).keys();
    case Kind::DictView: return view_items(v);
    case Kind::Instance: return iterate_object(in, v.as<InstanceObj>()->iter(in, v));
    case Kind::Iterator: {
      std::vector<Value> out;
      Value item;
      while (iter_next(in, v, item)) {
        check_interrupt();
        out.push_back(item);
      }
      return out;
    }
    default: throw TypeError("'" + type_name(v) + "' object is not iterable");
  }
}

void install_iter_builtins(std::map<std::string, Value>& b) {
  auto def = [&](const std::string& name, Fn fn) {
    b[name] = make_builtin(name, "<built-in function " + name + ">", std::move(fn));
  };
  auto type = [&](const std::string& name, Fn fn) {
    auto t = std::make_shared<TypeObj>();
    t->name = name;
    t->ctor = std::move(fn);
    b[name] = Value::object(Kind::Type, t);
  };

  def("iter", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("iter() takes no keyword arguments");
    if (a.size() != 1) throw TypeError("iter expected 1 argument, got " + std::to_string(a.size()));
    return make_iterator(in, a[0]);
  });
  def("next", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("next() takes no keyword arguments");
    if (a.empty() || a.size() > 2)
      throw TypeError(std::string("next expected ") + (a.empty() ? "at least 1 argument" : "at most 2 arguments") +
                      ", got " + std::to_string(a.size()));
    Value it = a[0];
    if (it.is(Kind::Instance) && it.as<InstanceObj>()->is_iterator()) it = it.as<InstanceObj>()->iter(in, it);
    if (!it.is(Kind::Iterator)) throw TypeError("'" + type_name(a[0]) + "' object is not an iterator");
    Value out;
    if (iter_next(in, it, out)) return out;
    if (a.size() == 2) return a[1];
    throw_generator_stop(it);  // StopIteration, with a generator's return value
  });
  type("map", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("map() takes no keyword arguments");
    if (a.size() < 2) throw TypeError("map() must have at least two arguments.");
    HeldValues h = held_values({a[0]});  // the function, then one iterator per iterable
    for (size_t i = 1; i < a.size(); ++i) h->push_back(make_iterator(in, a[i]));
    return iterator_value(
        "map",
        [h](Interpreter& in2, Value& out) {
          Args args;
          for (size_t i = 1; i < h->size(); ++i) {
            Value item;
            if (!iter_next(in2, (*h)[i], item)) return false;
            args.push_back(item);
          }
          Kwargs none;
          out = in2.call((*h)[0], args, none);
          return true;
        },
        h);
  });
  type("filter", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("filter() takes no keyword arguments");
    if (a.size() != 2) throw TypeError("filter expected 2 arguments, got " + std::to_string(a.size()));
    HeldValues h = held_values({a[0], make_iterator(in, a[1])});  // the function, the source
    return iterator_value(
        "filter",
        [h](Interpreter& in2, Value& out) {
          const Value &f = (*h)[0], &src = (*h)[1];
          Value item;
          while (iter_next(in2, src, item)) {
            check_interrupt();
            if (truthy(f.is_none() ? item : call1(in2, f, item))) {
              out = item;
              return true;
            }
          }
          return false;
        },
        h);
  });
  type("zip", [](Interpreter& in, Args& a, Kwargs& kw) {
    bool strict = false;
    for (auto& [k, v] : kw) {
      if (k != "strict") throw TypeError("zip() got an unexpected keyword argument '" + k + "'");
      strict = truthy(v);
    }
    // The sources' iterators, then the last tuple made (None before the first).
    HeldValues state = held_values({});
    for (const Value& v : a) state->push_back(make_iterator(in, v));
    const size_t n = state->size();
    state->push_back(Value());
    return iterator_value("zip", [state, n, strict](Interpreter& in2, Value& out) {
      if (n == 0) return false;
      std::vector<Value>& sources = *state;
      SeqObj* reuse = reusable_tuple(sources[n]);
      std::vector<Value> row;
      if (!reuse) row.reserve(n);
      for (size_t i = 0; i < n; ++i) {
        Value item;
        if (iter_next(in2, sources[i], item)) {
          if (reuse)
            reuse->items[i] = std::move(item);
          else
            row.push_back(std::move(item));
          continue;
        }
        if (strict) {
          if (i > 0)
            throw ValueError("zip() argument " + std::to_string(i + 1) + " is shorter than argument" +
                             (i == 1 ? " 1" : "s 1-" + std::to_string(i)));
          for (size_t j = 1; j < n; ++j) {
            Value extra;
            if (iter_next(in2, sources[j], extra))
              throw ValueError("zip() argument " + std::to_string(j + 1) + " is longer than argument" +
                               (j == 1 ? " 1" : "s 1-" + std::to_string(j)));
          }
        }
        return false;
      }
      if (!reuse) sources[n] = Value::tuple(std::move(row));
      out = sources[n];
      return true;
    }, state);
  });
  type("enumerate", [](Interpreter& in, Args& a, Kwargs& kw) {
    Value iterable, start = Value::integer(0);
    bool have_iterable = false;
    if (a.size() > 2) throw TypeError("enumerate() takes at most 2 arguments (" + std::to_string(a.size()) + " given)");
    if (!a.empty()) iterable = a[0], have_iterable = true;
    if (a.size() > 1) start = a[1];
    for (auto& [k, v] : kw) {
      if (k == "iterable") iterable = v, have_iterable = true;
      else if (k == "start") start = v;
      else throw TypeError("'" + k + "' is an invalid keyword argument for enumerate()");
    }
    if (!have_iterable) throw TypeError("enumerate() missing required argument 'iterable' (pos 1)");
    if (!start.is_intlike())
      throw TypeError("'" + type_name(start) + "' object cannot be interpreted as an integer");
    // The source's iterator, then the last (index, item) tuple made (None before the first).
    HeldValues state = held_values({make_iterator(in, iterable), Value()});
    auto count = std::make_shared<Int>(start.as_int());
    return iterator_value(
        "enumerate",
        [state, count](Interpreter& in2, Value& out) {
          std::vector<Value>& st = *state;
          SeqObj* reuse = reusable_tuple(st[1]);
          // Let go of the last item first: enumerate(zip(...)) then lets zip fill its own tuple again.
          if (reuse) reuse->items[1] = Value();
          Value item;
          if (!iter_next(in2, st[0], item)) return false;
          Value index = Value::integer((*count)++);
          if (reuse) {
            reuse->items[0] = std::move(index);
            reuse->items[1] = std::move(item);
          } else {
            std::vector<Value> pair;  // (no initializer list: it would copy the item)
            pair.reserve(2);
            pair.push_back(std::move(index));
            pair.push_back(std::move(item));
            st[1] = Value::tuple(std::move(pair));
          }
          out = st[1];
          return true;
        },
        state);
  });
  type("reversed", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("reversed() takes no keyword arguments");
    if (a.size() != 1) throw TypeError("reversed expected 1 argument, got " + std::to_string(a.size()));
    const Value& v = a[0];
    using W = DictViewObj::Which;
    switch (v.kind()) {
      case Kind::List: return over("list_reverseiterator", v.items(), true);
      case Kind::Tuple:
      case Kind::Size:
      case Kind::NamedTuple:
      case Kind::Str: return over("reversed", in.iterate(v), true);
      case Kind::Range: return over("range_iterator", in.iterate(v), true);
      case Kind::Tensor: {
        // Tensor.__reversed__: the tensor flipped along dim 0 (a 0-d tensor is itself).
        const Tensor& t = v.as_tensor();
        if (t.dim() == 0) return v;
        return Value::tensor(flip(t, {0}));
      }
      case Kind::Dict: return over("dict_reversekeyiterator", dict_of(v).keys(), true);
      case Kind::DictView: {
        auto* view = v.as<DictViewObj>();
        const char* type = view->which == W::Keys     ? "dict_reversekeyiterator"
                           : view->which == W::Values ? "dict_reversevalueiterator"
                                                      : "dict_reverseitemiterator";
        return over(type, view_items(v), true);
      }
      default: throw TypeError("'" + type_name(v) + "' object is not reversible");
    }
  });
  // any() and all() are Python's: they iterate (a tensor by its rows) and
  // stop at the first deciding item. torch.any / torch.all stay in torch.
  for (const bool is_any : {true, false}) {
    const char* name = is_any ? "any" : "all";
    def(name, [is_any, name](Interpreter& in, Args& a, Kwargs& kw) {
      exact_args(name, a, kw, 1);
      Value it = make_iterator(in, a[0]);
      Value item;
      while (iter_next(in, it, item)) {
        check_interrupt();
        if (truthy(item) == is_any) return Value::boolean(is_any);
      }
      return Value::boolean(!is_any);
    });
  }
}

}  // namespace tsh::shell
