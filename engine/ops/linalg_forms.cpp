// engine/ops/linalg_forms.cpp — torch.linalg's solver forms and small composites (linalg_forms.h):
// checks and messages in PyTorch's order, then the LU, triangular and QR kernels of
// engine/kernels/linalg.h on column-major copies.
#include "engine/ops/linalg_forms.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/join.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

using namespace linalg_util;

namespace {

// The conjugate transpose of the last two dims (the transpose for real dtypes).
Tensor mH(const Tensor& t) { return is_complex(t.dtype()) ? conj(mT(t)) : mT(t); }

// A is (*, n, n) and B (*, n, k), square A: the LU solve of every matrix, singular ones included
// (their results hold the inf and nan that the zero pivot produces), with getrf's infos.
std::pair<Tensor, Tensor> lu_solve_all(const Tensor& A, const Tensor& B, bool adjoint) {
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(A));
  const int64_t n = A.size(-1), k = B.size(-1);
  LuFactors f;
  f.lu = column_major(A, with_matrix(batch, n, n));
  Shape piv = batch;
  piv.push_back(n);
  f.pivots = zeros(piv, DType::Int32, A.device());
  f.infos = zeros(batch, DType::Int32, A.device());
  Tensor x = column_major(B, with_matrix(batch, n, k));
  if (computes(f.lu)) kernels::lu_factor.get(A.device())(f.lu, f.pivots, f.infos);
  if (computes(x)) kernels::lu_solve.get(A.device())(f.lu, f.pivots, x, adjoint);
  return {x, f.infos};
}

}  // namespace

std::pair<Tensor, Tensor> linalg_solve_ex(const Tensor& A, const Tensor& B, bool left, bool check_errors) {
  const DType d = A.dtype();
  const SolveArgs args = check_solve_args(A, B, left);
  const bool vector_case = args.vector_case;
  const Tensor& B2 = args.B2;
  // X A = B is A^H X^H = B^H, solved as PyTorch 2.x does: A factored, LAPACK's adjoint solve.
  auto [x, infos] = lu_solve_all(A, left ? B2 : mH(B2), !left);
  if (check_errors)
    check_infos(infos, A.dim() > 2, "torch.linalg.solve_ex", [](const std::string& where, int64_t) {
      throw LinAlgError("torch.linalg.solve_ex: " + where + "The solver failed because the input matrix is singular.");
    });
  if (vector_case) x = squeeze(x, -1);
  if (left) return {x, infos};
  // The solved X^H is fresh; X is its adjoint, a conjugate view for complex dtypes as PyTorch's.
  return {is_complex(d) ? conj_view(mT(x)) : mT(x), infos};
}

std::pair<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors) {
  check_square(A, "linalg.inv");
  const Tensor I = expand(eye(A.size(-1), std::nullopt, A.dtype(), A.device()), A.sizes());
  auto [x, infos] = lu_solve_all(A, I, false);
  if (check_errors)
    check_infos(infos, A.dim() > 2, "linalg.inv_ex", [](const std::string& where, int64_t i) {
      throw LinAlgError("linalg.inv_ex: " + where + "The diagonal element " + S(i) +
                        " is zero, the inversion could not be completed because the input matrix is singular.");
    });
  return {x, infos};
}

LuFactors linalg_lu_factor(const Tensor& A, bool pivot, const std::string& op, bool raise_singular) {
  TSH_CHECK(A.dim() >= 2, RuntimeError,
            "torch.lu_factor: Expected tensor with 2 or more dimensions. Got size: " + shape_str(A.sizes()) +
                " instead");
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), NotImplementedError,
            std::string("\"lu_cpu\" not implemented for '") + scalar_type_name(A.dtype()) + "'");
  TSH_CHECK(A.dtype() != DType::Float16 && A.dtype() != DType::BFloat16, NotImplementedError,
            std::string("\"lu_cpu\" not implemented for '") + scalar_type_name(A.dtype()) + "'");
  TSH_CHECK(pivot, RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
  LuFactors f = lu_factor_checked(A);
  if (raise_singular)
    check_infos(f.infos, A.dim() > 2, op, [&op](const std::string& where, int64_t i) {
      throw RuntimeError(op + ": " + where + "U[" + S(i) + "," + S(i) +
                         "] is zero and using it on lu_solve would result in a division by zero. If you still want "
                         "to perform the factorization, consider calling linalg.lu(A, pivot) or "
                         "linalg.lu_factor_ex(A, pivot)");
    });
  return f;
}

std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot) {
  const LuFactors f = linalg_lu_factor(A, pivot, "linalg.lu", false);
  return lu_unpack(f.lu, f.pivots, true, true);
}

Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  TSH_CHECK(LU.dim() >= 2, RuntimeError, "torch.linalg.lu_solve: The input tensor LU must have at least 2 dimensions.");
  TSH_CHECK(LU.size(-1) == LU.size(-2), RuntimeError,
            "torch.linalg.lu_solve: A must be batches of square matrices, but they are " + S(LU.size(-2)) + " by " +
                S(LU.size(-1)) + " matrices");
  TSH_CHECK(B.dim() >= 2, RuntimeError, "torch.linalg.lu_solve: The input tensor B must have at least 2 dimensions.");
  const int64_t n = LU.size(-1);
  TSH_CHECK(left ? B.size(-2) == n : B.size(-1) == n, RuntimeError,
            std::string("torch.linalg.lu_solve: Incompatible shapes of A and B for the equation ") +
                (left ? "AX = B" : "XA = B") + " (" + S(n) + "x" + S(n) + " and " + S(B.size(-2)) + "x" +
                S(B.size(-1)) + ")");
  TSH_CHECK(B.dtype() == LU.dtype(), RuntimeError,
            std::string("linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type ") +
                scalar_type_name(LU.dtype()) + " and B of type " + scalar_type_name(B.dtype()) + " instead");
  TSH_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
            std::string("linalg.lu_solve: pivots should be a Tensor of scalar type Int. Got ") +
                scalar_type_name(pivots.dtype()));
  check_floating(LU, "linalg.lu_solve");
  // X A = B is A^T X^T = B^T; X A^H = B is A X^H = B^H.
  const Tensor rhs = left ? B : (adjoint ? mH(B) : mT(B));
  Tensor x;
  if (!left && !adjoint && is_complex(LU.dtype())) {
    // (A^T)^-1 b = conj((A^H)^-1 conj(b)): getrs has no plain transpose of a complex matrix.
    x = conj(lu_solve_batched(LU, pivots, conj(rhs), true));
  } else {
    x = lu_solve_batched(LU, pivots, rhs, left ? adjoint : !adjoint);
  }
  if (left) return x;
  return adjoint ? mH(x) : mT(x);
}

Tensor solve_triangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular) {
  check_matrix(A, "linalg.solve_triangular");
  check_matrix(B, "linalg.solve_triangular", "B");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.solve_triangular: A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " matrices");
  TSH_CHECK(left ? A.size(-1) == B.size(-2) : A.size(-2) == B.size(-1), RuntimeError,
            std::string("linalg.solve_triangular: Incompatible shapes of A and B for the equation ") +
                (left ? "AX = B" : "XA = B") + " (" + S(A.size(-2)) + "x" + S(A.size(-1)) + " and " +
                S(B.size(-2)) + "x" + S(B.size(-1)) + ")");
  TSH_CHECK(A.dtype() == B.dtype(), RuntimeError,
            std::string("linalg.solve_triangular: Expected A and B to have the same dtype, but found A of type ") +
                scalar_type_name(A.dtype()) + " and B of type " + scalar_type_name(B.dtype()) + " instead");
  check_floating(A, "linalg.solve_triangular");
  // PyTorch's operands, which decide MKL's rounding: B's copy is the solution's column-major
  // memory and A goes to trsm as it lies when its matrices are row- or column-major (its transpose
  // and conjugate become trsm's op and triangle), a column-major copy otherwise.
  const Shape batch = broadcast_shapes(batch_of(B), batch_of(A));
  const int64_t n = A.size(-1);
  Tensor a = expand(A, with_matrix(batch, n, n));
  const Tensor b = expand(B, with_matrix(batch, B.size(-2), B.size(-1)));
  // A conjugated column-major A stays as it is with a row-major solution, solved transposed.
  const bool keep_conj_a = mT(a).is_contiguous() && a.is_conj();
  Tensor x = empty_strided(b.sizes(), matrix_strides(b.sizes(), !keep_conj_a), b.dtype(), b.device());
  copy_(x, b);
  kernels::TrsmArgs args{left, upper, unitriangular, 'N'};
  const bool transposed = x.stride(-1) == 1;  // a row-major solution: solve the transposed equation
  if (transposed) args.left = !args.left;
  bool a_conj = a.is_conj();
  bool a_column_major = (a.stride(-1) == 1) == transposed;
  if (!a.is_contiguous() && !mT(a).is_contiguous()) {
    a = transposed ? contiguous(resolve_conj(a)) : column_major(a, a.sizes());
    a_conj = false;
    a_column_major = true;
  } else if (a_column_major && a_conj) {
    // BLAS conjugates only with a transpose: a row-major copy with the conjugate resolved.
    a = contiguous(resolve_conj(transposed ? mT(a) : a));
    a_column_major = false;
    a_conj = false;
    if (transposed) args.upper = !args.upper;
  }
  if (a.stride(-1) == 1) args.upper = !args.upper;  // a row-major triangle is the other one, transposed
  args.op = a_conj ? 'C' : a_column_major ? 'N' : 'T';
  // trsm's 'C' conjugates: the kernel reads the memory under the conjugate bit.
  if (a.is_conj()) a = conj_view(a);
  if (computes(x) && n > 0) kernels::triangular_solve.get(A.device())(a, transposed ? mT(x) : x, args);
  return x;
}

std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode) {
  TSH_CHECK(mode == "reduced" || mode == "complete" || mode == "r", RuntimeError,
            "qr received unrecognized mode '" + mode +
                "' but expected one of 'reduced' (default), 'r', or 'complete'");
  check_matrix(A, "linalg.qr");
  check_floating(A, "linalg.qr");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  auto [qr, tau] = geqrf(A);
  const int64_t r_rows = mode == "complete" ? m : k;
  // Column-major, as LAPACK writes it and PyTorch returns it.
  Tensor R = triu(narrow(qr, -2, 0, r_rows));
  R = column_major(R, R.sizes());
  // OpenBLAS's Householder norms lose a NaN or an infinity, and the factors came out partly finite;
  // PyTorch's LAPACK carries it into every entry: Q all NaN, R NaN on and above the diagonal.
  Tensor nonfinite;  // per matrix, as (*, 1, 1); undefined when every matrix is finite
  if (computes(A) && !item(all(isfinite(A))).to_int()) {
    nonfinite = unsqueeze(unsqueeze(logical_not(all(isfinite(A), std::vector<int64_t>{-2, -1})), -1), -1);
    R = where(logical_and(nonfinite, triu(ones_like(R, DType::Bool))), Operand(std::numeric_limits<double>::quiet_NaN()), R);
    R = column_major(R, R.sizes());
  }
  if (mode == "r") return {empty({0}, A.dtype(), A.device()), R};
  Tensor Q;
  if (mode == "complete" && m > n) {
    // Q is m x m: the reflectors in the first n columns of a square matrix, the rest zeros.
    Tensor square = zeros(with_matrix(batch_of(A), m, m), A.dtype(), A.device());
    copy_(narrow(square, -1, 0, n), qr);
    Q = orgqr(square, tau);
  } else {
    Q = orgqr(narrow(qr, -1, 0, k), tau);
  }
  if (nonfinite.defined()) Q = contiguous(where(nonfinite, Operand(std::numeric_limits<double>::quiet_NaN()), Q));
  return {Q, R};
}

Tensor householder_product(const Tensor& A, const Tensor& tau) { return orgqr(A, tau); }

Tensor vecdot(const Tensor& x, const Tensor& y, int64_t dim) {
  check_floating(x, "linalg.vecdot");
  TSH_CHECK(x.dtype() == y.dtype(), RuntimeError,
            std::string("linalg.vecdot: Expected x and y to have the same dtype, but found x of type ") +
                scalar_type_name(x.dtype()) + " and y of type " + scalar_type_name(y.dtype()) + " instead");
  if (x.dim() == 1 && y.dim() == 1) return vdot(x, y);  // PyTorch's 1-d case: vdot's checks and sum
  const Tensor xc = is_complex(x.dtype()) ? conj(x) : x;
  return sum(mul(xc, y), std::vector<int64_t>{dim});
}

Tensor multi_dot(const std::vector<Tensor>& tensors) {
  const size_t n = tensors.size();
  TSH_CHECK(n >= 2, RuntimeError, "multi_dot(): expected at least 2 tensors but got " + S(static_cast<int64_t>(n)));
  const Tensor& first = tensors.front();
  const Tensor& last = tensors.back();
  TSH_CHECK(first.dim() == 1 || first.dim() == 2, RuntimeError,
            "multi_dot(): the first tensor must be 1D or 2D but got " + S(first.dim()) + "D");
  TSH_CHECK(last.dim() == 1 || last.dim() == 2, RuntimeError,
            "multi_dot(): the last tensor must be 1D or 2D but got " + S(last.dim()) + "D");
  for (size_t i = 1; i + 1 < n; ++i)
    TSH_CHECK(tensors[i].dim() == 2, RuntimeError,
              "multi_dot(): tensor " + S(static_cast<int64_t>(i)) + " must be 2D but got " + S(tensors[i].dim()) + "D");
  for (size_t i = 1; i < n; ++i)
    TSH_CHECK(tensors[i].dtype() == first.dtype(), RuntimeError,
              "multi_dot(): all tensors must have be the same dtype but tensor 0 is " +
                  std::string(dtype_name(first.dtype())) + " and tensor " + S(static_cast<int64_t>(i)) + " " +
                  std::string(dtype_name(tensors[i].dtype())));
  if (n == 2 && first.dim() == 1 && last.dim() == 1) return dot(first, last);
  std::vector<Tensor> mats(tensors);
  if (first.dim() == 1) mats.front() = unsqueeze(first, 0);
  if (last.dim() == 1) mats.back() = unsqueeze(last, -1);
  for (size_t i = 0; i + 1 < n; ++i)
    TSH_CHECK(mats[i].size(-1) == mats[i + 1].size(0), RuntimeError,
              "multi_dot(): tensors " + S(static_cast<int64_t>(i)) + " and " + S(static_cast<int64_t>(i + 1)) +
                  " with shapes " + shape_str(tensors[i].sizes()) + " and " + shape_str(tensors[i + 1].sizes()) +
                  " cannot be multiplied");
  Tensor out;
  if (n == 2) {
    out = mm(mats[0], mats[1]);
  } else if (n == 3) {
    // (a x b)(b x c)(c x d): the cheaper of (AB)C and A(BC), the left one on a tie.
    const int64_t a = mats[0].size(0), b = mats[1].size(0), c = mats[2].size(0), d = mats[2].size(1);
    const int64_t cost_left = (a * c) * (b + d), cost_right = (b * d) * (a + c);
    out = cost_left > cost_right ? mm(mats[0], mm(mats[1], mats[2])) : mm(mm(mats[0], mats[1]), mats[2]);
  } else {
    // The matrix-chain order: cost[i][j] of multiplying i..j, split[i][j] where it splits (first best k).
    std::vector<int64_t> p(n + 1);
    for (size_t i = 0; i < n; ++i) p[i] = mats[i].size(0);
    p[n] = mats[n - 1].size(1);
    std::vector<std::vector<int64_t>> cost(n, std::vector<int64_t>(n, 0)), split(n, std::vector<int64_t>(n, 0));
    for (size_t len = 1; len < n; ++len)
      for (size_t i = 0; i + len < n; ++i) {
        const size_t j = i + len;
        cost[i][j] = std::numeric_limits<int64_t>::max();
        for (size_t k = i; k < j; ++k) {
          const int64_t q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
          if (q < cost[i][j]) {
            cost[i][j] = q;
            split[i][j] = static_cast<int64_t>(k);
          }
        }
      }
    std::function<Tensor(size_t, size_t)> chain = [&](size_t i, size_t j) -> Tensor {
      if (i == j) return mats[i];
      const size_t k = static_cast<size_t>(split[i][j]);
      return mm(chain(i, k), chain(k + 1, j));
    };
    out = chain(0, n - 1);
  }
  if (first.dim() == 1) out = squeeze(out, 0);
  if (last.dim() == 1) out = squeeze(out, -1);
  return out;
}

Tensor vander(const Tensor& x, std::optional<int64_t> N) {
  TSH_CHECK(x.dim() >= 1, RuntimeError, "x must be at least 1-dimensional.");
  const int64_t n = N.value_or(x.size(-1));
  TSH_CHECK(n > 1, RuntimeError, "N must be greater than 1.");
  // Integers and bools in int64; the powers are running products, as PyTorch computes them.
  const Tensor base = !is_floating(x.dtype()) && !is_complex(x.dtype()) ? to(x, DType::Int64, std::nullopt) : x;
  Shape shape = base.sizes();
  shape.push_back(n - 1);
  const Tensor powers = cumprod(expand(unsqueeze(base, -1), shape), -1);
  shape.back() = 1;
  return cat({ones(shape, base.dtype(), base.device()), powers}, -1);
}

Tensor tensorinv(const Tensor& A, int64_t ind) {
  TSH_CHECK(ind > 0, RuntimeError, "Expected a strictly positive integer for 'ind', but got " + S(ind));
  const Shape head(A.sizes().begin(), A.sizes().begin() + std::min<int64_t>(ind, A.dim()));
  const Shape tail(A.sizes().begin() + std::min<int64_t>(ind, A.dim()), A.sizes().end());
  int64_t rows = 1, cols = 1;
  for (int64_t s : head) rows *= s;
  for (int64_t s : tail) cols *= s;
  TSH_CHECK(rows == cols, RuntimeError,
            "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), but got " +
                S(cols) + " != " + S(rows));
  auto [inv, infos] = linalg_inv_ex(reshape(A, {rows, cols}), false);
  check_infos(infos, false, "inv", [](const std::string&, int64_t i) {
    throw LinAlgError("inv: The diagonal element " + S(i) +
                      " is zero, the inversion could not be completed because the input matrix is singular.");
  });
  Shape out = tail;
  out.insert(out.end(), head.begin(), head.end());
  return reshape(inv, out);
}

Tensor tensorsolve(const Tensor& A, const Tensor& B, const std::optional<std::vector<int64_t>>& dims) {
  Tensor a = A;
  if (dims) {
    std::vector<int64_t> dest(dims->size());
    for (size_t i = 0; i < dest.size(); ++i) dest[i] = A.dim() - static_cast<int64_t>(dest.size()) + static_cast<int64_t>(i);
    a = movedim(A, *dims, dest);
  }
  const int64_t split_at = std::min<int64_t>(B.dim(), a.dim());
  const Shape result_shape(a.sizes().begin() + split_at, a.sizes().end());
  int64_t result_n = 1, b_n = 1;
  for (int64_t s : result_shape) result_n *= s;
  for (int64_t s : B.sizes()) b_n *= s;
  TSH_CHECK(result_n == b_n, RuntimeError,
            "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), "
            "but got " + S(result_n) + " != " + S(b_n));
  const Tensor x = linalg_solve(reshape(a, {result_n, result_n}), flatten(B));
  return reshape(x, result_shape);
}

}  // namespace tsh
