// tests/cuda/scalar_math_device.cu — the per-element formulas compile as device code.
//
// Built (never run) when nvcc is there: engine/kernels/scalar_math.h is what a
// CUDA backend's kernels will call, so it must stay valid host/device code.
#include "engine/kernels/scalar_math.h"

namespace tsh_test {

template <typename M, typename I>
__global__ void every_formula(M* out, const M* a, const M* b, I* iout, const I* ia, const I* ib, int n) {
  using namespace tsh::scalar;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = float_floor_div(a[i], b[i]) + float_mod(a[i], b[i]) + erfinv(a[i]) + nan_max(a[i], b[i]) +
           nan_min(a[i], b[i]) + sgn(a[i]) + sigmoid(a[i]) + logit(a[i], true, M(0.1), M(0.9)) + gelu(a[i]) +
           gelu_tanh(a[i]);
  iout[i] = wrap_add(ia[i], ib[i]) + wrap_mul(ia[i], ib[i]) + int_floor_div(ia[i], ib[i]) + int_mod(ia[i], ib[i]) +
            int_pow(ia[i], ib[i]) + shift_left(ia[i], ib[i]) + shift_right(ia[i], ib[i]) + gcd(ia[i], ib[i]) +
            lcm(ia[i], ib[i]) + heaviside(ia[i], ib[i]);
}

template __global__ void every_formula<float, int32_t>(float*, const float*, const float*, int32_t*, const int32_t*,
                                                       const int32_t*, int);
template __global__ void every_formula<double, int64_t>(double*, const double*, const double*, int64_t*,
                                                        const int64_t*, const int64_t*, int);

}  // namespace tsh_test
