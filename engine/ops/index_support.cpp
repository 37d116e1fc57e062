// engine/ops/index_support.cpp — small helpers shared by the indexing op files.
#include "engine/ops/index_support.h"

#include <cstring>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"

namespace tsh::index_detail {

Scalar item(const Tensor& t) {
  TSH_CHECK(t.numel() == 1, RuntimeError,
            "a Tensor with " + std::to_string(t.numel()) +
                " elements cannot be converted to Scalar");
  Scalar s;
  dispatch(t.dtype(), [&]<typename T>() {
    T x;
    std::memcpy(&x, t.data_ptr(), sizeof(T));
    if constexpr (std::is_same_v<T, bool>) s = Scalar(x);
    else if constexpr (std::is_integral_v<T>) s = Scalar(static_cast<int64_t>(x));
    else if constexpr (is_complex_v<T>) s = Scalar(std::complex<double>(x.real(), x.imag()));
    else s = Scalar(static_cast<double>(x));
  });
  return s;
}

std::vector<int64_t> int_values(const Tensor& t) {
  const Tensor c = contiguous(to(t, DType::Int64, Device{}));
  const int64_t* p = c.data<int64_t>();
  return std::vector<int64_t>(p, p + c.numel());
}

Tensor int64_tensor(const Shape& sizes, const std::vector<int64_t>& values, Device device) {
  Tensor out = empty(sizes, DType::Int64, device);
  if (!values.empty()) std::memcpy(out.data_ptr(), values.data(), values.size() * sizeof(int64_t));
  return out;
}

void check_no_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    TSH_CHECK(!(t.strides()[d] == 0 && t.sizes()[d] > 1), RuntimeError,
              "unsupported operation: more than one element of the written-to tensor refers to a "
              "single memory location. Please clone() the tensor before performing the operation.");
}

std::string type_meta_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Complex64: return "c10::complex<float>";
    case DType::Complex128: return "c10::complex<double>";
  }
  return "";
}

}  // namespace tsh::index_detail
