// shell/python/modules.cpp — the table of standard modules (see modules.h).
#include "shell/python/modules.h"

#include "engine/ops/host_values.h"
#include "shell/interp.h"
#include "shell/python/errors.h"

namespace tsh::shell {

const std::vector<StdModule>& std_modules() {
  static const std::vector<StdModule> modules = {
      {"__future__", "Python's future statements; every feature is already on in Python 3, so they change nothing.",
       install_future},
      {"argparse", "Command-line parsing: ArgumentParser, add_argument, parse_args into a Namespace, -h help.",
       install_argparse},
      {"collections", "Container types: namedtuple (tsh has no OrderedDict, defaultdict, Counter or deque).",
       install_collections},
      {"copy", "Shallow and deep copies: copy, deepcopy (a tensor's deep copy has a storage of its own).", install_copy},
      {"dataclasses", "Classes of fields: @dataclass (init, repr, eq, order, frozen), field, fields, asdict, astuple, "
                      "replace.",
       install_dataclasses},
      {"datetime", "Time spans: timedelta, with Python's arithmetic and printing (tsh has no date, time or datetime "
                   "classes).",
       install_datetime},
      {"functools", "Higher-order functions: partial, reduce, wraps, lru_cache, cache, total_ordering, cmp_to_key.",
       install_functools},
      {"gc", "The cycle collector: collect, enable, disable, isenabled (one generation).", install_gc},
      {"itertools", "Iterators for efficient looping, as Python's itertools (count, cycle, chain, islice, groupby, product, ...).",
       install_itertools},
      {"json", "JSON text: dumps, dump, loads, load, with Python's formatting (indent, sort_keys, separators).",
       install_json},
      {"math", "Mathematical functions and constants of Python's math module (sqrt, exp, pi, ...).", install_math},
      {"numpy", "NumPy's arrays over tsh's tensors (array, asarray, zeros, ones, arange, dtypes), printed as NumPy 2.x "
                "prints them; t.numpy() and torch.from_numpy(a) share memory.",
       install_numpy},
      {"os", "The operating system: environment variables, the working directory, os.path.", install_os},
      {"random", "Pseudo-random numbers as Python's random module draws them (seed, random, randint, choice, shuffle, ...).",
       install_random},
      {"sys", "The interpreter: sys.argv, exit, version, platform, maxsize, stdout.", install_sys},
      {"time", "Clocks and sleeping: time, perf_counter, monotonic, process_time, sleep.", install_time},
      {"timeit", "Timing small pieces of code: timeit, repeat, Timer, default_timer.", install_timeit},
      {"warnings", "Warning messages: warn(message, category) prints 'Category: message' to stderr once per message.",
       install_warnings},
      {"typing", "Names for annotations: List, Dict, Optional, Union, Callable, Any, TypeVar, ... (never checked).",
       install_typing},
  };
  return modules;
}

const StdModule* find_std_module(const std::string& name) {
  for (const StdModule& m : std_modules())
    if (name == m.name) return &m;
  return nullptr;
}

Value new_module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  return Value::object(Kind::Module, m);
}

void def_function(const Value& module, const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
  module.as<ModuleObj>()->attrs[name] = make_builtin(name, "<built-in function " + name + ">", std::move(fn));
}

double real_arg(const Value& v) {
  if (v.is_intlike() || v.is(Kind::Float)) return v.as_float();
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1) throw ValueError("only one element tensors can be converted to Python scalars");
    const Scalar x = item(t);
    if (x.is_complex()) throw RuntimeError("value cannot be converted to type double without overflow");
    return x.to_double();
  }
  throw TypeError("must be real number, not " + type_name(v));
}

Value index_arg(const Value& v) {
  if (v.is(Kind::Int)) return v;
  if (v.is(Kind::Bool)) return Value::integer(v.as_int());
  if (v.is(Kind::Tensor)) {
    const Tensor& t = v.as_tensor();
    if (t.numel() != 1 || !is_integral(t.dtype(), true))
      throw TypeError("only integer tensors of a single element can be converted to an index");
    return Value::number(item(t));
  }
  throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
}

namespace {

// A __future__ feature: when it was added (optional) and made standard (mandatory).
struct FeatureObj : InstanceObj {
  Value optional, mandatory;
  Int flag = 0;
  std::string class_name() const override { return "_Feature"; }
  std::string module_name() const override { return "__future__"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    if (name == "optional") return optional;
    if (name == "mandatory") return mandatory;
    if (name == "compiler_flag") return Value::integer(flag);
    throw AttributeError("'_Feature' object has no attribute '" + name + "'");
  }
  std::vector<std::string> attr_names() const override { return {"compiler_flag", "mandatory", "optional"}; }
  std::string repr_of(const Value&) const override {
    return "_Feature(" + repr(optional) + ", " + repr(mandatory) + ", " + std::to_string(static_cast<long long>(flag)) + ")";
  }
};

Value release(int major, int minor, int micro, const char* level, int serial) {
  return Value::tuple({Value::integer(major), Value::integer(minor), Value::integer(micro), Value::str(level),
                       Value::integer(serial)});
}

}  // namespace

void install_future(Interpreter&, Value& m) {
  struct Row {
    const char* name;
    Value optional, mandatory;
    Int flag;
  };
  const Row rows[] = {
      {"nested_scopes", release(2, 1, 0, "beta", 1), release(2, 2, 0, "alpha", 0), 16},
      {"generators", release(2, 2, 0, "alpha", 1), release(2, 3, 0, "final", 0), 0},
      {"division", release(2, 2, 0, "alpha", 2), release(3, 0, 0, "alpha", 0), 131072},
      {"absolute_import", release(2, 5, 0, "alpha", 1), release(3, 0, 0, "alpha", 0), 262144},
      {"with_statement", release(2, 5, 0, "alpha", 1), release(2, 6, 0, "alpha", 0), 524288},
      {"print_function", release(2, 6, 0, "alpha", 2), release(3, 0, 0, "alpha", 0), 1048576},
      {"unicode_literals", release(2, 6, 0, "alpha", 2), release(3, 0, 0, "alpha", 0), 2097152},
      {"barry_as_FLUFL", release(3, 1, 0, "alpha", 2), release(4, 0, 0, "alpha", 0), 4194304},
      {"generator_stop", release(3, 5, 0, "beta", 1), release(3, 7, 0, "alpha", 0), 8388608},
      {"annotations", release(3, 7, 0, "beta", 1), Value::none(), 16777216},
  };
  std::vector<Value> names;
  for (const Row& r : rows) {
    auto f = std::make_shared<FeatureObj>();
    f->optional = r.optional;
    f->mandatory = r.mandatory;
    f->flag = r.flag;
    m.as<ModuleObj>()->attrs[r.name] = Value::object(Kind::Instance, f);
    names.push_back(Value::str(r.name));
  }
  m.as<ModuleObj>()->attrs["all_feature_names"] = Value::list(std::move(names));
}

}  // namespace tsh::shell
