// shell/magics/magics_timing.cpp — %timeit and %time (see magics_timing.h for the
// rules they follow).
#include "shell/magics/magics_timing.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "engine/core/accelerator.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"

namespace tsh::shell {

// Each reading first waits for the GPU work queued so far, so that %timeit and
// %time measure the work and not only its launch (nothing to wait for without a GPU).
Clock steady_clock() {
  return [] {
    synchronize_started_devices();
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
  };
}

namespace {

// Python's "%.*g" % v (C's %g rounds and trims the same way).
std::string g_format(double v, int precision) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", precision, v);
  return buf;
}

// "1,000,000": Python's format(n, ',').
std::string with_commas(int64_t n) {
  std::string digits = std::to_string(n < 0 ? -n : n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? "-" + out : out;
}

struct CpuTimes {
  double user = 0, sys = 0;
};
CpuTimes cpu_times() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return {static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) * 1e-6,
          static_cast<double>(u.ru_stime.tv_sec) + static_cast<double>(u.ru_stime.tv_usec) * 1e-6};
}

// int(text) for an option value, with Python's message when it is no int.
int64_t option_int(const std::string& text) {
  size_t b = text.find_first_not_of(" \t"), e = text.find_last_not_of(" \t");
  std::string t = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  size_t i = t.empty() || (t[0] != '-' && t[0] != '+') ? 0 : 1;
  bool ok = i < t.size() && t.size() - i <= 18;
  for (size_t k = i; ok && k < t.size(); ++k) ok = std::isdigit(static_cast<unsigned char>(t[k])) != 0;
  if (!ok) throw ValueError("invalid literal for int() with base 10: " + repr(Value::str(text)));
  return std::stoll(t);
}

bool ends_with_semicolon(const std::string& code) {
  size_t e = code.find_last_not_of(" \t");
  return e != std::string::npos && code[e] == ';';
}

}  // namespace

std::string format_time(double seconds, int precision) {
  if (seconds >= 60.0) {
    static const struct {
      const char* suffix;
      double length;
    } parts[] = {{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}};
    std::string out;
    double left = seconds;
    for (const auto& p : parts) {
      const auto value = static_cast<int64_t>(left / p.length);
      if (value > 0) {
        left = std::fmod(left, p.length);
        if (!out.empty()) out += ' ';
        out += std::to_string(value) + p.suffix;
      }
      if (left < 1) break;
    }
    return out;
  }
  static const char* const units[] = {"s", "ms", "\xC2\xB5s", "ns"};
  static const double scale[] = {1, 1e3, 1e6, 1e9};
  int order = 3;
  if (seconds > 0) order = std::min(-static_cast<int>(std::floor(std::floor(std::log10(seconds)) / 3)), 3);
  order = std::max(order, 0);
  return g_format(seconds * scale[order], precision) + " " + units[order];
}

double TimeitResult::best() const {
  return all_runs.empty() ? 0 : *std::min_element(all_runs.begin(), all_runs.end()) / static_cast<double>(loops);
}
double TimeitResult::worst() const {
  return all_runs.empty() ? 0 : *std::max_element(all_runs.begin(), all_runs.end()) / static_cast<double>(loops);
}
double TimeitResult::average() const {
  if (all_runs.empty()) return 0;
  return std::accumulate(all_runs.begin(), all_runs.end(), 0.0) / static_cast<double>(loops) /
         static_cast<double>(all_runs.size());
}
double TimeitResult::stdev() const {
  if (all_runs.empty()) return 0;
  const double mean = average();
  double ss = 0;
  for (double r : all_runs) {
    const double d = r / static_cast<double>(loops) - mean;
    ss += d * d;
  }
  return std::sqrt(ss / static_cast<double>(all_runs.size()));
}

std::string TimeitResult::str() const {
  return format_time(average(), precision) + " \xC2\xB1 " + format_time(stdev(), precision) +
         " per loop (mean \xC2\xB1 std. dev. of " + std::to_string(repeat) + " run" +
         (repeat == 1 ? "" : "s") + ", " + with_commas(loops) + " loop" + (loops == 1 ? "" : "s") +
         " each)";
}

std::string TimeitResult::warning() const {
  const double b = best(), w = worst();
  if (!(w > 4 * b && b > 0 && w > 1e-6)) return "";
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "The slowest run took %0.2f times longer than the fastest. This could mean that an "
                "intermediate result is being cached.",
                w / b);
  return buf;
}

double time_loops(const Clock& clock, const std::function<void()>& body, int64_t loops) {
  const double t0 = clock();
  for (int64_t i = 0; i < loops; ++i) body();
  return clock() - t0;
}

int64_t autorange(const std::function<double(int64_t)>& measure) {
  int64_t number = 1;
  for (int index = 0; index < 10; ++index, number *= 10)
    if (measure(number) >= 0.2) break;
  return std::min<int64_t>(number, 1000000000);
}

TimeitResult timeit(const Clock& clock, const std::function<void()>& body, int64_t number, int repeat,
                    int precision) {
  TimeitResult r;
  r.loops = number > 0 ? number : autorange([&](int64_t n) { return time_loops(clock, body, n); });
  r.repeat = repeat;
  r.precision = precision;
  for (int i = 0; i < repeat; ++i) r.all_runs.push_back(time_loops(clock, body, r.loops));
  return r;
}

std::string time_report(double user, double sys, double wall) {
  return "CPU times: user " + format_time(user) + ", sys: " + format_time(sys) +
         ", total: " + format_time(user + sys) + "\nWall time: " + format_time(wall) + "\n";
}

// ---------------------------------------------------------------- magics

namespace {

// What `%timeit -o` returns: IPython's TimeitResult, with its attributes.
struct TimeitResultObj : InstanceObj {
  TimeitResult r;
  std::string class_name() const override { return "TimeitResult"; }
  std::string module_name() const override { return "IPython.core.magics.execution"; }
  std::vector<std::string> attr_names() const override {
    return {"all_runs", "average", "best", "compile_time", "loops", "repeat", "stdev", "timings", "worst"};
  }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    auto floats = [](const std::vector<double>& xs, double scale) {
      std::vector<Value> out;
      for (double x : xs) out.push_back(Value::floating(x / scale));
      return Value::list(std::move(out));
    };
    if (name == "loops") return Value::integer(r.loops);
    if (name == "repeat") return Value::integer(r.repeat);
    if (name == "best") return Value::floating(r.best());
    if (name == "worst") return Value::floating(r.worst());
    if (name == "average") return Value::floating(r.average());
    if (name == "stdev") return Value::floating(r.stdev());
    if (name == "compile_time") return Value::floating(0.0);
    if (name == "all_runs") return floats(r.all_runs, 1.0);
    if (name == "timings") return floats(r.all_runs, static_cast<double>(r.loops));
    throw AttributeError("'TimeitResult' object has no attribute '" + name + "'");
  }
  std::string repr_of(const Value&) const override { return "<TimeitResult : " + r.str() + ">"; }
};

}  // namespace

void magic_timeit(const MagicCall& call) {
  Options o = parse_options(call.args(), "n:r:tcp:qo");
  if (o.rest.find_first_not_of(" \t") == std::string::npos) return;  // IPython: nothing to time
  const int64_t number = o.has('n') ? option_int(o.given['n']) : 0;
  const int64_t repeat = o.has('r') ? option_int(o.given['r']) : 7;
  const int64_t precision = o.has('p') ? option_int(o.given['p']) : 3;
  if (repeat <= 0) throw ValueError("min() arg is an empty sequence");
  if (repeat > 1000000) throw ValueError("-r " + std::to_string(repeat) + " is more runs than tsh times");
  const auto& stmts = parse_argument_code(call, o.rest, o.rest_offset);
  // -c measures CPU time (IPython's `clock` on Unix: user time); -t and the
  // default measure wall time.
  Clock clock = steady_clock();
  if (o.has('c')) clock = [] { return cpu_times().user; };
  Interpreter& in = call.in;
  auto body = [&] {
    check_interrupt();
    exec_statements(in, stmts);
  };
  TimeitResult r = timeit(clock, body, number, static_cast<int>(repeat),
                          static_cast<int>(std::clamp<int64_t>(precision, 1, 17)));
  if (!o.has('q')) {
    if (std::string w = r.warning(); !w.empty()) call.print(w + "\n");
    call.print(r.str() + "\n");
  }
  if (o.has('o')) {
    auto obj = std::make_shared<TimeitResultObj>();
    obj->r = std::move(r);
    in.display(Value::object(Kind::Instance, obj));
  }
}

void magic_time(const MagicCall& call) {
  const auto& stmts = parse_argument_code(call, call.args(), 0);
  Interpreter& in = call.in;
  const Clock wall = steady_clock();
  const double w0 = wall();
  const CpuTimes c0 = cpu_times();
  // The value of a last expression statement is shown after the times, as
  // IPython shows the magic's result.
  Value out;
  for (size_t i = 0; i < stmts.size(); ++i) {
    if (i + 1 == stmts.size() && stmts[i]->kind == grammar::StmtKind::Expr)
      out = in.eval(*stmts[i]->value);
    else
      in.exec(*stmts[i]);
  }
  const CpuTimes c1 = cpu_times();
  const double w1 = wall();
  call.print(time_report(c1.user - c0.user, c1.sys - c0.sys, w1 - w0));
  if (!ends_with_semicolon(call.args())) in.display(out);
}

}  // namespace tsh::shell
