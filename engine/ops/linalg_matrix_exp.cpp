// engine/ops/linalg_matrix_exp.cpp — linalg.matrix_exp as PyTorch 2.x computes it.
//
// Bader, Blanes and Casas' optimised Taylor polynomials of degree 1, 2, 4, 8, 12 and 18 ("Computing
// the Matrix Exponential with an Optimized Taylor Polynomial Approximation", Mathematics 2019), with
// scaling and squaring past the degree-18 bound. The steps are PyTorch's, in its order, so that
// every product and sum rounds as PyTorch's do and the results have its bits:
//   - one matrix picks the lowest degree whose bound (per dtype) holds its 1-norm; a batch of more
//     than one goes wholly through degree 18 with scaling;
//   - the powers I, A, A^2, A^3, A^6 are batched products; each linear combination of them is a
//     sum from zero in coefficient order, each coefficient rounded to the real dtype;
//   - scaling multiplies by 2^-s, s = max(0, ceil(log2(norm / theta18))), and squaring runs the
//     batch sorted by s, squaring the still-unfinished matrices together.
// The degree-8 polynomial uses the paper's x7 = (89 - sqrt 177) / (5040 x3^2), as PyTorch 2.x does.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/join.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_util.h"
#include "engine/ops/matmul.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

using linalg_util::S;

namespace {

// The 1-norm bounds of degrees 1, 2, 4, 8, 12 and 18, for single and double precision.
constexpr double kThetaFloat[6] = {1.192092800768788e-07, 5.978858893805233e-04, 5.116619363445086e-02,
                                   5.800524627688768e-01, 1.461661507209034e+00, 3.010066362817634e+00};
constexpr double kThetaDouble[6] = {2.220446049250313e-16, 2.580956802971767e-08, 3.397168839976962e-04,
                                    4.991228871115323e-02, 2.996158913811580e-01, 1.090863719290036e+00};

// Polynomial arithmetic in the matrices' dtype, with coefficients rounded to its real type.
struct Poly {
  bool single;  // float32 or complex64

  double round(double c) const { return single ? static_cast<double>(static_cast<float>(c)) : c; }

  // sum_j c[j] * m[j], accumulated from zero in order (complex matrices: each part times c).
  Tensor combine(const std::vector<Tensor>& m, const std::vector<double>& c) const {
    const bool complex = is_complex(m[0].dtype());
    Tensor acc = zeros_like(complex ? view_as_real(m[0]) : m[0]);
    for (size_t j = 0; j < m.size(); ++j)
      acc = add(acc, mul(complex ? view_as_real(m[j]) : m[j], Operand(round(c[j]))));
    return complex ? view_as_complex(acc) : acc;
  }
};

// Host values as a tensor of dtype d.
Tensor real_values(const std::vector<double>& v, DType d, Device device) {
  return to(tensor_of<double>(v, {static_cast<int64_t>(v.size())}, DType::Float64, device), d, std::nullopt);
}

// I, A, A^2, A^3, A^6: the first `count` of them.
std::vector<Tensor> powers(const Tensor& a, int count) {
  const int64_t n = a.size(-1);
  std::vector<Tensor> p = {contiguous(expand(eye(n, std::nullopt, a.dtype(), a.device()), a.sizes())), a};
  if (count > 2) p.push_back(matmul(a, a));
  if (count > 3) p.push_back(matmul(a, p[2]));
  if (count > 4) p.push_back(matmul(p[3], p[3]));
  return p;
}

Tensor taylor1(const Tensor& a) { return sum(stack(powers(a, 2)), std::vector<int64_t>{0}); }

Tensor taylor2(const Tensor& a) {
  std::vector<Tensor> p = powers(a, 3);
  p[2] = div(p[2], Operand(2.0));
  return sum(stack(p), std::vector<int64_t>{0});
}

Tensor taylor4(const Poly& f, const Tensor& a) {
  std::vector<Tensor> p = powers(a, 3);
  p.push_back(matmul(p[2], f.combine(p, {1 / 2.0, 1 / 6.0, 1 / 24.0})));
  return f.combine(p, {1.0, 1.0, 0.0, 1.0});
}

Tensor taylor8(const Poly& f, const Tensor& a) {
  // The constants as C++ computes them from single-precision operands in double arithmetic.
  const double sqrt177 = f.round(0.1330413469565007072504e+2), x3 = f.round(2. / 3.);
  const double x1 = x3 * ((1. + sqrt177) / 88.), x2 = x3 * ((1. + sqrt177) / 352.);
  const double x4 = (-271. + 29. * sqrt177) / (315. * x3), x5 = (-11. + 11. * sqrt177) / (1260. * x3);
  const double x6 = (-99. + 11. * sqrt177) / (5040. * x3), x7 = (89. - sqrt177) / (5040. * x3 * x3);
  const double y2 = (857. - 58. * sqrt177) / 630.;
  std::vector<Tensor> p = powers(a, 3);
  p.push_back(matmul(p[2], f.combine({p[1], p[2]}, {x1, x2})));  // A4 = A2 (x1 A + x2 A2)
  p.push_back(matmul(f.combine({p[2], p[3]}, {x3, 1.0}), f.combine(p, {x4, x5, x6, x7})));  // A8
  return f.combine(p, {1.0, 1.0, y2, 0.0, 1.0});
}

Tensor taylor12(const Poly& f, const Tensor& a) {
  static const std::vector<std::vector<double>> b = {
      {9.0198e-16, 0.46932117595418237389, -0.20099424927047284052, -0.04623946134063071740},
      {5.31597895759871264183, 1.19926790417132231573, 0.01179296240992997031, 0.01108844528519167989},
      {0.18188869982170434744, 0.05502798439925399070, 0.09351590770535414968, 0.00610700528898058230},
      {-2.0861320e-13, -0.13181061013830184015, -0.02027855540589259079, -0.00675951846863086359}};
  const std::vector<Tensor> p = powers(a, 4);
  std::vector<Tensor> B;
  for (const auto& row : b) B.push_back(f.combine(p, row));
  B[2] = add(B[2], matmul(B[3], B[3]));  // A6
  B[1] = add(B[1], B[2]);
  return add(B[0], matmul(B[1], B[2]));
}

Tensor taylor18(const Poly& f, const Tensor& a) {
  static const std::vector<std::vector<double>> b = {
      {0., -1.00365581030144618291e-01, -8.02924648241156932449e-03, -8.92138498045729985177e-04, 0.},
      {0., 3.97849749499645077844e-01, 1.36783778460411720168e+00, 4.98289622525382669416e-01,
       -6.37898194594723280150e-04},
      {-1.09676396052962061844e+01, 1.68015813878906206114e+00, 5.71779846478865511061e-02,
       -6.98210122488052056106e-03, 3.34975017086070470649e-05},
      {-9.04316832390810593223e-02, -6.76404519071381882256e-02, 6.75961301770459654925e-02,
       2.95552570429315521194e-02, -1.39180257516060693404e-05},
      {0., 0., -9.23364619367118555360e-02, -1.69364939002081722752e-02, -1.40086798182036094347e-05}};
  const std::vector<Tensor> p = powers(a, 5);
  std::vector<Tensor> B;
  for (const auto& row : b) B.push_back(f.combine(p, row));
  B[3] = add(B[3], matmul(B[0], B[4]));  // A9
  B[2] = add(B[2], B[3]);
  return add(B[1], matmul(B[2], B[3]));
}

// Degree 18 after scaling by 2^-s, then s squarings; norms are the matrices' 1-norms. A matrix whose
// norm is not finite has no exponential: NaN throughout, as PyTorch's comes out.
Tensor scale_and_square(const Poly& f, const Tensor& a, const std::vector<double>& norms, double theta) {
  const int64_t count = a.size(0);
  const DType real = is_complex(a.dtype()) ? (f.single ? DType::Float32 : DType::Float64) : a.dtype();
  // s in the real dtype's arithmetic, as PyTorch's tensor ops compute it.
  const Tensor norm = real_values(norms, real, a.device());
  const std::vector<double> s =
      host_values<double>(contiguous(to(clamp_min(ceil(log2(div(norm, Operand(f.round(theta))))), Operand(0.0)),
                                        DType::Float64, std::nullopt)));
  std::vector<double> factor(static_cast<size_t>(count));
  std::vector<int64_t> squarings(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const bool finite = std::isfinite(s[i]);
    factor[i] = finite ? std::ldexp(1.0, -static_cast<int>(std::min(s[i], 2000.0))) : std::numeric_limits<double>::quiet_NaN();
    squarings[i] = finite ? static_cast<int64_t>(s[i]) : 0;
  }
  const Tensor scaled = mul(a, reshape(real_values(factor, real, a.device()), {count, 1, 1}));
  const Tensor e = taylor18(f, scaled);
  // Square the batch in order of s: every matrix still short of its count is squared together.
  std::vector<int64_t> order(static_cast<size_t>(count));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) { return squarings[x] < squarings[y]; });
  Tensor acc = index_select(e, 0, tensor_of<int64_t>(order, {count}, DType::Int64, a.device()));
  std::vector<Tensor> pieces;
  int64_t done = 0, start = 0;
  while (start < count) {
    const int64_t target = squarings[order[start]];
    int64_t end = start;
    while (end < count && squarings[order[end]] == target) ++end;
    for (; done < target; ++done) acc = matmul(acc, acc);
    pieces.push_back(narrow(acc, 0, 0, end - start));
    acc = narrow(acc, 0, end - start, count - end);
    start = end;
  }
  std::vector<int64_t> inverse(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) inverse[order[i]] = i;
  Tensor out = index_select(cat(pieces, 0), 0, tensor_of<int64_t>(inverse, {count}, DType::Int64, a.device()));
  bool all_finite = true;
  for (double v : s) all_finite = all_finite && std::isfinite(v);
  if (all_finite) return out;
  std::vector<double> keep(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) keep[i] = std::isfinite(s[i]) ? 1.0 : 0.0;
  const Tensor finite = reshape(real_values(keep, DType::Bool, a.device()), {count, 1, 1});
  return where(finite, out, Operand(std::numeric_limits<double>::quiet_NaN()));
}

}  // namespace

Tensor matrix_exp(const Tensor& A) {
  TSH_CHECK(A.dim() >= 2, RuntimeError, "linalg.matrix_exp: The input tensor A must have at least 2 dimensions.");
  TSH_CHECK(A.size(-1) == A.size(-2), RuntimeError,
            "linalg.matrix_exp: A must be batches of square matrices, but they are " + S(A.size(-2)) + " by " +
                S(A.size(-1)) + " matrices");
  TSH_CHECK(is_floating(A.dtype()) || is_complex(A.dtype()), NotImplementedError,
            std::string("linalg.matrix_exp: Expected a floating point or complex tensor as input. Got ") +
                scalar_type_name(A.dtype()));
  const int64_t n = A.size(-1);
  if (n == 0 || A.numel() == 0) return clone(A);
  if (A.device().is_meta()) return empty_like(A, std::nullopt, std::nullopt);
  if (n == 1) return exp(A);
  // 16-bit floats: PyTorch runs the polynomials in them and overflows; tsh computes in float32 and
  // rounds once.
  const DType d = A.dtype();
  if (d == DType::Float16 || d == DType::BFloat16) return to(matrix_exp(to(A, DType::Float32, std::nullopt)), d, std::nullopt);
  const Poly f{d == DType::Float32 || d == DType::Complex64};
  const double* theta = f.single ? kThetaFloat : kThetaDouble;
  const Tensor a = contiguous(reshape(A, {-1, n, n}));
  const int64_t count = a.size(0);
  // The 1-norm of each matrix: the largest column sum of magnitudes, in the real dtype.
  const std::vector<double> norms =
      host_values<double>(contiguous(to(amax(sum(abs(a), std::vector<int64_t>{-2}), std::vector<int64_t>{-1}),
                                        DType::Float64, std::nullopt)));
  Tensor out;
  if (count > 1) {
    out = scale_and_square(f, a, norms, theta[5]);
  } else {
    // The lowest degree whose bound holds the norm; at exactly the degree-12 bound, PyTorch's degree
    // 18 result overwrites its degree 12 one. A NaN norm meets no bound: NaN throughout.
    const double norm = norms[0];
    auto bound = [&](int i) { return f.round(theta[i]); };
    if (std::isnan(norm)) out = full(a.sizes(), Scalar(std::numeric_limits<double>::quiet_NaN()), d, a.device());
    else if (norm >= bound(4)) out = scale_and_square(f, a, norms, theta[5]);
    else if (norm <= bound(0)) out = taylor1(a);
    else if (norm <= bound(1)) out = taylor2(a);
    else if (norm <= bound(2)) out = taylor4(f, a);
    else if (norm <= bound(3)) out = taylor8(f, a);
    else out = taylor12(f, a);
  }
  return reshape(contiguous(out), A.sizes());
}

}  // namespace tsh
