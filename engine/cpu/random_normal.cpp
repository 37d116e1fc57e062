// engine/cpu/random_normal.cpp — normal_: PyTorch's three paths, bit for bit (RNG.md R5).
//
//   A  float32, >= 16 elements, contiguous: blocks of 16 uniforms turned into
//      8 cos/sin pairs by the AVX2 kernel's Cephes-style log and sincos (A1),
//      emulated lane by lane with the same fused multiply-adds.
//   B  float64/float16/bfloat16, >= 16 elements, contiguous: the same blocks
//      with libm, every operation rounded to the element type.
//   C  anything smaller or non-contiguous: one double Box–Muller sample per
//      element, with the generator's cache (random_samplers.h).
// A and B fill all uniforms first; when n % 16 != 0 the last 16 slots are
// refilled from fresh uniforms and transformed again (so n + 16 are drawn).
#include <bit>
#include <cstring>
#include <mutex>

#include "engine/core/convert.h"
#include "engine/cpu/mt19937.h"
#include "engine/cpu/random.h"
#include "engine/cpu/random_loop.h"
#include "engine/cpu/random_samplers.h"

// Bit-exactness needs every multiply-add to be fused exactly where PyTorch's
// kernels fuse it (explicit std::fma here) and nowhere else, whatever -march.
#pragma GCC optimize("fp-contract=off")

namespace tsh::cpu {

namespace {

float from_bits(uint32_t u) { return std::bit_cast<float>(u); }
uint32_t to_bits(float f) { return std::bit_cast<uint32_t>(f); }

// avx_mathfun's log256_ps for one lane, with the Debian GCC build's fusions.
inline float avx2_log(float x) {
  const bool invalid = x <= 0.0f;
  x = x > 0x1p-126f ? x : 0x1p-126f;  // _mm256_max_ps(x, min_norm_pos)
  float e = static_cast<float>(static_cast<int32_t>(to_bits(x) >> 23) - 127) + 1.0f;
  const float m = from_bits((to_bits(x) & ~0x7F800000u) | to_bits(0.5f));  // mantissa in [0.5, 1)
  if (m < 0.707106781186547524f) {
    e = e - 1.0f;
    x = (m - 1.0f) + m;
  } else {
    x = (m - 1.0f) + 0.0f;
  }
  const float z = x * x;
  float y = 7.0376836292E-2f;
  y = std::fma(y, x, -1.1514610310E-1f);
  y = std::fma(y, x, 1.1676998740E-1f);
  y = std::fma(y, x, -1.2420140846E-1f);
  y = std::fma(y, x, 1.4249322787E-1f);
  y = std::fma(y, x, -1.6668057665E-1f);
  y = std::fma(y, x, 2.0000714765E-1f);
  y = std::fma(y, x, -2.4999993993E-1f);
  y = std::fma(y, x, 3.3333331174E-1f);
  y = y * x;
  y = std::fma(y, z, e * -2.12194440e-4f);  // y*z fused; e*q1 rounded on its own
  y = y - z * 0.5f;
  x = x + y;
  x = std::fma(e, 0.693359375f, x);
  return invalid ? from_bits(0xFFFFFFFFu) : x;  // the all-ones NaN of `or(x, invalid_mask)`
}

// avx_mathfun's sincos256_ps for one lane (x >= 0 here), with the same fusions.
inline void avx2_sincos(float x, float& s, float& c) {
  uint32_t sign_sin = to_bits(x) & 0x80000000u;
  x = std::fabs(x);
  int32_t j = static_cast<int32_t>(x * 1.27323954473516f);  // truncates, as cvttps does
  j = (j + 1) & ~1;
  const float y = static_cast<float>(j);
  const uint32_t swap_sin = static_cast<uint32_t>(j & 4) << 29;
  const bool cos_poly_for_cos = (j & 2) == 0;
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, -2.4187564849853515625e-4f, x);
  x = std::fma(y, -3.77489497744594108e-8f, x);
  const uint32_t sign_cos = static_cast<uint32_t>(~(j - 2) & 4) << 29;
  sign_sin ^= swap_sin;
  const float z = x * x;
  float yc = 2.443315711809948E-005f;
  yc = std::fma(yc, z, -1.388731625493765E-003f);
  yc = std::fma(yc, z, 4.166664568298827E-002f);
  yc = yc * z;
  yc = std::fma(yc, z, -(z * 0.5f));  // yc*z fused; z*0.5 rounded on its own
  yc = yc + 1.0f;
  float ys = -1.9515295891E-4f;
  ys = std::fma(ys, z, 8.3321608736E-3f);
  ys = std::fma(ys, z, -1.6666654611E-1f);
  ys = ys * z;
  ys = std::fma(ys, x, x);
  float sv, cv;
  if (cos_poly_for_cos) {
    sv = 0.0f + ys;
    cv = yc + (ys - ys);
  } else {
    sv = yc + 0.0f;
    cv = (yc - yc) + ys;
  }
  s = from_bits(to_bits(sv) ^ sign_sin);
  c = from_bits(to_bits(cv) ^ sign_cos);
}

// Path A1: 8 Box–Muller pairs from d[0..15] in place. On CPUs with FMA a
// clone compiled for it turns each std::fma into one instruction (same bits:
// a fused multiply-add is exact by definition); contraction of the other
// operations stays off, so nothing is fused that the AVX2 kernel did not fuse.
__attribute__((target_clones("fma", "default")))
void transform16_avx2(float* d, float mean, float std) {
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - d[j];
    const float u2 = d[j + 8];
    const float radius = std::sqrt(-2.0f * avx2_log(u1));
    const float theta = 6.2831855f * u2;  // float(2π) times u2, in float
    float s, c;
    avx2_sincos(theta, s, c);
    d[j] = std::fma(radius * c, std, mean);
    d[j + 8] = std::fma(radius * s, std, mean);
  }
}

// Path B for double: libm, with the AVX2 build's fused final step.
void transform16(double* d, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1 - d[j];
    const double u2 = d[j + 8];
    const double radius = std::sqrt(-2 * std::log(u1));
    const double theta = 2.0 * M_PI * u2;
    d[j] = std::fma(radius * std::cos(theta), std, mean);
    d[j + 8] = std::fma(radius * std::sin(theta), std, mean);
  }
}

// Path B for float16/bfloat16: each operation computes in float and rounds to R,
// as c10's reduced-precision operators and math overloads do.
template <typename R> void transform16(R* d, R mean, R std) {
  auto h = [](float v) { return static_cast<float>(R(v)); };
  const float m = mean, sd = std;
  for (int j = 0; j < 8; ++j) {
    const float u1 = h(1.0f - static_cast<float>(d[j]));
    const float u2 = d[j + 8];
    const float radius = h(std::sqrt(h(-2.0f * h(std::log(u1)))));
    const float theta = h(static_cast<float>(2.0 * M_PI * static_cast<double>(u2)));
    d[j] = R(h(h(radius * h(std::cos(theta))) * sd) + m);
    d[j + 8] = R(h(h(radius * h(std::sin(theta))) * sd) + m);
  }
}

// The block algorithm shared by paths A and B over n >= 16 contiguous elements.
template <typename T, typename M>
void normal_fill(T* data, int64_t n, M mean, M std, CpuGenerator& gen) {
  auto block = [&](T* d) {
    if constexpr (std::is_same_v<T, float>) transform16_avx2(d, mean, std);
    else transform16(d, mean, std);
  };
  // Ctrl-C is polled once per kInterruptGrain elements of each pass.
  for (int64_t i0 = 0; i0 < n; i0 += kInterruptGrain) {
    throw_if_interrupted();
    const int64_t i1 = std::min(n, i0 + kInterruptGrain);
    for (int64_t i = i0; i < i1; ++i) data[i] = static_cast<T>(uniform01<T>(gen));
  }
  for (int64_t i = 0; i + 16 <= n; i += 16) {
    if (i % kInterruptGrain == 0) throw_if_interrupted();
    block(data + i);
  }
  if (n % 16 != 0) {
    T* tail = data + n - 16;  // overlaps finished normals: they are redrawn
    for (int i = 0; i < 16; ++i) tail[i] = static_cast<T>(uniform01<T>(gen));
    block(tail);
  }
}

template <typename T> constexpr bool is_real_float_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, Half> ||
    std::is_same_v<T, BFloat16>;

}  // namespace

void normal_kernel(const Tensor& self, double mean, double std, Generator& generator) {
  CpuGenerator& gen = as_cpu(generator);
  std::lock_guard<std::mutex> lock(gen.mutex());
  const int64_t n = self.numel();
  const bool blocks = n >= 16 && self.is_contiguous();
  dispatch(self.dtype(), [&]<typename T>() {
    if constexpr (is_real_float_v<T>) {
      if (blocks) {
        normal_fill<T>(self.data<T>(), n, static_cast<T>(mean), static_cast<T>(std), gen);
      } else {
        serial_fill<T>(self, [&] { return static_cast<T>(normal_sample(gen, mean, std)); });
      }
    }
  });
}

void normal_affine_kernel(const Tensor& self, const Tensor& factor, DType mul_type,
                          const Tensor& shift, DType add_type) {
  // Two passes, like PyTorch's separate mul_ and add_: each result rounds to self's dtype.
  auto apply = [&](const Tensor& other, DType compute, bool multiply) {
    dispatch(self.dtype(), [&]<typename T>() {
      if constexpr (is_float_v<T> || is_complex_v<T>) {
        dispatch(other.dtype(), [&]<typename O>() {
          dispatch(compute, [&]<typename C0>() {
            if constexpr (is_float_v<C0> || is_complex_v<C0>) {
              // Reduced floats compute in float (their opmath type).
              using C = std::conditional_t<std::is_same_v<C0, Half> || std::is_same_v<C0, BFloat16>,
                                           float, C0>;
              serial_for_each(self, &other, [&](char* sp, char* op) {
                T s;
                O o;
                std::memcpy(&s, sp, sizeof(T));
                std::memcpy(&o, op, sizeof(O));
                const C a = convert<C>(s), b = convert<C>(o);
                const T r = convert<T>(multiply ? C(a * b) : C(a + b));
                std::memcpy(sp, &r, sizeof(T));
              });
            }
          });
        });
      }
    });
  };
  if (factor.defined()) apply(factor, mul_type, true);
  if (shift.defined()) apply(shift, add_type, false);
}

}  // namespace tsh::cpu
