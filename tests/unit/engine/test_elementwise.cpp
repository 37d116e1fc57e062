// tests/unit/engine/test_elementwise.cpp — the elementwise engine API: dtypes, destinations, layouts, errors.
//
// Expected values, dtypes, strides and messages were read from torch 1.13
// (the same calls in Python); the golden transcripts tests/golden/elementwise_*.txt
// cover the same ground through the shell, at larger scale.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/views.h"

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace tsh;

namespace {

Tensor T(std::vector<double> v, DType d = DType::Float32, Shape shape = {}) {
  std::vector<Scalar> s;
  for (double x : v) s.push_back(is_integral(d, true) ? Scalar(static_cast<int64_t>(x)) : Scalar(x));
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  return from_scalars(shape, s, d);
}

std::vector<double> values(const Tensor& t) {
  Tensor c = contiguous(to(t, DType::Float64, std::nullopt));
  return std::vector<double>(c.data<double>(), c.data<double>() + c.numel());
}

template <typename E>
std::string message_of(E&& f) {
  try {
    f();
  } catch (const Error& e) {
    return std::string(e.kind()) + ": " + e.what();
  }
  return "no error";
}

bool same_bits(const Tensor& a, const Tensor& b) {
  Tensor x = contiguous(a), y = contiguous(b);
  return x.dtype() == y.dtype() && x.sizes() == y.sizes() &&
         std::memcmp(x.data_ptr(), y.data_ptr(), x.numel() * x.itemsize()) == 0;
}

}  // namespace

TEST_CASE("arithmetic: values and result dtypes follow PyTorch", "[elementwise]") {
  Tensor i = T({1, 2, 3, 4}, DType::Int64);
  CHECK(add(i, 1).dtype() == DType::Int64);
  CHECK(values(add(i, 1)) == std::vector<double>{2, 3, 4, 5});
  CHECK(div(i, 2).dtype() == DType::Float32);  // true division of integers
  CHECK(values(div(i, 2)) == std::vector<double>{0.5, 1, 1.5, 2});
  CHECK(values(floor_divide(T({7, -7}, DType::Int64), -2)) == std::vector<double>{-4, 3});
  CHECK(values(remainder(T({7, -7}, DType::Int64), -3)) == std::vector<double>{-2, -1});
  CHECK(values(fmod(T({7, -7}, DType::Int64), -3)) == std::vector<double>{1, -1});
  CHECK(values(mul(2.5, i)) == std::vector<double>{2.5, 5, 7.5, 10});
  CHECK(values(sub(10, i, 2)) == std::vector<double>{8, 6, 4, 2});
  CHECK(values(pow(i, 2)) == std::vector<double>{1, 4, 9, 16});
  CHECK(pow(2, i).dtype() == DType::Int64);
  CHECK(pow(i, 0.5).dtype() == DType::Float32);
  // uint8 wraps: 1 + 1000 is computed in uint8 (1000 -> 232).
  CHECK(values(add(T({1}, DType::UInt8), 1000)) == std::vector<double>{233});
  // bool + bool stays bool; bool * int promotes.
  CHECK(add(T({1, 0}, DType::Bool), T({1, 0}, DType::Bool)).dtype() == DType::Bool);
  CHECK(mul(T({1, 0}, DType::Bool), 3).dtype() == DType::Int64);
  // alpha is one fused multiply-add: 1 + 0.1 * 3 in float32.
  Tensor r = add(T({1}), T({3}), Scalar(0.1));
  float want = std::fma(3.0f, 0.1f, 1.0f);
  CHECK(std::memcmp(r.data_ptr(), &want, 4) == 0);
}

TEST_CASE("arithmetic: PyTorch's refusals, word for word", "[elementwise]") {
  Tensor b = T({1, 0}, DType::Bool);
  CHECK(message_of([&] { sub(b, b); }) ==
        "NotImplementedError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the "
        "`^` or `logical_xor()` operator instead.");
  CHECK(message_of([&] { sub(T({1}, DType::Int64), b); }).find("with a bool tensor is not supported") !=
        std::string::npos);
  CHECK(message_of([&] { neg(b); }).find("Negation, the `-` operator, on a bool tensor") != std::string::npos);
  CHECK(message_of([&] { bitwise_and(T({1.5}), 1); }) ==
        "NotImplementedError: \"bitwise_and_cpu\" not implemented for 'Float'");
  CHECK(message_of([&] { abs(b); }) == "NotImplementedError: \"abs_cpu\" not implemented for 'Bool'");
  CHECK(message_of([&] { pow(T({2}, DType::Int64), -1); }) ==
        "RuntimeError: Integers to negative integer powers are not allowed.");
  CHECK(message_of([&] { add(T({1}, DType::Int64), T({1}, DType::Int64), Scalar(1.5)); }) ==
        "RuntimeError: For integral input tensors, argument alpha must not be a floating point number.");
  CHECK(message_of([&] { floor_divide(T({1, 2}, DType::Int64), 0); }) == "RuntimeError: ZeroDivisionError");
  CHECK(message_of([&] { parse_rounding("bad"); }) ==
        "RuntimeError: div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'bad'");
  CHECK(message_of([&] { add(ones({2, 3}, DType::Float32), ones({3, 2}, DType::Float32)); }) ==
        "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton "
        "dimension 1");
  CHECK(message_of([&] { maximum(T({1}, DType::Complex64), T({1}, DType::Complex64)); }) ==
        "TypeError: maximum not implemented for complex tensors.");
  CHECK(message_of([&] { sign(T({1}, DType::Complex64)); }).find("Please use torch.sgn instead.") != std::string::npos);
}

TEST_CASE("in place: identity and storage kept, unsafe casts refused, nothing written on error", "[elementwise]") {
  Tensor t = T({1, 2, 3}, DType::Int64);
  const void* data = t.data_ptr();
  Tensor r = add_(t, 1);
  CHECK(r.is_same(t));
  CHECK(t.data_ptr() == data);
  CHECK(values(t) == std::vector<double>{2, 3, 4});
  CHECK(message_of([&] { add_(t, 1.5); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  CHECK(message_of([&] { div_(t, 2); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  CHECK(message_of([&] { exp(t, Dest::inplace(t)); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  CHECK(message_of([&] { floor_divide(t, T({1, 0, 1}, DType::Int64), Dest::inplace(t)); }) ==
        "RuntimeError: ZeroDivisionError");
  CHECK(values(t) == std::vector<double>{2, 3, 4});  // untouched
  // Same category narrower: computed in int64, written back into uint8.
  Tensor u = T({250}, DType::UInt8);
  add_(u, T({10}, DType::Int64));
  CHECK(values(u) == std::vector<double>{4});
  // Broadcasting into self only when self has the broadcast shape.
  Tensor m = zeros({2, 3}, DType::Float32);
  add_(m, T({1, 2, 3}));
  CHECK(values(m) == std::vector<double>{1, 2, 3, 1, 2, 3});
  CHECK(message_of([&] { add_(T({0, 0, 0}), ones({2, 3}, DType::Float32)); }) ==
        "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]");
  // pow with a number exponent needs self to have the result dtype already.
  CHECK(message_of([&] { pow(t, 0.5, Dest::inplace(t)); }) == "RuntimeError: result type Float can't be cast to the desired output type Long");
}

TEST_CASE("in place: overlapping memory is refused as PyTorch refuses it", "[elementwise]") {
  Tensor e = expand(zeros({3, 1}, DType::Float32), {3, 2});
  CHECK(message_of([&] { add_(e, 1); }).find("more than one element of the written-to tensor") != std::string::npos);
  Tensor x = arange(Scalar(0.0), Scalar(6.0));
  CHECK(message_of([&] { add_(slice(x, 0, 1, std::nullopt), slice(x, 0, std::nullopt, -1 + 6)); })
            .find("some elements of the input tensor and the written-to tensor") != std::string::npos);
  // Exactly the same memory is fine.
  add_(x, x);
  CHECK(values(x) == std::vector<double>{0, 2, 4, 6, 8, 10});
}

TEST_CASE("out=: written in the out tensor's dtype, resized when its shape differs", "[elementwise]") {
  Tensor o = empty({2}, DType::Float64);
  Tensor r = mul(T({1, 2}, DType::Int64), T({3, 4}, DType::Int64), Dest::out(o));
  CHECK(r.is_same(o));
  CHECK(values(o) == std::vector<double>{3, 8});
  Tensor z = empty({0}, DType::Float32);
  sub(ones({2, 2}, DType::Float32), T({1, 1}), Dest::out(z));
  CHECK(z.sizes() == Shape{2, 2});
  CHECK(values(z) == std::vector<double>{0, 0, 0, 0});
  Tensor bad = empty({2}, DType::Int64);
  CHECK(message_of([&] { mul(T({1.5, 2}), T({2, 2}), Dest::out(bad)); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type Long");
  Tensor cmp = zeros({3}, DType::Int32);
  eq(T({1, 2, 3}, DType::Int64), 2, Dest::out(cmp));
  CHECK(values(cmp) == std::vector<double>{0, 1, 0});
}

TEST_CASE("layout: new outputs take the inputs' memory order", "[elementwise]") {
  Tensor a = view(arange(Scalar(0.0), Scalar(24.0)), {2, 3, 4});
  Tensor t = transpose(a, 0, 2);
  CHECK(add(t, 1).strides() == Shape{1, 4, 12});
  CHECK(exp(t).strides() == Shape{1, 4, 12});
  CHECK(mul(permute(a, {1, 2, 0}), 2).strides() == Shape{4, 1, 12});
  CHECK(add(slice(a, 1, std::nullopt, std::nullopt, 2), 1).strides() == Shape{8, 4, 1});
  Tensor e = expand(ones({3, 1}, DType::Float32), {3, 4});
  CHECK(add(e, 1).strides() == Shape{4, 1});
  CHECK(add(ones({1, 5}, DType::Float32), ones({4, 1}, DType::Float32)).strides() == Shape{5, 1});
  CHECK(add(ones({0, 3}, DType::Float32), 1).sizes() == Shape{0, 3});
  // 0-d with 0-d stays 0-d.
  CHECK(add(full({}, Scalar(2.0)), full({}, Scalar(int64_t{3}))).dim() == 0);
}

TEST_CASE("comparisons and logic: promoted compare, bool results", "[elementwise]") {
  Tensor u = T({255}, DType::UInt8);
  CHECK(values(eq(u, -1)) == std::vector<double>{1});  // -1 becomes 255 in uint8
  CHECK(values(eq(u, 255.5)) == std::vector<double>{0});
  Tensor f = T({1, NAN, 3});
  CHECK(values(ne(f, f)) == std::vector<double>{0, 1, 0});
  CHECK(lt(f, 2).dtype() == DType::Bool);
  CHECK(message_of([&] { lt(T({1}, DType::Complex64), 1); }) ==
        "NotImplementedError: \"lt_cpu\" not implemented for 'ComplexFloat'");
  CHECK(values(logical_and(T({2, 0, 1}, DType::Int64), T({0.5, 1, 0}))) == std::vector<double>{1, 0, 0});
  CHECK(values(logical_xor(T({2, 0}, DType::Int64), true)) == std::vector<double>{0, 1});
  Tensor g = T({1, 2, 3});
  Tensor r = lt(g, 2.5, Dest::inplace(g));
  CHECK(r.is_same(g));
  CHECK(g.dtype() == DType::Float32);
  CHECK(values(g) == std::vector<double>{1, 1, 0});
  CHECK(any_true(T({0, 0, 1}, DType::Int64)));
  CHECK(!all_true(T({0, 0, 1}, DType::Int64)));
}

TEST_CASE("isclose and allclose compose as PyTorch's do", "[elementwise]") {
  CHECK(values(isclose(T({1, 2, NAN}), T({1.000001, 2.1, NAN}))) == std::vector<double>{1, 0, 0});
  CHECK(values(isclose(T({1, NAN}), T({1, NAN}), 1e-5, 1e-8, true)) == std::vector<double>{1, 1});
  CHECK(values(isclose(T({1, 2}, DType::Int64), T({1, 3}, DType::Int64), 1e-5, 1)) == std::vector<double>{1, 1});
  CHECK(allclose(T({1, 2}), T({1, 2.00001})));
  CHECK(!allclose(T({1, 2}), T({1, 2.1})));
  CHECK(message_of([&] { isclose(T({1}), T({1}, DType::Float64)); }) == "RuntimeError: Float did not match Double");
  CHECK(message_of([&] { isclose(T({1}), T({1}), -1); }) ==
        "RuntimeError: rtol must be greater than or equal to zero, but got -1");
}

TEST_CASE("where, clamp, lerp, addcmul, addcdiv", "[elementwise]") {
  Tensor cond = T({1, 0, 1}, DType::Bool);
  Tensor w = where(cond, T({1, 2, 3}, DType::Int64), T({1.5, 2.5, 3.5}));
  CHECK(w.dtype() == DType::Float32);
  CHECK(values(w) == std::vector<double>{1, 2.5, 3});
  CHECK(where(cond, 1, 0).dtype() == DType::Int64);
  CHECK(message_of([&] { where(T({1, 0}, DType::Int64), 1, 0); }) ==
        "RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Long");
  CHECK(values(clamp(T({1, 5, 10}, DType::Int64), Operand(2), Operand(8))) == std::vector<double>{2, 5, 8});
  CHECK(clamp(T({1, 2, 3}, DType::Int64), Operand(1.5), std::nullopt).dtype() == DType::Float32);
  Tensor c = clamp(T({1, NAN, 3}), Operand(2), Operand(1));
  CHECK(values(c)[0] == 1);
  CHECK(std::isnan(values(c)[1]));
  CHECK(values(c)[2] == 1);
  CHECK(std::isnan(values(clamp(T({1}), Operand(T({NAN})), std::nullopt))[0]));
  CHECK(message_of([&] { clamp(T({1}), std::nullopt, std::nullopt); }) ==
        "RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None");
  // PyTorch 2.x: bounds past the near ends of uint8's range bound nothing.
  CHECK(message_of([&] { clamp(T({1}, DType::UInt8), Operand(-1), Operand(300)); }) == "no error");
  Tensor ci = T({1, 2, 3}, DType::Int64);
  CHECK(message_of([&] { clamp(ci, Operand(1.5), std::nullopt, Dest::inplace(ci)); }) ==
        "RuntimeError: result type Float can't be cast to the desired output type long int");
  CHECK(values(relu(T({-1, 0, 2}))) == std::vector<double>{0, 0, 2});
  CHECK(values(lerp(T({1, 2}), T({3, 4}), 2)) == std::vector<double>{5, 6});
  CHECK(message_of([&] { lerp(T({1}), T({1}, DType::Float64), 0.5); }) ==
        "RuntimeError: expected dtype float for `end` but got dtype double");
  CHECK(values(addcmul(T({1, 2}), T({1, 2}, DType::Int64), T({1, 2}, DType::Int64), Scalar(int64_t{2}))) ==
        std::vector<double>{3, 10});
  CHECK(message_of([&] { addcdiv(T({1}), T({1}, DType::Int64), T({1}, DType::Int64)); })
            .find("Integer division with addcdiv is no longer supported") != std::string::npos);
}

TEST_CASE("unary math: dtypes and PyTorch's values", "[elementwise]") {
  CHECK(exp(T({0, 1}, DType::Int64)).dtype() == DType::Float32);
  CHECK(floor(T({3}, DType::Int64)).dtype() == DType::Int64);
  CHECK(abs(T({3}, DType::Complex64)).dtype() == DType::Float32);
  CHECK(isnan(T({1})).dtype() == DType::Bool);
  CHECK(values(round(T({0.5, 1.5, 2.5, -0.5}))) == std::vector<double>{0, 2, 2, -0.0});
  CHECK(values(round(T({1234.5678}), -2)) == std::vector<double>{1200});
  CHECK(values(sign(T({-2, 0, NAN, 3}))) == std::vector<double>{-1, 0, 0, 1});
  Tensor n = nan_to_num(T({NAN, INFINITY, -INFINITY}));
  CHECK(values(n) == std::vector<double>{0, 3.4028234663852886e38, -3.4028234663852886e38});
  Tensor c = T({-3, 4}, DType::Float32);
  Tensor z = add(c, mul(T({0, 0}), 0));  // a plain float tensor
  CHECK(real(z).is_same(z));
  CHECK(message_of([&] { imag(z); }) == "RuntimeError: imag is not implemented for tensors with non-complex dtypes.");
  // erfinv, float32 and float64, from torch 1.13.
  CHECK(values(erfinv(T({0.3, -0.95, 0.7, 0.71, 0.999}))) ==
        std::vector<double>{0.27246272563934326, -1.3859037160873413, 0.732869029045105, 0.7482050061225891,
                            2.326756715774536});
  CHECK(values(erfinv(T({0.3, -0.95, 0.7, 0.71, 0.999}, DType::Float64))) ==
        std::vector<double>{0.2724627147267544, -1.385903824349678, 0.7328690779592169, 0.7482049711849852,
                            2.3267537655135153});
}

TEST_CASE("gelu: erf and tanh forms, PyTorch's values", "[elementwise]") {
  std::vector<double> x{-3.0, -1.5, -0.5, 0.0, 0.25, 1.0, 2.5, 4.0};
  CHECK(values(gelu(T(x, DType::Float64))) ==
        std::vector<double>{-0.00404969409489031, -0.10021080190328704, -0.15426876936299344, 0.0,
                            0.14967658142073093, 0.841344746068543, 2.4844758366855597, 3.9998733150326675});
  CHECK(values(gelu(T(x, DType::Float64), "tanh")) ==
        std::vector<double>{-0.0036373920817729943, -0.10042842301976707, -0.15428599017485606, 0.0,
                            0.149675350701685, 0.8411919906082768, 2.484915733910001, 3.9999297540518075});
  // A strided float32 input takes PyTorch's scalar path (libm erf).
  Tensor big = zeros({16}, DType::Float32);
  Tensor strided = slice(big, 0, std::nullopt, std::nullopt, 2);
  copy_(strided, T(x));
  CHECK(values(gelu(strided)) ==
        std::vector<double>{-0.0040496885776519775, -0.10021081566810608, -0.1542687714099884, 0.0,
                            0.14967657625675201, 0.8413447141647339, 2.48447585105896, 3.999873161315918});
  CHECK(message_of([&] { gelu(T({1}), "bad"); }) ==
        "RuntimeError: approximate argument must be either none or tanh.");
  CHECK(message_of([&] { gelu(T({1}, DType::Int64)); }) ==
        "NotImplementedError: \"GeluKernelImpl\" not implemented for 'Long'");
}

TEST_CASE("SLEEF lane groups: a lane's result depends on its neighbours, as in PyTorch", "[elementwise]") {
  // cos of a tiny number alone, and in an 8-lane group with huge arguments.
  Tensor x = T({0.000237974149, 1e5, 2e5, 3e5, 4e5, 5e5, 6e5, 7e5});
  CHECK(values(cos(x))[0] == 0.9999999403953552);
  CHECK(values(cos(slice(x, 0, 0, 1)))[0] == 1.0);
}

TEST_CASE("large tensors: parallel chunks give the single-thread bits", "[elementwise]") {
  const int64_t n = 300007;  // several chunks and a tail
  Tensor x = div(arange(Scalar(int64_t{0}), Scalar(n)), 977.0);
  Tensor big = sub(x, 150.0);
#ifdef _OPENMP
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
#endif
  Tensor e1 = exp(div(big, 100.0)), s1 = sinh(div(big, 100.0)), c1 = cos(big), p1 = pow(abs(big), 1.7),
         a1 = add(big, x, Scalar(0.3));
#ifdef _OPENMP
  omp_set_num_threads(std::max(2, threads));
#endif
  CHECK(same_bits(e1, exp(div(big, 100.0))));
  CHECK(same_bits(s1, sinh(div(big, 100.0))));
  CHECK(same_bits(c1, cos(big)));
  CHECK(same_bits(p1, pow(abs(big), 1.7)));
  CHECK(same_bits(a1, add(big, x, Scalar(0.3))));
#ifdef _OPENMP
  omp_set_num_threads(threads);
#endif
  // A strided view of the same values gives the same exp (SLEEF everywhere, same groups).
  Tensor wide = zeros({2 * n}, DType::Float32);
  Tensor every_other = slice(wide, 0, std::nullopt, std::nullopt, 2);
  copy_(every_other, big);
  CHECK(same_bits(exp(div(big, 100.0)), exp(div(every_other, 100.0))));
}

namespace {

// The same values in a layout the short way does not take (a transposed copy, transposed back).
Tensor strided_twin(const Tensor& m) { return t(contiguous(t(m))); }

}  // namespace

TEST_CASE("dense operands of one dtype take the short way, bit for bit the general one's", "[elementwise]") {
  const std::vector<double> xs = {0.1, -2.5, 3e30, 7, -0.0, 1.0 / 3, 250, 1e-30, 5, -6, 100, 0.7};
  const std::vector<double> ys = {0.2, 4.25, 3e30, -2, 0.0, 3, 7, 1e30, -5, 6, 0.3, 11};
  for (DType d : {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16, DType::Int64, DType::Int32,
                  DType::UInt8, DType::Complex64}) {
    INFO(dtype_name(d));
    const std::vector<double> xi = {1, 2, 3, 7, 0, 5, 25, 1, 5, 6, 100, 7}, yi = {2, 4, 3, 2, 0, 3, 7, 1, 5, 6, 3, 11};
    const bool ints = is_integral(d, true);
    const Tensor a = T(ints ? xi : xs, d, {3, 4}), b = T(ints ? yi : ys, d, {3, 4});
    const Tensor as = strided_twin(a), bs = strided_twin(b);
    REQUIRE(!as.is_contiguous());
    CHECK(same_bits(add(a, b), add(as, bs)));
    CHECK(same_bits(add(a, b, Scalar(int64_t{2})), add(as, bs, Scalar(int64_t{2}))));
    CHECK(same_bits(mul(a, b), mul(as, bs)));
    if (d != DType::UInt8) CHECK(same_bits(sub(a, b), sub(as, bs)));
    if (!is_integral(d, true)) CHECK(same_bits(div(a, b), div(as, bs)));
    // In place: self is written, and is the result.
    const Tensor c = clone(a);
    CHECK(add_(c, b).is_same(c));
    CHECK(same_bits(c, add(as, bs)));
  }
  // Integer division and the float results of integer operands keep the general path's checks.
  CHECK(message_of([&] { div(T({1, 2}, DType::Int64), T({1, 0}, DType::Int64), Rounding::Floor); }) ==
        "RuntimeError: ZeroDivisionError");
  CHECK(div(T({1, 2}, DType::Int64), T({2, 4}, DType::Int64)).dtype() == DType::Float32);
  // A view of self's own storage other than self is the general path's, which refuses a partial overlap.
  Tensor x = arange(Scalar(0.0), Scalar(6.0));
  CHECK(message_of([&] { add_(slice(x, 0, 0, 3), slice(x, 0, 1, 4)); })
            .find("some elements of the input tensor and the written-to tensor") != std::string::npos);
}

TEST_CASE("one float element: the formula at once, as the loop computes it", "[elementwise]") {
  const std::vector<std::pair<double, double>> pairs = {
      {0.1, 0.2}, {1e30, 1e30}, {INFINITY, -INFINITY}, {NAN, 1}, {1, 0}, {-1, 0}, {0, 0}, {1.0 / 3, 3}, {-0.0, 0.0}};
  for (DType d : {DType::Float32, DType::Float64}) {
    for (auto [x, y] : pairs) {
      INFO(dtype_name(d) << " " << x << " " << y);
      // Element 0 of three goes through the loop; a lone element does not.
      const Tensor a3 = T({x, 1, 2}, d), b3 = T({y, 1, 2}, d);
      const Tensor a = T({x}, d), b = T({y}, d);
      auto first = [](const Tensor& r) { return slice(r, 0, 0, 1); };
      CHECK(same_bits(add(a, b), first(add(a3, b3))));
      CHECK(same_bits(add(a, b, Scalar(0.3)), first(add(a3, b3, Scalar(0.3)))));
      CHECK(same_bits(sub(a, b), first(sub(a3, b3))));
      CHECK(same_bits(mul(a, b), first(mul(a3, b3))));
      CHECK(same_bits(div(a, b), first(div(a3, b3))));
    }
  }
}

TEST_CASE("a dense float tensor and a Python number take the short way, bit for bit the general one's", "[elementwise]") {
  // The general path with the same layout: an out= tensor (the short way is only for new and in-place results).
  const std::vector<double> xs = {0.1, -2.5, 3e30, 7, -0.0, 1.0 / 3, 250, 1e-30, 5, -6, 100, 0.7, 2, 3, 4, 5, 6, 8, 9, 10};
  for (DType d : {DType::Float32, DType::Float64}) {
    const Tensor a = T(xs, d, {4, 5});
    auto general = [&](auto op) {
      Tensor o = empty(a.sizes(), d);
      op(Dest::out(o));
      return o;
    };
    for (const Scalar& n : {Scalar(2.0), Scalar(int64_t{-3}), Scalar(0.1), Scalar(1e30), Scalar(int64_t{7}),
                            Scalar(int64_t{1} << 60), Scalar(0.5), Scalar(int64_t{3})}) {
      INFO(dtype_name(d) << " " << n.to_double());
      CHECK(same_bits(add(a, n), general([&](const Dest& o) { add(a, n, Scalar(int64_t{1}), o); })));
      CHECK(same_bits(add(a, n, Scalar(0.5)), general([&](const Dest& o) { add(a, n, Scalar(0.5), o); })));
      CHECK(same_bits(sub(a, n), general([&](const Dest& o) { sub(a, n, Scalar(int64_t{1}), o); })));
      CHECK(same_bits(mul(a, n), general([&](const Dest& o) { mul(a, n, o); })));
      CHECK(same_bits(div(a, n), general([&](const Dest& o) { div(a, n, Rounding::None, o); })));
      CHECK(same_bits(pow(a, n), general([&](const Dest& o) { pow(a, n, o); })));
      CHECK(same_bits(remainder(a, n), general([&](const Dest& o) { remainder(a, n, o); })));
      CHECK(same_bits(maximum(a, n), general([&](const Dest& o) { maximum(a, n, o); })));
      const Tensor c = clone(a);
      CHECK(mul(c, n, Dest::inplace(c)).is_same(c));
      CHECK(same_bits(c, mul(a, n)));
    }
  }
}
