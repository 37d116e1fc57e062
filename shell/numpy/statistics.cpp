// shell/numpy/statistics.cpp — NumPy's order statistics and NaN-aware reductions (numpy/lib's
// function_base and nanfunctions): median, percentile, quantile, nanmax, nanmin, nansum, nanmean,
// cumprod, diff and unique, with NumPy's result dtypes (integers give float64 statistics and
// int64 sums) and its errors. quantile's methods are the five PyTorch shares with NumPy.
#include <algorithm>
#include <cmath>

#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/numeric.h"
#include "engine/ops/quantile.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/sort.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/warnings.h"

namespace tsh::shell {

namespace {

bool integral(DType d) { return !is_floating(d) && !is_complex(d); }

Tensor as_float(const Tensor& x) { return integral(x.dtype()) ? to(x, DType::Float64, std::nullopt) : x; }

// axis=None or an int (NumPy's tuples of axes are refused, saying so).
std::optional<int64_t> one_axis(const std::string& fn, const Value& axis, int64_t ndim) {
  if (axis.is_none()) return std::nullopt;
  if (!axis.is_intlike()) throw NotImplementedError("numpy." + fn + ": tsh takes axis as None or an int, not a tuple");
  int64_t a = static_cast<int64_t>(axis.as_int());
  if (a < -ndim || a >= ndim)
    throw PyError("numpy.exceptions.AxisError",
                  "axis " + std::to_string(a) + " is out of bounds for array of dimension " + std::to_string(ndim));
  return a < 0 ? a + ndim : a;
}

void none_or_refused(const std::string& fn, const char* what, const Value& v) {
  if (!v.is_none()) throw NotImplementedError("numpy." + fn + ": tsh does not support " + what);
}

// quantile and its kin: q in [0, 1] (a number or an array), along one axis or all.
Value quantiles(const std::string& fn, const Tensor& a, const Value& q_in, double scale, const Value& axis,
                const std::string& method, bool keepdims, bool skip_nan) {
  static const char* const methods[] = {"linear", "lower", "higher", "midpoint", "nearest"};
  if (std::find(std::begin(methods), std::end(methods), method) == std::end(methods))
    throw NotImplementedError("numpy." + fn + ": tsh has the methods linear, lower, higher, midpoint and nearest, not '" +
                              method + "'");
  const Tensor x = as_float(a);
  Tensor q = to(ndarray_tensor(numpy_asarray(q_in)), DType::Float64, std::nullopt);
  if (scale != 1.0) q = div(q, Scalar(scale));
  const std::vector<double> qs = host_values<double>(contiguous(q));
  for (double v : qs)
    if (!(v >= 0.0 && v <= 1.0))
      throw ValueError(scale == 1.0 ? "Quantiles must be in the range [0, 1]" : "Percentiles must be in the range [0, 100]");
  // The axes reduced: one, all (None), or a tuple, whose axes are moved last and made one.
  std::vector<int64_t> axes;
  if (axis.is_none() || !axis.is_intlike()) {
    if (axis.is_none())
      for (int64_t d = 0; d < x.dim(); ++d) axes.push_back(d);
    else
      for (const Value& d : numpy_items(axis)) axes.push_back(*one_axis(fn, d, x.dim()));
  } else {
    axes.push_back(*one_axis(fn, axis, x.dim()));
  }
  std::vector<int64_t> order, kept_sizes;
  for (int64_t d = 0; d < x.dim(); ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) order.push_back(d), kept_sizes.push_back(x.size(d));
  order.insert(order.end(), axes.begin(), axes.end());
  Shape merged(kept_sizes.begin(), kept_sizes.end());
  merged.push_back(-1);
  const Tensor src = reshape(permute(x, order), merged);
  Tensor r = quantile(src, to(q, x.dtype(), std::nullopt), std::optional<int64_t>(-1), false, method, skip_nan);
  if (keepdims) {  // each reduced axis kept, of size 1, after q's dims
    Shape shape = q.sizes();
    for (int64_t d = 0; d < x.dim(); ++d)
      shape.push_back(std::find(axes.begin(), axes.end(), d) == axes.end() ? x.size(d) : 1);
    r = reshape(r, shape);
  }
  return numpy_value(r);
}

// nanmax / nanmin: the extremum of the non-NaN elements; an all-NaN slice gives NaN, with NumPy's warning.
Value nan_extremum(Interpreter& in, const std::string& fn, Args& a, Kwargs& kw, bool largest) {
  std::vector<Value> v = bind_params(fn, a, kw, {"a", "axis", "out", "keepdims", "initial", "where"}, 1);
  none_or_refused(fn, "out=", v[2]);
  none_or_refused(fn, "initial=", v[4]);
  none_or_refused(fn, "where=", v[5]);
  const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
  const std::optional<int64_t> dim = one_axis(fn, v[1], x.dim());
  const bool keep = !v[3].is_none() && truthy(v[3]);
  OptDims dims;
  if (dim) dims = std::vector<int64_t>{*dim};
  if (x.numel() == 0 && !dim)
    throw ValueError("zero-size array to reduction operation " + std::string(largest ? "fmax" : "fmin") +
                     " which has no identity");
  if (integral(x.dtype())) return numpy_value(largest ? amax(x, dims, keep) : amin(x, dims, keep));
  const Tensor nan = isnan(x);
  const Tensor filled = where(nan, Scalar(largest ? -INFINITY : INFINITY), x);
  const Tensor r = largest ? amax(filled, dims, keep) : amin(filled, dims, keep);
  const Tensor all_nan = all(nan, dims, keep);
  if (item(any(all_nan)).to_bool()) warn_once(in, "RuntimeWarning", "All-NaN slice encountered");
  return numpy_value(where(all_nan, Scalar(NAN), r));
}

}  // namespace

void install_numpy_statistics(Value& m) {
  def_function(m, "median", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("median", a, kw, {"a", "axis", "out", "overwrite_input", "keepdims"}, 1);
    none_or_refused("median", "out=", v[2]);
    return quantiles("median", ndarray_tensor(numpy_asarray(v[0])), Value::floating(0.5), 1.0, v[1], "linear",
                     !v[4].is_none() && truthy(v[4]), false);
  });
  for (const char* name : {"quantile", "percentile", "nanquantile", "nanpercentile"})
    def_function(m, name, [fn = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"a", "q", "axis", "out", "overwrite_input", "method", "keepdims",
                                                     "weights", "interpolation"}, 2);
      none_or_refused(fn, "out=", v[3]);
      none_or_refused(fn, "weights=", v[7]);
      none_or_refused(fn, "interpolation= (removed in NumPy 2; use method=)", v[8]);
      const bool percent = fn.find("percentile") != std::string::npos;
      return quantiles(fn, ndarray_tensor(numpy_asarray(v[0])), v[1], percent ? 100.0 : 1.0, v[2],
                       v[5].is_none() ? "linear" : v[5].as_str(), !v[6].is_none() && truthy(v[6]), fn.rfind("nan", 0) == 0);
    });
  def_function(m, "nanmedian", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("nanmedian", a, kw, {"a", "axis", "out", "overwrite_input", "keepdims"}, 1);
    none_or_refused("nanmedian", "out=", v[2]);
    return quantiles("nanmedian", ndarray_tensor(numpy_asarray(v[0])), Value::floating(0.5), 1.0, v[1], "linear",
                     !v[4].is_none() && truthy(v[4]), true);
  });
  def_function(m, "nanmax", [](Interpreter& in, Args& a, Kwargs& kw) { return nan_extremum(in, "nanmax", a, kw, true); });
  def_function(m, "nanmin", [](Interpreter& in, Args& a, Kwargs& kw) { return nan_extremum(in, "nanmin", a, kw, false); });
  for (const char* name : {"nansum", "nanmean"})
    def_function(m, name, [fn = std::string(name)](Interpreter& in, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"a", "axis", "dtype", "out", "keepdims", "where"}, 1);
      none_or_refused(fn, "out=", v[3]);
      none_or_refused(fn, "where=", v[5]);
      const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      const std::optional<int64_t> dim = one_axis(fn, v[1], x.dim());
      const bool keep = !v[4].is_none() && truthy(v[4]);
      OptDims dims;
      if (dim) dims = std::vector<int64_t>{*dim};
      const std::optional<DType> asked = numpy_dtype_arg(v[2]);
      if (fn == "nansum")
        return numpy_value(nansum(x, dims, keep, asked.value_or(numpy_accumulator(x.dtype()))));
      const Tensor src = as_float(x);
      if (is_floating(src.dtype()) && item(any(all(isnan(src), dims, keep))).to_bool())
        warn_once(in, "RuntimeWarning", "Mean of empty slice");
      return numpy_value(nanmean(src, dims, keep, asked));
    });
  def_function(m, "cumprod", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("cumprod", a, kw, {"a", "axis", "dtype", "out"}, 1);
    none_or_refused("cumprod", "out=", v[3]);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    const std::optional<int64_t> dim = one_axis("cumprod", v[1], x.dim());
    const Tensor src = dim ? x : reshape(x, {x.numel()});
    const std::optional<DType> asked = numpy_dtype_arg(v[2]);
    const DType d = asked.value_or(numpy_accumulator(x.dtype()));
    return numpy_value(cumprod(src, dim.value_or(0), d));
  });
  def_function(m, "diff", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("diff", a, kw, {"a", "n", "axis", "prepend", "append"}, 1);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    const int64_t n = v[1].is_none() ? 1 : static_cast<int64_t>(v[1].as_int());
    if (n < 0) throw ValueError("order must be non-negative but got " + std::to_string(n));
    if (x.dim() == 0) throw ValueError("diff requires input that is at least one dimensional");
    const int64_t axis = *one_axis("diff", v[2].is_none() ? Value::integer(-1) : v[2], x.dim());
    if (n == 0) return numpy_value(x);
    const auto extra = [&](const Value& w) -> std::optional<Tensor> {
      if (w.is_none()) return std::nullopt;
      Tensor t = ndarray_tensor(numpy_asarray(w));
      if (t.dim() == 0) {  // a scalar: broadcast to the array's shape with length 1 along axis
        Shape s = x.sizes();
        s[static_cast<size_t>(axis)] = 1;
        t = expand(t, s);
      }
      return t;
    };
    return numpy_value(diff(x, n, axis, extra(v[3]), extra(v[4])));
  });
  def_function(m, "unique", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("unique", a, kw, {"ar", "return_index", "return_inverse", "return_counts", "axis",
                                                         "equal_nan", "sorted"}, 1);
    none_or_refused("unique", "axis= (unique rows or columns)", v[4]);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    const bool want_index = truthy(v[1]), want_inverse = truthy(v[2]), want_counts = truthy(v[3]);
    const bool equal_nan = v[5].is_none() || truthy(v[5]);
    const Tensor flat = reshape(x, {x.numel()});
    UniqueResult u = unique(flat, true, true, true);
    Tensor values = u.values, inverse = u.inverse, counts = u.counts;
    // NumPy counts every NaN as one value (sorted last); PyTorch keeps each apart.
    if (equal_nan && is_floating(x.dtype()) && values.numel() > 0) {
      const int64_t nans = item(sum(isnan(values), std::nullopt, false, DType::Int64)).to_int();
      if (nans > 1) {
        const int64_t keep = values.numel() - nans + 1;
        const Tensor nan_total = sum(narrow(counts, 0, keep - 1, nans), std::nullopt, false, std::nullopt);
        values = narrow(values, 0, 0, keep);
        counts = clone(narrow(counts, 0, 0, keep));
        copy_(narrow(counts, 0, keep - 1, 1), reshape(nan_total, {1}));
        inverse = minimum(inverse, Scalar(keep - 1));
      }
    }
    std::vector<Value> out{numpy_value(clone(values))};
    if (want_index) {  // each value's first position
      const std::vector<int64_t> inv = host_values<int64_t>(contiguous(inverse));
      std::vector<int64_t> first(static_cast<size_t>(values.numel()), -1);
      for (size_t i = 0; i < inv.size(); ++i)
        if (first[static_cast<size_t>(inv[i])] < 0) first[static_cast<size_t>(inv[i])] = static_cast<int64_t>(i);
      Tensor idx = zeros({values.numel()}, DType::Int64);
      for (size_t k = 0; k < first.size(); ++k) fill_(select(idx, 0, static_cast<int64_t>(k)), Scalar(first[k]));
      out.push_back(numpy_value(idx));
    }
    if (want_inverse) out.push_back(numpy_value(reshape(inverse, x.sizes())));
    if (want_counts) out.push_back(numpy_value(counts));
    return out.size() == 1 ? out[0] : Value::tuple(std::move(out));
  });
}

}  // namespace tsh::shell
