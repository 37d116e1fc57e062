// shell/registry.cpp — schema parsing, argument binding and overload resolution.
#include "shell/registry.h"

#include <stdexcept>

#include "shell/errors.h"

namespace tsh::shell {

namespace {

std::string trim(std::string s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

Value parse_default(const std::string& text) {
  if (text == "None") return Value::none();
  if (text == "True") return Value::boolean(true);
  if (text == "False") return Value::boolean(false);
  if (text == "[]") return Value::list({});
  if (text.size() >= 2 && (text[0] == '"' || text[0] == '\''))
    return Value::str(text.substr(1, text.size() - 2));
  if (text.front() == '[') {  // [0, 1]
    std::vector<Value> items;
    std::string body = text.substr(1, text.size() - 2);
    size_t pos = 0;
    while (pos < body.size()) {
      size_t comma = body.find(',', pos);
      if (comma == std::string::npos) comma = body.size();
      items.push_back(Value::integer(std::stoll(trim(body.substr(pos, comma - pos)))));
      pos = comma + 1;
    }
    return Value::list(std::move(items));
  }
  if (text.find_first_of(".e") != std::string::npos || text == "inf")
    return Value::floating(std::stod(text));
  return Value::integer(std::stoll(text));
}

ParamType parse_type(std::string t, Param& p) {
  if (!t.empty() && t.back() == '?') {
    p.optional = true;
    t.pop_back();
  }
  if (auto br = t.find('['); br != std::string::npos) {
    std::string n = t.substr(br + 1, t.size() - br - 2);
    p.list_size = n.empty() ? 0 : std::stoi(n);
    std::string base = t.substr(0, br);
    if (base == "int" || base == "SymInt") return ParamType::IntList;
    if (base == "float") return ParamType::FloatList;
    if (base == "Tensor") return ParamType::TensorList;
    throw std::logic_error("unknown list type " + t);
  }
  if (t == "Tensor") return ParamType::Tensor;
  if (t == "int" || t == "SymInt") return ParamType::Int;
  if (t == "float") return ParamType::Float;
  if (t == "Scalar") return ParamType::Scalar;
  if (t == "bool") return ParamType::Bool;
  if (t == "str") return ParamType::Str;
  if (t == "ScalarType") return ParamType::DType;
  if (t == "Device") return ParamType::Device;
  if (t == "Generator") return ParamType::Generator;
  if (t == "Any") return ParamType::Any;
  throw std::logic_error("unknown type " + t);
}

// How PyTorch names a parameter type in its TypeErrors.
std::string expected_name(const Param& p) {
  switch (p.type) {
    case ParamType::Tensor: return "Tensor";
    case ParamType::TensorList: return "tuple of Tensors";
    case ParamType::Int: return "int";
    case ParamType::IntList: return "tuple of ints";
    case ParamType::Float: return "float";
    case ParamType::FloatList: return "tuple of floats";
    case ParamType::Scalar: return "Number";
    case ParamType::Bool: return "bool";
    case ParamType::Str: return "str";
    case ParamType::DType: return "torch.dtype";
    case ParamType::Device: return "torch.device";
    case ParamType::Generator: return "torch.Generator";
    case ParamType::Any: return "object";
  }
  return "object";
}

bool is_int_value(const Value& v) {
  if (v.is_intlike()) return true;
  // A 0-d integer tensor converts to an int argument, as in PyTorch.
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    return t.dim() == 0 && is_integral(t.dtype(), false);
  }
  return false;
}

bool accepts(const Param& p, const Value& v) {
  if (v.is_none()) return p.optional || p.type == ParamType::Any;
  switch (p.type) {
    case ParamType::Tensor: return v.is(Kind::Tensor);
    case ParamType::TensorList:
      if (!(v.is(Kind::Tuple) || v.is(Kind::List))) return false;
      for (const Value& x : v.items())
        if (!x.is(Kind::Tensor)) return false;
      return true;
    case ParamType::Int: return is_int_value(v) && !v.is(Kind::Bool);
    case ParamType::IntList:
      if (p.list_size > 0 && is_int_value(v) && !v.is(Kind::Bool)) return true;
      if (!v.is_sequence()) return false;
      for (const Value& x : v.items())
        if (!is_int_value(x)) return false;
      return true;
    case ParamType::Float: return v.is_intlike() || v.is(Kind::Float);
    case ParamType::FloatList:
      if (!v.is_sequence()) return false;
      for (const Value& x : v.items())
        if (!(x.is_intlike() || x.is(Kind::Float))) return false;
      return true;
    case ParamType::Scalar:
      if (v.is_number()) return true;
      return v.is(Kind::Tensor) && v.as_tensor().dim() == 0;
    case ParamType::Bool: return v.is(Kind::Bool);
    case ParamType::Str: return v.is(Kind::Str);
    case ParamType::DType:
      if (v.is(Kind::DType)) return true;
      if (v.is(Kind::Type)) {  // Python's float/int/bool/complex name dtypes
        const std::string& n = v.as<TypeObj>()->name;
        return n == "float" || n == "int" || n == "bool" || n == "complex";
      }
      return false;
    case ParamType::Device: return v.is(Kind::Device) || v.is(Kind::Str) || v.is(Kind::Int);
    case ParamType::Generator: return v.is(Kind::Generator);
    case ParamType::Any: return true;
  }
  return false;
}

int64_t to_int64(const Value& v) {
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    int64_t out = 0;
    dispatch(t.dtype(), [&]<typename T>() {
      if constexpr (std::is_integral_v<T>) out = static_cast<int64_t>(*t.data<T>());
    });
    return out;
  }
  Int i = v.as_int();
  if (i > INT64_MAX)
    throw OverflowError("Python int too large to convert to C long");
  return static_cast<int64_t>(i);
}

struct BindFailure {
  std::string message;         // the whole message when this is the only overload
  bool type_mismatch = false;  // the arity fit but a type did not
};

BindFailure failure(std::string message) { return BindFailure{std::move(message), false}; }

// Binds args to one signature; returns the failure when it does not fit.
std::optional<BindFailure> bind(const Signature& sig, bool is_method, Args& args, Kwargs& kwargs,
                                Bound& out) {
  const auto& ps = sig.params;
  out.values.assign(ps.size(), Value());
  std::vector<bool> set(ps.size(), false);
  size_t first = 0;  // the first parameter positional arguments fill
  size_t ai = 0;
  std::string fname = sig.name + "()";
  if (is_method) {  // self is args[0] and params[0]
    out.values[0] = args[0];
    set[0] = true;
    first = 1;
    ai = 1;
  }
  // Varargs form: zeros(2, 3) / t.view(2, 5) / t.permute(1, 0) for a leading int[].
  size_t positional = args.size() - ai;
  size_t pi = first;
  // As in PyTorch, only when that int[] is the sole positional parameter.
  size_t positional_params = 0;
  for (size_t k = first; k < ps.size(); ++k) positional_params += ps[k].kwarg_only ? 0 : 1;
  if (pi < ps.size() && ps[pi].type == ParamType::IntList && !ps[pi].kwarg_only &&
      positional_params == 1 && positional >= 1 && is_int_value(args[ai]) &&
      !args[ai].is(Kind::Bool)) {
    // Every remaining positional argument joins the list; the type check below
    // then names a bad element ("found element of type str at pos 2").
    if (positional > 1 || ps[pi].list_size == 0) {
      std::vector<Value> items(args.begin() + static_cast<long>(ai), args.end());
      out.values[pi] = Value::tuple(std::move(items));
      set[pi] = true;
      ai = args.size();
      ++pi;
    }
  }
  for (; ai < args.size(); ++ai, ++pi) {
    if (pi >= ps.size() || ps[pi].kwarg_only) {
      size_t max_pos = 0;
      for (size_t k = first; k < ps.size(); ++k)
        if (!ps[k].kwarg_only) ++max_pos;
      return failure(fname + " takes " + std::to_string(max_pos) + " positional argument" +
                         (max_pos == 1 ? "" : "s") + " but " + std::to_string(args.size() - first) +
                         (args.size() - first == 1 ? " was" : " were") + " given");
    }
    out.values[pi] = args[ai];
    set[pi] = true;
  }
  for (auto& [name, v] : kwargs) {
    size_t k = first;
    while (k < ps.size() && ps[k].name != name) ++k;
    if (k == ps.size())
      return failure(fname + " got an unexpected keyword argument '" + name + "'");
    if (set[k])
      return failure(fname + " got multiple values for argument '" + name + "'");
    out.values[k] = v;
    set[k] = true;
  }
  std::vector<std::string> missing;
  for (size_t k = first; k < ps.size(); ++k) {
    if (set[k]) continue;
    if (ps[k].has_default)
      out.values[k] = ps[k].default_value;
    else
      missing.push_back(ps[k].name);
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i) names += (i ? ", \"" : "\"") + missing[i] + "\"";
    return failure(fname + " missing " + std::to_string(missing.size()) +
                       " required positional arguments: " + names);
  }
  // Type checks, in order.
  BindFailure type_fail;
  bool bad = false;
  for (size_t k = first; k < ps.size(); ++k) {
    if (!set[k]) continue;
    const Value& v = out.values[k];
    if (accepts(ps[k], v)) continue;
    if (!bad) {
      bad = true;
      // A list whose element is wrong is reported by element, as PyTorch does.
      bool in_list = (ps[k].type == ParamType::IntList) && v.is_sequence();
      bool in_tensors = ps[k].type == ParamType::TensorList && (v.is(Kind::Tuple) || v.is(Kind::List));
      if (in_tensors) {  // PyTorch names the first element that is not a tensor
        size_t pos = 0;
        while (v.items()[pos].is(Kind::Tensor)) ++pos;
        type_fail.message = "expected Tensor as element " + std::to_string(pos) + " in argument " +
                            std::to_string(k - first) + ", but got " + type_name(v.items()[pos]);
      } else if (in_list) {
        size_t pos = 0;
        while (pos < v.items().size() && is_int_value(v.items()[pos])) ++pos;
        type_fail.message = fname.substr(0, fname.size() - 2) + "(): argument '" + ps[k].name +
                            "' must be " + expected_name(ps[k]) + ", but found element of type " +
                            arg_type_name(v.items()[pos]) + " at pos " + std::to_string(pos + 1);
      } else {
        bool by_keyword = false;
        for (auto& kw : kwargs) by_keyword = by_keyword || kw.first == ps[k].name;
        type_fail.message = sig.name + "(): argument '" + ps[k].name + "'" +
                            (by_keyword ? "" : " (position " + std::to_string(k - first + 1) + ")") +
                            " must be " + expected_name(ps[k]) + ", not " + arg_type_name(v);
      }
    }
  }
  if (bad) {
    type_fail.type_mismatch = true;
    return type_fail;
  }
  out.sig = &sig;
  return std::nullopt;
}

// " * (tuple of ints size, *, torch.dtype dtype)" as in PyTorch's overload listings.
std::string describe(const Signature& sig) {
  std::string out = "(";
  bool first = true, star = false;
  for (const Param& p : sig.params) {
    if (p.name == "self") continue;
    if (!first) out += ", ";
    if (p.kwarg_only && !star) {
      out += "*, ";
      star = true;
    }
    out += expected_name(p) + " " + p.name;
    first = false;
  }
  return out + ")";
}

}  // namespace

Signature parse_signature(const std::string& schema) {
  Signature sig;
  sig.text = schema;
  size_t open = schema.find('('), close = schema.rfind(')');
  if (open == std::string::npos || close == std::string::npos)
    throw std::logic_error("bad schema: " + schema);
  sig.name = trim(schema.substr(0, open));
  std::string body = schema.substr(open + 1, close - open - 1);
  bool kwarg_only = false;
  size_t pos = 0;
  while (pos < body.size()) {
    // Split on commas outside brackets.
    int depth = 0;
    size_t end = pos;
    while (end < body.size() && !(body[end] == ',' && depth == 0)) {
      if (body[end] == '[') ++depth;
      if (body[end] == ']') --depth;
      ++end;
    }
    std::string part = trim(body.substr(pos, end - pos));
    pos = end + 1;
    if (part.empty()) continue;
    if (part == "*") {
      kwarg_only = true;
      continue;
    }
    Param p;
    p.kwarg_only = kwarg_only;
    std::string decl = part;
    if (auto eq = part.find('='); eq != std::string::npos) {
      decl = trim(part.substr(0, eq));
      p.has_default = true;
      p.default_value = parse_default(trim(part.substr(eq + 1)));
    }
    size_t sp = decl.rfind(' ');
    if (sp == std::string::npos) throw std::logic_error("bad parameter in schema: " + schema);
    p.name = decl.substr(sp + 1);
    p.type = parse_type(trim(decl.substr(0, sp)), p);
    sig.params.push_back(std::move(p));
  }
  return sig;
}

std::string arg_type_name(const Value& v) {
  if (v.is(Kind::DType)) return "torch.dtype";
  if (v.is(Kind::Size)) return "torch.Size";
  return type_name(v);
}

std::optional<Tensor> Bound::opt_tensor(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return values[i].as_tensor();
}

std::vector<Tensor> Bound::tensors(size_t i) const {
  std::vector<Tensor> out;
  for (const Value& v : values[i].items()) out.push_back(v.as_tensor());
  return out;
}

int64_t Bound::int64(size_t i) const { return to_int64(values[i]); }

std::optional<int64_t> Bound::opt_int(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return to_int64(values[i]);
}

Shape Bound::shape(size_t i) const {
  const Value& v = values[i];
  if (!v.is_sequence()) {
    int n = sig ? sig->params[i].list_size : 1;
    return Shape(static_cast<size_t>(n > 0 ? n : 1), to_int64(v));
  }
  Shape s;
  for (const Value& x : v.items()) s.push_back(to_int64(x));
  return s;
}

std::optional<Shape> Bound::opt_shape(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return shape(i);
}

double Bound::f64(size_t i) const { return values[i].as_float(); }

std::optional<double> Bound::opt_f64(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return values[i].as_float();
}

Scalar Bound::scalar(size_t i) const {
  const Value& v = values[i];
  if (v.is(Kind::Tensor)) {  // a 0-d tensor argument
    const Tensor& t = v.as_tensor();
    Scalar s;
    dispatch(t.dtype(), [&]<typename T>() {
      T x = *t.data<T>();
      if constexpr (std::is_same_v<T, bool>) s = Scalar(x);
      else if constexpr (std::is_integral_v<T>) s = Scalar(static_cast<int64_t>(x));
      else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
        s = Scalar(std::complex<double>(x.real(), x.imag()));
      else s = Scalar(static_cast<double>(x));
    });
    return s;
  }
  return v.as_scalar();
}

std::optional<bool> Bound::opt_bool(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return truthy(values[i]);
}

std::optional<DType> Bound::dtype(size_t i) const {
  const Value& v = values[i];
  if (v.is_none()) return std::nullopt;
  if (v.is(Kind::Type)) {
    const std::string& n = v.as<TypeObj>()->name;
    if (n == "float") return DType::Float64;
    if (n == "int") return DType::Int64;
    if (n == "bool") return DType::Bool;
    return DType::Complex128;
  }
  return v.as_dtype();
}

std::optional<Device> Bound::device(size_t i) const {
  const Value& v = values[i];
  if (v.is_none()) return std::nullopt;
  if (v.is(Kind::Str)) return Device::parse(v.as_str());
  if (v.is(Kind::Int)) return Device{DeviceType::CUDA, static_cast<int>(v.as_int())};
  return v.as_device();
}

std::optional<std::string> Bound::opt_str(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return values[i].as_str();
}

void Registry::def(const std::string& schema, unsigned variants, std::string doc, OpImpl impl) {
  auto e = std::make_unique<OpEntry>();
  e->sig = parse_signature(schema);
  e->doc = std::move(doc);
  e->variants = variants;
  e->impl = std::move(impl);
  if (variants & kFunction) functions_[e->sig.name].push_back(e.get());
  if (variants & kMethod) {
    if (!e->sig.has_self()) throw std::logic_error("method without self: " + schema);
    methods_[e->sig.name].push_back(e.get());
  }
  entries_.push_back(std::move(e));
}

const std::vector<const OpEntry*>* Registry::functions(const std::string& name) const {
  auto it = functions_.find(name);
  return it == functions_.end() ? nullptr : &it->second;
}

const std::vector<const OpEntry*>* Registry::methods(const std::string& name) const {
  auto it = methods_.find(name);
  return it == methods_.end() ? nullptr : &it->second;
}

std::vector<std::string> Registry::function_names() const {
  std::vector<std::string> out;
  for (auto& [n, _] : functions_) out.push_back(n);
  return out;
}

std::vector<std::string> Registry::method_names() const {
  std::vector<std::string> out;
  for (auto& [n, _] : methods_) out.push_back(n);
  return out;
}

Value Registry::call(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool is_method,
                     Args& args, Kwargs& kwargs) const {
  std::vector<BindFailure> failures;
  for (const OpEntry* e : overloads) {
    Bound b;
    // A function call on a method-capable op binds self positionally like any other arg.
    auto fail = bind(e->sig, is_method, args, kwargs, b);
    if (!fail) return e->impl(in, b);
    failures.push_back(*fail);
  }
  if (overloads.size() == 1) throw TypeError(failures[0].message);
  // PyTorch's "invalid combination" message listing every overload.
  std::string got;
  size_t first = is_method ? 1 : 0;
  for (size_t i = first; i < args.size(); ++i) got += (i > first ? ", " : "") + arg_type_name(args[i]);
  for (size_t i = 0; i < kwargs.size(); ++i)
    got += (got.empty() ? "" : ", ") + kwargs[i].first + "=" + arg_type_name(kwargs[i].second);
  std::string msg = overloads[0]->sig.name + "() received an invalid combination of arguments - got (" +
                    got + "), but expected one of:\n";
  for (const OpEntry* e : overloads) msg += " * " + describe(e->sig) + "\n";
  throw TypeError(msg);
}

Registry& registry() {
  static Registry* r = [] {
    auto* reg = new Registry;
    register_creation_ops(*reg);
    register_view_ops(*reg);
    register_tensor_info_ops(*reg);
    register_conversion_ops(*reg);
    register_indexing_ops(*reg);  // before elementwise: where(condition) is PyTorch's first where overload
    register_elementwise_ops(*reg);
    register_reduction_ops(*reg);
    register_random_ops(*reg);
    register_join_ops(*reg);
    register_linalg_ops(*reg);
    return reg;
  }();
  return *r;
}

}  // namespace tsh::shell
