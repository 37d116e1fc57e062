// engine/ops/advanced_index.cpp — subscripts with index tensors: getitem, setitem, index, index_put_.
//
// The work follows PyTorch's plan: masks become the positions of their set
// elements, the index tensors broadcast together, the indexed dims move to
// the front when they are not adjacent, and each indexed position becomes an
// element offset into self. Every bound is checked while the offsets are
// computed, before anything is written.
#include "engine/ops/advanced_index.h"

#include "engine/ops/elementwise_plan.h"

#include <algorithm>
#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/overlap.h"
#include "engine/ops/masked.h"
#include "engine/ops/views.h"

namespace tsh {


namespace {

std::string str(int64_t v) { return std::to_string(v); }

bool is_mask(DType d) { return d == DType::Bool || d == DType::UInt8; }

// How PyTorch indexes with a Python bool: [0] for True, an empty index for False.
Tensor bool_index(bool b, Device device) {
  return b ? int64_tensor({1}, {0}, device) : int64_tensor({0}, {}, device);
}

// self with its indexed dims resolved: what aten::index and index_put_ work on.
struct IndexPlan {
  Tensor src;                 // self, with the indexed dims moved to the front when not adjacent
  int64_t before = 0;         // dims of src before the indexed ones
  Shape replacement;          // broadcast shape of the index tensors
  std::vector<Tensor> indices;             // one per indexed dim, broadcast to `replacement`
  Shape indexed_sizes, indexed_strides;    // of those dims in src
  Shape result_sizes;         // src's sizes with the indexed dims replaced by `replacement`
  Shape src_strides;          // src's strides with 0 along the replacement dims
  Shape index_layout_sizes;   // each index seen with size-1 dims around it (for the result's layout)
  std::vector<Shape> index_layout_strides;
};

std::string mask_message(const Tensor& mask, int64_t j, const Tensor& self, int64_t src_idx) {
  return "The shape of the mask " + shape_str(mask.sizes()) + " at index " + str(j) +
         " does not match the shape of the indexed tensor " + shape_str(self.sizes()) +
         " at index " + str(src_idx);
}

void check_index_count(const Tensor& self, size_t n) {
  TSH_CHECK(static_cast<int64_t>(n) <= self.dim(), IndexError,
            "too many indices for tensor of dimension " + str(self.dim()) + " (got " + str(n) + ")");
}

IndexPlan make_plan(const Tensor& self, const std::vector<Tensor>& indices) {
  check_index_count(self, indices.size());
  for (const Tensor& t : indices)
    TSH_CHECK(!t.defined() || is_mask(t.dtype()) || t.dtype() == DType::Int64 ||
                  t.dtype() == DType::Int32,
              IndexError, "tensors used as indices must be long, int, byte or bool tensors");
  // A mask stands for the positions of its set elements, one index per mask dim.
  std::vector<Tensor> list;
  for (const Tensor& t : indices) {
    if (!t.defined() || !is_mask(t.dtype())) {
      list.push_back(t);
      continue;
    }
    for (int64_t j = 0; j < t.dim(); ++j) {
      const int64_t src_idx = static_cast<int64_t>(list.size()) + j;
      TSH_CHECK(t.sizes()[j] == self.size(src_idx), IndexError, mask_message(t, j, self, src_idx));
    }
    Tensor positions = nonzero(t);
    for (int64_t j = 0; j < t.dim(); ++j) list.push_back(select(positions, 1, j));
  }
  // Broadcast every index tensor to one shape.
  Shape shape;
  std::string shapes;
  bool first = true;
  for (const Tensor& t : list) {
    if (!t.defined()) continue;
    shapes += (first ? "" : ", ") + shape_str(t.sizes());
    first = false;
  }
  first = true;
  for (const Tensor& t : list) {
    if (!t.defined()) continue;
    try {
      shape = first ? t.sizes() : broadcast_shapes(shape, t.sizes());
    } catch (const RuntimeError&) {
      throw IndexError("shape mismatch: indexing tensors could not be broadcast together with shapes " +
                       shapes);
    }
    first = false;
  }
  for (Tensor& t : list)
    if (t.defined())
      t = t.as_view(shape, broadcast_strides(t.sizes(), t.strides(), shape), t.storage_offset());
  list.resize(static_cast<size_t>(self.dim()));

  IndexPlan plan;
  plan.src = self;
  // Indexed dims separated by a whole dim move to the front, in order.
  std::vector<int64_t> pos;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (list[d].defined()) pos.push_back(d);
  if (!pos.empty() && pos.back() - pos.front() + 1 != static_cast<int64_t>(pos.size())) {
    std::vector<int64_t> perm = pos;
    std::vector<Tensor> moved;
    for (int64_t d : pos) moved.push_back(list[d]);
    for (int64_t d = 0; d < self.dim(); ++d)
      if (!list[d].defined()) {
        perm.push_back(d);
        moved.emplace_back();
      }
    plan.src = permute(self, perm);
    list = std::move(moved);
  }
  const Tensor& src = plan.src;
  int64_t indexed = 0;
  for (int64_t d = 0; d < src.dim(); ++d) {
    if (!list[d].defined()) {
      if (indexed == 0) ++plan.before;
      continue;
    }
    ++indexed;
    plan.indices.push_back(list[d]);
    plan.indexed_sizes.push_back(src.sizes()[d]);
    plan.indexed_strides.push_back(src.strides()[d]);
  }
  plan.replacement = shape;
  // An index into a dim of size 0 can only be valid when there is no index at all.
  const bool empty_dim = std::find(plan.indexed_sizes.begin(), plan.indexed_sizes.end(), 0) !=
                         plan.indexed_sizes.end();
  const bool empty_index = std::find(shape.begin(), shape.end(), 0) != shape.end();
  TSH_CHECK(!empty_dim || empty_index, IndexError, "index is out of bounds for dimension with size 0");
  const int64_t after_start = plan.before + indexed;
  for (int64_t d = 0; d < plan.before; ++d) {
    plan.result_sizes.push_back(src.sizes()[d]);
    plan.src_strides.push_back(src.strides()[d]);
  }
  for (int64_t s : shape) {
    plan.result_sizes.push_back(s);
    plan.src_strides.push_back(0);
  }
  for (int64_t d = after_start; d < src.dim(); ++d) {
    plan.result_sizes.push_back(src.sizes()[d]);
    plan.src_strides.push_back(src.strides()[d]);
  }
  // Each index as PyTorch's iterator sees it: reshaped with size-1 dims before
  // and after (a view), int32 indices first converted to int64 (dense).
  Shape layout(static_cast<size_t>(plan.before), 1);
  layout.insert(layout.end(), shape.begin(), shape.end());
  layout.resize(plan.result_sizes.size(), 1);
  plan.index_layout_sizes = layout;
  for (const Tensor& t : plan.indices) {
    Shape strides = t.dtype() == DType::Int32 ? dense_strides_like(t.sizes(), t.strides()) : t.strides();
    plan.index_layout_strides.push_back(
        view_strides(t.sizes(), strides, layout).value_or(contiguous_strides(layout)));
  }
  return plan;
}

// The element offset (from the start of the replacement block) of every
// indexed position, row-major over the replacement shape; throws PyTorch's
// IndexError for the first index out of bounds.
Tensor plan_offsets(const IndexPlan& plan) {
  Tensor flat;
  if (plan.src.device().is_meta()) {
    flat = empty(plan.replacement, DType::Int64, plan.src.device());  // no values to check or compute
  } else {
    std::vector<std::vector<int64_t>> values;
    for (const Tensor& t : plan.indices) values.push_back(int_values(t));
    std::vector<int64_t> offsets(static_cast<size_t>(shape_numel(plan.replacement)));
    for (size_t e = 0; e < offsets.size(); ++e) {
      int64_t off = 0;
      for (size_t k = 0; k < values.size(); ++k) {
        int64_t v = values[k][e];
        const int64_t size = plan.indexed_sizes[k];
        if (v < -size || v >= size)
          throw IndexError("index " + str(v) + " is out of bounds for dimension " +
                           str(static_cast<int64_t>(k)) + " with size " + str(size));
        if (v < 0) v += size;
        off += v * plan.indexed_strides[k];
      }
      offsets[e] = off;
    }
    flat = int64_tensor(plan.replacement, offsets, plan.src.device());
  }
  // Laid out over the whole result: stride 0 along the dims the indices do not vary in.
  Shape strides(static_cast<size_t>(plan.before), 0);
  Shape inner = contiguous_strides(plan.replacement);
  strides.insert(strides.end(), inner.begin(), inner.end());
  strides.resize(plan.result_sizes.size(), 0);
  return flat.as_view(plan.result_sizes, strides, 0);
}

// self's elements at the planned positions, as a new tensor.
Tensor gather_plan(const IndexPlan& plan) {
  std::vector<std::pair<Shape, Shape>> inputs{{plan.result_sizes, plan.src_strides}};
  for (const Shape& s : plan.index_layout_strides) inputs.emplace_back(plan.index_layout_sizes, s);
  Tensor out = empty_strided(plan.result_sizes, iterator_output_strides(plan.result_sizes, inputs),
                             plan.src.dtype(), plan.src.device());
  Tensor offsets = plan_offsets(plan);
  if (out.numel() == 0) return out;
  Tensor src = plan.src.as_view(plan.result_sizes, plan.src_strides, plan.src.storage_offset());
  kernels::gather.get(out.device())(out, src, offsets);
  return out;
}

// PyTorch's is_expandable_to: shape broadcasts to target without changing target.
bool expandable(const Shape& shape, const Shape& target) {
  if (shape.size() > target.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    const int64_t s = shape[shape.size() - 1 - i], t = target[target.size() - 1 - i];
    if (s != t && s != 1) return false;
  }
  return true;
}

// Shape without its leading 1s (how __setitem__ lets a value carry extra leading dims).
Shape strip_leading_ones(const Shape& s) {
  size_t k = 0;
  while (k < s.size() && s[k] == 1) ++k;
  return Shape(s.begin() + static_cast<long>(k), s.end());
}

// dst[...] = src as __setitem__ does through basic items: same shape copies,
// a 0-d value fills (range-checked), anything else broadcasts (leading 1s of src dropped).
void copy_to(const Tensor& dst, const Tensor& src) {
  if (dst.sizes() == src.sizes()) {
    copy_(dst, src);
  } else if (src.dim() == 0 && !src.device().is_meta()) {
    fill_(dst, item(src));
  } else {
    Tensor v = view(src, strip_leading_ones(src.sizes()));
    copy_(dst, expand(v, dst.sizes()));
  }
}

Tensor apply_int(const Tensor& result, int64_t dim, int64_t index, int64_t position) {
  const int64_t size = dim < result.dim() ? result.sizes()[dim] : 0;
  TSH_CHECK(-size <= index && index < size, IndexError,
            "index " + str(index) + " is out of bounds for dimension " + str(position) +
                " with size " + str(size));
  return select(result, dim, index);
}

// PyTorch's applySlicing: the basic items become views of self; each index
// tensor is recorded at the dim it stands for (in `indices`).
Tensor apply_items(const Tensor& self, const std::vector<TensorIndex>& items,
                   std::vector<Tensor>& indices) {
  int64_t specified = 0;
  for (const TensorIndex& it : items) {
    if (it.kind == TensorIndex::Basic)
      specified += it.item.kind == IndexItem::Int || it.item.kind == IndexItem::Slice;
    else if (it.kind == TensorIndex::Tensor)
      specified += !it.from_sequence && is_mask(it.tensor.dtype()) ? it.tensor.dim() : 1;
  }
  TSH_CHECK(specified <= self.dim(), IndexError,
            "too many indices for tensor of dimension " + str(self.dim()));
  Tensor result = self;
  int64_t dim = 0;
  // A recorded index advances `dim` by one, even for a mask of several dims (as PyTorch does).
  auto record = [&](const Tensor& t) {
    if (static_cast<int64_t>(indices.size()) < dim + 1) indices.resize(static_cast<size_t>(dim + 1));
    indices[dim++] = t;
  };
  for (size_t i = 0; i < items.size(); ++i) {
    const TensorIndex& it = items[i];
    const int64_t position = static_cast<int64_t>(i);
    if (it.kind == TensorIndex::Bool) {
      result = unsqueeze(result, dim);
      record(bool_index(it.flag, self.device()));
      continue;
    }
    if (it.kind == TensorIndex::Tensor) {
      const Tensor& t = it.tensor;
      if (t.dim() == 0 && is_integral(t.dtype(), true)) {
        if (is_mask(t.dtype())) {  // a 0-d mask: like a Python bool
          result = unsqueeze(result, dim);
          record(bool_index(item(t).to_bool(), self.device()));
        } else {  // a 0-d integer: like a Python int
          result = apply_int(result, dim, item(t).to_int(), position);
        }
      } else {
        record(t);
      }
      continue;
    }
    const IndexItem& b = it.item;
    switch (b.kind) {
      case IndexItem::Int: result = apply_int(result, dim, b.index, position); break;
      case IndexItem::Slice:
        TSH_CHECK(b.step != 0, ValueError, "slice step cannot be zero");
        TSH_CHECK(b.step > 0, ValueError, "step must be greater than zero");
        result = slice(result, dim++, b.start, b.stop, b.step);
        break;
      case IndexItem::None: result = unsqueeze(result, dim++); break;
      case IndexItem::Ellipsis: dim += self.dim() - specified; break;
    }
  }
  return result;
}

Tensor alias(const Tensor& t) { return t.as_view(t.sizes(), t.strides(), t.storage_offset()); }

}  // namespace

Shape iterator_output_strides(const Shape& shape, const std::vector<std::pair<Shape, Shape>>& inputs) {
  const int64_t n = static_cast<int64_t>(shape.size());
  // PyTorch's fast set-up: inputs of exactly the output's shape that are all
  // contiguous, or all dense with one layout, give the output that layout.
  bool same_shape = true, all_contiguous = true, same_dense = true;
  for (const auto& [sizes, st] : inputs) {
    same_shape = same_shape && sizes == shape;
    all_contiguous = all_contiguous && is_contiguous(sizes, st);
    same_dense = same_dense && st == inputs[0].second && non_overlapping_and_dense(sizes, st);
  }
  if (same_shape && !inputs.empty()) {
    if (all_contiguous) return contiguous_strides(shape);
    if (same_dense) return inputs[0].second;
  }
  // Otherwise dense in PyTorch's iteration order, where each input counts with
  // stride 0 along the dims it is broadcast in (the elementwise plan's rule).
  std::vector<Shape> strides;
  for (const auto& [sizes, st] : inputs) {
    Shape b = st;
    for (int64_t d = 0; d < n; ++d)
      if (sizes[d] == 1 && shape[d] != 1) b[d] = 0;
    strides.push_back(std::move(b));
  }
  std::vector<const Shape*> ptrs;
  for (const Shape& b : strides) ptrs.push_back(&b);
  return strides_in_order(shape, iteration_order(shape, ptrs));
}

Tensor index(const Tensor& self, const std::vector<Tensor>& indices) {
  return gather_plan(make_plan(self, indices));
}

const Tensor& index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                         bool accumulate) {
  check_index_count(self, indices.size());
  // One mask and a one-element value: a masked fill (PyTorch converts the value then).
  if (!accumulate && values.numel() == 1) {
    int64_t covered = 0;
    Tensor mask;
    bool fill = true;
    for (const Tensor& t : indices) {
      if (!t.defined()) {
        ++covered;
        continue;
      }
      if (!is_mask(t.dtype()) || mask.defined()) {
        fill = false;
        break;
      }
      for (int64_t j = 0; j < t.dim(); ++j)
        TSH_CHECK(t.sizes()[j] == self.size(covered + j), IndexError,
                  mask_message(t, j, self, covered + j));
      mask = t;
      covered += t.dim();
    }
    if (fill && mask.defined()) {
      for (int64_t d = covered; d < self.dim(); ++d) mask = unsqueeze(mask, -1);
      return masked_fill_(self, mask, self.device().is_meta() ? Scalar(int64_t{0}) : item(values));
    }
  }
  check_no_overlap(self, values);
  for (const Tensor& t : indices)
    if (t.defined()) check_no_overlap(self, t);
  IndexPlan plan = make_plan(self, indices);
  TSH_CHECK(expandable(values.sizes(), plan.result_sizes), RuntimeError,
            "shape mismatch: value tensor of shape " + shape_str(values.sizes()) +
                " cannot be broadcast to indexing result of shape " + shape_str(plan.result_sizes));
  TSH_CHECK(values.dtype() == self.dtype(), RuntimeError,
            std::string("Index put requires the source and destination dtypes match, got ") +
                scalar_type_name(self.dtype()) + " for the destination and " +
                scalar_type_name(values.dtype()) + " for the source.");
  Tensor offsets = plan_offsets(plan);
  if (shape_numel(plan.result_sizes) == 0) return self;
  Tensor dst = plan.src.as_view(plan.result_sizes, plan.src_strides, plan.src.storage_offset());
  Tensor src = values.as_view(plan.result_sizes,
                              broadcast_strides(values.sizes(), values.strides(), plan.result_sizes),
                              values.storage_offset());
  kernels::scatter.get(self.device())(dst, src, offsets,
                                     accumulate ? ScatterMode::Add : ScatterMode::Assign,
                                     Scalar(int64_t{1}));
  return self;
}

Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                 bool accumulate) {
  Tensor out = clone(self);
  index_put_(out, indices, values, accumulate);
  return out;
}

Tensor subscript(const Tensor& self, const std::vector<TensorIndex>& items) {
  if (items.size() == 1 && items[0].kind == TensorIndex::Basic) return basic_index(self, {items[0].item});
  if (items.size() == 1 && items[0].kind == TensorIndex::Bool)
    return index(unsqueeze(self, 0), {bool_index(items[0].flag, self.device())});
  std::vector<Tensor> indices;
  Tensor result = apply_items(self, items, indices);
  if (indices.empty()) return result.is_same(self) ? alias(self) : result;
  return index(result, indices);
}

void subscript_assign(const Tensor& self, const std::vector<TensorIndex>& items, const Tensor& value) {
  if (items.size() == 1 && items[0].kind == TensorIndex::Bool) {
    // t[False] = v writes nothing; t[True] = v writes all of t (through a new leading dim).
    if (items[0].flag) copy_to(unsqueeze(self, 0), value);
    return;
  }
  if (items.size() == 1 && items[0].kind == TensorIndex::Basic) {
    copy_to(basic_index(self, {items[0].item}), value);
    return;
  }
  std::vector<Tensor> indices;
  Tensor sliced = apply_items(self, items, indices);
  if (indices.empty()) {
    copy_to(sliced, value);
    return;
  }
  const Shape stripped = strip_leading_ones(value.sizes());
  index_put_(sliced, indices, stripped == value.sizes() ? value : view(value, stripped));
}

}  // namespace tsh
