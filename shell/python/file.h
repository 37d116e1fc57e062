// shell/python/file.h — open() and Python's text files (io.TextIOWrapper):
// read, readline, readlines, write, writelines, iteration by line, seek/tell,
// with-blocks, universal newlines, UTF-8. Binary modes need a bytes type,
// which tsh does not have, and are refused.
#pragma once

#include "shell/python/value.h"

namespace tsh::shell {

// The open builtin.
Value open_builtin(Interpreter& in, Args& a, Kwargs& kw);
// Whether v is a text file open for writing (print's file=, sys.stdout aside).
bool is_file(const Value& v);

}  // namespace tsh::shell
