// shell/numpy/fromnumeric.cpp — NumPy's everyday array functions of numpy/_core/fromnumeric and
// shape_base (squeeze, expand_dims, ravel, swapaxes, moveaxis, sort, argsort, nonzero, all, any,
// count_nonzero) and the float predicates (isnan, isinf, isfinite). Views are views (they share the
// array's memory, as NumPy's do); a keyword NumPy has that tsh does not (where=, out=, order='F',
// structured order=) is an error that names it.
#include <algorithm>
#include <numeric>

#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/masked.h"
#include "engine/ops/reduce.h"
#include "engine/ops/sort.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

// NumPy's AxisError, as its messages word it.
// (argname: the parameter's name, which NumPy puts first where a function has several axes).
[[noreturn]] void axis_error(int64_t axis, int64_t ndim, const std::string& argname = "") {
  throw PyError("numpy.exceptions.AxisError", (argname.empty() ? "" : argname + ": ") + "axis " + std::to_string(axis) +
                                                  " is out of bounds for array of dimension " + std::to_string(ndim));
}

int64_t normalized_axis(int64_t axis, int64_t ndim, const std::string& argname = "") {
  if (axis < -ndim || axis >= ndim) axis_error(axis, ndim, argname);
  return axis < 0 ? axis + ndim : axis;
}

// An axis argument: nullopt for None, else the axes (an int or a tuple), normalized and checked.
// (squeeze words a repeated axis its own way: "duplicate value in 'axis'").
std::optional<std::vector<int64_t>> axes_arg(const Value& v, int64_t ndim, const std::string& argname = "",
                                             bool squeezing = false) {
  if (v.is_none()) return std::nullopt;
  std::vector<int64_t> out;
  if (v.is_intlike()) out.push_back(normalized_axis(static_cast<int64_t>(v.as_int()), ndim, argname));
  else
    for (const Value& a : numpy_items(v)) out.push_back(normalized_axis(static_cast<int64_t>(a.as_int()), ndim, argname));
  std::vector<int64_t> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    throw ValueError(squeezing         ? "duplicate value in 'axis'"
                     : argname.empty() ? "repeated axis"
                                       : "repeated axis in `" + argname + "` argument");
  return out;
}

void unsupported(const std::string& fn, const char* what, const Value& v) {
  if (!v.is_none()) throw NotImplementedError("numpy." + fn + ": tsh does not support " + what);
}


// all / any: truth along axes (NaN counts as true), a NumPy bool (scalar for a full reduction);
// where= leaves elements out (as true for all, false for any).
Value truth_reduction(const std::string& name, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params(name, a, kw, {"a", "axis", "out", "keepdims", "where"}, 1);
  if (!v[2].is_none()) {  // out=: the result written into it
    Args rest{v[0], v[1], Value(), v[3], v[4]};
    Kwargs none;
    return numpy_write_out(name, truth_reduction(name, rest, none), v[2]);
  }
  const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
  const auto axes = axes_arg(v[1], x.dim());
  const bool keep = !v[3].is_none() && truthy(v[3]);
  OptDims dims;
  if (axes) dims = *axes;
  Tensor truth = ne(x, Scalar(0));
  if (!v[4].is_none()) {
    const Tensor where = expand(ne(ndarray_tensor(numpy_asarray(v[4])), Scalar(0)), truth.sizes());
    truth = name == "all" ? logical_or(truth, logical_not(where)) : logical_and(truth, where);
  }
  return numpy_value(name == "all" ? all(truth, dims, keep) : any(truth, dims, keep));
}

}  // namespace

void install_numpy_fromnumeric(Value& m) {
  def_function(m, "squeeze", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("squeeze", a, kw, {"a", "axis"}, 1);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    const auto axes = axes_arg(v[1], x.dim(), "", true);
    if (!axes) return numpy_view(arr, squeeze(x));
    for (int64_t d : *axes)
      if (x.size(d) != 1) throw ValueError("cannot select an axis to squeeze out which has size not equal to one");
    return numpy_view(arr, squeeze(x, *axes));
  });
  def_function(m, "expand_dims", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("expand_dims", a, kw, {"a", "axis"}, 2);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    const int64_t count = v[1].is_intlike() ? 1 : static_cast<int64_t>(numpy_items(v[1]).size());
    std::vector<int64_t> axes = *axes_arg(v[1], x.dim() + count);
    std::sort(axes.begin(), axes.end());
    Tensor r = x;
    for (int64_t d : axes) r = unsqueeze(r, d);
    return numpy_view(arr, r);
  });
  def_function(m, "ravel", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("ravel", a, kw, {"a", "order"}, 1);
    const Value arr = numpy_asarray(v[0]);
    Args none;
    Kwargs order{{"order", v[1]}};
    return in.call(in.get_attr(arr, "ravel"), none, order);
  });
  def_function(m, "swapaxes", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("swapaxes", a, kw, {"a", "axis1", "axis2"}, 3);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    return numpy_view(arr, transpose(x, normalized_axis(static_cast<int64_t>(v[1].as_int()), x.dim(), "axis1"),
                                     normalized_axis(static_cast<int64_t>(v[2].as_int()), x.dim(), "axis2")));
  });
  def_function(m, "moveaxis", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("moveaxis", a, kw, {"a", "source", "destination"}, 3);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    const std::vector<int64_t> src = *axes_arg(v[1], x.dim(), "source"), dst = *axes_arg(v[2], x.dim(), "destination");
    if (src.size() != dst.size())
      throw ValueError("`source` and `destination` arguments must have the same number of elements");
    return numpy_view(arr, movedim(x, src, dst));
  });
  for (const char* name : {"sort", "argsort"})
    def_function(m, name, [name = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"a", "axis", "kind", "order", "stable"}, 1);
      unsupported(name, "order= (structured arrays)", v[3]);
      bool explicit_none = a.size() > 1 && a[1].is_none();
      for (const auto& [k, val] : kw) explicit_none = explicit_none || (k == "axis" && val.is_none());
      Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      int64_t axis = -1;
      if (explicit_none) x = reshape(x, {x.numel()});
      else if (!v[1].is_none()) axis = static_cast<int64_t>(v[1].as_int());
      if (x.dim() == 0) {
        if (explicit_none) x = reshape(x, {1});
        else axis_error(axis, 0);
      }
      axis = normalized_axis(axis, x.dim());
      // NumPy's default quicksort is not stable for long runs of ties; tsh's sort is stable, which
      // agrees with NumPy's small-array and 'stable'/'mergesort' results.
      if (name == "sort") return numpy_value(sort(x, axis, false, true).values);
      return numpy_value(argsort(x, axis, false, true));
    });
  def_function(m, "nonzero", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("nonzero", a, kw, {"a"}, 1);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (x.dim() == 0)
      throw ValueError("Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
    const Tensor idx = nonzero(x);  // (n, ndim)
    std::vector<Value> out;
    for (int64_t d = 0; d < x.dim(); ++d) out.push_back(numpy_value(contiguous(select(idx, 1, d))));
    return Value::tuple(std::move(out));
  });
  def_function(m, "count_nonzero", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("count_nonzero", a, kw, {"a", "axis", "keepdims"}, 1);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    const auto axes = axes_arg(v[1], x.dim());
    const bool keep = !v[2].is_none() && truthy(v[2]);
    if (!axes && !keep) return numpy_value(count_nonzero(x));  // np.int64
    OptDims dims;
    if (axes) dims = *axes;
    return numpy_value(sum(ne(x, Scalar(0)), dims, keep, DType::Int64));
  });
  def_function(m, "all", [](Interpreter&, Args& a, Kwargs& kw) { return truth_reduction("all", a, kw); });
  def_function(m, "any", [](Interpreter&, Args& a, Kwargs& kw) { return truth_reduction("any", a, kw); });
  for (const char* name : {"isnan", "isinf", "isfinite"})
    def_function(m, name, [name = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"x", "out", "where"}, 1);
      unsupported(name, "out=", v[1]);
      unsupported(name, "where=", v[2]);
      const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      return numpy_value(name == "isnan" ? isnan(x) : name == "isinf" ? isinf(x) : isfinite(x));
    });
}

}  // namespace tsh::shell
