// engine/core/shape.cpp — size and stride arithmetic shared by every op.
#include "engine/core/shape.h"

#include <algorithm>

#include "engine/core/error.h"

namespace tsh {

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  int64_t n = ndim <= 0 ? 1 : ndim;  // a 0-d tensor wraps like a 1-d one
  if (dim < -n || dim >= n)
    throw IndexError("Dimension out of range (expected to be in range of [" + std::to_string(-n) +
                     ", " + std::to_string(n - 1) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + n : dim;
}

Shape contiguous_strides(const Shape& sizes) {
  Shape strides(sizes.size());
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = s;
    // Saturates instead of overflowing: such sizes fail shape_numel's check,
    // and the strides of a size whose numel fits never come near the limit.
    if (__builtin_mul_overflow(s, sizes[i] > 1 ? sizes[i] : 1, &s)) s = INT64_MAX;
  }
  return strides;
}

int64_t shape_numel(const Shape& sizes) {
  int64_t n = 1;
  bool overflow = false;
  for (int64_t s : sizes) {
    if (s == 0) return 0;
    overflow = overflow || __builtin_mul_overflow(n, s, &n);
  }
  TSH_CHECK(!overflow, RuntimeError, "numel: integer multiplication overflow");
  return n;
}

bool is_contiguous(const Shape& sizes, const Shape& strides) {
  // An empty tensor is contiguous whatever its strides (checked before any stride).
  for (int64_t s : sizes)
    if (s == 0) return true;
  int64_t expected = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    if (sizes[i] == 1) continue;
    if (strides[i] != expected) return false;
    expected *= sizes[i];
  }
  return true;
}

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  size_t n = std::max(a.size(), b.size());
  Shape out(n);
  // Align from the right, checking the last dim first (PyTorch reports the rightmost mismatch).
  for (size_t i = n; i-- > 0;) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      throw RuntimeError("The size of tensor a (" + std::to_string(da) +
                         ") must match the size of tensor b (" + std::to_string(db) +
                         ") at non-singleton dimension " + std::to_string(i));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

Shape infer_size(const Shape& requested, int64_t numel) {
  Shape out = requested;
  int64_t known = 1;
  int infer_at = -1;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == -1) {
      TSH_CHECK(infer_at < 0, RuntimeError, "only one dimension can be inferred");
      infer_at = static_cast<int>(i);
    } else if (out[i] >= 0) {
      known *= out[i];
    } else {
      throw RuntimeError("invalid shape dimension " + std::to_string(out[i]));
    }
  }
  if (infer_at >= 0) {
    // A size-0 tensor cannot fill a -1 when the other sizes multiply to 0.
    if (known != 0 && numel % known == 0) {
      out[infer_at] = numel / known;
      return out;
    }
    if (known == 0 && numel == 0)
      throw RuntimeError("cannot reshape tensor of " + std::to_string(numel) +
                         " elements into shape " + shape_str(requested) +
                         " because the unspecified dimension size -1 can be any value and is "
                         "ambiguous");
  } else if (known == numel) {
    return out;
  }
  throw RuntimeError("shape '" + shape_str(requested) + "' is invalid for input of size " +
                     std::to_string(numel));
}

std::optional<Shape> view_strides(const Shape& sizes, const Shape& strides,
                                  const Shape& new_sizes) {
  // Walk both shapes from the innermost dim, grouping old dims into "chunks"
  // that are contiguous with each other; each chunk must be split exactly by
  // a run of new dims.
  // A 0-d tensor views as any all-ones shape, with unit strides (as PyTorch).
  if (sizes.empty()) return Shape(new_sizes.size(), 1);
  Shape new_strides(new_sizes.size());
  int64_t numel = shape_numel(sizes);
  if (numel == 0) {
    if (sizes == new_sizes) return strides;
    return contiguous_strides(new_sizes);
  }
  int64_t view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  int64_t chunk_base_stride = strides.empty() ? 1 : strides.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    tensor_numel *= sizes[d];
    // The chunk ends at d when d is the outermost dim or d-1 is not contiguous with d.
    if (d == 0 || (sizes[d - 1] != 1 && strides[d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[view_d] == 1)) {
        new_strides[view_d] = view_numel * chunk_base_stride;
        view_numel *= new_sizes[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (d > 0) {
        chunk_base_stride = strides[d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return new_strides;
}

std::string shape_str(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(s[i]);
  }
  return out + "]";
}

}  // namespace tsh

namespace tsh {
Shape broadcast_strides(const Shape& sizes, const Shape& strides, const Shape& target) {
  Shape out(target.size(), 0);
  size_t lead = target.size() - sizes.size();
  for (size_t i = 0; i < sizes.size(); ++i)
    out[lead + i] = sizes[i] == target[lead + i] ? strides[i] : 0;
  return out;
}
}  // namespace tsh

namespace tsh {
// PyTorch's is_non_overlapping_and_dense: sorted by stride, the dims of size
// >= 2 tile memory exactly (every empty or contiguous tensor qualifies).
// Declared in engine/core/memory_format.h.
bool non_overlapping_and_dense(const Shape& sizes, const Shape& strides) {
  if (is_contiguous(sizes, strides)) return true;
  const size_t n = sizes.size();
  std::vector<size_t> perm(n);
  for (size_t i = 0; i < n; ++i) perm[i] = i;
  std::sort(perm.begin(), perm.end(), [&](size_t a, size_t b) {
    if (sizes[a] < 2) return false;  // size-0/1 dims go last and do not count
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  int64_t required = 1;
  for (size_t d : perm) {
    if (sizes[d] < 2) return true;
    if (strides[d] != required) return false;
    required *= sizes[d];
  }
  return true;
}

Shape dense_strides_like(const Shape& sizes, const Shape& strides) {
  // Already dense strides are kept as they are (PyTorch's empty_like does so).
  if (non_overlapping_and_dense(sizes, strides)) return strides;
  const int64_t n = static_cast<int64_t>(sizes.size());
  std::vector<int64_t> perm(n);  // innermost first
  for (int64_t i = 0; i < n; ++i) perm[i] = n - 1 - i;
  // > 0: a should come after b; < 0: stay; 0: undecided (keep looking further out).
  auto should_swap = [&](int64_t a, int64_t b) -> int {
    if (strides[a] == 0 || strides[b] == 0) return 0;
    if (strides[a] < strides[b]) return -1;
    if (strides[a] > strides[b]) return 1;
    return sizes[a] > sizes[b] ? 1 : 0;
  };
  // PyTorch's insertion sort: the moving dim is compared with every dim to
  // its left until one says "stay"; an undecided comparison skips that dim
  // without moving (so a swap may jump over it).
  for (int64_t i = 1; i < n; ++i) {
    int64_t moving = i;
    for (int64_t j = i - 1; j >= 0; --j) {
      int r = should_swap(perm[j], perm[moving]);
      if (r > 0) {
        std::swap(perm[j], perm[moving]);
        moving = j;
      } else if (r < 0) {
        break;
      }
    }
  }
  Shape out(n);
  int64_t cur = 1;
  for (int64_t i = 0; i < n; ++i) {
    out[perm[i]] = cur;
    cur *= std::max<int64_t>(sizes[perm[i]], 1);
  }
  return out;
}
}  // namespace tsh
