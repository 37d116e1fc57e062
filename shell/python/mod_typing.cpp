// shell/python/mod_typing.cpp — Python's typing module, for annotations: List,
// Dict, Optional, Union, Callable, Any, TypeVar, ... They are never checked
// (neither are Python's); they subscript and print as Python's do.
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

// typing.List, typing.List[int], typing.Optional[str], ~T.
struct TypingForm : TrackedInstance {
  std::string name;         // "List"
  std::vector<Value> args;  // what it was subscripted with
  bool subscripted = false;
  bool type_var = false;
  void each_value(const std::function<void(Value&)>& f) override {
    for (Value& v : args) f(v);
  }
  std::string class_name() const override { return type_var ? "TypeVar" : "_GenericAlias"; }
  std::string module_name() const override { return "typing"; }
  static std::string arg_repr(const Value& v) {
    if (v.is_none()) return "None";
    if (v.is(Kind::Type)) {
      if (is_user_class(v)) return repr(v).substr(8, repr(v).size() - 10);  // <class '__main__.A'> → __main__.A
      const std::string& n = v.as<TypeObj>()->name;
      return n == "NoneType" ? "None" : n;
    }
    if (v.is(Kind::List)) {
      std::string out = "[";
      for (size_t i = 0; i < v.items().size(); ++i) out += (i ? ", " : "") + arg_repr(v.items()[i]);
      return out + "]";
    }
    if (v.is(Kind::Ellipsis)) return "...";
    return repr(v);
  }
  std::string repr_of(const Value&) const override {
    if (type_var) return "~" + name;
    std::string out = "typing." + name;
    if (!subscripted) return out;
    out += "[";
    for (size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + arg_repr(args[i]);
    return out + "]";
  }
  Value attr(Interpreter&, const Value&, const std::string& attr) override {
    if (attr == "__args__") return Value::tuple(args);
    if (attr == "__name__" || attr == "_name") return Value::str(name);
    throw AttributeError("'" + class_name() + "' object has no attribute '" + attr + "'");
  }
  Value get_item(Interpreter&, const Value&, const Value& key) override {
    if (type_var || subscripted) throw TypeError(repr_of(Value()) + " is not a generic class");
    auto f = std::make_shared<TypingForm>();
    f->name = name;
    f->type = type;
    f->subscripted = true;
    f->args = key.is(Kind::Tuple) ? key.items() : std::vector<Value>{key};
    if (name == "Optional") {
      if (f->args.size() != 1) throw TypeError("typing.Optional requires a single type.");
    }
    return Value::object(Kind::Instance, f);
  }
  std::optional<Value> call(Interpreter&, const Value&, Args&, Kwargs&) override {
    throw TypeError("Type " + name + " cannot be instantiated; use " + (name == "List" ? "list" : name == "Dict" ? "dict" : "a concrete class") + "() instead");
  }
  std::optional<bool> equals(const Value& self, const Value& other) const override {
    auto* o = other.is(Kind::Instance) ? dynamic_cast<TypingForm*>(other.as<InstanceObj>()) : nullptr;
    if (!o) return self.identity() == other.identity();
    return repr_of(self) == o->repr_of(other);
  }
};

Value form(const std::string& name, bool type_var = false) {
  auto f = std::make_shared<TypingForm>();
  f->name = name;
  f->type_var = type_var;
  return Value::object(Kind::Instance, f);
}

}  // namespace

void install_typing(Interpreter&, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  for (const char* n : {"Any", "List", "Dict", "Tuple", "Set", "FrozenSet", "Optional", "Union", "Callable", "Iterable",
                        "Iterator", "Sequence", "Mapping", "MutableMapping", "Generator", "Type", "Literal", "Final",
                        "ClassVar", "Deque", "DefaultDict", "Counter", "Collection", "Hashable", "Sized",
                        "NoReturn", "Annotated"})
    attrs[n] = form(n);
  attrs["TYPE_CHECKING"] = Value::boolean(false);
  def_function(m, "TypeVar", [](Interpreter&, Args& a, Kwargs&) {
    if (a.empty() || !a[0].is(Kind::Str)) throw TypeError("TypeVar() missing required argument 'name'");
    return form(a[0].as_str(), true);
  });
  def_function(m, "cast", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() != 2 || !kw.empty()) throw TypeError("cast() takes 2 positional arguments but " + std::to_string(a.size()) + " were given");
    return a[1];
  });
  def_function(m, "NamedTuple", [](Interpreter&, Args&, Kwargs&) -> Value {
    throw NotImplementedError("typing.NamedTuple is not supported by tsh (collections.namedtuple is)");
  });
}

}  // namespace tsh::shell
