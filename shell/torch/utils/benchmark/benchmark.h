// shell/torch/utils/benchmark/benchmark.h — torch.utils.benchmark: Timer, Measurement, TaskSpec
// and select_unit, printing exactly as PyTorch's do; and torch's
// get_num_threads / set_num_threads, which a Timer's num_threads uses.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "shell/python/value.h"

namespace tsh::shell {

// The clock a Timer reads when no `timer=` is given: seconds, monotonic.
// Tests replace it to make measurements deterministic. (PyTorch's default
// timer synchronizes CUDA first; a CUDA backend must make this one do so.)
extern std::function<double()> g_benchmark_clock;

// Adds torch.utils (with torch.utils.benchmark), get_num_threads and
// set_num_threads to the torch namespace.
void install_benchmark(std::map<std::string, Value>& torch_attrs);

// PyTorch's select_unit: the unit ("ns", "us", "ms", "s") and scale that
// print `t` seconds with O(1) magnitude; decided on float32 log10(t) as
// PyTorch computes it. Throws ValueError for t <= 0 or too large, as PyTorch.
std::pair<std::string, double> select_unit(double t);

}  // namespace tsh::shell
