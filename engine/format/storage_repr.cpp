// engine/format/storage_repr.cpp — listing a storage's elements or bytes.
#include "engine/format/storage_repr.h"

#include <complex>
#include <cstring>

#include "engine/core/convert.h"
#include "engine/core/memory.h"
#include "engine/core/tensor.h"
#include "engine/format/pyrepr.h"

namespace tsh::format {

namespace {

// The bytes of the storage's first n elements, read to the host.
std::vector<char> host_elements(const Storage& storage, DType dtype, int64_t n) {
  std::vector<char> bytes(static_cast<size_t>(n * itemsize(dtype)));
  read_bytes(bytes.data(), storage, 0, static_cast<int64_t>(bytes.size()));
  return bytes;
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
// " " + "\n ".join([])), then the footer; a meta storage has "...".
std::string listing(const Storage& storage, DType dtype, int64_t n, const std::string& footer) {
  if (storage->device.is_meta()) return "...\n" + footer;
  const std::vector<char> bytes = host_elements(storage, dtype, n);
  std::string out = " ";
  const int64_t item = itemsize(dtype);
  for (int64_t i = 0; i < n; ++i) {
    if (i) out += "\n ";
    out += element_str(bytes.data() + i * item, dtype);
  }
  return out + "\n" + footer;
}

}  // namespace

std::string storage_repr(const Storage& storage, DType dtype, int64_t size_in_elements) {
  std::string footer = "[torch.storage.TypedStorage(dtype=" + dtype_repr(dtype) +
                       ", device=" + storage->device.str() + ") of size " +
                       std::to_string(size_in_elements) + "]";
  return listing(storage, dtype, size_in_elements, footer);
}

std::string untyped_storage_repr(const Storage& storage) {
  std::string footer = "[torch.storage.UntypedStorage(device=" + storage->device.str() +
                       ") of size " + std::to_string(storage->nbytes) + "]";
  return listing(storage, DType::UInt8, storage->nbytes, footer);
}

}  // namespace tsh::format
