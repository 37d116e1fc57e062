// engine/autograd/more.cpp — derivatives of the less common ops: two-input elementwise functions,
// the add* family, ops that pick elements by index (sort, topk, ...), einsum, writers; linear
// algebra is in linalg.cpp.
//
// Several take the plain op's result (`r`) and attach the node to it, so the values stay exactly
// the engine op's and only the graph is added.
#include <cctype>
#include <cmath>
#include <map>

#include "engine/autograd/formula.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_eigen.h"
#include "engine/ops/join.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_factor.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/matmul.h"
#include "engine/ops/products.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh::ag {


Tensor binary_more(const std::string& op, const Operand& a, const Operand& b, const Tensor& r) {
  if (!autograd::needs_grad_operands(a, b)) return r;
  const Tensor ta = tensor_or_none(a), tb = tensor_or_none(b);
  const Shape ash = a.sizes(), bsh = b.sizes();
  std::shared_ptr<Node> n;
  if (op == "hypot") {
    n = make_node("HypotBackward0", {ta, tb}, nullptr);
    const size_t sa = n->save(ta), sb = n->save(tb), sr = n->save(r, true);
    n->backward = [=](Node& s, const TensorList& g) -> TensorList {
      const Tensor rv = s.unpack(sr);
      return {sum_to(ag::mul(g[0], ag::div(s.unpack(sa), rv)), ash), sum_to(ag::mul(g[0], ag::div(s.unpack(sb), rv)), bsh)};
    };
  } else if (op == "logaddexp") {
    n = make_node("LogaddexpBackward0", {ta, tb}, nullptr);
    const size_t sa = n->save(ta), sb = n->save(tb);
    n->backward = [=](Node& s, const TensorList& g) -> TensorList {
      const Tensor av = s.unpack(sa), bv = s.unpack(sb);
      return {sum_to(ag::div(g[0], ag::add(ag::unary(UnaryOp::Exp, ag::sub(bv, av)), 1)), ash),
              sum_to(ag::div(g[0], ag::add(ag::unary(UnaryOp::Exp, ag::sub(av, bv)), 1)), bsh)};
    };
  } else if (op == "fmod" || op == "remainder") {
    const bool fm = op == "fmod";
    n = make_node(std::string(fm ? "FmodBackward" : "RemainderBackward") + (b.is_tensor() ? "1" : "0"), {ta, tb}, nullptr);
    const size_t sa = n->save(b.is_tensor() ? ta : Tensor()), sb = n->save(tb);
    n->backward = [=](Node& s, const TensorList& g) -> TensorList {
      TensorList out = {sum_to(g[0], ash), Tensor()};
      if (tb.defined()) {
        const Tensor q = tsh::div(s.unpack(sa), s.unpack(sb), fm ? Rounding::Trunc : Rounding::Floor);
        out[1] = sum_to(ag::mul(ag::neg(g[0]), q), bsh);
      }
      return out;
    };
  } else if (op == "logaddexp2") {
    n = make_node("Logaddexp2Backward0", {ta, tb}, nullptr);
    const size_t sa = n->save(ta), sb = n->save(tb);
    n->backward = [=](Node& s, const TensorList& g) -> TensorList {
      const Tensor av = s.unpack(sa), bv = s.unpack(sb);
      return {sum_to(ag::div(g[0], ag::add(ag::unary(UnaryOp::Exp2, ag::sub(bv, av)), 1)), ash),
              sum_to(ag::div(g[0], ag::add(ag::unary(UnaryOp::Exp2, ag::sub(av, bv)), 1)), bsh)};
    };
  } else if (op == "nextafter") {  // a step of one ulp: d/dx is 1, d/dother 0
    n = make_node("NextafterBackward0", {ta, tb}, [=](Node&, const TensorList& g) -> TensorList {
      return {sum_to(g[0], ash), zeros(bsh, g[0].dtype(), g[0].device())};
    });
  } else if (op == "xlogy") {
    n = make_node("XlogyBackward0", {ta, tb}, nullptr);
    const size_t sa = n->save(ta), sb = n->save(tb);
    n->backward = [=](Node& s, const TensorList& g) -> TensorList {
      const Tensor av = s.unpack(sa), bv = s.unpack(sb);
      const Tensor zero_x = logical_and(compare(CompareOp::Eq, av, 0), logical_not(isnan(bv)));
      const Tensor ga = ag::where(zero_x, 0.0, ag::mul(g[0], ag::unary(UnaryOp::Log, bv)));
      return {sum_to(ga, ash), sum_to(ag::div(ag::mul(g[0], av), bv), bsh)};
    };
  } else {
    autograd::derivative_not_implemented(op);
  }
  attach(n, r);
  return r;
}

Tensor addc(bool is_div, const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value, const Tensor& r) {
  if (!needs_grad({self, t1, t2})) return r;
  auto n = make_node(is_div ? "AddcdivBackward0" : "AddcmulBackward0", {self, t1, t2}, nullptr);
  const size_t s1 = n->save(t1), s2 = n->save(t2);
  const Shape ss = self.sizes(), s1s = t1.sizes(), s2s = t2.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    const Tensor a = s.unpack(s1), b = s.unpack(s2);
    if (!is_div)
      return {sum_to(g[0], ss), sum_to(ag::mul(ag::mul(g[0], b), value), s1s), sum_to(ag::mul(ag::mul(g[0], a), value), s2s)};
    return {sum_to(g[0], ss), sum_to(ag::div(ag::mul(g[0], value), b), s1s),
            sum_to(ag::neg(ag::div(ag::mul(ag::mul(g[0], value), a), ag::mul(b, b))), s2s)};
  };
  attach(n, r);
  return r;
}

Tensor addmm(const Tensor& self, const Tensor& m1, const Tensor& m2, const Scalar& beta, const Scalar& alpha,
             const Tensor& r, const char* node) {
  if (!needs_grad({self, m1, m2})) return r;
  auto n = make_node(node, {self, m1, m2}, nullptr);
  const size_t s1 = n->save(m1), s2 = n->save(m2);
  const Shape ss = self.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    const Tensor a = s.unpack(s1), b = s.unpack(s2);
    TensorList out(3);
    if (s.next[0].valid()) out[0] = sum_to(ag::mul(g[0], beta), ss);
    TensorList mm = {Tensor(), Tensor()};
    if (s.next[1].valid() || s.next[2].valid()) {
      const Tensor ga = ag::mul(g[0], alpha);
      if (s.next[1].valid()) out[1] = b.dim() == 1 ? ag::matmul(ag::unsqueeze(ga, -1), ag::unsqueeze(conj_if_complex(b), 0))
                                                   : mm_mat1_grad(ga, a, b);
      if (s.next[2].valid()) out[2] = b.dim() == 1 ? ag::matmul(mH(a), ga) : mm_mat2_grad(ga, a, b);
    }
    return out;
  };
  attach(n, r);
  return r;
}

Tensor picked(const Tensor& x, const Tensor& values, const Tensor& positions, const char* node) {
  if (!needs_grad({x})) return values;
  const Shape sizes = x.sizes();
  auto n = make_node(node, {x}, [positions, sizes](Node&, const TensorList& g) -> TensorList {
    return {scatter_positions(g[0], positions, sizes)};
  });
  attach(n, values);
  return values;
}

Tensor evenly(const Tensor& x, const Tensor& r, const char* node) {
  if (!needs_grad({x})) return r;
  auto n = make_node(node, {x}, nullptr);
  attach(n, r);
  const size_t sx = n->save(x), sr = n->save(r, true);
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    const Tensor xv = s.unpack(sx);
    const Tensor mask = compare(CompareOp::Eq, xv, s.unpack(sr));
    return {ag::mul(to_dtype(mask, xv.dtype()), ag::div(g[0], tsh::sum(mask)))};
  };
  return r;
}

Tensor zero_grad_result(const Tensor& x, const Tensor& r, const char* node) {
  if (!needs_grad({x}) || !autograd::is_differentiable_dtype(r.dtype())) return r;
  const Shape sizes = x.sizes();
  auto n = make_node(node, {x}, [sizes](Node&, const TensorList& g) -> TensorList {
    return {zeros(sizes, g[0].dtype(), g[0].device())};
  });
  attach(n, r);
  return r;
}

Tensor unary_result(const Tensor& x, const Tensor& r, const char* node, UnaryGrad grad, bool formula_differentiable) {
  if (!needs_grad({x})) return r;
  auto n = make_node(node, {x}, nullptr);
  attach(n, r);
  const size_t sx = n->save(x), sr = n->save(r, true);
  const std::string name = node;
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    if (!formula_differentiable) first_order_only(name.c_str());
    return {grad(g[0], s.unpack(sx), s.unpack(sr))};
  };
  return r;
}

Tensor refusing_result(const TensorList& inputs, const Tensor& r, const char* node, const std::string& message) {
  if (!needs_grad(inputs) || !autograd::is_differentiable_dtype(r.dtype())) return r;
  // PyTorch raises its "the derivative for 'op' ..." as NotImplementedError, the others as RuntimeError.
  const bool not_implemented = message.rfind("the derivative for", 0) == 0;
  auto n = make_node(node, inputs, [message, not_implemented](Node&, const TensorList&) -> TensorList {
    if (not_implemented) throw NotImplementedError(message);
    throw RuntimeError(message);
  });
  attach(n, r);
  return r;
}

Tensor fmax_result(const Tensor& a, const Tensor& b, const Tensor& r, bool is_max) {
  if (!needs_grad({a, b})) return r;
  auto n = make_node(is_max ? "FmaxBackward0" : "FminBackward0", {a, b}, nullptr);
  const size_t sa = n->save(a), sb = n->save(b);
  const Shape as = a.sizes(), bs = b.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    // self wins where it is on the right side of other, or other is NaN.
    const Tensor av = s.unpack(sa), bv = s.unpack(sb);
    const Tensor self_wins = logical_or(compare(is_max ? CompareOp::Ge : CompareOp::Le, av, bv), isnan(bv));
    return {sum_to(ag::where(self_wins, g[0], 0.0), as), sum_to(ag::where(self_wins, 0.0, g[0]), bs)};
  };
  attach(n, r);
  return r;
}

Tensor copysign_result(const Tensor& a, const Operand& b, const Tensor& r) {
  if (!needs_grad({a, tensor_or_none(b)})) return r;
  auto n = make_node(b.is_tensor() ? "CopysignBackward0" : "CopysignBackward1", {a, tensor_or_none(b)}, nullptr);
  const size_t sa = n->save(a), sr = n->save(r, true);
  const Shape as = a.sizes(), bs = b.sizes();
  const bool tb = b.is_tensor();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    const Tensor av = s.unpack(sa);
    const Tensor ratio = ag::where(compare(CompareOp::Eq, av, 0), 0.0, ag::div(s.unpack(sr), av));
    TensorList out = {sum_to(ag::mul(g[0], ratio), as), Tensor()};
    if (tb) out[1] = zeros(bs, g[0].dtype(), g[0].device());
    return out;
  };
  attach(n, r);
  return r;
}

Tensor cross_result(const Tensor& a, const Tensor& b, const Tensor& r, int64_t dim) {
  if (!needs_grad({a, b})) return r;
  auto n = make_node("LinalgCrossBackward0", {a, b}, nullptr);
  const size_t sa = n->save(a), sb = n->save(b);
  const Shape as = a.sizes(), bs = b.sizes();
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    first_order_only("linalg_cross");
    return {sum_to(cross(s.unpack(sb), g[0], dim), as), sum_to(cross(g[0], s.unpack(sa), dim), bs)};
  };
  attach(n, r);
  return r;
}

Tensor cumprod_result(const Tensor& x, const Tensor& r, int64_t dim) {
  if (!needs_grad({x})) return r;
  auto n = make_node("CumprodBackward0", {x}, nullptr);
  attach(n, r);
  const size_t sx = n->save(x), sr = n->save(r, true);
  const int64_t d = x.dim() == 0 ? 0 : wrap_dim(dim, x.dim());
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    // d r_j / d x_i = r_j / x_i for j >= i: a reversed cumulative sum of g * r, over x. Exact only
    // without zeros in x; with them tsh refuses rather than divide by zero.
    const Tensor xv = s.unpack(sx);
    if (xv.dim() == 0) return {ag::mul(g[0], 1.0)};
    if (host_any_zero(xv)) autograd::derivative_not_implemented("cumprod", "where the input has zeros");
    const Tensor gr = ag::mul(g[0], conj_if_complex(s.unpack(sr)));
    const Tensor rev = ag::flip(ag::cumsum(ag::flip(gr, {d}), d, std::nullopt), {d});
    return {ag::div(rev, conj_if_complex(xv))};
  };
  return r;
}

Tensor adopt(const Tensor& plain, const Tensor& composed, const char* node) {
  const auto fn = autograd::grad_fn(composed);
  if (!fn) return plain;
  if (node) fn->name = node;
  autograd::set_history(plain, fn, autograd::output_nr(composed));
  return plain;
}

Tensor einsum(const std::string& equation, const TensorList& operands) {
  return einsum_result(equation, operands, tsh::einsum(equation, operands));
}

namespace {

// An einsum equation with "..." replaced by letters of its own, right-aligned per operand as the
// ellipsis broadcasts; an output left implicit is made explicit (ellipsis dims first, then the
// letters that appear once, in ASCII order). Refuses ellipsis dims that broadcast a size 1.
std::pair<std::vector<std::string>, std::string> explicit_einsum(const std::string& eq, const TensorList& operands) {
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  std::vector<std::string> terms(1);
  for (char c : lhs) {
    if (c == ',') terms.emplace_back();
    else terms.back() += c;
  }
  std::string free_letters;
  for (char c = 'A'; c <= 'z'; ++c)
    if (std::isalpha(static_cast<unsigned char>(c)) && eq.find(c) == std::string::npos) free_letters += c;
  int64_t ell = 0;
  std::vector<int64_t> ell_dims(terms.size(), 0);
  for (size_t k = 0; k < terms.size() && k < operands.size(); ++k) {
    const size_t at = terms[k].find("...");
    if (at == std::string::npos) continue;
    ell_dims[k] = operands[k].dim() - static_cast<int64_t>(terms[k].size() - 3);
    ell = std::max(ell, ell_dims[k]);
  }
  const std::string ell_letters = free_letters.substr(0, static_cast<size_t>(ell));
  std::map<char, int64_t> size_of;
  for (size_t k = 0; k < terms.size() && k < operands.size(); ++k) {
    const size_t at = terms[k].find("...");
    if (at != std::string::npos)
      terms[k] = terms[k].substr(0, at) + ell_letters.substr(static_cast<size_t>(ell - ell_dims[k])) + terms[k].substr(at + 3);
    for (size_t i = 0; i < terms[k].size(); ++i) {
      const int64_t n = operands[k].size(static_cast<int64_t>(i));
      auto [it, fresh] = size_of.emplace(terms[k][i], n);
      if (!fresh && it->second != n) autograd::derivative_not_implemented("einsum", "where a size-1 dim broadcasts");
    }
  }
  std::string out;
  if (arrow != std::string::npos) {
    out = eq.substr(arrow + 2);
    const size_t at = out.find("...");
    if (at != std::string::npos) out = out.substr(0, at) + ell_letters + out.substr(at + 3);
  } else {
    std::map<char, int> count;
    for (const std::string& t : terms)
      for (char c : t) ++count[c];
    out = ell_letters;
    for (auto& [c, k] : count)
      if (k == 1 && ell_letters.find(c) == std::string::npos) out += c;
  }
  return {terms, out};
}

}  // namespace

Tensor einsum_result(const std::string& equation, const TensorList& operands, const Tensor& r) {
  if (!needs_grad(operands)) return r;
  std::string eq;
  for (char c : equation)
    if (c != ' ') eq += c;
  const auto parsed = explicit_einsum(eq, operands);  // not a structured binding: the lambda below captures them
  std::vector<std::string> terms = parsed.first;
  const std::string out = parsed.second;
  // A letter repeated in one operand reads its diagonal: take the diagonal (recorded), then the rest
  // is an einsum without repeats, whose graph the result adopts.
  TensorList ops = operands;
  bool rewritten = false;
  for (size_t k = 0; k < terms.size() && k < ops.size(); ++k) {
    for (size_t i = 0; i < terms[k].size(); ++i) {
      const size_t j = terms[k].find(terms[k][i], i + 1);
      if (j == std::string::npos) continue;
      const char c = terms[k][i];
      ops[k] = ag::diagonal(ops[k], 0, static_cast<int64_t>(i), static_cast<int64_t>(j));
      terms[k] = terms[k].substr(0, i) + terms[k].substr(i + 1, j - i - 1) + terms[k].substr(j + 1) + c;
      rewritten = true;
      i = static_cast<size_t>(-1);  // look again from the start
    }
  }
  if (rewritten) {
    std::string lhs;
    for (size_t k = 0; k < terms.size(); ++k) lhs += (k ? "," : "") + terms[k];
    return adopt(r, ag::einsum(lhs + "->" + out, ops), nullptr);
  }
  bool contracted = false;
  for (const std::string& t : terms)
    for (char c : t) contracted = contracted || out.find(c) == std::string::npos;
  const char* node = operands.size() == 1 ? (out.size() < terms[0].size() ? "SumBackward1" : "PermuteBackward0")
                                          : (contracted ? "ViewBackward0" : "MulBackward0");
  auto n = make_node(node, operands, nullptr);
  std::vector<size_t> saved;
  for (const Tensor& o : operands) saved.push_back(n->save(o));
  n->backward = [=](Node& s, const TensorList& g) -> TensorList {
    TensorList ops;
    for (size_t i : saved) ops.push_back(s.unpack(i));
    TensorList grads(ops.size());
    for (size_t k = 0; k < ops.size(); ++k) {
      if (!s.next[k].valid()) continue;
      // d out / d op_k: the incoming gradient contracted with every other operand, onto op_k's
      // letters that appear elsewhere; letters only op_k has were summed away and broadcast back.
      std::string keep, others;
      TensorList args = {g[0]};
      for (size_t j = 0; j < ops.size(); ++j)
        if (j != k) {
          others += "," + terms[j];
          args.push_back(ops[j]);
        }
      for (char c : terms[k])
        if (out.find(c) != std::string::npos || others.find(c) != std::string::npos) keep += c;
      Tensor gk = ag::einsum(out + others + "->" + keep, args);
      for (size_t i = 0; i < terms[k].size(); ++i)
        if (keep.find(terms[k][i]) == std::string::npos) gk = ag::unsqueeze(gk, static_cast<int64_t>(i));
      grads[k] = sum_to(ag::expand(gk, ops[k].sizes()), ops[k].sizes());
    }
    return grads;
  };
  attach(n, r);
  return r;
}

Tensor written(const Tensor& self, const Tensor& src, const Tensor& from, const Tensor& plain, const char* node) {
  if (!needs_grad({self, src})) return plain;
  const Tensor from_self = compare(CompareOp::Gt, from, 0), from_src = compare(CompareOp::Lt, from, 0);
  auto index = [](const Tensor& p) { return tsh::to(clamp_min(tsh::sub(p, 1), 0), DType::Int64, std::nullopt, false); };
  Tensor composed = ag::where(from_self, ag::take(self, index(from)), 0.0);
  if (src.defined()) composed = ag::add(composed, ag::where(from_src, ag::take(src, index(tsh::neg(from))), 0.0));
  return adopt(plain, composed, node);
}

Tensor accumulated(const Tensor& self, const Tensor& src, const Tensor& targets, const Scalar& alpha,
                   const Tensor& plain, const char* node) {
  if (!needs_grad({self, src})) return plain;
  Tensor added = ag::expand(src, targets.sizes());
  if (alpha.to_double() != 1.0 || alpha.is_complex()) added = ag::mul(added, alpha);
  return adopt(plain, ag::add(self, ag::scatter_positions(added, targets, self.sizes())), node);
}

}  // namespace tsh::ag
