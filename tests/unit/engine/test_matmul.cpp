// tests/unit/engine/test_matmul.cpp — matrix products and linalg.solve: PyTorch's exact sums, dispatch by dims, dtypes, errors.
//
// Float results were printed by torch 1.13 (x86-64, OpenBLAS, the library
// tsh links) for the same inputs and pasted here as literals. The inputs are
// g(i) = float(fmod(i * 0.6180339887498949, 1) * 2 - 1), computed in double.
// Where PyTorch 2.x differs from 1.13 (messages of mm/mv, float16 products,
// complex dot, the 2-d @ 3-d route, solve's rounding) the test says so and
// checks 2.x's behaviour.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/join.h"
#include "engine/ops/linalg.h"
#include "engine/ops/matmul.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

Tensor golden(const Shape& shape, int64_t shift) {
  Tensor t = empty(shape, DType::Float32);
  float* p = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i)
    p[i] = static_cast<float>(std::fmod(static_cast<double>(i + shift) * 0.6180339887498949, 1.0) * 2 - 1);
  return t;
}

template <typename T> std::vector<T> values(const Tensor& t) {
  Tensor c = contiguous(t);
  return std::vector<T>(c.data<T>(), c.data<T>() + c.numel());
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

// Transposed storage with the same values: the BLAS call reads it the other way round.
Tensor col_major(const Tensor& t) { return mT(contiguous(mT(t))); }

}  // namespace

TEST_CASE("matmul picks dot, mv, mm or bmm from the dims", "[matmul]") {
  auto shape = [](const Shape& a, const Shape& b) {
    return matmul(ones(a, DType::Float32), ones(b, DType::Float32)).sizes();
  };
  CHECK(shape({3}, {3}) == Shape{});
  CHECK(shape({2, 3}, {3}) == Shape{2});
  CHECK(shape({3}, {3, 4}) == Shape{4});
  CHECK(shape({2, 3}, {3, 4}) == Shape{2, 4});
  CHECK(shape({5, 2, 3}, {3, 4}) == Shape{5, 2, 4});
  CHECK(shape({5, 2, 3}, {3}) == Shape{5, 2});
  CHECK(shape({3}, {5, 3, 4}) == Shape{5, 4});
  CHECK(shape({2, 3}, {5, 3, 4}) == Shape{5, 2, 4});
  CHECK(shape({5, 1, 2, 3}, {6, 3, 4}) == Shape{5, 6, 2, 4});
  CHECK(shape({0, 2, 3}, {3, 4}) == Shape{0, 2, 4});
  // Every result is a new contiguous tensor.
  CHECK(matmul(ones({2, 3, 4}, DType::Float32), ones({4, 5}, DType::Float32)).strides() == Shape{15, 5, 1});
  CHECK(matmul(ones({4, 3}, DType::Float32), ones({2, 3, 5}, DType::Float32)).strides() == Shape{20, 5, 1});
}

TEST_CASE("float32 mm/mv/dot give PyTorch's bits (same OpenBLAS calls)", "[matmul]") {
  const Tensor a = golden({5, 7}, 0), b = golden({7, 3}, 100), v = golden({7}, 200);
  const std::vector<float> mm_expected{0.351281196f,  0.813367188f,  1.0262295f,   -0.745370388f, -0.801831663f,
                                       1.58753181f,   -0.176390454f, -0.751398861f, -0.185534298f, 1.55977356f,
                                       0.466218144f,  -0.791416109f, -0.75047338f,  -0.834712088f, 1.61201882f};
  CHECK(values<float>(mm(a, b)) == mm_expected);
  CHECK(values<float>(matmul(col_major(a), b)) == mm_expected);
  CHECK(values<float>(matmul(a, col_major(b))) == mm_expected);
  // gemv reads a row-major matrix transposed, a column-major one as is: the sums differ.
  CHECK(values<float>(mv(a, v)) ==
        std::vector<float>{-1.19089937f, -0.651672959f, 1.77609754f, -0.740404189f, -0.628368497f});
  // OpenBLAS's Haswell sgemv kernel (ctest pins OPENBLAS_CORETYPE=Haswell: the
  // kernel, hence the sums, depends on the CPU OpenBLAS picks).
  CHECK(values<float>(matmul(col_major(a), v)) ==
        std::vector<float>{-1.19089949f, -0.6516729f, 1.77609754f, -0.740404129f, -0.628368497f});
  CHECK(values<float>(matmul(v, b)) == std::vector<float>{-0.187341034f, -0.821957171f, -0.132987857f});
  CHECK(values<float>(dot(v, v)) == std::vector<float>{1.82610619f});
}

TEST_CASE("batched products: small ones sum in order over k, large ones per-batch gemm", "[matmul]") {
  const Tensor x = golden({2, 4, 6}, 300), y = golden({2, 6, 5}, 400);
  const std::vector<float> bmm_expected{
      0.539954364f,  -1.29639494f,  0.286596358f,  0.69653821f,  -1.49755836f,  0.118484333f, -0.433013231f,
      0.100461155f,  0.129623279f,  0.886009932f,  0.0576940477f, 0.791048229f, 0.275005698f,  -0.0766119659f,
      -0.369742125f, 0.0604824573f, -0.393447638f, -0.431142926f, 0.364323676f, 0.549540758f,  0.830546796f,
      -0.172986671f, -0.786250353f, 0.237993598f,  -0.0145904347f, 0.0892892182f, -0.796576798f, 1.04219544f,
      1.01692259f,   -0.783625484f, 0.790750861f,  0.022552222f,  0.313360333f, -0.761429191f, -0.109941408f,
      0.770852745f,  0.120321602f,  -1.13683438f,  0.738859177f,  -0.157616913f};
  CHECK(values<float>(bmm(x, y)) == bmm_expected);
  CHECK(values<float>(matmul(x, y)) == bmm_expected);
  // The small loop is a plain sum in order, whatever the layout.
  const std::vector<float> got = values<float>(bmm(col_major(x), y));
  CHECK(got == bmm_expected);
  // 3-d @ 2-d folds the batch into one sgemm: other sums than bmm's loop.
  CHECK(values<float>(matmul(x, select(y, 0, 0))) ==
        std::vector<float>{0.539954364f, -1.29639494f,  0.286596358f,  0.69653821f,   -1.49755836f,
                           0.118484333f, -0.433013231f, 0.10046114f,   0.129623249f,  0.886009932f,
                           0.0576940365f, 0.791048229f, 0.275005728f,  -0.0766119957f, -0.369742066f,
                           0.0604824424f, -0.393447638f, -0.431142956f, 0.364323646f, 0.549540758f,
                           -0.000307850481f, 0.830613792f, -0.256598324f, 0.158088401f, -0.706211329f,
                           -0.78245759f, 1.33331573f,   -0.803413332f, -0.769506276f, 1.31667709f,
                           -0.121888332f, -0.721263349f, 0.0924907774f, -0.254381895f, 0.782284558f,
                           -0.182678565f, 0.50279808f,  0.267035395f,  -0.460617155f, -0.47346741f});
  // k*m*n >= 400: one gemm per batch element.
  const Tensor X = golden({2, 20, 30}, 500), Y = golden({2, 30, 4}, 600);
  CHECK(values<float>(slice(bmm(X, Y), 1, 0, std::nullopt, 7)) ==
        std::vector<float>{-1.12778366f, -1.08005035f, 3.63823247f,  -2.75183487f, -0.604025185f, 0.964423478f,
                           0.906320572f, -2.26013255f, -0.643758953f, 2.44540501f,  -2.38908386f,  1.66807723f,
                           -0.222076923f, 0.242357701f, 1.73620892f, -0.907706797f, -1.1373893f,   1.02279532f,
                           0.212397337f, -0.735768378f, -1.69314194f, 1.21852171f,  -2.84039879f,  0.962913692f});
}

TEST_CASE("2-d @ 3-d goes through bmm in PyTorch 2.x (1.13 folded it)", "[matmul]") {
  const Tensor a = golden({4, 6}, 700), y = golden({2, 6, 5}, 400);
  // 2.x: a expanded to (2, 4, 6), then bmm's small loop: each element a sum in order over k.
  const std::vector<float> got = values<float>(matmul(a, y));
  const std::vector<float> av = values<float>(a), yv = values<float>(y);
  std::vector<float> expected;
  for (int b = 0; b < 2; ++b)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j) {
        float acc = 0;
        for (int l = 0; l < 6; ++l) acc += av[i * 6 + l] * yv[b * 30 + l * 5 + j];
        expected.push_back(acc);
      }
  CHECK(got == expected);
  CHECK(error_of<RuntimeError>([] { matmul(ones({2, 3}, DType::Float32), ones({5, 4, 2}, DType::Float32)); }) ==
        "Expected size for first two dimensions of batch2 tensor to be: [5, 3] but got: [5, 4].");
  CHECK(error_of<RuntimeError>([] { matmul(ones({4}, DType::Float32), ones({5, 2, 3}, DType::Float32)); }) ==
        "Expected size for first two dimensions of batch2 tensor to be: [5, 4] but got: [5, 2].");
}

TEST_CASE("PyTorch 2.x messages for mm and mv", "[matmul]") {
  const Tensor f = ones({2, 3}, DType::Float32);
  CHECK(error_of<RuntimeError>([&] { mm(f, ones({3, 2}, DType::Float64)); }) ==
        "expected m1 and m2 to have the same dtype, but got: float != double");
  CHECK(error_of<RuntimeError>([&] { mm(ones({2, 3}, DType::Int64), ones({3, 2}, DType::Float32)); }) ==
        "expected m1 and m2 to have the same dtype, but got: long int != float");
  CHECK(error_of<RuntimeError>([&] { matmul(ones({3}, DType::Float16), ones({3, 2}, DType::Float32)); }) ==
        "expected m1 and m2 to have the same dtype, but got: c10::Half != float");
  // 2.x checks the dtypes before the shortcut for an empty sum.
  CHECK(error_of<RuntimeError>([&] { mm(ones({2, 0}, DType::Float32), ones({0, 3}, DType::Float64)); }) ==
        "expected m1 and m2 to have the same dtype, but got: float != double");
  CHECK(error_of<RuntimeError>([&] { mv(f, ones({4}, DType::Float32)); }) ==
        "size mismatch, got input (2), mat (2x3), vec (4)");
  CHECK(error_of<RuntimeError>([&] { matmul(ones({5, 2, 3}, DType::Float32), ones({4}, DType::Float32)); }) ==
        "size mismatch, got input (10), mat (10x3), vec (4)");
  CHECK(error_of<RuntimeError>([&] { bmm(ones({2, 20, 30}, DType::Float32), ones({2, 30, 4}, DType::Float64)); }) ==
        "expected m1 and m2 to have the same dtype, but got: float != double");
  CHECK(error_of<RuntimeError>([&] { bmm(ones({2, 2, 3}, DType::Float32), ones({2, 3, 4}, DType::Float64)); }) ==
        "expected scalar type Float but found Double");
  CHECK(error_of<IndexError>([&] { mv(ones({}, DType::Float32), ones({3}, DType::Float32)); }) ==
        "Dimension specified as 0 but tensor has no dimensions");
}

TEST_CASE("every dtype but bool multiplies; integers wrap", "[matmul]") {
  const Tensor u = floats({1, 2}, {200, 100}, DType::UInt8), w = floats({2, 1}, {2, 3}, DType::UInt8);
  CHECK(values<uint8_t>(mm(u, w)) == std::vector<uint8_t>{188});  // 700 mod 256
  const Tensor s = floats({1, 2}, {100, 100}, DType::Int8), sw = floats({2}, {2, 3}, DType::Int8);
  CHECK(values<int8_t>(matmul(s, sw)) == std::vector<int8_t>{-12});  // 500 wraps to -12
  CHECK(values<int64_t>(dot(floats({3}, {1, 2, 3}, DType::Int64), floats({3}, {4, 5, 6}, DType::Int64))) ==
        std::vector<int64_t>{32});
  // float16 and bfloat16 (PyTorch 2.x; 1.13 refused float16): sums in float, rounded once.
  for (DType d : {DType::Float16, DType::BFloat16}) {
    const Tensor h = floats({2, 2}, {1, 2, 3, 4}, d), hv = floats({2}, {5, 6}, d);
    CHECK(mm(h, h).dtype() == d);
    CHECK(values<float>(to(mm(h, h), DType::Float32, std::nullopt)) == std::vector<float>{7, 10, 15, 22});
    CHECK(values<float>(to(mv(h, hv), DType::Float32, std::nullopt)) == std::vector<float>{17, 39});
    CHECK(values<float>(to(dot(hv, hv), DType::Float32, std::nullopt)) == std::vector<float>{61});
    CHECK(values<float>(to(matmul(unsqueeze(h, 0), h), DType::Float32, std::nullopt)) ==
          std::vector<float>{7, 10, 15, 22});
  }
  const Tensor t = ones({2, 2}, DType::Bool);
  CHECK(error_of<NotImplementedError>([&] { mm(t, t); }) == "\"addmm_impl_cpu_\" not implemented for 'Bool'");
  CHECK(error_of<NotImplementedError>([&] { mv(t, ones({2}, DType::Bool)); }) == "\"addmv_impl_cpu\" not implemented for 'Bool'");
  CHECK(error_of<NotImplementedError>([&] { bmm(unsqueeze(t, 0), unsqueeze(t, 0)); }) == "\"bmm\" not implemented for 'Bool'");
  // Empty results and empty sums succeed for bool too (PyTorch returns before its dtype dispatch).
  CHECK(values<bool>(mm(ones({2, 0}, DType::Bool), ones({0, 2}, DType::Bool))) == std::vector<bool>{0, 0, 0, 0});
}

TEST_CASE("complex dot and vdot (PyTorch 2.x values; Debian's 1.13 returns 0)", "[matmul]") {
  using C = std::complex<float>;
  Tensor a = empty({2}, DType::Complex64), b = empty({2}, DType::Complex64);
  a.data<C>()[0] = C(1, 2), a.data<C>()[1] = C(0, 3);
  b.data<C>()[0] = C(1, 1), b.data<C>()[1] = C(2, 0);
  CHECK(values<C>(dot(a, b)) == std::vector<C>{C(-1, 9)});   // (1+2i)(1+i) + 3i*2
  CHECK(values<C>(vdot(a, b)) == std::vector<C>{C(3, -7)});  // (1-2i)(1+i) - 3i*2
  CHECK(values<C>(mv(unsqueeze(a, 0), b)) == std::vector<C>{C(-1, 9)});
  CHECK(values<C>(mm(unsqueeze(a, 0), unsqueeze(b, 1))) == std::vector<C>{C(-1, 9)});
}

TEST_CASE("strided, expanded and empty operands", "[matmul]") {
  const Tensor m = floats({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  CHECK(values<float>(matmul(m, expand(floats({}, {2}), {3}))) == std::vector<float>{12, 30, 48});
  CHECK(values<float>(matmul(slice(m, 1, 0, std::nullopt, 2), slice(m, 0, 0, std::nullopt, 2))) ==
        std::vector<float>{22, 26, 30, 46, 56, 66, 70, 86, 102});
  CHECK(values<float>(matmul(t(m), select(m, 1, 0))) == std::vector<float>{66, 78, 90});
  CHECK(values<float>(mm(ones({2, 0}, DType::Float32), ones({0, 3}, DType::Float32))) == std::vector<float>(6, 0));
  CHECK(matmul(ones({0}, DType::Float32), ones({0}, DType::Float32)).dim() == 0);
  // PyTorch 2.x checks mv's dtypes before its sizes: an empty sum of mixed dtypes is an error too.
  CHECK(error_of<RuntimeError>([&] { mv(ones({2, 0}, DType::Float32), ones({0}, DType::Float64)); }) ==
        "addmv input tensors must have the same dtype, but got Double, Float, and Double");
  const Tensor e = mv(ones({2, 0}, DType::Float64), ones({0}, DType::Float64));
  CHECK(values<double>(e) == std::vector<double>{0, 0});
  CHECK(values<float>(outer(floats({2}, {1, 2}), floats({3}, {1, 10, 100}))) ==
        std::vector<float>{1, 10, 100, 2, 20, 200});
  CHECK(outer(ones({2}, DType::Bool), ones({2}, DType::Int64)).dtype() == DType::Int64);
}

TEST_CASE("linalg.solve: exact seed system, layouts, singular matrices", "[matmul][linalg]") {
  const Tensor A = floats({3, 3}, {2, 3, -1, 1, -2, 8, 6, 1, -3}), b = floats({3}, {5, 21, -1});
  // PyTorch 2.x prints tensor([1., 2., 3.]): LU of A itself gives exactly 1, 2, 3.
  CHECK(values<float>(linalg_solve(A, b)) == std::vector<float>{1, 2, 3});
  CHECK(values<double>(linalg_solve(to(A, DType::Float64, std::nullopt), to(b, DType::Float64, std::nullopt))) ==
        std::vector<double>{1, 2, 3});
  // Column-major results when left, batched vectors included; row-major when not.
  CHECK(linalg_solve(A, ones({3, 2}, DType::Float32)).strides() == Shape{1, 3});
  CHECK(linalg_solve(A, ones({2, 3, 2}, DType::Float32)).strides() == Shape{6, 1, 3});
  CHECK(linalg_solve(expand(A, {2, 3, 3}), ones({2, 3}, DType::Float32)).strides() == Shape{1, 2});
  CHECK(linalg_solve(A, ones({2, 3}, DType::Float32), false).strides() == Shape{3, 1});
  const Tensor x = linalg_solve(A, unsqueeze(b, 0), false);  // x @ A = b
  const std::vector<float> xa = values<float>(matmul(x, A));
  CHECK(xa[0] == Approx(5).epsilon(1e-5));
  CHECK(xa[1] == Approx(21).epsilon(1e-5));
  CHECK(xa[2] == Approx(-1).epsilon(1e-5));
  // Singular: torch._C._LinAlgError, naming the batch element when A is batched.
  const Tensor S = ones({3, 3}, DType::Float32);
  try {
    linalg_solve(S, b);
    FAIL("no error");
  } catch (const LinAlgError& e) {
    CHECK(std::string(e.kind()) == "torch._C._LinAlgError");
    CHECK(std::string(e.what()) == "torch.linalg.solve: The solver failed because the input matrix is singular.");
  }
  CHECK(error_of<LinAlgError>([&] { linalg_solve(stack({A, S}, 0), b); }) ==
        "torch.linalg.solve: (Batch element 1): The solver failed because the input matrix is singular.");
  CHECK(error_of<LinAlgError>([&] { linalg_solve(zeros({2, 2}, DType::Float32), ones({2, 0}, DType::Float32)); }) ==
        "torch.linalg.solve: The solver failed because the input matrix is singular.");
  CHECK(error_of<NotImplementedError>([&] { linalg_solve(to(A, DType::Float16, std::nullopt), to(b, DType::Float16, std::nullopt)); }) ==
        "\"lu_cpu\" not implemented for 'Half'");
  // NaN is no error: it spreads to the solution.
  const Tensor n = linalg_solve(floats({2, 2}, {1, NAN, 2, 4}), ones({2}, DType::Float32));
  CHECK(std::isnan(values<float>(n)[0]));
}

TEST_CASE("mm agrees with its contiguous form for every layout of single rows and columns") {
  // A single row or column whose other stride is not 1 (a column sliced out of a matrix, a row of a
  // transposed one): BLAS steps over its leading dimension, which must keep the real stride. These
  // once gave wrong values (t @ m[:, 3:]).
  for (DType d : {DType::Float32, DType::Float64}) {
    const Tensor big = to(arange(Scalar(int64_t{1}), Scalar(int64_t{61}), Scalar(int64_t{1}), DType::Int64), d, std::nullopt);
    const Tensor m = view(big, {6, 10});
    for (int64_t M : {1, 2, 3}) {
      for (int64_t K : {1, 3}) {
        for (int64_t N : {1, 2, 4}) {
          // Each operand as is, transposed from storage, or sliced with a step.
          const std::vector<Tensor> as = {contiguous(slice(slice(m, 0, 0, M, 1), 1, 0, K, 1)),
                                          t(slice(slice(m, 0, 0, K, 1), 1, 0, M, 1)),
                                          slice(slice(m, 0, 1, 1 + M, 1), 1, 2, 2 + 2 * K, 2),
                                          t(slice(slice(m, 0, 0, K, 1), 1, 3, 3 + M, 1))};
          const std::vector<Tensor> bs = {contiguous(slice(slice(m, 0, 0, K, 1), 1, 0, N, 1)),
                                          t(slice(slice(m, 0, 0, N, 1), 1, 0, K, 1)),
                                          slice(slice(m, 0, 2, 2 + K, 1), 1, 9 - N, 9, 1),
                                          slice(slice(m, 0, 0, 2 * K, 2), 1, 1, 1 + N, 1)};
          for (const Tensor& a : as) {
            for (const Tensor& b : bs) {
              INFO("M " << M << " K " << K << " N " << N << " a strides " << a.stride(0) << "," << a.stride(1)
                        << " b strides " << b.stride(0) << "," << b.stride(1));
              CHECK(values<double>(to(mm(a, b), DType::Float64, std::nullopt)) ==
                    values<double>(to(mm(contiguous(a), contiguous(b)), DType::Float64, std::nullopt)));
            }
          }
        }
      }
    }
  }
}
