// engine/ops/linalg_factor.cpp — svd, pinverse, nuclear_norm, geqrf, orgqr and ormqr.
#include "engine/ops/linalg_factor.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/matmul.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

std::string S(int64_t v) { return std::to_string(v); }

bool lapack_dtype(DType d) {
  return d == DType::Float32 || d == DType::Float64 || d == DType::Complex64 || d == DType::Complex128;
}

void check_float(const Tensor& A, const std::string& op) {
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), NotImplementedError,
            op + ": Expected a floating point or complex tensor as input. Got " + scalar_type_name(A.dtype()));
  TSH_CHECK(lapack_dtype(A.dtype()), NotImplementedError,
            std::string("\"") + op + "_cpu\" not implemented for '" + scalar_type_name(A.dtype()) + "'");
}

Shape batch_of(const Tensor& t) { return Shape(t.sizes().begin(), t.sizes().end() - 2); }

Shape with_matrix(Shape batch, int64_t rows, int64_t cols) {
  batch.push_back(rows);
  batch.push_back(cols);
  return batch;
}

Tensor column_major(const Tensor& t, const Shape& shape) {
  Tensor out = empty_strided(shape, matrix_strides(shape, true), t.dtype(), t.device());
  copy_(out, expand(t, shape));
  return out;
}

Tensor column_major_empty(const Shape& shape, DType d, Device dev) {
  return empty_strided(shape, matrix_strides(shape, true), d, dev);
}

// A column-major copy with slack after its last matrix. OpenBLAS 0.3.21's complex gemv kernel for
// Haswell reads past the end of a strided vector (OpenBLAS issue #5000); gesdd's bidiagonalisation
// hands it the rows of the matrix being factored, so the read runs off the buffer's end. Some
// rows' worth of slack keeps it inside memory tsh owns.
Tensor column_major_with_slack(const Tensor& t, const Shape& shape) {
  const int64_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  const int64_t cols = shape.size() >= 1 ? shape.back() : 1;
  const int64_t slack = 4 * (std::max(rows, cols) + 1) * std::max<int64_t>(rows, 1);
  Tensor buffer = empty({shape_numel(shape) + slack}, t.dtype(), t.device());
  Tensor out = buffer.as_view(shape, matrix_strides(shape, true), 0);
  copy_(out, expand(t, shape));
  return out;
}

bool computes(const Tensor& t) { return t.numel() > 0 && !t.device().is_meta(); }

}  // namespace

std::tuple<Tensor, Tensor, Tensor> svd(const Tensor& A, bool some, bool compute_uv) {
  TSH_CHECK(A.dim() >= 2, RuntimeError,
            "linalg.svd: input should have at least 2 dimensions, but has " + S(A.dim()) + " dimensions instead");
  check_float(A, "linalg.svd");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  const Shape batch = batch_of(A);
  // LAPACK refuses a NaN (gesdd's info -4). A matrix holding an infinity gets NaN factors, as
  // PyTorch's MKL computes them, where OpenBLAS's gesdd fails to converge: it is factored as zeros,
  // and its results are NaN.
  Tensor infinite;  // per matrix of the batch, or undefined when every matrix is finite
  if (!A.device().is_meta() && A.numel() > 0) {
    TSH_CHECK(!item(any(isnan(A))).to_int(), LinAlgError,
              "linalg.svd: The algorithm failed to converge because the input matrix contained non-finite values.");
    const Tensor finite = all(isfinite(A), std::vector<int64_t>{-2, -1});
    if (!item(all(finite)).to_int()) infinite = logical_not(finite);
  }
  auto nan_where_infinite = [&](const Tensor& t, int matrix_dims) {
    if (!infinite.defined() || t.numel() == 0) return t;
    Tensor mask = infinite;
    for (int i = 0; i < matrix_dims; ++i) mask = unsqueeze(mask, -1);
    Tensor out = empty_strided(t.sizes(), t.strides(), t.dtype(), t.device());
    copy_(out, where(mask, Operand(std::numeric_limits<double>::quiet_NaN()), t));
    return out;
  };
  const bool full = !some;
  const int64_t ucols = full ? m : k, vrows = full ? n : k;
  Tensor a = column_major_with_slack(
      infinite.defined() ? where(unsqueeze(unsqueeze(infinite, -1), -1), Operand(0.0), A) : A, A.sizes());
  Shape s_shape = batch;
  s_shape.push_back(k);
  Tensor s = empty(s_shape, to_real(A.dtype()), A.device());
  Tensor u = column_major_empty(with_matrix(batch, m, ucols), A.dtype(), A.device());
  Tensor vh = column_major_empty(with_matrix(batch, vrows, n), A.dtype(), A.device());
  if (k == 0) {
    zero_(u);
    zero_(vh);
  } else if (computes(a)) {
    // Without U and V, LAPACK runs gesdd's values-only path (jobz 'N'), whose last bits differ, as
    // PyTorch does. (PyTorch also asks for the vectors when the input requires grad; tsh does not.)
    const int64_t failed = kernels::svd.get(A.device())(a, s, u, vh, full, compute_uv);
    TSH_CHECK(failed < 0, LinAlgError,
              "linalg.svd: " + (A.dim() > 2 ? "(Batch element " + S(failed) + "): " : std::string()) +
                  "The algorithm failed to converge because the input matrix is ill-conditioned or has too many "
                  "repeated singular values (error code: " + S(std::min(m, n) - 1) + ").");
    s = nan_where_infinite(s, 1);
    u = nan_where_infinite(u, 2);
    vh = nan_where_infinite(vh, 2);
  }
  if (!compute_uv) {
    return {zeros(with_matrix(batch, m, m), A.dtype(), A.device()), s,
            zeros(with_matrix(batch, n, n), A.dtype(), A.device())};
  }
  // V as PyTorch returns it: Vh's adjoint as a view (conjugate bit set for complex), not a copy.
  const Tensor v = mT(vh);
  return {u, s, conj_view(v)};
}

Tensor pinverse(const Tensor& A, double rcond) {
  TSH_CHECK(A.dim() >= 2 && lapack_dtype(A.dtype()), RuntimeError,
            std::string("linalg.pinv(") + scalar_type_name(A.dtype()) + "{" + [&] {
              std::string s = "[";
              for (int64_t i = 0; i < A.dim(); ++i) s += (i ? ", " : "") + S(A.sizes()[i]);
              return s + "]";
            }() + "}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types");
  auto [U, Sv, Vview] = svd(A, true, true);
  const Tensor V = resolve_conj(Vview);
  if (Sv.numel() == 0) return zeros(with_matrix(batch_of(A), A.size(-1), A.size(-2)), A.dtype(), A.device());
  // Singular values above rcond · the largest are inverted, the others dropped.
  const Tensor tol = mul(amax(Sv, std::vector<int64_t>{-1}, true), Operand(rcond));
  const Tensor inv = where(gt(Sv, tol), reciprocal(Sv), Operand(0.0));
  const Tensor scaled = mul(V, unsqueeze(to(inv, A.dtype(), std::nullopt), -2));
  const Tensor uh = is_complex(A.dtype()) ? conj(mT(U)) : mT(U);
  return matmul(scaled, uh);
}

Tensor nuclear_norm(const Tensor& A, std::optional<std::pair<int64_t, int64_t>> dims, bool keepdim) {
  TSH_CHECK(A.dim() >= 2, RuntimeError, "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
  int64_t d0 = A.dim() - 2, d1 = A.dim() - 1;
  if (dims) {
    d0 = wrap_dim(dims->first, A.dim());
    d1 = wrap_dim(dims->second, A.dim());
    TSH_CHECK(d0 != d1, RuntimeError,
              "linalg.matrix_norm: dims must be different. Got (" + std::to_string(d0) + ", " + std::to_string(d1) + ")");
  }
  const Tensor moved = movedim(A, {d0, d1}, {-2, -1});
  auto [U, Sv, V] = svd(moved, true, false);
  Tensor total = sum(Sv, std::vector<int64_t>{-1});
  if (keepdim) {
    const int64_t lo = std::min(d0, d1), hi = std::max(d0, d1);
    total = unsqueeze(unsqueeze(total, lo), hi);
  }
  return total;
}

std::pair<Tensor, Tensor> geqrf(const Tensor& A) {
  TSH_CHECK(A.dim() >= 2, RuntimeError, "torch.geqrf: input must have at least 2 dimensions.");
  check_float(A, "geqrf");
  const int64_t m = A.size(-2), n = A.size(-1);
  Tensor a = column_major(A, A.sizes());
  Shape tau_shape = batch_of(A);
  tau_shape.push_back(std::min(m, n));
  Tensor tau = zeros(tau_shape, A.dtype(), A.device());
  if (computes(a)) kernels::geqrf.get(A.device())(a, tau);
  return {a, tau};
}

Tensor orgqr(const Tensor& A, const Tensor& tau) {
  TSH_CHECK(A.dim() >= 2, RuntimeError,
            "torch.linalg.householder_product: input must have at least 2 dimensions.");
  TSH_CHECK(A.size(-2) >= A.size(-1), RuntimeError,
            "torch.linalg.householder_product: input.shape[-2] must be greater than or equal to input.shape[-1]");
  TSH_CHECK(A.size(-1) >= tau.size(-1), RuntimeError,
            "torch.linalg.householder_product: input.shape[-1] must be greater than or equal to tau.shape[-1]");
  TSH_CHECK(A.dtype() == tau.dtype(), RuntimeError,
            std::string("torch.linalg.householder_product: tau dtype ") + scalar_type_name(tau.dtype()) +
                " does not match input dtype " + scalar_type_name(A.dtype()));
  check_float(A, "orgqr");
  Tensor a = column_major(A, A.sizes());
  const Tensor t = contiguous(tau);
  if (computes(a)) kernels::orgqr.get(A.device())(a, t);
  return a;
}

Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose) {
  TSH_CHECK(A.dim() >= 2, RuntimeError, "torch.ormqr: input must have at least 2 dimensions.");
  TSH_CHECK(C.dim() >= 2, RuntimeError, "torch.ormqr: other must have at least 2 dimensions.");
  // PyTorch's checks, in its order (each message is the first one it gives for such arguments).
  const std::string side = left ? "-2" : "-1";
  const int64_t along = left ? C.size(-2) : C.size(-1);
  TSH_CHECK(A.size(-2) == along, RuntimeError,
            "torch.ormqr: other.shape[" + side + "] must be equal to input.shape[-2]");
  // tau holds one reflector per column of input that acts on other: exactly that many (LAPACK and
  // cuSOLVER refuse more, and fewer would leave other's last rows untouched by PyTorch's rule).
  TSH_CHECK(tau.dim() >= 1 && tau.size(-1) == std::min(along, A.size(-1)), RuntimeError,
            "torch.ormqr: tau.shape[-1] must be equal to min(other.shape[" + side + "], input.shape[-1])");
  TSH_CHECK(A.dim() - tau.dim() == 1, RuntimeError,
            "torch.ormqr: Expected tau to have one dimension less than input, but got tau.ndim equal to " +
                std::to_string(tau.dim()) + " and input.ndim is equal to " + std::to_string(A.dim()));
  TSH_CHECK(A.dim() == C.dim(), RuntimeError,
            "torch.ormqr: Expected other to have the same number of dimensions as input, but got other.ndim equal to " +
                std::to_string(C.dim()) + " and input.ndim is equal to " + std::to_string(A.dim()));
  const Shape batch(A.sizes().begin(), A.sizes().end() - 2);
  const Shape tau_batch(tau.sizes().begin(), tau.sizes().end() - 1), other_batch(C.sizes().begin(), C.sizes().end() - 2);
  TSH_CHECK(tau_batch == batch, RuntimeError,
            "torch.ormqr: Expected batch dimensions of tau to be equal to input.shape[:-2], but got " + shape_str(tau_batch));
  TSH_CHECK(other_batch == batch, RuntimeError,
            "torch.ormqr: Expected batch dimensions of other to be equal to input.shape[:-2], but got " +
                shape_str(other_batch));
  TSH_CHECK(A.dtype() == tau.dtype(), RuntimeError,
            std::string("torch.ormqr: Expected input and tau to have the same dtype, but input has dtype") +
                scalar_type_name(A.dtype()) + " and tau has dtype " + scalar_type_name(tau.dtype()));
  TSH_CHECK(A.dtype() == C.dtype(), RuntimeError,
            std::string("torch.ormqr: Expected input and other to have the same dtype, but input has dtype") +
                scalar_type_name(A.dtype()) + " and other has dtype " + scalar_type_name(C.dtype()));
  check_float(A, "ormqr");
  const Tensor a = column_major(A, A.sizes());
  Tensor c = column_major(C, C.sizes());
  const Tensor t = contiguous(tau);
  if (computes(c) && tau.size(-1) > 0) kernels::ormqr.get(A.device())(a, t, c, left, transpose);
  return c;
}

}  // namespace tsh
