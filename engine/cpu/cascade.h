// engine/cpu/cascade.h — PyTorch's cascade summation, the building block of every float sum.
//
// PyTorch adds floats in a multi-level cascade (spec/RNG.md, Appendix A):
// M independent running sums ("lanes") take R steps; every 2^L steps the
// level-0 sums are pushed into level 1 (and zeroed), every 2^L level-1
// pushes go on to level 2, and so on over 4 levels, with
// L = max(4, ceil_log2(R) / 4). The levels are added together at the end.
// Three line sums are built on it, matching PyTorch's three loops:
//  - row_sum: a strided line read as rows of 4 (4 lanes), the leftover
//    elements added to lane 0, then lanes 0+1, +2, +3;
//  - vector_sum: a contiguous line read as vectors of W lanes, grouped 4
//    vectors to a step (4W lanes), leftover vectors into the first 4, the
//    4 vectors folded into one, then a scalar sum of the leftover elements
//    followed by the W lanes in order;
//  - column sums: several lines side by side, each a plain cascade of one lane.
// All arithmetic is in the accumulate type Acc (float for float, half and
// bfloat16; double for double; the complex type itself for complex), with
// no fused multiply-adds. Results are exactly PyTorch's single-thread sums.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/core/interrupt.h"

namespace tsh::cpu::cascade {

// Elements (R * M) from which one long sum is worth splitting across threads.
constexpr int64_t kParallelSumGrain = int64_t{1} << 17;

// Threads a long sum may use: none beyond this one inside a parallel region.
inline int parallel_sum_threads() {
#ifdef _OPENMP
  return omp_in_parallel() ? 1 : omp_get_max_threads();
#else
  return 1;
#endif
}

// PyTorch's CeilLog2: 1 for x <= 2, else the bit length of x - 1.
inline int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll(static_cast<unsigned long long>(x - 1));
}

// Steps [i, end) of the cascade into acc (levels 0..3); i and end are
// multiples of the push step 2^L except possibly the last end. The pushes
// depend only on the absolute step index, so a range that starts at a
// multiple of 2^(3L) with zero levels behaves as it does in one long run.
// Polls Ctrl-C between blocks of steps when `poll`; returns the step reached.
template <int M, typename Acc, typename AddRow>
inline int64_t run_steps(int64_t i, int64_t end, int64_t L, bool poll, AddRow& add_row, Acc (*acc)[M]) {
  const int64_t step = int64_t{1} << L, mask = step - 1;
  const int64_t block = !poll ? end : std::max<int64_t>(step, kInterruptGrain / M);
  const int64_t first = i;
  while (i + step <= end) {
    if (poll && i > first && interrupt_pending()) break;
    const int64_t stop = std::min(end, i + block);
    while (i + step <= stop) {
      // Level 0 is zero at every push boundary: sum the period in a local copy the compiler can
      // keep in registers (acc is memory that the rows, read through char pointers, might alias).
      Acc a0[M];
      for (int m = 0; m < M; ++m) a0[m] = Acc{};
      for (int64_t k = 0; k < step; ++k, ++i) add_row(i, a0);
      for (int m = 0; m < M; ++m) acc[0][m] = a0[m];
      for (int j = 1; j < 4; ++j) {
        for (int m = 0; m < M; ++m) {
          acc[j][m] += acc[j - 1][m];
          acc[j - 1][m] = Acc{};
        }
        if ((i & (mask << (j * L))) != 0) break;
      }
    }
  }
  return i;
}

// M lanes over R steps; add_row(i, acc) adds step i's M values into acc[0..M).
// Writes the M sums to result. A long sum (R * M of at least twice
// kInterruptGrain) polls Ctrl-C between blocks of steps; when it is set the
// sum stops early and its caller's loop throws KeyboardInterrupt. A shorter
// sum never polls: its callers poll between sums.
//
// Level 3 only ever receives whole blocks of 2^(3L) steps, in order, each
// the level-2 sum of its block alone. So when the sum is long and no other
// threads are busy, the blocks are summed on all threads at once and then
// added into level 3 one by one in block order: every addition is the one a
// single thread makes, and the result is the same to the last bit.
template <int M, typename Acc, typename AddRow>
inline void lanes(int64_t R, AddRow&& add_row, Acc* result) {
  const int64_t L = std::max<int64_t>(4, ceil_log2(R) / 4);
  const int64_t step = int64_t{1} << L;
  Acc acc[4][M];
  for (int j = 0; j < 4; ++j)
    for (int m = 0; m < M; ++m) acc[j][m] = Acc{};
  const bool poll = R * M >= 2 * kInterruptGrain;
  int64_t i = 0;
  const int64_t big = int64_t{1} << (3 * L), nblocks = R >> (3 * L);
  if (nblocks >= 2 && R * M >= kParallelSumGrain && parallel_sum_threads() > 1) {
    std::vector<Acc> sums(static_cast<size_t>(nblocks) * M);
    std::atomic<bool> stopped{false};
#pragma omp parallel for schedule(static)
    for (int64_t b = 0; b < nblocks; ++b) {
      if (interrupt_pending()) {
        stopped = true;
        continue;
      }
      Acc local[4][M];
      for (int j = 0; j < 4; ++j)
        for (int m = 0; m < M; ++m) local[j][m] = Acc{};
      run_steps<M, Acc>(b * big, (b + 1) * big, L, false, add_row, local);
      for (int m = 0; m < M; ++m) sums[b * M + m] = local[3][m];  // 0 + the block's level-2 sum
    }
    if (stopped) {
      for (int m = 0; m < M; ++m) result[m] = Acc{};
      return;
    }
    for (int64_t b = 0; b < nblocks; ++b)
      for (int m = 0; m < M; ++m) acc[3][m] += sums[b * M + m];
    i = nblocks * big;
  }
  i = run_steps<M, Acc>(i, R, L, poll, add_row, acc);
  if (i + step <= R) {  // stopped by Ctrl-C
    for (int m = 0; m < M; ++m) result[m] = Acc{};
    return;
  }
  for (; i < R; ++i) add_row(i, acc[0]);
  for (int j = 1; j < 4; ++j)
    for (int m = 0; m < M; ++m) acc[0][m] += acc[j][m];
  for (int m = 0; m < M; ++m) result[m] = acc[0][m];
}

// K side-by-side strided lines of n elements: line k starts at p + k * col,
// element i of it is at + i * stride. load(ptr) gives an element as Acc.
// Sums each line with row_sum's grouping into out[0..K).
template <int K, typename Acc, typename Load>
inline void row_sums(const char* p, int64_t stride, int64_t col, int64_t n, Load&& load, Acc* out) {
  const int64_t R = n / 4;
  Acc part[4 * K];
  lanes<4 * K, Acc>(
      R,
      [&](int64_t i, Acc* acc) {
        const char* row = p + 4 * i * stride;
        for (int c = 0; c < 4; ++c)
          for (int k = 0; k < K; ++k) acc[c * K + k] += load(row + c * stride + k * col);
      },
      part);
  for (int k = 0; k < K; ++k) {
    Acc s = part[k];
    for (int64_t i = 4 * R; i < n; ++i) s += load(p + i * stride + k * col);
    s += part[K + k];
    s += part[2 * K + k];
    s += part[3 * K + k];
    out[k] = s;
  }
}

// K side-by-side strided lines, each summed as one plain cascade lane.
template <int K, typename Acc, typename Load>
inline void column_sums(const char* p, int64_t stride, int64_t col, int64_t n, Load&& load,
                        Acc* out) {
  lanes<K, Acc>(
      n,
      [&](int64_t i, Acc* acc) {
        const char* row = p + i * stride;
        for (int k = 0; k < K; ++k) acc[k] += load(row + k * col);
      },
      out);
}

// K side-by-side contiguous float or double columns (K a multiple of a 32-byte vector's lanes),
// each a plain cascade lane as in column_sums, added a whole 32-byte vector of lanes at a time
// with the compiler's vector types: lane by lane the same additions, in registers instead of the
// scalar accumulators the optimiser leaves in memory.
template <int K, typename Acc>
inline void column_sums_contiguous(const char* p, int64_t stride, int64_t n, Acc* out) {
  typedef Acc V __attribute__((vector_size(32)));
  constexpr int W = 32 / static_cast<int>(sizeof(Acc)), NV = K / W;
  static_assert(K % W == 0);
  V res[NV];
  lanes<NV, V>(
      n,
      [&](int64_t i, V* acc) {
        const char* row = p + i * stride;
        for (int v = 0; v < NV; ++v) {
          V x;
          std::memcpy(&x, row + v * 32, 32);
          acc[v] += x;
        }
      },
      res);
  std::memcpy(out, res, sizeof res);
}

// One contiguous line of n elements of T read as vectors of E elements that
// fold into W lanes: vload(v, lanes) writes vector v's W lane values
// (E == W, except for the 16-bit floats where 16 elements fold into 8
// float lanes). load(ptr) reads one element as Acc.
template <int W, int E, typename T, typename Acc, typename VLoad, typename Load>
inline Acc vector_sum(const T* x, int64_t n, VLoad&& vload, Load&& load) {
  const int64_t V = n / E, R = V / 4;
  Acc acc[4 * W];
  lanes<4 * W, Acc>(
      R,
      [&](int64_t i, Acc* a) {
        Acc v[4 * W];
        for (int c = 0; c < 4; ++c) vload(x + (4 * i + c) * E, v + c * W);
        for (int m = 0; m < 4 * W; ++m) a[m] += v[m];
      },
      acc);
  for (int64_t k = 4 * R; k < V; ++k) {
    Acc v[W];
    vload(x + k * E, v);
    for (int l = 0; l < W; ++l) acc[l] += v[l];
  }
  for (int c = 1; c < 4; ++c)
    for (int l = 0; l < W; ++l) acc[l] += acc[c * W + l];
  Acc s = Acc(0);
  for (int64_t i = V * E; i < n; ++i) s += load(reinterpret_cast<const char*>(x + i));
  for (int l = 0; l < W; ++l) s += acc[l];
  return s;
}

// vector_sum for a contiguous line of float or double (W = E = the lanes of a 32-byte vector),
// with the compiler's vector types: the same lanes, the same additions in the same order.
template <typename T>
inline T vector_sum_contiguous(const T* x, int64_t n) {
  typedef T V __attribute__((vector_size(32)));
  constexpr int W = 32 / static_cast<int>(sizeof(T));
  const int64_t nv = n / W, R = nv / 4;
  V acc[4];
  lanes<4, V>(
      R,
      [&](int64_t i, V* a) {
        for (int c = 0; c < 4; ++c) {
          V v;
          std::memcpy(&v, x + (4 * i + c) * W, 32);
          a[c] += v;
        }
      },
      acc);
  for (int64_t k = 4 * R; k < nv; ++k) {
    V v;
    std::memcpy(&v, x + k * W, 32);
    acc[0] += v;
  }
  for (int c = 1; c < 4; ++c) acc[0] += acc[c];
  T s = T(0);
  for (int64_t i = nv * W; i < n; ++i) s += x[i];
  for (int l = 0; l < W; ++l) s += acc[0][l];
  return s;
}

}  // namespace tsh::cpu::cascade
