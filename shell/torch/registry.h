// shell/torch/registry.h — one entry per op: signature, doc, implementation.
//
// An entry is written once, with a schema such as
//   "sum(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor"
// whose parameters are PyTorch's own (names, order, defaults, the hidden
// layout/pin_memory/out/names ones), so that one entry serves `torch.sum(...)`
// (self is then PyTorch's `input`), `t.sum(...)` (self and out dropped),
// argument binding with PyTorch's rules and TypeErrors (arg_parser.cpp,
// arg_listing.cpp), help(), dir() and completion. Overloads are tried in
// PyTorch's order; `|deprecated` ones bind but are never listed.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

// PyTorch's parameter types as its Python argument parser knows them. Each
// accepts what PyTorch's parser accepts (an `int` takes a 0-d integer tensor,
// a `float` takes a bool, ...). PyTorch 2.15 has no named tensors, so no Dimname parameters.
enum class ParamType {
  Tensor, TensorList, Int, SymInt, IntList, SymIntList, Float, FloatList, Complex, Scalar,
  ScalarList, Bool, Str, DType, Layout, Device, Generator, MemoryFormat, Any,
};

struct Param {
  std::string name;
  ParamType type = ParamType::Any;
  bool optional = false;      // `T?` or a None default: None is accepted
  bool has_default = false;   // may be left out (PyTorch's "optional")
  Value default_value;
  std::string default_text;   // the default as written, printed in listings as " = text"
  bool kwarg_only = false;    // after `*`
  bool positional_only = false;  // before `/` (only `|python` schemas have one)
  int list_size = 0;          // `int[2]`: a lone int is repeated; `int[1]` accepts a lone int
};

struct Signature {
  std::string name;
  std::vector<Param> params;
  std::string text;     // the schema as written
  bool hidden = false;  // `|hidden` / `|deprecated`: binds, but is never listed in errors
  bool python = false;  // `|python`: defined in Python by PyTorch; binds with Python's rules
  bool has_self() const { return !params.empty() && params[0].name == "self"; }

  // One parameter as a call sees it: `input` for a function's Tensor self; the method form leaves
  // out self and out. Built once per form (0 function, 1 method) by the argument parser, for this
  // very object (a copy builds its own: the pointers are into params).
  struct CallParam {
    const Param* p;
    std::string name;
    size_t index;  // into Bound::values
  };
  mutable std::vector<CallParam> call_params[2];
  mutable const Signature* call_params_of[2] = {nullptr, nullptr};
  // Also built with a form's call params, for the binder's short cut: a call of
  // plain_min..plain_max positional tensors and no keywords fills the leading
  // Tensor parameters and leaves every other at its default, exactly as full
  // binding would. has_int_list: some parameter of the form is an int[] (which
  // binding must unpack and check).
  mutable size_t plain_min[2] = {1, 1}, plain_max[2] = {0, 0};
  mutable bool has_int_list[2] = {true, true};
  mutable std::vector<Value> initial_values;  // each parameter's default, or None
};

// Parses "name(Type a, Type? b=None, *, Type c=1) -> Ret [|hidden|python]" (a `|python`
// one may mark positional-only parameters with `/`, as Python does). Types are
// PyTorch's schema types (Tensor, Tensor[], int, SymInt, int[1], float, Scalar, bool, str,
// ScalarType, Layout, Device, Generator, MemoryFormat, Any). In the
// function form a `Tensor self` is PyTorch's `input`; the method form drops self and `out`.
// Throws std::logic_error on a bad schema.
Signature parse_signature(const std::string& schema);

// Arguments after binding, one per parameter in signature order.
class Bound {
 public:
  std::vector<Value> values = borrow_values();
  const Signature* sig = nullptr;

  Bound() = default;
  Bound(const Bound&) = default;
  Bound(Bound&&) = default;
  Bound& operator=(const Bound&) = default;
  Bound& operator=(Bound&&) = default;
  ~Bound() { return_values(std::move(values)); }

  const Value& operator[](size_t i) const { return values[i]; }
  bool is_none(size_t i) const { return values[i].is_none(); }
  // A Python number where PyTorch lets one stand for a tensor (add, mul, to, ...) becomes
  // a 0-d tensor of int64, float64, bool or complex128, as PyTorch wraps it.
  Tensor tensor(size_t i) const;
  std::optional<Tensor> opt_tensor(size_t i) const;
  std::vector<Tensor> tensors(size_t i) const;
  int64_t int64(size_t i) const;
  std::optional<int64_t> opt_int(size_t i) const;
  Shape shape(size_t i) const;  // int[] (also a lone int for int[1]/int[N])
  double f64(size_t i) const;
  std::optional<double> opt_f64(size_t i) const;
  Scalar scalar(size_t i) const;
  bool boolean(size_t i) const { return truthy(values[i]); }
  std::optional<bool> opt_bool(size_t i) const;
  std::optional<DType> dtype(size_t i) const;
  std::optional<Device> device(size_t i) const;
  std::string str(size_t i) const { return values[i].as_str(); }
  std::optional<std::string> opt_str(size_t i) const;
  // The index of the parameter called name, or npos (for impls shared by overloads).
  size_t index_of(const std::string& name) const;
  static constexpr size_t npos = static_cast<size_t>(-1);
};

using OpImpl = std::function<Value(Interpreter&, Bound&)>;

// The op on a plain call, given only its tensors (self first): a call of positional tensors
// and no keywords that binds them to the leading Tensor parameters, every other parameter
// at its default, with no conjugate view among them and no autograd to record. Ops that
// lessons run in loops on small tensors give one, so such a call skips binding; it must do
// exactly what `impl` does with the same arguments bound. The tensors are read where they are
// (a variable's own value, not a copy): a plain op runs no Python code that could rebind them.
using PlainImpl = std::function<Value(std::span<const Value* const> tensors)>;

enum Variants : unsigned { kFunction = 1, kMethod = 2, kBoth = 3 };

struct OpEntry {
  Signature sig;
  std::string doc;
  unsigned variants = kFunction;
  OpImpl impl;
  // Looked up once at registration, for the call path: the out= parameter's index (npos: none),
  // and whether the op writes into self (a `name_` method), which bumps self's version.
  size_t out_index = static_cast<size_t>(-1);
  bool writes_self = false;
  // A factory's requires_grad= and pin_memory= (bool) parameters, or npos.
  size_t requires_grad_index = static_cast<size_t>(-1), pin_memory_index = static_cast<size_t>(-1);
  // The plain call's implementation, taking plain_arity tensors (self included), or empty.
  PlainImpl plain;
  size_t plain_arity = 0;
  // Whether plain_arity tensors bind plainly (binds_plainly), as a method [1] or a function
  // [0]: -1 until first asked.
  mutable int8_t plain_binds[2] = {-1, -1};
  void set_plain(size_t arity, PlainImpl f) { plain_arity = arity; plain = std::move(f); }
};

class Registry {
 public:
  // Adds an overload. Several entries may share a name: binding tries them in order.
  OpEntry& def(const std::string& schema, unsigned variants, std::string doc, OpImpl impl);

  // The overloads of a torch function / Tensor method, or nullptr.
  const std::vector<const OpEntry*>* functions(const std::string& name) const;
  const std::vector<const OpEntry*>* methods(const std::string& name) const;
  std::vector<std::string> function_names() const;
  std::vector<std::string> method_names() const;

  // Binds and calls. For a method, args[0] is self.
  Value call(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool is_method,
             Args& args, Kwargs& kwargs) const;
  // The same call when it is plain (see PlainImpl) and the first overload has a plain
  // implementation: runs it into `result` and returns true. Otherwise returns false having
  // done nothing, and the call goes through `call`.
  bool call_plain(const std::vector<const OpEntry*>& overloads, bool is_method, std::span<const Value* const> args,
                  Value& result) const;

 private:
  std::vector<std::unique_ptr<OpEntry>> entries_;
  // Looked up on every call by name: hashed. The name lists are sorted when asked for.
  std::unordered_map<std::string, std::vector<const OpEntry*>> functions_, methods_;
};

// The process-wide registry, filled on first use by every ops_*.cpp file.
Registry& registry();

// Registration functions, one per ops_*.cpp file (called once by registry()).
void register_creation_ops(Registry& r);
void register_view_ops(Registry& r);
void register_view_copy_ops(Registry& r);  // ops_view_copies.cpp: t_copy, ...
void register_tensor_info_ops(Registry& r);
void register_conversion_ops(Registry& r);
void register_elementwise_ops(Registry& r);  // ops_elementwise.cpp
void register_reduction_ops(Registry& r);    // ops_reduction.cpp
void register_random_ops(Registry& r);       // ops_random.cpp
void register_indexing_ops(Registry& r);     // ops_indexing.cpp
void register_join_ops(Registry& r);         // ops_join.cpp
void register_linalg_ops(Registry& r);       // ops_linalg.cpp
void register_dtype_ops(Registry& r);        // ops_dtype.cpp
void register_product_ops(Registry& r);      // ops_products.cpp: addmm, inner, kron, tensordot, ...
void register_scatter_ops(Registry& r);      // ops_scatters.cpp: scatter_reduce, *_scatter, ...
void register_tensor_state_ops(Registry& r); // ops_tensor_state.cpp: resize_, set_, sum_to_size, ...
void register_counting_ops(Registry& r);     // ops_counting.cpp: bincount, histc, searchsorted, isin, ...
void register_numeric_ops(Registry& r);      // ops_numeric.cpp: softmax, diff, trapezoid, cov, ...
void register_special_ops(Registry& r);      // ops_special.cpp: lgamma, polygamma, xlogy, logaddexp, ...
// The functions PyTorch removed but still answers with a message (removed_ops.cpp):
// torch.eig, torch.solve, ... and their Tensor methods.
void install_removed_attrs(std::map<std::string, Value>& torch_attrs);
void register_removed_methods(Registry& r);
// torch.Tensor(...), the legacy constructor (ops_creation.cpp), and its core: sizes or data in dtype d
// on device `on` (method: Tensor.new's rules for a tensor argument).
Value legacy_tensor_new(Interpreter& in, Args& a, Kwargs& kw);
Value legacy_construct(Args& a, Kwargs& kw, DType d, Device on, bool method);
// A Python storage object over t's storage (ops_info.cpp).
Value storage_value(const Tensor& t, bool untyped);
// torch.FloatTensor & co., torch.cuda.FloatTensor & co., torch.FloatStorage & co.,
// torch.set_default_tensor_type (legacy_types.cpp).
void install_legacy_types(std::map<std::string, Value>& torch_attrs, std::map<std::string, Value>& cuda_attrs);
// Whether set_default_tensor_type chose a torch.cuda type (factories then default to CUDA).
bool default_tensor_type_is_cuda();
// torch.no_grad, enable_grad, set_grad_enabled, inference_mode and their queries,
// get/set_default_device, torch.random.fork_rng (shell/torch/autograd/grad_mode.cpp).
void install_grad_mode(std::map<std::string, Value>& torch_attrs);
// torch.cuda.device and torch.cuda.stream as context managers in a build without CUDA (shell/torch/autograd/grad_mode.cpp).
void install_cuda_contexts(std::map<std::string, Value>& cuda_attrs);
// A torch.device's __enter__/__exit__: the default device inside a with block.
Value device_context_attr(const Value& dev, const std::string& name);
// torch functions PyTorch defines in Python with *tensors (meshgrid, ...): ops_join.cpp.
void install_join_attrs(std::map<std::string, Value>& torch_attrs);
// torch.nan/inf/pi/e/newaxis, finfo, iinfo, broadcast_shapes, is_storage (torch_info.cpp).
void install_info_attrs(std::map<std::string, Value>& torch_attrs);
// shell/torch/config_module.cpp: torch.__config__ (show(), parallel_info()).
void install_config_module(std::map<std::string, Value>& torch_attrs);
// torch.testing with assert_close (testing.cpp).
void install_testing_module(std::map<std::string, Value>& torch_attrs);
// torch.optim (SGD, Adam) and torch.nn.functional.mse_loss (optim.cpp).
void install_optim_module(std::map<std::string, Value>& torch_attrs);
void install_serialization(std::map<std::string, Value>& torch_attrs);  // torch.save / torch.load (serialization.cpp)
// An object as a 1-d uint8 tensor of its torch.save bytes, and back (serialization.cpp): what
// torch.distributed's object collectives send.
Value object_to_tensor(Interpreter& in, const Value& obj);
Value tensor_to_object(Interpreter& in, const Tensor& t);


// A copy of CPU tensor t in the runtime's page-locked memory (pin_memory(), pin_memory=True);
// PyTorch's errors for a tensor off the CPU and for a build without a GPU runtime (ops_convert.cpp).
Tensor pinned_copy(const Tensor& t);

// A torch.return_types.NAME(f0=..., f1=...) named tuple (ops_reduction.cpp).
Value named(const std::string& name, std::vector<std::string> fields, std::vector<Value> items);

// The type name PyTorch uses for a value in argument errors ("str", "Tensor", "tuple of ints").
std::string arg_type_name(const Value& v);

}  // namespace tsh::shell
