// engine/ops/reduce.cpp — sum, nansum, mean, nanmean, prod, var, std and friends.
//
// Each op checks its arguments, works out the result dtype and shape,
// converts the input to the dtype the kernel adds in (as PyTorch does on the
// CPU: `dtype=` converts before reducing), allocates the result and calls the
// kernel through its slot (engine/kernels/reduce.h). PyTorch 2.x's rules where they differ from
// 1.13: a float16/bfloat16 mean sums in float32 and rounds once at the end.
#include "engine/ops/reduce.h"

#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/reduce.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce_util.h"
#include "engine/ops/views.h"

namespace tsh {

using detail::ReduceSpec;

namespace {



bool is_half_type(DType d) { return d == DType::Float16 || d == DType::BFloat16; }

// The reduce-add of sum/nansum: `in` converted to `dtype`, then summed.
Tensor sum_into(const Tensor& in, const ReduceSpec& spec, DType dtype, bool ignore_nan) {
  Tensor out = detail::reduce_alloc(spec, dtype, in.device());
  if (in.numel() == 0) {
    zero_(out);
    return out;
  }
  Tensor src = to(in, dtype, std::nullopt);
  Tensor view = detail::reduce_view(out, src, spec);
  kernels::sum.get(in.device())(view, src, ignore_nan);
  return out;
}

DType sum_dtype(const Tensor& t, std::optional<DType> dtype) {
  if (dtype) return *dtype;
  return is_integral(t.dtype(), true) ? DType::Int64 : t.dtype();
}

// The dtype a mean computes in; PyTorch's message when there is none.
DType mean_dtype(const char* name, const Tensor& t, std::optional<DType> dtype) {
  DType d = dtype.value_or(t.dtype());
  if (!is_floating(d) && !is_complex(d))
    throw NotImplementedError(std::string(name) + "(): could not infer output dtype. " +
                       (dtype ? "Optional" : "Input") +
                       " dtype must be either a floating point or complex dtype. Got: " +
                       scalar_type_name(d));
  return d;
}

// The real and imaginary parts of a complex tensor, as real views of its storage.
Tensor complex_part(const Tensor& t, int part) {
  Shape strides = t.strides();
  for (auto& s : strides) s *= 2;
  return Tensor::make(t.storage(), t.sizes(), strides, t.storage_offset() * 2 + part,
                      to_real(t.dtype()));
}

void check_var_dtype(const Tensor& t) {
  TSH_CHECK(is_floating(t.dtype()) || is_complex(t.dtype()), NotImplementedError,
            "std and var only support floating point and complex dtypes");
}

// var (take_sqrt false) or std of a real floating tensor.
Tensor var_real(const Tensor& t, const ReduceSpec& spec, double correction, bool take_sqrt) {
  Tensor out = detail::reduce_alloc(spec, t.dtype(), t.device());
  if (t.device().is_meta()) return out;
  if (t.numel() == 0) {
    fill_(out, Scalar(std::numeric_limits<double>::quiet_NaN()));
    return out;
  }
  if (out.numel() == 1 && !is_half_type(t.dtype())) {
    // PyTorch's full reduction: the mean first, then the squared deviations.
    Tensor m = sum_into(t, detail::reduce_spec(t, OptDims{}, false), t.dtype(), false);
    kernels::divide_by_count.get(t.device())(m, t.numel());
    const double mean = item(m).to_double();
    double v = kernels::var_all.get(t.device())(t, mean, correction, take_sqrt);
    fill_(out, Scalar(v));
    return out;
  }
  kernels::var.get(t.device())(detail::reduce_view(out, t, spec), Tensor(), t, correction,
                              take_sqrt);
  return out;
}

Tensor var_impl(const Tensor& t, const OptDims& dims, double correction, bool keepdim,
                bool take_sqrt) {
  check_var_dtype(t);
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  if (is_complex(t.dtype())) {
    // The variance of a complex tensor is the sum of its parts' variances.
    Tensor re = var_real(complex_part(t, 0), spec, correction, false);
    Tensor im = var_real(complex_part(t, 1), spec, correction, false);
    kernels::combine_var_parts.get(t.device())(re, im, take_sqrt);
    return re;
  }
  return var_real(t, spec, correction, take_sqrt);
}

// Welford (var or std, mean) of a real floating tensor.
std::pair<Tensor, Tensor> var_mean_real(const Tensor& t, const ReduceSpec& spec, double correction,
                                        bool take_sqrt) {
  Tensor out = detail::reduce_alloc(spec, t.dtype(), t.device());
  Tensor m = detail::reduce_alloc(spec, t.dtype(), t.device());
  if (t.numel() == 0) {
    fill_(out, Scalar(std::numeric_limits<double>::quiet_NaN()));
    fill_(m, Scalar(std::numeric_limits<double>::quiet_NaN()));
    return {out, m};
  }
  kernels::var.get(t.device())(detail::reduce_view(out, t, spec), detail::reduce_view(m, t, spec), t,
                              correction, take_sqrt);
  return {out, m};
}

std::pair<Tensor, Tensor> var_mean_impl(const Tensor& t, const OptDims& dims, double correction,
                                        bool keepdim, bool take_sqrt) {
  check_var_dtype(t);
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  if (!is_complex(t.dtype())) return var_mean_real(t, spec, correction, take_sqrt);
  // Complex: each part on its own; variance re + im, mean re + im*j.
  auto [vr, mr] = var_mean_real(complex_part(t, 0), spec, correction, false);
  auto [vi, mi] = var_mean_real(complex_part(t, 1), spec, correction, false);
  kernels::combine_var_parts.get(t.device())(vr, vi, take_sqrt);
  Tensor m = detail::reduce_alloc(spec, t.dtype(), t.device());
  copy_(complex_part(m, 0), mr);
  copy_(complex_part(m, 1), mi);
  return {vr, m};
}

}  // namespace

Tensor sum(const Tensor& t, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  return sum_into(t, spec, sum_dtype(t, dtype), false);
}

Tensor nansum(const Tensor& t, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  TSH_CHECK(!is_complex(t.dtype()), NotImplementedError, "nansum on CPU does not support complex inputs");
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  return sum_into(t, spec, sum_dtype(t, dtype), true);
}

Tensor mean(const Tensor& t, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  DType d = mean_dtype("mean", t, dtype);
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  const int64_t n = detail::reduced_count(t, spec);
  if (is_half_type(d)) {  // PyTorch 2.x: sum and divide in float32, round once
    Tensor s = sum_into(t, spec, DType::Float32, false);
    kernels::divide_by_count.get(t.device())(s, n);
    return to(s, d, std::nullopt);
  }
  Tensor s = sum_into(t, spec, d, false);
  kernels::divide_by_count.get(t.device())(s, n);
  return s;
}

Tensor nanmean(const Tensor& t, const OptDims& dims, bool keepdim, std::optional<DType> dtype) {
  TSH_CHECK(is_floating(t.dtype()) || is_complex(t.dtype()), NotImplementedError,
            std::string("nanmean(): expected input to have floating point or complex dtype but got ") +
                scalar_type_name(t.dtype()));
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  Tensor s = nansum(t, dims, keepdim, dtype);
  Tensor counts = detail::reduce_alloc(spec, DType::Int64, t.device());
  if (t.numel() == 0)
    zero_(counts);
  else
    kernels::count.get(t.device())(detail::reduce_view(counts, t, spec), t, true);
  kernels::divide_by_counts.get(t.device())(s, counts);
  return s;
}

Tensor prod(const Tensor& t, std::optional<int64_t> dim, bool keepdim, std::optional<DType> dtype) {
  ReduceSpec spec = detail::reduce_spec(t, dim, keepdim);
  DType d = sum_dtype(t, dtype);
  Tensor out = detail::reduce_alloc(spec, d, t.device());
  if (t.numel() == 0) {
    fill_(out, Scalar(int64_t{1}));
    return out;
  }
  Tensor src = to(t, d, std::nullopt);
  kernels::prod.get(t.device())(detail::reduce_view(out, src, spec), src);
  return out;
}

Tensor var(const Tensor& t, const OptDims& dims, double correction, bool keepdim) {
  return var_impl(t, dims, correction, keepdim, false);
}

Tensor stddev(const Tensor& t, const OptDims& dims, double correction, bool keepdim) {
  return var_impl(t, dims, correction, keepdim, true);
}

std::pair<Tensor, Tensor> var_mean(const Tensor& t, const OptDims& dims, double correction,
                                   bool keepdim) {
  return var_mean_impl(t, dims, correction, keepdim, false);
}

std::pair<Tensor, Tensor> std_mean(const Tensor& t, const OptDims& dims, double correction,
                                   bool keepdim) {
  return var_mean_impl(t, dims, correction, keepdim, true);
}

Tensor trace(const Tensor& t) {
  TSH_CHECK(t.dim() == 2, RuntimeError, "trace: expected a matrix, but got tensor with dim " + std::to_string(t.dim()));
  TSH_CHECK(t.dtype() != DType::Bool, NotImplementedError, "\"trace\" not implemented for 'Bool'");
  return sum(diagonal(t));
}

}  // namespace tsh
