// shell/magics/magics_timing.h — the measuring and the wording of %timeit and %time,
// apart from the interpreter so that unit tests can drive them with a fake
// clock.
//
// IPython 8's rules, as checked against `ipython`:
//  - without -n, the loop count is 1, 10, 100, ... (at most 10**9): the first
//    whose one measurement takes at least 0.2 s;
//  - then `repeat` measurements (default 7) of that many loops each;
//  - the report is the mean ± population std. dev. of the per-loop times:
//      2.29 ms ± 12.3 µs per loop (mean ± std. dev. of 7 runs, 100 loops each)
//    with "1 run" / "1 loop each" in the singular and thousands separators in
//    the loop count ("1,000,000 loops each");
//  - when the slowest run is over 4 times the fastest (and over 1 µs), a
//    warning line comes first:
//      The slowest run took 5.23 times longer than the fastest. This could
//      mean that an intermediate result is being cached.
//    (one line).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tsh::shell {

// A clock in seconds (steady; only differences count).
using Clock = std::function<double()>;
Clock steady_clock();

// IPython's _format_time: 3 significant digits ("%.3g") in s, ms, µs or ns;
// "0 ns" for zero; from one minute on, "1min 5s", "2h 3min", "1d 2h 5s".
std::string format_time(double seconds, int precision = 3);

struct TimeitResult {
  int64_t loops = 1;
  int repeat = 1;
  std::vector<double> all_runs;  // seconds per run of `loops` loops
  int precision = 3;

  double best() const;     // fastest run, per loop
  double worst() const;    // slowest run, per loop
  double average() const;  // mean per-loop time
  double stdev() const;    // population standard deviation of the per-loop times
  // "2.29 ms ± 12.3 µs per loop (mean ± std. dev. of 7 runs, 100 loops each)"
  std::string str() const;
  // The slowest-run warning line, or "" when the runs agree well enough.
  std::string warning() const;
};

// Seconds `loops` runs of `body` take, between two reads of `clock`.
double time_loops(const Clock& clock, const std::function<void()>& body, int64_t loops);
// IPython's choice of the loop count when -n is not given; `measure(n)` is
// the seconds n loops take.
int64_t autorange(const std::function<double(int64_t)>& measure);
// `number` = 0 chooses the loop count with autorange().
TimeitResult timeit(const Clock& clock, const std::function<void()>& body, int64_t number,
                    int repeat, int precision = 3);

// %time's report: "CPU times: user 1.2 ms, sys: 15 µs, total: 1.22 ms" and
// "Wall time: 1.5 ms", each ended by a newline.
std::string time_report(double user, double sys, double wall);

}  // namespace tsh::shell
