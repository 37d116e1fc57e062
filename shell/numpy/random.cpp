// shell/numpy/random.cpp — numpy.random: the legacy global RandomState functions and
// default_rng's Generator, bit for bit with NumPy 2.x (streams in bitgen.h).
//
// What a function returns follows NumPy: size=None gives one Python float (or, for integers,
// a Python int when dtype is Python's int, else a NumPy scalar); a size gives an array.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>

#include "engine/core/generator.h"
#include "engine/format/numpy_repr.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/bytes.h"
#include "shell/python/warnings.h"
#include "shell/numpy/array.h"
#include "shell/numpy/bitgen.h"
#include "shell/numpy/distributions.h"
#include "shell/numpy/random_args.h"

namespace tsh::shell {

namespace numpy_random {

// size=: None (one value), an int or a tuple of ints.
std::optional<Shape> size_arg(const Value& size) {
  if (size.is_none()) return std::nullopt;
  // One int: a Python int or a NumPy integer scalar.
  auto one = [](const Value& v) -> std::optional<int64_t> {
    Value n = v;
    if (is_ndarray(v) && is_integral(ndarray_tensor(v).dtype(), false) && ndarray_tensor(v).dim() == 0) n = numpy_scalar_number(v);
    if (!n.is_intlike()) return std::nullopt;
    if (n.obj()) throw ValueError("Maximum allowed dimension exceeded");
    return static_cast<int64_t>(n.as_int());
  };
  Shape shape;
  if (auto n = one(size)) {
    shape.push_back(*n);
  } else if (size.is_sequence()) {
    for (const Value& x : size.items()) {
      auto k = one(x);
      if (!k) throw TypeError("'" + type_name(x) + "' object cannot be interpreted as an integer");
      shape.push_back(*k);
    }
  } else {
    throw TypeError("expected a sequence of integers or a single integer, got '" + repr(size) + "'");
  }
  for (int64_t s : shape)
    if (s < 0) throw ValueError("negative dimensions are not allowed");
  return shape;
}

int64_t count(const Shape& shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

}  // namespace numpy_random

namespace {

using numpy_random::count;
using numpy_random::float32_dtype;
using numpy_random::size_arg;

using numpy_random::BitGen;
using numpy_random::Mt19937;
using numpy_random::RandomStateGen;
using numpy_random::Pcg64;


Tensor int64_tensor(const Shape& shape, const std::vector<int64_t>& v) {
  std::vector<Scalar> s(v.begin(), v.end());
  return from_scalars(shape, s, DType::Int64, Device{});
}

// One float per draw: a Python float for size=None, else a float64 array.
template <typename Draw> Value draw(const Value& size, Draw d) {
  const std::optional<Shape> shape = size_arg(size);
  if (!shape) return Value::floating(d());
  std::vector<Scalar> v;
  for (int64_t i = 0, n = count(*shape); i < n; ++i) v.emplace_back(d());
  return make_ndarray(from_scalars(*shape, v, DType::Float64, Device{}));
}

// One float32 per draw: a Python float for size=None, else a float32 array.
template <typename Draw> Value draw_f32(const Value& size, Draw d) {
  const std::optional<Shape> shape = size_arg(size);
  if (!shape) return Value::floating(d());
  std::vector<float> v(static_cast<size_t>(count(*shape)));
  for (float& x : v) x = d();
  return make_ndarray(tensor_of(v, *shape, DType::Float32, Device{}));
}

// rand(d0, d1, ...) and randn(...): the dims as separate arguments; none gives a float.
Value dims_value(Args& a, const char* name, Kwargs& kw) {
  if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
  if (a.empty()) return Value();
  for (const Value& x : a)
    if (!x.is_intlike()) throw TypeError("'" + type_name(x) + "' object cannot be interpreted as an integer");
  return Value::tuple(std::vector<Value>(a.begin(), a.end()));
}

// An integer argument: a Python int or a NumPy integer scalar (floats truncate, as NumPy's casts do).
bool is_integer_arg(const Value& v) {
  if (v.is_intlike() && !v.is(Kind::Bool)) return true;
  if (!is_ndarray(v)) return false;
  const Tensor& t = ndarray_tensor(v);
  return t.dim() == 0 && !is_floating(t.dtype()) && !is_complex(t.dtype()) && t.dtype() != DType::Bool;
}
int64_t integer_arg(const Value& v) {
  if (is_ndarray(v)) return numpy_scalar_number(v).as_int();
  if (v.is(Kind::Float)) return static_cast<int64_t>(v.as_float());
  return static_cast<int64_t>(v.as_int());
}

// ---- integers ------------------------------------------------------------------------------

struct IntDtype {
  DType dtype = DType::Int64;
  bool python = false;  // dtype given as Python's int or bool: size=None gives a Python number
  int bits = 64;
  int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
};

IntDtype int_dtype(const Value& v, const char* fn, DType fallback, bool fallback_python) {
  IntDtype d;
  if (v.is_none()) {
    d.dtype = fallback;
    d.python = fallback_python;
  } else {
    d.dtype = *numpy_dtype_arg(v);
    d.python = v.is(Kind::Type) && (v.as<TypeObj>()->name == "int" || v.as<TypeObj>()->name == "bool");
  }
  switch (d.dtype) {
    case DType::Bool: d.bits = 1, d.lo = 0, d.hi = 1; break;
    case DType::UInt8: d.bits = 8, d.lo = 0, d.hi = 255; break;
    case DType::Int8: d.bits = 8, d.lo = -128, d.hi = 127; break;
    case DType::Int16: d.bits = 16, d.lo = -32768, d.hi = 32767; break;
    case DType::Int32: d.bits = 32, d.lo = INT32_MIN, d.hi = INT32_MAX; break;
    case DType::Int64: break;
    case DType::UInt16: d.bits = 16, d.lo = 0, d.hi = UINT16_MAX; break;
    case DType::UInt32: d.bits = 32, d.lo = 0, d.hi = UINT32_MAX; break;
    default:
      throw TypeError("Unsupported dtype dtype('" + format::numpy_dtype_name(d.dtype) + "') for " + fn);
  }
  return d;
}

// A bound of integers/randint as a Python int, never narrowed: 2**64 is out of bounds for int64, not 0.
Int wide_integer_arg(const Value& v) {
  if (is_ndarray(v)) return numpy_scalar_number(v).as_int();
  if (v.is(Kind::Float)) {
    const double f = v.as_float();
    if (!(std::fabs(f) < 1e36)) return f < 0 ? kIntMin : kIntMax;  // NaN too: out of every bound
    return static_cast<Int>(f);
  }
  return v.as_int();
}

// randint / integers: [low, high) or [low, high] drawn by NumPy's method for the dtype's width.
Value integers(BitGen& g, const Value& low_v, const Value& high_v, const Value& size, const IntDtype& d,
               bool endpoint, bool masked) {
  Int low = wide_integer_arg(low_v), high;
  if (high_v.is_none()) {
    high = low;
    low = 0;
    if (high <= 0 && !endpoint) throw ValueError("high <= 0");
  } else {
    high = wide_integer_arg(high_v);
  }
  const std::string name = format::numpy_dtype_name(d.dtype);
  if (low < d.lo) throw ValueError("low is out of bounds for " + name);
  const Int last = endpoint ? high : high - 1;  // the largest value that may be drawn
  if (last > d.hi) throw ValueError("high is out of bounds for " + name);
  if (endpoint ? low > high : low >= high) throw ValueError(endpoint ? "low > high" : "low >= high");
  const uint64_t rng = static_cast<uint64_t>(static_cast<int64_t>(last)) - static_cast<uint64_t>(static_cast<int64_t>(low));
  const std::optional<Shape> shape = size_arg(size);
  const int64_t n = shape ? count(*shape) : 1;
  const std::vector<uint64_t> raw =
      numpy_random::bounded_fill(g, static_cast<uint64_t>(static_cast<int64_t>(low)), rng, d.bits, masked,
                                 static_cast<size_t>(n));
  std::vector<Scalar> v;
  for (uint64_t x : raw) {
    if (d.dtype == DType::Bool) v.emplace_back(x != 0);
    else v.emplace_back(static_cast<int64_t>(x));
  }
  if (!shape && d.python) return d.dtype == DType::Bool ? Value::boolean(raw[0] != 0) : Value::integer(static_cast<int64_t>(raw[0]));
  const Tensor t = from_scalars(shape.value_or(Shape{}), v, d.dtype, Device{});
  return shape ? make_ndarray(t) : numpy_value(t);
}

// ---- shuffles --------------------------------------------------------------------------------

// The swaps NumPy's shuffle makes (i from n-1 down to 1, j = random_interval(i)), applied to 0..n-1.
std::vector<int64_t> shuffled_order(BitGen& g, int64_t n) {
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) order[i] = i;
  for (int64_t i = n - 1; i >= 1; --i) std::swap(order[i], order[numpy_random::random_interval(g, i)]);
  return order;
}

// An axis argument of Generator's shuffles, checked against ndim (NumPy's normalize_axis_index).
int64_t axis_index(const Value& axis_v, int64_t ndim) {
  int64_t axis = axis_v.is_none() ? 0 : integer_arg(axis_v);
  if (axis < -ndim || axis >= ndim)
    throw PyError("numpy.exceptions.AxisError",
                  "axis " + std::to_string(axis) + " is out of bounds for array of dimension " + std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

// In place along axis (Generator; RandomState's is axis 0): slices i = n-1 .. 1 swapped with random_interval(i).
void shuffle(BitGen& g, const Value& x, const Value& axis_v = Value()) {
  const bool axis_zero = axis_v.is_none() || (axis_v.is_intlike() && axis_v.as_int() == 0);
  if (x.is(Kind::List)) {
    if (!axis_zero) throw NotImplementedError("Axis argument is only supported on ndarray objects");
    std::vector<Value>& items = x.items();
    for (int64_t i = static_cast<int64_t>(items.size()) - 1; i >= 1; --i)
      std::swap(items[i], items[numpy_random::random_interval(g, i)]);
    return;
  }
  if (is_ndarray(x) && ndarray_tensor(x).dim() == 0) throw TypeError("len() of unsized object");
  if (x.is(Kind::Tuple)) throw TypeError("'tuple' object does not support item assignment");
  if (!is_ndarray(x)) throw TypeError("object of type '" + type_name(x) + "' has no len()");
  const Tensor& t = ndarray_tensor(x);
  const int64_t axis = axis_index(axis_v, t.dim());
  if (!ndarray_writeable(x)) throw ValueError("assignment destination is read-only");
  const int64_t n = t.size(axis);
  if (n <= 1) return;
  const Tensor order = int64_tensor({n}, shuffled_order(g, n));
  copy_(t, index_select(clone(t), axis, order));
}

Value permutation(BitGen& g, const Value& x, bool legacy_errors, const Value& axis_v = Value()) {
  if (is_integer_arg(x)) {  // arange(x) shuffled; NumPy ignores axis here
    const int64_t n = integer_arg(x);
    if (n < 0) throw ValueError("negative dimensions are not allowed");
    return make_ndarray(int64_tensor({n}, shuffled_order(g, n)));
  }
  const Tensor t = ndarray_tensor(numpy_asarray(x));
  if (t.dim() == 0 && legacy_errors) throw IndexError("x must be an integer or at least 1-dimensional");
  const int64_t axis = axis_index(axis_v, t.dim());
  const Tensor order = int64_tensor({t.size(axis)}, shuffled_order(g, t.size(axis)));
  return make_ndarray(index_select(t, axis, order));
}

// ---- choice ----------------------------------------------------------------------------------

// NumPy's pairwise-free compensated sum, used to check that p sums to 1.
double kahan_sum(const std::vector<double>& v) {
  double sum = 0, c = 0;
  for (double x : v) {
    const double y = x - c, t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

// Indices drawn by inverting p's cumulative sum at uniform draws (searchsorted, side='right').
std::vector<int64_t> by_cdf(const std::vector<double>& p, const std::vector<double>& u) {
  std::vector<double> cdf(p.size());
  double run = 0;
  for (size_t i = 0; i < p.size(); ++i) cdf[i] = run += p[i];
  const double last = cdf.back();
  for (double& c : cdf) c /= last;
  std::vector<int64_t> idx;
  for (double x : u) idx.push_back(std::upper_bound(cdf.begin(), cdf.end(), x) - cdf.begin());
  return idx;
}

struct ChoiceArgs {
  Value a, size, p;
  bool replace = true, shuffle = true;
  Value axis;  // Generator: the axis of a to choose along (None: 0)
};

Value choice(BitGen& g, const ChoiceArgs& c, bool legacy_rules) {
  // The population: an integer n (0..n-1) or the first axis of an array.
  const bool from_int = is_integer_arg(c.a);
  int64_t pop = 0, axis = 0;
  Tensor arr;
  if (from_int) {
    pop = integer_arg(c.a);
  } else {
    arr = ndarray_tensor(numpy_asarray(c.a));
    if (arr.dim() == 0) {
      if (legacy_rules) throw ValueError("a must be 1-dimensional or an integer");
      throw ValueError("a must be a sequence or an integer, not <class '" + type_name(c.a) + "'>");
    }
    if (legacy_rules && arr.dim() != 1) throw ValueError("a must be 1-dimensional");
    axis = c.axis.is_none() ? 0 : integer_arg(c.axis);
    if (axis < -arr.dim() || axis >= arr.dim()) throw IndexError("tuple index out of range");  // a.shape[axis]
    if (axis < 0) axis += arr.dim();
    pop = arr.size(axis);
  }
  const std::optional<Shape> shape = size_arg(c.size);
  const int64_t size = shape ? count(*shape) : 1;
  if (pop <= 0 && size != 0) {
    if (legacy_rules)
      throw ValueError(from_int ? "a must be greater than 0 unless no samples are taken"
                                : "'a' cannot be empty unless no samples are taken");
    throw ValueError(from_int ? "a must be a positive integer unless no samples are taken"
                              : "a cannot be empty unless no samples are taken");
  }
  std::vector<double> p;
  if (!c.p.is_none()) {
    const Tensor pt = ndarray_tensor(numpy_asarray(c.p));
    double atol = std::sqrt(std::numeric_limits<double>::epsilon());
    if (is_ndarray(c.p) && pt.dtype() == DType::Float32) atol = std::sqrt(std::numeric_limits<float>::epsilon());
    if (is_ndarray(c.p) && pt.dtype() == DType::Float16) atol = std::sqrt(0.0009765625);
    if (pt.dim() != 1) throw ValueError("p must be 1-dimensional");
    p = host_values<double>(to(contiguous(pt), DType::Float64, std::nullopt));
    if (static_cast<int64_t>(p.size()) != pop)
      throw ValueError(legacy_rules ? "'a' and 'p' must have same size" : "a and p must have same size");
    const double sum = kahan_sum(p);
    if (std::isnan(sum)) throw ValueError(legacy_rules ? "probabilities contain NaN" : "Probabilities contain NaN");
    for (double x : p)
      if (x < 0)
        throw ValueError(legacy_rules ? "probabilities are not non-negative" : "Probabilities are not non-negative");
    if (std::fabs(sum - 1.0) > atol)
      throw ValueError(legacy_rules ? "probabilities do not sum to 1"
                                    : "Probabilities do not sum to 1. See Notes section of docstring for more "
                                      "information.");
  }

  std::vector<int64_t> idx;
  if (c.replace) {
    if (!p.empty()) {
      std::vector<double> u(static_cast<size_t>(size));
      for (double& x : u) x = g.next_double();
      idx = by_cdf(p, u);
    } else {
      for (uint64_t x : numpy_random::bounded_fill(g, 0, static_cast<uint64_t>(pop - 1), 64, legacy_rules,
                                                   static_cast<size_t>(size)))
        idx.push_back(static_cast<int64_t>(x));
    }
  } else {
    if (size > pop)
      throw ValueError(legacy_rules ? "Cannot take a larger sample than population when 'replace=False'"
                                    : "Cannot take a larger sample than population when replace is False");
    if (!p.empty()) {
      int64_t nonzero = 0;
      for (double x : p) nonzero += x > 0;
      if (nonzero < size) throw ValueError("Fewer non-zero entries in p than size");
      // Draw, drop repeats, zero the chosen probabilities, and draw again for what is missing.
      while (static_cast<int64_t>(idx.size()) < size) {
        std::vector<double> u(static_cast<size_t>(size) - idx.size());
        for (double& x : u) x = g.next_double();
        for (int64_t k : idx) p[k] = 0;
        std::vector<int64_t> fresh = by_cdf(p, u), firsts;
        std::map<int64_t, size_t> first_at;
        for (size_t i = 0; i < fresh.size(); ++i) first_at.emplace(fresh[i], i);
        std::vector<size_t> order;
        for (const auto& [value, at] : first_at) order.push_back(at);
        std::sort(order.begin(), order.end());
        for (size_t at : order) idx.push_back(fresh[at]);
      }
    } else if (legacy_rules) {
      idx = shuffled_order(g, pop);  // permutation(pop)[:size]
      idx.resize(static_cast<size_t>(size));
    } else if (pop > 10000 && size > pop / (c.shuffle ? 50 : 20)) {
      // Shuffle only the tail that is kept (Lemire draws).
      std::vector<int64_t> all(static_cast<size_t>(pop));
      for (int64_t i = 0; i < pop; ++i) all[i] = i;
      for (int64_t i = pop - 1; i >= std::max<int64_t>(pop - size, 1); --i)
        std::swap(all[i], all[numpy_random::bounded_uint64(g, 0, static_cast<uint64_t>(i), false)]);
      idx.assign(all.end() - size, all.end());
    } else {
      // Floyd's algorithm, with NumPy's open-addressing set (its probe order decides nothing
      // drawn, only membership), then a shuffle of the sample.
      uint64_t mask = static_cast<uint64_t>(1.2 * static_cast<double>(size));
      for (int s : {1, 2, 4, 8, 16, 32}) mask |= mask >> s;
      std::vector<uint64_t> set(mask + 1, UINT64_MAX);
      idx.resize(static_cast<size_t>(size));
      for (int64_t j = pop - size; j < pop; ++j) {
        const uint64_t val = numpy_random::bounded_uint64(g, 0, static_cast<uint64_t>(j), false);
        uint64_t loc = val & mask;
        while (set[loc] != UINT64_MAX && set[loc] != val) loc = (loc + 1) & mask;
        if (set[loc] == UINT64_MAX) {
          set[loc] = val;
          idx[j - pop + size] = static_cast<int64_t>(val);
        } else {
          loc = static_cast<uint64_t>(j) & mask;
          while (set[loc] != UINT64_MAX) loc = (loc + 1) & mask;
          set[loc] = static_cast<uint64_t>(j);
          idx[j - pop + size] = j;
        }
      }
      if (c.shuffle)
        for (int64_t i = size - 1; i >= 1; --i)
          std::swap(idx[i], idx[numpy_random::bounded_uint64(g, 0, static_cast<uint64_t>(i), false)]);
    }
  }

  if (!shape) {
    if (from_int) return Value::integer(idx[0]);
    return numpy_value(select(arr, axis, idx[0]));
  }
  const Tensor picks = int64_tensor(*shape, idx);
  if (from_int) return make_ndarray(picks);
  // a.take(idx, axis): the chosen slices, size's dims in place of axis.
  Shape out(arr.sizes().begin(), arr.sizes().begin() + axis);
  out.insert(out.end(), shape->begin(), shape->end());
  for (int64_t d = axis + 1; d < arr.dim(); ++d) out.push_back(arr.size(d));
  return make_ndarray(reshape(index_select(arr, axis, reshape(picks, {size})), out));
}

// ---- default_rng's Generator ---------------------------------------------------------------

Value generator_type();

// Generator.permuted: x shuffled along axis (None: all its elements), in a copy.
Value permuted(BitGen& g, const Value& x, const Value& axis_v) {
  Tensor t = clone(ndarray_tensor(numpy_asarray(x)));
  if (axis_v.is_none()) {
    Tensor flat = reshape(t, {t.numel()});
    copy_(flat, index_select(clone(flat), 0, int64_tensor({t.numel()}, shuffled_order(g, t.numel()))));
    return make_ndarray(reshape(flat, t.sizes()));
  }
  const int64_t axis = axis_index(axis_v, t.dim());
  // Each line along axis is shuffled in turn, the lines taken in C order of the other indices.
  Tensor moved = contiguous(movedim(t, {axis}, {t.dim() - 1}));
  const int64_t n = t.size(axis), lines = n ? moved.numel() / n : 0;
  Tensor rows = reshape(moved, {lines, n});
  for (int64_t r = 0; r < lines; ++r) {
    Tensor row = select(rows, 0, r);
    copy_(row, index_select(clone(row), 0, int64_tensor({n}, shuffled_order(g, n))));
  }
  return make_ndarray(contiguous(movedim(reshape(rows, moved.sizes()), {t.dim() - 1}, {axis})));
}

// bytes(length): little-endian 32-bit draws, cut to length.
Value random_bytes(BitGen& g, const Value& length_v) {
  if (!length_v.is_intlike()) throw TypeError("'" + type_name(length_v) + "' object cannot be interpreted as an integer");
  const int64_t length = static_cast<int64_t>(length_v.as_int());
  std::string out;
  // NumPy's count is C division: bytes(0) still draws one word, bytes(-3) none.
  const int64_t words = (length - 1) / 4 + 1;
  if (words < 0) throw ValueError("negative dimensions are not allowed");
  for (int64_t i = 0; i < words; ++i) {
    const uint32_t w = g.next_uint32();
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>((w >> (8 * k)) & 0xff));
  }
  out.resize(static_cast<size_t>(std::max<int64_t>(length, 0)));
  return make_bytes(out);
}

struct NumpyGeneratorObj : InstanceObj {
  std::shared_ptr<BitGen> g;
  Value bit_generator;  // the PCG64 (or MT19937) object g belongs to
  std::string class_name() const override { return "Generator"; }
  std::string module_name() const override { return "numpy.random._generator"; }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> names = {"bit_generator", "bytes", "choice", "integers", "permutation", "permuted",
                                      "random", "shuffle", "spawn", "standard_normal"};
    for (const std::string& d : numpy_random::generator_distribution_names()) names.push_back(d);
    std::sort(names.begin(), names.end());
    return names;
  }
  std::string kind() const { return repr(bit_generator).find("PCG64") != std::string::npos ? "PCG64" : "MT19937"; }
  std::string str_of(const Value&) const override { return "Generator(" + kind() + ")"; }
  std::string repr_of(const Value& self) const override {
    char at[32];
    std::snprintf(at, sizeof at, "%llX", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(self.as<InstanceObj>())));
    return "Generator(" + kind() + ") at 0x" + std::string(at);
  }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    std::shared_ptr<BitGen> gen = g;
    if (n == "bit_generator") return bit_generator;
    auto def = [&n](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
      return make_builtin(n, "<built-in method " + n + " of numpy.random._generator.Generator object>", std::move(fn));
    };
    if (n == "random")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("random", a, kw, {"size", "dtype", "out"}, 0);
        if (!v[2].is_none()) throw NotImplementedError("Generator.random: tsh does not support out=");
        if (float32_dtype(v[1], "random")) return draw_f32(v[0], [&] { return numpy_random::next_float(*gen); });
        return draw(v[0], [&] { return gen->next_double(); });
      });
    if (n == "standard_normal")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("standard_normal", a, kw, {"size", "dtype", "out"}, 0);
        if (!v[2].is_none()) throw NotImplementedError("Generator.standard_normal: tsh does not support out=");
        if (float32_dtype(v[1], "standard_normal"))
          return draw_f32(v[0], [&] { return numpy_random::standard_normal_f(*gen); });
        return draw(v[0], [&] { return numpy_random::ziggurat_normal(*gen); });
      });
    if (n == "integers")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("integers", a, kw, {"low", "high", "size", "dtype", "endpoint"}, 1);
        const IntDtype d = int_dtype(v[3], "integers", DType::Int64, false);
        return integers(*gen, v[0], v[1], v[2], d, truthy(v[4]), false);
      });
    if (n == "choice")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("choice", a, kw, {"a", "size", "replace", "p", "axis", "shuffle"}, 1);
        ChoiceArgs c{v[0], v[1], v[3], v[2].is_none() || truthy(v[2]), v[5].is_none() || truthy(v[5]), v[4]};
        return choice(*gen, c, false);
      });
    if (n == "permutation")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("permutation", a, kw, {"x", "axis"}, 1);
        return permutation(*gen, v[0], false, v[1]);
      });
    if (n == "shuffle")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("shuffle", a, kw, {"x", "axis"}, 1);
        shuffle(*gen, v[0], v[1]);
        return Value();
      });
    if (n == "permuted")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("permuted", a, kw, {"x", "axis", "out"}, 1);
        if (!v[2].is_none()) throw NotImplementedError("Generator.permuted: tsh does not support out=");
        return permuted(*gen, v[0], v[1]);
      });
    if (n == "bytes")
      return def([gen](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("bytes", a, kw, {"length"}, 1);
        return random_bytes(*gen, v[0]);
      });
    if (n == "spawn") {
      Value bg = bit_generator;
      return def([bg](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("spawn", a, kw, {"n_children"}, 1);
        std::vector<Value> out;
        for (const Value& b : numpy_random::spawn_bit_generators(bg, v[0])) out.push_back(make_generator(b));
        return Value::list(out);
      });
    }
    if (std::optional<Value> m = numpy_random::generator_distribution(gen, n)) return *m;
    throw AttributeError("'numpy.random._generator.Generator' object has no attribute '" + n + "'");
  }
  static Value make_generator(const Value& bit_generator) {
    auto o = std::make_shared<NumpyGeneratorObj>();
    o->g = numpy_random::bit_generator_stream(bit_generator);
    o->bit_generator = bit_generator;
    o->type = generator_type();
    return Value::object(Kind::Instance, o);
  }
};

Value generator_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "numpy.random._generator.Generator";
    t->ctor = [](Interpreter&, Args& a, Kwargs& kw) -> Value {
      std::vector<Value> v = bind_params("Generator", a, kw, {"bit_generator"}, 1);
      if (!numpy_random::bit_generator_stream(v[0])) throw TypeError("BitGenerator must be a BitGenerator instance");
      return NumpyGeneratorObj::make_generator(v[0]);
    };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

}  // namespace

namespace {

// np.random.seed / RandomState(seed): an int (init_genrand) or a sequence of words (init_by_array).
void legacy_seed(RandomStateGen& rs, const Value& seed) {
  auto* mt = dynamic_cast<Mt19937*>(rs.bg.get());
  if (!mt) throw TypeError("can only re-seed a MT19937 BitGenerator");
  if (seed.is_none()) {
    mt->seed_int(static_cast<uint32_t>(nondeterministic_seed()));
  } else if (is_integer_arg(seed)) {
    const int64_t i = integer_arg(seed);
    if (i < 0 || i > static_cast<int64_t>(0xffffffffu)) throw ValueError("Seed must be between 0 and 2**32 - 1");
    mt->seed_int(static_cast<uint32_t>(i));
  } else {
    const Tensor t = ndarray_tensor(numpy_asarray(seed));
    if (t.numel() == 0) throw ValueError("Seed must be non-empty");
    if (is_floating(t.dtype()) || is_complex(t.dtype()))
      throw TypeError("Cannot cast array data from dtype('" + format::numpy_dtype_name(t.dtype()) +
                      "') to dtype('int64') according to the rule 'safe'");
    if (t.dim() != 1) throw ValueError("Seed array must be 1-d");
    std::vector<uint32_t> words;
    for (int64_t x : int_values(t)) {
      if (x < 0 || x > static_cast<int64_t>(0xffffffffu)) throw ValueError("Seed must be between 0 and 2**32 - 1");
      words.push_back(static_cast<uint32_t>(x));
    }
    mt->seed_array(words);
  }
  rs.has_gauss = false;
  rs.cached_gauss = 0;
}

// RandomState's methods, on `target` (the numpy.random module, or one RandomState's own
// namespace), all drawing from core's stream.
void install_random_state(Value& target, const std::shared_ptr<numpy_random::RandomStateCore>& core) {
  Value& random = target;
  const std::shared_ptr<RandomStateGen> rsp = core->rs;
  auto legacy = [rsp]() -> RandomStateGen& { return *rsp; };
  def_function(random, "seed", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("seed", a, kw, {"seed"}, 0);
    legacy_seed(legacy(), v[0]);
    return Value();
  });
  def_function(random, "rand", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    return draw(dims_value(a, "rand", kw), [&] { return legacy().next_double(); });
  });
  def_function(random, "randn", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    return draw(dims_value(a, "randn", kw), [&] { return legacy().gauss(); });
  });
  for (const char* name : {"random", "random_sample", "sample", "ranf"})
    def_function(random, name, [name, legacy](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"size"}, 0);
      return draw(v[0], [&] { return legacy().next_double(); });
    });
  def_function(random, "standard_normal", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("standard_normal", a, kw, {"size"}, 0);
    return draw(v[0], [&] { return legacy().gauss(); });
  });
  numpy_random::install_legacy_distributions(random, core->rs);
  numpy_random::install_state_functions(random, core);
  def_function(random, "bytes", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("bytes", a, kw, {"length"}, 1);
    return random_bytes(legacy(), v[0]);
  });
  def_function(random, "random_integers", [legacy](Interpreter& in, Args& a, Kwargs& kw) {
    // Deprecated in NumPy: randint over [low, high], with low 1 when only one bound is given.
    std::vector<Value> v = bind_params("random_integers", a, kw, {"low", "high", "size"}, 1);
    Value low = v[0], high = v[1];
    if (high.is_none()) {
      warn_once(in, "DeprecationWarning", "This function is deprecated. Please call randint(1, " + str(low) + " + 1) instead");
      high = low;
      low = Value::integer(1);
    } else {
      warn_once(in, "DeprecationWarning",
                "This function is deprecated. Please call randint(" + str(low) + ", " + str(high) + " + 1) instead");
    }
    const Value top = Value::integer(wide_integer_arg(high) + 1);
    return integers(legacy(), low, top, v[2], int_dtype(Value(), "randint", DType::Int64, false), false, true);
  });
  def_function(random, "randint", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("randint", a, kw, {"low", "high", "size", "dtype"}, 1);
    const IntDtype d = int_dtype(v[3], "randint", DType::Int64, true);
    return integers(legacy(), v[0], v[1], v[2], d, false, true);
  });
  def_function(random, "choice", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("choice", a, kw, {"a", "size", "replace", "p"}, 1);
    ChoiceArgs c{v[0], v[1], v[3], v[2].is_none() || truthy(v[2]), true, Value()};
    return choice(legacy(), c, true);
  });
  def_function(random, "permutation", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("permutation", a, kw, {"x"}, 1);
    return permutation(legacy(), v[0], true);
  });
  def_function(random, "shuffle", [legacy](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("shuffle", a, kw, {"x"}, 1);
    shuffle(legacy(), v[0]);
    return Value();
  });
}

// np.random.RandomState(seed): a stream of its own with the module's functions as its methods.
struct RandomStateObj : InstanceObj {
  std::shared_ptr<numpy_random::RandomStateCore> core;
  Value methods;  // a namespace holding the bound functions
  std::string class_name() const override { return "RandomState"; }
  std::string module_name() const override { return "numpy.random.mtrand"; }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> names;
    for (const auto& [k, v] : methods.as<ModuleObj>()->attrs)
      if (k.rfind("__", 0) != 0) names.push_back(k);
    return names;
  }
  std::string kind() const { return repr(core->bitgen).find("PCG64") != std::string::npos ? "PCG64" : "MT19937"; }
  std::string str_of(const Value&) const override { return "RandomState(" + kind() + ")"; }
  std::string repr_of(const Value& self) const override {
    char at[32];
    std::snprintf(at, sizeof at, "%llX", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(self.as<InstanceObj>())));
    return "RandomState(" + kind() + ") at 0x" + std::string(at);
  }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    if (n == "_bit_generator") return core->bitgen;
    auto& attrs = methods.as<ModuleObj>()->attrs;
    auto it = attrs.find(n);
    if (it == attrs.end() || n.rfind("__", 0) == 0)
      throw AttributeError("'numpy.random.mtrand.RandomState' object has no attribute '" + n + "'");
    return it->second;
  }
};

Value random_state_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "numpy.random.mtrand.RandomState";
    t->ctor = [](Interpreter&, Args& a, Kwargs& kw) -> Value {
      std::vector<Value> v = bind_params("RandomState", a, kw, {"seed"}, 0);
      auto core = std::make_shared<numpy_random::RandomStateCore>();
      if (std::shared_ptr<BitGen> bg = numpy_random::bit_generator_stream(v[0])) {
        core->rs = std::make_shared<RandomStateGen>(bg);
        core->bitgen = v[0];
      } else {
        core->rs = std::make_shared<RandomStateGen>(std::make_shared<Mt19937>(0u));
        legacy_seed(*core->rs, v[0]);
        core->bitgen = numpy_random::wrap_bit_generator("MT19937", core->rs->bg);
      }
      auto o = std::make_shared<RandomStateObj>();
      o->core = core;
      o->methods = new_module("numpy.random.mtrand.RandomState");
      install_random_state(o->methods, core);
      o->type = random_state_type();
      return Value::object(Kind::Instance, o);
    };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

}  // namespace

void install_numpy_random(Value& random) {
  static const auto core = [] {
    auto c = std::make_shared<numpy_random::RandomStateCore>();
    c->rs = std::make_shared<RandomStateGen>(std::make_shared<Mt19937>(static_cast<uint32_t>(nondeterministic_seed())));
    c->bitgen = numpy_random::wrap_bit_generator("MT19937", c->rs->bg);
    return c;
  }();
  install_random_state(random, core);
  numpy_random::install_random_objects(random, core);
  random.as<ModuleObj>()->attrs["RandomState"] = random_state_type();
  // NumPy's test runner imports pytest, which tsh (like a NumPy without pytest) does not have.
  def_function(random, "test", [](Interpreter&, Args&, Kwargs&) -> Value {
    throw PyError("ModuleNotFoundError", "No module named 'pytest'");
  });
  random.as<ModuleObj>()->attrs["Generator"] = generator_type();
  def_function(random, "default_rng", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("default_rng", a, kw, {"seed"}, 0);
    if (v[0].is(Kind::Instance) && dynamic_cast<NumpyGeneratorObj*>(v[0].as<InstanceObj>())) return v[0];
    if (numpy_random::bit_generator_stream(v[0])) return NumpyGeneratorObj::make_generator(v[0]);
    return NumpyGeneratorObj::make_generator(numpy_random::make_pcg64(v[0]));
  });
}

}  // namespace tsh::shell
