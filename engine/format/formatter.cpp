// engine/format/formatter.cpp — choosing the mode and width, and formatting one element.
#include "engine/format/formatter.h"


#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/core/interrupt.h"

namespace tsh::format {

namespace {

// printf into a std::string; glibc's %f/%e are correctly rounded from the
// exact binary value (ties to even), the same digits Python produces.
std::string printf_double(const char* fmt, int precision, double v) {
  if (precision < 0) throw ValueError("Format specifier missing precision");
  if (std::isnan(v)) return "nan";  // C may print "-nan"; Python never does
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char small[64];
  int n = std::snprintf(small, sizeof small, fmt, precision, v);
  // -1: the C library could not make the text (no memory for a precision of 10**9, as Python
  // would run out of it too).
  if (n < 0) throw MemoryError("");
  if (n < static_cast<int>(sizeof small)) return std::string(small, static_cast<size_t>(n));
  std::string big(static_cast<size_t>(n) + 1, '\0');  // e.g. "%.4f" of 1e300
  if (std::snprintf(big.data(), big.size(), fmt, precision, v) != n) throw MemoryError("");
  big.resize(static_cast<size_t>(n));
  return big;
}

std::string pad_left(std::string s, int64_t width) {
  if (static_cast<int64_t>(s.size()) < width)
    s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
  return s;
}

}  // namespace

std::string py_fixed(double v, int precision) { return printf_double("%.*f", precision, v); }
std::string py_sci(double v, int precision) { return printf_double("%.*e", precision, v); }

Formatter Formatter::floating(const std::vector<double>& values, const PrintOptions& opts) {
  Formatter f;
  f.precision_ = opts.precision;
  std::vector<double> vals;  // nonzero finite values: the only ones that decide anything
  for (double v : values)
    if (std::isfinite(v) && v != 0) vals.push_back(v);
  // With nothing to measure PyTorch returns before looking at sci_mode, so
  // even a forced sci_mode=True prints zeros as "0.".
  if (vals.empty()) return f;

  double amin = std::fabs(vals[0]), amax = amin;
  for (double v : vals) {
    amin = std::min(amin, std::fabs(v));
    amax = std::max(amax, std::fabs(v));
    // ceil in double equals ceil in the element's own (narrower) dtype.
    if (v != std::ceil(v)) f.int_mode_ = false;
  }
  if (opts.sci_mode) {
    f.sci_mode_ = *opts.sci_mode;
  } else {
    f.sci_mode_ = amax / amin > 1000.0 || amax > 1.0e8 || amin < 1.0e-4;
  }
  // Width of the mode actually used (PyTorch 2.x order).
  size_t polled = 0;
  for (double v : vals) {
    if (++polled % 4096 == 0) check_interrupt();  // a full print of a huge tensor stops at Ctrl-C
    int64_t len;
    if (f.sci_mode_)
      len = static_cast<int64_t>(py_sci(v, f.precision_).size());
    else if (f.int_mode_)
      len = static_cast<int64_t>(py_fixed(v, 0).size()) + 1;  // +1 for the trailing "."
    else
      len = static_cast<int64_t>(py_fixed(v, f.precision_).size());
    f.max_width_ = std::max(f.max_width_, len);
  }
  return f;
}

Formatter Formatter::integral(const std::vector<int64_t>& values, bool is_bool, bool is_unsigned) {
  Formatter f;
  f.bool_ = is_bool;
  f.unsigned_ = is_unsigned;
  size_t polled = 0;
  for (int64_t v : values) {
    if (++polled % 4096 == 0) check_interrupt();
    int64_t len = is_bool ? (v ? 4 : 5) : static_cast<int64_t>(int_text(v, is_unsigned).size());
    f.max_width_ = std::max(f.max_width_, len);
  }
  return f;
}

std::string Formatter::format(double v) const {
  std::string r;
  if (sci_mode_) {
    r = py_sci(v, precision_);
  } else if (int_mode_) {
    r = py_fixed(v, 0);
    if (std::isfinite(v)) r += '.';
  } else {
    r = py_fixed(v, precision_);
  }
  return pad_left(std::move(r), max_width_);
}

std::string Formatter::format(int64_t v) const {
  std::string r = bool_ ? (v ? "True" : "False") : int_text(v, unsigned_);
  return pad_left(std::move(r), max_width_);
}

}  // namespace tsh::format
