// shell/python/mod_collections.cpp — Python's collections module: namedtuple,
// and the dict subclasses OrderedDict, defaultdict and Counter (dicts with a
// flavor, shell/python/dict.h). deque and ChainMap are not in tsh.
#include <algorithm>
#include <set>

#include "grammar/chars.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_' || static_cast<unsigned char>(s[0]) >= 0x80))
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80)) return false;
  return true;
}

bool is_keyword(const std::string& s) {
  static const std::set<std::string> kw = {"False", "None", "True", "and", "as", "assert", "async", "await",
                                           "break", "class", "continue", "def", "del", "elif", "else", "except",
                                           "finally", "for", "from", "global", "if", "import", "in", "is",
                                           "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
                                           "while", "with", "yield"};
  return kw.count(s) != 0;
}

struct Spec {
  std::string name;
  std::vector<std::string> fields;
  std::vector<Value> defaults;  // for the last fields
};

Value make_instance(const std::shared_ptr<Spec>& spec, const Value& cls, std::vector<Value> items) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = spec->name;
  o->fields = spec->fields;
  o->items = std::move(items);
  o->one_line = true;
  o->cls = cls;
  return Value::object(Kind::NamedTuple, o);
}

// Point(1, y=2): Python's __new__(_cls, x, y) binding and messages.
std::vector<Value> bind_fields(const Spec& spec, Args& a, Kwargs& kw) {
  const size_t n = spec.fields.size();
  const std::string who = spec.name + ".__new__()";
  if (a.size() > n)
    throw TypeError(who + " takes " + std::to_string(n + 1) + " positional arguments but " +
                    std::to_string(a.size() + 1) + " were given");
  std::vector<Value> out(n);
  std::vector<bool> set(n, false);
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i], set[i] = true;
  for (auto& [k, v] : kw) {
    auto it = std::find(spec.fields.begin(), spec.fields.end(), k);
    if (it == spec.fields.end()) throw TypeError(who + " got an unexpected keyword argument '" + k + "'");
    const size_t i = static_cast<size_t>(it - spec.fields.begin());
    if (set[i]) throw TypeError(who + " got multiple values for argument '" + k + "'");
    out[i] = v, set[i] = true;
  }
  const size_t first_default = n - spec.defaults.size();
  std::vector<std::string> missing;
  for (size_t i = 0; i < n; ++i)
    if (!set[i]) {
      if (i >= first_default) out[i] = spec.defaults[i - first_default];
      else missing.push_back("'" + spec.fields[i] + "'");
    }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i)
      names += (i == 0 ? "" : i + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ") + missing[i];
    throw TypeError(who + " missing " + std::to_string(missing.size()) + " required positional argument" +
                    (missing.size() == 1 ? "" : "s") + ": " + names);
  }
  return out;
}

Value namedtuple(Interpreter& in, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("namedtuple", a, kw, {"typename", "field_names", "rename", "defaults", "module"}, 2);
  if (!v[2].is_none() && truthy(v[2])) throw PyError("NotImplementedError", "namedtuple(rename=True) is not supported by tsh");
  if (!v[4].is_none()) throw PyError("NotImplementedError", "namedtuple(module=...) is not supported by tsh");
  if (!v[0].is(Kind::Str)) throw TypeError("namedtuple() typename must be str, not " + type_name(v[0]));
  auto spec = std::make_shared<Spec>();
  spec->name = v[0].as_str();
  if (v[1].is(Kind::Str)) {  // "x y" or "x, y"
    std::string text = v[1].as_str();
    std::replace(text.begin(), text.end(), ',', ' ');
    size_t pos = 0;
    while ((pos = text.find_first_not_of(' ', pos)) != std::string::npos) {
      const size_t end = std::min(text.find(' ', pos), text.size());
      spec->fields.push_back(text.substr(pos, end - pos));
      pos = end;
    }
  } else {
    for (const Value& f : in.iterate(v[1])) {
      if (!f.is(Kind::Str)) throw TypeError("Type names and field names must be strings");
      spec->fields.push_back(f.as_str());
    }
  }
  std::vector<std::string> all{spec->name};
  all.insert(all.end(), spec->fields.begin(), spec->fields.end());
  for (const std::string& name : all) {
    if (!is_identifier(name)) throw ValueError("Type names and field names must be valid identifiers: " + repr(Value::str(name)));
    if (is_keyword(name)) throw ValueError("Type names and field names cannot be a keyword: " + repr(Value::str(name)));
  }
  std::set<std::string> seen;
  for (const std::string& f : spec->fields) {
    if (f[0] == '_') throw ValueError("Field names cannot start with an underscore: " + repr(Value::str(f)));
    if (!seen.insert(f).second) throw ValueError("Encountered duplicate field name: " + repr(Value::str(f)));
  }
  if (!v[3].is_none()) {
    spec->defaults = in.iterate(v[3]);
    if (spec->defaults.size() > spec->fields.size()) throw TypeError("Got more default values than field names");
  }
  auto type = std::make_shared<TypeObj>();
  type->name = "__main__." + spec->name;
  std::weak_ptr<Object> weak = type;
  auto self_cls = [weak] { return weak.lock() ? Value::object(Kind::Type, weak.lock()) : Value(); };
  type->ctor = [spec, self_cls](Interpreter&, Args& args, Kwargs& kwargs) {
    return make_instance(spec, self_cls(), bind_fields(*spec, args, kwargs));
  };
  std::vector<Value> fields;
  for (const std::string& f : spec->fields) fields.push_back(Value::str(f));
  type->attrs["_fields"] = Value::tuple(fields);
  Value defaults = make_dict();
  for (size_t i = 0; i < spec->defaults.size(); ++i)
    dict_of(defaults).set(fields[spec->fields.size() - spec->defaults.size() + i], spec->defaults[i]);
  type->attrs["_field_defaults"] = defaults;
  type->attrs["_make"] = make_builtin("_make", "<bound method " + spec->name + "._make>",
                                      [spec, self_cls](Interpreter& in2, Args& args, Kwargs& kwargs) {
                                        std::vector<Value> p = bind_params("_make", args, kwargs, {"iterable"}, 1);
                                        std::vector<Value> items = in2.iterate(p[0]);
                                        if (items.size() != spec->fields.size())
                                          throw TypeError("Expected " + std::to_string(spec->fields.size()) +
                                                          " arguments, got " + std::to_string(items.size()));
                                        return make_instance(spec, self_cls(), std::move(items));
                                      });
  return Value::object(Kind::Type, type);
}

using Flavor = DictObj::Flavor;

// Counter's counting: an iterable's items each add 1; a mapping's values add.
void count_into(Interpreter& in, const Value& counter, const Value& source, bool subtract) {
  DictObj& d = dict_of(counter);
  auto add = [&](const Value& key, const Value& n) {
    Value* cur = d.find(key);
    const Value base = cur ? *cur : Value::integer(0);
    d.set(key, in.binary(subtract ? grammar::Op::Sub : grammar::Op::Add, base, n, false));
  };
  if (source.is(Kind::Dict)) {
    for (const Value& item : dict_of(source).items()) add(item.items()[0], item.items()[1]);
    return;
  }
  for (const Value& key : in.iterate(source)) add(key, Value::integer(1));
}

Value dict_class(const char* name, Flavor flavor) {
  auto type = std::make_shared<TypeObj>();
  type->name = std::string("collections.") + name;
  std::weak_ptr<Object> weak = type;
  type->ctor = [weak, flavor, name](Interpreter& in, Args& a, Kwargs& kw) {
    Value d = make_dict();
    DictObj& obj = dict_of(d);
    obj.flavor = flavor;
    if (auto t = weak.lock()) obj.cls = Value::object(Kind::Type, t);
    if (flavor == Flavor::DefaultDict) {
      if (!a.empty()) {
        if (!a[0].is_none() && !a[0].is(Kind::Type) && !a[0].is(Kind::Builtin) && !a[0].is(Kind::Function) &&
            !a[0].is(Kind::Method))
          throw TypeError("first argument must be callable or None");
        obj.default_factory = a[0];
        a.erase(a.begin());
      }
      dict_update(in, obj, name, a, kw);
    } else if (flavor == Flavor::Counter) {
      if (a.size() > 1) throw TypeError("expected at most 1 argument, got " + std::to_string(a.size()));
      if (!a.empty()) count_into(in, d, a[0], false);
      for (const auto& kv : kw) {  // not a structured binding: clang 14 cannot use one in a lambda
        Value m = make_dict();
        dict_of(m).set(Value::str(kv.first), kv.second);
        count_into(in, d, m, false);
      }
    } else {
      dict_update(in, obj, name, a, kw);
    }
    return d;
  };
  return Value::object(Kind::Type, type);
}

}  // namespace

std::optional<Value> dict_subclass_attr(Interpreter&, const Value& d, const std::string& name) {
  DictObj& obj = dict_of(d);
  auto method = [&](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    return make_builtin(name, "<built-in method " + name + ">", std::move(fn));
  };
  if (obj.flavor == Flavor::DefaultDict && name == "default_factory") return obj.default_factory;
  if (obj.flavor == Flavor::Counter) {
    if (name == "most_common")
      return method([d](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("most_common", a, kw, {"n"}, 0);
        std::vector<Value> items = dict_of(d).items();
        std::stable_sort(items.begin(), items.end(), [](const Value& x, const Value& y) {
          return x.items()[1].as_float() > y.items()[1].as_float();
        });
        if (!v[0].is_none()) {
          if (!v[0].is_intlike()) throw TypeError("'" + type_name(v[0]) + "' object cannot be interpreted as an integer");
          const Int n = std::max<Int>(0, v[0].as_int());
          if (n < static_cast<Int>(items.size())) items.resize(static_cast<size_t>(n));
        }
        return Value::list(std::move(items));
      });
    if (name == "update" || name == "subtract")
      return method([d, name](Interpreter& in, Args& a, Kwargs& kw) {
        if (a.size() > 1) throw TypeError("expected at most 1 argument, got " + std::to_string(a.size()));
        if (!a.empty()) count_into(in, d, a[0], name == "subtract");
        for (auto& [k, v] : kw) {
          Value m = make_dict();
          dict_of(m).set(Value::str(k), v);
          count_into(in, d, m, name == "subtract");
        }
        return Value();
      });
    if (name == "total")
      return method([d](Interpreter& in, Args& a, Kwargs& kw) {
        bind_params("total", a, kw, {}, 0);
        Value sum = Value::integer(0);
        for (const Value& v : dict_of(d).values()) sum = in.binary(grammar::Op::Add, sum, v, false);
        return sum;
      });
    if (name == "elements")
      return method([d](Interpreter& in, Args& a, Kwargs& kw) {
        bind_params("elements", a, kw, {}, 0);
        std::vector<Value> out;
        for (const Value& item : dict_of(d).items()) {
          const Value& n = item.items()[1];
          if (!n.is_intlike()) throw TypeError("'" + type_name(n) + "' object cannot be interpreted as an integer");
          for (Int k = 0; k < n.as_int(); ++k) out.push_back(item.items()[0]);
        }
        return make_iterator(in, Value::list(std::move(out)));  // an iterator, as Python's
      });
  }
  if (obj.flavor == Flavor::OrderedDict) {
    if (name == "move_to_end")
      return method([d](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("move_to_end", a, kw, {"key", "last"}, 1);
        DictObj& o = dict_of(d);
        Value* cur = o.find(v[0]);
        if (!cur) key_error(v[0]);
        const Value value = *cur;
        const bool last = v[1].is_none() || truthy(v[1]);
        std::vector<Value> items = o.items();
        o.clear();
        if (!last) o.set(v[0], value);
        for (const Value& item : items)
          if (!values_equal(item.items()[0], v[0])) o.set(item.items()[0], item.items()[1]);
        if (last) o.set(v[0], value);
        return Value();
      });
    if (name == "popitem")
      return method([d](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("popitem", a, kw, {"last"}, 0);
        DictObj& o = dict_of(d);
        if (o.live == 0) throw PyError("KeyError", "'dictionary is empty'");
        const bool last = v[0].is_none() || truthy(v[0]);
        std::vector<Value> items = o.items();
        const Value item = last ? items.back() : items.front();
        o.erase(item.items()[0]);
        return item;
      });
  }
  return std::nullopt;
}

void install_collections(Interpreter&, Value& m) {
  def_function(m, "namedtuple", namedtuple);
  auto& attrs = m.as<ModuleObj>()->attrs;
  attrs["OrderedDict"] = dict_class("OrderedDict", Flavor::OrderedDict);
  attrs["defaultdict"] = dict_class("defaultdict", Flavor::DefaultDict);
  attrs["Counter"] = dict_class("Counter", Flavor::Counter);
}

}  // namespace tsh::shell
