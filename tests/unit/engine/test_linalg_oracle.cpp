// tests/unit/engine/test_linalg_oracle.cpp — torch.linalg against PyTorch 2.x on random inputs.
//
// data/linalg_oracle.txt (written by tests/oracle/gen_linalg.py with the oracle) holds, for every
// function x dtype x layout, the inputs and PyTorch's outputs. Each input is rebuilt here in its
// layout (contiguous, transposed, sliced out of a bigger tensor, batched), the engine's function
// runs, and its outputs must match within tolerances that allow for two different LAPACKs (MKL in
// PyTorch's wheel, OpenBLAS here): relative 1e-4 in single precision, 1e-9 in double; integer
// outputs (ranks, pivots) exactly.
#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <fstream>
#include <functional>
#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/shape.h"
#include "engine/cpu/math_library.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_eigen.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/sort.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

struct Record {
  DType dtype;
  Shape shape;
  std::vector<std::complex<double>> values;
};

struct Case {
  std::string name, op, layout;
  std::vector<Record> in, out;
};

DType dtype_named(const std::string& s) {
  static const std::map<std::string, DType> names = {
      {"float32", DType::Float32},     {"float64", DType::Float64}, {"complex64", DType::Complex64},
      {"complex128", DType::Complex128}, {"int32", DType::Int32},   {"int64", DType::Int64},
      {"bool", DType::Bool}};
  return names.at(s);
}

Record parse_record(std::istringstream& in) {
  Record r;
  std::string dt, shape, v;
  in >> dt >> shape;
  r.dtype = dtype_named(dt);
  if (shape != "-") {
    std::stringstream ss(shape);
    for (std::string d; std::getline(ss, d, 'x');) r.shape.push_back(std::stoll(d));
  }
  while (in >> v) {
    const size_t colon = v.find(':');
    if (colon == std::string::npos) r.values.emplace_back(std::stod(v), 0.0);
    else r.values.emplace_back(std::stod(v.substr(0, colon)), std::stod(v.substr(colon + 1)));
  }
  return r;
}

std::vector<Case> load_cases() {
  std::ifstream f(std::string(TSH_TEST_DATA) + "/linalg_oracle.txt");
  REQUIRE(f.good());
  std::vector<Case> cases;
  for (std::string line; std::getline(f, line);) {
    std::istringstream in(line);
    std::string kind;
    in >> kind;
    if (kind == "case") {
      Case c;
      in >> c.name >> c.op >> c.layout;
      cases.push_back(c);
    } else if (kind == "in") {
      cases.back().in.push_back(parse_record(in));
    } else if (kind == "out") {
      cases.back().out.push_back(parse_record(in));
    }
  }
  return cases;
}

Tensor tensor_from(const Record& r) {
  std::vector<Scalar> s;
  for (const auto& v : r.values) {
    if (is_complex(r.dtype)) s.emplace_back(v);
    else if (r.dtype == DType::Bool) s.emplace_back(v.real() != 0);
    else if (!is_floating(r.dtype)) s.emplace_back(static_cast<int64_t>(v.real()));
    else s.emplace_back(v.real());
  }
  return from_scalars(r.shape, s, r.dtype, Device{});
}

// The input rebuilt in the case's layout, with the same values.
Tensor in_layout(const Tensor& t, const std::string& layout) {
  if (t.dim() < 2 || layout == "contiguous" || layout == "batched") return t;
  if (layout == "transposed") return mT(contiguous(mT(t)));
  Shape big = t.sizes();
  big[big.size() - 2] += 1;
  big[big.size() - 1] += 2;
  Tensor holder = full(big, Scalar(7.0), t.dtype());
  Tensor view = narrow(narrow(holder, -2, 1, t.size(-2)), -1, 1, t.size(-1));
  copy_(view, t);
  return view;
}

Tensor mH(const Tensor& t) { return is_complex(t.dtype()) ? conj(mT(t)) : mT(t); }
Tensor diag_embed_like(const Tensor& d, DType dtype) {
  // diag_embed over the last dim, in dtype: d[..., i] on the diagonal.
  const int64_t n = d.size(-1);
  Shape s = d.sizes();
  s.push_back(n);
  const Tensor eye_n = expand(eye(n, std::nullopt, dtype), s);
  return mul(eye_n, unsqueeze(to(d, dtype, std::nullopt), -2));
}

using Op = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

const std::map<std::string, Op>& ops() {
  static const std::map<std::string, Op> table = {
      {"inv", [](auto& a) { return std::vector<Tensor>{inverse(a[0])}; }},
      {"det", [](auto& a) { return std::vector<Tensor>{det(a[0])}; }},
      {"slogdet", [](auto& a) { auto [s, l] = slogdet(a[0]); return std::vector<Tensor>{s, l}; }},
      {"matrix_exp", [](auto& a) { return std::vector<Tensor>{matrix_exp(div(a[0], Operand(4.0)))}; }},
      {"matrix_power3", [](auto& a) { return std::vector<Tensor>{matrix_power(a[0], 3)}; }},
      {"matrix_power_neg2", [](auto& a) { return std::vector<Tensor>{matrix_power(a[0], -2)}; }},
      {"pinv", [](auto& a) { return std::vector<Tensor>{linalg_pinv(a[0], std::nullopt, std::nullopt, false)}; }},
      {"svdvals", [](auto& a) { return std::vector<Tensor>{svdvals(a[0])}; }},
      {"svd_product",
       [](auto& a) {
         auto [U, S, Vh] = linalg_svd(a[0], false);
         return std::vector<Tensor>{S, matmul(matmul(U, diag_embed_like(S, a[0].dtype())), Vh)};
       }},
      {"matrix_norm_fro", [](auto& a) { return std::vector<Tensor>{matrix_norm(a[0], std::string("fro"), {-2, -1}, false, std::nullopt)}; }},
      {"matrix_norm_nuc", [](auto& a) { return std::vector<Tensor>{matrix_norm(a[0], std::string("nuc"), {-2, -1}, false, std::nullopt)}; }},
      {"matrix_norm_2", [](auto& a) { return std::vector<Tensor>{matrix_norm(a[0], 2.0, {-2, -1}, false, std::nullopt)}; }},
      {"matrix_norm_1", [](auto& a) { return std::vector<Tensor>{matrix_norm(a[0], 1.0, {-2, -1}, false, std::nullopt)}; }},
      {"matrix_norm_inf", [](auto& a) { return std::vector<Tensor>{matrix_norm(a[0], INFINITY, {-2, -1}, false, std::nullopt)}; }},
      {"vector_norm_3", [](auto& a) { return std::vector<Tensor>{vector_norm(a[0], 3.0, std::vector<int64_t>{-1}, false, std::nullopt)}; }},
      {"cond", [](auto& a) { return std::vector<Tensor>{cond(a[0], std::nullopt)}; }},
      {"cond_1", [](auto& a) { return std::vector<Tensor>{cond(a[0], NormOrder{1.0})}; }},
      {"matrix_rank", [](auto& a) { return std::vector<Tensor>{matrix_rank(a[0], std::nullopt, std::nullopt, false)}; }},
      {"eigvalsh", [](auto& a) { return std::vector<Tensor>{linalg_eigh(a[0], "L", false).first}; }},
      {"eigh_product",
       [](auto& a) {
         auto [w, V] = linalg_eigh(a[0], "L", true);
         return std::vector<Tensor>{w, matmul(matmul(V, diag_embed_like(w, a[0].dtype())), mH(V))};
       }},
      {"eigvals_sorted",
       [](auto& a) { return std::vector<Tensor>{sort(abs(linalg_eig(a[0], false).first), -1, false, false).values}; }},
      {"eig_product",
       [](auto& a) {
         auto [w, V] = linalg_eig(a[0], true);
         return std::vector<Tensor>{matmul(matmul(V, diag_embed_like(w, w.dtype())), inverse(V))};
       }},
      {"cholesky", [](auto& a) { return std::vector<Tensor>{linalg_cholesky_ex(a[0], false, true, "linalg.cholesky").first}; }},
      {"cholesky_upper", [](auto& a) { return std::vector<Tensor>{linalg_cholesky_ex(a[0], true, true, "linalg.cholesky").first}; }},
      {"matrix_sqrth", [](auto& a) { return std::vector<Tensor>{matrix_sqrth(a[0])}; }},
      {"polar", [](auto& a) { auto [U, H] = polar(a[0]); return std::vector<Tensor>{U, H}; }},
      {"qr_r_abs", [](auto& a) { return std::vector<Tensor>{abs(linalg_qr(a[0], "reduced").second)}; }},
      {"qr_product", [](auto& a) { auto [Q, R] = linalg_qr(a[0], "reduced"); return std::vector<Tensor>{matmul(Q, R)}; }},
      {"lu_factor",
       [](auto& a) {
         const LuFactors f = linalg_lu_factor(a[0], true, "torch.linalg.lu_factor", true);
         return std::vector<Tensor>{f.lu, f.pivots};
       }},
      {"lu", [](auto& a) { auto [P, L, U] = linalg_lu(a[0], true); return std::vector<Tensor>{P, L, U}; }},
      {"ldl_solve",
       [](auto& a) {
         auto [LD, piv, info] = linalg_ldl_factor_ex(add(a[0], mT(a[0])), false, true, "torch.linalg.ldl_factor");
         Shape rhs = a[0].sizes();
         rhs.back() = 2;
         return std::vector<Tensor>{linalg_ldl_solve(LD, piv, ones(rhs, a[0].dtype()), false)};
       }},
      {"solve", [](auto& a) { return std::vector<Tensor>{linalg_solve(a[0], a[1])}; }},
      {"solve_left_false", [](auto& a) { return std::vector<Tensor>{linalg_solve(a[0], mT(a[1]), false)}; }},
      {"lu_solve",
       [](auto& a) {
         const LuFactors f = linalg_lu_factor(a[0], true, "torch.linalg.lu_factor", true);
         return std::vector<Tensor>{linalg_lu_solve(f.lu, f.pivots, a[1], true, false)};
       }},
      {"lu_solve_adjoint",
       [](auto& a) {
         const LuFactors f = linalg_lu_factor(a[0], true, "torch.linalg.lu_factor", true);
         return std::vector<Tensor>{linalg_lu_solve(f.lu, f.pivots, a[1], true, true)};
       }},
      {"lu_solve_right",
       [](auto& a) {
         const LuFactors f = linalg_lu_factor(a[0], true, "torch.linalg.lu_factor", true);
         return std::vector<Tensor>{linalg_lu_solve(f.lu, f.pivots, mT(a[1]), false, false)};
       }},
      {"solve_triangular_lower", [](auto& a) { return std::vector<Tensor>{solve_triangular(tril(a[0]), a[1], false, true, false)}; }},
      {"solve_triangular_upper_right",
       [](auto& a) { return std::vector<Tensor>{solve_triangular(triu(a[0]), mT(a[1]), true, false, false)}; }},
      {"lstsq", [](auto& a) { return std::vector<Tensor>{linalg_lstsq(a[0], a[1], std::nullopt, std::nullopt).solution}; }},
      {"lstsq_gelsd",
       [](auto& a) {
         const LstsqResult r = linalg_lstsq(a[0], a[1], std::nullopt, std::string("gelsd"));
         return std::vector<Tensor>{r.solution, r.residuals, r.singular_values};
       }},
      {"multi_dot", [](auto& a) { return std::vector<Tensor>{multi_dot({narrow(a[0], 0, 0, 3), a[1], mT(a[1])})}; }},
      {"vecdot", [](auto& a) { return std::vector<Tensor>{vecdot(narrow(a[0], -1, 0, 2), a[1], -2)}; }},
  };
  return table;
}

// How far a result may be from PyTorch's: relative to the largest expected magnitude.
void check_close(const std::string& name, size_t k, const Tensor& got, const Record& want) {
  INFO(name << " output " << k);
  REQUIRE(got.sizes() == want.shape);
  REQUIRE(got.dtype() == want.dtype);
  const Tensor g = contiguous(got);
  if (!is_floating(want.dtype) && !is_complex(want.dtype)) {
    const std::vector<int64_t> v = int_values(g);
    for (size_t i = 0; i < v.size(); ++i) REQUIRE(v[i] == static_cast<int64_t>(want.values[i].real()));
    return;
  }
  std::vector<std::complex<double>> v;
  if (is_complex(want.dtype)) {
    const std::vector<double> re = host_values<double>(contiguous(to(real(g), DType::Float64, std::nullopt)));
    const std::vector<double> im = host_values<double>(contiguous(to(imag(g), DType::Float64, std::nullopt)));
    for (size_t i = 0; i < re.size(); ++i) v.emplace_back(re[i], im[i]);
  } else {
    for (double x : host_values<double>(to(g, DType::Float64, std::nullopt))) v.emplace_back(x, 0.0);
  }
  double scale = 1.0;
  for (const auto& w : want.values) scale = std::max(scale, std::abs(w));
  const bool single = want.dtype == DType::Float32 || want.dtype == DType::Complex64;
  const double tol = (single ? 1e-4 : 1e-9) * scale;
  for (size_t i = 0; i < v.size(); ++i) {
    INFO("element " << i << ": tsh " << v[i] << ", PyTorch " << want.values[i]);
    REQUIRE(std::abs(v[i] - want.values[i]) <= tol);
  }
}

}  // namespace

TEST_CASE("torch.linalg agrees with PyTorch 2.x on random inputs in every dtype and layout") {
  const std::vector<Case> cases = load_cases();
  REQUIRE(cases.size() > 500);
  size_t checked = 0;
  for (const Case& c : cases) {
    INFO(c.name);
    auto it = ops().find(c.op);
    REQUIRE(it != ops().end());
    std::vector<Tensor> inputs;
    for (const Record& r : c.in) inputs.push_back(in_layout(tensor_from(r), c.layout));
    const std::vector<Tensor> outs = it->second(inputs);
    REQUIRE(outs.size() == c.out.size());
    for (size_t k = 0; k < outs.size(); ++k) check_close(c.name, k, outs[k], c.out[k]);
    ++checked;
  }
  CHECK(checked == cases.size());
}

// Under MKL (ctest's linalg/mkl_bits: TSH_BLAS=mkl with MKL_CBWR=AVX2, the setting the data file was
// written with) tsh makes PyTorch's LAPACK and BLAS calls in the same library: every output element
// has PyTorch's bits. Prints how many cases agree; fails on any that does not.
TEST_CASE("under MKL, torch.linalg gives PyTorch 2.x's bits", "[mkl]") {
  if (!tsh::cpu::mathlib().mkl) return;  // the OpenBLAS run checks within tolerances (above)
  const std::vector<Case> cases = load_cases();
  size_t exact = 0;
  std::vector<std::string> differ;
  for (const Case& c : cases) {
    std::vector<Tensor> inputs;
    for (const Record& r : c.in) inputs.push_back(in_layout(tensor_from(r), c.layout));
    const std::vector<Tensor> outs = ops().at(c.op)(inputs);
    bool same = outs.size() == c.out.size();
    for (size_t k = 0; same && k < outs.size(); ++k) {
      const Tensor g = contiguous(outs[k]);
      const Record& want = c.out[k];
      if (is_complex(want.dtype)) {
        const std::vector<double> re = host_values<double>(contiguous(to(real(g), DType::Float64, std::nullopt)));
        const std::vector<double> im = host_values<double>(contiguous(to(imag(g), DType::Float64, std::nullopt)));
        for (size_t i = 0; same && i < re.size(); ++i) same = re[i] == want.values[i].real() && im[i] == want.values[i].imag();
      } else {
        const std::vector<double> v = host_values<double>(contiguous(to(g, DType::Float64, std::nullopt)));
        for (size_t i = 0; same && i < v.size(); ++i)
          same = v[i] == want.values[i].real() || (std::isnan(v[i]) && std::isnan(want.values[i].real()));
      }
    }
    if (same) ++exact;
    else differ.push_back(c.name);
  }
  // The cases known to differ (data/linalg_mkl_known.txt, with the reasons).
  std::set<std::string> known;
  std::ifstream file(std::string(TSH_TEST_DATA) + "/linalg_mkl_known.txt");
  REQUIRE(file.good());
  for (std::string line; std::getline(file, line);)
    if (!line.empty() && line[0] != '#') known.insert(line);
  std::string unexpected, fixed;
  for (const std::string& n : differ)
    if (!known.count(n)) unexpected += "\n  " + n;
  for (const std::string& n : known)
    if (std::find(differ.begin(), differ.end(), n) == differ.end()) fixed += "\n  " + n;
  WARN(exact << " of " << cases.size() << " cases give PyTorch's bits exactly; " << differ.size()
             << " differ, as linalg_mkl_known.txt lists" << (fixed.empty() ? "" : "; listed there but now exact:" + fixed));
  INFO("cases that differ from PyTorch's bits and are not in linalg_mkl_known.txt:" << unexpected);
  CHECK(unexpected.empty());
}
