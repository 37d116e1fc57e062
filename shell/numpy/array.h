// shell/numpy/array.h — NumPy's ndarray in the shell: a tensor underneath, NumPy's face on top.
//
// An ndarray value holds a tsh Tensor, so t.numpy() and torch.from_numpy(a)
// share one storage both ways, as in PyTorch; its repr, str and attributes
// (strides in bytes) are NumPy's.
#pragma once

#include "engine/core/tensor.h"
#include "shell/python/value.h"

namespace tsh::shell {

// An array over t; more than NumPy's 64 dims is NumPy's ValueError.
Value make_ndarray(const Tensor& t);
void check_numpy_dims(size_t dims);
// An array over memory another object owns (t.numpy(), np.asarray(t)): its base is that object.
Value make_ndarray_view(const Tensor& t, const Value& base);
// np.load(mmap_mode=...)'s numpy.memmap over a mapped file (`mapping`, its .base); read-only for 'r'.
Value make_memmap(const Tensor& t, const Value& mapping, bool writeable);
bool ndarray_writeable(const Value& v);
// Marks an array read-only (np.broadcast_to's and diagonal's views, as NumPy gives them).
void set_ndarray_readonly(const Value& v);
// memmap.flush(): the mapped pages written back to the file.
void numpy_flush_mapping(const Tensor& t);
// a.flags: C_CONTIGUOUS, F_CONTIGUOUS, OWNDATA, WRITEABLE, ... of an array over t.
Value numpy_flags(const Tensor& t, bool owndata, bool writeable);
// NumPy's C (or Fortran) contiguity: dims of size 1 do not count, and empty arrays are both.
bool numpy_contiguous(const Tensor& t, bool fortran);
bool is_ndarray(const Value& v);
// out= of a method or reduction: result written into the array out (NumPy's checks), which is returned.
Value numpy_write_out(const std::string& fn, const Value& result, const Value& out);
// The float dtype NumPy's float-only loops (sin, sqrt, arctan2, ...) take for a bool or integer
// dtype: the smallest that holds its values exactly (float16 for bool and 8 bits, float32 for 16
// bits, float64 above); a float or complex dtype is its own.
inline DType numpy_float_for(DType d) {
  if (d == DType::UInt16) return DType::Float32;
  if (d == DType::UInt32 || d == DType::UInt64) return DType::Float64;
  switch (d) {
    case DType::Bool: case DType::Int8: case DType::UInt8: return DType::Float16;
    case DType::Int16: return DType::Float32;
    case DType::Int32: case DType::Int64: return DType::Float64;
    default: return d;
  }
}
// NumPy's result dtype of two arrays' dtypes (NEP 50): uint64 with int64 is float64, uint16 with
// int16 int32, an integer with a float the smallest float that holds it, ...
DType numpy_result_dtype(DType a, DType b);
// The dtype NumPy's add and multiply reduce and accumulate in by default: int64 for bool and
// signed integers, uint64 for unsigned ones, a float or complex dtype its own.
inline DType numpy_accumulator(DType d) {
  if (is_floating(d) || is_complex(d)) return d;
  return is_unsigned(d) ? DType::UInt64 : DType::Int64;
}
const Tensor& ndarray_tensor(const Value& v);
// The array's tensor for PyTorch (torch.from_numpy, torch.tensor, torch.as_tensor): PyTorch's
// ValueError for an array with a negative stride, which no tensor may have.
const Tensor& ndarray_tensor_for_torch(const Value& v);
// An op's result as NumPy gives it: a NumPy scalar (np.float64(...)) when it has no dims, else an array.
Value numpy_value(const Tensor& t);
// The items of a tuple or list, or of an array (as Python numbers): an axes, shape or indices argument.
std::vector<Value> numpy_items(const Value& v);
// r, made from the array arr by a view op: an array sharing arr's memory (its base is arr's).
Value numpy_view(const Value& arr, const Tensor& r);
// Python data, a tensor or an array as an array (np.asarray; lists take NumPy's dtypes).
Value numpy_asarray(const Value& v);
// A dtype= argument as NumPy reads it: None, numpy.float32, a dtype object, Python's int, or a name.
std::optional<DType> numpy_dtype_arg(const Value& v);
// A one-element array or NumPy scalar as the Python number it holds.
Value numpy_scalar_number(const Value& v);
// a.tolist(): Python numbers, nested in lists by dims.
Value ndarray_tolist(const Tensor& t);

// .npy bytes (format 1.0) of an array, and an array from .npy bytes (errors name `path`).
std::string numpy_npy_bytes(const Value& array);
Value numpy_array_from_npy(const std::string& bytes, const std::string& path);
// np.load of a .npz archive: a lazy NpzFile.
Value numpy_npz_open(const std::string& path);

}  // namespace tsh::shell
