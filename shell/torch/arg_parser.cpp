// shell/torch/arg_parser.cpp — PyTorch's argument binding rules and their TypeErrors.
//
// The rules (and the exact texts, quirks included) are PyTorch's Python argument
// parser's: a signature is tried by filling its parameters in order, positionally
// while positional arguments last, then by keyword (or a NumPy alias); each value
// must pass the parameter type's acceptance test. A failing call either gets the
// one plausible overload's own error or the overload listing of arg_listing.cpp.
#include "shell/torch/arg_parser.h"
#include "shell/torch/layout.h"
#include "shell/torch/memory_format.h"

#include <algorithm>

#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

using ViewParam = Signature::CallParam;

// The parameters of one call form, built on the signature's first call in that form.
const std::vector<ViewParam>& call_view(const Signature& sig, bool is_method) {
  std::vector<ViewParam>& out = sig.call_params[is_method];
  if (sig.call_params_of[is_method] == &sig) return out;
  out.clear();
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const Param& p = sig.params[i];
    if (is_method && (p.name == "out" || (i == 0 && sig.has_self()))) continue;
    std::string name = p.name;
    if (!is_method && i == 0 && name == "self" && p.type == ParamType::Tensor) name = "input";
    out.push_back({&p, name, i});
  }
  size_t leading_tensors = 0, required = 0;
  bool int_list = false;
  for (size_t k = 0; k < out.size(); ++k) {
    const Param& p = *out[k].p;
    if (leading_tensors == k && p.type == ParamType::Tensor && !p.kwarg_only) ++leading_tensors;
    if (!p.has_default) required = k + 1;
    int_list = int_list || p.type == ParamType::IntList || p.type == ParamType::SymIntList;
  }
  sig.plain_min[is_method] = required;
  sig.plain_max[is_method] = leading_tensors;
  sig.has_int_list[is_method] = int_list;
  sig.initial_values.assign(sig.params.size(), Value());
  for (size_t i = 0; i < sig.params.size(); ++i)
    if (sig.params[i].has_default) sig.initial_values[i] = sig.params[i].default_value;
  sig.call_params_of[is_method] = &sig;
  return out;
}

// The ops whose Tensor parameters also take Python numbers (PyTorch's own short list).
bool numbers_as_tensors(const std::string& name) {
  static const char* const names[] = {"add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_",
                                      "multiply", "multiply_", "sub", "sub_", "subtract", "subtract_",
                                      "true_divide", "true_divide_", "to", "copy_", "floor_divide",
                                      "floor_divide_"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

bool is_python_int(const Value& v) { return v.is(Kind::Int); }  // bool is not, as in checkLong

// Python's operator.index(): ints, bools and one-element integer tensors.
bool has_index(const Value& v) {
  if (v.is_intlike()) return true;
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    return t.numel() == 1 && is_integral(t.dtype(), true);
  }
  return false;
}

// PyTorch's checkIndex: operator.index() works, but not on a bool.
bool check_index(const Value& v) { return !v.is(Kind::Bool) && has_index(v); }

bool is_list_like(const Value& v) { return v.is_sequence(); }  // tuple, list, torch.Size


bool zero_dim_tensor(const Value& v) { return v.is(Kind::Tensor) && v.as_tensor().dim() == 0; }

// The acceptance test of one parameter type. failed_idx: the element of a list that failed.
bool check(const Param& p, const Signature& sig, const Value& v, size_t argnum, int64_t& failed_idx) {
  switch (p.type) {
    case ParamType::Tensor:
      if (v.is(Kind::Tensor)) return true;
      return numbers_as_tensors(sig.name) && v.is_number();
    case ParamType::Scalar:
      return v.is_number() || zero_dim_tensor(v);
    case ParamType::Complex:
    case ParamType::Float:
      if (p.type == ParamType::Complex && v.is(Kind::Complex)) return true;
      return v.is_intlike() || v.is(Kind::Float) || zero_dim_tensor(v);
    case ParamType::Int:
      if (is_python_int(v)) return true;
      if (v.is(Kind::Tensor)) {
        const Tensor& t = v.as_tensor();
        return t.dim() == 0 && is_integral(t.dtype(), false);
      }
      return false;
    case ParamType::SymInt: return check_index(v);
    case ParamType::IntList:
    case ParamType::SymIntList:
      if (is_list_like(v)) {
        if (v.items().empty() || check_index(v.items()[0])) return true;
        failed_idx = 0;
        return false;
      }
      if (p.list_size <= 0) return false;
      return p.type == ParamType::IntList ? is_python_int(v) : check_index(v);
    case ParamType::FloatList:
      if (!is_list_like(v)) return false;
      return v.items().empty() || v.items()[0].is_number();
    case ParamType::ScalarList:
      if (!is_list_like(v)) return false;
      for (const Value& x : v.items())
        if (!x.is_number()) return false;
      return true;
    case ParamType::TensorList:
      if (!(v.is(Kind::Tuple) || v.is(Kind::List) || v.is(Kind::Size))) return false;
      for (size_t i = 0; i < v.items().size(); ++i)
        if (!v.items()[i].is(Kind::Tensor))  // PyTorch raises here, even while trying overloads
          throw_parser_error("expected Tensor as element " + std::to_string(i) + " in argument " +
                             std::to_string(argnum) + ", but got " + type_name(v.items()[i]));
      return true;
    case ParamType::Bool: return v.is(Kind::Bool);
    case ParamType::Str: return v.is(Kind::Str);
    case ParamType::DType:
      if (v.is(Kind::DType)) return true;
      if (v.is(Kind::Type)) {  // Python's float/int/bool/complex name dtypes
        const std::string& n = v.as<TypeObj>()->name;
        return n == "float" || n == "int" || n == "bool" || n == "complex";
      }
      return false;
    case ParamType::Layout: return is_layout(v);  // torch.strided, the only layout tsh has
    case ParamType::MemoryFormat: return is_memory_format(v);
    case ParamType::Device: return is_python_int(v) || v.is(Kind::Str) || v.is(Kind::Device);
    case ParamType::Generator: return v.is(Kind::Generator);
    case ParamType::Any: return true;
  }
  return false;
}

// The varargs form binds when the first positional argument is an index.
bool ints_as_varargs(const Value& first) { return check_index(first); }

size_t count_required(const std::vector<ViewParam>& view) {
  size_t n = 0;
  for (const ViewParam& vp : view) n += vp.p->has_default ? 0 : 1;
  return n;
}

size_t count_positional(const std::vector<ViewParam>& view) {
  size_t n = 0;
  for (const ViewParam& vp : view) n += vp.p->kwarg_only ? 0 : 1;
  return n;
}

[[noreturn]] void extra_args(const Signature& sig, const std::vector<ViewParam>& view, size_t nargs) {
  const size_t max_pos = count_positional(view), min_args = count_required(view);
  if (min_args != max_pos)
    throw_parser_error(sig.name + "() takes from " + std::to_string(min_args) + " to " + std::to_string(max_pos) +
                       " positional arguments but " + std::to_string(nargs) + " were given");
  throw_parser_error(sig.name + "() takes " + std::to_string(max_pos) + " positional argument" +
                     (max_pos == 1 ? "" : "s") + " but " + std::to_string(nargs) + " " +
                     (nargs == 1 ? "was" : "were") + " given");
}

// PyTorch's text, its inverted plural included: "missing 1 required positional arguments".
[[noreturn]] void missing_args(const Signature& sig, const std::vector<ViewParam>& view, size_t from) {
  size_t n = 0;
  std::string names;
  for (size_t i = from; i < view.size(); ++i) {
    if (view[i].p->has_default) continue;
    names += (n ? ", \"" : "\"") + view[i].name + "\"";
    ++n;
  }
  throw_parser_error(sig.name + "() missing " + std::to_string(n) + " required positional argument" +
                     (n == 1 ? "s" : "") + ": " + names);
}

[[noreturn]] void extra_kwargs(const Signature& sig, const std::vector<ViewParam>& view, const Kwargs& kwargs,
                               size_t nargs) {
  for (const auto& [key, value] : kwargs) {
    size_t idx = 0;
    while (idx < view.size() && view[idx].name != key) ++idx;
    if (idx == view.size()) throw_parser_error(sig.name + "() got an unexpected keyword argument '" + key + "'");
    if (idx < nargs) throw_parser_error(sig.name + "() got multiple values for argument '" + key + "'");
  }
  throw_parser_error("invalid keyword arguments");
}

const std::vector<std::string>& numpy_aliases(const std::string& name) {
  static const std::vector<std::string> none, dim{"axis"}, keepdim{"keepdims"}, input{"x", "a", "x1"},
      other{"x2"};
  if (name == "dim") return dim;
  if (name == "keepdim") return keepdim;
  if (name == "input") return input;
  if (name == "other") return other;
  return none;
}

const Value* find_kwarg(const Kwargs& kwargs, const std::string& name) {
  for (const auto& [k, v] : kwargs)
    if (k == name) return &v;
  return nullptr;
}

// How PyTorch names a parameter type in its messages.
std::string param_type_name(const Param& p) {
  switch (p.type) {
    case ParamType::Tensor: return "Tensor";
    case ParamType::Scalar: return "Number";
    case ParamType::Int:
    case ParamType::SymInt: return "int";
    case ParamType::Float: return "float";
    case ParamType::Complex: return "complex";
    case ParamType::TensorList: return "tuple of Tensors";
    case ParamType::IntList:
    case ParamType::SymIntList: return "tuple of ints";
    case ParamType::FloatList: return "tuple of floats";
    case ParamType::ScalarList: return "tuple of Scalars";
    case ParamType::Generator: return "torch.Generator";
    case ParamType::Bool: return "bool";
    case ParamType::Any: return "object";
    case ParamType::DType: return "torch.dtype";
    case ParamType::Layout: return "torch.layout";
    case ParamType::MemoryFormat: return "torch.memory_format";
    case ParamType::Device: return "torch.device";
    case ParamType::Str: return "str";
  }
  return "object";
}

}  // namespace

[[noreturn]] void throw_parser_error(std::string msg) {
  throw TypeError(msg);  // whole: PyTorch 2.x no longer cuts its messages at 1023 bytes
}

bool binds_plainly(const Signature& sig, bool is_method, size_t n) {
  call_view(sig, is_method);  // builds plain_min and plain_max
  const size_t nargs = n - (is_method ? 1 : 0);
  return nargs >= sig.plain_min[is_method] && nargs <= sig.plain_max[is_method];
}

bool binds_plainly(const Signature& sig, bool is_method, std::span<const Value> args) {
  if (!binds_plainly(sig, is_method, args.size())) return false;
  const size_t first = is_method ? 1 : 0;
  for (size_t k = first; k < args.size(); ++k)
    if (!args[k].is(Kind::Tensor)) return false;
  return true;
}

bool bind_signature(const Signature& sig, bool is_method, const Args& args, const Kwargs& kwargs, Bound& out,
                    bool raise) {
  const std::vector<ViewParam>& view = call_view(sig, is_method);
  const size_t first = is_method ? 1 : 0;
  const size_t nargs = args.size() - first;
  if (kwargs.empty() && binds_plainly(sig, is_method, args)) {  // the short cut (see Signature::plain_min)
    out.values = sig.initial_values;
    if (is_method && sig.has_self()) out.values[0] = args[0];
    for (size_t k = 0; k < nargs; ++k) out.values[view[k].index] = args[first + k];
    out.sig = &sig;
    return true;
  }
  const size_t max_pos = count_positional(view);
  // A sole positional int[] also takes its ints as separate arguments, zeros(2, 3), when the
  // first of them is an index (PyTorch 2.x; zeros(2.5, 3) has too many arguments).
  const bool varargs = max_pos == 1 && !view.empty() &&
                       (view[0].p->type == ParamType::IntList || view[0].p->type == ParamType::SymIntList) &&
                       nargs >= 1 && check_index(args[first]);
  if (nargs > max_pos && !varargs) {
    if (raise) extra_args(sig, view, nargs);
    return false;
  }
  out.values = sig.initial_values;
  if (is_method && sig.has_self()) out.values[0] = args[0];

  size_t arg_pos = 0;
  size_t remaining_kwargs = kwargs.size();
  for (size_t i = 0; i < view.size(); ++i) {
    const Param& p = *view[i].p;
    const Value* obj = nullptr;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      if (p.kwarg_only) {  // positional ints after a sole positional int[]
        if (raise) extra_args(sig, view, nargs);
        return false;
      }
      obj = &args[first + arg_pos];
    } else if (!kwargs.empty()) {
      obj = find_kwarg(kwargs, view[i].name);
      for (const std::string& alias : numpy_aliases(view[i].name)) {
        if (obj) break;
        obj = find_kwarg(kwargs, alias);
      }
      is_kwd = true;
    }
    int64_t failed_idx = -1;
    const bool varargs_eligible = varargs && arg_pos == 0 && !is_kwd;
    if (!obj && p.has_default) {
      // the default stays
    } else if (obj && obj->is_none() && p.optional) {
      out.values[view[i].index] = Value::none();
    } else if (!obj) {
      if (raise) missing_args(sig, view, i);
      return false;
    } else if (check(p, sig, *obj, i, failed_idx)) {
      out.values[view[i].index] = *obj;
    } else if (varargs_eligible && ints_as_varargs(args[first])) {
      out.values[view[i].index] = Value::tuple(Args(args.begin() + static_cast<long>(first), args.end()));
      arg_pos = nargs;
      continue;
    } else if (raise) {
      const std::string expected = param_type_name(p);
      if (is_kwd)
        throw_parser_error(sig.name + "(): argument '" + view[i].name + "' must be " + expected + ", not " +
                           type_name(*obj));
      if (failed_idx != -1) {
        const Value& seq = is_list_like(*obj) ? *obj : Value::tuple(Args(args.begin() + static_cast<long>(first), args.end()));
        throw_parser_error(sig.name + "(): argument '" + view[i].name + "' (position " +
                           std::to_string(arg_pos + 1) + ") must be " + expected + ", but found element of type " +
                           type_name(seq.items()[static_cast<size_t>(failed_idx)]) + " at pos " +
                           std::to_string(failed_idx));
      }
      throw_parser_error(sig.name + "(): argument '" + view[i].name + "' (position " + std::to_string(arg_pos + 1) +
                         ") must be " + expected + ", not " + type_name(*obj));
    } else {
      return false;
    }
    if (!is_kwd)
      ++arg_pos;
    else if (obj)
      --remaining_kwargs;
  }
  if (remaining_kwargs > 0) {
    if (raise) extra_kwargs(sig, view, kwargs, nargs);
    return false;
  }
  out.sig = &sig;
  return true;
}

void check_unpacked(const Signature& sig, bool is_method, const Bound& b) {
  if (!sig.has_int_list[is_method]) return;
  for (const ViewParam& vp : call_view(sig, is_method)) {
    if (vp.p->type != ParamType::IntList && vp.p->type != ParamType::SymIntList) continue;
    const Value& v = b.values[vp.index];
    auto fail = [&](size_t k, const std::string& error) {
      throw_parser_error(sig.name + "(): argument '" + vp.name + "' failed to unpack the object at pos " +
                         std::to_string(k + 1) + " with error \"" + error + "\"");
    };
    // An int beyond int64 (2**63, 10**20) does not unpack either.
    auto overflows = [](const Value& x) {
      return x.is(Kind::Int) && (x.as_int() > INT64_MAX || x.as_int() < INT64_MIN);
    };
    // A lone int where `int[N]` takes one is unpacked as one long: RuntimeError (below).
    if (overflows(v) && vp.p->list_size == 0) fail(0, "Overflow when unpacking long long");
    if (!is_list_like(v)) continue;
    const auto& items = v.items();
    for (size_t k = 0; k < items.size(); ++k) {
      if (!has_index(items[k])) fail(k, "type must be tuple of ints,but got " + type_name(items[k]));
      if (overflows(items[k])) fail(k, "Overflow when unpacking long long");
    }
  }
}

void bind_python(const Signature& sig, const std::string& qualname, bool is_method, const Args& args,
                 const Kwargs& kwargs, Bound& out) {
  // Python counts self among a method's positional parameters.
  const auto& ps = sig.params;
  out.values.assign(ps.size(), Value());
  std::vector<bool> set(ps.size(), false);
  size_t npos_params = 0;
  for (const Param& p : ps) npos_params += p.kwarg_only ? 0 : 1;
  const size_t given = args.size();
  for (size_t i = 0; i < given && i < npos_params; ++i) {
    out.values[i] = args[i];
    set[i] = true;
  }
  for (const auto& [key, value] : kwargs) {
    size_t k = 0;
    while (k < ps.size() && !(ps[k].name == key && !(is_method && k == 0) && !ps[k].positional_only)) ++k;
    if (k == ps.size()) {
      // As CPython: every keyword that names a positional-only parameter, or the unexpected one.
      std::string posonly;
      for (const auto& kv : kwargs)
        for (const Param& p : ps)
          if (p.positional_only && p.name == kv.first) posonly += (posonly.empty() ? "" : ", ") + kv.first;
      if (!posonly.empty())
        throw TypeError(qualname + "() got some positional-only arguments passed as keyword arguments: '" + posonly + "'");
      throw TypeError(qualname + "() got an unexpected keyword argument '" + key + "'");
    }
    if (set[k]) throw TypeError(qualname + "() got multiple values for argument '" + key + "'");
    out.values[k] = value;
    set[k] = true;
  }
  if (given > npos_params) {
    size_t required = 0;
    for (const Param& p : ps) required += (!p.kwarg_only && !p.has_default) ? 1 : 0;
    std::string takes = required == npos_params ? std::to_string(npos_params)
                                                : "from " + std::to_string(required) + " to " + std::to_string(npos_params);
    throw TypeError(qualname + "() takes " + takes + " positional argument" + (npos_params == 1 && required == npos_params ? "" : "s") +
                    " but " + std::to_string(given) + (given == 1 ? " was" : " were") + " given");
  }
  std::vector<std::string> missing;
  for (size_t k = 0; k < ps.size(); ++k) {
    if (set[k]) continue;
    if (ps[k].has_default)
      out.values[k] = ps[k].default_value;
    else
      missing.push_back("'" + ps[k].name + "'");
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size(); ++i) {
      if (i) names += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
      names += missing[i];
    }
    throw TypeError(qualname + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                    (missing.size() == 1 ? "" : "s") + ": " + names);
  }
  out.sig = &sig;
}

std::string listing_signature(const Signature& sig, bool is_method, size_t* min_args, size_t* max_args) {
  const std::vector<ViewParam>& view = call_view(sig, is_method);
  if (min_args) *min_args = count_required(view);
  if (max_args) *max_args = view.size();
  std::string out = "(";
  bool star = false;
  for (size_t i = 0; i < view.size(); ++i) {
    const Param& p = *view[i].p;
    if (i) out += ", ";
    if (p.kwarg_only && !star) {
      out += "*, ";
      star = true;
    }
    out += param_type_name(p) + " " + view[i].name;
    if (p.has_default) out += " = " + p.default_text;
  }
  return out + ")";
}

}  // namespace tsh::shell
