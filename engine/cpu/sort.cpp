// engine/cpu/sort.cpp — sort, topk, kthvalue, median, mode and unique on the CPU.
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
#include "engine/cpu/sort_kernels.h"

namespace tsh::cpu {

namespace {

// The type elements are compared in.
template <typename T>
using Cmp = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

template <typename C> inline bool isnan_(C v) {
  if constexpr (std::is_floating_point_v<C>)
    return v != v;
  else
    return false;
}

// a before b in ascending order, NaN last (PyTorch's ascending key comparison).
template <typename C> inline bool asc(C a, C b) { return (!isnan_(a) && isnan_(b)) || a < b; }
// a before b in descending order, NaN first.
template <typename C> inline bool desc(C a, C b) { return (isnan_(a) && !isnan_(b)) || a > b; }

template <typename T> inline T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <typename T> inline void store(char* p, const T& v) { std::memcpy(p, &v, sizeof(T)); }

// One line of a tensor as (value, index) pairs, compared in Cmp<T>.
template <typename T>
std::vector<std::pair<Cmp<T>, int64_t>> read_line(const char* p, int64_t n, int64_t stride) {
  std::vector<std::pair<Cmp<T>, int64_t>> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = {static_cast<Cmp<T>>(load<T>(p + i * stride)), i};
  return v;
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
    auto line = read_line<T>(p[0], n, sv);
    auto up = [](const E& a, const E& b) { return asc(a.first, b.first); };
    auto down = [](const E& a, const E& b) { return desc(a.first, b.first); };
    if (stable)
      descending ? std::stable_sort(line.begin(), line.end(), down)
                 : std::stable_sort(line.begin(), line.end(), up);
    else
      descending ? std::sort(line.begin(), line.end(), down) : std::sort(line.begin(), line.end(), up);
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
