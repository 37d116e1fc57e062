// shell/numpy/shape_base.cpp — NumPy's functions that cut, pad out and repeat shapes
// (numpy/lib/_shape_base_impl, _stride_tricks_impl, _function_base_impl): split, array_split,
// hsplit, vsplit, dsplit, atleast_1d/2d/3d, tile, broadcast_to and meshgrid. Pieces and
// broadcasts are views of the array (broadcast_to's read-only), as NumPy's are.
#include <algorithm>

#include "engine/ops/copy.h"
#include "engine/ops/join.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

int64_t checked_axis(int64_t axis, int64_t ndim) {
  if (axis < -ndim || axis >= ndim)
    throw PyError("numpy.exceptions.AxisError",
                  "axis " + std::to_string(axis) + " is out of bounds for array of dimension " + std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

// The pieces of arr along axis: `sections` equal ones (array_split: the first len % n one longer),
// or cut at the given indices. Each piece is a view.
Value split_into(const std::string& fn, const Value& arr, const Value& indices_or_sections, int64_t axis, bool equal) {
  const Tensor& x = ndarray_tensor(arr);
  axis = checked_axis(axis, x.dim());
  const int64_t n = x.size(axis);
  std::vector<int64_t> cuts;  // the start of each piece, then n
  if (indices_or_sections.is_intlike()) {
    const int64_t sections = static_cast<int64_t>(indices_or_sections.as_int());
    if (sections <= 0) throw ValueError("number sections must be larger than 0.");
    if (equal && n % sections != 0) throw ValueError("array split does not result in an equal division");
    const int64_t each = n / sections, extra = n % sections;
    int64_t at = 0;
    for (int64_t k = 0; k < sections; ++k) {
      cuts.push_back(at);
      at += each + (k < extra ? 1 : 0);
    }
  } else {
    cuts.push_back(0);
    for (const Value& i : numpy_items(indices_or_sections)) cuts.push_back(static_cast<int64_t>(i.as_int()));
  }
  cuts.push_back(n);
  std::vector<Value> pieces;
  for (size_t k = 0; k + 1 < cuts.size(); ++k) {
    // Python's slice rules for each [start:stop]: negatives count from the end, clipped to [0, n]
    auto clip = [n](int64_t i) { return std::clamp<int64_t>(i < 0 ? i + n : i, 0, n); };
    const int64_t start = clip(cuts[k]), stop = std::max(start, clip(cuts[k + 1]));
    pieces.push_back(numpy_view(arr, narrow(x, axis, start, stop - start)));
  }
  (void)fn;
  return Value::list(std::move(pieces));
}

// atleast_1d/2d/3d of one array: a view with dims of length 1 put where NumPy puts them.
Value at_least(const Value& v, int dims) {
  const Value arr = numpy_asarray(v);
  const Tensor& x = ndarray_tensor(arr);
  if (x.dim() >= dims) return arr;
  Tensor r = x;
  if (dims == 1) r = reshape(x, {1});
  else if (dims == 2) r = x.dim() == 0 ? reshape(x, {1, 1}) : unsqueeze(x, 0);
  else r = x.dim() == 0 ? reshape(x, {1, 1, 1}) : x.dim() == 1 ? reshape(x, {1, x.size(0), 1}) : unsqueeze(x, -1);
  return numpy_view(arr, r);
}

}  // namespace

void install_numpy_shape_base(Value& m) {
  for (const char* name : {"split", "array_split"})
    def_function(m, name, [fn = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"ary", "indices_or_sections", "axis"}, 2);
      return split_into(fn, numpy_asarray(v[0]), v[1], v[2].is_none() ? 0 : static_cast<int64_t>(v[2].as_int()),
                        fn == "split");
    });
  for (const char* name : {"hsplit", "vsplit", "dsplit"})
    def_function(m, name, [fn = std::string(name)](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(fn, a, kw, {"ary", "indices_or_sections"}, 2);
      const Value arr = numpy_asarray(v[0]);
      const int64_t ndim = ndarray_tensor(arr).dim();
      if (fn == "hsplit" && ndim == 0) throw ValueError("hsplit only works on arrays of 1 or more dimensions");
      if (fn == "vsplit" && ndim < 2) throw ValueError("vsplit only works on arrays of 2 or more dimensions");
      if (fn == "dsplit" && ndim < 3) throw ValueError("dsplit only works on arrays of 3 or more dimensions");
      const int64_t axis = fn == "vsplit" ? 0 : fn == "dsplit" ? 2 : (ndim > 1 ? 1 : 0);
      return split_into(fn, arr, v[1], axis, true);
    });
  for (int dims : {1, 2, 3})
    def_function(m, "atleast_" + std::to_string(dims) + "d", [dims](Interpreter&, Args& a, Kwargs& kw) {
      if (!kw.empty()) throw TypeError("atleast_" + std::to_string(dims) + "d() takes no keyword arguments");
      if (a.size() == 1) return at_least(a[0], dims);
      std::vector<Value> out;
      for (const Value& x : a) out.push_back(at_least(x, dims));
      return Value::tuple(std::move(out));
    });
  def_function(m, "tile", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("tile", a, kw, {"A", "reps"}, 2);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    std::vector<int64_t> reps;
    if (v[1].is_intlike()) reps.push_back(static_cast<int64_t>(v[1].as_int()));
    else
      for (const Value& r : numpy_items(v[1])) reps.push_back(static_cast<int64_t>(r.as_int()));
    for (int64_t r : reps)
      if (r < 0) throw ValueError("negative dimensions are not allowed");
    return numpy_value(contiguous(tile(x, reps)));
  });
  def_function(m, "broadcast_to", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("broadcast_to", a, kw, {"array", "shape", "subok"}, 2);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    Shape shape;
    if (v[1].is_intlike()) shape.push_back(static_cast<int64_t>(v[1].as_int()));
    else
      for (const Value& d : numpy_items(v[1])) shape.push_back(static_cast<int64_t>(d.as_int()));
    bool fits = x.dim() <= static_cast<int64_t>(shape.size());
    for (int64_t i = 1; fits && i <= x.dim(); ++i) {
      const int64_t have = x.size(x.dim() - i), want = shape[shape.size() - static_cast<size_t>(i)];
      fits = have == want || have == 1;
    }
    if (!fits) {
      auto tight = [](const Shape& sh) {
        std::string t = "(";
        for (size_t i = 0; i < sh.size(); ++i) t += (i ? "," : "") + std::to_string(sh[i]);
        return t + (sh.size() == 1 ? ",)" : ")");
      };
      throw ValueError("operands could not be broadcast together with remapped shapes [original->remapped]: " +
                       tight(x.sizes()) + "  and requested shape " + tight(shape));
    }
    const Value r = numpy_view(arr, expand(x, shape));
    set_ndarray_readonly(r);
    return r;
  });
  def_function(m, "meshgrid", [](Interpreter&, Args& a, Kwargs& kw) {
    std::string indexing = "xy";
    bool copy = true, sparse = false;
    for (const auto& [k, val] : kw) {
      if (k == "indexing") indexing = val.as_str();
      else if (k == "copy") copy = truthy(val);
      else if (k == "sparse") sparse = truthy(val);
      else throw TypeError("meshgrid() got an unexpected keyword argument '" + k + "'");
    }
    if (indexing != "xy" && indexing != "ij") throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
    std::vector<Tensor> xs;
    for (const Value& x : a) xs.push_back(reshape(ndarray_tensor(numpy_asarray(x)), {-1}));
    if (xs.empty()) return Value::tuple({});
    std::vector<Tensor> grids;
    if (sparse) {  // each input along its own dim, length 1 along the others (xy: the first two swapped)
      const int64_t n = static_cast<int64_t>(xs.size());
      for (int64_t i = 0; i < n; ++i) {
        Shape shape(static_cast<size_t>(n), 1);
        const int64_t at = indexing == "xy" && n > 1 && i < 2 ? 1 - i : i;
        shape[static_cast<size_t>(at)] = xs[static_cast<size_t>(i)].size(0);
        grids.push_back(reshape(xs[static_cast<size_t>(i)], shape));
      }
    } else {
      grids = meshgrid(xs, indexing);
    }
    std::vector<Value> out;
    for (const Tensor& g : grids) out.push_back(numpy_value(copy ? contiguous(g) : g));
    return Value::tuple(std::move(out));
  });
}

}  // namespace tsh::shell
