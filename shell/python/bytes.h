// shell/python/bytes.h — Python's bytes, as far as tsh's modules hand them out (a Store's get,
// str.encode): an immutable byte string with Python's repr (b'...'), equality, hashing, len,
// indexing, slicing, iteration, + and decode. b'...' literals make them (grammar/literals.cpp);
// bytes(...) builds one from a str and an encoding, an iterable of ints, or a size.
#pragma once

#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

Value make_bytes(std::string data);
bool is_bytes(const Value& v);
const std::string& bytes_data(const Value& v);  // is_bytes(v) must hold

// The builtin type `bytes` (its constructor), installed among the builtins.
Value bytes_type();

// str.encode(encoding='utf-8', errors='strict') and bytes.decode: UTF-8, ASCII and Latin-1.
Value encode_str(const std::string& s, const std::string& encoding);

}  // namespace tsh::shell
