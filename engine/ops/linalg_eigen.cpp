// engine/ops/linalg_eigen.cpp — eig, eigh, Cholesky, lstsq, LDL, matrix_sqrth and polar
// (linalg_eigen.h): PyTorch's checks and result shapes, LAPACK kernels on column-major copies.
#include "engine/ops/linalg_eigen.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

using namespace linalg_util;

namespace {

Tensor mH(const Tensor& t) { return is_complex(t.dtype()) ? conj(mT(t)) : mT(t); }

DType complex_of(DType d) {
  return d == DType::Float32 || d == DType::Complex64 ? DType::Complex64 : DType::Complex128;
}

void check_no_lapack_half(const Tensor& A, const std::string& op) {
  TSH_CHECK(A.dtype() != DType::Float16 && A.dtype() != DType::BFloat16, RuntimeError,
            op + ": Low precision dtypes not supported. Got " + scalar_type_name(A.dtype()));
}

// Square matrices of a dtype LAPACK has, checked in PyTorch's order.
void check_square_lapack(const Tensor& A, const std::string& op) {
  check_matrix(A, op);
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            op + ": A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " + S(A.size(-1)) +
                " matrices");
  check_floating(A, op);
  check_no_lapack_half(A, op);
}

}  // namespace

std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo, bool compute_v) {
  const std::string op = compute_v ? "linalg.eigh" : "linalg.eigvalsh";
  TSH_CHECK(uplo == "L" || uplo == "U" || uplo == "l" || uplo == "u", RuntimeError,
            "Expected UPLO argument to be 'L' or 'U', but got " + uplo);
  check_square_lapack(A, op);
  Tensor vecs = column_major(A, A.sizes());
  Shape wshape = batch_of(A);
  wshape.push_back(A.size(-1));
  Tensor w = empty(wshape, real_dtype(A.dtype()), A.device());
  Tensor infos = zeros(batch_of(A), DType::Int32, A.device());
  if (computes(vecs)) kernels::eigh.get(A.device())(vecs, w, infos, uplo == "U" || uplo == "u", compute_v);
  check_infos(infos, A.dim() > 2, op, [&op](const std::string& where, int64_t i) {
    throw LinAlgError(op + ": " + where + "The algorithm failed to converge because the input matrix is "
                      "ill-conditioned or has too many repeated eigenvalues (error code: " + S(i) + ").");
  });
  return {w, compute_v ? vecs : empty({0}, A.dtype(), A.device())};
}

std::pair<Tensor, Tensor> linalg_eig(const Tensor& A, bool compute_v) {
  const std::string op = compute_v ? "linalg.eig" : "linalg.eigvals";
  check_matrix(A, "linalg.eig");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.eig: A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " matrices");
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), RuntimeError,
            std::string("Unknown Complex ScalarType for ") + scalar_type_name(A.dtype()));
  check_no_lapack_half(A, "linalg.eig");
  // geev loops forever on a NaN: PyTorch refuses them first.
  if (computes(A)) TSH_CHECK(item(all(isfinite(A))).to_int(), RuntimeError,
                             "torch.linalg.eig: input tensor should not contain infs or NaNs.");
  const int64_t n = A.size(-1);
  Tensor work = column_major(A, A.sizes());
  Shape wshape = batch_of(A);
  wshape.push_back(n);
  const DType c = complex_of(A.dtype());
  Tensor w = empty(wshape, c, A.device());
  Tensor v = compute_v ? empty_strided(A.sizes(), matrix_strides(A.sizes(), true), c, A.device())
                       : empty({0}, c, A.device());
  Tensor infos = zeros(batch_of(A), DType::Int32, A.device());
  if (computes(work)) kernels::eig.get(A.device())(work, w, v, infos, compute_v);
  check_infos(infos, A.dim() > 2, "linalg.eig", [](const std::string& where, int64_t i) {
    throw LinAlgError("linalg.eig: " + where + "The algorithm failed to converge because the input matrix is "
                      "ill-conditioned or has too many repeated eigenvalues (error code: " + S(i) + ").");
  });
  (void)op;
  return {w, v};
}

std::pair<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper, bool check_errors, const std::string& op) {
  check_square_lapack(A, op);
  Tensor f = column_major(A, A.sizes());
  Tensor infos = zeros(batch_of(A), DType::Int32, A.device());
  if (computes(f)) kernels::cholesky.get(A.device())(f, infos, upper);
  if (check_errors)
    check_infos(infos, A.dim() > 2, op, [&op](const std::string& where, int64_t i) {
      throw LinAlgError(op + ": " + where + "The factorization could not be completed because the input is not "
                        "positive-definite (the leading minor of order " + S(i) + " is not positive-definite).");
    });
  // potrf leaves the other triangle as it found it: the factor is only its own triangle.
  Tensor L = upper ? triu(f) : tril(f);
  Tensor out = empty_strided(L.sizes(), matrix_strides(L.sizes(), true), L.dtype(), L.device());
  copy_(out, L);
  return {out, infos};
}

LstsqResult linalg_lstsq(const Tensor& A, const Tensor& B, std::optional<double> rcond,
                         const std::optional<std::string>& driver) {
  const std::string op = "torch.linalg.lstsq";
  TSH_CHECK(A.dim() >= 2, RuntimeError, op + ": input must have at least 2 dimensions.");
  TSH_CHECK(B.dim() >= 1, RuntimeError, op + ": other must have at least 1 dimension.");
  TSH_CHECK(A.dtype() == B.dtype(), RuntimeError,
            op + ": Expected input and other to have the same dtype, but got input's dtype " +
                scalar_type_name(A.dtype()) + " and other's dtype " + scalar_type_name(B.dtype()));
  TSH_CHECK(A.dim() >= B.dim() && A.dim() - B.dim() <= 1, RuntimeError,
            op + ": input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) <= 1");
  const bool vector_case = A.dim() - B.dim() == 1;
  const Tensor B2 = vector_case ? unsqueeze(B, -1) : B;
  TSH_CHECK(A.size(-2) == B2.size(-2), RuntimeError,
            vector_case ? op + ": input.size(-2) should match other.size(-1)"
                        : op + ": input.size(-2) should match other.size(-2)");
  check_floating(A, "linalg.lstsq");
  static const std::vector<std::string> drivers = {"gels", "gelsy", "gelsd", "gelss"};
  const std::string name = driver.value_or("gelsy");
  const auto found = std::find(drivers.begin(), drivers.end(), name);
  TSH_CHECK(found != drivers.end(), RuntimeError,
            op + ": parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
  const int code = static_cast<int>(found - drivers.begin());
  const int64_t m = A.size(-2), n = A.size(-1), k = B2.size(-1), rows = std::max(m, n), q = std::min(m, n);
  const Shape batch = broadcast_shapes(batch_of(A), batch_of(B2));
  const double eps = real_dtype(A.dtype()) == DType::Float32 ? std::numeric_limits<float>::epsilon()
                                                             : std::numeric_limits<double>::epsilon();
  const double rc = rcond.value_or(eps * static_cast<double>(rows));
  Tensor a = column_major(A, with_matrix(batch, m, n));
  // b holds max(m, n) rows: B on top, LAPACK's solution (first n rows) coming back in it.
  Tensor b = zeros(with_matrix(batch, rows, k), A.dtype(), A.device());
  b = b.as_view(b.sizes(), matrix_strides(b.sizes(), true), 0);
  copy_(narrow(b, -2, 0, m), expand(B2, with_matrix(batch, m, k)));
  const bool has_rank = code != 0, has_s = code >= 2;
  Tensor rank = has_rank ? zeros(batch, DType::Int64, A.device()) : empty({0}, DType::Int64, A.device());
  Shape sshape = batch;
  sshape.push_back(q);
  Tensor s = has_s ? zeros(sshape, real_dtype(A.dtype()), A.device()) : empty({0}, real_dtype(A.dtype()), A.device());
  Tensor infos = zeros(batch, DType::Int32, A.device());
  if (computes(a) && k > 0) kernels::lstsq.get(A.device())(a, b, rank, s, code, rc, infos);
  check_infos(infos, false, op, [&op](const std::string&, int64_t i) {
    throw LinAlgError(op + ": The least squares solution could not be computed because the input matrix does not "
                      "have full rank (error code: " + S(i) + ").");
  });
  LstsqResult r;
  const Tensor x = narrow(b, -2, 0, n);
  r.solution = vector_case ? contiguous(squeeze(x, -1)) : x;
  r.rank = rank;
  r.singular_values = s;
  // The squared residuals, where LAPACK's trailing rows hold them: m > n, a full-rank A, not gelsy.
  bool full_rank = true;
  if (has_rank && computes(rank))
    for (int64_t v : int_values(contiguous(rank))) full_rank = full_rank && v == n;
  if (m > n && code != 1 && full_rank && computes(b)) {
    // PyTorch squares each entry as z * conj(z) (its complex product's rounding), then sums.
    const Tensor tail = narrow(b, -2, n, m - n);
    const Tensor squares = is_complex(b.dtype()) ? real(mul(tail, conj(tail))) : pow(tail, Operand(2.0));
    r.residuals = sum(squares, std::vector<int64_t>{-2});
  } else {
    r.residuals = empty({0}, real_dtype(A.dtype()), A.device());
  }
  return r;
}

std::tuple<Tensor, Tensor, Tensor> linalg_ldl_factor_ex(const Tensor& A, bool hermitian, bool check_errors,
                                                        const std::string& op) {
  check_square_lapack(A, op);
  Tensor ld = column_major(A, A.sizes());
  Shape piv = batch_of(A);
  piv.push_back(A.size(-1));
  Tensor pivots = zeros(piv, DType::Int32, A.device());
  Tensor infos = zeros(batch_of(A), DType::Int32, A.device());
  if (computes(ld)) kernels::ldl_factor.get(A.device())(ld, pivots, infos, hermitian && is_complex(A.dtype()), false);
  if (check_errors)
    check_infos(infos, A.dim() > 2, op, [&op](const std::string& where, int64_t i) {
      throw LinAlgError(op + ": " + where + "The factorization could not be completed because D[" + S(i) + "," +
                        S(i) + "] is exactly zero: the input matrix is singular.");
    });
  Tensor lower = tril(ld);
  Tensor out = empty_strided(lower.sizes(), matrix_strides(lower.sizes(), true), lower.dtype(), lower.device());
  copy_(out, lower);
  return {out, pivots, infos};
}

Tensor linalg_ldl_solve(const Tensor& LD, const Tensor& pivots, const Tensor& B, bool hermitian) {
  const std::string op = "torch.linalg.ldl_solve";
  check_matrix(LD, op, "LD");
  check_matrix(B, op, "B");
  TSH_CHECK(LD.size(-1) == LD.size(-2), RuntimeError,
            op + ": A must be batches of square matrices, but they are " + S(LD.size(-2)) + " by " +
                S(LD.size(-1)) + " matrices");
  TSH_CHECK(LD.size(-1) == B.size(-2), RuntimeError,
            op + ": Incompatible shapes of A and B for the equation AX = B (" + S(LD.size(-2)) + "x" +
                S(LD.size(-1)) + " and " + S(B.size(-2)) + "x" + S(B.size(-1)) + ")");
  TSH_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
            op + ": Expected pivots to be integers. Got " + scalar_type_name(pivots.dtype()));
  TSH_CHECK(LD.dtype() == B.dtype(), RuntimeError,
            op + ": LD dtype " + scalar_type_name(LD.dtype()) + " does not match b dtype " +
                scalar_type_name(B.dtype()));
  check_floating(LD, op);
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(LD));
  const int64_t n = LD.size(-1);
  const Tensor ld = column_major(LD, with_matrix(batch, n, n));
  Shape piv = batch;
  piv.push_back(n);
  const Tensor p = contiguous(expand(pivots, piv));
  Tensor x = column_major(B, with_matrix(batch, n, B.size(-1)));
  if (computes(x) && n > 0)
    kernels::ldl_solve.get(B.device())(ld, p, x, hermitian && is_complex(LD.dtype()), false);
  return x;
}

Tensor matrix_sqrth(const Tensor& A) {
  auto [w, V] = linalg_eigh(A, "L", true);
  // Eigenvalues below zero (rounding, or a matrix that is not positive-definite) count as zero.
  const Tensor root = sqrt(clamp_min(w, Operand(0.0)));
  const Tensor scaled = mul(V, unsqueeze(to(root, V.dtype(), std::nullopt), -2));
  // PyTorch 2.x's steps: V diag(root) V^H, then made exactly Hermitian as (X + X^H) / 2.
  const Tensor X = matmul(scaled, mH(V));
  return mul(add(X, mH(X)), Operand(0.5));
}

std::pair<Tensor, Tensor> polar(const Tensor& A) {
  check_matrix(A, "linalg.polar");
  TSH_CHECK(A.size(-2) >= A.size(-1), RuntimeError,
            "linalg.polar: input must have at least as many rows as columns, but got " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " matrices");
  auto [W, Sv, Vh] = linalg_svd(A, false);
  // PyTorch 2.x's steps: H = V (diag(S) Vh), made exactly Hermitian as (H + H^H) / 2; U = W Vh.
  const Tensor H = matmul(mH(Vh), mul(unsqueeze(to(Sv, A.dtype(), std::nullopt), -1), Vh));
  return {matmul(W, Vh), mul(add(H, mH(H)), Operand(0.5))};
}

}  // namespace tsh
