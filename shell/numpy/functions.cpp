// shell/numpy/functions.cpp — numpy's functions over arrays: ufuncs with out=, the reductions
// as functions, joining, where, allclose, array_equal, dot, and the memory-sharing tests.
//
// Binary ufuncs are the array operators (NumPy's promotion lives there, module.cpp); unary ones
// compute in float64 for integer input, as NumPy's loops do, and in the array's own float dtype
// otherwise. out= writes the result into the given array's memory and returns that array.
#include <algorithm>

#include "engine/core/error.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/complex.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/creation.h"
#include "engine/ops/indexing.h"
#include "engine/ops/join.h"
#include "engine/ops/masked.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/numpy/array.h"
#include "shell/numpy/layout.h"

namespace tsh::shell {

namespace {

using grammar::Op;

const Tensor& tensor_of(const Value& array) { return ndarray_tensor(array); }

// out=: the result written into out's memory, with NumPy's same-kind casting rule.
Value into_out(const std::string& ufunc, const Value& result, const Value& out) {
  if (out.is_none()) return result;
  if (!is_ndarray(out)) throw TypeError("return arrays must be of ArrayType");
  if (!ndarray_writeable(out)) throw ValueError("output array is read-only");
  const Tensor r = tensor_of(numpy_asarray(result));
  const Tensor& o = tensor_of(out);
  auto kind = [](DType d) { return is_complex(d) ? 3 : is_floating(d) ? 2 : d == DType::Bool ? 0 : 1; };
  if (kind(r.dtype()) > kind(o.dtype()))
    throw PyError("numpy._core._exceptions._UFuncOutputCastingError",
                  "Cannot cast ufunc '" + ufunc + "' output from dtype('" + std::string(dtype_name(r.dtype())) +
                      "') to dtype('" + std::string(dtype_name(o.dtype())) + "') with casting rule 'same_kind'");
  copy_(o, expand(r, o.sizes()));
  return out;
}

void binary_ufunc(const Value& m, const std::string& name, Op op) {
  def_function(m, name, [name, op](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x1", "x2", "out"}, 2);
    Value x = v[0].is_number() ? v[0] : numpy_asarray(v[0]);
    const Value y = v[1].is_number() ? v[1] : numpy_asarray(v[1]);
    if (x.is_number() && y.is_number()) x = numpy_asarray(x);
    return into_out(name, in.binary(op, x, y, false), v[2]);
  });
}

// maximum / minimum: elementwise, NaN-propagating, in the dtype NumPy's promotion gives the pair
// (found as the operators find it, on one-element stand-ins, Python numbers staying weak).
void extremum_ufunc(const Value& m, const std::string& name, bool largest) {
  def_function(m, name, [name, largest](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x1", "x2", "out"}, 2);
    Value x = v[0].is_number() ? v[0] : numpy_asarray(v[0]);
    Value y = v[1].is_number() ? v[1] : numpy_asarray(v[1]);
    if (x.is_number() && y.is_number()) x = numpy_asarray(x);
    auto stand_in = [](const Value& w) { return w.is_number() ? w : numpy_value(zeros({}, tensor_of(w).dtype())); };
    const DType d = tensor_of(numpy_asarray(in.binary(Op::Add, stand_in(x), stand_in(y), false))).dtype();
    auto as_tensor = [d](const Value& w) {
      return w.is_number() ? full({}, w.as_scalar(), d) : to(tensor_of(w), d, std::nullopt);
    };
    const Tensor r = largest ? maximum(as_tensor(x), as_tensor(y)) : minimum(as_tensor(x), as_tensor(y));
    return into_out(name, numpy_value(r), v[2]);
  });
}

void unary_ufunc(const Value& m, const std::string& name, const std::string& torch_name, bool keeps_ints) {
  def_function(m, name, [name, torch_name, keeps_ints](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(name, a, kw, {"x", "out"}, 1);
    const Tensor x = tensor_of(numpy_asarray(v[0]));
    const bool integral = !is_floating(x.dtype()) && !is_complex(x.dtype());
    // float32 runs PyTorch's float32 kernels: NumPy's own float32 sin, cos, exp may differ from them
    // in the last bit (sin(1) is 0.841471 in NumPy, 0.84147096, the nearest float, in PyTorch).
    if (x.dtype() == DType::Bool) {  // NumPy's bool loops: some keep bool, some are int8's, some are missing
      if (name == "floor" || name == "ceil" || name == "trunc" || name == "abs" || name == "absolute" ||
          name == "positive" || name == "conjugate" || name == "conj")
        return into_out(name, numpy_value(clone(x)), v[1]);
      if (name == "negative")
        throw TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
                        "logical_not function instead.");
      if (name == "sign")
        throw PyError("numpy._core._exceptions._UFuncNoLoopError",
                      "ufunc 'sign' did not contain a loop with signature matching types <class "
                      "'numpy.dtypes.BoolDType'> -> None");
    }
    Tensor src = integral && !keeps_ints ? to(x, numpy_float_for(x.dtype()), std::nullopt) : x;
    if (src.dtype() == DType::Bool && name == "square") src = to(src, DType::Int8, std::nullopt);
    Args args{Value::tensor(src)};
    Kwargs none;
    const Tensor r = in.call(in.get_attr(in.torch(), torch_name), args, none).as_tensor();
    return into_out(name, numpy_value(r), v[1]);
  });
}

// np.sum(a, ...) and friends: the array's method with the other arguments.
void as_method(const Value& m, const std::string& name) {
  def_function(m, name, [name](Interpreter& in, Args& a, Kwargs& kw) {
    if (a.empty()) throw TypeError(name + "() missing 1 required positional argument: 'a'");
    const Value arr = numpy_asarray(a[0]);
    Args rest(a.begin() + 1, a.end());
    return in.call(in.get_attr(arr, name), rest, kw);
  });
}

// The arrays of a sequence, converted to one dtype as NumPy's joins do (the operators' promotion).
std::vector<Tensor> joined(Interpreter& in, const Value& seq) {
  std::vector<Value> arrays;
  for (const Value& x : seq.items()) arrays.push_back(numpy_asarray(x));
  if (arrays.empty()) throw ValueError("need at least one array to concatenate");
  DType d = tensor_of(arrays[0]).dtype();
  for (const Value& x : arrays) {
    // The dtype two arrays combine to: that of an operator on one element of each.
    const Value one = numpy_value(zeros({}, d));
    const Value other = numpy_value(zeros({}, tensor_of(x).dtype()));
    d = tensor_of(numpy_asarray(in.binary(Op::Add, one, other, false))).dtype();
  }
  std::vector<Tensor> ts;
  for (const Value& x : arrays) ts.push_back(to(tensor_of(x), d, std::nullopt));
  return ts;
}

// Byte ranges of two arrays' elements overlap (may_share_memory: their extents do).
// The bytes of its storage a tensor's elements span: [lo, hi). A negative stride reaches below the offset.
std::pair<int64_t, int64_t> byte_bounds(const Tensor& t) {
  int64_t lo = t.storage_offset(), hi = t.storage_offset();
  for (int64_t d = 0; d < t.dim(); ++d) ((t.stride(d) < 0) ? lo : hi) += (t.size(d) - 1) * t.stride(d);
  return {lo * t.itemsize(), (hi + 1) * t.itemsize()};
}

// may_share_memory: whether the two spans of bytes meet.
bool bounds_overlap(const Tensor& a, const Tensor& b) {
  if (a.storage() != b.storage() || a.numel() == 0 || b.numel() == 0) return false;
  const auto [a0, a1] = byte_bounds(a);
  const auto [b0, b1] = byte_bounds(b);
  return a0 < b1 && b0 < a1;
}

// The byte offset of each element of t (row-major order).
std::vector<int64_t> element_bytes(const Tensor& t) {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(t.numel()));
  std::vector<int64_t> idx(static_cast<size_t>(t.dim()), 0);
  for (int64_t k = 0; k < t.numel(); ++k) {
    int64_t cell = t.storage_offset();
    for (int64_t d = 0; d < t.dim(); ++d) cell += idx[static_cast<size_t>(d)] * t.stride(d);
    out.push_back(cell * t.itemsize());
    for (int64_t d = t.dim() - 1; d >= 0; --d) {
      if (++idx[static_cast<size_t>(d)] < t.size(d)) break;
      idx[static_cast<size_t>(d)] = 0;
    }
  }
  return out;
}

// shares_memory: whether some byte belongs to an element of both (exact, as NumPy's default is:
// a[::2] and a[1::2] share none). Beyond a few million elements it answers by the spans.
bool elements_overlap(const Tensor& a, const Tensor& b) {
  if (!bounds_overlap(a, b)) return false;
  if (a.numel() + b.numel() > (int64_t{1} << 22)) return true;
  std::vector<int64_t> cells = element_bytes(a);
  std::sort(cells.begin(), cells.end());
  const int64_t ia = a.itemsize(), ib = b.itemsize();
  for (int64_t start : element_bytes(b)) {
    // an element of a starting in (start - ia, start + ib) shares a byte with this one
    auto it = std::upper_bound(cells.begin(), cells.end(), start - ia);
    if (it != cells.end() && *it < start + ib) return true;
  }
  return false;
}

}  // namespace

void install_numpy_functions(Value& m) {
  binary_ufunc(m, "add", Op::Add);
  binary_ufunc(m, "subtract", Op::Sub);
  binary_ufunc(m, "multiply", Op::Mul);
  binary_ufunc(m, "divide", Op::Div);
  binary_ufunc(m, "true_divide", Op::Div);
  binary_ufunc(m, "floor_divide", Op::FloorDiv);
  binary_ufunc(m, "power", Op::Pow);
  binary_ufunc(m, "matmul", Op::MatMul);
  for (const auto& [name, torch_name] : std::vector<std::pair<std::string, std::string>>{
           {"exp", "exp"}, {"log", "log"}, {"log2", "log2"}, {"log10", "log10"}, {"sqrt", "sqrt"},
           {"sin", "sin"}, {"cos", "cos"}, {"tan", "tan"}, {"tanh", "tanh"}, {"arctan", "atan"}})
    unary_ufunc(m, name, torch_name, false);
  for (const auto& [name, torch_name] : std::vector<std::pair<std::string, std::string>>{
           {"floor", "floor"}, {"ceil", "ceil"}, {"trunc", "trunc"}})
    unary_ufunc(m, name, torch_name, true);
  unary_ufunc(m, "rint", "round", false);  // an integer's rint is a float, as NumPy's loops have it
  unary_ufunc(m, "sign", "sign", true);
  unary_ufunc(m, "conjugate", "conj_physical", true);
  unary_ufunc(m, "conj", "conj_physical", true);
  unary_ufunc(m, "abs", "abs", true);
  unary_ufunc(m, "absolute", "abs", true);
  unary_ufunc(m, "negative", "neg", true);
  unary_ufunc(m, "square", "square", true);
  for (const char* name : {"sum", "prod", "mean", "min", "max", "argmax", "argmin", "std", "var", "cumsum"}) as_method(m, name);
  extremum_ufunc(m, "maximum", true);
  extremum_ufunc(m, "minimum", false);
  // clip: maximum with a_min, then minimum with a_max (the ufuncs' promotion and NaN rules).
  // (The module is looked up at the call: a function holding its own module would keep both alive.)
  def_function(m, "clip", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("clip", a, kw, {"a", "a_min", "a_max", "out", "min", "max"}, 1);
    if ((!v[4].is_none() || !v[5].is_none()) && (!v[1].is_none() || !v[2].is_none()))
      throw ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are provided is forbidden.");
    if (!v[4].is_none()) v[1] = v[4];  // NumPy 2's names for the bounds
    if (!v[5].is_none()) v[2] = v[5];
    Value r = numpy_asarray(v[0]);
    const auto& attrs = in.lookup_module("numpy").as<ModuleObj>()->attrs;
    if (!v[1].is_none()) {
      Args args{r, v[1]};
      Kwargs none;
      r = in.call(attrs.at("maximum"), args, none);
    }
    if (!v[2].is_none()) {
      Args args{r, v[2]};
      Kwargs none;
      r = in.call(attrs.at("minimum"), args, none);
    }
    if (v[1].is_none() && v[2].is_none()) r = numpy_value(clone(tensor_of(r)));
    return into_out("clip", r, v[3]);
  });
  // round / around: half to even at `decimals` places (integers are already round for decimals >= 0).
  for (const char* name : {"round", "around"})
    def_function(m, name, [name](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"a", "decimals", "out"}, 1);
      const Tensor x = tensor_of(numpy_asarray(v[0]));
      const int64_t decimals = v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int());
      Tensor r;
      if (is_complex(x.dtype())) {  // the real and imaginary parts each, as NumPy rounds a complex
        r = complex(round(contiguous(real(x)), decimals), round(contiguous(imag(x)), decimals));
      } else if (is_floating(x.dtype())) {
        r = round(x, decimals);
      } else {
        if (decimals < 0) throw NotImplementedError(std::string(name) + ": tsh rounds integers to negative decimals not yet");
        r = clone(x);
      }
      return into_out(name, numpy_value(r), v[2]);
    });
  def_function(m, "concatenate", [](Interpreter& in, Args& a, Kwargs& kw) {
    // axis=None (given, not left out, whose default is 0) joins the arrays flattened
    bool flat = a.size() > 1 && a[1].is_none();
    for (const auto& [name, value] : kw) flat = flat || (name == "axis" && value.is_none());
    std::vector<Value> v = bind_params("concatenate", a, kw, {"arrays", "axis"}, 1);
    std::vector<Tensor> ts = joined(in, v[0]);
    if (flat)
      for (Tensor& t : ts) t = reshape(t, {t.numel()});
    const Tensor r = cat(ts, flat || v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int()));
    return make_ndarray(numpy_layout_from(r, ts));  // the inputs' common order of memory, as NumPy's join keeps
  });
  def_function(m, "stack", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("stack", a, kw, {"arrays", "axis"}, 1);
    return make_ndarray(stack(joined(in, v[0]), v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int())));
  });
  def_function(m, "vstack", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("vstack", a, kw, {"tup"}, 1);
    std::vector<Tensor> ts = joined(in, v[0]);
    for (Tensor& t : ts)
      if (t.dim() < 2) t = reshape(t, {1, t.dim() == 0 ? 1 : t.size(0)});
    return make_ndarray(cat(ts, 0));
  });
  def_function(m, "hstack", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("hstack", a, kw, {"tup"}, 1);
    std::vector<Tensor> ts = joined(in, v[0]);
    for (Tensor& t : ts)
      if (t.dim() == 0) t = reshape(t, {1});
    return make_ndarray(cat(ts, ts[0].dim() == 1 ? 0 : 1));
  });
  // repeat: each element `repeats` times (an int, or one count per element along the axis); axis=None flattens
  def_function(m, "repeat", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("repeat", a, kw, {"a", "repeats", "axis"}, 2);
    Tensor x = tensor_of(numpy_asarray(v[0]));
    if (v[2].is_none()) x = reshape(x, {x.numel()});
    const int64_t axis = v[2].is_none() ? 0 : static_cast<int64_t>(v[2].as_int());
    if (axis < -x.dim() || axis >= x.dim())
      throw PyError("numpy.exceptions.AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                                      std::to_string(x.dim()));
    const Tensor counts = to(tensor_of(numpy_asarray(v[1])), DType::Int64, std::nullopt);
    if (counts.numel() > 0 && item(amin(counts)).to_int() < 0)  // NumPy's two wordings: one count, or several
      throw ValueError(counts.dim() == 0 ? "negative dimensions are not allowed" : "repeats may not contain negative values.");
    if (counts.dim() == 0) return numpy_value(repeat_interleave(x, item(counts).to_int(), axis));
    if (counts.numel() != x.size(axis) && counts.numel() != 1)
      throw ValueError("operands could not be broadcast together with shape (" + std::to_string(x.size(axis)) + ",) (" +
                       std::to_string(counts.numel()) + ",)");
    return numpy_value(counts.numel() == 1 ? repeat_interleave(x, item(counts).to_int(), axis)
                                           : repeat_interleave(x, counts, axis));
  });
  def_function(m, "dot", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("dot", a, kw, {"a", "b", "out"}, 2);
    if (!v[2].is_none()) {  // out= must be exactly the result's kind of array: NumPy does not cast here
      Args ab{v[0], v[1]};
      Kwargs none;
      const Value r = numpy_asarray(in.call(in.get_attr(in.lookup_module("numpy"), "dot"), ab, none));
      if (!is_ndarray(v[2])) throw TypeError("'out' must be an array");
      const Tensor& o = tensor_of(v[2]);
      if (o.dtype() != tensor_of(r).dtype() || o.sizes() != tensor_of(r).sizes() || !numpy_contiguous(o, false))
        throw ValueError("output array is not acceptable (must have the right datatype, number of dimensions, and be a C-Array)");
      return numpy_write_out("dot", r, v[2]);
    }
    const Value x = numpy_asarray(v[0]), y = numpy_asarray(v[1]);
    // a scalar on either side is a multiplication; arrays of more than 2 dims are NumPy's sum over
    // a's last axis and b's second-to-last, which tsh does not have yet
    if (tensor_of(x).dim() == 0 || tensor_of(y).dim() == 0) return in.binary(Op::Mul, x, y, false);
    const Tensor& tx = tensor_of(x);
    const Tensor& ty = tensor_of(y);
    if (ty.dim() <= 2 && tx.dim() <= 2) return in.binary(Op::MatMul, x, y, false);
    // a's last axis against b's second-to-last (its only one, for a 1-d b): one matrix product of a
    // as rows and b as columns, shaped back to a.shape[:-1] + b.shape[:-2] + b.shape[-1:]
    const int64_t k = tx.size(-1);
    const Tensor b_cols = ty.dim() == 1 ? reshape(ty, {ty.size(0), 1}) : reshape(movedim(ty, {ty.dim() - 2}, {0}), {ty.size(-2), -1});
    const Value product = in.binary(Op::MatMul, numpy_value(reshape(tx, {-1, k})), numpy_value(contiguous(b_cols)), false);
    Shape shape(tx.sizes().begin(), tx.sizes().end() - 1);
    if (ty.dim() > 1) {
      shape.insert(shape.end(), ty.sizes().begin(), ty.sizes().end() - 2);
      shape.push_back(ty.size(-1));
    }
    return numpy_value(reshape(tensor_of(numpy_asarray(product)), shape));
  });
  def_function(m, "allclose", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("allclose", a, kw, {"a", "b", "rtol", "atol", "equal_nan"}, 2);
    const Tensor x = tensor_of(numpy_asarray(v[0]));
    const Tensor y = tensor_of(numpy_asarray(v[1]));
    const DType d = is_complex(x.dtype()) || is_complex(y.dtype()) ? DType::Complex128 : DType::Float64;
    return Value::boolean(allclose(to(x, d, std::nullopt), to(y, d, std::nullopt),
                                   v[2].is_none() ? 1e-05 : v[2].as_float(), v[3].is_none() ? 1e-08 : v[3].as_float(),
                                   truthy(v[4])));
  });
  def_function(m, "array_equal", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("array_equal", a, kw, {"a1", "a2", "equal_nan"}, 2);
    const Tensor x = tensor_of(numpy_asarray(v[0]));
    const Tensor y = tensor_of(numpy_asarray(v[1]));
    if (x.sizes() != y.sizes()) return Value::boolean(false);
    const DType d = numpy_result_dtype(x.dtype(), y.dtype());
    return Value::boolean(equal(to(x, d, std::nullopt), to(y, d, std::nullopt)));
  });
  // where(condition, x, y): x where condition holds, else y, in the dtype x and y combine to;
  // where(condition): the indices of the true elements, one array per dim.
  def_function(m, "where", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("where", a, kw, {"condition", "x", "y"}, 1);
    const Tensor cond = to(tensor_of(numpy_asarray(v[0])), DType::Bool, std::nullopt);
    if (v[1].is_none() != v[2].is_none()) throw ValueError("either both or neither of x and y should be given");
    if (v[1].is_none()) {
      const Tensor idx = nonzero(cond);  // (count, dims)
      std::vector<Value> parts;
      for (int64_t d = 0; d < std::max<int64_t>(cond.dim(), 1); ++d)
        parts.push_back(make_ndarray(contiguous(select(idx, 1, d))));
      return Value::tuple(parts);
    }
    // A Python number beside an array is weak (NEP 50): where(c, uint64_array, 0) stays uint64.
    auto python_number = [](const Value& x) { return x.is_number() && !is_ndarray(x); };
    if (python_number(v[1]) != python_number(v[2])) {
      const bool number_first = python_number(v[1]);
      const Tensor t = tensor_of(numpy_asarray(number_first ? v[2] : v[1]));
      const Value& number = number_first ? v[1] : v[2];
      const DType d =
          tensor_of(numpy_asarray(in.binary(Op::Add, numpy_value(zeros({}, t.dtype())), number, false))).dtype();
      const Tensor x = to(t, d, std::nullopt), n = full({}, number.as_scalar(), d);
      return numpy_value(number_first ? where(cond, Operand(n), Operand(x)) : where(cond, Operand(x), Operand(n)));
    }
    Value seq = Value::list({v[1], v[2]});
    const std::vector<Tensor> xy = joined(in, seq);
    return numpy_value(where(cond, Operand(xy[0]), Operand(xy[1])));
  });
  for (const char* name : {"shares_memory", "may_share_memory"})
    def_function(m, name, [name](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"a", "b", "max_work"}, 2);
      const Tensor x = tensor_of(numpy_asarray(v[0])), y = tensor_of(numpy_asarray(v[1]));
      // max_work: 0 asks only the spans (may_share_memory's default), -1 or more work the exact answer
      const bool exact = v[2].is_none() ? std::string(name) == "shares_memory" : v[2].as_int() != 0;
      if (!exact && std::string(name) == "shares_memory" && bounds_overlap(x, y))
        throw PyError("numpy.exceptions.TooHardError", "Exceeded max_work");  // spans meet: no work allowed to tell
      return Value::boolean(exact ? elements_overlap(x, y) : bounds_overlap(x, y));
    });
}

}  // namespace tsh::shell
