// shell/python/unicode.h — Python's str semantics over tsh's UTF-8 strings.
//
// A tsh str holds UTF-8 bytes; Python's str is a sequence of code points.
// Length, indexing, slicing and iteration go through code_points(); case
// mapping and the character classes (isalpha, isupper, ...) use the C
// library's Unicode tables (the built-in C.UTF-8 locale), so 'é'.upper() is
// 'É' as in Python. Python's full case mappings that change the length
// ('ß'.upper() == 'SS') are not in those tables and are not done.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tsh::shell {

bool is_ascii(std::string_view s);
// The code points of s, each as its own UTF-8 string (a malformed byte is one).
std::vector<std::string> code_points(std::string_view s);
// Decodes s into code points (a malformed byte decodes as itself).
std::vector<uint32_t> decode(std::string_view s);
std::string encode(const std::vector<uint32_t>& cps);

uint32_t to_upper(uint32_t cp);
uint32_t to_lower(uint32_t cp);
bool is_upper(uint32_t cp);
bool is_lower(uint32_t cp);
bool is_alpha(uint32_t cp);
bool is_digit(uint32_t cp);  // decimal digits of any script
bool is_space(uint32_t cp);

// The lone surrogate ('\ud800') whose three-byte form starts at s[i], or -1: a str keeps one
// as such, which UTF-8 proper (grammar::decode_utf8) refuses.
int32_t surrogate_at(std::string_view s, size_t i);

// Writing text out encodes it as UTF-8 (strict), which a lone surrogate ('\ud800', kept in a
// str as its three-byte form) cannot be: Python's UnicodeEncodeError, naming the surrogates'
// positions in `s`.
void check_encodable(std::string_view s);

}  // namespace tsh::shell
