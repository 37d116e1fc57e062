// shell/torch/tensor_attrs.cpp — tensor properties (t.shape, t.dtype, t.T, ...).
#include <set>
#include "shell/torch/tensor_attrs.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/torch/layout.h"
#include "shell/python/errors.h"
#include "shell/torch/autograd/module.h"

namespace tsh::shell {

namespace {

// t.H: the conjugate transpose of a matrix (of a 0-d tensor: its conjugate).
Tensor conj_transpose(const Tensor& t) {
  if (t.dim() == 0) return conj_view(t);
  if (t.dim() != 2)
    throw RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got " + std::to_string(t.dim()) +
                       "-D tensor." + (t.dim() > 2 ? " For batches of matrices, consider using tensor.mH" : ""));
  return conj_view(mT(t));  // a lazy conjugate view, as in PyTorch
}

// t.mH: the conjugate transpose of the last two dims.
Tensor batch_conj_transpose(const Tensor& t) {
  if (t.dim() < 2)
    throw RuntimeError("tensor.mH is only supported on matrices or batches of matrices. Got " +
                       std::to_string(t.dim()) + "-D tensor.");
  return conj_view(mT(t));  // a lazy conjugate view, as in PyTorch
}

// Under autograd, .T and .mT are the recorded views PyTorch makes (PermuteBackward0, TransposeBackward0).
bool recording(const Tensor& t) { return grad_enabled() && autograd::requires_grad(t); }
Tensor recorded_T(const Tensor& t) {
  T(t);  // PyTorch's checks and warnings
  std::vector<int64_t> dims;
  for (int64_t d = t.dim() - 1; d >= 0; --d) dims.push_back(d);
  return ag::permute(t, dims);
}
Tensor recorded_mT(const Tensor& t) {
  mT(t);
  return ag::transpose(t, -2, -1);
}

using Getter = Value (*)(const Tensor&);

const std::unordered_map<std::string, Getter>& properties() {
  static const std::unordered_map<std::string, Getter> table = {
      {"shape", [](const Tensor& t) { return Value::size(t.sizes()); }},
      {"dtype", [](const Tensor& t) { return Value::dtype(t.dtype()); }},
      {"device", [](const Tensor& t) { return Value::device(t.device()); }},
      {"ndim", [](const Tensor& t) { return Value::integer(t.dim()); }},
      {"nbytes", [](const Tensor& t) { return Value::integer(t.numel() * t.itemsize()); }},
      {"itemsize", [](const Tensor& t) { return Value::integer(t.itemsize()); }},
      {"is_cuda", [](const Tensor& t) { return Value::boolean(t.device().is_cuda()); }},
      {"is_cpu", [](const Tensor& t) { return Value::boolean(t.device().is_cpu()); }},
      {"is_meta", [](const Tensor& t) { return Value::boolean(t.device().is_meta()); }},
      {"is_leaf", [](const Tensor& t) { return Value::boolean(autograd::is_leaf(t)); }},
      {"requires_grad", [](const Tensor& t) { return Value::boolean(autograd::requires_grad(t)); }},
      {"grad", [](const Tensor& t) {
         // PyTorch also warns that a non-leaf's .grad is not populated; tsh has no interpreter here to warn on.
         const Tensor g = autograd::grad(t);
         return g.defined() ? Value::tensor(g) : Value::none();
       }},
      {"grad_fn", [](const Tensor& t) { return grad_fn_value(autograd::grad_fn(t)); }},
      {"retains_grad", [](const Tensor& t) { return Value::boolean(autograd::retains_grad(t)); }},
      {"_version", [](const Tensor& t) { return Value::integer(autograd::version(t)); }},
      {"_base", [](const Tensor& t) {
         const autograd::Meta* m = autograd::meta(t);
         if (m && m->base.defined()) return Value::tensor(m->base);
         return t.impl()->view_base ? Value::tensor(Tensor(t.impl()->view_base)) : Value::none();
       }},
      {"is_sparse", [](const Tensor&) { return Value::boolean(false); }},
      {"is_quantized", [](const Tensor&) { return Value::boolean(false); }},
      {"layout", [](const Tensor&) { return strided_layout(); }},
      // Backends tsh does not have, and autograd's bookkeeping, which it does not have yet.
      {"is_xla", [](const Tensor&) { return Value::boolean(false); }},
      {"is_mtia", [](const Tensor&) { return Value::boolean(false); }},
      {"is_maia", [](const Tensor&) { return Value::boolean(false); }},
      {"output_nr", [](const Tensor& t) { return Value::integer(autograd::output_nr(t)); }},
      {"volatile", [](const Tensor&) { return Value::boolean(false); }},  // removed in PyTorch 0.4: always False
      // Named tensors: tsh's have no names.
      {"name", [](const Tensor&) { return Value::none(); }},
      // `t.data` shares storage and geometry with t but is a distinct tensor object.
      {"data", [](const Tensor& t) { return Value::tensor(autograd::data_alias(t)); }},
      {"T", [](const Tensor& t) { return Value::tensor(recording(t) ? recorded_T(t) : T(t)); }},
      {"mT", [](const Tensor& t) { return Value::tensor(recording(t) ? recorded_mT(t) : mT(t)); }},
      {"H", [](const Tensor& t) {
         const Tensor plain = conj_transpose(t);  // PyTorch's checks
         if (!recording(t)) return Value::tensor(plain);
         const Tensor tr = t.dim() == 2 ? recorded_mT(t) : t;
         return Value::tensor(is_complex(t.dtype()) ? ag::conj_view(tr) : tr);
       }},
      {"mH", [](const Tensor& t) {
         const Tensor plain = batch_conj_transpose(t);
         if (!recording(t)) return Value::tensor(plain);
         const Tensor tr = recorded_mT(t);
         return Value::tensor(is_complex(t.dtype()) ? ag::conj_view(tr) : tr);
       }},
      // Views of a complex tensor's parts (engine/ops/unary.h); real of a real tensor is itself.
      {"real", [](const Tensor& t) {
         if (recording(t) && is_complex(t.dtype())) return Value::tensor(ag::complex_part(t, false));
         return Value::tensor(real(t));
       }},
      {"imag", [](const Tensor& t) {
         if (recording(t) && is_complex(t.dtype())) return Value::tensor(ag::complex_part(t, true));
         return Value::tensor(imag(t));
       }},
  };
  return table;
}

}  // namespace

bool is_tensor_property(const std::string& name) { return properties().count(name) > 0; }

std::optional<Value> tensor_property(const Tensor& t, const std::string& name) {
  auto it = properties().find(name);
  if (it == properties().end()) return std::nullopt;
  Value v = it->second(t);
  if (name == "T" || name == "mT" || name == "H" || name == "mH" || name == "real" || name == "imag") mark_view(v, t);
  return v;
}

const Value& mark_view(const Value& view, const Tensor& of) {
  if (view.is(Kind::Tuple) || view.is(Kind::List)) {
    for (const Value& x : view.items()) mark_view(x, of);
    return view;
  }
  if (!view.is(Kind::Tensor)) return view;
  const Tensor& t = view.as_tensor();
  if (t.is_same(of) || t.storage() != of.storage() || t.impl()->view_base) return view;
  t.impl()->view_base = of.impl()->view_base ? of.impl()->view_base : of.weak().lock();
  return view;
}

bool is_view_op(const std::string& name) {
  // The ops whose PyTorch schema returns an alias of self (Tensor(a) -> Tensor(a)), less those that
  // give self itself or a tensor PyTorch does not count as a view (detach, contiguous, to, ...).
  static const std::set<std::string> views = {
      "adjoint", "alias", "as_strided", "broadcast_to", "chunk", "conj", "diagonal", "dsplit", "expand",
      "expand_as", "flatten", "hsplit", "moveaxis", "movedim", "narrow", "permute", "ravel", "reshape",
      "reshape_as", "select", "slice", "split", "split_with_sizes", "squeeze", "swapaxes", "swapdims", "t",
      "tensor_split", "transpose", "unbind", "unflatten", "unfold", "unsqueeze", "view", "view_as",
      "view_as_complex", "view_as_real", "vsplit", "linalg_diagonal"};
  return views.count(name) > 0;
}

std::vector<std::string> tensor_property_names() {
  std::vector<std::string> out;
  for (auto& [n, _] : properties()) out.push_back(n);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tsh::shell
