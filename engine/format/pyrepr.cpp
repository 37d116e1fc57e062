// engine/format/pyrepr.cpp — Python's repr() of float, complex and int.
#include "engine/format/pyrepr.h"

#include <charconv>
#include <cmath>

namespace tsh::format {

namespace {

// CPython's PyOS_double_to_string(v, 'r', 0, flags): shortest round-trip
// digits. add_dot_0 appends ".0" to integral fixed-notation results (float
// repr does, the parts of a complex repr do not); always_sign writes "+" for
// non-negative values (the imaginary part of a complex).
std::string py_double(double v, bool add_dot_0, bool always_sign) {
  std::string out;
  if (std::isnan(v)) {
    // CPython ignores the sign bit of a NaN.
    out = always_sign ? "+nan" : "nan";
    return out;
  }
  if (std::signbit(v)) {
    out += '-';
  } else if (always_sign) {
    out += '+';
  }
  if (std::isinf(v)) return out + "inf";

  // Shortest round-trip form, e.g. "4.9625658988952637e-01" or "1e+16".
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  size_t e_pos = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e_pos))
    if (c != '.') digits += c;
  int exp = 0;
  std::string_view exp_text = sci.substr(e_pos + 1);
  if (exp_text.front() == '+') exp_text.remove_prefix(1);
  std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), exp);

  const int n = static_cast<int>(digits.size());
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-exp - 1), '0');
      out += digits;
    } else if (n <= exp + 1) {
      out += digits;
      out.append(static_cast<size_t>(exp + 1 - n), '0');
      if (add_dot_0) out += ".0";
    } else {
      out += digits.substr(0, static_cast<size_t>(exp + 1));
      out += '.';
      out += digits.substr(static_cast<size_t>(exp + 1));
    }
    return out;
  }
  out += digits[0];
  if (n > 1) {
    out += '.';
    out += digits.substr(1);
  }
  out += exp < 0 ? "e-" : "e+";
  int a = exp < 0 ? -exp : exp;
  if (a < 10) out += '0';  // at least two exponent digits
  out += std::to_string(a);
  return out;
}

}  // namespace

std::string float_repr(double v) { return py_double(v, /*add_dot_0=*/true, /*always_sign=*/false); }

std::string complex_repr(std::complex<double> v) {
  double re = v.real(), im = v.imag();
  // A +0.0 real part is left out entirely ("1j"), -0.0 is not ("(-0-1j)").
  if (re == 0.0 && !std::signbit(re)) return py_double(im, false, false) + "j";
  return "(" + py_double(re, false, false) + py_double(im, false, true) + "j)";
}

std::string int_repr(int64_t v) { return std::to_string(v); }

}  // namespace tsh::format
