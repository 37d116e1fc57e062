// shell/python/classes.h — classes written in tsh: `class A(B):`, their
// instances, and the descriptors that live in class bodies.
//
// A class is a TypeObj (so type(), repr and calls treat it like int or
// RuntimeError) that also keeps its bases, its C3 method resolution order and
// its namespace. An instance keeps its class and its __dict__; every Python
// protocol tsh's values take part in (repr, str, ==, hash, +, [], len, iter,
// with, call, bool, int) asks the class for the dunder method first.
// Attribute lookup follows Python's data model: data descriptors (property)
// on the class, then the instance's __dict__, then the class (functions bind
// to the instance, classmethods to the class), then __getattr__.
#pragma once

#include <string>
#include <vector>

#include "shell/python/cached_cast.h"
#include "shell/python/exceptions.h"
#include "shell/python/value.h"

namespace tsh::shell {

// A class made by a class statement (or by a decorator that makes one, dataclass).
struct ClassObj : TypeObj, Tracked {
  ClassObj();
  // Never reused (unlike an address): what the attribute cache knows a class by.
  uint64_t serial;
  std::string module = "__main__";
  std::string qualname;           // "Outer.Inner"; the name for a top-level class
  std::vector<Value> bases;       // as written; (object,) when none
  std::vector<Value> mro;         // this class first, object last
  std::string builtin_base;       // the nearest builtin exception class in the MRO ("ValueError"), or ""
  ~ClassObj() override;
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};

// The ClassObj a type is, or null (asked on every attribute access: no dynamic_cast).
inline ClassObj* as_class(TypeObj* t) { return t->user_class ? static_cast<ClassObj*>(t) : nullptr; }

// An instance of a ClassObj. It is an ExceptionObj so that an instance of a
// class deriving from an exception is raised and caught by its bases; for
// other classes `args` stays empty and the exception side is never used.
struct UserInstance : ExceptionObj {
  UserInstance() { user_instance = true; }
  Interpreter* in = nullptr;
  Value dict;  // its __dict__ (a Dict)
  ClassObj& klass() const { return *type.as<ClassObj>(); }
  void each_value(const std::function<void(Value&)>& f) override;
  std::string class_name() const override;
  std::string module_name() const override;
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::vector<std::string> attr_names() const override;
  std::string repr_of(const Value& self) const override;
  std::string str_of(const Value& self) const override;
  Value get_item(Interpreter& in, const Value& self, const Value& key) override;
  void set_item(Interpreter& in, const Value& self, const Value& key, const Value& v) override;
  void del_item(Interpreter& in, const Value& self, const Value& key) override;
  Int length(const Value& self) override;
  Value iter(Interpreter& in, const Value& self) override;
  bool is_iterator() const override;
  void set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v) override;
  void del_attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::optional<bool> equals(const Value& self, const Value& other) const override;
  std::optional<int64_t> hash(const Value& self) const override;
  std::optional<bool> contains(Interpreter& in, const Value& self, const Value& item) override;
  std::optional<Value> binary_op(Interpreter& in, int op, const Value& self, const Value& other,
                                 bool self_left) override;
  // The same for `a op= b` once a has no __iop__ (inplace): its TypeError says op=, as CPython's.
  std::optional<Value> binary_op_worded(Interpreter& in, int op, const Value& self, const Value& other,
                                        bool self_left, bool inplace);
  std::optional<Value> inplace_op(Interpreter& in, int op, const Value& self, const Value& other) override;
  std::optional<Value> unary_op(Interpreter& in, int op, const Value& self) override;
  std::optional<bool> truth() const override;
  std::optional<Value> as_number() const override;
  std::optional<Value> call(Interpreter& in, const Value& self, Args& args, Kwargs& kwargs) override;
  std::optional<std::string> format(Interpreter& in, const Value& self, const std::string& spec) override;
  Value instance_dict(const Value&) override { return dict; }
  Value self_value() const;  // this object as a Value (for the hooks that are not given one)
};

// The UserInstance v is, or null (asked on every attribute access).
inline UserInstance* as_user(const Value& v) {
  if (!v.is(Kind::Instance)) return nullptr;
  InstanceObj* o = v.as<InstanceObj>();
  return o->user_instance ? static_cast<UserInstance*>(o) : nullptr;
}

// Runs a class statement's last step: makes the class `name` from its bases and the
// namespace its body left (Python's type(name, bases, ns)).
Value make_class(Interpreter& in, const std::string& name, std::vector<Value> bases,
                 std::map<std::string, Value> ns, const std::string& qualname);

// Whether v is a class written in tsh.
bool is_user_class(const Value& v);
// The method resolution order of any class: a user class's C3 list, or a builtin
// class followed by its builtin bases (RuntimeError, Exception, BaseException, object).
std::vector<Value> class_mro(const Value& cls);
// issubclass(cls, base) for any two classes.
bool class_is_subclass(const Value& cls, const Value& base);
// isinstance(v, cls) where v or cls is a tsh class or instance; nullopt when neither is.
std::optional<bool> user_isinstance(const Value& v, const Value& cls);
// The attribute `name` found along cls's MRO (unbound: a function, a staticmethod, a property).
// A tsh class's answers are cached (every `self.x` and `obj.f()` asks the class first), valid
// until classes_changed().
const Value* class_lookup(const Value& cls, const std::string& name);
// A method the class itself (not object or a builtin base) defines ("__setattr__"), or null.
const Value* user_method(const Value& cls, const char* name);
// Whatever adds, replaces or removes an attribute of a class (or makes or frees one) calls this.
void classes_changed();
// Moves on with every classes_changed(): what was learned from classes under one value holds
// while it stays.
extern uint64_t g_classes_epoch;
// Binds what class_lookup found as Python's descriptors do: a function to `self`, a
// classmethod to the class, a staticmethod to its function, a property to its getter's value.
Value bind_attribute(Interpreter& in, const Value& found, const Value& self, const Value& cls);
// type(x) of a tsh instance; the class of a class attribute access.
Value instance_class(const Value& v);

// classmethod(f): what a builtin base class puts in its namespace for cls.method(...) (Function.apply).
Value make_classmethod(Value func);

// staticmethod, classmethod, property, super, NotImplemented, object's methods.
void install_class_builtins(std::map<std::string, Value>& builtins);
// The NotImplemented singleton.
const Value& not_implemented();

}  // namespace tsh::shell
