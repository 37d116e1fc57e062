// shell/python/bytes.cpp — Python's bytes (bytes.h).
#include "shell/python/bytes.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/pyops.h"

namespace tsh::shell {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}

// Python's codec names for the three encodings tsh has.
std::string codec(const std::string& encoding) {
  const std::string e = lower(encoding);
  if (e == "utf-8" || e == "utf8" || e == "u8") return "utf-8";
  if (e == "ascii" || e == "us-ascii") return "ascii";
  if (e == "latin-1" || e == "latin1" || e == "iso-8859-1" || e == "iso8859-1") return "latin-1";
  throw PyError("LookupError", "unknown encoding: " + encoding + " (tsh has utf-8, ascii and latin-1)");
}

// The length of the UTF-8 sequence starting at s[i], or 0 when it is not a valid one.
size_t utf8_sequence(const std::string& s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  const size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (n == 3 && ((c == 0xE0 && b(i + 1) < 0xA0) || (c == 0xED && b(i + 1) >= 0xA0))) return 0;
  if (n == 4 && ((c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90))) return 0;
  return n;
}

std::string hex2(unsigned char c) {
  static const char* digits = "0123456789abcdef";
  return std::string{digits[c >> 4], digits[c & 15]};
}

Value decode(const std::string& data, const std::string& encoding) {
  const std::string name = codec(encoding);
  std::string out;
  for (size_t i = 0; i < data.size();) {
    const unsigned char c = static_cast<unsigned char>(data[i]);
    if (name == "latin-1" || (name == "ascii" && c < 0x80)) {
      if (c < 0x80) out.push_back(static_cast<char>(c));
      else out += std::string{static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
      ++i;
      continue;
    }
    if (name == "ascii")
      throw PyError("UnicodeDecodeError", "'ascii' codec can't decode byte 0x" + hex2(c) + " in position " +
                                              std::to_string(i) + ": ordinal not in range(128)");
    const size_t n = utf8_sequence(data, i);
    if (n == 0) {
      // Python's three reasons: a byte no sequence starts with, a sequence cut short by the end,
      // or a byte inside it that does not continue it.
      const bool starts = (c >= 0xC2 && c <= 0xF4);
      const size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      bool continues = true;
      for (size_t k = 1; k < want && i + k < data.size(); ++k)
        continues = continues && (static_cast<unsigned char>(data[i + k]) & 0xC0) == 0x80;
      const char* why = !starts ? "invalid start byte"
                        : continues && i + want > data.size() ? "unexpected end of data"
                                                              : "invalid continuation byte";
      if (why[0] == 'u' && data.size() - i > 1)  // a cut sequence of several bytes is named by its span
        throw PyError("UnicodeDecodeError", "'utf-8' codec can't decode bytes in position " + std::to_string(i) + "-" +
                                                std::to_string(data.size() - 1) + ": " + why);
      throw PyError("UnicodeDecodeError", "'utf-8' codec can't decode byte 0x" + hex2(c) + " in position " +
                                              std::to_string(i) + ": " + why);
    }
    out.append(data, i, n);
    i += n;
  }
  return Value::str(out);
}

struct BytesObj : InstanceObj {
  std::string data;
  std::string class_name() const override { return "bytes"; }
  std::string module_name() const override { return "builtins"; }

  std::string repr_of(const Value&) const override {
    const bool single = data.find('\'') == std::string::npos || data.find('"') != std::string::npos;
    const char quote = single ? '\'' : '"';
    std::string out = "b";
    out.push_back(quote);
    for (const char ch : data) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (c == '\\' || c == static_cast<unsigned char>(quote)) out += std::string("\\") + ch;
      else if (c == '\t') out += "\\t";
      else if (c == '\n') out += "\\n";
      else if (c == '\r') out += "\\r";
      else if (c < 0x20 || c >= 0x7F) out += "\\x" + hex2(c);
      else out.push_back(ch);
    }
    out.push_back(quote);
    return out;
  }

  Int length(const Value&) override { return static_cast<Int>(data.size()); }

  Value get_item(Interpreter&, const Value&, const Value& key) override {
    if (key.is(Kind::Slice)) {
      const auto* s = key.as<SliceObj>();
      const Int n = static_cast<Int>(data.size());
      const Int step = s->step.is_none() ? 1 : s->step.as_int();
      if (step == 0) throw ValueError("slice step cannot be zero");
      auto bound = [&](const Value& v, Int fallback) {
        if (v.is_none()) return fallback;
        Int i = v.as_int();
        if (i < 0) i += n;
        return step > 0 ? std::clamp<Int>(i, 0, n) : std::clamp<Int>(i, -1, n - 1);
      };
      const Int start = bound(s->start, step > 0 ? 0 : n - 1), stop = bound(s->stop, step > 0 ? n : -1);
      std::string out;
      for (Int i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(data[static_cast<size_t>(i)]);
      return make_bytes(out);
    }
    if (!key.is_intlike()) throw TypeError("byte indices must be integers or slices, not " + type_name(key));
    Int i = key.as_int();
    if (i < 0) i += static_cast<Int>(data.size());
    if (i < 0 || i >= static_cast<Int>(data.size())) throw IndexError("index out of range");
    return Value::integer(static_cast<unsigned char>(data[static_cast<size_t>(i)]));
  }

  Value iter(Interpreter&, const Value&) override {
    auto at = std::make_shared<size_t>(0);
    const std::string copy = data;
    return iterator_value("bytes_iterator", [copy, at](Interpreter&, Value& out) {
      if (*at >= copy.size()) return false;
      out = Value::integer(static_cast<unsigned char>(copy[(*at)++]));
      return true;
    });
  }

  std::optional<bool> equals(const Value&, const Value& other) const override {
    return is_bytes(other) && bytes_data(other) == data;
  }
  std::optional<int64_t> hash(const Value&) const override {
    return static_cast<int64_t>(std::hash<std::string>{}(data));
  }
  std::optional<bool> contains(Interpreter&, const Value&, const Value& item) override {
    if (is_bytes(item)) return data.find(bytes_data(item)) != std::string::npos;
    if (!item.is_intlike()) throw TypeError("a bytes-like object is required, not '" + type_name(item) + "'");
    const Int b = item.as_int();
    if (b < 0 || b > 255) throw ValueError("byte must be in range(0, 256)");
    return data.find(static_cast<char>(b)) != std::string::npos;
  }
  std::optional<Value> binary_op(Interpreter&, int op, const Value&, const Value& other, bool self_left) override {
    if (op != static_cast<int>(grammar::Op::Add) || !self_left) return std::nullopt;
    if (!is_bytes(other)) throw TypeError("can't concat " + type_name(other) + " to bytes");
    return make_bytes(data + bytes_data(other));
  }

  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    const std::string copy = data;
    if (name == "decode")
      return make_builtin("decode", "<built-in method decode of bytes object>", [copy](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("decode", a, kw, {"encoding", "errors"}, 0);
        if (!v[1].is_none() && v[1].as_str() != "strict")
          throw NotImplementedError("bytes.decode: tsh has errors='strict' only");
        return decode(copy, v[0].is_none() ? "utf-8" : v[0].as_str());
      });
    if (name == "hex")
      return make_builtin("hex", "<built-in method hex of bytes object>", [copy](Interpreter&, Args& a, Kwargs&) {
        if (!a.empty()) throw NotImplementedError("bytes.hex: tsh has no separators");
        std::string out;
        for (const char c : copy) out += hex2(static_cast<unsigned char>(c));
        return Value::str(out);
      });
    (void)self;
    throw AttributeError("'bytes' object has no attribute '" + name + "'");
  }
  std::vector<std::string> attr_names() const override { return {"decode", "hex"}; }
};

}  // namespace

Value bytes_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "bytes";
    t->ctor = [](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("bytes", a, kw, {"source", "encoding", "errors"}, 0);
      if (v[0].is_none() && !v[1].is_none()) throw TypeError("encoding without a string argument");
      if (v[0].is_none()) return make_bytes("");
      if (v[0].is(Kind::Str)) {
        if (v[1].is_none()) throw TypeError("string argument without an encoding");
        return encode_str(v[0].as_str(), v[1].as_str());
      }
      if (!v[1].is_none()) throw TypeError("encoding without a string argument");
      if (is_bytes(v[0])) return v[0];
      if (v[0].is_intlike()) {
        if (v[0].as_int() < 0) throw ValueError("negative count");
        return make_bytes(std::string(static_cast<size_t>(v[0].as_int()), '\0'));
      }
      std::string out;
      for (const Value& item : in.iterate(v[0])) {
        if (!item.is_intlike())
          throw TypeError("'" + type_name(item) + "' object cannot be interpreted as an integer");
        const Int b = item.as_int();
        if (b < 0 || b > 255) throw ValueError("bytes must be in range(0, 256)");
        out.push_back(static_cast<char>(b));
      }
      return make_bytes(out);
    };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

Value make_bytes(std::string data) {
  auto obj = std::make_shared<BytesObj>();
  obj->data = std::move(data);
  obj->type = bytes_type();
  return Value::object(Kind::Instance, obj);
}

bool is_bytes(const Value& v) { return v.is(Kind::Instance) && dynamic_cast<BytesObj*>(v.as<InstanceObj>()) != nullptr; }

const std::string& bytes_data(const Value& v) { return static_cast<BytesObj*>(v.as<InstanceObj>())->data; }

Value encode_str(const std::string& s, const std::string& encoding) {
  const std::string name = codec(encoding);
  if (name == "utf-8") return make_bytes(s);
  std::string out;
  size_t position = 0;
  for (size_t i = 0; i < s.size(); ++position) {
    const size_t n = utf8_sequence(s, i);
    uint32_t cp = static_cast<unsigned char>(s[i]);
    if (n > 1) {
      cp &= 0xFF >> (n + 1);
      for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    const uint32_t limit = name == "ascii" ? 0x80 : 0x100;
    if (cp >= limit) {
      // the character as Python's message shows it: '\xe9', '\u4e2d', '\U0001f600'
      static const char* digits = "0123456789abcdef";
      const int width = cp < 0x100 ? 2 : cp < 0x10000 ? 4 : 8;
      std::string shown = width == 2 ? "\\x" : width == 4 ? "\\u" : "\\U";
      for (int k = width - 1; k >= 0; --k) shown.push_back(digits[(cp >> (4 * k)) & 15]);
      throw PyError("UnicodeEncodeError", "'" + std::string(name == "ascii" ? "ascii" : "latin-1") +
                                              "' codec can't encode character '" + shown + "' in position " +
                                              std::to_string(position) + ": ordinal not in range(" +
                                              std::to_string(limit) + ")");
    }
    out.push_back(static_cast<char>(cp));
    i += n ? n : 1;
  }
  return make_bytes(out);
}

}  // namespace tsh::shell
