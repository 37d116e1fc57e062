// engine/kernels/dtype_mask.h — sets of dtypes, one bit per dtype, as coverage tables write them.
#pragma once

#include <initializer_list>

#include "engine/core/dtype.h"

namespace tsh {

constexpr unsigned dtype_bit(DType d) { return 1u << static_cast<unsigned>(d); }
constexpr unsigned dtype_bits(std::initializer_list<DType> ds) {
  unsigned m = 0;
  for (DType d : ds) m |= dtype_bit(d);
  return m;
}

// The categories most kernels are compiled for. The integers include uint16/32/64, which
// PyTorch 2.x gives only some kernels: tsh's kernels take them wherever they take the other
// integers (NumPy needs them all), so an op PyTorch refuses for them works here.
enum DTypeMask : unsigned {
  kBool = dtype_bit(DType::Bool),
  kInt = dtype_bits({DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt16,
                     DType::UInt32, DType::UInt64}),
  kFloat = dtype_bits({DType::Float16, DType::BFloat16, DType::Float32, DType::Float64}),
  kComplex = dtype_bits({DType::Complex64, DType::Complex128}),
  kAll = kBool | kInt | kFloat | kComplex,
};

inline bool supports(unsigned mask, DType d) { return (mask & dtype_bit(d)) != 0; }

}  // namespace tsh
