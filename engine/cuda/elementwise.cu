// engine/cuda/elementwise.cu — copy with conversion, fill, unary and three-operand kernels on the GPU.
//
// Same structure as binary.cu: a typed function per dtype family, a lambda
// per op, map1/map3 reading strided operands. Ops a family does not have on
// the GPU yet raise PyTorch's "not implemented for" error naming the kernel.
#include "engine/cuda/kernels.h"
#include "engine/core/memory.h"
#include "engine/cuda/dispatch.h"
#include "engine/cuda/launch.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/special_math.h"

namespace tsh::cuda::TSH_KERNELS_NS {

namespace {

using namespace tsh::scalar;

template <typename In, typename Out, typename F> void map1(const Tensor& out, const Tensor& in, F f) {
  const Tensor* ts[2] = {&out, &in};
  const Indexer<2> ix = indexer_of<2>(ts);
  Out* po = reinterpret_cast<Out*>(out.data_ptr());
  const In* pi = reinterpret_cast<const In*>(in.data_ptr());
  for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
    int64_t off[2];
    ix.offsets(i, off);
    po[off[0]] = f(pi[off[1]]);
  });
}

template <typename A, typename B, typename C, typename Out, typename F>
void map3(const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, F f) {
  const Tensor* ts[4] = {&out, &a, &b, &c};
  const Indexer<4> ix = indexer_of<4>(ts);
  Out* po = reinterpret_cast<Out*>(out.data_ptr());
  const A* pa = reinterpret_cast<const A*>(a.data_ptr());
  const B* pb = reinterpret_cast<const B*>(b.data_ptr());
  const C* pc = reinterpret_cast<const C*>(c.data_ptr());
  for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
    int64_t off[4];
    ix.offsets(i, off);
    po[off[0]] = f(pa[off[1]], pb[off[2]], pc[off[3]]);
  });
}


// ---------------------------------------------------------------- copy and fill

template <typename Out> struct CopyFrom {
  const Tensor& dst;
  const Tensor& src;
  template <typename In> void operator()() const {
    map1<In, Out>(dst, src, [] TSH_HOST_DEVICE(In v) { return cast<Out>(v); });
  }
};

struct CopyTo {
  const Tensor& dst;
  const Tensor& src;
  template <typename Out> void operator()() const { dispatch_all(src.dtype(), CopyFrom<Out>{dst, src}); }
};


struct Fill {
  const Tensor& dst;
  const Scalar& value;
  template <typename T> void operator()() const {
    const T v = scalar_value<T>(value);
    const Tensor* ts[1] = {&dst};
    const Indexer<1> ix = indexer_of<1>(ts);
    T* p = reinterpret_cast<T*>(dst.data_ptr());
    for_each_index(dst.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
      int64_t off[1];
      ix.offsets(i, off);
      p[off[0]] = v;
    });
  }
};

// ---------------------------------------------------------------- unary

[[noreturn]] void unsupported(UnaryOp, DType d) { kernels::not_implemented_for("unary_op_cuda", d); }

template <typename T, typename F> void apply(const Tensor& out, const Tensor& in, F f) {
  using M = opmath_t<T>;
  map1<T, T>(out, in, [f] TSH_HOST_DEVICE(T x) { return cast<T>(f(cast<M>(x))); });
}

template <typename T> void float_unary(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& prm) {
  using M = opmath_t<T>;
  constexpr M kInf = std::numeric_limits<M>::infinity();
  switch (op) {
    case UnaryOp::Neg: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return -x; }); return;
    case UnaryOp::Abs: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::fabs(x); }); return;
    case UnaryOp::Sign:
    case UnaryOp::Sgn: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return sgn(x); }); return;
    case UnaryOp::Reciprocal: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return M(1) / x; }); return;
    case UnaryOp::Sqrt: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::sqrt(x); }); return;
    case UnaryOp::Rsqrt: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return M(1) / std::sqrt(x); }); return;
    case UnaryOp::Exp: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::exp(x); }); return;
    case UnaryOp::Exp2: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::exp2(x); }); return;
    case UnaryOp::Expm1: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::expm1(x); }); return;
    case UnaryOp::Log: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::log(x); }); return;
    case UnaryOp::Log2: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::log2(x); }); return;
    case UnaryOp::Log10: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::log10(x); }); return;
    case UnaryOp::Log1p: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::log1p(x); }); return;
    case UnaryOp::Sin: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::sin(x); }); return;
    case UnaryOp::Cos: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::cos(x); }); return;
    case UnaryOp::Tan: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::tan(x); }); return;
    case UnaryOp::Asin: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::asin(x); }); return;
    case UnaryOp::Acos: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::acos(x); }); return;
    case UnaryOp::Atan: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::atan(x); }); return;
    case UnaryOp::Sinh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::sinh(x); }); return;
    case UnaryOp::Cosh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::cosh(x); }); return;
    case UnaryOp::Tanh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::tanh(x); }); return;
    case UnaryOp::Asinh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::asinh(x); }); return;
    case UnaryOp::Acosh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::acosh(x); }); return;
    case UnaryOp::Atanh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::atanh(x); }); return;
    case UnaryOp::Sigmoid: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return sigmoid(x); }); return;
    case UnaryOp::Logit: {
      const M eps = static_cast<M>(prm.p0);
      const bool clamp = prm.p0 >= 0;
      const M lo = eps, hi = M(1) - eps;
      apply<T>(out, in, [clamp, lo, hi] TSH_HOST_DEVICE(M x) { return logit(x, clamp, lo, hi); });
      return;
    }
    case UnaryOp::Gelu: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return gelu(x); }); return;
    case UnaryOp::GeluTanh: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return gelu_tanh(x); }); return;
    case UnaryOp::Erf: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::erf(x); }); return;
    case UnaryOp::Erfc: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::erfc(x); }); return;
    case UnaryOp::Erfinv: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return erfinv<M>(x); }); return;
    case UnaryOp::Lgamma: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::lgamma(x); }); return;
    case UnaryOp::Digamma: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return digamma<M>(x); }); return;
    case UnaryOp::Trigamma: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return trigamma<M>(x); }); return;
    case UnaryOp::Sinc: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return sinc<M>(x); }); return;
    case UnaryOp::Floor: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::floor(x); }); return;
    case UnaryOp::Ceil: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::ceil(x); }); return;
    case UnaryOp::Round: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::nearbyint(x); }); return;
    case UnaryOp::Trunc: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return std::trunc(x); }); return;
    case UnaryOp::Frac: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return x - std::trunc(x); }); return;
    case UnaryOp::RoundDecimals: {
      const int64_t dec = static_cast<int64_t>(prm.p0);
      const M scale = static_cast<M>(std::pow(10.0, static_cast<double>(dec < 0 ? -dec : dec)));
      if (dec < 0)
        apply<T>(out, in, [scale] TSH_HOST_DEVICE(M x) { return std::nearbyint(x / scale) * scale; });
      else
        apply<T>(out, in, [scale] TSH_HOST_DEVICE(M x) { return std::nearbyint(x * scale) / scale; });
      return;
    }
    case UnaryOp::NanToNum: {
      const M nan = cast<T>(prm.p0), pos = cast<T>(prm.p1), neg = cast<T>(prm.p2);  // rounded to T first
      apply<T>(out, in, [=] TSH_HOST_DEVICE(M x) { return x != x ? nan : x == kInf ? pos : x == -kInf ? neg : x; });
      return;
    }
    case UnaryOp::Angle:
      apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return x != x ? x : x < M(0) ? M(3.14159265358979323846) : M(0); });
      return;
    case UnaryOp::Conj: apply<T>(out, in, [] TSH_HOST_DEVICE(M x) { return x; }); return;
    case UnaryOp::Signbit: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return std::signbit(cast<M>(x)); }); return;
    case UnaryOp::IsNan: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return cast<M>(x) != cast<M>(x); }); return;
    case UnaryOp::IsInf: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return std::isinf(cast<M>(x)); }); return;
    case UnaryOp::IsFinite:
      map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return std::isfinite(cast<M>(x)); });
      return;
    case UnaryOp::IsNegInf: map1<T, bool>(out, in, [=] TSH_HOST_DEVICE(T x) { return cast<M>(x) == -kInf; }); return;
    case UnaryOp::IsPosInf: map1<T, bool>(out, in, [=] TSH_HOST_DEVICE(T x) { return cast<M>(x) == kInf; }); return;
    case UnaryOp::LogicalNot: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return cast<M>(x) == M(0); }); return;
    default: unsupported(op, in.dtype());
  }
}

template <typename T> void int_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  switch (op) {
    case UnaryOp::Neg: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return wrap_mul(x, T(-1)); }); return;
    case UnaryOp::Abs: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return wrap_abs(x); }); return;
    case UnaryOp::Sign:
    case UnaryOp::Sgn:
      if constexpr (std::is_unsigned_v<T>)
        map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return T(x != 0); });
      else
        map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return T((T(0) < x) - (x < T(0))); });
      return;
    case UnaryOp::BitwiseNot: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return T(~x); }); return;
    case UnaryOp::Signbit:
      if constexpr (std::is_unsigned_v<T>)
        map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T) { return false; });
      else
        map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return x < T(0); });
      return;
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T) { return false; }); return;
    case UnaryOp::IsFinite: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T) { return true; }); return;
    case UnaryOp::LogicalNot: map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return x == T(0); }); return;
    default: unsupported(op, in.dtype());
  }
}

void bool_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  switch (op) {
    case UnaryOp::Abs:
    case UnaryOp::Sign:
    case UnaryOp::Sgn: map1<bool, bool>(out, in, [] TSH_HOST_DEVICE(bool x) { return x; }); return;
    case UnaryOp::BitwiseNot:
    case UnaryOp::LogicalNot: map1<bool, bool>(out, in, [] TSH_HOST_DEVICE(bool x) { return !x; }); return;
    case UnaryOp::Signbit:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf: map1<bool, bool>(out, in, [] TSH_HOST_DEVICE(bool) { return false; }); return;
    case UnaryOp::IsFinite: map1<bool, bool>(out, in, [] TSH_HOST_DEVICE(bool) { return true; }); return;
    default: unsupported(op, DType::Bool);
  }
}

template <typename T> void complex_unary(UnaryOp op, const Tensor& out, const Tensor& in) {
  using R = decltype(T{}.re);
  switch (op) {
    case UnaryOp::Neg: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return -x; }); return;
    case UnaryOp::Conj: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return T(x.re, -x.im); }); return;
    case UnaryOp::Abs: map1<T, R>(out, in, [] TSH_HOST_DEVICE(T x) { return std::hypot(x.re, x.im); }); return;
    case UnaryOp::Angle: map1<T, R>(out, in, [] TSH_HOST_DEVICE(T x) { return std::atan2(x.im, x.re); }); return;
    case UnaryOp::Reciprocal: map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) { return T(1) / x; }); return;
    case UnaryOp::Sgn:
      map1<T, T>(out, in, [] TSH_HOST_DEVICE(T x) {
        const R m = std::hypot(x.re, x.im);
        return m == R(0) ? T(0) : T(x.re / m, x.im / m);
      });
      return;
    case UnaryOp::IsNan:
      map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return x.re != x.re || x.im != x.im; });
      return;
    case UnaryOp::IsInf:
      map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return std::isinf(x.re) || std::isinf(x.im); });
      return;
    case UnaryOp::IsFinite:
      map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return std::isfinite(x.re) && std::isfinite(x.im); });
      return;
    case UnaryOp::LogicalNot:
      map1<T, bool>(out, in, [] TSH_HOST_DEVICE(T x) { return x.re == R(0) && x.im == R(0); });
      return;
    default: unsupported(op, in.dtype());
  }
}

struct Unary {
  UnaryOp op;
  const Tensor& out;
  const Tensor& in;
  const UnaryParams& prm;
  template <typename T> void operator()() const {
    if constexpr (std::is_same_v<T, bool>) bool_unary(op, out, in);
    else if constexpr (is_cplx_v<T>) complex_unary<T>(op, out, in);
    else if constexpr (std::is_integral_v<T>) int_unary<T>(op, out, in);
    else float_unary<T>(op, out, in, prm);
  }
};

// ---------------------------------------------------------------- three operands

template <typename M> TSH_HOST_DEVICE M lerp_real(M self, M end, M w) {
  const M diff = end - self;
  return std::fabs(w) < M(0.5) ? std::fma(w, diff, self) : std::fma(-diff, M(1) - w, end);
}

struct Ternary {
  TernaryOp op;
  const Tensor& out;
  const Tensor& a;
  const Tensor& b;
  const Tensor& c;
  const Scalar& value;

  template <typename T> void operator()() const {
    using M = opmath_t<T>;
    if (op == TernaryOp::Where) {
      map3<bool, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(bool k, T x, T y) { return k ? x : y; });
      return;
    }
    if constexpr (std::is_same_v<T, bool> || is_cplx_v<T>) {
      kernels::not_implemented_for("ternary_op_cuda", out.dtype());
    } else if constexpr (std::is_integral_v<T>) {
      if (op != TernaryOp::Addcmul) return clamp();
      using W = uint64_t;
      const W v = static_cast<W>(static_cast<int64_t>(static_cast<T>(value.to_int())));
      map3<T, T, T, T>(out, a, b, c, [v] TSH_HOST_DEVICE(T x, T y, T z) {
        return static_cast<T>(static_cast<W>(static_cast<int64_t>(x)) +
                              v * static_cast<W>(static_cast<int64_t>(y)) * static_cast<W>(static_cast<int64_t>(z)));
      });
    } else {
      switch (op) {
        case TernaryOp::Lerp:
          if (!c.defined()) {
            const M w = static_cast<M>(value.to_double());
            const Tensor* ts[3] = {&out, &a, &b};
            const Indexer<3> ix = indexer_of<3>(ts);
            T* po = reinterpret_cast<T*>(out.data_ptr());
            const T* pa = reinterpret_cast<const T*>(a.data_ptr());
            const T* pb = reinterpret_cast<const T*>(b.data_ptr());
            for_each_index(out.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
              int64_t off[3];
              ix.offsets(i, off);
              po[off[0]] = cast<T>(lerp_real<M>(cast<M>(pa[off[1]]), cast<M>(pb[off[2]]), w));
            });
          } else {
            map3<T, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(T x, T y, T w) {
              return cast<T>(lerp_real<M>(cast<M>(x), cast<M>(y), cast<M>(w)));
            });
          }
          return;
        case TernaryOp::Addcmul: {
          const M v = static_cast<M>(value.to_double());
          map3<T, T, T, T>(out, a, b, c, [v] TSH_HOST_DEVICE(T x, T y, T z) {
            return cast<T>(std::fma(v * cast<M>(y), cast<M>(z), cast<M>(x)));
          });
          return;
        }
        case TernaryOp::Addcdiv: {
          const M v = static_cast<M>(value.to_double());
          map3<T, T, T, T>(out, a, b, c, [v] TSH_HOST_DEVICE(T x, T y, T z) {
            return cast<T>(cast<M>(x) + v * cast<M>(y) / cast<M>(z));
          });
          return;
        }
        default: return clamp();
      }
    }
  }

  // PyTorch's clamp: max with the low bound first, then min with the high one.
  template <typename T> void clamp_typed() const;
  void clamp() const { dispatch_clamp(); }
  void dispatch_clamp() const;
};

template <typename T> void clamp_impl(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b,
                                      const Tensor& c) {
  using M = opmath_t<T>;
  switch (op) {
    case TernaryOp::Clamp:
      map3<T, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(T x, T lo, T hi) {
        const M ml = cast<M>(lo), mh = cast<M>(hi);
        if (ml != ml || mh != mh) return cast<T>(ml != ml ? ml : mh);  // a NaN bound gives NaN
        M r = cast<M>(x) < ml ? ml : cast<M>(x);
        return cast<T>(mh < r ? mh : r);
      });
      return;
    case TernaryOp::ClampNumbers:
      map3<T, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(T x, T lo, T hi) {
        M r = cast<M>(x) < cast<M>(lo) ? cast<M>(lo) : cast<M>(x);
        return cast<T>(cast<M>(hi) < r ? cast<M>(hi) : r);
      });
      return;
    case TernaryOp::ClampMin:
      map3<T, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(T x, T lo, T) { return cast<M>(x) < cast<M>(lo) ? lo : x; });
      return;
    case TernaryOp::ClampMax:
      map3<T, T, T, T>(out, a, b, c, [] TSH_HOST_DEVICE(T x, T, T hi) { return cast<M>(hi) < cast<M>(x) ? hi : x; });
      return;
    default: return;
  }
}

struct Clamp {
  TernaryOp op;
  const Tensor& out;
  const Tensor& a;
  const Tensor& b;
  const Tensor& c;
  template <typename T> void operator()() const {
    if constexpr (std::is_same_v<T, bool> || is_cplx_v<T>) kernels::not_implemented_for("clamp_cuda", out.dtype());
    else clamp_impl<T>(op, out, a, b, c);
  }
};

void Ternary::dispatch_clamp() const { dispatch_all(out.dtype(), Clamp{op, out, a, b, c}); }

// ---------------------------------------------------------------- truth and equality

// One flag in device memory set by any element for which pred holds.
template <typename T, typename P> bool any_element(const Tensor& t, P pred) {
  Tensor flag = empty({}, DType::Int32, t.device());
  fill_kernel(flag, Scalar(int64_t{0}));
  int32_t* pf = reinterpret_cast<int32_t*>(flag.data_ptr());
  const Tensor* ts[1] = {&t};
  const Indexer<1> ix = indexer_of<1>(ts);
  const T* p = reinterpret_cast<const T*>(t.data_ptr());
  for_each_index(t.numel(), [=] TSH_HOST_DEVICE(int64_t i) {
    int64_t off[1];
    ix.offsets(i, off);
    if (pred(p[off[0]])) *pf = 1;  // benign race: every writer writes 1
  });
  int32_t v = 0;
  read_bytes(&v, flag.storage(), flag.storage_offset() * 4, 4);
  return v != 0;
}

struct Truth {
  const Tensor& t;
  bool want_nonzero;
  bool* result;
  template <typename T> void operator()() const {
    if (want_nonzero)
      *result = any_element<T>(t, [] TSH_HOST_DEVICE(T x) { return cast<bool>(x); });
    else
      *result = any_element<T>(t, [] TSH_HOST_DEVICE(T x) { return !cast<bool>(x); });
  }
};

}  // namespace

void copy_kernel(const Tensor& dst, const Tensor& src) { dispatch_all(dst.dtype(), CopyTo{dst, src}); }
void fill_kernel(const Tensor& dst, const Scalar& value) { dispatch_all(dst.dtype(), Fill{dst, value}); }
void unary_kernel(UnaryOp op, const Tensor& out, const Tensor& in, const UnaryParams& params) {
  dispatch_all(in.dtype(), Unary{op, out, in, params});
}
void ternary_kernel(TernaryOp op, const Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c,
                    const Scalar& value) {
  dispatch_all(out.dtype(), Ternary{op, out, a, b, c, value});
}

bool any_nonzero(const Tensor& t) {
  bool r = false;
  dispatch_all(t.dtype(), Truth{t, true, &r});
  return r;
}
bool all_nonzero(const Tensor& t) {
  bool r = false;
  dispatch_all(t.dtype(), Truth{t, false, &r});
  return !r;
}

// torch.equal: same shape and dtype already; any differing element makes them unequal.
bool equal_kernel(const Tensor& a, const Tensor& b) {
  Tensor ne = empty(a.sizes(), DType::Bool, a.device());
  compare_kernel(CompareOp::Ne, ne, a, b);
  return !any_nonzero(ne);
}

}  // namespace tsh::cuda::TSH_KERNELS_NS
