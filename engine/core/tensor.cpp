// engine/core/tensor.cpp — tensor construction and metadata queries.
#include "engine/core/tensor.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"

namespace tsh {

namespace {
// Called wherever sizes and strides are set (each caller has checked the numel fits in int64).
void derive_geometry(TensorImpl& impl) {
  int64_t n = 1;
  for (int64_t s : impl.sizes) n *= s;
  impl.numel = n;
  impl.contiguous = is_contiguous(impl.sizes, impl.strides);
}
}  // namespace

Tensor Tensor::make(Storage storage, Shape sizes, Shape strides, int64_t offset, DType dtype) {
  TSH_CHECK(sizes.size() == strides.size(), RuntimeError,
            "mismatch in length of strides and shape");
  int64_t n = shape_numel(sizes);
  if (n > 0) {
    // The highest element index must fit in the storage. A layout whose extent
    // does not fit in int64 fails as PyTorch's computeStorageNbytes does.
    int64_t last = offset;
    bool overflow = false;
    for (size_t i = 0; i < sizes.size(); ++i) {
      TSH_CHECK(strides[i] >= 0, RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: " + shape_str(strides));
      int64_t step;
      overflow = overflow || __builtin_mul_overflow(sizes[i] - 1, strides[i], &step) ||
                 __builtin_add_overflow(last, step, &last);
    }
    int64_t need;
    overflow = overflow || __builtin_add_overflow(last, 1, &need) ||
               __builtin_mul_overflow(need, tsh::itemsize(dtype), &need);
    TSH_CHECK(!overflow, RuntimeError,
              "Storage size calculation overflowed with sizes=" + shape_str(sizes) +
                  " and strides=" + shape_str(strides));
    int64_t have = storage->nbytes;
    TSH_CHECK(need <= have, RuntimeError,
              "setStorage: sizes " + shape_str(sizes) + ", strides " + shape_str(strides) +
                  ", storage offset " + std::to_string(offset) + ", and itemsize " +
                  std::to_string(tsh::itemsize(dtype)) + " requiring a storage size of " +
                  std::to_string(need) + " are out of bounds for storage of size " +
                  std::to_string(have));
  }
  // Checked after the bounds, as PyTorch's setStrided does (the messages differ).
  TSH_CHECK(offset >= 0, RuntimeError,
            "Tensor: invalid storage offset " + std::to_string(offset));
  auto impl = std::make_shared<TensorImpl>();
  impl->storage = std::move(storage);
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  derive_geometry(*impl);
  impl->offset = offset;
  impl->dtype = dtype;
  return Tensor(std::move(impl));
}

namespace {
// A 0-d tensor has no dim to ask about, not even the -1 and 0 that wrap_dim allows it.
int64_t checked_dim(int64_t d, int64_t ndim) {
  if (ndim == 0)
    throw IndexError("Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
  return wrap_dim(d, ndim);
}
}  // namespace

int64_t Tensor::size(int64_t d) const { return impl_->sizes[checked_dim(d, dim())]; }
int64_t Tensor::stride(int64_t d) const { return impl_->strides[checked_dim(d, dim())]; }

// Never overflows: as_view, set_geometry and make check shape_numel.
Tensor Tensor::as_view(Shape sizes, Shape strides, int64_t offset) const {
  shape_numel(sizes);  // PyTorch's "numel: integer multiplication overflow" (expand(2**40, 2**40))
  auto impl = std::make_shared<TensorImpl>();
  impl->storage = impl_->storage;
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  derive_geometry(*impl);
  impl->offset = offset;
  impl->dtype = impl_->dtype;
  impl->conj = impl_->conj;
  impl->own_version = impl_->own_version;
  return Tensor(std::move(impl));
}

void conj_reached_kernel() {
  throw RuntimeError("tsh: a conjugate view reached a kernel unresolved (a bug in tsh; resolve_conj() first "
                     "works around it)");
}

void Tensor::set_geometry(Shape sizes, Shape strides, int64_t offset) const {
  shape_numel(sizes);
  impl_->sizes = std::move(sizes);
  impl_->strides = std::move(strides);
  derive_geometry(*impl_);
  impl_->offset = offset;
}

Tensor empty(const Shape& sizes, DType dtype, Device device) {
  return empty_strided(sizes, contiguous_strides(sizes), dtype, device);
}

Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device) {
  for (int64_t s : sizes)
    TSH_CHECK(s >= 0, RuntimeError,
              "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                  shape_str(sizes));
  // The bytes the storage needs, with PyTorch's overflow checks (EmptyTensor.cpp's
  // computeStorageNbytes and its contiguous form): the size in bytes must fit in
  // int64. The contiguous product checks every factor, so 2**62 * 2**62 * 0 overflows
  // too; the strided sum stops at a zero size.
  const bool contiguous = strides == contiguous_strides(sizes);
  const auto item = static_cast<uint64_t>(tsh::itemsize(dtype));
  uint64_t bytes = 1;
  bool overflow = false;
  if (contiguous) {
    for (int64_t s : sizes) overflow |= __builtin_mul_overflow(bytes, static_cast<uint64_t>(s), &bytes);
  } else {
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (sizes[i] == 0) {
        bytes = 0;
        break;
      }
      uint64_t step;
      overflow |= __builtin_mul_overflow(static_cast<uint64_t>(strides[i]), static_cast<uint64_t>(sizes[i] - 1), &step);
      overflow |= __builtin_add_overflow(bytes, step, &bytes);
    }
  }
  overflow |= __builtin_mul_overflow(bytes, item, &bytes);
  overflow |= bytes > static_cast<uint64_t>(INT64_MAX);
  TSH_CHECK(!overflow, RuntimeError,
            "Storage size calculation overflowed with sizes=" + shape_str(sizes) +
                (contiguous ? "" : " and strides=" + shape_str(strides)));
  if (shape_numel(sizes) == 0) bytes = 0;
  Storage storage = make_storage(static_cast<int64_t>(bytes), device);
  return Tensor::make(std::move(storage), sizes, strides, 0, dtype);
}

}  // namespace tsh

namespace tsh {
Tensor empty_like(const Tensor& t, DType dtype, Device device) {
  return empty_strided(t.sizes(), dense_strides_like(t.sizes(), t.strides()), dtype, device);
}
}  // namespace tsh
