// engine/format/numpy_repr.h — printing a tensor's elements as NumPy 2.x prints an ndarray.
//
// The numpy module of the shell shows its arrays (tensors underneath) with
// NumPy's own rules (numpy/_core/arrayprint.py): shortest round-trip digits
// capped at `precision`, a shared width per array, scientific notation when
// the magnitudes call for it, wrapping at 75 columns and summarisation past
// 1000 elements with a `shape=` note.
#pragma once

#include <string>

#include "engine/core/tensor.h"

namespace tsh::format {

struct NumpyPrintOptions {
  int precision = 8;
  int64_t threshold = 1000;
  int64_t edgeitems = 3;
  int64_t linewidth = 75;
  bool suppress = false;
  std::string nanstr = "nan";
  std::string infstr = "inf";
};

NumpyPrintOptions& numpy_print_options();

// NumPy's name of a dtype ("float64", "int32", "bool"); throws TypeError for
// bfloat16, which NumPy does not have.
std::string numpy_dtype_name(DType d);

// repr(a): "array([1., 2.])", "array([1, 2], dtype=int32)", "array([], shape=(0, 3), dtype=float64)";
// a subclass's name in place of "array" (memmap) also sets the continuation lines' indent.
std::string numpy_array_repr(const Tensor& t, const std::string& class_name = "array");
// str(a): "[1. 2.]".
std::string numpy_array_str(const Tensor& t);
// A 0-d tensor as NumPy 2.x shows a scalar: repr "np.float64(1.5)", "np.int32(3)", "np.True_";
// str "1.5", "3", "True".
std::string numpy_scalar_repr(const Tensor& zero_dim);
std::string numpy_scalar_str(const Tensor& zero_dim);

}  // namespace tsh::format
