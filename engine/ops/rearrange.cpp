// engine/ops/rearrange.cpp — flip, roll, rot90, repeat, tile, repeat_interleave, tril/triu, diag.
//
// Most of these are copies between views (roll is two slices joined, repeat a
// copy into an interleaved view of the result); flip and the triangles have
// kernels of their own.
#include "engine/ops/rearrange.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "engine/core/error.h"
#include "engine/kernels/coverage.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/overlap.h"
#include "engine/ops/join.h"
#include "engine/ops/views.h"

namespace tsh {


namespace {

std::string str(int64_t v) { return std::to_string(v); }

Tensor roll_one(const Tensor& self, int64_t shift, int64_t dim) {
  if (self.numel() == 0) return clone(self);
  const int64_t size = self.size(dim);
  // shift % size first: size - shift overflows for a shift near -2**63.
  int64_t start = (size - shift % size) % size;
  if (start < 0) start += size;
  return cat({narrow(self, dim, start, size - start), narrow(self, dim, 0, start)}, dim);
}

// tril/triu need a matrix (2.x's message; 1.13 failed in size(-2) with an IndexError).
void check_matrix(const Tensor& self, bool upper) {
  TSH_CHECK(self.dim() >= 2, RuntimeError,
            std::string(upper ? "triu" : "tril") + ": input tensor must have at least 2 dimensions");
}

Tensor triangle(const Tensor& self, int64_t k, bool upper) {
  check_matrix(self, upper);
  Tensor out = empty(self.sizes(), self.dtype(), self.device());
  kernels::triangle.get(self.device())(out, self, k, upper);
  return out;
}

}  // namespace

Tensor flip(const Tensor& self, const std::vector<int64_t>& dims) {
  std::vector<bool> flipped(static_cast<size_t>(self.dim()), false);
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, self.dim());
    if (self.dim() == 0) continue;  // a 0-d tensor has nothing to reverse
    TSH_CHECK(!flipped[w], RuntimeError, "dim " + str(w) + " appears multiple times in the list of dims");
    flipped[w] = true;
  }
  Tensor out = empty_like(self);
  if (out.numel() > 0) kernels::flip.get(self.device())(out, self, flipped);
  return out;
}

Tensor fliplr(const Tensor& self) {
  TSH_CHECK(self.dim() >= 2, RuntimeError, "Input must be >= 2-d.");
  return flip(self, {1});
}

Tensor flipud(const Tensor& self) {
  TSH_CHECK(self.dim() >= 1, RuntimeError, "Input must be >= 1-d.");
  return flip(self, {0});
}

Tensor roll(const Tensor& self, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims) {
  if (dims.size() == 1 && shifts.size() == 1) return roll_one(self, shifts[0], dims[0]);
  TSH_CHECK(!shifts.empty(), RuntimeError, "`shifts` required");
  if (dims.empty() && shifts.size() == 1)
    return view(roll_one(reshape(contiguous(self), {self.numel()}), shifts[0], 0), self.sizes());
  TSH_CHECK(shifts.size() == dims.size(), RuntimeError,
            "shifts and dimensions must align. shifts: " + str(static_cast<int64_t>(shifts.size())) +
                ", dims:" + str(static_cast<int64_t>(dims.size())));
  // One dim at a time, as PyTorch does.
  Tensor out = roll_one(self, shifts[0], dims[0]);
  for (size_t i = 1; i < dims.size(); ++i) out = roll_one(out, shifts[i], dims[i]);
  return out;
}

Tensor rot90(const Tensor& self, int64_t k, const std::vector<int64_t>& dims) {
  const int64_t total = self.dim();
  TSH_CHECK(dims.size() == 2, RuntimeError,
            "expected total rotation dims == 2, but got dims = " + str(static_cast<int64_t>(dims.size())));
  TSH_CHECK(total >= 2, RuntimeError, "expected total dims >= 2, but got total dims = " + str(total));
  wrap_dim(dims[0], total);  // PyTorch 2.x checks the range first (an IndexError)
  wrap_dim(dims[1], total);
  TSH_CHECK(dims[0] != dims[1] && std::abs(dims[0] - dims[1]) != total, RuntimeError,
            "expected rotation dims to be different, but got dim0 = " + str(dims[0]) + " and dim1 = " +
                str(dims[1]));
  TSH_CHECK(dims[0] < total && dims[0] >= -total, RuntimeError,
            "Rotation dim0 out of range, dim0 = " + str(dims[0]));
  TSH_CHECK(dims[1] < total && dims[1] >= -total, RuntimeError,
            "Rotation dim1 out of range, dim1 = " + str(dims[1]));
  switch ((4 + k % 4) % 4) {
    case 1: return transpose(flip(self, {dims[1]}), dims[0], dims[1]);
    case 2: return flip(self, dims);
    case 3: return transpose(flip(self, {dims[0]}), dims[0], dims[1]);
    default: {
      Tensor out = empty(self.sizes(), self.dtype(), self.device());
      copy_(out, self);
      return out;
    }
  }
}

Tensor repeat(const Tensor& self, const std::vector<int64_t>& repeats) {
  const int64_t n = static_cast<int64_t>(repeats.size());
  TSH_CHECK(n >= self.dim(), RuntimeError,
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  Shape padded(static_cast<size_t>(n - self.dim()), 1);
  padded.insert(padded.end(), self.sizes().begin(), self.sizes().end());
  Shape target(static_cast<size_t>(n));
  bool zero = false;
  for (int64_t i = 0; i < n; ++i) {
    zero = zero || repeats[i] == 0;
    target[i] = padded[i] * repeats[i];
  }
  Tensor out = empty(target, self.dtype(), self.device());
  if (zero || out.numel() == 0) return out;
  // out seen as (repeats[0], padded[0], repeats[1], padded[1], ...): every copy of self at once.
  Shape sizes, strides, src_sizes;
  for (int64_t i = 0; i < n; ++i) {
    const int64_t stride = out.strides()[i];
    sizes.insert(sizes.end(), {repeats[i], padded[i]});
    strides.insert(strides.end(), {padded[i] * stride, stride});
    src_sizes.insert(src_sizes.end(), {1, padded[i]});
  }
  const Tensor src = reshape(self, src_sizes);
  copy_(out.as_view(sizes, strides, 0), expand(src, sizes));
  return out;
}

Tensor tile(const Tensor& self, const std::vector<int64_t>& reps) {
  const int64_t missing = self.dim() - static_cast<int64_t>(reps.size());
  if (missing <= 0) return repeat(self, reps);
  std::vector<int64_t> padded(static_cast<size_t>(missing), 1);
  padded.insert(padded.end(), reps.begin(), reps.end());
  return repeat(self, padded);
}

Tensor repeat_interleave(const Tensor& repeats, std::optional<int64_t> output_size) {
  TSH_CHECK(repeats.dim() == 1, RuntimeError, "repeat_interleave only accept 1D vector as repeat");
  TSH_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32, RuntimeError,
            "repeats has to be Long or Int tensor");
  if (repeats.device().is_meta()) {
    TSH_CHECK(output_size.has_value(), RuntimeError, "cannot repeat_interleave a meta tensor without output_size");
    return empty({*output_size}, repeats.dtype(), repeats.device());
  }
  const std::vector<int64_t> counts = int_values(repeats);
  int64_t total = 0;
  bool overflow = false;
  for (int64_t c : counts) overflow |= __builtin_add_overflow(total, c, &total);
  TSH_CHECK(!overflow, RuntimeError, "repeat_interleave: the repeats add up to more than int64 can count");
  if (!output_size) {
    for (int64_t c : counts) TSH_CHECK(c >= 0, RuntimeError, "repeats can not be negative");
  } else {
    TSH_CHECK(*output_size == total, RuntimeError, "allocated size does not match required size");
  }
  // The output is allocated first, so repeat_interleave(10**12) fails as
  // PyTorch's does, with the allocator's error.
  Tensor out = empty({total}, DType::Int64, repeats.device());
  std::vector<int64_t> positions;
  positions.reserve(static_cast<size_t>(total));
  for (size_t i = 0; i < counts.size(); ++i) positions.insert(positions.end(), counts[i], static_cast<int64_t>(i));
  out = int64_tensor({total}, positions, repeats.device());
  return to(out, repeats.dtype(), repeats.device());
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  const Tensor input = dim ? self : flatten(self);
  const int64_t d = dim.value_or(0);
  Tensor counts = repeats;
  if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.sizes()[0] == 1)) {
    counts = expand(reshape(repeats, {1}), {input.size(d)});
  } else if (repeats.dim() == 1) {
    TSH_CHECK(repeats.sizes()[0] == input.size(d), RuntimeError,
              "repeats must have the same size as input along dim, but got repeats.size(0) = " +
                  str(repeats.sizes()[0]) + " and input.size(" + str(d) + ") = " + str(input.size(d)));
  } else {
    throw RuntimeError("repeats must be 0-dim or 1-dim tensor");
  }
  static const kernels::Check repeat_interleave_check("repeat_interleave");
  repeat_interleave_check.require(counts.device(), counts.dtype());
  return index_select(input, d, repeat_interleave(counts, output_size));
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                         std::optional<int64_t> output_size) {
  TSH_CHECK(repeats >= 0, RuntimeError, "Repeats must be non-negative");  // 2.x checks the int form first
  // The output size follows from the sizes alone, so meta tensors need no output_size here.
  if (!output_size && self.device().is_meta()) {
    const int64_t n = dim ? (self.dim() == 0 ? 1 : self.size(*dim)) : self.numel();
    int64_t total = 0;
    TSH_CHECK(!__builtin_mul_overflow(n, repeats, &total), RuntimeError,
              "repeat_interleave: the repeats add up to more than int64 can count");
    output_size = total;
  }
  return repeat_interleave(self, int64_tensor({1}, {repeats}, self.device()), dim, output_size);
}

Tensor tril(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, false); }
Tensor triu(const Tensor& self, int64_t diagonal) { return triangle(self, diagonal, true); }

const Tensor& tril_(const Tensor& self, int64_t diagonal) {
  check_matrix(self, false);
  kernels::triangle.get(self.device())(self, self, diagonal, false);
  return self;
}

const Tensor& triu_(const Tensor& self, int64_t diagonal) {
  check_matrix(self, true);
  kernels::triangle.get(self.device())(self, self, diagonal, true);
  return self;
}

Tensor diag(const Tensor& self, int64_t diagonal) {
  TSH_CHECK(self.dim() == 1 || self.dim() == 2, RuntimeError,
            "diag(): Supports 1D or 2D tensors. Got " + str(self.dim()) + "D");
  if (self.dim() == 1) return diag_embed(self, diagonal);
  const Tensor d = tsh::diagonal(self, diagonal, 0, 1);
  Tensor out = empty(d.sizes(), d.dtype(), d.device());
  copy_(out, d);
  return out;
}

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t n = self.dim() + 1;
  const int64_t d1 = wrap_dim(dim1, n), d2 = wrap_dim(dim2, n);
  TSH_CHECK(d1 != d2, RuntimeError,
            "diagonal dimensions cannot be identical " + str(dim1) + ", " + str(dim2));
  const int64_t len = std::abs(offset) + self.size(-1);
  Shape sizes = self.sizes();
  sizes.pop_back();
  sizes.insert(sizes.begin() + std::min(d1, d2), len);
  sizes.insert(sizes.begin() + std::max(d1, d2), len);
  Tensor out = zeros(sizes, self.dtype(), self.device());
  copy_(tsh::diagonal(out, offset, d1, d2), self);
  return out;
}

}  // namespace tsh
