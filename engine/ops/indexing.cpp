// engine/ops/indexing.cpp — basic indexing on top of the view ops, with __getitem__'s errors.
#include "engine/ops/indexing.h"

#include <string>

#include "engine/core/error.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// An int index at dim of result; `position` is the item's place in the
// subscript, which is what PyTorch's message calls the dimension.
Tensor apply_int(const Tensor& result, int64_t dim, int64_t index, int64_t position) {
  // Past the last dim PyTorch reads a size of 0 (t[..., 0, ..., 1] on 3-d).
  const int64_t size = dim < result.dim() ? result.sizes()[dim] : 0;
  TSH_CHECK(-size <= index && index < size, IndexError,
            "index " + std::to_string(index) + " is out of bounds for dimension " +
                std::to_string(position) + " with size " + std::to_string(size));
  return select(result, dim, index);
}

Tensor apply_slice(const Tensor& result, int64_t dim, const IndexItem& item) {
  // Python refuses a zero step when it builds the slice; PyTorch refuses negative ones.
  TSH_CHECK(item.step != 0, ValueError, "slice step cannot be zero");
  TSH_CHECK(item.step > 0, ValueError, "step must be greater than zero");
  return slice(result, dim, item.start, item.stop, item.step);
}

Tensor alias(const Tensor& t) { return t.as_view(t.sizes(), t.strides(), t.storage_offset()); }

}  // namespace

Tensor index_int(const Tensor& self, int64_t index) {
  TSH_CHECK(!(self.dim() == 0 && index == 0), IndexError,
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  return apply_int(self, 0, index, 0);
}

Tensor basic_index(const Tensor& self, const std::vector<IndexItem>& items) {
  if (items.size() == 1) {
    // PyTorch's single-index paths: no "too many indices" count first.
    const IndexItem& item = items[0];
    switch (item.kind) {
      case IndexItem::Int: return index_int(self, item.index);
      case IndexItem::Slice: return apply_slice(self, 0, item);
      case IndexItem::None: return unsqueeze(self, 0);
      case IndexItem::Ellipsis: return alias(self);
    }
  }
  int64_t specified = 0;
  for (const IndexItem& item : items)
    specified += item.kind == IndexItem::Int || item.kind == IndexItem::Slice;
  TSH_CHECK(specified <= self.dim(), IndexError,
            "too many indices for tensor of dimension " + std::to_string(self.dim()));
  Tensor result = self;
  int64_t dim = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const IndexItem& item = items[i];
    switch (item.kind) {
      case IndexItem::Int:  // the dim disappears, so `dim` stays
        result = apply_int(result, dim, item.index, static_cast<int64_t>(i));
        break;
      case IndexItem::Slice:
        result = apply_slice(result, dim++, item);
        break;
      case IndexItem::None:
        result = unsqueeze(result, dim++);
        break;
      case IndexItem::Ellipsis:  // every ellipsis skips the dims no item names, as PyTorch does
        dim += self.dim() - specified;
        break;
    }
  }
  // Always a new tensor, even for t[...] or t[:, :], as PyTorch aliases.
  return result.is_same(self) ? alias(self) : result;
}

}  // namespace tsh
