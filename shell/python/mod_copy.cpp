// shell/python/mod_copy.cpp — Python's copy module: copy (shallow) and deepcopy.
//
// deepcopy keeps a memo of what it copied, by identity, so that an object met
// twice is copied once and cycles end. A tensor is copied as PyTorch's
// Tensor.__deepcopy__ copies it: its storage is copied (once per storage, so
// two views of one tensor stay views of one new storage), the view's size,
// stride and offset are kept, and requires_grad and .grad come along; only
// leaves may be deep-copied.
#include <map>

#include "engine/autograd/variable.h"
#include "engine/core/memory.h"
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/set.h"

namespace tsh::shell {

namespace {

bool immutable(const Value& v) {
  switch (v.kind()) {
    case Kind::None: case Kind::Bool: case Kind::Int: case Kind::Float: case Kind::Complex: case Kind::Ellipsis:
    case Kind::DType: case Kind::Device: case Kind::Str: case Kind::Range: case Kind::Slice: case Kind::Function:
    case Kind::Builtin: case Kind::Type: case Kind::Module: case Kind::Size:
      return true;
    default: return false;
  }
}

Value shallow_copy(Interpreter& in, const Value& v) {
  if (immutable(v) || v.is(Kind::Tuple) || v.is(Kind::FrozenSet) || v.is(Kind::NamedTuple)) return v;
  switch (v.kind()) {
    case Kind::List: return Value::list(v.items());
    case Kind::Dict: {
      Value d = make_dict();
      DictObj& to = dict_of(d);
      const DictObj& from = dict_of(v);
      to.flavor = from.flavor;
      to.cls = from.cls;
      to.default_factory = from.default_factory;
      for (const auto& e : from.entries)
        if (e.alive) to.set(e.key, e.value);
      return d;
    }
    case Kind::Set: {
      Value s = make_set();
      for (const Value& k : set_of(v).keys()) set_of(s).add(k, py_hash(k));
      return s;
    }
    default: break;
  }
  if (UserInstance* u = as_user(v)) {
    Kwargs nokw;
    if (class_lookup(u->type, "__copy__")) {
      Args none;
      return in.call(in.get_attr(v, "__copy__"), none, nokw);
    }
    Args cls{u->type};
    Value copy = in.call(in.get_attr(u->type, "__new__"), cls, nokw);  // a new object, __init__ not run
    if (UserInstance* c = as_user(copy)) {
      c->args = u->args;
      for (const auto& e : dict_of(u->dict).entries)
        if (e.alive) dict_of(c->dict).set(e.key, e.value);
    }
    return copy;
  }
  throw NotImplementedError("copy.copy() of a '" + type_name(v) + "' object is not supported by tsh");
}

struct DeepCopier {
  Interpreter& in;
  std::map<uintptr_t, Value> memo;                // by identity
  std::map<const StorageImpl*, Storage> storages;  // a tensor's storage, copied once

  Tensor tensor(const Tensor& t) {
    if (!autograd::is_leaf(t))
      throw RuntimeError(
          "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment.  "
          "If you were attempting to deepcopy a module, this may be because of a torch.nn.utils.weight_norm usage, see "
          "https://github.com/pytorch/pytorch/pull/103001");
    const Storage& from = t.storage();
    Storage& to = storages[from.get()];
    if (!to) {
      to = make_storage(from->nbytes, from->device);
      if (from->nbytes > 0) copy_bytes(to, 0, from, 0, from->nbytes);
    }
    Tensor out = Tensor::make(to, t.sizes(), t.strides(), t.storage_offset(), t.dtype());
    if (autograd::requires_grad(t)) autograd::set_requires_grad(out, true);
    out.impl()->is_parameter = t.impl()->is_parameter;  // a Parameter's copy is one
    if (Tensor g = autograd::grad(t); g.defined()) autograd::set_grad(out, tensor(g));
    return out;
  }

  Value copy(const Value& v) {
    if (immutable(v)) return v;
    const uintptr_t id = v.identity();
    if (auto it = memo.find(id); it != memo.end()) return it->second;
    switch (v.kind()) {
      case Kind::Tensor: return memo[id] = Value::tensor(tensor(v.as_tensor()));
      case Kind::List: {
        Value out = Value::list({});
        memo[id] = out;
        for (const Value& x : std::vector<Value>(v.items())) out.items().push_back(copy(x));
        return out;
      }
      case Kind::Tuple: {
        std::vector<Value> items;
        for (const Value& x : v.items()) items.push_back(copy(x));
        if (auto it = memo.find(id); it != memo.end()) return it->second;  // made while copying the items
        return memo[id] = Value::tuple(std::move(items));
      }
      case Kind::Dict: {
        Value out = make_dict();
        memo[id] = out;
        const DictObj& from = dict_of(v);
        dict_of(out).flavor = from.flavor;
        dict_of(out).cls = from.cls;
        dict_of(out).default_factory = from.default_factory;
        for (const auto& e : std::vector<DictObj::Entry>(from.entries))
          if (e.alive) dict_of(out).set(copy(e.key), copy(e.value));
        return out;
      }
      case Kind::Set:
      case Kind::FrozenSet: {
        Value out = make_set(v.is(Kind::FrozenSet));
        memo[id] = out;
        for (const Value& k : set_of(v).keys()) {
          const Value c = copy(k);
          set_of(out).add(c, py_hash(c));
        }
        return out;
      }
      default: break;
    }
    if (UserInstance* u = as_user(v)) {
      if (class_lookup(u->type, "__deepcopy__")) {
        Value m = make_dict();
        Args a{m};
        Kwargs nokw;
        return memo[id] = in.call(in.get_attr(v, "__deepcopy__"), a, nokw);
      }
      Args a{u->type};
      Kwargs nokw;
      Value out = in.call(in.get_attr(u->type, "__new__"), a, nokw);
      memo[id] = out;
      if (UserInstance* c = as_user(out)) {
        for (const Value& x : u->args) c->args.push_back(copy(x));
        for (const auto& e : std::vector<DictObj::Entry>(dict_of(u->dict).entries))
          if (e.alive) dict_of(c->dict).set(e.key, copy(e.value));
      }
      return out;
    }
    if (v.is(Kind::NamedTuple) || v.is(Kind::Storage)) return v;
    throw NotImplementedError("copy.deepcopy() of a '" + type_name(v) + "' object is not supported by tsh");
  }
};

}  // namespace

Value deep_copy(Interpreter& in, const Value& v) {
  DeepCopier c{in, {}, {}};
  return c.copy(v);
}

void install_copy(Interpreter&, Value& m) {
  def_function(m, "copy", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 1 || !kw.empty()) throw TypeError("copy() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    return shallow_copy(in, a[0]);
  });
  def_function(m, "deepcopy", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.empty() || a.size() > 2 || !kw.empty())
      throw TypeError("deepcopy() takes from 1 to 2 positional arguments but " + std::to_string(a.size()) + " were given");
    DeepCopier c{in, {}, {}};
    return c.copy(a[0]);
  });
  m.as<ModuleObj>()->attrs["Error"] = exception_class("Exception");
}

}  // namespace tsh::shell
