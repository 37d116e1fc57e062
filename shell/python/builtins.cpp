// shell/python/builtins.cpp — Python's builtin functions and types that lessons use.
#include <algorithm>
#include <iostream>
#include <cmath>
#include <cstdio>

#include "engine/ops/host_values.h"
#include "engine/format/pyrepr.h"
#include "shell/help.h"
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/unicode.h"
#include "shell/torch/nn/parameter.h"
#include "shell/python/builtins.h"
#include "shell/torch/nn/parameter.h"
#include "shell/python/exceptions.h"
#include "shell/python/bigint.h"
#include "shell/python/dict.h"
#include "shell/python/file.h"
#include "shell/python/set.h"
#include "shell/python/bytes.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/methods.h"
#include "shell/python/pyops.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

void no_kwargs(const char* name, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
}

void arity(const char* name, const Args& a, size_t lo, size_t hi) {
  if (a.size() >= lo && a.size() <= hi) return;
  if (lo == hi)
    throw TypeError(std::string(name) + "() takes exactly " + (lo == 1 ? "one argument" : std::to_string(lo) + " arguments") +
                    " (" + std::to_string(a.size()) + " given)");
  if (a.size() < lo)
    throw TypeError(std::string(name) + " expected at least " + std::to_string(lo) + " argument" +
                    (lo == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
  throw TypeError(std::string(name) + " expected at most " + std::to_string(hi) + " arguments, got " +
                  std::to_string(a.size()));
}

Value type_value(const std::string& name, Fn ctor) {
  auto t = std::make_shared<TypeObj>();
  t->name = name;
  t->ctor = std::move(ctor);
  return Value::object(Kind::Type, t);
}

// Python's round(x) for floats: ties to even; round(x, n) through the decimal string.
double round_half_even(double x) { return std::nearbyint(x); }

Value parse_int_str(const std::string& text, int base) {
  if (base != 0 && (base < 2 || base > 36)) throw ValueError("int() base must be >= 2 and <= 36, or 0");
  if (std::optional<Value> v = int_parse(text, base)) return *v;
  throw ValueError("invalid literal for int() with base " + std::to_string(base) + ": " + repr(Value::str(text)));
}

Value to_int(const Value& v) {
  switch (v.kind()) {
    case Kind::Bool:
    case Kind::Int: return v.is(Kind::Bool) ? Value::integer(v.as_int()) : v;
    case Kind::Float: return int_from_double(v.as_float());
    case Kind::Str: return parse_int_str(v.as_str(), 10);
    case Kind::Tensor: {
      const Tensor& t = v.as_tensor();
      if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
      const Scalar x = item(t);
      if (x.is_complex()) throw TypeError("can't convert complex to int");
      return x.is_float() ? to_int(Value::floating(x.to_double())) : Value::integer(x.to_int());
    }
    case Kind::Instance:
      if (is_bytes(v)) {  // int(b'42'): the digits, as of a str (Python's message names the bytes)
        if (std::optional<Value> n = int_parse(bytes_data(v), 10)) return *n;
        throw ValueError("invalid literal for int() with base 10: " + repr(v));
      }
      if (std::optional<Value> n = v.as<InstanceObj>()->as_number()) return to_int(*n);
      [[fallthrough]];
    default: throw TypeError("int() argument must be a string, a bytes-like object or a real number, not '" + type_name(v) + "'");
  }
}

Value to_float(const Value& v) {
  switch (v.kind()) {
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float: return Value::floating(v.as_float());
    case Kind::Str: {
      std::string s = v.as_str();
      std::string low;
      for (char c : s) if (!std::isspace(static_cast<unsigned char>(c))) low += static_cast<char>(std::tolower(c));
      if (low == "nan" || low == "+nan" || low == "-nan") return Value::floating(std::nan(""));
      if (low == "inf" || low == "+inf" || low == "infinity") return Value::floating(INFINITY);
      if (low == "-inf" || low == "-infinity") return Value::floating(-INFINITY);
      char* end = nullptr;
      double d = std::strtod(low.c_str(), &end);
      if (low.empty() || *end) throw ValueError("could not convert string to float: " + repr(v));
      return Value::floating(d);
    }
    case Kind::Tensor: {
      const Tensor& t = v.as_tensor();
      if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
      const Scalar x = item(t);
      if (x.is_complex()) throw TypeError("can't convert complex to float");
      return Value::floating(x.to_double());
    }
    case Kind::Instance:
      if (is_bytes(v)) {
        try {
          return to_float(Value::str(bytes_data(v)));
        } catch (const tsh::Error&) {
          throw ValueError("could not convert string to float: " + repr(v));
        }
      }
      if (std::optional<Value> n = v.as<InstanceObj>()->as_number()) return to_float(*n);
      [[fallthrough]];
    default: throw TypeError("float() argument must be a string or a real number, not '" + type_name(v) + "'");
  }
}

bool is_instance(const Value& v, const Value& type) {
  if (type.is(Kind::Tuple)) {
    for (const Value& t : type.items())
      if (is_instance(v, t)) return true;
    return false;
  }
  if (!type.is(Kind::Type)) throw TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union");
  if (std::optional<bool> r = user_isinstance(v, type)) return *r;
  const std::string& n = type.as<TypeObj>()->name;
  if (n == "int") return v.is_intlike();
  if (n == "object") return true;
  if (n == "torch.Tensor") return v.is(Kind::Tensor);
  if (n == "torch.nn.parameter.Parameter") return v.is(Kind::Tensor) && v.as_tensor().impl()->is_parameter;
  if (n == "torch.dtype") return v.is(Kind::DType);
  if (n == "torch.device") return v.is(Kind::Device);
  // The legacy classes: torch.FloatTensor is a float32 CPU tensor, torch.cuda.FloatTensor a CUDA one,
  // torch.FloatStorage a float32 typed storage.
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    const std::string prefix = t.device().is_cuda() ? "torch.cuda." : "torch.";
    if (n == prefix + std::string(legacy_type_name(t.dtype()))) return true;
  }
  if (v.is(Kind::Storage) && !v.as<StorageObj>()->untyped) {
    std::string cls(legacy_type_name(v.as<StorageObj>()->dtype));
    cls.replace(cls.find("Tensor"), 6, "Storage");
    if (n == "torch." + cls || n == "torch.storage.TypedStorage") return true;
  }
  if (v.is(Kind::Storage) && v.as<StorageObj>()->untyped && n == "torch.storage.UntypedStorage") return true;
  if (v.is(Kind::Instance) && v.as<InstanceObj>()->type.is(Kind::Type)) {
    const std::string& cls = v.as<InstanceObj>()->type.as<TypeObj>()->name;
    if (is_exception_class(type) && is_exception_class(v.as<InstanceObj>()->type)) return exception_is(cls, n);
    return cls == n;
  }
  if (n == "tuple") return v.is(Kind::Tuple) || v.is(Kind::Size) || v.is(Kind::NamedTuple);
  if (n == "dict") return v.is(Kind::Dict);
  if (v.is(Kind::Dict) && dict_of(v).cls.is(Kind::Type)) return dict_of(v).cls.identity() == type.identity();
  if (v.is(Kind::NamedTuple) && v.as<NamedTupleObj>()->cls.is(Kind::Type))
    return v.as<NamedTupleObj>()->cls.identity() == type.identity();
  if (v.is(Kind::Instance)) return v.as<InstanceObj>()->module_name() + "." + type_name(v) == n;
  return type_name(v) == n;
}

Value min_max(Interpreter& in, Args& a, Kwargs& kw, bool is_max) {
  const char* name = is_max ? "max" : "min";
  if (a.empty()) throw TypeError(std::string(name) + " expected at least 1 argument, got 0");
  std::vector<Value> items = a.size() == 1 ? in.iterate(a[0]) : a;
  Value key;
  Value dflt;
  bool has_default = false;
  for (auto& [k, v] : kw) {
    if (k == "key") key = v;
    else if (k == "default") { dflt = v; has_default = true; }
    else throw TypeError(std::string(name) + "() got an unexpected keyword argument '" + k + "'");
  }
  if (items.empty()) {
    if (has_default) return dflt;
    throw ValueError(std::string(name) + "() arg is an empty sequence");
  }
  Value best = items[0];
  Value best_key = key.is_none() ? best : [&] { Args x{best}; Kwargs none; return in.call(key, x, none); }();
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = items[i];
    if (!key.is_none()) {
      Args x{items[i]};
      Kwargs none;
      k = in.call(key, x, none);
    }
    Value dummy;
    bool better = in.compare(is_max ? grammar::Op::Gt : grammar::Op::Lt, k, best_key, &dummy);
    if (!dummy.is_none()) better = truthy(dummy);
    if (better) {
      best = items[i];
      best_key = k;
    }
  }
  return best;
}

}  // namespace

void install_builtins(Interpreter& interp, std::map<std::string, Value>& b) {
  (void)interp;
  auto def = [&](const std::string& name, Fn fn) {
    b[name] = make_builtin(name, "<built-in function " + name + ">", std::move(fn));
  };

  def("print", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::string sep = " ", end = "\n";
    Value file;
    bool flush = false;
    auto text = [](const char* what, const Value& v, std::string& out) {
      if (v.is_none()) return;
      if (!v.is(Kind::Str)) throw TypeError(std::string(what) + " must be None or a string, not " + type_name(v));
      out = v.as_str();
    };
    for (auto& [k, v] : kw) {
      if (k == "sep") text("sep", v, sep);
      else if (k == "end") text("end", v, end);
      else if (k == "file") file = v;
      else if (k == "flush") flush = truthy(v);  // the session's own output is flushed at every statement
      else throw TypeError("'" + k + "' is an invalid keyword argument for print()");
    }
    std::string line;
    for (size_t i = 0; i < a.size(); ++i) {
      if (i) line += sep;
      line += str(a[i]);
    }
    if (file.is_none()) {
      // Python writes each piece in turn, so the pieces before one that cannot be encoded are out.
      std::string written;
      auto piece = [&](const std::string& p) {
        try {
          check_encodable(p);
        } catch (...) {
          in.print_out(written);
          throw;
        }
        written += p;
      };
      for (size_t i = 0; i < a.size(); ++i) {
        if (i) piece(sep);
        piece(str(a[i]));
      }
      piece(end);
      in.print_out(written);
      return Value();
    }
    // print(..., file=f) writes through f.write, as Python's does.
    Args text_arg{Value::str(line + end)};
    Kwargs none;
    in.call(in.get_attr(file, "write"), text_arg, none);
    if (flush) {
      Args no_args;
      in.call(in.get_attr(file, "flush"), no_args, none);
    }
    return Value();
  });
  def("open", open_builtin);
  // globals() and locals(): the namespace's names and values, as a dict that
  // refuses writes (tsh's namespaces are not dicts, so a write could not
  // reach them). Enough for timeit(..., globals=globals()) and for reading.
  auto namespace_copy = [](const std::map<std::string, Value>& vars) {
    Value d = make_dict();
    for (const auto& [k, v] : vars) dict_of(d).set(Value::str(k), v);
    dict_of(d).snapshot = true;
    return d;
  };
  def("globals", [namespace_copy](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("globals", kw);
    arity("globals", a, 0, 0);
    return namespace_copy(in.globals());
  });
  def("locals", [namespace_copy](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("locals", kw);
    arity("locals", a, 0, 0);
    return namespace_copy(in.local_names());
  });
  def("len", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("len", kw);
    arity("len", a, 1, 1);
    const Value& v = a[0];
    switch (v.kind()) {
      case Kind::Str: return Value::integer(static_cast<Int>(utf8_length(v.as_str())));  // code points
      case Kind::Tuple:
      case Kind::List:
      case Kind::Size: return Value::integer(static_cast<Int>(v.items().size()));
      case Kind::NamedTuple: return Value::integer(static_cast<Int>(v.as<NamedTupleObj>()->items.size()));
      case Kind::Range: {
        auto* r = v.as<RangeObj>();
        Int n = r->step > 0 ? (r->stop - r->start + r->step - 1) / r->step
                            : (r->start - r->stop - r->step - 1) / -r->step;
        if (n > INT64_MAX) throw OverflowError("Python int too large to convert to C ssize_t");
        return Value::integer(std::max<Int>(n, 0));
      }
      case Kind::Tensor:
        if (v.as_tensor().dim() == 0) throw TypeError("len() of a 0-d tensor");
        return Value::integer(v.as_tensor().size(0));
      case Kind::Storage: return Value::integer(v.as<StorageObj>()->size());
      case Kind::Dict: return Value::integer(static_cast<Int>(dict_of(v).live));
      case Kind::Set:
      case Kind::FrozenSet: return Value::integer(static_cast<Int>(set_of(v).used));
      case Kind::DictView: return Value::integer(static_cast<Int>(dict_of(v.as<DictViewObj>()->dict).live));
      case Kind::Instance: return Value::integer(v.as<InstanceObj>()->length(v));
      default: throw TypeError("object of type '" + type_name(v) + "' has no len()");
    }
  });
  def("id", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("id", kw);
    arity("id", a, 1, 1);
    return Value::integer(static_cast<Int>(a[0].identity()));
  });
  def("repr", [](Interpreter&, Args& a, Kwargs&) {
    arity("repr", a, 1, 1);
    return Value::str(repr(a[0]));
  });
  def("abs", [](Interpreter& in, Args& a, Kwargs&) {
    arity("abs", a, 1, 1);
    const Value& v = a[0];
    if (v.is_intlike()) return int_abs(v);
    if (v.is(Kind::Float)) return Value::floating(std::fabs(v.as_float()));
    if (v.is(Kind::Complex)) return Value::floating(std::abs(v.as_complex()));
    if (v.is(Kind::Tensor)) {
      Args args{v};
      Kwargs none;
      return in.call(in.get_attr(in.torch(), "abs"), args, none);
    }
    if (v.is(Kind::Instance)) {  // a class's own __abs__
      Value method;
      try {
        method = in.get_attr(v, "__abs__");
      } catch (const PyError& e) {
        if (std::string(e.kind()) != "AttributeError") throw;
      }
      if (!method.is_none()) {
        Args args;
        Kwargs none;
        return in.call(method, args, none);
      }
    }
    throw TypeError("bad operand type for abs(): '" + type_name(v) + "'");
  });
  def("min", [](Interpreter& in, Args& a, Kwargs& kw) { return min_max(in, a, kw, false); });
  def("max", [](Interpreter& in, Args& a, Kwargs& kw) { return min_max(in, a, kw, true); });
  def("sum", [](Interpreter& in, Args& a, Kwargs& kw) {
    arity("sum", a, 1, 2);
    Value total = a.size() > 1 ? a[1] : Value::integer(0);
    for (auto& [k, v] : kw) {
      if (k == "start") total = v;
      else throw TypeError("sum() got an unexpected keyword argument '" + k + "'");
    }
    if (total.is(Kind::Str)) throw TypeError("sum() can't sum strings [use ''.join(seq) instead]");
    if (total.is(Kind::Instance) && type_name(total) == "bytes")
      throw TypeError("sum() can't sum bytes [use b''.join(seq) instead]");
    if (a[0].is(Kind::Iterator)) {  // a generator's items one at a time, never all held at once
      Value item;
      while (iter_next(in, a[0], item)) total = in.binary(grammar::Op::Add, total, item, false);
      return total;
    }
    if (a[0].is(Kind::List) || a[0].is(Kind::Tuple)) {  // read live by index, as Python's list iterator
      const Value seq = a[0];
      const std::vector<Value>& items = seq.items();
      size_t i = 0;
      while (i < items.size()) {
        if (total.is(Kind::Float) && items[i].is(Kind::Float)) {
          // A run of floats added in a double, one by one, as Python adds them.
          double acc = total.as_float();
          while (i < items.size() && items[i].is(Kind::Float)) acc += items[i++].as_float();
          total = Value::floating(acc);
          continue;
        }
        const Value item = items[i++];  // (held: an __add__ may change the list)
        total = in.binary(grammar::Op::Add, total, item, false);
      }
      return total;
    }
    for (const Value& v : in.iterate(a[0])) total = in.binary(grammar::Op::Add, total, v, false);
    return total;
  });
  def("round", [](Interpreter& in, Args& a, Kwargs& kw) {
    Value ndigits;
    for (auto& [k, v] : kw) {
      if (k == "ndigits") ndigits = v;
      else throw TypeError("round() got an unexpected keyword argument '" + k + "'");
    }
    arity("round", a, 1, 2);
    if (a.size() > 1) ndigits = a[1];
    const Value& v = a[0];
    if (v.is(Kind::Tensor)) {
      Args args{v};
      Kwargs kws;
      if (!ndigits.is_none()) kws.emplace_back("decimals", ndigits);
      return in.call(in.get_attr(in.torch(), "round"), args, kws);
    }
    if (!ndigits.is_none() && !ndigits.is_intlike())
      throw TypeError("'" + type_name(ndigits) + "' object cannot be interpreted as an integer");
    if (v.is_intlike()) {
      const Value self = v.is(Kind::Bool) ? Value::integer(v.as_int()) : v;
      if (ndigits.is_none() || int_compare(ndigits, Value::integer(0)) >= 0) return self;
      // To a multiple of p = 10**-ndigits, halves to even.
      using grammar::Op;
      const Value p = int_binary(Op::Pow, Value::integer(10), int_unary(Op::Neg, ndigits));
      Value q = int_binary(Op::FloorDiv, self, p);
      const Value twice_r = int_binary(Op::Mul, int_binary(Op::Mod, self, p), Value::integer(2));
      const int c = int_compare(twice_r, p);
      if (c > 0 || (c == 0 && int_binary(Op::BitAnd, q, Value::integer(1)).as_int() == 1))
        q = int_binary(Op::Add, q, Value::integer(1));
      return int_binary(Op::Mul, q, p);
    }
    if (!v.is(Kind::Float)) throw TypeError("type " + type_name(v) + " doesn't define __round__ method");
    double x = v.as_float();
    if (ndigits.is_none()) {
      return int_from_double(round_half_even(x));
    }
    // Correctly rounded through the exact decimal expansion, as CPython does;
    // beyond the digits a double can hold: x itself, or a zero of x's sign.
    const Int nd = ndigits.as_int();
    if (!std::isfinite(x) || nd > 323) return v;
    if (nd < -308) return Value::floating(0.0 * x);
    int n = static_cast<int>(nd);
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", std::max(0, std::min(n, 330)), x);
    double r = std::strtod(buf, nullptr);
    if (n < 0) {
      double p = std::pow(10.0, -n);
      r = round_half_even(x / p) * p;
    }
    return Value::floating(r);
  });
  def("isinstance", [](Interpreter&, Args& a, Kwargs&) {
    arity("isinstance", a, 2, 2);
    return Value::boolean(is_instance(a[0], a[1]));
  });
  def("sorted", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 1) throw TypeError("sorted expected 1 argument, got " + std::to_string(a.size()));
    std::vector<Value> items = in.iterate(a[0]);
    Value key;
    bool reverse = false;
    for (auto& [k, v] : kw) {
      if (k == "key") key = v;
      else if (k == "reverse") reverse = truthy(v);
      else throw TypeError("'" + k + "' is an invalid keyword argument for sort()");
    }
    py_sort(in, items, key, reverse);
    return Value::list(std::move(items));
  });
  def("dir", [](Interpreter& in, Args& a, Kwargs&) {
    arity("dir", a, 0, 1);
    std::vector<std::string> names = a.empty() ? [&] {
      std::vector<std::string> g;
      for (auto& [n, _] : in.globals()) g.push_back(n);
      return g;
    }() : attribute_names(in, a[0]);
    std::sort(names.begin(), names.end());
    std::vector<Value> out;
    for (auto& n : names) out.push_back(Value::str(n));
    return Value::list(std::move(out));
  });
  def("help", [](Interpreter& in, Args& a, Kwargs&) {
    arity("help", a, 1, 1);
    in.print_out(help_text(in, a[0]));
    return Value();
  });
  // exit(code): the session ends with status code (Session::exit_status); a
  // str is printed and gives status 1, as in Python.
  def("exit", [](Interpreter&, Args& a, Kwargs& kw) -> Value {
    // site.Quitter.__call__(self, code=None)
    for (auto& [k, v] : kw) {
      if (k != "code")
        throw TypeError("Quitter.__call__() got an unexpected keyword argument '" + k + "'");
      if (!a.empty()) throw TypeError("Quitter.__call__() got multiple values for argument 'code'");
      a.push_back(v);
    }
    if (a.size() > 1)
      throw TypeError("Quitter.__call__() takes from 1 to 2 positional arguments but " +
                      std::to_string(a.size() + 1) + " were given");
    if (a.empty() || a[0].is_none()) throw SystemExit("", 0, false, false);
    const Value& code = a[0];
    if (code.is(Kind::Int) || code.is(Kind::Bool)) {
      const Int n = code.as_int();
      throw SystemExit(str(code), static_cast<int>(n), false, n != 0);
    }
    throw SystemExit(str(code), 1, true, truthy(code));
  });
  // Their repr is site.Quitter's hint; typed bare in a session they exit (Session::run_chunk).
  {
    auto* e = b["exit"].as<BuiltinObj>();
    e->qualname = "Use exit() or Ctrl-D (i.e. EOF) to exit";
    auto quit = std::make_shared<BuiltinObj>(*e);
    quit->name = "quit";
    quit->qualname = "Use quit() or Ctrl-D (i.e. EOF) to exit";
    b["quit"] = Value::object(Kind::Builtin, quit);
  }

  b["int"] = type_value("int", [](Interpreter&, Args& a, Kwargs&) {
    arity("int", a, 0, 2);
    if (a.empty()) return Value::integer(0);
    if (a.size() == 2) {
      if (!a[1].is_intlike()) throw TypeError("'" + type_name(a[1]) + "' object cannot be interpreted as an integer");
      if (!a[0].is(Kind::Str)) throw TypeError("int() can't convert non-string with explicit base");
      const Int base = a[1].as_int();
      if (base != 0 && (base < 2 || base > 36)) throw ValueError("int() base must be >= 2 and <= 36, or 0");
      return parse_int_str(a[0].as_str(), static_cast<int>(base));
    }
    return to_int(a[0]);
  });
  b["float"] = type_value("float", [](Interpreter&, Args& a, Kwargs&) {
    arity("float", a, 0, 1);
    return a.empty() ? Value::floating(0) : to_float(a[0]);
  });
  b["complex"] = type_value("complex", [](Interpreter&, Args& a_in, Kwargs&) {
    arity("complex", a_in, 0, 2);
    // A one-element tensor gives its number (Tensor.__complex__), complex ones included.
    Args a = a_in;
    for (Value& v : a)
      if (v.is(Kind::Tensor)) {
        const Tensor& t = v.as_tensor();
        if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
        v = Value::number(item(t));
      }
    if (a.size() == 1 && a[0].is(Kind::Complex)) return a[0];
    if (a.size() == 2 && (a[0].is(Kind::Complex) || a[1].is(Kind::Complex))) {
      const std::complex<double> z = a[0].as_complex() + std::complex<double>(0, 1) * a[1].as_complex();
      return Value::complex(z);
    }
    double re = a.size() > 0 ? to_float(a[0]).as_float() : 0, im = a.size() > 1 ? to_float(a[1]).as_float() : 0;
    if (a.size() == 1 && a[0].is(Kind::Complex)) return a[0];
    return Value::complex({re, im});
  });
  b["bool"] = type_value("bool", [](Interpreter&, Args& a, Kwargs&) {
    arity("bool", a, 0, 1);
    return Value::boolean(!a.empty() && truthy(a[0]));
  });
  b["str"] = type_value("str", [](Interpreter&, Args& a, Kwargs&) {
    arity("str", a, 0, 1);
    return Value::str(a.empty() ? "" : str(a[0]));
  });
  b["list"] = type_value("list", [](Interpreter& in, Args& a, Kwargs&) {
    arity("list", a, 0, 1);
    return Value::list(a.empty() ? std::vector<Value>{} : in.iterate(a[0]));
  });
  b["tuple"] = type_value("tuple", [](Interpreter& in, Args& a, Kwargs&) {
    arity("tuple", a, 0, 1);
    return Value::tuple(a.empty() ? std::vector<Value>{} : in.iterate(a[0]));
  });
  b["range"] = type_value("range", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("range", kw);
    if (a.empty()) throw TypeError("range expected at least 1 argument, got 0");
    arity("range", a, 1, 3);
    for (Value& v : a) {
      if (v.is(Kind::Instance))  // an object with __index__
        if (std::optional<Value> n = v.as<InstanceObj>()->as_number(); n && n->is_intlike()) v = *n;
      if (!v.is_intlike())
        throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
      if (is_big(v))  // a range holds its bounds inline
        throw PyError("NotImplementedError", "range() with bounds past 2**126 is not supported by tsh");
    }
    auto r = std::make_shared<RangeObj>();
    if (a.size() == 1) {
      r->stop = a[0].as_int();
    } else {
      r->start = a[0].as_int();
      r->stop = a[1].as_int();
      if (a.size() == 3) r->step = a[2].as_int();
    }
    if (r->step == 0) throw ValueError("range() arg 3 must not be zero");
    return Value::object(Kind::Range, r);
  });
  b["type"] = type_value("type", [](Interpreter& in, Args& a, Kwargs&) {
    arity("type", a, 1, 1);
    const Value& v = a[0];
    std::string n = type_name(v);
    if (v.is(Kind::Tensor) && v.as_tensor().impl()->is_parameter) return parameter_type();
    // Values of torch's own classes: type(x) is the class torch names (type(t) is torch.Tensor).
    const char* torch_class = v.is(Kind::Tensor) ? "Tensor" : v.is(Kind::DType) ? "dtype"
                              : v.is(Kind::Device) ? "device" : v.is(Kind::Size) ? "Size" : nullptr;
    if (torch_class && in.torch().is(Kind::Module)) return in.torch().as<ModuleObj>()->attrs.at(torch_class);
    if (v.is(Kind::Storage)) n = "torch.storage." + n;
    if (v.is(Kind::Iterator) && v.as<IterObj>()->type.is(Kind::Type)) return v.as<IterObj>()->type;
    if (v.is(Kind::NamedTuple) && v.as<NamedTupleObj>()->cls.is(Kind::Type)) return v.as<NamedTupleObj>()->cls;
    if (v.is(Kind::Dict) && dict_of(v).cls.is(Kind::Type)) return dict_of(v).cls;
    if (v.is(Kind::Instance)) {
      if (v.as<InstanceObj>()->type.is(Kind::Type)) return v.as<InstanceObj>()->type;
      n = v.as<InstanceObj>()->module_name() + "." + n;
    }
    auto it = in.builtins().find(n);
    if (it != in.builtins().end() && it->second.is(Kind::Type)) return it->second;
    // One type object per name, as Python has: type(None) == type(None), and `in` finds it.
    static std::map<std::string, Value> made;
    auto [at, fresh] = made.try_emplace(n);
    if (fresh)
      at->second = type_value(n, [n](Interpreter&, Args&, Kwargs&) -> Value {
        throw TypeError("cannot create '" + n + "' instances");
      });
    return at->second;
  });
  b["object"] = type_value("object", [](Interpreter&, Args&, Kwargs&) { return Value(); });
  b["bytes"] = bytes_type();
  b["dict"] = make_dict_type();
  b["set"] = make_set_type(false);
  b["frozenset"] = make_set_type(true);
  install_iter_builtins(b);
  install_number_builtins(b);
  install_exception_builtins(b);
  install_class_builtins(b);
  // input(prompt): a line from stdin (the prompt on stdout first), or from a Jupyter frontend.
  def("input", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("input() takes no keyword arguments");
    arity("input", a, 0, 1);
    const std::string prompt = a.empty() ? "" : str(a[0]);
    if (in.input_hook) return Value::str(in.input_hook(prompt));
    in.print_out(prompt);
    std::cout.flush();
    std::string line;
    if (!std::getline(std::cin, line)) throw PyError("EOFError", "EOF when reading a line");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return Value::str(line);
  });
  def("issubclass", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("issubclass() takes no keyword arguments");
    arity("issubclass", a, 2, 2);
    if (!a[0].is(Kind::Type)) throw TypeError("issubclass() arg 1 must be a class");
    std::vector<Value> bases = a[1].is(Kind::Tuple) ? a[1].items() : std::vector<Value>{a[1]};
    for (const Value& b : bases) {
      if (!b.is(Kind::Type)) throw TypeError("issubclass() arg 2 must be a class, a tuple of classes, or a union");
      if (class_is_subclass(a[0], b)) return Value::boolean(true);
      if (!is_user_class(a[0]) && !is_user_class(b) && is_exception_class(a[0]) && is_exception_class(b) &&
          exception_is(a[0].as<TypeObj>()->name, b.as<TypeObj>()->name))
        return Value::boolean(true);
    }
    return Value::boolean(false);
  });
  def("callable", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("callable() takes no keyword arguments");
    arity("callable", a, 1, 1);
    const Value& v = a[0];
    switch (v.kind()) {
      case Kind::Function: case Kind::Builtin: case Kind::Method: case Kind::Type: return Value::boolean(true);
      case Kind::Instance: return Value::boolean(v.as<InstanceObj>()->type.is(Kind::Type) &&
                                                 class_lookup(v.as<InstanceObj>()->type, "__call__") != nullptr);
      default: return Value::boolean(false);
    }
  });
}

}  // namespace tsh::shell
