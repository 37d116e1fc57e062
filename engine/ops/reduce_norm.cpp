// engine/ops/reduce_norm.cpp — norm (PyTorch 2.x's linalg.vector_norm), dist and logsumexp.
//
// norm and dist follow PyTorch 2.x, where torch.norm of a number p (and the
// default 'fro' over at most two dims) is linalg.vector_norm: only floating
// and complex inputs, a real result, `dtype=` converting the input first,
// and |x| itself when every reduced dim has size 1. logsumexp is PyTorch's
// composition: m = amax (infinite maxima replaced by 0), then
// log(sum(exp(x - m))) + m, each step rounding as the elementwise ops do.
#include <cmath>
#include <limits>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/message.h"
#include "engine/core/shape.h"
#include "engine/kernels/reduce.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/masked.h"
#include "engine/ops/reduce_util.h"
#include "engine/ops/reduce.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {



}  // namespace

Tensor norm(const Tensor& t, double p, const OptDims& dims, bool keepdim,
            std::optional<DType> dtype) {
  TSH_CHECK(is_floating(t.dtype()) || is_complex(t.dtype()), RuntimeError,
            std::string("linalg.vector_norm: Expected a floating point or complex tensor as "
                        "input. Got ") +
                scalar_type_name(t.dtype()));
  if (dtype) {
    TSH_CHECK(is_floating(*dtype) || is_complex(*dtype), RuntimeError,
              std::string("linalg.vector_norm: dtype should be floating point or complex. Got ") +
                  scalar_type_name(*dtype));
    TSH_CHECK(is_complex(*dtype) == is_complex(t.dtype()), RuntimeError,
              std::string("linalg.vector_norm: dtype should be") +
                  (is_complex(t.dtype()) ? " complex" : " real") + " for " +
                  (is_complex(t.dtype()) ? "complex" : "real") + " inputs, but got " +
                  scalar_type_name(*dtype));
  }
  detail::ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  if (t.numel() == 0 && (p < 0 || std::isinf(p))) {
    TSH_CHECK(dims && !dims->empty(), RuntimeError,
              "linalg.vector_norm cannot compute the " + stream_str(p) +
                  " norm on an empty tensor because the operation does not have an identity");
    for (int64_t d : *dims) {
      int64_t w = wrap_dim(d, t.dim());
      TSH_CHECK(t.dim() == 0 || t.size(w) != 0, RuntimeError,
                "linalg.vector_norm cannot compute the " + stream_str(p) + " norm on the dimension " +
                    std::to_string(w) +
                    "because this dimension is empty and the operation does not have an identity");
    }
  }
  const DType in_dtype = dtype.value_or(t.dtype());
  const DType out_dtype = to_real(in_dtype);
  Tensor out = detail::reduce_alloc(spec, out_dtype, t.device());
  if (out.numel() == 0) return out;
  if (t.numel() == 0) {
    zero_(out);
    return out;
  }
  Tensor src = to(t, in_dtype, std::nullopt);
  kernels::norm.get(t.device())(detail::reduce_view(out, src, spec), src, p);
  return out;
}

Tensor dist(const Tensor& a, const Tensor& b, double p) {
  return norm(sub(a, b), p);
}

Tensor logsumexp(const Tensor& t, const std::vector<int64_t>& dims, bool keepdim) {
  // Integers (and bools) compute in the default float dtype.
  Tensor x = is_integral(t.dtype(), true) ? to(t, default_dtype(), std::nullopt) : t;
  detail::ReduceSpec spec = detail::reduce_spec(x, OptDims{dims}, keepdim);
  Tensor result;
  if (x.numel() == 0) {
    result = log(sum(exp(x), OptDims{dims}, keepdim));
    return result;
  }
  // Complex inputs (2.x) shift by the largest real part, as exp's magnitude depends on it alone.
  Tensor maxes = amax(is_complex(x.dtype()) ? real(x) : x, OptDims{dims}, true);
  // The squeezed maxima are a view of maxes: zeroing the infinite ones there
  // also changes what x - maxes subtracts.
  Tensor squeezed = maxes;
  if (!keepdim) {
    std::vector<int64_t> reduced;
    for (size_t d = 0; d < spec.mask.size(); ++d)
      if (spec.mask[d] && !dims.empty()) reduced.push_back(static_cast<int64_t>(d));
    squeezed = squeeze(maxes, reduced);
  }
  masked_fill_(squeezed, isinf(squeezed), Scalar(0.0));
  Tensor shifted = sub(x, maxes);
  exp(shifted, Dest::inplace(shifted));
  result = sum(shifted, OptDims{dims}, keepdim);
  log(result, Dest::inplace(result));
  add(result, squeezed, Scalar(int64_t{1}), Dest::inplace(result));
  return result;
}

}  // namespace tsh
