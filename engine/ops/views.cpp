// engine/ops/views.cpp — view ops: the size/stride/offset arithmetic of each, with PyTorch's checks.
//
// A view op never touches elements: it computes new geometry and wraps the
// same storage in a new TensorImpl (Tensor::as_view). Geometry that points
// outside the storage is impossible by construction, except in as_strided,
// which Tensor::make checks.
#include "engine/ops/views.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"

namespace tsh {

namespace {

std::string str(int64_t v) { return std::to_string(v); }

Tensor alias(const Tensor& self) {
  return self.as_view(self.sizes(), self.strides(), self.storage_offset());
}

// Applies an out-of-place view's geometry to self itself (the `op_` variants).
const Tensor& assign_geometry(const Tensor& self, const Tensor& view) {
  self.set_geometry(view.sizes(), view.strides(), view.storage_offset());
  return self;
}

Tensor erase_dim(const Tensor& self, int64_t dim, int64_t extra_offset) {
  Shape sizes, strides;  // built at their final length: t[i] of a vector allocates none
  sizes.reserve(self.sizes().size() - 1);
  strides.reserve(self.sizes().size() - 1);
  for (size_t d = 0; d < self.sizes().size(); ++d) {
    if (static_cast<int64_t>(d) == dim) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset() + extra_offset);
}

// The dims of a list wrapped, as a mask; a repeat is an error (squeeze's dims).
std::vector<bool> dim_mask(const std::vector<int64_t>& dims, int64_t ndim) {
  std::vector<bool> seen(std::max<int64_t>(ndim, 1), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    TSH_CHECK(!seen[w], RuntimeError,
              "dim " + str(w) + " appears multiple times in the list of dims");
    seen[w] = true;
  }
  return seen;
}

Tensor squeeze_masked(const Tensor& self, const std::vector<bool>& mask) {
  Shape sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (mask[d] && self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset());
}

}  // namespace

// ---- reshaping ----------------------------------------------------------------

Tensor view(const Tensor& self, const Shape& sizes) {
  Shape shape = infer_size(sizes, self.numel());
  std::optional<Shape> strides = view_strides(self.sizes(), self.strides(), shape);
  TSH_CHECK(strides.has_value(), RuntimeError,
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return self.as_view(std::move(shape), std::move(*strides), self.storage_offset());
}

Tensor view_as(const Tensor& self, const Tensor& other) { return view(self, other.sizes()); }

Tensor view_dtype(const Tensor& self, DType dtype) {
  TSH_CHECK(!self.is_conj() || dtype == self.dtype(), RuntimeError,
            "view(dtype) of a conjugated tensor reinterprets its stored values: resolve_conj() it first");
  const int64_t from = self.itemsize(), to = tsh::itemsize(dtype);
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset();
  if (from != to) {
    const std::string what = std::string(" to view ") + scalar_type_name(self.dtype()) + " as " +
                             scalar_type_name(dtype) + " (different element sizes)";
    TSH_CHECK(self.dim() != 0, RuntimeError, "self.dim() cannot be 0" + what);
    const size_t last = sizes.size() - 1;
    if (from > to) {  // each element becomes `ratio` smaller ones along the last dim
      const int64_t ratio = from / to;
      TSH_CHECK(strides[last] == 1, RuntimeError,
                "self.stride(-1) must be 1" + what + ", but got " + std::to_string(strides[last]));
      for (size_t d = 0; d < last; ++d) strides[d] *= ratio;
      sizes[last] *= ratio;
      offset *= ratio;
    } else {  // every `ratio` elements along the last dim become one
      const int64_t ratio = to / from;
      TSH_CHECK(sizes[last] % ratio == 0, RuntimeError,
                "self.size(-1) must be divisible by " + std::to_string(ratio) + what + ", but got " +
                    std::to_string(sizes[last]));
      TSH_CHECK(offset % ratio == 0, RuntimeError,
                "self.storage_offset() must be divisible by " + std::to_string(ratio) + what + ", but got " +
                    std::to_string(offset));
      TSH_CHECK(strides[last] == 1, RuntimeError,
                "self.stride(-1) must be 1" + what + ", but got " + std::to_string(strides[last]));
      for (size_t d = 0; d < last; ++d)
        TSH_CHECK(strides[d] % ratio == 0, RuntimeError,
                  "self.stride(" + std::to_string(d) + ") must be divisible by " + std::to_string(ratio) + what +
                      ", but got " + std::to_string(strides[d]));
      for (size_t d = 0; d < last; ++d) strides[d] /= ratio;
      sizes[last] /= ratio;
      offset /= ratio;
    }
  }
  Tensor out = self.as_view(std::move(sizes), std::move(strides), offset);
  out.impl()->dtype = dtype;
  return out;
}

Tensor reshape(const Tensor& self, const Shape& sizes) {
  Shape shape = infer_size(sizes, self.numel());
  if (std::optional<Shape> strides = view_strides(self.sizes(), self.strides(), shape))
    return self.as_view(std::move(shape), std::move(*strides), self.storage_offset());
  // No view can express it: PyTorch copies into a contiguous tensor and views that.
  return view(contiguous(self), shape);
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  const int64_t ndim = self.dim();
  start_dim = wrap_dim(start_dim, ndim);
  end_dim = wrap_dim(end_dim, ndim);
  TSH_CHECK(start_dim <= end_dim, RuntimeError,
            "flatten() has invalid args: start_dim cannot come after end_dim");
  if (ndim == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;  // PyTorch returns self: same identity
  // The flattened size is computed, not inferred: a -1 would be ambiguous with size-0 dims.
  Shape shape(self.sizes().begin(), self.sizes().begin() + start_dim);
  int64_t n = 1;
  for (int64_t d = start_dim; d <= end_dim; ++d) n *= self.sizes()[d];
  shape.push_back(n);
  shape.insert(shape.end(), self.sizes().begin() + end_dim + 1, self.sizes().end());
  return reshape(self, shape);
}

Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes) {
  dim = wrap_dim(dim, self.dim());
  TSH_CHECK(!sizes.empty(), RuntimeError, "unflatten: sizes must be non-empty");
  TSH_CHECK(self.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
  const int64_t size = self.sizes()[dim];
  Shape inferred;
  try {
    inferred = infer_size(sizes, size);
  } catch (const RuntimeError& e) {
    // PyTorch rewords the size mismatch and wraps the "only one" error; the
    // other infer_size errors pass through unchanged.
    std::string msg = e.what();
    if (msg.find("is invalid for input of size") != std::string::npos)
      throw RuntimeError("unflatten: Provided sizes " + shape_str(sizes) +
                         " don't multiply up to the size of dim " + str(dim) + " (" + str(size) +
                         ") in the input tensor");
    if (msg == "only one dimension can be inferred")
      throw RuntimeError("unflatten got an unexpected error:\n" + msg);
    throw;
  }
  Shape shape(self.sizes().begin(), self.sizes().begin() + dim);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  shape.insert(shape.end(), self.sizes().begin() + dim + 1, self.sizes().end());
  return view(self, shape);
}

// ---- reordering dims ----------------------------------------------------------

Tensor t(const Tensor& self) {
  TSH_CHECK(self.dim() <= 2, RuntimeError,
            "t() expects a tensor with <= 2 dimensions, but self is " + str(self.dim()) + "D");
  return self.dim() < 2 ? alias(self) : transpose(self, 0, 1);
}

Tensor T(const Tensor& self) {
  std::vector<int64_t> dims(self.dim());
  for (int64_t i = 0; i < self.dim(); ++i) dims[i] = self.dim() - 1 - i;
  return permute(self, dims);
}

Tensor mT(const Tensor& self) {
  TSH_CHECK(self.dim() != 1, RuntimeError,
            "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.");
  if (self.dim() == 0) return self;  // PyTorch returns self for a 0-d tensor
  return transpose(self, -2, -1);
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  dim0 = wrap_dim(dim0, self.dim());
  dim1 = wrap_dim(dim1, self.dim());
  if (dim0 == dim1) return alias(self);
  Shape sizes = self.sizes(), strides = self.strides();
  std::swap(sizes[dim0], sizes[dim1]);
  std::swap(strides[dim0], strides[dim1]);
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor permute(const Tensor& self, const std::vector<int64_t>& dims) {
  const int64_t ndim = self.dim();
  TSH_CHECK(static_cast<int64_t>(dims.size()) == ndim, RuntimeError,
            "permute(sparse_coo): number of dimensions in the tensor input does not match the "
            "length of the desired ordering of dimensions i.e. input.dim() = " +
                str(ndim) + " is not equal to len(dims) = " + str(dims.size()));
  Shape sizes(ndim), strides(ndim);
  std::vector<bool> seen(ndim, false);
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t d = wrap_dim(dims[i], ndim);
    TSH_CHECK(!seen[d], RuntimeError, "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor movedim(const Tensor& self, const std::vector<int64_t>& source,
               const std::vector<int64_t>& destination) {
  TSH_CHECK(source.size() == destination.size(), RuntimeError,
            "movedim: Invalid source or destination dims: source (" + shape_str(source) +
                " dims) should contain the same number of dims as destination (" +
                shape_str(destination) + " dims)");
  const int64_t ndim = self.dim();
  std::vector<int64_t> src(source.size()), dst(destination.size());
  for (size_t i = 0; i < source.size(); ++i) src[i] = wrap_dim(source[i], ndim);
  for (size_t i = 0; i < destination.size(); ++i) dst[i] = wrap_dim(destination[i], ndim);
  auto unique = [](std::vector<int64_t> v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
  };
  TSH_CHECK(unique(src), RuntimeError,
            "movedim: repeated dim in `source` (" + shape_str(source) + ")");
  TSH_CHECK(unique(dst), RuntimeError,
            "movedim: repeated dim in `destination` (" + shape_str(destination) + ")");
  if (ndim == 0) return alias(self);
  // Moved dims take their destinations; the others fill the free slots in order.
  std::vector<int64_t> order(ndim, -1);
  std::vector<bool> moved(ndim, false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    moved[src[i]] = true;
  }
  int64_t next = 0;
  for (int64_t& o : order) {
    if (o != -1) continue;
    while (moved[next]) ++next;
    o = next++;
  }
  return permute(self, order);
}

// ---- sub-ranges -----------------------------------------------------------------

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  TSH_CHECK(self.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
  TSH_CHECK(length >= 0, RuntimeError, "narrow(): length must be non-negative.");
  dim = wrap_dim(dim, self.dim());
  const int64_t size = self.sizes()[dim];
  TSH_CHECK(-size <= start && start <= size, IndexError,
            "start out of range (expected to be in range of [" + str(-size) + ", " + str(size) +
                "], but got " + str(start) + ")");
  if (start < 0) start += size;
  TSH_CHECK(start <= size - length, RuntimeError,
            "start (" + str(start) + ") + length (" + str(length) +
                ") exceeds dimension size (" + str(size) + ").");
  return slice(self, dim, start, start + length, 1);
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  TSH_CHECK(self.dim() > 0, IndexError, "select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  const int64_t size = self.sizes()[dim];
  TSH_CHECK(-size <= index && index < size, IndexError,
            "select(): index " + str(index) + " out of range for tensor of size " +
                shape_str(self.sizes()) + " at dimension " + str(dim));
  if (index < 0) index += size;
  return erase_dim(self, dim, index * self.strides()[dim]);
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> end, int64_t step) {
  TSH_CHECK(self.dim() > 0, IndexError, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  TSH_CHECK(step > 0, ValueError, "step must be greater than zero");
  const int64_t size = self.sizes()[dim];
  // Python's clamping: negative bounds count from the end, then both are
  // clipped to [0, size] and an empty range stays at start.
  int64_t b = start.value_or(0), e = end.value_or(size);
  if (b < 0) b += size;
  if (e < 0) e += size;
  b = std::clamp<int64_t>(b, 0, size);
  e = std::clamp<int64_t>(e, b, size);
  Shape sizes = self.sizes(), strides = self.strides();
  sizes[dim] = (e - b + step - 1) / step;
  strides[dim] *= step;
  return self.as_view(std::move(sizes), std::move(strides),
                      self.storage_offset() + b * self.strides()[dim]);
}

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t d1 = wrap_dim(dim1, self.dim()), d2 = wrap_dim(dim2, self.dim());
  TSH_CHECK(d1 != d2, RuntimeError,
            "diagonal dimensions cannot be identical " + str(dim1) + ", " + str(dim2));
  const int64_t n1 = self.sizes()[d1], n2 = self.sizes()[d2];
  const int64_t len = std::max<int64_t>(
      offset >= 0 ? std::min(n1, n2 - offset) : std::min(n1 + offset, n2), 0);
  // Above the diagonal the first columns (dim2) are skipped, below it the
  // first rows (dim1); an empty diagonal keeps the offset where it was.
  int64_t storage_offset = self.storage_offset();
  if (len > 0)
    storage_offset += offset >= 0 ? offset * self.strides()[d2] : -offset * self.strides()[d1];
  Shape sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d == d1 || d == d2) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  sizes.push_back(len);
  strides.push_back(self.strides()[d1] + self.strides()[d2]);
  return self.as_view(std::move(sizes), std::move(strides), storage_offset);
}

Tensor unfold(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  const int64_t ndim = self.dim();
  dim = wrap_dim(dim, ndim);
  const int64_t max_size = ndim == 0 ? 1 : self.sizes()[dim];
  TSH_CHECK(size >= 0, RuntimeError, "size is " + str(size) + " but must be >= 0");
  TSH_CHECK(size <= max_size, RuntimeError,
            "maximum size for tensor at dimension " + str(dim) + " is " + str(max_size) +
                " but size is " + str(size));
  TSH_CHECK(step > 0, RuntimeError, "step is " + str(step) + " but must be > 0");
  Shape sizes = self.sizes(), strides = self.strides();
  // The windows get a new last dim; the unfolded dim counts the windows.
  sizes.push_back(size);
  strides.push_back(ndim == 0 ? 1 : strides[dim]);
  if (ndim > 0) {
    sizes[dim] = (sizes[dim] - size) / step + 1;
    strides[dim] *= step;
  }
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor view_as_real(const Tensor& self) {
  TSH_CHECK(!self.is_conj(), RuntimeError,
            "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you "
            "can view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT "
            "alias the original.");
  TSH_CHECK(is_complex(self.dtype()), TypeError, "view_as_real is only supported for complex tensors");
  Shape sizes = self.sizes(), strides = self.strides();
  for (int64_t& s : strides) s *= 2;
  sizes.push_back(2);
  strides.push_back(1);
  return Tensor::make(self.storage(), std::move(sizes), std::move(strides), self.storage_offset() * 2,
                      to_real(self.dtype()));
}

Tensor view_as_complex(const Tensor& self) {
  const DType d = self.dtype();
  TSH_CHECK(d == DType::Float32 || d == DType::Float64 || d == DType::Float16, NotImplementedError,
            std::string("view_as_complex is only supported for half, float and double tensors, but got a tensor "
                        "of scalar type: ") + scalar_type_name(d));
  // tsh has no complex32: say so rather than pretend.
  TSH_CHECK(d != DType::Float16, NotImplementedError,
            "view_as_complex of a float16 tensor gives complex32 (ComplexHalf), a dtype tsh does not have");
  TSH_CHECK(self.dim() != 0, RuntimeError, "Input tensor must have one or more dimensions");
  TSH_CHECK(self.sizes().back() == 2, RuntimeError, "Tensor must have a last dimension of size 2");
  TSH_CHECK(self.strides().back() == 1, RuntimeError, "Tensor must have a last dimension with stride 1");
  Shape sizes(self.sizes().begin(), self.sizes().end() - 1), strides(self.strides().begin(), self.strides().end() - 1);
  for (int64_t& s : strides) {
    TSH_CHECK(s % 2 == 0, RuntimeError, "Tensor must have a stride divisible by 2 for all but last dimension");
    s /= 2;
  }
  TSH_CHECK(self.storage_offset() % 2 == 0, RuntimeError, "Tensor must have a storage_offset divisible by 2");
  return Tensor::make(self.storage(), std::move(sizes), std::move(strides), self.storage_offset() / 2,
                      to_complex(d));
}

Tensor as_strided(const Tensor& self, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> offset) {
  TSH_CHECK(sizes.size() == strides.size(), RuntimeError, "mismatch in length of strides and shape");
  for (int64_t s : strides)
    TSH_CHECK(s >= 0, RuntimeError,
              "as_strided: Negative strides are not supported at the moment, got strides: " +
                  shape_str(strides));
  for (int64_t s : sizes)
    TSH_CHECK(s >= 0, RuntimeError,
              "Storage size calculation overflowed with sizes=" + shape_str(sizes) +
                  " and strides=" + shape_str(strides));
  // Tensor::make checks the offset and that every element lies inside the storage.
  Tensor v = Tensor::make(self.storage(), sizes, strides, offset.value_or(self.storage_offset()), self.dtype());
  v.impl()->conj = self.is_conj();  // a view of a conjugate view is one too
  return v;
}

// ---- size-1 dims and broadcasting ---------------------------------------------------

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim() + 1);
  Shape sizes = self.sizes(), strides = self.strides();
  // The new dim's stride is what a size-1 dim would have in a dense layout.
  int64_t stride = dim >= self.dim() ? 1 : sizes[dim] * strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return self.as_view(std::move(sizes), std::move(strides), self.storage_offset());
}

Tensor squeeze(const Tensor& self) {
  return squeeze_masked(self, std::vector<bool>(self.dim(), true));
}

Tensor squeeze(const Tensor& self, int64_t dim) { return squeeze(self, std::vector<int64_t>{dim}); }

Tensor squeeze(const Tensor& self, const std::vector<int64_t>& dims) {
  return squeeze_masked(self, dim_mask(dims, self.dim()));
}

Tensor expand(const Tensor& self, const Shape& sizes) {
  const int64_t ndim = self.dim(), n = static_cast<int64_t>(sizes.size());
  TSH_CHECK(n >= ndim, RuntimeError,
            "expand(torch." + std::string(legacy_type_name(self.dtype())) + "{" +
                shape_str(self.sizes()) + "}, size=" + shape_str(sizes) +
                "): the number of sizes provided (" + str(n) +
                ") must be greater or equal to the number of dimensions in the tensor (" +
                str(ndim) + ")");
  Shape out_sizes(n), out_strides(n);
  // From the last dim outwards; a new leading dim of size 1 gets the stride it
  // would have if it were dense over the dims after it
  for (int64_t i = n - 1; i >= 0; --i) {
    const int64_t d = i - (n - ndim);  // the matching dim of self, or < 0 for a new one
    int64_t size = d >= 0 ? self.sizes()[d] : 1;
    // (past the last dim PyTorch reads zeros, so a 0-d tensor's new dims get stride 0).
    int64_t stride = d >= 0        ? self.strides()[d]
                     : i + 1 < n ? out_sizes[i + 1] * out_strides[i + 1]
                                 : 0;
    int64_t target = sizes[i];
    if (target == -1) {
      TSH_CHECK(d >= 0, RuntimeError,
                "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing "
                "dimension " + str(i));
      target = size;
    }
    if (size != target) {
      TSH_CHECK(size == 1, RuntimeError,
                "The expanded size of the tensor (" + str(target) +
                    ") must match the existing size (" + str(size) +
                    ") at non-singleton dimension " + str(i) + ".  Target sizes: " +
                    shape_str(sizes) + ".  Tensor sizes: " + shape_str(self.sizes()));
      size = target;
      stride = 0;
    }
    out_sizes[i] = size;
    out_strides[i] = stride;
  }
  for (int64_t s : out_sizes)  // a negative size that slipped through (1 → -2)
    TSH_CHECK(s >= 0, RuntimeError, "numel: integer multiplication overflow");
  return self.as_view(std::move(out_sizes), std::move(out_strides), self.storage_offset());
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }

Tensor broadcast_to(const Tensor& self, const Shape& sizes) { return expand(self, sizes); }

// ---- pieces ---------------------------------------------------------------------

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  TSH_CHECK(self.dim() > 0, RuntimeError, "chunk expects at least a 1-dimensional tensor");
  TSH_CHECK(chunks > 0, RuntimeError,
            "chunk expects `chunks` to be greater than 0, got: " + str(chunks));
  const int64_t size = self.size(dim);
  const int64_t split_size = (size + chunks - 1) / chunks;
  // An empty dim still yields `chunks` empty pieces; otherwise pieces of
  // ceil(size / chunks), so there may be fewer than `chunks`.
  if (split_size == 0 && size == 0)
    return split_with_sizes(self, std::vector<int64_t>(chunks, 0), dim);
  return split(self, split_size, dim);
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  TSH_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
  TSH_CHECK(split_size >= 0, RuntimeError,
            "split expects split_size be non-negative, but got split_size=" + str(split_size));
  const int64_t size = self.size(dim);
  TSH_CHECK(split_size > 0 || size == 0, RuntimeError,
            "split_size can only be 0 if dimension size is 0, but got dimension size of " +
                str(size));
  const int64_t pieces =
      split_size == 0 ? 1 : std::max<int64_t>((size + split_size - 1) / split_size, 1);
  const int64_t last = split_size - (split_size * pieces - size);
  std::vector<Tensor> out;
  for (int64_t i = 0; i < pieces; ++i)
    out.push_back(narrow(self, dim, i * split_size, i + 1 < pieces ? split_size : last));
  return out;
}

std::vector<Tensor> split(const Tensor& self, const std::vector<int64_t>& split_sizes,
                          int64_t dim) {
  TSH_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
  const int64_t size = self.size(dim);
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t len : split_sizes) {
    TSH_CHECK(len >= 0, RuntimeError,
              "split_with_sizes expects split_sizes have only non-negative entries, but got "
              "split_sizes=" + shape_str(split_sizes));
    out.push_back(slice(self, dim, start, start + len, 1));  // clamps; the sum is checked below
    start += len;
  }
  TSH_CHECK(start == size, RuntimeError,
            "split_with_sizes expects split_sizes to sum exactly to " + str(size) +
                " (input tensor's size at dimension " + str(dim) + "), but got split_sizes=" +
                shape_str(split_sizes));
  return out;
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const std::vector<int64_t>& split_sizes,
                                     int64_t dim) {
  return split(self, split_sizes, dim);
}

std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim) {
  TSH_CHECK(self.dim() > 0, RuntimeError,
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  TSH_CHECK(sections > 0, RuntimeError, "number of sections must be larger than 0, got " + std::to_string(sections));
  dim = wrap_dim(dim, self.dim());
  // The first size % sections pieces take one entry more.
  const int64_t size = self.sizes()[dim], base = size / sections, extra = size % sections;
  std::vector<Tensor> out;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    const int64_t n = base + (i < extra ? 1 : 0);
    out.push_back(narrow(self, dim, start, n));
    start += n;
  }
  return out;
}

std::vector<Tensor> tensor_split(const Tensor& self, const std::vector<int64_t>& indices, int64_t dim) {
  TSH_CHECK(self.dim() > 0, RuntimeError,
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims");
  dim = wrap_dim(dim, self.dim());
  // Python slices between consecutive indices: negatives count from the end, bounds clamp.
  std::vector<Tensor> out;
  std::optional<int64_t> start = 0;
  for (int64_t index : indices) {
    out.push_back(slice(self, dim, start, index));
    start = index;
  }
  out.push_back(slice(self, dim, start, std::nullopt));
  return out;
}

std::vector<Tensor> directional_split(const Tensor& self, const std::variant<int64_t, std::vector<int64_t>>& how,
                                      char which) {
  const std::string name = std::string("torch.") + which + "split";
  const int64_t need = which == 'h' ? 1 : which == 'v' ? 2 : 3;
  TSH_CHECK(self.dim() >= need, RuntimeError,
            name + " requires a tensor with at least " + std::to_string(need) + " dimension, but got a tensor with " +
                std::to_string(self.dim()) + " dimensions!");
  const int64_t dim = which == 'h' ? (self.dim() == 1 ? 0 : 1) : which == 'v' ? 0 : 2;
  if (const int64_t* sections = std::get_if<int64_t>(&how)) {
    const int64_t size = self.sizes()[dim];
    TSH_CHECK(*sections != 0 && size % *sections == 0, RuntimeError,
              name + " attempted to split along dimension " + std::to_string(dim) +
                  ", but the size of the dimension " + std::to_string(size) + " is not divisible by the split_size " +
                  std::to_string(*sections) + "!");
    return tensor_split(self, *sections, dim);
  }
  return tensor_split(self, std::get<std::vector<int64_t>>(how), dim);
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  TSH_CHECK(self.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
  dim = wrap_dim(dim, self.dim());
  std::vector<Tensor> out;
  for (int64_t i = 0; i < self.sizes()[dim]; ++i) out.push_back(select(self, dim, i));
  return out;
}

// ---- in place ---------------------------------------------------------------------

const Tensor& t_(const Tensor& self) {
  TSH_CHECK(self.dim() <= 2, RuntimeError,
            "t_() expects a tensor with <= 2 dimensions, but self is " + str(self.dim()) + "D");
  return assign_geometry(self, t(self));
}

const Tensor& transpose_(const Tensor& self, int64_t dim0, int64_t dim1) {
  return assign_geometry(self, transpose(self, dim0, dim1));
}

const Tensor& squeeze_(const Tensor& self) { return assign_geometry(self, squeeze(self)); }

const Tensor& squeeze_(const Tensor& self, int64_t dim) {
  return assign_geometry(self, squeeze(self, dim));
}

const Tensor& squeeze_(const Tensor& self, const std::vector<int64_t>& dims) {
  return assign_geometry(self, squeeze(self, dims));
}

const Tensor& unsqueeze_(const Tensor& self, int64_t dim) {
  return assign_geometry(self, unsqueeze(self, dim));
}

const Tensor& as_strided_(const Tensor& self, const Shape& sizes, const Shape& strides,
                          std::optional<int64_t> offset) {
  return assign_geometry(self, as_strided(self, sizes, strides, offset));
}

}  // namespace tsh
