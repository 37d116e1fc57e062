// engine/ops/distance.cpp — torch.cdist, as PyTorch computes it.
//
// The matrix-product path (_euclidean_dist) is composed of engine ops: |a|^2 - 2ab + |b|^2 as one
// matmul of padded operands, clamped at 0, square-rooted. The direct path is PyTorch's scalar
// loop (DistanceOpsKernel.cpp's run_parallel_cdist), one accumulation per pair of rows in the
// element type, on values brought to the host and back: a ^ p and the final root are std::pow's,
// which no elementwise kernel reproduces bit for bit.
#include "engine/ops/distance.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/join.h"
#include "engine/ops/matmul.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

bool uses_mm(double p, int64_t mode, int64_t r1, int64_t r2) { return p == 2 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25))); }

// PyTorch's _euclidean_dist.
Tensor euclidean_dist(const Tensor& x1, const Tensor& x2) {
  const Tensor x1_norm = sum(pow(x1, Scalar(int64_t{2})), std::vector<int64_t>{-1}, true);
  const Tensor x1_pad = ones_like(x1_norm);
  const Tensor x2_norm = sum(pow(x2, Scalar(int64_t{2})), std::vector<int64_t>{-1}, true);
  const Tensor x2_pad = ones_like(x2_norm);
  const Tensor a = cat({mul(x1, Scalar(int64_t{-2})), x1_norm, x1_pad}, -1);
  const Tensor b = cat({x2, x2_pad, x2_norm}, -1);
  Tensor result = matmul(a, transpose(b, -2, -1));
  clamp_min(result, Scalar(int64_t{0}), Dest::inplace(result));
  sqrt(result, Dest::inplace(result));
  return result;
}

// One batch of [d, r1, m] and [d, r2, m] contiguous values into [d, r1, r2], PyTorch's loop.
template <typename T>
std::vector<T> pairwise(const std::vector<T>& a, const std::vector<T>& b, int64_t d, int64_t r1, int64_t r2, int64_t m,
                        T p) {
  std::vector<T> out(static_cast<size_t>(d * r1 * r2));
  size_t k = 0;
  for (int64_t l = 0; l < d; ++l)
    for (int64_t i = 0; i < r1; ++i)
      for (int64_t j = 0; j < r2; ++j, ++k) {
        const T* x = a.data() + (l * r1 + i) * m;
        const T* y = b.data() + (l * r2 + j) * m;
        T agg = 0;
        if (p == 0) {
          for (int64_t c = 0; c < m; ++c) agg = agg + std::min(static_cast<T>(std::ceil(std::abs(x[c] - y[c]))), T(1));
        } else if (p == 1) {
          for (int64_t c = 0; c < m; ++c) agg = agg + std::abs(x[c] - y[c]);
        } else if (p == 2) {
          for (int64_t c = 0; c < m; ++c) {
            const T diff = std::abs(x[c] - y[c]);
            agg = agg + diff * diff;
          }
          agg = std::sqrt(agg);
        } else if (std::isinf(p)) {
          for (int64_t c = 0; c < m; ++c) agg = std::max(agg, static_cast<T>(std::abs(x[c] - y[c])));
        } else {
          for (int64_t c = 0; c < m; ++c) agg = agg + static_cast<T>(std::pow(std::abs(x[c] - y[c]), p));
          agg = static_cast<T>(std::pow(agg, 1.0 / p));
        }
        out[k] = agg;
      }
  return out;
}

}  // namespace

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, int64_t mode) {
  TSH_CHECK(x1.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X1 got: " + std::to_string(x1.dim()) + "D");
  TSH_CHECK(x2.dim() >= 2, RuntimeError, "cdist only supports at least 2D tensors, X2 got: " + std::to_string(x2.dim()) + "D");
  const int64_t c1 = x1.size(-1), c2 = x2.size(-1);
  TSH_CHECK(c1 == c2, RuntimeError,
            "X1 and X2 must have the same number of columns. X1: " + std::to_string(c1) + " X2: " + std::to_string(c2));
  TSH_CHECK(is_floating(x1.dtype()), RuntimeError,
            std::string("cdist only supports floating-point dtypes, X1 got: ") + scalar_type_name(x1.dtype()));
  TSH_CHECK(is_floating(x2.dtype()), RuntimeError,
            std::string("cdist only supports floating-point dtypes, X2 got: ") + scalar_type_name(x2.dtype()));
  TSH_CHECK(p >= 0, RuntimeError, "cdist only supports non-negative p values");
  TSH_CHECK(x1.device().type == x2.device().type, RuntimeError,
            std::string("X1 and X2 must have the same device type. X1: ") + x1.device().str() + " X2: " + x2.device().str());
  TSH_CHECK(mode >= 0 && mode <= 2, RuntimeError, "possible modes: 0, 1, 2, but was: " + std::to_string(mode));
  const int64_t r1 = x1.size(-2), r2 = x2.size(-2);

  const Shape batch1(x1.sizes().begin(), x1.sizes().end() - 2);
  const Shape batch2(x2.sizes().begin(), x2.sizes().end() - 2);
  Shape batch = broadcast_shapes(batch1, batch2);
  int64_t d = 1;
  for (int64_t n : batch) d *= n;
  Shape size1 = batch, size2 = batch, out_shape = batch;
  size1.insert(size1.end(), {r1, c1});
  size2.insert(size2.end(), {r2, c2});
  out_shape.insert(out_shape.end(), {r1, r2});

  if (r1 == 0 || r2 == 0 || d == 0) return empty(out_shape, x1.dtype(), x1.device());
  if (c1 == 0) return zeros(out_shape, x1.dtype(), x1.device());
  if (uses_mm(p, mode, r1, r2)) {
    if (x1.device().is_meta()) return empty(out_shape, x1.dtype(), x1.device());
    const Tensor dist = d == 1 ? euclidean_dist(x1, x2) : euclidean_dist(expand(x1, size1), expand(x2, size2));
    return reshape(dist, out_shape);
  }
  const Tensor a = reshape(expand(x1, size1), {d, r1, c1});
  const Tensor b = reshape(expand(x2, size2), {d, r2, c2});
  const DType t = x1.dtype();
  TSH_CHECK(t == DType::Float32 || t == DType::Float64, NotImplementedError,
            std::string("\"cdist\" not implemented for '") + scalar_type_name(t) + "'");
  TSH_CHECK(x2.dtype() == t, RuntimeError,
            std::string("expected scalar type ") + scalar_type_name(t) + " but found " + scalar_type_name(x2.dtype()));
  if (x1.device().is_meta()) return empty(out_shape, t, x1.device());
  if (t == DType::Float32)
    return tensor_of(pairwise(host_values<float>(a), host_values<float>(b), d, r1, r2, c1, static_cast<float>(p)),
                     out_shape, t, x1.device());
  return tensor_of(pairwise(host_values<double>(a), host_values<double>(b), d, r1, r2, c1, p), out_shape, t, x1.device());
}

}  // namespace tsh
