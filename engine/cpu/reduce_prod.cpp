// engine/cpu/reduce_prod.cpp — prod on the CPU, with PyTorch's grouping of the multiplications.
//
// Each output starts at 1 and takes the lines of its block in PyTorch's order
// (engine/cpu/reduce_layout.h). A line along a contiguous reduced dim is
// multiplied the way PyTorch's vector loop does it: 4 vectors of W lanes
// (W = 32 bytes / element size) run side by side over the whole blocks of 4W
// elements, are folded (v0*v1)*(v2*v3), the W lanes of the result multiply
// left to right, that product multiplies the output, then the leftover
// elements multiply it one at a time. Any other line multiplies the output
// one element at a time. Every step rounds to the element type (float16
// products round to float16 each time), as PyTorch's kernel does. For complex
// numbers the grouping also picks the product's form (see mul below): the
// vector loop and the generic loop multiply plainly, the scalar finishing
// steps of the vector loops fuse, as PyTorch's compiled kernel does.
#include <cmath>
#include <complex>
#include <cstring>
#include <type_traits>

#include "engine/core/convert.h"
#include "engine/cpu/reduce_kernels.h"
#include "engine/cpu/reduce_layout.h"

namespace tsh::cpu {

namespace {

// a * b in T. Complex products are written out (no C99 inf/NaN recovery),
// in the two forms PyTorch's AVX2 build computes: its vector lanes multiply
// and add separately (Lanes), its scalar code fuses the first product of
// each part into a multiply-add (re = fma(ar, br, -(ai*bi)),
// im = fma(ar, bi, ai*br)).
enum class Form { Scalar, Lanes };
template <Form F = Form::Scalar, typename T> inline T mul(T a, T b) {
  if constexpr (is_complex_v<T>) {
    using R = typename T::value_type;
    const R ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if constexpr (F == Form::Lanes) return T(ar * br - ai * bi, ar * bi + ai * br);
    return T(std::fma(ar, br, -(ai * bi)), std::fma(ar, bi, ai * br));
  } else if constexpr (std::is_same_v<T, bool>) {
    return a && b;
  } else if constexpr (std::is_integral_v<T>) {
    // Wrapping product, computed unsigned to stay defined.
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)));
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return a * b;
  } else {  // float16 / bfloat16: multiply in float, round back
    return static_cast<T>(static_cast<float>(a) * static_cast<float>(b));
  }
}

template <typename T> inline T one() {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return T(1.0f);
  else
    return T(1);
}

template <typename T> inline T ld(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// out * (the product of a contiguous line of n elements), grouped as PyTorch's vector loop.
template <typename T> T contiguous_line(T out, const T* x, int64_t n) {
  constexpr int64_t W = 32 / static_cast<int64_t>(sizeof(T));
  const int64_t count = n / (4 * W);
  if (count > 0) {
    T acc[4 * W];
    for (int64_t m = 0; m < 4 * W; ++m) acc[m] = x[m];
    for (int64_t i = 1; i < count; ++i)
      for (int64_t m = 0; m < 4 * W; ++m) acc[m] = mul<Form::Lanes>(acc[m], x[i * 4 * W + m]);
    T b[W];
    for (int64_t l = 0; l < W; ++l)
      b[l] = mul<Form::Lanes>(mul<Form::Lanes>(acc[l], acc[W + l]),
                              mul<Form::Lanes>(acc[2 * W + l], acc[3 * W + l]));
    for (int64_t l = 1; l < W; ++l) b[0] = mul(b[0], b[l]);
    out = mul(out, b[0]);
  }
  for (int64_t i = count * 4 * W; i < n; ++i) out = mul(out, x[i]);
  return out;
}

template <typename T> void prod_impl(const Tensor& out, const Tensor& in) {
  ReduceLayout L = make_reduce_layout(out, in);
  const int64_t isz = static_cast<int64_t>(sizeof(T));
  const int64_t s0 = L.in(0), n0 = L.size(0);
  const bool contiguous = L.nreduced >= 1 && s0 == isz;
  if (L.nreduced == 0) {
    for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
      T r = mul<Form::Lanes>(one<T>(), ld<T>(p));
      std::memcpy(o, &r, sizeof(T));
    });
    return;
  }
  if (!contiguous && L.nreduced == 1 && L.out(1) == isz && L.in(1) == isz) {
    // Columns side by side (dim 1 contiguous in both): PyTorch multiplies
    // whole blocks of 4 vectors of columns in its vector loop, the columns
    // left over with its scalar code. Each column is its own output.
    constexpr int64_t W = 32 / static_cast<int64_t>(sizeof(T));
    const int64_t size1 = L.size(1), blocked = size1 / (4 * W) * (4 * W);
    ReduceLayout S = L;
    S.nreduced = 2;
    for_each_output(S, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
      for (int64_t j = 0; j < size1; ++j) {
        const char* c = p + j * isz;
        T acc;
        if (j < blocked) {
          acc = ld<T>(c);
          for (int64_t i = 1; i < n0; ++i) acc = mul<Form::Lanes>(acc, ld<T>(c + i * s0));
          acc = mul<Form::Lanes>(acc, one<T>());
        } else {
          acc = one<T>();
          for (int64_t i = 0; i < n0; ++i) acc = mul(acc, ld<T>(c + i * s0));
        }
        std::memcpy(o + j * isz, &acc, sizeof(T));
      }
    });
    return;
  }
  // Otherwise every line of a block multiplies into its output in order:
  // dim 0 is the line, dims 1.. are walked as an odometer.
  auto line = [&](T acc, const char* p) {
    if (contiguous) return contiguous_line(acc, reinterpret_cast<const T*>(p), n0);
    // PyTorch's compiled generic loop fuses for complex128, not for complex64.
    constexpr Form generic = std::is_same_v<T, std::complex<float>> ? Form::Lanes : Form::Scalar;
    for (int64_t i = 0; i < n0; ++i) acc = mul<generic>(acc, ld<T>(p + i * s0));
    return acc;
  };
  ReduceLayout B;
  B.shape.assign(L.shape.begin() + 1, L.shape.begin() + L.nreduced);
  B.in_stride.assign(L.in_stride.begin() + 1, L.in_stride.begin() + L.nreduced);
  if (B.shape.empty()) {
    B.shape = {1};
    B.in_stride = {0};
  }
  B.out_stride.assign(B.shape.size(), 0);
  B.nreduced = static_cast<int>(B.shape.size());
  for_each_output(L, out.data_ptr(), in.data_ptr(), [&](char* o, const char* p) {
    T acc = one<T>();
    for_each_in_block(B, p, [&](const char* lp) { acc = line(acc, lp); });
    std::memcpy(o, &acc, sizeof(T));
  });
}

}  // namespace

void prod_kernel(const Tensor& out, const Tensor& in) {
  dispatch(in.dtype(), [&]<typename T>() { prod_impl<T>(out, in); });
}

}  // namespace tsh::cpu
