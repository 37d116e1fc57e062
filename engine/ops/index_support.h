// engine/ops/index_support.h — pieces shared by the indexing, gather/scatter and mask ops.
//
// Internal to engine/ops: the kernel tables of the index kernels, reading a
// one-element tensor as a Scalar, and PyTorch's spellings of dtypes in messages.
#pragma once

#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/cpu/index_kernels.h"
#include "engine/cpu/join_kernels.h"
#include "engine/ops/dispatch.h"

namespace tsh::index_detail {

using GatherFn = void (*)(const Tensor&, const Tensor&, const Tensor&);
using ScatterFn = void (*)(const Tensor&, const Tensor&, const Tensor&, cpu::ScatterMode,
                           const Scalar&);
using MaskedFillFn = void (*)(const Tensor&, const Tensor&, const Scalar&);
using CountNonzeroFn = int64_t (*)(const Tensor&);
using NonzeroFn = void (*)(const Tensor&, const Tensor&);
using FlipFn = void (*)(const Tensor&, const Tensor&, const std::vector<bool>&);
using TriangleFn = void (*)(const Tensor&, const Tensor&, int64_t, bool);

inline const KernelTable<GatherFn> gather_kernels{&cpu::gather_kernel, nullptr};
inline const KernelTable<ScatterFn> scatter_kernels{&cpu::scatter_kernel, nullptr};
inline const KernelTable<MaskedFillFn> masked_fill_kernels{&cpu::masked_fill_kernel, nullptr};
inline const KernelTable<CountNonzeroFn> count_nonzero_kernels{&cpu::count_nonzero_kernel, nullptr};
inline const KernelTable<NonzeroFn> nonzero_kernels{&cpu::nonzero_kernel, nullptr};
inline const KernelTable<FlipFn> flip_kernels{&cpu::flip_kernel, nullptr};
inline const KernelTable<TriangleFn> triangle_kernels{&cpu::triangle_kernel, nullptr};

// The value of a one-element tensor (any shape), as PyTorch's item().
Scalar item(const Tensor& t);

// An int64 copy of an integer tensor's values in row-major order.
std::vector<int64_t> int_values(const Tensor& t);
// t as a contiguous int64 tensor in host memory (t itself when it already is one).
Tensor int64_contiguous(const Tensor& t);

// A contiguous int64 tensor holding values, shaped `sizes`.
Tensor int64_tensor(const Shape& sizes, const std::vector<int64_t>& values, Device device);

// PyTorch's assert_no_internal_overlap for an op writing into t: refuses t when
// an expanded dim (stride 0, size > 1) makes several elements share memory.
void check_no_internal_overlap(const Tensor& t);

// PyTorch's assert_no_overlap between the tensor an op writes (a) and one it
// reads (b): refuses them when they are the same tensor or, both being dense,
// their memory overlaps (partial_only: only a partial overlap is refused).
void check_no_overlap(const Tensor& a, const Tensor& b, bool partial_only = false);



}  // namespace tsh::index_detail
