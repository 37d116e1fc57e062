// engine/cuda/reduce_stats.cu — variance, counts and norms on the GPU.
//
// Variance is Welford's in double per chunk, chunks merged with Chan's
// formula; norms accumulate |x|^p in the op-math type. Both go through
// reduce() (reduce_plan.h), so they are deterministic.
#include "engine/core/memory.h"
#include "engine/cuda/kernels.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/reduce_plan.h"
#include "engine/kernels/coverage.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

struct Welford {
  double n, mean, m2;
};

TSH_HOST_DEVICE inline Welford welford_step(Welford a, double x) {
  a.n += 1;
  const double d = x - a.mean;
  a.mean += d / a.n;
  a.m2 += d * (x - a.mean);
  return a;
}

TSH_HOST_DEVICE inline Welford welford_merge(Welford a, Welford b) {
  if (b.n == 0) return a;
  if (a.n == 0) return b;
  const double n = a.n + b.n, d = b.mean - a.mean;
  return Welford{n, a.mean + d * b.n / n, a.m2 + b.m2 + d * d * a.n * b.n / n};
}



struct Var {
  const Tensor& out;
  const Tensor& mean_out;
  const Tensor& in;
  double correction;
  bool take_sqrt;
  template <typename T> void operator()() const {
    T* o = reinterpret_cast<T*>(out.data_ptr());
    T* m = mean_out.defined() ? reinterpret_cast<T*>(mean_out.data_ptr()) : nullptr;
    // mean_out is seen like out: the same element offsets (both are fresh results of one shape).
    const double corr = correction;
    const bool root = take_sqrt;
    reduce<T, Welford>(
        out, in, Welford{0, 0, 0},
        [] TSH_HOST_DEVICE(Welford a, T v, int64_t) { return welford_step(a, cast<double>(v)); },
        [] TSH_HOST_DEVICE(Welford a, Welford b) { return welford_merge(a, b); },
        [o, m, corr, root] TSH_HOST_DEVICE(int64_t off, Welford a) {
          const double div = a.n - corr > 0 ? a.n - corr : 0.0;
          const double v = a.m2 / div;
          o[off] = cast<T>(root ? std::sqrt(v) : v);
          if (m) m[off] = cast<T>(a.mean);
        });
  }
};

// Sum of squared deviations from a given mean, in double, into a 0-d double tensor.
struct SquaredDeviations {
  const Tensor& acc;
  const Tensor& in;
  double mean;
  template <typename T> void operator()() const {
    double* o = reinterpret_cast<double*>(acc.data_ptr());
    const double mu = mean;
    // acc seen with in's shape and zero strides: every element reduces into it.
    const Tensor view = acc.as_view(in.sizes(), Shape(in.sizes().size(), 0), acc.storage_offset());
    reduce<T, double>(
        view, in, 0.0,
        [mu] TSH_HOST_DEVICE(double s, T v, int64_t) {
          const double d = cast<double>(v) - mu;
          return s + d * d;
        },
        [] TSH_HOST_DEVICE(double a, double b) { return a + b; },
        [o] TSH_HOST_DEVICE(int64_t off, double s) { o[off] = s; });
  }
};

struct CombineVar {
  const Tensor& re;
  const Tensor& im;
  bool take_sqrt;
  template <typename T> void operator()() const {
    using M = opmath_t<T>;
    T* r = reinterpret_cast<T*>(re.data_ptr());
    const T* i = reinterpret_cast<const T*>(im.data_ptr());
    const bool root = take_sqrt;
    for_each_index(re.numel(), [=] TSH_HOST_DEVICE(int64_t k) {
      const M v = cast<M>(r[k]) + cast<M>(i[k]);
      r[k] = cast<T>(root ? std::sqrt(v) : v);
    });
  }
};

struct Count {
  const Tensor& out;
  const Tensor& in;
  bool count_nan_free;
  template <typename T> void operator()() const {
    int64_t* o = reinterpret_cast<int64_t*>(out.data_ptr());
    const bool nan_free = count_nan_free;
    reduce<T, int64_t>(
        out, in, int64_t{0},
        [nan_free] TSH_HOST_DEVICE(int64_t n, T v, int64_t) {
          if (!nan_free) return n + (cast<bool>(v) ? 1 : 0);
          if constexpr (is_cplx_v<T>) return n + ((v.re != v.re || v.im != v.im) ? 0 : 1);
          else if constexpr (std::is_integral_v<T>) return n + 1;
          else return n + (cast<float>(v) != cast<float>(v) ? 0 : 1);
        },
        [] TSH_HOST_DEVICE(int64_t a, int64_t b) { return a + b; },
        [o] TSH_HOST_DEVICE(int64_t off, int64_t n) { o[off] = n; });
  }
};

struct DivideByCounts {
  const Tensor& out;
  const Tensor& counts;
  template <typename T> void operator()() const {
    if constexpr (std::is_integral_v<T>) {
      kernels::not_implemented_for("div_true_cuda", out.dtype());
    } else {
      const Tensor* ts[2] = {&out, &counts};
      const Indexer<2> ix = indexer_of<2>(ts);
      T* o = reinterpret_cast<T*>(out.data_ptr());
      const int64_t* c = reinterpret_cast<const int64_t*>(counts.data_ptr());
      // Captures named: nvcc refuses a first capture inside `if constexpr`.
      for_each_index(out.numel(), [o, c, ix] TSH_HOST_DEVICE(int64_t i) {
        int64_t off[2];
        ix.offsets(i, off);
        if constexpr (is_cplx_v<T>) {
          using R = decltype(T{}.re);
          const R n = static_cast<R>(c[off[1]]);
          o[off[0]] = T(o[off[0]].re / n, o[off[0]].im / n);
        } else {
          using M = opmath_t<T>;
          o[off[0]] = cast<T>(cast<M>(o[off[0]]) / cast<M>(cast<T>(c[off[1]])));
        }
      });
    }
  }
};

// |x| in the real op-math type.
template <typename T> TSH_HOST_DEVICE auto magnitude(T v) {
  if constexpr (is_cplx_v<T>) return std::hypot(v.re, v.im);
  else return std::fabs(cast<opmath_t<T>>(v));
}

struct Norm {
  const Tensor& out;
  const Tensor& in;
  double p;
  template <typename T> void operator()() const {
    if constexpr (std::is_integral_v<T>) {
      kernels::not_implemented_for("linalg_vector_norm_cuda", in.dtype());
    } else {
      using M = decltype(magnitude(T{}));
      using O = std::conditional_t<is_cplx_v<T>, M, T>;  // a complex input has a real norm
      O* o = reinterpret_cast<O*>(out.data_ptr());
      const M pp = static_cast<M>(p);
      auto write_root = [o, pp] TSH_HOST_DEVICE(int64_t off, M s) {
        o[off] = cast<O>(pp == M(1) ? s : pp == M(2) ? std::sqrt(s) : std::pow(s, M(1) / pp));
      };
      if (std::isinf(p)) {
        const bool biggest = p > 0;
        reduce<T, M>(
            out, in, biggest ? M(0) : std::numeric_limits<M>::infinity(),
            [biggest] TSH_HOST_DEVICE(M acc, T v, int64_t) {
              const M a = magnitude(v);
              if (a != a || acc != acc) return a != a ? a : acc;
              return biggest ? (a > acc ? a : acc) : (a < acc ? a : acc);
            },
            [biggest] TSH_HOST_DEVICE(M x, M y) {
              if (x != x || y != y) return x != x ? x : y;
              return biggest ? (x > y ? x : y) : (x < y ? x : y);
            },
            [o] TSH_HOST_DEVICE(int64_t off, M s) { o[off] = cast<O>(s); });
      } else if (p == 0) {
        reduce<T, M>(
            out, in, M(0), [] TSH_HOST_DEVICE(M acc, T v, int64_t) { return acc + (magnitude(v) != M(0) ? M(1) : M(0)); },
            [] TSH_HOST_DEVICE(M x, M y) { return x + y; },
            [o] TSH_HOST_DEVICE(int64_t off, M s) { o[off] = cast<O>(s); });
      } else {
        reduce<T, M>(
            out, in, M(0),
            [pp] TSH_HOST_DEVICE(M acc, T v, int64_t) {
              const M a = magnitude(v);
              return acc + (pp == M(1) ? a : pp == M(2) ? a * a : std::pow(a, pp));
            },
            [] TSH_HOST_DEVICE(M x, M y) { return x + y; }, write_root);
      }
    }
  }
};

}  // namespace

void var_kernel(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction, bool take_sqrt) {
  dispatch_float(in.dtype(), "var_cuda", Var{out, mean_out, in, correction, take_sqrt});
}

double var_all_kernel(const Tensor& in, double mean, double correction, bool take_sqrt) {
  Tensor acc = empty({}, DType::Float64, in.device());
  dispatch_float(in.dtype(), "var_cuda", SquaredDeviations{acc, in, mean});
  double ss = 0;
  read_bytes(&ss, acc.storage(), acc.storage_offset() * 8, 8);
  const double n = static_cast<double>(in.numel());
  const double v = ss / (n - correction > 0 ? n - correction : 0.0);
  return take_sqrt ? std::sqrt(v) : v;
}

void combine_var_parts_kernel(const Tensor& re, const Tensor& im, bool take_sqrt) {
  dispatch_float(re.dtype(), "var_cuda", CombineVar{re, im, take_sqrt});
}

void count_kernel(const Tensor& out, const Tensor& in, bool count_nan_free) {
  dispatch_all(in.dtype(), Count{out, in, count_nan_free});
}

void divide_by_counts_kernel(const Tensor& out, const Tensor& counts) {
  dispatch_all(out.dtype(), DivideByCounts{out, counts});
}

void norm_kernel(const Tensor& out, const Tensor& in, double p) { dispatch_all(in.dtype(), Norm{out, in, p}); }

}  // namespace tsh::cuda::TSH_KERNELS_NS
