// engine/ops/rearrange.h — ops that reorder or repeat one tensor's elements into a new tensor.
//
// Every op returns a new tensor (never a view). Layouts follow PyTorch: flip
// keeps self's memory layout, rot90 returns a transposed view of a flipped
// copy for odd k, the others are contiguous.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh {

// Reverses the order of elements along each of dims.
Tensor flip(const Tensor& self, const std::vector<int64_t>& dims);
Tensor fliplr(const Tensor& self);  // flip(self, {1}); needs >= 2 dims
Tensor flipud(const Tensor& self);  // flip(self, {0}); needs >= 1 dim
// Shifts elements along dims, wrapping around; with no dims, along the flattened tensor.
Tensor roll(const Tensor& self, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims);
// Rotates by 90 degrees k times in the plane of dims, from the first towards the second.
Tensor rot90(const Tensor& self, int64_t k = 1, const std::vector<int64_t>& dims = {0, 1});

// Tiles self repeats[i] times along dim i (new leading dims when repeats is longer).
Tensor repeat(const Tensor& self, const std::vector<int64_t>& repeats);
// repeat with reps padded by leading 1s to self.dim().
Tensor tile(const Tensor& self, const std::vector<int64_t>& reps);
// Repeats each element (or slice along dim) repeats times; without dim, of the flattened tensor.
Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim = std::nullopt,
                         std::optional<int64_t> output_size = std::nullopt);
// repeats: one count per element (or slice), or a single count for all.
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim = std::nullopt,
                         std::optional<int64_t> output_size = std::nullopt);
// [0, 0, 1, ...]: each position i of the 1-d repeats, repeats[i] times.
Tensor repeat_interleave(const Tensor& repeats, std::optional<int64_t> output_size = std::nullopt);

// The lower / upper triangle of the last two dims (relative to diagonal k), the rest zero.
Tensor tril(const Tensor& self, int64_t diagonal = 0);
Tensor triu(const Tensor& self, int64_t diagonal = 0);
const Tensor& tril_(const Tensor& self, int64_t diagonal = 0);
const Tensor& triu_(const Tensor& self, int64_t diagonal = 0);

// 1-d: a square matrix with self on diagonal k; 2-d: a copy of diagonal k.
Tensor diag(const Tensor& self, int64_t diagonal = 0);
// A tensor whose diagonals (offset, over dims dim1 and dim2 of the result) hold self's last dim.
Tensor diag_embed(const Tensor& self, int64_t offset = 0, int64_t dim1 = -2, int64_t dim2 = -1);

}  // namespace tsh
