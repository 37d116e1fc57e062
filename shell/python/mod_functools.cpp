// shell/python/mod_functools.cpp — Python's functools: partial, reduce, wraps
// (update_wrapper), lru_cache and cache, total_ordering, cmp_to_key.
#include <algorithm>
#include <map>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

// functools.partial(func, *args, **keywords): a callable that prepends args.
struct PartialObj : TrackedInstance {
  Value func;
  std::vector<Value> args;
  Kwargs keywords;
  void each_value(const std::function<void(Value&)>& f) override {
    f(func);
    for (Value& v : args) f(v);
    for (auto& [k, v] : keywords) f(v);
  }
  std::string class_name() const override { return "partial"; }
  std::string module_name() const override { return "functools"; }
  std::string repr_of(const Value&) const override {
    std::string out = "functools.partial(" + repr(func);
    for (const Value& v : args) out += ", " + repr(v);
    for (const auto& [k, v] : keywords) out += ", " + k + "=" + repr(v);
    return out + ")";
  }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "func") return func;
    if (name == "args") return Value::tuple(args);
    if (name == "keywords") {
      Value d = make_dict();
      for (const auto& [k, v] : keywords) dict_of(d).set(Value::str(k), v);
      return d;
    }
    throw AttributeError("'functools.partial' object has no attribute '" + name + "'");
  }
  std::vector<std::string> attr_names() const override { return {"args", "func", "keywords"}; }
  std::optional<Value> call(Interpreter& in, const Value&, Args& a, Kwargs& kw) override {
    Args all = args;
    all.insert(all.end(), a.begin(), a.end());
    Kwargs k = keywords;
    for (auto& [name, v] : kw) {
      auto it = std::find_if(k.begin(), k.end(), [&](const auto& p) { return p.first == name; });
      if (it != k.end()) it->second = v;
      else k.emplace_back(name, v);
    }
    return in.call(func, all, k);
  }
};

// A function wrapped by lru_cache: results by argument tuple.
struct CachedObj : TrackedInstance {
  Value func;
  Value cache = make_dict();
  std::optional<int64_t> maxsize;  // nullopt: unbounded
  int64_t hits = 0, misses = 0;
  void each_value(const std::function<void(Value&)>& f) override {
    f(func);
    f(cache);
  }
  std::string class_name() const override { return "_lru_cache_wrapper"; }
  std::string module_name() const override { return "functools"; }
  std::string repr_of(const Value& self) const override {
    return "<functools._lru_cache_wrapper object at " + hex_addr(self.obj().get()) + ">";
  }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override {
    if (name == "cache_info")
      return make_builtin(name, "<built-in method cache_info>", [self](Interpreter&, Args&, Kwargs&) {
        auto* c = static_cast<CachedObj*>(self.as<InstanceObj>());
        auto info = std::make_shared<NamedTupleObj>();  // functools' CacheInfo named tuple
        info->type_name = "CacheInfo";
        info->one_line = true;
        info->fields = {"hits", "misses", "maxsize", "currsize"};
        info->items = {Value::integer(c->hits), Value::integer(c->misses),
                       c->maxsize ? Value::integer(*c->maxsize) : Value(),
                       Value::integer(static_cast<Int>(dict_of(c->cache).live))};
        return Value::object(Kind::NamedTuple, info);
      });
    if (name == "cache_clear")
      return make_builtin(name, "<built-in method cache_clear>", [self](Interpreter&, Args&, Kwargs&) {
        auto* c = static_cast<CachedObj*>(self.as<InstanceObj>());
        dict_of(c->cache).clear();
        c->hits = c->misses = 0;
        return Value();
      });
    if (name == "__wrapped__") return func;
    return in.get_attr(func, name);  // __name__, __doc__, ...
  }
  std::optional<Value> call(Interpreter& in, const Value&, Args& a, Kwargs& kw) override {
    std::vector<Value> key_items = a;
    for (auto& [k, v] : kw) {
      key_items.push_back(Value::str(k));
      key_items.push_back(v);
    }
    const Value key = Value::tuple(key_items);
    if (Value* hit = dict_of(cache).find(key)) {
      ++hits;
      return *hit;
    }
    ++misses;
    Value r = in.call(func, a, kw);
    if (maxsize && *maxsize == 0) return r;
    if (maxsize && static_cast<int64_t>(dict_of(cache).live) >= *maxsize) {  // drop the least recently added
      const std::vector<Value> keys = dict_of(cache).keys();
      dict_of(cache).erase(keys.front());
    }
    dict_of(cache).set(key, r);
    return r;
  }
};

Value make_cached(const Value& func, std::optional<int64_t> maxsize) {
  auto c = std::make_shared<CachedObj>();
  c->func = func;
  c->maxsize = maxsize;
  return Value::object(Kind::Instance, c);
}

// functools.cmp_to_key(cmp): a key object whose < asks cmp.
struct KeyObj : TrackedInstance {
  Value cmp, obj;
  void each_value(const std::function<void(Value&)>& f) override {
    f(cmp);
    f(obj);
  }
  std::string class_name() const override { return "KeyWrapper"; }
  std::string module_name() const override { return "functools"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "obj") return obj;
    throw AttributeError("'functools.KeyWrapper' object has no attribute '" + name + "'");
  }
  std::optional<Value> binary_op(Interpreter& in, int op, const Value&, const Value& other, bool self_left) override {
    auto* o = other.is(Kind::Instance) ? dynamic_cast<KeyObj*>(other.as<InstanceObj>()) : nullptr;
    if (!o) throw TypeError("other argument must be K instance");
    Args a = self_left ? Args{obj, o->obj} : Args{o->obj, obj};
    Kwargs nokw;
    const Value r = in.call(cmp, a, nokw);
    const double c = r.as_float();
    using grammar::Op;
    switch (static_cast<Op>(op)) {
      case Op::Lt: return Value::boolean(c < 0);
      case Op::Gt: return Value::boolean(c > 0);
      case Op::LtE: return Value::boolean(c <= 0);
      case Op::GtE: return Value::boolean(c >= 0);
      case Op::Eq: return Value::boolean(c == 0);
      case Op::NotEq: return Value::boolean(c != 0);
      default: return std::nullopt;
    }
  }
};

// What functools.WRAPPER_ASSIGNMENTS copies from the wrapped function, then __wrapped__.
void update_wrapper(Interpreter& in, const Value& wrapper, const Value& wrapped) {
  for (const char* name : {"__module__", "__name__", "__qualname__", "__doc__"}) {
    try {
      in.set_attr(wrapper, name, in.get_attr(wrapped, name));
    } catch (const tsh::Error& e) {
      if (std::string(e.kind()) != "AttributeError") throw;
    }
  }
  if (wrapped.is(Kind::Function) && wrapper.is(Kind::Function))
    for (const auto& [k, v] : wrapped.as<FunctionObj>()->attrs)
      if (k.rfind("__", 0) != 0 || k == "__annotations__") wrapper.as<FunctionObj>()->attrs[k] = v;
  in.set_attr(wrapper, "__wrapped__", wrapped);
}

}  // namespace

void install_functools(Interpreter&, Value& m) {
  auto* mod = m.as<ModuleObj>();
  auto partial_type = std::make_shared<TypeObj>();
  partial_type->name = "functools.partial";
  Value partial_cls = Value::object(Kind::Type, partial_type);
  std::weak_ptr<Object> weak = partial_type;
  partial_type->ctor = [weak](Interpreter&, Args& a, Kwargs& kw) -> Value {
    if (a.empty()) throw TypeError("type 'partial' takes at least one argument");
    auto p = std::make_shared<PartialObj>();
    if (auto t = weak.lock()) p->type = Value::object(Kind::Type, t);
    if (a[0].is(Kind::Instance))
      if (auto* inner = dynamic_cast<PartialObj*>(a[0].as<InstanceObj>())) {  // partial(partial(f, 1), 2) flattens
        p->func = inner->func;
        p->args = inner->args;
        p->keywords = inner->keywords;
      }
    if (p->func.is_none()) p->func = a[0];
    p->args.insert(p->args.end(), a.begin() + 1, a.end());
    for (auto& kv : kw) p->keywords.push_back(kv);
    return Value::object(Kind::Instance, p);
  };
  mod->attrs["partial"] = partial_cls;
  def_function(m, "reduce", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("reduce() takes no keyword arguments");
    if (a.size() < 2 || a.size() > 3)
      throw TypeError("reduce expected at least 2 arguments, got " + std::to_string(a.size()));
    Value it = make_iterator(in, a[1]);
    Value acc;
    bool have = a.size() == 3;
    if (have) acc = a[2];
    Value item;
    while (iter_next(in, it, item)) {
      if (!have) {
        acc = item;
        have = true;
        continue;
      }
      Args pair{acc, item};
      Kwargs nokw;
      acc = in.call(a[0], pair, nokw);
    }
    if (!have) throw TypeError("reduce() of empty iterable with no initial value");
    return acc;
  });
  def_function(m, "update_wrapper", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("update_wrapper", a, kw, {"wrapper", "wrapped", "assigned", "updated"}, 2);
    update_wrapper(in, v[0], v[1]);
    return v[0];
  });
  def_function(m, "wraps", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("wraps", a, kw, {"wrapped", "assigned", "updated"}, 1);
    const Value wrapped = v[0];
    return make_builtin("update_wrapper", "<functools.partial object>", [wrapped](Interpreter& in, Args& b, Kwargs&) {
      if (b.size() != 1) throw TypeError("update_wrapper() takes exactly one argument");
      update_wrapper(in, b[0], wrapped);
      return b[0];
    });
  });
  def_function(m, "lru_cache", [](Interpreter&, Args& a, Kwargs& kw) -> Value {
    std::vector<Value> v = bind_params("lru_cache", a, kw, {"maxsize", "typed"}, 0);
    if (v[0].is(Kind::Function) || v[0].is(Kind::Builtin) || v[0].is(Kind::Method))  // @lru_cache without parentheses
      return make_cached(v[0], 128);
    if (!v[1].is_none() && truthy(v[1])) throw NotImplementedError("lru_cache(typed=True) is not supported by tsh");
    std::optional<int64_t> maxsize;
    if (v[0].is_intlike()) maxsize = std::max<int64_t>(0, static_cast<int64_t>(v[0].as_int()));
    else if (a.empty() && kw.empty()) maxsize = 128;
    else if (!v[0].is_none()) throw TypeError("Expected first argument to be an integer, a callable, or None");
    return make_builtin("decorating_function", "<function lru_cache.<locals>.decorating_function>",
                        [maxsize](Interpreter&, Args& b, Kwargs&) {
                          if (b.size() != 1) throw TypeError("decorating_function() takes exactly one argument");
                          return make_cached(b[0], maxsize);
                        });
  });
  def_function(m, "cache", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() != 1 || !kw.empty()) throw TypeError("cache() takes exactly one argument");
    return make_cached(a[0], std::nullopt);
  });
  def_function(m, "cmp_to_key", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() != 1 || !kw.empty()) throw TypeError("cmp_to_key() takes exactly one argument");
    const Value cmp = a[0];
    return make_builtin("K", "<class 'functools.KeyWrapper'>", [cmp](Interpreter&, Args& b, Kwargs&) {
      if (b.size() != 1) throw TypeError("K() takes exactly one argument");
      auto k = std::make_shared<KeyObj>();
      k->cmp = cmp;
      k->obj = b[0];
      return Value::object(Kind::Instance, k);
    });
  });
  // @total_ordering: the comparisons a class lacks, from __eq__ and the one it has.
  def_function(m, "total_ordering", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() != 1 || !kw.empty() || !is_user_class(a[0])) throw TypeError("total_ordering() takes a class");
    auto& attrs = a[0].as<TypeObj>()->attrs;
    const char* roots[] = {"__lt__", "__le__", "__gt__", "__ge__"};
    const char* root = nullptr;
    for (const char* r : roots)
      if (attrs.count(r)) {
        root = r;
        break;
      }
    if (!root) throw ValueError("must define at least one ordering operation: < > <= >=");
    const std::string base = root;
    for (const char* name : roots) {
      if (attrs.count(name)) continue;
      const std::string target = name;
      attrs[name] = make_builtin(name, "<method '" + target + "' of total_ordering objects>",
                                 [base, target](Interpreter& in, Args& b, Kwargs&) -> Value {
                                   if (b.size() != 2) throw TypeError(target + "() takes exactly one argument");
                                   Args one{b[1]};
                                   Kwargs nokw;
                                   const Value r = in.call(in.get_attr(b[0], base), one, nokw);
                                   if (r.is(Kind::Instance) && r.identity() == not_implemented().identity()) return r;
                                   const bool rel = truthy(r);
                                   Value eq_value;
                                   bool equal = in.compare(grammar::Op::Eq, b[0], b[1], &eq_value);
                                   if (!eq_value.is_none()) equal = truthy(eq_value);
                                   // Each missing operator from the defined one and equality, as functools does.
                                   const bool lt_like = base == "__lt__" || base == "__le__";
                                   const bool strict = base == "__lt__" || base == "__gt__";
                                   const bool want_lt = target == "__lt__" || target == "__le__";
                                   const bool want_strict = target == "__lt__" || target == "__gt__";
                                   // Express both as "self before other" (before) with strictness.
                                   bool before;  // self < other
                                   if (lt_like) before = strict ? rel : (rel && !equal);
                                   else before = strict ? (!rel && !equal) : !rel;
                                   bool after = !before && !equal;  // self > other
                                   if (want_lt) return Value::boolean(want_strict ? before : (before || equal));
                                   return Value::boolean(want_strict ? after : (after || equal));
                                 });
    }
    classes_changed();
    return a[0];
  });
  mod->attrs["WRAPPER_ASSIGNMENTS"] = Value::tuple({Value::str("__module__"), Value::str("__name__"),
                                                    Value::str("__qualname__"), Value::str("__doc__")});
}

}  // namespace tsh::shell
