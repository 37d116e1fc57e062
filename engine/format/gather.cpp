// engine/format/gather.cpp — choosing the shown elements and reading them.
#include "engine/format/gather.h"

#include <algorithm>
#include <cstring>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/ops/copy.h"

namespace tsh::format {

int64_t DimPlan::count() const {
  int64_t n = 0;
  for (const IndexRange& r : ranges) n += r.end - r.begin;
  return n;
}

Plan full_plan(const Shape& sizes) {
  Plan plan(sizes.size());
  for (size_t d = 0; d < sizes.size(); ++d) plan[d].ranges = {{0, sizes[d]}};
  return plan;
}

Plan make_plan(const Shape& sizes, bool summarize, int64_t e) {
  Plan plan = full_plan(sizes);
  if (!summarize) return plan;
  if (e < 0 && sizes.size() >= 2) throw RuntimeError("stack expects a non-empty TensorList");
  for (size_t d = 0; d < sizes.size(); ++d) {
    const int64_t n = sizes[d];
    DimPlan& p = plan[d];
    if (e == 0) {
      p.ranges.clear();  // only the marker: "[...]"
      p.marker = 0;
    } else if (e < 0) {
      // Python slices t[:e] and t[-e:] with e < 0, clipped to [0, n].
      IndexRange head{0, std::max<int64_t>(0, n + e)}, tail{std::min(n, -e), n};
      p.ranges = {head, tail};
      p.marker = head.end;
    } else if (n - e > e) {  // n > 2e, written so that a huge e cannot overflow
      p.ranges = {{0, e}, {n - e, n}};
      p.marker = e;
    }
  }
  return plan;
}

Visible widen(const char* bytes, int64_t n, DType dtype) {
  Visible v;
  const int64_t item = itemsize(dtype);
  if (n == 0) {
    // Nothing shown (edgeitems == 0): the kind still matters to the formatter.
    v.kind = is_complex(dtype)    ? Visible::Kind::Complex
             : is_floating(dtype) ? Visible::Kind::Floating
             : dtype == DType::Bool ? Visible::Kind::Bool
                                    : Visible::Kind::Integer;
    return v;
  }
  const int64_t total = n;
  auto walk = [&](auto& sink) {
    for (int64_t i = 0; i < n; ++i) sink(bytes + i * item);
  };
  dispatch(dtype, [&]<typename T>() {
    if constexpr (is_complex_v<T>) {
      v.kind = Visible::Kind::Complex;
      v.re.reserve(static_cast<size_t>(total));
      v.im.reserve(static_cast<size_t>(total));
      auto sink = [&](const char* p) {
        T x;
        std::memcpy(&x, p, sizeof x);
        v.re.push_back(static_cast<double>(x.real()));
        v.im.push_back(static_cast<double>(x.imag()));
      };
      walk(sink);
    } else if constexpr (is_float_v<T>) {
      v.kind = Visible::Kind::Floating;
      v.re.reserve(static_cast<size_t>(total));
      // float16/bfloat16 widen through float; every step is exact.
      auto sink = [&](const char* p) {
        T x;
        std::memcpy(&x, p, sizeof x);
        if constexpr (std::is_same_v<T, double>)
          v.re.push_back(x);
        else
          v.re.push_back(static_cast<double>(static_cast<float>(x)));
      };
      walk(sink);
    } else {
      v.kind = std::is_same_v<T, bool> ? Visible::Kind::Bool : Visible::Kind::Integer;
      v.unsigned_ints = std::is_same_v<T, uint64_t>;
      v.ints.reserve(static_cast<size_t>(total));
      auto sink = [&](const char* p) {
        if constexpr (std::is_same_v<T, bool>) {
          v.ints.push_back(*reinterpret_cast<const uint8_t*>(p) != 0);  // any nonzero byte is True
        } else {
          T x;
          std::memcpy(&x, p, sizeof x);
          v.ints.push_back(static_cast<int64_t>(x));  // uint64 keeps its bits
        }
      };
      walk(sink);
    }
  });
  return v;
}

Tensor compact_on_cpu(const Tensor& t, const Plan& plan) {
  Shape counts;
  for (const DimPlan& p : plan) counts.push_back(p.count());
  Tensor out = empty(counts, t.dtype());
  const size_t nd = plan.size();
  // Odometer over the combinations of ranges (at most 2 per dim).
  std::vector<size_t> pick(nd, 0);
  for (;;) {
    Shape sizes(nd);
    int64_t src_off = t.storage_offset(), dst_off = 0;
    bool empty_block = false;
    for (size_t d = 0; d < nd; ++d) {
      if (plan[d].ranges.empty()) {
        empty_block = true;
        break;
      }
      const IndexRange& r = plan[d].ranges[pick[d]];
      int64_t before = 0;  // shown indices in the ranges before this one
      for (size_t k = 0; k < pick[d]; ++k)
        before += plan[d].ranges[k].end - plan[d].ranges[k].begin;
      sizes[d] = r.end - r.begin;
      empty_block = empty_block || sizes[d] == 0;
      src_off += r.begin * t.stride(static_cast<int64_t>(d));
      dst_off += before * out.stride(static_cast<int64_t>(d));
    }
    if (!empty_block) {
      Tensor src = t.as_view(sizes, t.strides(), src_off);
      Tensor dst = out.as_view(sizes, out.strides(), dst_off);
      copy_(dst, to(src, std::nullopt, Device{}));
    }
    size_t d = 0;
    while (d < nd && (plan[d].ranges.empty() || ++pick[d] == plan[d].ranges.size())) {
      pick[d] = 0;
      ++d;
    }
    if (d == nd) break;
  }
  return out;
}

}  // namespace tsh::format
