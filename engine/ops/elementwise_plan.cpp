// engine/ops/elementwise_plan.cpp — broadcasting, output layout, overlap checks, input conversion.
#include "engine/ops/elementwise_plan.h"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"

namespace tsh {

namespace {

// -1: d0 is the faster dim, 1: d1 is, 0: no operand can tell.
int compare_dims(int64_t d0, int64_t d1, const Shape& shape, const std::vector<const Shape*>& strides) {
  for (const Shape* s : strides) {
    if (!s) continue;
    const int64_t s0 = (*s)[d0], s1 = (*s)[d1];
    if (s0 == 0 || s1 == 0) continue;  // broadcast in one of them: no information
    if (s0 != s1) return s0 < s1 ? -1 : 1;
    // Equal strides (size-1 dims): the smaller dim is the faster one.
    if (shape[d0] > shape[d1]) return 1;
  }
  return 0;
}

Shape permuted(const Shape& v, const std::vector<int64_t>& order) {
  Shape out;
  out.reserve(order.size());
  for (int64_t d : order) out.push_back(v[d]);
  return out;
}

Tensor permute_view(const Tensor& t, const std::vector<int64_t>& order) {
  return t.as_view(permuted(t.sizes(), order), permuted(t.strides(), order), t.storage_offset());
}

// The bytes of its storage a tensor's elements span: [begin, end). Offsets,
// not addresses: meta storages have none.
std::pair<int64_t, int64_t> extent(const Tensor& t) {
  const int64_t begin = t.storage_offset() * t.itemsize();
  int64_t last = 0;
  for (size_t i = 0; i < t.sizes().size(); ++i) last += (t.sizes()[i] - 1) * t.strides()[i];
  return {begin, begin + (last + 1) * t.itemsize()};
}

// Gives `out` (an out= tensor of the wrong shape) the new shape and strides,
// reallocating its storage when it is too small, as resize_ does.
void restride_out(const Tensor& out, const Shape& shape, const Shape& strides) {
  int64_t extent_elems = 0;
  if (shape_numel(shape) > 0) {
    extent_elems = 1;
    for (size_t i = 0; i < shape.size(); ++i) extent_elems += (shape[i] - 1) * strides[i];
  }
  const int64_t need = (out.storage_offset() + extent_elems) * out.itemsize();
  if (need > out.storage()->nbytes) {
    Storage fresh = make_storage(need, out.device());
    copy_bytes(fresh, 0, out.storage(), 0, out.storage()->nbytes);
    out.impl()->storage = fresh;
  }
  out.set_geometry(shape, strides, out.storage_offset());
}

// Strides exactly those of a new contiguous tensor (is_contiguous() forgives size-1 dims; this does not).
bool row_major(const Tensor& t) {
  int64_t expected = 1;
  for (size_t d = t.sizes().size(); d-- > 0;) {
    if (t.strides()[d] != expected) return false;
    expected *= t.sizes()[d];
  }
  return true;
}

// The common case of small tensors in a loop: tensor operands of one shape, all
// row-major and already in their kernel dtypes, writing a new tensor of the
// kernel's dtype or one of the operands in place. Then broadcasting, the
// iteration order (the natural one: row-major strides never tell two dims of a
// non-empty tensor apart the other way) and the output layout (row-major) are
// known, and the general path's views and checks can be skipped. Everything
// else returns false and takes that path.
bool prepare_plain(std::span<const Operand* const> inputs, std::span<const DType> in_dtypes, const Dest& dest,
                   DType out_dtype, DType check_dtype, Prepared& p) {
  // (check_dtype == out_dtype: writing self in its own dtype needs no cast check.)
  if (inputs.empty() || !inputs[0]->is_tensor() || dest.mode == Dest::Mode::Out || check_dtype != out_dtype)
    return false;
  const Tensor& first = inputs[0]->tensor();
  if (first.numel() == 0) return false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i]->is_tensor()) return false;
    const Tensor& t = inputs[i]->tensor();
    if (t.dtype() != in_dtypes[i] || (i > 0 && (t.device() != first.device() || !same_shape(t.sizes(), first.sizes()))) ||
        !row_major(t) || t.is_conj())
      return false;
  }
  if (dest.mode == Dest::Mode::InPlace) {
    const Tensor& d = dest.tensor;
    if (d.dtype() != out_dtype || d.device() != first.device() || !same_shape(d.sizes(), first.sizes()) || !row_major(d) ||
        d.is_conj())
      return false;
    // Each input is self or lives in another storage: no partial overlap to refuse.
    for (const Operand* op : inputs)
      if (!op->tensor().is_same(d) && op->tensor().storage() == d.storage()) return false;
    p.result_ = HeldTensor::borrow(d);
  } else {
    p.result_ = empty(first.sizes(), out_dtype, first.device());
  }
  p.out_is_result = true;
  for (const Operand* op : inputs) p.ins.borrow(op->tensor());
  return true;
}

}  // namespace

std::vector<int64_t> iteration_order(const Shape& shape, const std::vector<const Shape*>& strides) {
  const int64_t n = static_cast<int64_t>(shape.size());
  // fast[k]: the k-th fastest dim; start from the natural order (last dim fastest).
  std::vector<int64_t> fast(n);
  for (int64_t k = 0; k < n; ++k) fast[k] = n - 1 - k;
  // Insertion sort that tolerates undecided comparisons: an undecided pair
  // neither swaps nor stops the scan.
  for (int64_t i = 1; i < n; ++i) {
    int64_t pos = i;
    for (int64_t j = i - 1; j >= 0; --j) {
      int c = compare_dims(fast[j], fast[pos], shape, strides);
      if (c > 0) {
        std::swap(fast[j], fast[pos]);
        pos = j;
      } else if (c < 0) {
        break;
      }
    }
  }
  return std::vector<int64_t>(fast.rbegin(), fast.rend());
}

Shape strides_in_order(const Shape& shape, const std::vector<int64_t>& order) {
  bool natural = true;
  for (size_t k = 0; k < order.size(); ++k) natural = natural && order[k] == static_cast<int64_t>(k);
  if (natural) return contiguous_strides(shape);
  Shape strides(shape.size());
  int64_t next = 1;
  for (size_t k = order.size(); k-- > 0;) {
    strides[order[k]] = next;
    next *= shape[order[k]];
  }
  return strides;
}

void check_overlap(const Tensor& out, std::span<const Tensor> inputs) {
  if (!non_overlapping_and_dense(out.sizes(), out.strides())) {
    for (size_t d = 0; d < out.sizes().size(); ++d)
      TSH_CHECK(!(out.strides()[d] == 0 && out.sizes()[d] > 1), RuntimeError,
                "unsupported operation: more than one element of the written-to tensor refers to a "
                "single memory location. Please clone() the tensor before performing the operation.");
  }
  for (const Tensor& in : inputs) {
    if (in.is_same(out) || out.numel() == 0 || in.numel() == 0) continue;
    if (in.storage() != out.storage()) continue;
    // Only dense layouts are compared, as PyTorch does; others are "too hard" and allowed.
    if (!non_overlapping_and_dense(out.sizes(), out.strides()) ||
        !non_overlapping_and_dense(in.sizes(), in.strides()))
      continue;
    auto [ob, oe] = extent(out);
    auto [ib, ie] = extent(in);
    const bool full = ob == ib && oe == ie && out.strides() == in.strides();
    TSH_CHECK(full || !(ob < ie && ib < oe), RuntimeError,
              "unsupported operation: some elements of the input tensor and the written-to tensor "
              "refer to a single memory location. Please clone() the tensor before performing the "
              "operation.");
  }
}

Shape broadcast_all(std::span<const Operand* const> inputs) {
  Shape shape;
  for (const Operand* op : inputs)
    if (op->is_tensor()) shape = broadcast_shapes(shape, op->sizes());
  return shape;
}

Tensor wrap_number(const Scalar& s) {
  DType d = s.is_bool() ? DType::Bool
            : s.is_int() ? DType::Int64
            : s.is_float() ? DType::Float64
                           : DType::Complex128;
  Tensor t = empty({}, d);
  dispatch(d, [&]<typename T>() {
    T v{};
    if constexpr (std::is_same_v<T, bool>) v = s.to_bool();
    else if constexpr (std::is_same_v<T, int64_t>) v = s.to_int();
    else if constexpr (std::is_same_v<T, double>) v = s.to_double();
    else if constexpr (std::is_same_v<T, std::complex<double>>) v = s.to_complex();
    write_bytes(t.storage(), 0, &v, sizeof v);
  });
  return t;
}

void check_can_cast(DType from, DType to) {
  TSH_CHECK(can_cast(from, to), RuntimeError,
            std::string("result type ") + scalar_type_name(from) +
                " can't be cast to the desired output type " + scalar_type_name(to));
}

namespace {

// The device an elementwise op runs on, as PyTorch's TensorIterator chooses it: the first
// device other than the CPU among the destination and the inputs, else the CPU. Every tensor
// is there, but for a CPU tensor of dim 0 among the inputs, which is read as a number
// (cuda_tensor + torch.tensor(3.)). Anything else is PyTorch's error.
Device common_device(const std::vector<Tensor>& inputs, const Dest& dest) {
  Device common;
  bool inputs_on_cpu = !inputs.empty();
  for (const Tensor& t : inputs) inputs_on_cpu = inputs_on_cpu && t.device().is_cpu();
  // PyTorch computes CPU inputs on the CPU, then copies into a meta out=, which refuses.
  TSH_CHECK(dest.is_new() || !dest.tensor.device().is_meta() || !inputs_on_cpu, RuntimeError,
            "Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!");
  if (!dest.is_new() && !dest.tensor.device().is_cpu()) common = dest.tensor.device();
  for (const Tensor& t : inputs)
    if (common.is_cpu() && !t.device().is_cpu()) common = t.device();
  auto mismatch = [&](Device found) {
    if (!common.is_meta() && !found.is_meta()) return device_mismatch(common, found);
    // Meta tensors' message names the first input's device as the expected one (c + m: "Tensor
    // on device meta is not on the expected device cpu!").
    Device expected = common;
    if (!inputs.empty() && !(inputs[0].device().is_cpu() && inputs[0].dim() == 0)) expected = inputs[0].device();
    return device_mismatch(expected, found == expected ? common : found);
  };
  for (const Tensor& t : inputs) {
    const bool cpu_scalar = !common.is_cpu() && t.device().is_cpu() && t.dim() == 0;
    TSH_CHECK(t.device() == common || cpu_scalar, RuntimeError, mismatch(t.device()));
  }
  if (!dest.is_new()) TSH_CHECK(dest.tensor.device() == common, RuntimeError, mismatch(dest.tensor.device()));
  return common;
}

}  // namespace

Prepared prepare_elementwise(std::span<const Operand> inputs, std::span<const DType> in_dtypes,
                             const Dest& dest, DType out_dtype, DType check_dtype) {
  TSH_CHECK(inputs.size() <= Prepared::Inputs::kMax, std::logic_error, "an elementwise op with more than three inputs");
  const Operand* ptrs[Prepared::Inputs::kMax];
  for (size_t i = 0; i < inputs.size(); ++i) ptrs[i] = &inputs[i];
  return prepare_elementwise(std::span<const Operand* const>(ptrs, inputs.size()), in_dtypes, dest, out_dtype,
                             check_dtype);
}

Prepared prepare_elementwise(std::span<const Operand* const> inputs, std::span<const DType> in_dtypes,
                             const Dest& dest, DType out_dtype, DType check_dtype) {
  Prepared p;
  if (prepare_plain(inputs, in_dtypes, dest, out_dtype, check_dtype, p)) return p;
  const Shape shape = broadcast_all(inputs);
  std::vector<Tensor> originals;  // the tensor inputs, for overlap checks
  for (const Operand* op : inputs)
    if (op->is_tensor()) originals.push_back(op->tensor());
  const Device device = common_device(originals, dest);

  // Broadcast strides of each tensor input, in natural dim order.
  std::vector<Shape> in_strides;
  for (const Tensor& t : originals) in_strides.push_back(broadcast_strides(t.sizes(), t.strides(), shape));

  // The destination: checked before anything is written.
  bool dest_counts = false;  // an existing layout that takes part in the order
  if (!dest.is_new()) {
    const Tensor& d = dest.tensor;
    check_can_cast(check_dtype, d.dtype());
    if (dest.mode == Dest::Mode::InPlace) {
      TSH_CHECK(d.sizes() == shape, RuntimeError,
                "output with shape " + shape_str(d.sizes()) + " doesn't match the broadcast shape " +
                    shape_str(shape));
    }
    if (d.sizes() == shape) {
      check_overlap(d, originals);
      dest_counts = true;
    }
  }

  std::vector<const Shape*> order_strides;
  if (dest_counts) order_strides.push_back(&dest.tensor.strides());
  for (const Shape& s : in_strides) order_strides.push_back(&s);
  const std::vector<int64_t> order = iteration_order(shape, order_strides);

  // Layout of a new output: the inputs' own strides when they all share one
  // dense layout and the shape (PyTorch's fast path), else dense in `order`.
  auto new_strides = [&]() -> Shape {
    bool same = !originals.empty();
    for (const Tensor& t : originals)
      same = same && t.sizes() == shape && t.strides() == originals[0].strides() &&
             non_overlapping_and_dense(t.sizes(), t.strides());
    // A Python number is a 0-d operand of its own: then the shapes differ.
    for (const Operand* op : inputs) same = same && (op->is_tensor() || shape.empty());
    if (same && !tsh::is_contiguous(shape, originals[0].strides())) return originals[0].strides();
    return strides_in_order(shape, order);
  };
  if (dest.is_new()) {
    p.result_ = empty_strided(shape, new_strides(), out_dtype, device);
  } else {
    p.result_ = HeldTensor::borrow(dest.tensor);
    if (p.result().sizes() != shape) restride_out(p.result(), shape, new_strides());
  }

  Tensor kernel_out = p.result();
  if (kernel_out.dtype() != out_dtype) {
    kernel_out = empty_strided(shape, strides_in_order(shape, order), out_dtype, device);
    p.temp = kernel_out;
    p.via_temp = true;
  }
  p.out_ = permute_view(kernel_out, order);

  for (size_t i = 0; i < inputs.size(); ++i) {
    const Operand& op = *inputs[i];
    Tensor t;
    if (op.is_tensor()) {
      t = op.tensor();
    } else {
      // An unsigned number above int64 keeps its true value when the op computes in floats.
      const Scalar& s = op.scalar();
      t = wrap_number(s.is_uint() && !is_integral(in_dtypes[i], true) ? Scalar(s.to_double()) : s);
    }
    if (t.dtype() != in_dtypes[i]) {
      // Convert only the distinct elements: expanded (stride-0) dims shrink to
      // size 1 first and broadcast again below, so a converted expand stays small.
      Shape sizes = t.sizes();
      for (size_t d = 0; d < sizes.size(); ++d)
        if (t.strides()[d] == 0) sizes[d] = std::min<int64_t>(sizes[d], 1);
      t = to(t.as_view(sizes, t.strides(), t.storage_offset()), in_dtypes[i], std::nullopt);
    }
    // A number, or a CPU scalar tensor, is in host memory; a CUDA kernel reads its operands in device memory.
    if (t.device() != device) t = to(t, std::nullopt, device);
    Tensor expanded = t.as_view(shape, broadcast_strides(t.sizes(), t.strides(), shape), t.storage_offset());
    p.ins.push_back(permute_view(expanded, order));
  }
  return p;
}

void Prepared::Inputs::borrow(const Tensor& t) {
  TSH_CHECK(n_ < kMax, std::logic_error, "an elementwise op with more than three inputs");
  t_[n_++] = HeldTensor::borrow(t);
}

void Prepared::Inputs::push_back(HeldTensor t) {
  TSH_CHECK(n_ < kMax, std::logic_error, "an elementwise op with more than three inputs");
  t_[n_++] = std::move(t);
}

const Tensor& finish_elementwise(const Prepared& p) {
  if (p.via_temp) copy_(p.result(), p.temp);
  return p.result();
}

}  // namespace tsh
