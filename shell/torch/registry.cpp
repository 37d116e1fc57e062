// shell/torch/registry.cpp — schema parsing, overload dispatch and the accessors of bound values.
//
// Binding itself follows PyTorch's rules and lives in arg_parser.cpp (errors in
// arg_listing.cpp); this file turns schemas into Signatures and runs the chosen
// overload.
#include "shell/torch/registry.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/tensor_attrs.h"

#include <algorithm>

#include <cctype>
#include <set>
#include <stdexcept>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/grad_mode.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/unary.h"
#include "shell/python/errors.h"
#include "shell/torch/autograd/module.h"
#include "shell/torch/autograd/ops.h"
#include "shell/torch/arg_parser.h"

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
  if (text == "[]" || text == "{}") return Value::list({});
  if (text.size() >= 2 && (text[0] == '"' || text[0] == '\''))
    return Value::str(text.substr(1, text.size() - 2));
  if (text.front() == '[' || text.front() == '{') {  // [0, 1] or PyTorch's {0,1}
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
  if (text == "torch.int64") return Value::dtype(DType::Int64);
  if (text == "contiguous_format") return memory_format_value(MemoryFormat::Contiguous);
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
    if (base == "int") return ParamType::IntList;
    if (base == "SymInt") return ParamType::SymIntList;
    if (base == "float") return ParamType::FloatList;
    if (base == "Scalar") return ParamType::ScalarList;
    if (base == "Tensor") return ParamType::TensorList;
    throw std::logic_error("unknown list type " + t);
  }
  static const std::pair<const char*, ParamType> names[] = {
      {"Tensor", ParamType::Tensor},     {"int", ParamType::Int},
      {"SymInt", ParamType::SymInt},     {"float", ParamType::Float},
      {"complex", ParamType::Complex},   {"Scalar", ParamType::Scalar},
      {"bool", ParamType::Bool},         {"str", ParamType::Str},
      {"ScalarType", ParamType::DType},  {"Layout", ParamType::Layout},
      {"Device", ParamType::Device},     {"Generator", ParamType::Generator},
      {"MemoryFormat", ParamType::MemoryFormat},
      {"Any", ParamType::Any},
  };
  for (auto& [n, type] : names)
    if (t == n) return type;
  throw std::logic_error("unknown type " + t);
}

// An int argument: a Python int or bool, or a one-element integer tensor (operator.index()).
int64_t to_int64(const Value& v) {
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    return is_integral(t.dtype(), true) ? item(t).to_int() : 0;
  }
  Int i = v.as_int();
  if (i > INT64_MAX || i < INT64_MIN) throw ValueError("Overflow when unpacking long long");  // THPUtils_unpackLong
  return static_cast<int64_t>(i);
}

}  // namespace

Signature parse_signature(const std::string& schema) {
  Signature sig;
  sig.text = schema;
  size_t open = schema.find('('), close = schema.rfind(')');
  if (open == std::string::npos || close == std::string::npos)
    throw std::logic_error("bad schema: " + schema);
  sig.name = trim(schema.substr(0, open));
  const std::string flags = schema.substr(close + 1);
  sig.hidden = flags.find("|hidden") != std::string::npos || flags.find("|deprecated") != std::string::npos;
  sig.python = flags.find("|python") != std::string::npos;
  if (auto bar = sig.text.find('|', close); bar != std::string::npos) sig.text = trim(sig.text.substr(0, bar));
  std::string body = schema.substr(open + 1, close - open - 1);
  bool kwarg_only = false;
  size_t pos = 0;
  while (pos < body.size()) {
    // Split on commas outside brackets and braces.
    int depth = 0;
    size_t end = pos;
    while (end < body.size() && !(body[end] == ',' && depth == 0)) {
      if (body[end] == '[' || body[end] == '{') ++depth;
      if (body[end] == ']' || body[end] == '}') --depth;
      ++end;
    }
    std::string part = trim(body.substr(pos, end - pos));
    pos = end + 1;
    if (part.empty()) continue;
    if (part == "*") {
      kwarg_only = true;
      continue;
    }
    if (part == "/") {
      for (Param& q : sig.params) q.positional_only = true;
      continue;
    }
    Param p;
    p.kwarg_only = kwarg_only;
    std::string decl = part;
    if (auto eq = part.find('='); eq != std::string::npos) {
      decl = trim(part.substr(0, eq));
      p.has_default = true;
      p.default_text = trim(part.substr(eq + 1));
      p.default_value = parse_default(p.default_text);
      if (p.default_text == "None") p.optional = true;
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

Tensor Bound::tensor(size_t i) const {
  const Value& v = values[i];
  if (v.is(Kind::Tensor)) return v.as_tensor();
  const Scalar s = v.as_scalar();
  const DType d = v.is(Kind::Bool) ? DType::Bool : v.is(Kind::Int) ? DType::Int64
                  : v.is(Kind::Complex) ? DType::Complex128 : DType::Float64;
  return from_scalars({}, {s}, d);
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

// A float argument may also be a bool or a 0-d tensor, as PyTorch accepts.
double Bound::f64(size_t i) const {
  if (values[i].is(Kind::Tensor)) return scalar(i).to_double();
  return values[i].as_float();
}

std::optional<double> Bound::opt_f64(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return f64(i);
}

Scalar Bound::scalar(size_t i) const {
  const Value& v = values[i];
  if (v.is(Kind::Tensor)) {  // a 0-d tensor argument
    const Tensor& t = v.as_tensor();
    return item(t);
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
  if (v.is(Kind::Int)) {
    if (v.as_int() < 0) throw RuntimeError("Device index must not be negative");
    return Device{DeviceType::CUDA, static_cast<int>(v.as_int())};
  }
  return v.as_device();
}

std::optional<std::string> Bound::opt_str(size_t i) const {
  if (values[i].is_none()) return std::nullopt;
  return values[i].as_str();
}

size_t Bound::index_of(const std::string& name) const {
  for (size_t i = 0; sig && i < sig->params.size(); ++i)
    if (sig->params[i].name == name) return i;
  return npos;
}

namespace {

// The in-place ops PyTorch 2.x also puts in the torch namespace (torch.abs_(t)):
// an in-place method of one of these names is a function too.
bool torch_inplace_function(const std::string& name) {
  static const std::set<std::string> names = {
      "abs_", "acos_", "acosh_", "addmv_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_", "arctanh_",
      "as_strided_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_", "clamp_max_", "clamp_min_", "clip_",
      "conj_physical_", "cos_", "cosh_", "deg2rad_", "erf_", "erfc_", "exp2_", "exp_", "expm1_", "fill_", "fix_",
      "floor_", "frac_", "gcd_", "i0_", "index_put_", "lcm_", "ldexp_", "log10_", "log1p_", "log2_", "log_",
      "logit_", "nan_to_num_", "neg_", "negative_", "rad2deg_", "reciprocal_", "relu_", "resize_as_", "round_",
      "rsqrt_", "sigmoid_", "sin_", "sinc_", "sinh_", "sqrt_", "square_", "tan_", "tanh_", "trunc_", "xlogy_",
      "zero_"};
  return names.count(name) > 0;
}

}  // namespace

OpEntry& Registry::def(const std::string& schema, unsigned variants, std::string doc, OpImpl impl) {
  auto e = std::make_unique<OpEntry>();
  e->sig = parse_signature(schema);
  e->doc = std::move(doc);
  if (variants == kMethod && !e->sig.hidden && torch_inplace_function(e->sig.name)) variants = kBoth;
  e->variants = variants;
  e->impl = std::move(impl);
  for (size_t i = 0; i < e->sig.params.size(); ++i) {
    const Param& p = e->sig.params[i];
    if (p.name == "out") e->out_index = i;
    if (p.name == "requires_grad") e->requires_grad_index = i;
    if (p.name == "pin_memory" && p.type == ParamType::Bool) e->pin_memory_index = i;
  }
  const std::string& n = e->sig.name;
  e->writes_self = e->sig.has_self() && n.size() > 1 && n.back() == '_' && n != "requires_grad_" && n != "detach_";
  if (variants & kFunction) functions_[e->sig.name].push_back(e.get());
  if (variants & kMethod) {
    if (!e->sig.has_self()) throw std::logic_error("method without self: " + schema);
    methods_[e->sig.name].push_back(e.get());
  }
  entries_.push_back(std::move(e));
  return *entries_.back();
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
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Registry::method_names() const {
  std::vector<std::string> out;
  for (auto& [n, _] : methods_) out.push_back(n);
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// A factory's requires_grad=True: the new tensor becomes a leaf that requires grad.
Value apply_requires_grad(const OpEntry& e, const Bound& b, Value result) {
  const size_t i = e.requires_grad_index;
  if (i == Bound::npos || b.is_none(i) || !truthy(b[i]) || !result.is(Kind::Tensor)) return result;
  autograd::factory_requires_grad(result.as_tensor());
  return result;
}

// A factory's pin_memory=True: the new CPU tensor goes to page-locked memory, as
// PyTorch allocates it there; a meta tensor has no memory to pin, and PyTorch
// lets it be. (A method's pin_memory is the method itself, not this argument.)
Value pin_if_asked(const OpEntry& e, const Bound& b, Value result) {
  const size_t i = e.pin_memory_index;
  if (i == Bound::npos || b.is_none(i) || !truthy(b[i])) return result;
  if (!result.is(Kind::Tensor) || result.as_tensor().device().is_meta()) return result;
  if (result.as_tensor().device().is_cuda()) throw RuntimeError("Only dense CPU tensors can be pinned");
  return Value::tensor(pinned_copy(result.as_tensor()));
}

// Ops that see a conjugate view as it is: views of it keep the bit (as in PyTorch), the bit's own
// functions read it, and metadata does not depend on values. Every other op gets the resolved values.
bool sees_conj_views(const std::string& name) {
  static const std::set<std::string> names = {
      "conj", "conj_physical", "resolve_conj", "is_conj", "is_complex", "is_floating_point", "numpy", "view_as_real",
      "view", "view_as", "transpose", "swapaxes", "swapdims", "t", "permute", "movedim", "moveaxis", "narrow",
      "select", "squeeze", "unsqueeze", "expand", "expand_as", "diagonal", "unfold", "as_strided", "detach",
      "alias", "unbind", "split", "chunk", "tensor_split", "hsplit", "vsplit", "dsplit", "split_with_sizes",
      "size", "stride", "dim", "ndimension", "numel", "nelement", "storage_offset", "is_contiguous",
      "element_size", "get_device", "data_ptr", "untyped_storage", "is_same_size", "is_set_to", "contiguous"};
  return names.count(name) > 0;
}

// Ops whose engine function takes a conjugate view as PyTorch's kernel does (BLAS's conjugate op on
// the memory as it lies, which decides the rounding): they see the view where autograd does not
// record them (their derivative formulas take resolved values).
bool reads_conj_views_unrecorded(const std::string& name) { return name == "linalg_solve_triangular"; }

// Conjugate views among an op's arguments replaced by their values (lists of tensors too).
// A conjugate view's values, with its history when autograd records (the op then differentiates
// through them).
Tensor resolved_values(const Tensor& t) {
  return grad_enabled() && autograd::requires_grad(t) ? ag::resolve_conj(t) : resolve_conj(t);
}

void resolve_conj_args(Bound& b) {
  for (Value& v : b.values) {
    if (v.is(Kind::Tensor) && v.as_tensor().is_conj()) {
      v = Value::tensor(resolved_values(v.as_tensor()));
    } else if ((v.is(Kind::List) || v.is(Kind::Tuple)) && !v.items().empty()) {
      bool any = false;
      for (const Value& x : v.items()) any = any || (x.is(Kind::Tensor) && x.as_tensor().is_conj());
      if (!any) continue;
      std::vector<Value> items;
      for (const Value& x : v.items())
        items.push_back(x.is(Kind::Tensor) ? Value::tensor(resolved_values(x.as_tensor())) : x);
      v = v.is(Kind::List) ? Value::list(items) : Value::tuple(items);
    }
  }
}

// Runs an op whose arguments may be conjugate views: an in-place method on one (t.add_(1) with t a
// conj() view) works on the values and writes the result back through the view, conjugated.
Value call_resolving_conj(Interpreter& in, const OpEntry& e, Bound& b, bool is_method) {
  // The common case first: no conjugate view among the arguments, nothing to look up.
  bool any_conj = false;
  for (const Value& v : b.values) {
    if (v.is(Kind::Tensor)) any_conj = any_conj || v.as_tensor().is_conj();
    else if (v.is(Kind::List) || v.is(Kind::Tuple))
      for (const Value& x : v.items()) any_conj = any_conj || (x.is(Kind::Tensor) && x.as_tensor().is_conj());
  }
  if (!any_conj || sees_conj_views(e.sig.name)) return e.impl(in, b);
  if (reads_conj_views_unrecorded(e.sig.name) && !(grad_enabled() && any_requires_grad(b))) return e.impl(in, b);
  const bool inplace = is_method && !e.sig.name.empty() && e.sig.name.back() == '_' && !b.values.empty() &&
                       b.values[0].is(Kind::Tensor) && b.values[0].as_tensor().is_conj();
  const Value self = inplace ? b.values[0] : Value();
  resolve_conj_args(b);
  Value result = e.impl(in, b);
  if (!inplace) return result;
  copy_(self.as_tensor(), b.values[0].as_tensor());  // the resolved copy, modified in place
  return self;
}

// Runs a bound op: with autograd when it records, and in-place writes counted in the version.
Value run_bound(Interpreter& in, const OpEntry& e, Bound& b, bool is_method) {
  Value result = grad_enabled() && any_requires_grad(b)
                     ? call_with_autograd(e, b, [&](Bound& args) { return call_resolving_conj(in, e, args, is_method); })
                     : call_resolving_conj(in, e, b, is_method);
  if (!b.values.empty() && b.values[0].is(Kind::Tensor) && is_view_op(e.sig.name)) mark_view(result, b.values[0].as_tensor());
  if (e.writes_self && b.values[0].is(Kind::Tensor)) autograd::bump_version(b.values[0].as_tensor());
  if (e.out_index != Bound::npos && b[e.out_index].is(Kind::Tensor)) autograd::bump_version(b[e.out_index].as_tensor());
  return result;
}

}  // namespace

bool Registry::call_plain(const std::vector<const OpEntry*>& overloads, bool is_method,
                          std::span<const Value* const> args, Value& result) const {
  // Binding would try the first overload first, and its short cut binds these tensors.
  const OpEntry& e = *overloads[0];
  if (!e.plain || args.size() != e.plain_arity) return false;
  int8_t& binds = e.plain_binds[is_method];
  if (binds < 0) binds = binds_plainly(e.sig, is_method, e.plain_arity) ? 1 : 0;
  if (!binds) return false;
  const bool recording = grad_enabled();
  for (const Value* v : args) {
    if (!v->is(Kind::Tensor)) return false;
    const Tensor& t = v->as_tensor();
    if (t.is_conj() || (recording && autograd::requires_grad(t))) return false;
  }
  result = e.plain(args);
  if (e.writes_self) autograd::bump_version(args[0]->as_tensor());  // as run_bound does
  return true;
}

Value Registry::call(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool is_method,
                     Args& args, Kwargs& kwargs) const {
  const OpEntry& e0 = *overloads[0];
  if (e0.sig.python) {  // PyTorch writes this one in Python: Python's binding and errors
    Bound b;
    // torch.unique is torch.functional's _return_inverse_and_counts (2.x) behind a dispatch wrapper.
    const std::string qual =
        is_method ? "Tensor." + e0.sig.name : e0.sig.name == "unique" ? "_return_inverse_and_counts" : e0.sig.name;
    bind_python(e0.sig, qual, is_method, args, kwargs, b);
    return run_bound(in, e0, b, is_method);
  }
  // A method or function without parameters is a plain C function in PyTorch
  // (METH_NOARGS): t.is_complex(), torch.get_default_dtype().
  if (overloads.size() == 1) {
    size_t params = 0;
    for (const Param& p : e0.sig.params) params += ((is_method && p.name == "self") || p.name == "out") ? 0 : 1;
    if (params == 0) {
      const std::string qual = (is_method ? "TensorBase." : "torch.") + e0.sig.name + "()";
      const size_t given = args.size() - (is_method ? 1 : 0);
      if (!kwargs.empty()) throw TypeError(qual + " takes no keyword arguments");
      if (given > 0) throw TypeError(qual + " takes no arguments (" + std::to_string(given) + " given)");
    }
  }
  for (const OpEntry* e : overloads) {
    Bound b;
    if (bind_signature(e->sig, is_method, args, kwargs, b, overloads.size() == 1)) {
      check_unpacked(e->sig, is_method, b);
      return apply_requires_grad(*e, b, pin_if_asked(*e, b, run_bound(in, *e, b, is_method)));
    }
  }
  std::vector<const Signature*> sigs;
  for (const OpEntry* e : overloads) sigs.push_back(&e->sig);
  throw_no_match(sigs, is_method, args, kwargs);
}



Registry& registry() {
  static Registry* r = [] {
    auto* reg = new Registry;
    register_creation_ops(*reg);
    register_view_ops(*reg);
    register_view_copy_ops(*reg);
    register_tensor_info_ops(*reg);
    register_conversion_ops(*reg);
    register_indexing_ops(*reg);  // before elementwise: where(condition) is PyTorch's first where overload
    register_elementwise_ops(*reg);
    register_reduction_ops(*reg);
    register_random_ops(*reg);
    register_join_ops(*reg);
    register_linalg_ops(*reg);
    register_dtype_ops(*reg);
    register_special_ops(*reg);
    register_numeric_ops(*reg);
    register_counting_ops(*reg);
    register_tensor_state_ops(*reg);
    register_scatter_ops(*reg);
    register_product_ops(*reg);
    register_removed_methods(*reg);
    register_autograd_ops(*reg);
    return reg;
  }();
  return *r;
}

}  // namespace tsh::shell
