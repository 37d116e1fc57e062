// grammar/literals.cpp — numeric literal scanning (CPython 3.11's state
// machine, so that the same malformed literals fail with the same message at
// the same column) and string escape decoding.
#include "grammar/literals.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "grammar/chars.h"

namespace tsh::grammar {

namespace {

constexpr int kEof = -1;

// A read cursor that behaves like CPython's tok_nextc/tok_backup pair, so
// that "the caret goes on the last character read" (CPython's syntaxerror())
// can be written as it is there.
struct Cursor {
  std::string_view src;
  size_t cur;  // index of the next character to read

  int next() {
    if (cur >= src.size()) {
      ++cur;  // mirror CPython: reading EOF still advances, backup undoes it
      return kEof;
    }
    return static_cast<unsigned char>(src[cur++]);
  }
  void backup() { --cur; }
  int peek_at(size_t k) const {
    return cur + k < src.size() ? static_cast<unsigned char>(src[cur + k]) : kEof;
  }
};

bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_xdigit(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool potential_identifier_char(int c) {
  return c >= 128 || (c != kEof && is_id_char_ascii(static_cast<unsigned char>(c)));
}

// CPython's syntaxerror(): one caret on the last character read.
bool fail_here(const Cursor& cur, LiteralError& err, std::string message) {
  err.message = std::move(message);
  err.pos = cur.cur - 1;
  err.end = cur.cur;
  return false;
}

// CPython's verify_end_of_number(): a literal directly followed by a letter
// is an error, except before the keywords that may follow a number in valid
// code (`1if x else 2`, `0x1for`), which CPython only warns about.
bool verify_end(Cursor& cur, int c, const char* kind, LiteralError& err) {
  bool keyword_follows = false;
  // The rest of the keyword, ending there (`1else` but not `1elsewhere`).
  auto ahead = [&](const char* rest) {
    size_t k = 0;
    for (; rest[k]; ++k)
      if (cur.peek_at(k) != static_cast<unsigned char>(rest[k])) return false;
    return !potential_identifier_char(cur.peek_at(k));
  };
  switch (c) {
    case 'a': keyword_follows = ahead("nd"); break;
    case 'e': keyword_follows = ahead("lse"); break;
    case 'f': keyword_follows = ahead("or"); break;
    case 'o': keyword_follows = ahead("r"); break;
    case 'n': keyword_follows = ahead("ot"); break;
    case 'i': {
      const int c2 = cur.peek_at(0);
      keyword_follows = c2 == 'f' || c2 == 'n' || c2 == 's';
      break;
    }
    default: break;
  }
  // Non-ASCII ends the number: the next token names the bad character.
  if (!keyword_follows && c < 128 && potential_identifier_char(c)) {
    cur.backup();
    return fail_here(cur, err, std::string("invalid ") + kind + " literal");
  }
  return true;
}

// Digits with single underscores between them; returns the first character
// after them, or 0 after reporting "invalid decimal literal".
int decimal_tail(Cursor& cur, LiteralError& err) {
  int c;
  while (true) {
    do {
      c = cur.next();
    } while (is_digit(c));
    if (c != '_') break;
    c = cur.next();
    if (!is_digit(c)) {
      cur.backup();
      fail_here(cur, err, "invalid decimal literal");
      return 0;
    }
  }
  return c;
}

// Hexadecimal, octal or binary digits after the prefix.
bool radix_digits(Cursor& cur, int base, const char* kind, LiteralError& err) {
  auto digit_ok = [base](int c) {
    if (base == 16) return is_xdigit(c);
    return c >= '0' && c < '0' + base;
  };
  int c = cur.next();
  do {
    if (c == '_') c = cur.next();
    if (!digit_ok(c)) {
      if (base != 16 && is_digit(c))
        return fail_here(cur, err,
                         std::string("invalid digit '") + static_cast<char>(c) + "' in " + kind +
                             " literal");
      cur.backup();
      return fail_here(cur, err, std::string("invalid ") + kind + " literal");
    }
    do {
      c = cur.next();
    } while (digit_ok(c));
  } while (c == '_');
  if (base != 16 && is_digit(c))
    return fail_here(cur, err,
                     std::string("invalid digit '") + static_cast<char>(c) + "' in " + kind +
                         " literal");
  if (!verify_end(cur, c, kind, err)) return false;
  cur.backup();
  return true;
}

// The integer value of digits in `base`, skipping underscores; `overflow`
// is set when it does not fit in 64 bits.
uint64_t int_value(std::string_view digits, int base, bool& overflow) {
  uint64_t v = 0;
  overflow = false;
  for (char ch : digits) {
    if (ch == '_') continue;
    const int d = is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10;
    if (v > (UINT64_MAX - static_cast<uint64_t>(d)) / static_cast<uint64_t>(base)) overflow = true;
    v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(d);
  }
  return overflow ? 0 : v;
}

double float_value(std::string_view text) {
  std::string s;
  for (char ch : text)
    if (ch != '_') s += ch;
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec == std::errc::result_out_of_range) {
    // Python gives inf for too large and 0.0 for too small.
    const auto e = s.find_first_of("eE");
    const bool tiny = e != std::string::npos && e + 1 < s.size() && s[e + 1] == '-';
    return tiny ? 0.0 : HUGE_VAL;
  }
  return v;
}

// Fills the token's number fields from the literal's text.
void set_value(std::string_view text, Token& tok) {
  const char last = text.back();
  if (last == 'j' || last == 'J') {
    tok.number_kind = ExprKind::Imag;
    tok.float_value = float_value(text.substr(0, text.size() - 1));
    return;
  }
  if (text.size() > 1 && text[0] == '0') {
    const char p = static_cast<char>(text[1] | 0x20);
    const int base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (base) {
      tok.number_kind = ExprKind::Int;
      tok.int_value = int_value(text.substr(2), base, tok.int_overflow);
      return;
    }
  }
  if (text.find_first_of(".eE") != std::string_view::npos) {
    tok.number_kind = ExprKind::Float;
    tok.float_value = float_value(text);
    return;
  }
  tok.number_kind = ExprKind::Int;
  tok.int_value = int_value(text, 10, tok.int_overflow);
}

// The shape of CPython's tok_get for numbers, with its labels as states.
bool scan(Cursor& cur, LiteralError& err) {
  enum { kIntegerDone, kFraction, kExponent, kImaginary } state = kIntegerDone;
  const size_t start = cur.cur;
  int c = cur.next();
  if (c == '.') {  // `.5`: the caller saw the digit
    c = cur.next();
    state = kFraction;
  } else if (c == '0') {
    c = cur.next();
    if (c == 'x' || c == 'X') return radix_digits(cur, 16, "hexadecimal", err);
    if (c == 'o' || c == 'O') return radix_digits(cur, 8, "octal", err);
    if (c == 'b' || c == 'B') return radix_digits(cur, 2, "binary", err);
    bool nonzero = false;
    while (true) {  // leading zeros, possibly with underscores
      if (c == '_') {
        c = cur.next();
        if (!is_digit(c)) {
          cur.backup();
          return fail_here(cur, err, "invalid decimal literal");
        }
      }
      if (c != '0') break;
      c = cur.next();
    }
    const size_t zeros_end = cur.cur - 1;
    if (is_digit(c)) {
      nonzero = true;
      c = decimal_tail(cur, err);
      if (c == 0) return false;
    }
    if (c == '.') {
      c = cur.next();
      state = kFraction;
    } else if (c == 'e' || c == 'E') {
      state = kExponent;
    } else if (c == 'j' || c == 'J') {
      state = kImaginary;
    } else if (nonzero) {
      err.message =
          "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
          "octal integers";
      err.pos = start;
      err.end = zeros_end;
      if (err.end <= err.pos) err.end = err.pos + 1;
      return false;
    } else {
      if (!verify_end(cur, c, "decimal", err)) return false;
      cur.backup();
      return true;
    }
  } else {
    c = decimal_tail(cur, err);
    if (c == 0) return false;
    if (c == '.') {
      c = cur.next();
      state = kFraction;
    } else if (c == 'e' || c == 'E') {
      state = kExponent;
    } else if (c == 'j' || c == 'J') {
      state = kImaginary;
    }
  }
  if (state == kFraction) {
    if (is_digit(c)) {
      c = decimal_tail(cur, err);
      if (c == 0) return false;
    }
    if (c == 'e' || c == 'E')
      state = kExponent;
    else if (c == 'j' || c == 'J')
      state = kImaginary;
  }
  if (state == kExponent) {
    const int e = c;
    c = cur.next();
    if (c == '+' || c == '-') {
      c = cur.next();
      if (!is_digit(c)) {
        cur.backup();
        return fail_here(cur, err, "invalid decimal literal");
      }
    } else if (!is_digit(c)) {
      // `1else`: the number is `1`; `1e` alone is an error.
      cur.backup();
      if (!verify_end(cur, e, "decimal", err)) return false;
      cur.backup();
      return true;
    }
    c = decimal_tail(cur, err);
    if (c == 0) return false;
    if (c == 'j' || c == 'J') state = kImaginary;
  }
  if (state == kImaginary) {
    c = cur.next();
    if (!verify_end(cur, c, "imaginary", err)) return false;
    cur.backup();
    return true;
  }
  if (!verify_end(cur, c, "decimal", err)) return false;
  cur.backup();
  return true;
}

int hex_value(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// The one-character escapes both kinds of literal share: the character \e stands for, 0 for a
// backslash-newline (the lines join), -1 when e is not one of them.
int simple_escape(char e) {
  switch (e) {
    case '\n': return 0;
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    default: return -1;
  }
}

// An octal escape: its first digit `first` (already read), then up to two more from body[i],
// with i moved past them. Both kinds of literal share it.
uint32_t octal_escape(char first, std::string_view body, size_t& i) {
  uint32_t v = static_cast<uint32_t>(first - '0');
  for (int k = 0; k < 2 && i < body.size() && body[i] >= '0' && body[i] <= '7'; ++k)
    v = v * 8 + static_cast<uint32_t>(body[i++] - '0');
  return v;
}

}  // namespace

bool scan_number(std::string_view src, size_t start, size_t& end, Token& tok,
                 LiteralError& err) {
  Cursor cur{src, start};
  if (!scan(cur, err)) return false;
  end = cur.cur;
  set_value(src.substr(start, end - start), tok);
  return true;
}

bool decode_escapes(std::string_view body, std::string& out, std::string& err) {
  // CPython reports positions in a buffer where every non-ASCII character
  // has been rewritten as a 10-byte `\UXXXXXXXX`; `bufpos` tracks that.
  size_t bufpos = 0;
  auto fail = [&](size_t start, size_t end_excl, const char* what) {
    err = "(unicode error) 'unicodeescape' codec can't decode bytes in position " +
          std::to_string(start) + "-" + std::to_string(end_excl - 1) + ": " + what;
    return false;
  };
  size_t i = 0;
  while (i < body.size()) {
    const char ch = body[i];
    if (static_cast<unsigned char>(ch) >= 0x80) {
      size_t len;
      decode_utf8(body, i, len);
      out.append(body.substr(i, len));
      i += len;
      bufpos += 10;
      continue;
    }
    if (ch != '\\' || i + 1 >= body.size()) {
      out += ch;
      ++i, ++bufpos;
      continue;
    }
    const size_t esc_start = bufpos;
    const char e = body[i + 1];
    i += 2, bufpos += 2;
    if (const int c = simple_escape(e); c >= 0) {
      if (c > 0) out += static_cast<char>(c);
      continue;
    }
    switch (e) {
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        const size_t digits_at = i;
        append_utf8(out, octal_escape(e, body, i));
        bufpos += i - digits_at;
        break;
      }
      case 'x': case 'u': case 'U': {
        const int need = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t v = 0;
        for (int k = 0; k < need; ++k) {
          const int h = i < body.size() ? hex_value(body[i]) : -1;
          if (h < 0)
            return fail(esc_start, bufpos,
                        e == 'x'   ? "truncated \\xXX escape"
                        : e == 'u' ? "truncated \\uXXXX escape"
                                   : "truncated \\UXXXXXXXX escape");
          v = v * 16 + static_cast<uint32_t>(h);
          ++i, ++bufpos;
        }
        if (v > 0x10FFFF) return fail(esc_start, bufpos, "illegal Unicode character");
        append_utf8(out, v);
        break;
      }
      case 'N': {
        // tsh has no table of character names: every \N{...} is refused
        // with the message CPython gives for an unknown name.
        const size_t close = body.find('}', i);
        if (i >= body.size() || body[i] != '{' || close == std::string_view::npos || close == i + 1)
          return fail(esc_start, bufpos, "malformed \\N character escape");
        return fail(esc_start, bufpos + (close + 1 - i), "unknown Unicode character name");
      }
      default:  // unknown escapes keep their backslash, as in Python
        out += '\\';
        out += e;
        break;
    }
  }
  return true;
}

bool decode_bytes_escapes(std::string_view body, bool raw, std::string& out, std::string& err) {
  for (char ch : body)
    if (static_cast<unsigned char>(ch) >= 0x80) {
      err = "bytes can only contain ASCII literal characters";
      return false;
    }
  if (raw) {
    out.assign(body);
    return true;
  }
  size_t i = 0;
  while (i < body.size()) {
    const char ch = body[i];
    if (ch != '\\' || i + 1 >= body.size()) {
      out += ch;
      ++i;
      continue;
    }
    const size_t at = i;
    const char e = body[i + 1];
    i += 2;
    if (const int c = simple_escape(e); c >= 0) {
      if (c > 0) out += static_cast<char>(c);
      continue;
    }
    switch (e) {
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        out += static_cast<char>(octal_escape(e, body, i) & 0xFF);  // (CPython keeps the low byte of \400 and above, with a warning)
        break;
      }
      case 'x': {
        const int hi = i < body.size() ? hex_value(body[i]) : -1;
        const int lo = i + 1 < body.size() ? hex_value(body[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
          err = "(value error) invalid \\x escape at position " + std::to_string(at);
          return false;
        }
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        break;
      }
      default:  // unknown escapes (\u, \N, ... included) keep their backslash
        out += '\\';
        out += e;
        break;
    }
  }
  return true;
}

}  // namespace tsh::grammar
