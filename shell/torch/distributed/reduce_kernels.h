// shell/torch/distributed/reduce_kernels.h — what each ReduceOp does to two elements of each dtype
// the backends carry, shared by Gloo's reduce functions and MPI's user-defined operations so that
// both backends combine bits the same way. AVG is summed here and divided by the caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <type_traits>

#include "engine/core/dtype.h"
#include "engine/core/half.h"
#include "shell/torch/distributed/process_group.h"

namespace tsh::dist {

using ReduceFn = void (*)(void*, const void*, const void*, size_t);

template <typename T, typename Op> void combine(void* c, const void* a, const void* b, size_t n) {
  T* out = static_cast<T*>(c);
  const T* x = static_cast<const T*>(a);
  const T* y = static_cast<const T*>(b);
  for (size_t i = 0; i < n; ++i) out[i] = Op::apply(x[i], y[i]);
}

// Each op per element; the 16-bit floats compute in float, bools as logic.
struct Add {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a || b;
    else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(static_cast<float>(a) + static_cast<float>(b));
    else return static_cast<T>(a + b);
  }
};
struct Mul {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, bool>) return a && b;
    else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return T(static_cast<float>(a) * static_cast<float>(b));
    else return static_cast<T>(a * b);
  }
};
struct Min {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return static_cast<float>(b) < static_cast<float>(a) ? b : a;
    else return b < a ? b : a;
  }
};
struct Max {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) return static_cast<float>(b) > static_cast<float>(a) ? b : a;
    else return b > a ? b : a;
  }
};
struct And {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(a & b);
    else return a;
  }
};
struct Or {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(a | b);
    else return a;
  }
};
struct Xor {
  template <typename T> static T apply(T a, T b) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(a ^ b);
    else return a;
  }
};

template <typename T> ReduceFn reduce_fn(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Avg: return &combine<T, Add>;  // AVG: the caller divides the sum
    case ReduceOp::Product: return &combine<T, Mul>;
    case ReduceOp::Min: return &combine<T, Min>;
    case ReduceOp::Max: return &combine<T, Max>;
    case ReduceOp::Band: return &combine<T, And>;
    case ReduceOp::Bor: return &combine<T, Or>;
    case ReduceOp::Bxor: return &combine<T, Xor>;
    case ReduceOp::PremulSum: break;
  }
  throw std::runtime_error("unsupported reduce op");
}

// f.template operator()<T>() with T the tensor's element type.
template <typename F> auto with_type(DType d, F&& f) {
  switch (d) {
    case DType::Float32: return f.template operator()<float>();
    case DType::Float64: return f.template operator()<double>();
    case DType::Float16: return f.template operator()<Half>();
    case DType::BFloat16: return f.template operator()<BFloat16>();
    case DType::Int8: return f.template operator()<int8_t>();
    case DType::UInt8: return f.template operator()<uint8_t>();
    case DType::Bool: return f.template operator()<bool>();
    case DType::Int32: return f.template operator()<int32_t>();
    case DType::Int64: return f.template operator()<int64_t>();
    default: throw std::runtime_error("Invalid scalar type");
  }
}

}  // namespace tsh::dist
