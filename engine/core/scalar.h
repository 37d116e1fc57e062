// engine/core/scalar.h — one number of any kind, as passed to ops (fill value, alpha, bounds).
//
// A Scalar remembers whether it is a bool, an integer, a float or a complex,
// because PyTorch's promotion treats a Python `2` and `2.0` differently.
#pragma once

#include <complex>
#include <cstdint>

#include "engine/core/dtype.h"

namespace tsh {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float, Complex };

  Scalar() : kind_(Kind::Int), i_(0) {}
  Scalar(bool b) : kind_(Kind::Bool), i_(b) {}
  Scalar(int v) : kind_(Kind::Int), i_(v) {}
  Scalar(int64_t v) : kind_(Kind::Int), i_(v) {}
  Scalar(double v) : kind_(Kind::Float), d_(v) {}
  Scalar(std::complex<double> v) : kind_(Kind::Complex), c_(v) {}
  // A Python int in [2**63, 2**64): 2.x keeps it as an unsigned 64-bit integer,
  // so int64 math sees it wrapped while float math sees its true value.
  static Scalar from_uint64(uint64_t v) {
    Scalar s(static_cast<int64_t>(v));
    s.unsigned_ = true;
    return s;
  }

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  bool is_complex() const { return kind_ == Kind::Complex; }
  bool is_uint() const { return unsigned_; }  // an Int from from_uint64

  int64_t to_int() const {
    switch (kind_) {
      case Kind::Bool:
      case Kind::Int: return i_;
      case Kind::Float: return static_cast<int64_t>(d_);
      case Kind::Complex: return static_cast<int64_t>(c_.real());
    }
    return 0;
  }
  double to_double() const {
    switch (kind_) {
      case Kind::Bool:
      case Kind::Int: return unsigned_ ? static_cast<double>(static_cast<uint64_t>(i_)) : static_cast<double>(i_);
      case Kind::Float: return d_;
      case Kind::Complex: return c_.real();
    }
    return 0;
  }
  std::complex<double> to_complex() const {
    return kind_ == Kind::Complex ? c_ : std::complex<double>(to_double(), 0);
  }
  bool to_bool() const {
    switch (kind_) {
      case Kind::Bool:
      case Kind::Int: return i_ != 0;
      case Kind::Float: return d_ != 0;
      case Kind::Complex: return c_ != std::complex<double>(0, 0);
    }
    return false;
  }

  // The dtype a tensor made from this scalar alone would have: bool, int64,
  // the default float dtype, or the default complex dtype.
  DType natural_dtype() const {
    switch (kind_) {
      case Kind::Bool: return DType::Bool;
      case Kind::Int: return DType::Int64;
      case Kind::Float: return default_dtype();
      case Kind::Complex: return default_complex_dtype();
    }
    return DType::Int64;
  }

 private:
  Kind kind_;
  bool unsigned_ = false;
  union {
    int64_t i_;
    double d_;
  };
  std::complex<double> c_{};
};

}  // namespace tsh
