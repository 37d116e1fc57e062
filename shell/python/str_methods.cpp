// shell/python/str_methods.cpp — the methods of Python's str that lessons use
// (upper, strip, split, join, replace, find, center, zfill, format, ...),
// with Python's argument checking and error messages. Strings are UTF-8;
// widths, counts and indexes are in code points, as in Python.
#include <algorithm>
#include <cstring>

#include "shell/interp.h"
#include "shell/python/bytes.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/methods.h"
#include "shell/python/pyops.h"
#include "shell/python/unicode.h"

namespace tsh::shell {

// (a method's name against "..."sv: a length that differs answers at once, with no strlen)
using namespace std::string_view_literals;

namespace {

const char* const kSpace = " \t\n\r\v\f\x1c\x1d\x1e\x1f";

bool is_space(char c) { return std::strchr(kSpace, c) != nullptr && c != '\0'; }

const std::string& str_arg(const Value& v, const std::string& what) {
  if (!v.is(Kind::Str)) throw TypeError(what + ", not " + type_name(v));
  return v.as_str();
}

// The byte offset of code point `cp` (clamped to the string).
size_t byte_at(const std::string& s, Int cp) {
  size_t i = 0;
  for (Int k = 0; k < cp && i < s.size(); ++k) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

// Python's start/end arguments of find, count, startswith ...: slice bounds in code points.
std::pair<size_t, size_t> bounds(const std::string& s, const Args& a, size_t first) {
  const Int n = static_cast<Int>(utf8_length(s));
  auto clamp = [&](size_t i, Int dflt) -> Int {
    if (i >= a.size() || a[i].is_none()) return dflt;
    if (!a[i].is_intlike())
      throw TypeError("slice indices must be integers or None or have an __index__ method");
    Int v = a[i].as_int();
    if (v < 0) v += n;
    return std::clamp<Int>(v, 0, n);
  };
  const Int start = clamp(first, 0), end = clamp(first + 1, n);
  return {byte_at(s, start), byte_at(s, std::max(start, end))};
}

Value code_point_index(const std::string& s, size_t byte) {
  return Value::integer(static_cast<Int>(utf8_length(s.substr(0, byte))));
}

std::string strip(const std::string& s, const Args& a, bool left, bool right, const char* name) {
  std::string chars = kSpace;
  if (!a.empty() && !a[0].is_none())
    chars = str_arg(a[0], std::string(name) + " arg must be None or str");
  size_t b = 0, e = s.size();
  auto in = [&](char c) { return chars.find(c) != std::string::npos; };
  if (left)
    while (b < e && in(s[b])) ++b;
  if (right)
    while (e > b && in(s[e - 1])) --e;
  return s.substr(b, e - b);
}

std::vector<Value> split(const std::string& s, const Value& sep_v, Int maxsplit, bool from_right) {
  std::vector<std::string> parts;
  if (sep_v.is_none()) {
    // Runs of whitespace separate; leading and trailing whitespace is dropped.
    if (!from_right) {
      size_t i = 0;
      while (true) {
        while (i < s.size() && is_space(s[i])) ++i;
        if (i >= s.size()) break;
        if (maxsplit >= 0 && static_cast<Int>(parts.size()) == maxsplit) {
          size_t e = s.size();
          while (e > i && is_space(s[e - 1])) --e;
          parts.push_back(s.substr(i, e - i));
          break;
        }
        size_t j = i;
        while (j < s.size() && !is_space(s[j])) ++j;
        parts.push_back(s.substr(i, j - i));
        i = j;
      }
    } else {
      size_t e = s.size();
      while (true) {
        while (e > 0 && is_space(s[e - 1])) --e;
        if (e == 0) break;
        if (maxsplit >= 0 && static_cast<Int>(parts.size()) == maxsplit) {
          size_t b = 0;
          while (b < e && is_space(s[b])) ++b;
          parts.push_back(s.substr(b, e - b));
          break;
        }
        size_t b = e;
        while (b > 0 && !is_space(s[b - 1])) --b;
        parts.push_back(s.substr(b, e - b));
        e = b;
      }
      std::reverse(parts.begin(), parts.end());
    }
  } else {
    const std::string& sep = str_arg(sep_v, "must be str or None");
    if (sep.empty()) throw ValueError("empty separator");
    if (!from_right) {
      size_t i = 0, j;
      while ((maxsplit < 0 || static_cast<Int>(parts.size()) < maxsplit) && (j = s.find(sep, i)) != std::string::npos) {
        parts.push_back(s.substr(i, j - i));
        i = j + sep.size();
      }
      parts.push_back(s.substr(i));
    } else {
      size_t e = s.size();
      while (maxsplit < 0 || static_cast<Int>(parts.size()) < maxsplit) {
        if (e < sep.size()) break;
        const size_t j = s.rfind(sep, e - sep.size());
        if (j == std::string::npos) break;
        parts.push_back(s.substr(j + sep.size(), e - j - sep.size()));
        e = j;
      }
      parts.push_back(s.substr(0, e));
      std::reverse(parts.begin(), parts.end());
    }
  }
  std::vector<Value> out;
  out.reserve(parts.size());
  for (auto& p : parts) out.push_back(Value::str(std::move(p)));
  return out;
}

// split(sep=None, maxsplit=-1), with keywords.
std::pair<Value, Int> split_args(const char* name, const Args& a, const Kwargs& kw) {
  if (a.size() > 2)
    throw TypeError(std::string(name) + " expected at most 2 arguments, got " + std::to_string(a.size()));
  Value sep = a.size() > 0 ? a[0] : Value();
  Value maxsplit = a.size() > 1 ? a[1] : Value::integer(-1);
  for (auto& [k, v] : kw) {
    if (k == "sep") sep = v;
    else if (k == "maxsplit") maxsplit = v;
    else throw TypeError(std::string(name) + "() got an unexpected keyword argument '" + k + "'");
  }
  if (!maxsplit.is_intlike())
    throw TypeError("'" + type_name(maxsplit) + "' object cannot be interpreted as an integer");
  return {sep, maxsplit.as_int()};
}

std::string justify(const std::string& s, const Args& a, const char* name, char how) {
  if (!a[0].is_intlike())
    throw TypeError("'" + type_name(a[0]) + "' object cannot be interpreted as an integer");
  std::string fill = " ";
  if (a.size() > 1) {
    if (!a[1].is(Kind::Str))
      throw TypeError(std::string(name) + "() argument 2 must be str, not " + type_name(a[1]));
    fill = a[1].as_str();
    if (utf8_length(fill) != 1) throw TypeError("The fill character must be exactly one character long");
  }
  if (a[0].as_int() > INT64_MAX || a[0].as_int() < INT64_MIN)
    throw OverflowError("Python int too large to convert to C ssize_t");
  const Int width = a[0].as_int(), len = static_cast<Int>(utf8_length(s));
  if (width <= len) return s;
  check_string_size(static_cast<long double>(width) * static_cast<long double>(fill.size()));
  const auto pad = static_cast<size_t>(width - len);
  // str.center puts the odd fill character left when the width is odd.
  size_t left = how == '<' ? 0 : how == '>' ? pad : pad / 2 + (pad & static_cast<size_t>(width) & 1);
  auto rep = [&](size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i) out += fill;
    return out;
  };
  return rep(left) + s + rep(pad - left);
}

bool starts_or_ends(const std::string& s, const Args& a, bool starts, const char* name) {
  auto [b, e] = bounds(s, a, 1);
  const std::string_view view(s.data() + b, e - b);
  auto test = [&](const std::string& p) {
    if (p.size() > view.size()) return false;
    return starts ? view.substr(0, p.size()) == p : view.substr(view.size() - p.size()) == p;
  };
  if (a[0].is(Kind::Tuple)) {
    for (const Value& p : a[0].items()) {
      if (!p.is(Kind::Str))
        throw TypeError("tuple for " + std::string(name) + " must only contain str, not " + type_name(p));
      if (test(p.as_str())) return true;
    }
    return false;
  }
  if (!a[0].is(Kind::Str))
    throw TypeError(std::string(name) + " first arg must be str or a tuple of str, not " + type_name(a[0]));
  return test(a[0].as_str());
}

template <class Pred>
bool all_chars(const std::vector<uint32_t>& s, Pred p) {
  if (s.empty()) return false;
  for (uint32_t c : s)
    if (!p(c)) return false;
  return true;
}

}  // namespace

Value str_attr(const Value& obj, const std::string& name, MethodCall* call) {
  MethodTable t(obj, "str", call);
  if (name == "upper"sv || name == "lower"sv || name == "swapcase"sv || name == "casefold"sv) {
    enum class Case { Upper, Lower, Swap, Fold };
    const Case mode = name == "upper"sv ? Case::Upper : name == "lower"sv ? Case::Lower
                      : name == "swapcase"sv ? Case::Swap : Case::Fold;
    return t.noargs(name, [mode](Interpreter&, const Value& self, Args&, Kwargs&) {
      const std::string& x = self.as_str();
      if (std::all_of(x.begin(), x.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; })) {
        // ASCII text: its letters' cases are A-Z and a-z, and every other byte stays.
        std::string out = x;
        for (char& ch : out) {
          const bool up = ch >= 'A' && ch <= 'Z', low = ch >= 'a' && ch <= 'z';
          if ((up && mode != Case::Upper) || (low && (mode == Case::Upper || mode == Case::Swap))) ch ^= 0x20;
        }
        return Value::str(std::move(out));
      }
      std::vector<uint32_t> out;
      for (uint32_t c : decode(x)) {
        if (c == 0xDF && mode != Case::Lower) {  // ß: Python's full mappings, "SS" (casefold: "ss")
          out.insert(out.end(), 2, mode == Case::Fold ? 's' : 'S');
          continue;
        }
        if (mode == Case::Upper) out.push_back(to_upper(c));
        else if (mode == Case::Swap) out.push_back(is_upper(c) ? to_lower(c) : to_upper(c));
        else out.push_back(to_lower(c));
      }
      return Value::str(encode(out));
    });
  }
  if (name == "title"sv || name == "capitalize"sv)
    return t.noargs(name, [name](Interpreter&, const Value& self, Args&, Kwargs&) {
      std::vector<uint32_t> cps = decode(self.as_str());
      bool start = true;
      for (size_t i = 0; i < cps.size(); ++i) {
        const uint32_t c = cps[i];
        if (name == "capitalize"sv) {
          cps[i] = i == 0 ? to_upper(c) : to_lower(c);
          continue;
        }
        cps[i] = start ? to_upper(c) : to_lower(c);
        start = !(is_alpha(c) || is_upper(c) || is_lower(c));  // a word is a run of cased letters
      }
      return Value::str(encode(cps));
    });
  if (name == "isdigit"sv || name == "isdecimal"sv || name == "isnumeric"sv || name == "isalpha"sv || name == "isalnum"sv ||
      name == "isspace"sv || name == "isupper"sv || name == "islower"sv)
    return t.noargs(name, [name](Interpreter&, const Value& self, Args&, Kwargs&) {
      const std::vector<uint32_t> x = decode(self.as_str());
      if (name == "isspace"sv) return Value::boolean(all_chars(x, [](uint32_t c) { return shell::is_space(c); }));
      if (name == "isalpha"sv) return Value::boolean(all_chars(x, [](uint32_t c) { return is_alpha(c); }));
      if (name == "isalnum"sv) return Value::boolean(all_chars(x, [](uint32_t c) { return is_alpha(c) || is_digit(c); }));
      if (name == "isupper"sv || name == "islower"sv) {
        bool cased = false, ok = true;
        for (uint32_t c : x) {
          if (is_upper(c)) cased = true, ok = ok && name == "isupper"sv;
          if (is_lower(c)) cased = true, ok = ok && name == "islower"sv;
        }
        return Value::boolean(cased && ok);
      }
      return Value::boolean(all_chars(x, [](uint32_t c) { return is_digit(c); }));
    });
  if (name == "strip"sv || name == "lstrip"sv || name == "rstrip"sv)
    return t.fast(name, 0, 1, [name](Interpreter&, const Value& self, Args& a, Kwargs&) {
      const std::string& x = self.as_str();
      return Value::str(strip(x, a, name != "rstrip"sv, name != "lstrip"sv, name.c_str()));
    });
  if (name == "split"sv || name == "rsplit"sv)
    return t.keywords(name, [name](Interpreter&, const Value& self, Args& a, Kwargs& kw) {
      const std::string& x = self.as_str();
      auto [sep, maxsplit] = split_args(name.c_str(), a, kw);
      return Value::list(split(x, sep, maxsplit, name == "rsplit"sv));
    });
  if (name == "splitlines"sv)
    return t.keywords(name, [](Interpreter&, const Value& self, Args& a, Kwargs& kw) {
      const std::string& x = self.as_str();
      bool keepends = !a.empty() && truthy(a[0]);
      for (auto& [k, v] : kw) {
        if (k != "keepends") throw TypeError("splitlines() got an unexpected keyword argument '" + k + "'");
        keepends = truthy(v);
      }
      std::vector<Value> out;
      size_t i = 0;
      while (i < x.size()) {
        size_t j = i;
        while (j < x.size() && !std::strchr("\n\r\v\f\x1c\x1d\x1e", x[j])) ++j;
        size_t eol = j;
        if (j < x.size()) eol = (x[j] == '\r' && j + 1 < x.size() && x[j + 1] == '\n') ? j + 2 : j + 1;
        out.push_back(Value::str(x.substr(i, (keepends ? eol : j) - i)));
        i = eol;
      }
      return Value::list(std::move(out));
    });
  if (name == "join"sv)
    return t.onearg(name, [](Interpreter& in, const Value& self, Args& args_, Kwargs&) {
      const std::string& x = self.as_str();
      const Value& arg = args_[0];
      std::vector<Value> items;
      try {
        items = in.iterate(arg);
      } catch (const tsh::Error& e) {
        if (std::string(e.kind()) == "TypeError") throw TypeError("can only join an iterable");
        throw;
      }
      std::string out;
      for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is(Kind::Str))
          throw TypeError("sequence item " + std::to_string(i) + ": expected str instance, " +
                          type_name(items[i]) + " found");
        if (i) out += x;
        out += items[i].as_str();
        check_string_size(static_cast<long double>(out.size()));
      }
      return Value::str(out);
    });
  if (name == "replace"sv)
    return t.fast(name, 2, 3, [](Interpreter&, const Value& self, Args& a, Kwargs&) {
      const std::string& x = self.as_str();
      const std::string& from = str_arg(a[0], "replace() argument 1 must be str");
      const std::string& to = str_arg(a[1], "replace() argument 2 must be str");
      Int count = a.size() > 2 ? a[2].as_int() : -1;
      std::string out;
      if (from.empty()) {  // between every character, and at both ends
        size_t i = 0;
        while (true) {
          if (count != 0) out += to, --count;
          if (i >= x.size()) break;
          size_t len = 1;
          while (i + len < x.size() && (static_cast<unsigned char>(x[i + len]) & 0xC0) == 0x80) ++len;
          out += x.substr(i, len);
          i += len;
          check_string_size(static_cast<long double>(out.size()));
        }
        return Value::str(out);
      }
      size_t i = 0, j;
      while (count != 0 && (j = x.find(from, i)) != std::string::npos) {
        out += x.substr(i, j - i) + to;
        i = j + from.size();
        --count;
        check_string_size(static_cast<long double>(out.size()));
      }
      return Value::str(out + x.substr(i));
    });
  if (name == "startswith"sv || name == "endswith"sv)
    return t.varargs(name, 1, 3, [name](Interpreter&, const Value& self, Args& a, Kwargs&) {
      const std::string& x = self.as_str();
      return Value::boolean(starts_or_ends(x, a, name == "startswith"sv, name.c_str()));
    });
  if (name == "center"sv || name == "ljust"sv || name == "rjust"sv)
    return t.fast(name, 1, 2, [name](Interpreter&, const Value& self, Args& a, Kwargs&) {
      const std::string& x = self.as_str();
      return Value::str(justify(x, a, name.c_str(), name == "center"sv ? '^' : name == "ljust"sv ? '<' : '>'));
    });
  if (name == "zfill"sv)
    return t.onearg(name, [](Interpreter&, const Value& self, Args& args_, Kwargs&) {
      const std::string& x = self.as_str();
      const Value& w = args_[0];
      if (!w.is_intlike()) throw TypeError("'" + type_name(w) + "' object cannot be interpreted as an integer");
      const Int len = static_cast<Int>(utf8_length(x));
      if (w.as_int() > INT64_MAX || w.as_int() < INT64_MIN)
        throw OverflowError("Python int too large to convert to C ssize_t");
      if (w.as_int() <= len) return Value::str(x);
      check_string_size(static_cast<long double>(w.as_int()));
      const auto pad = static_cast<size_t>(w.as_int() - len);
      const bool sign = !x.empty() && (x[0] == '+' || x[0] == '-');
      return Value::str(sign ? x.substr(0, 1) + std::string(pad, '0') + x.substr(1) : std::string(pad, '0') + x);
    });
  if (name == "count"sv || name == "find"sv || name == "rfind"sv || name == "index"sv || name == "rindex"sv)
    return t.varargs(name, 1, 3, [name](Interpreter&, const Value& self, Args& a, Kwargs&) {
      const std::string& x = self.as_str();
      const std::string& sub = str_arg(a[0], "must be str");
      auto [b, e] = bounds(x, a, 1);
      const std::string_view view(x.data() + b, e - b);
      if (name == "count"sv) {
        if (sub.empty()) return Value::integer(static_cast<Int>(utf8_length(std::string(view))) + 1);
        Int n = 0;
        for (size_t i = view.find(sub); i != std::string_view::npos; i = view.find(sub, i + sub.size())) ++n;
        return Value::integer(n);
      }
      const bool right = name[0] == 'r';
      const size_t at = right ? view.rfind(sub) : view.find(sub);
      if (at == std::string_view::npos) {
        if (name == "index"sv || name == "rindex"sv) throw ValueError("substring not found");
        return Value::integer(-1);
      }
      return code_point_index(x, b + at);
    });
  if (name == "partition"sv || name == "rpartition"sv)
    return t.onearg(name, [name](Interpreter&, const Value& self, Args& args_, Kwargs&) {
      const std::string& x = self.as_str();
      const Value& sep_v = args_[0];
      const std::string& sep = str_arg(sep_v, "must be str");
      if (sep.empty()) throw ValueError("empty separator");
      const size_t at = name == "partition"sv ? x.find(sep) : x.rfind(sep);
      if (at == std::string::npos)
        return name == "partition"sv ? Value::tuple({Value::str(x), Value::str(""), Value::str("")})
                                   : Value::tuple({Value::str(""), Value::str(""), Value::str(x)});
      return Value::tuple({Value::str(x.substr(0, at)), Value::str(sep), Value::str(x.substr(at + sep.size()))});
    });
  if (name == "removeprefix"sv || name == "removesuffix"sv)
    return t.onearg(name, [name](Interpreter&, const Value& self, Args& args_, Kwargs&) {
      const std::string& x = self.as_str();
      const Value& p_v = args_[0];
      const std::string& p = str_arg(p_v, name + "() argument must be str");
      if (name == "removeprefix"sv) return Value::str(x.compare(0, p.size(), p) == 0 ? x.substr(p.size()) : x);
      const bool ends = p.size() <= x.size() && x.compare(x.size() - p.size(), p.size(), p) == 0;
      return Value::str(ends && !p.empty() ? x.substr(0, x.size() - p.size()) : x);
    });
  if (name == "format"sv)
    return t.keywords(name, [](Interpreter& in, const Value& self, Args& a, Kwargs& kw) {
      const std::string& x = self.as_str();
      return Value::str(str_format(in, x, a, kw));
    });
  if (name == "encode"sv)
    return t.keywords(name, [](Interpreter&, const Value& self, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("encode", a, kw, {"encoding", "errors"}, 0);
      if (!v[1].is_none() && v[1].as_str() != "strict") throw NotImplementedError("str.encode: tsh has errors='strict' only");
      return encode_str(self.as_str(), v[0].is_none() ? "utf-8" : v[0].as_str());
    });
  no_attribute(obj, name, str_method_names());
}

std::vector<std::string> str_method_names() {
  return {"capitalize", "casefold", "center", "count", "encode", "endswith", "find", "format", "index",
          "isalnum", "isalpha", "isdecimal", "isdigit", "islower", "isnumeric", "isspace", "isupper",
          "join", "ljust", "lower", "lstrip", "partition", "removeprefix", "removesuffix", "replace",
          "rfind", "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines",
          "startswith", "strip", "swapcase", "title", "upper", "zfill"};
}

}  // namespace tsh::shell
