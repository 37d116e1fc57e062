// shell/torch/utils/benchmark/impl.h — what benchmark.cpp (Timer) and
// measurement.cpp (TaskSpec, Measurement) share. Internal to them.
#pragma once

#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell::bench {

// The Python module PyTorch defines TaskSpec and Measurement in.
constexpr const char* kCommon = "torch.utils.benchmark.utils.common";

// Binds arguments as a Python def does: `names` in order, the last
// names.size() - required of them defaulting to `defaults`; Python's
// TypeErrors for too many, unknown, repeated or missing arguments.
std::vector<Value> bind(const std::string& fname, const std::vector<std::string>& names, size_t required,
                        const std::vector<Value>& defaults, const Args& a, const Kwargs& kw);
// The stmt/setup text as PyTorch's Timer keeps it: dedented, a leading
// newline dropped, the end stripped.
std::string clean_source(const std::string& s);
// A str argument, or PyTorch's TypeError for another value.
const std::string& text_arg(const Value& v);
// A number of seconds (int or float), or a TypeError.
double seconds(const Value& v);

// TaskSpec(stmt, setup, global_setup='', label=None, sub_label=None,
// description=None, env=None, num_threads=1).
Value make_task_spec(Args& a, Kwargs& kw);
Value task_spec_num_threads(const Value& spec);
// Measurement(number_per_run, raw_times, task_spec, metadata=None).
Value make_measurement(Value number, Value raw, Value spec, Value metadata);
// The classes benchmark.TaskSpec and benchmark.Measurement (one object each).
Value task_spec_type();
Value measurement_type();
// Measurement.meets_confidence(threshold).
bool meets_confidence(const Value& measurement, double threshold);

}  // namespace tsh::shell::bench
