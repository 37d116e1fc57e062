// shell/python/value.h — the values of the tsh language.
//
// A Value is a small tagged handle. Scalars (None, bool, int, float, complex,
// Ellipsis, dtype, device) live inline; everything else is a reference-counted
// object, so copying a Value never copies a list or a tensor, and two names
// bound to one list see each other's changes, as in Python.
#pragma once

#include <algorithm>
#include <complex>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/device.h"
#include "engine/core/dtype.h"
#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "shell/python/gc.h"

namespace tsh {
class Generator;  // engine/core/generator.h
}

namespace tsh::grammar {
struct Stmt;
struct Expr;
}

namespace tsh::shell {

// Python ints are unbounded. Within (-2^126, 2^126) — every int64 and uint64
// value and their intermediate results — a Value holds one inline; beyond,
// it holds a GMP integer (shell/python/bigint.h), and as_int() gives
// ±(2^126 + 1), which every conversion to a C integer refuses as too large.
using Int = __int128;
constexpr Int kIntMax = Int(1) << 126;
constexpr Int kIntMin = -kIntMax;
Int checked_int(Int v);  // throws OverflowError when v is outside [kIntMin, kIntMax]
// Whether i lies within the inline range (kIntMin, kIntMax): for all but the 2^64 values next to
// kIntMin, one test of its high half, which a 128-bit comparison each way would take four to do.
inline bool int_inline(Int i) {
  const uint64_t high = static_cast<uint64_t>(static_cast<int64_t>(i >> 64));
  if (high + (uint64_t(1) << 62) - 1 < (uint64_t(1) << 63) - 1) [[likely]] return true;  // |high| < 2^62
  return i > kIntMin && i < kIntMax;
}
class Value;
Value big_from_int128(Int v);                  // shell/python/bigint.cpp
double int_to_double(const Value& v);          // correctly rounded; OverflowError past float's range

enum class Kind : uint8_t {
  None, Bool, Int, Float, Complex, Ellipsis, DType, Device,  // inline
  Str, Tuple, List, Size, Slice, Range, Tensor, Storage, NamedTuple,
  Function, Builtin, Method, Module, Generator, Type,
  Dict,      // DictObj (shell/python/dict.h)
  Set, FrozenSet,  // SetObj (shell/python/set.h)
  DictView,  // DictViewObj: d.keys(), d.values(), d.items()
  Iterator,  // IterObj: map, filter, zip, enumerate, reversed, iter(...)
  Instance,  // InstanceObj: an object of a Python class tsh implements in C++
};

struct Object {
  virtual ~Object() = default;
};
class Interpreter;

class Value {
 public:
  Value() = default;  // None
  static Value none() { return Value(); }
  static Value boolean(bool b) { Value v; v.kind_ = Kind::Bool; v.i_ = b; return v; }
  static Value integer(Int i) {
    if (i <= kIntMin || i >= kIntMax) return big_from_int128(i);
    Value v; v.kind_ = Kind::Int; v.i_ = i; return v;
  }
  // An int beyond the inline range: `big` is its BigIntObj.
  static Value big_int(std::shared_ptr<Object> big, bool negative) {
    Value v; v.kind_ = Kind::Int; v.i_ = negative ? kIntMin - 1 : kIntMax + 1; v.obj_ = std::move(big); return v;
  }
  static Value floating(double f) { Value v; v.kind_ = Kind::Float; v.f_ = f; return v; }
  static Value complex(std::complex<double> c) {
    Value v; v.kind_ = Kind::Complex; v.f_ = c.real(); v.im_ = c.imag(); return v;
  }
  static Value ellipsis() { Value v; v.kind_ = Kind::Ellipsis; return v; }
  static Value dtype(DType d) { Value v; v.kind_ = Kind::DType; v.i_ = static_cast<int>(d); return v; }
  static Value device(Device d);
  static Value str(std::string s);
  static Value tuple(std::vector<Value> items);
  static Value list(std::vector<Value> items);
  static Value size(const Shape& s);  // torch.Size
  static Value tensor(Tensor t);
  static Value object(Kind k, std::shared_ptr<Object> o) { Value v; v.kind_ = k; v.obj_ = std::move(o); return v; }

  Kind kind() const { return kind_; }
  bool is(Kind k) const { return kind_ == k; }
  bool is_none() const { return kind_ == Kind::None; }
  // int or bool (bool is an int subclass in Python)
  bool is_intlike() const { return kind_ == Kind::Int || kind_ == Kind::Bool; }
  bool is_number() const { return is_intlike() || kind_ == Kind::Float || kind_ == Kind::Complex; }
  bool is_sequence() const { return kind_ == Kind::Tuple || kind_ == Kind::List || kind_ == Kind::Size; }

  bool as_bool() const { return kind_ == Kind::Float || kind_ == Kind::Complex ? f_ != 0 || im_ != 0 : i_ != 0; }
  // An instance that is a number (a NumPy scalar) gives the number it holds; any other instance is
  // a TypeError, never the bits of another object.
  Int as_int() const { return kind_ == Kind::Instance ? instance_int() : i_; }
  double as_float() const {
    if (kind_ == Kind::Float) return f_;
    if (kind_ == Kind::Instance) return instance_float();
    return obj_ ? int_to_double(*this) : static_cast<double>(i_);
  }
  Int instance_int() const;
  double instance_float() const;
  std::complex<double> as_complex() const {
    return kind_ == Kind::Complex ? std::complex<double>(f_, im_) : std::complex<double>(as_float(), 0);
  }
  DType as_dtype() const { return static_cast<DType>(i_); }
  Device as_device() const;
  const std::string& as_str() const;  // inline below StrObj
  std::vector<Value>& items() const;  // Tuple, List, Size
  const Tensor& as_tensor() const;
  Scalar as_scalar() const;  // bool/int/float/complex → Scalar
  static Value number(const Scalar& s);  // Scalar → bool/int/float/complex
  template <typename T> T* as() const { return static_cast<T*>(obj_.get()); }
  const std::shared_ptr<Object>& obj() const { return obj_; }

  // Identity for `is` and id(): the object (or TensorImpl) address, or the value for inline kinds.
  uintptr_t identity() const;

  // Makes this the int i, which must lie within the inline range (kIntMin, kIntMax), in place: a
  // loop's counter written where it lives, with no temporary Value to copy (reading a 16-byte int
  // just written as two halves stalls the load until the stores land).
  void set_inline_int(Int i) {
    if (obj_) obj_.reset();
    kind_ = Kind::Int;
    i_ = i;
  }
  // this += b (or -= b) where both are ints held inline and so is the result: in place, true;
  // false, changing nothing, otherwise. The running totals and counters of loops.
  bool add_inline_int(const Value& b, bool subtract) {
    if (kind_ != Kind::Int || b.kind_ != Kind::Int || obj_ || b.obj_) return false;
    const Int r = subtract ? i_ - b.i_ : i_ + b.i_;  // each within 2**126 of zero: no overflow
    if (!int_inline(r)) return false;
    i_ = r;
    return true;
  }

 private:
  Kind kind_ = Kind::None;
  // One payload, read by kind: i_ for Bool, Int and DType; f_ for Float; f_ and im_ for Complex.
  // A Value is then 48 bytes, not 64: every copy of one moves a third less.
  union {
    Int i_ = 0;
    struct {
      double f_, im_;
    };
  };
  std::shared_ptr<Object> obj_;
};

// Destroys `values` without recursing once per nesting level: a list nested a
// million deep (`for i in range(10**6): a = [a]`) must not overflow the
// stack when it dies. Containers call it from their destructors.
void release_values(std::vector<Value>& values);

struct StrObj : Object {
  std::string s;
  bool interned = false;  // interned_str's: it lives as long as the process, and is the only one of its text there
};
// The one str object of text `s` that the attribute names of tsh objects share (Python interns
// identifiers too): an attribute site then knows a __dict__ key by its address. Texts past the
// table's bounds get a str of their own.
Value interned_str(const std::string& s);
inline const std::string& Value::as_str() const { return as<StrObj>()->s; }
struct SeqObj : Object, Tracked {
  std::vector<Value> items;
  ~SeqObj() override { release_values(items); }
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};
struct TensorObj : Object { Tensor t; };
struct DeviceObj : Object { Device d; };
struct SliceObj : Object { Value start, stop, step; };
struct RangeObj : Object { Int start = 0, stop = 0, step = 1; };
// A typed view of a storage, as t.storage() returns (TypedStorage).
struct StorageObj : Object {
  Storage storage;
  DType dtype;
  bool untyped = false;
  int64_t size() const { return storage->nbytes / (untyped ? 1 : itemsize(dtype)); }
};
// torch.return_types.max(values=..., indices=...) and friends.
struct NamedTupleObj : Object, Tracked {
  std::string type_name;  // "torch.return_types.max"
  std::vector<std::string> fields;
  std::vector<Value> items;
  // torch.return_types print a field per line; Python's own structseqs
  // (sys.version_info) and collections.namedtuple classes print on one line.
  bool one_line = false;
  Value cls;  // a namedtuple's class (what type() gives); None for the others
  ~NamedTupleObj() override { release_values(items); }
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};

// A torch.Generator: a handle on an engine generator (several Values may share one).
struct GeneratorObj : Object {
  std::shared_ptr<tsh::Generator> gen;
};
// Defined in shell/torch/ops_random.cpp: a Generator's attributes, and the torch
// names that are not ops (Generator, default_generator, manual_seed, seed,
// initial_seed, get_rng_state, set_rng_state).
Value generator_attr(const Value& gen, const std::string& name);
void install_random_attrs(std::map<std::string, Value>& torch_attrs);

class Interpreter;
using Args = std::vector<Value>;
using Kwargs = std::vector<std::pair<std::string, Value>>;

// Value vectors that keep their memory between calls. Every call builds a vector
// of arguments and the registry one of bound values; in a loop of small-tensor
// calls their malloc and free would cost as much as the op. A few spare vectors,
// emptied but keeping their capacity, are lent out instead (per thread).
std::vector<Value> borrow_values();           // empty; with room when a spare one is kept
void return_values(std::vector<Value>&& v);   // emptied, and kept when small enough
// An argument vector for one call, borrowed for the lease's lifetime.
struct ArgsLease {
  Args args = borrow_values();
  ArgsLease() = default;
  ArgsLease(const ArgsLease&) = delete;
  ArgsLease& operator=(const ArgsLease&) = delete;
  ~ArgsLease() { return_values(std::move(args)); }
};

// A function implemented in C++ (builtins, torch functions, methods of non-tensors).
struct BuiltinObj : Object {
  std::string name;       // "print", "torch.zeros"
  std::string qualname;   // for repr: "<built-in function print>"
  std::function<Value(Interpreter&, Args&, Kwargs&)> fn;
};
// A method bound to its receiver: `t.view` evaluated without calling.
struct MethodObj : Object, Tracked {
  Value self;
  Value func;  // a BuiltinObj or a FunctionObj taking self first
  std::string name;
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};
// A function's local variables; `enclosing` is the defining function's scope (closures).
struct Scope : Tracked {
  std::map<std::string, Value> vars;
  std::shared_ptr<Scope> enclosing;
  // The global namespace of code run apart from __main__ (a benchmark
  // Timer's stmt and setup): name lookup stops here, never reaching the
  // session's globals, then goes on to builtins and torch.
  bool isolated = false;
  // A comprehension's or generator expression's scope: `:=` in it binds in the scope around it.
  bool comprehension = false;
  std::set<std::string> global_names;    // `global x`: x binds and resolves in the module
  std::set<std::string> nonlocal_names;  // `nonlocal x`: x binds in the enclosing scope
  // A class body's namespace: its qualified name ("A", "Outer.Inner"). Functions defined
  // in it do not see it (their closure is the scope around the class), as in Python.
  std::string class_qualname;
  // A def call's scope: the names its def binds (grammar/scopes.h), sorted, and their values in
  // `slots` by the same index (nullopt while unbound), never in `vars`. One of them not yet bound
  // is an unbound local, never a global or enclosing name. Null / empty for other scopes.
  std::shared_ptr<const std::vector<std::string>> locals;
  std::vector<std::optional<Value>> slots;
  // The index of local `name` in slots, or -1 when the def does not bind it.
  int slot_of(const std::string& name) const {
    if (!locals) return -1;
    auto it = std::lower_bound(locals->begin(), locals->end(), name);
    return it != locals->end() && *it == name ? static_cast<int>(it - locals->begin()) : -1;
  }
  bool declares_local(const std::string& name) const { return slot_of(name) >= 0; }
  // The variable `name` in this scope alone (a bound local or an entry of vars), or null.
  Value* find(const std::string& name) {
    if (int i = slot_of(name); i >= 0) return slots[static_cast<size_t>(i)] ? &*slots[static_cast<size_t>(i)] : nullptr;
    auto it = vars.find(name);
    return it != vars.end() ? &it->second : nullptr;
  }
  // Binds `name` here; true when it was not bound before.
  bool set(const std::string& name, const Value& v) {
    if (int i = slot_of(name); i >= 0) {
      std::optional<Value>& slot = slots[static_cast<size_t>(i)];
      const bool fresh = !slot;
      slot = v;
      return fresh;
    }
    return vars.insert_or_assign(name, v).second;
  }
  // Unbinds `name` here; false when it was not bound.
  bool erase(const std::string& name) {
    if (int i = slot_of(name); i >= 0) {
      std::optional<Value>& slot = slots[static_cast<size_t>(i)];
      const bool was = slot.has_value();
      slot.reset();
      return was;
    }
    return vars.erase(name) > 0;
  }
  // Every bound variable, by name (locals(), error suggestions).
  std::map<std::string, Value> bound_names() const {
    std::map<std::string, Value> out = vars;
    for (size_t i = 0; i < slots.size(); ++i)
      if (slots[i]) out.emplace((*locals)[i], *slots[i]);
    return out;
  }
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};

// A `def` or lambda.
struct FunctionObj : Object, Tracked {
  std::shared_ptr<Scope> closure;  // null for functions defined at module level
  std::string name;
  // Python's parameter model: params holds the positional parameters (the
  // first `posonly` of them positional-only) and then the keyword-only ones;
  // argcount is the number of positional ones.
  std::vector<std::string> params;
  size_t argcount = 0;
  size_t posonly = 0;
  std::vector<Value> defaults;  // aligned to the last positional params
  std::vector<std::optional<Value>> kwdefaults;  // one per keyword-only param
  std::string varargs, varkw;  // the names of *args and **kwargs; empty when absent
  const std::vector<std::unique_ptr<grammar::Stmt>>* body = nullptr;  // def
  const grammar::Expr* lambda_body = nullptr;                         // lambda
  std::shared_ptr<void> keep_alive;  // the parsed source the body points into
  std::shared_ptr<const std::string> source;  // its text, for tracebacks
  std::string qualname;              // "A.f", "f.<locals>.g": what argument errors name; empty: name
  bool generator = false;            // the body yields: a call makes a generator
  std::shared_ptr<const std::vector<std::string>> locals;  // a def's local variables (grammar/scopes.h)
  // A def's parameters' indexes in locals (Scope::slots), in the order of params, then *args's and
  // **kwargs's when it has them; empty for a lambda, whose scope keeps its variables by name.
  std::vector<uint32_t> param_slots;
  // n when a call of n positional arguments binds them one by one into their slots with nothing to
  // check (a def(a, b) called with two: no defaults used, no *args or **kwargs, no generator); -1
  // otherwise. Worked out once the def's slots are (Interpreter::set_param_slots).
  int plain_arity = -1;
  // The scope its last call left, emptied (slots unbound, sized for `locals`), for its next call
  // to take at once; null when none is kept (Interpreter::scope_for, recycle_scope). A plain call
  // borrows it where it is (spare_lent meanwhile; Interpreter::call_plainly).
  mutable std::shared_ptr<Scope> spare_scope;
  mutable bool spare_lent = false;
  std::weak_ptr<Object> owner;       // the class whose body defined it (super() without arguments)
  std::map<std::string, Value> attrs;  // __doc__, __annotations__, __wrapped__ and a program's own
  const std::string& error_name() const { return qualname.empty() ? name : qualname; }
  ~FunctionObj() override { release_values(defaults); }  // lambda f=f: ... a million times
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};
struct ModuleObj : Object {
  std::string name;    // "torch", "torch.linalg"
  std::string origin;  // "built-in", "frozen": shown in the repr, as Python shows it
  std::map<std::string, Value> attrs;
  // A module written in Python (torch.nn, ...) is filled by its loader on first use: `import
  // torch` stays quick. Whoever reads attrs calls load_module() first (attrs.cpp, dir, completion).
  std::function<void(Interpreter&, const Value&)> loader;
};
// Runs a module's loader once, if it has one.
void load_module(Interpreter& in, const Value& module);
// A type object: int, float, str, ... (callable constructors with a repr like <class 'int'>).
struct TypeObj : Object {
  std::string name;
  std::function<Value(Interpreter&, Args&, Kwargs&)> ctor;
  std::map<std::string, Value> attrs;  // class attributes: dict.fromkeys
  bool subclassable = false;  // a class statement may derive from it (torch.autograd.Function)
  bool user_class = false;    // a ClassObj (shell/python/classes.h): a class written in tsh
};

// An iterator (Python's iterator protocol): `next` yields the following item
// into `out`, or returns false once exhausted (and keeps returning false).
// `type_name` is Python's: "map", "list_iterator", "zip" ...
struct IterObj : Object, Tracked {
  std::string type_name;
  std::function<bool(Interpreter&, Value& out)> next;
  bool done = false;
  // Where Python's repr is not `<type_name object at 0x...>` (itertools.count: `count(5)`).
  std::function<std::string()> repr;
  // Shows the collector the values `next` (and `repr`) keep: the source, the function, the
  // items saved. Only values this iterator alone owns may be shown: where state is shared
  // (tee's buffer, groupby's groups) it is not, and what it refers to counts as live.
  std::function<void(GcVisitor&)> holds;
  // The class type(x) returns, where a module defines it (itertools.count); else a stand-in named type_name.
  Value type;
  // A generator's methods (send, throw, close) and its run state, which `yield from` drives.
  std::function<std::optional<Value>(Interpreter&, const std::string&)> attr;
  std::shared_ptr<void> native;
  ~IterObj() override;  // iterative, like release_values: map(f, map(f, ...)) nests deep
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};
// An Iterator value of Python type `type_name` ("list_iterator", "map") whose `next` reads the
// values in `held` (its source, its function, its items) and keeps no other: the collector sees
// them, so a cycle through the iterator is freed. Null where `next` keeps no values.
using HeldValues = std::shared_ptr<std::vector<Value>>;
HeldValues held_values(std::vector<Value> values);
Value iterator_value(std::string type_name, std::function<bool(Interpreter&, Value&)> next, HeldValues held = nullptr);
// The next item of an Iterator value; false when it is exhausted.
bool iter_next(Interpreter& in, const Value& it, Value& out);
// An Iterator over the items of any iterable, as iter(x) makes it.
Value make_iterator(Interpreter& in, const Value& iterable);
// The items of a dict (its keys), a dict view or an iterator (which this
// consumes); a TypeError "'int' object is not iterable" for anything else.
std::vector<Value> iterate_object(Interpreter& in, const Value& v);

// An object of a Python class that tsh implements in C++, such as
// torch.utils.benchmark's Timer and Measurement. type(x).__name__ is
// class_name(); its default repr is `<module.class object at 0x...>`.
struct InstanceObj : Object {
  // True for a UserInstance (an object of a class written in tsh): the hot paths ask on every
  // attribute access, and a flag costs less than a cast.
  bool user_instance = false;
  virtual std::string class_name() const = 0;   // "Measurement"
  virtual std::string module_name() const = 0;  // "torch.utils.benchmark.utils.common"
  // Attribute lookup; throws AttributeError for unknown names.
  virtual Value attr(Interpreter& in, const Value& self, const std::string& name) = 0;
  virtual std::vector<std::string> attr_names() const { return {}; }
  virtual std::string repr_of(const Value& self) const;
  virtual std::string str_of(const Value& self) const { return repr_of(self); }  // str(x), print(x)
  // Container hooks (os.environ, open()'s files): x[k], x[k] = v, del x[k],
  // len(x), iteration (an Iterator value) and `in` (through iteration). The
  // defaults raise Python's TypeError for an object without them.
  virtual Value get_item(Interpreter& in, const Value& self, const Value& key);
  virtual void set_item(Interpreter& in, const Value& self, const Value& key, const Value& v);
  virtual void del_item(Interpreter& in, const Value& self, const Value& key);
  virtual Int length(const Value& self);
  virtual Value iter(Interpreter& in, const Value& self);
  virtual bool is_iterator() const { return false; }  // next(x) works on it (a file is its own iterator)
  // `x.name = v`; the default is Python's AttributeError for an object
  // without writable attributes.
  virtual void set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v);
  // `del x.name`; the default is Python's AttributeError.
  virtual void del_attr(Interpreter& in, const Value& self, const std::string& name);
  // `x == other` where the class defines __eq__ (argparse.Namespace);
  // nullopt falls back to identity, as object.__eq__ does.
  virtual std::optional<bool> equals(const Value&, const Value&) const { return std::nullopt; }
  // hash(x): nullopt hashes by identity, as object.__hash__ does. A class whose __eq__ compares
  // values gives a hash that agrees with it, or throws Python's TypeError when it has none
  // (numpy.ndarray, argparse.Namespace: "unhashable type").
  virtual std::optional<int64_t> hash(const Value&) const { return std::nullopt; }
  // `item in x` where the class defines __contains__; nullopt searches the
  // iteration instead, as Python does without __contains__.
  virtual std::optional<bool> contains(Interpreter&, const Value&, const Value&) { return std::nullopt; }
  // Python's operators where the class defines them (numpy.ndarray's __add__, __lt__, __neg__, ...):
  // `op` is a grammar::Op; self_left says which side self is on. nullopt: the class does not define it.
  virtual std::optional<Value> binary_op(Interpreter&, int /*op*/, const Value& /*self*/, const Value& /*other*/,
                                         bool /*self_left*/) {
    return std::nullopt;
  }
  virtual std::optional<Value> unary_op(Interpreter&, int /*op*/, const Value& /*self*/) { return std::nullopt; }
  // `x op= y` where the class defines the in-place form (__iadd__); nullopt falls back to x = x op y.
  virtual std::optional<Value> inplace_op(Interpreter&, int /*op*/, const Value& /*self*/, const Value& /*other*/) {
    return std::nullopt;
  }
  // x(...) where the class defines __call__ (or the object is a decorator, torch.no_grad());
  // nullopt: "'X' object is not callable".
  virtual std::optional<Value> call(Interpreter&, const Value& /*self*/, Args&, Kwargs&) { return std::nullopt; }
  // format(x, spec), f"{x:spec}" where the class defines __format__; nullopt: the default.
  virtual std::optional<std::string> format(Interpreter&, const Value& /*self*/, const std::string& /*spec*/) {
    return std::nullopt;
  }
  // bool(x), int(x), float(x) where the class defines __bool__ / __int__ / __float__ (numpy scalars):
  // the truth value, and the Python number x stands for. nullopt: the class does not define them.
  virtual std::optional<bool> truth() const { return std::nullopt; }
  virtual std::optional<Value> as_number() const { return std::nullopt; }
  // The object's __dict__ (a Dict value), which vars(x) returns; None when
  // the object has none that tsh keeps.
  virtual Value instance_dict(const Value&) { return Value(); }
  Value type;  // the class object (a Type), which type(x) returns
};

// An instance that keeps values a program gave it (an exception's args, a
// Namespace's attributes, a Timer's globals): tracked, so that a cycle through
// it is collected. Instances that keep none of those are left untracked.
struct TrackedInstance : InstanceObj, Tracked {
  // Calls `f` on each Value member the object owns (one call per reference it holds).
  virtual void each_value(const std::function<void(Value&)>& f) = 0;
  void traverse(GcVisitor& visit) const override;
  void clear(GcGarbage& into) override;
};

// A tuple of tensors, as chunk/split/unbind/nonzero(as_tuple=True) return.
Value tensor_tuple(const std::vector<Tensor>& ts);

// Python's type name of a value: "int", "Tensor", "torch.Size", "builtin_function_or_method".
std::string type_name(const Value& v);

// Python's MemoryError, raised before a list, tuple, dict or set of `count` items is made when
// it could not fit in this machine's memory (where CPython's allocation would fail): the shell
// never asks for it, so nothing relies on bad_alloc or on the allocator's abort (ASan's).
void check_container_size(long double count);
// repr(): a list or dict met again inside itself prints as [...] / {...};
// nesting past Python's recursion limit is a RecursionError.
std::string repr(const Value& v);
std::string hex_addr(const void* p);  // "0x7f3c603049e0", as id() shows in reprs
std::string str(const Value& v);  // print()'s form
bool truthy(const Value& v);      // throws for multi-element tensors, as PyTorch does
bool values_equal(const Value& a, const Value& b);  // Python ==, non-tensor

}  // namespace tsh::shell
