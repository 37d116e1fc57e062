// engine/ops/sort.cpp — sort, argsort, msort, topk, kthvalue, median, nanmedian, mode, unique: checks and shapes.
#include "engine/ops/sort.h"

#include <limits>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/sort.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/compare.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/reduce_util.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {


// A 0-d tensor as a line of one; others unchanged.
Tensor as_line(const Tensor& t) { return t.dim() == 0 ? unsqueeze(t, 0) : t; }

// Sizes of t with dim's size replaced by n.
Shape with_size(const Tensor& t, int64_t dim, int64_t n) {
  Shape s = t.sizes();
  if (!s.empty()) s[dim] = n;
  return s;
}

// PyTorch's IndexError for an empty dim of a reduction that has no identity.
void check_dim_nonempty(const Tensor& t, int64_t dim, const std::string& fn) {
  if (t.dim() > 0 && t.size(dim) == 0)
    throw IndexError(fn + ": Expected reduction dim " + std::to_string(dim) + " to have non-zero size.");
}

// values and indices with keepdim shape (size 1 along dim), the op's result
// being those viewed without the dim unless keepdim.
struct Selected {
  ValuesIndices keep;  // size 1 along dim (at least 1-d)
  ValuesIndices result;
};
Selected alloc_selected(const Tensor& t, int64_t dim, bool keepdim) {
  Shape keep = with_size(t, dim, 1);
  Selected s;
  s.keep.values = empty(keep, t.dtype(), t.device());
  s.keep.indices = empty(keep, DType::Int64, t.device());
  if (t.dim() == 0 || keepdim) {
    s.result = {t.dim() == 0 ? view(s.keep.values, {}) : s.keep.values,
                t.dim() == 0 ? view(s.keep.indices, {}) : s.keep.indices};
  } else {
    s.result = {squeeze(s.keep.values, dim), squeeze(s.keep.indices, dim)};
  }
  if (t.dim() == 0) s.keep = {unsqueeze(s.result.values, 0), unsqueeze(s.result.indices, 0)};
  return s;
}

ValuesIndices median_dim(const Tensor& t, int64_t dim, bool keepdim, bool ignore_nan) {
  static const kernels::Check check("median_all");
  check.require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  check_dim_nonempty(t, dim, "median()");
  Selected s = alloc_selected(t, dim, keepdim);
  if (t.numel() > 0)
    kernels::median.get(t.device())(s.keep.values, s.keep.indices, as_line(t), t.dim() == 0 ? 0 : dim,
                                   ignore_nan);
  return s.result;
}

Tensor median_all(const Tensor& t, bool ignore_nan) {
  static const kernels::Check check("median");
  check.require(t.device(), t.dtype());
  Tensor out = empty({}, t.dtype(), t.device());
  if (t.numel() == 0) {
    fill_(out, Scalar(std::numeric_limits<double>::quiet_NaN()));
    return out;
  }
  kernels::median_all.get(t.device())(out, clone(contiguous(t)), ignore_nan);
  return out;
}

}  // namespace

ValuesIndices sort(const Tensor& t, int64_t dim, bool descending, bool stable) {
  static const kernels::Check check("sort");
  check.require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  ValuesIndices r{clone(t), empty(t.sizes(), DType::Int64, t.device())};
  if (t.numel() == 0) return r;
  Tensor values = as_line(r.values), indices = as_line(r.indices);
  const int64_t d = t.dim() == 0 ? 0 : dim;
  if (t.dim() > 0 && t.stride(dim) == 0) {
    // Every element of an expanded dim is the same one: PyTorch 2.x leaves
    // them in place (indices 0, 1, 2, ...).
    Tensor ar = arange(Scalar(int64_t{0}), Scalar(t.size(dim)), Scalar(int64_t{1}), DType::Int64, t.device());
    Shape shape(static_cast<size_t>(t.dim()), 1);
    shape[dim] = t.size(dim);
    copy_(indices, view(ar, shape));
    return r;
  }
  kernels::sort.get(t.device())(values, indices, d, descending, stable);
  return r;
}

Tensor argsort(const Tensor& t, int64_t dim, bool descending, bool stable) {
  return sort(t, dim, descending, stable).indices;
}

Tensor msort(const Tensor& t) { return sort(t, 0).values; }

ValuesIndices topk(const Tensor& t, int64_t k, int64_t dim, bool largest, bool sorted) {
  // PyTorch 2.x's sentences (the complex one begins with a space).
  TSH_CHECK(!is_complex(t.dtype()), TypeError, " topk does not support complex dtypes on CPU");
  TSH_CHECK(t.dtype() != DType::Bool, NotImplementedError, "topk does not support bool dtypes on CPU");
  static const kernels::Check check("topk");
  check.require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  const int64_t n = t.dim() == 0 ? 1 : t.size(dim);
  TSH_CHECK(k >= 0 && k <= n, RuntimeError, "selected index k out of range");
  if (t.dim() == 0) {  // a 0-d input gives itself (for k = 0 too, as PyTorch does)
    return {clone(t), zeros({}, DType::Int64, t.device())};
  }
  Shape shape = with_size(t, dim, k);
  ValuesIndices r{empty(shape, t.dtype(), t.device()), empty(shape, DType::Int64, t.device())};
  if (r.values.numel() == 0) return r;
  kernels::topk.get(t.device())(r.values, r.indices, t, k, dim, largest, sorted);
  return r;
}

ValuesIndices kthvalue(const Tensor& t, int64_t k, int64_t dim, bool keepdim) {
  static const kernels::Check check("kthvalue");
  check.require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  check_dim_nonempty(t, dim, "kthvalue()");
  const int64_t n = t.dim() == 0 ? 1 : t.size(dim);
  TSH_CHECK(k >= 1 && k <= n, RuntimeError,
            "kthvalue(): selected number k out of range for dimension " + std::to_string(dim));
  Selected s = alloc_selected(t, dim, keepdim);
  if (t.numel() > 0)
    kernels::kthvalue.get(t.device())(s.keep.values, s.keep.indices, as_line(t), k, t.dim() == 0 ? 0 : dim);
  return s.result;
}

Tensor median(const Tensor& t) { return median_all(t, false); }
Tensor nanmedian(const Tensor& t) { return median_all(t, true); }

ValuesIndices median(const Tensor& t, int64_t dim, bool keepdim) {
  return median_dim(t, dim, keepdim, false);
}

ValuesIndices nanmedian(const Tensor& t, int64_t dim, bool keepdim) {
  return median_dim(t, dim, keepdim, true);
}

ValuesIndices mode(const Tensor& t, int64_t dim, bool keepdim) {
  static const kernels::Check check("mode");
  check.require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  check_dim_nonempty(t, dim, "mode()");
  Selected s = alloc_selected(t, dim, keepdim);
  if (t.numel() > 0)
    kernels::mode.get(t.device())(s.keep.values, s.keep.indices, as_line(t), t.dim() == 0 ? 0 : dim);
  return s.result;
}

UniqueResult unique(const Tensor& t, bool sorted, bool return_inverse, bool return_counts,
                    std::optional<int64_t> dim) {
  (void)sorted;  // PyTorch 2.x's CPU unique always sorts
  static const kernels::Check check("unique");
  check.require(t.device(), t.dtype());
  UniqueResult r;
  if (!dim) {
    Tensor flat = contiguous(reshape(t, {-1}));
    const int64_t n = flat.numel();
    Tensor values = empty({n}, t.dtype(), t.device());
    Tensor inverse = empty(t.sizes(), DType::Int64, t.device());
    Tensor counts = empty({n}, DType::Int64, t.device());
    int64_t m = n == 0 ? 0 : kernels::unique.get(t.device())(values, inverse, counts, flat);
    r.values = narrow(values, 0, 0, m);
    r.inverse = return_inverse ? inverse : empty({0}, DType::Int64, t.device());
    r.counts = return_counts ? narrow(counts, 0, 0, m) : empty({0}, DType::Int64, t.device());
    return r;
  }
  // Distinct slices along dim: rows of t with dim moved first, compared lexicographically.
  TSH_CHECK(t.dim() > 0, IndexError,
            "Dimension specified as " + std::to_string(*dim) + " but tensor has no dimensions");
  const int64_t d = wrap_dim(*dim, t.dim());
  for (int64_t k = 0; k < t.dim(); ++k)
    TSH_CHECK(k == d || t.size(k) != 0, RuntimeError,
              "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
  Tensor moved = contiguous(movedim(t, {d}, {0}));
  const int64_t rows = moved.size(0);
  const int64_t width = rows == 0 ? 0 : moved.numel() / rows;
  UniqueRows u = kernels::unique_rows.get(t.device())(view(moved, {rows, width}));
  auto to_tensor = [&](const std::vector<int64_t>& v) {
    std::vector<Scalar> items(v.begin(), v.end());
    return from_scalars({static_cast<int64_t>(v.size())}, items, DType::Int64, t.device());
  };
  r.values = index_select(t, d, to_tensor(u.firsts));
  r.inverse = return_inverse ? to_tensor(u.inverse) : empty({0}, DType::Int64, t.device());
  r.counts = return_counts ? to_tensor(u.counts) : empty({0}, DType::Int64, t.device());
  return r;
}

UniqueResult unique_consecutive(const Tensor& t, bool return_inverse, bool return_counts,
                                std::optional<int64_t> dim) {
  // Rows to compare: the elements (no dim) or the slices along dim, each flattened.
  Tensor rows;
  int64_t d = 0;
  if (dim) {
    TSH_CHECK(t.dim() > 0, IndexError,
              "Dimension specified as " + std::to_string(*dim) + " but tensor has no dimensions");
    d = wrap_dim(*dim, t.dim());
    const int64_t n = t.size(d);
    rows = reshape(movedim(t, {d}, {0}), {n, n == 0 ? 0 : t.numel() / n});
  } else {
    rows = reshape(t, {t.numel(), 1});
  }
  const int64_t n = rows.size(0);
  // A run starts where a row differs from the one before it.
  std::vector<int64_t> starts;
  if (n > 0) {
    starts.push_back(0);
    if (n > 1) {
      const Tensor differs = any(ne(narrow(rows, 0, 1, n - 1), narrow(rows, 0, 0, n - 1)), std::vector<int64_t>{1});
      const std::vector<int64_t> flags = int_values(differs);
      for (int64_t i = 0; i < n - 1; ++i)
        if (flags[static_cast<size_t>(i)]) starts.push_back(i + 1);
    }
  }
  const int64_t m = static_cast<int64_t>(starts.size());
  const Tensor first = int64_tensor({m}, starts, t.device());
  UniqueResult r;
  r.values = dim ? index_select(t, d, first) : index_select(reshape(t, {-1}), 0, first);
  std::vector<int64_t> inverse(static_cast<size_t>(n)), counts(static_cast<size_t>(m));
  for (int64_t k = 0; k < m; ++k) {
    const int64_t end = k + 1 < m ? starts[static_cast<size_t>(k + 1)] : n;
    counts[static_cast<size_t>(k)] = end - starts[static_cast<size_t>(k)];
    for (int64_t i = starts[static_cast<size_t>(k)]; i < end; ++i) inverse[static_cast<size_t>(i)] = k;
  }
  r.inverse = return_inverse ? int64_tensor(dim ? Shape{n} : t.sizes(), inverse, t.device())
                             : empty({0}, DType::Int64, t.device());
  r.counts = return_counts ? int64_tensor({m}, counts, t.device()) : empty({0}, DType::Int64, t.device());
  return r;
}

}  // namespace tsh
