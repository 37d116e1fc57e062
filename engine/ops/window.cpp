// engine/ops/window.cpp — im2col, col2im and 2-d max pooling: PyTorch's checks, then the backend's
// kernel (engine/kernels/window.h), or, where a backend has none, the same result composed from
// views (unfold), copies and reductions.
#include "engine/ops/window.h"

#include <limits>
#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/window.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

std::string S(int64_t v) { return std::to_string(v); }

std::string pair_text(Pair p) { return "(" + S(p[0]) + ", " + S(p[1]) + ")"; }

std::string shape_text(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + S(s[i]);
  return out + "]";
}

// PyTorch's checks of a window geometry, in the order each op makes them: im2col checks kernel,
// dilation, padding, stride; col2im kernel, stride, dilation, padding.
void check_kernel(Pair kernel) {
  TSH_CHECK(kernel[0] > 0 && kernel[1] > 0, RuntimeError,
            "kernel size should be greater than zero, but got kernel_height: " + S(kernel[0]) +
                " kernel_width: " + S(kernel[1]));
}
void check_stride(Pair stride) {
  TSH_CHECK(stride[0] > 0 && stride[1] > 0, RuntimeError,
            "stride should be greater than zero, but got stride_height: " + S(stride[0]) + " stride_width: " +
                S(stride[1]));
}
void check_dilation(Pair dilation) {
  TSH_CHECK(dilation[0] > 0 && dilation[1] > 0, RuntimeError,
            "dilation should be greater than zero, but got dilation_height: " + S(dilation[0]) +
                " dilation_width: " + S(dilation[1]));
}
void check_padding(Pair padding) {
  TSH_CHECK(padding[0] >= 0 && padding[1] >= 0, RuntimeError,
            "padding should be non-negative, but got pad_height: " + S(padding[0]) + " pad_width: " + S(padding[1]));
}
void check_window(Pair kernel, Pair dilation, Pair padding, Pair stride) {
  check_kernel(kernel);
  check_dilation(dilation);
  check_padding(padding);
  check_stride(stride);
}

// PyTorch reads dims 1 and 2 of the input before it checks how many there are: fewer than 3 dims
// give its index error.
void check_dims_readable(const Tensor& t, int64_t last) {
  const int64_t n = t.dim();
  TSH_CHECK(n > last, IndexError,
            "Dimension out of range (expected to be in range of [" + S(-std::max<int64_t>(n, 1)) + ", " +
                S(std::max<int64_t>(n, 1) - 1) + "], but got " + S(std::max<int64_t>(n, 1)) + ")");
}

// im2col and col2im move floating, complex and bool elements (PyTorch has no integer kernels).
void check_dtype(const Tensor& t, const char* op) {
  const DType d = t.dtype();
  TSH_CHECK(is_floating(d) || is_complex(d) || d == DType::Bool, NotImplementedError,
            std::string("\"") + op + "_out_" + (t.device().is_cuda() ? "cuda" : "cpu") + "\" not implemented for '" +
                scalar_type_name(d) + "'");
}

// Window positions along one dim: floor((size + 2·pad − dilation·(kernel − 1) − 1) / stride) + 1.
int64_t positions(int64_t size, int64_t k, int64_t d, int64_t p, int64_t s) {
  const int64_t span = size + 2 * p - d * (k - 1) - 1;
  return span < 0 ? -((-span + s - 1) / s) + 1 : span / s + 1;  // PyTorch's division rounds towards zero
}

kernels::Window2d geometry(Pair kernel, Pair dilation, Pair padding, Pair stride, Pair out) {
  kernels::Window2d w{};
  for (int d = 0; d < 2; ++d) {
    w.kernel[d] = kernel[d], w.dilation[d] = dilation[d], w.padding[d] = padding[d], w.stride[d] = stride[d];
    w.out[d] = out[d];
  }
  return w;
}

// (N, C, H, W) padded with fill: `before` rows and columns above and left, `after` below and right
// (the input itself when there are none).
Tensor padded(const Tensor& x, Pair before, Pair after, const Scalar& fill) {
  if (before == Pair{0, 0} && after == Pair{0, 0}) return x;
  Shape sizes = x.sizes();
  sizes[2] += before[0] + after[0], sizes[3] += before[1] + after[1];
  Tensor out = full(sizes, fill, x.dtype(), x.device());
  copy_(narrow(narrow(out, 2, before[0], x.size(2)), 3, before[1], x.size(3)), x);
  return out;
}
Tensor padded(const Tensor& x, Pair padding, const Scalar& fill) { return padded(x, padding, padding, fill); }

// The windows of a padded (N, C, H', W') as a view (N, C, oh, ow, kh, kw).
Tensor windows(const Tensor& x, Pair kernel, Pair dilation, Pair stride) {
  Tensor v = x;
  for (int d = 0; d < 2; ++d) {
    v = unfold(v, 2 + d, dilation[d] * (kernel[d] - 1) + 1, stride[d]);
    if (dilation[d] > 1) v = slice(v, -1, std::nullopt, std::nullopt, dilation[d]);
  }
  return v;
}

}  // namespace

Tensor im2col(const Tensor& input, Pair kernel, Pair dilation, Pair padding, Pair stride, bool rows_outer) {
  check_window(kernel, dilation, padding, stride);
  check_dims_readable(input, 2);
  const bool batched = input.dim() == 4;
  const bool valid = input.size(1) != 0 && input.size(2) != 0;
  TSH_CHECK((input.dim() == 3 && input.size(0) != 0 && valid) || (batched && valid && input.size(3) != 0), RuntimeError,
            "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, "
            "but got: " + shape_text(input.sizes()));
  check_dtype(input, "im2col");
  const Tensor x = batched ? contiguous(input) : unsqueeze(contiguous(input), 0);
  const Pair size{x.size(2), x.size(3)};
  Pair out{};
  for (int d = 0; d < 2; ++d) out[d] = positions(size[d], kernel[d], dilation[d], padding[d], stride[d]);
  TSH_CHECK(out[0] >= 1 && out[1] >= 1, RuntimeError,
            "Given input with spatial size " + pair_text(size) + ", kernel_size=" + pair_text(kernel) +
                ", dilation=" + pair_text(dilation) + ", padding=" + pair_text(padding) +
                ", calculated shape of the array of sliding blocks as " + pair_text(out) +
                ", but its components must be at least one.");
  const int64_t n = x.size(0), rows = x.size(1) * kernel[0] * kernel[1], length = out[0] * out[1];
  rows_outer = rows_outer && batched;
  Tensor cols = rows_outer ? transpose(empty({rows, n, length}, x.dtype(), x.device()), 0, 1)
                           : empty({n, rows, length}, x.dtype(), x.device());
  if (kernels::im2col.has(x.device().type)) {
    if (cols.numel() > 0) kernels::im2col.get(x.device())(x, cols, geometry(kernel, dilation, padding, stride, out));
  } else {
    const Tensor v = windows(padded(x, padding, Scalar(int64_t{0})), kernel, dilation, stride);
    copy_(cols, reshape(permute(v, {0, 1, 4, 5, 2, 3}), {n, rows, length}));
  }
  return batched ? cols : squeeze(cols, 0);
}

Tensor col2im(const Tensor& cols, Pair output_size, Pair kernel, Pair dilation, Pair padding, Pair stride) {
  check_kernel(kernel);
  check_stride(stride);
  check_dilation(dilation);
  check_padding(padding);
  const bool batched = cols.dim() == 3;
  TSH_CHECK((cols.dim() == 2 && cols.size(0) != 0 && cols.size(1) != 0) ||
                (batched && cols.size(1) != 0 && cols.size(2) != 0),
            RuntimeError,
            "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for "
            "input, but got: " + shape_text(cols.sizes()));
  // The kernel reads any layout whose last dim is contiguous.
  const Tensor laid = cols.size(-1) <= 1 || cols.stride(-1) == 1 ? cols : contiguous(cols);
  const Tensor c = batched ? laid : unsqueeze(laid, 0);
  const int64_t per_window = kernel[0] * kernel[1];
  TSH_CHECK(c.size(1) % per_window == 0, RuntimeError,
            "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
            "input.size(1)=" + S(c.size(1)) + " and kernel_size=" + pair_text(kernel) + ".");
  Pair out{};
  for (int d = 0; d < 2; ++d) out[d] = positions(output_size[d], kernel[d], dilation[d], padding[d], stride[d]);
  TSH_CHECK(c.size(2) == out[0] * out[1], RuntimeError,
            "Given output_size=" + pair_text(output_size) + ", kernel_size=" + pair_text(kernel) + ", dilation=" +
                pair_text(dilation) + ", padding=" + pair_text(padding) + ", stride=" + pair_text(stride) +
                ", expected size of input's dimension 2 to match the calculated number of sliding blocks " +
                S(out[0]) + " * " + S(out[1]) + " = " + S(out[0] * out[1]) + ", but got input.size(2)=" + S(c.size(2)) +
                ".");
  // blocks whose product matches by accident (-1 · -1): no output to sum into
  TSH_CHECK(out[0] >= 1 && out[1] >= 1 && output_size[0] >= 1 && output_size[1] >= 1, RuntimeError,
            "Given output_size=" + pair_text(output_size) + ", kernel_size=" + pair_text(kernel) +
                ", calculated shape of the array of sliding blocks as " + pair_text(out) +
                ", but its components must be at least one.");
  check_dtype(c, "col2im");
  const int64_t n = c.size(0), channels = c.size(1) / per_window;
  Tensor img;
  if (kernels::col2im.has(c.device().type)) {
    img = zeros({n, channels, output_size[0], output_size[1]}, c.dtype(), c.device());
    if (img.numel() > 0) kernels::col2im.get(c.device())(c, img, geometry(kernel, dilation, padding, stride, out));
  } else {
    // each window offset (i, j) adds its row of columns back as one strided slice of the padded image
    Tensor full_img = zeros({n, channels, output_size[0] + 2 * padding[0], output_size[1] + 2 * padding[1]}, c.dtype(),
                            c.device());
    const Tensor blocks = reshape(c, {n, channels, kernel[0], kernel[1], out[0], out[1]});
    for (int64_t i = 0; i < kernel[0]; ++i)
      for (int64_t j = 0; j < kernel[1]; ++j) {
        Tensor target = slice(slice(full_img, 2, i * dilation[0], i * dilation[0] + (out[0] - 1) * stride[0] + 1, stride[0]),
                              3, j * dilation[1], j * dilation[1] + (out[1] - 1) * stride[1] + 1, stride[1]);
        add(target, select(select(blocks, 2, i), 2, j), Scalar(int64_t{1}), Dest::inplace(target));
      }
    img = contiguous(narrow(narrow(full_img, 2, padding[0], output_size[0]), 3, padding[1], output_size[1]));
  }
  return batched ? img : squeeze(img, 0);
}

std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& input, Pair kernel, Pair stride, Pair padding,
                                                  Pair dilation, Pair out) {
  TSH_CHECK(input.dim() == 4 && is_floating(input.dtype()), RuntimeError,
            "max_pool2d_with_indices: a floating (N, C, H, W) input expected");
  check_window(kernel, dilation, padding, stride);
  TSH_CHECK(out[0] >= 1 && out[1] >= 1, RuntimeError, "max_pool2d_with_indices: the output would be empty");
  const Tensor x = contiguous(input);
  const Shape sizes{x.size(0), x.size(1), out[0], out[1]};
  if (kernels::max_pool2d.has(x.device().type)) {
    Tensor values = empty(sizes, x.dtype(), x.device());
    Tensor indices = empty(sizes, DType::Int64, x.device());
    if (values.numel() > 0)
      kernels::max_pool2d.get(x.device())(x, values, indices, geometry(kernel, dilation, padding, stride, out));
    return {values, indices};
  }
  // Composed: windows over the input padded with -inf, the first maximum of each, and its position
  // read from the same windows over a plane of flat indices (padding: -1, which never wins).
  // A ceil_mode window may hang past the padding: the padding on that side grows to hold it.
  Pair after = padding;
  for (int d = 0; d < 2; ++d)
    after[d] += std::max<int64_t>(0, (out[d] - 1) * stride[d] + dilation[d] * (kernel[d] - 1) + 1 -
                                         (x.size(2 + d) + 2 * padding[d]));
  const double lowest = -std::numeric_limits<double>::infinity();
  const Tensor v = windows(padded(x, padding, after, Scalar(lowest)), kernel, dilation, stride);
  Shape flat = sizes;
  flat.push_back(kernel[0] * kernel[1]);
  auto [values, local] = max(reshape(v, flat), -1);
  const Tensor plane = reshape(arange(Scalar(int64_t{0}), Scalar(x.size(2) * x.size(3)), Scalar(int64_t{1}), DType::Int64,
                                      x.device()),
                               {1, 1, x.size(2), x.size(3)});
  const Tensor where = windows(padded(plane, padding, after, Scalar(int64_t{-1})), kernel, dilation, stride);
  Shape flat_plane{1, 1, out[0], out[1], kernel[0] * kernel[1]};
  const Tensor at = expand(reshape(where, flat_plane), flat);
  return {contiguous(values), contiguous(squeeze(gather(at, -1, unsqueeze(local, -1)), -1))};
}

Tensor max_pool2d_backward(const Tensor& grad_output, const Shape& input_sizes, const Tensor& indices) {
  Tensor grad = zeros(input_sizes, grad_output.dtype(), grad_output.device());
  if (grad.numel() == 0 || grad_output.numel() == 0) return grad;
  if (kernels::max_pool2d_backward.has(grad.device().type)) {
    kernels::max_pool2d_backward.get(grad.device())(contiguous(grad_output), contiguous(indices), grad);
    return grad;
  }
  const int64_t planes = input_sizes[0] * input_sizes[1], area = input_sizes[2] * input_sizes[3];
  const Tensor flat = reshape(grad, {planes, area});
  scatter_add_(flat, 1, reshape(contiguous(indices), {planes, -1}), reshape(contiguous(grad_output), {planes, -1}));
  return grad;
}

}  // namespace tsh
