// shell/torch/ops_dtype.cpp — registry entries about dtypes themselves: the default
// dtype, promotion and casting rules, and torch.is_tensor. Their schemas are
// PyTorch 2.x's, so bad arguments get PyTorch's TypeErrors (is_tensor and
// set_default_dtype are Python functions in PyTorch, with positional-only
// parameters; get_default_dtype is a C function that takes no arguments).
#include "shell/python/errors.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_dtype_ops(Registry& r) {
  r.def("get_default_dtype() -> ScalarType", kFunction,
        "The dtype of new floating tensors (torch.float32 unless set_default_dtype changed it).",
        [](Interpreter&, Bound&) { return Value::dtype(default_dtype()); });
  r.def("set_default_dtype(Any d, /) -> None |python", kFunction,
        "Sets the dtype of new floating tensors (float16, bfloat16, float32 or float64); "
        "complex ones follow (float64 gives complex128).",
        [](Interpreter&, Bound& a) {
          if (!a[0].is(Kind::DType))
            throw TypeError("invalid dtype object: only floating-point types are supported as the default type");
          set_default_dtype(a[0].as_dtype());
          return Value();
        });
  r.def("is_tensor(Any obj, /) -> bool |python", kFunction, "Whether obj is a tensor.",
        [](Interpreter&, Bound& a) { return Value::boolean(a[0].is(Kind::Tensor)); });
  r.def("promote_types(ScalarType type1, ScalarType type2) -> ScalarType", kFunction,
        "The smallest dtype that both type1 and type2 convert to without losing their kind "
        "(PyTorch's promotion table).",
        [](Interpreter&, Bound& a) { return Value::dtype(promote_types(*a.dtype(0), *a.dtype(1))); });
  r.def("can_cast(ScalarType from_, ScalarType to) -> bool", kFunction,
        "Whether type promotion may cast from_ to `to` (no float → int, complex → real or "
        "non-bool → bool).",
        [](Interpreter&, Bound& a) { return Value::boolean(can_cast(*a.dtype(0), *a.dtype(1))); });
}

}  // namespace tsh::shell
