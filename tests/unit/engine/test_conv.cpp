// tests/unit/engine/test_conv.cpp — the direct 2-d convolution (oneDNN on the CPU) against a plain
// loop in float64: forward, the input's gradient and the weight's and bias's, over strides,
// paddings (asymmetric too), dilations and groups.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/ops/conv.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/random.h"

using namespace tsh;

namespace {

struct Case {
  int64_t n, c, h, w, o, kh, kw;
  kernels::Conv2d g;
};

std::vector<double> values(const Tensor& t) { return host_values<double>(contiguous(to(t, DType::Float64, std::nullopt))); }

int64_t out_size(int64_t size, int64_t k, int64_t d, int64_t before, int64_t after, int64_t s) {
  return (size + before + after - d * (k - 1) - 1) / s + 1;
}

// out[n][o][y][x] = b[o] + Σ in[n][c][y·s − p + i·d][x·s − p + j·d] · w[o][c − g·C/G][i][j]
struct Reference {
  std::vector<double> out, grad_in, grad_w, grad_b;
};

Reference reference(const Case& k, const std::vector<double>& in, const std::vector<double>& w,
                    const std::vector<double>& b, const std::vector<double>& gout, int64_t oh, int64_t ow) {
  const int64_t G = k.g.groups, cg = k.c / G, og = k.o / G;
  Reference r{std::vector<double>(k.n * k.o * oh * ow, 0.0), std::vector<double>(in.size(), 0.0),
              std::vector<double>(w.size(), 0.0), std::vector<double>(k.o, 0.0)};
  for (int64_t n = 0; n < k.n; ++n)
    for (int64_t o = 0; o < k.o; ++o)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x) {
          const int64_t at = ((n * k.o + o) * oh + y) * ow + x;
          double sum = b.empty() ? 0.0 : b[o];
          const double go = gout[at];
          if (!b.empty()) r.grad_b[o] += go;
          for (int64_t ci = 0; ci < cg; ++ci) {
            const int64_t c = (o / og) * cg + ci;
            for (int64_t i = 0; i < k.kh; ++i)
              for (int64_t j = 0; j < k.kw; ++j) {
                const int64_t yy = y * k.g.stride[0] - k.g.pad_before[0] + i * k.g.dilation[0];
                const int64_t xx = x * k.g.stride[1] - k.g.pad_before[1] + j * k.g.dilation[1];
                if (yy < 0 || yy >= k.h || xx < 0 || xx >= k.w) continue;
                const int64_t ai = ((n * k.c + c) * k.h + yy) * k.w + xx, wi = ((o * cg + ci) * k.kh + i) * k.kw + j;
                sum += in[ai] * w[wi];
                r.grad_in[ai] += go * w[wi];
                r.grad_w[wi] += go * in[ai];
              }
          }
          r.out[at] = sum;
        }
  return r;
}

// Within float32's rounding of sums of thousands of terms: 1e-5 of the largest value, plus 1e-4 of each.
bool close(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return false;
  double scale = 1;
  for (double v : b) scale = std::max(scale, std::fabs(v));
  for (size_t i = 0; i < a.size(); ++i)
    if (std::fabs(a[i] - b[i]) > 1e-5 * scale + 1e-4 * std::fabs(b[i])) return false;
  return true;
}

kernels::Conv2d geometry(int64_t s0, int64_t s1, int64_t pb0, int64_t pb1, int64_t pa0, int64_t pa1, int64_t d0,
                         int64_t d1, int64_t groups) {
  kernels::Conv2d g{};
  g.stride[0] = s0, g.stride[1] = s1, g.pad_before[0] = pb0, g.pad_before[1] = pb1;
  g.pad_after[0] = pa0, g.pad_after[1] = pa1, g.dilation[0] = d0, g.dilation[1] = d1, g.groups = groups;
  return g;
}

}  // namespace

TEST_CASE("conv2d_direct: forward and both gradients against a float64 loop") {
  const Tensor probe = empty({1}, DType::Float32);
  if (!conv2d_direct_takes(probe)) {
    WARN("no direct convolution in this build (oneDNN not found): nothing to check");
    return;
  }
  CHECK_FALSE(conv2d_direct_takes(empty({1}, DType::Float64)));
  const std::vector<Case> cases = {
      {2, 3, 7, 8, 4, 3, 3, geometry(1, 1, 0, 0, 0, 0, 1, 1, 1)},
      {2, 3, 7, 8, 4, 3, 2, geometry(2, 1, 1, 0, 1, 0, 1, 2, 1)},
      {1, 4, 9, 6, 6, 3, 3, geometry(1, 2, 2, 1, 2, 1, 2, 1, 2)},
      {3, 6, 5, 5, 6, 3, 3, geometry(1, 1, 1, 1, 1, 1, 1, 1, 6)},   // depthwise
      {2, 2, 6, 7, 3, 2, 2, geometry(1, 1, 0, 0, 1, 1, 1, 1, 1)},   // 'same' with an even kernel: more after
      {64, 6, 14, 14, 16, 5, 5, geometry(1, 1, 0, 0, 0, 0, 1, 1, 1)},  // LeNet's second layer
  };
  for (const Case& k : cases)
    for (const bool with_bias : {true, false}) {
      INFO("N " << k.n << " C " << k.c << " O " << k.o << " groups " << k.g.groups << " bias " << with_bias);
      const Tensor in = randn({k.n, k.c, k.h, k.w}, DType::Float32);
      const Tensor w = randn({k.o, k.c / k.g.groups, k.kh, k.kw}, DType::Float32);
      const Tensor b = with_bias ? randn({k.o}, DType::Float32) : Tensor();
      const int64_t oh = out_size(k.h, k.kh, k.g.dilation[0], k.g.pad_before[0], k.g.pad_after[0], k.g.stride[0]);
      const int64_t ow = out_size(k.w, k.kw, k.g.dilation[1], k.g.pad_before[1], k.g.pad_after[1], k.g.stride[1]);
      const Tensor gout = randn({k.n, k.o, oh, ow}, DType::Float32);
      const Reference r = reference(k, values(in), values(w), with_bias ? values(b) : std::vector<double>{}, values(gout),
                                    oh, ow);
      const Tensor out = conv2d_direct(in, w, b, k.g);
      CHECK(out.sizes() == Shape{k.n, k.o, oh, ow});
      CHECK(close(values(out), r.out));
      CHECK(close(values(conv2d_direct_backward_input(gout, w, in.sizes(), k.g)), r.grad_in));
      const auto [gw, gb] = conv2d_direct_backward_weight(in, gout, w.sizes(), with_bias, k.g);
      CHECK(close(values(gw), r.grad_w));
      if (with_bias) CHECK(close(values(gb), r.grad_b));
      else CHECK_FALSE(gb.defined());
    }
}
