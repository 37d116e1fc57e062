// engine/ops/matmul.cpp — checks, shapes and dtypes of the matrix products; the kernels are in engine/kernels/linalg.h.
//
// The order of the checks is PyTorch 2.x's, so the first error a user sees is
// PyTorch's: dims, then shapes, then dtypes, then (after the shortcuts for
// empty results and empty sums, which succeed for any dtype) the dtype
// dispatch that refuses bool.
#include "engine/ops/matmul.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {


std::string S(int64_t v) { return std::to_string(v); }

// PyTorch's dispatch error for a dtype its kernel was not built for.
// The backend's matrix-product kernels: addmm for mm/bmm/matmul, addmv for mv.
const kernels::Check& addmm_check() {
  static const kernels::Check check("addmm");
  return check;
}
const kernels::Check& addmv_check() {
  static const kernels::Check check("addmv");
  return check;
}

// A typed data_ptr<T>() on a tensor of another dtype, as PyTorch's kernels report it.
void check_scalar_type(DType expected, DType found) {
  TSH_CHECK(expected == found, RuntimeError,
            std::string("expected scalar type ") + scalar_type_name(expected) + " but found " +
                scalar_type_name(found));
}

void check_same_device(const Tensor& a, const Tensor& b) {
  TSH_CHECK(a.device() == b.device(), RuntimeError,
            device_mismatch(a.device(), b.device()));
}

// dot's checks: 1-d operands, one dtype, one length.
void dot_check(const Tensor& a, const Tensor& b) {
  TSH_CHECK(a.dim() == 1 && b.dim() == 1, RuntimeError,
            "1D tensors expected, but got " + S(a.dim()) + "D and " + S(b.dim()) + "D tensors");
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError,
            std::string("dot : expected both vectors to have same dtype, but found ") +
                scalar_type_name(a.dtype()) + " and " + scalar_type_name(b.dtype()));
  TSH_CHECK(a.numel() == b.numel(), RuntimeError,
            "inconsistent tensor size, expected tensor [" + S(a.numel()) + "] and src [" +
                S(b.numel()) + "] to have the same number of elements, but got " + S(a.numel()) +
                " and " + S(b.numel()) + " elements respectively");
  check_same_device(a, b);
}

// Whether matmul folds the batch dims of its larger operand into the rows of
// one mm/mv: when one side has >= 3 dims and the other <= 2, the smaller one
// is not a matrix on the left, and the fold is a view (PyTorch's should_fold,
// without autograd).
bool should_fold(const Tensor& a, const Tensor& b) {
  const bool a_larger = a.dim() >= b.dim();
  const Tensor big = a_larger ? a : mT(b);
  const int64_t small_dim = a_larger ? b.dim() : a.dim();
  if (!(big.dim() >= 3 && small_dim <= 2)) return false;
  if (a.dim() == 2) return false;  // folding would need a transposed copy of the result
  if (big.numel() == 0) return true;
  for (int64_t i = 0; i + 2 < big.dim(); ++i)
    if (big.stride(i) != big.stride(i + 1) * big.size(i + 1)) return false;
  return true;
}

}  // namespace

Tensor mm(const Tensor& self, const Tensor& mat2) {
  TSH_CHECK(self.dim() == 2, RuntimeError, "mm: self must be a matrix, got " + S(self.dim()) + "-D tensor");
  TSH_CHECK(mat2.dim() == 2, RuntimeError, "mm: mat2 must be a matrix, got " + S(mat2.dim()) + "-D tensor");
  TSH_CHECK(self.size(1) == mat2.size(0), RuntimeError,
            "mm: mat1 and mat2 shapes cannot be multiplied (" + S(self.size(0)) + "x" +
                S(self.size(1)) + " and " + S(mat2.size(0)) + "x" + S(mat2.size(1)) + ")");
  check_same_device(self, mat2);
  TSH_CHECK(self.dtype() == mat2.dtype(), RuntimeError,
            std::string("expected m1 and m2 to have the same dtype, but got: ") +
                typemeta_name(self.dtype()) + " != " + typemeta_name(mat2.dtype()));
  Tensor out = empty({self.size(0), mat2.size(1)}, self.dtype(), self.device());
  if (out.numel() == 0) return out;
  if (self.size(1) == 0) return zero_(out), out;  // an empty sum
  addmm_check().require(self.device(), self.dtype());
  kernels::mm.get(out.device())(out, self, mat2);
  return out;
}

Tensor mv(const Tensor& self, const Tensor& vec) {
  // PyTorch sizes the output from self.size(0) before it looks at dims.
  TSH_CHECK(self.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
  const int64_t rows = self.size(0);
  TSH_CHECK(self.dim() == 2 && vec.dim() == 1, RuntimeError,
            "vector + matrix @ vector expected, got 1, " + S(self.dim()) + ", " + S(vec.dim()));
  TSH_CHECK(self.size(1) == vec.size(0), RuntimeError,
            "size mismatch, got input (" + S(rows) + "), mat (" + S(rows) + "x" + S(self.size(1)) +
                "), vec (" + S(vec.size(0)) + ")");
  check_same_device(self, vec);
  // PyTorch 2.x checks the dtypes before it looks at sizes: an empty product of mixed dtypes is an error too.
  TSH_CHECK(self.dtype() == vec.dtype(), RuntimeError,
            std::string("addmv input tensors must have the same dtype, but got ") + scalar_type_name(vec.dtype()) +
                ", " + scalar_type_name(self.dtype()) + ", and " + scalar_type_name(vec.dtype()));
  Tensor out = empty({rows}, vec.dtype(), vec.device());
  if (self.numel() == 0) return zero_(out), out;
  addmv_check().require(self.device(), self.dtype());
  kernels::mv.get(out.device())(out, self, vec);
  return out;
}

Tensor bmm(const Tensor& self, const Tensor& mat2) {
  TSH_CHECK(self.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
  TSH_CHECK(mat2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
  const int64_t bs = self.size(0), n = self.size(1), k = self.size(2), m = mat2.size(2);
  TSH_CHECK(mat2.size(0) == bs && mat2.size(1) == k, RuntimeError,
            "Expected size for first two dimensions of batch2 tensor to be: [" + S(bs) + ", " +
                S(k) + "] but got: [" + S(mat2.size(0)) + ", " + S(mat2.size(1)) + "].");
  check_same_device(self, mat2);
  Tensor out = empty({bs, n, m}, mat2.dtype(), mat2.device());
  if (out.numel() == 0) return out;
  if (k == 0) return zero_(out), out;
  if (k * n * m < 400) {  // PyTorch's small-product loop, dispatched on batch1's dtype
    static const kernels::Check small_bmm("bmm/small");
    small_bmm.require(self.device(), self.dtype());
    check_scalar_type(self.dtype(), mat2.dtype());
  } else {  // one addmm per batch element
    TSH_CHECK(self.dtype() == mat2.dtype(), RuntimeError,
              std::string("expected m1 and m2 to have the same dtype, but got: ") +
                  typemeta_name(self.dtype()) + " != " + typemeta_name(mat2.dtype()));
    addmm_check().require(self.device(), self.dtype());
  }
  kernels::bmm.get(out.device())(out, self, mat2);
  return out;
}

Tensor dot(const Tensor& self, const Tensor& other) {
  dot_check(self, other);
  static const kernels::Check dot_check("dot");
  dot_check.require(self.device(), self.dtype());
  Tensor out = empty({}, self.dtype(), self.device());
  kernels::dot.get(out.device())(out, self, other, false);
  return out;
}

Tensor vdot(const Tensor& self, const Tensor& other) {
  if (!is_complex(self.dtype())) return dot(self, other);
  dot_check(self, other);
  Tensor out = empty({}, self.dtype(), self.device());
  kernels::dot.get(out.device())(out, self, other, true);
  return out;
}

Tensor outer(const Tensor& self, const Tensor& vec2) {
  TSH_CHECK(self.dim() == 1, RuntimeError,
            "outer: Expected 1-D argument self, but got " + S(self.dim()) + "-D");
  TSH_CHECK(vec2.dim() == 1, RuntimeError,
            "outer: Expected 1-D argument vec2, but got " + S(vec2.dim()) + "-D");
  return mul(reshape(self, {self.size(0), 1}), vec2);
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  const int64_t da = a.dim(), db = b.dim();
  TSH_CHECK(da != 0 && db != 0, RuntimeError,
            "both arguments to matmul need to be at least 1D, but they are " + S(da) + "D and " +
                S(db) + "D");
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return mv(a, b);
  if (da == 1 && db == 2) return squeeze(mm(unsqueeze(a, 0), b), 0);
  if (da == 2 && db == 2) return mm(a, b);

  if (should_fold(a, b)) {
    // Fold the larger operand's batch dims into rows: (..., n, k) -> (N, k).
    // When the larger operand is on the right, work with the transposed product.
    const bool transpose = db > da;
    const Tensor t1 = transpose ? mT(b) : a;
    const Tensor t2 = !transpose ? b : (da == 2 ? t(a) : a);
    Shape out_shape(t1.sizes().begin(), t1.sizes().end() - 1);
    int64_t rows = 1;
    for (int64_t s : out_shape) rows *= s;
    const Tensor folded = reshape(t1, {rows, t1.size(-1)});
    if (t2.dim() == 2) {
      out_shape.push_back(t2.size(1));
      Tensor out = view(mm(folded, t2), out_shape);
      return transpose ? contiguous(mT(out)) : out;
    }
    return view(mv(folded, t2), out_shape);
  }

  // Batched: broadcast the batch dims, flatten them, one bmm.
  const int64_t n = da > 1 ? a.size(-2) : 1, k1 = a.size(-1);
  const int64_t k2 = db > 1 ? b.size(-2) : b.size(0), p = db > 1 ? b.size(-1) : 1;
  const Shape batch_a(a.sizes().begin(), a.sizes().end() - std::min<int64_t>(da, 2));
  const Shape batch_b(b.sizes().begin(), b.sizes().end() - std::min<int64_t>(db, 2));
  Shape out_shape = broadcast_shapes(batch_a, batch_b);
  int64_t batches = 1;
  for (int64_t s : out_shape) batches *= s;
  Shape a_size = out_shape, b_size = out_shape;
  a_size.insert(a_size.end(), {n, k1});
  if (db == 1) b_size.push_back(k2); else b_size.insert(b_size.end(), {k2, p});
  const Tensor a3 = reshape(expand(a, a_size), {batches, n, k1});
  const Tensor b3 = db == 1 ? unsqueeze(reshape(expand(b, b_size), {batches, k2}), 2)
                            : reshape(expand(b, b_size), {batches, k2, p});
  if (da > 1) out_shape.push_back(n);
  if (db > 1) out_shape.push_back(p);
  Tensor prod = bmm(a3, b3);
  return view(db == 1 ? squeeze(prod, -1) : prod, out_shape);
}

}  // namespace tsh
