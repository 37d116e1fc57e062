// engine/ops/host_values.cpp — values through the memory interface.
#include "engine/ops/host_values.h"
#include "engine/ops/unary.h"

#include <complex>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/ops/copy.h"

namespace tsh {

Scalar item(const Tensor& t) {
  TSH_CHECK(t.numel() == 1, RuntimeError,
            "a Tensor with " + std::to_string(t.numel()) + " elements cannot be converted to Scalar");
  TSH_CHECK(!t.device().is_meta(), RuntimeError, "Tensor.item() cannot be called on meta tensors");
  if (t.is_conj()) return item(resolve_conj(t));
  Scalar s;
  dispatch(t.dtype(), [&]<typename T>() {
    T x;
    read_bytes(&x, t.storage(), t.storage_offset() * t.itemsize(), sizeof(T));
    if constexpr (std::is_same_v<T, bool>) s = Scalar(x);
    else if constexpr (std::is_same_v<T, uint64_t>) s = x > INT64_MAX ? Scalar::from_uint64(x) : Scalar(static_cast<int64_t>(x));
    else if constexpr (std::is_integral_v<T>) s = Scalar(static_cast<int64_t>(x));
    else if constexpr (is_complex_v<T>) s = Scalar(std::complex<double>(x.real(), x.imag()));
    else s = Scalar(static_cast<double>(x));
  });
  return s;
}

template <typename T> std::vector<T> host_values(const Tensor& t) {
  TSH_CHECK(itemsize(t.dtype()) == sizeof(T), RuntimeError, "host_values: wrong element type");
  const Tensor c = contiguous(resolve_conj(t));
  std::vector<T> v(static_cast<size_t>(c.numel()));
  read_bytes(v.data(), c.storage(), c.storage_offset() * c.itemsize(), c.numel() * c.itemsize());
  return v;
}

template <typename T>
Tensor tensor_of(const std::vector<T>& values, const Shape& sizes, DType dtype, Device device) {
  Tensor out = empty(sizes, dtype, device);
  write_bytes(out.storage(), 0, values.data(), static_cast<int64_t>(values.size() * sizeof(T)));
  return out;
}

std::vector<int64_t> int_values(const Tensor& t) { return host_values<int64_t>(to(t, DType::Int64, t.device())); }

#define TSH_HOST_VALUES(T)                                      \
  template std::vector<T> host_values<T>(const Tensor&);        \
  template Tensor tensor_of<T>(const std::vector<T>&, const Shape&, DType, Device);
TSH_HOST_VALUES(int64_t)
TSH_HOST_VALUES(float)
TSH_HOST_VALUES(double)
TSH_HOST_VALUES(uint8_t)
TSH_HOST_VALUES(uint64_t)
TSH_HOST_VALUES(std::complex<double>)
#undef TSH_HOST_VALUES

}  // namespace tsh
