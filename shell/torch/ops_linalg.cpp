// shell/torch/ops_linalg.cpp — registry entries for the matrix products (engine/ops/matmul.h)
// and torch.linalg (engine/ops/linalg.h).
//
// torch.linalg.solve is the registry function linalg_solve, as in PyTorch
// (torch.linalg_solve exists too); shell/torch/torch_module.cpp exposes it in the
// torch.linalg module.
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/matmul.h"
#include "engine/ops/out.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_linalg_namespace(Registry& r);  // shell/torch/ops_linalg_namespace.cpp

namespace {

// out= of the matrix products: out must have the result's dtype exactly.
Value product_out(const Bound& a, const Tensor& result) { return out_exact(a, 2, result); }

// det, slogdet, logdet, inverse, matrix_power, lu, lu_solve, lu_unpack, triangular_solve,
// cholesky_solve, cholesky_inverse (engine/ops/linalg_lu.h).
void register_lu_ops(Registry& r) {
  r.def("det(Tensor self) -> Tensor", kBoth, "The determinant of each square matrix (the last two dims), by LU.",
        [](Interpreter&, Bound& a) { return Value::tensor(det(a.tensor(0))); });
  r.def("slogdet(Tensor self) -> Tensor", kBoth,
        "(sign, logabsdet): the sign (or phase) of the determinant and the log of its absolute value.",
        [](Interpreter&, Bound& a) {
          auto [sign, logabs] = slogdet(a.tensor(0));
          return named("slogdet", {"sign", "logabsdet"}, {Value::tensor(sign), Value::tensor(logabs)});
        });
  r.def("logdet(Tensor self) -> Tensor", kBoth, "log(det(self)): NaN for a negative determinant, -inf for zero.",
        [](Interpreter&, Bound& a) { return Value::tensor(logdet(a.tensor(0))); });
  r.def("inverse(Tensor self, *, Tensor out=None) -> Tensor", kBoth,
        "The inverse of each square matrix (a singular one raises torch._C._LinAlgError).",
        [](Interpreter&, Bound& a) { return out_exact(a, 1, inverse(a.tensor(0))); });
  r.def("matrix_power(Tensor self, int n, *, Tensor out=None) -> Tensor", kBoth,
        "self @ self @ ... (n times) by repeated squaring; n = 0: the identity; n < 0: powers of the inverse.",
        [](Interpreter&, Bound& a) { return out_exact(a, 2, matrix_power(a.tensor(0), a.int64(1))); });
  // torch.lu / Tensor.lu are Python in PyTorch (deprecated for linalg.lu_factor).
  auto lu_impl = [](Interpreter&, Bound& a) {
    if (!truthy(a[1])) throw RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU");
    const LuFactors f = lu_factor(a.tensor(0), "linalg.lu_factor");
    std::vector<Value> items{Value::tensor(f.lu), Value::tensor(f.pivots)};
    if (truthy(a[2])) items.push_back(Value::tensor(f.infos));
    return Value::tuple(items);
  };
  const std::string lu_doc =
      "(LU, pivots[, infos]): the LU factorization with partial pivoting (LAPACK's getrf) of each square matrix.";
  r.def("lu(Tensor A, Any pivot=True, Any get_infos=False, Any out=None) -> Tensor |python", kFunction, lu_doc, lu_impl);
  r.def("lu(Tensor self, Any pivot=True, Any get_infos=False) -> Tensor |python", kMethod, lu_doc, lu_impl);
  r.def("lu_solve(Tensor self, Tensor LU_data, Tensor LU_pivots, *, Tensor out=None) -> Tensor", kBoth,
        "X with A X = self, from A's LU factorization (LU_data, LU_pivots).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, lu_solve(a.tensor(0), a.tensor(1), a.tensor(2))); });
  r.def("lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True, *, "
        "Tensor[] out=None) -> Tensor",
        kFunction, "(P, L, U) with A = P @ L @ U from an LU factorization.", [](Interpreter&, Bound& a) {
          auto [P, L, U] = lu_unpack(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3));
          return named_out(a, 4, "lu_unpack", {"P", "L", "U"}, {P, L, U});
        });
  r.def("triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool unitriangular=False, *, "
        "Tensor[] out=None) -> Tensor",
        kBoth, "(solution, cloned_coefficient): X with op(A) X = self for triangular A, and a copy of A.",
        [](Interpreter&, Bound& a) {
          auto [x, coeff] = triangular_solve(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3), a.boolean(4));
          return named_out(a, 5, "triangular_solve", {"solution", "cloned_coefficient"}, {x, coeff});
        });
  r.def("cholesky_solve(Tensor self, Tensor input2, bool upper=False, *, Tensor out=None) -> Tensor", kBoth,
        "X with (L L^H) X = self from the Cholesky factor input2 (upper: U^H U).",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 3, cholesky_solve(a.tensor(0), a.tensor(1), a.boolean(2)));
        });
  r.def("cholesky_inverse(Tensor self, bool upper=False, *, Tensor out=None) -> Tensor", kBoth,
        "The inverse of L L^H (upper: U^H U) from its Cholesky factor self.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, cholesky_inverse(a.tensor(0), a.boolean(1))); });
}

// svd, pinverse, nuclear_norm, geqrf, orgqr, ormqr, matrix_exp (engine/ops/linalg_factor.h).
void register_factor_ops(Registry& r) {
  r.def("svd(Tensor self, bool some=True, bool compute_uv=True, *, Tensor[] out=None) -> Tensor", kBoth,
        "(U, S, V) with self = U diag(S) V^H (LAPACK gesdd); some=False: square U and V; compute_uv=False: "
        "U and V are zeros.",
        [](Interpreter&, Bound& a) {
          auto [U, Sv, V] = svd(a.tensor(0), a.boolean(1), a.boolean(2));
          return named_out(a, 3, "svd", {"U", "S", "V"}, {U, Sv, V});
        });
  r.def("pinverse(Tensor self, float rcond=1e-15) -> Tensor", kBoth,
        "The Moore–Penrose pseudo-inverse (singular values at most rcond times the largest count as zero).",
        [](Interpreter&, Bound& a) { return Value::tensor(pinverse(a.tensor(0), a.f64(1))); });
  r.def("nuclear_norm(Tensor self, bool keepdim=False, *, Tensor out=None) -> Tensor", kFunction,
        "Deprecated: the sum of the singular values of the last two dims (linalg.matrix_norm(A, 'nuc')).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, nuclear_norm(a.tensor(0), std::nullopt, a.boolean(1))); });
  r.def("nuclear_norm(Tensor self, int[2] dim, bool keepdim=False, *, Tensor out=None) -> Tensor", kFunction,
        "Deprecated: the sum of the singular values of the matrices in dims dim.", [](Interpreter&, Bound& a) {
          const Shape d = a.shape(1);
          if (d.size() != 2) {
            std::string got;
            for (size_t i = 0; i < d.size(); ++i) got += (i ? " " : "") + std::to_string(d[i]);
            throw RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + got);
          }
          return out_or_result(a, 3, nuclear_norm(a.tensor(0), std::make_pair(d[0], d[1]), a.boolean(2)));
        });
  r.def("geqrf(Tensor self, *, Tensor[] out=None) -> Tensor", kBoth,
        "(a, tau): LAPACK's Householder QR, R on and above the diagonal of a, the reflectors below it.",
        [](Interpreter&, Bound& a) {
          auto [qr, tau] = geqrf(a.tensor(0));
          return named_out(a, 1, "geqrf", {"a", "tau"}, {qr, tau});
        });
  r.def("orgqr(Tensor self, Tensor input2, *, Tensor out=None) -> Tensor", kBoth,
        "The Q of geqrf's reflectors self with coefficients input2 (linalg.householder_product).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, orgqr(a.tensor(0), a.tensor(1))); });
  r.def("ormqr(Tensor self, Tensor input2, Tensor input3, bool left=True, bool transpose=False, *, Tensor out=None) -> Tensor",
        kBoth, "Q @ input3 (left=False: input3 @ Q; transpose: with Q^H) for the Q of geqrf's (self, input2).",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, ormqr(a.tensor(0), a.tensor(1), a.tensor(2), a.boolean(3), a.boolean(4)));
        });
  r.def("matrix_exp(Tensor self) -> Tensor", kBoth, "The matrix exponential e^self of each square matrix.",
        [](Interpreter&, Bound& a) { return Value::tensor(matrix_exp(a.tensor(0))); });
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
  // mm/bmm with an accumulate dtype exist in PyTorch 2.x for CUDA only.
  for (const char* n : {"mm", "bmm"}) {
    const std::string name = n;
    r.def(name + "(Tensor self, Tensor mat2, ScalarType out_dtype, *, Tensor out=None) -> Tensor", kFunction,
          name + "() accumulating in out_dtype (PyTorch runs it on CUDA only).", [name](Interpreter&, Bound&) -> Value {
            throw NotImplementedError("Could not run 'aten::" + name + ".dtype' with arguments from the 'CPU' backend. "
                                      "'aten::" + name + ".dtype' is only available for CUDA, which tsh does not have.");
          });
  }
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
  r.def("linalg_matmul(Tensor input, Tensor other, *, Tensor out=None) -> Tensor", kFunction,
        "torch.linalg.matmul: an alias of torch.matmul.",
        [](Interpreter&, Bound& a) { return product_out(a, matmul(a.tensor(0), a.tensor(1))); });
  r.def("linalg_solve(Tensor A, Tensor B, *, bool left=True, Tensor out=None) -> Tensor", kFunction,
        "torch.linalg.solve: X with A @ X = B (left=False: X @ A = B) for square A; B may be "
        "a vector or a batch of vectors; batch dims broadcast. A singular A raises "
        "torch._C._LinAlgError.",
        [](Interpreter&, Bound& a) { return out_exact(a, 3, linalg_solve(a.tensor(0), a.tensor(1), a.boolean(2))); });
  register_lu_ops(r);
  register_factor_ops(r);
  register_linalg_namespace(r);
}

}  // namespace tsh::shell
