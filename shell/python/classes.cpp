// shell/python/classes.cpp — classes written in tsh and their instances (see classes.h).
#include "shell/python/classes.h"
#include "shell/python/cached_cast.h"

#include <algorithm>

#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"

namespace tsh::shell {

using grammar::Op;

namespace {

// staticmethod, classmethod and property objects: what a class body's
// decorators leave in the namespace, bound when looked up (bind_attribute).
struct DescriptorObj : TrackedInstance {
  enum class What { StaticMethod, ClassMethod, Property } what;
  Value func;                  // staticmethod, classmethod: the function; property: fget
  Value fset, fdel, doc;       // property
  void each_value(const std::function<void(Value&)>& f) override {
    f(func);
    f(fset);
    f(fdel);
    f(doc);
  }
  std::string class_name() const override {
    return what == What::StaticMethod ? "staticmethod" : what == What::ClassMethod ? "classmethod" : "property";
  }
  std::string module_name() const override { return "builtins"; }
  std::string repr_of(const Value& self) const override {
    if (what == What::Property) return InstanceObj::repr_of(self);
    return "<" + class_name() + "(" + repr(func) + ")>";
  }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::vector<std::string> attr_names() const override {
    if (what == What::Property) return {"deleter", "fdel", "fget", "fset", "getter", "setter"};
    return {"__func__"};
  }
  std::optional<Value> call(Interpreter& in, const Value&, Args& args, Kwargs& kwargs) override {
    if (what == What::StaticMethod) return in.call(func, args, kwargs);  // callable since 3.10
    return std::nullopt;
  }
};

// The classes staticmethod, classmethod and property (their constructors are set by install_class_builtins).
const Value& descriptor_type(DescriptorObj::What what) {
  static const Value types[3] = {
      [] { auto t = std::make_shared<TypeObj>(); t->name = "staticmethod"; return Value::object(Kind::Type, t); }(),
      [] { auto t = std::make_shared<TypeObj>(); t->name = "classmethod"; return Value::object(Kind::Type, t); }(),
      [] { auto t = std::make_shared<TypeObj>(); t->name = "property"; return Value::object(Kind::Type, t); }(),
  };
  return types[static_cast<int>(what)];
}

Value descriptor(DescriptorObj::What what, Value func) {
  auto d = std::make_shared<DescriptorObj>();
  d->what = what;
  d->func = std::move(func);
  d->type = descriptor_type(what);
  return Value::object(Kind::Instance, d);
}

DescriptorObj* as_descriptor(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<DescriptorObj*>(v.as<InstanceObj>()) : nullptr;
}

Value DescriptorObj::attr(Interpreter&, const Value& self, const std::string& name) {
  if (what != What::Property) {
    if (name == "__func__") return func;
    throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
  }
  if (name == "fget") return func;
  if (name == "fset") return fset;
  if (name == "fdel") return fdel;
  if (name == "__doc__") return doc;
  if (name == "setter" || name == "getter" || name == "deleter") {
    const Value me = self;
    return make_builtin(name, "<built-in method " + name + " of property object>", [me, name](Interpreter&, Args& a, Kwargs&) {
      if (a.size() != 1) throw TypeError(name + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
      auto* p = as_descriptor(me);
      Value copy = descriptor(What::Property, p->func);
      auto* c = as_descriptor(copy);
      c->fset = p->fset;
      c->fdel = p->fdel;
      c->doc = p->doc;
      (name == "setter" ? c->fset : name == "getter" ? c->func : c->fdel) = a[0];
      return copy;
    });
  }
  throw AttributeError("'property' object has no attribute '" + name + "'");
}

// super(): the MRO of type(self) searched after `cls`.
struct SuperObj : TrackedInstance {
  Value cls, self, self_type;
  void each_value(const std::function<void(Value&)>& f) override {
    f(cls);
    f(self);
    f(self_type);
  }
  std::string class_name() const override { return "super"; }
  std::string module_name() const override { return "builtins"; }
  std::string repr_of(const Value&) const override {
    return "<super: " + repr(cls) + ", " + (self.is_none() ? "NULL" : "<" + type_name(self) + " object>") + ">";
  }
  Value attr(Interpreter& in, const Value&, const std::string& name) override {
    const std::vector<Value> mro = class_mro(self_type);
    size_t i = 0;
    while (i < mro.size() && mro[i].identity() != cls.identity()) ++i;
    for (++i; i < mro.size(); ++i) {
      auto& attrs = mro[i].as<TypeObj>()->attrs;
      if (auto it = attrs.find(name); it != attrs.end())
        return bind_attribute(in, it->second, self.is(Kind::Type) ? Value() : self, self_type);
    }
    throw AttributeError("'super' object has no attribute '" + name + "'");
  }
};

// The NotImplemented singleton.
struct NotImplementedObj : InstanceObj {
  std::string class_name() const override { return "NotImplementedType"; }
  std::string module_name() const override { return "builtins"; }
  std::string repr_of(const Value&) const override { return "NotImplemented"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'NotImplementedType' object has no attribute '" + name + "'");
  }
};

bool is_not_implemented(const Value& v) { return v.is(Kind::Instance) && v.identity() == not_implemented().identity(); }

namespace {

// The attribute cache, as CPython's type attribute cache: what a walk along a class's MRO found
// for a name (the attribute's place in its class's namespace, or nothing), kept until any class
// changes. A namespace is a std::map, so the place stays put while the class lives and keeps
// the name; a class that dies takes its serial with it.
uint64_t g_next_class_serial = 1;

struct LookupEntry {
  uint64_t serial = 0, epoch = 0;
  bool user_only = false;
  std::string name;
  const Value* found = nullptr;
};

LookupEntry g_lookup_table[512];

LookupEntry& lookup_entry(uint64_t serial, std::string_view name, bool user_only) {
  LookupEntry* table = g_lookup_table;
  // A hash that costs almost nothing: a collision only costs a walk along the MRO.
  const size_t n = name.size();
  const size_t h = n == 0 ? 0 : n * 131 + static_cast<unsigned char>(name[0]) * 31 +
                                    static_cast<unsigned char>(name[n / 2]) * 7 + static_cast<unsigned char>(name[n - 1]);
  return table[(h ^ (serial * 0x9E3779B97F4A7C15ull >> 40) ^ (user_only ? 256 : 0)) & 511];
}

// What walk() finds for (c, name, user_only), from the cache when it is there and still valid.
template <class Walk>
const Value* cached_lookup(const ClassObj& c, std::string_view name, bool user_only, Walk walk) {
  LookupEntry& e = lookup_entry(c.serial, name, user_only);
  if (e.epoch == g_classes_epoch && e.serial == c.serial && e.user_only == user_only && e.name == name) return e.found;
  const Value* found = walk();
  e.epoch = g_classes_epoch;
  e.serial = c.serial;
  e.user_only = user_only;
  e.name = name;
  e.found = found;
  return found;
}

}  // namespace

}  // namespace

uint64_t g_classes_epoch = 1;

const Value* user_method(const Value& cls, const char* name) {
  if (!cls.is(Kind::Type)) return nullptr;
  auto* c = as_class(cls.as<TypeObj>());
  if (!c) return nullptr;
  return cached_lookup(*c, name, true, [&]() -> const Value* {
    for (size_t i = 0; i < c->mro.size(); ++i) {
      const Value& k = i == 0 ? cls : c->mro[i];  // mro[0] is left empty (the class itself)
      if (!is_user_class(k)) break;
      auto& attrs = k.as<TypeObj>()->attrs;
      if (auto it = attrs.find(name); it != attrs.end()) return &it->second;
    }
    return nullptr;
  });
}

namespace {

Value call_bound(Interpreter& in, const Value& method, const Value& self, Args args, Kwargs kw = {}) {
  return in.call(bind_attribute(in, method, self, instance_class(self)), args, kw);
}

// C3 linearization of a class with these bases.
std::vector<Value> c3(const Value& cls, const std::vector<Value>& bases) {
  std::vector<std::vector<Value>> seqs;
  for (const Value& b : bases) seqs.push_back(class_mro(b));
  seqs.push_back(bases);
  std::vector<Value> out{cls};
  auto in_tail = [&](const Value& c) {
    for (const auto& s : seqs)
      for (size_t i = 1; i < s.size(); ++i)
        if (s[i].identity() == c.identity()) return true;
    return false;
  };
  while (true) {
    seqs.erase(std::remove_if(seqs.begin(), seqs.end(), [](const auto& s) { return s.empty(); }), seqs.end());
    if (seqs.empty()) return out;
    const Value* head = nullptr;
    for (const auto& s : seqs)
      if (!in_tail(s[0])) {
        head = &s[0];
        break;
      }
    if (!head) {
      std::string names;
      for (const Value& b : bases) names += (names.empty() ? "" : ", ") + b.as<TypeObj>()->name.substr(b.as<TypeObj>()->name.rfind('.') + 1);
      throw TypeError("Cannot create a consistent method resolution\norder (MRO) for bases " + names);
    }
    const Value next = *head;
    out.push_back(next);
    for (auto& s : seqs)
      if (!s.empty() && s[0].identity() == next.identity()) s.erase(s.begin());
  }
}

std::string short_name(const Value& cls) {
  const std::string& n = cls.as<TypeObj>()->name;
  return n.substr(n.rfind('.') + 1);
}

// object(): a bare instance, with no attributes and none to be set.
struct PlainObject : InstanceObj {
  std::string class_name() const override { return "object"; }
  std::string module_name() const override { return "builtins"; }
  std::string repr_of(const Value& self) const override { return "<object object at " + hex_addr(self.obj().get()) + ">"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'object' object has no attribute '" + name + "'");
  }
  void set_attr(Interpreter&, const Value&, const std::string& name, const Value&) override {
    throw AttributeError("'object' object has no attribute '" + name + "'");
  }
};

Value object_class() {
  static Value cls = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "object";
    return Value::object(Kind::Type, t);
  }();
  static const bool with_ctor = [] {
    cls.as<TypeObj>()->ctor = [](Interpreter&, Args& a, Kwargs& kw) -> Value {
      if (!a.empty() || !kw.empty()) throw TypeError("object() takes no arguments");
      auto o = std::make_shared<PlainObject>();
      o->type = object_class();
      return Value::object(Kind::Instance, o);
    };
    return true;
  }();
  (void)with_ctor;
  return cls;
}

Value new_instance(Interpreter& in, const Value& cls) {
  auto o = std::make_shared<UserInstance>();
  o->in = &in;
  o->type = cls;
  o->cls = cls.as<TypeObj>()->name;
  o->dict = make_dict();
  return Value::object(Kind::Instance, o);
}

// Calling a class: __new__ (object's makes a bare instance), then __init__.
Value construct(Interpreter& in, const Value& cls, Args& args, Kwargs& kw) {
  auto* c = cls.as<ClassObj>();
  // The last class made an instance of, and its __new__ and __init__: a loop making objects of
  // one class looks them up once (any change to any class moves the epoch, as for class_lookup).
  static struct {
    uint64_t serial = 0, epoch = 0;
    const Value *nw = nullptr, *init = nullptr;
  } last;
  if (last.serial != c->serial || last.epoch != g_classes_epoch) {
    last.nw = user_method(cls, "__new__");
    last.init = user_method(cls, "__init__");
    last.serial = c->serial;
    last.epoch = g_classes_epoch;
  }
  const Value* const new_method = last.nw;
  const Value* init_method = last.init;
  Value self;
  if (const Value* nw = new_method) {
    Args full{cls};
    full.insert(full.end(), args.begin(), args.end());
    const DescriptorObj* d = as_descriptor(*nw);
    self = in.call(d ? d->func : *nw, full, kw);
    if (!class_is_subclass(instance_class(self), cls)) return self;  // Python skips __init__ then
    init_method = user_method(cls, "__init__");  // (looked up again: __new__'s code may change the class)
  } else {
    self = new_instance(in, cls);
  }
  UserInstance* o = as_user(self);
  if (o && !c->builtin_base.empty()) o->args = args;  // BaseException.__new__ keeps the arguments
  if (const Value* init = init_method) {
    Value r;
    if (init->is(Kind::Function)) {  // a def: called with self first, no bound method made
      ArgsLease lease;
      lease.args.reserve(args.size() + 1);
      lease.args.push_back(self);
      lease.args.insert(lease.args.end(), args.begin(), args.end());
      r = in.call(*init, lease.args, kw);
    } else {
      r = call_bound(in, *init, self, args, kw);
    }
    if (!r.is_none()) throw TypeError("__init__() should return None, not '" + type_name(r) + "'");
  } else if (!new_method) {
    if (!kw.empty() && !c->builtin_base.empty()) throw TypeError(short_name(cls) + "() takes no keyword arguments");
    if ((!args.empty() || !kw.empty()) && c->builtin_base.empty())
      throw TypeError(short_name(cls) + "() takes no arguments");
  }
  return self;
}

const char* dunder(Op op, int form) {  // form 0: a.__op__(b), 1: b.__rop__(a), 2: a.__iop__(b)
  struct Names { Op op; const char *plain, *reflected, *inplace; };
  static const Names table[] = {
      {Op::Add, "__add__", "__radd__", "__iadd__"},       {Op::Sub, "__sub__", "__rsub__", "__isub__"},
      {Op::Mul, "__mul__", "__rmul__", "__imul__"},       {Op::Div, "__truediv__", "__rtruediv__", "__itruediv__"},
      {Op::FloorDiv, "__floordiv__", "__rfloordiv__", "__ifloordiv__"},
      {Op::Mod, "__mod__", "__rmod__", "__imod__"},       {Op::Pow, "__pow__", "__rpow__", "__ipow__"},
      {Op::MatMul, "__matmul__", "__rmatmul__", "__imatmul__"},
      {Op::LShift, "__lshift__", "__rlshift__", "__ilshift__"},
      {Op::RShift, "__rshift__", "__rrshift__", "__irshift__"},
      {Op::BitAnd, "__and__", "__rand__", "__iand__"},    {Op::BitOr, "__or__", "__ror__", "__ior__"},
      {Op::BitXor, "__xor__", "__rxor__", "__ixor__"},
      // Comparisons reflect into their mirror: a < b falls back to b > a.
      {Op::Eq, "__eq__", "__eq__", nullptr},              {Op::NotEq, "__ne__", "__ne__", nullptr},
      {Op::Lt, "__lt__", "__gt__", nullptr},              {Op::Gt, "__gt__", "__lt__", nullptr},
      {Op::LtE, "__le__", "__ge__", nullptr},             {Op::GtE, "__ge__", "__le__", nullptr},
  };
  for (const Names& n : table)
    if (n.op == op) return form == 0 ? n.plain : form == 1 ? n.reflected : n.inplace;
  return nullptr;
}

}  // namespace

Value make_classmethod(Value func) { return descriptor(DescriptorObj::What::ClassMethod, std::move(func)); }

const Value& not_implemented() {
  static const Value v = [] {
    auto o = std::make_shared<NotImplementedObj>();
    return Value::object(Kind::Instance, o);
  }();
  return v;
}

ClassObj::~ClassObj() {
  release_values(bases);
  release_values(mro);
}

void ClassObj::traverse(GcVisitor& visit) const {
  for (const auto& [k, v] : attrs) visit(v);
  for (const Value& b : bases) visit(b);
  for (size_t i = 1; i < mro.size(); ++i) visit(mro[i]);  // mro[0] is the class itself: no strong self-reference
}

void ClassObj::clear(GcGarbage& into) {
  classes_changed();
  for (auto& [k, v] : attrs) into.values.push_back(std::move(v));
  attrs.clear();
  for (Value& b : bases) into.values.push_back(std::move(b));
  bases.clear();
  for (Value& m : mro) into.values.push_back(std::move(m));
  mro.clear();
}

bool is_user_class(const Value& v) { return v.is(Kind::Type) && as_class(v.as<TypeObj>()); }

std::vector<Value> class_mro(const Value& cls) {
  if (auto* c = as_class(cls.as<TypeObj>())) {
    std::vector<Value> out = c->mro;
    if (!out.empty()) out[0] = cls;
    return out;
  }
  std::vector<Value> out{cls};
  const std::string& n = cls.as<TypeObj>()->name;
  if (n == "object") return out;
  if (is_exception_class(cls))
    for (std::string b = exception_base(n); !b.empty(); b = exception_base(b)) out.push_back(exception_class(b));
  out.push_back(object_class());
  return out;
}

bool class_is_subclass(const Value& cls, const Value& base) {
  if (!cls.is(Kind::Type) || !base.is(Kind::Type)) return false;
  if (base.as<TypeObj>()->name == "object" && !is_user_class(base)) return true;
  if (!is_user_class(cls) && cls.as<TypeObj>()->name == "bool" && base.as<TypeObj>()->name == "int") return true;
  for (const Value& k : class_mro(cls))
    if (k.identity() == base.identity()) return true;
  return false;
}

Value instance_class(const Value& v) {
  if (v.is(Kind::Instance) && v.as<InstanceObj>()->type.is(Kind::Type)) return v.as<InstanceObj>()->type;
  return Value();
}

std::optional<bool> user_isinstance(const Value& v, const Value& cls) {
  if (as_user(v)) return class_is_subclass(instance_class(v), cls);
  if (is_user_class(cls)) return false;
  return std::nullopt;
}

ClassObj::ClassObj() : serial(g_next_class_serial++) {
  user_class = true;
  classes_changed();
}

void classes_changed() { ++g_classes_epoch; }

const Value* class_lookup(const Value& cls, const std::string& name) {
  auto* c = as_class(cls.as<TypeObj>());
  if (!c) {
    for (const Value& k : class_mro(cls)) {
      auto& attrs = k.as<TypeObj>()->attrs;
      if (auto it = attrs.find(name); it != attrs.end()) return &it->second;
    }
    return nullptr;
  }
  return cached_lookup(*c, name, false, [&]() -> const Value* {
    for (size_t i = 0; i < c->mro.size(); ++i) {  // no copy of the MRO
      auto& attrs = (i == 0 ? c : c->mro[i].as<TypeObj>())->attrs;
      if (auto it = attrs.find(name); it != attrs.end()) return &it->second;
    }
    return nullptr;
  });
}

// object's and BaseException's methods written in C++ (object.__init__, ...): bound like functions.
bool is_slot_wrapper(const Value& v) {
  if (!v.is(Kind::Builtin)) return false;
  const std::string& q = v.as<BuiltinObj>()->qualname;
  return q.rfind("<slot wrapper ", 0) == 0 || q.rfind("<method '", 0) == 0;
}

Value bind_attribute(Interpreter& in, const Value& found, const Value& self, const Value& cls) {
  if (is_slot_wrapper(found) && !self.is_none()) {
    auto m = std::make_shared<MethodObj>();
    m->self = self;
    m->func = found;
    m->name = found.as<BuiltinObj>()->name;
    return Value::object(Kind::Method, m);
  }
  if (found.is(Kind::Function)) {
    if (self.is_none()) return found;  // looked up on the class: the plain function
    auto m = std::make_shared<MethodObj>();
    m->self = self;
    m->func = found;
    m->name = found.as<FunctionObj>()->name;
    return Value::object(Kind::Method, m);
  }
  if (DescriptorObj* d = as_descriptor(found)) {
    switch (d->what) {
      case DescriptorObj::What::StaticMethod: return d->func;
      case DescriptorObj::What::ClassMethod: {
        auto m = std::make_shared<MethodObj>();
        m->self = cls;
        m->func = d->func;
        m->name = d->func.is(Kind::Function) ? d->func.as<FunctionObj>()->name : "";
        return Value::object(Kind::Method, m);
      }
      case DescriptorObj::What::Property: {
        if (self.is_none()) return found;
        if (d->func.is_none()) throw AttributeError("property of '" + short_name(cls) + "' object has no getter");
        Args a{self};
        Kwargs kw;
        return in.call(d->func, a, kw);
      }
    }
  }
  return found;
}

Value make_class(Interpreter& in, const std::string& name, std::vector<Value> bases, std::map<std::string, Value> ns,
                 const std::string& qualname) {
  (void)in;
  for (size_t i = 0; i < bases.size(); ++i) {
    const Value& b = bases[i];
    if (!b.is(Kind::Type)) throw TypeError("bases must be types");
    for (size_t j = 0; j < i; ++j)
      if (bases[j].identity() == b.identity()) throw TypeError("duplicate base class " + short_name(b));
    const std::string& bn = b.as<TypeObj>()->name;
    if (!is_user_class(b) && bn != "object" && !is_exception_class(b) && !b.as<TypeObj>()->subclassable)
      throw NotImplementedError("subclassing '" + bn + "' is not supported by tsh");
  }
  if (bases.empty()) bases.push_back(object_class());
  auto c = std::make_shared<ClassObj>();
  c->name = name;
  c->qualname = qualname;
  c->bases = bases;
  if (auto it = ns.find("__module__"); it != ns.end() && it->second.is(Kind::Str)) c->module = it->second.as_str();
  if (c->module != "builtins" && c->module != "__main__") c->name = c->module + "." + name;
  ns["__module__"] = Value::str(c->module);
  ns["__qualname__"] = Value::str(qualname);
  if (!ns.count("__doc__")) ns["__doc__"] = Value();
  // A class that defines __eq__ and not __hash__ makes its instances unhashable, as in Python.
  if (ns.count("__eq__") && !ns.count("__hash__")) ns["__hash__"] = Value();
  c->attrs = std::move(ns);
  classes_changed();
  Value cls = Value::object(Kind::Type, c);
  c->mro = c3(cls, bases);
  c->mro[0] = Value();  // the class itself: class_mro puts it back (no reference to itself)
  for (size_t i = 1; i < c->mro.size(); ++i) {
    const Value& k = c->mro[i];
    if (auto* kc = as_class(k.as<TypeObj>())) {
      if (!kc->builtin_base.empty()) {
        c->builtin_base = kc->builtin_base;
        break;
      }
    } else if (is_exception_class(k)) {
      c->builtin_base = k.as<TypeObj>()->name;
      break;
    }
  }
  std::weak_ptr<ClassObj> weak = c;
  c->ctor = [weak](Interpreter& in2, Args& a, Kwargs& kw) -> Value {
    auto self = weak.lock();
    return construct(in2, Value::object(Kind::Type, self), a, kw);
  };
  // Methods know their class, for super() without arguments.
  for (auto& [k, v] : c->attrs) {
    Value f = v;
    if (DescriptorObj* d = as_descriptor(v)) f = d->func;
    if (f.is(Kind::Function)) f.as<FunctionObj>()->owner = std::static_pointer_cast<Object>(c);
  }
  return cls;
}

// ---------------------------------------------------------------- instances

void UserInstance::each_value(const std::function<void(Value&)>& f) {
  ExceptionObj::each_value(f);
  f(dict);
  f(type);
}

std::string UserInstance::class_name() const { return short_name(type); }
std::string UserInstance::module_name() const { return klass().module; }

Value UserInstance::attr(Interpreter& in, const Value& self, const std::string& name) {
  const Value* found = class_lookup(type, name);
  if (found) {
    if (DescriptorObj* d = as_descriptor(*found); d && d->what == DescriptorObj::What::Property)
      return bind_attribute(in, *found, self, type);
  }
  if (Value* v = dict_of(dict).find_str(name)) return *v;
  if (found) return bind_attribute(in, *found, self, type);
  if (name == "__class__") return type;
  if (name == "__dict__") return dict;
  if (!klass().builtin_base.empty()) {
    if (name == "args") return Value::tuple(args);
    if (name == "with_traceback") return ExceptionObj::attr(in, self, name);
  }
  if (const Value* ga = user_method(type, "__getattr__")) return call_bound(in, *ga, self, {Value::str(name)});
  throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
}

std::vector<std::string> UserInstance::attr_names() const {
  std::vector<std::string> out;
  for (const Value& k : dict_of(dict).keys())
    if (k.is(Kind::Str)) out.push_back(k.as_str());
  for (const Value& c : class_mro(type))
    for (const auto& [k, v] : c.as<TypeObj>()->attrs) out.push_back(k);
  out.push_back("__class__");
  out.push_back("__dict__");
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void UserInstance::set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v) {
  if (const Value* sa = user_method(type, "__setattr__")) {
    call_bound(in, *sa, self, {Value::str(name), v});
    return;
  }
  if (const Value* found = class_lookup(type, name)) {
    if (DescriptorObj* d = as_descriptor(*found); d && d->what == DescriptorObj::What::Property) {
      if (d->fset.is_none())
        throw AttributeError("property '" + name + "' of '" + class_name() + "' object has no setter");
      Args a{self, v};
      Kwargs kw;
      in.call(d->fset, a, kw);
      return;
    }
  }
  if (name.starts_with("__")) {  // (a test of two characters first: every `self.x = v` comes here)
    if (name == "__class__") throw TypeError("__class__ assignment is not supported by tsh");
    if (name == "__dict__") {
      if (!v.is(Kind::Dict)) throw TypeError("__dict__ must be set to a dictionary, not a '" + type_name(v) + "'");
      dict = v;
      return;
    }
  }
  if (Value* slot = dict_of(dict).find_str(name)) *slot = v;  // rebinding: no new str key
  else dict_of(dict).set(interned_str(name), v);
}

void UserInstance::del_attr(Interpreter& in, const Value& self, const std::string& name) {
  if (const Value* da = user_method(type, "__delattr__")) {
    call_bound(in, *da, self, {Value::str(name)});
    return;
  }
  if (const Value* found = class_lookup(type, name)) {
    if (DescriptorObj* d = as_descriptor(*found); d && d->what == DescriptorObj::What::Property) {
      if (d->fdel.is_none())
        throw AttributeError("property '" + name + "' of '" + class_name() + "' object has no deleter");
      Args a{self};
      Kwargs kw;
      in.call(d->fdel, a, kw);
      return;
    }
  }
  if (!dict_of(dict).erase(Value::str(name)))
    throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
}

std::string UserInstance::repr_of(const Value& self) const {
  if (const Value* r = user_method(type, "__repr__")) {
    const Value s = call_bound(*in, *r, self, {});
    if (!s.is(Kind::Str)) throw TypeError("__repr__ returned non-string (type " + type_name(s) + ")");
    return s.as_str();
  }
  if (!klass().builtin_base.empty()) return ExceptionObj::repr_of(self);  // ShapeError('message')
  return InstanceObj::repr_of(self);
}

std::string UserInstance::str_of(const Value& self) const {
  if (const Value* r = user_method(type, "__str__")) {
    const Value s = call_bound(*in, *r, self, {});
    if (!s.is(Kind::Str)) throw TypeError("__str__ returned non-string (type " + type_name(s) + ")");
    return s.as_str();
  }
  if (!klass().builtin_base.empty()) return message();
  return repr_of(self);
}

Value UserInstance::get_item(Interpreter& in, const Value& self, const Value& key) {
  if (const Value* m = user_method(type, "__getitem__")) return call_bound(in, *m, self, {key});
  throw TypeError("'" + class_name() + "' object is not subscriptable");
}

void UserInstance::set_item(Interpreter& in, const Value& self, const Value& key, const Value& v) {
  if (const Value* m = user_method(type, "__setitem__")) {
    call_bound(in, *m, self, {key, v});
    return;
  }
  throw TypeError("'" + class_name() + "' object does not support item assignment");
}

void UserInstance::del_item(Interpreter& in, const Value& self, const Value& key) {
  if (const Value* m = user_method(type, "__delitem__")) {
    call_bound(in, *m, self, {key});
    return;
  }
  throw TypeError("'" + class_name() + "' object doesn't support item deletion");
}

Int UserInstance::length(const Value& self) {
  const Value* m = user_method(type, "__len__");
  if (!m) throw TypeError("object of type '" + class_name() + "' has no len()");
  const Value n = call_bound(*in, *m, self, {});
  if (!n.is_intlike()) throw TypeError("'" + type_name(n) + "' object cannot be interpreted as an integer");
  if (n.as_int() < 0) throw ValueError("__len__() should return >= 0");
  return n.as_int();
}

bool UserInstance::is_iterator() const { return user_method(type, "__next__") != nullptr; }

Value UserInstance::iter(Interpreter& in, const Value& self) {
  Value it;
  if (const Value* m = user_method(type, "__iter__")) {
    it = call_bound(in, *m, self, {});
    if (UserInstance* u = as_user(it)) {
      const Value* next = user_method(u->type, "__next__");
      if (!next) throw TypeError("iter() returned non-iterator of type '" + u->class_name() + "'");
      const Value method = bind_attribute(in, *next, it, u->type);
      return iterator_value(
          "iterator",
          [method](Interpreter& in2, Value& out) {
            Args none;
            Kwargs nokw;
            try {
              out = in2.call(method, none, nokw);
            } catch (const tsh::Error& e) {
              if (exception_is(e.kind(), "StopIteration")) return false;
              throw;
            }
            return true;
          },
          held_values({method}));
    }
    if (!it.is(Kind::Iterator)) throw TypeError("iter() returned non-iterator of type '" + type_name(it) + "'");
    return it;
  }
  if (const Value* gi = user_method(type, "__getitem__")) {  // the old sequence protocol: 0, 1, 2, ... until IndexError
    const Value method = bind_attribute(in, *gi, self, type);
    auto index = std::make_shared<Int>(0);
    return iterator_value(
        "iterator",
        [method, index](Interpreter& in2, Value& out) {
          Args a{Value::integer((*index)++)};
          Kwargs nokw;
          try {
            out = in2.call(method, a, nokw);
          } catch (const tsh::Error& e) {
            if (exception_is(e.kind(), "IndexError") || exception_is(e.kind(), "StopIteration")) return false;
            throw;
          }
          return true;
        },
        held_values({method}));
  }
  throw TypeError("'" + class_name() + "' object is not iterable");
}

std::optional<bool> UserInstance::equals(const Value& self, const Value& other) const {
  for (const auto& [a, b] : {std::pair{self, other}, std::pair{other, self}}) {
    UserInstance* u = as_user(a);
    if (!u) continue;
    if (const Value* m = user_method(u->type, "__eq__")) {
      const Value r = call_bound(*in, *m, a, {b});
      if (!is_not_implemented(r)) return truthy(r);
    }
  }
  return self.identity() == other.identity() && self.kind() == other.kind();
}

std::optional<int64_t> UserInstance::hash(const Value& self) const {
  const Value* m = class_lookup(type, "__hash__");
  if (m && m->is_none()) throw TypeError("unhashable type: '" + class_name() + "'");
  if (const Value* h = user_method(type, "__hash__")) {
    const Value r = call_bound(*in, *h, self, {});
    if (!r.is_intlike()) throw TypeError("__hash__ method should return an integer");
    return py_hash(r);
  }
  return std::nullopt;
}

std::optional<bool> UserInstance::contains(Interpreter& in, const Value& self, const Value& item) {
  if (const Value* m = user_method(type, "__contains__")) return truthy(call_bound(in, *m, self, {item}));
  return std::nullopt;
}

// a op b for a tsh instance on either side: a.__op__(b), then b.__rop__(a); NotImplemented
// from both ends in Python's TypeError (or, for == and !=, identity).
std::optional<Value> UserInstance::binary_op(Interpreter& in, int op_int, const Value& self, const Value& other,
                                             bool self_left) {
  return binary_op_worded(in, op_int, self, other, self_left, false);
}

std::optional<Value> UserInstance::binary_op_worded(Interpreter& in, int op_int, const Value& self, const Value& other,
                                                    bool self_left, bool inplace) {
  const Op op = static_cast<Op>(op_int);
  const char* plain = dunder(op, 0);
  if (!plain) return std::nullopt;
  const Value& a = self_left ? self : other;
  const Value& b = self_left ? other : self;
  UserInstance* ua = as_user(a);
  UserInstance* ub = as_user(b);
  if (ua)
    if (const Value* m = user_method(ua->type, plain)) {
      const Value r = call_bound(in, *m, a, {b});
      if (!is_not_implemented(r)) return r;
    }
  // The reflected method, unless both sides are of one class and the operator is arithmetic
  // (Python never calls A.__radd__ for A + A); comparisons always reflect.
  if (ub && !(ua && ua->type.identity() == ub->type.identity() && dunder(op, 2) != nullptr))
    if (const Value* m = user_method(ub->type, dunder(op, 1))) {
      const Value r = call_bound(in, *m, b, {a});
      if (!is_not_implemented(r)) return r;
    }
  if (op == Op::Eq) return Value::boolean(a.kind() == b.kind() && a.identity() == b.identity());
  if (op == Op::NotEq) {
    if (ua)
      if (const Value* m = user_method(ua->type, "__eq__")) {  // __ne__ defaults to not __eq__
        const Value r = call_bound(in, *m, a, {b});
        if (!is_not_implemented(r)) return Value::boolean(!truthy(r));
      }
    return Value::boolean(!(a.kind() == b.kind() && a.identity() == b.identity()));
  }
  // The other side may still know the operation (a tensor, a number): only a tsh instance
  // on the right of a builtin value stops here.
  if (self_left && !as_user(other) && !other.is(Kind::Instance)) {
    if (dunder(op, 2) == nullptr)
      throw TypeError(std::string("'") + grammar::op_symbol(op) + "' not supported between instances of '" +
                      type_name(a) + "' and '" + type_name(b) + "'");
    throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) + (inplace ? "=" : "") +
                    ": '" + type_name(a) + "' and '" + type_name(b) + "'");
  }
  if (!self_left || ua) {
    if (dunder(op, 2) == nullptr)
      throw TypeError(std::string("'") + grammar::op_symbol(op) + "' not supported between instances of '" +
                      type_name(a) + "' and '" + type_name(b) + "'");
    throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) + (inplace ? "=" : "") +
                    ": '" + type_name(a) + "' and '" + type_name(b) + "'");
  }
  return std::nullopt;
}

std::optional<Value> UserInstance::inplace_op(Interpreter& in, int op_int, const Value& self, const Value& other) {
  const char* name = dunder(static_cast<Op>(op_int), 2);
  if (!name) return std::nullopt;
  if (const Value* m = user_method(type, name)) {
    const Value r = call_bound(in, *m, self, {other});
    if (!is_not_implemented(r)) return r;
  }
  return std::nullopt;
}

std::optional<Value> UserInstance::unary_op(Interpreter& in, int op_int, const Value& self) {
  const Op op = static_cast<Op>(op_int);
  const char* name = op == Op::Neg ? "__neg__" : op == Op::Pos ? "__pos__" : op == Op::Invert ? "__invert__" : nullptr;
  if (!name) return std::nullopt;
  if (const Value* m = user_method(type, name)) return call_bound(in, *m, self, {});
  throw TypeError(std::string("bad operand type for unary ") + grammar::op_symbol(op) + ": '" + class_name() + "'");
}

Value UserInstance::self_value() const {
  auto* me = const_cast<UserInstance*>(this);
  return Value::object(Kind::Instance, std::shared_ptr<Object>(me->shared_from_this(), me));
}

std::optional<bool> UserInstance::truth() const {
  const Value self = self_value();
  if (const Value* m = user_method(type, "__bool__")) {
    const Value r = call_bound(*in, *m, self, {});
    if (!r.is(Kind::Bool)) throw TypeError("__bool__ should return bool, returned " + type_name(r));
    return r.as_bool();
  }
  if (user_method(type, "__len__")) return const_cast<UserInstance*>(this)->length(self) != 0;
  return std::nullopt;
}

std::optional<Value> UserInstance::as_number() const {
  const Value self = self_value();
  for (const char* name : {"__index__", "__int__", "__float__"})
    if (const Value* m = user_method(type, name)) return call_bound(*in, *m, self, {});
  return std::nullopt;
}

std::optional<Value> UserInstance::call(Interpreter& in, const Value& self, Args& args, Kwargs& kwargs) {
  const Value* m = user_method(type, "__call__");
  if (!m) return std::nullopt;
  return in.call(bind_attribute(in, *m, self, type), args, kwargs);
}

std::optional<std::string> UserInstance::format(Interpreter& in, const Value& self, const std::string& spec) {
  if (const Value* m = user_method(type, "__format__")) {
    const Value r = call_bound(in, *m, self, {Value::str(spec)});
    if (!r.is(Kind::Str)) throw TypeError("__format__ must return a str, not " + type_name(r));
    return r.as_str();
  }
  if (!spec.empty()) throw TypeError("unsupported format string passed to " + class_name() + ".__format__");
  return str_of(self);
}

// ---------------------------------------------------------------- builtins

void install_class_builtins(std::map<std::string, Value>& b) {
  b["NotImplemented"] = not_implemented();
  auto install_descriptor = [&](const char* name, DescriptorObj::What what) {
    auto* t = descriptor_type(what).as<TypeObj>();
    t->ctor = [name, what](Interpreter&, Args& a, Kwargs& kw) -> Value {
      if (what == DescriptorObj::What::Property) {
        std::vector<Value> v(4);
        const char* names[] = {"fget", "fset", "fdel", "doc"};
        if (a.size() > 4) throw TypeError("property() takes at most 4 arguments (" + std::to_string(a.size()) + " given)");
        for (size_t i = 0; i < a.size(); ++i) v[i] = a[i];
        for (auto& [k, x] : kw) {
          auto at = std::find_if(std::begin(names), std::end(names), [&](const char* n) { return k == n; });
          if (at == std::end(names)) throw TypeError("property() got an unexpected keyword argument '" + k + "'");
          v[static_cast<size_t>(at - std::begin(names))] = x;
        }
        Value p = descriptor(what, v[0]);
        auto* d = as_descriptor(p);
        d->fset = v[1];
        d->fdel = v[2];
        d->doc = v[3];
        return p;
      }
      if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
      if (a.size() != 1)
        throw TypeError(std::string(name) + " expected 1 argument, got " + std::to_string(a.size()));
      return descriptor(what, a[0]);
    };
    b[name] = descriptor_type(what);
  };
  install_descriptor("staticmethod", DescriptorObj::What::StaticMethod);
  install_descriptor("classmethod", DescriptorObj::What::ClassMethod);
  install_descriptor("property", DescriptorObj::What::Property);
  b["object"] = object_class();

  auto super_type = std::make_shared<TypeObj>();
  super_type->name = "super";
  super_type->ctor = [](Interpreter& in, Args& a, Kwargs& kw) -> Value {
    if (!kw.empty()) throw TypeError("super() takes no keyword arguments");
    auto s = std::make_shared<SuperObj>();
    if (a.empty()) {
      const auto [owner, first] = in.current_method_frame();
      if (!first) throw RuntimeError("super(): no arguments");
      if (owner.is_none()) throw RuntimeError("super(): __class__ cell not found");
      s->cls = owner;
      s->self = *first;
    } else {
      if (!a[0].is(Kind::Type)) throw TypeError("super() argument 1 must be a type, not " + type_name(a[0]));
      s->cls = a[0];
      if (a.size() > 1) s->self = a[1];
      if (a.size() > 2) throw TypeError("super() takes at most 2 arguments (" + std::to_string(a.size()) + " given)");
    }
    s->self_type = s->self.is(Kind::Type) ? s->self : instance_class(s->self);
    if (s->self_type.is_none() || !class_is_subclass(s->self_type, s->cls))
      throw TypeError("super(type, obj): obj must be an instance or subtype of type");
    return Value::object(Kind::Instance, s);
  };
  b["super"] = Value::object(Kind::Type, super_type);

  // object's own methods, which super() and explicit calls reach: object.__init__(self), ...
  auto& obj = object_class().as<TypeObj>()->attrs;
  obj["__init__"] = make_builtin("__init__", "<slot wrapper '__init__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() > 1 || !kw.empty())
      throw TypeError("object.__init__() takes exactly one argument (the instance to initialize)");
    return Value();
  });
  obj["__new__"] = make_builtin("__new__", "<built-in method __new__ of type object>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.empty() || !is_user_class(a[0])) throw TypeError("object.__new__(X): X is not a type object");
    return new_instance(in, a[0]);
  });
  obj["__setattr__"] = make_builtin("__setattr__", "<slot wrapper '__setattr__' of 'object' objects>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 3 || !a[1].is(Kind::Str)) throw TypeError("expected 2 arguments, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    UserInstance* u = as_user(a[0]);
    if (!u) {
      in.set_attr(a[0], a[1].as_str(), a[2]);
      return Value();
    }
    // object's own assignment: a property's setter, else the instance's __dict__.
    if (const Value* found = class_lookup(u->type, a[1].as_str()))
      if (DescriptorObj* d = as_descriptor(*found); d && d->what == DescriptorObj::What::Property) {
        u->set_attr(in, a[0], a[1].as_str(), a[2]);
        return Value();
      }
    dict_of(u->dict).set(a[1], a[2]);
    return Value();
  });
  obj["__getattribute__"] = make_builtin("__getattribute__", "<slot wrapper '__getattribute__' of 'object' objects>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 2 || !a[1].is(Kind::Str)) throw TypeError("expected 1 argument, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    return in.get_attr(a[0], a[1].as_str());
  });
  obj["__delattr__"] = make_builtin("__delattr__", "<slot wrapper '__delattr__' of 'object' objects>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 2 || !a[1].is(Kind::Str)) throw TypeError("expected 1 argument, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    UserInstance* u = as_user(a[0]);
    if (u && dict_of(u->dict).erase(a[1])) return Value();
    if (u) throw AttributeError("'" + u->class_name() + "' object has no attribute '" + a[1].as_str() + "'");
    throw TypeError("object.__delattr__ does not apply here");
    (void)in;
  });
  obj["__repr__"] = make_builtin("__repr__", "<slot wrapper '__repr__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("expected 0 arguments, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    if (a[0].is(Kind::Instance)) return Value::str(a[0].as<InstanceObj>()->InstanceObj::repr_of(a[0]));
    return Value::str(repr(a[0]));
  });
  obj["__str__"] = make_builtin("__str__", "<slot wrapper '__str__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("expected 0 arguments, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    return Value::str(repr(a[0]));
  });
  obj["__eq__"] = make_builtin("__eq__", "<slot wrapper '__eq__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 2) throw TypeError("expected 1 argument, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    return a[0].kind() == a[1].kind() && a[0].identity() == a[1].identity() ? Value::boolean(true) : not_implemented();
  });
  obj["__hash__"] = make_builtin("__hash__", "<slot wrapper '__hash__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("expected 0 arguments, got " + std::to_string(a.size() ? a.size() - 1 : 0));
    return Value::integer(static_cast<Int>(a[0].identity() >> 4));
  });
  obj["__format__"] = make_builtin("__format__", "<method '__format__' of 'object' objects>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 2 || !a[1].is(Kind::Str)) throw TypeError("__format__() takes exactly one argument");
    if (!a[1].as_str().empty()) throw TypeError("unsupported format string passed to " + type_name(a[0]) + ".__format__");
    return Value::str(str(a[0]));
  });
  // BaseException.__init__(self, *args) sets args; __str__ and __repr__ show them.
  auto& exc = exception_class("BaseException").as<TypeObj>()->attrs;
  exc["__init__"] = make_builtin("__init__", "<slot wrapper '__init__' of 'BaseException' objects>", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.empty()) throw TypeError("descriptor '__init__' of 'BaseException' object needs an argument");
    if (!kw.empty()) throw TypeError(type_name(a[0]) + "() takes no keyword arguments");
    if (auto* e = a[0].is(Kind::Instance) ? dynamic_cast<ExceptionObj*>(a[0].as<InstanceObj>()) : nullptr)
      e->args.assign(a.begin() + 1, a.end());
    else
      throw TypeError("descriptor '__init__' requires a 'BaseException' object but received a '" + type_name(a[0]) + "'");
    return Value();
  });
  exc["__str__"] = make_builtin("__str__", "<slot wrapper '__str__' of 'BaseException' objects>", [](Interpreter&, Args& a, Kwargs&) {
    auto* e = a.size() == 1 && a[0].is(Kind::Instance) ? dynamic_cast<ExceptionObj*>(a[0].as<InstanceObj>()) : nullptr;
    if (!e) throw TypeError("descriptor '__str__' of 'BaseException' object needs an argument");
    return Value::str(e->message());
  });
}

}  // namespace tsh::shell
