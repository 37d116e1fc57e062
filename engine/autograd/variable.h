// engine/autograd/variable.h — what autograd knows about one tensor, and the calls that read or
// change it: requires_grad, leaf or not, .grad, grad_fn, retain_grad, versions, detach.
//
// A tensor autograd never saw has no Meta at all, so plain tensor work pays one null check.
#pragma once

#include <memory>
#include <string>

#include "engine/autograd/node.h"
#include "engine/core/grad_mode.h"

namespace tsh::autograd {

struct Meta {
  bool requires_grad = false;          // set on leaves; a non-leaf requires grad through its grad_fn
  Tensor grad;                         // .grad
  std::shared_ptr<Node> grad_fn;       // null on a leaf
  std::weak_ptr<Node> accumulator;     // a leaf's AccumulateGrad, while some graph holds it
  uint32_t output_nr = 0;              // which output of grad_fn this tensor is
  bool retains_grad = false;
  // A view of a tensor with history (PyTorch's differentiable view): base is the tensor whose
  // storage it views. An in-place op on the view rewrites the base's history (CopySlices); the
  // view's own grad_fn is then made again from the base, as the version says.
  Tensor base;
  uint32_t view_version = 0;
};

Meta* meta(const Tensor& t);          // null when autograd never saw t
Meta& ensure_meta(const Tensor& t);

// A leaf with requires_grad, or any tensor with a grad_fn. Asked of every operand of every op:
// a tensor autograd never saw answers without a call.
bool requires_grad_recorded(const Tensor& t);
inline bool requires_grad(const Tensor& t) { return t.impl()->autograd && requires_grad_recorded(t); }
bool is_leaf(const Tensor& t);
std::shared_ptr<Node> grad_fn(const Tensor& t);  // null on a leaf
uint32_t output_nr(const Tensor& t);
Tensor grad(const Tensor& t);         // undefined when there is none
void set_grad(const Tensor& t, const Tensor& g);  // checks dtype, device and size as PyTorch does
// requires_grad_(flag) / t.requires_grad = flag, with PyTorch's errors (non-leaf, integer dtype).
void set_requires_grad(const Tensor& t, bool flag);
// A factory's requires_grad=True: the dtype check with the factory's wording.
void factory_requires_grad(const Tensor& t);
void retain_grad(const Tensor& t);
bool retains_grad(const Tensor& t);
bool is_differentiable_dtype(DType d);

// The edge a gradient for t flows into: its grad_fn, or its leaf's AccumulateGrad (made on first use).
Edge gradient_edge(const Tensor& t);
// Makes t an output of node (output number nr): t's grad_fn and the node's output metadata.
void set_history(const Tensor& t, const std::shared_ptr<Node>& node, uint32_t nr);

// The version counter (shared by views; t.data has its own).
uint32_t version(const Tensor& t);
void bump_version(const Tensor& t);

// t's values without its history: same storage and version counter, requires_grad False.
Tensor detach(const Tensor& t);
// detach_(): t itself stops being part of a graph (PyTorch refuses it on a view of a graph).
void detach_inplace(const Tensor& t);
// t.data: same storage, no history, its own version counter.
Tensor data_alias(const Tensor& t);

// PyTorch's name for a tensor type in messages: torch.FloatTensor, torch.cuda.DoubleTensor.
std::string tensor_type_name(const Tensor& t);

// The rules in-place ops obey: a leaf that requires grad may not be written while grad mode is on.
void check_inplace(const Tensor& t);

}  // namespace tsh::autograd
