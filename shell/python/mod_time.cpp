// shell/python/mod_time.cpp — Python's time module: the clocks (each the
// POSIX clock CPython reads) and sleep, which Ctrl-C interrupts at once.
#include <time.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "engine/core/interrupt.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

Int clock_ns(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<Int>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

void clock_fn(const Value& m, const std::string& name, clockid_t id, bool ns) {
  def_function(m, name, [name, id, ns](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("time." + name + "() takes no keyword arguments");
    if (!a.empty()) throw TypeError("time." + name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
    const Int t = clock_ns(id);
    return ns ? Value::integer(t) : Value::floating(static_cast<double>(t) * 1e-9);
  });
}

}  // namespace

void install_time(Interpreter&, Value& m) {
  m.as<ModuleObj>()->origin = "built-in";
  clock_fn(m, "time", CLOCK_REALTIME, false);
  clock_fn(m, "time_ns", CLOCK_REALTIME, true);
  clock_fn(m, "perf_counter", CLOCK_MONOTONIC, false);
  clock_fn(m, "perf_counter_ns", CLOCK_MONOTONIC, true);
  clock_fn(m, "monotonic", CLOCK_MONOTONIC, false);
  clock_fn(m, "monotonic_ns", CLOCK_MONOTONIC, true);
  clock_fn(m, "process_time", CLOCK_PROCESS_CPUTIME_ID, false);
  clock_fn(m, "process_time_ns", CLOCK_PROCESS_CPUTIME_ID, true);
  clock_fn(m, "thread_time", CLOCK_THREAD_CPUTIME_ID, false);
  // sleep(secs): in slices, so that Ctrl-C ends it within a few milliseconds.
  def_function(m, "sleep", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("time.sleep() takes no keyword arguments");
    if (a.size() != 1) throw TypeError("time.sleep() takes exactly one argument (" + std::to_string(a.size()) + " given)");
    if (!a[0].is_intlike() && !a[0].is(Kind::Float))
      throw TypeError("'" + type_name(a[0]) + "' object cannot be interpreted as an integer");
    const double secs = a[0].as_float();
    if (std::isnan(secs)) throw ValueError("Invalid value NaN (not a number)");
    if (secs < 0) throw ValueError("sleep length must be non-negative");
    using Clock = std::chrono::steady_clock;
    const Clock::time_point end =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::min(secs, 1e9)));
    while (Clock::now() < end) {
      check_interrupt();
      const Clock::duration left = end - Clock::now();
      std::this_thread::sleep_for(std::min<Clock::duration>(left, std::chrono::milliseconds(10)));
    }
    check_interrupt();
    return Value();
  });
  def_function(m, "ctime", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("ctime", a, kw, {"seconds"}, 0);
    const time_t t = v[0].is_none() ? ::time(nullptr) : static_cast<time_t>(real_arg(v[0]));
    tm local{};
    localtime_r(&t, &local);
    char buf[64];
    strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &local);
    return Value::str(buf);
  });
  def_function(m, "strftime", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("strftime", a, kw, {"format", "t"}, 1);
    if (!v[0].is(Kind::Str)) throw TypeError("strftime() argument 1 must be str, not " + type_name(v[0]));
    if (!v[1].is_none()) throw PyError("NotImplementedError", "time.strftime(format, t): struct_time arguments are not supported by tsh");
    const time_t t = ::time(nullptr);
    tm local{};
    localtime_r(&t, &local);
    std::string out(256 + v[0].as_str().size() * 8, '\0');
    const size_t n = strftime(out.data(), out.size(), v[0].as_str().c_str(), &local);
    out.resize(n);
    return Value::str(out);
  });
}

}  // namespace tsh::shell
