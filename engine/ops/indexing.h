// engine/ops/indexing.h — basic indexing, t[...] with ints, slices, None and Ellipsis (always a view).
//
// The shell lowers a subscript to a list of IndexItem; basic_index applies them
// the way PyTorch's __getitem__ does: an int selects (removing the dim), a
// slice narrows with Python's clamping, None inserts a size-1 dim, and an
// Ellipsis stands for every dim the other items do not name. A list of one
// item behaves like PyTorch's single-index fast path (t[0] rather than t[0,]).
// Tensor and bool indices are advanced indexing and live elsewhere.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

struct IndexItem {
  enum Kind { Int, Slice, None, Ellipsis };
  Kind kind = Int;
  int64_t index = 0;                   // Int: the position, may be negative
  std::optional<int64_t> start, stop;  // Slice: nullopt when omitted
  int64_t step = 1;                    // Slice: must be > 0 (PyTorch has no negative steps)

  static IndexItem integer(int64_t i) { return {Int, i, std::nullopt, std::nullopt, 1}; }
  static IndexItem slice(std::optional<int64_t> start = std::nullopt,
                         std::optional<int64_t> stop = std::nullopt, int64_t step = 1) {
    return {Slice, 0, start, stop, step};
  }
  static IndexItem none() { return {None, 0, std::nullopt, std::nullopt, 1}; }
  static IndexItem ellipsis() { return {Ellipsis, 0, std::nullopt, std::nullopt, 1}; }
};

// self[index] for one integer index, with indexing's messages (basic_index's first case).
Tensor index_int(const Tensor& self, int64_t index);

// t[items...] as a new view of t's storage (never t itself).
Tensor basic_index(const Tensor& t, const std::vector<IndexItem>& items);

}  // namespace tsh
