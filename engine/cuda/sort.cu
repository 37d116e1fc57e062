// engine/cuda/sort.cu — sort, topk, kthvalue, median, mode and unique on the GPU.
//
// Every kernel here orders each line with the same stable merge sort of
// (value, index) pairs, one thread per line, NaN after every number (before,
// descending). Stability fixes which of equal elements an index points at:
// the earliest, as PyTorch's CUDA sort (stable in every case) does; the CPU's
// unstable sorts may pick others among ties. Lines run in parallel; one very
// long line runs on one thread, correct first and fast later.
#include "engine/core/memory.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/sort.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

template <typename C> TSH_HOST_DEVICE bool isnan_(C v) {
  if constexpr (std::is_floating_point_v<C>)
    return v != v;
  else
    return false;
}
template <typename C> TSH_HOST_DEVICE bool asc(C a, C b) { return (!isnan_(a) && isnan_(b)) || a < b; }
template <typename C> TSH_HOST_DEVICE bool desc(C a, C b) { return (isnan_(a) && !isnan_(b)) || a > b; }
// As function objects: nvcc does not allow a device lambda inside another.
struct Ascending {
  template <typename C> TSH_HOST_DEVICE bool operator()(C a, C b) const { return asc(a, b); }
};
struct Descending {
  template <typename C> TSH_HOST_DEVICE bool operator()(C a, C b) const { return desc(a, b); }
};

// Sorts keys[0, n) (with idx alongside) stably by before(a, b), using kt/it as scratch.
template <typename C, typename Before>
TSH_HOST_DEVICE void merge_sort(C* keys, int64_t* idx, C* kt, int64_t* it, int64_t n, Before before) {
  C* ks = keys;
  int64_t* is = idx;
  C* kd = kt;
  int64_t* id = it;
  for (int64_t width = 1; width < n; width *= 2) {
    for (int64_t lo = 0; lo < n; lo += 2 * width) {
      const int64_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      int64_t a = lo, b = mid, o = lo;
      while (a < mid && b < hi) {
        if (before(ks[b], ks[a])) {  // strictly before: equal keys keep their order
          kd[o] = ks[b];
          id[o++] = is[b++];
        } else {
          kd[o] = ks[a];
          id[o++] = is[a++];
        }
      }
      while (a < mid) {
        kd[o] = ks[a];
        id[o++] = is[a++];
      }
      while (b < hi) {
        kd[o] = ks[b];
        id[o++] = is[b++];
      }
    }
    C* tk = ks;
    ks = kd;
    kd = tk;
    int64_t* ti = is;
    is = id;
    id = ti;
  }
  if (ks != keys)
    for (int64_t i = 0; i < n; ++i) {
      keys[i] = ks[i];
      idx[i] = is[i];
    }
}

// Scratch for `lines` lines of n (key, index) pairs, twice over.
template <typename C> struct Scratch {
  Tensor bytes;
  C* keys;
  int64_t* idx;
  C* keys_tmp;
  int64_t* idx_tmp;
  Scratch(int64_t lines, int64_t n, Device d) {
    const int64_t total = lines * n;
    bytes = empty({total * 2 * static_cast<int64_t>(sizeof(C) + 8) + 16}, DType::UInt8, d);
    char* p = bytes.data_ptr();
    idx = reinterpret_cast<int64_t*>(p);
    idx_tmp = idx + total;
    keys = reinterpret_cast<C*>(idx_tmp + total);
    keys_tmp = keys + total;
  }
};


// Each line of `in` (along dim) read into scratch and sorted; then emit(line offsets, keys, idx, n) per line.
template <typename T, int N, typename Emit>
void sorted_lines(const Tensor* const (&ts)[N], const Tensor& in, int64_t dim, bool descending, Emit emit) {
  using C = opmath_t<T>;
  const int64_t n = in.dim() == 0 ? 1 : in.size(dim);
  const Lines<N> L = lines_of<N>(ts, dim);
  if (L.count == 0 || n == 0) return;
  Scratch<C> s(L.count, n, in.device());
  const T* src = reinterpret_cast<const T*>(in.data_ptr());
  C* keys = s.keys;
  C* kt = s.keys_tmp;
  int64_t* idx = s.idx;
  int64_t* it = s.idx_tmp;
  constexpr int kIn = N - 1;  // `in` is the last of ts
  for_each_index(L.count, [=] TSH_HOST_DEVICE(int64_t line) {
    int64_t off[N];
    L.outer.offsets(line, off);
    C* k = keys + line * n;
    int64_t* x = idx + line * n;
    for (int64_t i = 0; i < n; ++i) {
      k[i] = cast<C>(src[off[kIn] + i * L.step[kIn]]);
      x[i] = i;
    }
    if (descending)
      merge_sort(k, x, kt + line * n, it + line * n, n, Descending{});
    else
      merge_sort(k, x, kt + line * n, it + line * n, n, Ascending{});
    emit(off, L.step, k, x, n);
  });
}

struct Sort {
  const Tensor& values;
  const Tensor& indices;
  int64_t dim;
  bool descending;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    // values holds the input: it is read into scratch first, then overwritten in order.
    const Tensor* ts[3] = {&values, &indices, &values};
    T* v = reinterpret_cast<T*>(values.data_ptr());
    int64_t* ix = reinterpret_cast<int64_t*>(indices.data_ptr());
    sorted_lines<T, 3>(ts, values, dim, descending,
                       [v, ix] TSH_HOST_DEVICE(const int64_t* off, const int64_t* step, const C* k, const int64_t* x,
                                               int64_t n) {
                         for (int64_t i = 0; i < n; ++i) {
                           v[off[0] + i * step[0]] = cast<T>(k[i]);
                           ix[off[1] + i * step[1]] = x[i];
                         }
                       });
  }
};

struct Topk {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t k, dim;
  bool largest;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const Tensor* ts[3] = {&values, &indices, &in};
    T* v = reinterpret_cast<T*>(values.data_ptr());
    int64_t* ix = reinterpret_cast<int64_t*>(indices.data_ptr());
    const int64_t kk = k;
    sorted_lines<T, 3>(ts, in, dim, largest,
                       [v, ix, kk] TSH_HOST_DEVICE(const int64_t* off, const int64_t* step, const C* keys,
                                                   const int64_t* x, int64_t) {
                         for (int64_t i = 0; i < kk; ++i) {
                           v[off[0] + i * step[0]] = cast<T>(keys[i]);
                           ix[off[1] + i * step[1]] = x[i];
                         }
                       });
  }
};

// One element of each sorted line: position pick(n, keys) (values and indices are 1 wide along dim).
template <typename Pick> struct SelectOne {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t dim;
  Pick pick;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const Tensor* ts[3] = {&values, &indices, &in};
    T* v = reinterpret_cast<T*>(values.data_ptr());
    int64_t* ix = reinterpret_cast<int64_t*>(indices.data_ptr());
    const Pick p = pick;
    sorted_lines<T, 3>(ts, in, dim, false,
                       [v, ix, p] TSH_HOST_DEVICE(const int64_t* off, const int64_t*, const C* keys, const int64_t* x,
                                                  int64_t n) {
                         const int64_t at = p(keys, x, n);
                         v[off[0]] = cast<T>(keys[at]);
                         ix[off[1]] = x[at];
                       });
  }
};
template <typename Pick>
SelectOne<Pick> select_one(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim, Pick pick) {
  return SelectOne<Pick>{values, indices, in, dim, pick};
}

// The median position of a sorted line: the first NaN's (by index) when NaNs count, else the
// lower middle of the numbers (NaNs sort last).
template <typename C> TSH_HOST_DEVICE int64_t median_at(const C* keys, const int64_t* x, int64_t n, bool ignore_nan) {
  int64_t nans = 0;
  while (nans < n && isnan_(keys[n - 1 - nans])) ++nans;
  if (nans > 0 && !ignore_nan) {
    int64_t best = n - nans;
    for (int64_t i = n - nans; i < n; ++i)
      if (x[i] < x[best]) best = i;
    return best;
  }
  return nans == n ? 0 : (n - nans - 1) / 2;
}

struct Median {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t dim;
  bool ignore_nan;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const bool ign = ignore_nan;
    select_one(values, indices, in, dim, [ign] TSH_HOST_DEVICE(const C* k, const int64_t* x, int64_t n) {
      return median_at(k, x, n, ign);
    }).template operator()<T>();
  }
};

struct Kth {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t k, dim;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const int64_t kk = k;
    select_one(values, indices, in, dim, [kk] TSH_HOST_DEVICE(const C*, const int64_t*, int64_t) { return kk - 1; })
        .template operator()<T>();
  }
};

// The most frequent value (the smallest among equally frequent ones) and the last index where it occurs.
struct Mode {
  const Tensor& values;
  const Tensor& indices;
  const Tensor& in;
  int64_t dim;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    select_one(values, indices, in, dim, [] TSH_HOST_DEVICE(const C* k, const int64_t*, int64_t n) {
      int64_t best_at = 0, best_run = 0, run = 0;
      for (int64_t i = 0; i < n; ++i) {
        ++run;
        if (i == n - 1 || !(k[i] == k[i + 1])) {
          if (run > best_run) {
            best_at = i;
            best_run = run;
          }
          run = 0;
        }
      }
      return best_at;
    }).template operator()<T>();
  }
};

struct MedianAll {
  const Tensor& out;
  const Tensor& in;
  bool ignore_nan;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const Tensor flat = in.as_view({in.numel()}, {1}, in.storage_offset());  // the op layer passes it contiguous
    Tensor idx = empty({1}, DType::Int64, in.device());
    const Tensor* ts[3] = {&out, &idx, &flat};
    T* o = reinterpret_cast<T*>(out.data_ptr());
    const bool ign = ignore_nan;
    sorted_lines<T, 3>(ts, flat, 0, false,
                       [o, ign] TSH_HOST_DEVICE(const int64_t*, const int64_t*, const C* k, const int64_t* x, int64_t n) {
                         const int64_t at = median_at(k, x, n, ign);
                         *o = isnan_(k[at]) && !ign ? cast<T>(k[at]) : cast<T>(k[at]);
                       });
  }
};

struct Unique {
  const Tensor& values;
  const Tensor& inverse;
  const Tensor& counts;
  const Tensor& in;
  int64_t* distinct;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const int64_t n = in.numel();
    const Tensor flat = in.as_view({n}, {1}, in.storage_offset());
    Tensor m = empty({1}, DType::Int64, in.device());
    const Tensor* ts[2] = {&m, &flat};
    T* out = reinterpret_cast<T*>(values.data_ptr());
    int64_t* inv = inverse.defined() ? reinterpret_cast<int64_t*>(inverse.data_ptr()) : nullptr;
    int64_t* cnt = counts.defined() ? reinterpret_cast<int64_t*>(counts.data_ptr()) : nullptr;
    int64_t* pm = reinterpret_cast<int64_t*>(m.data_ptr());
    sorted_lines<T, 2>(ts, flat, 0, false,
                       [out, inv, cnt, pm] TSH_HOST_DEVICE(const int64_t*, const int64_t*, const C* k, const int64_t* x,
                                                           int64_t len) {
                         int64_t d = 0;
                         for (int64_t i = 0; i < len; ++i) {
                           if (i == 0 || !(k[i - 1] == k[i])) {  // NaN equals nothing: each NaN is its own value
                             out[d] = cast<T>(k[i]);
                             if (cnt) cnt[d] = 0;
                             ++d;
                           }
                           if (cnt) ++cnt[d - 1];
                           if (inv) inv[x[i]] = d - 1;
                         }
                         *pm = d;
                       });
    read_bytes(distinct, m.storage(), m.storage_offset() * 8, 8);
  }
};

// Rows sorted lexicographically (stable), then their runs: one thread, into device buffers read back.
struct UniqueRowsOp {
  const Tensor& rows;
  UniqueRows* result;
  template <typename T> void operator()() const {
    using C = opmath_t<T>;
    const int64_t n = rows.size(0), width = rows.size(1);
    Tensor buf = empty({4 * n + 1}, DType::Int64, rows.device());
    int64_t* order = reinterpret_cast<int64_t*>(buf.data_ptr());
    int64_t* tmp = order + n;
    int64_t* firsts = tmp + n;  // then counts, inverse share the rest
    int64_t* inverse = firsts + n;
    int64_t* runs = inverse + n;
    const T* x = reinterpret_cast<const T*>(rows.data_ptr());  // contiguous (n, width)
    for_each_index(1, [=] TSH_HOST_DEVICE(int64_t) {
      auto less = [x, width](int64_t a, int64_t b) {
        for (int64_t c = 0; c < width; ++c) {
          const C p = cast<C>(x[a * width + c]), q = cast<C>(x[b * width + c]);
          if (p < q) return true;
          if (q < p) return false;
        }
        return false;
      };
      for (int64_t i = 0; i < n; ++i) order[i] = i;
      // Bottom-up stable merge sort of row numbers.
      int64_t* s = order;
      int64_t* d = tmp;
      for (int64_t w = 1; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
          const int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
          int64_t a = lo, b = mid, o = lo;
          while (a < mid && b < hi) d[o++] = less(s[b], s[a]) ? s[b++] : s[a++];
          while (a < mid) d[o++] = s[a++];
          while (b < hi) d[o++] = s[b++];
        }
        int64_t* t = s;
        s = d;
        d = t;
      }
      int64_t r = 0;
      for (int64_t i = 0; i < n; ++i) {
        if (i == 0 || less(s[i - 1], s[i])) {
          firsts[r] = s[i];
          tmp[n + r] = 0;  // not used: counts are recomputed below
          ++r;
        }
        inverse[s[i]] = r - 1;
      }
      *runs = r;
      // Counts from the inverse (firsts' slots after r are free to hold them).
      for (int64_t j = 0; j < r; ++j) d[j] = 0;
      for (int64_t i = 0; i < n; ++i) ++d[inverse[i]];
      for (int64_t j = 0; j < r; ++j) firsts[n - r + j] = firsts[j];  // keep firsts at the end
      for (int64_t j = 0; j < r; ++j) firsts[j] = d[j];               // counts at the front
    });
    std::vector<int64_t> host(static_cast<size_t>(4 * n + 1));
    read_bytes(host.data(), buf.storage(), buf.storage_offset() * 8, (4 * n + 1) * 8);
    const int64_t r = host[4 * n];
    const int64_t* hf = host.data() + 2 * n;
    result->counts.assign(hf, hf + r);
    result->firsts.assign(hf + n - r, hf + n);
    result->inverse.assign(host.data() + 3 * n, host.data() + 4 * n);
  }
};

}  // namespace

void sort_kernel(const Tensor& values, const Tensor& indices, int64_t dim, bool descending, bool) {
  dispatch_real(values.dtype(), "sort_cuda", Sort{values, indices, dim, descending});
}
void topk_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim, bool largest,
                 bool) {
  if (k > 0) dispatch_real(in.dtype(), "topk_cuda", Topk{values, indices, in, k, dim, largest});
}
void kthvalue_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t k, int64_t dim) {
  dispatch_real(in.dtype(), "kthvalue_cuda", Kth{values, indices, in, k, dim});
}
void median_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim, bool ignore_nan) {
  dispatch_real(in.dtype(), "median_cuda", Median{values, indices, in, dim, ignore_nan});
}
void median_all_kernel(const Tensor& out, const Tensor& in, bool ignore_nan) {
  dispatch_real(in.dtype(), "median_cuda", MedianAll{out, in, ignore_nan});
}
void mode_kernel(const Tensor& values, const Tensor& indices, const Tensor& in, int64_t dim) {
  dispatch_real(in.dtype(), "mode_cuda", Mode{values, indices, in, dim});
}
int64_t unique_kernel(const Tensor& values, const Tensor& inverse, const Tensor& counts, const Tensor& in) {
  int64_t m = 0;
  if (in.numel() > 0) dispatch_real(in.dtype(), "unique_cuda", Unique{values, inverse, counts, in, &m});
  return m;
}
UniqueRows unique_rows_kernel(const Tensor& rows) {
  UniqueRows u;
  if (rows.size(0) > 0) dispatch_real(rows.dtype(), "unique_dim_cuda", UniqueRowsOp{rows, &u});
  return u;
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
