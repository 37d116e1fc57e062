// engine/cpu/reduce_layout.h — the order in which PyTorch's CPU reductions visit elements.
//
// A float reduction's result depends on the order of its additions, so to
// print PyTorch's digits tsh must visit the elements the way PyTorch's
// TensorIterator does. The op layer hands a kernel two tensors of the same
// shape: the input, and the output seen with stride 0 along every reduced
// dim (so all elements of one reduced block share one output address).
// From them this header builds the iteration layout:
//  1. dims are sorted, fastest first, by an insertion sort whose comparison
//     puts reduced dims (output stride 0) in front, then orders by the
//     output's strides, then by the input's (a stride-0 input dim is left
//     where it is), a tie going to the smaller dim first;
//  2. neighbouring dims that are contiguous with each other in both tensors
//     are merged, and size-1 dims vanish.
// The reduced dims end up first: `nreduced` of them. The kernels then walk
// the layout as PyTorch's single-thread loop does: 2-d slabs of dims 0 and 1,
// the outer dims as an odometer with dim 2 fastest.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

struct ReduceLayout {
  std::vector<int64_t> shape;       // fastest dim first, >= 1 entry, every entry >= 1
  std::vector<int64_t> in_stride;   // bytes, one per entry of shape
  std::vector<int64_t> out_stride;  // bytes; 0 exactly on the reduced dims
  int nreduced = 0;                 // the first nreduced dims are the reduced ones

  int ndim() const { return static_cast<int>(shape.size()); }
  // Size and input stride of dim d, or (1, 0) past the last dim (PyTorch pads to 2-d).
  int64_t size(int d) const { return d < ndim() ? shape[d] : 1; }
  int64_t in(int d) const { return d < ndim() ? in_stride[d] : 0; }
  int64_t out(int d) const { return d < ndim() ? out_stride[d] : 0; }
  // Number of output elements (the product of the non-reduced dims).
  int64_t outputs() const {
    int64_t n = 1;
    for (int d = nreduced; d < ndim(); ++d) n *= shape[d];
    return n;
  }
  // Number of elements in one output's reduced block.
  int64_t block() const {
    int64_t n = 1;
    for (int d = 0; d < nreduced; ++d) n *= shape[d];
    return n;
  }
};

// out and in have the same shape; out has stride 0 along the reduced dims.
// Every size is >= 1 (empty reductions never reach a kernel).
ReduceLayout make_reduce_layout(const Tensor& out, const Tensor& in);

// The layout of a single tensor as an input-only iteration (no output): the
// dims sorted by its strides, fastest first, and merged where contiguous.
// Used where PyTorch walks one tensor in memory order (the two-pass variance).
ReduceLayout make_input_layout(const Tensor& in);

// Calls body(out_ptr, in_ptr) once per output element, where in_ptr is the
// first element of that output's reduced block (index 0 along the reduced
// dims). Output elements are independent, so they are split across threads
// when the work is large; the order within one block never changes. Ctrl-C
// stops the loop early (a body may then see a block cut short) and throws
// KeyboardInterrupt at the end.
template <typename F>
void for_each_output(const ReduceLayout& L, char* out, const char* in, F&& body) {
  const int nd = L.ndim(), nr = L.nreduced;
  const int64_t nout = L.outputs();
  const int64_t block = L.block(), work = nout * block;
  auto run = [&](int64_t begin, int64_t end) {
    // Odometer over the non-reduced dims, positioned at output `begin`.
    std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
    int64_t rem = begin;
    char* o = out;
    const char* p = in;
    for (int d = nr; d < nd; ++d) {
      idx[d] = rem % L.shape[d];
      rem /= L.shape[d];
      o += idx[d] * L.out_stride[d];
      p += idx[d] * L.in_stride[d];
    }
    int64_t since_poll = 0;  // Ctrl-C is polled once per kInterruptGrain elements
    for (int64_t k = begin; k < end; ++k) {
      since_poll += block;
      if (since_poll >= kInterruptGrain) {
        since_poll = 0;
        if (interrupt_pending()) return;
      }
      body(o, p);
      for (int d = nr; d < nd; ++d) {
        o += L.out_stride[d];
        p += L.in_stride[d];
        if (++idx[d] < L.shape[d]) break;
        o -= L.out_stride[d] * L.shape[d];
        p -= L.in_stride[d] * L.shape[d];
        idx[d] = 0;
      }
    }
  };
  parallel_ranges(nout, work >= kParallelGrain, run);
  throw_if_interrupted();
}

// Calls f(ptr) for every element of the reduced block starting at in, in
// PyTorch's order: dim 0 fastest. f returns nothing. Ctrl-C stops it early
// (throwing KeyboardInterrupt unless it runs inside an OpenMP region).
template <typename F>
void for_each_in_block(const ReduceLayout& L, const char* in, F&& f) {
  const int nr = L.nreduced;
  if (nr == 0) {
    f(in);
    return;
  }
  const int64_t n0 = L.shape[0], s0 = L.in_stride[0];
  std::vector<int64_t> idx(static_cast<size_t>(nr), 0);
  const char* p = in;
  int64_t since_poll = 0;  // Ctrl-C is polled once per kInterruptGrain elements
  while (true) {
    for (int64_t i0 = 0; i0 < n0; i0 += kInterruptGrain) {
      const int64_t i1 = std::min(n0, i0 + kInterruptGrain);
      since_poll += i1 - i0;
      if (since_poll >= kInterruptGrain) {
        since_poll = 0;
        if (interrupt_pending()) return throw_if_interrupted();
      }
      for (int64_t i = i0; i < i1; ++i) f(p + i * s0);
    }
    int d = 1;
    for (; d < nr; ++d) {
      p += L.in_stride[d];
      if (++idx[d] < L.shape[d]) break;
      p -= L.in_stride[d] * L.shape[d];
      idx[d] = 0;
    }
    if (d == nr) return;
  }
}

}  // namespace tsh::cpu
