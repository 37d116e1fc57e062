// engine/ops/gather_scatter.cpp — index_select, gather, scatter, index_add/copy/fill, take, put.
//
// Each op checks its arguments in PyTorch's order, turns the index values into
// element offsets (checking every bound), and then moves elements with the
// gather or scatter kernel. The kernels see views whose stride is 0 along the
// indexed dim; the offsets supply the position along it.
#include "engine/ops/gather_scatter.h"

#include <limits>
#include <string>
#include <vector>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/masked.h"
#include "engine/ops/overlap.h"
#include "engine/ops/views.h"

namespace tsh {


namespace {

std::string str(int64_t v) { return std::to_string(v); }

// t seen with `sizes` (no larger than t's along every dim but `dim`) and stride 0 along dim.
Tensor pinned(const Tensor& t, const Shape& sizes, int64_t dim) {
  Shape strides = t.strides();
  strides[dim] = 0;
  return t.as_view(sizes, strides, t.storage_offset());
}

// offsets (one per position along dim) laid out over `sizes`: stride 1 along dim, 0 elsewhere.
Tensor along_dim(const std::vector<int64_t>& offsets, const Shape& sizes, int64_t dim, Device device) {
  Tensor flat = int64_tensor({static_cast<int64_t>(offsets.size())}, offsets, device);
  Shape strides(sizes.size(), 0);
  strides[dim] = 1;
  return flat.as_view(sizes, strides, 0);
}

Tensor at_least_1d(const Tensor& t) { return t.dim() == 0 ? unsqueeze(t, 0) : t; }

// A 0-d tensor of dtype holding value (refused when it does not fit).
Tensor scalar_tensor(const Scalar& value, DType dtype, Device device) {
  Tensor t = empty({}, dtype, device);
  fill_(t, value);
  return t;
}

// A copy of self with contiguous strides: the out-of-place form of the structured ops.
Tensor contiguous_copy(const Tensor& self) {
  Tensor out = empty(self.sizes(), self.dtype(), self.device());
  copy_(out, self);
  return out;
}

bool is_index_int(DType d) { return d == DType::Int64 || d == DType::Int32; }

// "3 4": how c10 streams a size vector inside index_copy_'s message.
std::string spaced(const Shape& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) out += (i ? " " : "") + str(s[i]);
  return out;
}

Shape without(Shape s, int64_t dim) {
  if (!s.empty()) s.erase(s.begin() + dim);
  return s;
}

ScatterMode reduce_mode(const std::string& reduce) {
  if (reduce.empty()) return ScatterMode::Assign;
  if (reduce == "add") return ScatterMode::Add;
  if (reduce == "multiply") return ScatterMode::Multiply;
  throw RuntimeError("reduce argument must be either add or multiply.");
}

// PyTorch's scatter_gather_dtype_check and scatter_shape_check ("scatter" for scatter_add too).
void check_scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor* src) {
  if (index.numel() == 0) {
    if (src) TSH_CHECK(self.dtype() == src->dtype(), RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype");
    return;
  }
  TSH_CHECK(is_index_int(index.dtype()), RuntimeError, "scatter(): Expected dtype int32/int64 for index");
  if (src)
    TSH_CHECK(self.dtype() == src->dtype(), RuntimeError,
              "scatter(): Expected self.dtype to be equal to src.dtype");
  const Tensor s = at_least_1d(self), ix = at_least_1d(index);
  TSH_CHECK(s.dim() == ix.dim(), RuntimeError,
            "Index tensor must have the same number of dimensions as self tensor");
  bool wrong = false;
  for (int64_t d = 0; d < s.dim(); ++d)
    if (d != dim && ix.sizes()[d] > s.sizes()[d]) wrong = true;
  std::string tail;
  if (src) {
    const Tensor sr = at_least_1d(*src);
    for (int64_t d = 0; d < s.dim() && !wrong; ++d)
      if (d < sr.dim() && ix.sizes()[d] > sr.sizes()[d]) wrong = true;
    TSH_CHECK(sr.dim() == ix.dim(), RuntimeError,
              "Index tensor must have the same number of dimensions as src tensor");
    tail = " and to be no larger size than src " + shape_str(src->sizes());
  }
  TSH_CHECK(!wrong, RuntimeError,
            "Expected index " + shape_str(index.sizes()) + " to be no larger than self " +
                shape_str(self.sizes()) + " apart from dimension " + str(dim) + tail);
}

// Offsets of index's values along dim of t (0 <= v < size, else the gather/scatter
// message), as a contiguous int64 tensor shaped like index.
Tensor dim_offsets(const Tensor& t, int64_t dim, const Tensor& index) {
  if (t.device().is_meta()) return empty(index.sizes(), DType::Int64, t.device());
  std::vector<int64_t> v = int_values(index);
  const int64_t size = t.sizes()[dim], stride = t.strides()[dim];
  for (int64_t& x : v) {
    if (x < 0 || x >= size)
      throw RuntimeError("index " + str(x) + " is out of bounds for dimension " + str(dim) +
                         " with size " + str(size));
    x *= stride;
  }
  return int64_tensor(index.sizes(), v, t.device());
}

// index's values, for ops writing to or reading from a tensor on `device`; a
// meta tensor has no values to check or use: zeros stand for them.
std::vector<int64_t> index_values(const Tensor& index, Device device) {
  if (device.is_meta()) return std::vector<int64_t>(static_cast<size_t>(index.numel()), 0);
  return int_values(index);
}

// Writes src (index's shape) into self along dim at index's positions.
void scatter_into(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                  ScatterMode mode) {
  const Tensor s = at_least_1d(self), ix = at_least_1d(index);
  const Tensor off = dim_offsets(s, dim, ix);
  if (ix.numel() == 0) return;
  kernels::scatter.get(self.device())(pinned(s, ix.sizes(), dim), src, off, mode, Scalar(int64_t{1}));
}

// The element offset in t of the row-major position `linear`.
int64_t strided_offset(int64_t linear, const Tensor& t) {
  int64_t off = 0;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    off += (linear % t.sizes()[d]) * t.strides()[d];
    linear /= t.sizes()[d];
  }
  return off;
}

// Offsets in self of take/put's flat indices (negative ones count from the end),
// as a contiguous int64 tensor shaped like index.
Tensor flat_offsets(const Tensor& self, const Tensor& index) {
  if (self.device().is_meta()) return empty(index.sizes(), DType::Int64, self.device());
  std::vector<int64_t> v = int_values(index);
  const int64_t n = self.numel();
  for (int64_t& x : v) {
    TSH_CHECK(x >= -n && x < n, IndexError,
              "out of range: tried to access index " + str(x) + " on a tensor of " + str(n) + " elements.");
    x = strided_offset(x < 0 ? x + n : x, self);
  }
  return int64_tensor(index.sizes(), v, self.device());
}

}  // namespace

Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  const int64_t n = index.numel();
  TSH_CHECK(index.dim() <= 1, IndexError, "index_select(): Index is supposed to be a vector");
  TSH_CHECK(!(self.dim() == 0 && n != 1), RuntimeError,
            "index_select(): Index to scalar can have only 1 value, got " + str(n) + " value(s)");
  TSH_CHECK(is_index_int(index.dtype()), RuntimeError,
            "index_select(): Expected dtype int32 or int64 for index");
  Shape sizes = self.sizes();
  if (self.dim() > 0) sizes[dim] = n;
  Tensor out = empty(sizes, self.dtype(), self.device());
  std::vector<int64_t> idx = index_values(index, self.device());
  const int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  // PyTorch's checks differ by path: its dim-1 fast path (and the empty-self
  // path) has a message of its own.
  auto data_bounds = [&] {
    if (self.device().is_meta()) return;
    for (int64_t v : idx)
      TSH_CHECK(v >= 0 && v < size, RuntimeError,
                "INDICES element is out of DATA bounds, id=" + str(v) + " axis_dim=" + str(size));
  };
  if (self.dim() > 1) {
    if (n == 0) return out;
    if (self.numel() == 0) {
      TSH_CHECK(size > 0, RuntimeError, "index_select(): self indexing axis dim should be positive");
      data_bounds();
      return out;
    }
    if (dim == 1) data_bounds();
  }
  const int64_t limit = self.dim() > 1 ? size : self.numel();
  for (int64_t v : idx) TSH_CHECK(v >= 0 && v < limit, IndexError, "index out of range in self");
  if (out.numel() == 0) return out;
  if (self.dim() == 0) return contiguous_copy(self);
  for (int64_t& v : idx) v *= self.strides()[dim];
  kernels::gather.get(self.device())(out, pinned(self, sizes, dim), along_dim(idx, sizes, dim, self.device()));
  return out;
}

Tensor gather(const Tensor& self, int64_t dim, const Tensor& index) {
  dim = wrap_dim(dim, self.dim());
  if (index.numel() == 0) return empty(index.sizes(), self.dtype(), self.device());
  TSH_CHECK(is_index_int(index.dtype()), RuntimeError, "gather(): Expected dtype int32/int64 for index");
  const Tensor s = at_least_1d(self), ix = at_least_1d(index);
  TSH_CHECK(s.dim() == ix.dim(), RuntimeError,
            "Index tensor must have the same number of dimensions as input tensor");
  for (int64_t d = 0; d < s.dim(); ++d)
    TSH_CHECK(d == dim || ix.sizes()[d] <= s.sizes()[d], RuntimeError,
              "Size does not match at dimension " + str(d) + " expected index " +
                  shape_str(index.sizes()) + " to be no larger than self " + shape_str(self.sizes()) +
                  " apart from dimension " + str(dim));
  const Tensor offsets = dim_offsets(s, dim, ix);
  Tensor out = empty(ix.sizes(), self.dtype(), self.device());
  kernels::gather.get(self.device())(out, pinned(s, ix.sizes(), dim), offsets);
  return index.dim() == 0 ? view(out, {}) : out;
}

Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim) {
  TSH_CHECK(indices.dtype() == DType::Int64, RuntimeError,
            std::string("torch.take_along_dim(): dtype of indices should be Long but got ") +
                scalar_type_name(indices.dtype()));
  if (!dim) return take(self, reshape(indices, {-1}));
  TSH_CHECK(self.dim() == indices.dim(), RuntimeError,
            "torch.take_along_dim(): input and indices should have the same number of dimensions, but got " +
                str(self.dim()) + " dimensions for input, and " + str(indices.dim()) + " dimensions for indices");
  const int64_t d = wrap_dim(*dim, self.dim());
  TSH_CHECK(self.dim() > 0, IndexError, "Dimension specified as " + str(d) + " but tensor has no dimensions");
  Shape self_sizes = self.sizes(), index_sizes = indices.sizes();
  // Broadcast every dim but d (PyTorch's messages come from broadcast_shapes).
  Shape a = self.sizes(), b = indices.sizes();
  a[d] = 1;
  b[d] = 1;
  const Shape common = broadcast_shapes(a, b);
  self_sizes = common;
  index_sizes = common;
  self_sizes[d] = self.sizes()[d];
  index_sizes[d] = indices.sizes()[d];
  return gather(expand(self, self_sizes), d, expand(indices, index_sizes));
}

const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       const std::string& reduce) {
  dim = wrap_dim(dim, self.dim());
  check_scatter(self, dim, index, &src);
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  check_no_overlap(self, src);
  const ScatterMode mode = reduce_mode(reduce);
  const Tensor ix = at_least_1d(index), sr = at_least_1d(src);
  scatter_into(self, dim, index, sr.as_view(ix.sizes(), sr.strides(), sr.storage_offset()), mode);
  return self;
}

const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
                       const std::string& reduce) {
  dim = wrap_dim(dim, self.dim());
  check_scatter(self, dim, index, nullptr);
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  const ScatterMode mode = reduce_mode(reduce);
  const Tensor v = scalar_tensor(value, self.dtype(), self.device());
  const Tensor ix = at_least_1d(index);
  scatter_into(self, dim, index, v.as_view(ix.sizes(), Shape(ix.sizes().size(), 0), v.storage_offset()), mode);
  return self;
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
               const std::string& reduce) {
  Tensor out = contiguous_copy(self);
  scatter_(out, dim, index, src, reduce);
  return out;
}

Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
               const std::string& reduce) {
  Tensor out = contiguous_copy(self);
  scatter_(out, dim, index, value, reduce);
  return out;
}

namespace {

// The value a position starts from when include_self is false: the reduction's identity.
Scalar reduce_identity(const std::string& reduce, DType d) {
  if (reduce == "prod") return Scalar(int64_t{1});
  if (reduce == "amax" || reduce == "amin") {
    const bool max = reduce == "amax";
    return dispatch(d, [&]<typename T>() -> Scalar {
      if constexpr (is_complex_v<T>) return Scalar(int64_t{0});
      else if constexpr (std::is_same_v<T, bool>) return Scalar(!max);
      else if constexpr (std::is_integral_v<T>)
        return Scalar(static_cast<int64_t>(max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max()));
      else return Scalar(max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity());
    });
  }
  return Scalar(int64_t{0});
}

// The reduction's per-dtype refusal, as PyTorch's dispatch words it.
void check_reduce_dtype(const std::string& reduce, DType d) {
  const bool extremum = reduce == "amax" || reduce == "amin";
  TSH_CHECK(!(extremum && is_complex(d)) && !(reduce == "mean" && d == DType::Bool), NotImplementedError,
            "\"scatter_gather_tensor_cpu_reduce_" + reduce + "\" not implemented for '" + scalar_type_name(d) + "'");
}

}  // namespace

const Tensor& scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                              const std::string& reduce, bool include_self) {
  TSH_CHECK(reduce == "sum" || reduce == "prod" || reduce == "mean" || reduce == "amax" || reduce == "amin" ||
                reduce == "max" || reduce == "min",
            RuntimeError, "reduce argument must be either sum, prod, mean, amax or amin, got " + reduce);
  if (reduce == "max" || reduce == "min") {  // the names 2.x still takes for amax and amin
    return scatter_reduce_(self, dim, index, src, reduce == "max" ? "amax" : "amin", include_self);
  }
  dim = wrap_dim(dim, self.dim());
  check_scatter(self, dim, index, &src);
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  check_no_overlap(self, src);
  if (index.numel() == 0) return self;
  check_reduce_dtype(reduce, self.dtype());
  const Tensor ix = at_least_1d(index), sr = at_least_1d(src);
  const Tensor values = sr.as_view(ix.sizes(), sr.strides(), sr.storage_offset());
  if (!include_self) scatter_(self, dim, index, reduce_identity(reduce, self.dtype()));
  const ScatterMode mode = reduce == "prod"   ? ScatterMode::Multiply
                           : reduce == "amax" ? ScatterMode::Max
                           : reduce == "amin" ? ScatterMode::Min
                                              : ScatterMode::Add;
  scatter_into(self, dim, index, values, mode);
  if (reduce == "mean") {
    // Divide by how many values each position received (itself included), at least 1.
    Tensor counts = include_self ? ones(self.sizes(), self.dtype(), self.device())
                                 : zeros(self.sizes(), self.dtype(), self.device());
    scatter_into(counts, dim, index, ones(ix.sizes(), self.dtype(), self.device()), ScatterMode::Add);
    masked_fill_(counts, eq(counts, Operand(int64_t{0})), Scalar(int64_t{1}));
    const bool exact = is_floating(self.dtype()) || is_complex(self.dtype());
    div(self, counts, exact ? Rounding::None : Rounding::Floor, Dest::inplace(self));
  }
  return self;
}

Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self) {
  Tensor out = contiguous_copy(self);
  scatter_reduce_(out, dim, index, src, reduce, include_self);
  return out;
}

const Tensor& index_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                            const std::string& reduce, bool include_self) {
  TSH_CHECK(reduce == "prod" || reduce == "mean" || reduce == "amax" || reduce == "amin", RuntimeError,
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got " + reduce + ".");
  dim = self.dim() == 0 ? 0 : wrap_dim(dim, self.dim());
  TSH_CHECK(index.dim() <= 1, IndexError,
            "index_reduce_(): Index is supposed to be a vector, but got dim: " + str(index.dim()) +
                " with type: " + scalar_type_name(index.dtype()) + " and size: " + shape_str(index.sizes()));
  const int64_t n = index.numel();
  const int64_t along = source.dim() == 0 ? 1 : source.sizes()[wrap_dim(dim, std::max<int64_t>(source.dim(), 1))];
  TSH_CHECK(n == along, RuntimeError,
            "index_reduce_(): Number of indices (" + str(n) + ") should be equal to source.size(dim): (" +
                str(along) + "), for dim: " + str(dim));
  TSH_CHECK(is_index_int(index.dtype()), RuntimeError,
            std::string("index_reduce_(): Expected dtype int32/int64 for index but got: ") +
                scalar_type_name(index.dtype()));
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("index_reduce_(): self (") + scalar_type_name(self.dtype()) + ") and source (" +
                scalar_type_name(source.dtype()) + ") must have the same scalar type");
  bool same = self.dim() == source.dim();
  for (int64_t d = 0; same && d < self.dim(); ++d)
    if (d != dim && self.sizes()[d] != source.sizes()[d]) same = false;
  TSH_CHECK(same, RuntimeError,
            "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = " +
                shape_str(self.sizes()) + " source.shape = " + shape_str(source.sizes()));
  const int64_t size = self.dim() == 0 ? 1 : self.sizes()[dim];
  std::vector<int64_t> idx = index_values(index, self.device());
  for (int64_t v : idx) TSH_CHECK(v >= 0 && v < size, IndexError, "index out of range in self");
  if (n == 0) return self;
  // Each of source's slices goes to self's slice index[i]: a scatter whose index repeats along the other dims.
  const Tensor src = source.dim() == 0 ? view(source, {1}) : source;
  Shape one(static_cast<size_t>(src.dim()), 1);
  one[static_cast<size_t>(dim)] = n;
  const Tensor full = expand(view(to(index, DType::Int64, std::nullopt), one), src.sizes());
  const Tensor target = self.dim() == 0 ? view(self, {1}) : self;
  scatter_reduce_(target, dim, contiguous(full), src, reduce, include_self);
  return self;
}

Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    const std::string& reduce, bool include_self) {
  Tensor out = contiguous_copy(self);
  index_reduce_(out, dim, index, source, reduce, include_self);
  return out;
}

const Tensor& scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatter_(self, dim, index, src, "add");
}

Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src) {
  return scatter(self, dim, index, src, "add");
}

const Tensor& index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                         const Scalar& alpha) {
  dim = wrap_dim(dim, self.dim());
  const int64_t n = index.numel();
  TSH_CHECK(index.dim() <= 1, IndexError,
            "index_add_(): Index is supposed to be a vector, but got dim: " + str(index.dim()) +
                " with type: " + scalar_type_name(index.dtype()) + " and size: " + shape_str(index.sizes()));
  TSH_CHECK(is_index_int(index.dtype()), RuntimeError,
            std::string("index_add_(): Expected dtype int32/int64 for index but got: ") +
                scalar_type_name(index.dtype()));
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("index_add_(): self (") + scalar_type_name(self.dtype()) + ") and source (" +
                scalar_type_name(source.dtype()) + ") must have the same scalar type");
  TSH_CHECK(dim == 0 || dim < source.dim(), RuntimeError,
            "index_add_(): Indexing dim " + str(dim) + " is out of bounds of the source tensor with dim " +
                str(source.dim()));
  if (n != (source.dim() == 0 ? 1 : source.sizes()[dim])) {
    // PyTorch reads source.size(dim) to build this message, which fails on a 0-d source.
    TSH_CHECK(source.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
    throw RuntimeError("index_add_(): Number of indices (" + str(n) + ") should be equal to source.size(dim): (" +
                       str(source.sizes()[dim]) + "), for dim: " + str(dim));
  }
  Shape self_sizes = self.sizes(), source_sizes = source.sizes();
  if (source.dim() != 0 && self.dim() != 0) {
    self_sizes = without(self_sizes, dim);
    source_sizes = without(source_sizes, dim);
  }
  TSH_CHECK(self_sizes == source_sizes, RuntimeError,
            "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = " +
                shape_str(self.sizes()) + " source.shape = " + shape_str(source.sizes()));
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  check_no_overlap(self, source);
  check_scalar_fits(alpha, self.dtype());
  // 2.x hands the common case to scatter_add_ (with scatter's bounds message): a matrix or more,
  // the first or last dim, alpha 1, int64 indices. The index is broadcast over source's shape.
  if (self.dim() > 1 && n > 0 && self.numel() > 0 && (dim == 0 || dim == self.dim() - 1) &&
      !alpha.is_bool() && alpha.to_complex() == std::complex<double>(1, 0) && index.dtype() == DType::Int64) {
    Shape strides(static_cast<size_t>(source.dim()), 0);
    strides[static_cast<size_t>(dim)] = 1;
    const Tensor ix = contiguous(index);
    scatter_add_(self, dim, ix.as_view(source.sizes(), strides, ix.storage_offset()), source);
    return self;
  }
  std::vector<int64_t> idx = index_values(index, self.device());
  const Tensor s = at_least_1d(self), src = at_least_1d(source);
  const int64_t size = s.sizes()[dim];
  for (int64_t& v : idx) {
    TSH_CHECK((v >= 0 && v < size) || self.device().is_meta(), IndexError, "index out of range in self");
    v *= s.strides()[dim];
  }
  if (n == 0 || self.numel() == 0) return self;
  kernels::scatter.get(self.device())(pinned(s, src.sizes(), dim), src,
                                     along_dim(idx, src.sizes(), dim, self.device()),
                                     ScatterMode::Add, alpha);
  return self;
}

Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                 const Scalar& alpha) {
  Tensor out = contiguous_copy(self);
  index_add_(out, dim, index, source, alpha);
  return out;
}

const Tensor& index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  dim = wrap_dim(dim, self.dim());
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  check_no_overlap(self, source);
  TSH_CHECK(index.dim() < 2, IndexError,
            "index_copy_(): Index should have dimension 1 or 0 (got " + str(index.dim()) + ")");
  const int64_t n = index.numel();
  if (source.dim() == 0 && n != 1)
    throw IndexError("index_copy_(): When source is scalar, index should have one element (got " + str(n) + ")");
  if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0)
    throw IndexError(
        "index_copy_(): When source and destination are not scalars, their dimensionality must match. "
        "Source dimensionality (" + str(source.dim()) + "), destination dimensionality (" +
        str(self.dim()) + ")");
  TSH_CHECK(index.dtype() == DType::Int64, RuntimeError,
            std::string("index_copy_(): Expected a long tensor for index, but got ") +
                scalar_type_name(index.dtype()));
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("index_copy_(): self and source expected to have the same dtype, but got (self) ") +
                scalar_type_name(self.dtype()) + " and (source) " + scalar_type_name(source.dtype()));
  const Shape self_slice = without(self.sizes(), dim), source_slice = without(source.sizes(), dim);
  TSH_CHECK(self_slice == source_slice, RuntimeError,
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: " +
                spaced(self_slice) + " at dimension " + str(dim) + " and source slice shape: " +
                spaced(source_slice) + " at dimension 0.");
  TSH_CHECK(source.dim() == 0 || n == source.sizes()[dim], IndexError,
            "index_copy_(): Number of indices (" + str(n) + ") should be equal to source.size(dim) (" +
                str(source.dim() == 0 ? 1 : source.sizes()[dim]) + ")");
  const Tensor s = at_least_1d(self), src = at_least_1d(source);
  std::vector<int64_t> idx = index_values(index, self.device());
  const int64_t size = s.sizes()[dim];
  for (int64_t& v : idx) {
    TSH_CHECK((v >= 0 && v < size) || self.device().is_meta(), IndexError,
              "index_copy_(): index " + str(v) + " is out of bounds for dimension " + str(dim) +
                  " with size " + str(size));
    v *= s.strides()[dim];
  }
  if (n == 0 || src.numel() == 0) return self;
  kernels::scatter.get(self.device())(pinned(s, src.sizes(), dim), src,
                                     along_dim(idx, src.sizes(), dim, self.device()),
                                     ScatterMode::Assign, Scalar(int64_t{1}));
  return self;
}

Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source) {
  Tensor out = contiguous_copy(self);
  index_copy_(out, dim, index, source);
  return out;
}

const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  TSH_CHECK(index.dtype() == DType::Int64, IndexError, "index_fill_(): Expected dtype int64 for index.");
  check_no_overlap(self, index);
  TSH_CHECK(is_complex(self.dtype()) || !value.is_complex(), RuntimeError,
            "index_fill_(): Converting complex Scalar to non-complex type is not supported");
  const Tensor s = self.dim() == 0 ? unsqueeze(self, -1) : self;
  dim = wrap_dim(dim, s.dim());
  TSH_CHECK(index.dim() <= 1, RuntimeError, "Index has to be a vector/scalar");
  const Tensor v = scalar_tensor(value, self.dtype(), self.device());
  std::vector<int64_t> idx = index_values(index, self.device());
  const int64_t size = s.sizes()[dim];
  for (int64_t& x : idx) {
    TSH_CHECK((x >= -size && x < size) || self.device().is_meta(), IndexError,
              "index " + str(x) + " is out of bounds for dimension " + str(dim) + " with size " + str(size));
    x = (x < 0 ? x + size : x) * s.strides()[dim];
  }
  Shape sizes = s.sizes();
  sizes[dim] = static_cast<int64_t>(idx.size());
  if (shape_numel(sizes) == 0) return self;
  kernels::scatter.get(self.device())(pinned(s, sizes, dim), v.as_view(sizes, Shape(sizes.size(), 0), 0),
                                     along_dim(idx, sizes, dim, self.device()),
                                     ScatterMode::Assign, Scalar(int64_t{1}));
  return self;
}

const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  TSH_CHECK(value.dim() == 0, RuntimeError,
            "index_fill_ only supports a 0-dimensional value tensor, but got tensor with " +
                str(value.dim()) + " dimension(s).");
  return index_fill_(self, dim, index, self.device().is_meta() ? Scalar(int64_t{0}) : item(value));
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value) {
  Tensor out = clone(self);
  index_fill_(out, dim, index, value);
  return out;
}

Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value) {
  Tensor out = clone(self);
  index_fill_(out, dim, index, value);
  return out;
}

Tensor take(const Tensor& self, const Tensor& index) {
  TSH_CHECK(index.dtype() == DType::Int64, RuntimeError,
            std::string("take(): Expected a long tensor for index, but got ") + scalar_type_name(index.dtype()));
  TSH_CHECK(!(self.numel() == 0 && index.numel() != 0), IndexError,
            "take(): tried to take from an empty tensor");
  const Tensor offsets = flat_offsets(self, index);
  Tensor out = empty(index.sizes(), self.dtype(), self.device());
  if (out.numel() == 0) return out;
  const Shape zeros(index.sizes().size(), 0);
  kernels::gather.get(self.device())(out, self.as_view(index.sizes(), zeros, self.storage_offset()), offsets);
  return out;
}

const Tensor& put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  TSH_CHECK(index.dtype() == DType::Int64, RuntimeError,
            std::string("put_(): Expected a long tensor for index, but got ") + scalar_type_name(index.dtype()));
  TSH_CHECK(self.dtype() == source.dtype(), RuntimeError,
            std::string("put_(): self and source expected to have the same dtype, but got self.dtype = ") +
                scalar_type_name(self.dtype()) + " and source.dtype = " + scalar_type_name(source.dtype()));
  TSH_CHECK(source.numel() == index.numel(), IndexError,
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = " +
                str(source.numel()) + ", index.numel() = " + str(index.numel()));
  TSH_CHECK(!(self.numel() == 0 && index.numel() != 0), IndexError,
            "put_(): Tried to put elements into an empty tensor");
  check_no_internal_overlap(self);
  check_no_overlap(self, index);
  check_no_overlap(self, source);
  if (index.numel() == 0) return self;
  const int64_t n = index.numel();
  const Tensor offsets = reshape(flat_offsets(self, index), {n});
  kernels::scatter.get(self.device())(self.as_view({n}, {0}, self.storage_offset()), reshape(source, {n}), offsets,
                                     accumulate ? ScatterMode::Add : ScatterMode::Assign,
                                     Scalar(int64_t{1}));
  return self;
}

Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  Tensor out = clone(self);
  put_(out, index, source, accumulate);
  return out;
}

}  // namespace tsh
