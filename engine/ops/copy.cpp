// engine/ops/copy.cpp — copying, converting and filling tensors.
#include "engine/ops/copy.h"
#include "engine/ops/unary.h"

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/kernels/copy.h"
#include "engine/ops/elementwise_plan.h"

namespace tsh {

namespace {

// src's elements, in its dtype and shape, moved to `device` through the memory
// interface: made contiguous where it lives, then copied byte for byte.
Tensor moved_to(const Tensor& src, Device device) {
  if (src.device().is_meta()) throw NotImplementedError("Cannot copy out of meta tensor; no data!");
  const Tensor packed = contiguous(src);
  Tensor out = empty(src.sizes(), src.dtype(), device);
  copy_bytes(out.storage(), 0, packed.storage(), packed.storage_offset() * packed.itemsize(),
             packed.numel() * packed.itemsize());
  return out;
}

}  // namespace

const Tensor& copy_(const Tensor& dst, const Tensor& src) {
  // PyTorch's order: a copy onto the very same elements does nothing; otherwise written-to
  // elements may not repeat, nor partly overlap src's (`x.copy_(x.t())` raises, as in PyTorch).
  if (dst.storage() == src.storage() && dst.storage_offset() == src.storage_offset() &&
      dst.sizes() == src.sizes() && dst.strides() == src.strides() && dst.dtype() == src.dtype() &&
      dst.is_conj() == src.is_conj())
    return dst;
  if (dst.numel() > 0) check_overlap(dst, std::span<const Tensor>(&src, 1));  // an empty one writes nothing
  // Conjugate views: read src's values, and store into a conjugate view what reads back as them.
  if (src.is_conj() || dst.is_conj()) {
    const Tensor values = resolve_conj(src);
    if (!dst.is_conj()) return copy_(dst, values);
    copy_(raw_view(dst), is_complex(values.dtype()) ? conj(values) : values);
    return dst;
  }
  Shape shape = broadcast_shapes(dst.sizes(), src.sizes());
  TSH_CHECK(shape == dst.sizes(), RuntimeError,
            "output with shape " + shape_str(dst.sizes()) + " doesn't match the broadcast shape " +
                shape_str(shape));
  if (dst.device() != src.device()) {
    if (dst.device().is_meta()) return dst;  // nothing to write
    // Across devices: the bytes move first, then dst's backend converts and broadcasts.
    return copy_(dst, moved_to(src, dst.device()));
  }
  Shape strides = broadcast_strides(src.sizes(), src.strides(), dst.sizes());
  Tensor expanded = src.as_view(dst.sizes(), strides, src.storage_offset());
  kernels::copy.get(dst.device())(dst, expanded);
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
  // "cuda" names the current device: a tensor already there is not copied.
  if (!dev.is_cpu() && !dev.is_meta() && dev.index < 0) dev = allocator_for(dev)->prepare(dev);
  if (!copy && d == t.dtype() && dev == t.device()) return t;
  if (t.device().is_meta() && !dev.is_meta()) throw NotImplementedError("Cannot copy out of meta tensor; no data!");
  Tensor out = empty_like(t, d, dev);
  return copy_(out, t);
}

Tensor copy_to_host_allocator(const Tensor& t, Allocator* allocator) {
  TSH_CHECK(t.device().is_cpu(), RuntimeError, "copy_to_host_allocator: expected a CPU tensor");
  // The bytes its strides reach (PyTorch's computeStorageNbytes): none for an empty tensor.
  int64_t extent = t.numel() == 0 ? 0 : 1;
  if (extent)
    for (int64_t d = 0; d < t.dim(); ++d) extent += (t.sizes()[d] - 1) * t.strides()[d];
  auto storage = std::make_shared<StorageImpl>(extent * t.itemsize(), Device{}, allocator);
  Tensor out = Tensor::make(storage, t.sizes(), t.strides(), 0, t.dtype());
  return copy_(out, t);
}

const Tensor& fill_(const Tensor& t, const Scalar& value) {
  check_scalar_fits(value, t.dtype());  // fill_(300) on uint8 is an error, as in PyTorch
  kernels::fill.get(t.device())(t, value);
  return t;
}

const Tensor& zero_(const Tensor& t) { return fill_(t, Scalar(int64_t{0})); }

}  // namespace tsh
