// shell/python/call_args.h — a call's `*iterable` and `**mapping` arguments:
// expanding them into the positional and keyword arguments of the call, with
// Python's TypeErrors, and the callee's name as those errors spell it.
// (Binding the expanded arguments to a def's parameters, *args and **kwargs
// included, is Interpreter::call_function in shell/interp.cpp.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// How Python names a callable in call errors: "print()", "__main__.f()";
// a tensor method called as t.view(...) is "Tensor.view()".
std::string call_name(const Value& callee);
// `f(**mapping)`: appends the mapping's items to kwargs, with Python's
// errors for a non-mapping, a non-str key or a repeated keyword; `callee`
// is call_name's text.
void expand_kwargs(const std::string& callee, const Value& mapping, Kwargs& kwargs);
// `f(*iterable)`: appends the items to args; a value that is not iterable is
// Python's "f() argument after * must be an iterable, not int".
void expand_args(Interpreter& in, const std::string& callee, const Value& iterable, Args& args);
// Binds a call to a Python function's parameters `names` (the first
// `required` of them required), with Python's TypeErrors naming fname;
// a parameter not given is None.
std::vector<Value> bind_params(const std::string& fname, Args& a, Kwargs& kw,
                               const std::vector<std::string>& names, size_t required);
// Binds a call to a function CPython implements in C with keyword arguments
// (Argument Clinic, PyArg_ParseTupleAndKeywords), with their TypeErrors:
// "count() takes at most 2 arguments (3 given)", "isclose() missing required
// argument 'b' (pos 2)", "'foo' is an invalid keyword argument for count()".
// Of `names`, the first `posonly` are positional-only, the first `maxpos`
// positional (the rest keyword-only), the first `required` required. A
// parameter not given is nullopt.
std::vector<std::optional<Value>> bind_c_params(const std::string& fname, const Args& a, const Kwargs& kw,
                                                const std::vector<std::string>& names, size_t required,
                                                size_t posonly = 0, size_t maxpos = SIZE_MAX);

}  // namespace tsh::shell
