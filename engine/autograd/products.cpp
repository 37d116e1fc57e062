// engine/autograd/products.cpp — derivatives of matrix products. The forward values always come from
// the engine's own matmul (so they match tsh without autograd bit for bit); the node is named after
// the product PyTorch's matmul reduces to for those shapes.
#include "engine/autograd/formula.h"
#include "engine/ops/matmul.h"
#include "engine/ops/views.h"

namespace tsh::ag {

namespace {

bool column_major(const Tensor& m) { return m.stride(0) == 1 && m.stride(1) == m.size(0); }

}  // namespace

Tensor mm_mat1_grad(const Tensor& g, const Tensor& m1, const Tensor& m2) {
  if (column_major(m1)) return ag::t(ag::matmul(conj_if_complex(m2), ag::t(g)));
  return ag::matmul(g, mH(m2));
}

Tensor mm_mat2_grad(const Tensor& g, const Tensor& m1, const Tensor& m2) {
  if (column_major(m2)) return ag::t(ag::matmul(ag::t(g), conj_if_complex(m1)));
  return ag::matmul(mH(m1), g);
}

namespace {

// The gradients of matmul(a, b) for any shapes: 1-d operands become matrices, batch dims broadcast
// and are summed back.
TensorList matmul_backward(const Tensor& g, const Tensor& a, const Tensor& b, bool need_a, bool need_b) {
  const bool a1 = a.dim() == 1, b1 = b.dim() == 1;
  const Tensor am = a1 ? ag::unsqueeze(a, 0) : a;
  const Tensor bm = b1 ? ag::unsqueeze(b, -1) : b;
  Tensor gm = g;
  if (a1 && b1) gm = ag::reshape(g, {1, 1});
  else if (a1) gm = ag::unsqueeze(gm, -2);
  else if (b1) gm = ag::unsqueeze(gm, -1);
  Tensor ga, gb;
  if (a.dim() == 2 && b.dim() == 2) return {need_a ? mm_mat1_grad(g, a, b) : Tensor(), need_b ? mm_mat2_grad(g, a, b) : Tensor()};
  if (need_a) {
    ga = ag::sum_to(ag::matmul(gm, mH(bm)), am.sizes());
    if (a1) ga = ag::reshape(ga, a.sizes());
  }
  if (need_b) {
    gb = ag::sum_to(ag::matmul(mH(am), gm), bm.sizes());
    if (b1) gb = ag::reshape(gb, b.sizes());
  }
  return {ga, gb};
}

const char* matmul_node(const Tensor& a, const Tensor& b) {
  const int64_t da = a.dim(), db = b.dim();
  if (da == 1 && db == 1) return "DotBackward0";
  if (da == 2 && db == 1) return "MvBackward0";
  if (da == 1 && db == 2) return "SqueezeBackward4";
  if (da == 2 && db == 2) return "MmBackward0";
  return "UnsafeViewBackward0";
}

}  // namespace

Tensor matmul(const Tensor& a, const Tensor& b) {
  Tensor r = tsh::matmul(a, b);
  if (needs_grad({a, b})) {
    auto n = make_node(matmul_node(a, b), {a, b}, nullptr);
    const size_t sa = n->save(a), sb = n->save(b);
    n->backward = [sa, sb](Node& self, const TensorList& g) -> TensorList {
      return matmul_backward(g[0], self.unpack(sa), self.unpack(sb), self.next[0].valid(), self.next[1].valid());
    };
    attach(n, r);
  }
  return r;
}

Tensor mm(const Tensor& a, const Tensor& b) {
  Tensor r = tsh::mm(a, b);
  if (needs_grad({a, b})) {
    auto n = make_node("MmBackward0", {a, b}, nullptr);
    const size_t sa = n->save(a), sb = n->save(b);
    n->backward = [sa, sb](Node& self, const TensorList& g) -> TensorList {
      return matmul_backward(g[0], self.unpack(sa), self.unpack(sb), self.next[0].valid(), self.next[1].valid());
    };
    attach(n, r);
  }
  return r;
}

}  // namespace tsh::ag
