// engine/ops/reduce_util.cpp — shape and dtype bookkeeping shared by the reduction, scan and sort ops.
#include "engine/ops/reduce_util.h"

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/creation.h"

namespace tsh::detail {

ReduceSpec reduce_spec(const Tensor& t, const OptDims& dims, bool keepdim) {
  const int64_t nd = t.dim();
  ReduceSpec s;
  s.mask.assign(static_cast<size_t>(nd), false);
  if (!dims || dims->empty()) {
    s.mask.assign(static_cast<size_t>(nd), true);
  } else {
    for (int64_t d : *dims) {
      int64_t w = wrap_dim(d, nd);
      if (nd == 0) continue;  // a 0-d tensor accepts dim 0 / -1 and has nothing to reduce
      TSH_CHECK(!s.mask[w], RuntimeError,
                "dim " + std::to_string(w) + " appears multiple times in the list of dims");
      s.mask[w] = true;
    }
  }
  for (int64_t d = 0; d < nd; ++d) {
    s.keep_shape.push_back(s.mask[d] ? 1 : t.size(d));
    if (!s.mask[d] || keepdim) s.out_shape.push_back(s.mask[d] ? 1 : t.size(d));
  }
  return s;
}

ReduceSpec reduce_spec(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  if (!dim) return reduce_spec(t, OptDims{}, keepdim);
  return reduce_spec(t, OptDims{std::vector<int64_t>{*dim}}, keepdim);
}

Tensor reduce_alloc(const ReduceSpec& spec, DType dtype, Device device) {
  return empty(spec.out_shape, dtype, device);
}

Tensor reduce_view(const Tensor& out, const Tensor& in, const ReduceSpec& spec) {
  Shape keep_strides = contiguous_strides(spec.keep_shape);
  // out is contiguous in out_shape, which is keep_shape minus size-1 dims, so
  // the keepdim strides describe the same elements.
  Shape strides(in.sizes().size());
  for (size_t d = 0; d < strides.size(); ++d)
    strides[d] = spec.mask[d] && in.sizes()[d] != 1 ? 0 : keep_strides[d];
  return out.as_view(in.sizes(), strides, out.storage_offset());
}

int64_t reduced_count(const Tensor& t, const ReduceSpec& spec) {
  int64_t n = 1;
  for (size_t d = 0; d < spec.mask.size(); ++d)
    if (spec.mask[d]) n *= t.sizes()[d];
  return n;
}


}  // namespace tsh::detail
