// engine/cpu/sort.cpp — sort, topk and unique on the CPU (kthvalue, median and mode: select.cpp).
//
// Which of several equal elements an index points at is part of PyTorch's
// output, so each kernel runs the algorithm PyTorch runs on the same
// sequence: the C++ library's sort / stable_sort / partial_sort /
// nth_element (libstdc++, as PyTorch's Linux builds use) with PyTorch's
// comparisons, and the classic median-of-three quickselect for kthvalue.
// The 16-bit floats compare as float. NaN compares above every number.
#ifdef _OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/convert.h"
#include "engine/core/interrupt.h"
#include "engine/cpu/dim_lines.h"
#include "engine/cpu/sort_common.h"
#include "engine/cpu/sort_kernels.h"

namespace tsh::cpu {

namespace {

using namespace sorting;

// Lines at least this long (a sort of a fraction of a second) sort where
// Ctrl-C can abandon them.
constexpr int64_t kAbandonableSort = int64_t(1) << 21;

bool in_parallel_region() {
#ifdef _OPENMP
  return omp_in_parallel() != 0;
#else
  return false;
#endif
}

template <typename T>
void sort_lines(const Tensor& values, const Tensor& indices, int64_t dim, bool descending,
                bool stable) {
  using C = Cmp<T>;
  using E = std::pair<C, int64_t>;
  const int64_t n = values.size(dim);
  const int64_t sv = values.byte_stride(dim);
  const int64_t si = indices.byte_stride(dim);
  for_each_line<2>({&values, &indices}, dim, n * 8, [&](std::array<char*, 2> p) {
    const bool long_serial = n >= kAbandonableSort && !in_parallel_region();
    auto line = read_line<T>(p[0], n, sv, long_serial);
    auto sort_line = [descending, stable](std::vector<E>& l) {
      auto up = [](const E& a, const E& b) { return asc(a.first, b.first); };
      auto down = [](const E& a, const E& b) { return desc(a.first, b.first); };
      if (stable)
        descending ? std::stable_sort(l.begin(), l.end(), down) : std::stable_sort(l.begin(), l.end(), up);
      else
        descending ? std::sort(l.begin(), l.end(), down) : std::sort(l.begin(), l.end(), up);
    };
    if (long_serial) {
      // A sort of seconds: the library's sort cannot stop midway, so it runs
      // where Ctrl-C can abandon it, on a line of its own.
      auto own = std::make_shared<std::vector<E>>(std::move(line));
      run_abandonable([own, sort_line] { sort_line(*own); });
      line = std::move(*own);
    } else {
      sort_line(line);
    }
    for (int64_t i = 0; i < n; ++i) {
      // Write back the original element (not its Cmp copy): same bits for every type.
      store<T>(p[0] + i * sv, static_cast<T>(line[i].first));
      store<int64_t>(p[1] + i * si, line[i].second);
    }
  });
}

template <typename T>
void topk_lines(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k,
                int64_t dim, bool largest, bool sorted) {
  using C = Cmp<T>;
  using E = std::pair<C, int64_t>;
  const int64_t n = in.size(dim);
  const int64_t sx = in.byte_stride(dim);
  const int64_t sv = values.byte_stride(dim);
  const int64_t si = indices.byte_stride(dim);
  auto hi = [](const E& a, const E& b) { return desc(a.first, b.first); };
  auto lo = [](const E& a, const E& b) { return asc(a.first, b.first); };
  for_each_line<3>({&values, &indices, &in}, dim, n * 8, [&](std::array<char*, 3> p) {
    auto q = read_line<T>(p[2], n, sx);
    if (k * 64 <= n) {  // PyTorch takes a partial sort when k is small
      largest ? std::partial_sort(q.begin(), q.begin() + k, q.end(), hi)
              : std::partial_sort(q.begin(), q.begin() + k, q.end(), lo);
    } else {
      largest ? std::nth_element(q.begin(), q.begin() + k - 1, q.end(), hi)
              : std::nth_element(q.begin(), q.begin() + k - 1, q.end(), lo);
      // Only the first k - 1 are sorted: the k-th is already in place.
      if (sorted)
        largest ? std::sort(q.begin(), q.begin() + k - 1, hi) : std::sort(q.begin(), q.begin() + k - 1, lo);
    }
    for (int64_t j = 0; j < k; ++j) {
      store<T>(p[0] + j * sv, static_cast<T>(q[j].first));
      store<int64_t>(p[1] + j * si, q[j].second);
    }
  });
}

// Quickselect with a median-of-three pivot (Numerical Recipes' `select`):
// moves the k-th smallest (0-based) of v to v[k], swapping x alongside.
// gt is "greater, or NaN against a number".
}  // namespace

void sort_kernel(const Tensor& values, const Tensor& indices, int64_t dim, bool descending, bool stable) {
  dispatch(values.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) sort_lines<T>(values, indices, dim, descending, stable);
  });
}

void topk_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim,
                 bool largest, bool sorted) {
  if (k == 0) return;
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) topk_lines<T>(values, indices, in, k, dim, largest, sorted);
  });
}

int64_t unique_kernel(const Tensor& values, const Tensor& inverse, const Tensor& counts, const Tensor& in) {
  int64_t m = 0;
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) {
      using C = Cmp<T>;
      const int64_t n = in.numel();
      const T* x = in.data<T>();
      std::vector<int64_t> order(static_cast<size_t>(n));
      std::iota(order.begin(), order.end(), int64_t{0});
      std::stable_sort(order.begin(), order.end(), [x](int64_t a, int64_t b) {
        return asc(static_cast<C>(x[a]), static_cast<C>(x[b]));
      });
      T* out = values.data<T>();
      int64_t* inv = inverse.defined() ? inverse.data<int64_t>() : nullptr;
      int64_t* cnt = counts.defined() ? counts.data<int64_t>() : nullptr;
      for (int64_t i = 0; i < n; ++i) {
        const C v = static_cast<C>(x[order[i]]);
        // NaN never equals anything, so every NaN is its own value.
        if (i == 0 || !(static_cast<C>(out[m - 1]) == v)) {
          out[m] = x[order[i]];
          if (cnt) cnt[m] = 0;
          ++m;
        }
        if (cnt) ++cnt[m - 1];
        if (inv) inv[order[i]] = m - 1;
      }
    }
  });
  return m;
}

UniqueRows unique_rows_kernel(const Tensor& rows) {
  UniqueRows u;
  const int64_t n = rows.size(0), width = rows.size(1);
  u.inverse.resize(static_cast<size_t>(n));
  dispatch(rows.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) {
      using C = Cmp<T>;
      const T* x = rows.data<T>();
      auto less = [&](int64_t a, int64_t b) {
        for (int64_t c = 0; c < width; ++c) {
          const C p = static_cast<C>(x[a * width + c]), q = static_cast<C>(x[b * width + c]);
          if (p < q) return true;
          if (q < p) return false;
        }
        return false;
      };
      std::vector<int64_t> order(static_cast<size_t>(n));
      std::iota(order.begin(), order.end(), int64_t{0});
      std::stable_sort(order.begin(), order.end(), less);
      for (int64_t i = 0; i < n; ++i) {
        if (i == 0 || less(order[i - 1], order[i])) {
          u.firsts.push_back(order[i]);
          u.counts.push_back(0);
        }
        ++u.counts.back();
        u.inverse[order[i]] = static_cast<int64_t>(u.firsts.size()) - 1;
      }
    }
  });
  return u;
}

}  // namespace tsh::cpu
