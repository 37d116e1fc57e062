// engine/autograd/window.cpp — the derivatives of im2col, col2im and 2-d max pooling. im2col and
// col2im are each other's adjoint, so each one's gradient is the other (recorded, so that second
// derivatives follow); max pooling's gradient adds each output's gradient at its window's maximum.
#include "engine/autograd/formula.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"
#include "engine/ops/window.h"

namespace tsh::ag {

Tensor im2col(const Tensor& x, Pair kernel, Pair dilation, Pair padding, Pair stride, bool rows_outer) {
  Tensor r = tsh::im2col(x, kernel, dilation, padding, stride, rows_outer);
  if (needs_grad({x})) {
    const Pair size{x.size(-2), x.size(-1)};
    attach(make_node("Im2ColBackward0", {x},
                     [=](Node&, const TensorList& g) -> TensorList {
                       return {ag::col2im(g[0], size, kernel, dilation, padding, stride)};
                     }),
           r);
  }
  return r;
}

Tensor col2im(const Tensor& cols, Pair output_size, Pair kernel, Pair dilation, Pair padding, Pair stride) {
  Tensor r = tsh::col2im(cols, output_size, kernel, dilation, padding, stride);
  if (needs_grad({cols}))
    attach(make_node("Col2ImBackward0", {cols},
                     [=](Node&, const TensorList& g) -> TensorList {
                       return {ag::im2col(g[0], kernel, dilation, padding, stride)};
                     }),
           r);
  return r;
}

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& x, Pair kernel, Pair stride, Pair padding,
                                                  Pair dilation, Pair out) {
  auto [values, indices] = tsh::max_pool2d_with_indices(x, kernel, stride, padding, dilation, out);
  if (needs_grad({x})) {
    const Shape sizes = x.sizes();
    const Tensor at = indices;
    attach(make_node("MaxPool2DWithIndicesBackward0", {x},
                     [=](Node&, const TensorList& g) -> TensorList {
                       if (!needs_grad({g[0]})) return {tsh::max_pool2d_backward(g[0], sizes, at)};
                       // create_graph: through each index's position in the whole input, recorded
                       const int64_t planes = sizes[0] * sizes[1], area = sizes[2] * sizes[3];
                       const Tensor base = tsh::reshape(
                           arange(Scalar(int64_t{0}), Scalar(planes * area), Scalar(area), DType::Int64, at.device()),
                           {sizes[0], sizes[1], 1, 1});
                       return {ag::scatter_positions(g[0], tsh::add(at, base), sizes)};
                     }),
           values);
  }
  return {values, indices};
}

}  // namespace tsh::ag
