// engine/format/formatter.h — PyTorch's _Formatter: one display mode and width per tensor part.
//
// Built from the shown elements only (see gather.h). Floating values choose
// int mode (all nonzero finite values integral: "1."), fixed ("%.{p}f") or
// scientific ("%.{p}e"), and a common width; integers and bools use their
// decimal/True/False strings. Follows PyTorch 2.x, where a forced sci_mode is
// applied before the width is measured (1.13 measured the automatic mode).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/format/options.h"

namespace tsh::format {

class Formatter {
 public:
  // For floating values (already widened to double). Zeros, NaN and infinities
  // take no part in choosing the mode or the width.
  static Formatter floating(const std::vector<double>& values, const PrintOptions& opts);
  // For integers, or bools stored as 0/1. An unsigned formatter reads each
  // int64 as the uint64 with its bits (uint64 values past 2**63).
  static Formatter integral(const std::vector<int64_t>& values, bool is_bool, bool is_unsigned = false);

  int64_t width() const { return max_width_; }
  bool int_mode() const { return int_mode_; }
  bool sci_mode() const { return sci_mode_; }

  // One element, left-padded with spaces to width() (never truncated).
  std::string format(double v) const;
  std::string format(int64_t v) const;

 private:
  bool bool_ = false;
  bool unsigned_ = false;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int precision_ = 4;
  int64_t max_width_ = 1;
};

// Python's "%.{p}f" % v and "%.{p}e" % v: correctly rounded, "nan" for every
// NaN, "inf"/"-inf". A negative precision throws ValueError, as Python does.
std::string py_fixed(double v, int precision);
// An integer's decimal text; `as_unsigned` reads its bits as a uint64.
inline std::string int_text(int64_t v, bool as_unsigned) {
  return as_unsigned ? std::to_string(static_cast<uint64_t>(v)) : std::to_string(v);
}
std::string py_sci(double v, int precision);

}  // namespace tsh::format
