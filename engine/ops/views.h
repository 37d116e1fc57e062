// engine/ops/views.h — view ops: new sizes/strides/offset over the same storage, no element copied.
//
// Every function returns a new TensorImpl sharing t's storage (writing
// through one shows in the other), except where noted: reshape and flatten
// copy when no view can express the result (exactly when PyTorch copies),
// flatten(d, d) and mT of a 0-d tensor return t itself (PyTorch returns
// `self`), and the trailing-underscore variants change t's own geometry
// (identity kept). Dims may be negative; errors carry PyTorch's messages.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

// Reshaping.
Tensor view(const Tensor& t, const Shape& sizes);  // one -1 allowed
Tensor view_as(const Tensor& t, const Tensor& other);
// The same bytes read as another dtype (t.view(torch.int32); not an overload of
// view(), so that view(t, {}) keeps meaning a shape). With a smaller element the last dim
// grows (it must have stride 1); with a larger one it shrinks (its size, the
// storage offset and the other strides must divide by the ratio).
Tensor view_dtype(const Tensor& t, DType dtype);
Tensor reshape(const Tensor& t, const Shape& sizes);  // a view when possible, else a copy
Tensor flatten(const Tensor& t, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor unflatten(const Tensor& t, int64_t dim, const Shape& sizes);  // one -1 allowed

// Reordering dims.
Tensor t(const Tensor& self);   // <= 2-d transpose
Tensor T(const Tensor& self);   // all dims reversed
Tensor mT(const Tensor& self);  // last two dims swapped
Tensor transpose(const Tensor& t, int64_t dim0, int64_t dim1);  // = swapaxes, swapdims
Tensor permute(const Tensor& t, const std::vector<int64_t>& dims);
Tensor movedim(const Tensor& t, const std::vector<int64_t>& source,
               const std::vector<int64_t>& destination);

// Sub-ranges.
Tensor narrow(const Tensor& t, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor& t, int64_t dim, int64_t index);
// Python slicing along one dim: bounds clamp, None means "from the start" / "to the end".
Tensor slice(const Tensor& t, int64_t dim, std::optional<int64_t> start,
             std::optional<int64_t> end, int64_t step = 1);
Tensor diagonal(const Tensor& t, int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1);
Tensor unfold(const Tensor& t, int64_t dim, int64_t size, int64_t step);
// A complex tensor as its (real, imag) pairs, a new last dim of 2 (float views of the same bytes),
// and back: a float16/32/64 tensor whose last dim is 2 with stride 1 as complex.
Tensor view_as_real(const Tensor& t);
Tensor view_as_complex(const Tensor& t);
// offset defaults to t's storage offset.
Tensor as_strided(const Tensor& t, const Shape& sizes, const Shape& strides,
                  std::optional<int64_t> offset = std::nullopt);

// Size-1 dims and broadcasting.
Tensor unsqueeze(const Tensor& t, int64_t dim);
Tensor squeeze(const Tensor& t);                                   // every size-1 dim
Tensor squeeze(const Tensor& t, int64_t dim);                      // that dim, if size 1
Tensor squeeze(const Tensor& t, const std::vector<int64_t>& dims);  // those dims of size 1 (2.x)
Tensor expand(const Tensor& t, const Shape& sizes);                // -1 keeps a size
Tensor expand_as(const Tensor& t, const Tensor& other);
Tensor broadcast_to(const Tensor& t, const Shape& sizes);

// Pieces along one dim (views of consecutive ranges).
std::vector<Tensor> chunk(const Tensor& t, int64_t chunks, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& t, int64_t split_size, int64_t dim = 0);
std::vector<Tensor> split(const Tensor& t, const std::vector<int64_t>& split_sizes,
                          int64_t dim = 0);
// tensor_split: `sections` pieces as equal as can be (the first ones one entry
// longer), or the pieces between the given indices (Python slice semantics).
std::vector<Tensor> tensor_split(const Tensor& t, int64_t sections, int64_t dim = 0);
std::vector<Tensor> tensor_split(const Tensor& t, const std::vector<int64_t>& indices, int64_t dim = 0);
// hsplit ('h': dim 1, or 0 for 1-d), vsplit ('v': dim 0 of >= 2-d), dsplit ('d': dim 2 of >= 3-d):
// tensor_split into equal sections (which must divide the size) or at indices.
std::vector<Tensor> directional_split(const Tensor& t, const std::variant<int64_t, std::vector<int64_t>>& how,
                                      char which);
// Same as split(t, sizes, dim); the name avoids split(t, {5}) meaning split_size 5.
std::vector<Tensor> split_with_sizes(const Tensor& t, const std::vector<int64_t>& split_sizes,
                                     int64_t dim = 0);
std::vector<Tensor> unbind(const Tensor& t, int64_t dim = 0);

// In place: change t's own sizes/strides/offset and return t (same identity).
const Tensor& t_(const Tensor& self);
const Tensor& transpose_(const Tensor& t, int64_t dim0, int64_t dim1);
const Tensor& squeeze_(const Tensor& t);
const Tensor& squeeze_(const Tensor& t, int64_t dim);
const Tensor& squeeze_(const Tensor& t, const std::vector<int64_t>& dims);
const Tensor& unsqueeze_(const Tensor& t, int64_t dim);
const Tensor& as_strided_(const Tensor& t, const Shape& sizes, const Shape& strides,
                          std::optional<int64_t> offset = std::nullopt);

}  // namespace tsh
