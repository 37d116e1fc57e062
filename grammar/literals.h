// grammar/literals.h — scanning numeric literals and decoding string
// escapes, with CPython 3.11's error messages and caret positions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "grammar/token.h"

namespace tsh::grammar {

// A malformed literal: CPython's message and where its caret goes, as
// absolute byte offsets into the source (end exclusive; one caret when
// end == pos + 1).
struct LiteralError {
  std::string message;
  size_t pos = 0;
  size_t end = 0;
};

// Scans the numeric literal starting at src[start] (a digit, or a '.'
// followed by a digit). On success sets `end` past the literal and fills the
// number fields of `tok`; otherwise fills `err`. `src` must end with '\n'.
bool scan_number(std::string_view src, size_t start, size_t& end, Token& tok,
                 LiteralError& err);

// Decodes the escapes of a non-raw string literal's body into UTF-8. On a
// malformed escape returns false and sets `err` to CPython's
// "(unicode error) 'unicodeescape' codec can't decode ..." message.
bool decode_escapes(std::string_view body, std::string& out, std::string& err);

// The same for a bytes literal (b'...'): \xhh and octal escapes are single bytes, \u, \U and \N are
// not escapes, and only ASCII may be written; `raw` keeps every backslash. Errors are CPython's.
bool decode_bytes_escapes(std::string_view body, bool raw, std::string& out, std::string& err);

}  // namespace tsh::grammar
