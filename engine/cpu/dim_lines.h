// engine/cpu/dim_lines.h — visiting a tensor one line at a time along a dim (scans, sorts, selections).
//
// Scans and sorts work on whole lines: all elements that differ only in
// their index along `dim`. for_each_line walks several tensors in step, one
// line of each at a time: they share every size except the one along dim,
// and f receives the address of each tensor's line start. Lines are
// independent, so large jobs split them across threads. Ctrl-C stops the
// walk between lines and throws KeyboardInterrupt.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

// f(std::array<char*, N> starts). `work_per_line` (elements touched per
// line) decides whether threads are worth starting.
template <size_t N, typename F>
void for_each_line(const std::array<const Tensor*, N>& ts, int64_t dim, int64_t work_per_line, F&& f) {
  const Tensor& t0 = *ts[0];
  const int64_t nd = t0.dim();
  std::vector<int64_t> other;  // the dims that are not `dim`
  for (int64_t d = 0; d < nd; ++d)
    if (d != dim) other.push_back(d);
  int64_t lines = 1;
  for (int64_t d : other) lines *= t0.size(d);
  if (lines == 0) return;
  auto line_start = [&](int64_t l) {
    std::array<char*, N> p;
    for (size_t k = 0; k < N; ++k) p[k] = ts[k]->data_ptr();
    for (size_t i = other.size(); i-- > 0;) {
      const int64_t d = other[i], n = t0.size(d), idx = l % n;
      l /= n;
      for (size_t k = 0; k < N; ++k) p[k] += idx * ts[k]->stride(d) * ts[k]->itemsize();
    }
    return p;
  };
  const bool parallel = lines > 1 && lines * work_per_line >= kParallelGrain;
  parallel_ranges(lines, parallel, [&](int64_t l0, int64_t l1) {
    int64_t since_poll = 0;  // Ctrl-C is polled once per kInterruptGrain elements
    for (int64_t l = l0; l < l1; ++l) {
      since_poll += work_per_line;
      if (since_poll >= kInterruptGrain) {
        since_poll = 0;
        if (interrupt_pending()) return;
      }
      f(line_start(l));
    }
  });
  throw_if_interrupted();
}

}  // namespace tsh::cpu
