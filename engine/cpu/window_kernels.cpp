// engine/cpu/window_kernels.cpp — im2col, col2im and 2-d max pooling on the CPU.
//
// Each (n, c) plane is independent, so the work splits over planes (or, for im2col, over the rows
// of the column matrix) across OpenMP threads; within a plane the loops run in PyTorch's order, so
// col2im's overlapping sums and max pooling's ties come out as its kernels give them.
#include "engine/cpu/window_kernels.h"

#include <cmath>
#include <complex>
#include <algorithm>
#include <cstring>
#include <limits>

#include "engine/core/error.h"
#include "engine/cpu/loop.h"

namespace tsh::cpu {

namespace {

using kernels::Window2d;

// Work worth more than one thread: more than a parallel grain of elements.
bool worth_threads(int64_t elements) { return elements >= kParallelGrain; }

// One row of the column matrix: window offset (i, j) of plane `src` over every window position.
// The source rows and columns that fall inside the plane are worked out once per row: the rest is
// padding (zeros), and with stride 1 each inside run is a plain copy.
template <typename T>
void im2col_row(const T* src, T* dst, int64_t H, int64_t W, int64_t i, int64_t j, const Window2d& w) {
  const int64_t oh = w.out[0], ow = w.out[1], sy = w.stride[0], sx = w.stride[1];
  const int64_t y0 = i * w.dilation[0] - w.padding[0], x0 = j * w.dilation[1] - w.padding[1];
  // window positions whose source row (column) y0 + y·sy (x0 + x·sx) is inside [0, H) ([0, W))
  auto first_inside = [](int64_t start, int64_t step, int64_t n) {
    return start >= 0 ? int64_t{0} : std::min(n, (-start + step - 1) / step);
  };
  auto end_inside = [](int64_t start, int64_t step, int64_t size, int64_t n) {
    return start >= size ? int64_t{0} : std::min(n, (size - 1 - start) / step + 1);
  };
  const int64_t ylo = first_inside(y0, sy, oh), yhi = std::max(ylo, end_inside(y0, sy, H, oh));
  const int64_t xlo = first_inside(x0, sx, ow), xhi = std::max(xlo, end_inside(x0, sx, W, ow));
  std::fill(dst, dst + ylo * ow, T{});
  for (int64_t y = ylo; y < yhi; ++y) {
    T* out = dst + y * ow;
    const T* row = src + (y0 + y * sy) * W + x0;
    std::fill(out, out + xlo, T{});
    if (sx == 1) {
      std::copy(row + xlo, row + xhi, out + xlo);
    } else {
      for (int64_t x = xlo; x < xhi; ++x) out[x] = row[x * sx];
    }
    std::fill(out + xhi, out + ow, T{});
  }
  std::fill(dst + yhi * ow, dst + oh * ow, T{});
}

// im2col moves elements without arithmetic: one instantiation per element size.
template <typename T>
void im2col_typed(const Tensor& input, const Tensor& cols, const Window2d& w) {
  const int64_t N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
  const int64_t kh = w.kernel[0], kw = w.kernel[1], L = w.out[0] * w.out[1];
  const int64_t per_image = C * kh * kw, rows = N * per_image;
  const int64_t image_stride = cols.stride(0), row_stride = cols.stride(1);
  const T* in = input.data<T>();
  T* out = cols.data<T>();
  parallel_ranges(rows, worth_threads(rows * L), [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      const int64_t n = r / per_image, row = r % per_image, ij = row % (kh * kw);
      im2col_row(in + (r / (kh * kw)) * H * W, out + n * image_stride + row * row_stride, H, W, ij / kw, ij % kw, w);
    }
  });
}

struct Bytes16 {
  uint64_t lo, hi;
};

// col2im adds: overlapping windows' entries sum in the order of the column rows (c, i, j), then of
// the window positions, as PyTorch's col2im does.
template <typename T>
void col2im_typed(const Tensor& cols, const Tensor& out, const Window2d& w) {
  const int64_t N = out.size(0), C = out.size(1), H = out.size(2), W = out.size(3);
  const int64_t kh = w.kernel[0], kw = w.kernel[1], oh = w.out[0], ow = w.out[1], L = oh * ow;
  const T* in = cols.data<T>();
  const int64_t image_stride = cols.stride(0), row_stride = cols.stride(1);
  T* img = out.data<T>();
  const int64_t planes = N * C;
  parallel_ranges(planes, worth_threads(planes * kh * kw * L), [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      T* plane = img + p * H * W;
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          const T* col = in + (p / C) * image_stride + ((p % C) * kh * kw + i * kw + j) * row_stride;
          for (int64_t y = 0; y < oh; ++y) {
            const int64_t iy = y * w.stride[0] - w.padding[0] + i * w.dilation[0];
            if (iy < 0 || iy >= H) continue;
            for (int64_t x = 0; x < ow; ++x) {
              const int64_t ix = x * w.stride[1] - w.padding[1] + j * w.dilation[1];
              if (ix >= 0 && ix < W) plane[iy * W + ix] = plane[iy * W + ix] + col[y * ow + x];
            }
          }
        }
    }
  });
}

// Max pooling in the accumulation type (float for the 16-bit floats): each window scanned row by
// row from its first in-bounds cell; a larger value or a NaN takes over.
template <typename T, typename Acc>
void max_pool_typed(const Tensor& input, const Tensor& values, const Tensor& indices, const Window2d& w) {
  const int64_t N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
  const int64_t oh = w.out[0], ow = w.out[1];
  const T* in = input.data<T>();
  T* val = values.data<T>();
  int64_t* ind = indices.data<int64_t>();
  const int64_t planes = N * C;
  parallel_ranges(planes, worth_threads(planes * oh * ow * w.kernel[0] * w.kernel[1]), [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      const T* plane = in + p * H * W;
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x) {
          int64_t y0 = y * w.stride[0] - w.padding[0], x0 = x * w.stride[1] - w.padding[1];
          const int64_t y1 = std::min(y0 + (w.kernel[0] - 1) * w.dilation[0] + 1, H);
          const int64_t x1 = std::min(x0 + (w.kernel[1] - 1) * w.dilation[1] + 1, W);
          while (y0 < 0) y0 += w.dilation[0];
          while (x0 < 0) x0 += w.dilation[1];
          int64_t best = y0 * W + x0;
          Acc top = -std::numeric_limits<Acc>::infinity();
          for (int64_t iy = y0; iy < y1; iy += w.dilation[0])
            for (int64_t ix = x0; ix < x1; ix += w.dilation[1]) {
              const Acc v = static_cast<Acc>(plane[iy * W + ix]);
              if (v > top || std::isnan(v)) {
                top = v;
                best = iy * W + ix;
              }
            }
          const int64_t o = (p * oh + y) * ow + x;
          val[o] = static_cast<T>(top);
          ind[o] = best;
        }
    }
  });
}

template <typename T>
void max_pool_backward_typed(const Tensor& grad_output, const Tensor& indices, const Tensor& grad_input) {
  const int64_t planes = grad_input.size(0) * grad_input.size(1);
  const int64_t area = grad_input.size(2) * grad_input.size(3), outs = grad_output.size(2) * grad_output.size(3);
  const T* g = grad_output.data<T>();
  const int64_t* ind = indices.data<int64_t>();
  T* gi = grad_input.data<T>();
  parallel_ranges(planes, worth_threads(planes * outs), [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p)
      for (int64_t o = 0; o < outs; ++o) {
        const int64_t at = ind[p * outs + o];
        if (at >= 0 && at < area) gi[p * area + at] = gi[p * area + at] + g[p * outs + o];
      }
  });
}

}  // namespace

void im2col_kernel(const Tensor& input, const Tensor& cols, const Window2d& w) {
  switch (itemsize(input.dtype())) {
    case 1: return im2col_typed<uint8_t>(input, cols, w);
    case 2: return im2col_typed<uint16_t>(input, cols, w);
    case 4: return im2col_typed<uint32_t>(input, cols, w);
    case 8: return im2col_typed<uint64_t>(input, cols, w);
    case 16: return im2col_typed<Bytes16>(input, cols, w);
  }
  throw RuntimeError("im2col: unexpected element size");
}

void col2im_kernel(const Tensor& cols, const Tensor& out, const Window2d& w) {
  switch (out.dtype()) {
#define TSH_COL2IM(e, T, n, l, c) \
  case DType::e: return col2im_typed<T>(cols, out, w);
    TSH_DTYPES(TSH_COL2IM)
#undef TSH_COL2IM
  }
}

void max_pool2d_kernel(const Tensor& input, const Tensor& values, const Tensor& indices, const Window2d& w) {
  switch (input.dtype()) {
    case DType::Float32: return max_pool_typed<float, float>(input, values, indices, w);
    case DType::Float64: return max_pool_typed<double, double>(input, values, indices, w);
    case DType::Float16: return max_pool_typed<Half, float>(input, values, indices, w);
    case DType::BFloat16: return max_pool_typed<BFloat16, float>(input, values, indices, w);
    default: throw RuntimeError("max_pool2d: a floating dtype expected");
  }
}

void max_pool2d_backward_kernel(const Tensor& grad_output, const Tensor& indices, const Tensor& grad_input) {
  switch (grad_input.dtype()) {
    case DType::Float32: return max_pool_backward_typed<float>(grad_output, indices, grad_input);
    case DType::Float64: return max_pool_backward_typed<double>(grad_output, indices, grad_input);
    case DType::Float16: return max_pool_backward_typed<Half>(grad_output, indices, grad_input);
    case DType::BFloat16: return max_pool_backward_typed<BFloat16>(grad_output, indices, grad_input);
    default: throw RuntimeError("max_pool2d_backward: a floating dtype expected");
  }
}

}  // namespace tsh::cpu
