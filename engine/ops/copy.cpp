// engine/ops/copy.cpp — copying, converting and filling tensors.
#include "engine/ops/copy.h"

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/cpu/kernels.h"
#include "engine/ops/dispatch.h"

namespace tsh {

namespace {
using CopyFn = void (*)(const Tensor&, const Tensor&);
using FillFn = void (*)(const Tensor&, const Scalar&);
const KernelTable<CopyFn> copy_kernels{&cpu::copy_kernel, nullptr};
const KernelTable<FillFn> fill_kernels{&cpu::fill_kernel, nullptr};
}  // namespace

const Tensor& copy_(const Tensor& dst, const Tensor& src) {
  Shape shape = broadcast_shapes(dst.sizes(), src.sizes());
  TSH_CHECK(shape == dst.sizes(), RuntimeError,
            "output with shape " + shape_str(dst.sizes()) + " doesn't match the broadcast shape " +
                shape_str(shape));
  Shape strides = broadcast_strides(src.sizes(), src.strides(), dst.sizes());
  Tensor expanded = src.as_view(dst.sizes(), strides, src.storage_offset());
  // Only the CUDA backend can hold tensors on a second device; until it is
  // built in, a copy between devices cannot arise, and is refused if it does.
  TSH_CHECK(dst.device() == src.device(), RuntimeError,
            "copy between devices " + src.device().str() + " and " + dst.device().str() +
                " is not available in this build");
  copy_kernels.get(dst.device())(dst, expanded);
  return dst;
}

Tensor clone(const Tensor& t) {
  Tensor out = empty_like(t);
  return copy_(out, t);
}

Tensor contiguous(const Tensor& t) {
  if (t.is_contiguous()) return t;
  Tensor out = empty(t.sizes(), t.dtype(), t.device());
  return copy_(out, t);
}

Tensor to(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device, bool copy) {
  DType d = dtype.value_or(t.dtype());
  Device dev = device.value_or(t.device());
  if (!copy && d == t.dtype() && dev == t.device()) return t;
  Tensor out = empty_like(t, d, dev);
  return copy_(out, t);
}

const Tensor& fill_(const Tensor& t, const Scalar& value) {
  check_scalar_fits(value, t.dtype());  // fill_(300) on uint8 is an error, as in PyTorch
  fill_kernels.get(t.device())(t, value);
  return t;
}

const Tensor& zero_(const Tensor& t) { return fill_(t, Scalar(int64_t{0})); }

}  // namespace tsh
