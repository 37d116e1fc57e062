// shell/torch/out_arg.h — the out= argument of torch functions, shared by the ops_*.cpp files.
//
// An out= call returns the very out object (identity kept) after the result
// is written into it (engine/ops/out.h: resized, converted). Factories take
// their dtype from out when none is given, and refuse a different one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shell/torch/registry.h"

namespace tsh::shell {

std::optional<Tensor> out_arg(const Bound& a, size_t i);

// Writes result into a[i] (when given) and returns a[i]; else returns result.
Value out_or_result(const Bound& a, size_t i, const Tensor& result);

// The same for ops whose out= must have exactly the result's dtype (most of torch.linalg, the
// matrix products): PyTorch's "Expected out tensor to have dtype float, but got double instead",
// checked before anything is written.
Value out_exact(const Bound& a, size_t i, const Tensor& result);

// out_exact with the op's own wording of the error: %R and %O are the result's and out's dtypes as
// PyTorch's ScalarType names them (Float), %r and %o as its type names do (float).
Value out_worded(const Bound& a, size_t i, const Tensor& result, const std::string& words);

// A named tuple of results (torch.return_types.<name>), or, with out= (a tuple of tensors) at a[out_i],
// the results written into those tensors and the named tuple of them.
Value named_out(const Bound& a, size_t out_i, const std::string& name, const std::vector<std::string>& fields,
                const std::vector<Tensor>& results, bool exact_dtypes = false);

// A factory's dtype: dtype= if given (it must then equal out's dtype), else out's
// dtype, else nullopt (the factory's own default).
std::optional<DType> factory_dtype(const Bound& a, size_t dtype_i, size_t out_i);
// A factory's device: the device= argument, else out='s device (the result is
// written there), else the default device.
Device factory_device(const Bound& a, size_t device_i, size_t out_i);

// PyTorch's check for out= of ops whose result dtype may only widen into out's:
// "<what> can't be cast to the desired output type Long", what being e.g.
// "result type Float" or "torch.cat(): input types".
void check_can_cast_out(DType result, const Tensor& out, const std::string& what);

}  // namespace tsh::shell
