// shell/python/numpy_random.cpp — numpy.random's legacy global generator (RandomState), bit for bit.
//
// NumPy's legacy functions draw from one MT19937 seeded as init_genrand —
// the same engine and seeding as PyTorch's CPU generator, so tsh reuses
// that engine (engine/cpu/mt19937.h). A double takes two 32-bit outputs
// (27 + 26 bits); a normal is the polar Box–Muller pair, the second one
// kept for the next call, as RandomState's legacy_gauss does.
#include <cmath>
#include <memory>

#include "engine/core/generator.h"
#include "engine/cpu/mt19937.h"
#include "engine/ops/creation.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/numpy_array.h"

namespace tsh::shell {

namespace {

struct Legacy {
  cpu::CpuGenerator mt{nondeterministic_seed() & 0xffffffffu};
  bool has_gauss = false;
  double gauss = 0;

  double next_double() {
    const uint32_t a = mt.random() >> 5, b = mt.random() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }
  double next_gauss() {
    if (has_gauss) {
      has_gauss = false;
      return gauss;
    }
    double x1, x2, r2;
    do {
      x1 = 2.0 * next_double() - 1.0;
      x2 = 2.0 * next_double() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss = f * x1;
    has_gauss = true;
    return f * x2;
  }
};

Legacy& legacy() {
  static Legacy l;
  return l;
}

// size=None: one Python float; an int or a tuple: an array of that shape.
template <typename Draw> Value draw(const Value& size, Draw d) {
  if (size.is_none()) return Value::floating(d());
  Shape shape;
  if (size.is_intlike()) shape.push_back(static_cast<int64_t>(size.as_int()));
  else
    for (const Value& x : size.items()) shape.push_back(static_cast<int64_t>(x.as_int()));
  for (int64_t s : shape)
    if (s < 0) throw ValueError("negative dimensions are not allowed");
  std::vector<Scalar> v;
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  for (int64_t i = 0; i < n; ++i) v.emplace_back(d());
  return make_ndarray(from_scalars(shape, v, DType::Float64, Device{}));
}

// rand(d0, d1, ...) and randn(...): the dims as separate arguments; none gives a float.
Value dims_value(Args& a, const char* name, Kwargs& kw) {
  if (!kw.empty()) throw TypeError(std::string(name) + "() takes no keyword arguments");
  if (a.empty()) return Value();
  for (const Value& x : a)
    if (!x.is_intlike()) throw TypeError("'" + type_name(x) + "' object cannot be interpreted as an integer");
  return Value::tuple(std::vector<Value>(a.begin(), a.end()));
}

}  // namespace

void install_numpy_random(Value& random) {
  def_function(random, "seed", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("seed", a, kw, {"seed"}, 0);
    Legacy& l = legacy();
    uint64_t s;
    if (v[0].is_none()) {
      s = nondeterministic_seed() & 0xffffffffu;
    } else {
      if (!v[0].is_intlike()) throw NotImplementedError("numpy.random.seed: tsh takes an int seed");
      const Int i = v[0].as_int();
      if (i < 0 || i > static_cast<Int>(0xffffffffu)) throw ValueError("Seed must be between 0 and 2**32 - 1");
      s = static_cast<uint64_t>(i);
    }
    l.mt.set_seed(s);
    l.has_gauss = false;
    return Value();
  });
  def_function(random, "rand", [](Interpreter&, Args& a, Kwargs& kw) {
    return draw(dims_value(a, "rand", kw), [] { return legacy().next_double(); });
  });
  def_function(random, "randn", [](Interpreter&, Args& a, Kwargs& kw) {
    return draw(dims_value(a, "randn", kw), [] { return legacy().next_gauss(); });
  });
  for (const char* name : {"random", "random_sample", "sample", "ranf"})
    def_function(random, name, [name](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"size"}, 0);
      return draw(v[0], [] { return legacy().next_double(); });
    });
  def_function(random, "standard_normal", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("standard_normal", a, kw, {"size"}, 0);
    return draw(v[0], [] { return legacy().next_gauss(); });
  });
  def_function(random, "normal", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("normal", a, kw, {"loc", "scale", "size"}, 0);
    const double loc = v[0].is_none() ? 0.0 : v[0].as_float(), scale = v[1].is_none() ? 1.0 : v[1].as_float();
    if (scale < 0) throw ValueError("scale < 0");
    return draw(v[2], [loc, scale] { return loc + scale * legacy().next_gauss(); });
  });
  def_function(random, "uniform", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("uniform", a, kw, {"low", "high", "size"}, 0);
    const double low = v[0].is_none() ? 0.0 : v[0].as_float(), high = v[1].is_none() ? 1.0 : v[1].as_float();
    return draw(v[2], [low, high] { return low + (high - low) * legacy().next_double(); });
  });
}

}  // namespace tsh::shell
