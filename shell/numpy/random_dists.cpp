// shell/numpy/random_dists.cpp — numpy.random's named distributions, for the legacy module
// functions (np.random.gamma, on RandomState's stream) and for Generator's methods, as NumPy's
// Cython layer (_common.pyx's cont/disc) calls its samplers:
//
//   * each parameter may be a number or anything array-like; each is checked over all its
//     values first, with NumPy's message ("a <= 0", "p < 0, p > 1 or p is NaN", ...);
//   * all parameters scalar and size=None: one draw, as a Python float (int for counts);
//   * else the output has shape `size` (or the parameters' broadcast shape) and is filled in
//     C order, each element drawn with its broadcast parameters: float64, or int64 for counts.
//
// The samplers themselves are in distributions.cpp.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "engine/format/numpy_repr.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/numpy/distributions.h"
#include "shell/numpy/random_args.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/embedded.h"

namespace tsh::shell::numpy_random {

namespace {

// The checks NumPy names CONS_*: which values are refused, and how the message reads.
enum class Cons { None, Positive, NonNegative, Bounded01, BoundedGt01, BoundedLt01, Gt1, Gte1, Poisson };

// NumPy's largest Poisson mean: int64's max less ten of its square roots (a double).
const double kPoissonLamMax = 9223372036854775807.0 - std::sqrt(9223372036854775807.0) * 10;

struct ParamSpec {
  std::string name;
  std::optional<double> fallback;  // nullopt: required
  Cons cons = Cons::None;
  bool integer = false;  // read as int64 (NumPy casts floats down, unsafely)
};

// One parameter's values, C order, as doubles and (for integer parameters) as int64.
struct Operand {
  std::vector<double> d;
  std::vector<int64_t> i;
  Shape shape;
  bool scalar = true;
};

// Binds a call as NumPy's Cython methods do, with Cython's messages: "gamma() takes at least 1
// positional argument (0 given)", "... got an unexpected keyword argument 'x'". A parameter not
// given is None.
std::vector<Value> cython_bind(const std::string& fn, Args& a, Kwargs& kw, const std::vector<std::string>& names,
                               size_t required) {
  auto argtuple = [&](size_t found) {
    const bool exact = required == names.size();
    const size_t expected = found < required ? required : names.size();
    const std::string how = exact ? "exactly" : found < required ? "at least" : "at most";
    throw TypeError(fn + "() takes " + how + " " + std::to_string(expected) + " positional argument" +
                    (expected == 1 ? "" : "s") + " (" + std::to_string(found) + " given)");
  };
  if (a.size() > names.size()) argtuple(a.size());
  std::vector<Value> v(names.size());
  std::vector<bool> given(names.size(), false);
  for (size_t i = 0; i < a.size(); ++i) v[i] = a[i], given[i] = true;
  for (size_t i = a.size(); i < required; ++i) {
    bool found = false;
    for (const auto& [k, val] : kw) found = found || k == names[i];
    if (!found) argtuple(a.size());
  }
  for (const auto& [k, val] : kw) {
    const auto at = std::find(names.begin(), names.end(), k);
    if (at == names.end()) throw TypeError(fn + "() got an unexpected keyword argument '" + k + "'");
    const size_t i = static_cast<size_t>(at - names.begin());
    if (given[i]) throw TypeError(fn + "() got multiple values for keyword argument '" + k + "'");
    v[i] = val;
    given[i] = true;
  }
  return v;
}

Operand operand(const Value& v, bool integer) {
  Operand o;
  if (v.is(Kind::Complex)) throw TypeError("float() argument must be a string or a real number, not 'complex'");
  if (v.is(Kind::Str)) throw ValueError("could not convert string to float: " + repr(v));
  if (v.is(Kind::Int) || v.is(Kind::Bool) || v.is(Kind::Float)) {
    o.d = {v.as_float()};
    if (integer) o.i = {v.is(Kind::Float) ? static_cast<int64_t>(v.as_float()) : static_cast<int64_t>(v.as_int())};
    return o;
  }
  const Tensor t = ndarray_tensor(numpy_asarray(v));
  if (is_complex(t.dtype())) throw TypeError("can't convert complex to float");
  o.shape = t.sizes();
  o.scalar = t.dim() == 0;
  o.d = host_values<double>(to(contiguous(t), DType::Float64, std::nullopt));
  if (integer) o.i = host_values<int64_t>(to(contiguous(t), DType::Int64, std::nullopt));
  return o;
}

void check(const Operand& o, const std::string& n, Cons c) {
  auto fail = [](const std::string& m) { throw ValueError(m); };
  // NumPy's scalar check says "is NaN", its array check "contains NaNs".
  const std::string nan = o.scalar ? " is NaN" : " contains NaNs";
  if (!o.i.empty()) {
    for (int64_t x : o.i) {
      if (c == Cons::NonNegative && x < 0) fail(n + " < 0");
      if (c == Cons::Positive && x <= 0) fail(n + " <= 0");
      if (c == Cons::Gte1 && x < 1) fail(n + " < 1 or " + n + nan);
    }
    return;
  }
  for (double x : o.d) {
    switch (c) {
      case Cons::None: return;
      case Cons::Positive: if (x <= 0) fail(n + " <= 0"); break;
      case Cons::NonNegative: if (x < 0) fail(n + " < 0"); break;
      case Cons::Bounded01:
        if (!(x >= 0 && x <= 1)) fail(n + " < 0, " + n + " > 1 or " + n + nan);
        break;
      case Cons::BoundedGt01:
        if (!(x > 0 && x <= 1)) fail(n + " <= 0, " + n + " > 1 or " + n + " contains NaNs");
        break;
      case Cons::BoundedLt01:
        if (!(x >= 0 && x < 1)) fail(n + " < 0, " + n + " >= 1 or " + n + nan);
        break;
      case Cons::Gt1: if (!(x > 1)) fail(n + " <= 1 or " + n + nan); break;
      case Cons::Gte1: if (!(x >= 1)) fail(n + " < 1 or " + n + nan); break;
      case Cons::Poisson:
        if (!(x >= 0)) fail(n + " < 0 or " + n + nan);
        if (x > kPoissonLamMax) fail(n + " value too large");
        break;
    }
  }
}

std::string shape_tuple(const Shape& s) {
  std::string r = "(";
  for (size_t k = 0; k < s.size(); ++k) r += (k ? ", " : "") + std::to_string(s[k]);
  return r + (s.size() == 1 ? ",)" : ")");
}

// NumPy's broadcast of several shapes, with its "shape mismatch" message naming the first pair
// (in NumPy's scan: result dims left to right, arguments in order) that cannot agree.
Shape broadcast_all(const std::vector<Shape>& shapes) {
  size_t nd = 0;
  for (const Shape& s : shapes) nd = std::max(nd, s.size());
  Shape out(nd, 1);
  for (size_t d = 0; d < nd; ++d) {
    size_t src = 0;
    for (size_t j = 0; j < shapes.size(); ++j) {
      const Shape& s = shapes[j];
      if (d + s.size() < nd) continue;
      const int64_t n = s[d + s.size() - nd];
      if (n == 1) continue;
      if (out[d] == 1) {
        out[d] = n;
        src = j;
      } else if (out[d] != n) {
        throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                         std::to_string(src) + " with shape " + shape_tuple(shapes[src]) + " and arg " +
                         std::to_string(j) + " with shape " + shape_tuple(s) + ".");
      }
    }
  }
  return out;
}

// The output shape for size= and the operands, and each operand's element strides within it.
struct Layout {
  Shape shape;
  std::vector<Shape> strides;
};

Layout layout(const std::optional<Shape>& size, const std::vector<Operand>& ops) {
  std::vector<Shape> shapes;
  if (size) shapes.push_back(*size);
  for (const Operand& o : ops) shapes.push_back(o.shape);
  Layout l;
  l.shape = broadcast_all(shapes);
  if (size && count(l.shape) != count(*size))
    throw ValueError("Output size " + shape_tuple(*size) + " is not compatible with broadcast dimensions of inputs " +
                     shape_tuple(l.shape) + ".");
  if (size) l.shape = *size;
  for (const Operand& o : ops) {
    Shape st(l.shape.size(), 0);
    int64_t run = 1;
    for (size_t k = o.shape.size(); k-- > 0;) {
      const size_t d = l.shape.size() - o.shape.size() + k;
      st[d] = o.shape[k] == 1 ? 0 : run;
      run *= o.shape[k];
    }
    l.strides.push_back(st);
  }
  return l;
}

// Calls draw(d, i) for each output element in C order, d and i holding its parameters.
template <typename Draw> void for_each_element(const Layout& l, const std::vector<Operand>& ops, Draw draw) {
  const size_t np = ops.size(), nd = l.shape.size();
  std::vector<int64_t> idx(nd, 0), at(np, 0);
  std::vector<double> d(np);
  std::vector<int64_t> i(np);
  const int64_t n = count(l.shape);
  for (int64_t e = 0; e < n; ++e) {
    for (size_t p = 0; p < np; ++p) {
      d[p] = ops[p].d[static_cast<size_t>(at[p])];
      if (!ops[p].i.empty()) i[p] = ops[p].i[static_cast<size_t>(at[p])];
    }
    draw(d.data(), i.data());
    for (size_t k = nd; k-- > 0;) {  // the next index, carrying each operand's offset along
      ++idx[k];
      for (size_t p = 0; p < np; ++p) at[p] += l.strides[p][k];
      if (idx[k] < l.shape[k]) break;
      for (size_t p = 0; p < np; ++p) at[p] -= l.strides[p][k] * l.shape[k];
      idx[k] = 0;
    }
  }
}

using ContFn = std::function<double(Source&, const double*, const int64_t*)>;
using DiscFn = std::function<int64_t(Source&, const double*, const int64_t*)>;

struct Dist {
  std::string name;
  std::vector<ParamSpec> params;
  ContFn cont;  // one of cont / disc
  DiscFn disc;
  // Checks across parameters (triangular's order, hypergeometric's sums), before the per-parameter ones.
  std::function<void(const std::vector<Operand>&)> precheck;
};

Value run(Source src, const Dist& dist, Args& a, Kwargs& kw) {
  std::vector<std::string> names;
  size_t required = 0;
  for (const ParamSpec& p : dist.params) {
    names.push_back(p.name);
    if (!p.fallback) ++required;
  }
  names.push_back("size");
  std::vector<Value> v = cython_bind(dist.name, a, kw, names, required);
  std::vector<Operand> ops;
  for (size_t k = 0; k < dist.params.size(); ++k) {
    const ParamSpec& p = dist.params[k];
    ops.push_back(v[k].is_none() && p.fallback ? operand(Value::floating(*p.fallback), p.integer)
                                              : operand(v[k], p.integer));
  }
  if (dist.precheck) dist.precheck(ops);
  for (size_t k = 0; k < dist.params.size(); ++k) check(ops[k], dist.params[k].name, dist.params[k].cons);
  const std::optional<Shape> size = size_arg(v.back());
  bool scalar = true;
  for (const Operand& o : ops) scalar = scalar && o.scalar;
  if (scalar && !size) {
    std::vector<int64_t> ii;
    std::vector<double> dd;
    for (const Operand& o : ops) {
      dd.push_back(o.d[0]);
      ii.push_back(o.i.empty() ? 0 : o.i[0]);
    }
    if (dist.cont) return Value::floating(dist.cont(src, dd.data(), ii.data()));
    return Value::integer(dist.disc(src, dd.data(), ii.data()));
  }
  const Layout l = layout(size, ops);
  if (dist.cont) {
    std::vector<double> out;
    out.reserve(static_cast<size_t>(count(l.shape)));
    for_each_element(l, ops, [&](const double* d, const int64_t* i) { out.push_back(dist.cont(src, d, i)); });
    return make_ndarray(tensor_of(out, l.shape, DType::Float64, Device{}));
  }
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(count(l.shape)));
  for_each_element(l, ops, [&](const double* d, const int64_t* i) { out.push_back(dist.disc(src, d, i)); });
  return make_ndarray(tensor_of(out, l.shape, DType::Int64, Device{}));
}

ParamSpec req(std::string n, Cons c = Cons::None) { return {std::move(n), std::nullopt, c, false}; }
ParamSpec opt(std::string n, double v, Cons c = Cons::None) { return {std::move(n), v, c, false}; }
ParamSpec req_int(std::string n, Cons c) { return {std::move(n), std::nullopt, c, true}; }

// The distributions both families have, with their parameters as NumPy spells them; `legacy`
// picks RandomState's variants of the few whose parameter checks differ.
std::vector<Dist> distributions(bool legacy) {
  std::vector<Dist> t;
  auto cont = [&t](std::string n, std::vector<ParamSpec> p, ContFn f) { t.push_back({std::move(n), std::move(p), std::move(f), {}, {}}); };
  auto disc = [&t](std::string n, std::vector<ParamSpec> p, DiscFn f) { t.push_back({std::move(n), std::move(p), {}, std::move(f), {}}); };
  using C = Cons;
  cont("normal", {opt("loc", 0.0), opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return d[0] + d[1] * s.normal(); });
  cont("exponential", {opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return d[0] * s.exponential(); });
  cont("gamma", {req("shape", C::NonNegative), opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return d[1] * standard_gamma(s, d[0]); });
  cont("beta", {req("a", C::Positive), req("b", C::Positive)},
       [](Source& s, const double* d, const int64_t*) { return beta(s, d[0], d[1]); });
  cont("chisquare", {req("df", C::Positive)},
       [](Source& s, const double* d, const int64_t*) { return chisquare(s, d[0]); });
  cont("f", {req("dfnum", C::Positive), req("dfden", C::Positive)},
       [](Source& s, const double* d, const int64_t*) { return f(s, d[0], d[1]); });
  cont("noncentral_chisquare", {req("df", C::Positive), req("nonc", C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return noncentral_chisquare(s, d[0], d[1]); });
  cont("noncentral_f", {req("dfnum", C::Positive), req("dfden", C::Positive), req("nonc", C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return noncentral_f(s, d[0], d[1], d[2]); });
  cont("standard_t", {req("df", C::Positive)},
       [](Source& s, const double* d, const int64_t*) { return standard_t(s, d[0]); });
  cont("standard_cauchy", {}, [](Source& s, const double*, const int64_t*) {
    const double num = s.normal();
    return num / s.normal();
  });
  cont("pareto", {req("a", C::Positive)}, [](Source& s, const double* d, const int64_t*) { return pareto(s, d[0]); });
  cont("weibull", {req("a", C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return weibull(s, d[0]); });
  cont("power", {req("a", C::Positive)}, [](Source& s, const double* d, const int64_t*) { return power(s, d[0]); });
  cont("rayleigh", {opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return rayleigh(s, d[0]); });
  cont("laplace", {opt("loc", 0.0), opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return laplace(s, d[0], d[1]); });
  cont("gumbel", {opt("loc", 0.0), opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return gumbel(s, d[0], d[1]); });
  cont("logistic", {opt("loc", 0.0), opt("scale", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return logistic(s, d[0], d[1]); });
  cont("lognormal", {opt("mean", 0.0), opt("sigma", 1.0, C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return std::exp(d[0] + d[1] * s.normal()); });
  cont("wald", {req("mean", C::Positive), req("scale", C::Positive)},
       [](Source& s, const double* d, const int64_t*) { return wald(s, d[0], d[1]); });
  cont("vonmises", {req("mu"), req("kappa", C::NonNegative)},
       [](Source& s, const double* d, const int64_t*) { return vonmises(s, d[0], d[1]); });
  cont("triangular", {req("left"), req("mode"), req("right")},
       [](Source& s, const double* d, const int64_t*) { return triangular(s, d[0], d[1], d[2]); });
  t.back().precheck = [](const std::vector<Operand>& o) {
    // NumPy compares element-wise over the broadcast parameters; the scalar case is the common one.
    const Layout l = layout(std::nullopt, o);
    bool lm = false, mr = false, lr = false;
    for_each_element(l, o, [&](const double* d, const int64_t*) {
      lm = lm || d[0] > d[1];
      mr = mr || d[1] > d[2];
      lr = lr || d[0] == d[2];
    });
    if (lm) throw ValueError("left > mode");
    if (mr) throw ValueError("mode > right");
    if (lr) throw ValueError("left == right");
  };

  cont("uniform", {opt("low", 0.0), opt("high", 1.0)},
       [](Source& s, const double* d, const int64_t*) { return d[0] + (d[1] - d[0]) * s.uniform(); });
  t.back().precheck = [legacy](const std::vector<Operand>& o) {
    // The range high - low must be finite; Generator also refuses a negative one. The messages
    // differ between NumPy's scalar and array paths.
    const bool scalar = o[0].scalar && o[1].scalar;
    bool finite = true, negative = false;
    for_each_element(layout(std::nullopt, o), o, [&](const double* d, const int64_t*) {
      const double range = d[1] - d[0];
      finite = finite && std::isfinite(range);
      negative = negative || range < 0;
    });
    if (!finite)
      throw OverflowError(!legacy && scalar ? "high - low range exceeds valid bounds" : "Range exceeds valid bounds");
    if (!legacy && negative) throw ValueError("high - low < 0");
  };
  disc("poisson", {opt("lam", 1.0, C::Poisson)},
       [](Source& s, const double* d, const int64_t*) { return poisson(s.g, d[0]); });
  disc("binomial", {req_int("n", C::NonNegative), req("p", C::Bounded01)},
       [](Source& s, const double* d, const int64_t* i) { return binomial(s, d[1], i[0]); });
  disc("negative_binomial", {req("n", C::Positive), req("p", legacy ? C::Bounded01 : C::BoundedGt01)},
       [](Source& s, const double* d, const int64_t*) { return negative_binomial(s, d[0], d[1]); });
  disc("geometric", {req("p", C::BoundedGt01)},
       [](Source& s, const double* d, const int64_t*) { return geometric(s, d[0]); });
  disc("logseries", {req("p", C::BoundedLt01)},
       [](Source& s, const double* d, const int64_t*) { return logseries(s, d[0]); });
  disc("zipf", {req("a", C::Gt1)}, [](Source& s, const double* d, const int64_t*) { return zipf(s, d[0]); });
  disc("hypergeometric",
       {req_int("ngood", C::NonNegative), req_int("nbad", C::NonNegative),
        req_int("nsample", legacy ? C::Gte1 : C::NonNegative)},
       [](Source& s, const double*, const int64_t* i) { return hypergeometric(s, i[0], i[1], i[2]); });
  t.back().precheck = [legacy](const std::vector<Operand>& o) {
    if (!legacy) {
      for (const Operand* x : {&o[0], &o[1]})
        for (int64_t v : x->i)
          if (v >= 1000000000) throw ValueError("both ngood and nbad must be less than 1000000000");
    }
    const Layout l = layout(std::nullopt, o);
    bool short_ = false;
    for_each_element(l, o, [&](const double*, const int64_t* i) { short_ = short_ || i[0] + i[1] < i[2]; });
    if (short_) throw ValueError("ngood + nbad < nsample");
  };
  return t;
}

const Dist* find_dist(const std::vector<Dist>& table, const std::string& name) {
  for (const Dist& d : table)
    if (d.name == name) return &d;
  return nullptr;
}


// ---- the distributions with a vector per draw, and Generator's float32 draws -----------------

// NumPy's running compensated sum of p[0..n), which reads p[0] even when n is 0.
double kahan_sum(const double* p, int64_t n) {
  double sum = p[0], c = 0.0;
  for (int64_t i = 1; i < n; ++i) {
    const double y = p[i] - c, t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

Shape with_last(const std::optional<Shape>& size, int64_t d) {
  Shape s = size.value_or(Shape{});
  s.push_back(d);
  return s;
}

// multinomial(n, pvals, size): RandomState takes one n and a 1-d pvals; Generator broadcasts n
// against pvals' leading dims (each row of pvals one set of categories).
Value multinomial_value(Source src, const Value& n_v, const Value& pvals, const Value& size_v) {
  const Tensor pt = ndarray_tensor(numpy_asarray(pvals));
  if (src.legacy && pt.dim() != 1) {
    if (pt.dim() == 0) throw TypeError("pvals must be a 1-d sequence");
    throw ValueError("object too deep for desired array");
  }
  if (pt.dim() == 0 || pt.size(pt.dim() - 1) == 0)
    throw ValueError("pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.");
  const int64_t d = pt.size(pt.dim() - 1);
  Operand po = operand(pvals, false);
  po.scalar = false;
  check(po, "pvals", Cons::Bounded01);
  for (size_t off = 0; off < po.d.size(); off += static_cast<size_t>(d))
    if (kahan_sum(po.d.data() + off, d - 1) > 1.0 + 1e-12)
      throw ValueError(pt.dim() == 1 ? "sum(pvals[:-1]) > 1.0" : "sum(pvals[...,:-1]) > 1.0");
  Operand no = operand(n_v, true);
  check(no, "n", Cons::NonNegative);
  const std::optional<Shape> size = size_arg(size_v);
  std::vector<int64_t> out;
  Shape shape;
  if (!src.legacy && (!no.scalar || pt.dim() > 1)) {
    // One draw per element of broadcast(n, pvals' rows): the rows enter as their offsets.
    Operand rows;
    rows.scalar = false;
    rows.shape = Shape(pt.sizes().begin(), pt.sizes().end() - 1);
    for (int64_t r = 0, nr = count(rows.shape); r < nr; ++r) rows.i.push_back(r * d), rows.d.push_back(0);
    const Layout l = layout(size, {no, rows});
    shape = with_last(l.shape, d);
    out.assign(static_cast<size_t>(count(shape)), 0);
    size_t at = 0;
    for_each_element(l, {no, rows}, [&](const double*, const int64_t* i) {
      multinomial(src, i[0], po.d.data() + i[1], d, out.data() + at);
      at += static_cast<size_t>(d);
    });
  } else {
    if (!no.scalar) throw TypeError("only length-1 arrays can be converted to Python scalars");
    shape = with_last(size, d);
    out.assign(static_cast<size_t>(count(shape)), 0);
    for (size_t at = 0; at < out.size(); at += static_cast<size_t>(d)) multinomial(src, no.i[0], po.d.data(), d, out.data() + at);
  }
  return make_ndarray(tensor_of(out, shape, DType::Int64, Device{}));
}

// dirichlet(alpha, size): normalised gammas; Generator breaks a stick with betas when every
// alpha is below 0.1 (the gammas would underflow).
Value dirichlet_value(Source src, const Value& alpha, const Value& size_v) {
  const Tensor at = ndarray_tensor(numpy_asarray(alpha));
  if (at.dim() > 1) throw ValueError("object too deep for desired array");
  if (at.dim() == 0) throw ValueError("object of too small depth for desired array");
  const std::vector<double> a = host_values<double>(to(contiguous(at), DType::Float64, std::nullopt));
  for (double x : a) {
    if (src.legacy && x <= 0) throw ValueError("alpha <= 0");
    if (!src.legacy && x < 0) throw ValueError("alpha < 0");
  }
  const int64_t k = static_cast<int64_t>(a.size());
  const Shape shape = with_last(size_arg(size_v), k);
  std::vector<double> out(static_cast<size_t>(count(shape)), 0.0);
  double amax = -INFINITY;
  for (double x : a) amax = std::max(amax, x);
  if (!src.legacy && k > 0 && amax < 0.1) {
    std::vector<double> csum(a.size());
    double run_sum = 0.0;
    for (int64_t j = k - 1; j >= 0; --j) csum[j] = run_sum += a[j];
    for (size_t i = 0; i < out.size(); i += static_cast<size_t>(k)) {
      double acc = 1.;
      for (int64_t j = 0; j < k - 1; ++j) {
        const double v = beta(src, a[j], csum[j + 1]);
        out[i + j] = acc * v;
        acc *= (1. - v);
        if (csum[j + 1] == 0) break;  // v was 1: the rest stay 0
      }
      out[i + k - 1] = acc;
    }
  } else if (k > 0) {
    for (size_t i = 0; i < out.size(); i += static_cast<size_t>(k)) {
      double acc = 0.;
      for (int64_t j = 0; j < k; ++j) acc = acc + (out[i + j] = standard_gamma(src, a[j]));
      const double inv = 1. / acc;
      for (int64_t j = 0; j < k; ++j) out[i + j] = out[i + j] * inv;
    }
  }
  return make_ndarray(tensor_of(out, shape, DType::Float64, Device{}));
}

Value mvhg_value(BitGen& g, const Value& colors_v, const Value& nsample_v, const Value& size_v, const Value& method_v) {
  const std::string method = method_v.is_none() ? "marginals" : method_v.as_str();
  if (method != "count" && method != "marginals") throw ValueError("method must be \"count\" or \"marginals\".");
  if (!nsample_v.is_intlike() || nsample_v.is(Kind::Bool)) throw ValueError("nsample must be an integer");
  const int64_t nsample = static_cast<int64_t>(nsample_v.as_int());
  if (nsample < 0) throw ValueError("nsample must be nonnegative.");
  const Tensor ct = ndarray_tensor(numpy_asarray(colors_v));
  const std::string bad = "colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807.";
  if (ct.dim() != 1 || (ct.numel() > 0 && (is_floating(ct.dtype()) || is_complex(ct.dtype()) || ct.dtype() == DType::Bool)))
    throw ValueError(bad);
  const std::vector<int64_t> colors = ct.numel() ? host_values<int64_t>(to(contiguous(ct), DType::Int64, std::nullopt))
                                                 : std::vector<int64_t>{};
  int64_t total = 0;
  for (int64_t c : colors) {
    if (c < 0) throw ValueError(bad);
    if (__builtin_add_overflow(total, c, &total))
      throw ValueError("sum(colors) must not exceed the maximum value of a 64 bit signed integer (9223372036854775807)");
  }
  if (method == "marginals" && total >= 1000000000)
    throw ValueError("When method is \"marginals\", sum(colors) must be less than 1000000000.");
  if (nsample > total) throw ValueError("nsample > sum(colors)");
  const int64_t nc = static_cast<int64_t>(colors.size());
  const Shape shape = with_last(size_arg(size_v), nc);
  std::vector<int64_t> out(static_cast<size_t>(count(shape)), 0);
  if (nc > 0) {
    const int64_t variates = count(shape) / nc;
    if (method == "count") mvhg_count(g, total, colors, nsample, variates, out.data());
    else mvhg_marginals(g, total, colors, nsample, variates, out.data());
  }
  return make_ndarray(tensor_of(out, shape, DType::Int64, Device{}));
}

// multivariate_normal: the composition of numpy.linalg and array functions is Python
// (random_multivariate.py); the standard normals come from the stream, through `draw`.
Value mvn_value(Interpreter& in, Source src, Args& a, Kwargs& kw, bool generator) {
  // Loaded by each session that needs it: a session's end clears what its embedded files defined.
  static const Value module = new_module("numpy.random._multivariate");
  if (!module.as<ModuleObj>()->attrs.count("multivariate_normal")) run_embedded(in, module, "numpy/random_multivariate.py");
  BitGen* g = &src.g;
  const bool legacy = src.legacy;
  const Value draw = make_builtin("draw", "draw", [g, legacy](Interpreter&, Args& da, Kwargs&) {
    const std::optional<Shape> shape = size_arg(da.at(0));
    Source s{*g, legacy};
    std::vector<double> z(static_cast<size_t>(count(*shape)));
    for (double& v : z) v = s.normal();
    return make_ndarray(tensor_of(z, *shape, DType::Float64, Device{}));
  });
  // NumPy's signature: mean, cov, size, check_valid, tol, and (Generator) keyword-only method.
  std::vector<std::string> names = {"mean", "cov", "size", "check_valid", "tol"};
  Value method;
  Kwargs rest;
  for (auto& [k, val] : kw) {
    if (generator && k == "method") method = val;
    else rest.emplace_back(k, val);
  }
  std::vector<Value> v = cython_bind("multivariate_normal", a, rest, names, 2);
  Args args{draw, Value::boolean(legacy), v[0], v[1], v[2]};
  Kwargs kws;
  if (!v[3].is_none()) kws.emplace_back("check_valid", v[3]);
  if (!v[4].is_none()) kws.emplace_back("tol", v[4]);
  if (!method.is_none()) kws.emplace_back("method", method);
  return in.call(module.as<ModuleObj>()->attrs.at("multivariate_normal"), args, kws);
}

// A float32 draw per element (or one Python float for size=None and a scalar parameter).
template <typename Draw> Value float32_draws(const std::optional<Shape>& size, const Operand* param, Draw draw) {
  if (!size && (!param || param->scalar)) return Value::floating(draw(param ? static_cast<float>(param->d[0]) : 0.0f));
  std::vector<Operand> ops;
  if (param) ops.push_back(*param);
  const Layout l = layout(size, ops);
  std::vector<float> out;
  out.reserve(static_cast<size_t>(count(l.shape)));
  for_each_element(l, ops, [&](const double* d, const int64_t*) { out.push_back(draw(param ? static_cast<float>(d[0]) : 0.0f)); });
  return make_ndarray(tensor_of(out, l.shape, DType::Float32, Device{}));
}

void no_out(const Value& out, const std::string& fn) {
  if (!out.is_none()) throw NotImplementedError("Generator." + fn + ": tsh does not support out=");
}
}  // namespace

// Generator's dtype= for its float draws: float64 (the default) or float32; others are NumPy's TypeError.
bool float32_dtype(const Value& dtype, const std::string& fn) {
  if (dtype.is_none()) return false;
  const DType d = *numpy_dtype_arg(dtype);
  if (d == DType::Float64) return false;
  if (d == DType::Float32) return true;
  throw TypeError("Unsupported dtype dtype('" + format::numpy_dtype_name(d) + "') for " + fn);
}

void install_legacy_distributions(Value& random, const std::shared_ptr<RandomStateGen>& rs) {
  static const std::vector<Dist> table = distributions(true);
  for (const Dist& d : table)
    def_function(random, d.name, [&d, rs](Interpreter&, Args& a, Kwargs& kw) {
      return run(Source{*rs, true}, d, a, kw);
    });
  def_function(random, "standard_exponential", [rs](Interpreter&, Args& a, Kwargs& kw) {
    static const Dist d{"standard_exponential", {}, [](Source& s, const double*, const int64_t*) { return s.exponential(); }, {}, {}};
    return run(Source{*rs, true}, d, a, kw);
  });
  def_function(random, "multinomial", [rs](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = cython_bind("multinomial", a, kw, {"n", "pvals", "size"}, 2);
    return multinomial_value(Source{*rs, true}, v[0], v[1], v[2]);
  });
  def_function(random, "dirichlet", [rs](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = cython_bind("dirichlet", a, kw, {"alpha", "size"}, 1);
    return dirichlet_value(Source{*rs, true}, v[0], v[1]);
  });
  def_function(random, "multivariate_normal", [rs](Interpreter& in, Args& a, Kwargs& kw) {
    return mvn_value(in, Source{*rs, true}, a, kw, false);
  });
  def_function(random, "standard_gamma", [rs](Interpreter&, Args& a, Kwargs& kw) {
    static const Dist d{"standard_gamma", {req("shape", Cons::NonNegative)},
                        [](Source& s, const double* v, const int64_t*) { return standard_gamma(s, v[0]); }, {}, {}};
    return run(Source{*rs, true}, d, a, kw);
  });
}

const std::vector<std::string>& generator_distribution_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const Dist& d : distributions(false)) n.push_back(d.name);
    for (const char* x : {"dirichlet", "multinomial", "multivariate_hypergeometric", "multivariate_normal",
                          "standard_exponential", "standard_gamma"})
      n.push_back(x);
    return n;
  }();
  return names;
}

std::optional<Value> generator_distribution(const std::shared_ptr<BitGen>& g, const std::string& name) {
  static const std::vector<Dist> table = distributions(false);
  auto method = [&name](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    return make_builtin(name, "<built-in method " + name + " of numpy.random._generator.Generator object>", std::move(fn));
  };
  if (name == "multinomial")
    return method([g](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = cython_bind("multinomial", a, kw, {"n", "pvals", "size"}, 2);
      return multinomial_value(Source{*g, false}, v[0], v[1], v[2]);
    });
  if (name == "dirichlet")
    return method([g](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = cython_bind("dirichlet", a, kw, {"alpha", "size"}, 1);
      return dirichlet_value(Source{*g, false}, v[0], v[1]);
    });
  if (name == "multivariate_normal")
    return method([g](Interpreter& in, Args& a, Kwargs& kw) { return mvn_value(in, Source{*g, false}, a, kw, true); });
  if (name == "multivariate_hypergeometric")
    return method([g](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = cython_bind("multivariate_hypergeometric", a, kw, {"colors", "nsample", "size", "method"}, 2);
      return mvhg_value(*g, v[0], v[1], v[2], v[3]);
    });
  if (name == "standard_exponential")
    return method([g](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = cython_bind("standard_exponential", a, kw, {"size", "dtype", "method", "out"}, 0);
      no_out(v[3], "standard_exponential");
      const bool f32 = float32_dtype(v[1], "standard_exponential");
      // NumPy takes any method but 'zig' for inversion, -log(1 - U).
      const bool zig = v[2].is_none() || (v[2].is(Kind::Str) && v[2].as_str() == "zig");
      const std::optional<Shape> size = size_arg(v[0]);
      if (f32)
        return float32_draws(size, nullptr, [&](float) {
          // NumPy's float32 inversion takes the double log1p of the float draw.
          return zig ? standard_exponential_f(*g)
                     : static_cast<float>(-std::log1p(-static_cast<double>(next_float(*g))));
        });
      Source src{*g, false};
      static const Dist zig_d{"standard_exponential", {}, [](Source& s, const double*, const int64_t*) { return s.exponential(); }, {}, {}};
      static const Dist inv_d{"standard_exponential", {},
                              [](Source& s, const double*, const int64_t*) { return -std::log1p(-s.uniform()); }, {}, {}};
      Args none;
      Kwargs kws;
      kws.emplace_back("size", v[0]);
      return run(src, zig ? zig_d : inv_d, none, kws);
    });
  if (name == "standard_gamma")
    return method([g](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = cython_bind("standard_gamma", a, kw, {"shape", "size", "dtype", "out"}, 1);
      no_out(v[3], "standard_gamma");
      if (float32_dtype(v[2], "standard_gamma")) {
        Operand shape = operand(v[0], false);
        for (double& x : shape.d) x = static_cast<float>(x);
        check(shape, "shape", Cons::NonNegative);
        return float32_draws(size_arg(v[1]), &shape, [&](float k) { return standard_gamma_f(*g, k); });
      }
      static const Dist d{"standard_gamma", {req("shape", Cons::NonNegative)},
                          [](Source& s, const double* p, const int64_t*) { return standard_gamma(s, p[0]); }, {}, {}};
      Args args{v[0]};
      Kwargs kws;
      kws.emplace_back("size", v[1]);
      return run(Source{*g, false}, d, args, kws);
    });
  const Dist* d = find_dist(table, name);
  if (!d) return std::nullopt;
  return make_builtin(name, "<built-in method " + name + " of numpy.random._generator.Generator object>",
                      [d, g](Interpreter&, Args& a, Kwargs& kw) { return run(Source{*g, false}, *d, a, kw); });
}

}  // namespace tsh::shell::numpy_random
