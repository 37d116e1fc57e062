// engine/ops/scan.cpp — cumsum, cumprod, cummax, cummin: checks, dtypes and allocation.
#include "engine/ops/scan.h"

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/kernels/coverage.h"
#include "engine/kernels/scan.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/reduce_util.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {



// The scan of t (converted to dtype) into out, which has t's shape.
void scan_into(const kernels::Kernel<kernels::CumFn>& table, const Tensor& out, const Tensor& t, int64_t dim) {
  if (t.numel() == 0) return;
  Tensor src = to(t, out.dtype(), std::nullopt);
  if (t.dim() == 0) {  // one element: a line of length 1
    table.get(t.device())(unsqueeze(out, 0), unsqueeze(src, 0), 0);
    return;
  }
  table.get(t.device())(out, src, dim);
}

Tensor cum(const kernels::Kernel<kernels::CumFn>& table, const Tensor& t, int64_t dim,
           std::optional<DType> dtype) {
  dim = wrap_dim(dim, t.dim());
  DType d = dtype.value_or(is_integral(t.dtype(), true) ? DType::Int64 : t.dtype());
  Tensor out = empty(t.sizes(), d, t.device());
  scan_into(table, out, t, dim);
  return out;
}

const Tensor& cum_(const kernels::Kernel<kernels::CumFn>& table, const Tensor& t, int64_t dim,
                   std::optional<DType> dtype) {
  dim = wrap_dim(dim, t.dim());
  if (dtype && *dtype != t.dtype())
    throw RuntimeError(std::string("Bad in-place call: input tensor dtype ") + typemeta_name(t.dtype()) +
                       " and output tensor dtype " + typemeta_name(*dtype) + " should match");
  // Scan into a fresh tensor, then copy back: t's own elements are read as they are written.
  Tensor tmp = empty(t.sizes(), t.dtype(), t.device());
  scan_into(table, tmp, t, dim);
  copy_(t, tmp);
  return t;
}

ValuesIndices cum_extreme(const Tensor& t, int64_t dim, bool is_max) {
  static const kernels::Check cummax_check("cummax"), cummin_check("cummin");
  (is_max ? cummax_check : cummin_check).require(t.device(), t.dtype());
  dim = wrap_dim(dim, t.dim());
  ValuesIndices r{empty(t.sizes(), t.dtype(), t.device()), empty(t.sizes(), DType::Int64, t.device())};
  if (t.numel() == 0) return r;
  if (t.dim() == 0) {
    kernels::cummax.get(t.device())(unsqueeze(r.values, 0), unsqueeze(r.indices, 0), unsqueeze(t, 0), 0,
                                   is_max);
    return r;
  }
  kernels::cummax.get(t.device())(r.values, r.indices, t, dim, is_max);
  return r;
}

}  // namespace

Tensor cumsum(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  return cum(kernels::cumsum, t, dim, dtype);
}

Tensor cumprod(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  return cum(kernels::cumprod, t, dim, dtype);
}

const Tensor& cumsum_(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  return cum_(kernels::cumsum, t, dim, dtype);
}

const Tensor& cumprod_(const Tensor& t, int64_t dim, std::optional<DType> dtype) {
  return cum_(kernels::cumprod, t, dim, dtype);
}

ValuesIndices cummax(const Tensor& t, int64_t dim) { return cum_extreme(t, dim, true); }
ValuesIndices cummin(const Tensor& t, int64_t dim) { return cum_extreme(t, dim, false); }

}  // namespace tsh
