// engine/ops/softmax.cpp — softmax, log_softmax, logcumsumexp and renorm, composed from reductions and
// elementwise ops.
#include "engine/ops/softmax.h"

#include <string>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// The input in its compute dtype; the kernel's refusal when that is not floating.
Tensor prepared(const Tensor& self, int64_t& dim, std::optional<DType> dtype, const char* kernel) {
  dim = self.dim() == 0 ? 0 : wrap_dim(dim, self.dim());
  if (self.dim() == 0) wrap_dim(dim, 1);
  const Tensor x = dtype ? to(self, *dtype, std::nullopt) : self;
  TSH_CHECK(is_floating(x.dtype()), NotImplementedError,
            std::string("\"") + kernel + "\" not implemented for '" + scalar_type_name(x.dtype()) + "'");
  return x;
}

// float16/bfloat16 compute in float32 and round once at the end, as PyTorch's kernels do.
bool is_half(DType d) { return d == DType::Float16 || d == DType::BFloat16; }

}  // namespace

// Both results are row-major whatever the input's layout, as PyTorch's kernels write them.
Tensor softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  const Tensor in = prepared(self, dim, dtype, "softmax_lastdim_kernel_impl");
  if (in.numel() == 0) return empty(in.sizes(), in.dtype(), in.device());
  const Tensor x = is_half(in.dtype()) ? to(in, DType::Float32, std::nullopt) : in;
  const Tensor shifted = exp(sub(x, amax(x, std::vector<int64_t>{dim}, true)));
  const Tensor out = div(shifted, sum(shifted, std::vector<int64_t>{dim}, true));
  return contiguous(to(out, in.dtype(), std::nullopt));
}

Tensor log_softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  const Tensor in = prepared(self, dim, dtype, "log_softmax_lastdim_kernel_impl");
  if (in.numel() == 0) return empty(in.sizes(), in.dtype(), in.device());
  const Tensor x = is_half(in.dtype()) ? to(in, DType::Float32, std::nullopt) : in;
  const Tensor shifted = sub(x, amax(x, std::vector<int64_t>{dim}, true));
  const Tensor out = sub(shifted, log(sum(exp(shifted), std::vector<int64_t>{dim}, true)));
  return contiguous(to(out, in.dtype(), std::nullopt));
}

Tensor logcumsumexp(const Tensor& self, int64_t dim) {
  const int64_t d = self.dim() == 0 ? wrap_dim(dim, 1) : wrap_dim(dim, self.dim());
  TSH_CHECK(is_floating(self.dtype()) || is_complex(self.dtype()), NotImplementedError,
            std::string("\"logcumsumexp_out_cpu\" not implemented for '") + scalar_type_name(self.dtype()) + "'");
  Tensor out = clone(self);
  if (self.dim() == 0 || self.numel() == 0) return out;
  for (int64_t i = 1; i < self.sizes()[d]; ++i)
    logaddexp(select(out, d, i - 1), select(self, d, i), Dest::out(select(out, d, i)));
  return out;
}

Tensor rms_norm(const Tensor& input, const Shape& normalized_shape, const std::optional<Tensor>& weight,
                std::optional<double> eps) {
  const int64_t k = static_cast<int64_t>(normalized_shape.size());
  bool fits = k <= input.dim();
  for (int64_t i = 0; fits && i < k; ++i) fits = input.sizes()[input.dim() - k + i] == normalized_shape[i];
  TSH_CHECK(fits, RuntimeError,
            "Given normalized_shape=" + shape_str(normalized_shape) + ", expected input with shape [*" + [&] {
              std::string s;
              for (int64_t i = 0; i < k; ++i) s += (i ? ", " : "") + std::to_string(normalized_shape[i]);
              return s;
            }() + "], but got input of size" + shape_str(input.sizes()));
  TSH_CHECK(is_floating(input.dtype()) || is_complex(input.dtype()), NotImplementedError,
            std::string("\"rms_norm\" not implemented for '") + scalar_type_name(input.dtype()) + "'");
  const Tensor x = is_half(input.dtype()) ? to(input, DType::Float32, std::nullopt) : input;
  double e = eps.value_or(0.0);
  if (!eps) {
    switch (input.dtype()) {
      case DType::Float16: e = 0.0009765625; break;
      case DType::BFloat16: e = 0.0078125; break;
      case DType::Float64: case DType::Complex128: e = 2.220446049250313e-16; break;
      default: e = 1.1920928955078125e-07; break;
    }
  }
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < k; ++i) dims.push_back(input.dim() - k + i);
  const Tensor scale = rsqrt(add(mean(pow(x, Operand(int64_t{2})), dims, true), Operand(e)));
  Tensor out = to(mul(x, scale), input.dtype(), std::nullopt);
  if (weight) out = mul(out, *weight);
  return out;
}

Tensor norm_except_dim(const Tensor& v, double p, int64_t dim) {
  if (dim == -1) return norm(v, p);
  dim = wrap_dim(dim, v.dim());
  TSH_CHECK(v.dim() > 0, IndexError, "Dimension specified as " + std::to_string(dim) + " but tensor has no dimensions");
  if (v.dim() == 1) return abs(v);
  const int64_t last = v.dim() - 1;
  if (dim == 0 || dim == last) {
    Shape out_shape(static_cast<size_t>(v.dim()), 1);
    out_shape[static_cast<size_t>(dim)] = v.sizes()[dim];
    const Tensor rows = dim == 0 ? view(contiguous(v), {v.sizes()[0], -1}) : view(contiguous(v), {-1, v.sizes()[last]});
    return view(norm(rows, p, std::vector<int64_t>{dim == 0 ? 1 : 0}), out_shape);
  }
  return transpose(norm_except_dim(transpose(v, 0, dim), p, 0), 0, dim);
}

Tensor renorm(const Tensor& self, double p, int64_t dim, double maxnorm) {
  TSH_CHECK(self.dim() > 1, RuntimeError,
            "renorm: input needs at least 2 dimensions, got " + std::to_string(self.dim()) + " dimensions");
  TSH_CHECK(p > 0, RuntimeError, "renorm: non-positive-norm not supported");
  TSH_CHECK(maxnorm >= 0, RuntimeError, "renorm: expected maxnorm to be >= 0 but got " + [&] {
    std::string s = std::to_string(maxnorm);
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    return s;
  }());
  TSH_CHECK(is_floating(self.dtype()) || is_complex(self.dtype()), NotImplementedError,
            std::string("linalg.vector_norm: Expected a floating point or complex tensor as input. Got ") +
                scalar_type_name(self.dtype()));
  const int64_t d = wrap_dim(dim, self.dim());
  std::vector<int64_t> others;
  for (int64_t k = 0; k < self.dim(); ++k)
    if (k != d) others.push_back(k);
  const Tensor norms = norm(self, p, others, true);
  // PyTorch's factor: maxnorm / (norm + 1e-7) where the norm is too large, else 1.
  const Tensor factor = where(gt(norms, Operand(maxnorm)), div(Operand(maxnorm), add(norms, Operand(1e-7))), Operand(1.0));
  return mul(self, to(factor, self.dtype(), std::nullopt));
}

}  // namespace tsh
