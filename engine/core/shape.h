// engine/core/shape.h — size and stride arithmetic shared by every op.
#pragma once

#include <optional>
#include <string>

#include "engine/core/tensor.h"

namespace tsh {

// Wraps a possibly negative dim into [0, ndim). A 0-d tensor accepts -1 and 0,
// as PyTorch does. Throws IndexError "Dimension out of range (expected to be in
// range of [-2, 1], but got 2)".
int64_t wrap_dim(int64_t dim, int64_t ndim);

// Row-major strides for sizes (size-0 and size-1 dims get the stride they would have with size 1).
Shape contiguous_strides(const Shape& sizes);

// Product of sizes; throws RuntimeError when it overflows int64.
int64_t shape_numel(const Shape& sizes);

// a == b, inline: small-tensor loops compare shapes of a dim or two on every op, where
// vector's operator== would call memcmp.
inline bool same_shape(const Shape& a, const Shape& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// PyTorch's is_contiguous: strides match row-major order, ignoring size-1 dims.
bool is_contiguous(const Shape& sizes, const Shape& strides);

// The broadcast shape of a and b; throws RuntimeError "The size of tensor a (3)
// must match the size of tensor b (2) at non-singleton dimension 1".
Shape broadcast_shapes(const Shape& a, const Shape& b);

// Resolves one -1 in a requested shape against numel; throws RuntimeError
// "shape '[3, 5]' is invalid for input of size 6" / "only one dimension can be inferred".
Shape infer_size(const Shape& requested, int64_t numel);

// Strides that let (sizes, strides) be viewed as new_sizes without copying,
// or nullopt when the view is impossible (PyTorch's rule).
std::optional<Shape> view_strides(const Shape& sizes, const Shape& strides, const Shape& new_sizes);

// "[2, 3]" — how PyTorch writes a shape inside messages.
std::string shape_str(const Shape& s);

}  // namespace tsh

namespace tsh {
// Strides that present (sizes, strides) with the shape `target` it broadcasts to:
// 0 along new leading dims and along size-1 dims that are stretched. The caller
// has checked compatibility (broadcast_shapes(sizes, target) == target).
Shape broadcast_strides(const Shape& sizes, const Shape& strides, const Shape& target);
}  // namespace tsh

namespace tsh {
// Dense strides in the order of the given ones (PyTorch's preserve_format):
// dims sorted by stride, ties and stride-0 dims left in place, then laid out
// row-major in that order. clone/to/empty_like use it: t.t().clone() keeps (1, n).
Shape dense_strides_like(const Shape& sizes, const Shape& strides);
}  // namespace tsh
