// shell/torch/ops_linalg.cpp — registry entries for the matrix products (engine/ops/matmul.h)
// and torch.linalg (engine/ops/linalg.h).
//
// torch.linalg.solve is the registry function linalg_solve, as in PyTorch
// (torch.linalg_solve exists too); shell/torch/torch_module.cpp exposes it in the
// torch.linalg module.
#include "engine/ops/linalg.h"
#include "engine/ops/matmul.h"
#include "engine/ops/out.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// out= of the matrix products: out must have the result's dtype exactly.
Value product_out(const Bound& a, const Tensor& result) {
  if (std::optional<Tensor> out = out_arg(a, 2)) check_out_dtype(*out, result.dtype());
  return out_or_result(a, 2, result);
}

}  // namespace

void register_linalg_ops(Registry& r) {
  r.def("matmul(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth,
        "The matrix product of the `@` operator: dot for two vectors, mv, mm, or a batched "
        "product whose batch dims (all but the last two) broadcast.",
        [](Interpreter&, Bound& a) { return product_out(a, matmul(a.tensor(0), a.tensor(1))); });
  r.def("mm(Tensor self, Tensor mat2, *, Tensor out=None) -> Tensor", kBoth,
        "(n x k) @ (k x m) -> (n x m); both of one dtype, no broadcasting.",
        [](Interpreter&, Bound& a) { return product_out(a, mm(a.tensor(0), a.tensor(1))); });
  r.def("mv(Tensor self, Tensor vec, *, Tensor out=None) -> Tensor", kBoth,
        "Matrix (n x k) times vector (k) -> vector (n).",
        [](Interpreter&, Bound& a) { return product_out(a, mv(a.tensor(0), a.tensor(1))); });
  r.def("bmm(Tensor self, Tensor mat2, *, Tensor out=None) -> Tensor", kBoth,
        "Batched mm: (b x n x k) @ (b x k x m) -> (b x n x m), no broadcasting.",
        [](Interpreter&, Bound& a) { return product_out(a, bmm(a.tensor(0), a.tensor(1))); });
  r.def("dot(Tensor self, Tensor tensor, *, Tensor out=None) -> Tensor", kBoth,
        "The sum of the products of two 1-d tensors of one length and dtype (a 0-d tensor).",
        [](Interpreter&, Bound& a) { return product_out(a, dot(a.tensor(0), a.tensor(1))); });
  r.def("vdot(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth,
        "dot() with the first vector conjugated (the same as dot() for real dtypes).",
        [](Interpreter&, Bound& a) { return product_out(a, vdot(a.tensor(0), a.tensor(1))); });
  r.def("outer(Tensor self, Tensor vec2, *, Tensor out=None) -> Tensor", kBoth,
        "The outer product self[i] * vec2[j] of two 1-d tensors, dtypes promoted.",
        [](Interpreter&, Bound& a) { return product_out(a, outer(a.tensor(0), a.tensor(1))); });
  r.def("ger(Tensor self, Tensor vec2, *, Tensor out=None) -> Tensor", kBoth, "An alias of outer().",
        [](Interpreter&, Bound& a) { return product_out(a, outer(a.tensor(0), a.tensor(1))); });
  r.def("linalg_matmul(Tensor input, Tensor other) -> Tensor", kFunction,
        "torch.linalg.matmul: an alias of torch.matmul.",
        [](Interpreter&, Bound& a) { return Value::tensor(matmul(a.tensor(0), a.tensor(1))); });
  r.def("linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor", kFunction,
        "torch.linalg.solve: X with A @ X = B (left=False: X @ A = B) for square A; B may be "
        "a vector or a batch of vectors; batch dims broadcast. A singular A raises "
        "torch._C._LinAlgError.",
        [](Interpreter&, Bound& a) { return Value::tensor(linalg_solve(a.tensor(0), a.tensor(1), a.boolean(2))); });
}

}  // namespace tsh::shell
