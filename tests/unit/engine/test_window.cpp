// tests/unit/engine/test_window.cpp — im2col, col2im and max pooling: the CPU kernels against the
// composed path (views, copies, reductions) that backends without these kernels run.
#include <catch2/catch.hpp>

#include <vector>

#include "engine/kernels/window.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/random.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"
#include "engine/ops/window.h"

using namespace tsh;

namespace {

// Runs f with the CPU's window kernels taken out of their slots (the composed path), then puts them back.
template <typename F> auto composed(F&& f) {
  const auto i2c = kernels::im2col.held(DeviceType::CPU);
  const auto c2i = kernels::col2im.held(DeviceType::CPU);
  const auto mp = kernels::max_pool2d.held(DeviceType::CPU);
  const auto mpb = kernels::max_pool2d_backward.held(DeviceType::CPU);
  kernels::im2col.set(DeviceType::CPU, nullptr);
  kernels::col2im.set(DeviceType::CPU, nullptr);
  kernels::max_pool2d.set(DeviceType::CPU, nullptr);
  kernels::max_pool2d_backward.set(DeviceType::CPU, nullptr);
  auto r = f();
  kernels::im2col.set(DeviceType::CPU, i2c);
  kernels::col2im.set(DeviceType::CPU, c2i);
  kernels::max_pool2d.set(DeviceType::CPU, mp);
  kernels::max_pool2d_backward.set(DeviceType::CPU, mpb);
  return r;
}

bool same(const Tensor& a, const Tensor& b) {
  if (a.sizes() != b.sizes()) return false;
  const std::vector<double> x = host_values<double>(contiguous(to(a, DType::Float64, std::nullopt)));
  const std::vector<double> y = host_values<double>(contiguous(to(b, DType::Float64, std::nullopt)));
  return x == y;
}

struct Geometry {
  Pair kernel, dilation, padding, stride;
};

const std::vector<Geometry> kGeometries = {
    {{3, 3}, {1, 1}, {0, 0}, {1, 1}}, {{3, 3}, {1, 1}, {1, 1}, {1, 1}}, {{2, 3}, {2, 1}, {1, 2}, {2, 3}},
    {{5, 5}, {1, 1}, {2, 2}, {1, 1}}, {{1, 1}, {1, 1}, {0, 0}, {2, 2}}, {{3, 2}, {1, 3}, {0, 1}, {3, 1}},
};

}  // namespace

TEST_CASE("im2col and col2im: the CPU kernels give the composed path's values in every geometry") {
  const Tensor x = randn({2, 3, 7, 8}, DType::Float32);
  for (const Geometry& g : kGeometries) {
    INFO("kernel " << g.kernel[0] << "x" << g.kernel[1] << " stride " << g.stride[0] << "," << g.stride[1]);
    const Tensor fast = im2col(x, g.kernel, g.dilation, g.padding, g.stride);
    const Tensor slow = composed([&] { return im2col(x, g.kernel, g.dilation, g.padding, g.stride); });
    CHECK(same(fast, slow));
    // col2im reads any layout whose last dim is contiguous
    const Tensor outer = transpose(contiguous(transpose(fast, 0, 1)), 0, 1);
    // col2im sums overlapping windows: both ways the same sums, in the same order
    const Tensor back = col2im(fast, {7, 8}, g.kernel, g.dilation, g.padding, g.stride);
    const Tensor back_slow = composed([&] { return col2im(fast, {7, 8}, g.kernel, g.dilation, g.padding, g.stride); });
    CHECK(same(back, back_slow));
    CHECK(same(col2im(outer, {7, 8}, g.kernel, g.dilation, g.padding, g.stride), back));
  }
  // unbatched input, and the adjoint identity <im2col(x), c> == <x, col2im(c)> in float64
  const Tensor xd = randn({3, 6, 6}, DType::Float64);
  const Tensor cols = im2col(xd, {3, 3}, {1, 1}, {1, 1}, {2, 2});
  const Tensor c = randn(cols.sizes(), DType::Float64);
  const double lhs = item(sum(mul(cols, c))).to_double();
  const double rhs = item(sum(mul(xd, col2im(c, {6, 6}, {3, 3}, {1, 1}, {1, 1}, {2, 2})))).to_double();
  CHECK(lhs == Approx(rhs).epsilon(1e-12));
}

TEST_CASE("max_pool2d_with_indices: the CPU kernel gives the composed path's maxima and indices") {
  const Tensor x = randn({2, 3, 9, 8}, DType::Float32);
  for (const bool ceil_mode : {false, true})
  for (const Geometry& g : kGeometries) {
    if (g.padding[0] * 2 > g.kernel[0] || g.padding[1] * 2 > g.kernel[1]) continue;  // pooling's own limit
    INFO("ceil_mode " << ceil_mode << ", kernel " << g.kernel[0] << "x" << g.kernel[1]);
    Pair out{};
    for (int d = 0; d < 2; ++d) {
      // ceil_mode: the last window may start in the right padding (not past it), as PyTorch counts
      const int64_t span = x.size(2 + d) + 2 * g.padding[d] - g.dilation[d] * (g.kernel[d] - 1) - 1;
      out[d] = (span + (ceil_mode ? g.stride[d] - 1 : 0)) / g.stride[d] + 1;
      if (ceil_mode && (out[d] - 1) * g.stride[d] >= x.size(2 + d) + g.padding[d]) --out[d];
    }
    auto [v, i] = max_pool2d_with_indices(x, g.kernel, g.stride, g.padding, g.dilation, out);
    auto [sv, si] = composed([&] { return max_pool2d_with_indices(x, g.kernel, g.stride, g.padding, g.dilation, out); });
    CHECK(same(v, sv));
    CHECK(same(i, si));
    const Tensor grad = randn(v.sizes(), DType::Float32);
    CHECK(same(max_pool2d_backward(grad, x.sizes(), i), composed([&] { return max_pool2d_backward(grad, x.sizes(), i); })));
  }
}
