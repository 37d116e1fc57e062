// shell/python/format_spec.cpp — format(value, spec): Python's format-specification
// mini-language for int, bool, float, complex and str, with CPython's rules
// for defaults, padding, grouping and errors; and the !s/!r/!a conversions.
#include "shell/python/format_spec.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "engine/format/pyrepr.h"
#include "grammar/chars.h"
#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/errors.h"

namespace tsh::shell {

// ---------------------------------------------------------------- strings

size_t utf8_length(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

std::string utf8_prefix(const std::string& s, size_t n) {
  size_t i = 0;
  for (size_t k = 0; k < n && i < s.size(); ++k) {
    size_t len;
    grammar::decode_utf8(s, i, len);
    i += len;
  }
  return s.substr(0, i);
}

void check_string_size(long double bytes) {
  if (bytes > static_cast<long double>(kMaxStringBytes)) throw PyError("MemoryError", "");
}

std::string ascii_repr(const Value& v) {
  const std::string r = repr(v);
  std::string out;
  for (size_t i = 0; i < r.size();) {
    const auto c = static_cast<unsigned char>(r[i]);
    if (c < 0x80) {
      out += r[i++];
      continue;
    }
    size_t len;
    const int32_t cp = grammar::decode_utf8(r, i, len);
    i += len;
    char buf[16];
    const auto u = static_cast<unsigned>(cp < 0 ? c : cp);
    if (u < 0x100) std::snprintf(buf, sizeof buf, "\\x%02x", u);
    else if (u < 0x10000) std::snprintf(buf, sizeof buf, "\\u%04x", u);
    else std::snprintf(buf, sizeof buf, "\\U%08x", u);
    out += buf;
  }
  return out;
}

std::string convert_field(const Value& v, char conversion) {
  switch (conversion) {
    case 'r': return repr(v);
    case 'a': return ascii_repr(v);
    default: return str(v);
  }
}

namespace {

// ---------------------------------------------------------------- the spec

// A parsed [[fill]align][sign][z][#][0][width][grouping][.precision][type].
struct Spec {
  std::string fill = " ";  // one code point
  char align = 0;          // '<', '>', '=', '^', or 0 for the type's default
  char sign = 0;           // '+', '-', ' ' or 0
  bool no_neg_zero = false;  // 'z'
  bool alt = false;          // '#'
  int64_t width = -1;
  char grouping = 0;  // ',' or '_'
  int64_t precision = -1;
  char type = 0;
};

bool is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

// Digits of a width or precision; Python refuses more than fit in its ssize_t.
int64_t read_count(const std::string& s, size_t& pos) {
  int64_t v = 0;
  size_t start = pos;
  while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
    if (v > (INT64_MAX - 9) / 10) throw ValueError("Too many decimal digits in format string");
    v = v * 10 + (s[pos++] - '0');
  }
  return pos == start ? -1 : v;
}

// CPython's parse_internal_render_format_spec. `default_align` is '<' for
// strings and '>' for numbers (a '0' flag then means '=' alignment).
Spec parse_spec(const std::string& s, const std::string& type_name, char default_align, char default_type) {
  Spec f;
  f.type = default_type;
  size_t pos = 0;
  bool fill_given = false, align_given = false;
  size_t first_len = 1;
  if (!s.empty()) grammar::decode_utf8(s, 0, first_len);
  if (s.size() >= first_len + 1 && is_align(s[first_len])) {
    f.fill = s.substr(0, first_len);
    f.align = s[first_len];
    pos = first_len + 1;
    fill_given = align_given = true;
  } else if (!s.empty() && is_align(s[0])) {
    f.align = s[0];
    pos = 1;
    align_given = true;
  }
  if (pos < s.size() && (s[pos] == '+' || s[pos] == '-' || s[pos] == ' ')) f.sign = s[pos++];
  if (pos < s.size() && s[pos] == 'z') f.no_neg_zero = true, ++pos;
  if (pos < s.size() && s[pos] == '#') f.alt = true, ++pos;
  if (!fill_given && pos < s.size() && s[pos] == '0') {
    f.fill = "0";
    if (!align_given && default_align == '>') f.align = '=';
    ++pos;
  }
  f.width = read_count(s, pos);
  if (pos < s.size() && (s[pos] == ',' || s[pos] == '_')) {
    f.grouping = s[pos++];
    if (pos < s.size() && (s[pos] == ',' || s[pos] == '_')) throw ValueError("Cannot specify both ',' and '_'.");
  }
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    f.precision = read_count(s, pos);
    if (f.precision < 0) throw ValueError("Format specifier missing precision");
  }
  if (s.size() - pos > 1)
    throw ValueError("Invalid format specifier '" + s + "' for object of type '" + type_name + "'");
  if (s.size() - pos == 1) f.type = s[pos];
  if (f.grouping) {
    switch (f.type) {
      case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
        break;
      case 'b': case 'o': case 'x': case 'X':
        if (f.grouping == '_') break;
        [[fallthrough]];
      default:
        throw ValueError(std::string("Cannot specify '") + f.grouping + "' with '" + f.type + "'.");
    }
  }
  check_string_size(static_cast<long double>(f.width));
  return f;
}

[[noreturn]] void unknown_code(char type, const std::string& type_name) {
  throw ValueError(std::string("Unknown format code '") + type + "' for object of type '" + type_name + "'");
}

// Pads `body` (already holding sign and digits) to the width.
std::string pad(const std::string& body, const Spec& f, char default_align, size_t prefix_len = 0) {
  const int64_t len = static_cast<int64_t>(utf8_length(body));
  if (f.width <= len) return body;
  const auto n = static_cast<size_t>(f.width - len);
  auto fill = [&](size_t k) {
    std::string out;
    out.reserve(k * f.fill.size());
    for (size_t i = 0; i < k; ++i) out += f.fill;
    return out;
  };
  switch (f.align ? f.align : default_align) {
    case '<': return body + fill(n);
    case '^': return fill(n / 2) + body + fill(n - n / 2);
    case '=': return body.substr(0, prefix_len) + fill(n) + body.substr(prefix_len);
    default: return fill(n) + body;
  }
}

// Inserts separators every `group` digits from the right and, for zero
// padding, leading zeros (grouped too) until the digits fill `min_width`.
std::string group_digits(const std::string& digits, char sep, int group, int64_t min_width) {
  std::string rev;
  int count = 0;
  auto put = [&](char d) {
    if (sep && count > 0 && count % group == 0) rev += sep;
    rev += d;
    ++count;
  };
  for (size_t i = digits.size(); i-- > 0;) put(digits[i]);
  while (static_cast<int64_t>(rev.size()) < min_width) put('0');
  return std::string(rev.rbegin(), rev.rend());
}

// sign + prefix + digits + rest, padded: zero padding (fill '0', align '=')
// pads the digits themselves, so that grouping covers the zeros.
std::string layout_number(const std::string& sign, const std::string& prefix, const std::string& digits,
                          const std::string& rest, const Spec& f, int group) {
  const std::string head = sign + prefix;
  if (f.fill == "0" && f.align == '=') {
    const int64_t min_width = f.width - static_cast<int64_t>(head.size() + rest.size());
    return head + group_digits(digits, f.grouping, group, min_width) + rest;
  }
  return pad(head + group_digits(digits, f.grouping, group, 0) + rest, f, '>', head.size());
}

std::string sign_of(bool negative, const Spec& f) {
  if (negative) return "-";
  if (f.sign == '+') return "+";
  if (f.sign == ' ') return " ";
  return "";
}

// ---------------------------------------------------------------- floats

std::string printf_double(const char* fmt, int precision, double x) {
  // %.*f and %.*e: std::to_chars writes what printf would ("as if by printf in the C locale"),
  // correctly rounded, at a tenth of glibc's cost (f"{x:.2f}" in a loop spent 58% in snprintf).
  const bool fixed = std::strcmp(fmt, "%.*f") == 0, scientific = std::strcmp(fmt, "%.*e") == 0;
  if (fixed || scientific) {
    char buf[400];
    const auto [end, err] = std::to_chars(buf, buf + sizeof buf, x,
                                          fixed ? std::chars_format::fixed : std::chars_format::scientific, precision);
    if (err == std::errc()) return std::string(buf, end);
  }
  const int n = std::snprintf(nullptr, 0, fmt, precision, x);
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), fmt, precision, x);
  out.resize(static_cast<size_t>(n));
  return out;
}

// The digits of |x| in Python's format for `type` (e, f, g, r = repr, with
// `add_dot_0` for the spec without a type), without sign.
std::string float_body(double x, char type, int64_t precision, bool alt, bool add_dot_0) {
  const int p = static_cast<int>(precision);
  switch (type) {
    case 'e': return printf_double(alt ? "%#.*e" : "%.*e", p, x);
    case 'f': return printf_double(alt ? "%#.*f" : "%.*f", p, x);
    case 'r': {
      std::string r = format::float_repr(x);
      if (!add_dot_0 && r.size() > 2 && r.compare(r.size() - 2, 2, ".0") == 0) r.resize(r.size() - 2);
      if (alt && r.find('.') == std::string::npos) {
        const size_t e = r.find('e');
        r.insert(e == std::string::npos ? r.size() : e, ".");
      }
      return r;
    }
    default: {  // 'g'
      const int digits = p == 0 ? 1 : p;
      // The value rounded to `digits` significant digits, and its exponent.
      const std::string e = printf_double("%.*e", digits - 1, x);
      const size_t epos = e.find('e');
      const int exp = std::atoi(e.c_str() + epos + 1);
      std::string mant;
      for (size_t i = 0; i < epos; ++i)
        if (e[i] != '.') mant += e[i];
      if (!alt)
        while (mant.size() > 1 && mant.back() == '0') mant.pop_back();
      else
        mant.resize(static_cast<size_t>(digits), '0');
      const int decpt = exp + 1;
      const bool use_exp = decpt <= -4 || decpt > (add_dot_0 ? digits - 1 : digits);
      std::string out;
      if (use_exp) {
        out = mant.substr(0, 1);
        if (mant.size() > 1 || alt) out += "." + mant.substr(1);
        char buf[16];
        std::snprintf(buf, sizeof buf, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
        return out + buf;
      }
      if (decpt <= 0) {
        out = "0." + std::string(static_cast<size_t>(-decpt), '0') + mant;
      } else if (static_cast<size_t>(decpt) >= mant.size()) {
        out = mant + std::string(static_cast<size_t>(decpt) - mant.size(), '0');
        if (alt) out += ".";
      } else {
        out = mant.substr(0, static_cast<size_t>(decpt)) + "." + mant.substr(static_cast<size_t>(decpt));
      }
      if (add_dot_0 && out.find('.') == std::string::npos) out += ".0";
      return out;
    }
  }
}

std::string format_float(double x, const Spec& in_spec, const std::string& type_name) {
  Spec f = in_spec;
  char type = f.type;
  bool add_dot_0 = false;
  switch (type) {
    case 0:
      add_dot_0 = true;
      type = f.precision < 0 ? 'r' : 'g';
      break;
    case 'n': type = 'g'; break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': break;
    default: unknown_code(type, type_name);
  }
  const bool upper = type == 'E' || type == 'F' || type == 'G';
  char base = static_cast<char>(upper ? type - 'A' + 'a' : type);
  int64_t precision = f.precision < 0 ? 6 : f.precision;
  check_string_size(static_cast<long double>(precision));
  const bool negative = !std::isnan(x) && std::signbit(x);
  double a = std::fabs(x);
  std::string body, suffix;
  if (base == '%') {
    a *= 100;
    base = 'f';
    suffix = "%";
  }
  if (std::isinf(a) || std::isnan(a)) {
    body = std::isinf(a) ? "inf" : "nan";
    f.grouping = 0;  // zero padding applies, separators do not
  } else {
    body = float_body(a, base, precision, f.alt, add_dot_0);
  }
  if (upper)
    for (char& c : body) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  bool neg = negative;
  if (neg && f.no_neg_zero) {
    // 'z': a negative value that rounds to zero prints as zero.
    bool zero = true;
    for (char c : body.substr(0, body.find_first_of("eE")))
      if (c >= '1' && c <= '9') zero = false;
    if (zero && body != "inf" && body != "INF") neg = false;
  }
  // The integer part is what grouping and zero padding apply to.
  size_t int_end = 0;
  while (int_end < body.size() && body[int_end] >= '0' && body[int_end] <= '9') ++int_end;
  if (int_end == 0) int_end = body.size();  // inf, nan
  return layout_number(sign_of(neg, f), "", body.substr(0, int_end), body.substr(int_end) + suffix, f, 3);
}

// ---------------------------------------------------------------- ints

std::string int_digits(const Value& v, int base, bool upper) {
  const Value mag = int_abs(v);
  std::string digits = base == 10 ? int_to_string(mag) : int_to_radix(mag, base, "");
  if (upper)
    for (char& c : digits) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return digits;
}

std::string format_int(const Value& v, const Spec& f, const std::string& type_name) {
  switch (f.type) {
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
      return format_float(v.as_float(), f, type_name);
    case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n': case 0:
      break;
    default: unknown_code(f.type, type_name);
  }
  if (f.precision >= 0) throw ValueError("Precision not allowed in integer format specifier");
  if (f.no_neg_zero) throw ValueError("Negative zero coercion (z) not allowed in integer format specifier");
  if (f.type == 'c') {
    if (f.sign) throw ValueError("Sign not allowed with integer format specifier 'c'");
    if (f.alt) throw ValueError("Alternate form (#) not allowed with integer format specifier 'c'");
    if (v.as_int() < 0 || v.as_int() > 0x10FFFF) throw OverflowError("%c arg not in range(0x110000)");
    std::string ch;
    grammar::append_utf8(ch, static_cast<uint32_t>(v.as_int()));
    return pad(ch, f, '>');
  }
  int base = 10, group = 3;
  std::string prefix;
  switch (f.type) {
    case 'b': base = 2, group = 4, prefix = "0b"; break;
    case 'o': base = 8, group = 4, prefix = "0o"; break;
    case 'x': base = 16, group = 4, prefix = "0x"; break;
    case 'X': base = 16, group = 4, prefix = "0X"; break;
    default: break;
  }
  if (!f.alt) prefix.clear();
  return layout_number(sign_of(int_compare(v, Value::integer(0)) < 0, f), prefix, int_digits(v, base, f.type == 'X'),
                       "", f, group);
}

// ---------------------------------------------------------------- others

std::string format_str(const std::string& s, const Spec& f) {
  if (f.type != 's') unknown_code(f.type, "str");
  if (f.sign == ' ') throw ValueError("Space not allowed in string format specifier");
  if (f.sign) throw ValueError("Sign not allowed in string format specifier");
  if (f.no_neg_zero) throw ValueError("Negative zero coercion (z) not allowed in string format specifier");
  if (f.alt) throw ValueError("Alternate form (#) not allowed in string format specifier");
  if (f.align == '=') throw ValueError("'=' alignment not allowed in string format specifier");
  const std::string body = f.precision >= 0 ? utf8_prefix(s, static_cast<size_t>(f.precision)) : s;
  return pad(body, f, '<');
}

std::string format_complex(std::complex<double> c, const Spec& in_spec) {
  Spec f = in_spec;
  switch (f.type) {
    case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': break;
    default: unknown_code(f.type, "complex");
  }
  if (f.fill == "0") throw ValueError("Zero padding is not allowed in complex format specifier");
  if (f.align == '=') throw ValueError("'=' alignment flag is not allowed in complex format specifier");
  const bool bare = f.type == 0;
  const bool skip_re = bare && c.real() == 0 && !std::signbit(c.real());
  Spec part;
  part.type = f.type == 0 ? (f.precision < 0 ? 'r' : 'g') : f.type;
  part.precision = f.precision;
  part.alt = f.alt;
  part.grouping = f.grouping;
  part.no_neg_zero = f.no_neg_zero;
  auto one = [&](double x, char sign) {
    Spec p = part;
    p.sign = sign;
    if (p.type == 'r') {
      const std::string r = float_body(std::fabs(x), 'r', -1, p.alt, false);
      return sign_of(!std::isnan(x) && std::signbit(x), p) + r;
    }
    return format_float(x, p, "complex");
  };
  std::string body;
  if (!skip_re) body = one(c.real(), f.sign);
  body += one(c.imag(), skip_re ? f.sign : '+') + "j";
  if (bare && !skip_re) body = "(" + body + ")";
  return pad(body, f, '>');
}

}  // namespace

std::string format_value(Interpreter& in, const Value& v, const std::string& spec) {
  if (v.is(Kind::Instance))
    if (std::optional<std::string> s = v.as<InstanceObj>()->format(in, v, spec)) return *s;
  // Tensor.__format__: a 0-d tensor formats as its Python number.
  if (v.is(Kind::Tensor) && v.as_tensor().dim() == 0) {
    Args none;
    Kwargs no_kw;
    return format_plain(in.call(in.get_attr(v, "item"), none, no_kw), spec);
  }
  return format_plain(v, spec);
}

std::string format_plain(const Value& v, const std::string& spec) {
  switch (v.kind()) {
    case Kind::Bool:
    case Kind::Int: {
      if (spec.empty()) return str(v);
      const std::string type = type_name(v);
      return format_int(v.is(Kind::Bool) ? Value::integer(v.as_int()) : v, parse_spec(spec, type, '>', 'd'), type);
    }
    case Kind::Float:
      if (spec.empty()) return str(v);
      return format_float(v.as_float(), parse_spec(spec, "float", '>', 0), "float");
    case Kind::Complex:
      if (spec.empty()) return str(v);
      return format_complex(v.as_complex(), parse_spec(spec, "complex", '>', 0));
    case Kind::Str:
      if (spec.empty()) return v.as_str();
      return format_str(v.as_str(), parse_spec(spec, "str", '<', 's'));
    default:
      if (!spec.empty())
        throw TypeError("unsupported format string passed to " + type_name(v) + ".__format__");
      return str(v);
  }
}

}  // namespace tsh::shell
