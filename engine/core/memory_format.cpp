// engine/core/memory_format.cpp — stride rules of the memory formats (PyTorch's c10 rules).
#include "engine/core/memory_format.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"

namespace tsh {

namespace {

// The channels-last dims, innermost first: C, then the spatial dims from the last, then N.
Shape channels_last_order(size_t rank) { return rank == 4 ? Shape{1, 3, 2, 0} : Shape{1, 4, 3, 2, 0}; }

size_t required_rank(MemoryFormat f) { return f == MemoryFormat::ChannelsLast ? 4 : 5; }

}  // namespace

const char* memory_format_name(MemoryFormat f) {
  switch (f) {
    case MemoryFormat::Contiguous: return "contiguous_format";
    case MemoryFormat::ChannelsLast: return "channels_last";
    case MemoryFormat::ChannelsLast3d: return "channels_last_3d";
    case MemoryFormat::Preserve: return "preserve_format";
  }
  return "?";
}

Shape memory_format_strides(const Shape& sizes, MemoryFormat f) {
  if (f == MemoryFormat::Contiguous) return contiguous_strides(sizes);
  if (f == MemoryFormat::Preserve) throw RuntimeError("unsupported memory format Preserve");
  const size_t rank = required_rank(f);
  if (sizes.size() != rank)
    throw RuntimeError("required rank " + std::to_string(rank) + " tensor to use " + memory_format_name(f) + " format");
  Shape strides(rank);
  int64_t next = 1;
  for (int64_t d : channels_last_order(rank)) {
    strides[d] = next;
    next *= sizes[d];
  }
  return strides;
}

bool is_contiguous_as(const Shape& sizes, const Shape& strides, MemoryFormat f) {
  // Preserve asks the plain question, as PyTorch's is_contiguous does
  if (f == MemoryFormat::Contiguous || f == MemoryFormat::Preserve) return is_contiguous(sizes, strides);
  if (sizes.size() != required_rank(f)) return false;
  int64_t expected = 1;
  for (int64_t d : channels_last_order(sizes.size())) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected *= sizes[d];
  }
  return true;
}

namespace {

// Whether the strides order the dims as channels-last does, each at least the extent of the one
// inside it. Ambiguities fall back to contiguous: a C of stride 0, and an N whose stride equals
// C's (N111 contiguous, or N11W sliced to one W).
bool strides_like_channels_last(const Shape& sizes, const Shape& strides) {
  if (strides[1] == 0) return false;
  int64_t floor = 0;
  for (int64_t d : channels_last_order(sizes.size())) {
    if (sizes[d] == 0 || strides[d] < floor) return false;
    if (d == 0 && floor == strides[1]) return false;
    floor = strides[d];
    if (sizes[d] > 1) floor *= sizes[d];
  }
  return true;
}

}  // namespace

MemoryFormat suggest_memory_format(const Shape& sizes, const Shape& strides) {
  if (sizes.size() == 4 && strides_like_channels_last(sizes, strides)) return MemoryFormat::ChannelsLast;
  if (sizes.size() == 5 && strides_like_channels_last(sizes, strides)) return MemoryFormat::ChannelsLast3d;
  return MemoryFormat::Contiguous;
}

}  // namespace tsh
