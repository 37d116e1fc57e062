// shell/python/format_spec.h — Python's string formatting: format(value, spec) with
// the format-specification mini-language, f-string fields, str.format and
// printf-style `%`, all with Python's results and error messages.
#pragma once

#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// format(v, spec), as an f-string field `{v:spec}` calls it. Ints, bools and
// floats follow the mini-language ([[fill]align][sign][z][#][0][width]
// [grouping][.precision][type]); str, complex likewise; a 0-d tensor formats
// its item (Tensor.__format__); anything else allows only the empty spec.
std::string format_value(Interpreter& in, const Value& v, const std::string& spec);
// format_value for values that need no interpreter (anything but a tensor).
std::string format_plain(const Value& v, const std::string& spec);
// `{v!c}` conversions: 's' str, 'r' repr, 'a' ascii.
std::string convert_field(const Value& v, char conversion);
// ascii(v): repr(v) with non-ASCII characters escaped (\xe9, \u65e5, \U0001f600).
std::string ascii_repr(const Value& v);
// str.format(*args, **kwargs).
std::string str_format(Interpreter& in, const std::string& fmt, const Args& args, const Kwargs& kwargs);

// Strings longer than this are a MemoryError rather than an attempt to
// allocate them (`'a' * 10**12`, `f'{x:10000000000}'`).
constexpr size_t kMaxStringBytes = size_t(1) << 28;
void check_string_size(long double bytes);  // throws MemoryError past kMaxStringBytes

// Code points of a UTF-8 string (Python's len), and its first n code points.
size_t utf8_length(const std::string& s);
std::string utf8_prefix(const std::string& s, size_t n);

}  // namespace tsh::shell
