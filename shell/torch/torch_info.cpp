// shell/torch/torch_info.cpp — torch's non-function namespace: the constants (nan, inf, pi, e, newaxis),
// torch.finfo / torch.iinfo, torch.broadcast_shapes and torch.is_storage.
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/core/shape.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// C++'s default stream formatting (6 significant digits), which PyTorch's finfo/iinfo reprs use.
std::string g6(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

struct Limits {
  bool floating;
  int bits;
  double eps, max, min, tiny, resolution;
  std::string dtype;  // "float32"
};

struct InfoObj : InstanceObj {
  Limits l;
  std::string class_name() const override { return l.floating ? "torch.finfo" : "torch.iinfo"; }
  std::string module_name() const override { return "torch"; }
  std::vector<std::string> attr_names() const override {
    if (l.floating) return {"bits", "dtype", "eps", "max", "min", "resolution", "smallest_normal", "tiny"};
    return {"bits", "dtype", "max", "min"};
  }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    auto number = [&](double v) { return l.floating ? Value::floating(v) : Value::integer(static_cast<Int>(v)); };
    if (name == "bits") return Value::integer(l.bits);
    if (name == "dtype") return Value::str(l.dtype);
    const bool wide = !l.floating && l.bits == 64;  // past a double's exact integers
    const bool u64 = wide && l.min == 0;
    if (name == "max")
      return !wide ? number(l.max)
                   : Value::integer(u64 ? Int(std::numeric_limits<uint64_t>::max()) : Int(std::numeric_limits<int64_t>::max()));
    if (name == "min") return !wide ? number(l.min) : Value::integer(u64 ? Int(0) : Int(std::numeric_limits<int64_t>::min()));
    if (l.floating) {
      if (name == "eps") return Value::floating(l.eps);
      if (name == "tiny" || name == "smallest_normal") return Value::floating(l.tiny);
      if (name == "resolution") return Value::floating(l.resolution);
    }
    throw AttributeError("'" + class_name() + "' object has no attribute '" + name + "'");
  }
  std::string repr_of(const Value&) const override {
    if (!l.floating) return "iinfo(min=" + g6(l.min) + ", max=" + g6(l.max) + ", dtype=" + l.dtype + ")";
    return "finfo(resolution=" + g6(l.resolution) + ", min=" + g6(l.min) + ", max=" + g6(l.max) + ", eps=" +
           g6(l.eps) + ", smallest_normal=" + g6(l.tiny) + ", tiny=" + g6(l.tiny) + ", dtype=" + l.dtype + ")";
  }
};

template <typename T> Limits float_limits(const char* name, double resolution) {
  return {true, static_cast<int>(sizeof(T) * 8), static_cast<double>(std::numeric_limits<T>::epsilon()),
          static_cast<double>(std::numeric_limits<T>::max()), -static_cast<double>(std::numeric_limits<T>::max()),
          static_cast<double>(std::numeric_limits<T>::min()), resolution, name};
}

Limits limits_of(DType d) {
  switch (d) {
    case DType::Float16: return {true, 16, 0.0009765625, 65504, -65504, 6.103515625e-05, 0.001, "float16"};
    case DType::BFloat16:
      return {true, 16, 0.0078125, 3.3895313892515355e+38, -3.3895313892515355e+38, 1.1754943508222875e-38, 0.01,
              "bfloat16"};
    case DType::Float32:
    case DType::Complex64: return float_limits<float>("float32", 1e-06);
    case DType::Float64:
    case DType::Complex128: return float_limits<double>("float64", 1e-15);
    case DType::UInt8: return {false, 8, 0, 255, 0, 0, 0, "uint8"};
    case DType::Int8: return {false, 8, 0, 127, -128, 0, 0, "int8"};
    case DType::Int16: return {false, 16, 0, 32767, -32768, 0, 0, "int16"};
    case DType::Int32: return {false, 32, 0, 2147483647.0, -2147483648.0, 0, 0, "int32"};
    case DType::Int64: return {false, 64, 0, 9223372036854775807.0, -9223372036854775808.0, 0, 0, "int64"};
    case DType::UInt16: return {false, 16, 0, 65535, 0, 0, 0, "uint16"};
    case DType::UInt32: return {false, 32, 0, 4294967295.0, 0, 0, 0, "uint32"};
    case DType::UInt64: return {false, 64, 0, 18446744073709551615.0, 0, 0, 0, "uint64"};
    case DType::Bool: break;
  }
  return {};
}

Value info_type(bool floating) {
  static Value types[2];
  Value& t = types[floating ? 1 : 0];
  if (t.is_none()) {
    auto ty = std::make_shared<TypeObj>();
    ty->name = floating ? "torch.finfo" : "torch.iinfo";
    ty->ctor = [floating](Interpreter&, Args& a, Kwargs& kw) -> Value {
      const std::string fname = floating ? "finfo" : "iinfo";
      if (!kw.empty()) throw TypeError(fname + "() got an unexpected keyword argument '" + kw[0].first + "'");
      if (a.size() > 1) throw TypeError(fname + "() takes at most 1 argument (" + std::to_string(a.size()) + " given)");
      if (a.empty() && !floating) throw TypeError("iinfo() missing required argument 'type' (pos 1)");
      if (!a.empty() && !a[0].is(Kind::DType))
        throw TypeError(fname + "(): argument 'type' (position 1) must be torch.dtype, not " + type_name(a[0]));
      const DType d = a.empty() ? default_dtype() : a[0].as_dtype();
      const bool is_float = is_floating(d) || is_complex(d);
      if (!floating && d == DType::Bool) throw TypeError("torch.bool is not supported by torch.iinfo");
      if (floating && !is_float)
        throw TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
      if (!floating && is_float)
        throw TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
      // One object per dtype, so that == (identity here) holds as PyTorch's equality does.
      static std::map<std::string, Value> made;
      const Limits l = limits_of(d);
      auto [it, fresh] = made.try_emplace(l.dtype);
      if (fresh) {
        auto o = std::make_shared<InfoObj>();
        o->l = l;
        o->type = info_type(floating);
        it->second = Value::object(Kind::Instance, o);
      }
      return it->second;
    };
    t = Value::object(Kind::Type, ty);
  }
  return t;
}

}  // namespace

void install_info_attrs(std::map<std::string, Value>& attrs) {
  attrs["nan"] = Value::floating(std::numeric_limits<double>::quiet_NaN());
  attrs["inf"] = Value::floating(std::numeric_limits<double>::infinity());
  attrs["pi"] = Value::floating(3.141592653589793);
  attrs["e"] = Value::floating(2.718281828459045);
  attrs["newaxis"] = Value::none();
  attrs["finfo"] = info_type(true);
  attrs["iinfo"] = info_type(false);
  attrs["broadcast_shapes"] =
      make_builtin("broadcast_shapes", "<function broadcast_shapes>", [](Interpreter&, Args& a, Kwargs& kw) -> Value {
        if (!kw.empty()) throw TypeError("broadcast_shapes() got an unexpected keyword argument '" + kw[0].first + "'");
        std::vector<Shape> shapes;
        for (const Value& v : a) {
          Shape s;
          if (v.is_intlike()) s.push_back(static_cast<int64_t>(v.as_int()));
          else if (v.is_sequence())
            for (const Value& n : v.items()) {
              if (!n.is_intlike()) throw TypeError("Input shapes should be of type ints, a tuple of ints, or a list of ints, got " + repr(v));
              s.push_back(static_cast<int64_t>(n.as_int()));
            }
          else throw TypeError("Input shapes should be of type ints, a tuple of ints, or a list of ints, got " + repr(v));
          shapes.push_back(s);
        }
        Shape out;
        for (size_t i = 0; i < shapes.size(); ++i) {
          const Shape& s = shapes[i];
          if (s.size() > out.size()) out.insert(out.begin(), s.size() - out.size(), 1);
          for (size_t k = 0; k < s.size(); ++k) {
            int64_t& o = out[out.size() - s.size() + k];
            const int64_t n = s[k];
            if (n == o || n == 1) continue;
            if (o == 1) {
              o = n;
              continue;
            }
            throw RuntimeError("Attempting to broadcast a dimension of length " + std::to_string(n) + " at " +
                               std::to_string(static_cast<int64_t>(k) - static_cast<int64_t>(s.size())) +
                               "! Mismatching argument at index " + std::to_string(i) + " had " + repr(a[i]) +
                               "; but expected shape should be broadcastable to " + shape_str(out));
          }
        }
        return Value::size(out);
      });
  attrs["is_storage"] = make_builtin("is_storage", "<function is_storage>", [](Interpreter&, Args& a, Kwargs&) -> Value {
    if (a.size() != 1) throw TypeError("is_storage() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    return Value::boolean(a[0].is(Kind::Storage));
  });
}

}  // namespace tsh::shell
