// engine/core/tensor.h — a tensor is a view: storage + sizes + strides + offset + dtype.
//
// Tensor is a cheap handle (a shared pointer) to a TensorImpl. Every view op
// builds a new TensorImpl over the same Storage and copies no element. The
// identity of a tensor (`id(t)` in the shell) is its TensorImpl's address:
// in-place ops keep it, out-of-place ops make a new one.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/dtype.h"
#include "engine/core/storage.h"

namespace tsh {

using Shape = std::vector<int64_t>;

namespace autograd { struct Meta; }

struct TensorImpl {
  Storage storage;
  Shape sizes;         // one entry per dim; every entry >= 0
  Shape strides;       // in elements, one per dim; >= 0 (0 = expanded along that dim)
  int64_t offset = 0;  // storage offset in elements
  DType dtype = DType::Float32;
  // PyTorch's conjugate bit: the tensor's values are the conjugates of what its storage holds
  // (a lazy conj() view). Views of it keep the bit; every kernel needs it resolved first.
  bool conj = false;
  // Autograd's bookkeeping (requires_grad, grad, grad_fn, ...): null for a tensor autograd never saw.
  std::shared_ptr<autograd::Meta> autograd;
  // The version counter in-place ops bump, when this tensor does not share its storage's (t.data
  // gets its own, as in PyTorch, so autograd does not see writes through it). Views inherit it.
  std::shared_ptr<uint32_t> own_version;
  // PyTorch's _base: the tensor this one is a view of, always a tensor that is no view itself (a
  // view of a view names the first one's base). Null for a tensor that is no view; set by the
  // shell where PyTorch's view ops make one, never by the engine's internal views.
  std::shared_ptr<TensorImpl> view_base;
  // torch.nn.Parameter: the shell's mark on a tensor a model owns (its repr and type() say so).
  // The engine never reads it; no op copies it, so results of ops on a parameter are plain tensors.
  bool is_parameter = false;
  // Derived from sizes and strides each time tensor.cpp (the only place that sets them) does:
  // small-tensor loops ask for them on every op.
  int64_t numel = 0;
  bool contiguous = true;
  // Invariant: when numel() > 0, every element index
  //   offset + sum_i idx_i * strides[i]  (0 <= idx_i < sizes[i])
  // lies inside the storage: (that index + 1) * itemsize <= storage->nbytes.
};

[[noreturn]] void conj_reached_kernel();

class Tensor {
 public:
  Tensor() = default;  // an undefined tensor: only defined() may be called
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  // A tensor over an existing storage. Checks the invariant above.
  static Tensor make(Storage storage, Shape sizes, Shape strides, int64_t offset, DType dtype);

  bool defined() const { return impl_ != nullptr; }
  TensorImpl* impl() const { return impl_.get(); }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }
  std::weak_ptr<TensorImpl> weak() const { return impl_; }

  int64_t dim() const { return static_cast<int64_t>(impl_->sizes.size()); }
  const Shape& sizes() const { return impl_->sizes; }
  const Shape& strides() const { return impl_->strides; }
  int64_t size(int64_t d) const;    // d may be negative
  int64_t stride(int64_t d) const;  // d may be negative
  int64_t storage_offset() const { return impl_->offset; }
  DType dtype() const { return impl_->dtype; }
  Device device() const { return impl_->storage->device; }
  const Storage& storage() const { return impl_->storage; }
  int64_t numel() const { return impl_->numel; }
  int64_t itemsize() const { return tsh::itemsize(impl_->dtype); }
  // Stride of dim d (may be negative) in bytes, for kernels that step through memory. A
  // dim of size <= 1 is never stepped over and its stride may be anything up
  // to INT64_MAX (x[::2**62] keeps PyTorch's stride 2**62, which times the
  // itemsize overflows): it gets 0. Otherwise the invariant bounds the product.
  int64_t byte_stride(int64_t d) const {
    int64_t b;
    if (size(d) <= 1 || __builtin_mul_overflow(stride(d), itemsize(), &b)) return 0;
    return b;
  }
  bool is_contiguous() const { return impl_->contiguous; }

  bool is_conj() const { return impl_->conj; }

  // Address of element [0, ..., 0] (valid even when numel() == 0). A kernel never reads a
  // conjugate view's storage as if it held the values: that would be a silent wrong answer.
  char* data_ptr() const {
    if (impl_->conj) conj_reached_kernel();
    // A storage without bytes (empty, or on the meta device) has no address to offset from.
    char* base = static_cast<char*>(impl_->storage->data);
    return base ? base + impl_->offset * itemsize() : nullptr;
  }
  template <typename T> T* data() const { return reinterpret_cast<T*>(data_ptr()); }

  // A view of the same storage with other geometry (a new TensorImpl).
  Tensor as_view(Shape sizes, Shape strides, int64_t offset) const;
  // Replaces this tensor's geometry in place (for t_(), squeeze_(), ...): identity kept.
  void set_geometry(Shape sizes, Shape strides, int64_t offset) const;

 private:
  std::shared_ptr<TensorImpl> impl_;
};

// A new tensor with fresh, uninitialised, contiguous storage.
Tensor empty(const Shape& sizes, DType dtype, Device device = {});
// Same, with the given strides (as empty_strided).
Tensor empty_strided(const Shape& sizes, const Shape& strides, DType dtype, Device device = {});

}  // namespace tsh

namespace tsh {
// A new uninitialised tensor shaped like t, with t's stride order (preserve_format).
Tensor empty_like(const Tensor& t, DType dtype, Device device);
inline Tensor empty_like(const Tensor& t) { return empty_like(t, t.dtype(), t.device()); }
}  // namespace tsh
