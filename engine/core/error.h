// engine/core/error.h — the typed errors the engine throws.
//
// The engine never prints: it throws one of these with PyTorch's own message,
// and the shell prints `Kind: message`. kind() is the Python class name.
#pragma once

#include <stdexcept>
#include <string>

namespace tsh {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  virtual const char* kind() const { return "RuntimeError"; }
};

#define TSH_ERROR(Name, PyName)                         \
  class Name : public Error {                          \
   public:                                             \
    using Error::Error;                                \
    const char* kind() const override { return PyName; } \
  };

TSH_ERROR(RuntimeError, "RuntimeError")
TSH_ERROR(IndexError, "IndexError")
TSH_ERROR(TypeError, "TypeError")
TSH_ERROR(ValueError, "ValueError")
TSH_ERROR(NotImplementedError, "NotImplementedError")
TSH_ERROR(OverflowError, "OverflowError")
TSH_ERROR(ZeroDivisionError, "ZeroDivisionError")
TSH_ERROR(MemoryError, "MemoryError")
TSH_ERROR(OutOfMemoryError, "torch.OutOfMemoryError")
TSH_ERROR(LinAlgError, "torch._C._LinAlgError")
#undef TSH_ERROR

// A host allocation the machine cannot satisfy: PyTorch's RuntimeError, which NumPy's array
// constructors turn into their own MemoryError.
class HostAllocationError : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

// Throws E(msg) when cond is false; msg is only built on failure.
#define TSH_CHECK(cond, E, ...) \
  do {                          \
    if (!(cond)) throw E(__VA_ARGS__); \
  } while (0)

}  // namespace tsh
