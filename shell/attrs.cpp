// shell/attrs.cpp — attribute lookup: tensor properties and methods, modules, and
// the few methods of Python values (str, list, Size, dtype, device, storage).
#include <algorithm>
#include <cstring>

#include "shell/errors.h"
#include "shell/interp.h"
#include "shell/pyops.h"
#include "shell/registry.h"
#include "shell/suggest.h"
#include "shell/tensor_attrs.h"

namespace tsh::shell {

namespace {

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

// A method of a non-tensor value: a builtin with self captured.
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

[[noreturn]] void no_attribute(const Value& obj, const std::string& name,
                               const std::vector<std::string>& candidates) {
  std::string msg = "'" + type_name(obj) + "' object has no attribute '" + name + "'";
  if (auto best = did_you_mean(name, candidates)) msg += ". Did you mean: '" + *best + "'?";
  throw AttributeError(msg);
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
      return Value::integer(static_cast<Int>(reinterpret_cast<uintptr_t>(self.as<StorageObj>()->storage->data)));
    });
  if (name == "tolist")
    return make_builtin(name, "<built-in method tolist>", [obj](Interpreter& in, Args& a, Kwargs&) {
      expect_args("tolist", a, 0, 0);
      std::vector<Value> out;
      for (int64_t i = 0; i < obj.as<StorageObj>()->size(); ++i)
        out.push_back(in.eval_subscript(obj, Value::integer(i)));
      return Value::list(std::move(out));
    });
  no_attribute(obj, name, {"dtype", "device", "size", "nbytes", "element_size", "data_ptr", "tolist"});
}

Value str_attr(const Value& obj, const std::string& name) {
  if (name == "upper" || name == "lower")
    return bound(obj, name, [name](const Value& self, Args&) {
      std::string s = self.as_str();
      for (char& c : s) c = static_cast<char>(name == "upper" ? std::toupper(static_cast<unsigned char>(c)) : std::tolower(static_cast<unsigned char>(c)));
      return Value::str(s);
    });
  if (name == "strip")
    return bound(obj, name, [](const Value& self, Args&) {
      const std::string& s = self.as_str();
      size_t b = s.find_first_not_of(" \t\n\r"), e = s.find_last_not_of(" \t\n\r");
      return Value::str(b == std::string::npos ? "" : s.substr(b, e - b + 1));
    });
  if (name == "join")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("join", a, 1, 1);
      std::string out;
      bool first = true;
      for (const Value& v : a[0].is(Kind::Str) ? std::vector<Value>{} : a[0].items()) {
        if (!v.is(Kind::Str)) throw TypeError("sequence item 0: expected str instance, " + type_name(v) + " found");
        if (!first) out += self.as_str();
        out += v.as_str();
        first = false;
      }
      return Value::str(out);
    });
  if (name == "startswith" || name == "endswith")
    return bound(obj, name, [name](const Value& self, Args& a) {
      expect_args(name, a, 1, 1);
      const std::string& s = self.as_str();
      const std::string& p = a[0].as_str();
      bool r = p.size() <= s.size() &&
               (name == "startswith" ? s.compare(0, p.size(), p) == 0 : s.compare(s.size() - p.size(), p.size(), p) == 0);
      return Value::boolean(r);
    });
  if (name == "split")
    return bound(obj, name, [](const Value& self, Args& a) {
      const std::string& s = self.as_str();
      std::vector<Value> out;
      if (a.empty() || a[0].is_none()) {
        size_t i = 0;
        while (i < s.size()) {
          while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
          size_t j = i;
          while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
          if (j > i) out.push_back(Value::str(s.substr(i, j - i)));
          i = j;
        }
      } else {
        const std::string& sep = a[0].as_str();
        if (sep.empty()) throw ValueError("empty separator");
        size_t i = 0, j;
        while ((j = s.find(sep, i)) != std::string::npos) {
          out.push_back(Value::str(s.substr(i, j - i)));
          i = j + sep.size();
        }
        out.push_back(Value::str(s.substr(i)));
      }
      return Value::list(std::move(out));
    });
  if (name == "replace")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("replace", a, 2, 2);
      std::string s = self.as_str();
      const std::string& from = a[0].as_str();
      const std::string& to = a[1].as_str();
      if (from.empty()) return Value::str(s);
      std::string out;
      size_t i = 0, j;
      while ((j = s.find(from, i)) != std::string::npos) {
        out += s.substr(i, j - i) + to;
        i = j + from.size();
      }
      return Value::str(out + s.substr(i));
    });
  no_attribute(obj, name, {"upper", "lower", "strip", "join", "startswith", "endswith", "split", "replace"});
}

Value list_attr(const Value& obj, const std::string& name) {
  if (name == "append")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("append", a, 1, 1);
      self.items().push_back(a[0]);
      return Value();
    });
  if (name == "extend")
    return make_builtin(name, "<built-in method extend of list object>", [obj](Interpreter& in, Args& a, Kwargs&) {
      expect_args("extend", a, 1, 1);
      for (Value& v : in.iterate(a[0])) obj.items().push_back(v);
      return Value();
    });
  if (name == "pop")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("pop", a, 0, 1);
      auto& items = self.items();
      if (items.empty()) throw IndexError("pop from empty list");
      int64_t i = a.empty() ? static_cast<int64_t>(items.size()) - 1
                            : normalize_index(a[0], static_cast<int64_t>(items.size()), "pop");
      Value v = items[i];
      items.erase(items.begin() + i);
      return v;
    });
  if (name == "insert")
    return bound(obj, name, [](const Value& self, Args& a) {
      expect_args("insert", a, 2, 2);
      auto& items = self.items();
      Int i = a[0].as_int();
      Int n = static_cast<Int>(items.size());
      if (i < 0) i = std::max<Int>(0, i + n);
      i = std::min(i, n);
      items.insert(items.begin() + static_cast<long>(i), a[1]);
      return Value();
    });
  if (name == "reverse")
    return bound(obj, name, [](const Value& self, Args&) {
      std::reverse(self.items().begin(), self.items().end());
      return Value();
    });
  if (name == "index" || name == "count")
    return bound(obj, name, [name](const Value& self, Args& a) {
      expect_args(name, a, 1, 1);
      auto& items = self.items();
      Int count = 0;
      for (size_t i = 0; i < items.size(); ++i) {
        if (values_equal(items[i], a[0])) {
          if (name == "index") return Value::integer(static_cast<Int>(i));
          ++count;
        }
      }
      if (name == "index") throw ValueError(repr(a[0]) + " is not in " + (self.is(Kind::List) ? "list" : "tuple"));
      return Value::integer(count);
    });
  if (name == "numel" && obj.is(Kind::Size))
    return bound(obj, name, [](const Value& self, Args&) {
      Int n = 1;
      for (const Value& v : self.items()) n *= v.as_int();
      return Value::integer(n);
    });
  no_attribute(obj, name, {"append", "extend", "pop", "insert", "reverse", "index", "count"});
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
  switch (obj.kind()) {
    case Kind::Tensor: {
      const Tensor& t = obj.as_tensor();
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
      std::string msg = "module '" + m->name + "' has no attribute '" + name + "'";
      throw AttributeError(msg);
    }
    case Kind::DType: {
      DType d = obj.as_dtype();
      if (name == "is_floating_point") return Value::boolean(is_floating(d));
      if (name == "is_complex") return Value::boolean(is_complex(d));
      if (name == "is_signed") return Value::boolean(d != DType::Bool && d != DType::UInt8);
      if (name == "itemsize") return Value::integer(itemsize(d));
      no_attribute(obj, name, {"is_floating_point", "is_complex", "is_signed", "itemsize"});
    }
    case Kind::Device: {
      Device d = obj.as_device();
      if (name == "type") return Value::str(d.is_cpu() ? "cpu" : "cuda");
      if (name == "index") return d.index < 0 ? Value() : Value::integer(d.index);
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
      no_attribute(obj, name, n->fields);
    }
    case Kind::Int:
    case Kind::Bool:
    case Kind::Float:
    case Kind::Complex: {
      if (name == "real") return obj.is(Kind::Complex) ? Value::floating(obj.as_complex().real()) : obj;
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
      no_attribute(obj, name, {"real", "imag", "conjugate"});
    }
    case Kind::Function:
      if (name == "__name__") return Value::str(obj.as<FunctionObj>()->name);
      no_attribute(obj, name, {"__name__"});
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
      obj.as_tensor().impl()->storage = src.storage();
      obj.as_tensor().impl()->dtype = src.dtype();
      obj.as_tensor().set_geometry(src.sizes(), src.strides(), src.storage_offset());
      return;
    }
    if (is_tensor_property(name))
      throw AttributeError("attribute '" + name + "' of 'torch._C._TensorBase' objects is not writable");
  }
  throw AttributeError("'" + type_name(obj) + "' object has no attribute '" + name + "'");
}

}  // namespace tsh::shell
