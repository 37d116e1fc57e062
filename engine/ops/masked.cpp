// engine/ops/masked.cpp — nonzero, masked_fill, masked_select, masked_scatter.
#include "engine/ops/masked.h"

#include <string>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/advanced_index.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/overlap.h"
#include "engine/ops/views.h"

namespace tsh {


namespace {

// mask and self broadcast to one shape, out of place (PyTorch's expand_outplace(mask, self)).
std::pair<Tensor, Tensor> broadcast_pair(const Tensor& mask, const Tensor& self) {
  const Shape shape = broadcast_shapes(mask.sizes(), self.sizes());
  return {expand(mask, shape), expand(self, shape)};
}

// In place, mask must broadcast to self's own shape.
void check_mask_fits(const Tensor& self, const Tensor& mask) {
  const Shape shape = broadcast_shapes(self.sizes(), mask.sizes());
  TSH_CHECK(shape == self.sizes(), RuntimeError,
            "output with shape " + shape_str(self.sizes()) + " doesn't match the broadcast shape " +
                shape_str(shape));
}

}  // namespace

Tensor nonzero(const Tensor& self) {
  TSH_CHECK(!self.device().is_meta(), NotImplementedError,
            "The register_meta function for torch.nonzero() raises unimplemented by default, as a correct "
            "data-independent implementation does not exist. This implementation returns a fake value, assuming "
            "all elements of the tensor are non-zero. To enable this registration, please set "
            "'torch.fx.experimental._config.meta_nonzero_assume_all_nonzero' to True.");
  const int64_t count = kernels::count_nonzero.get(self.device())(self);
  // Column by column, as PyTorch lays it out.
  Tensor out = empty_strided({count, self.dim()}, {1, count}, DType::Int64, self.device());
  kernels::nonzero.get(self.device())(self, out);
  return out;
}

std::vector<Tensor> nonzero_tuple(const Tensor& self) {
  return unbind(nonzero(self.dim() == 0 ? unsqueeze(self, 0) : self), 1);
}

Tensor argwhere(const Tensor& self) { return nonzero(self); }

const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Scalar& value) {
  TSH_CHECK(mask.dtype() == DType::Bool, RuntimeError,
            std::string("masked_fill_ only supports boolean masks, but got mask with dtype ") +
                typemeta_name(mask.dtype()));
  check_no_overlap(self, mask, /*partial_only=*/true);
  check_mask_fits(self, mask);
  check_scalar_fits(value, self.dtype());
  const Tensor m = expand(mask, self.sizes());
  kernels::masked_fill.get(self.device())(self, m, value);
  return self;
}

const Tensor& masked_fill_(const Tensor& self, const Tensor& mask, const Tensor& value) {
  TSH_CHECK(value.dim() == 0, RuntimeError,
            "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                std::to_string(value.dim()) + " dimension(s).");
  return masked_fill_(self, mask, self.device().is_meta() ? Scalar(int64_t{0}) : item(value));
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Scalar& value) {
  auto [m, s] = broadcast_pair(mask, self);
  Tensor out = empty(s.sizes(), s.dtype(), s.device());
  copy_(out, s);
  masked_fill_(out, m, value);
  return out;
}

Tensor masked_fill(const Tensor& self, const Tensor& mask, const Tensor& value) {
  auto [m, s] = broadcast_pair(mask, self);
  Tensor out = empty(s.sizes(), s.dtype(), s.device());
  copy_(out, s);
  masked_fill_(out, m, value);
  return out;
}

Tensor masked_select(const Tensor& self, const Tensor& mask) {
  // 2.x dropped 1.13's uint8 masks here (and in masked_scatter_).
  TSH_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_select: expected BoolTensor for mask");
  TSH_CHECK(!self.device().is_meta() && !mask.device().is_meta(), NotImplementedError,
            kernels::meta_unsupported("aten::masked_select"));
  auto [m, s] = broadcast_pair(mask, self);
  if (s.dim() == 0) {  // a 0-d pair selects from a 1-element vector
    m = unsqueeze(m, 0);
    s = unsqueeze(s, 0);
  }
  return index(s, {m});
}

const Tensor& masked_scatter_(const Tensor& self, const Tensor& mask, const Tensor& source) {
  check_no_internal_overlap(self);
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("masked_scatter: expected self and source to have same dtypes but got") +
                scalar_type_name(self.dtype()) + " and " + scalar_type_name(source.dtype()));
  const Tensor m = expand(mask, self.sizes());
  TSH_CHECK(m.dtype() == DType::Bool, RuntimeError,
            std::string("masked_scatter_ only supports boolean masks, but got mask with dtype ") +
                scalar_type_name(m.dtype()));
  if (self.device().is_meta()) return self;  // which elements change depends on the mask's values
  const std::vector<int64_t> positions = int_values(tsh::t(nonzero(m)));  // dim-major
  const int64_t count = self.dim() == 0 ? kernels::count_nonzero.get(m.device())(m)
                                        : static_cast<int64_t>(positions.size()) / self.dim();
  TSH_CHECK(source.numel() >= count, RuntimeError,
            "Number of elements of source < number of ones in mask");
  if (count == 0) return self;
  // The element offset of the k-th set position, paired with source's k-th element.
  std::vector<int64_t> offsets(static_cast<size_t>(count), 0);
  for (int64_t d = 0; d < self.dim(); ++d)
    for (int64_t k = 0; k < count; ++k) offsets[k] += positions[d * count + k] * self.strides()[d];
  const Tensor off = int64_tensor({count}, offsets, self.device());
  const Tensor src = narrow(reshape(source, {-1}), 0, 0, count);
  const Tensor dst = self.as_view({count}, {0}, self.storage_offset());
  kernels::scatter.get(self.device())(dst, src, off, ScatterMode::Assign, Scalar(int64_t{1}));
  return self;
}

Tensor masked_scatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  auto [m, s] = broadcast_pair(mask, self);
  Tensor out = empty(s.sizes(), s.dtype(), s.device());
  copy_(out, s);
  masked_scatter_(out, m, source);
  return out;
}

}  // namespace tsh
