// shell/python/mod_math.cpp — Python's math module.
#include <cmath>

#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

void install_math(Interpreter&, Value& m) {
  auto& a = m.as<ModuleObj>()->attrs;
  a["pi"] = Value::floating(M_PI);
  a["e"] = Value::floating(M_E);
  a["inf"] = Value::floating(INFINITY);
  a["nan"] = Value::floating(NAN);
  // CPython's math_1: a NaN from a non-NaN is a domain error; an infinity
  // from a finite x is a range error where the function can overflow (exp),
  // else a domain error (log(0)).
  auto unary_fn = [&](const char* n, double (*f)(double), bool can_overflow) {
    def_function(m, n, [f, n, can_overflow](Interpreter&, Args& x, Kwargs&) {
      if (x.size() != 1 || !(x[0].is_intlike() || x[0].is(Kind::Float)))
        throw TypeError(std::string("must be real number, not ") + (x.empty() ? "nothing" : type_name(x[0])));
      const double in = x[0].as_float();
      const double r = f(in);
      if (std::isnan(r) && !std::isnan(in)) throw ValueError("math domain error");
      if (std::isinf(r) && std::isfinite(in)) {
        if (can_overflow) throw OverflowError("math range error");
        throw ValueError("math domain error");
      }
      return Value::floating(r);
    });
  };
  unary_fn("sqrt", [](double x) { return std::sqrt(x); }, false);
  unary_fn("exp", [](double x) { return std::exp(x); }, true);
  unary_fn("log", [](double x) { return std::log(x); }, false);
  unary_fn("sin", [](double x) { return std::sin(x); }, false);
  unary_fn("cos", [](double x) { return std::cos(x); }, false);
  unary_fn("tan", [](double x) { return std::tan(x); }, false);
  unary_fn("fabs", [](double x) { return std::fabs(x); }, false);
}

}  // namespace tsh::shell
