// engine/ops/creation.cpp — factory ops: argument checks, dtype choice, allocation; kernels fill.
#include "engine/ops/creation.h"

#include <algorithm>
#include <memory>

#include <cmath>
#include <sstream>
#include <string>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/creation.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {



// The element count of arange, with PyTorch's checks in their order.
int64_t arange_size(const Scalar& start, const Scalar& end, const Scalar& step, DType d, Device device) {
  static const kernels::Check arange_check("arange");
  arange_check.require(device, d);
  // A device without an arange limit (meta) counts bool and complex ranges in double; so does every
  // dtype when a bound or the step is not an integer (PyTorch 2.x: arange(5.5, dtype=int64) has 6
  // elements, arange(0, 1, 0.5, dtype=int8) two zeros).
  auto integral = [](const Scalar& s) { return s.is_int() || s.is_bool(); };
  const bool int_bounds = integral(start) && integral(end) && integral(step);
  const DType counted = is_complex(d) || d == DType::Bool || !int_bounds ? DType::Float64 : d;
  return dispatch(counted, [&]<typename T>() -> int64_t {
    if constexpr (is_complex_v<T> || std::is_same_v<T, bool>) {
      return 0;  // never: counted is real
    } else {
      using A = arange_acc_t<T>;
      const A xstart = scalar_to<A>(start), xend = scalar_to<A>(end), xstep = scalar_to<A>(step);
      TSH_CHECK(xstep > 0 || xstep < 0, RuntimeError, "step must be nonzero");
      TSH_CHECK(std::isfinite(static_cast<double>(xstart)) &&
                    std::isfinite(static_cast<double>(xend)),
                RuntimeError, "unsupported range: " + stream_str(xstart) + " -> " + stream_str(xend));
      TSH_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart), RuntimeError,
                "upper bound and lower bound inconsistent with step sign");
      double size_d;
      if constexpr (std::is_same_v<T, int64_t>) {
        // Exact integer count; like PyTorch, the sum wraps around on overflow.
        const int64_t sgn = (xstep > 0) - (xstep < 0);
        const int64_t num = static_cast<int64_t>(static_cast<uint64_t>(xend) -
                                                 static_cast<uint64_t>(xstart) +
                                                 static_cast<uint64_t>(xstep) -
                                                 static_cast<uint64_t>(sgn));
        size_d = (xstep == -1 && num == INT64_MIN) ? -1.0 : std::ceil(double(num / xstep));
      } else {
        // Other dtypes count in double from the original bounds.
        size_d = std::ceil((scalar_to<double>(end) - scalar_to<double>(start)) /
                           scalar_to<double>(step));
      }
      TSH_CHECK(size_d >= 0 && size_d <= static_cast<double>(INT64_MAX), RuntimeError,
                "invalid size, possible overflow?");
      return static_cast<int64_t>(size_d);
    }
  });
}

// linspace/logspace: a complex bound asks for a complex result.
DType spaced_dtype(const Scalar& start, const Scalar& end, std::optional<DType> dtype,
                   const char* fn) {
  if (start.is_complex() || end.is_complex()) {
    DType c = default_complex_dtype();
    if (!dtype) return c;
    TSH_CHECK(is_complex(*dtype), RuntimeError,
              std::string(fn) + ": inferred dtype " +
                  (c == DType::Complex64 ? "c10::complex<float>" : "c10::complex<double>") +
                  " can't be safely cast to passed dtype " + scalar_type_name(*dtype));
    return *dtype;
  }
  return dtype.value_or(default_dtype());
}

// One Python number stored the way torch.tensor(data, dtype=...) stores it.
template <typename T> T tensor_element(const Scalar& v, const char* int_name) {
  if constexpr (std::is_same_v<T, bool>) {
    return v.to_bool();
  } else if constexpr (is_complex_v<T>) {
    return convert<T>(v.to_complex());
  } else if constexpr (std::is_integral_v<T>) {
    TSH_CHECK(!v.is_complex(), TypeError, "'complex' object cannot be interpreted as an integer");
    bool overflow = v.is_float()  ? detail::double_overflows<T>(v.to_double())
                    : v.is_uint() ? detail::uint_overflows<T>(static_cast<uint64_t>(v.to_int()))
                                  : detail::int_overflows<T>(v.to_int());
    TSH_CHECK(!overflow, RuntimeError,
              std::string("value cannot be converted to type ") + int_name + " without overflow");
    return v.is_float() ? convert<T>(v.to_double()) : static_cast<T>(v.to_int());
  } else {
    TSH_CHECK(!v.is_complex(), TypeError, "must be real number, not complex");
    // Python turns an int into a double first, then C++ narrows it.
    return convert<T>(v.to_double());
  }
}

}  // namespace

Tensor zeros(const Shape& sizes, DType dtype, Device device) {
  Tensor out = empty(sizes, dtype, device);
  zero_(out);
  return out;
}

Tensor ones(const Shape& sizes, DType dtype, Device device) {
  return full(sizes, Scalar(int64_t{1}), dtype, device);
}

Tensor full(const Shape& sizes, const Scalar& value, std::optional<DType> dtype, Device device) {
  Tensor out = empty(sizes, dtype.value_or(value.natural_dtype()), device);
  fill_(out, value);
  return out;
}

Tensor eye(int64_t n, std::optional<int64_t> m, DType dtype, Device device) {
  TSH_CHECK(n >= 0, RuntimeError, "n must be greater or equal to 0, got " + std::to_string(n));
  int64_t cols = m.value_or(n);
  TSH_CHECK(cols >= 0, RuntimeError,
            "m must be greater or equal to 0, got " + std::to_string(cols));
  Tensor out = zeros({n, cols}, dtype, device);
  fill_(diagonal(out), Scalar(int64_t{1}));
  return out;
}

Tensor empty_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  return empty_like(t, dtype.value_or(t.dtype()), device.value_or(t.device()));
}

Tensor zeros_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  Tensor out = empty_like(t, dtype, device);
  zero_(out);
  return out;
}

Tensor ones_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  return full_like(t, Scalar(int64_t{1}), dtype, device);
}

Tensor full_like(const Tensor& t, const Scalar& value, std::optional<DType> dtype,
                 std::optional<Device> device) {
  Tensor out = empty_like(t, dtype, device);
  fill_(out, value);
  return out;
}

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step,
              std::optional<DType> dtype, Device device) {
  auto integral = [](const Scalar& s) { return s.is_int() || s.is_bool(); };
  DType d = dtype.value_or(integral(start) && integral(end) && integral(step) ? DType::Int64
                                                                              : default_dtype());
  Tensor out = empty({arange_size(start, end, step, d, device)}, d, device);
  kernels::arange.get(device)(out, start, step);
  return out;
}

Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps, std::optional<DType> dtype,
                Device device) {
  TSH_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
  DType d = spaced_dtype(start, end, dtype, "torch.linspace()");
  Tensor out = empty({steps}, d, device);
  if (steps == 1) {
    fill_(out, start);  // end is not even looked at, as in PyTorch
  } else if (steps > 1) {
    static const kernels::Check linspace_check("linspace");
    linspace_check.require(device, d);
    check_scalar_fits(start, d);
    check_scalar_fits(end, d);
    kernels::linspace.get(device)(out, start, end, steps);
  }
  return out;
}

Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base,
                std::optional<DType> dtype, Device device) {
  TSH_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
  DType d = spaced_dtype(start, end, dtype, "torch.logspace()");
  Tensor out = empty({steps}, d, device);
  if (steps == 1) {
    // A single value is computed in double (complex double) and then filled.
    if (is_complex(d))
      fill_(out, Scalar(std::pow(base, scalar_to<std::complex<double>>(start))));
    else
      fill_(out, Scalar(std::pow(base, scalar_to<double>(start))));
  } else if (steps > 1) {
    static const kernels::Check logspace_check("logspace");
    logspace_check.require(device, d);
    check_scalar_fits(start, d);
    check_scalar_fits(end, d);
    kernels::logspace.get(device)(out, start, end, steps, base);
  }
  return out;
}

Tensor from_scalars(const Shape& sizes, const std::vector<Scalar>& values, DType dtype,
                    Device device) {
  const int64_t n = shape_numel(sizes);
  TSH_CHECK(n == static_cast<int64_t>(values.size()), RuntimeError,
            "from_scalars: " + std::to_string(values.size()) +
                " values cannot fill a tensor of shape " + shape_str(sizes));
  // Python numbers are converted on the host, then moved, as torch.tensor does.
  Tensor out = empty(sizes, dtype, device);
  dispatch(dtype, [&]<typename T>() {
    const std::string int_name(dtype_name(dtype));  // "uint8": torch.tensor's spelling
    std::unique_ptr<T[]> host(new T[static_cast<size_t>(n)]);  // not vector: vector<bool> has no data()
    for (int64_t i = 0; i < n; ++i) host[i] = tensor_element<T>(values[i], int_name.c_str());
    write_bytes(out.storage(), 0, host.get(), n * static_cast<int64_t>(sizeof(T)));
  });
  return out;
}

DType infer_dtype(const std::vector<Scalar>& values) {
  if (values.empty()) return default_dtype();
  bool all_bool = true, any_float = false, any_complex = false;
  for (const Scalar& v : values) {
    all_bool = all_bool && v.is_bool();
    any_float = any_float || v.is_float();
    any_complex = any_complex || v.is_complex();
  }
  if (any_complex) return default_complex_dtype();
  if (any_float) return default_dtype();
  return all_bool ? DType::Bool : DType::Int64;
}

bool equal(const Tensor& a, const Tensor& b) {
  TSH_CHECK(a.device() == b.device(), RuntimeError,
            "Cannot compare two tensors on different devices. Got: " + a.device().str() +
                " and " + b.device().str());
  if (a.sizes() != b.sizes()) return false;
  DType d = promote_types(a.dtype(), b.dtype());
  return kernels::equal.get(a.device())(to(a, d, std::nullopt), to(b, d, std::nullopt));
}

namespace {

// PyTorch's get_tril_size (aten/src/ATen/native/TensorFactories.h): the count in closed form,
// so that absurd sizes reach the allocator's error without a loop over the rows.
int64_t tril_size(int64_t row, int64_t col, int64_t offset) {
  if (row == 0 || col == 0) return 0;
  const int64_t m_first_row = offset > 0 ? std::min<int64_t>(col, 1 + offset) : (row + offset > 0 ? 1 : 0);
  const int64_t m_last_row = std::max<int64_t>(0, std::min<int64_t>(col, row + offset));
  const int64_t n_row_all = std::max<int64_t>(0, std::min<int64_t>(row, row + offset));
  const int64_t n_row_trapezoid = m_last_row - m_first_row + 1;
  int64_t size = ((m_first_row + m_last_row) * n_row_trapezoid) >> 1;
  const int64_t diff_row = n_row_all - n_row_trapezoid;
  if (diff_row > 0) size += diff_row * col;
  return size;
}

// Both ops: the argument checks, the allocation, then the dtype dispatch (int32 and int64 only),
// in PyTorch's order; rows [first col, end col) of each row i come from `span`.
template <typename Span>
Tensor triangle_indices(const char* name, int64_t row, int64_t col, int64_t size, DType dtype, Device device, Span span) {
  Tensor out = empty({2, size}, dtype, device);
  if (device.is_meta()) return out;
  TSH_CHECK(dtype == DType::Int64 || dtype == DType::Int32, NotImplementedError,
            std::string("\"") + name + "\" not implemented for '" + scalar_type_name(dtype) + "'");
  std::vector<int64_t> v(static_cast<size_t>(2 * size));
  size_t k = 0;
  const size_t n = static_cast<size_t>(size);
  for (int64_t i = 0; i < row && k < n; ++i) {
    auto [lo, hi] = span(i);
    for (int64_t j = lo; j < hi; ++j, ++k) {
      v[k] = i;
      v[n + k] = j;
    }
  }
  (void)col;
  Tensor values = int64_tensor({2, size}, v, device);
  copy_(out, values);
  return out;
}

void check_triangle_args(int64_t row, int64_t col) {
  TSH_CHECK(row >= 0, RuntimeError, "row must be non-negative, got" + std::to_string(row));
  TSH_CHECK(col >= 0, RuntimeError, "col must be non-negative, got" + std::to_string(col));
}

}  // namespace

Tensor tril_indices(int64_t row, int64_t col, int64_t offset, DType dtype, Device device) {
  check_triangle_args(row, col);
  return triangle_indices("tril_indices", row, col, tril_size(row, col, offset), dtype, device, [=](int64_t i) {
    return std::pair<int64_t, int64_t>{0, std::clamp<int64_t>(i + offset + 1, 0, col)};
  });
}

Tensor triu_indices(int64_t row, int64_t col, int64_t offset, DType dtype, Device device) {
  check_triangle_args(row, col);
  const int64_t size = row * col - tril_size(row, col, offset - 1);
  return triangle_indices("triu_indices", row, col, size, dtype, device, [=](int64_t i) {
    return std::pair<int64_t, int64_t>{std::clamp<int64_t>(i + offset, 0, col), col};
  });
}

}  // namespace tsh
