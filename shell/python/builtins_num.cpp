// shell/python/builtins_num.cpp — builtins on numbers and characters: divmod, pow
// (with a modulus), bin, oct, hex, chr, ord, hash; format and ascii; the
// slice type and Ellipsis; getattr and hasattr.
#include <cmath>

#include "engine/ops/host_values.h"
#include "grammar/chars.h"
#include "shell/interp.h"
#include "shell/python/classes.h"
#include "shell/python/bigint.h"
#include "shell/python/builtins.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"

namespace tsh::shell {

namespace {

using Fn = std::function<Value(Interpreter&, Args&, Kwargs&)>;

void no_kwargs(const char* name, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
}

void one_arg(const char* name, const Args& a, const Kwargs& kw) {
  no_kwargs(name, kw);
  if (a.size() != 1)
    throw TypeError(std::string(name) + "() takes exactly one argument (" + std::to_string(a.size()) + " given)");
}

// "divmod expected 2 arguments, got 1" and friends (Python's METH_FASTCALL builtins).
void count_args(const char* name, const Args& a, size_t lo, size_t hi) {
  if (a.size() >= lo && a.size() <= hi) return;
  if (lo == hi)
    throw TypeError(std::string(name) + " expected " + std::to_string(lo) + " argument" + (lo == 1 ? "" : "s") +
                    ", got " + std::to_string(a.size()));
  const bool few = a.size() < lo;
  const size_t n = few ? lo : hi;
  throw TypeError(std::string(name) + " expected " + (few ? "at least " : "at most ") + std::to_string(n) +
                  " argument" + (n == 1 ? "" : "s") + ", got " + std::to_string(a.size()));
}

// operator.index(): an int, or a one-element integer tensor (Tensor.__index__).
Value index_value(const Value& v) {
  if (v.is(Kind::Int)) return v;
  if (v.is(Kind::Bool)) return Value::integer(v.as_int());
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1 || !is_integral(t.dtype(), true))
      throw TypeError("only integer tensors of a single element can be converted to an index");
    return Value::number(item(t));
  }
  throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
}

Int index_of(const Value& v) {
  if (v.is_intlike()) return v.as_int();
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1 || !is_integral(t.dtype(), true))
      throw TypeError("only integer tensors of a single element can be converted to an index");
    return item(t).to_int();
  }
  throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
}

Value pow_mod(const Value& base, const Value& exp, const Value& mod) {
  if (!base.is_intlike() || !exp.is_intlike() || !mod.is_intlike())
    throw TypeError("pow() 3rd argument not allowed unless all arguments are integers");
  return int_pow_mod(base, exp, mod);
}

// Python's divmod for floats: the remainder takes the divisor's sign.
Value float_divmod(double x, double y) {
  if (y == 0) throw ZeroDivisionError("float divmod()");
  double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0) {
    if ((y < 0) != (mod < 0)) {
      mod += y;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, y);
  }
  double floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, x / y);
  }
  return Value::tuple({Value::floating(floordiv), Value::floating(mod)});
}

}  // namespace

void install_number_builtins(std::map<std::string, Value>& b) {
  auto def = [&](const std::string& name, Fn fn) {
    b[name] = make_builtin(name, "<built-in function " + name + ">", std::move(fn));
  };

  def("divmod", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("divmod", kw);
    count_args("divmod", a, 2, 2);
    const Value &x = a[0], &y = a[1];
    const bool real_x = x.is_intlike() || x.is(Kind::Float), real_y = y.is_intlike() || y.is(Kind::Float);
    if (!real_x || !real_y)
      throw TypeError("unsupported operand type(s) for divmod(): '" + type_name(x) + "' and '" + type_name(y) + "'");
    if (x.is(Kind::Float) || y.is(Kind::Float)) return float_divmod(x.as_float(), y.as_float());
    return int_divmod(x, y);
  });
  def("pow", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() > 3) throw TypeError("pow() takes at most 3 arguments (" + std::to_string(a.size()) + " given)");
    Value args[3];
    bool given[3] = {false, false, false};
    for (size_t i = 0; i < a.size(); ++i) args[i] = a[i], given[i] = true;
    static const char* names[3] = {"base", "exp", "mod"};
    for (auto& [k, v] : kw) {
      int i = k == "base" ? 0 : k == "exp" ? 1 : k == "mod" ? 2 : -1;
      if (i < 0) throw TypeError("'" + k + "' is an invalid keyword argument for pow()");
      if (given[i])
        throw TypeError(std::string("argument for pow() given by name ('") + names[i] + "') and position (" +
                        std::to_string(i + 1) + ")");
      args[i] = v, given[i] = true;
    }
    for (int i = 0; i < 2; ++i)
      if (!given[i])
        throw TypeError(std::string("pow() missing required argument '") + names[i] + "' (pos " +
                        std::to_string(i + 1) + ")");
    if (args[2].is_none()) return in.binary(grammar::Op::Pow, args[0], args[1], false);
    return pow_mod(args[0], args[1], args[2]);
  });
  def("bin", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("bin", a, kw);
    return Value::str(int_to_radix(index_value(a[0]), 2, "0b"));
  });
  def("oct", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("oct", a, kw);
    return Value::str(int_to_radix(index_value(a[0]), 8, "0o"));
  });
  def("hex", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("hex", a, kw);
    return Value::str(int_to_radix(index_value(a[0]), 16, "0x"));
  });
  def("chr", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("chr", a, kw);
    const Int c = index_of(a[0]);
    if (c > INT64_MAX || c < INT64_MIN) throw OverflowError("Python int too large to convert to C int");
    if (c > INT32_MAX) throw OverflowError("signed integer is greater than maximum");
    if (c < INT32_MIN) throw OverflowError("signed integer is less than minimum");
    if (c < 0 || c > 0x10FFFF) throw ValueError("chr() arg not in range(0x110000)");
    std::string out;
    grammar::append_utf8(out, static_cast<uint32_t>(c));
    return Value::str(out);
  });
  def("ord", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("ord", a, kw);
    if (!a[0].is(Kind::Str))
      throw TypeError("ord() expected string of length 1, but " + type_name(a[0]) + " found");
    const std::string& s = a[0].as_str();
    const size_t n = utf8_length(s);
    if (n != 1)
      throw TypeError("ord() expected a character, but string of length " + std::to_string(n) + " found");
    size_t len;
    const int32_t cp = grammar::decode_utf8(s, 0, len);
    return Value::integer(cp < 0 ? static_cast<unsigned char>(s[0]) : cp);
  });
  def("hash", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("hash", a, kw);
    return Value::integer(py_hash(a[0]));
  });
  def("format", [](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("format", kw);
    count_args("format", a, 1, 2);
    if (a.size() > 1 && !a[1].is(Kind::Str))
      throw TypeError("format() argument 2 must be str, not " + (a[1].is_none() ? std::string("None") : type_name(a[1])));
    return Value::str(format_value(in, a[0], a.size() > 1 ? a[1].as_str() : ""));
  });
  def("ascii", [](Interpreter&, Args& a, Kwargs& kw) {
    one_arg("ascii", a, kw);
    return Value::str(ascii_repr(a[0]));
  });
  def("getattr", [](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("getattr", kw);
    count_args("getattr", a, 2, 3);
    if (!a[1].is(Kind::Str)) throw TypeError("attribute name must be string, not '" + type_name(a[1]) + "'");
    try {
      return in.get_attr(a[0], a[1].as_str());
    } catch (const tsh::Error& e) {
      if (a.size() < 3 || std::string(e.kind()) != "AttributeError") throw;
      return a[2];
    }
  });
  def("setattr", [](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("setattr", kw);
    count_args("setattr", a, 3, 3);
    if (!a[1].is(Kind::Str)) throw TypeError("attribute name must be string, not '" + type_name(a[1]) + "'");
    in.set_attr(a[0], a[1].as_str(), a[2]);
    return Value();
  });
  // vars(x): the object's __dict__, for the objects whose __dict__ tsh keeps
  // (argparse.Namespace); Python's TypeError for the kinds that have none.
  def("vars", [](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("vars", kw);
    if (a.empty()) throw NotImplementedError("vars() without an argument (the local variables) is not supported by tsh");
    count_args("vars", a, 1, 1);
    const Value& v = a[0];
    if (v.is(Kind::Instance)) {
      Value d = v.as<InstanceObj>()->instance_dict(v);
      if (!d.is_none()) return d;
    }
    if (is_user_class(v)) return in.get_attr(v, "__dict__");
    switch (v.kind()) {
      case Kind::None: case Kind::Bool: case Kind::Int: case Kind::Float: case Kind::Complex:
      case Kind::Ellipsis: case Kind::Str: case Kind::Tuple: case Kind::List: case Kind::Slice:
      case Kind::Range: case Kind::Dict: case Kind::DictView: case Kind::Iterator: case Kind::Builtin:
        throw TypeError("vars() argument must have __dict__ attribute");
      default:
        throw NotImplementedError("vars() of a '" + type_name(v) + "' object is not supported by tsh");
    }
  });
  def("hasattr", [](Interpreter& in, Args& a, Kwargs& kw) {
    no_kwargs("hasattr", kw);
    count_args("hasattr", a, 2, 2);
    if (!a[1].is(Kind::Str)) throw TypeError("attribute name must be string, not '" + type_name(a[1]) + "'");
    try {
      in.get_attr(a[0], a[1].as_str());
      return Value::boolean(true);
    } catch (const tsh::Error& e) {
      if (std::string(e.kind()) != "AttributeError") throw;
      return Value::boolean(false);
    }
  });
  {
    auto t = std::make_shared<TypeObj>();
    t->name = "slice";
    t->ctor = [](Interpreter&, Args& a, Kwargs& kw) {
      no_kwargs("slice", kw);
      count_args("slice", a, 1, 3);
      auto s = std::make_shared<SliceObj>();
      if (a.size() == 1) {
        s->stop = a[0];
      } else {
        s->start = a[0];
        s->stop = a[1];
        if (a.size() == 3) s->step = a[2];
      }
      return Value::object(Kind::Slice, s);
    };
    b["slice"] = Value::object(Kind::Type, t);
  }
  b["Ellipsis"] = Value::ellipsis();
}

}  // namespace tsh::shell
