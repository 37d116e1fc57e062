// engine/cpu/select.cpp — kthvalue, median and mode on the CPU (compiled apart from sort.cpp).
//
// Which of several equal elements an index points at is part of PyTorch's
// output, so each kernel runs the algorithm PyTorch runs on the same
// sequence: the C++ library's sort / stable_sort / partial_sort /
// nth_element (libstdc++, as PyTorch's Linux builds use) with PyTorch's
// comparisons, and the classic median-of-three quickselect for kthvalue.
// The 16-bit floats compare as float. NaN compares above every number.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/core/convert.h"
#include "engine/cpu/dim_lines.h"
#include "engine/cpu/sort_common.h"
#include "engine/cpu/sort_kernels.h"

namespace tsh::cpu {

namespace {

using namespace sorting;

template <typename C> void quickselect(std::vector<C>& v, std::vector<int64_t>& x, int64_t k) {
  auto gt = [](C a, C b) { return (isnan_(a) && !isnan_(b)) || a > b; };
  auto swap = [&](int64_t i, int64_t j) {
    std::swap(v[i], v[j]);
    std::swap(x[i], x[j]);
  };
  int64_t lo = 0, hi = static_cast<int64_t>(v.size()) - 1;
  while (true) {
    if (hi <= lo) return;
    if (hi == lo + 1) {
      if (gt(v[lo], v[hi])) swap(lo, hi);
      return;
    }
    const int64_t mid = lo + (hi - lo) / 2;
    swap(mid, lo + 1);
    if (gt(v[lo + 1], v[hi])) swap(lo + 1, hi);
    if (gt(v[lo], v[hi])) swap(lo, hi);
    if (gt(v[lo + 1], v[lo])) swap(lo + 1, lo);
    int64_t i = lo + 1, j = hi;
    const C pivot = v[lo];
    while (true) {
      do ++i; while (gt(pivot, v[i]));
      do --j; while (gt(v[j], pivot));
      if (j < i) break;
      swap(i, j);
    }
    swap(lo, j);
    if (j <= k) lo = i;
    if (j >= k) hi = j - 1;
  }
}

template <typename T>
void kth_lines(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim) {
  using C = Cmp<T>;
  const int64_t n = in.size(dim);
  const int64_t sx = in.byte_stride(dim);
  for_each_line<3>({&values, &indices, &in}, dim, n * 4, [&](std::array<char*, 3> p) {
    std::vector<C> v(static_cast<size_t>(n));
    std::vector<int64_t> x(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      v[i] = static_cast<C>(load<T>(p[2] + i * sx));
      x[i] = i;
    }
    quickselect(v, x, k - 1);
    store<T>(p[0], static_cast<T>(v[k - 1]));
    store<int64_t>(p[1], x[k - 1]);
  });
}

template <typename T>
void median_lines(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                  bool ignore_nan) {
  using C = Cmp<T>;
  const int64_t n = in.size(dim);
  const int64_t sx = in.byte_stride(dim);
  for_each_line<3>({&values, &indices, &in}, dim, n * 4, [&](std::array<char*, 3> p) {
    std::vector<C> v(static_cast<size_t>(n));
    int64_t nans = 0, first_nan = -1;
    for (int64_t i = 0; i < n; ++i) {
      v[i] = static_cast<C>(load<T>(p[2] + i * sx));
      if (isnan_(v[i])) {
        ++nans;
        if (first_nan < 0) first_nan = i;
      }
    }
    if (!ignore_nan && first_nan >= 0) {
      store<T>(p[0], load<T>(p[2] + first_nan * sx));
      store<int64_t>(p[1], first_nan);
      return;
    }
    // Partition the positions around the median: value order, ties by
    // position, NaN (nanmedian only) after every number.
    std::vector<int64_t> idx(static_cast<size_t>(n));
    std::iota(idx.begin(), idx.end(), int64_t{0});
    auto nth = idx.begin() + (n - nans - 1) / 2;
    std::nth_element(idx.begin(), nth, idx.end(), [&v](int64_t i, int64_t j) {
      return v[i] < v[j] || (v[i] == v[j] && i < j) || (isnan_(v[j]) && !isnan_(v[i]));
    });
    store<T>(p[0], load<T>(p[2] + *nth * sx));
    store<int64_t>(p[1], *nth);
  });
}

template <typename T>
void mode_lines(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim) {
  using C = Cmp<T>;
  using E = std::pair<C, int64_t>;
  const int64_t n = in.size(dim);
  const int64_t sx = in.byte_stride(dim);
  for_each_line<3>({&values, &indices, &in}, dim, n * 8, [&](std::array<char*, 3> p) {
    auto e = read_line<T>(p[2], n, sx);
    std::sort(e.begin(), e.end(), [](const E& a, const E& b) { return a.first < b.first; });
    // The first value (in sorted order) with the highest count, and the index
    // of the last of its run.
    C best{};
    int64_t best_at = 0, run = 0, best_run = 0;
    for (int64_t i = 0; i < n; ++i) {
      ++run;
      if (i == n - 1 || e[i].first != e[i + 1].first) {
        if (run > best_run) {
          best = e[i].first;
          best_at = e[i].second;
          best_run = run;
        }
        run = 0;
      }
    }
    store<T>(p[0], static_cast<T>(best));
    store<int64_t>(p[1], best_at);
  });
}

}  // namespace

void kthvalue_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T> && !std::is_same_v<T, bool>) kth_lines<T>(values, indices, in, k, dim);
  });
}

void median_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim,
                   bool ignore_nan) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T> && !std::is_same_v<T, bool>)
      median_lines<T>(values, indices, in, dim, ignore_nan);
  });
}

void median_all_kernel(const Tensor& out, const Tensor& in, bool ignore_nan) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T> && !std::is_same_v<T, bool>) {
      using C = Cmp<T>;
      const int64_t n = in.numel();
      std::vector<C> v(static_cast<size_t>(n));
      int64_t nans = 0;
      for (int64_t i = 0; i < n; ++i) {
        v[i] = static_cast<C>(in.data<T>()[i]);
        nans += isnan_(v[i]);
      }
      if (!ignore_nan && nans > 0) {
        *out.data<T>() = convert<T>(std::numeric_limits<double>::quiet_NaN());
        return;
      }
      auto mid = v.begin() + (n - nans - 1) / 2;
      std::nth_element(v.begin(), mid, v.end(), [](C a, C b) { return a < b || (isnan_(b) && !isnan_(a)); });
      *out.data<T>() = static_cast<T>(*mid);
    }
  });
}

void mode_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim) {
  dispatch(in.dtype(), [&]<typename T>() {
    if constexpr (!is_complex_v<T>) mode_lines<T>(values, indices, in, dim);
  });
}

}  // namespace tsh::cpu
