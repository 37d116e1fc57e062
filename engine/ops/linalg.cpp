// engine/ops/linalg.cpp — torch.linalg.solve: checks, broadcasting and layout; the kernel in engine/kernels/linalg.h.
#include "engine/ops/linalg.h"

#include <string>

#include "engine/core/error.h"
#include "engine/kernels/coverage.h"
#include "engine/core/shape.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {


std::string S(int64_t v) { return std::to_string(v); }

// B is a vector (or a batch of them) rather than a matrix: 1-d, or A's shape without its last dim.
bool is_vector_rhs(const Tensor& A, const Tensor& B) {
  if (B.dim() == 1) return true;
  if (A.dim() < 1 || B.dim() != A.dim() - 1) return false;
  return Shape(A.sizes().begin(), A.sizes().end() - 1) == B.sizes();
}

void check_is_matrix(const Tensor& t, const char* name) {
  TSH_CHECK(t.dim() >= 2, RuntimeError,
            std::string("linalg.solve: The input tensor ") + name +
                " must have at least 2 dimensions.");
}

}  // namespace

Shape matrix_strides(const Shape& sizes, bool column_major) {
  Shape strides = contiguous_strides(sizes);
  const size_t d = sizes.size();
  if (column_major && d >= 2) {
    strides[d - 2] = 1;
    strides[d - 1] = std::max<int64_t>(1, sizes[d - 2]);
  }
  return strides;
}

SolveArgs check_solve_args(const Tensor& A, const Tensor& B, bool left) {
  const DType d = A.dtype();
  TSH_CHECK(is_floating(d) || is_complex(d), NotImplementedError,
            std::string("linalg.solve: Expected a floating point or complex tensor as input. Got ") +
                scalar_type_name(d));
  TSH_CHECK(d == B.dtype(), RuntimeError,
            std::string("linalg.solve: Expected A and B to have the same dtype, but found A of type ") +
                scalar_type_name(d) + " and B of type " + scalar_type_name(B.dtype()) + " instead");
  SolveArgs s;
  s.vector_case = is_vector_rhs(A, B);
  s.B2 = s.vector_case ? unsqueeze(B, -1) : B;
  const Tensor& B2 = s.B2;

  // Shapes: A square, B a matrix that fits A on the chosen side.
  check_is_matrix(A, "A");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.solve: A must be batches of square matrices, but they are " + S(A.size(-2)) +
                " by " + S(A.size(-1)) + " matrices");
  check_is_matrix(B2, "B");
  TSH_CHECK(left ? A.size(-2) == B2.size(-2) : A.size(-1) == B2.size(-1), RuntimeError,
            std::string("linalg.solve: Incompatible shapes of A and B for the equation ") +
                (left ? "AX = B" : "XA = B") + " (" + S(A.size(-2)) + "x" + S(A.size(-1)) +
                " and " + S(B2.size(-2)) + "x" + S(B2.size(-1)) + ")");
  s.batch = broadcast_shapes(Shape(B2.sizes().begin(), B2.sizes().end() - 2),
                             Shape(A.sizes().begin(), A.sizes().end() - 2));
  TSH_CHECK(left || !s.vector_case, RuntimeError,
            "linalg.solve: Vector broadcasting of the left hand side is not supported for "
            "left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)");
  TSH_CHECK(A.device() == B.device(), RuntimeError,
            device_mismatch(A.device(), B.device()));
  return s;
}

Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left) {
  const DType d = A.dtype();
  const SolveArgs args = check_solve_args(A, B, left);
  const bool vector_case = args.vector_case;
  const Tensor& B2 = args.B2;
  const Shape& batch = args.batch;
  static const kernels::Check lu_check("lu");
  lu_check.require(A.device(), d);

  // X A = B is A^H X^H = B^H: solve that system and take the adjoint back.
  const bool complex = is_complex(d);
  const Tensor rhs = left ? B2 : (complex ? conj(mT(B2)) : mT(B2));
  const int64_t n = A.size(-1), k = rhs.size(-1);
  Shape lu_shape = batch, x_shape = batch;
  lu_shape.insert(lu_shape.end(), {n, n});
  x_shape.insert(x_shape.end(), {n, k});
  // LAPACK overwrites its operands: give it column-major copies.
  Tensor x = empty_strided(x_shape, matrix_strides(x_shape, true), d, A.device());
  copy_(x, expand(rhs, x_shape));
  int64_t failed = -1;
  if (!left) {
    // PyTorch 2.x factors A itself whatever its layout and solves A^H X^H = B^H with LAPACK's
    // (conjugate-)transposed solve; the same calls give the same bits.
    const LuFactors f = lu_factor_checked(expand(A, lu_shape));
    if (linalg_util::computes(f.infos)) {
      const std::vector<int64_t> info = int_values(contiguous(reshape(f.infos, {-1})));
      for (size_t i = 0; i < info.size() && failed < 0; ++i)
        if (info[i] > 0) failed = static_cast<int64_t>(i);
    }
    if (failed < 0 && linalg_util::computes(x)) kernels::lu_solve.get(A.device())(f.lu, f.pivots, x, true);
  } else {
    Tensor lu = empty_strided(lu_shape, matrix_strides(lu_shape, true), d, A.device());
    copy_(lu, expand(A, lu_shape));
    if (!A.device().is_meta()) failed = kernels::solve.get(A.device())(lu, x);
  }
  if (failed >= 0) {
    const std::string where =
        A.dim() == 2 ? "" : ": (Batch element " + std::to_string(failed) + ")";
    throw LinAlgError("torch.linalg.solve" + where +
                      ": The solver failed because the input matrix is singular.");
  }

  // The result in PyTorch's layout: B's broadcast shape, column-major last dims when left.
  // PyTorch returns a complex X A = B solution as a conjugate view of the solved X^H.
  Tensor solved = left ? x : (complex ? conj_view(mT(x)) : mT(x));
  Shape out_shape = solved.sizes();
  if (vector_case) {
    out_shape.pop_back();
    solved = squeeze(solved, -1);
  }
  // x is fresh and already in that layout (its transpose when !left): returned as it is, not copied.
  if (solved.strides() == matrix_strides(out_shape, left)) return solved;
  Tensor out = empty_strided(out_shape, matrix_strides(out_shape, left), d, A.device());
  copy_(out, solved);
  return out;
}

}  // namespace tsh
