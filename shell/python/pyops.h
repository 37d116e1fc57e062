// shell/python/pyops.h — helpers for Python operators, and the tensor side of them.
#pragma once

#include "grammar/ast.h"
#include "shell/python/value.h"

namespace tsh::shell {

class Interpreter;

// A list/tuple/str index as a non-negative position; IndexError "<what> index out of range".
int64_t normalize_index(const Value& idx, int64_t len, const char* what);
// list[slice] = iterable and del list[slice], with Python's rules for extended slices (shell/torch/subscript.cpp).
void list_assign_slice(Interpreter& in, std::vector<Value>& items, const Value& slice, const Value& v);
void list_delete_slice(std::vector<Value>& items, const Value& slice);
// `"%d items" % n` — printf-style formatting of Python strings (format_str.cpp).
std::string percent_format(const std::string& fmt, const Value& args);

// Operators with a tensor operand (shell/torch/tensor_ops.cpp), following PyTorch.
Value tensor_binary(Interpreter& in, grammar::Op op, const Value& a, const Value& b, bool inplace);
Value tensor_unary(Interpreter& in, grammar::Op op, const Value& v);
Value tensor_compare(Interpreter& in, grammar::Op op, const Value& a, const Value& b);
Value tensor_any(const Value& t);  // a bool Value: any element true

}  // namespace tsh::shell
