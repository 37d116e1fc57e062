// engine/cpu/loop.h — the strided iterator every CPU kernel runs on.
//
// Given N operands that share one iteration shape (broadcast operands carry
// stride 0), it drops size-1 dims, coalesces dims that are contiguous with
// each other in every operand, and calls the kernel once per innermost run:
//     inner(char* ptrs[N], const int64_t byte_strides[N], int64_t n)
// so kernels write only a tight 1-d loop (with a fast path when the byte
// strides equal the item sizes). Large iterations split their outer runs
// across OpenMP threads; each run is handled by exactly one thread.
//
// Ctrl-C (engine/core/interrupt.h): the loop polls the flag once per
// kInterruptGrain elements, stops early when it is set, and throws
// KeyboardInterrupt once its threads have joined.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "engine/core/interrupt.h"
#include "engine/core/tensor.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace tsh::cpu {

// Iterations smaller than this stay on one thread.
constexpr int64_t kParallelGrain = 32768;

// Throws KeyboardInterrupt when Ctrl-C stopped a loop early. A no-op inside
// any OpenMP region, even a one-thread one (GCC terminates on an exception
// that leaves a region): there the loop that opened the region throws after
// it joins.
inline void throw_if_interrupted() {
#ifdef _OPENMP
  if (omp_get_level() > 0) return;
#endif
  check_interrupt();
}

// Runs fn(begin, end) over [0, n): one contiguous range per OpenMP thread
// when `parallel`, else fn(0, n) on this thread. Each index belongs to exactly
// one range, so work split this way is deterministic whatever the thread count.
template <typename F>
void parallel_ranges(int64_t n, bool parallel, F&& fn) {
  if (!parallel || n < 2) {
    if (n > 0) fn(int64_t{0}, n);
    return;
  }
#pragma omp parallel
  {
    int64_t nt = 1, t = 0;
#ifdef _OPENMP
    nt = omp_get_num_threads();
    t = omp_get_thread_num();
#endif
    int64_t chunk = (n + nt - 1) / nt;
    int64_t b = t * chunk, e = std::min(n, b + chunk);
    if (b < e) fn(b, e);
  }
}

template <size_t N>
struct LoopGeometry {
  std::vector<int64_t> shape;                   // innermost first, coalesced
  std::array<std::vector<int64_t>, N> strides;  // bytes, innermost first
};

// strides[k] are element strides of operand k, itemsize[k] its element size.
template <size_t N>
LoopGeometry<N> make_geometry(const Shape& shape, const std::array<const Shape*, N>& strides,
                              const std::array<int64_t, N>& itemsize) {
  LoopGeometry<N> g;
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == 1) continue;
    bool merge = !g.shape.empty();
    for (size_t k = 0; k < N && merge; ++k)
      merge = (*strides[k])[d] * itemsize[k] == g.strides[k].back() * g.shape.back();
    if (merge) {
      g.shape.back() *= shape[d];
    } else {
      g.shape.push_back(shape[d]);
      for (size_t k = 0; k < N; ++k) g.strides[k].push_back((*strides[k])[d] * itemsize[k]);
    }
  }
  if (g.shape.empty()) {  // a single element
    g.shape.push_back(1);
    for (size_t k = 0; k < N; ++k) g.strides[k].push_back(0);
  }
  return g;
}

// Runs inner over the outer runs [begin, end) of g.
template <size_t N, typename F>
void run_outer_range(const LoopGeometry<N>& g, std::array<char*, N> base, int64_t begin,
                     int64_t end, F& inner) {
  const size_t nd = g.shape.size();
  std::array<int64_t, N> inner_strides;
  for (size_t k = 0; k < N; ++k) inner_strides[k] = g.strides[k][0];
  // Multi-index of outer run `begin` over dims 1..nd-1.
  std::vector<int64_t> idx(nd, 0);
  int64_t rem = begin;
  for (size_t d = 1; d < nd; ++d) {
    idx[d] = rem % g.shape[d];
    rem /= g.shape[d];
  }
  std::array<char*, N> ptrs;
  for (size_t k = 0; k < N; ++k) {
    ptrs[k] = base[k];
    for (size_t d = 1; d < nd; ++d) ptrs[k] += idx[d] * g.strides[k][d];
  }
  // Ctrl-C is polled once per kInterruptGrain elements. A longer run is fed
  // to inner in pieces of that many elements: a multiple of every SIMD block,
  // so kernels that group a run's elements into blocks from its start form
  // the same blocks as in one call.
  const int64_t len = g.shape[0];
  int64_t since_poll = 0;
  for (int64_t r = begin; r < end; ++r) {
    if (len <= kInterruptGrain) {
      since_poll += len;
      if (since_poll >= kInterruptGrain) {
        since_poll = 0;
        if (interrupt_pending()) return;
      }
      inner(ptrs.data(), inner_strides.data(), len);
    } else {
      for (int64_t k = 0; k < len; k += kInterruptGrain) {
        if (interrupt_pending()) return;
        std::array<char*, N> piece;
        for (size_t q = 0; q < N; ++q) piece[q] = ptrs[q] + k * inner_strides[q];
        inner(piece.data(), inner_strides.data(), std::min(kInterruptGrain, len - k));
      }
    }
    // Advance the odometer over the outer dims.
    for (size_t d = 1; d < nd; ++d) {
      for (size_t k = 0; k < N; ++k) ptrs[k] += g.strides[k][d];
      if (++idx[d] < g.shape[d]) break;
      for (size_t k = 0; k < N; ++k) ptrs[k] -= g.strides[k][d] * g.shape[d];
      idx[d] = 0;
    }
  }
}

// The whole loop. Serial when `parallel` is false (kernels with shared state).
template <size_t N, typename F>
void for_each_run(const Shape& shape, std::array<char*, N> base,
                  const std::array<const Shape*, N>& strides,
                  const std::array<int64_t, N>& itemsize, F&& inner, bool parallel = true) {
  int64_t numel = 1;
  for (int64_t s : shape) numel *= s;
  if (numel == 0) return;
  LoopGeometry<N> g = make_geometry<N>(shape, strides, itemsize);
  int64_t outer = numel / g.shape[0];
  parallel_ranges(outer, parallel && numel >= kParallelGrain,
                  [&](int64_t b, int64_t e) { run_outer_range<N>(g, base, b, e, inner); });
  throw_if_interrupted();
}

}  // namespace tsh::cpu
