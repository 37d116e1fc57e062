// shell/numpy/numeric.cpp — NumPy's functions of numpy/_core/numeric, fromnumeric and lib's
// twodim_base that index and combine arrays: outer, inner, isclose, roll, indices, tril, triu,
// take, trace, diagonal (a read-only view, as NumPy's) and searchsorted. Products go through the
// array operators, so their dtypes are NumPy's.
#include <algorithm>

#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/search.h"
#include "engine/ops/views.h"
#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

using grammar::Op;

[[noreturn]] void axis_error(int64_t axis, int64_t ndim) {
  throw PyError("numpy.exceptions.AxisError",
                "axis " + std::to_string(axis) + " is out of bounds for array of dimension " + std::to_string(ndim));
}

int64_t checked_axis(int64_t axis, int64_t ndim) {
  if (axis < -ndim || axis >= ndim) axis_error(axis, ndim);
  return axis < 0 ? axis + ndim : axis;
}

std::vector<int64_t> int_items(const Value& v) {
  std::vector<int64_t> out;
  if (v.is_intlike()) out.push_back(static_cast<int64_t>(v.as_int()));
  else
    for (const Value& x : numpy_items(v)) out.push_back(static_cast<int64_t>(x.as_int()));
  return out;
}

std::string shape_text(const Shape& s) {
  std::string t = "(";
  for (size_t i = 0; i < s.size(); ++i) t += (i ? "," : "") + std::to_string(s[i]);
  return t + (s.size() == 1 ? ",)" : ")");
}

}  // namespace

void install_numpy_numeric(Value& m) {
  def_function(m, "outer", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("outer", a, kw, {"a", "b", "out"}, 2);
    if (!v[2].is_none()) throw NotImplementedError("numpy.outer: tsh does not support out=");
    const Tensor x = ndarray_tensor(numpy_asarray(v[0])), y = ndarray_tensor(numpy_asarray(v[1]));
    return in.binary(Op::Mul, numpy_value(reshape(x, {-1, 1})), numpy_value(reshape(y, {1, -1})), false);
  });
  def_function(m, "inner", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("inner", a, kw, {"a", "b"}, 2);
    const Value xa = numpy_asarray(v[0]), ya = numpy_asarray(v[1]);
    const Tensor& x = ndarray_tensor(xa);
    const Tensor& y = ndarray_tensor(ya);
    if (x.dim() == 0 || y.dim() == 0) return in.binary(Op::Mul, xa, ya, false);
    if (x.size(-1) != y.size(-1))
      throw ValueError("shapes " + shape_text(x.sizes()) + " and " + shape_text(y.sizes()) + " not aligned: " +
                       std::to_string(x.size(-1)) + " (dim " + std::to_string(x.dim() - 1) + ") != " +
                       std::to_string(y.size(-1)) + " (dim " + std::to_string(y.dim() - 1) + ")");
    const int64_t k = x.size(-1);
    const Value product = in.binary(Op::MatMul, numpy_value(reshape(x, {-1, k})),
                                    numpy_value(contiguous(transpose(reshape(y, {-1, k}), 0, 1))), false);
    Shape shape(x.sizes().begin(), x.sizes().end() - 1);
    shape.insert(shape.end(), y.sizes().begin(), y.sizes().end() - 1);
    return numpy_value(reshape(ndarray_tensor(numpy_asarray(product)), shape));
  });
  def_function(m, "isclose", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("isclose", a, kw, {"a", "b", "rtol", "atol", "equal_nan"}, 2);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0])), y = ndarray_tensor(numpy_asarray(v[1]));
    const DType d = is_complex(x.dtype()) || is_complex(y.dtype()) ? DType::Complex128 : DType::Float64;
    const Shape shape = broadcast_shapes(x.sizes(), y.sizes());
    return numpy_value(isclose(expand(to(x, d, std::nullopt), shape), expand(to(y, d, std::nullopt), shape),
                               v[2].is_none() ? 1e-05 : v[2].as_float(), v[3].is_none() ? 1e-08 : v[3].as_float(),
                               truthy(v[4])));
  });
  def_function(m, "roll", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("roll", a, kw, {"a", "shift", "axis"}, 2);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    std::vector<int64_t> shifts = int_items(v[1]);
    if (v[2].is_none()) {
      if (shifts.size() != 1) throw ValueError("'shift' and 'axis' should be scalars or 1D sequences");
      return numpy_value(reshape(roll(reshape(x, {x.numel()}), shifts, {0}), x.sizes()));
    }
    std::vector<int64_t> axes = int_items(v[2]);
    for (int64_t& ax : axes) ax = checked_axis(ax, x.dim());
    if (shifts.size() == 1 && axes.size() > 1) shifts.assign(axes.size(), shifts[0]);
    if (axes.size() == 1 && shifts.size() > 1) axes.assign(shifts.size(), axes[0]);
    if (shifts.size() != axes.size()) throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.");
    // NumPy adds the shifts of an axis named twice
    std::vector<int64_t> total_axes, total_shifts;
    for (size_t i = 0; i < axes.size(); ++i) {
      auto at = std::find(total_axes.begin(), total_axes.end(), axes[i]);
      if (at == total_axes.end()) total_axes.push_back(axes[i]), total_shifts.push_back(shifts[i]);
      else total_shifts[static_cast<size_t>(at - total_axes.begin())] += shifts[i];
    }
    return numpy_value(roll(x, total_shifts, total_axes));
  });
  def_function(m, "indices", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("indices", a, kw, {"dimensions", "dtype", "sparse"}, 1);
    const std::vector<int64_t> dims = int_items(v[0]);
    const DType d = numpy_dtype_arg(v[1]).value_or(DType::Int64);
    const bool sparse = truthy(v[2]);
    std::vector<Value> sparse_out;
    Shape grid_shape{static_cast<int64_t>(dims.size())};
    grid_shape.insert(grid_shape.end(), dims.begin(), dims.end());
    Tensor grid = empty(grid_shape, d, Device{});
    for (size_t i = 0; i < dims.size(); ++i) {
      Shape shape(dims.size(), 1);
      shape[i] = dims[i];
      const Tensor along = reshape(arange(Scalar(int64_t{0}), Scalar(dims[i]), Scalar(int64_t{1}), d), shape);
      if (sparse) sparse_out.push_back(numpy_value(contiguous(along)));
      else copy_(select(grid, 0, static_cast<int64_t>(i)), expand(along, Shape(dims.begin(), dims.end())));
    }
    if (sparse) return Value::tuple(std::move(sparse_out));
    return numpy_value(grid);
  });
  for (const char* name : {"tril", "triu"})
    def_function(m, name, [fn = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"m", "k"}, 1);
      Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      const int64_t k = v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int());
      if (x.dim() < 2) throw NotImplementedError("numpy." + fn + " of an array of fewer than 2 dims: tsh does not have it yet");
      return numpy_value(fn == "tril" ? tril(x, k) : triu(x, k));
    });
  def_function(m, "take", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("take", a, kw, {"a", "indices", "axis", "out", "mode"}, 2);
    if (!v[3].is_none()) throw NotImplementedError("numpy.take: tsh does not support out=");
    const std::string mode = v[4].is_none() ? "raise" : v[4].as_str();
    if (mode != "raise" && mode != "wrap" && mode != "clip")
      throw ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got '" + mode + "')");
    Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (v[2].is_none()) x = reshape(x, {x.numel()});
    const int64_t axis = v[2].is_none() ? 0 : checked_axis(static_cast<int64_t>(v[2].as_int()), x.dim());
    const int64_t n = x.size(axis);
    Tensor idx = to(ndarray_tensor(numpy_asarray(v[1])), DType::Int64, std::nullopt);
    std::vector<int64_t> values = host_values<int64_t>(contiguous(idx));
    for (int64_t& i : values) {
      if (mode == "wrap") i = n ? ((i % n) + n) % n : i;
      else if (mode == "clip") i = std::clamp<int64_t>(i, 0, std::max<int64_t>(n - 1, 0));
      else if (i < -n || i >= n)
        throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) +
                         " with size " + std::to_string(n));
      else if (i < 0) i += n;
    }
    std::vector<Scalar> scalars(values.begin(), values.end());
    const Tensor flat_idx = from_scalars({static_cast<int64_t>(values.size())}, scalars, DType::Int64, Device{});
    const Tensor picked = index_select(x, axis, flat_idx);
    Shape shape(x.sizes().begin(), x.sizes().begin() + axis);
    shape.insert(shape.end(), idx.sizes().begin(), idx.sizes().end());
    shape.insert(shape.end(), x.sizes().begin() + axis + 1, x.sizes().end());
    return numpy_value(reshape(picked, shape));
  });
  def_function(m, "diagonal", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("diagonal", a, kw, {"a", "offset", "axis1", "axis2"}, 1);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    if (x.dim() < 2) throw ValueError("diag requires an array of at least two dimensions");
    const int64_t a1 = checked_axis(v[2].is_none() ? 0 : static_cast<int64_t>(v[2].as_int()), x.dim());
    const int64_t a2 = checked_axis(v[3].is_none() ? 1 : static_cast<int64_t>(v[3].as_int()), x.dim());
    if (a1 == a2) throw ValueError("axis1 and axis2 cannot be the same");
    const Value r = numpy_view(arr, diagonal(x, v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int()), a1, a2));
    set_ndarray_readonly(r);
    return r;
  });
  def_function(m, "trace", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("trace", a, kw, {"a", "offset", "axis1", "axis2", "dtype", "out"}, 1);
    if (!v[5].is_none()) throw NotImplementedError("numpy.trace: tsh does not support out=");
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    if (x.dim() < 2) throw ValueError("diag requires an array of at least two dimensions");
    const int64_t a1 = checked_axis(v[2].is_none() ? 0 : static_cast<int64_t>(v[2].as_int()), x.dim());
    const int64_t a2 = checked_axis(v[3].is_none() ? 1 : static_cast<int64_t>(v[3].as_int()), x.dim());
    const Tensor diag = diagonal(x, v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int()), a1, a2);
    const DType d = numpy_dtype_arg(v[4]).value_or(numpy_accumulator(x.dtype()));
    return numpy_value(sum(diag, std::vector<int64_t>{-1}, false, d));
  });
  def_function(m, "searchsorted", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("searchsorted", a, kw, {"a", "v", "side", "sorter"}, 2);
    const Tensor seq = ndarray_tensor(numpy_asarray(v[0]));
    if (seq.dim() != 1) throw ValueError("object too deep for desired array");
    const std::string side = v[2].is_none() ? "left" : v[2].as_str();
    if (side != "left" && side != "right")
      throw ValueError("search side must be 'left' or 'right' (got '" + side + "')");
    Tensor values = ndarray_tensor(numpy_asarray(v[1]));
    std::optional<Tensor> sorter;
    if (!v[3].is_none()) sorter = to(ndarray_tensor(numpy_asarray(v[3])), DType::Int64, std::nullopt);
    // NumPy compares in the two arrays' common dtype
    const DType d = numpy_result_dtype(seq.dtype(), values.dtype());
    const Tensor flat = reshape(to(values, d, std::nullopt), {-1});
    const Tensor r = searchsorted(to(seq, d, std::nullopt), flat, false, side == "right", sorter);
    return numpy_value(reshape(r, values.sizes()));
  });
}

}  // namespace tsh::shell
