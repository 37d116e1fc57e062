// shell/python/mod_dataclasses.cpp — Python's dataclasses: @dataclass and its
// options (init, repr, eq, order, frozen), field(), fields(), asdict(),
// astuple(), replace(), is_dataclass().
//
// As CPython's module does, the methods are written as Python source and run:
// the generated __init__ binds its arguments (and words its errors) as any def,
// and its tracebacks show the generated lines.
#include <memory>

#include "grammar/parser.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

// dataclasses.MISSING, and the Field objects field() makes and fields() returns.
struct MissingObj : InstanceObj {
  std::string class_name() const override { return "_MISSING_TYPE"; }
  std::string module_name() const override { return "dataclasses"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'_MISSING_TYPE' object has no attribute '" + name + "'");
  }
};

const Value& missing() {
  static const Value v = Value::object(Kind::Instance, std::make_shared<MissingObj>());
  return v;
}
bool is_missing(const Value& v) { return v.identity() == missing().identity() && v.is(Kind::Instance); }

struct FieldObj : TrackedInstance {
  std::string name;
  Value type, default_value = missing(), default_factory = missing();
  bool init = true, repr = true, compare = true;
  void each_value(const std::function<void(Value&)>& f) override {
    f(type);
    f(default_value);
    f(default_factory);
  }
  std::string class_name() const override { return "Field"; }
  std::string module_name() const override { return "dataclasses"; }
  Value attr(Interpreter&, const Value&, const std::string& a) override {
    if (a == "name") return Value::str(name);
    if (a == "type") return type;
    if (a == "default") return default_value;
    if (a == "default_factory") return default_factory;
    if (a == "init") return Value::boolean(init);
    if (a == "repr") return Value::boolean(repr);
    if (a == "compare") return Value::boolean(compare);
    throw AttributeError("'Field' object has no attribute '" + a + "'");
  }
  std::vector<std::string> attr_names() const override {
    return {"compare", "default", "default_factory", "init", "name", "repr", "type"};
  }
};

FieldObj* as_field(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<FieldObj*>(v.as<InstanceObj>()) : nullptr;
}

struct Options {
  bool init = true, repr = true, eq = true, order = false, frozen = false;
};

// The fields of a dataclass (or of an instance's class), in order; empty when it is none.
std::vector<Value> fields_of(const Value& cls) {
  if (!is_user_class(cls)) return {};
  const Value* fs = class_lookup(cls, "__dataclass_fields__");
  if (!fs || !fs->is(Kind::Dict)) return {};
  return dict_of(*fs).values();
}

Value class_of(const Value& v) { return v.is(Kind::Type) ? v : instance_class(v); }

// Runs `source` (defs) in a scope holding `names`, and returns what it defined.
std::map<std::string, Value> run_generated(Interpreter& in, const std::string& source,
                                           std::map<std::string, Value> names) {
  auto parsed = std::make_shared<grammar::ParseResult>(grammar::parse(source));
  if (parsed->error) throw RuntimeError("dataclasses: generated code did not parse: " + parsed->error->message);
  in.keep_alive(parsed);
  auto scope = std::make_shared<Scope>();
  scope->vars = std::move(names);
  in.with_scope(scope, [&] {
    for (const auto& s : parsed->stmts) in.exec(*s);
  });
  auto text = std::make_shared<const std::string>(source);
  std::map<std::string, Value> out;
  for (auto& [k, v] : scope->vars)
    if (v.is(Kind::Function)) {
      v.as<FunctionObj>()->source = text;
      out[k] = v;
    }
  return out;
}

Value make_dataclass(Interpreter& in, const Value& cls, const Options& o) {
  if (!is_user_class(cls)) throw TypeError("dataclass() should be called on a class");
  auto* c = cls.as<ClassObj>();
  std::vector<Value> fields;
  // Inherited fields come first, as Python orders them.
  for (size_t i = c->mro.size(); i-- > 1;)
    for (const Value& f : fields_of(c->mro[i])) {
      auto it = std::find_if(fields.begin(), fields.end(), [&](const Value& g) { return as_field(g)->name == as_field(f)->name; });
      if (it == fields.end()) fields.push_back(f);
    }
  Value annotations = c->attrs.count("__annotations__") ? c->attrs["__annotations__"] : Value();
  if (annotations.is(Kind::Dict)) {
    for (const Value& k : dict_of(annotations).keys()) {
      const std::string name = k.as_str();
      auto f = std::make_shared<FieldObj>();
      f->name = name;
      f->type = *dict_of(annotations).find(k);
      if (auto it = c->attrs.find(name); it != c->attrs.end()) {
        if (FieldObj* given = as_field(it->second)) {
          f->default_value = given->default_value;
          f->default_factory = given->default_factory;
          f->init = given->init;
          f->repr = given->repr;
          f->compare = given->compare;
          if (is_missing(f->default_value)) c->attrs.erase(it);
          else it->second = f->default_value;
          classes_changed();
        } else {
          f->default_value = it->second;
          const Value& d = it->second;
          if (d.is(Kind::List) || d.is(Kind::Dict) || d.is(Kind::Set))
            throw ValueError("mutable default <class '" + type_name(d) + "'> for field " + name +
                             " is not allowed: use default_factory");
        }
      }
      Value fv = Value::object(Kind::Instance, f);
      auto it = std::find_if(fields.begin(), fields.end(), [&](const Value& g) { return as_field(g)->name == name; });
      if (it != fields.end()) *it = fv;
      else fields.push_back(fv);
    }
  }
  // A field without a default after one with a default is Python's TypeError.
  bool seen_default = false;
  for (const Value& f : fields) {
    FieldObj* fo = as_field(f);
    if (!fo->init) continue;
    const bool has = !is_missing(fo->default_value) || !is_missing(fo->default_factory);
    if (seen_default && !has) throw TypeError("non-default argument '" + fo->name + "' follows default argument");
    seen_default |= has;
  }
  Value field_dict = make_dict();
  for (const Value& f : fields) dict_of(field_dict).set(Value::str(as_field(f)->name), f);
  c->attrs["__dataclass_fields__"] = field_dict;
  classes_changed();

  std::map<std::string, Value> names;
  names["__dataclass_builtins_object__"] = in.builtins()["object"];
  names["__dataclass_HAS_DEFAULT_FACTORY__"] = missing();
  std::string src;
  if (o.init) {
    src += "def __init__(self";
    std::string body;
    for (const Value& f : fields) {
      FieldObj* fo = as_field(f);
      std::string value = fo->name;
      if (fo->init) {
        src += ", " + fo->name;
        if (!is_missing(fo->default_factory)) {
          names["__dataclass_dflt_" + fo->name + "__"] = fo->default_factory;
          src += "=__dataclass_HAS_DEFAULT_FACTORY__";
          value = "__dataclass_dflt_" + fo->name + "__() if " + fo->name + " is __dataclass_HAS_DEFAULT_FACTORY__ else " + fo->name;
        } else if (!is_missing(fo->default_value)) {
          names["__dataclass_dflt_" + fo->name + "__"] = fo->default_value;
          src += "=__dataclass_dflt_" + fo->name + "__";
        }
      } else if (!is_missing(fo->default_factory)) {
        names["__dataclass_dflt_" + fo->name + "__"] = fo->default_factory;
        value = "__dataclass_dflt_" + fo->name + "__()";
      } else if (!is_missing(fo->default_value)) {
        continue;  // the class attribute serves
      } else {
        continue;
      }
      body += o.frozen ? "    __dataclass_builtins_object__.__setattr__(self, '" + fo->name + "', " + value + ")\n"
                       : "    self." + fo->name + " = " + value + "\n";
    }
    if (class_lookup(cls, "__post_init__")) body += "    self.__post_init__()\n";
    src += "):\n" + (body.empty() ? "    pass\n" : body);
  }
  std::string shown_fields, tuple_self, tuple_other;
  for (const Value& f : fields) {
    FieldObj* fo = as_field(f);
    if (fo->repr) shown_fields += std::string(shown_fields.empty() ? "" : ", ") + fo->name + "={self." + fo->name + "!r}";
    if (fo->compare) {
      tuple_self += "self." + fo->name + ",";
      tuple_other += "other." + fo->name + ",";
    }
  }
  if (o.repr && !c->attrs.count("__repr__"))
    src += "def __repr__(self):\n    return self.__class__.__qualname__ + f\"(" + shown_fields + ")\"\n";
  if (o.eq && !c->attrs.count("__eq__"))
    src += "def __eq__(self, other):\n    if other.__class__ is self.__class__:\n        return (" + tuple_self +
           ") == (" + tuple_other + ")\n    return NotImplemented\n";
  if (o.order)
    for (const auto& [name, op] : std::vector<std::pair<std::string, std::string>>{
             {"__lt__", "<"}, {"__le__", "<="}, {"__gt__", ">"}, {"__ge__", ">="}}) {
      if (c->attrs.count(name)) throw TypeError("Cannot overwrite attribute " + name + " in class " + c->qualname + ". Consider using functools.total_ordering");
      src += "def " + name + "(self, other):\n    if other.__class__ is self.__class__:\n        return (" + tuple_self +
             ") " + op + " (" + tuple_other + ")\n    return NotImplemented\n";
    }
  if (o.frozen) {
    names["__dataclass_FrozenInstanceError__"] = in.get_attr(in.lookup_module("dataclasses"), "FrozenInstanceError");
    src += "def __setattr__(self, name, value):\n    raise __dataclass_FrozenInstanceError__(f\"cannot assign to field {name!r}\")\n";
    src += "def __delattr__(self, name):\n    raise __dataclass_FrozenInstanceError__(f\"cannot delete field {name!r}\")\n";
    if (o.eq) src += "def __hash__(self):\n    return hash((" + tuple_self + "))\n";
  }
  for (auto& [name, f] : run_generated(in, src, std::move(names))) {
    f.as<FunctionObj>()->qualname = c->qualname + "." + name;
    f.as<FunctionObj>()->owner = cls.obj();
    c->attrs[name] = f;
  }
  if (o.eq && !o.frozen && !c->attrs.count("__hash__")) c->attrs["__hash__"] = Value();
  classes_changed();
  return cls;
}

Value as_data(Interpreter& in, const Value& v, bool as_tuple) {
  if (as_user(v) && !fields_of(class_of(v)).empty()) {
    if (as_tuple) {
      std::vector<Value> items;
      for (const Value& f : fields_of(class_of(v))) items.push_back(as_data(in, in.get_attr(v, as_field(f)->name), true));
      return Value::tuple(items);
    }
    Value d = make_dict();
    for (const Value& f : fields_of(class_of(v)))
      dict_of(d).set(Value::str(as_field(f)->name), as_data(in, in.get_attr(v, as_field(f)->name), false));
    return d;
  }
  if (v.is(Kind::List) || v.is(Kind::Tuple)) {
    std::vector<Value> items;
    for (const Value& x : v.items()) items.push_back(as_data(in, x, as_tuple));
    return v.is(Kind::List) ? Value::list(items) : Value::tuple(items);
  }
  if (v.is(Kind::Dict)) {
    Value d = make_dict();
    for (const auto& e : dict_of(v).entries)
      if (e.alive) dict_of(d).set(as_data(in, e.key, as_tuple), as_data(in, e.value, as_tuple));
    return d;
  }
  return deep_copy(in, v);
}

}  // namespace

void install_dataclasses(Interpreter&, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  attrs["MISSING"] = missing();
  attrs["FrozenInstanceError"] = exception_class("dataclasses.FrozenInstanceError");
  def_function(m, "dataclass", [](Interpreter& in, Args& a, Kwargs& kw) -> Value {
    Options o;
    for (auto& [k, v] : kw) {
      const bool on = truthy(v);
      if (k == "init") o.init = on;
      else if (k == "repr") o.repr = on;
      else if (k == "eq") o.eq = on;
      else if (k == "order") o.order = on;
      else if (k == "frozen") o.frozen = on;
      else if (k == "unsafe_hash" || k == "match_args" || k == "kw_only" || k == "slots" || k == "weakref_slot") {
        if (on != (k == "match_args")) throw NotImplementedError("dataclass(" + k + "=...) is not supported by tsh");
      } else {
        throw TypeError("dataclass() got an unexpected keyword argument '" + k + "'");
      }
    }
    if (o.order && !o.eq) throw ValueError("eq must be true if order is true");
    if (a.size() > 1) throw TypeError("dataclass() takes from 0 to 1 positional arguments but " + std::to_string(a.size()) + " were given");
    if (a.size() == 1) return make_dataclass(in, a[0], o);  // @dataclass
    return make_builtin("wrap", "<function dataclass.<locals>.wrap>", [o](Interpreter& in2, Args& b, Kwargs&) {  // @dataclass(...)
      if (b.size() != 1) throw TypeError("wrap() takes 1 positional argument");
      return make_dataclass(in2, b[0], o);
    });
  });
  def_function(m, "field", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!a.empty()) throw TypeError("field() takes 0 positional arguments but " + std::to_string(a.size()) + " were given");
    auto f = std::make_shared<FieldObj>();
    for (auto& [k, v] : kw) {
      if (k == "default") f->default_value = v;
      else if (k == "default_factory") f->default_factory = v;
      else if (k == "init") f->init = truthy(v);
      else if (k == "repr") f->repr = truthy(v);
      else if (k == "compare") f->compare = truthy(v);
      else if (k == "hash" || k == "metadata" || k == "kw_only") {
        if (!v.is_none()) throw NotImplementedError("field(" + k + "=...) is not supported by tsh");
      } else {
        throw TypeError("field() got an unexpected keyword argument '" + k + "'");
      }
    }
    if (!is_missing(f->default_value) && !is_missing(f->default_factory))
      throw ValueError("cannot specify both default and default_factory");
    return Value::object(Kind::Instance, f);
  });
  def_function(m, "fields", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("fields() takes 1 positional argument");
    if (!is_user_class(class_of(a[0])) || !class_lookup(class_of(a[0]), "__dataclass_fields__"))
      throw TypeError("must be called with a dataclass type or instance");
    return Value::tuple(fields_of(class_of(a[0])));
  });
  def_function(m, "is_dataclass", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("is_dataclass() takes 1 positional argument");
    return Value::boolean(is_user_class(class_of(a[0])) && class_lookup(class_of(a[0]), "__dataclass_fields__"));
  });
  def_function(m, "asdict", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("asdict() takes 1 positional argument");
    if (a[0].is(Kind::Type) || !is_user_class(class_of(a[0])) || !class_lookup(class_of(a[0]), "__dataclass_fields__"))
      throw TypeError("asdict() should be called on dataclass instances");
    return as_data(in, a[0], false);
  });
  def_function(m, "astuple", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("astuple() takes 1 positional argument");
    if (a[0].is(Kind::Type) || !is_user_class(class_of(a[0])) || !class_lookup(class_of(a[0]), "__dataclass_fields__"))
      throw TypeError("astuple() should be called on dataclass instances");
    return as_data(in, a[0], true);
  });
  def_function(m, "replace", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 1) throw TypeError("replace() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    const Value obj = a[0];
    if (obj.is(Kind::Type) || !is_user_class(class_of(obj)) || !class_lookup(class_of(obj), "__dataclass_fields__"))
      throw TypeError("replace() should be called on dataclass instances");
    Kwargs changes = kw;
    for (const Value& f : fields_of(class_of(obj))) {
      FieldObj* fo = as_field(f);
      if (!fo->init) continue;
      auto given = std::find_if(changes.begin(), changes.end(), [&](const auto& p) { return p.first == fo->name; });
      if (given == changes.end()) changes.emplace_back(fo->name, in.get_attr(obj, fo->name));
    }
    Args none;
    return in.call(class_of(obj), none, changes);
  });
}

}  // namespace tsh::shell
