// shell/torch/ops_linalg_namespace.cpp — the torch.linalg functions: registry entries named
// linalg_X, which shell/torch/torch_module.cpp puts in torch.linalg as X (and torch.linalg_X, as
// PyTorch has them). The maths is in engine/ops/linalg_*.h; here are PyTorch's signatures, named
// tuples (torch.return_types.linalg_*) and out= handling.
#include <limits>
#include <variant>

#include "engine/ops/linalg.h"
#include "engine/ops/linalg_eigen.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/products.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// A norm order: a Python number or a str ('fro', 'nuc').
NormOrder norm_order(const Value& v, const char* fn) {
  if (v.is(Kind::Str)) return v.as_str();
  if (v.is_number() && !v.is(Kind::Complex)) return v.as_float();
  throw TypeError(std::string(fn) + "(): argument 'ord' must be Number or str, not " + type_name(v));
}

std::optional<NormOrder> opt_norm_order(const Bound& a, size_t i, const char* fn) {
  if (a.is_none(i)) return std::nullopt;
  return norm_order(a[i], fn);
}

OptDims opt_dims(const Bound& a, size_t i) {
  if (a.is_none(i)) return std::nullopt;
  const Shape s = a.shape(i);
  return std::vector<int64_t>(s.begin(), s.end());
}

void register_norms(Registry& r) {
  r.def("linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None) -> Tensor",
        kFunction, "The vector ord-norm of x over dim (every element when dim is None): sum(|x|^ord)^(1/ord).",
        [](Interpreter&, Bound& a) {
          return out_exact(a, 5, vector_norm(a.tensor(0), a.f64(1), opt_dims(a, 2), a.boolean(3), a.dtype(4)));
        });
  r.def("linalg_matrix_norm(Tensor A, Any ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None) -> Tensor",
        kFunction,
        "The matrix norm of each matrix in dim: 'fro', 'nuc' (sum of singular values), 2 / -2 (largest / smallest "
        "singular value), 1 / -1 (max / min column sum), inf / -inf (max / min row sum).",
        [](Interpreter&, Bound& a) {
          const Shape d = a.shape(2);
          const Tensor r = matrix_norm(a.tensor(0), norm_order(a[1], "linalg_matrix_norm"),
                                       std::vector<int64_t>(d.begin(), d.end()), a.boolean(3), a.dtype(4));
          return out_worded(a, 5, r, "linalg.matrix_norm expected out tensor dtype %R but got: %O");
        });
  r.def("linalg_norm(Tensor A, Any ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None) -> Tensor",
        kFunction,
        "A vector norm (1-d input or one dim) or a matrix norm (2-d input or two dims); without ord or dim, "
        "the 2-norm of all the elements.",
        [](Interpreter&, Bound& a) {
          const Tensor r = linalg_norm(a.tensor(0), opt_norm_order(a, 1, "linalg_norm"), opt_dims(a, 2), a.boolean(3),
                                       a.dtype(4));
          return out_worded(a, 5, r, "linalg.norm expected out tensor dtype %R but got: %O");
        });
  r.def("linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None, Tensor[] out=None) -> Tensor", kFunction,
        "(U, S, Vh) with A = U @ diag(S) @ Vh, S descending; full_matrices=False: the reduced factors.",
        [](Interpreter&, Bound& a) {
          if (!a.is_none(2))
            throw RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
                               "cuSOLVER backend.");
          auto [U, Sv, Vh] = linalg_svd(a.tensor(0), a.boolean(1));
          return named_out(a, 3, "linalg_svd", {"U", "S", "Vh"}, {U, Sv, Vh}, true);
        });
  r.def("linalg_svdvals(Tensor A, *, str? driver=None, Tensor out=None) -> Tensor", kFunction,
        "The singular values of each matrix, in descending order (real, even for complex input).",
        [](Interpreter&, Bound& a) {
          if (!a.is_none(1))
            throw RuntimeError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
                               "cuSOLVER backend.");
          return out_exact(a, 2, svdvals(a.tensor(0)));
        });
  r.def("linalg_cond(Tensor A, Any p=None, *, Tensor out=None) -> Tensor", kFunction,
        "The condition number of each matrix in the norm p (None or 2: largest over smallest singular value).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, cond(a.tensor(0), opt_norm_order(a, 1, "linalg_cond"))); });
  r.def("linalg_matrix_rank(Tensor A, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor out=None) -> Tensor",
        kFunction,
        "The number of singular values above max(atol, rtol * the largest); by default rtol = eps * max(m, n).",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, matrix_rank(a.tensor(0), a.opt_f64(1), a.opt_f64(2), a.boolean(3)));
        });
  r.def("linalg_matrix_rank(Tensor input, float tol, bool hermitian=False, *, Tensor out=None) -> Tensor", kFunction,
        "The number of singular values above tol (the older signature).", [](Interpreter&, Bound& a) {
          return out_or_result(a, 3, matrix_rank(a.tensor(0), a.f64(1), 0.0, a.boolean(2)));
        });
  r.def("linalg_pinv(Tensor A, *, float? atol=None, float? rtol=None, bool hermitian=False, Tensor out=None) -> Tensor",
        kFunction, "The Moore–Penrose pseudo-inverse by the SVD (small singular values count as zero).",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, linalg_pinv(a.tensor(0), a.opt_f64(1), a.opt_f64(2), a.boolean(3)));
        });
  r.def("linalg_pinv(Tensor input, float rcond, bool hermitian=False, *, Tensor out=None) -> Tensor", kFunction,
        "The pseudo-inverse with rcond as the relative tolerance (the older signature).", [](Interpreter&, Bound& a) {
          return out_or_result(a, 3, linalg_pinv(a.tensor(0), 0.0, a.f64(1), a.boolean(2)));
        });
}

void register_solvers(Registry& r) {
  r.def("linalg_inv(Tensor A, *, Tensor out=None) -> Tensor", kFunction,
        "The inverse of each square matrix (a singular one raises torch.linalg.LinAlgError).",
        [](Interpreter&, Bound& a) { return out_exact(a, 1, inverse(a.tensor(0))); });
  r.def("linalg_inv_ex(Tensor A, *, bool check_errors=False, Tensor[] out=None) -> Tensor", kFunction,
        "(inverse, info): the inverse without raising for singular matrices, whose info is > 0.",
        [](Interpreter&, Bound& a) {
          auto [inv, info] = linalg_inv_ex(a.tensor(0), a.boolean(1));
          return named_out(a, 2, "linalg_inv_ex", {"inverse", "info"}, {inv, info}, true);
        });
  r.def("linalg_det(Tensor A, *, Tensor out=None) -> Tensor", kFunction, "The determinant of each square matrix.",
        [](Interpreter&, Bound& a) { return out_exact(a, 1, det(a.tensor(0))); });
  r.def("linalg_slogdet(Tensor A, *, Tensor[] out=None) -> Tensor", kFunction,
        "(sign, logabsdet): the sign (phase) of the determinant and the log of its absolute value.",
        [](Interpreter&, Bound& a) {
          auto [sign, logabs] = slogdet(a.tensor(0));
          return named_out(a, 1, "linalg_slogdet", {"sign", "logabsdet"}, {sign, logabs}, true);
        });
  r.def("linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False, Tensor[] out=None) -> Tensor",
        kFunction, "(result, info): linalg.solve without raising for singular matrices, whose info is > 0.",
        [](Interpreter&, Bound& a) {
          auto [x, info] = linalg_solve_ex(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3));
          return named_out(a, 4, "linalg_solve_ex", {"result", "info"}, {x, info}, true);
        });
  r.def("linalg_lu_factor(Tensor A, *, bool pivot=True, Tensor[] out=None) -> Tensor", kFunction,
        "(LU, pivots): the LU factorization with partial pivoting of each matrix (LAPACK's getrf).",
        [](Interpreter&, Bound& a) {
          const LuFactors f = linalg_lu_factor(a.tensor(0), a.boolean(1), "torch.linalg.lu_factor", true);
          return named_out(a, 2, "linalg_lu_factor", {"LU", "pivots"}, {f.lu, f.pivots}, true);
        });
  r.def("linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False, Tensor[] out=None) -> Tensor",
        kFunction, "(LU, pivots, info): lu_factor without raising; info > 0 names a zero pivot.",
        [](Interpreter&, Bound& a) {
          const LuFactors f = linalg_lu_factor(a.tensor(0), a.boolean(1), "torch.linalg.lu_factor_ex", a.boolean(2));
          return named_out(a, 3, "linalg_lu_factor_ex", {"LU", "pivots", "info"}, {f.lu, f.pivots, f.infos}, true);
        });
  r.def("linalg_lu(Tensor A, *, bool pivot=True, Tensor[] out=None) -> Tensor", kFunction,
        "(P, L, U) with A = P @ L @ U, L unit lower triangular, U upper triangular.", [](Interpreter&, Bound& a) {
          auto [P, L, U] = linalg_lu(a.tensor(0), a.boolean(1));
          return named_out(a, 2, "linalg_lu", {"P", "L", "U"}, {P, L, U}, true);
        });
  r.def("linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool adjoint=False, Tensor out=None) -> Tensor",
        kFunction, "X with A @ X = B (left=False: X @ A = B; adjoint: A^H) from lu_factor's (LU, pivots).",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, linalg_lu_solve(a.tensor(0), a.tensor(1), a.tensor(2), a.boolean(3), a.boolean(4)));
        });
  r.def("linalg_solve_triangular(Tensor A, Tensor B, *, bool upper, bool left=True, bool unitriangular=False, "
        "Tensor out=None) -> Tensor",
        kFunction, "X with A @ X = B (left=False: X @ A = B) for triangular A; B must be a matrix.",
        [](Interpreter&, Bound& a) {
          const Tensor r = solve_triangular(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3), a.boolean(4));
          return out_worded(a, 5, r, "expected scalar type %R but found %O");
        });
  r.def("linalg_qr(Tensor A, str mode=\"reduced\", *, Tensor[] out=None) -> Tensor", kFunction,
        "(Q, R) with A = Q @ R (Householder QR); mode 'reduced', 'complete' or 'r' (Q empty).",
        [](Interpreter&, Bound& a) {
          auto [Q, R] = linalg_qr(a.tensor(0), a.str(1));
          return named_out(a, 2, "linalg_qr", {"Q", "R"}, {Q, R}, true);
        });
  r.def("linalg_householder_product(Tensor A, Tensor tau, *, Tensor out=None) -> Tensor", kFunction,
        "The first n columns of the product of Householder reflectors (A's columns, coefficients tau).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, householder_product(a.tensor(0), a.tensor(1))); });
  r.def("linalg_matrix_power(Tensor A, int n, *, Tensor out=None) -> Tensor", kFunction,
        "A @ A @ ... (n times); n = 0: the identity; n < 0: powers of the inverse.",
        [](Interpreter&, Bound& a) { return out_exact(a, 2, matrix_power(a.tensor(0), a.int64(1))); });
  r.def("linalg_matrix_exp(Tensor A) -> Tensor", kFunction, "The matrix exponential of each square matrix.",
        [](Interpreter&, Bound& a) { return Value::tensor(matrix_exp(a.tensor(0))); });
  r.def("linalg_tensorinv(Tensor A, int ind=2, *, Tensor out=None) -> Tensor", kFunction,
        "The inverse of A seen as a matrix of its first ind dims by the others, reshaped back.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, tensorinv(a.tensor(0), a.int64(1))); });
  r.def("linalg_tensorsolve(Tensor A, Tensor B, int[]? dims=None, *, Tensor out=None) -> Tensor", kFunction,
        "X with tensordot(A, X, X.ndim) = B (dims: A's dims to move to the end first).", [](Interpreter&, Bound& a) {
          std::optional<std::vector<int64_t>> dims;
          if (!a.is_none(2)) {
            const Shape d = a.shape(2);
            dims = std::vector<int64_t>(d.begin(), d.end());
          }
          return out_or_result(a, 3, tensorsolve(a.tensor(0), a.tensor(1), dims));
        });
}

void register_products(Registry& r) {
  r.def("linalg_cross(Tensor input, Tensor other, *, int dim=-1, Tensor out=None) -> Tensor", kFunction,
        "The cross product of 3-vectors along dim; the other dims broadcast.", [](Interpreter&, Bound& a) {
          const Tensor& x = a.tensor(0);
          const Tensor& y = a.tensor(1);
          const int64_t dim = a.int64(2);
          const int64_t nx = x.dim() > 0 ? x.size(dim < 0 ? dim + x.dim() : dim) : 0;
          const int64_t ny = y.dim() > 0 ? y.size(dim < 0 ? dim + y.dim() : dim) : 0;
          if (nx != 3 || ny != 3)
            throw RuntimeError("linalg.cross: inputs dimension " + std::to_string(dim) + " must have length 3. Got " +
                               std::to_string(nx) + " and " + std::to_string(ny));
          return out_exact(a, 3, cross(x, y, dim));
        });
  r.def("linalg_vecdot(Tensor x, Tensor y, *, int dim=-1, Tensor out=None) -> Tensor", kFunction,
        "The dot products of the vectors along dim, the first conjugated: sum(x.conj() * y, dim).",
        [](Interpreter&, Bound& a) {
          return out_worded(a, 3, vecdot(a.tensor(0), a.tensor(1), a.int64(2)),
                            "linalg.vecdot: Expected out of dtype%R but found %O");
        });
  r.def("linalg_multi_dot(Tensor[] tensors, *, Tensor out=None) -> Tensor", kFunction,
        "The product of a chain of matrices in the cheapest order; the first and last may be vectors.",
        [](Interpreter&, Bound& a) {
          return out_worded(a, 1, multi_dot(a.tensors(0)), "multi_dot(): expected out tensor to have dtype %r but got %o");
        });
  r.def("linalg_diagonal(Tensor A, *, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", kFunction,
        "The diagonals of the matrices in dims dim1, dim2 (a view), as torch.diagonal with other defaults.",
        [](Interpreter&, Bound& a) { return Value::tensor(diagonal(a.tensor(0), a.int64(1), a.int64(2), a.int64(3))); });
  r.def("linalg_vander(Tensor x, *, int? N=None) -> Tensor", kFunction,
        "The Vandermonde matrix of x: columns x^0, x^1, ..., x^(N-1).",
        [](Interpreter&, Bound& a) { return Value::tensor(vander(a.tensor(0), a.opt_int(1))); });
}

void register_decompositions(Registry& r) {
  r.def("linalg_eigh(Tensor A, str UPLO=\"L\", *, Tensor[] out=None) -> Tensor", kFunction,
        "(eigenvalues, eigenvectors) of symmetric (Hermitian) matrices, from the UPLO triangle; eigenvalues real "
        "and ascending, eigenvectors the orthonormal columns.",
        [](Interpreter&, Bound& a) {
          auto [w, V] = linalg_eigh(a.tensor(0), a.str(1), true);
          return named_out(a, 2, "linalg_eigh", {"eigenvalues", "eigenvectors"}, {w, V}, true);
        });
  r.def("linalg_eigvalsh(Tensor A, str UPLO=\"L\", *, Tensor out=None) -> Tensor", kFunction,
        "The eigenvalues of symmetric (Hermitian) matrices, real and ascending.",
        [](Interpreter&, Bound& a) { return out_exact(a, 2, linalg_eigh(a.tensor(0), a.str(1), false).first); });
  r.def("linalg_eig(Tensor A, *, Tensor[] out=None) -> Tensor", kFunction,
        "(eigenvalues, eigenvectors) of square matrices, both complex (LAPACK's geev); eigenvectors have unit norm.",
        [](Interpreter&, Bound& a) {
          auto [w, V] = linalg_eig(a.tensor(0), true);
          return named_out(a, 1, "linalg_eig", {"eigenvalues", "eigenvectors"}, {w, V});
        });
  r.def("linalg_eigvals(Tensor A, *, Tensor out=None) -> Tensor", kFunction,
        "The eigenvalues of square matrices (complex, even for real input).",
        [](Interpreter&, Bound& a) {
          const Tensor w = linalg_eig(a.tensor(0), false).first;
          if (std::optional<Tensor> out = out_arg(a, 1); out && !can_cast(w.dtype(), out->dtype()))
            throw RuntimeError(std::string("torch.linalg.eigvals: Expected eigenvalues to be safely castable from ") +
                               scalar_type_name(w.dtype()) + " dtype, but got eigenvalues with dtype " +
                               scalar_type_name(out->dtype()));
          return out_or_result(a, 1, w);
        });
  r.def("linalg_cholesky(Tensor A, *, bool upper=False, Tensor out=None) -> Tensor", kFunction,
        "The Cholesky factor L of a Hermitian positive-definite A = L @ L^H (upper: U with A = U^H @ U).",
        [](Interpreter&, Bound& a) {
          return out_exact(a, 2, linalg_cholesky_ex(a.tensor(0), a.boolean(1), true, "linalg.cholesky").first);
        });
  r.def("linalg_cholesky_ex(Tensor A, *, bool upper=False, bool check_errors=False, Tensor[] out=None) -> Tensor",
        kFunction, "(L, info): cholesky without raising; info > 0 names the first minor that is not positive-definite.",
        [](Interpreter&, Bound& a) {
          auto [L, info] = linalg_cholesky_ex(a.tensor(0), a.boolean(1), a.boolean(2), "linalg.cholesky_ex");
          return named_out(a, 3, "linalg_cholesky_ex", {"L", "info"}, {L, info}, true);
        });
  r.def("linalg_lstsq(Tensor A, Tensor B, float? rcond=None, *, str? driver=None) -> Tensor", kFunction,
        "(solution, residuals, rank, singular_values): min ||A X - B|| by LAPACK's gelsy (driver: gels, gelsy, "
        "gelsd, gelss); residuals where m > n and A has full rank.",
        [](Interpreter&, Bound& a) {
          const LstsqResult r = linalg_lstsq(a.tensor(0), a.tensor(1), a.opt_f64(2), a.opt_str(3));
          return named("linalg_lstsq", {"solution", "residuals", "rank", "singular_values"},
                       {Value::tensor(r.solution), Value::tensor(r.residuals), Value::tensor(r.rank),
                        Value::tensor(r.singular_values)});
        });
  r.def("linalg_ldl_factor(Tensor A, *, bool hermitian=False, Tensor[] out=None) -> Tensor", kFunction,
        "(LD, pivots): the Bunch-Kaufman LDL^T (LDL^H when hermitian) factorization of symmetric matrices.",
        [](Interpreter&, Bound& a) {
          auto [LD, piv, info] = linalg_ldl_factor_ex(a.tensor(0), a.boolean(1), true, "torch.linalg.ldl_factor");
          return named_out(a, 2, "linalg_ldl_factor", {"LD", "pivots"}, {LD, piv}, true);
        });
  r.def("linalg_ldl_factor_ex(Tensor A, *, bool hermitian=False, bool check_errors=False, Tensor[] out=None) -> Tensor",
        kFunction, "(LD, pivots, info): ldl_factor without raising; info > 0 names a zero pivot of D.",
        [](Interpreter&, Bound& a) {
          auto [LD, piv, info] =
              linalg_ldl_factor_ex(a.tensor(0), a.boolean(1), a.boolean(2), "torch.linalg.ldl_factor_ex");
          return named_out(a, 3, "linalg_ldl_factor_ex", {"LD", "pivots", "info"}, {LD, piv, info}, true);
        });
  r.def("linalg_ldl_solve(Tensor LD, Tensor pivots, Tensor B, *, bool hermitian=False, Tensor out=None) -> Tensor",
        kFunction, "X with A @ X = B from ldl_factor's (LD, pivots).", [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, linalg_ldl_solve(a.tensor(0), a.tensor(1), a.tensor(2), a.boolean(3)));
        });
  r.def("linalg_matrix_sqrth(Tensor A) -> Tensor", kFunction,
        "The principal square root of symmetric (Hermitian) positive-definite matrices (from the lower triangle).",
        [](Interpreter&, Bound& a) { return Value::tensor(matrix_sqrth(a.tensor(0))); });
  r.def("linalg_polar(Tensor A, *, Tensor[] out=None) -> Tensor", kFunction,
        "(U, H): the polar decomposition A = U @ H, U with orthonormal columns, H positive-semidefinite.",
        [](Interpreter&, Bound& a) {
          auto [U, H] = polar(a.tensor(0));
          return named_out(a, 1, "linalg_polar", {"U", "H"}, {U, H});
        });
}

}  // namespace

void register_linalg_namespace(Registry& r) {
  register_norms(r);
  register_solvers(r);
  register_products(r);
  register_decompositions(r);
}

}  // namespace tsh::shell
