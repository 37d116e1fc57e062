// engine/cuda/launch.h — running a kernel body over n indices, on the GPU or (TSH_CUDA_ON_HOST) in a loop.
//
// A kernel here is a lambda `body(i)` for i in [0, n): launched as a
// grid-stride loop on the current stream of the current device, or run as a
// plain loop in the host build that tests the kernels without a GPU. Host
// code in the same files builds Indexers from tensors (geometry below).
#pragma once

#include <algorithm>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/tensor.h"
#include "engine/cuda/portable.h"
#ifndef TSH_CUDA_ON_HOST
#include "engine/cuda/runtime.h"
#endif

namespace tsh::cuda::TSH_KERNELS_NS {

#ifdef TSH_CUDA_ON_HOST
template <typename F> void for_each_index(int64_t n, const F& body) {
  for (int64_t i = 0; i < n; ++i) body(i);
}
#else
template <typename F> __global__ void grid_stride(int64_t n, F body) {
  const int64_t step = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += step) body(i);
}
template <typename F> void for_each_index(int64_t n, const F& body) {
  if (n <= 0) return;
  constexpr int kThreads = 256;
  const int64_t blocks = std::min<int64_t>((n + kThreads - 1) / kThreads, int64_t{1} << 16);
  grid_stride<<<static_cast<unsigned>(blocks), kThreads, 0, current_stream(current_device())>>>(n, body);
  after_launch();
}
#endif

// An Indexer over the given dims (sizes, and each operand's strides): size-1
// dims dropped, neighbours contiguous with each other in every operand merged,
// which keeps the row-major order of the linear index.
template <int N>
Indexer<N> indexer_from(const std::vector<int64_t>& sizes, const std::vector<std::vector<int64_t>>& strides) {
  struct Dim {
    int64_t size;
    int64_t st[N];
  };
  std::vector<Dim> dims;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1) continue;
    Dim cur{sizes[d], {}};
    for (int k = 0; k < N; ++k) cur.st[k] = strides[k][d];
    if (!dims.empty()) {
      Dim& prev = dims.back();
      bool merge = true;
      for (int k = 0; k < N; ++k) merge = merge && prev.st[k] == cur.st[k] * cur.size;
      if (merge) {
        prev.size *= cur.size;
        for (int k = 0; k < N; ++k) prev.st[k] = cur.st[k];
        continue;
      }
    }
    dims.push_back(cur);
  }
  TSH_CHECK(static_cast<int>(dims.size()) <= kMaxDims, RuntimeError,
            "CUDA kernels take tensors of at most 25 dims after merging contiguous ones");
  Indexer<N> ix;
  ix.ndim = std::max(1, static_cast<int>(dims.size()));
  ix.sizes[0] = 1;
  for (int k = 0; k < N; ++k) ix.strides[k][0] = 0;
  for (size_t d = 0; d < dims.size(); ++d) {
    ix.sizes[d] = dims[d].size;
    for (int k = 0; k < N; ++k) ix.strides[k][d] = dims[d].st[k];
  }
  return ix;
}

// The Indexer of N same-shaped tensors.
template <int N> Indexer<N> indexer_of(const Tensor* const (&ts)[N]) {
  const Shape& sizes = ts[0]->sizes();
  std::vector<int64_t> sz(sizes.begin(), sizes.end());
  std::vector<std::vector<int64_t>> st(N);
  for (int k = 0; k < N; ++k) st[k].assign(ts[k]->strides().begin(), ts[k]->strides().end());
  return indexer_from<N>(sz, st);
}

// The lines along `dim` of N same-shaped tensors (scans, sorts): the other dims, and each one's
// stride along dim. n is the line length (1 for a 0-d tensor).
template <int N> struct Lines {
  Indexer<N> outer;
  int64_t step[N];
  int64_t n = 0, count = 1;
};

template <int N> Lines<N> lines_of(const Tensor* const (&ts)[N], int64_t dim) {
  std::vector<int64_t> sizes;
  std::vector<std::vector<int64_t>> st(N);
  Lines<N> L;
  for (int64_t d = 0; d < ts[0]->dim(); ++d) {
    if (d == dim) continue;
    sizes.push_back(ts[0]->sizes()[d]);
    L.count *= ts[0]->sizes()[d];
    for (int k = 0; k < N; ++k) st[k].push_back(ts[k]->strides()[d]);
  }
  L.outer = indexer_from<N>(sizes, st);
  L.n = ts[0]->dim() == 0 ? 1 : ts[0]->sizes()[dim];
  for (int k = 0; k < N; ++k) L.step[k] = ts[k]->dim() == 0 ? 0 : ts[k]->strides()[dim];
  return L;
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
