// shell/numpy/layout.cpp — NumPy's memory orders (see layout.h).
#include "shell/numpy/layout.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"
#include "shell/numpy/array.h"
#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

std::vector<int64_t> reversed_dims(int64_t n) {
  std::vector<int64_t> dims(static_cast<size_t>(n));
  std::iota(dims.rbegin(), dims.rend(), 0);
  return dims;
}

// The dims of t from the largest stride to the smallest (ties keep their order): the order of
// memory that 'K' keeps. Size-1 dims go where they stand, as their strides mean nothing.
std::vector<int64_t> memory_order(const Tensor& t) {
  std::vector<int64_t> dims(static_cast<size_t>(t.dim()));
  std::iota(dims.begin(), dims.end(), 0);
  std::stable_sort(dims.begin(), dims.end(), [&t](int64_t a, int64_t b) {
    if (t.size(a) == 1 || t.size(b) == 1) return false;
    return std::abs(t.stride(a)) > std::abs(t.stride(b));  // a reversed dim keeps its place, read forwards
  });
  return dims;
}

std::vector<int64_t> inverse(const std::vector<int64_t>& perm) {
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[static_cast<size_t>(perm[i])] = static_cast<int64_t>(i);
  return inv;
}

// An uninitialised tensor whose dims, taken in `perm` order, are row-major.
Tensor empty_permuted(const Shape& shape, DType dtype, const std::vector<int64_t>& perm) {
  Shape permuted;
  for (int64_t d : perm) permuted.push_back(shape[static_cast<size_t>(d)]);
  return permute(empty(permuted, dtype, Device{}), inverse(perm));
}

}  // namespace

Order order_arg(const Value& v, const std::string& fn, Order fallback, bool creation) {
  if (v.is_none()) return fallback;
  if (!v.is(Kind::Str)) throw TypeError(fn + "() argument 'order' must be str, not " + type_name(v));
  const std::string s = v.as_str();
  Order order;
  if (s == "C" || s == "c") order = Order::C;
  else if (s == "F" || s == "f") order = Order::F;
  else if (s == "A" || s == "a") order = Order::A;
  else if (s == "K" || s == "k") order = Order::K;
  else throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
  if (creation && order != Order::C && order != Order::F) throw ValueError("only 'C' or 'F' order is permitted");
  return order;
}

Order resolve_order(Order order, const Tensor& like) {
  if (order == Order::A) return numpy_contiguous(like, true) && !numpy_contiguous(like, false) ? Order::F : Order::C;
  return order;
}

Tensor empty_in_order(const Shape& shape, DType dtype, Order order, const Tensor* like) {
  if (like) order = resolve_order(order, *like);
  const int64_t n = static_cast<int64_t>(shape.size());
  if (shape_numel(shape) == 0)  // NumPy gives an empty array zero strides, whatever the order
    return as_strided(empty({0}, dtype, Device{}), shape, Shape(shape.size(), 0), 0);
  if (order == Order::F) return empty_permuted(shape, dtype, reversed_dims(n));
  if (order == Order::K && like && like->dim() == n) return empty_permuted(shape, dtype, memory_order(*like));
  return empty(shape, dtype, Device{});
}

Tensor copy_in_order(const Tensor& t, Order order) {
  Tensor out = empty_in_order(t.sizes(), t.dtype(), order, &t);
  copy_(out, t);
  return out;
}

Tensor in_order(const Tensor& t, Order order) {
  switch (resolve_order(order, t)) {
    case Order::C: return numpy_contiguous(t, false) ? t : copy_in_order(t, Order::C);
    case Order::F: return numpy_contiguous(t, true) ? t : copy_in_order(t, Order::F);
    default: return t;
  }
}

Tensor flat_in_order(const Tensor& t, Order order) {
  order = resolve_order(order, t);
  const Shape flat{t.numel()};
  if (order == Order::F) return reshape(permute(t, reversed_dims(t.dim())), flat);
  if (order == Order::K) return reshape(permute(t, memory_order(t)), flat);
  return reshape(t, flat);
}

Tensor numpy_layout_from(const Tensor& result, const std::vector<Tensor>& inputs) {
  const int64_t n = result.dim();
  if (n < 2 || result.numel() == 0) return result;
  // Whether axis a (of the result) should sit outside axis b by the inputs' vote: an input votes
  // where both axes are real in it (size > 1, stride != 0; trailing dims aligned, as broadcasting
  // aligns them). -1 yes, 1 no, 0 when none can tell or they disagree (the axes keep their order).
  auto outer = [&inputs, n](int64_t a, int64_t b) {
    bool before = false, after = false;
    for (const Tensor& x : inputs) {
      const int64_t xa = a - (n - x.dim()), xb = b - (n - x.dim());
      if (xa < 0 || xb < 0 || x.size(xa) == 1 || x.size(xb) == 1 || x.stride(xa) == 0 || x.stride(xb) == 0) continue;
      if (std::abs(x.stride(xa)) > std::abs(x.stride(xb))) before = true;
      if (std::abs(x.stride(xa)) < std::abs(x.stride(xb))) after = true;
    }
    return before && !after ? -1 : after && !before ? 1 : 0;
  };
  std::vector<int64_t> perm(static_cast<size_t>(n));
  std::iota(perm.begin(), perm.end(), 0);
  for (size_t i = 1; i < perm.size(); ++i)  // insertion sort: an axis moves out past those it must enclose
    for (size_t j = i; j > 0 && outer(perm[j], perm[j - 1]) == -1; --j) std::swap(perm[j], perm[j - 1]);
  // The strides that layout has, compared with the result's where they matter (size > 1).
  Shape want(static_cast<size_t>(n));
  int64_t step = 1;
  for (size_t k = perm.size(); k-- > 0;) {
    want[static_cast<size_t>(perm[k])] = step;
    step *= result.size(perm[k]);
  }
  bool same = true;
  for (int64_t d = 0; d < n; ++d)
    if (result.size(d) > 1 && result.stride(d) != want[static_cast<size_t>(d)]) same = false;
  if (same) return result;
  Tensor out = empty_permuted(result.sizes(), result.dtype(), perm);
  copy_(out, result);
  return out;
}

Tensor numpy_flip_view(const Tensor& t, int64_t dim) {
  Shape strides = t.strides();
  const int64_t n = t.size(dim);
  const int64_t offset = t.storage_offset() + (n > 0 ? (n - 1) * strides[static_cast<size_t>(dim)] : 0);
  strides[static_cast<size_t>(dim)] = -strides[static_cast<size_t>(dim)];
  return t.as_view(t.sizes(), strides, offset);
}

bool has_negative_stride(const Tensor& t) {
  for (int64_t s : t.strides())
    if (s < 0) return true;
  return false;
}

}  // namespace tsh::shell
