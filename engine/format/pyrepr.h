// engine/format/pyrepr.h — Python's repr() of scalars: float, complex and int.
//
// .item(), .tolist() and storage listings print Python numbers, so these must
// match CPython byte for byte: the shortest digit string that round-trips,
// laid out in fixed notation when the decimal exponent x is in [-4, 16) and
// in scientific notation ("1e-05", "1.5e+300") otherwise.
#pragma once

#include <complex>
#include <cstdint>
#include <string>

namespace tsh::format {

// repr(float): "0.1", "100.0", "1e+16", "1e-05", "-0.0", "inf", "-inf", "nan".
std::string float_repr(double v);

// repr(complex): "(1+2j)", "1j", "(-0-1j)", "(nan+infj)", "(1e+16+0j)".
// Parts drop a trailing ".0"; the real part and parentheses are left out when
// the real part is +0.0.
std::string complex_repr(std::complex<double> v);

// repr(int): "-12".
std::string int_repr(int64_t v);

}  // namespace tsh::format
