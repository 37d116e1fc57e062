// engine/kernels/creation.h — the range fills: arange, linspace, logspace.
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh {

// The type arange counts in (PyTorch's accumulate type: int64 for integers,
// float for the 16-bit floats, double for float and double): the op layer
// checks the bounds and sizes the result with it, the kernels step with it.
template <typename T> struct ArangeAcc { using type = double; };
template <> struct ArangeAcc<Half> { using type = float; };
template <> struct ArangeAcc<BFloat16> { using type = float; };
template <typename T>
using arange_acc_t = std::conditional_t<std::is_integral_v<T>, int64_t, typename ArangeAcc<T>::type>;

namespace kernels {

using ArangeFn = void (*)(const Tensor& out, const Scalar& start, const Scalar& step);
using LinspaceFn = void (*)(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps);
using LogspaceFn = void (*)(const Tensor& out, const Scalar& start, const Scalar& end, int64_t steps, double base);

extern Kernel<ArangeFn> arange;
extern Kernel<LinspaceFn> linspace;
extern Kernel<LogspaceFn> logspace;

}  // namespace kernels
}  // namespace tsh
