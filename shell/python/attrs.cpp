// shell/python/attrs.cpp — attribute lookup: tensor properties and methods, modules, and
// the attributes of Python values (dtype, device, storage, numbers, slices,
// types); str, list and dict methods live in str_methods.cpp,
// list_methods.cpp and dict.cpp.
#include <algorithm>
#include <cstring>

#include "engine/autograd/variable.h"

#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/bigint.h"
#include "shell/python/dict.h"
#include "shell/python/set.h"
#include "shell/python/warnings.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "shell/python/pyops.h"
#include "shell/suggest.h"
#include "shell/torch/registry.h"
#include "shell/torch/tensor_attrs.h"

namespace tsh::shell {

namespace {

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

// A method of a non-tensor value: a builtin with self captured.
// An empty value of a builtin type, on which its methods can be looked up.
std::optional<Value> empty_value_of(const std::string& type) {
  if (type == "str") return Value::str("");
  if (type == "list") return Value::list({});
  if (type == "tuple") return Value::tuple({});
  if (type == "dict") return make_dict();
  if (type == "set") return make_set(false);
  if (type == "frozenset") return make_set(true);
  if (type == "int") return Value::integer(0);
  if (type == "float") return Value::floating(0);
  if (type == "complex") return Value::complex({0, 0});
  return std::nullopt;
}

Value bound(const Value& self, const std::string& name, std::function<Value(const Value&, Args&)> fn) {
  return make_builtin(name, "<built-in method " + name + " of " + type_name(self) + " object>",
                      [self, fn, name](Interpreter&, Args& a, Kwargs& kw) {
                        if (!kw.empty())
                          throw TypeError(name + "() takes no keyword arguments");
                        return fn(self, a);
                      });
}

void expect_args(const std::string& name, const Args& a, size_t lo, size_t hi) {
  if (a.size() < lo || a.size() > hi) {
    if (lo == hi && lo == 0)
      throw TypeError(name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
    throw TypeError(name + "() takes " + (lo == hi ? "exactly " : "at most ") +
                    std::to_string(hi) + " argument" + (hi == 1 ? "" : "s") + " (" +
                    std::to_string(a.size()) + " given)");
  }
}

Value storage_attr(const Value& obj, const std::string& name) {
  auto* s = obj.as<StorageObj>();
  if (name == "dtype" && !s->untyped) return Value::dtype(s->dtype);
  if (name == "device") return Value::device(s->storage->device);
  if (name == "size" || name == "__len__")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("size", a, 0, 0);
      return Value::integer(self.as<StorageObj>()->size());
    });
  if (name == "nbytes")
    return bound(obj, name, [](const Value& self, Args&) { return Value::integer(self.as<StorageObj>()->storage->nbytes); });
  if (name == "element_size")
    return bound(obj, name, [](const Value& self, Args&) {
      auto* st = self.as<StorageObj>();
      return Value::integer(st->untyped ? 1 : itemsize(st->dtype));
    });
  if (name == "data_ptr")
    return bound(obj, name, [](const Value& self, Args&) {
      return Value::integer(static_cast<Int>(reinterpret_cast<uintptr_t>(self.as<StorageObj>()->storage->data)));  // an address, not read
    });
  if (name == "type")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("type", a, 0, 0);
      auto* st = self.as<StorageObj>();
      if (st->untyped) return Value::str("torch.storage.UntypedStorage");
      std::string n(legacy_type_name(st->dtype));
      return Value::str("torch." + n.replace(n.find("Tensor"), 6, "Storage"));
    });
  if (name == "is_cuda") return Value::boolean(s->storage->device.is_cuda());
  if (name == "is_shared")
    return bound(obj, name, [](const Value&, Args& a) {
      expect_args("is_shared", a, 0, 0);
      return Value::boolean(false);  // tsh has no shared-memory storages
    });
  if (name == "pin_memory" || name == "is_pinned") {
    // PyTorch's _StorageBase.pin_memory/is_pinned(device='cuda'): a byte tensor over the storage, and
    // Tensor.pin_memory/is_pinned (its errors: no driver, no accelerator, 'cpu' not one).
    const bool pin = name == "pin_memory";
    return make_builtin(name, "<bound method " + name + ">", [obj, pin, name](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(pin ? "pin_memory" : "is_pinned", a, kw, {"device"}, 0);
      auto* st = obj.as<StorageObj>();
      if (!st->storage->device.is_cpu()) {
        if (!pin) return Value::boolean(false);
        std::string n(legacy_type_name(st->dtype));
        const std::string type = st->untyped ? "torch.storage.UntypedStorage" : "torch." + n.replace(n.find("Tensor"), 6, "Storage");
        throw TypeError("cannot pin '" + type + "' only CPU memory can be pinned");
      }
      const Tensor bytes = Tensor::make(st->storage, {st->storage->nbytes}, {1}, 0, DType::UInt8);
      Args args;
      Kwargs kwargs;
      if (!v[0].is_none()) args.push_back(v[0]);
      Value r = in.call(in.get_attr(Value::tensor(bytes), name), args, kwargs);
      if (!pin) return r;
      auto out = std::make_shared<StorageObj>(*st);
      out->storage = r.as_tensor().storage();
      return Value::object(Kind::Storage, out);
    });
  }
  if (name == "cpu")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("cpu", a, 0, 0);
      // A CPU untyped storage is returned as is; a typed one comes back as a new wrapper of the same bytes.
      auto* st = self.as<StorageObj>();
      if (!st->storage->device.is_cpu())
        throw NotImplementedError("storage.cpu() of a " + st->storage->device.str() + " storage is not supported by tsh");
      if (st->untyped) return self;
      auto copy = std::make_shared<StorageObj>(*st);
      return Value::object(Kind::Storage, copy);
    });
  if (name == "untyped")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("untyped", a, 0, 0);
      auto u = std::make_shared<StorageObj>(*self.as<StorageObj>());
      u->untyped = true;
      return Value::object(Kind::Storage, u);
    });
  if (name == "fill_")
    return make_builtin(name, "<built-in method fill_>", [obj](Interpreter& in, Args& a, Kwargs&) {
      expect_args("fill_", a, 1, 1);
      for (int64_t i = 0; i < obj.as<StorageObj>()->size(); ++i) in.set_item(obj, Value::integer(i), a[0]);
      return obj;
    });
  if (name == "tolist")
    return make_builtin(name, "<built-in method tolist>", [obj](Interpreter& in, Args& a, Kwargs&) {
      expect_args("tolist", a, 0, 0);
      std::vector<Value> out;
      for (int64_t i = 0; i < obj.as<StorageObj>()->size(); ++i)
        out.push_back(in.eval_subscript(obj, Value::integer(i)));
      return Value::list(std::move(out));
    });
  no_attribute(obj, name, {"dtype", "device", "size", "nbytes", "element_size", "data_ptr", "tolist", "type", "is_cuda",
                           "is_shared", "is_pinned", "pin_memory", "cpu", "untyped", "fill_"});
}

// slice.indices(length): the slice's start, stop and step clamped to a sequence of that length.
Value slice_indices_value(Interpreter&, const Value& slice, const Value& length) {
  if (!length.is_intlike())
    throw TypeError("'" + type_name(length) + "' object cannot be interpreted as an integer");
  const Int len = length.as_int();
  if (len < 0) throw ValueError("length should not be negative");
  auto* s = slice.as<SliceObj>();
  auto integer = [](const Value& v) {
    if (!v.is_intlike()) throw TypeError("slice indices must be integers or None or have an __index__ method");
    return v.as_int();
  };
  const Int step = s->step.is_none() ? 1 : integer(s->step);
  if (step == 0) throw ValueError("slice step cannot be zero");
  auto clamp = [&](const Value& v, Int dflt) {
    if (v.is_none()) return dflt;
    Int i = integer(v);
    if (i < 0) i += len;
    return step > 0 ? std::clamp<Int>(i, 0, len) : std::clamp<Int>(i, -1, len - 1);
  };
  const Int start = clamp(s->start, step > 0 ? 0 : len - 1), stop = clamp(s->stop, step > 0 ? len : -1);
  return Value::tuple({Value::integer(start), Value::integer(stop), Value::integer(step)});
}

}  // namespace

Value make_builtin(const std::string& name, std::string qualname, Fn fn) {
  auto b = std::make_shared<BuiltinObj>();
  b->name = name;
  b->qualname = std::move(qualname);
  b->fn = std::move(fn);
  return Value::object(Kind::Builtin, b);
}

Value Interpreter::get_attr(const Value& obj, const std::string& name) {
  // x.__class__ of a value of a built-in type is type(x), as in Python (an object of a class
  // finds it through its class's attributes).
  if (name == "__class__" && !(obj.is(Kind::Instance) && obj.as<InstanceObj>()->user_instance)) {
    Args args{obj};
    Kwargs none;
    return call(builtins().at("type"), args, none);
  }
  switch (obj.kind()) {
    case Kind::Tensor: {
      const Tensor& t = obj.as_tensor();
      if (name == "grad" && !autograd::is_leaf(t) && !autograd::retains_grad(t))
        warn_once(*this, "UserWarning",
                  "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute "
                  "won't be populated during autograd.backward(). If you indeed want the .grad field to be populated "
                  "for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf "
                  "Tensor by mistake, make sure you access the leaf Tensor instead. See "
                  "github.com/pytorch/pytorch/pull/30531 for more information.");
      if (auto p = tensor_property(t, name)) return *p;
      if (auto* overloads = registry().methods(name)) {
        auto m = std::make_shared<MethodObj>();
        m->self = obj;
        m->name = name;
        m->func = make_builtin(name, "<built-in method " + name + ">",
                               [overloads](Interpreter& in, Args& a, Kwargs& kw) {
                                 return registry().call(in, *overloads, true, a, kw);
                               });
        return Value::object(Kind::Method, m);
      }
      std::vector<std::string> candidates = registry().method_names();
      for (auto& p : tensor_property_names()) candidates.push_back(p);
      no_attribute(obj, name, candidates);
    }
    case Kind::Module: {
      auto* m = obj.as<ModuleObj>();
      if (m->loader) load_module(*this, obj);
      if (auto it = m->attrs.find(name); it != m->attrs.end()) return it->second;
      // linalg_X ops live in torch.linalg only (PyTorch has no torch.linalg_solve).
      if (m->name == "torch" && name.rfind("linalg_", 0) != 0) {
        if (auto* overloads = registry().functions(name)) {
          Value f = make_builtin(name, "<built-in method " + name + " of type object>",
                                 [overloads](Interpreter& in, Args& a, Kwargs& kw) {
                                   return registry().call(in, *overloads, false, a, kw);
                                 });
          m->attrs[name] = f;  // cached: the same object each time, as in Python
          return f;
        }
      }
      if (name == "__name__") return Value::str(m->name);  // every module knows its dotted name
      std::string msg = "module '" + m->name + "' has no attribute '" + name + "'";
      throw AttributeError(msg);
    }
    case Kind::DType: {
      DType d = obj.as_dtype();
      if (name == "is_floating_point") return Value::boolean(is_floating(d));
      if (name == "is_complex") return Value::boolean(is_complex(d));
      if (name == "is_signed") return Value::boolean(d != DType::Bool && !is_unsigned(d));
      if (name == "itemsize") return Value::integer(itemsize(d));
      no_attribute(obj, name, {"is_floating_point", "is_complex", "is_signed", "itemsize"});
    }
    case Kind::Device: {
      Device d = obj.as_device();
      if (name == "type") return Value::str(d.is_cpu() ? "cpu" : d.is_cuda() ? "cuda" : "meta");
      if (name == "index") return d.index < 0 ? Value() : Value::integer(d.index);
      if (name == "__enter__" || name == "__exit__") return device_context_attr(obj, name);
      no_attribute(obj, name, {"type", "index"});
    }
    case Kind::Storage: return storage_attr(obj, name);
    case Kind::Generator: return generator_attr(obj, name);
    case Kind::Str: return str_attr(obj, name);
    case Kind::List:
    case Kind::Tuple:
    case Kind::Size: return list_attr(obj, name);
    case Kind::NamedTuple: {
      auto* n = obj.as<NamedTupleObj>();
      for (size_t i = 0; i < n->fields.size(); ++i)
        if (n->fields[i] == name) return n->items[i];
      if (n->cls.is(Kind::Type)) {  // a collections.namedtuple: its class's names and methods
        auto& cls_attrs = n->cls.as<TypeObj>()->attrs;
        if (auto it = cls_attrs.find(name); it != cls_attrs.end()) return it->second;
        if (name == "_asdict")
          return make_builtin(name, "<bound method _asdict>", [obj](Interpreter&, Args&, Kwargs&) {
            Value d = make_dict();
            auto* t = obj.as<NamedTupleObj>();
            for (size_t i = 0; i < t->fields.size(); ++i) dict_of(d).set(Value::str(t->fields[i]), t->items[i]);
            return d;
          });
        if (name == "_replace")
          return make_builtin(name, "<bound method _replace>", [obj](Interpreter& in, Args& a, Kwargs& kw) {
            if (!a.empty()) throw TypeError("_replace() takes 1 positional argument but " + std::to_string(a.size() + 1) + " were given");
            auto* t = obj.as<NamedTupleObj>();
            auto out = std::make_shared<NamedTupleObj>(*t);
            std::vector<std::string> unknown;
            for (auto& [k, v] : kw) {
              auto f = std::find(t->fields.begin(), t->fields.end(), k);
              if (f == t->fields.end()) unknown.push_back(k);
              else out->items[static_cast<size_t>(f - t->fields.begin())] = v;
            }
            if (!unknown.empty()) {
              std::vector<Value> names;
              for (auto& u : unknown) names.push_back(Value::str(u));
              throw ValueError("Got unexpected field names: " + repr(Value::list(names)));
            }
            (void)in;
            return Value::object(Kind::NamedTuple, out);
          });
        if (name == "count" || name == "index") return list_attr(Value::tuple(n->items), name);
        throw AttributeError("'" + n->type_name + "' object has no attribute '" + name + "'");
      }
      no_attribute(obj, name, n->fields);
    }
    case Kind::Int:
    case Kind::Bool:
    case Kind::Float:
    case Kind::Complex: {
      if (name == "real")
        return obj.is(Kind::Complex) ? Value::floating(obj.as_complex().real())
               : obj.is(Kind::Bool)  ? Value::integer(obj.as_int())
                                     : obj;
      if (obj.is_intlike()) {
        const Value self = obj.is(Kind::Bool) ? Value::integer(obj.as_int()) : obj;
        if (name == "numerator") return self;
        if (name == "denominator") return Value::integer(1);
        auto no_args = [name](const Args& a) {
          if (!a.empty())
            throw TypeError("int." + name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
        };
        if (name == "bit_length")
          return bound(obj, name, [no_args](const Value& v, Args& a) {
            no_args(a);
            return Value::integer(int_bit_length(v));
          });
        if (name == "bit_count")
          return bound(obj, name, [no_args](const Value& v, Args& a) {
            no_args(a);
            Mpz z = to_mpz(v);
            mpz_abs(z.get(), z.get());
            return Value::integer(static_cast<Int>(mpz_popcount(z.get())));
          });
        if (name == "as_integer_ratio")
          return bound(obj, name, [self, no_args](const Value&, Args& a) {
            no_args(a);
            return Value::tuple({self, Value::integer(1)});
          });
      }
      if (name == "imag")
        return obj.is(Kind::Complex) ? Value::floating(obj.as_complex().imag())
               : obj.is(Kind::Float) ? Value::floating(0) : Value::integer(0);
      if (name == "is_integer" && obj.is(Kind::Float))
        return bound(obj, name, [](const Value& self, Args&) {
          double f = self.as_float();
          return Value::boolean(std::isfinite(f) && f == std::floor(f));
        });
      if (name == "conjugate")
        return bound(obj, name, [](const Value& self, Args&) {
          return self.is(Kind::Complex) ? Value::complex(std::conj(self.as_complex())) : self;
        });
      if (obj.is_intlike())
        no_attribute(obj, name, {"real", "imag", "conjugate", "numerator", "denominator", "bit_length", "bit_count",
                                 "as_integer_ratio"});
      no_attribute(obj, name, {"real", "imag", "conjugate"});
    }
    case Kind::Dict:
      if (dict_of(obj).flavor != DictObj::Flavor::Dict)
        if (std::optional<Value> m = dict_subclass_attr(*this, obj, name)) return *m;
      return dict_attr(*this, obj, name);
    case Kind::Set:
    case Kind::FrozenSet: return set_method(*this, obj, name);
    case Kind::DictView:
      if (name == "mapping") return obj.as<DictViewObj>()->dict;  // (a mappingproxy in Python)
      no_attribute(obj, name, {"mapping"});
    case Kind::Instance: return obj.as<InstanceObj>()->attr(*this, obj, name);
    case Kind::Slice: {
      auto* sl = obj.as<SliceObj>();
      if (name == "start") return sl->start;
      if (name == "stop") return sl->stop;
      if (name == "step") return sl->step;
      if (name == "indices")
        return make_builtin(name, "<built-in method indices of slice object>", [obj](Interpreter& in, Args& a, Kwargs&) {
          if (a.size() != 1)
            throw TypeError("slice.indices() takes exactly one argument (" + std::to_string(a.size()) + " given)");
          return slice_indices_value(in, obj, a[0]);
        });
      no_attribute(obj, name, {"indices", "start", "step", "stop"});
    }
    case Kind::Type: {
      auto* type = obj.as<TypeObj>();
      if (auto* c = as_class(type)) {  // a tsh class: its MRO, bound as Python binds class attributes
        if (const Value* found = class_lookup(obj, name)) return bind_attribute(*this, *found, Value(), obj);
        if (name == "__name__") return Value::str(c->name.substr(c->name.rfind('.') + 1));
        if (name == "__mro__") return Value::tuple(class_mro(obj));
        if (name == "__bases__") return Value::tuple(c->bases);
        if (name == "__base__") return c->bases.empty() ? Value() : c->bases[0];
        if (name == "__dict__") {  // a mappingproxy in Python: read-only here too
          Value d = make_dict();
          for (auto& [k, v] : c->attrs) dict_of(d).set(Value::str(k), v);
          dict_of(d).snapshot = true;
          return d;
        }
        if (name == "mro")
          return make_builtin("mro", "<built-in method mro of type object>", [obj](Interpreter&, Args&, Kwargs&) {
            return Value::list(class_mro(obj));
          });
        throw AttributeError("type object '" + c->name.substr(c->name.rfind('.') + 1) + "' has no attribute '" + name + "'");
      }
      if (auto it = type->attrs.find(name); it != type->attrs.end()) return it->second;
      if (name == "__name__") {
        const std::string& n = type->name;
        return Value::str(n.substr(n.rfind('.') + 1));
      }
      // str.upper, list.append, dict.keys: a builtin type's method, unbound
      // (a method descriptor), found on an empty value of the type.
      if (std::optional<Value> sample = empty_value_of(type->name); sample && name.rfind("__", 0) != 0) {
        bool exists = true;
        try {
          get_attr(*sample, name);
        } catch (const tsh::Error&) {
          exists = false;
        }
        if (exists) {
          const std::string tname = type->name;
          return make_builtin(name, "<method '" + name + "' of '" + tname + "' objects>",
                              [tname, name](Interpreter& in, Args& a, Kwargs& kw) {
                                if (a.empty())
                                  throw TypeError("unbound method " + tname + "." + name + "() needs an argument");
                                const std::string self_type = type_name(a[0]);
                                const bool fits = self_type == tname || (tname == "int" && a[0].is(Kind::Bool));
                                if (!fits)
                                  throw TypeError("descriptor '" + name + "' for '" + tname +
                                                  "' objects doesn't apply to a '" + self_type + "' object");
                                Value method = in.get_attr(a[0], name);
                                Args rest(a.begin() + 1, a.end());
                                return in.call(method, rest, kw);
                              });
        }
      }
      throw AttributeError("type object '" + type->name + "' has no attribute '" + name + "'");
    }
    case Kind::Function: {
      auto* f = obj.as<FunctionObj>();
      if (auto it = f->attrs.find(name); it != f->attrs.end()) return it->second;
      if (name == "__name__") return Value::str(f->name);
      if (name == "__qualname__") return Value::str(f->error_name());
      if (name == "__module__") return Value::str("__main__");
      if (name == "__doc__") return Value();
      if (name == "__annotations__") return f->attrs["__annotations__"] = make_dict();
      if (name == "__dict__") {  // a snapshot: the attributes themselves are set with setattr
        Value d = make_dict();
        for (auto& [k, v] : f->attrs)
          if (k.rfind("__", 0) != 0) dict_of(d).set(Value::str(k), v);
        return d;
      }
      if (name == "__defaults__") return f->defaults.empty() ? Value() : Value::tuple(f->defaults);
      if (name == "__get__")  // the descriptor protocol by hand: f.__get__(obj) is a bound method
        return make_builtin("__get__", "<method-wrapper '__get__' of function object>", [obj](Interpreter& in, Args& a, Kwargs&) {
          if (a.empty()) throw TypeError("expected at least 1 argument, got 0");
          return bind_attribute(in, obj, a[0], Value());
        });
      no_attribute(obj, name, {"__name__", "__qualname__", "__doc__", "__module__", "__annotations__", "__defaults__"});
    }
    case Kind::Method: {
      auto* m = obj.as<MethodObj>();
      if (name == "__self__") return m->self;
      if (name == "__func__") return m->func;
      if (name == "__name__") return Value::str(m->name);
      if (m->func.is(Kind::Function)) return get_attr(m->func, name);  // a bound method reads its function's attributes
      no_attribute(obj, name, {"__self__", "__func__", "__name__"});
    }
    case Kind::Iterator: {
      auto* it = obj.as<IterObj>();
      if (it->attr)
        if (std::optional<Value> v = it->attr(*this, name)) return *v;
      if (name == "__next__")
        return make_builtin("__next__", "<method-wrapper '__next__'>", [obj](Interpreter& in, Args&, Kwargs&) {
          Value out;
          if (!iter_next(in, obj, out)) throw PyError("StopIteration", "");
          return out;
        });
      if (name == "__iter__")
        return make_builtin("__iter__", "<method-wrapper '__iter__'>", [obj](Interpreter&, Args&, Kwargs&) { return obj; });
      no_attribute(obj, name, {"__iter__", "__next__"});
    }
    case Kind::Builtin:
      if (name == "__name__") return Value::str(obj.as<BuiltinObj>()->name);
      no_attribute(obj, name, {"__name__"});
    default: no_attribute(obj, name, {});
  }
}

void Interpreter::set_attr(const Value& obj, const std::string& name, const Value& v) {
  if (obj.is(Kind::Module)) {
    obj.as<ModuleObj>()->attrs[name] = v;
    return;
  }
  if (obj.is(Kind::Tensor)) {
    if (name == "data" && v.is(Kind::Tensor)) {
      const Tensor& src = v.as_tensor();
      if (src.dtype() != obj.as_tensor().dtype() && autograd::requires_grad(obj.as_tensor()) &&
          !autograd::is_differentiable_dtype(src.dtype()))
        throw RuntimeError("data set to a tensor that requires gradients must be floating point or complex dtype");
      obj.as_tensor().impl()->storage = src.storage();
      obj.as_tensor().impl()->dtype = src.dtype();
      obj.as_tensor().set_geometry(src.sizes(), src.strides(), src.storage_offset());
      return;
    }
    if (name == "requires_grad") {
      if (!v.is(Kind::Bool)) throw RuntimeError("requires_grad must be a bool");
      autograd::set_requires_grad(obj.as_tensor(), v.as_bool());
      return;
    }
    if (name == "grad") {
      if (!v.is_none() && !v.is(Kind::Tensor))
        throw TypeError("assigned grad expected to be a Tensor or None but got grad of type " + type_name(v));
      autograd::set_grad(obj.as_tensor(), v.is_none() ? Tensor() : v.as_tensor());
      return;
    }
    if (is_tensor_property(name))
      throw AttributeError("attribute '" + name + "' of 'torch._C._TensorBase' objects is not writable");
  }
  if (obj.is(Kind::Instance)) {
    obj.as<InstanceObj>()->set_attr(*this, obj, name, v);
    return;
  }
  if (is_user_class(obj)) {
    Value& slot = obj.as<TypeObj>()->attrs[name];
    Value old = std::move(slot);
    slot = v;
    classes_changed();
    retire_class_attr(std::move(old));  // (a def replaced while it runs lives until its call ends)
    return;
  }
  if (obj.is(Kind::Function)) {  // functions take any attribute (functools.wraps sets __wrapped__, __doc__ ...)
    auto* f = obj.as<FunctionObj>();
    if (name == "__name__" || name == "__qualname__") {
      if (!v.is(Kind::Str)) throw TypeError(name + " must be set to a string object");
      (name == "__name__" ? f->name : f->qualname) = v.as_str();
      return;
    }
    f->attrs[name] = v;
    return;
  }
  if (obj.is(Kind::Type))
    throw TypeError("cannot set '" + name + "' attribute of immutable type '" + obj.as<TypeObj>()->name + "'");
  throw AttributeError("'" + type_name(obj) + "' object has no attribute '" + name + "'");
}

}  // namespace tsh::shell
