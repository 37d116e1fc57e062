// engine/ops/reduce_extrema.cpp — max, min, amax, amin, aminmax, argmax, argmin, all, any, count_nonzero.
//
// Extrema have no identity, so an empty reduction is an error with PyTorch's
// message (an IndexError naming the empty dim, or a RuntimeError asking for a
// dim); complex inputs are refused with PyTorch's dispatch messages. The
// logical reductions and count_nonzero accept every dtype.
#include "engine/ops/reduce.h"

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/reduce.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce_util.h"
#include "engine/ops/views.h"

namespace tsh {

using detail::ReduceSpec;

namespace {


// PyTorch's check that an empty input names non-empty dims to reduce.
// `shown` is each dim as the message prints it (as given, or wrapped).
void check_nonempty_dims(const Tensor& t, const std::vector<int64_t>& dims,
                         const std::string& fn, bool wrap_in_message, bool index_error_no_dim) {
  if (t.numel() != 0) return;
  if (dims.empty()) {
    if (index_error_no_dim)
      throw IndexError(fn + ": Expected reduction dim to be specified for input.numel() == 0.");
    throw RuntimeError(fn +
                       ": Expected reduction dim to be specified for input.numel() == 0. "
                       "Specify the reduction dim with the 'dim' argument.");
  }
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, t.dim());
    if (t.dim() == 0) continue;
    if (t.size(w) == 0)
      throw IndexError(fn + ": Expected reduction dim " + std::to_string(wrap_in_message ? w : d) +
                       " to have non-zero size.");
  }
}

Tensor extreme_values(const Tensor& t, const OptDims& dims, bool keepdim, bool is_max) {
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  Tensor out = detail::reduce_alloc(spec, t.dtype(), t.device());
  if (out.numel() == 0) return out;
  (is_max ? kernels::amax : kernels::amin).get(t.device())(detail::reduce_view(out, t, spec), t);
  return out;
}


ValuesIndices extreme_dim(const Tensor& t, int64_t dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "max()" : "min()";
  TSH_CHECK(!is_complex(t.dtype()), TypeError,
            std::string(name) + ": does not support complex input");
  wrap_dim(dim, t.dim());
  check_nonempty_dims(t, {dim}, name, true, false);
  ReduceSpec spec = detail::reduce_spec(t, std::optional<int64_t>(dim), keepdim);
  ValuesIndices r{detail::reduce_alloc(spec, t.dtype(), t.device()),
                  detail::reduce_alloc(spec, DType::Int64, t.device())};
  if (r.values.numel() == 0) return r;
  (is_max ? kernels::max_dim : kernels::min_dim)
      .get(t.device())(detail::reduce_view(r.values, t, spec),
                       detail::reduce_view(r.indices, t, spec), t);
  return r;
}

Tensor arg_extreme(const Tensor& t, std::optional<int64_t> dim, bool keepdim, bool is_max) {
  const char* name = is_max ? "argmax" : "argmin";
  // PyTorch 2.x's own sentences, before its dispatch.
  TSH_CHECK(!is_complex(t.dtype()), TypeError, std::string(name) + "(): does not support complex input");
  TSH_CHECK(t.dtype() != DType::Bool, NotImplementedError, std::string(name) + "(): does not support bool input");
  static const kernels::Check argmax_check("argmax"), argmin_check("argmin");
  (is_max ? argmax_check : argmin_check).require(t.device(), t.dtype());
  const std::string fn = std::string(name) + "()";
  if (dim) {
    wrap_dim(*dim, t.dim());
    check_nonempty_dims(t, {*dim}, fn, true, false);
  } else {
    check_nonempty_dims(t, {}, fn, true, true);
  }
  // Without a dim: the index into the flattened tensor (row-major order).
  Tensor src = dim ? t : reshape(t, {-1});
  ReduceSpec spec = detail::reduce_spec(src, dim ? dim : std::optional<int64_t>(0), keepdim);
  if (!dim && keepdim) spec.out_shape.assign(static_cast<size_t>(t.dim()), 1);
  Tensor out = detail::reduce_alloc(spec, DType::Int64, t.device());
  if (out.numel() == 0) return out;
  ReduceSpec kspec = detail::reduce_spec(src, dim ? dim : std::optional<int64_t>(0), true);
  (is_max ? kernels::argmax : kernels::argmin)
      .get(t.device())(detail::reduce_view(out, src, kspec), src);
  return out;
}

Tensor logical(const Tensor& t, const OptDims& dims, bool keepdim, bool is_all) {
  ReduceSpec spec = detail::reduce_spec(t, dims, keepdim);
  DType d = t.dtype() == DType::UInt8 ? DType::UInt8 : DType::Bool;
  Tensor out = detail::reduce_alloc(spec, d, t.device());
  if (out.numel() == 0) return out;
  if (t.numel() == 0) {
    fill_(out, Scalar(is_all));
    return out;
  }
  (is_all ? kernels::all : kernels::any).get(t.device())(detail::reduce_view(out, t, spec), t);
  return out;
}

}  // namespace

Tensor max(const Tensor& t) {
  static const kernels::Check check("max_all");
  check.require(t.device(), t.dtype());
  check_nonempty_dims(t, {}, "max()", true, false);
  return extreme_values(t, std::nullopt, false, true);
}

Tensor min(const Tensor& t) {
  static const kernels::Check check("min_all");
  check.require(t.device(), t.dtype());
  check_nonempty_dims(t, {}, "min()", true, false);
  return extreme_values(t, std::nullopt, false, false);
}

ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim) {
  return extreme_dim(t, dim, keepdim, true);
}

ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim) {
  return extreme_dim(t, dim, keepdim, false);
}

Tensor amax(const Tensor& t, const OptDims& dims, bool keepdim) {
  static const kernels::Check check("max_values");
  check.require(t.device(), t.dtype());
  detail::reduce_spec(t, dims, keepdim);  // dim range and repeats first
  check_nonempty_dims(t, dims.value_or(std::vector<int64_t>{}), "amax()", false, false);
  return extreme_values(t, dims, keepdim, true);
}

Tensor amin(const Tensor& t, const OptDims& dims, bool keepdim) {
  static const kernels::Check check("min_values");
  check.require(t.device(), t.dtype());
  detail::reduce_spec(t, dims, keepdim);
  check_nonempty_dims(t, dims.value_or(std::vector<int64_t>{}), "amin()", false, false);
  return extreme_values(t, dims, keepdim, false);
}

std::pair<Tensor, Tensor> aminmax(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  TSH_CHECK(!is_complex(t.dtype()), TypeError,
            std::string("aminmax not implemented for ") + scalar_type_name(t.dtype()));
  static const kernels::Check check("aminmax");
  check.require(t.device(), t.dtype());
  if (dim) {
    wrap_dim(*dim, t.dim());
    check_nonempty_dims(t, {*dim}, "aminmax", true, false);
  } else {
    TSH_CHECK(t.numel() > 0, RuntimeError,
              "aminmax(): cannot compute aminmax over an empty dimension as the operation has no "
              "identity.");
  }
  OptDims dims;
  if (dim) dims = std::vector<int64_t>{*dim};
  return {extreme_values(t, dims, keepdim, false), extreme_values(t, dims, keepdim, true)};
}

Tensor argmax(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme(t, dim, keepdim, true);
}

Tensor argmin(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  return arg_extreme(t, dim, keepdim, false);
}

Tensor all(const Tensor& t, const OptDims& dims, bool keepdim) { return logical(t, dims, keepdim, true); }
Tensor any(const Tensor& t, const OptDims& dims, bool keepdim) { return logical(t, dims, keepdim, false); }

Tensor count_nonzero(const Tensor& t, const OptDims& dims) {
  ReduceSpec spec = detail::reduce_spec(t, dims, false);
  Tensor out = detail::reduce_alloc(spec, DType::Int64, t.device());
  if (out.numel() == 0) return out;
  if (t.numel() == 0) {
    zero_(out);
    return out;
  }
  kernels::count.get(t.device())(detail::reduce_view(out, t, spec), t, false);
  return out;
}

}  // namespace tsh
