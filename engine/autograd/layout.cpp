// engine/autograd/layout.cpp — identity-gradient nodes for copies that change only the layout.
#include "engine/autograd/layout.h"

#include "engine/autograd/formula.h"

namespace tsh::ag {

namespace {

Tensor recorded(const Tensor& x, const Tensor& copy, const char* node) {
  if (copy.is_same(x) || !needs_grad({x})) return copy;
  attach(make_node(node, {x}, [](Node&, const TensorList& g) -> TensorList { return {g[0]}; }), copy);
  return copy;
}

}  // namespace

Tensor cloned(const Tensor& x, const Tensor& copy) { return recorded(x, copy, "CloneBackward0"); }
Tensor copied(const Tensor& x, const Tensor& copy) { return recorded(x, copy, "CopyBackwards"); }

}  // namespace tsh::ag
