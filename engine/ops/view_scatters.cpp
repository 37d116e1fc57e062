// engine/ops/view_scatters.cpp — the *_scatter ops (a clone with one view overwritten) and fill_diagonal_.
#include "engine/ops/view_scatters.h"

#include <algorithm>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// clone(self) with `view_of(clone)` = src; src must have exactly the view's shape.
template <typename ViewOf>
Tensor scatter_into_view(const Tensor& self, const Tensor& src, ViewOf view_of) {
  Tensor out = clone(self);
  const Tensor slot = view_of(out);
  TSH_CHECK(slot.sizes() == src.sizes(), RuntimeError,
            "expected src to have a size equal to the slice of self. src size = " + shape_str(src.sizes()) +
                ", slice size = " + shape_str(slot.sizes()));
  copy_(slot, src);
  return out;
}

}  // namespace

Tensor diagonal_scatter(const Tensor& self, const Tensor& src, int64_t offset, int64_t dim1, int64_t dim2) {
  return scatter_into_view(self, src, [&](const Tensor& t) { return diagonal(t, offset, dim1, dim2); });
}

Tensor select_scatter(const Tensor& self, const Tensor& src, int64_t dim, int64_t index) {
  return scatter_into_view(self, src, [&](const Tensor& t) { return select(t, dim, index); });
}

Tensor slice_scatter(const Tensor& self, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                     std::optional<int64_t> end, int64_t step) {
  TSH_CHECK(step > 0, RuntimeError, "slice step must be positive");
  return scatter_into_view(self, src, [&](const Tensor& t) { return slice(t, dim, start, end, step); });
}

Tensor as_strided_scatter(const Tensor& self, const Tensor& src, const Shape& sizes, const Shape& strides,
                          std::optional<int64_t> offset) {
  return scatter_into_view(self, src, [&](const Tensor& t) { return as_strided(t, sizes, strides, offset); });
}

const Tensor& fill_diagonal_(const Tensor& self, const Scalar& value, bool wrap) {
  const int64_t nd = self.dim();
  TSH_CHECK(nd >= 2, RuntimeError, "dimensions must larger than 1");
  if (nd > 2)
    for (int64_t d = 1; d < nd; ++d)
      TSH_CHECK(self.sizes()[d] == self.sizes()[0], RuntimeError, "all dimensions of input must be of equal length");
  const int64_t height = self.sizes()[0], width = self.sizes()[1];
  int64_t step = 0;
  for (int64_t s : self.strides()) step += s;
  const int64_t n = std::min(height, width);
  fill_(as_strided(self, {n}, {step}, self.storage_offset()), value);
  // Wrapping: the diagonal goes on from the row after the one below the square (NumPy's rule).
  if (wrap && nd == 2 && height > width + 1)
    fill_diagonal_(narrow(self, 0, width + 1, height - width - 1), value, true);
  return self;
}

}  // namespace tsh
