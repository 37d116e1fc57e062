// engine/autograd/linalg.cpp — derivatives of torch.linalg: solve, inverse, det, logdet, Cholesky,
// eigh, eig, SVD, QR, LU, the matrix exponential, triangular solves.
//
// Each attaches its node to the engine's own result (so values are the engine's bit for bit); the
// formulas are PyTorch's (FunctionsManual's), written with engine ops, so they give first
// derivatives only and refuse a second one rather than return a wrong one.
#include "engine/autograd/formula.h"
#include "engine/core/error.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/join.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_eigen.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/matmul.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh::ag {

Tensor logdet_result(const Tensor& A, const Tensor& r, const char* node) {
  if (!needs_grad({A})) return r;
  auto n = make_node(node, {A}, nullptr);
  const size_t sa = n->save(A);
  n->backward = [sa](Node& s, const TensorList& g) -> TensorList {
    first_order_only("logdet");
    // d log|det A| / dA = A^{-H}
    const Tensor scale = ag::unsqueeze(ag::unsqueeze(g[0], -1), -1);
    return {ag::mul(scale, mH(inverse(s.unpack(sa))))};
  };
  attach(n, r);
  return r;
}

Tensor cholesky_result(const Tensor& A, const Tensor& L, bool upper) {
  if (!needs_grad({A})) return L;
  auto n = make_node("LinalgCholeskyExBackward0", {A}, nullptr);
  attach(n, L);
  const size_t sl = n->save(L, true);
  n->backward = [sl, upper](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_cholesky");
    // A = L L^H: gA = sym(L^-H Phi(L^H gL) L^-1), Phi keeping the lower triangle with a halved diagonal.
    const Tensor Lv = upper ? tsh::mT(conj_if_complex(s.unpack(sl))) : s.unpack(sl);
    const Tensor gL = upper ? tsh::mT(conj_if_complex(g[0])) : g[0];
    const Tensor LH = conj_if_complex(tsh::mT(Lv));
    Tensor phi = tsh::tril(tsh::matmul(LH, gL), 0);
    const Tensor diag = tsh::diagonal(phi, 0, -2, -1);
    copy_(diag, tsh::mul(diag, 0.5));
    const Tensor left = solve_triangular(LH, phi, true, true, false);                // L^-H phi
    const Tensor S = solve_triangular(Lv, left, false, false, false);               // ... L^-1
    return {tsh::mul(tsh::add(S, conj_if_complex(tsh::mT(S))), 0.5)};
  };
  return L;
}

void eigh_result(const Tensor& A, const Tensor& values, const Tensor& vectors, const std::string& uplo) {
  if (!needs_grad({A})) return;
  auto n = make_node("LinalgEighBackward0", {A}, nullptr);
  attach(n, values, 0);
  if (vectors.defined()) attach(n, vectors, 1);
  const size_t sa = n->save(A);
  n->backward = [sa, uplo](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_eigh");
    // gA = V (skew(V^H gV) / (L_j - L_i) + diag(gL)) V^H
    auto [L, V] = linalg_eigh(s.unpack(sa), uplo, true);
    Tensor R = g.size() > 1 ? tsh::matmul(conj_if_complex(tsh::mT(V)), g[1]) : zeros(V.sizes(), V.dtype(), V.device());
    R = tsh::mul(tsh::sub(R, conj_if_complex(tsh::mT(R))), 0.5);
    Tensor E = tsh::sub(tsh::unsqueeze(L, -2), tsh::unsqueeze(L, -1));
    fill_(tsh::diagonal(E, 0, -2, -1), Scalar(1.0));
    R = tsh::div(R, E);
    copy_(tsh::diagonal(R, 0, -2, -1), g[0]);
    return {tsh::matmul(tsh::matmul(V, R), conj_if_complex(tsh::mT(V)))};
  };
}

void svd_result(const Tensor& A, const Tensor& U, const Tensor& S, const Tensor& Vh) {
  if (!needs_grad({A})) return;
  auto n = make_node("LinalgSvdBackward0", {A}, nullptr);
  if (U.defined()) attach(n, U, 0);
  attach(n, S, 1);
  if (Vh.defined()) attach(n, Vh, 2);
  const bool vectors = U.defined();
  const size_t sa = n->save(A), su = n->save(U, vectors), ss = n->save(S, true), sv = n->save(Vh, vectors);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_svd");
    const Tensor a = s.unpack(sa);
    const bool used_vectors = vectors && (host_any_nonzero(g[0]) || host_any_nonzero(g[2]));
    if (!used_vectors) {  // U diag(gS) Vh: any SVD of A gives it (signs cancel)
      auto [u, sv_, vh] = linalg_svd(a, false);
      return {tsh::matmul(tsh::mul(u, tsh::unsqueeze(g[1], -2)), vh)};
    }
    if (is_complex(a.dtype())) autograd::derivative_not_implemented("linalg_svd", "for the singular vectors of complex matrices");
    // The vectors as the forward returned them (the first k columns when full_matrices=True).
    const Tensor sval = s.unpack(ss);
    const int64_t m = a.size(-2), ncols = a.size(-1), k = sval.size(-1);
    const Tensor u = tsh::narrow(s.unpack(su), -1, 0, k), vh = tsh::narrow(s.unpack(sv), -2, 0, k);
    const Tensor gU = tsh::narrow(g[0], -1, 0, k), gVh = tsh::narrow(g[2], -2, 0, k);
    const Tensor v = tsh::mT(vh), gV = tsh::mT(gVh);
    // gA = U [skew(U^T gU)/E · S + S · skew(V^T gV)/E + diag(gS)] V^T + the parts outside U's and V's spans,
    // with E_jk = S_k^2 - S_j^2 (1 on the diagonal) and skew(X) = X - X^T.
    auto skew = [](const Tensor& x) { return tsh::sub(x, tsh::mT(x)); };
    const Tensor s2 = tsh::mul(sval, sval);
    Tensor E = tsh::sub(tsh::unsqueeze(s2, -2), tsh::unsqueeze(s2, -1));
    fill_(tsh::diagonal(E, 0, -2, -1), Scalar(1.0));
    Tensor inner = tsh::mul(tsh::div(skew(tsh::matmul(tsh::mT(u), gU)), E), tsh::unsqueeze(sval, -2));
    inner = tsh::add(inner, tsh::mul(tsh::unsqueeze(sval, -1), tsh::div(skew(tsh::matmul(tsh::mT(v), gV)), E)));
    copy_(tsh::diagonal(inner, 0, -2, -1), tsh::add(tsh::diagonal(inner, 0, -2, -1), g[1]));
    Tensor gA = tsh::matmul(tsh::matmul(u, inner), vh);
    const Tensor inv_s = tsh::reciprocal(sval);
    if (m > k) {  // (I - U U^T) gU S^-1 V^T
      const Tensor proj = tsh::sub(gU, tsh::matmul(u, tsh::matmul(tsh::mT(u), gU)));
      gA = tsh::add(gA, tsh::matmul(tsh::mul(proj, tsh::unsqueeze(inv_s, -2)), vh));
    }
    if (ncols > k) {  // U S^-1 gV^T (I - V V^T)
      const Tensor proj = tsh::sub(gVh, tsh::matmul(tsh::matmul(gVh, v), vh));
      gA = tsh::add(gA, tsh::matmul(tsh::mul(u, tsh::unsqueeze(inv_s, -2)), proj));
    }
    return {gA};
  };
}

Tensor matrix_exp_result(const Tensor& A, const Tensor& r) {
  if (!needs_grad({A})) return r;
  auto n = make_node("LinalgMatrixExpBackward0", {A}, nullptr);
  attach(n, r);
  const size_t sa = n->save(A);
  n->backward = [sa](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_matrix_exp");
    const Tensor AH = conj_if_complex(tsh::mT(s.unpack(sa)));
    const int64_t k = AH.size(-1);
    const Tensor zero = zeros(AH.sizes(), AH.dtype(), AH.device());
    const Tensor top = cat({AH, g[0]}, -1), bottom = cat({zero, AH}, -1);
    const Tensor e = tsh::matrix_exp(cat({top, bottom}, -2));
    return {tsh::narrow(tsh::narrow(e, -2, 0, k), -1, k, k)};
  };
  return r;
}

Tensor solve_triangular_result(const Tensor& A, const Tensor& B, const Tensor& X, bool upper, bool unitriangular) {
  if (!needs_grad({A, B})) return X;
  auto n = make_node("LinalgSolveTriangularBackward0", {A, B}, nullptr);
  attach(n, X);
  const size_t sa = n->save(A), sx = n->save(X, true);
  const Shape as = A.sizes(), bs = B.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_solve_triangular");
    const Tensor a = s.unpack(sa), x = s.unpack(sx);
    const Tensor gb = solve_triangular(conj_if_complex(tsh::mT(a)), g[0], !upper, true, unitriangular);
    Tensor ga = tsh::neg(tsh::matmul(gb, conj_if_complex(tsh::mT(x))));
    ga = upper ? tsh::triu(ga, unitriangular ? 1 : 0) : tsh::tril(ga, unitriangular ? -1 : 0);
    return {sum_to(ga, as), sum_to(gb, bs)};
  };
  return X;
}

void eig_result(const Tensor& A, const Tensor& L, const Tensor& V) {
  if (!needs_grad({A})) return;
  auto n = make_node("LinalgEigBackward0", {A}, nullptr);
  attach(n, L, 0);
  if (V.defined()) attach(n, V, 1);
  const bool vectors = V.defined();
  const size_t sa = n->save(A), sl = n->save(L, true), sv = n->save(V, vectors);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_eig");
    const Tensor lv = s.unpack(sl);
    const Tensor vv = vectors ? s.unpack(sv) : linalg_eig(s.unpack(sa), true).second;
    auto cT = [](const Tensor& t) { return conj_if_complex(tsh::mT(t)); };
    // gA = V^-H (diag(gL) + (V^H gV - V^H V re(diag(V^H gV))) / conj(L_j - L_i)) V^H
    Tensor R = zeros(vv.sizes(), vv.dtype(), vv.device());
    if (vectors && g.size() > 1 && g[1].defined()) {
      Tensor VhgV = tsh::matmul(cT(vv), g[1]);
      const Tensor re_diag = tsh::real(tsh::diagonal(VhgV, 0, -2, -1));
      VhgV = tsh::sub(VhgV, tsh::matmul(cT(vv), tsh::mul(vv, tsh::unsqueeze(re_diag, -2))));
      Tensor E = conj_if_complex(tsh::sub(tsh::unsqueeze(lv, -2), tsh::unsqueeze(lv, -1)));
      fill_(tsh::diagonal(E, 0, -2, -1), Scalar(1.0));
      R = tsh::div(VhgV, E);
    }
    copy_(tsh::diagonal(R, 0, -2, -1), g[0]);
    return {linalg_solve(cT(vv), tsh::matmul(R, cT(vv)))};
  };
}

namespace {

// gA = P L^-H [tril(L^H gL, -1) + triu(gU U^H)] U^-H for a square A = P L U.
Tensor lu_backward(const Tensor& P, const Tensor& L, const Tensor& U, const Tensor& gL, const Tensor& gU) {
  const Tensor M = tsh::add(tsh::tril(tsh::matmul(tsh::mT(L), gL), -1), tsh::triu(tsh::matmul(gU, tsh::mT(U)), 0));
  const Tensor X = solve_triangular(tsh::mT(L), M, true, true, true);
  const Tensor Y = solve_triangular(tsh::mT(U), X, false, false, false);
  return tsh::matmul(P, Y);
}

void check_lu_shapes(const Tensor& A) {
  if (is_complex(A.dtype())) autograd::derivative_not_implemented("linalg_lu", "for complex matrices");
  if (A.size(-2) != A.size(-1)) autograd::derivative_not_implemented("linalg_lu", "for non-square matrices");
}

}  // namespace

void lu_result(const Tensor& A, const Tensor& P, const Tensor& L, const Tensor& U) {
  if (!needs_grad({A})) return;
  check_lu_shapes(A);
  auto n = make_node("LinalgLuBackward0", {A}, nullptr);
  attach(n, L, 1);
  attach(n, U, 2);
  n->outputs[0] = {P.sizes(), P.dtype(), P.device()};
  const size_t sp = n->save(P), sl = n->save(L, true), su = n->save(U, true);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_lu");
    return {lu_backward(s.unpack(sp), s.unpack(sl), s.unpack(su), g[1], g[2])};
  };
}

void lu_factor_result(const Tensor& A, const Tensor& LU, const Tensor& pivots) {
  if (!needs_grad({A})) return;
  check_lu_shapes(A);
  auto n = make_node("LinalgLuFactorExBackward0", {A}, nullptr);
  attach(n, LU, 0);
  const size_t slu = n->save(LU, true), spiv = n->save(pivots);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_lu_factor");
    auto [P, L, U] = lu_unpack(s.unpack(slu), s.unpack(spiv), true, true);
    return {lu_backward(P, L, U, tsh::tril(g[0], -1), tsh::triu(g[0], 0))};
  };
}

namespace {

// The gradient of A = QR for a tall or square A: (gQ + Q sym(M)) R^-T, M = R gR^T - gQ^T Q, sym(M)
// the symmetric matrix M's lower triangle determines.
Tensor qr_backward_tall(const Tensor& gQ, const Tensor& gR, const Tensor& Q, const Tensor& R) {
  const Tensor M = tsh::sub(tsh::matmul(R, tsh::mT(gR)), tsh::matmul(tsh::mT(gQ), Q));
  Tensor sym = tsh::tril(M, -1);
  sym = tsh::add(sym, tsh::mT(sym));
  copy_(tsh::diagonal(sym, 0, -2, -1), tsh::diagonal(M, 0, -2, -1));
  const Tensor b = tsh::add(gQ, tsh::matmul(Q, sym));
  return solve_triangular(tsh::mT(R), b, false, false, false);  // b R^-T
}

}  // namespace

void qr_result(const Tensor& A, const Tensor& Q, const Tensor& R) {
  if (!needs_grad({A})) return;
  auto n = make_node("LinalgQrBackward0", {A}, nullptr);
  attach(n, Q, 0);
  attach(n, R, 1);
  const size_t sa = n->save(A), sq = n->save(Q, true), sr = n->save(R, true);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_qr");
    const Tensor a = s.unpack(sa), q = s.unpack(sq), r = s.unpack(sr);
    const Tensor gQ = g[0], gR = tsh::triu(g[1], 0);
    const int64_t m = a.size(-2), k = a.size(-1);
    if (m >= k) return {qr_backward_tall(gQ, gR, q, r)};
    // A = Q [R1 R2]: the square part as above (with gQ taking R2's share), the rest Q gR2.
    const Tensor y = tsh::narrow(a, -1, m, k - m), gR1 = tsh::narrow(gR, -1, 0, m), gR2 = tsh::narrow(gR, -1, m, k - m);
    const Tensor gx = qr_backward_tall(tsh::add(gQ, tsh::matmul(y, tsh::mT(gR2))), gR1, q, tsh::narrow(r, -1, 0, m));
    return {cat({gx, tsh::matmul(q, gR2)}, -1)};
  };
}

Tensor inverse_result(const Tensor& A, const Tensor& inv) {
  if (!needs_grad({A})) return inv;
  auto n = make_node("LinalgInvExBackward0", {A}, nullptr);
  attach(n, inv);
  const size_t si = n->save(inv, true);
  n->backward = [si](Node& s, const TensorList& g) -> TensorList {
    const Tensor iv = mH(s.unpack(si));
    return {ag::neg(ag::matmul(ag::matmul(iv, g[0]), iv))};
  };
  return inv;
}

Tensor det_result(const Tensor& A, const Tensor& d) {
  if (!needs_grad({A})) return d;
  auto n = make_node("LinalgDetBackward0", {A}, nullptr);
  attach(n, d);
  const size_t sa = n->save(A), sd = n->save(d, true);
  n->backward = [sa, sd](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_det");
    const Tensor a = s.unpack(sa), dv = s.unpack(sd);
    if (host_any_zero(dv)) autograd::derivative_not_implemented("linalg_det", "at a singular matrix");
    // d det / dA = det * A^{-H}
    const Tensor scale = ag::unsqueeze(ag::unsqueeze(ag::mul(g[0], conj_if_complex(dv)), -1), -1);
    return {ag::mul(scale, mH(inverse(a)))};
  };
  return d;
}

Tensor solve_result(const Tensor& A, const Tensor& B, const Tensor& X, bool left) {
  if (!needs_grad({A, B})) return X;
  if (!left) autograd::derivative_not_implemented("linalg_solve", "with left=False");
  auto n = make_node("LinalgSolveExBackward0", {A, B}, nullptr);
  attach(n, X);
  const size_t sa = n->save(A), sx = n->save(X, true);
  const Shape as = A.sizes(), bs = B.sizes();
  const bool vector = X.dim() == A.dim() - 1;
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_solve");
    const Tensor a = s.unpack(sa), x = s.unpack(sx);
    const Tensor gb = linalg_solve(mH(a), g[0]);
    const Tensor gbm = vector ? ag::unsqueeze(gb, -1) : gb, xm = vector ? ag::unsqueeze(x, -1) : x;
    const Tensor ga = ag::neg(ag::matmul(gbm, mH(xm)));
    return {sum_to(ga, as), sum_to(gb, bs)};
  };
  return X;
}

}  // namespace tsh::ag
