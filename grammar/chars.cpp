// grammar/chars.cpp — UTF-8 decoding and the approximate Unicode classes of
// chars.h. The ranges are coarse on purpose (no tables): whole blocks of
// letters are accepted, whole blocks of symbols and punctuation refused.
#include "grammar/chars.h"

namespace tsh::grammar {

int32_t decode_utf8(std::string_view s, size_t i, size_t& len) {
  len = 1;
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return b0;
  int n;
  int32_t cp;
  if ((b0 & 0xE0) == 0xC0) {
    n = 2, cp = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    n = 3, cp = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    n = 4, cp = b0 & 0x07;
  } else {
    return -1;
  }
  if (i + n > s.size()) return -1;
  for (int k = 1; k < n; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (b & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are malformed.
  static constexpr int32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  len = static_cast<size_t>(n);
  return cp;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

namespace {

bool in(int32_t cp, int32_t lo, int32_t hi) { return cp >= lo && cp <= hi; }

// Letters of the "Letterlike Symbols" block (ℝ, ℕ, ℓ, Ω ...); the rest of
// the block (℃, ™, ℅ ...) are symbols.
bool letterlike_letter(int32_t cp) {
  return cp == 0x2102 || cp == 0x2107 || in(cp, 0x210A, 0x2113) || cp == 0x2115 ||
         in(cp, 0x2118, 0x211D) || cp == 0x2124 || cp == 0x2126 || cp == 0x2128 ||
         in(cp, 0x212A, 0x2139) || in(cp, 0x213C, 0x213F) || in(cp, 0x2145, 0x2149) ||
         cp == 0x214E;
}

// Combining marks: they may continue an identifier but not start one.
bool combining(int32_t cp) {
  return in(cp, 0x0300, 0x036F) || in(cp, 0x0483, 0x0489) || in(cp, 0xFE00, 0xFE0F) ||
         in(cp, 0xFE20, 0xFE2F) || in(cp, 0xE0100, 0xE01EF);
}

}  // namespace

bool is_identifier_codepoint(int32_t cp, bool first) {
  if (cp < 0x80) return first ? is_id_start_ascii(cp) : is_id_char_ascii(cp);
  if (combining(cp)) return !first;
  if (cp == 0xB7 || cp == 0x387) return !first;  // middle dots continue only
  if (cp <= 0xBF) return cp == 0xAA || cp == 0xB5 || cp == 0xBA;
  if (cp == 0xD7 || cp == 0xF7) return false;  // × ÷
  if (in(cp, 0xC0, 0x2AF)) return true;
  if (in(cp, 0x2B0, 0x2FF))  // spacing modifier letters, mixed with symbols
    return in(cp, 0x2B0, 0x2C1) || in(cp, 0x2C6, 0x2D1) || in(cp, 0x2E0, 0x2E4) ||
           cp == 0x2EC || cp == 0x2EE;
  if (in(cp, 0x370, 0x3FF))
    return !(cp == 0x375 || cp == 0x37E || cp == 0x384 || cp == 0x385 || cp == 0x3F6);
  if (in(cp, 0x400, 0x1FFF)) return cp != 0x482 && cp != 0x1680;
  if (in(cp, 0x2000, 0x206F)) return false;  // general punctuation
  if (in(cp, 0x2070, 0x209F))                // super/subscripts: only letters
    return cp == 0x2071 || cp == 0x207F || in(cp, 0x2090, 0x209C);
  if (in(cp, 0x20A0, 0x20FF)) return false;  // currency, symbol marks
  if (in(cp, 0x2100, 0x214F)) return letterlike_letter(cp);
  if (in(cp, 0x2150, 0x218F)) return in(cp, 0x2160, 0x2188);  // Roman numerals
  if (in(cp, 0x2190, 0x2BFF)) return false;  // arrows, math, shapes, dingbats
  if (in(cp, 0x2C00, 0x2DFF)) return true;
  if (in(cp, 0x2E00, 0x2FFF)) return false;  // punctuation, CJK radicals
  if (in(cp, 0x3000, 0x303F))
    return in(cp, 0x3005, 0x3007) || in(cp, 0x3021, 0x3029) || in(cp, 0x3031, 0x3035) ||
           in(cp, 0x3038, 0x303C);
  if (in(cp, 0x3040, 0xD7FF)) return true;
  if (in(cp, 0xD800, 0xF8FF)) return false;  // surrogates, private use
  if (in(cp, 0xF900, 0xFDFF)) return true;
  if (in(cp, 0xFE10, 0xFE6F)) return false;
  if (in(cp, 0xFE70, 0xFEFC)) return true;
  if (in(cp, 0xFF00, 0xFFEF))
    return in(cp, 0xFF21, 0xFF3A) || in(cp, 0xFF41, 0xFF5A) || in(cp, 0xFF66, 0xFFDC) ||
           (!first && (in(cp, 0xFF10, 0xFF19) || cp == 0xFF3F));
  if (in(cp, 0xFFF0, 0xFFFF)) return false;
  if (in(cp, 0x1D000, 0x1D3FF)) return false;  // musical and other symbols
  if (in(cp, 0x10000, 0x1EFFF)) return true;
  if (in(cp, 0x1F000, 0x1FFFF)) return false;  // emoji and pictographs
  if (in(cp, 0x20000, 0x3FFFF)) return true;   // CJK extensions
  return false;
}

bool is_printable_codepoint(int32_t cp) {
  if (cp < 0x20 || in(cp, 0x7F, 0xA0) || cp == 0xAD) return false;
  if (in(cp, 0x600, 0x605) || cp == 0x61C || cp == 0x6DD || cp == 0x70F || cp == 0x180E ||
      cp == 0x1680)
    return false;
  if (in(cp, 0x2000, 0x200F) || in(cp, 0x2028, 0x202F) || in(cp, 0x205F, 0x206F)) return false;
  if (cp == 0x3000 || in(cp, 0xD800, 0xF8FF) || cp == 0xFEFF || in(cp, 0xFFF9, 0xFFFB) ||
      in(cp, 0xFFFE, 0xFFFF))
    return false;
  if (in(cp, 0xE0000, 0xE007F) || cp >= 0xF0000) return false;
  return true;
}

}  // namespace tsh::grammar
