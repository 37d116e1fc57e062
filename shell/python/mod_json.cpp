// shell/python/mod_json.cpp — Python's json module: dumps/dump and loads/load,
// with CPython's formatting (separators, indent, sort_keys, ensure_ascii,
// NaN/Infinity) and its JSONDecodeError messages.
#include <algorithm>
#include <cmath>

#include "grammar/chars.h"
#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

struct Encoder {
  explicit Encoder(Interpreter& i) : in(i) {}
  Interpreter& in;
  bool ensure_ascii = true, sort_keys = false, allow_nan = true;
  std::string indent;  // empty with has_indent false: one line
  bool has_indent = false;
  std::string item_sep = ", ", key_sep = ": ";
  Value default_fn;
  std::vector<uintptr_t> stack;  // containers being encoded: a cycle is an error

  static void hex4(std::string& out, unsigned v) {
    static const char* d = "0123456789abcdef";
    out += "\\u";
    for (int s = 12; s >= 0; s -= 4) out += d[(v >> s) & 15];
  }
  std::string string(const std::string& s) const {
    std::string out = "\"";
    for (size_t i = 0; i < s.size();) {
      const unsigned char c = static_cast<unsigned char>(s[i]);
      if (c == '"') out += "\\\"";
      else if (c == '\\') out += "\\\\";
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c == '\t') out += "\\t";
      else if (c == '\b') out += "\\b";
      else if (c == '\f') out += "\\f";
      else if (c < 0x20) hex4(out, c);
      else if (c < 0x80 || !ensure_ascii) {
        out += static_cast<char>(c);
        ++i;
        continue;
      } else {
        size_t len = 1;
        int32_t cp = grammar::decode_utf8(s, i, len);
        if (cp < 0) cp = c;
        if (cp >= 0x10000) {  // a surrogate pair
          cp -= 0x10000;
          hex4(out, 0xD800 + (static_cast<unsigned>(cp) >> 10));
          hex4(out, 0xDC00 + (static_cast<unsigned>(cp) & 0x3FF));
        } else {
          hex4(out, static_cast<unsigned>(cp));
        }
        i += len;
        continue;
      }
      ++i;
    }
    return out + "\"";
  }
  std::string number(double f) const {
    if (std::isnan(f) || std::isinf(f)) {
      if (!allow_nan) throw ValueError("Out of range float values are not JSON compliant");
      return std::isnan(f) ? "NaN" : f > 0 ? "Infinity" : "-Infinity";
    }
    return repr(Value::floating(f));
  }
  std::string key(const Value& k) const {
    if (k.is(Kind::Str)) return string(k.as_str());
    if (k.is(Kind::Bool)) return k.as_bool() ? "\"true\"" : "\"false\"";
    if (k.is_none()) return "\"null\"";
    if (k.is(Kind::Int)) return "\"" + repr(k) + "\"";
    if (k.is(Kind::Float)) return "\"" + number(k.as_float()) + "\"";
    throw TypeError("keys must be str, int, float, bool or None, not " + type_name(k));
  }
  void newline(std::string& out, size_t depth) const {
    out += "\n";
    for (size_t i = 0; i < depth; ++i) out += indent;
  }
  void encode(std::string& out, const Value& v, size_t depth) {
    switch (v.kind()) {
      case Kind::None: out += "null"; return;
      case Kind::Bool: out += v.as_bool() ? "true" : "false"; return;
      case Kind::Int: out += repr(v); return;
      case Kind::Float: out += number(v.as_float()); return;
      case Kind::Str: out += string(v.as_str()); return;
      case Kind::List:
      case Kind::Tuple: {
        const std::vector<Value> items = v.items();
        if (items.empty()) {
          out += "[]";
          return;
        }
        enter(v);
        out += "[";
        for (size_t i = 0; i < items.size(); ++i) {
          if (i) out += item_sep;
          if (has_indent) newline(out, depth + 1);
          encode(out, items[i], depth + 1);
        }
        if (has_indent) newline(out, depth);
        out += "]";
        stack.pop_back();
        return;
      }
      case Kind::Dict: {
        std::vector<std::pair<Value, Value>> entries;
        for (const auto& e : dict_of(v).entries)
          if (e.alive) entries.emplace_back(e.key, e.value);
        if (entries.empty()) {
          out += "{}";
          return;
        }
        if (sort_keys)
          std::stable_sort(entries.begin(), entries.end(), [&](const auto& a, const auto& b) {
            Value tr;
            bool lt = in.compare(grammar::Op::Lt, a.first, b.first, &tr);
            return tr.is_none() ? lt : truthy(tr);
          });
        enter(v);
        out += "{";
        for (size_t i = 0; i < entries.size(); ++i) {
          if (i) out += item_sep;
          if (has_indent) newline(out, depth + 1);
          out += key(entries[i].first) + key_sep;
          encode(out, entries[i].second, depth + 1);
        }
        if (has_indent) newline(out, depth);
        out += "}";
        stack.pop_back();
        return;
      }
      default:
        if (!default_fn.is_none()) {
          enter(v);
          Args a{v};
          Kwargs nokw;
          encode(out, in.call(default_fn, a, nokw), depth);
          stack.pop_back();
          return;
        }
        throw TypeError("Object of type " + type_name(v) + " is not JSON serializable");
    }
  }
  void enter(const Value& v) {
    for (uintptr_t id : stack)
      if (id == v.identity()) throw ValueError("Circular reference detected");
    stack.push_back(v.identity());
  }
};

std::string dumps(Interpreter& in, const Value& obj, const std::vector<Value>& opt) {
  // opt: skipkeys, ensure_ascii, check_circular, allow_nan, cls, indent, separators, default, sort_keys
  Encoder e(in);
  if (!opt[0].is_none() && truthy(opt[0])) throw NotImplementedError("json.dumps(skipkeys=True) is not supported by tsh");
  if (!opt[1].is_none()) e.ensure_ascii = truthy(opt[1]);
  if (!opt[3].is_none()) e.allow_nan = truthy(opt[3]);
  if (!opt[4].is_none()) throw NotImplementedError("json.dumps(cls=...) is not supported by tsh");
  if (!opt[5].is_none()) {
    e.has_indent = true;
    e.item_sep = ",";
    if (opt[5].is_intlike()) e.indent = std::string(static_cast<size_t>(std::max<Int>(0, opt[5].as_int())), ' ');
    else if (opt[5].is(Kind::Str)) e.indent = opt[5].as_str();
    else throw TypeError("indent must be an int or a str");
  }
  if (!opt[6].is_none()) {
    const std::vector<Value> sep = in.iterate(opt[6]);
    if (sep.size() != 2 || !sep[0].is(Kind::Str) || !sep[1].is(Kind::Str))
      throw ValueError("separators must be a (item_separator, key_separator) tuple");
    e.item_sep = sep[0].as_str();
    e.key_sep = sep[1].as_str();
  }
  e.default_fn = opt[7];
  if (!opt[8].is_none()) e.sort_keys = truthy(opt[8]);
  std::string out;
  e.encode(out, obj, 0);
  return out;
}

// ---------------------------------------------------------------- decoding

struct Decoder {
  explicit Decoder(const std::string& text) : s(text) {}
  const std::string& s;
  size_t i = 0;

  [[noreturn]] void fail(const std::string& msg, size_t at) const {
    int line = 1;
    size_t line_start = 0;
    for (size_t k = 0; k < at && k < s.size(); ++k)
      if (s[k] == '\n') {
        ++line;
        line_start = k + 1;
      }
    // Columns count characters, as Python's do.
    size_t col = 1;
    for (size_t k = line_start; k < at && k < s.size(); ++k)
      if ((static_cast<unsigned char>(s[k]) & 0xC0) != 0x80) ++col;
    size_t chars = 0;
    for (size_t k = 0; k < at && k < s.size(); ++k)
      if ((static_cast<unsigned char>(s[k]) & 0xC0) != 0x80) ++chars;
    throw PyError("json.decoder.JSONDecodeError", msg + ": line " + std::to_string(line) + " column " +
                                                      std::to_string(col) + " (char " + std::to_string(chars) + ")");
  }
  void ws() {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  }
  bool word(const char* w) {
    const size_t n = std::char_traits<char>::length(w);
    if (s.compare(i, n, w) != 0) return false;
    i += n;
    return true;
  }
  int hex4(size_t at) {
    if (at + 4 > s.size()) fail("Invalid \\uXXXX escape", at - 1);
    int v = 0;
    for (size_t k = at; k < at + 4; ++k) {
      const char c = s[k];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
      else fail("Invalid \\uXXXX escape", at - 1);
    }
    return v;
  }
  std::string string() {
    const size_t start = i++;  // at the opening quote
    std::string out;
    while (true) {
      if (i >= s.size()) fail("Unterminated string starting at", start);
      const char c = s[i];
      if (c == '"') {
        ++i;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) fail("Invalid control character at", i);
      if (c != '\\') {
        out += c;
        ++i;
        continue;
      }
      if (i + 1 >= s.size()) fail("Unterminated string starting at", start);
      const char e = s[i + 1];
      i += 2;
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp = static_cast<uint32_t>(hex4(i));
          i += 4;
          if (cp >= 0xD800 && cp < 0xDC00 && s.compare(i, 2, "\\u") == 0) {
            const uint32_t lo = static_cast<uint32_t>(hex4(i + 2));
            if (lo >= 0xDC00 && lo < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              i += 6;
            }
          }
          grammar::append_utf8(out, cp);
          break;
        }
        default: fail("Invalid \\escape", i - 2);
      }
    }
  }
  Value number() {
    const size_t start = i;
    if (s[i] == '-') ++i;
    if (i < s.size() && s[i] == '0') ++i;
    else if (i < s.size() && s[i] >= '1' && s[i] <= '9')
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    else fail("Expecting value", start);
    bool real = false;
    if (i + 1 < s.size() && s[i] == '.' && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
      real = true;
      ++i;
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      size_t j = i + 1;
      if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
      if (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
        real = true;
        i = j;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
      }
    }
    const std::string text = s.substr(start, i - start);
    if (real) return Value::floating(std::strtod(text.c_str(), nullptr));
    if (std::optional<Value> v = int_parse(text, 10)) return *v;
    fail("Expecting value", start);
  }
  Value value(int depth) {
    if (depth > 900) throw RecursionError("maximum recursion depth exceeded while decoding a JSON document");
    ws();
    if (i >= s.size()) fail("Expecting value", i);
    const char c = s[i];
    if (c == '"') return Value::str(string());
    if (c == '{') {
      ++i;
      Value d = make_dict();
      ws();
      if (i < s.size() && s[i] == '}') {
        ++i;
        return d;
      }
      while (true) {
        ws();
        if (i >= s.size() || s[i] != '"') fail("Expecting property name enclosed in double quotes", i);
        Value k = Value::str(string());
        ws();
        if (i >= s.size() || s[i] != ':') fail("Expecting ':' delimiter", i);
        ++i;
        dict_of(d).set(k, value(depth + 1));
        ws();
        if (i < s.size() && s[i] == '}') {
          ++i;
          return d;
        }
        if (i >= s.size() || s[i] != ',') fail("Expecting ',' delimiter", i);
        ++i;
      }
    }
    if (c == '[') {
      ++i;
      std::vector<Value> items;
      ws();
      if (i < s.size() && s[i] == ']') {
        ++i;
        return Value::list({});
      }
      while (true) {
        items.push_back(value(depth + 1));
        ws();
        if (i < s.size() && s[i] == ']') {
          ++i;
          return Value::list(std::move(items));
        }
        if (i >= s.size() || s[i] != ',') fail("Expecting ',' delimiter", i);
        ++i;
      }
    }
    if (word("true")) return Value::boolean(true);
    if (word("false")) return Value::boolean(false);
    if (word("null")) return Value();
    if (word("NaN")) return Value::floating(NAN);
    if (word("Infinity")) return Value::floating(INFINITY);
    if (word("-Infinity")) return Value::floating(-INFINITY);
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return number();
    fail("Expecting value", i);
  }
};

Value loads(const std::string& text) {
  Decoder d(text);
  Value v = d.value(0);
  d.ws();
  if (d.i != text.size()) d.fail("Extra data", d.i);
  return v;
}

const std::vector<std::string> kDumpOptions = {"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "cls",
                                               "indent",   "separators",   "default",        "sort_keys"};

std::vector<Value> dump_options(const std::string& fname, Kwargs& kw) {
  std::vector<Value> opt(kDumpOptions.size());
  for (auto& [k, v] : kw) {
    auto it = std::find(kDumpOptions.begin(), kDumpOptions.end(), k);
    if (it == kDumpOptions.end()) throw TypeError(fname + "() got an unexpected keyword argument '" + k + "'");
    opt[static_cast<size_t>(it - kDumpOptions.begin())] = v;
  }
  return opt;
}

std::string text_of(const Value& v) {
  if (!v.is(Kind::Str)) throw TypeError("the JSON object must be str, bytes or bytearray, not " + type_name(v));
  return v.as_str();
}

}  // namespace

void install_json(Interpreter&, Value& m) {
  def_function(m, "dumps", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 1) throw TypeError("dumps() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    return Value::str(dumps(in, a[0], dump_options("dumps", kw)));
  });
  def_function(m, "dump", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 2) throw TypeError("dump() takes 2 positional arguments but " + std::to_string(a.size()) + " were given");
    Args text{Value::str(dumps(in, a[0], dump_options("dump", kw)))};
    Kwargs nokw;
    in.call(in.get_attr(a[1], "write"), text, nokw);
    return Value();
  });
  def_function(m, "loads", [](Interpreter&, Args& a, Kwargs& kw) {
    if (a.size() != 1) throw TypeError("loads() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    if (!kw.empty()) throw NotImplementedError("json.loads() keyword arguments are not supported by tsh");
    return loads(text_of(a[0]));
  });
  def_function(m, "load", [](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.size() != 1) throw TypeError("load() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
    if (!kw.empty()) throw NotImplementedError("json.load() keyword arguments are not supported by tsh");
    Args none;
    Kwargs nokw;
    return loads(text_of(in.call(in.get_attr(a[0], "read"), none, nokw)));
  });
  m.as<ModuleObj>()->attrs["JSONDecodeError"] = exception_class("json.decoder.JSONDecodeError");
}

}  // namespace tsh::shell
