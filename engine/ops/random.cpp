// engine/ops/random.cpp — random ops: PyTorch's argument checks (in its order, with its
// messages), dtype rules and output allocation; the kernels (engine/kernels/random.h) draw.
#include "engine/ops/random.h"

#include <cmath>
#include <sstream>
#include <string>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/random.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {





// PyTorch refuses to write through a tensor whose elements share memory (an expanded dim).
void check_no_internal_overlap(const Tensor& t) {
  for (int64_t d = 0; d < t.dim(); ++d)
    TSH_CHECK(!(t.sizes()[d] > 1 && t.strides()[d] == 0), RuntimeError,
              "unsupported operation: more than one element of the written-to tensor refers to a "
              "single memory location. Please clone() the tensor before performing the operation.");
}

// The finite range of a real floating dtype, as doubles.
std::pair<double, double> float_range(DType d) {
  return dispatch(d, [&]<typename T>() -> std::pair<double, double> {
    if constexpr (is_float_v<T>) return {detail::range_lowest<T>(), detail::range_max<T>()};
    else return {0, 0};
  });
}

bool is_integral_or_bool(DType d) { return is_integral(d, true); }

int mantissa_digits(DType d) {
  switch (d) {
    case DType::Float16: return 11;
    case DType::BFloat16: return 8;
    case DType::Float32: return 24;
    default: return 53;
  }
}

// random_'s nudges for float dtypes: the nearest from/to that stay inside
// [from, to) once the drawn int64 is rounded to the dtype.
int64_t update_from(int64_t from, DType d) {
  return dispatch(d, [&]<typename T>() -> int64_t {
    if constexpr (is_float_v<T>) {
      const int64_t from_plus_1 = convert<int64_t>(convert<T>(from + 1));
      if (from_plus_1 < from) {
        int64_t v = std::abs(from + 1);
        int n = 0;
        while (v >>= 1) ++n;
        from = from_plus_1 + (int64_t{1} << (n - mantissa_digits(d) + 1));
      }
    }
    return from;
  });
}

int64_t update_to(int64_t to, DType d) {
  return dispatch(d, [&]<typename T>() -> int64_t {
    if constexpr (is_float_v<T>) {
      const int64_t to_minus_1 = convert<int64_t>(convert<T>(to - 1));
      if (to_minus_1 >= to) {
        int64_t v = std::abs(to - 1);
        int n = 0;
        while (v >>= 1) ++n;
        to = to_minus_1 - (int64_t{1} << (n - mantissa_digits(d) + 1));
      }
    }
    return to;
  });
}

void check_from_to_in_range(int64_t from, int64_t to_inc, DType d) {
  const std::string name = typemeta_name(d);
  if (is_floating(d)) {
    auto [lo, hi] = float_range(d);
    const double f = static_cast<double>(from), t = static_cast<double>(to_inc);
    TSH_CHECK(f >= lo && f <= hi, RuntimeError, "from is out of bounds for " + name);
    TSH_CHECK(t >= lo && t <= hi, RuntimeError, "to - 1 is out of bounds for " + name);
  } else if (is_integral_or_bool(d)) {
    int64_t lo = 0, hi = 0;
    dispatch(d, [&]<typename T>() {
      if constexpr (std::is_integral_v<T>) {
        lo = static_cast<int64_t>(std::numeric_limits<T>::lowest());
        hi = static_cast<int64_t>(std::numeric_limits<T>::max());
      }
    });
    TSH_CHECK(from >= lo && from <= hi, RuntimeError, "from is out of bounds for " + name);
    TSH_CHECK(to_inc >= lo && to_inc <= hi, RuntimeError, "to - 1 is out of bounds for " + name);
  } else {
    throw RuntimeError("check_random_bounds handles only integral, floating-point and boolean types");
  }
}

// The dtype PyTorch computes `out op other` in for an in-place op on out (out
// floating or complex, other not of a higher category): a 0-d other does not
// widen a dimensioned out.
DType inplace_compute_type(const Tensor& out, const Tensor& other) {
  if (other.dim() == 0 && out.dim() > 0) return out.dtype();
  return promote_types(out.dtype(), other.dtype());
}

// other broadcast to out's shape (stride 0 where stretched).
Tensor expanded_to(const Tensor& other, const Shape& shape) {
  return other.as_view(shape, broadcast_strides(other.sizes(), other.strides(), shape), other.storage_offset());
}

// Calls f(value as double) for every element of a real tensor, row-major, until f returns false.
// A meta tensor has no values: nothing is called.
template <typename F> void for_each_value(const Tensor& t, F&& f) {
  if (t.device().is_meta() || is_complex(t.dtype())) return;
  for (double v : host_values<double>(to(t, DType::Float64, t.device())))
    if (!f(v)) return;
}

// PyTorch's CHECK_NORMAL_TENSOR_STD: real, and min() >= 0 (a NaN makes the minimum NaN, which fails).
void check_std_tensor(const Tensor& std) {
  TSH_CHECK(!is_complex(std.dtype()), RuntimeError, "normal expects standard deviation to be non-complex");
  bool ok = true;
  for_each_value(std, [&](double v) { return ok = v >= 0; });
  TSH_CHECK(ok, RuntimeError, "normal expects all elements of std >= 0.0");
}

}  // namespace

// ---------------------------------------------------------------------------- in place

const Tensor& uniform_(const Tensor& self, double from, double to, Generator* gen) {
  if (is_complex(self.dtype())) {
    if (self.numel() == 0) return self;
    uniform_(view_as_real(self), from, to, gen);
    return self;
  }
  const DType d = self.dtype();
  static const kernels::Check uniform_check("uniform");
  uniform_check.require(self.device(), d);
  auto [lo, hi] = float_range(d);
  TSH_CHECK(from >= lo && from <= hi, RuntimeError, std::string("from is out of bounds for ") + typemeta_name(d));
  TSH_CHECK(to >= lo && to <= hi, RuntimeError, std::string("to is out of bounds for ") + typemeta_name(d));
  TSH_CHECK(from <= to, RuntimeError,
            "uniform_ expects to return a [from, to) range, but found from=" + stream_str(from) + " > to=" + stream_str(to));
  TSH_CHECK(to - from <= hi, RuntimeError,
            std::string("uniform_ expects to-from <= std::numeric_limits<") + scalar_type_name(d) +
                ">::max(), but found to=" + stream_str(to) + " and from=" + stream_str(from) +
                " which result in to-from to exceed the limit");
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  kernels::uniform.get(self.device())(self, from, to, generator_for(gen, self.device()));
  return self;
}

const Tensor& normal_(const Tensor& self, double mean, double std, Generator* gen) {
  TSH_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std " + stream_str(std));
  if (self.numel() == 0) return self;
  // Real and imaginary parts each get half the variance.
  const Tensor t = is_complex(self.dtype()) ? view_as_real(self) : self;
  if (is_complex(self.dtype())) std = std / std::sqrt(2.0);
  static const kernels::Check normal_check("normal");
  normal_check.require(t.device(), t.dtype());
  check_no_internal_overlap(t);
  kernels::normal.get(t.device())(t, mean, std, generator_for(gen, t.device()));
  return self;
}

const Tensor& random_(const Tensor& self, Generator* gen) {
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  static const kernels::Check random_check("random");
  random_check.require(self.device(), self.dtype());
  kernels::random.get(self.device())(self, generator_for(gen, self.device()));
  return self;
}

const Tensor& random_(const Tensor& self, int64_t from, std::optional<int64_t> to, Generator* gen) {
  check_no_internal_overlap(self);
  const DType d = self.dtype();
  if (to) {
    int64_t hi = *to;
    TSH_CHECK(from < hi, RuntimeError,
              "random_ expects 'from' to be less than 'to', but got from=" + stream_str(from) + " >= to=" + stream_str(hi));
    if (is_floating(d)) {
      from = update_from(from, d);
      hi = update_to(hi, d);
      TSH_CHECK(from < hi, RuntimeError,
                "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=" +
                    stream_str(from) + " >= to=" + stream_str(hi));
    }
    check_from_to_in_range(from, hi - 1, d);
    if (self.numel() == 0) return self;
    const uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(from);
    kernels::random_from_to.get(self.device())(self, range, from, generator_for(gen, self.device()));
  } else if (from != INT64_MIN) {
    int64_t to_inc = 0;
    if (is_floating(d)) {
      const int digits = mantissa_digits(d);
      to_inc = digits >= 63 ? INT64_MAX : int64_t{1} << digits;
      from = update_from(from, d);
      TSH_CHECK(from < to_inc, RuntimeError,
                "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, "
                "but got from=" + stream_str(from) + " > to_inc=" + stream_str(to_inc));
    } else if (is_integral_or_bool(d)) {
      dispatch(d, [&]<typename T>() {
        if constexpr (std::is_integral_v<T>) to_inc = static_cast<int64_t>(std::numeric_limits<T>::max());
      });
    } else {
      throw RuntimeError("random_from_to_impl handles only integral, floating-point and boolean types");
    }
    check_from_to_in_range(from, to_inc, d);
    if (self.numel() == 0) return self;
    const uint64_t range = static_cast<uint64_t>(to_inc) - static_cast<uint64_t>(from) + 1;
    kernels::random_from_to.get(self.device())(self, range, from, generator_for(gen, self.device()));
  } else {
    // [int64 min, int64 max]: every 64-bit pattern.
    if (self.numel() == 0) return self;
    const bool kernel_type = d == DType::Int64 || d == DType::Float64 || d == DType::Float32 ||
                             d == DType::BFloat16;
    static const kernels::Check full_range_check("random_full_range");
    full_range_check.require(self.device(), d);
    TSH_CHECK(kernel_type || self.device().is_meta(), RuntimeError,
              "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
    kernels::random_full_range.get(self.device())(self, generator_for(gen, self.device()));
  }
  return self;
}

const Tensor& bernoulli_(const Tensor& self, double p, Generator* gen) {
  TSH_CHECK(0 <= p && p <= 1, RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=" + stream_str(p));
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  const DType d = self.dtype();
  static const kernels::Check bernoulli_check("bernoulli_scalar");
  bernoulli_check.require(self.device(), d);
  kernels::bernoulli_scalar.get(self.device())(self, p, generator_for(gen, self.device()));
  return self;
}

const Tensor& bernoulli_(const Tensor& self, const Tensor& p, Generator* gen) {
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  const DType d = self.dtype();
  static const kernels::Check self_check("bernoulli_tensor/self"), p_check("bernoulli_tensor/p");
  self_check.require(self.device(), d);
  Tensor pe = expand(p, self.sizes());
  const DType pd = p.dtype();
  p_check.require(self.device(), pd);
  // PyTorch checks each p as it samples; checking all first leaves self untouched on error.
  bool ok = true;
  for_each_value(pe, [&](double v) { return ok = (v >= 0 && v <= 1); });
  TSH_CHECK(ok, RuntimeError,
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be "
            "improved?  If so, please report an enhancement request to PyTorch.)");
  kernels::bernoulli_tensor.get(self.device())(self, pe, generator_for(gen, self.device()));
  return self;
}

const Tensor& exponential_(const Tensor& self, double lambd, Generator* gen) {
  TSH_CHECK(lambd > 0.0, RuntimeError, "exponential_ expects lambda > 0.0, but found lambda=" + stream_str(lambd));
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  TSH_CHECK(is_floating(self.dtype()), RuntimeError,  // 2.x's kernel check (1.13: "not implemented")
            std::string("Exponential distribution is a continuous probability distribution. dtype must be a "
                        "floating point but you specified ") +
                scalar_type_name(self.dtype()));
  kernels::exponential.get(self.device())(self, lambd, generator_for(gen, self.device()));
  return self;
}

const Tensor& geometric_(const Tensor& self, double p, Generator* gen) {
  TSH_CHECK(0 < p && p < 1, RuntimeError, "geometric_ expects p to be in (0, 1), but got p=" + stream_str(p));
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  static const kernels::Check geometric_check("geometric");
  geometric_check.require(self.device(), self.dtype());
  kernels::geometric.get(self.device())(self, p, generator_for(gen, self.device()));
  return self;
}

const Tensor& cauchy_(const Tensor& self, double median, double sigma, Generator* gen) {
  TSH_CHECK(sigma > 0.0, RuntimeError, "cauchy_ expects sigma > 0.0, but found sigma=" + stream_str(sigma));
  TSH_CHECK(is_floating(self.dtype()), RuntimeError,
            std::string("Cauchy distribution is a continuous probability distribution. dtype must be a "
                        "floating point but you specified ") + typemeta_name(self.dtype()));
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  kernels::cauchy.get(self.device())(self, median, sigma, generator_for(gen, self.device()));
  return self;
}

const Tensor& log_normal_(const Tensor& self, double mean, double std, Generator* gen) {
  TSH_CHECK(std > 0.0, RuntimeError, "log_normal_ expects std > 0.0, but found std=" + stream_str(std));
  if (self.numel() == 0) return self;
  check_no_internal_overlap(self);
  static const kernels::Check log_normal_check("log_normal");
  log_normal_check.require(self.device(), self.dtype());
  kernels::log_normal.get(self.device())(self, mean, std, generator_for(gen, self.device()));
  return self;
}

// ---------------------------------------------------------------------------- factories

Tensor rand(const Shape& size, std::optional<DType> dtype, Device device, Generator* gen) {
  Tensor out = empty(size, dtype.value_or(default_dtype()), device);
  uniform_(out, 0, 1, gen);
  return out;
}

Tensor randn(const Shape& size, std::optional<DType> dtype, Device device, Generator* gen) {
  Tensor out = empty(size, dtype.value_or(default_dtype()), device);
  normal_(out, 0, 1, gen);
  return out;
}

Tensor randint(int64_t low, int64_t high, const Shape& size, std::optional<DType> dtype, Device device,
               Generator* gen) {
  Tensor out = empty(size, dtype.value_or(DType::Int64), device);
  random_(out, low, high, gen);
  return out;
}

Tensor randperm(int64_t n, std::optional<DType> dtype, Device device, Generator* gen) {
  const DType d = dtype.value_or(DType::Int64);
  Tensor out = empty({n}, d, device);
  // The largest value, n - 1, must fit the dtype, and floats must hold every integer up to it.
  check_scalar_fits(Scalar(n > 0 ? n - 1 : n), d);
  if (d == DType::Float16)
    TSH_CHECK(n <= (int64_t{1} << 11) + 1, RuntimeError, "n cannot be greater than 2049 for Half type.");
  if (d == DType::Float32)
    TSH_CHECK(n <= (int64_t{1} << 24) + 1, RuntimeError, "n cannot be greater than 2^24+1 for Float type.");
  if (d == DType::Float64)
    TSH_CHECK(n <= (int64_t{1} << 53) + 1, RuntimeError, "n cannot be greater than 2^53+1 for Double type.");
  static const kernels::Check randperm_check("randperm");
  randperm_check.require(device, d);
  kernels::randperm.get(device)(out, n, generator_for(gen, device));
  return out;
}

Tensor rand_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device, Generator* gen) {
  Tensor out = empty_like(t, dtype, device);
  uniform_(out, 0, 1, gen);
  return out;
}

Tensor randn_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device, Generator* gen) {
  Tensor out = empty_like(t, dtype, device);
  normal_(out, 0, 1, gen);
  return out;
}

Tensor randint_like(const Tensor& t, int64_t low, int64_t high, std::optional<DType> dtype,
                    std::optional<Device> device, Generator* gen) {
  Tensor out = empty_like(t, dtype, device);
  random_(out, low, high, gen);
  return out;
}

// ---------------------------------------------------------------------------- distributions

Tensor bernoulli(const Tensor& p, Generator* gen) {
  Tensor out = empty(p.sizes(), p.dtype(), p.device());
  bernoulli_(out, p, gen);
  return out;
}

Tensor bernoulli(const Tensor& self, double p, Generator* gen) {
  Tensor out = empty(self.sizes(), self.dtype(), self.device());
  bernoulli_(out, p, gen);
  return out;
}

Tensor multinomial(const Tensor& probs, int64_t num_samples, bool replacement, Generator* gen) {
  TSH_CHECK(probs.dim() > 0 && probs.dim() <= 2, RuntimeError, "prob_dist must be 1 or 2 dim");
  TSH_CHECK(is_floating(probs.dtype()), RuntimeError,
            std::string("multinomial only supports floating-point dtypes for input, got: ") +
                scalar_type_name(probs.dtype()));
  TSH_CHECK(num_samples > 0, RuntimeError, "cannot sample n_sample <= 0 samples");
  const int64_t n_cat = probs.size(-1);
  TSH_CHECK(replacement || num_samples <= n_cat, RuntimeError,
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  TSH_CHECK(n_cat <= (int64_t{1} << 24), RuntimeError, "number of categories cannot exceed 2^24");
  Shape out_shape = probs.dim() == 1 ? Shape{num_samples} : Shape{probs.size(0), num_samples};
  Tensor result = empty(out_shape, DType::Int64, probs.device());
  if (result.numel() == 0 || probs.device().is_meta()) return result;  // meta: no values to check or draw from
  const int64_t n_dist = probs.dim() == 1 ? 1 : probs.size(0);
  const Tensor rows = probs.dim() == 1 ? unsqueeze(probs, 0) : probs;
  if (!replacement) {
    bool finite_nonneg = true;
    for_each_value(probs, [&](double v) { return finite_nonneg = (v >= 0 && v < INFINITY); });
    TSH_CHECK(finite_nonneg, RuntimeError, "probability tensor contains either `inf`, `nan` or element < 0");
    // With every entry >= 0, a row sums to 0 exactly when all its entries are 0.
    for (int64_t i = 0; i < n_dist; ++i) {
      bool any = false;
      for_each_value(select(rows, 0, i), [&](double v) { return !(any = v != 0); });
      TSH_CHECK(any, RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
    }
    kernels::multinomial_without_replacement.get(probs.device())(result, probs, num_samples, generator_for(gen, probs.device()));
    return result;
  }
  // Row by row, as PyTorch's sampler checks them; all before any draw.
  for (int64_t i = 0; i < n_dist; ++i) {
    Tensor row = select(rows, 0, i);
    std::string err;
    for_each_value(row, [&](double v) {
      if (!(v >= 0)) err = "invalid multinomial distribution (encountering probability entry < 0)";
      else if (!std::isfinite(v)) err = "invalid multinomial distribution (encountering probability entry = infinity or NaN)";
      return err.empty();
    });
    TSH_CHECK(err.empty(), RuntimeError, err);
    // The running sum in the sampler's precision (float for all but float64).
    double sum = 0;
    float sumf = 0;
    for_each_value(row, [&](double v) {
      sum += v;
      sumf += static_cast<float>(v);
      return true;
    });
    const bool positive = probs.dtype() == DType::Float64 ? sum > 0 : sumf > 0;
    TSH_CHECK(positive, RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
  }
  kernels::multinomial_with_replacement.get(probs.device())(result, probs, num_samples, generator_for(gen, probs.device()));
  return result;
}

Tensor normal(const Tensor& mean, double std, Generator* gen) {
  TSH_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std " + stream_str(std));
  Tensor out = empty(mean.sizes(), mean.dtype(), mean.device());
  normal_(out, 0, std, gen);
  kernels::normal_affine.get(out.device())(out, Tensor(), out.dtype(), expanded_to(mean, out.sizes()), out.dtype());
  return out;
}

Tensor normal(double mean, const Tensor& std, Generator* gen) {
  check_std_tensor(std);
  Tensor out = empty(std.sizes(), std.dtype(), std.device());
  normal_(out, 0, 1, gen);
  // mean becomes a 0-d tensor of out's dtype first (so it is rounded to it).
  Tensor m = full({}, Scalar(mean), out.dtype(), out.device());
  kernels::normal_affine.get(out.device())(out, std, out.dtype(), expanded_to(m, out.sizes()), out.dtype());
  return out;
}

Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen) {
  check_std_tensor(std);
  const Shape shape = broadcast_shapes(mean.sizes(), std.sizes());
  Tensor out = empty(shape, mean.dtype(), mean.device());
  normal_(out, 0, 1, gen);
  kernels::normal_affine.get(out.device())(out, expanded_to(std, shape), inplace_compute_type(out, std),
                                   expanded_to(mean, shape), inplace_compute_type(out, mean));
  return out;
}

Tensor normal(double mean, double std, const Shape& size, std::optional<DType> dtype, Device device,
              Generator* gen) {
  Tensor out = empty(size, dtype.value_or(default_dtype()), device);
  normal_(out, mean, std, gen);
  return out;
}

Tensor poisson(const Tensor& rates, Generator* gen) {
  const DType d = rates.dtype();
  // 2.x added Half.
  static const kernels::Check poisson_check("poisson");
  poisson_check.require(rates.device(), d);
  Tensor out = zeros(rates.sizes(), d, rates.device());
  bool ok = true;
  for_each_value(rates, [&](double v) { return ok = v >= 0; });
  TSH_CHECK(ok, RuntimeError, "invalid Poisson rate, expected rate to be non-negative");
  kernels::poisson.get(out.device())(out, rates, generator_for(gen, out.device()));
  return out;
}

}  // namespace tsh
