// engine/ops/search.cpp — searchsorted, bucketize and isin, on the host in the promoted dtype.
#include "engine/ops/search.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "engine/ops/promotion.h"
#include "engine/ops/views.h"

namespace tsh {

namespace {

// A tensor's values in a type where comparisons are exact: int64 for integers (uint64 for
// uint64), double for floats.
template <typename V> std::vector<V> values_in(const Tensor& t, DType d) {
  const DType wide = d == DType::UInt64 ? DType::UInt64 : is_integral(d, true) ? DType::Int64 : DType::Float64;
  return host_values<V>(to(contiguous(to(t, d, std::nullopt)), wide, std::nullopt));
}

// The first position in [b, b + n) whose element is >= v (left) or > v (right), where NaN is greater
// than everything, as PyTorch compares: `!(x >= v)` / `!(x > v)` moves right.
template <typename V> int64_t find(const V* b, const int64_t* order, int64_t n, V v, bool right) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    const int64_t mid = lo + (hi - lo) / 2;
    const V x = b[order ? order[mid] : mid];
    const bool go_right = right ? !(x > v) : !(x >= v);
    if (go_right) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

template <typename V>
std::vector<int64_t> search(const Tensor& seq, const Tensor& values, DType d, bool right, const std::optional<Tensor>& sorter) {
  const std::vector<V> s = values_in<V>(seq, d), v = values_in<V>(values, d);
  std::vector<int64_t> order;
  if (sorter) order = int_values(contiguous(*sorter));
  const int64_t n = seq.dim() == 0 ? 1 : seq.sizes().back();
  const bool one_d = seq.dim() <= 1;
  const int64_t per_row = values.dim() == 0 ? 1 : values.sizes().back();
  std::vector<int64_t> out(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const int64_t row = one_d ? 0 : static_cast<int64_t>(i) / per_row;
    out[i] = find<V>(s.data() + row * n, sorter ? order.data() + row * n : nullptr, n, v[i], right);
  }
  return out;
}

// Where a result of a and b goes: both on one device, or a 0-d CPU tensor (a Python number) with any.
Device common_device(const Tensor& a, const Tensor& b) {
  auto number = [](const Tensor& t) { return t.dim() == 0 && t.device().is_cpu(); };
  if (a.device() == b.device() || number(b)) return a.device();
  TSH_CHECK(number(a), RuntimeError, device_mismatch(a.device(), b.device()));
  return b.device();
}

}  // namespace

Tensor searchsorted(const Tensor& seq, const Tensor& values, bool out_int32, bool right,
                    const std::optional<Tensor>& sorter) {
  if (sorter) {
    TSH_CHECK(sorter->sizes() == seq.sizes(), RuntimeError,
              "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor " +
                  shape_str(seq.sizes()) + "and got sorter tensor " + shape_str(sorter->sizes()));
    TSH_CHECK(sorter->dtype() == DType::Int64, RuntimeError,
              std::string("torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ") +
                  typemeta_name(sorter->dtype()));
  }
  TSH_CHECK(seq.dim() >= 1, RuntimeError,
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
            "tensor and input value tensor must match, but we got boundaries tensor " + shape_str(seq.sizes()) +
                " and input value tensor " + shape_str(values.sizes()));
  if (seq.dim() > 1) {
    bool match = values.dim() == seq.dim();
    for (int64_t d = 0; match && d + 1 < seq.dim(); ++d) match = seq.sizes()[d] == values.sizes()[d];
    TSH_CHECK(match, RuntimeError,
              "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
              "boundaries tensor and input value tensor must match, but we got boundaries tensor " +
                  shape_str(seq.sizes()) + " and input value tensor " + shape_str(values.sizes()));
  }
  TSH_CHECK(!is_complex(seq.dtype()) && !is_complex(values.dtype()), NotImplementedError,
            std::string("\"searchsorted_out_cpu\" not implemented for '") +
                scalar_type_name(is_complex(seq.dtype()) ? seq.dtype() : values.dtype()) + "'");
  const Device device = common_device(seq, values);
  const DType d = promote_types(seq.dtype(), values.dtype());
  const std::vector<int64_t> idx = d == DType::UInt64       ? search<uint64_t>(seq, values, d, right, sorter)
                                   : is_integral(d, true) ? search<int64_t>(seq, values, d, right, sorter)
                                                          : search<double>(seq, values, d, right, sorter);
  const Tensor out = int64_tensor(values.sizes(), idx, device);
  return out_int32 ? to(out, DType::Int32, std::nullopt) : out;
}

Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right) {
  TSH_CHECK(boundaries.dim() == 1, RuntimeError,
            "boundaries tensor must be 1 dimension, but got dim(" + std::to_string(boundaries.dim()) + ")");
  return searchsorted(boundaries, input, out_int32, right);
}

Tensor isin(const Tensor& elements, const Tensor& test, bool invert) {
  const Device device = common_device(elements, test);
  const DType d = promote_types(elements.dtype(), test.dtype());
  TSH_CHECK(!is_complex(d) && d != DType::Bool, NotImplementedError,
            std::string("Unsupported input type encountered for isin(): ") + scalar_type_name(d));
  auto run = [&]<typename V>() {
    std::vector<V> pool = values_in<V>(test, d);
    pool.erase(std::remove_if(pool.begin(), pool.end(), [](V v) { return v != v; }), pool.end());  // NaN matches nothing
    std::sort(pool.begin(), pool.end());
    const std::vector<V> e = values_in<V>(elements, d);
    std::vector<int64_t> hit(e.size());
    for (size_t i = 0; i < e.size(); ++i)
      hit[i] = (e[i] == e[i] && std::binary_search(pool.begin(), pool.end(), e[i])) != invert;  // NaN is never found
    return hit;
  };
  const std::vector<int64_t> hit = d == DType::UInt64       ? run.template operator()<uint64_t>()
                                   : is_integral(d, true) ? run.template operator()<int64_t>()
                                                          : run.template operator()<double>();
  return to(int64_tensor(elements.sizes(), hit, device), DType::Bool, std::nullopt);
}

}  // namespace tsh
