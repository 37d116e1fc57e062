// engine/ops/advanced_index.h — t[...] and t[...] = v with index tensors, masks and Python bools.
//
// A subscript mixing basic items (ints, slices, None, ...) with index tensors
// follows PyTorch: the basic items are applied first as views, each index
// tensor is recorded at the dim it stands for, and the tensors then select
// elements together. Index tensors broadcast against each other; a bool (or
// uint8) mask stands for the positions of its nonzero elements and indexes as
// many dims as it has. When the indexed dims are adjacent the result's new
// dims replace them in place; when a slice separates them they move to the
// front. The result is always a copy. Messages are PyTorch's, e.g.
// "index 5 is out of bounds for dimension 0 with size 3".
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/ops/indexing.h"

namespace tsh {

// One item of a subscript.
struct TensorIndex {
  enum Kind : uint8_t { Basic, Bool, Tensor };
  Kind kind = Basic;
  IndexItem item;        // Basic: an int, slice, None or Ellipsis
  bool flag = false;     // Bool: t[True] adds a dim of size 1, t[False] one of size 0
  tsh::Tensor tensor;    // Tensor: int64/int32 positions, or a bool/uint8 mask
  // A tensor made from a Python list counts as one indexed dim when PyTorch
  // checks "too many indices", whatever its shape (a mask tensor counts its dims).
  bool from_sequence = false;

  static TensorIndex basic(IndexItem i) { TensorIndex t; t.item = i; return t; }
  static TensorIndex boolean(bool b) { TensorIndex t; t.kind = Bool; t.flag = b; return t; }
  static TensorIndex tensor_index(tsh::Tensor x, bool from_sequence = false) {
    TensorIndex t;
    t.kind = Tensor;
    t.tensor = std::move(x);
    t.from_sequence = from_sequence;
    return t;
  }
};

// self[items], as Python's __getitem__: a view when every item is basic, else a new tensor.
Tensor subscript(const Tensor& self, const std::vector<TensorIndex>& items);

// self[items] = value, as Python's __setitem__. value is a tensor (the shell
// turns a Python number into a 0-d tensor of self's dtype). Through basic items
// value broadcasts and converts to self's dtype; through index tensors it must
// have self's dtype, except that a one-element value assigned through a single
// bool mask is a fill and converts.
void subscript_assign(const Tensor& self, const std::vector<TensorIndex>& items, const Tensor& value);

// aten::index: indices[d] (when defined) indexes dim d of self; undefined
// entries and dims past the list are taken whole.
Tensor index(const Tensor& self, const std::vector<Tensor>& indices);

// aten::index_put_: writes values (broadcast to the indexing result's shape,
// same dtype as self) at the indexed positions; accumulate adds instead, so
// repeated positions sum. Returns self.
const Tensor& index_put_(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                         bool accumulate = false);
Tensor index_put(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values,
                 bool accumulate = false);

// The strides PyTorch's TensorIterator gives a new output of `shape` computed
// from inputs given as (sizes, strides) of the same rank as shape: the dims are
// ordered by the inputs' strides, so a result follows its inputs' memory layout.
Shape iterator_output_strides(const Shape& shape, const std::vector<std::pair<Shape, Shape>>& inputs);

}  // namespace tsh
