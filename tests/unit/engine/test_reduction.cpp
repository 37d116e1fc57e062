// tests/unit/engine/test_reduction.cpp — reductions: PyTorch's exact float sums, dtype rules, empty inputs, errors.
//
// Every expected number was printed by torch 1.13 (x86-64, AVX2, one
// thread) for the same input and pasted here as a literal. The big input is
// x[i] = float(fmod(i * 0.6180339887498949, 1) * 100 - 50) for i < 10^7,
// computed in double exactly as numpy computed it for the oracle.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/core/error.h"
#include "engine/cpu/reduce_layout.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/sort.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

Tensor golden_ratio_input(int64_t n) {
  Tensor t = empty({n}, DType::Float32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < n; ++i)
    p[i] = static_cast<float>(std::fmod(static_cast<double>(i) * 0.6180339887498949, 1.0) * 100 - 50);
  return t;
}

template <typename T> T item(const Tensor& t) { return *contiguous(t).data<T>(); }

template <typename T> std::vector<T> values(const Tensor& t) {
  Tensor c = contiguous(t);
  return std::vector<T>(c.data<T>(), c.data<T>() + c.numel());
}

Tensor ints(const std::vector<int64_t>& v, DType d = DType::Int64) {
  std::vector<Scalar> s(v.begin(), v.end());
  return from_scalars({static_cast<int64_t>(v.size())}, s, d);
}

Tensor floats(const Shape& shape, const std::vector<double>& v, DType d = DType::Float32) {
  std::vector<Scalar> s(v.begin(), v.end());
  return from_scalars(shape, s, d);
}

template <typename E, typename F> std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "<no error>";
}

}  // namespace

TEST_CASE("sum of 10^7 float32 values is PyTorch's cascade sum, bit for bit", "[reduction]") {
  Tensor x = golden_ratio_input(10'000'000);
  CHECK(item<float>(sum(x)) == -120.21314239501953f);
  CHECK(item<float>(mean(x)) == static_cast<float>(-1.2021314432786312e-05));
  Tensor m = view(x, {1000, 10000});
  std::vector<float> cols = values<float>(sum(m, std::vector<int64_t>{0}));
  CHECK(cols[0] == -119.42733764648438f);
  CHECK(cols[1] == -16.0284423828125f);
  CHECK(cols[4999] == -28.451326370239258f);
  CHECK(cols[9999] == 165.9235382080078f);
  std::vector<float> rows = values<float>(sum(m, std::vector<int64_t>{1}));
  CHECK(rows[0] == -73.24520874023438f);
  CHECK(rows[1] == 14.253890991210938f);
  CHECK(rows[500] == -23.770782470703125f);
  CHECK(rows[999] == -61.79521179199219f);
  // A transposed view sums row by row (two reduced dims): the same digits here.
  CHECK(item<float>(sum(t(m))) == -120.21314239501953f);
  CHECK(item<double>(sum(to(x, DType::Float64, std::nullopt))) == -119.86237170131062);
  CHECK(item<float>(stddev(x)) == 28.867515563964844f);
  std::vector<float> v = values<float>(var(m, std::vector<int64_t>{1}));
  CHECK(v[0] == 833.4981689453125f);
  CHECK(v[999] == 833.3406372070312f);
}

TEST_CASE("sum of arange(10^7) float32 matches PyTorch's rounding", "[reduction]") {
  Tensor x = arange(Scalar(int64_t{0}), Scalar(int64_t{10'000'000}), Scalar(int64_t{1}), DType::Float32);
  CHECK(item<float>(sum(x)) == 49999995994112.0f);
}

TEST_CASE("float sums do not depend on the number of threads", "[reduction]") {
#ifdef _OPENMP
  Tensor m = view(golden_ratio_input(2'000'000), {400, 5000});
  const int saved = omp_get_max_threads();
  std::vector<std::vector<float>> runs;
  for (int threads : {1, 2, 4}) {
    omp_set_num_threads(threads);
    std::vector<float> r = values<float>(sum(m, std::vector<int64_t>{0}));
    std::vector<float> c = values<float>(sum(m, std::vector<int64_t>{1}));
    r.insert(r.end(), c.begin(), c.end());
    r.push_back(item<float>(sum(m)));
    runs.push_back(r);
  }
  omp_set_num_threads(saved);
  CHECK(runs[0] == runs[1]);
  CHECK(runs[0] == runs[2]);
#endif
}

// One long line is summed in whole level-3 blocks on several threads (engine/cpu/cascade.h): every
// line kind (contiguous vectors, strided rows, long columns), every float accumulator, NaN skipping.
TEST_CASE("long sums split across threads keep every bit", "[reduction]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  auto bits = [](const Tensor& t) {
    Tensor c = contiguous(to(t, DType::Float64, std::nullopt));
    std::vector<double> v = values<double>(c);
    return v;
  };
  for (int64_t n : {int64_t{1} << 17, (int64_t{1} << 20) + 12345, 3 * (int64_t{1} << 21) + 5}) {
    Tensor x = golden_ratio_input(n);
    std::vector<Tensor> cases = {x, to(x, DType::Float64, std::nullopt), to(x, DType::BFloat16, std::nullopt),
                                 to(x, DType::Float16, std::nullopt), slice(x, 0, 0, n, 2),
                                 view(slice(x, 0, 0, n / 4 * 4, 1), {n / 4, 4})};
    for (size_t k = 0; k < cases.size(); ++k) {
      std::vector<std::vector<double>> runs;
      for (int threads : {1, 2, 3}) {
        omp_set_num_threads(threads);
        std::vector<double> r = bits(sum(cases[k]));
        if (cases[k].dim() == 2) {
          std::vector<double> cols = bits(sum(cases[k], std::vector<int64_t>{0}));
          r.insert(r.end(), cols.begin(), cols.end());
        }
        std::vector<double> nan = bits(nansum(cases[k]));
        r.insert(r.end(), nan.begin(), nan.end());
        runs.push_back(r);
      }
      INFO("n = " << n << ", case " << k);
      CHECK(runs[0] == runs[1]);
      CHECK(runs[0] == runs[2]);
    }
  }
  omp_set_num_threads(saved);
#endif
}

TEST_CASE("sum and prod dtypes: integers and bools accumulate in int64", "[reduction]") {
  Tensor i32 = ints({2000000000, 2000000000}, DType::Int32);
  Tensor s = sum(i32);
  CHECK(s.dtype() == DType::Int64);
  CHECK(item<int64_t>(s) == 4000000000LL);
  Tensor b = from_scalars({3}, {Scalar(true), Scalar(false), Scalar(true)}, DType::Bool);
  CHECK(sum(b).dtype() == DType::Int64);
  CHECK(item<int64_t>(sum(b)) == 2);
  CHECK(prod(b).dtype() == DType::Int64);
  CHECK(item<int64_t>(prod(b)) == 0);
  // dtype= converts before adding: int8 wraps.
  Tensor i8 = ints({100, 100}, DType::Int8);
  CHECK(item<int8_t>(sum(i8, std::nullopt, false, DType::Int8)) == -56);
  CHECK(sum(ints({1, 2}), std::nullopt, false, DType::Float16).dtype() == DType::Float16);
}

TEST_CASE("mean needs a floating or complex dtype", "[reduction]") {
  CHECK(error_of<NotImplementedError>([] { mean(ints({1, 2})); }) ==
        "mean(): could not infer output dtype. Input dtype must be either a floating point or "
        "complex dtype. Got: Long");
  CHECK(error_of<NotImplementedError>([] { mean(ints({1, 2}), std::nullopt, false, DType::Int64); }) ==
        "mean(): could not infer output dtype. Optional dtype must be either a floating point or "
        "complex dtype. Got: Long");
  CHECK(item<float>(mean(ints({1, 2}), std::nullopt, false, DType::Float32)) == 1.5f);
}

TEST_CASE("empty reductions: sum 0, prod 1, mean nan, max refuses", "[reduction]") {
  Tensor e = zeros({0, 3}, DType::Float32);
  CHECK(values<float>(sum(e, std::vector<int64_t>{0})) == std::vector<float>{0, 0, 0});
  CHECK(values<float>(prod(e, int64_t{0})) == std::vector<float>{1, 1, 1});
  CHECK(std::isnan(item<float>(mean(e))));
  CHECK(std::isnan(item<float>(var(e))));
  CHECK(error_of<RuntimeError>([&] { max(e); }) ==
        "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
        "reduction dim with the 'dim' argument.");
  CHECK(error_of<IndexError>([&] { max(e, 0); }) ==
        "max(): Expected reduction dim 0 to have non-zero size.");
  CHECK(error_of<IndexError>([&] { amax(e, std::vector<int64_t>{-2}); }) ==
        "amax(): Expected reduction dim -2 to have non-zero size.");
  CHECK(error_of<IndexError>([&] { argmax(e); }) ==
        "argmax(): Expected reduction dim to be specified for input.numel() == 0.");
  CHECK(max(e, 1).values.sizes() == Shape{0});
  CHECK(item<bool>(all(e)) == true);
  CHECK(item<bool>(any(e)) == false);
}

TEST_CASE("dims: negative, tuples, keepdim, repeats refused", "[reduction]") {
  Tensor x = view(arange(Scalar(int64_t{0}), Scalar(int64_t{24}), Scalar(int64_t{1}), DType::Float32), {2, 3, 4});
  CHECK(values<float>(sum(x, std::vector<int64_t>{0, -1})) == std::vector<float>{60, 92, 124});
  CHECK(sum(x, std::vector<int64_t>{1}, true).sizes() == Shape{2, 1, 4});
  CHECK(sum(x, std::vector<int64_t>{}).sizes() == Shape{});  // an empty list reduces every dim
  CHECK(error_of<RuntimeError>([&] { sum(x, std::vector<int64_t>{0, -3}); }) ==
        "dim 0 appears multiple times in the list of dims");
  CHECK(error_of<IndexError>([&] { sum(x, std::vector<int64_t>{3}); }) ==
        "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
  // Expanded (stride 0) and sliced inputs.
  Tensor e = expand(view(floats({3}, {1, 2, 3}), {3, 1}), {3, 4});
  CHECK(values<float>(sum(e, std::vector<int64_t>{1})) == std::vector<float>{4, 8, 12});
  CHECK(values<float>(sum(slice(x, 2, 0, std::nullopt, 2), std::vector<int64_t>{2})) ==
        std::vector<float>{2, 10, 18, 26, 34, 42});
}

TEST_CASE("var and std: two-pass full reductions, Welford per dim, correction", "[reduction]") {
  Tensor x = view(arange(Scalar(int64_t{0}), Scalar(int64_t{6}), Scalar(int64_t{1}), DType::Float32), {2, 3});
  CHECK(item<float>(stddev(x, std::nullopt, 0)) == 1.7078251838684082f);
  CHECK(values<float>(stddev(x, std::vector<int64_t>{0})) ==
        std::vector<float>{2.1213202476501465f, 2.1213202476501465f, 2.1213202476501465f});
  std::vector<float> v = values<float>(var(x, std::vector<int64_t>{0}, 2));
  CHECK(std::isinf(v[0]));
  auto [s, m] = std_mean(x, std::vector<int64_t>{1});
  CHECK(values<float>(m) == std::vector<float>{1, 4});
  CHECK(values<float>(s) == std::vector<float>{1, 1});
  CHECK(error_of<NotImplementedError>([] { var(ints({1, 2})); }) ==
        "std and var only support floating point and complex dtypes");
}

TEST_CASE("extrema: first index wins, NaN propagates", "[reduction]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Tensor x = floats({5}, {1, 3, 3, nan, nan});
  CHECK(std::isnan(item<float>(max(x))));
  ValuesIndices r = max(x, 0);
  CHECK(item<int64_t>(r.indices) == 3);
  CHECK(item<int64_t>(argmax(floats({3}, {1, 3, 3}))) == 1);
  CHECK(item<int64_t>(argmin(x)) == 3);
  CHECK(error_of<NotImplementedError>([] { argmax(from_scalars({1}, {Scalar(true)}, DType::Bool)); }) ==
        "argmax(): does not support bool input");
}

TEST_CASE("sort, topk, kthvalue, median and mode pick PyTorch's indices among ties", "[reduction]") {
  Tensor x = ints({3, 1, 2, 3, 1, 2, 3, 1, 2, 0, 0, 3, 1, 2, 3, 1, 2, 3, 1, 2, 0, 0, 5, 5, 1, 1});
  CHECK(values<int64_t>(sort(x).indices) ==
        std::vector<int64_t>{21, 20, 10, 9, 1, 25, 24, 18, 15, 12, 7, 4, 8,
                             13, 16, 5, 19, 2, 11, 14, 6, 17, 3, 0, 22, 23});
  CHECK(values<int64_t>(sort(x, -1, true).indices) ==
        std::vector<int64_t>{23, 22, 0, 17, 3, 14, 6, 11, 16, 13, 19, 8, 5,
                             2, 18, 24, 25, 15, 12, 7, 4, 1, 10, 20, 21, 9});
  CHECK(values<int64_t>(sort(x, -1, false, true).indices) ==
        std::vector<int64_t>{9, 10, 20, 21, 1, 4, 7, 12, 15, 18, 24, 25, 2,
                             5, 8, 13, 16, 19, 0, 3, 6, 11, 14, 17, 22, 23});
  CHECK(values<int64_t>(topk(x, 5).indices) == std::vector<int64_t>{22, 23, 6, 0, 11});
  CHECK(values<int64_t>(topk(x, 5, -1, false).indices) == std::vector<int64_t>{9, 20, 21, 10, 18});
  CHECK(values<int64_t>(topk(x, 5, -1, true, false).indices) == std::vector<int64_t>{6, 22, 0, 23, 11});
  CHECK(item<int64_t>(kthvalue(x, 3).indices) == 9);
  CHECK(item<int64_t>(kthvalue(x, 10).indices) == 25);
  CHECK(item<int64_t>(kthvalue(x, 20).indices) == 17);
  CHECK(item<int64_t>(median(x, 0).indices) == 2);
  ValuesIndices md = mode(x, 0);
  CHECK(item<int64_t>(md.values) == 1);
  CHECK(item<int64_t>(md.indices) == 4);
  CHECK(error_of<RuntimeError>([&] { topk(x, 27); }) == "selected index k out of range");
  CHECK(error_of<RuntimeError>([&] { kthvalue(x, 0); }) ==
        "kthvalue(): selected number k out of range for dimension 0");
}

TEST_CASE("unique: sorted values, inverse, counts", "[reduction]") {
  UniqueResult u = unique(ints({3, 1, 2, 3, 1}), true, true, true);
  CHECK(values<int64_t>(u.values) == std::vector<int64_t>{1, 2, 3});
  CHECK(values<int64_t>(u.inverse) == std::vector<int64_t>{2, 0, 1, 2, 0});
  CHECK(values<int64_t>(u.counts) == std::vector<int64_t>{2, 1, 2});
}

TEST_CASE("cumulative ops: int64 accumulation, running extrema", "[reduction]") {
  Tensor b = from_scalars({3}, {Scalar(true), Scalar(false), Scalar(true)}, DType::Bool);
  Tensor c = cumsum(b, 0);
  CHECK(c.dtype() == DType::Int64);
  CHECK(values<int64_t>(c) == std::vector<int64_t>{1, 1, 2});
  ValuesIndices cm = cummax(ints({1, 3, 3, 2}), 0);
  CHECK(values<int64_t>(cm.values) == std::vector<int64_t>{1, 3, 3, 3});
  CHECK(values<int64_t>(cm.indices) == std::vector<int64_t>{0, 1, 2, 2});
  Tensor f = ints({1, 2, 3});
  const Tensor& same = cumsum_(f, 0);
  CHECK(same.is_same(f));
  CHECK(values<int64_t>(f) == std::vector<int64_t>{1, 3, 6});
  CHECK(error_of<RuntimeError>([&] { cumsum_(f, 0, DType::Float32); }) ==
        "Bad in-place call: input tensor dtype long int and output tensor dtype float should match");
}

TEST_CASE("float16/bfloat16 (PyTorch 2.x): several reduced dims sum in float32 and round once", "[reduction]") {
  // [[2048, 1], [1, 1]] as a slice that cannot merge into one dim: 2051 in
  // float32 rounds once to 2052 in float16 (2048 in bfloat16). PyTorch 1.13
  // rounded after each row: 2048 + 2 = 2050.
  Tensor h = slice(to(floats({2, 4}, {2048, 1, 0, 0, 1, 1, 0, 0}), DType::Float16, std::nullopt), 1, 0, 2);
  CHECK(static_cast<float>(item<Half>(sum(h))) == 2052.0f);
  Tensor b = slice(to(floats({2, 4}, {2048, 1, 0, 0, 1, 1, 0, 0}), DType::BFloat16, std::nullopt), 1, 0, 2);
  CHECK(static_cast<float>(item<BFloat16>(sum(b))) == 2048.0f);
  // One reduced dim: one partial sum per output, rounded once anyway.
  CHECK(values<Half>(sum(h, std::vector<int64_t>{1})).size() == 2);
  CHECK(static_cast<float>(values<Half>(sum(h, std::vector<int64_t>{1}))[0]) == 2048.0f);
  // mean: float32 sum, float32 division, one rounding: 2051 / 4 = 512.75 → 513 in float16.
  Tensor m = mean(h);
  CHECK(m.dtype() == DType::Float16);
  CHECK(static_cast<float>(item<Half>(m)) == 513.0f);
}

TEST_CASE("reduction layout: reduced dims first, then PyTorch's stride order, merged", "[reduction]") {
  // A (3, 4) row-major tensor seen transposed, summed over its dim 1 (the
  // original rows): the reduced dim (stride 4 elements) comes first, the
  // kept one second, nothing merges.
  Tensor x = view(arange(Scalar(int64_t{0}), Scalar(int64_t{12}), Scalar(int64_t{1}), DType::Float32), {3, 4});
  Tensor xt = t(x);  // (4, 3), strides (1, 4)
  Tensor out = empty({4}, DType::Float32);
  Tensor view_out = out.as_view({4, 3}, {1, 0}, 0);
  cpu::ReduceLayout L = cpu::make_reduce_layout(view_out, xt);
  CHECK(L.nreduced == 1);
  CHECK(L.shape == std::vector<int64_t>{3, 4});
  CHECK(L.in_stride == std::vector<int64_t>{16, 4});
  CHECK(L.out_stride == std::vector<int64_t>{0, 4});
  // A contiguous full reduction merges into one dim.
  Tensor all_out = empty({}, DType::Float32);
  cpu::ReduceLayout F = cpu::make_reduce_layout(all_out.as_view({3, 4}, {0, 0}, 0), x);
  CHECK(F.shape == std::vector<int64_t>{12});
  CHECK(F.nreduced == 1);
}

// The kernels built for AVX2 and AVX-512 (engine/cpu/isa.h) run this file again under TSH_CPU_ISA:
// the 2-norm's fused lanes must give PyTorch's bits in every variant (values from PyTorch 2.15,
// OMP_NUM_THREADS=1, ATEN_CPU_CAPABILITY=avx2).
TEST_CASE("2-norms of up to 10^6 values are PyTorch's in every instruction-set variant", "[reduction]") {
  Tensor x = golden_ratio_input(100'000);
  CHECK(item<float>(norm(x, 2.0)) == 9128.7509765625f);
  CHECK(item<double>(norm(to(x, DType::Float64, std::nullopt), 2.0)) == 9128.753070990366);
  CHECK(item<float>(norm(x, 1.0)) == 2500012.5f);
  CHECK(item<float>(norm(slice(x, 0, 0, 1000, 1), 2.0)) == 912.9641723632812f);
  // PyTorch 2.x squares and adds without fusing: a fused multiply-add in the lanes gave
  // 5225.67578125 and 28867.328125 here.
  CHECK(item<float>(norm(golden_ratio_input(32'768), 2.0)) == 5225.67626953125f);
  Tensor big = golden_ratio_input(1'000'003);
  CHECK(item<float>(norm(big, 2.0)) == 28867.330078125f);
  CHECK(item<double>(norm(to(big, DType::Float64, std::nullopt), 2.0)) == 28867.57097120359);
  CHECK(item<float>(amax(big)) == 49.99994659423828f);
  CHECK(item<float>(amin(big)) == -50.0f);
}

// amax/amin of a whole contiguous tensor take a vector path across threads; what they return must be
// what the element-by-element scan returns (the strided view below takes that path): the first NaN,
// else the extreme, and of +0 and -0 the first one.
TEST_CASE("whole-tensor extrema match the sequential scan, signed zeros and NaNs included", "[reduction]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int64_t n : {int64_t{100}, int64_t{65536 * 4 + 7}, int64_t{1000003}}) {
    for (int variant = 0; variant < 8; ++variant) {
      Tensor big = zeros({2 * n}, DType::Float32);
      Tensor strided = slice(big, 0, 0, 2 * n, 2);
      std::vector<float> v(static_cast<size_t>(n), -1.0f);
      switch (variant) {
        case 0: v[n / 3] = -0.0f; v[n / 2] = 0.0f; break;  // the max is a zero: the first one, -0
        case 1: for (auto& e : v) e = -0.0f; v[n - 1] = 0.0f; break;
        case 2: v[n - 5] = nan; v[n - 2] = -nan; break;
        case 3: v[7] = -nan; v[n - 1] = nan; break;
        case 4: for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>((i * 7919) % 1000) - 500.0f; break;
        case 5: v[n - 1] = std::numeric_limits<float>::infinity(); v[0] = -std::numeric_limits<float>::infinity(); break;
        // The zero first in memory sits in a later vector lane than the other zero.
        case 6: v[9] = -0.0f; v[16] = 0.0f; break;
        case 7: for (auto& e : v) e = 1.0f; v[9] = 0.0f; v[16] = -0.0f; break;
      }
      Tensor x = empty({n}, DType::Float32);
      std::memcpy(x.data<float>(), v.data(), v.size() * sizeof(float));
      copy_(strided, x);
      for (bool is_max : {true, false}) {
        const float fast = item<float>(is_max ? amax(x) : amin(x));
        const float scan = item<float>(is_max ? amax(strided) : amin(strided));
        uint32_t a, b;
        std::memcpy(&a, &fast, 4);
        std::memcpy(&b, &scan, 4);
        INFO("n = " << n << ", variant " << variant << (is_max ? ", max" : ", min"));
        CHECK(a == b);
      }
    }
  }
}
