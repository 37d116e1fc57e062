// engine/ops/einsum.cpp — torch.einsum: the equation parsed into labels per dim, repeated labels
// taken as diagonals, then the operands contracted left to right, each pair as one bmm.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "engine/core/error.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/matmul.h"
#include "engine/ops/products.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// Labels: 0..51 for A-Z a-z (PyTorch's order for the implicit output), 52 + i for the i-th
// dim of the broadcast ellipsis, counted from its left.
constexpr int kLetters = 52;

int letter_label(char c) { return c >= 'A' && c <= 'Z' ? c - 'A' : c - 'a' + 26; }

struct Term {
  Tensor t;
  std::vector<int> labels;  // one per dim of t
};

std::string S(int64_t v) { return std::to_string(v); }

// Parses one operand's subscripts ("ij", "...ij", "i...j") into labels; -1 marks the ellipsis.
std::vector<int> parse_subscripts(const std::string& eq, size_t begin, size_t end) {
  std::vector<int> out;
  for (size_t i = begin; i < end; ++i) {
    const char c = eq[i];
    if (c == ' ') continue;
    if (c == '.') {
      TSH_CHECK(i + 2 < end && eq[i + 1] == '.' && eq[i + 2] == '.', RuntimeError,
                "einsum(): found '.' for operand that is not part of any ellipsis");
      TSH_CHECK(std::find(out.begin(), out.end(), -1) == out.end(), RuntimeError,
                "einsum(): found '.' for operand that is not part of any ellipsis");
      out.push_back(-1);
      i += 2;
      continue;
    }
    TSH_CHECK((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'), RuntimeError,
              "einsum(): invalid subscript given at index " + S(static_cast<int64_t>(i)) +
                  " in the equation string, subscripts must be in [a-zA-Z]");
    out.push_back(letter_label(c));
  }
  return out;
}

// Sums t over the dims whose labels are not in `keep`.
void sum_out(Term& x, const std::set<int>& keep) {
  std::vector<int64_t> dims;
  std::vector<int> labels;
  for (size_t d = 0; d < x.labels.size(); ++d) {
    if (keep.count(x.labels[d])) labels.push_back(x.labels[d]);
    else dims.push_back(static_cast<int64_t>(d));
  }
  if (dims.empty()) return;
  x.t = sum(x.t, dims, false);
  x.labels = labels;
}

int64_t size_of(const Term& x, int label) {
  for (size_t d = 0; d < x.labels.size(); ++d)
    if (x.labels[d] == label) return x.t.sizes()[d];
  return 1;
}

// The product of a and b over their shared labels; keep says which labels must survive.
Term contract(Term a, Term b, const std::set<int>& keep) {
  std::vector<int> batch, left, right, inner;
  for (int l : a.labels) {
    const bool in_b = std::find(b.labels.begin(), b.labels.end(), l) != b.labels.end();
    if (!in_b) left.push_back(l);
    else if (keep.count(l)) batch.push_back(l);
    else inner.push_back(l);
  }
  for (int l : b.labels)
    if (std::find(a.labels.begin(), a.labels.end(), l) == a.labels.end()) right.push_back(l);
  auto arrange = [](const Term& x, const std::vector<std::vector<int>*>& groups, const Shape& sizes_of_all,
                    const std::vector<int>& all) {
    std::vector<int64_t> perm;
    for (auto* g : groups)
      for (int l : *g)
        perm.push_back(std::find(x.labels.begin(), x.labels.end(), l) - x.labels.begin());
    Tensor t = permute(x.t, perm);
    // A shared label of size 1 on one side broadcasts to the other's size.
    Shape target;
    for (auto* g : groups)
      for (int l : *g) target.push_back(sizes_of_all[std::find(all.begin(), all.end(), l) - all.begin()]);
    return expand(t, target);
  };
  std::vector<int> all;
  Shape sizes;
  for (auto* g : {&batch, &left, &inner, &right})
    for (int l : *g) {
      all.push_back(l);
      sizes.push_back(std::max(size_of(a, l), size_of(b, l)));
    }
  auto count = [&](const std::vector<int>& g) {
    int64_t n = 1;
    for (int l : g) n *= sizes[std::find(all.begin(), all.end(), l) - all.begin()];
    return n;
  };
  const int64_t nb = count(batch), nl = count(left), nk = count(inner), nr = count(right);
  const Tensor ta = reshape(arrange(a, {&batch, &left, &inner}, sizes, all), {nb, nl, nk});
  const Tensor tb = reshape(arrange(b, {&batch, &inner, &right}, sizes, all), {nb, nk, nr});
  Shape out_shape;
  std::vector<int> out_labels;
  for (auto* g : {&batch, &left, &right})
    for (int l : *g) {
      out_labels.push_back(l);
      out_shape.push_back(sizes[std::find(all.begin(), all.end(), l) - all.begin()]);
    }
  return {reshape(bmm(ta, tb), out_shape), out_labels};
}

}  // namespace

Tensor einsum(const std::string& eq, const std::vector<Tensor>& operands) {
  TSH_CHECK(!operands.empty(), RuntimeError, "einsum(): must provide at least one operand");
  const size_t arrow = eq.find("->");
  const std::string lhs = eq.substr(0, arrow);
  // The operands' subscripts.
  std::vector<std::vector<int>> subs;
  size_t start = 0;
  for (size_t i = 0; i <= lhs.size(); ++i) {
    if (i == lhs.size() || lhs[i] == ',') {
      subs.push_back(parse_subscripts(eq, start, i));
      start = i + 1;
    }
  }
  TSH_CHECK(subs.size() >= operands.size(), RuntimeError,
            "einsum(): more operands were provided than specified in the equation");
  TSH_CHECK(subs.size() <= operands.size(), RuntimeError,
            "einsum(): fewer operands were provided than specified in the equation");
  // Ellipsis dims, aligned from the right across operands.
  int64_t ell = 0;
  std::vector<Term> terms;
  for (size_t i = 0; i < operands.size(); ++i) {
    const auto& s = subs[i];
    const bool has_ell = std::find(s.begin(), s.end(), -1) != s.end();
    const int64_t named = static_cast<int64_t>(s.size()) - (has_ell ? 1 : 0);
    const int64_t nd = operands[i].dim();
    if (has_ell)
      TSH_CHECK(named <= nd, RuntimeError,
                "einsum(): the number of subscripts in the equation (" + S(named) +
                    ") is more than the number of dimensions (" + S(nd) + ") for operand " + S(int64_t(i)));
    else
      TSH_CHECK(named == nd, RuntimeError,
                "einsum(): the number of subscripts in the equation (" + S(named) +
                    ") does not match the number of dimensions (" + S(nd) + ") for operand " + S(int64_t(i)) +
                    " and no ellipsis was given");
    ell = std::max(ell, nd - named);
  }
  std::map<int, int64_t> seen;  // label -> size (not 1) seen so far
  std::vector<int> counts(kLetters + static_cast<size_t>(ell), 0);
  for (size_t i = 0; i < operands.size(); ++i) {
    for (int l : subs[i])
      if (l >= 0) counts[static_cast<size_t>(l)] += 1;
    Term x{operands[i], {}};
    const int64_t e = operands[i].dim() - (static_cast<int64_t>(subs[i].size()) - 1);
    for (int l : subs[i]) {
      if (l == -1) {
        for (int64_t k = 0; k < e; ++k) x.labels.push_back(kLetters + static_cast<int>(ell - e + k));
      } else {
        x.labels.push_back(l);
      }
    }
    // Repeated labels: the diagonal, which diagonal() appends as the last dim.
    for (size_t d = 0; d < x.labels.size(); ++d)
      for (size_t d2 = d + 1; d2 < x.labels.size(); ++d2)
        if (x.labels[d] == x.labels[d2]) {
          const int l = x.labels[d];
          TSH_CHECK(x.t.sizes()[d] == x.t.sizes()[d2], RuntimeError,
                    "einsum(): subscript " + std::string(1, l < 26 ? char('A' + l) : char('a' + l - 26)) +
                        " is repeated for operand " + S(int64_t(i)) + " but the sizes don't match, " +
                        S(x.t.sizes()[d2]) + " != " + S(x.t.sizes()[d]));
          x.t = diagonal(x.t, 0, static_cast<int64_t>(d), static_cast<int64_t>(d2));
          x.labels.erase(x.labels.begin() + static_cast<int64_t>(d2));
          x.labels.erase(x.labels.begin() + static_cast<int64_t>(d));
          x.labels.push_back(l);
          d = static_cast<size_t>(-1);
          break;
        }
    for (size_t d = 0; d < x.labels.size(); ++d) {
      const int l = x.labels[d];
      const int64_t n = x.t.sizes()[d];
      if (l >= kLetters) counts[static_cast<size_t>(l)] += 1;
      if (n == 1) continue;
      auto it = seen.find(l);
      if (it == seen.end()) seen[l] = n;
      else
        TSH_CHECK(it->second == n, RuntimeError,
                  "einsum(): subscript " + std::string(1, l < 26 ? char('A' + l) : char('a' + l - 26)) + " has size " +
                      S(n) + " for operand " + S(int64_t(i)) + " which does not broadcast with previously seen size " +
                      S(it->second));
    }
    terms.push_back(std::move(x));
  }
  // The output's labels.
  std::vector<int> out;
  if (arrow == std::string::npos) {
    for (int64_t k = 0; k < ell; ++k) out.push_back(kLetters + static_cast<int>(k));
    for (int l = 0; l < kLetters; ++l)
      if (counts[static_cast<size_t>(l)] == 1) out.push_back(l);
  } else {
    for (int l : parse_subscripts(eq, arrow + 2, eq.size())) {
      if (l == -1) {
        for (int64_t k = 0; k < ell; ++k) out.push_back(kLetters + static_cast<int>(k));
        continue;
      }
      const std::string name(1, l < 26 ? char('A' + l) : char('a' + l - 26));
      TSH_CHECK(std::find(out.begin(), out.end(), l) == out.end(), RuntimeError,
                "einsum(): output subscript " + name + " appears more than once in the output");
      TSH_CHECK(counts[static_cast<size_t>(l)] > 0, RuntimeError,
                "einsum(): output subscript " + name + " does not appear in the equation for any input operand");
      out.push_back(l);
    }
  }
  // Contract left to right, summing a label out as soon as nothing later needs it.
  auto needed_after = [&](size_t i) {
    std::set<int> keep(out.begin(), out.end());
    for (size_t j = i; j < terms.size(); ++j) keep.insert(terms[j].labels.begin(), terms[j].labels.end());
    return keep;
  };
  Term acc = terms[0];
  for (size_t i = 1; i < terms.size(); ++i) {
    std::set<int> keep = needed_after(i + 1);
    std::set<int> keep_acc = keep, keep_next = keep;
    keep_acc.insert(terms[i].labels.begin(), terms[i].labels.end());
    keep_next.insert(acc.labels.begin(), acc.labels.end());
    sum_out(acc, keep_acc);
    Term next = terms[i];
    sum_out(next, keep_next);
    acc = contract(acc, next, keep);
  }
  sum_out(acc, std::set<int>(out.begin(), out.end()));
  std::vector<int64_t> perm;
  for (int l : out) perm.push_back(std::find(acc.labels.begin(), acc.labels.end(), l) - acc.labels.begin());
  return permute(acc.t, perm);
}

}  // namespace tsh
