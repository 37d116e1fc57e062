// engine/ops/index_support.cpp — small helpers shared by the indexing op files.
#include "engine/ops/index_support.h"

#include "engine/ops/elementwise_plan.h"

#include <algorithm>
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

Tensor int64_contiguous(const Tensor& t) { return contiguous(to(t, DType::Int64, Device{})); }

std::vector<int64_t> int_values(const Tensor& t) {
  const Tensor c = int64_contiguous(t);
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

void check_no_overlap(const Tensor& a, const Tensor& b, bool partial_only) {
  const char* message =
      "unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
      "single memory location. Please clone() the tensor before performing the operation.";
  if (a.is_same(b)) {
    TSH_CHECK(partial_only, RuntimeError, message);
    return;
  }
  if (a.numel() == 0 || b.numel() == 0 || a.storage() != b.storage()) return;
  // Overlaps of non-dense tensors are too hard to tell, and let through, as PyTorch does.
  if (!non_overlapping_and_dense(a.sizes(), a.strides()) || !non_overlapping_and_dense(b.sizes(), b.strides()))
    return;
  const char* a_begin = a.data_ptr();
  const char* a_end = a_begin + a.numel() * a.itemsize();
  const char* b_begin = b.data_ptr();
  const char* b_end = b_begin + b.numel() * b.itemsize();
  if (a_begin == b_begin && a_end == b_end) {
    const bool full = a.strides() == b.strides();
    TSH_CHECK(full && partial_only, RuntimeError, message);
    return;
  }
  TSH_CHECK(!(a_begin < b_end && b_begin < a_end), RuntimeError, message);
}


}  // namespace tsh::index_detail
