// engine/cpu/rnn_kernels.cpp — an LSTM's recurrence on the CPU.
//
// The pointwise half gives the composed path's values bit for bit (tests/unit/engine/test_rnn.cpp):
// each activation runs as the unary kernels run it on the same rows (sigmoid: SLEEF on whole
// blocks of a row, the scalar formula on its tail; tanh: MKL's VML, or SLEEF), and the products
// and sums are single roundings in the same order. The recurrent product is the call addmm makes,
// except that under MKL the weight is packed once for the whole sequence (cblas_sgemm_compute):
// 1.7x faster at LSTM sizes, with sums that may round differently in the last place from
// cblas_sgemm's (PyTorch's own LSTM, on oneDNN, rounds differently again). What is saved besides
// is everything around the arithmetic: one pass over a step's gates instead of eight ops and
// their allocations, and no interpreter between steps.
#include "engine/cpu/rnn_kernels.h"

#include <cblas.h>

#include <cstring>
#include <memory>
#include <vector>

#include "engine/core/error.h"
#include "engine/cpu/binary_loop.h"
#include "engine/cpu/loop.h"
#include "engine/cpu/math_library.h"
#include "engine/cpu/unary_simd.h"
#include "engine/kernels/scalar_math.h"

namespace tsh::cpu {

namespace {

// sigmoid in place over one contiguous run of n, as the unary kernel runs it (map1_vec): SLEEF on
// the whole blocks, the scalar formula on the tail.
template <typename T> void sigmoid_run(T* x, int64_t n) {
  const int64_t whole = n / vec_block<T>() * vec_block<T>();
  if (whole > 0) simd_unary(SimdFn::Sigmoid, x, x, whole);
  for (int64_t j = whole; j < n; ++j) x[j] = scalar::sigmoid(x[j]);
}

// tanh over one contiguous run: VML under MKL, else SLEEF (the unary kernel's vml_or_sleef).
template <typename T> void tanh_run(const T* x, T* out, int64_t n) {
  if (mathlib().mkl) vml(VmlFn::Tanh, x, out, n);
  else simd_unary(SimdFn::Tanh, x, out, n);
}

// Rows [begin, end) of one step: gates (rows of 4H) become activations in place, c is updated,
// h written. tmp holds H values.
template <typename T>
void cell_rows(T* gates, T* c, T* h, int64_t H, int64_t begin, int64_t end) {
  std::vector<T> tanh_c(static_cast<size_t>(H));
  for (int64_t b = begin; b < end; ++b) {
    T* g = gates + b * 4 * H;
    T* cb = c + b * H;
    T* hb = h + b * H;
    sigmoid_run(g, 2 * H);           // i and f, adjacent: one run, as the composed path's narrow
    tanh_run(g + 2 * H, g + 2 * H, H);  // g
    sigmoid_run(g + 3 * H, H);       // o
    const T *i = g, *f = g + H, *gg = g + 2 * H, *o = g + 3 * H;
    for (int64_t j = 0; j < H; ++j) {
      const T kept = f[j] * cb[j];
      const T added = i[j] * gg[j];
      cb[j] = kept + added;
    }
    tanh_run(cb, tanh_c.data(), H);
    for (int64_t j = 0; j < H; ++j) hb[j] = o[j] * tanh_c[j];
  }
}

template <typename T> void cell(T* gates, T* c, T* h, int64_t B, int64_t H) {
  parallel_ranges(B, B * 4 * H >= kParallelGrain, [&](int64_t begin, int64_t end) { cell_rows(gates, c, h, H, begin, end); });
}

// gates (B x 4H, row-major) += h (B x H, row-major) @ wᵀ, w (4H x H, row-major): the column-major
// call addmm's kernel makes for these layouts (gatesᵀ = w read transposed, times hᵀ), with w
// packed once in MKL's format when MKL has packed products.
// MKL's CBLAS enums that OpenBLAS's cblas.h lacks.
constexpr int kAMatrix = 161;  // kAMatrix: the operand cblas_?gemm_pack lays out
constexpr int kPacked = 151;   // CblasPacked: that operand's trans in cblas_?gemm_compute

template <typename T> class RecurrentProduct {
 public:
  RecurrentProduct(const T* w, int64_t B, int64_t H) : w_(w), B_(static_cast<int>(B)), H_(static_cast<int>(H)) {
    const MathLibrary& lib = mathlib();
    const int G = 4 * H_;
    if constexpr (std::is_same_v<T, float>) {
      if (lib.sgemm_pack_get_size && lib.sgemm_pack && lib.sgemm_compute) {
        packed_.reset(new T[(lib.sgemm_pack_get_size(kAMatrix, G, B_, H_) + sizeof(T) - 1) / sizeof(T)]);
        lib.sgemm_pack(CblasColMajor, kAMatrix, CblasTrans, G, B_, H_, 1.0f, w, H_, packed_.get());
      }
    } else {
      if (lib.dgemm_pack_get_size && lib.dgemm_pack && lib.dgemm_compute) {
        packed_.reset(new T[(lib.dgemm_pack_get_size(kAMatrix, G, B_, H_) + sizeof(T) - 1) / sizeof(T)]);
        lib.dgemm_pack(CblasColMajor, kAMatrix, CblasTrans, G, B_, H_, 1.0, w, H_, packed_.get());
      }
    }
  }

  void add_to(T* gates, const T* h) const {
    const MathLibrary& lib = mathlib();
    const int G = 4 * H_;
    if constexpr (std::is_same_v<T, float>) {
      if (packed_)
        lib.sgemm_compute(CblasColMajor, kPacked, CblasNoTrans, G, B_, H_, packed_.get(), H_, h, H_, 1.0f, gates, G);
      else
        lib.cblas_sgemm(CblasColMajor, CblasTrans, CblasNoTrans, G, B_, H_, 1.0f, w_, H_, h, H_, 1.0f, gates, G);
    } else {
      if (packed_)
        lib.dgemm_compute(CblasColMajor, kPacked, CblasNoTrans, G, B_, H_, packed_.get(), H_, h, H_, 1.0, gates, G);
      else
        lib.cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, G, B_, H_, 1.0, w_, H_, h, H_, 1.0, gates, G);
    }
  }

 private:
  const T* w_;
  int B_, H_;
  std::unique_ptr<T[]> packed_;  // MKL's layout of w; null: plain gemm
};

template <typename T>
void layer(const Tensor& projected, const Tensor& w_hh, const Tensor& h0, const Tensor& c, const Tensor& output,
           bool reverse, bool scratch) {
  const int64_t T_ = projected.size(0), B = projected.size(1), G = projected.size(2), H = G / 4;
  const RecurrentProduct<T> product(w_hh.data<T>(), B, H);
  // one step's gates: in place in projected when it is scratch, else a copy of its slice
  const std::unique_ptr<T[]> buffer(scratch ? nullptr : new T[static_cast<size_t>(B * G)]);
  const T* h = h0.data<T>();
  for (int64_t s = 0; s < T_; ++s) {
    const int64_t t = reverse ? T_ - 1 - s : s;
    T* gates = projected.data<T>() + t * B * G;
    if (!scratch) gates = static_cast<T*>(std::memcpy(buffer.get(), gates, sizeof(T) * static_cast<size_t>(B * G)));
    product.add_to(gates, h);
    T* out = output.data<T>() + t * B * H;
    cell(gates, c.data<T>(), out, B, H);
    h = out;
    check_interrupt();
  }
}

}  // namespace

void lstm_cell_kernel(const Tensor& gates, const Tensor& c, const Tensor& h) {
  const int64_t H = c.size(-1), B = H ? c.numel() / H : 0;
  if (gates.dtype() == DType::Float32) cell(gates.data<float>(), c.data<float>(), h.data<float>(), B, H);
  else if (gates.dtype() == DType::Float64) cell(gates.data<double>(), c.data<double>(), h.data<double>(), B, H);
  else throw RuntimeError("lstm_cell_kernel: float or double expected (a bug in tsh)");
}

void lstm_layer_kernel(const Tensor& projected, const Tensor& w_hh, const Tensor& h0, const Tensor& c,
                       const Tensor& output, bool reverse, bool scratch) {
  if (projected.dtype() == DType::Float32) layer<float>(projected, w_hh, h0, c, output, reverse, scratch);
  else if (projected.dtype() == DType::Float64) layer<double>(projected, w_hh, h0, c, output, reverse, scratch);
  else throw RuntimeError("lstm_layer_kernel: float or double expected (a bug in tsh)");
}

}  // namespace tsh::cpu
