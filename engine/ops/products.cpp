// engine/ops/products.cpp — addmm and its family, inner, tensordot, kron, cross, block_diag,
// chain_matmul and einsum, composed from the matrix products (matmul.h) and elementwise ops.
#include "engine/ops/products.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/linalg.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/join.h"
#include "engine/ops/matmul.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

std::string S(int64_t v) { return std::to_string(v); }

// alpha or beta as the kernel reads it in dtype d: integers truncate.
Scalar in_dtype(const Scalar& s, DType d) {
  if (is_integral(d, false)) return Scalar(s.to_int());
  if (d == DType::Bool) return Scalar(s.to_complex() != std::complex<double>(0, 0));
  return s;
}

bool is_zero(const Scalar& s) { return s.to_complex() == std::complex<double>(0, 0); }
bool is_one(const Scalar& s) { return s.to_complex() == std::complex<double>(1, 0); }

// beta·input + alpha·product in the product's dtype; input is broadcast to the product's shape.
Tensor combine(const Tensor& input, const Tensor& product, const Scalar& beta, const Scalar& alpha) {
  const DType d = product.dtype();
  const Tensor in = expand(input, product.sizes());
  const Scalar b = in_dtype(beta, d), a = in_dtype(alpha, d);
  if (d == DType::Bool) {
    // Truth values: (beta and input) or (alpha and product).
    Tensor p = is_zero(a) ? zeros(product.sizes(), d, product.device()) : product;
    return is_zero(b) ? contiguous(p) : bitwise_or(in, p);
  }
  Tensor scaled = is_zero(a) ? zeros(product.sizes(), d, product.device())
                             : is_one(a) ? product : mul(product, Operand(a));
  if (is_zero(b)) return scaled.is_same(product) ? product : scaled;
  const Tensor term = is_one(b) ? in : mul(in, Operand(b));
  return add(term, scaled);
}

void check_product_dtypes(const Tensor& input, const Tensor& m1, const Tensor& m2) {
  TSH_CHECK(m1.dtype() == m2.dtype(), RuntimeError,
            std::string("mat1 and mat2 must have the same dtype, but got ") + scalar_type_name(m1.dtype()) + " and " +
                scalar_type_name(m2.dtype()));
  TSH_CHECK(input.dtype() == m2.dtype(), RuntimeError,
            std::string("self and mat2 must have the same dtype, but got ") + scalar_type_name(input.dtype()) +
                " and " + scalar_type_name(m2.dtype()));
}

void refuse_bool(const char* kernel, DType d) {
  TSH_CHECK(d != DType::Bool, NotImplementedError,
            std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(d) + "'");
}

}  // namespace

Tensor addmm(const Tensor& input, const Tensor& m1, const Tensor& m2, const Scalar& beta, const Scalar& alpha) {
  // PyTorch 2.x calls mat1 "self" here.
  TSH_CHECK(m1.dim() == 2, RuntimeError, "addmm: self must be a matrix, got " + S(m1.dim()) + "-D tensor");
  TSH_CHECK(m2.dim() == 2, RuntimeError, "addmm: mat2 must be a matrix, got " + S(m2.dim()) + "-D tensor");
  TSH_CHECK(m1.sizes()[1] == m2.sizes()[0], RuntimeError,
            "addmm: mat1 and mat2 shapes cannot be multiplied (" + S(m1.sizes()[0]) + "x" + S(m1.sizes()[1]) + " and " +
                S(m2.sizes()[0]) + "x" + S(m2.sizes()[1]) + ")");
  check_product_dtypes(input, m1, m2);
  const Tensor in = expand(input, {m1.sizes()[0], m2.sizes()[1]});
  refuse_bool("addmm_impl_cpu_", m1.dtype());
  const DType d = m1.dtype();
  const bool floating = is_floating(d) || is_complex(d);  // the dtypes the addmm kernel takes
  if (!floating || !kernels::addmm.has(m1.device().type) || m1.size(1) == 0 || in.numel() == 0 ||
      m1.device() != m2.device() || in.device() != m1.device())
    return combine(in, mm(m1, m2), beta, alpha);
  // PyTorch's order: the input copied into the result, then one gemm with beta, which BLAS may fuse
  // with the products.
  Tensor out = empty({m1.size(0), m2.size(1)}, d, m1.device());
  if (!is_zero(beta)) copy_(out, in);
  kernels::addmm.get(out.device())(out, m1, m2, beta, alpha);
  return out;
}

Tensor addmv(const Tensor& input, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  TSH_CHECK(mat.dim() == 2 && vec.dim() == 1 && input.dim() <= 1, RuntimeError,
            "vector + matrix @ vector expected, got " + S(input.dim()) + ", " + S(mat.dim()) + ", " + S(vec.dim()));
  const int64_t n = mat.sizes()[0];
  const bool input_ok = input.dim() == 0 ? true : (input.sizes()[0] == n || input.sizes()[0] == 1);
  TSH_CHECK(mat.sizes()[1] == vec.sizes()[0] && input_ok, RuntimeError,
            "size mismatch, got input (" + S(input.dim() == 0 ? 1 : input.sizes()[0]) + "), mat (" + S(n) + "x" +
                S(mat.sizes()[1]) + "), vec (" + S(vec.sizes()[0]) + ")");
  refuse_bool("addmv_impl_cpu", mat.dtype());
  TSH_CHECK(input.dtype() == mat.dtype() && mat.dtype() == vec.dtype(), RuntimeError,
            std::string("addmv input tensors must have the same dtype, but got ") + scalar_type_name(input.dtype()) +
                ", " + scalar_type_name(mat.dtype()) + ", and " + scalar_type_name(vec.dtype()));
  return combine(input, mv(mat, vec), beta, alpha);
}

Tensor addr(const Tensor& input, const Tensor& vec1, const Tensor& vec2, const Scalar& beta, const Scalar& alpha) {
  TSH_CHECK(vec1.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec1, but got " + S(vec1.dim()) + "-D");
  TSH_CHECK(vec2.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec2, but got " + S(vec2.dim()) + "-D");
  const DType d = result_type({Operand(input).promotion(), Operand(vec1).promotion(), Operand(vec2).promotion()});
  const Tensor in = expand(input, {vec1.sizes()[0], vec2.sizes()[0]});
  if (d == DType::Bool) {
    TSH_CHECK(beta.is_bool() || beta.is_int(), RuntimeError,
              "Boolean beta only supported for Boolean results.");
    TSH_CHECK(alpha.is_bool() || alpha.is_int(), RuntimeError,
              "Boolean alpha only supported for Boolean results.");
  } else if (is_integral(d, false)) {
    TSH_CHECK(!beta.is_float() && !beta.is_complex(), RuntimeError,
              "For integral input tensors, argument beta must not be a floating point number.");
    TSH_CHECK(!alpha.is_float() && !alpha.is_complex(), RuntimeError,
              "For integral input tensors, argument alpha must not be a floating point number.");
  }
  const Tensor product = outer(to(vec1, d, std::nullopt), to(vec2, d, std::nullopt));
  return combine(to(in, d, std::nullopt), product, beta, alpha);
}

Tensor baddbmm(const Tensor& input, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  // PyTorch broadcasts input to (batch1's first two sizes, batch2's last) before checking the batches.
  if (b1.dim() >= 2 && b2.dim() >= 1) expand(input, {b1.sizes()[0], b1.sizes()[1], b2.sizes().back()});
  TSH_CHECK(b1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
  TSH_CHECK(b2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
  const int64_t bs = b1.sizes()[0], n = b1.sizes()[1], k = b1.sizes()[2], m = b2.sizes()[2];
  TSH_CHECK(b2.sizes()[0] == bs, RuntimeError,
            "batch2 must be a 3D tensor of size [" + S(bs) + ", " + S(k) + ", " + S(m) + "] but got [" +
                S(b2.sizes()[0]) + ", " + S(b2.sizes()[1]) + ", " + S(m) + "]");
  TSH_CHECK(b2.sizes()[1] == k, RuntimeError,
            "Expected size for first two dimensions of batch2 tensor to be: [" + S(bs) + ", " + S(k) + "] but got: [" +
                S(b2.sizes()[0]) + ", " + S(b2.sizes()[1]) + "].");
  const Tensor in = expand(input, {bs, n, m});
  TSH_CHECK(input.dtype() == b1.dtype() && b1.dtype() == b2.dtype(), RuntimeError,
            std::string("Input dtypes must be the same, got: input ") + typemeta_name(input.dtype()) +
                ", batch1: " + typemeta_name(b1.dtype()) + ", batch2: " + typemeta_name(b2.dtype()));
  refuse_bool("bmm", b1.dtype());
  return combine(in, bmm(b1, b2), beta, alpha);
}

Tensor addbmm(const Tensor& input, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  if (b1.dim() >= 2 && b2.dim() >= 1) expand(input, {b1.sizes()[1], b2.sizes().back()});
  TSH_CHECK(b1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
  TSH_CHECK(b2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
  TSH_CHECK(b1.sizes()[0] == b2.sizes()[0], RuntimeError,
            "batch1 and batch2 must have same number of batches, got " + S(b1.sizes()[0]) + " and " +
                S(b2.sizes()[0]));
  TSH_CHECK(b1.sizes()[2] == b2.sizes()[1], RuntimeError,
            "Incompatible matrix sizes for bmm (" + S(b1.sizes()[1]) + "x" + S(b1.sizes()[2]) + " and " +
                S(b2.sizes()[1]) + "x" + S(b2.sizes()[2]) + ")");
  const Tensor in = expand(input, {b1.sizes()[1], b2.sizes()[2]});
  check_product_dtypes(input, b1, b2);
  refuse_bool("addmm_impl_cpu_", b1.dtype());
  // PyTorch adds the batches' products one by one into beta·input.
  Tensor acc = combine(in, zeros(in.sizes(), b1.dtype(), b1.device()), beta, Scalar(int64_t{0}));
  for (int64_t i = 0; i < b1.sizes()[0]; ++i)
    acc = combine(acc, mm(select(b1, 0, i), select(b2, 0, i)), Scalar(int64_t{1}), alpha);
  return acc;
}

Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dims_a,
                 const std::vector<int64_t>& dims_b) {
  TSH_CHECK(dims_a.size() == dims_b.size(), RuntimeError, "both dimension lists should have same length");
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError, "both inputs should have same dtype");
  std::vector<bool> used_a(a.dim(), false), used_b(b.dim(), false);
  std::vector<int64_t> ca, cb;
  int64_t k = 1;
  for (size_t i = 0; i < dims_a.size(); ++i) {
    const int64_t da = wrap_dim(dims_a[i], a.dim()), db = wrap_dim(dims_b[i], b.dim());
    TSH_CHECK(a.sizes()[da] == b.sizes()[db], RuntimeError,
              "contracted dimensions need to match, but first has size " + S(a.sizes()[da]) + " in dim " +
                  S(dims_a[i]) + " and second has size " + S(b.sizes()[db]) + " in dim " + S(dims_b[i]));
    TSH_CHECK(!used_a[da] && !used_b[db], RuntimeError, "a dimension was contracted twice in tensordot");
    used_a[da] = used_b[db] = true;
    ca.push_back(da);
    cb.push_back(db);
    k *= a.sizes()[da];
  }
  std::vector<int64_t> perm_a, perm_b, out_shape;
  int64_t fa = 1, fb = 1;
  for (int64_t d = 0; d < a.dim(); ++d)
    if (!used_a[d]) perm_a.push_back(d), out_shape.push_back(a.sizes()[d]), fa *= a.sizes()[d];
  perm_a.insert(perm_a.end(), ca.begin(), ca.end());
  perm_b = cb;
  for (int64_t d = 0; d < b.dim(); ++d)
    if (!used_b[d]) perm_b.push_back(d), out_shape.push_back(b.sizes()[d]), fb *= b.sizes()[d];
  const Tensor ma = reshape(permute(a, perm_a), {fa, k});
  const Tensor mb = reshape(permute(b, perm_b), {k, fb});
  return reshape(mm(ma, mb), out_shape);
}

Tensor tensordot(const Tensor& a, const Tensor& b, int64_t n) {
  TSH_CHECK(n >= 0, RuntimeError, "tensordot expects dims >= 0, but got dims=" + S(n));
  TSH_CHECK(n <= a.dim() && n <= b.dim(), RuntimeError,
            "tensordot expects dims < ndim_a or ndim_b, but got dims=" + S(n));
  std::vector<int64_t> da, db;
  for (int64_t i = 0; i < n; ++i) {
    da.push_back(i - n);
    db.push_back(i);
  }
  return tensordot(a, b, da, db);
}

Tensor inner(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0) return mul(a, b);
  TSH_CHECK(a.sizes().back() == b.sizes().back(), RuntimeError,
            "inner() the last dimension must match on both input tensors but got shapes " + shape_str(a.sizes()) +
                " and " + shape_str(b.sizes()));
  return tensordot(a, b, {-1}, {-1});
}

Tensor kron(const Tensor& a, const Tensor& b) {
  const int64_t nd = std::max(a.dim(), b.dim());
  Shape as(nd - a.dim(), 1), bs(nd - b.dim(), 1);
  as.insert(as.end(), a.sizes().begin(), a.sizes().end());
  bs.insert(bs.end(), b.sizes().begin(), b.sizes().end());
  // a's dims interleaved with ones, b's ones with its dims: the product broadcasts to (a0, b0, a1, b1, ...).
  Shape ai, bi, out;
  for (int64_t d = 0; d < nd; ++d) {
    ai.push_back(as[d]);
    ai.push_back(1);
    bi.push_back(1);
    bi.push_back(bs[d]);
    out.push_back(as[d] * bs[d]);
  }
  return reshape(mul(reshape(a, ai), reshape(b, bi)), out);
}

Tensor cross(const Tensor& a, const Tensor& b, std::optional<int64_t> dim) {
  TSH_CHECK(a.dim() == b.dim(), RuntimeError,
            "linalg.cross: inputs must have the same number of dimensions.");
  TSH_CHECK(a.dtype() == b.dtype(), RuntimeError,
            std::string("expected scalar type ") + scalar_type_name(a.dtype()) + " but found " +
                scalar_type_name(b.dtype()));
  const Shape shape = broadcast_shapes(a.sizes(), b.sizes());
  int64_t d;
  if (dim) {
    TSH_CHECK(!shape.empty(), IndexError, "Dimension specified as " + S(*dim) + " but tensor has no dimensions");
    d = wrap_dim(*dim, static_cast<int64_t>(shape.size()));
    TSH_CHECK(a.sizes()[d] == 3 && b.sizes()[d] == 3, RuntimeError,
              "linalg.cross: inputs dimension " + S(*dim) + " must have length 3. Got " + S(a.sizes()[d]) + " and " +
                  S(b.sizes()[d]));
  } else {
    // The deprecated default: the first dim of size 3 (of the broadcast shape).
    auto it = std::find(shape.begin(), shape.end(), int64_t{3});
    TSH_CHECK(it != shape.end(), RuntimeError, "no dimension of size 3 in input");
    d = it - shape.begin();
  }
  const Tensor x = expand(a, shape), y = expand(b, shape);
  auto c = [](const Tensor& t, int64_t d, int64_t i) { return select(t, d, i); };
  std::vector<Tensor> parts;
  for (int64_t i = 0; i < 3; ++i) {
    const int64_t j = (i + 1) % 3, k = (i + 2) % 3;
    parts.push_back(sub(mul(c(x, d, j), c(y, d, k)), mul(c(x, d, k), c(y, d, j))));
  }
  return stack(parts, d);
}

Tensor block_diag(const std::vector<Tensor>& tensors) {
  std::vector<Tensor> blocks;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    TSH_CHECK(t.dim() <= 2, RuntimeError,
              "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input " + S(static_cast<int64_t>(i)) +
                  " has " + S(t.dim()) + " dimensions");
    blocks.push_back(t.dim() == 2 ? t : reshape(t, {1, t.numel()}));
  }
  if (blocks.empty()) return zeros({1, 0}, default_dtype());
  DType d = blocks[0].dtype();
  for (const Tensor& t : blocks) d = promote_types(d, t.dtype());
  int64_t rows = 0, cols = 0;
  for (const Tensor& t : blocks) rows += t.sizes()[0], cols += t.sizes()[1];
  Tensor out = zeros({rows, cols}, d, blocks[0].device());
  int64_t r = 0, c = 0;
  for (const Tensor& t : blocks) {
    copy_(narrow(narrow(out, 0, r, t.sizes()[0]), 1, c, t.sizes()[1]), t);
    r += t.sizes()[0];
    c += t.sizes()[1];
  }
  return out;
}

Tensor chain_matmul(const std::vector<Tensor>& ms) {
  TSH_CHECK(!ms.empty(), RuntimeError, "chain_matmul(): Expected one or more matrices");
  for (size_t i = 0; i < ms.size(); ++i)
    TSH_CHECK(ms[i].dim() == 2, RuntimeError,
              "Tensor dimension is " + S(ms[i].dim()) + ", expected 2 instead.");
  if (ms.size() == 1) return clone(ms[0]);
  const size_t n = ms.size();
  for (size_t i = 0; i + 1 < n; ++i)
    TSH_CHECK(ms[i].sizes()[1] == ms[i + 1].sizes()[0], RuntimeError,
              "multi_dot(): tensors " + S(static_cast<int64_t>(i)) + " and " + S(static_cast<int64_t>(i + 1)) +
                  " with shapes " + shape_str(ms[i].sizes()) + " and " + shape_str(ms[i + 1].sizes()) +
                  " cannot be multiplied");
  // The classic matrix-chain order: cost[i][j] multiplications for ms[i..j], split[i][j] where it splits.
  std::vector<int64_t> p(n + 1);
  for (size_t i = 0; i < n; ++i) p[i] = ms[i].sizes()[0];
  p[n] = ms[n - 1].sizes()[1];
  std::vector<std::vector<int64_t>> cost(n, std::vector<int64_t>(n, 0)), split(n, std::vector<int64_t>(n, 0));
  for (size_t len = 1; len < n; ++len)
    for (size_t i = 0; i + len < n; ++i) {
      const size_t j = i + len;
      cost[i][j] = -1;
      for (size_t k = i; k < j; ++k) {
        const int64_t c = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
        if (cost[i][j] < 0 || c < cost[i][j]) cost[i][j] = c, split[i][j] = static_cast<int64_t>(k);
      }
    }
  std::function<Tensor(size_t, size_t)> product = [&](size_t i, size_t j) -> Tensor {
    if (i == j) return ms[i];
    const size_t k = static_cast<size_t>(split[i][j]);
    return mm(product(i, k), product(k + 1, j));
  };
  return product(0, n - 1);
}

}  // namespace tsh
