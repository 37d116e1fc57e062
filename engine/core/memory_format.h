// engine/core/memory_format.h — memory formats: the stride orders a 4-d or 5-d tensor is said to
// be laid out in (torch.contiguous_format, torch.channels_last, torch.channels_last_3d), and
// torch.preserve_format, "whatever the input has".
#pragma once

#include "engine/core/tensor.h"

namespace tsh {

enum class MemoryFormat { Contiguous, ChannelsLast, ChannelsLast3d, Preserve };

// "contiguous_format", "channels_last", "channels_last_3d", "preserve_format" (torch.<name>).
const char* memory_format_name(MemoryFormat f);

// The dense strides of sizes laid out in f: row-major, or NHWC / NDHWC order for the channels-last
// formats, which need rank 4 / 5 ("required rank 4 tensor to use channels_last format"). As
// PyTorch, a channels-last size of 0 gives the dims outside it stride 0. Preserve is the caller's.
Shape memory_format_strides(const Shape& sizes, MemoryFormat f);

// Whether (sizes, strides) is exactly f's layout, size-1 dims ignored (Tensor.is_contiguous's
// memory_format=). A tensor of the wrong rank is not channels-last contiguous; preserve_format
// asks whether it is row-major, as PyTorch's does.
bool is_contiguous_as(const Shape& sizes, const Shape& strides, MemoryFormat f);

// PyTorch's suggest_memory_format: channels_last when a 4-d tensor's strides order its dims as NHWC
// (they need not be dense), channels_last_3d likewise for 5-d, else contiguous. Ambiguous layouts
// (C of stride 0, N111 with equal strides) count as contiguous.
MemoryFormat suggest_memory_format(const Shape& sizes, const Shape& strides);

// PyTorch's is_non_overlapping_and_dense: the dims of size >= 2, sorted by stride, tile memory
// exactly (defined in shape.cpp).
bool non_overlapping_and_dense(const Shape& sizes, const Shape& strides);

}  // namespace tsh
