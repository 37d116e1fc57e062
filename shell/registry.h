// shell/registry.h — one entry per op: signature, doc, implementation.
//
// An entry is written once, with a PyTorch-style schema such as
//   "view(Tensor self, int[] size) -> Tensor"
// and serves `torch.view(...)`, `t.view(...)`, argument binding (positional,
// keyword, defaults, the `zeros(2, 3)` varargs form of a leading int[]),
// overload resolution, help(), dir() and completion.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "shell/value.h"

namespace tsh::shell {

enum class ParamType {
  Tensor, TensorList, Int, IntList, Float, FloatList, Scalar, Bool, Str, DType, Device,
  Generator, Any,
};

struct Param {
  std::string name;
  ParamType type = ParamType::Any;
  bool optional = false;     // `T?`: None is accepted
  bool has_default = false;
  Value default_value;
  bool kwarg_only = false;   // after `*`
  int list_size = 0;         // `int[2]`: a lone int is repeated; `int[1]` accepts a lone int
};

struct Signature {
  std::string name;
  std::vector<Param> params;
  std::string text;   // the schema as written
  bool has_self() const { return !params.empty() && params[0].name == "self"; }
};

// Parses "name(Type a, Type? b=None, *, Type c=1) -> Ret". Throws std::logic_error on a bad schema.
Signature parse_signature(const std::string& schema);

// Arguments after binding, one per parameter in signature order.
class Bound {
 public:
  std::vector<Value> values;
  const Signature* sig = nullptr;

  const Value& operator[](size_t i) const { return values[i]; }
  bool is_none(size_t i) const { return values[i].is_none(); }
  const Tensor& tensor(size_t i) const { return values[i].as_tensor(); }
  std::optional<Tensor> opt_tensor(size_t i) const;
  std::vector<Tensor> tensors(size_t i) const;
  int64_t int64(size_t i) const;
  std::optional<int64_t> opt_int(size_t i) const;
  Shape shape(size_t i) const;  // int[] (also a lone int for int[1]/int[N])
  std::optional<Shape> opt_shape(size_t i) const;
  double f64(size_t i) const;
  std::optional<double> opt_f64(size_t i) const;
  Scalar scalar(size_t i) const;
  bool boolean(size_t i) const { return truthy(values[i]); }
  std::optional<bool> opt_bool(size_t i) const;
  std::optional<DType> dtype(size_t i) const;
  std::optional<Device> device(size_t i) const;
  std::string str(size_t i) const { return values[i].as_str(); }
  std::optional<std::string> opt_str(size_t i) const;
};

using OpImpl = std::function<Value(Interpreter&, Bound&)>;

enum Variants : unsigned { kFunction = 1, kMethod = 2, kBoth = 3 };

struct OpEntry {
  Signature sig;
  std::string doc;
  unsigned variants = kFunction;
  OpImpl impl;
};

class Registry {
 public:
  // Adds an overload. Several entries may share a name: binding tries them in order.
  void def(const std::string& schema, unsigned variants, std::string doc, OpImpl impl);

  // The overloads of a torch function / Tensor method, or nullptr.
  const std::vector<const OpEntry*>* functions(const std::string& name) const;
  const std::vector<const OpEntry*>* methods(const std::string& name) const;
  std::vector<std::string> function_names() const;
  std::vector<std::string> method_names() const;

  // Binds and calls. For a method, args[0] is self.
  Value call(Interpreter& in, const std::vector<const OpEntry*>& overloads, bool is_method,
             Args& args, Kwargs& kwargs) const;

 private:
  std::vector<std::unique_ptr<OpEntry>> entries_;
  std::map<std::string, std::vector<const OpEntry*>> functions_, methods_;
};

// The process-wide registry, filled on first use by every ops_*.cpp file.
Registry& registry();

// Registration functions, one per ops_*.cpp file (called once by registry()).
void register_creation_ops(Registry& r);
void register_view_ops(Registry& r);
void register_tensor_info_ops(Registry& r);
void register_conversion_ops(Registry& r);
void register_elementwise_ops(Registry& r);  // ops_elementwise.cpp
void register_reduction_ops(Registry& r);    // ops_reduction.cpp
void register_random_ops(Registry& r);       // ops_random.cpp
void register_indexing_ops(Registry& r);     // ops_indexing.cpp
void register_join_ops(Registry& r);         // ops_join.cpp
void register_linalg_ops(Registry& r);       // ops_linalg.cpp
// torch functions PyTorch defines in Python with *tensors (meshgrid, ...): ops_join.cpp.
void install_join_attrs(std::map<std::string, Value>& torch_attrs);

// The type name PyTorch uses for a value in argument errors ("str", "Tensor", "tuple of ints").
std::string arg_type_name(const Value& v);

}  // namespace tsh::shell
