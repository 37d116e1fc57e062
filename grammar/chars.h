// grammar/chars.h — character classes the lexer needs: UTF-8 decoding and
// approximations of Python's "identifier character" and "printable" tests.
//
// tsh carries no Unicode tables; the ranges below cover the scripts and the
// look-alike punctuation a student pastes from slides (smart quotes, `×`,
// `²`, no-break spaces) so that the errors name the character as CPython does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tsh::grammar {

// Decodes the code point starting at s[i]; `len` gets its byte length.
// Returns -1 for a malformed sequence (len is then 1).
int32_t decode_utf8(std::string_view s, size_t i, size_t& len);

// Appends the UTF-8 encoding of `cp` (surrogates are encoded as such).
void append_utf8(std::string& out, uint32_t cp);

// Python's ASCII identifier classes (CPython's is_potential_identifier_*).
inline bool is_id_start_ascii(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
inline bool is_id_char_ascii(unsigned char c) {
  return is_id_start_ascii(c) || (c >= '0' && c <= '9');
}

// Whether a non-ASCII code point may appear in an identifier (approximate
// XID_Continue: letters of the world's scripts, not symbols or punctuation).
bool is_identifier_codepoint(int32_t cp, bool first);

// Whether CPython would print the code point (not a control, format, space
// separator or private-use character).
bool is_printable_codepoint(int32_t cp);

}  // namespace tsh::grammar
