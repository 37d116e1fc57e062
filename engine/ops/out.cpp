// engine/ops/out.cpp — resize-and-copy into out= tensors.
#include "engine/ops/out.h"

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"

namespace tsh {

void resize_out(const Tensor& out, const Shape& shape) {
  if (out.sizes() == shape) return;
  const Shape strides = contiguous_strides(shape);
  const int64_t need = (out.storage_offset() + shape_numel(shape)) * out.itemsize();
  if (need > out.storage()->nbytes) out.storage()->grow(need);  // every view of it sees the new bytes
  out.set_geometry(shape, strides, out.storage_offset());
}

void check_out_dtype(const Tensor& out, DType expected) {
  TSH_CHECK(out.dtype() == expected, RuntimeError,
            std::string("Expected out tensor to have dtype ") + typemeta_name(expected) + ", but got " +
                typemeta_name(out.dtype()) + " instead");
}

const Tensor& write_out(const Tensor& out, const Tensor& result) {
  TSH_CHECK(out.device() == result.device(), RuntimeError,
            device_mismatch(result.device(), out.device()));
  resize_out(out, result.sizes());
  if (result.numel() > 0) copy_(out, result);
  return out;
}

}  // namespace tsh
