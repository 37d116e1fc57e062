// engine/cpu/binary_loop.h — the loop shared by the elementwise kernels (unary, binary, compare).
//
// The op layer hands kernels operands that all have the output's shape, with
// their dims already in iteration order (outermost first, PyTorch's
// TensorIterator order). elementwise_loop runs a kernel's inner loop over
// them. When everything coalesces into one flat run (the common contiguous
// case), for_each_run would keep it on one thread, so large flat runs are cut
// here into chunks for OpenMP. Chunks start at multiples of kChunkAlign
// elements: kernels that group elements into SIMD blocks counted from the
// start of a run (as PyTorch's vectorised loops do) then form the same blocks
// as one single-threaded pass, and give the same bits for any thread count.
#pragma once

#include <algorithm>
#include <array>
#include <complex>
#include <cstdint>
#include <type_traits>

#include "engine/core/half.h"
#include "engine/core/shape.h"
#include "engine/core/tensor.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

constexpr int64_t kChunkAlign = 2048;

// inner(char* ptrs[N], const int64_t byte_strides[N], int64_t n), as for for_each_run.
template <size_t N, typename F>
void elementwise_loop(const std::array<const Tensor*, N>& ops, F&& inner) {
  const Shape& shape = ops[0]->sizes();
  std::array<const Shape*, N> strides;
  std::array<int64_t, N> itemsize;
  std::array<char*, N> base;
  for (size_t k = 0; k < N; ++k) {
    strides[k] = &ops[k]->strides();
    itemsize[k] = ops[k]->itemsize();
    base[k] = ops[k]->data_ptr();
  }
  int64_t numel = 1;
  for (int64_t s : shape) numel *= s;
  if (numel == 0) return;
  if (numel < kParallelGrain) {
    // Small and all dense in one order (the usual small tensor): one run, no geometry to build.
    bool dense = true;
    for (size_t k = 0; k < N && dense; ++k) dense = (k == 0 || same_shape(ops[k]->sizes(), shape)) && ops[k]->is_contiguous();
    if (dense) {
      std::array<int64_t, N> s = itemsize;
      inner(base.data(), s.data(), numel);
      return;
    }
  }
  LoopGeometry<N> g = make_geometry<N>(shape, strides, itemsize);
  const bool flat = g.shape.size() == 1;
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  if (!flat || numel < kParallelGrain || threads == 1) {
    for_each_run<N>(shape, base, strides, itemsize, inner);
    return;
  }
  // One flat run: aligned chunks, a contiguous range of them per thread,
  // polling Ctrl-C once per kInterruptGrain elements.
  const int64_t chunks = (numel + kChunkAlign - 1) / kChunkAlign;
  constexpr int64_t kPollEvery = kInterruptGrain / kChunkAlign;
  std::array<int64_t, N> s;
  for (size_t k = 0; k < N; ++k) s[k] = g.strides[k][0];
  parallel_ranges(chunks, true, [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c) {
      if ((c - c0) % kPollEvery == 0 && interrupt_pending()) return;
      const int64_t begin = c * kChunkAlign, n = std::min(kChunkAlign, numel - begin);
      std::array<char*, N> p;
      for (size_t k = 0; k < N; ++k) p[k] = base[k] + begin * s[k];
      inner(p.data(), s.data(), n);
    }
  });
  throw_if_interrupted();
}

// The type an element is computed in: float for the 16-bit floats, as PyTorch does.
template <typename T>
using opmath_t = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

template <typename T> constexpr bool is_half_v = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// The element at byte offset k * stride from p.
template <typename T> inline T& elem(char* p, int64_t k, int64_t stride) {
  return *reinterpret_cast<T*>(p + k * stride);
}

// out[i] = f(a[i]). The all-contiguous case is a plain loop the compiler vectorises.
template <typename O, typename A, typename F>
void map1(const Tensor& out, const Tensor& a, F f) {
  elementwise_loop<2>({&out, &a}, [&f](char** p, const int64_t* s, int64_t n) {
    if (s[0] == sizeof(O) && s[1] == sizeof(A)) {
      O* o = reinterpret_cast<O*>(p[0]);
      const A* x = reinterpret_cast<const A*>(p[1]);
      for (int64_t k = 0; k < n; ++k) o[k] = f(x[k]);
    } else {
      for (int64_t k = 0; k < n; ++k) elem<O>(p[0], k, s[0]) = f(elem<A>(p[1], k, s[1]));
    }
  });
}

// out[i] = f(a[i], b[i]), with flat loops for contiguous operands and for one broadcast number.
template <typename O, typename A, typename B, typename F>
void map2(const Tensor& out, const Tensor& a, const Tensor& b, F f) {
  elementwise_loop<3>({&out, &a, &b}, [&f](char** p, const int64_t* s, int64_t n) {
    O* o = reinterpret_cast<O*>(p[0]);
    const A* x = reinterpret_cast<const A*>(p[1]);
    const B* y = reinterpret_cast<const B*>(p[2]);
    if (s[0] == sizeof(O) && s[1] == sizeof(A) && s[2] == sizeof(B)) {
      for (int64_t k = 0; k < n; ++k) o[k] = f(x[k], y[k]);
    } else if (s[0] == sizeof(O) && s[1] == sizeof(A) && s[2] == 0) {
      const B yv = *y;
      for (int64_t k = 0; k < n; ++k) o[k] = f(x[k], yv);
    } else if (s[0] == sizeof(O) && s[1] == 0 && s[2] == sizeof(B)) {
      const A xv = *x;
      for (int64_t k = 0; k < n; ++k) o[k] = f(xv, y[k]);
    } else {
      for (int64_t k = 0; k < n; ++k)
        elem<O>(p[0], k, s[0]) = f(elem<A>(p[1], k, s[1]), elem<B>(p[2], k, s[2]));
    }
  });
}

// out[i] = f(a[i], b[i], c[i]).
template <typename O, typename A, typename B, typename C, typename F>
void map3(const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, F f) {
  elementwise_loop<4>({&out, &a, &b, &c}, [&f](char** p, const int64_t* s, int64_t n) {
    if (s[0] == sizeof(O) && s[1] == sizeof(A) && s[2] == sizeof(B) && s[3] == sizeof(C)) {
      O* o = reinterpret_cast<O*>(p[0]);
      const A* x = reinterpret_cast<const A*>(p[1]);
      const B* y = reinterpret_cast<const B*>(p[2]);
      const C* z = reinterpret_cast<const C*>(p[3]);
      for (int64_t k = 0; k < n; ++k) o[k] = f(x[k], y[k], z[k]);
    } else {
      for (int64_t k = 0; k < n; ++k)
        elem<O>(p[0], k, s[0]) =
            f(elem<A>(p[1], k, s[1]), elem<B>(p[2], k, s[2]), elem<C>(p[3], k, s[3]));
    }
  });
}

// PyTorch's vectorised loop (cpu_kernel_vec), whose results depend on where
// an element sits: in a run whose output is contiguous and whose inputs are
// contiguous or one repeated value, whole blocks of `block` elements go
// through vec(const M* in..., M* out, int64_t n) on opmath values M, and the
// rest of the run through the scalar f; runs of any other layout are all
// scalar. PyTorch's blocks are two SIMD vectors: 16 floats, 8 doubles, 32
// 16-bit floats, 8 complex64, 4 complex128.
template <typename T> constexpr int64_t vec_block() {
  return 64 / static_cast<int64_t>(sizeof(T));  // two 256-bit vectors
}

// The vector path takes up to this many whole blocks per call: the same elements go the vector way
// (the formulas are elementwise, so the bits do not change), with one call to SLEEF per 32 blocks
// instead of one per block.
constexpr int64_t kVecBlocksPerCall = 32;

template <typename T, typename Vec, typename F>
void map1_vec(const Tensor& out, const Tensor& a, Vec vec, F f) {
  using M = opmath_t<T>;
  constexpr int64_t B = vec_block<T>(), C = B * kVecBlocksPerCall;
  elementwise_loop<2>({&out, &a}, [&](char** p, const int64_t* s, int64_t n) {
    int64_t k = 0;
    if (s[0] == sizeof(T) && (s[1] == sizeof(T) || s[1] == 0)) {
      T* o = reinterpret_cast<T*>(p[0]);
      M xb[C], ob[C];
      while (k + B <= n) {
        const int64_t m = std::min(C, (n - k) / B * B);  // whole blocks only: the tail stays scalar
        for (int64_t j = 0; j < m; ++j) xb[j] = static_cast<M>(elem<T>(p[1], k + j, s[1]));
        vec(xb, ob, m);
        for (int64_t j = 0; j < m; ++j) o[k + j] = static_cast<T>(ob[j]);
        k += m;
      }
    }
    for (; k < n; ++k) elem<T>(p[0], k, s[0]) = f(elem<T>(p[1], k, s[1]));
  });
}

template <typename T, typename Vec, typename F>
void map2_vec(const Tensor& out, const Tensor& a, const Tensor& b, Vec vec, F f) {
  using M = opmath_t<T>;
  constexpr int64_t B = vec_block<T>(), C = B * kVecBlocksPerCall;
  elementwise_loop<3>({&out, &a, &b}, [&](char** p, const int64_t* s, int64_t n) {
    int64_t k = 0;
    if (s[0] == sizeof(T) && (s[1] == sizeof(T) || s[1] == 0) && (s[2] == sizeof(T) || s[2] == 0)) {
      T* o = reinterpret_cast<T*>(p[0]);
      M xb[C], yb[C], ob[C];
      while (k + B <= n) {
        const int64_t m = std::min(C, (n - k) / B * B);  // whole blocks only: the tail stays scalar
        for (int64_t j = 0; j < m; ++j) {
          xb[j] = static_cast<M>(elem<T>(p[1], k + j, s[1]));
          yb[j] = static_cast<M>(elem<T>(p[2], k + j, s[2]));
        }
        vec(xb, yb, ob, m);
        for (int64_t j = 0; j < m; ++j) o[k + j] = static_cast<T>(ob[j]);
        k += m;
      }
    }
    for (; k < n; ++k)
      elem<T>(p[0], k, s[0]) = f(elem<T>(p[1], k, s[1]), elem<T>(p[2], k, s[2]));
  });
}

}  // namespace tsh::cpu
