// engine/format/numpy_repr.cpp — NumPy 2.x's array printing (arrayprint.py).
//
// Floats follow FloatingFormat in NumPy's default 'maxprec' mode: each value's
// shortest round-trip digits for its own precision (float16, float32 or
// float64), at most `precision` after the point (rounded from the exact
// value beyond that), padded so the points line up; scientific notation when
// a non-zero magnitude is >= 1e8 (1e6 for float32, 1e3 for float16), < 1e-4, or the largest over the smallest
// exceeds 1000. The layout is _formatArray's: rows wrapped at the line width,
// nested brackets, "..." between edge items when summarised.
#include "engine/format/numpy_repr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/core/error.h"
#include "engine/core/half.h"
#include "engine/core/memory.h"
#include "engine/format/formatter.h"
#include "engine/format/gather.h"

namespace tsh::format {

NumpyPrintOptions& numpy_print_options() {
  static NumpyPrintOptions o;
  return o;
}

std::string numpy_dtype_name(DType d) {
  if (d == DType::BFloat16) throw TypeError("Got unsupported ScalarType BFloat16");
  return std::string(dtype_name(d));
}

namespace {

// ---------------------------------------------------------------- digits

// The shortest digits that read back as x in its own precision: the significand
// digits (no point, no sign) and the decimal exponent of the first one.
struct Digits {
  std::string digits;
  int exp10 = 0;
};

Digits from_scientific(const char* s) {
  Digits d;
  const char* e = std::strchr(s, 'e');
  for (const char* p = s; p != e; ++p)
    if (*p >= '0' && *p <= '9') d.digits += *p;
  d.exp10 = std::atoi(e + 1);
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

Digits shortest(double x, DType dtype) {
  char buf[64];
  x = std::fabs(x);
  if (dtype == DType::Float64) {
    auto r = std::to_chars(buf, buf + sizeof buf - 1, x, std::chars_format::scientific);
    *r.ptr = 0;
  } else if (dtype == DType::Float32) {
    auto r = std::to_chars(buf, buf + sizeof buf - 1, static_cast<float>(x), std::chars_format::scientific);
    *r.ptr = 0;
  } else {  // float16: the fewest significant digits that round back to the same half
    for (int p = 0; p < 17; ++p) {
      std::snprintf(buf, sizeof buf, "%.*e", p, x);
      if (static_cast<float>(Half(static_cast<float>(std::strtod(buf, nullptr)))) == static_cast<float>(x)) break;
    }
  }
  return from_scientific(buf);
}

struct Parts {
  std::string sign, int_part, frac;  // frac without the point
};

// x positionally: the shortest digits, cut at `precision` fractional digits
// (rounded from the exact value) or extended to `min_digits` with exact digits.
Parts positional(double x, DType dtype, int precision, int min_digits) {
  Parts p;
  if (std::signbit(x)) p.sign = "-";
  const Digits d = shortest(x, dtype);
  std::string ip, fp;
  if (d.digits == "0") {
    ip = "0";
  } else if (d.exp10 >= 0) {
    const size_t n_int = static_cast<size_t>(d.exp10) + 1;
    ip = d.digits.substr(0, std::min(n_int, d.digits.size()));
    if (ip.size() < n_int) ip.append(n_int - ip.size(), '0');
    if (d.digits.size() > n_int) fp = d.digits.substr(n_int);
  } else {
    ip = "0";
    fp = std::string(static_cast<size_t>(-d.exp10 - 1), '0') + d.digits;
  }
  const int want = static_cast<int>(fp.size()) > precision ? precision
                   : static_cast<int>(fp.size()) < min_digits ? min_digits
                                                              : -1;
  if (want >= 0) {  // the exact value rounded to `want` places (glibc's printf is exact)
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", want, std::fabs(x));
    const char* dot = std::strchr(buf, '.');
    ip = dot ? std::string(buf, static_cast<size_t>(dot - buf)) : std::string(buf);
    fp = dot ? std::string(dot + 1) : std::string();
  }
  p.int_part = ip;
  p.frac = fp;
  return p;
}

struct SciParts {
  std::string sign, mantissa_int, frac;
  int exp10 = 0;
};

SciParts scientific(double x, DType dtype, int precision, int min_digits) {
  SciParts s;
  if (std::signbit(x)) s.sign = "-";
  Digits d = shortest(x, dtype);
  const int frac_len = static_cast<int>(d.digits.size()) - 1;
  const int want = frac_len > precision ? precision : frac_len < min_digits ? min_digits : -1;
  if (want >= 0) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%.*e", want, std::fabs(x));
    Digits r;
    const char* e = std::strchr(buf, 'e');
    for (const char* q = buf; q != e; ++q)
      if (*q >= '0' && *q <= '9') r.digits += *q;
    r.exp10 = std::atoi(e + 1);
    d = r;  // keeps the rounded zeros: trimming decides about them
  }
  s.mantissa_int = d.digits.substr(0, 1);
  s.frac = d.digits.substr(1);
  s.exp10 = d.exp10;
  return s;
}

void trim_zeros(std::string& frac, int keep) {
  while (static_cast<int>(frac.size()) > keep && !frac.empty() && frac.back() == '0') frac.pop_back();
}

std::string pad_left(const std::string& s, int64_t width) {
  return static_cast<int64_t>(s.size()) >= width ? s : std::string(static_cast<size_t>(width) - s.size(), ' ') + s;
}

std::string exponent(int e, int digits) {
  std::string n = std::to_string(std::abs(e));
  if (static_cast<int>(n.size()) < digits) n.insert(0, static_cast<size_t>(digits) - n.size(), '0');
  return std::string(e < 0 ? "e-" : "e+") + n;
}

// ---------------------------------------------------------------- element formats

// sign_plus: NumPy's sign='+', which the imaginary parts of complex arrays use: "+" before
// non-negative values, counted in the padding like "-".
class FloatFormat {
 public:
  FloatFormat(const std::vector<double>& data, DType dtype, const NumpyPrintOptions& o, bool sign_plus = false)
      : dtype_(dtype), o_(o), plus_(sign_plus) {
    std::vector<double> finite;
    bool any_inf_neg = false, non_finite = false;
    for (double v : data) {
      if (std::isfinite(v)) {
        finite.push_back(v);
      } else {
        non_finite = true;
        any_inf_neg |= std::isinf(v) && v < 0;
      }
    }
    double max_val = 0, min_val = INFINITY;
    bool any_nonzero = false;
    for (double v : finite)
      if (v != 0) {
        any_nonzero = true;
        max_val = std::max(max_val, std::fabs(v));
        min_val = std::min(min_val, std::fabs(v));
      }
    // Scientific from 10**min(8, the type's decimal precision) on: 1e3 for float16, 1e6 for float32.
    const double big = dtype == DType::Float16 ? 1e3 : dtype == DType::Float32 ? 1e6 : 1e8;
    if (any_nonzero && (max_val >= big || (!o.suppress && (min_val < 0.0001 || max_val / min_val > 1000.))))
      exp_format_ = true;
    precision_ = o.precision;
    if (finite.empty()) {
      pad_left_ = pad_right_ = 0;
      exp_size_ = -1;
    } else if (exp_format_) {
      int max_frac = 0;
      exp_size_ = 0;
      pad_left_ = 0;
      for (double v : finite) {
        SciParts s = scientific(v, dtype, o.precision, 0);
        if (plus_ && s.sign.empty()) s.sign = "+";
        trim_zeros(s.frac, 0);
        max_frac = std::max(max_frac, static_cast<int>(s.frac.size()));
        exp_size_ = std::max(exp_size_, static_cast<int>(std::to_string(std::abs(s.exp10)).size()));
        pad_left_ = std::max<int64_t>(pad_left_, static_cast<int64_t>((s.sign + s.mantissa_int).size()));
      }
      exp_size_ = std::max(exp_size_, 2);  // the exponent always has two digits at least
      precision_ = min_digits_ = max_frac;
      keep_zeros_ = true;
      pad_right_ = exp_size_ + 2 + precision_;
    } else {
      pad_left_ = pad_right_ = 0;
      for (double v : finite) {
        Parts p = positional(v, dtype, o.precision, 0);
        if (plus_ && p.sign.empty()) p.sign = "+";
        trim_zeros(p.frac, 0);
        pad_left_ = std::max<int64_t>(pad_left_, static_cast<int64_t>((p.sign + p.int_part).size()));
        pad_right_ = std::max<int64_t>(pad_right_, static_cast<int64_t>(p.frac.size()));
      }
      exp_size_ = -1;
      min_digits_ = 0;
    }
    if (non_finite) {
      const int64_t offset = pad_right_ + 1;
      pad_left_ = std::max({pad_left_, static_cast<int64_t>(o.nanstr.size()) - offset,
                            static_cast<int64_t>(o.infstr.size()) + (any_inf_neg || plus_ ? 1 : 0) - offset});
    }
  }

  std::string operator()(double x) const {
    if (!std::isfinite(x)) {
      const std::string ret = std::isnan(x) ? (plus_ ? "+" : "") + o_.nanstr
                                            : (x < 0 ? "-" : plus_ ? "+" : "") + o_.infstr;
      return pad_left(ret, pad_left_ + pad_right_ + 1);
    }
    if (exp_format_) {
      SciParts s = scientific(x, dtype_, precision_, min_digits_);
      if (plus_ && s.sign.empty()) s.sign = "+";
      if (!keep_zeros_) trim_zeros(s.frac, min_digits_);
      return pad_left(s.sign + s.mantissa_int, pad_left_) + "." + s.frac + exponent(s.exp10, exp_size_);
    }
    Parts p = positional(x, dtype_, precision_, min_digits_);
    if (plus_ && p.sign.empty()) p.sign = "+";
    trim_zeros(p.frac, min_digits_);
    std::string frac = p.frac;
    if (static_cast<int64_t>(frac.size()) < pad_right_) frac.append(static_cast<size_t>(pad_right_) - frac.size(), ' ');
    return pad_left(p.sign + p.int_part, pad_left_) + "." + frac;
  }

 private:
  DType dtype_;
  const NumpyPrintOptions& o_;
  bool plus_ = false;
  bool exp_format_ = false, keep_zeros_ = false;
  int precision_ = 8, min_digits_ = 0, exp_size_ = -1;
  int64_t pad_left_ = 0, pad_right_ = 0;
};

// ---------------------------------------------------------------- layout (_formatArray)

struct Layout {
  const Plan& plan;
  const std::vector<std::string>& words;  // the shown elements, formatted, row-major over the plan
  const std::string& separator;
  int64_t line_width;
  size_t cursor = 0;

  static void extend(std::string& s, std::string& line, const std::string& word, int64_t width,
                     const std::string& next_prefix) {
    bool wrap = static_cast<int64_t>(line.size() + word.size()) > width;
    if (line.size() <= next_prefix.size()) wrap = false;  // wrapping would not help
    if (wrap) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      s += line + "\n";
      line = next_prefix;
    }
    line += word;
  }

  std::string rstrip(std::string v) const {
    while (!v.empty() && v.back() == ' ') v.pop_back();
    return v;
  }

  std::string recurse(size_t axis, const std::string& hanging, int64_t width) {
    if (axis == plan.size()) return words[cursor++];
    const std::string next_hanging = hanging + " ";
    const int64_t next_width = width - 1;
    const DimPlan& dp = plan[axis];
    const int64_t shown = dp.count();
    const int64_t axes_left = static_cast<int64_t>(plan.size() - axis);
    std::string s;
    if (axes_left == 1) {
      const int64_t elem_width = width - std::max<int64_t>(static_cast<int64_t>(rstrip(separator).size()), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < shown; ++i) {
        if (i == dp.marker) {
          extend(s, line, "...", elem_width, hanging);
          line += separator;
        }
        const std::string word = recurse(axis + 1, next_hanging, next_width);
        // The last element may use the width the separator would have taken.
        extend(s, line, word, i + 1 == shown ? elem_width : elem_width, hanging);
        if (i + 1 < shown) line += separator;
      }
      if (dp.marker == shown) {
        line += separator;
        extend(s, line, "...", elem_width, hanging);
      }
      s += line;
    } else {
      const std::string line_sep = rstrip(separator) + std::string(static_cast<size_t>(axes_left - 1), '\n');
      for (int64_t i = 0; i < shown; ++i) {
        if (i == dp.marker) s += hanging + "..." + line_sep;
        const std::string nested = recurse(axis + 1, next_hanging, next_width);
        s += hanging + nested;
        if (i + 1 < shown) s += line_sep;
      }
    }
    return "[" + s.substr(hanging.size()) + "]";
  }
};

// The body of array2string: the elements of t laid out, or "[]" when empty.
std::string body(const Tensor& t, const std::string& separator, const std::string& prefix, int64_t line_width) {
  if (t.numel() == 0) return "[]";
  const NumpyPrintOptions& o = numpy_print_options();
  const bool summarize = t.numel() > o.threshold;
  const Plan plan = make_plan(t.sizes(), summarize, o.edgeitems);
  const Tensor shown = compact_on_cpu(t, plan);
  std::vector<char> bytes(static_cast<size_t>(shown.numel() * shown.itemsize()));
  read_bytes(bytes.data(), shown.storage(), 0, static_cast<int64_t>(bytes.size()));
  const Visible vals = widen(bytes.data(), shown.numel(), shown.dtype());
  std::vector<std::string> words;
  switch (vals.kind) {
    case Visible::Kind::Bool:
      for (int64_t v : vals.ints) words.push_back(v ? (t.dim() == 0 ? "True" : " True") : "False");
      break;
    case Visible::Kind::Integer: {
      size_t w = 0;
      const bool u = vals.unsigned_ints;
      for (int64_t v : vals.ints) w = std::max(w, int_text(v, u).size());
      for (int64_t v : vals.ints) words.push_back(pad_left(int_text(v, u), static_cast<int64_t>(w)));
      break;
    }
    case Visible::Kind::Floating: {
      const FloatFormat f(vals.re, t.dtype(), o);
      for (double v : vals.re) words.push_back(f(v));
      break;
    }
    case Visible::Kind::Complex: {
      // ComplexFloatingFormat: the real parts formatted together, the imaginary parts together
      // with sign '+', and the "j" put before the imaginary part's trailing padding.
      const DType part = t.dtype() == DType::Complex64 ? DType::Float32 : DType::Float64;
      const FloatFormat fr(vals.re, part, o), fi(vals.im, part, o, true);
      for (size_t k = 0; k < vals.re.size(); ++k) {
        std::string im = fi(vals.im[k]);
        const size_t end = im.find_last_not_of(' ') + 1;
        im.insert(end, "j");
        words.push_back(fr(vals.re[k]) + im);
      }
      break;
    }
  }
  if (t.dim() == 0) return words[0];
  Layout layout{plan, words, separator, line_width};
  return layout.recurse(0, std::string(1 + prefix.size(), ' '), line_width);
}

bool dtype_implied(DType d) {
  return d == DType::Float64 || d == DType::Int64 || d == DType::Bool || d == DType::Complex128;
}

std::string shape_str(const Shape& s) {
  std::string r = "(";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + (s.size() == 1 ? ",)" : ")");
}

}  // namespace

std::string numpy_array_repr(const Tensor& t, const std::string& class_name) {
  const NumpyPrintOptions& o = numpy_print_options();
  const std::string name = numpy_dtype_name(t.dtype());
  const std::string prefix = class_name + "(";
  const std::string lst = body(t, ", ", prefix, o.linewidth - 1);
  std::vector<std::string> extras;
  if ((t.numel() == 0 && !(t.dim() == 1 && t.size(0) == 0)) || t.numel() > o.threshold)
    extras.push_back("shape=" + shape_str(t.sizes()));
  if (!dtype_implied(t.dtype()) || t.numel() == 0) extras.push_back("dtype=" + name);
  if (extras.empty()) return prefix + lst + ")";
  const std::string arr = prefix + lst + ",";
  std::string extra;
  for (size_t i = 0; i < extras.size(); ++i) extra += (i ? ", " : "") + extras[i];
  extra += ")";
  const size_t nl = arr.rfind('\n');
  const int64_t last_line = static_cast<int64_t>(arr.size() - (nl == std::string::npos ? 0 : nl + 1));
  const std::string spacer =
      last_line + static_cast<int64_t>(extra.size()) + 1 > o.linewidth ? "\n" + std::string(prefix.size(), ' ') : " ";
  return arr + spacer + extra;
}

std::string numpy_array_str(const Tensor& t) {
  (void)numpy_dtype_name(t.dtype());
  if (t.dim() == 0) return numpy_scalar_str(t);  // str of a 0-d array is its element's str
  return body(t, " ", "", numpy_print_options().linewidth);
}

namespace {

// A float scalar as NumPy 2.x writes it: its shortest digits, in scientific notation
// below 1e-4 or from 1e3 (float16), 1e6 (float32), 1e16 (float64) up; "1.0", "1e+16".
std::string scalar_float(double x, DType d) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  const Digits sh = shortest(x, d);
  const double ax = std::fabs(x);
  const double big = d == DType::Float16 ? 1e3 : d == DType::Float32 ? 1e6 : 1e16;
  const std::string sign = std::signbit(x) ? "-" : "";
  if (ax != 0 && (ax >= big || ax < 1e-4)) {
    std::string m = sh.digits.substr(0, 1);
    if (sh.digits.size() > 1) m += "." + sh.digits.substr(1);
    return sign + m + exponent(sh.exp10, 2);
  }
  Parts p = positional(x, d, 400, 0);
  trim_zeros(p.frac, 0);
  return p.sign + p.int_part + "." + (p.frac.empty() ? "0" : p.frac);
}

// A part of a complex scalar as Python's repr shows it inside a complex: the shortest digits of
// the part's precision, scientific below 1e-4 or from 1e16 on, and no ".0" for whole numbers.
std::string complex_part(double x, DType part) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  const Digits sh = shortest(x, part);
  const std::string sign = std::signbit(x) ? "-" : "";
  if (sh.digits == "0") return sign + "0";
  if (sh.exp10 < -4 || sh.exp10 >= 16) {
    std::string m = sh.digits.substr(0, 1);
    if (sh.digits.size() > 1) m += "." + sh.digits.substr(1);
    return sign + m + exponent(sh.exp10, 2);
  }
  Parts p = positional(x, part, 400, 0);
  trim_zeros(p.frac, 0);
  return p.sign + p.int_part + (p.frac.empty() ? "" : "." + p.frac);
}

// str of a complex scalar, as Python's complex repr: "(1+2j)", "2j" when the real part is +0.
std::string scalar_complex(double re, double im, DType d) {
  const DType part = d == DType::Complex64 ? DType::Float32 : DType::Float64;
  std::string i = complex_part(im, part);
  if (i[0] != '-') i = "+" + i;
  if (re == 0 && !std::signbit(re)) return i.substr(i[0] == '+' ? 1 : 0) + "j";
  return "(" + complex_part(re, part) + i + "j)";
}

}  // namespace

std::string numpy_scalar_str(const Tensor& t) {
  (void)numpy_dtype_name(t.dtype());
  std::vector<char> bytes(static_cast<size_t>(t.itemsize()));
  read_bytes(bytes.data(), t.storage(), t.storage_offset() * t.itemsize(), t.itemsize());
  const Visible v = widen(bytes.data(), 1, t.dtype());
  switch (v.kind) {
    case Visible::Kind::Bool: return v.ints[0] ? "True" : "False";
    case Visible::Kind::Integer: return int_text(v.ints[0], v.unsigned_ints);
    case Visible::Kind::Floating: return scalar_float(v.re[0], t.dtype());
    case Visible::Kind::Complex: return scalar_complex(v.re[0], v.im[0], t.dtype());
  }
  return "";
}

std::string numpy_scalar_repr(const Tensor& t) {
  std::string s = numpy_scalar_str(t);
  if (t.dtype() == DType::Bool) return s == "True" ? "np.True_" : "np.False_";
  if (is_complex(t.dtype()) && s.front() == '(') s = s.substr(1, s.size() - 2);  // np.complex128(1+2j)
  return "np." + numpy_dtype_name(t.dtype()) + "(" + s + ")";
}

}  // namespace tsh::format
