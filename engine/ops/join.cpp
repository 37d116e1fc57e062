// engine/ops/join.cpp — cat, the stacks, broadcast_tensors, meshgrid, cartesian_prod, combinations.
//
// Joining is copying: the output is allocated once and each input is copied
// (converting its dtype) into its slice of it, so no kernel of its own is needed.
#include "engine/ops/join.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/overlap.h"
#include "engine/ops/views.h"

namespace tsh {


namespace {

std::string str(int64_t v) { return std::to_string(v); }

// PyTorch still lets 1-d empty tensors into cat whatever the other shapes.
bool skipped(const Tensor& t) { return t.dim() == 1 && t.sizes()[0] == 0; }

Tensor atleast_1d(const Tensor& t) { return t.dim() == 0 ? reshape(t, {1}) : t; }
Tensor atleast_2d(const Tensor& t) {
  if (t.dim() == 0) return reshape(t, {1, 1});
  return t.dim() == 1 ? unsqueeze(t, 0) : t;
}
Tensor atleast_3d(const Tensor& t) {
  if (t.dim() == 0) return reshape(t, {1, 1, 1});
  if (t.dim() == 1) return unsqueeze(unsqueeze(t, 0), -1);
  return t.dim() == 2 ? unsqueeze(t, -1) : t;
}

std::vector<Tensor> each(const std::vector<Tensor>& ts, Tensor (*f)(const Tensor&)) {
  std::vector<Tensor> out;
  for (const Tensor& t : ts) out.push_back(f(t));
  return out;
}

}  // namespace

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  for (size_t i = 0; i < tensors.size(); ++i)
    TSH_CHECK(tensors[i].dim() > 0, RuntimeError,
              "zero-dimensional tensor (at position " + str(static_cast<int64_t>(i)) +
                  ") cannot be concatenated");
  TSH_CHECK(!tensors.empty(), ValueError, "torch.cat(): expected a non-empty list of Tensors");
  // One device: the copies below would move data between devices, which cat never does.
  for (const Tensor& t : tensors)
    TSH_CHECK(t.device() == tensors[0].device(), RuntimeError, device_mismatch(tensors[0].device(), t.device()));
  const Tensor* ref = nullptr;  // the first tensor that is not skipped
  for (const Tensor& t : tensors)
    if (!skipped(t)) {
      ref = &t;
      break;
    }
  DType dtype = tensors[0].dtype();
  for (const Tensor& t : tensors) dtype = promote_types(dtype, t.dtype());
  if (!ref) return empty({0}, dtype, tensors[0].device());
  dim = wrap_dim(dim, ref->dim());
  int64_t total = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (skipped(t)) continue;
    TSH_CHECK(t.dim() == ref->dim(), RuntimeError,
              "Tensors must have same number of dimensions: got " + str(ref->dim()) + " and " + str(t.dim()));
    for (int64_t d = 0; d < t.dim(); ++d)
      TSH_CHECK(d == dim || t.sizes()[d] == ref->sizes()[d], RuntimeError,
                "Sizes of tensors must match except in dimension " + str(dim) + ". Expected size " +
                    str(ref->sizes()[d]) + " but got size " + str(t.sizes()[d]) + " for tensor number " +
                    str(static_cast<int64_t>(i)) + " in the list.");
    total += t.sizes()[dim];
  }
  Shape sizes = ref->sizes();
  sizes[dim] = total;
  Tensor out = empty(sizes, dtype, ref->device());
  int64_t offset = 0;
  for (const Tensor& t : tensors) {
    if (skipped(t) || t.sizes()[dim] == 0) continue;
    copy_(narrow(out, dim, offset, t.sizes()[dim]), t);
    offset += t.sizes()[dim];
  }
  return out;
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  TSH_CHECK(!tensors.empty(), RuntimeError, "stack expects a non-empty TensorList");
  dim = wrap_dim(dim, tensors[0].dim() + 1);
  for (size_t i = 1; i < tensors.size(); ++i)
    TSH_CHECK(tensors[i].sizes() == tensors[0].sizes(), RuntimeError,
              "stack expects each tensor to be equal size, but got " + shape_str(tensors[0].sizes()) +
                  " at entry 0 and " + shape_str(tensors[i].sizes()) + " at entry " +
                  str(static_cast<int64_t>(i)));
  std::vector<Tensor> parts;
  for (const Tensor& t : tensors) parts.push_back(unsqueeze(t, dim));
  return cat(parts, dim);
}

Tensor hstack(const std::vector<Tensor>& tensors) {
  TSH_CHECK(!tensors.empty(), RuntimeError, "hstack expects a non-empty TensorList");
  std::vector<Tensor> rep = each(tensors, atleast_1d);
  return cat(rep, rep[0].dim() == 1 ? 0 : 1);
}

Tensor vstack(const std::vector<Tensor>& tensors) {
  TSH_CHECK(!tensors.empty(), RuntimeError, "vstack expects a non-empty TensorList");
  return cat(each(tensors, atleast_2d), 0);
}

Tensor dstack(const std::vector<Tensor>& tensors) {
  TSH_CHECK(!tensors.empty(), RuntimeError, "dstack expects a non-empty TensorList");
  return cat(each(tensors, atleast_3d), 2);
}

Tensor column_stack(const std::vector<Tensor>& tensors) {
  TSH_CHECK(!tensors.empty(), RuntimeError, "column_stack expects a non-empty TensorList");
  std::vector<Tensor> cols;
  for (const Tensor& t : tensors) cols.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
  return hstack(cols);
}

std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) return {};
  Shape shape = tensors[0].sizes();
  for (size_t i = 1; i < tensors.size(); ++i) shape = broadcast_shapes(shape, tensors[i].sizes());
  std::vector<Tensor> out;
  for (const Tensor& t : tensors) out.push_back(expand(t, shape));
  return out;
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing) {
  const size_t n = tensors.size();
  TSH_CHECK(n > 0, RuntimeError, "meshgrid expects a non-empty TensorList");
  for (size_t i = 0; i + 1 < n; ++i) {
    TSH_CHECK(tensors[i].dtype() == tensors[i + 1].dtype(), RuntimeError,
              "meshgrid expects all tensors to have the same dtype");
    TSH_CHECK(tensors[i].device() == tensors[i + 1].device(), RuntimeError,
              "meshgrid expects all tensors to have the same device");
  }
  // "xy" is "ij" with the first two inputs (and outputs) swapped.
  const bool swap = indexing == "xy" && n >= 2;
  TSH_CHECK(indexing == "xy" || indexing == "ij", RuntimeError,
            "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: " + indexing);
  std::vector<Tensor> in = tensors;
  if (swap) std::swap(in[0], in[1]);
  Shape shape;
  for (const Tensor& t : in) {
    // PyTorch prints the offending tensor here; tsh names its type and sizes.
    std::string sizes;
    for (int64_t d = 0; d < t.dim(); ++d) sizes += (d ? "," : "") + str(t.sizes()[d]);
    TSH_CHECK(t.dim() <= 1, RuntimeError,
              "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: [ torch." +
                  std::string(legacy_type_name(t.dtype())) + "{" + sizes + "} ]");
    shape.push_back(t.numel());
  }
  std::vector<Tensor> grids;
  for (size_t i = 0; i < n; ++i) {
    Shape view_shape(n, 1);
    view_shape[i] = -1;
    grids.push_back(expand(view(in[i], view_shape), shape));
  }
  if (swap) std::swap(grids[0], grids[1]);
  return grids;
}

Tensor cartesian_prod(const std::vector<Tensor>& tensors) {
  for (const Tensor& t : tensors)
    TSH_CHECK(t.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape " + shape_str(t.sizes()));
  if (tensors.size() == 1) return tensors[0];
  std::vector<Tensor> grids = meshgrid(tensors, "ij");
  for (Tensor& g : grids) g = flatten(g);
  return stack(grids, 1);
}

Tensor combinations(const Tensor& self, int64_t r, bool with_replacement) {
  TSH_CHECK(self.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape " + shape_str(self.sizes()));
  TSH_CHECK(r >= 0, RuntimeError, "Expect a non-negative number, but got " + str(r));
  if (r == 0) return empty({0}, self.dtype(), self.device());
  // Index tuples i1 < i2 < ... (<= with replacement), lexicographic, one column per position.
  const int64_t n = self.numel();
  std::vector<std::vector<int64_t>> columns(static_cast<size_t>(r));
  std::vector<int64_t> idx(static_cast<size_t>(r));
  // Smallest tuple: 0, 1, 2, ... (or all 0 with replacement); valid while it fits in n.
  for (int64_t k = 0; k < r; ++k) idx[k] = with_replacement ? 0 : k;
  const int64_t step = with_replacement ? 0 : 1;
  bool valid = n > 0 && idx[r - 1] < n;
  while (valid) {
    for (int64_t k = 0; k < r; ++k) columns[k].push_back(idx[k]);
    // Advance the rightmost position that can still grow, then reset the ones after it.
    int64_t k = r - 1;
    while (k >= 0 && idx[k] >= n - 1 - step * (r - 1 - k)) --k;
    if (k < 0) break;
    ++idx[k];
    for (int64_t j = k + 1; j < r; ++j) idx[j] = idx[j - 1] + step;
  }
  std::vector<Tensor> parts;
  const int64_t count = static_cast<int64_t>(columns[0].size());
  for (int64_t k = 0; k < r; ++k)
    parts.push_back(index_select(self, 0, int64_tensor({count}, columns[k], self.device())));
  return stack(parts, 1);
}

}  // namespace tsh
