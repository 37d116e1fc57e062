// shell/torch/arg_parser.h — binds a call's arguments to op signatures with PyTorch's rules.
//
// PyTorch's Python argument parser decides which overload a call binds to and
// what TypeError a bad call gets; users read those messages, so tsh follows the
// same rules: positional then keyword filling, NumPy's aliases (axis=, keepdims=,
// x=, a=, x1=, x2=), the `zeros(2, 3)` form of a sole positional int[], per-type
// acceptance, and, when no overload fits, the "invalid combination of arguments"
// listing with its "didn't match" lines. Internal to the registry.
#pragma once

#include <span>
#include <string>

#include "shell/torch/registry.h"

namespace tsh::shell {

// Binds args (args[0] is self for a method) to one signature, filling out.values in
// schema order. Returns false when it does not fit; with raise, throws that
// signature's own TypeError instead. A malformed tensor list throws either way, as
// in PyTorch.
bool bind_signature(const Signature& sig, bool is_method, const Args& args, const Kwargs& kwargs,
                    Bound& out, bool raise);

// Whether binding these positional tensors (args[0] is self for a method) with no keywords
// takes bind_signature's short cut: they fill the leading Tensor parameters and every other
// parameter keeps its default (see Signature::plain_min).
bool binds_plainly(const Signature& sig, bool is_method, std::span<const Value> args);
// The same for a call of n tensors (self included, for a method), knowing they are all tensors.
bool binds_plainly(const Signature& sig, bool is_method, size_t n);

// After a successful bind: the checks PyTorch makes while unpacking values (an int
// list's later elements). Throws TypeError.
void check_unpacked(const Signature& sig, bool is_method, const Bound& b);

// No overload fit: throws the TypeError PyTorch gives (one plausible overload's own
// error, or the listing of every visible overload).
[[noreturn]] void throw_no_match(const std::vector<const Signature*>& sigs, bool is_method,
                                 const Args& args, const Kwargs& kwargs);

// Binds with Python's rules for the ops PyTorch writes in Python (`|python` schemas):
// no type checks, Python's own TypeErrors naming `qualname`.
void bind_python(const Signature& sig, const std::string& qualname, bool is_method, const Args& args,
                 const Kwargs& kwargs, Bound& out);

// One overload as PyTorch lists it: "(Tensor input, *, torch.dtype dtype = None)", with
// its least and greatest number of arguments (for the plausibility test).
std::string listing_signature(const Signature& sig, bool is_method, size_t* min_args, size_t* max_args);

// A TypeError whose text is cut as PyTorch's fixed 1024-byte message buffer cuts it.
[[noreturn]] void throw_parser_error(std::string msg);

}  // namespace tsh::shell
