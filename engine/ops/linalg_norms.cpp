// engine/ops/linalg_norms.cpp — torch.linalg's norms and SVD forms (linalg_norms.h), composed from
// the reductions and the SVD kernel as PyTorch composes them, with PyTorch's checks and messages.
#include "engine/ops/linalg_norms.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/matmul.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

using namespace linalg_util;

namespace {

// The largest of values that are not negative (norms, singular values) along dim: 0 for none,
// as PyTorch's max norms of an empty matrix are (the min norms raise amin's error instead).
Tensor largest_or_zero(const Tensor& t, int64_t dim, bool keepdim) {
  if (t.size(dim) != 0) return amax(t, std::vector<int64_t>{dim}, keepdim);
  return sum(t, std::vector<int64_t>{dim}, keepdim);  // an empty sum: zeros of the reduced shape
}

Tensor mH(const Tensor& t) { return is_complex(t.dtype()) ? conj(mT(t)) : mT(t); }

// The machine epsilon of A's real dtype (finfo.eps), for the default tolerances.
double epsilon_of(DType d, const char* op) {
  const DType r = real_dtype(d);
  if (r == DType::Float32) return std::numeric_limits<float>::epsilon();
  if (r == DType::Float64) return std::numeric_limits<double>::epsilon();
  (void)op;
  throw RuntimeError("This function doesn't handle types other than float and double");
}

std::string order_text(const NormOrder& ord) {
  if (const auto* s = std::get_if<std::string>(&ord)) return *s;
  const double v = std::get<double>(ord);
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<int64_t>(v));
  return std::to_string(v);
}

}  // namespace

Tensor vector_norm(const Tensor& x, double ord, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  check_floating(x, "linalg.vector_norm");
  if (dtype) {
    TSH_CHECK(is_floating(*dtype) || is_complex(*dtype), RuntimeError,
              std::string("linalg.vector_norm: dtype should be floating point or complex, but got ") +
                  scalar_type_name(*dtype));
    TSH_CHECK(is_complex(*dtype) == is_complex(x.dtype()), RuntimeError,
              std::string("linalg.vector_norm: dtype should be ") + (is_complex(x.dtype()) ? "complex" : "real") +
                  " for " + (is_complex(x.dtype()) ? "complex" : "real") + " inputs, but got " +
                  scalar_type_name(*dtype));
  }
  if (x.numel() == 0 && (ord < 0 || std::isinf(ord))) {
    const bool whole = !dims || dims->empty();
    bool empty_reduced = whole;
    if (!whole)
      for (int64_t d : *dims) empty_reduced = empty_reduced || x.size(d) == 0;
    TSH_CHECK(!empty_reduced, RuntimeError,
              "linalg.vector_norm cannot compute the " + order_text(NormOrder{ord}) +
                  " norm on an empty tensor because the operation does not have an identity");
  }
  const Tensor src = dtype ? to(x, *dtype, std::nullopt) : x;
  return norm(src, ord, dims && dims->empty() ? std::nullopt : dims, keepdim, std::nullopt);
}

Tensor matrix_norm(const Tensor& A, const NormOrder& ord, std::vector<int64_t> dims, bool keepdim,
                   std::optional<DType> dtype) {
  check_matrix(A, "linalg.matrix_norm");
  TSH_CHECK(dims.size() == 2, RuntimeError,
            "linalg.matrix_norm: dim must be a 2-tuple. Got " + [&] {
              std::string s;
              for (size_t i = 0; i < dims.size(); ++i) s += (i ? " " : "") + S(dims[i]);
              return s;
            }());
  for (int64_t& d : dims) d = d < 0 ? d + A.dim() : d;
  for (int64_t d : dims)
    TSH_CHECK(d >= 0 && d < A.dim(), IndexError,
              "Dimension out of range (expected to be in range of [" + S(-A.dim()) + ", " + S(A.dim() - 1) +
                  "], but got " + S(d) + ")");
  TSH_CHECK(dims[0] != dims[1], RuntimeError,
            "linalg.matrix_norm: dims must be different. Got (" + S(dims[0]) + ", " + S(dims[1]) + ")");
  check_floating(A, "linalg.matrix_norm");
  if (const auto* s = std::get_if<std::string>(&ord)) {
    TSH_CHECK(*s == "fro" || *s == "nuc", RuntimeError, "linalg.matrix_norm: Order " + *s + " not supported.");
    if (*s == "fro") return vector_norm(A, 2, std::vector<int64_t>{dims[0], dims[1]}, keepdim, dtype);
  }
  const double o = std::holds_alternative<double>(ord) ? std::get<double>(ord) : 0;
  const bool nuclear = std::holds_alternative<std::string>(ord);
  const double mag = std::fabs(o);
  TSH_CHECK(nuclear || mag == 2 || mag == 1 || std::isinf(mag), RuntimeError,
            "linalg.matrix_norm: Order " + order_text(ord) + " not supported.");
  const Tensor src = dtype ? to(A, *dtype, std::nullopt) : A;
  if (nuclear || mag == 2) {
    // The singular values of the matrices in dims (moved last), then their sum, max or min.
    const Tensor moved = movedim(src, {dims[0], dims[1]}, {-2, -1});
    const Tensor s = svdvals(moved);
    Tensor r = nuclear ? sum(s, std::vector<int64_t>{-1}) : o > 0 ? largest_or_zero(s, -1, false)
                                                                  : amin(s, std::vector<int64_t>{-1});
    if (keepdim) {
      const int64_t lo = std::min(dims[0], dims[1]), hi = std::max(dims[0], dims[1]);
      r = unsqueeze(unsqueeze(r, lo), hi);
    }
    return r;
  }
  // 1 and inf: the largest (-1, -inf: smallest) absolute column (row) sum.
  if (std::isinf(mag)) std::swap(dims[0], dims[1]);
  int64_t reduce_dim = dims[1];
  if (!keepdim && dims[0] < dims[1]) --reduce_dim;
  const Tensor sums = vector_norm(src, 1, std::vector<int64_t>{dims[0]}, keepdim, std::nullopt);
  return o > 0 ? largest_or_zero(sums, reduce_dim, keepdim) : amin(sums, std::vector<int64_t>{reduce_dim}, keepdim);
}

Tensor linalg_norm(const Tensor& A, const std::optional<NormOrder>& ord, const OptDims& dims, bool keepdim,
                   std::optional<DType> dtype) {
  if (dims && !dims->empty()) {
    TSH_CHECK(dims->size() == 1 || dims->size() == 2, RuntimeError,
              "linalg.norm: If dim is specified, it must be of length 1 or 2. Got [" + [&] {
                std::string s;
                for (size_t i = 0; i < dims->size(); ++i) s += (i ? ", " : "") + S((*dims)[i]);
                return s;
              }() + "]");
    if (dims->size() == 1) {
      if (ord && std::holds_alternative<std::string>(*ord))
        throw RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got " + S((*dims)[0]));
      return vector_norm(A, ord ? std::get<double>(*ord) : 2.0, dims, keepdim, dtype);
    }
    return matrix_norm(A, ord.value_or(NormOrder{std::string("fro")}), *dims, keepdim, dtype);
  }
  if (ord) {
    TSH_CHECK(A.dim() == 1 || A.dim() == 2, RuntimeError,
              "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got " + S(A.dim()) + "D.");
    if (A.dim() == 1) {
      if (std::holds_alternative<std::string>(*ord))
        throw RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
      return vector_norm(A, std::get<double>(*ord), std::nullopt, keepdim, dtype);
    }
    return matrix_norm(A, *ord, {-2, -1}, keepdim, dtype);
  }
  return vector_norm(A, 2.0, std::nullopt, keepdim, dtype);
}

std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices) {
  check_matrix(A, "linalg.svd");
  check_floating(A, "linalg.svd");
  auto [U, Sv, V] = svd(A, !full_matrices, true);
  // Column-major, as LAPACK writes Vh and PyTorch returns it (its strides show, and products follow them).
  const Tensor Vh = mH(V);
  return {U, Sv, column_major(Vh, Vh.sizes())};
}

Tensor svdvals(const Tensor& A) {
  check_matrix(A, "linalg.svd");
  check_floating(A, "linalg.svd");
  return std::get<1>(svd(A, true, false));
}

Tensor cond(const Tensor& A, const std::optional<NormOrder>& ord) {
  check_matrix(A, "linalg.cond");
  const bool two = !ord || (std::holds_alternative<double>(*ord) && std::fabs(std::get<double>(*ord)) == 2);
  if (two) {
    const Tensor s = svdvals(A);
    if (s.size(-1) == 0) return zeros(batch_of(A), real_dtype(A.dtype()), A.device());
    const Tensor first = select(s, -1, 0), last = select(s, -1, s.size(-1) - 1);
    const bool inverse = ord && std::get<double>(*ord) < 0;
    return inverse ? div(last, first) : div(first, last);
  }
  if (const auto* s = std::get_if<std::string>(&*ord))
    TSH_CHECK(*s == "fro" || *s == "nuc", RuntimeError, "linalg.cond got an invalid norm type: " + *s);
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.cond(ord=" + order_text(*ord) + "): A must be batches of square matrices, but they are " +
                S(A.size(-2)) + " by " + S(A.size(-1)) + " matrices");
  check_floating(A, "linalg.cond");
  auto [inverse, infos] = linalg_inv_ex(A, false);
  const Tensor r = mul(matrix_norm(A, *ord, {-2, -1}, false, std::nullopt),
                       matrix_norm(inverse, *ord, {-2, -1}, false, std::nullopt));
  // A singular matrix's condition number is infinite.
  return where(gt(infos, Operand(int64_t{0})), Operand(std::numeric_limits<double>::infinity()), r);
}

namespace {

// PyTorch's tolerance: max(atol, rtol * the largest singular value), rtol defaulting to eps * max(m, n)
// when neither is given, and to 0 when only a positive atol is.
Tensor tolerance(const Tensor& A, const Tensor& s, std::optional<double> atol, std::optional<double> rtol,
                 const char* op) {
  const double eps = epsilon_of(A.dtype(), op);
  const double a = atol.value_or(0.0);
  const double r = rtol ? *rtol : (atol && *atol > 0 ? 0.0 : eps * static_cast<double>(std::max(A.size(-1), A.size(-2))));
  const Tensor largest = largest_or_zero(s, -1, false);
  return maximum(mul(largest, Operand(r)), Operand(a));
}

}  // namespace

Tensor matrix_rank(const Tensor& A, std::optional<double> atol, std::optional<double> rtol, bool hermitian) {
  check_matrix(A, "linalg.matrix_rank");
  (void)epsilon_of(A.dtype(), "linalg.matrix_rank");
  // A Hermitian matrix's singular values are its eigenvalues' magnitudes: the SVD gives them too.
  (void)hermitian;
  const Tensor s = svdvals(A);
  const Tensor tol = unsqueeze(tolerance(A, s, atol, rtol, "linalg.matrix_rank"), -1);
  return sum(gt(s, tol), std::vector<int64_t>{-1});
}

Tensor linalg_pinv(const Tensor& A, std::optional<double> atol, std::optional<double> rtol, bool hermitian) {
  check_matrix(A, "linalg.pinv");
  check_floating(A, "linalg.pinv");
  (void)hermitian;  // the SVD route gives the same pseudo-inverse for a Hermitian matrix
  auto [U, Sv, Vh] = linalg_svd(A, false);
  const Tensor tol = unsqueeze(tolerance(A, Sv, atol, rtol, "linalg.pinv"), -1);
  const Tensor inv_s = to(where(gt(Sv, tol), Operand(reciprocal(Sv)), Operand(0.0)), A.dtype(), std::nullopt);
  return matmul(mul(mH(Vh), unsqueeze(inv_s, -2)), mH(U));
}

}  // namespace tsh
