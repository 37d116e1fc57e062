// shell/torch/utils/benchmark/benchmark.cpp — torch.utils.benchmark's Timer and the module
// itself. A Timer runs its stmt and setup (tsh source) in a namespace built
// from `globals=`, apart from the session's, as PyTorch's does on top of
// Python's timeit, with PyTorch's warm-up, block sizes and thread count.
// Measurement and TaskSpec are in measurement.cpp.
#include "shell/torch/utils/benchmark/benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "grammar/parser.h"
#include "shell/interp.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/methods.h"
#include "engine/core/accelerator.h"
#include "shell/python/timed_code.h"
#include "shell/torch/utils/benchmark/impl.h"

namespace tsh::shell {

// As PyTorch's Timer with CUDA: synchronize, then read the clock.
std::function<double()> g_benchmark_clock = [] {
  synchronize_started_devices();
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
};

namespace {

using bench::bind;
using bench::seconds;

constexpr const char* kTimerModule = "torch.utils.benchmark.utils.timer";

// At most this many OpenMP threads run: far more than any machine's cores,
// and far fewer than what makes thread creation fail (RLIMIT_NPROC, memory)
// and the process crash in its next parallel loop.
constexpr Int kMaxRunThreads = 1024;
// A count asked for beyond kMaxRunThreads, which torch.get_num_threads() still
// reports (as PyTorch does); 0 otherwise.
Int g_requested_threads = 0;

// torch.set_num_threads, with PyTorch's checks.
void set_threads(const Value& n) {
  if (!n.is_intlike()) throw RuntimeError("set_num_threads expects an int, but got " + type_name(n));
  if (n.as_int() <= 0) throw RuntimeError("set_num_threads expects a positive integer");
  g_requested_threads = n.as_int() > kMaxRunThreads ? n.as_int() : 0;
#ifdef _OPENMP
  omp_set_num_threads(static_cast<int>(std::min<Int>(n.as_int(), kMaxRunThreads)));
#endif
}

Int get_threads() {
#ifdef _OPENMP
  const Int running = omp_get_max_threads();
  return g_requested_threads && running == kMaxRunThreads ? g_requested_threads : running;
#else
  return 1;
#endif
}

// common.set_torch_threads: the thread count for a measurement, restored after.
struct TorchThreads {
  Int prior;
  explicit TorchThreads(const Value& n) : prior(get_threads()) { set_threads(n); }
  ~TorchThreads() { set_threads(Value::integer(prior)); }
};

// ---------------------------------------------------------------- Timer

struct TimerObj : TrackedInstance {
  Value task_spec;
  Value timer;  // a callable returning seconds, or None for the clock
  void each_value(const std::function<void(Value&)>& f) override {
    f(task_spec), f(timer), f(code.setup_fn), f(code.stmt_fn);
  }
  TimedCode code;

  std::string class_name() const override { return "Timer"; }
  std::string module_name() const override { return kTimerModule; }

  Value now(Interpreter& in) const {
    if (timer.is_none()) return Value::floating(g_benchmark_clock());
    Args none;
    Kwargs no_kw;
    return in.call(timer, none, no_kw);
  }

  // timeit.Timer.timeit(number): setup once, then stmt `number` times, timed;
  // as Timer._timeit, at least 1e-9. The Python value of `t1 - t0`.
  Value timeit(Interpreter& in, const Value& number) const {
    if (!number.is_intlike())
      throw TypeError("'" + type_name(number) + "' object cannot be interpreted as an integer");
    Value spent = run_timed(in, code, number.as_int(), [&] { return now(in); });
    return seconds(spent) < 1e-9 ? Value::floating(1e-9) : spent;
  }

  // Timer._estimate_block_size: the run count that makes timer overhead negligible.
  Int block_size(Interpreter& in, double min_run_time) const {
    std::vector<float> overheads;
    for (int i = 0; i < 5; ++i) overheads.push_back(static_cast<float>(seconds(timeit(in, Value::integer(0)))));
    std::sort(overheads.begin(), overheads.end());
    const double overhead = overheads[2];
    Int number = 1;
    while (true) {
      const double taken = seconds(timeit(in, Value::integer(number)));
      if (overhead / taken <= 1e-4 && taken >= min_run_time / 1000) break;
      if (taken > min_run_time) break;
      if (number * 10 > 2147483647) break;
      number *= 10;
    }
    return number;
  }

  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  std::vector<std::string> attr_names() const override {
    return {"adaptive_autorange", "autorange", "blocked_autorange", "repeat", "timeit"};
  }
};

Value timer_method(const Value& self, const std::string& name,
                   std::function<Value(Interpreter&, TimerObj&, Args&, Kwargs&)> fn) {
  return make_builtin(name, "<bound method Timer." + name + ">", [self, fn](Interpreter& in, Args& a, Kwargs& kw) {
    return fn(in, *static_cast<TimerObj*>(self.as<InstanceObj>()), a, kw);
  });
}

Value TimerObj::attr(Interpreter&, const Value& self, const std::string& name) {
  if (name == "timeit")
    return timer_method(self, name, [](Interpreter& in, TimerObj& t, Args& a, Kwargs& kw) {
      auto v = bind("Timer.timeit", {"number"}, 0, {Value::integer(1000000)}, a, kw);
      TorchThreads threads(bench::task_spec_num_threads(t.task_spec));
      // A warm-up of a hundredth of the runs (at least 2), then the measurement.
      const Value& number = v[0];
      Int warm = 2;
      if (number.is_intlike()) {
        const Int n = number.as_int(), q = n / 100 - (n % 100 < 0 ? 1 : 0);  // Python's n // 100
        warm = std::max<Int>(q, 2);
      }
      t.timeit(in, Value::integer(warm));
      const Value raw = t.timeit(in, number);
      return bench::make_measurement(number, Value::list({raw}), t.task_spec, Value());
    });
  if (name == "blocked_autorange" || name == "adaptive_autorange")
    return timer_method(self, name, [name](Interpreter& in, TimerObj& t, Args& a, Kwargs& kw) {
      const bool adaptive = name == "adaptive_autorange";
      std::vector<Value> v = adaptive
          ? bind("Timer.adaptive_autorange", {"threshold", "min_run_time", "max_run_time", "callback"}, 0,
                 {Value::floating(0.1), Value::floating(0.01), Value::floating(10.0), Value()}, a, kw)
          : bind("Timer.blocked_autorange", {"callback", "min_run_time"}, 0, {Value(), Value::floating(0.2)}, a, kw);
      const Value callback = adaptive ? v[3] : v[0];
      const double min_run_time = seconds(adaptive ? v[1] : v[1]);
      const double max_run_time = adaptive ? seconds(v[2]) : 0;
      const double threshold = adaptive ? seconds(v[0]) : 0;
      const Value num_threads = bench::task_spec_num_threads(t.task_spec);
      Int number;
      {
        TorchThreads threads(num_threads);
        number = t.block_size(in, adaptive ? 0.05 : min_run_time);
      }
      // Timer._threaded_measurement_loop.
      std::vector<Value> times;
      {
        TorchThreads threads(num_threads);
        double total = 0;
        bool can_stop = false;
        while (total < min_run_time || !can_stop) {
          const Value spent = t.timeit(in, Value::integer(number));
          times.push_back(spent);
          total += seconds(spent);
          if (!callback.is_none()) {
            Args args{Value::integer(number), spent};
            Kwargs none;
            in.call(callback, args, none);
          }
          can_stop = true;
          if (adaptive) {
            can_stop = false;
            if (times.size() > 3) {
              Value m = bench::make_measurement(Value::integer(number), Value::list(times), t.task_spec, Value());
              can_stop = bench::meets_confidence(m, threshold);
            }
          }
          if (max_run_time > 0 && total > max_run_time) break;
        }
      }
      return bench::make_measurement(Value::integer(number), Value::list(std::move(times)), t.task_spec, Value());
    });
  if (name == "autorange" || name == "repeat")
    return timer_method(self, name, [](Interpreter&, TimerObj&, Args&, Kwargs&) -> Value {
      throw PyError("NotImplementedError", "See `Timer.blocked_autorange.`");
    });
  no_attribute(self, name, attr_names());
}

Value timer_type();

Value make_timer(Interpreter& in, Args& a, Kwargs& kw) {
  auto v = bind("Timer.__init__",
                {"stmt", "setup", "global_setup", "timer", "globals", "label", "sub_label", "description", "env",
                 "num_threads", "language"},
                0,
                {Value::str("pass"), Value::str("pass"), Value::str(""), Value(), Value(), Value(), Value(), Value(),
                 Value(), Value::integer(1), Value::str("python")},
                a, kw);
  if (!v[0].is(Kind::Str)) throw ValueError("Currently only a `str` stmt is supported.");
  const Value& language = v[10];
  const std::string lang = language.is(Kind::Str) ? language.as_str() : "";
  if (lang == "cpp" || lang == "c++") throw PyError("NotImplementedError", "C++ timing is not supported by tsh");
  if (lang != "py" && lang != "python") throw ValueError("Invalid language `" + str(language) + "`.");
  if (truthy(v[2]))
    throw ValueError("global_setup is C++ only, got `" + str(v[2]) + "`. Most likely this code can simply be moved to `setup`.");
  auto timer = std::make_shared<TimerObj>();
  timer->type = timer_type();
  // The namespace: a copy of `globals`; names not there are builtins (and torch).
  timer->code.globals = std::make_shared<Scope>();
  timer->code.globals->isolated = true;
  if (truthy(v[4])) {  // dict(globals or {})
    Value copy = make_dict();
    Args source{v[4]};
    Kwargs none;
    dict_update(in, dict_of(copy), "dict", source, none);
    for (const Value& item : dict_of(copy).items())
      if (item.items()[0].is(Kind::Str)) timer->code.globals->vars[item.items()[0].as_str()] = item.items()[1];
  }
  const std::string stmt = bench::clean_source(v[0].as_str());
  const std::string setup = bench::clean_source(bench::text_arg(v[1]));
  timer->code.setup_src = compile_timer_source(setup);
  compile_timer_source(setup + "\n" + stmt);
  timer->code.stmt_src = compile_timer_source(stmt);
  in.keep_alive(timer->code.setup_src);  // functions defined by setup point into it
  in.keep_alive(timer->code.stmt_src);
  timer->timer = v[3];
  Args spec_args{Value::str(stmt), Value::str(setup), v[2], v[5], v[6], v[7], v[8], v[9]};
  Kwargs none;
  timer->task_spec = bench::make_task_spec(spec_args, none);
  return Value::object(Kind::Instance, timer);
}

Value type_value(const std::string& qualname, std::function<Value(Interpreter&, Args&, Kwargs&)> ctor) {
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = std::move(ctor);
  return Value::object(Kind::Type, t);
}

Value timer_type() {
  static const Value type = type_value(std::string(kTimerModule) + ".Timer", make_timer);
  return type;
}

Value module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  return Value::object(Kind::Module, m);
}

}  // namespace

void install_benchmark(std::map<std::string, Value>& torch_attrs) {
  auto def = [](const Value& mod, const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    mod.as<ModuleObj>()->attrs[name] = make_builtin(name, "<function " + name + ">", std::move(fn));
  };
  Value utils = module("torch.utils");
  Value bench = module("torch.utils.benchmark");
  auto& b = bench.as<ModuleObj>()->attrs;
  b["Timer"] = timer_type();
  b["Measurement"] = bench::measurement_type();
  b["TaskSpec"] = bench::task_spec_type();
  def(bench, "select_unit", [](Interpreter&, Args& a, Kwargs& kw) {
    auto v = bind("select_unit", {"t"}, 1, {}, a, kw);
    auto [unit, scale] = select_unit(seconds(v[0]));
    return Value::tuple({Value::str(unit), scale == 1 ? Value::integer(1) : Value::floating(scale)});
  });
  utils.as<ModuleObj>()->attrs["benchmark"] = bench;
  torch_attrs["utils"] = utils;
  auto& torch_fns = torch_attrs;
  torch_fns["get_num_threads"] = make_builtin("get_num_threads", "<built-in method get_num_threads of type object>",
                                              [](Interpreter&, Args&, Kwargs&) { return Value::integer(get_threads()); });
  torch_fns["set_num_threads"] = make_builtin("set_num_threads", "<built-in method set_num_threads of type object>",
                                              [](Interpreter&, Args& a, Kwargs&) {
                                                if (a.size() != 1)
                                                  throw TypeError("set_num_threads() takes exactly one argument (" +
                                                                  std::to_string(a.size()) + " given)");
                                                set_threads(a[0]);
                                                return Value();
                                              });
}

}  // namespace tsh::shell
