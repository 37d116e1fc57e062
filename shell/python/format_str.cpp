// shell/python/format_str.cpp — str.format() (replacement fields with indexes,
// names, attribute and item access, conversions and nested specs) and
// printf-style `fmt % args`, with Python's error messages.
#include <cmath>

#include "engine/ops/host_values.h"
#include "engine/core/dtype.h"
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/bigint.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/python/format_spec.h"
#include "shell/python/pyops.h"

namespace tsh::shell {

namespace {

// ---------------------------------------------------------------- str.format

// Automatic ({}) and manual ({0}) field numbering must not be mixed.
struct AutoNumber {
  enum { Unknown, Auto, Manual } state = Unknown;
  Int next = 0;
};

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

Int to_index(const std::string& s) {
  Int v = 0;
  for (char c : s) v = checked_int(v * 10 + (c - '0'));
  return v;
}

class Formatter {
 public:
  Formatter(Interpreter& in, const Args& args, const Kwargs& kwargs) : in_(in), args_(args), kwargs_(kwargs) {}

  // CPython's MarkupIterator: literal text up to a brace, then one field.
  std::string render(const std::string& fmt, int depth) {
    if (depth <= 0) throw ValueError("Max string recursion exceeded");
    std::string out;
    size_t i = 0;
    while (i < fmt.size()) {
      const char c = fmt[i++];
      if (c != '{' && c != '}') {
        out += c;
        continue;
      }
      const bool at_end = i >= fmt.size();
      if (c == '}' && (at_end || fmt[i] != '}')) throw ValueError("Single '}' encountered in format string");
      if (c == '{' && at_end) throw ValueError("Single '{' encountered in format string");
      if (fmt[i] == c) {  // a doubled brace is one literal brace
        out += c;
        ++i;
        continue;
      }
      Field f = parse_field(fmt, i);
      out += render_field(f, depth);
      check_string_size(static_cast<long double>(out.size()));
    }
    return out;
  }

 private:
  Interpreter& in_;
  const Args& args_;
  const Kwargs& kwargs_;
  AutoNumber numbering_;

  struct Field {
    std::string name, spec;
    char conversion = 0;
    bool spec_needs_expanding = false;
  };

  // CPython's parse_field: reads `name[!c][:spec]}` from fmt[pos].
  static Field parse_field(const std::string& fmt, size_t& pos) {
    Field f;
    const size_t start = pos;
    char c = 0;
    while (pos < fmt.size()) {
      c = fmt[pos++];
      if (c == '{') throw ValueError("unexpected '{' in field name");
      if (c == '[') {
        while (pos < fmt.size() && fmt[pos] != ']') ++pos;
        c = 0;
        continue;
      }
      if (c == '}' || c == ':' || c == '!') break;
      c = 0;
    }
    if (c != '}' && c != ':' && c != '!') throw ValueError("expected '}' before end of string");
    f.name = fmt.substr(start, pos - 1 - start);
    if (c == '}') return f;
    if (c == '!') {
      if (pos >= fmt.size()) throw ValueError("end of string while looking for conversion specifier");
      f.conversion = fmt[pos++];
      if (pos < fmt.size()) {
        const char next = fmt[pos++];
        if (next == '}') return f;
        if (next != ':') throw ValueError("expected ':' after conversion specifier");
      }
    }
    const size_t spec_start = pos;
    int count = 1;
    while (pos < fmt.size()) {
      const char ch = fmt[pos++];
      if (ch == '{') {
        f.spec_needs_expanding = true;
        ++count;
      } else if (ch == '}' && --count == 0) {
        f.spec = fmt.substr(spec_start, pos - 1 - spec_start);
        return f;
      }
    }
    throw ValueError("unmatched '{' in format spec");
  }

  std::string render_field(const Field& f, int depth) {
    Value v = lookup(f.name);
    if (f.conversion) {
      if (f.conversion != 'r' && f.conversion != 's' && f.conversion != 'a')
        throw ValueError(std::string("Unknown conversion specifier ") + f.conversion);
      v = Value::str(convert_field(v, f.conversion));
    }
    const std::string spec = f.spec_needs_expanding ? render(f.spec, depth - 1) : f.spec;
    return format_value(in_, v, spec);
  }

  Value positional(Int index) {
    if (index >= static_cast<Int>(args_.size()))
      throw IndexError("Replacement index " + repr(Value::integer(index)) +
                       " out of range for positional args tuple");
    return args_[static_cast<size_t>(index)];
  }

  Value lookup(const std::string& name) {
    size_t k = 0;
    while (k < name.size() && name[k] != '.' && name[k] != '[') ++k;
    const std::string first = name.substr(0, k);
    Value v;
    if (first.empty() || all_digits(first)) {
      const bool automatic = first.empty();
      if (automatic) {
        if (numbering_.state == AutoNumber::Manual)
          throw ValueError("cannot switch from manual field specification to automatic field numbering");
        numbering_.state = AutoNumber::Auto;
        v = positional(numbering_.next++);
      } else {
        if (numbering_.state == AutoNumber::Auto)
          throw ValueError("cannot switch from automatic field numbering to manual field specification");
        numbering_.state = AutoNumber::Manual;
        v = positional(to_index(first));
      }
    } else {
      bool found = false;
      for (auto& [key, value] : kwargs_)
        if (key == first) v = value, found = true;
      if (!found) throw RaisedError(make_exception("KeyError", {Value::str(first)}));
    }
    // .attribute and [key] accessors.
    while (k < name.size()) {
      if (name[k] == '.') {
        size_t e = k + 1;
        while (e < name.size() && name[e] != '.' && name[e] != '[') ++e;
        const std::string attr = name.substr(k + 1, e - k - 1);
        if (attr.empty()) throw ValueError("Empty attribute in format string");
        v = in_.get_attr(v, attr);
        k = e;
      } else if (name[k] == '[') {
        const size_t close = name.find(']', k);
        if (close == std::string::npos) throw ValueError("Missing ']' in format string");
        const std::string key = name.substr(k + 1, close - k - 1);
        if (key.empty()) throw ValueError("Empty attribute in format string");
        v = in_.eval_subscript(v, all_digits(key) ? Value::integer(to_index(key)) : Value::str(key));
        k = close + 1;
        if (k < name.size() && name[k] != '.' && name[k] != '[')
          throw ValueError("Only '.' or '[' may follow ']' in format field specifier");
      } else {
        break;
      }
    }
    return v;
  }
};

// ---------------------------------------------------------------- % formatting

// A Python number for %d / %f from a one-element tensor (its __index__ / __float__).
Value tensor_number(const Value& v) {
  const Tensor& t = v.as_tensor();
  if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
  Value out = Value::number(item(t));
  return out;
}

Value to_int_for_d(const Value& v) {
  Value x = v.is(Kind::Tensor) ? tensor_number(v) : v;
  if (x.is(Kind::Bool)) return Value::integer(x.as_int());
  if (x.is(Kind::Int)) return x;
  if (x.is(Kind::Float)) return int_from_double(x.as_float());
  throw TypeError("%d format: a real number is required, not " + type_name(x));
}

}  // namespace

std::string str_format(Interpreter& in, const std::string& fmt, const Args& args, const Kwargs& kwargs) {
  Formatter f(in, args, kwargs);
  return f.render(fmt, 2);
}

std::string percent_format(const std::string& fmt, const Value& args) {
  const bool is_tuple = args.is(Kind::Tuple);
  // A mapping argument (anything with __getitem__ but a tuple or str) feeds %(name)s.
  const bool mapping = !is_tuple && (args.is(Kind::Dict) || args.is(Kind::List) || args.is(Kind::Tensor));
  // CPython's argument cursor: a tuple is consumed item by item; any other
  // value (and a %(key) lookup's result) counts as one argument.
  Value current = args;
  Int arglen = is_tuple ? static_cast<Int>(args.items().size()) : -1;
  Int argidx = is_tuple ? 0 : -2;
  auto take = [&]() -> Value {
    if (argidx >= arglen) throw TypeError("not enough arguments for format string");
    const Int i = argidx++;
    return arglen < 0 ? current : current.items()[static_cast<size_t>(i)];
  };
  std::string out;
  size_t i = 0;
  while (i < fmt.size()) {
    if (fmt[i] != '%') {
      out += fmt[i++];
      continue;
    }
    const size_t start = i++;
    if (i >= fmt.size()) throw ValueError("incomplete format");
    if (fmt[i] == '(') {
      if (!args.is(Kind::Dict)) throw TypeError("format requires a mapping");
      int level = 1;
      size_t j = ++i;
      while (j < fmt.size() && level > 0) {
        if (fmt[j] == '(') ++level;
        else if (fmt[j] == ')') --level;
        ++j;
      }
      if (level > 0) throw ValueError("incomplete format key");
      const Value key = Value::str(fmt.substr(i, j - 1 - i));
      Value* found = dict_of(args).find(key);
      if (!found) key_error(key);
      current = *found;
      arglen = -1;
      argidx = -2;
      i = j;
    }
    bool left = false, plus = false, space = false, alt = false, zero = false;
    for (; i < fmt.size(); ++i) {
      const char c = fmt[i];
      if (c == '-') left = true;
      else if (c == '+') plus = true;
      else if (c == ' ') space = true;
      else if (c == '#') alt = true;
      else if (c == '0') zero = true;
      else break;
    }
    auto star = [&]() -> int64_t {
      Value w = take();
      if (!w.is_intlike()) throw TypeError("* wants int");
      const Int n = w.as_int();
      check_string_size(static_cast<long double>(n < 0 ? -n : n));
      return static_cast<int64_t>(n);
    };
    int64_t width = -1, precision = -1;
    if (i < fmt.size() && fmt[i] == '*') {
      width = star();
      if (width < 0) left = true, width = -width;
      ++i;
    } else {
      while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
        width = std::max<int64_t>(width, 0) * 10 + (fmt[i++] - '0');
        check_string_size(static_cast<long double>(width));
      }
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      precision = 0;
      if (i < fmt.size() && fmt[i] == '*') {
        precision = std::max<int64_t>(star(), 0);
        ++i;
      } else {
        while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
          precision = precision * 10 + (fmt[i++] - '0');
          check_string_size(static_cast<long double>(precision));
        }
      }
    }
    while (i < fmt.size() && (fmt[i] == 'h' || fmt[i] == 'l' || fmt[i] == 'L')) ++i;
    if (i >= fmt.size()) throw ValueError("incomplete format");
    const char conv = fmt[i++];
    if (conv == '%' && i - start == 2) {
      out += '%';
      continue;
    }
    // The spec the conversion maps to in format()'s mini-language.
    std::string spec;
    if (left) spec += '<';
    else if (zero && conv != 's' && conv != 'r' && conv != 'a' && conv != 'c') spec += "0=";
    else spec += '>';
    if (plus) spec += '+';
    else if (space) spec += ' ';
    if (alt) spec += '#';
    if (width >= 0) spec += std::to_string(width);
    // Text conversions take only the width and the '-' flag.
    const std::string text_spec = (left ? "<" : ">") + (width >= 0 ? std::to_string(width) : "");
    std::string piece;
    switch (conv) {
      case 's': case 'r': case 'a': {
        const Value v = take();
        std::string s = conv == 's' ? str(v) : conv == 'r' ? repr(v) : ascii_repr(v);
        if (precision >= 0) s = utf8_prefix(s, static_cast<size_t>(precision));
        piece = format_plain(Value::str(s), text_spec);
        break;
      }
      case 'd': case 'i': case 'u': {
        const Value n = to_int_for_d(take());
        const bool negative = int_compare(n, Value::integer(0)) < 0;
        if (precision > 0) {  // C's minimum number of digits
          std::string digits = int_to_string(int_abs(n));
          if (static_cast<int64_t>(digits.size()) < precision)
            digits.insert(0, static_cast<size_t>(precision) - digits.size(), '0');
          piece = format_plain(Value::str((negative ? "-" : plus ? "+" : space ? " " : "") + digits), text_spec);
        } else {
          piece = format_plain(n, spec + "d");
        }
        break;
      }
      case 'x': case 'X': case 'o': {
        Value v = take();
        if (v.is(Kind::Tensor)) v = tensor_number(v);
        if (!v.is_intlike())
          throw TypeError(std::string("%") + conv + " format: an integer is required, not " + type_name(v));
        piece = format_plain(v.is(Kind::Bool) ? Value::integer(v.as_int()) : v, spec + conv);
        break;
      }
      case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
        Value v = take();
        if (v.is(Kind::Tensor)) v = tensor_number(v);
        if (!(v.is_intlike() || v.is(Kind::Float))) throw TypeError("must be real number, not " + type_name(v));
        piece = format_plain(Value::floating(v.as_float()),
                             spec + "." + std::to_string(precision < 0 ? 6 : precision) + conv);
        break;
      }
      case 'c': {
        Value v = take();
        if (v.is(Kind::Str)) {
          if (utf8_length(v.as_str()) != 1) throw TypeError("%c requires int or char");
          piece = format_plain(v, text_spec);
        } else if (v.is_intlike()) {
          piece = format_plain(v, text_spec + "c");
        } else {
          throw TypeError("%c requires int or char");
        }
        break;
      }
      default: {
        char buf[96];
        std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv,
                      static_cast<unsigned>(static_cast<unsigned char>(conv)), i - 1);
        throw ValueError(buf);
      }
    }
    out += piece;
    check_string_size(static_cast<long double>(out.size()));
  }
  if (argidx < arglen && !mapping) throw TypeError("not all arguments converted during string formatting");
  return out;
}

}  // namespace tsh::shell
