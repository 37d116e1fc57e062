// engine/format/storage_repr.cpp — listing a storage's elements or bytes.
#include "engine/format/storage_repr.h"

#include <complex>
#include <cstring>

#include "engine/core/convert.h"
#include "engine/core/tensor.h"
#include "engine/format/pyrepr.h"
#include "engine/ops/copy.h"

namespace tsh::format {

namespace {

// The storage's first n elements as a 1-d CPU tensor (copied off other devices).
Tensor host_elements(const Storage& storage, DType dtype, int64_t n) {
  Tensor t = Tensor::make(storage, {n}, {1}, 0, dtype);
  return storage->device.is_cpu() ? t : to(t, std::nullopt, Device{});
}

// Python's str() of one element, as storage[i] returns it: a float widened to
// double, an int, True/False, or a complex widened to complex<double>.
std::string element_str(const char* p, DType dtype) {
  return dispatch(dtype, [&]<typename T>() -> std::string {
    if constexpr (std::is_same_v<T, bool>) {
      return *reinterpret_cast<const uint8_t*>(p) != 0 ? "True" : "False";
    } else {
      T x;
      std::memcpy(&x, p, sizeof x);
      if constexpr (is_complex_v<T>)
        return complex_repr({static_cast<double>(x.real()), static_cast<double>(x.imag())});
      else if constexpr (std::is_same_v<T, double>)
        return float_repr(x);
      else if constexpr (is_float_v<T>)
        return float_repr(static_cast<double>(static_cast<float>(x)));
      else
        return int_repr(static_cast<int64_t>(x));
    }
  });
}

// " a\n b\n" for the elements, or " \n" when there are none (Python's
// " " + "\n ".join([])), then the footer.
std::string listing(const Tensor& host, DType dtype, const std::string& footer) {
  std::string out = " ";
  const char* base = host.data_ptr();
  const int64_t n = host.numel(), item = itemsize(dtype);
  for (int64_t i = 0; i < n; ++i) {
    if (i) out += "\n ";
    out += element_str(base + i * host.stride(0) * item, dtype);
  }
  return out + "\n" + footer;
}

}  // namespace

std::string storage_repr(const Storage& storage, DType dtype, int64_t size_in_elements) {
  std::string footer = "[torch.storage.TypedStorage(dtype=" + dtype_repr(dtype) +
                       ", device=" + storage->device.str() + ") of size " +
                       std::to_string(size_in_elements) + "]";
  return listing(host_elements(storage, dtype, size_in_elements), dtype, footer);
}

std::string untyped_storage_repr(const Storage& storage) {
  std::string footer = "[torch.storage.UntypedStorage(device=" + storage->device.str() +
                       ") of size " + std::to_string(storage->nbytes) + "]";
  return listing(host_elements(storage, DType::UInt8, storage->nbytes), DType::UInt8, footer);
}

}  // namespace tsh::format
