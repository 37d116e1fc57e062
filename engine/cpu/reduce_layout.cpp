// engine/cpu/reduce_layout.cpp — sorting and merging the dims of a reduction as PyTorch does.
#include "engine/cpu/reduce_layout.h"

#include <numeric>

namespace tsh::cpu {

namespace {

// One operand's byte strides, indexed by the tensor's own dims.
struct Operand {
  std::vector<int64_t> stride;
  bool is_output = false;
};

// PyTorch's comparison of dims a and b: 1 when a should come after b, -1 when
// before, 0 when no operand decides.
int should_swap(const std::vector<Operand>& ops, const Shape& shape, int64_t a, int64_t b) {
  for (const Operand& op : ops) {
    int64_t sa = op.stride[a], sb = op.stride[b];
    if (op.is_output && ((sa == 0) != (sb == 0))) return sb == 0 ? 1 : -1;  // reduced dims first
    if (sa == 0 || sb == 0) continue;
    if (sa < sb) return -1;
    if (sa > sb) return 1;
    if (shape[a] > shape[b]) return 1;  // equal strides: the smaller dim goes first
  }
  return 0;
}

ReduceLayout build(const Shape& shape, std::vector<Operand> ops) {
  const int64_t nd = static_cast<int64_t>(shape.size());
  ReduceLayout L;
  const bool has_out = ops.size() == 2;
  if (nd == 0) {
    L.shape = {1};
    L.in_stride = {0};
    L.out_stride = {0};
    return L;
  }
  // perm starts as nd-1, ..., 0 (fastest dim first for a row-major tensor)
  // and is insertion-sorted; an undecided comparison keeps scanning left.
  std::vector<int64_t> perm(static_cast<size_t>(nd));
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  for (int64_t i = 1; i < nd; ++i) {
    int64_t d1 = i;
    for (int64_t d0 = i - 1; d0 >= 0; --d0) {
      int c = should_swap(ops, shape, perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  // Permute, then merge neighbours (size-1 dims merge with anything).
  std::vector<int64_t> sz;
  std::vector<std::vector<int64_t>> st(ops.size());
  for (int64_t p : perm) {
    sz.push_back(shape[p]);
    for (size_t k = 0; k < ops.size(); ++k) st[k].push_back(ops[k].stride[p]);
  }
  size_t prev = 0;
  for (size_t d = 1; d < sz.size(); ++d) {
    bool merge = sz[prev] == 1 || sz[d] == 1;
    if (!merge) {
      merge = true;
      for (auto& s : st) merge = merge && sz[prev] * s[prev] == s[d];
    }
    if (merge) {
      if (sz[prev] == 1)
        for (auto& s : st) s[prev] = s[d];
      sz[prev] *= sz[d];
    } else {
      ++prev;
      if (prev != d) {
        for (auto& s : st) s[prev] = s[d];
        sz[prev] = sz[d];
      }
    }
  }
  sz.resize(prev + 1);
  for (auto& s : st) s.resize(prev + 1);
  L.shape = std::move(sz);
  if (has_out) {
    L.out_stride = std::move(st[0]);
    L.in_stride = std::move(st[1]);
    while (L.nreduced < L.ndim() && L.out_stride[L.nreduced] == 0 && L.shape[L.nreduced] > 1)
      ++L.nreduced;
  } else {
    L.in_stride = std::move(st[0]);
    L.out_stride.assign(L.shape.size(), 0);
    L.nreduced = L.ndim();
  }
  return L;
}

Operand operand(const Tensor& t, bool is_output) {
  Operand op;
  op.is_output = is_output;
  for (int64_t d = 0; d < t.dim(); ++d) op.stride.push_back(t.byte_stride(d));
  return op;
}

}  // namespace

ReduceLayout make_reduce_layout(const Tensor& out, const Tensor& in) {
  return build(in.sizes(), {operand(out, true), operand(in, false)});
}

ReduceLayout make_input_layout(const Tensor& in) {
  return build(in.sizes(), {operand(in, false)});
}

}  // namespace tsh::cpu
