// engine/cpu/random_loop.h — serial, memory-order element loops for the sampling kernels.
//
// PyTorch draws random numbers one element at a time from one shared stream,
// in TensorIterator order: dimensions sorted by the output's strides, so a
// transposed or sliced output is filled in increasing address order, never
// split across threads. These loops reproduce that order exactly: the draw
// that lands in an element does not depend on the tensor's dim order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

// Dims of out (size > 1 only) ordered innermost first by out's stride, each
// with out's byte stride and (optionally) one input's byte stride.
struct SerialDims {
  std::vector<int64_t> sizes, out_strides, in_strides;
};

inline SerialDims serial_dims(const Tensor& out, const Tensor* in) {
  // Candidates listed last dim first; the stable sort keeps that order among
  // equal strides, so the later dim stays innermost, as in TensorIterator.
  std::vector<size_t> dims;
  for (size_t d = out.sizes().size(); d-- > 0;)
    if (out.sizes()[d] > 1) dims.push_back(d);
  std::stable_sort(dims.begin(), dims.end(), [&](size_t a, size_t b) {
    return out.strides()[a] < out.strides()[b];
  });
  SerialDims g;
  for (size_t d : dims) {
    int64_t os = out.strides()[d] * out.itemsize();
    int64_t is = in ? in->strides()[d] * in->itemsize() : 0;
    // Merge with the previous (inner) dim when both operands continue it.
    if (!g.sizes.empty() && g.out_strides.back() * g.sizes.back() == os &&
        g.in_strides.back() * g.sizes.back() == is) {
      g.sizes.back() *= out.sizes()[d];
      continue;
    }
    g.sizes.push_back(out.sizes()[d]);
    g.out_strides.push_back(os);
    g.in_strides.push_back(is);
  }
  return g;
}

// Calls f(out_ptr, in_ptr) for every element, in memory order of out.
// Ctrl-C stops it early with KeyboardInterrupt (the generator keeps the
// draws already taken).
template <typename F>
void serial_for_each(const Tensor& out, const Tensor* in, F&& f) {
  if (out.numel() == 0) return;
  SerialDims g = serial_dims(out, in);
  char* op = out.data_ptr();
  char* ip = in ? in->data_ptr() : nullptr;
  const size_t nd = g.sizes.size();
  if (nd == 0) {
    f(op, ip);
    return;
  }
  std::vector<int64_t> idx(nd, 0);
  const int64_t inner = g.sizes[0], os0 = g.out_strides[0], is0 = g.in_strides[0];
  int64_t since_poll = 0;  // Ctrl-C is polled once per kInterruptGrain elements
  for (;;) {
    char* o = op;
    char* i = ip;
    for (int64_t k0 = 0; k0 < inner; k0 += kInterruptGrain) {
      const int64_t k1 = std::min(inner, k0 + kInterruptGrain);
      since_poll += k1 - k0;
      if (since_poll >= kInterruptGrain) {
        since_poll = 0;
        if (interrupt_pending()) return throw_if_interrupted();
      }
      for (int64_t k = k0; k < k1; ++k, o += os0, i += is0) f(o, i);
    }
    size_t d = 1;
    for (; d < nd; ++d) {
      op += g.out_strides[d];
      ip += g.in_strides[d];
      if (++idx[d] < g.sizes[d]) break;
      op -= g.out_strides[d] * g.sizes[d];
      ip -= g.in_strides[d] * g.sizes[d];
      idx[d] = 0;
    }
    if (d == nd) return;
  }
}

// out[i] = next(), element by element in memory order (T is out's C++ type).
template <typename T, typename Next>
void serial_fill(const Tensor& out, Next&& next) {
  serial_for_each(out, nullptr, [&](char* o, char*) {
    T v = next();
    std::memcpy(o, &v, sizeof(T));
  });
}

// out[i] = f(in[i]) in memory order of out; in has out's shape (possibly expanded).
template <typename T, typename In, typename F>
void serial_map(const Tensor& out, const Tensor& in, F&& f) {
  serial_for_each(out, &in, [&](char* o, char* i) {
    In x;
    std::memcpy(&x, i, sizeof(In));
    T v = f(x);
    std::memcpy(o, &v, sizeof(T));
  });
}

}  // namespace tsh::cpu
