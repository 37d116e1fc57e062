// tests/unit/engine/test_rnn.cpp — an LSTM's recurrence: the CPU kernels (one pass per step, a
// whole layer per call) against the composed path backends without them run.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "engine/cpu/math_library.h"
#include "engine/kernels/rnn.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/random.h"
#include "engine/ops/rnn.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

// Runs f with the CPU's LSTM kernels taken out of their slots (the composed path), then puts them back.
template <typename F> auto composed(F&& f) {
  const auto cell = kernels::lstm_cell.held(DeviceType::CPU);
  const auto layer = kernels::lstm_layer.held(DeviceType::CPU);
  kernels::lstm_cell.set(DeviceType::CPU, nullptr);
  kernels::lstm_layer.set(DeviceType::CPU, nullptr);
  auto r = f();
  kernels::lstm_cell.set(DeviceType::CPU, cell);
  kernels::lstm_layer.set(DeviceType::CPU, layer);
  return r;
}

std::vector<double> values(const Tensor& t) { return host_values<double>(contiguous(to(t, DType::Float64, std::nullopt))); }

// Bit for bit, or (tolerance > 0) within tolerance · (1 + |a|).
bool same(const Tensor& a, const Tensor& b, double tolerance = 0) {
  if (a.sizes() != b.sizes() || a.dtype() != b.dtype()) return false;
  const std::vector<double> x = values(a), y = values(b);
  for (size_t i = 0; i < x.size(); ++i)
    if (tolerance == 0 ? x[i] != y[i] : std::fabs(x[i] - y[i]) > tolerance * (1 + std::fabs(x[i]))) return false;
  return true;
}

struct Size {
  int64_t B, H;
};
// H = 256: whole SIMD blocks; 20 and 7: rows with scalar tails; B = 1: a single row.
const std::vector<Size> kSizes = {{32, 256}, {5, 20}, {1, 7}, {3, 1}};

}  // namespace

TEST_CASE("lstm_pointwise: the CPU kernel gives the composed path's bits") {
  for (DType d : {DType::Float32, DType::Float64})
    for (const Size& s : kSizes) {
      INFO(dtype_name(d) << " B " << s.B << " H " << s.H);
      const Tensor gates = mul(randn({s.B, 4 * s.H}, d), 3.0);  // past sigmoid's and tanh's flat parts
      const Tensor c = randn({s.B, s.H}, d);
      const auto fast = lstm_pointwise(gates, c);
      const auto slow = composed([&] { return lstm_pointwise(gates, c); });
      CHECK(same(fast.first, slow.first));
      CHECK(same(fast.second, slow.second));
      // rows of gates at any distance apart; gates strided along their last dim (the composed path)
      const Tensor rows = narrow(randn({s.B, 6 * s.H}, d), 1, s.H, 4 * s.H);
      CHECK(same(lstm_pointwise(rows, c).first, composed([&] { return lstm_pointwise(rows, c); }).first));
      const Tensor wide = randn({s.B, 8 * s.H}, d);
      const Tensor strided = slice(wide, 1, 0, 8 * s.H, 2);
      CHECK(same(lstm_pointwise(strided, c).first, composed([&] { return lstm_pointwise(strided, c); }).first));
    }
}

TEST_CASE("lstm_layer: the CPU kernel gives the composed path's steps, forwards and reversed") {
  // MKL's packed product may round a step's sums differently from addmm's gemm; OpenBLAS's is the same call
  const double tolerance = cpu::mathlib().mkl ? 1e-5 : 0;
  for (DType d : {DType::Float32, DType::Float64})
    for (const Size& s : kSizes)
      for (bool reverse : {false, true}) {
        INFO(dtype_name(d) << " B " << s.B << " H " << s.H << (reverse ? " reversed" : ""));
        const int64_t T = 6;
        const Tensor projected = randn({T, s.B, 4 * s.H}, d);
        const Tensor h0 = randn({s.B, s.H}, d), c0 = randn({s.B, s.H}, d);
        const Tensor w = mul(randn({4 * s.H, s.H}, d), 0.3);
        const LstmLayerResult fast = lstm_layer(projected, h0, c0, w, reverse);
        const LstmLayerResult slow = composed([&] { return lstm_layer(projected, h0, c0, w, reverse); });
        CHECK(same(fast.output, slow.output, tolerance));
        CHECK(same(fast.h, slow.h, tolerance));
        CHECK(same(fast.c, slow.c, tolerance));
        CHECK(same(fast.h, select(fast.output, 0, reverse ? 0 : T - 1)));
        CHECK(same(c0, clone(c0)));  // the states given are not written
        // consumed projections (the caller's scratch): the same steps, computed in place
        const Tensor scratch = clone(projected);
        const LstmLayerResult inplace = lstm_layer(scratch, h0, c0, w, reverse, true);
        CHECK(same(inplace.output, fast.output));
        CHECK(same(inplace.c, fast.c));
      }
}

TEST_CASE("lstm_layer: empty sequences and bad shapes") {
  const Tensor h0 = zeros({2, 3}, DType::Float32), c0 = ones({2, 3}, DType::Float32);
  const LstmLayerResult r = lstm_layer(empty({0, 2, 12}, DType::Float32), h0, c0, zeros({12, 3}, DType::Float32), false);
  CHECK(r.output.sizes() == Shape{0, 2, 3});
  CHECK(same(r.c, c0));
  CHECK_THROWS_WITH(lstm_layer(empty({4, 2, 10}, DType::Float32), h0, c0, zeros({12, 3}, DType::Float32), false),
                    Catch::Contains("(T, B, 4H)"));
  CHECK_THROWS_WITH(lstm_layer(empty({4, 2, 12}, DType::Float64), h0, c0, zeros({12, 3}, DType::Float32), false),
                    Catch::Contains("dtype and device"));
}
