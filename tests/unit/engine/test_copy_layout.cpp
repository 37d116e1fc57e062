// tests/unit/engine/test_copy_layout.cpp — copies between layouts: the tiled transposing copy
// (engine/cpu/copy.cpp, from 4096 elements) puts every element where the plain strided walk would.
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

// Element (multi-index idx) of x through its own strides, as a double.
double at(const Tensor& x, const std::vector<int64_t>& idx) {
  int64_t off = x.storage_offset();
  for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * x.strides()[d];
  Tensor e = as_strided(x, {}, {}, off);
  return to(e, DType::Float64, std::nullopt).data<double>()[0];
}

}  // namespace

TEST_CASE("permuted copies land every element in place, for every item size", "[copy]") {
  struct Case {
    std::vector<int64_t> shape, perm;
  };
  const std::vector<Case> cases = {
      {{37, 153}, {1, 0}},          {{64, 64}, {1, 0}},         {{1000, 9}, {1, 0}},
      {{5, 33, 47}, {2, 1, 0}},     {{5, 33, 47}, {0, 2, 1}},   {{33, 5, 47}, {1, 2, 0}},
      {{3, 4, 20, 30}, {3, 1, 2, 0}}, {{2, 40, 3, 50}, {0, 3, 2, 1}},
      {{300, 260}, {1, 0}},         {{2, 130, 140}, {0, 2, 1}}};  // whole tiles (up to 128 on a side) and parts
  for (DType dt : {DType::UInt8, DType::Int16, DType::Float32, DType::Float64, DType::Complex128}) {
    for (const Case& c : cases) {
      const int64_t n = std::accumulate(c.shape.begin(), c.shape.end(), int64_t{1}, std::multiplies<>());
      Tensor x = view(to(arange(Scalar(int64_t{0}), Scalar(n), Scalar(int64_t{1}), DType::Int64), dt, std::nullopt),
                      c.shape);
      Tensor p = permute(x, c.perm);
      Tensor y = contiguous(p);
      REQUIRE(y.is_contiguous());
      // Check every element against the permuted view, walking y's indices.
      std::vector<int64_t> idx(y.dim(), 0);
      const Tensor yd = to(y, DType::Float64, std::nullopt);
      const Tensor xd = to(x, DType::Float64, std::nullopt);
      const double* yv = yd.data<double>();
      const double* xv = xd.data<double>();
      int64_t bad = 0;
      for (int64_t k = 0; k < n; ++k) {
        int64_t src = 0;
        for (int64_t d = 0; d < y.dim(); ++d) src += idx[d] * p.strides()[d];
        if (yv[k] != xv[src]) ++bad;
        for (int64_t d = y.dim() - 1; d >= 0; --d) {
          if (++idx[d] < y.sizes()[d]) break;
          idx[d] = 0;
        }
      }
      INFO("dtype " << static_cast<int>(dt) << ", shape size " << c.shape.size());
      CHECK(bad == 0);
    }
  }
  // A transposed copy into a strided destination, through copy_.
  Tensor src = view(arange(Scalar(int64_t{0}), Scalar(int64_t{64 * 48}), Scalar(int64_t{1}), DType::Float32),
                    {64, 48});
  Tensor big = zeros({48, 130}, DType::Float32);
  Tensor dst = slice(big, 1, 1, 129, 2);  // 48 x 64, row stride 130, element stride 2
  copy_(dst, transpose(src, 0, 1));
  CHECK(at(dst, {5, 7}) == 7 * 48 + 5);
  CHECK(at(big, {5, 0}) == 0);
  Tensor dst2 = slice(big, 1, 0, 64, 1);  // inner-contiguous strided destination
  copy_(dst2, transpose(src, 0, 1));
  CHECK(at(dst2, {47, 63}) == 63 * 48 + 47);
  CHECK(at(big, {47, 64}) == 0);
  // A column-major destination from a row-major source (LAPACK's layout): contiguous along dim 0.
  Tensor rows = view(arange(Scalar(int64_t{0}), Scalar(int64_t{100 * 48}), Scalar(int64_t{1}), DType::Float32),
                     {100, 48});
  Tensor colmajor = transpose(zeros({48, 100}, DType::Float32), 0, 1);  // 100 x 48, strides (1, 100)
  copy_(colmajor, rows);
  CHECK(at(colmajor, {99, 47}) == 99 * 48 + 47);
  CHECK(at(colmajor, {10, 3}) == 10 * 48 + 3);
  Tensor back = zeros({100, 48}, DType::Float32);
  copy_(back, colmajor);
  const Tensor bd = to(back, DType::Float64, std::nullopt);
  int64_t bad = 0;
  for (int64_t k = 0; k < 100 * 48; ++k) bad += bd.data<double>()[k] != k;
  CHECK(bad == 0);
}
