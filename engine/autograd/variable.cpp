// engine/autograd/variable.cpp — a tensor's autograd state: requires_grad, .grad, grad_fn, versions.
#include "engine/autograd/variable.h"

#include "engine/autograd/functions.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"

namespace tsh::autograd {

Meta* meta(const Tensor& t) { return t.impl()->autograd.get(); }

Meta& ensure_meta(const Tensor& t) {
  if (!t.impl()->autograd) t.impl()->autograd = std::make_shared<Meta>();
  return *t.impl()->autograd;
}

bool is_differentiable_dtype(DType d) { return is_floating(d) || is_complex(d); }

namespace {

// A view's grad_fn after an in-place op on its base (or on another view of it): the view is
// remade from the base, as PyTorch regenerates it (AsStridedBackward0 over the base's history).
void refresh_view(const Tensor& t, Meta& m) {
  if (!m.base.defined() || version(t) == m.view_version) return;
  const Tensor& base = m.base;
  if (!requires_grad(base)) return;
  auto node = new_node();
  node->name = "AsStridedBackward0";
  node->sequence_nr = next_sequence_nr();
  node->next = {gradient_edge(base)};
  const Shape base_sizes = base.sizes(), base_strides = base.strides();
  const int64_t base_offset = base.storage_offset();
  const Shape sizes = t.sizes(), strides = t.strides();
  const int64_t offset = t.storage_offset();
  const DType dtype = base.dtype();
  const Device device = base.device();
  node->backward = [=](Node&, const TensorList& grads) -> TensorList {
    return {as_strided_backward(grads[0], base_sizes, base_strides, base_offset, sizes, strides, offset, dtype,
                                device)};
  };
  m.grad_fn = node;
  m.output_nr = 0;
  node->outputs.push_back({t.sizes(), t.dtype(), t.device()});
  m.view_version = version(t);
}

}  // namespace

bool requires_grad_recorded(const Tensor& t) {
  const Meta* m = meta(t);
  if (!m) return false;
  if (m->requires_grad || m->grad_fn) return true;
  // A view written in place since it was made has its grad_fn remade on demand (from its base's
  // CopySlices): it requires grad when that one exists.
  return m->base.defined() && grad_fn(t) != nullptr;
}

bool is_leaf(const Tensor& t) { return grad_fn(t) == nullptr; }

std::shared_ptr<Node> grad_fn(const Tensor& t) {
  Meta* m = meta(t);
  if (!m) return nullptr;
  if (m->base.defined()) refresh_view(t, *m);
  return m->grad_fn;
}

uint32_t output_nr(const Tensor& t) {
  const Meta* m = meta(t);
  return m ? m->output_nr : 0;
}

Tensor grad(const Tensor& t) {
  const Meta* m = meta(t);
  return m ? m->grad : Tensor();
}

void set_grad(const Tensor& t, const Tensor& g) {
  if (g.defined()) {
    // x.grad = x would let the next backward accumulate into x itself.
    if (g.impl() == t.impl()) throw RuntimeError("can't assign Variable as its own grad");
    if (g.dtype() != t.dtype())
      throw RuntimeError(std::string("attempting to assign a gradient with dtype '") + typemeta_name(g.dtype()) +
                         "' to a tensor with grad_dtype '" + scalar_type_name(t.dtype()) +
                         "'. The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You "
                         "can set the tensor's grad_dtype attribute with a specific dtype, or None to allow any "
                         "dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may "
                         "break downstream systems that assume they match.");
    if (g.device() != t.device())
      throw RuntimeError("attempting to assign a gradient located on device with index '" +
                         std::to_string(g.device().index) + "' to a tensor located on device with index '" +
                         std::to_string(t.device().index) + "'. Please ensure that the gradient and the tensor are "
                         "on the same device");
    if (g.sizes() != t.sizes())
      throw RuntimeError("attempting to assign a gradient of size '" + shape_str(g.sizes()) +
                         "' to a tensor of size '" + shape_str(t.sizes()) +
                         "'. Please ensure that the gradient and the tensor are the same size");
  }
  if (!g.defined() && !meta(t)) return;
  ensure_meta(t).grad = g;
}

void set_requires_grad(const Tensor& t, bool flag) {
  if (!is_leaf(t))
    throw RuntimeError(flag ? "you can only change requires_grad flags of leaf variables."
                            : "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                              "variable in a subgraph that doesn't require differentiation use var_no_grad = "
                              "var.detach().");
  if (flag && !is_differentiable_dtype(t.dtype()))
    throw RuntimeError("only Tensors of floating point and complex dtype can require gradients");
  if (!flag && !meta(t)) return;
  ensure_meta(t).requires_grad = flag;
}

void factory_requires_grad(const Tensor& t) {
  if (!is_differentiable_dtype(t.dtype()))
    throw RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
  ensure_meta(t).requires_grad = true;
}

void retain_grad(const Tensor& t) {
  if (!requires_grad(t)) throw RuntimeError("can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf(t)) return;  // a leaf keeps its .grad anyway
  Meta& m = ensure_meta(t);
  if (m.retains_grad) return;
  m.retains_grad = true;
  m.grad_fn->retained.push_back({m.output_nr, t.weak()});
}

bool retains_grad(const Tensor& t) {
  const Meta* m = meta(t);
  return m && m->retains_grad;
}

Edge gradient_edge(const Tensor& t) {
  Meta* m = meta(t);
  if (!m) return {};
  if (auto fn = grad_fn(t)) return {fn, m->output_nr};
  if (!m->requires_grad) return {};
  std::shared_ptr<Node> acc = m->accumulator.lock();
  if (!acc) {
    acc = new_node();
    acc->name = "AccumulateGrad";
    acc->sequence_nr = UINT64_MAX;  // runs as soon as its gradient is complete
    acc->variable = t;
    acc->outputs.push_back({t.sizes(), t.dtype(), t.device()});
    m->accumulator = acc;
  }
  return {acc, 0};
}

void set_history(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t nr) {
  Meta& m = ensure_meta(t);
  m.grad_fn = node;
  m.output_nr = nr;
  m.requires_grad = false;
  if (node->outputs.size() <= nr) node->outputs.resize(nr + 1);
  node->outputs[nr] = {t.sizes(), t.dtype(), t.device()};
  if (m.base.defined()) m.view_version = version(t);
}

uint32_t version(const Tensor& t) {
  const TensorImpl* i = t.impl();
  return i->own_version ? *i->own_version : i->storage->version;
}

void bump_version(const Tensor& t) {
  TensorImpl* i = t.impl();
  if (i->own_version) ++*i->own_version;
  else ++i->storage->version;
}

Tensor detach(const Tensor& t) { return t.as_view(t.sizes(), t.strides(), t.storage_offset()); }

void detach_inplace(const Tensor& t) {
  Meta* m = meta(t);
  if (!m) return;
  if (m->base.defined() && requires_grad(m->base))
    throw RuntimeError(
        "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for "
        "training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence "
        "detach_() cannot be called on these gradients. To fix this error, please refer to the "
        "Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  m->grad_fn = nullptr;
  m->requires_grad = false;
  m->output_nr = 0;
  m->base = Tensor();
}

Tensor data_alias(const Tensor& t) {
  Tensor d = t.as_view(t.sizes(), t.strides(), t.storage_offset());
  d.impl()->own_version = std::make_shared<uint32_t>(0);
  return d;
}

std::string tensor_type_name(const Tensor& t) {
  return std::string(t.device().is_cuda() ? "torch.cuda." : "torch.") + std::string(legacy_type_name(t.dtype()));
}

void check_inplace(const Tensor& t) {
  if (!grad_enabled()) return;
  const Meta* m = meta(t);
  if (!m) return;
  if (m->requires_grad && !m->grad_fn) {
    throw RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (m->base.defined() && is_leaf(m->base) && requires_grad(m->base))
    throw RuntimeError("a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

}  // namespace tsh::autograd
