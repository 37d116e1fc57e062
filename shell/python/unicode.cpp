// shell/python/unicode.cpp — code points and character classes for str (see unicode.h).
#include "shell/python/unicode.h"

#include <locale.h>
#include <wctype.h>

#include <cstdio>

#include "grammar/chars.h"
#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

// The C library's Unicode tables, without touching the process's locale.
locale_t utf8_locale() {
  static const locale_t loc = [] {
    locale_t l = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
    return l ? l : newlocale(LC_CTYPE_MASK, "C.utf8", static_cast<locale_t>(nullptr));
  }();
  return loc;
}

bool ascii_cp(uint32_t cp) { return cp < 0x80; }

}  // namespace

bool is_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

std::vector<std::string> code_points(std::string_view s) {
  std::vector<std::string> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t len = 1;
    if (static_cast<unsigned char>(s[i]) >= 0x80) grammar::decode_utf8(s, i, len);
    out.emplace_back(s.substr(i, len));
    i += len;
  }
  return out;
}

std::vector<uint32_t> decode(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t len = 1;
    const int32_t cp = b < 0x80 ? b : grammar::decode_utf8(s, i, len);
    out.push_back(cp < 0 ? b : static_cast<uint32_t>(cp));
    i += len;
  }
  return out;
}

std::string encode(const std::vector<uint32_t>& cps) {
  std::string out;
  for (uint32_t cp : cps) {
    if (cp < 0x80)
      out += static_cast<char>(cp);
    else
      grammar::append_utf8(out, cp);
  }
  return out;
}

uint32_t to_upper(uint32_t cp) {
  if (ascii_cp(cp)) return cp >= 'a' && cp <= 'z' ? cp - 32 : cp;
  locale_t l = utf8_locale();
  return l ? static_cast<uint32_t>(towupper_l(static_cast<wint_t>(cp), l)) : cp;
}

uint32_t to_lower(uint32_t cp) {
  if (ascii_cp(cp)) return cp >= 'A' && cp <= 'Z' ? cp + 32 : cp;
  locale_t l = utf8_locale();
  return l ? static_cast<uint32_t>(towlower_l(static_cast<wint_t>(cp), l)) : cp;
}

bool is_upper(uint32_t cp) {
  if (ascii_cp(cp)) return cp >= 'A' && cp <= 'Z';
  locale_t l = utf8_locale();
  return l && iswupper_l(static_cast<wint_t>(cp), l);
}

bool is_lower(uint32_t cp) {
  if (ascii_cp(cp)) return cp >= 'a' && cp <= 'z';
  locale_t l = utf8_locale();
  return l && iswlower_l(static_cast<wint_t>(cp), l);
}

bool is_alpha(uint32_t cp) {
  if (ascii_cp(cp)) return (cp | 32) >= 'a' && (cp | 32) <= 'z';
  locale_t l = utf8_locale();
  return l && iswalpha_l(static_cast<wint_t>(cp), l) && !is_digit(cp);  // glibc's alpha holds the digits
}

bool is_digit(uint32_t cp) {
  if (ascii_cp(cp)) return cp >= '0' && cp <= '9';
  // The decimal digits of other scripts (Nd): glibc counts them as alpha, not digit,
  // so they are found by their blocks of ten.
  static const uint32_t zeros[] = {0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66,
                                   0xCE6, 0xD66, 0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0,
                                   0x1810, 0xFF10};
  for (uint32_t z : zeros)
    if (cp >= z && cp < z + 10) return true;
  return false;
}

bool is_space(uint32_t cp) {
  if (ascii_cp(cp)) return cp == ' ' || (cp >= '\t' && cp <= '\r') || (cp >= 0x1c && cp <= 0x1f);
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 ||
         cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

int32_t surrogate_at(std::string_view s, size_t i) {
  if (i + 2 >= s.size() || static_cast<unsigned char>(s[i]) != 0xED ||
      (static_cast<unsigned char>(s[i + 1]) & 0xE0) != 0xA0 || (static_cast<unsigned char>(s[i + 2]) & 0xC0) != 0x80)
    return -1;
  return 0xD000 | ((static_cast<unsigned char>(s[i + 1]) & 0x3F) << 6) | (static_cast<unsigned char>(s[i + 2]) & 0x3F);
}

void check_encodable(std::string_view s) {
  size_t chars = 0;
  for (size_t i = 0; i < s.size(); ++chars) {
    if (surrogate_at(s, i) < 0) {
      size_t len = 1;
      while (i + len < s.size() && (static_cast<unsigned char>(s[i + len]) & 0xC0) == 0x80) ++len;
      i += len;
      continue;
    }
    const size_t first = chars;
    const auto cp = static_cast<uint32_t>(surrogate_at(s, i));
    size_t last = first;
    for (size_t j = i + 3; surrogate_at(s, j) >= 0; j += 3) ++last;
    char hex[8];
    std::snprintf(hex, sizeof hex, "%04x", cp);
    const std::string where = last == first ? "character '\\u" + std::string(hex) + "' in position " + std::to_string(first)
                                            : "characters in position " + std::to_string(first) + "-" + std::to_string(last);
    throw PyError("UnicodeEncodeError", "'utf-8' codec can't encode " + where + ": surrogates not allowed");
  }
}

}  // namespace tsh::shell
