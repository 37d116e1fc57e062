// tests/unit/engine/test_index_ops.cpp — gather/scatter, index_*, masked_*, take/put, nonzero: every dtype.
//
// The table runs each op on x = torch.tensor([[0, 1, 2], [3, 0, 5]]).to(dtype)
// and on its transpose xt (a non-contiguous view), for all twelve dtypes; the
// expected shapes and values are torch 1.13's (complex values as real,
// imaginary pairs). The other cases check argument errors (PyTorch 2.x texts
// where 2.x changed them, as noted), that a failing op writes nothing, and
// that in-place ops keep their tensor and refuse expanded ones.
#include <catch2/catch.hpp>

#include <complex>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/ops/advanced_index.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/masked.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

Tensor make(const std::vector<double>& v, const Shape& s, DType d) {
  std::vector<Scalar> sc;
  for (double x : v) sc.push_back(d == DType::Bool ? Scalar(x != 0) : is_integral(d, false) ? Scalar(static_cast<int64_t>(x)) : Scalar(x));
  return from_scalars(s, sc, d);
}
Tensor L(const std::vector<double>& v, const Shape& s) { return make(v, s, DType::Int64); }
Tensor L(const std::vector<double>& v) { return L(v, {static_cast<int64_t>(v.size())}); }
Tensor F(const std::vector<double>& v, const Shape& s) { return make(v, s, DType::Float32); }
Tensor F(const std::vector<double>& v) { return F(v, {static_cast<int64_t>(v.size())}); }
Tensor Mask(const std::vector<double>& v, const Shape& s) { return make(v, s, DType::Bool); }

// Values in row-major order; complex ones as (real, imaginary) pairs.
std::vector<double> values(const Tensor& t) {
  std::vector<double> out;
  if (is_complex(t.dtype())) {
    const Tensor c = contiguous(to(t, DType::Complex128, std::nullopt));
    for (int64_t i = 0; i < c.numel(); ++i) {
      out.push_back(c.data<std::complex<double>>()[i].real());
      out.push_back(c.data<std::complex<double>>()[i].imag());
    }
    return out;
  }
  const Tensor c = contiguous(to(t, DType::Float64, std::nullopt));
  return std::vector<double>(c.data<double>(), c.data<double>() + c.numel());
}

struct DtypeCase {
  DType dtype;
  const char* torch;
  std::function<Tensor(const Tensor&, const Tensor&)> run;
  Shape sizes;
  std::vector<double> values;
};

const DtypeCase kDtypeCases[] = {
    {DType::Bool, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {1, 0, 1, 1, 1, 1}},
    {DType::Bool, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Bool, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 1, 0}},
    {DType::Bool, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {1, 1}},
    {DType::Bool, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 1, 1, 0, 1}},
    {DType::Bool, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 1}},
    {DType::Bool, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 1, 1, 1, 0, 1}},
    {DType::Bool, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 1, 0, 1}},
    {DType::Bool, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Bool, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 1, 1, 1, 1}},
    {DType::Bool, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Bool, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {1, 0, 1, 0, 1, 1}},
    {DType::Bool, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Bool, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Bool, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 1}},
    {DType::Bool, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 1, 1, 1, 0, 1}},
    {DType::Bool, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {1, 0, 1, 1}},
    {DType::Bool, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {1, 1, 1, 1, 1, 1}},
    {DType::Bool, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 1, 1}},
    {DType::Bool, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Bool, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {1, 1}},
    {DType::UInt8, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::UInt8, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::UInt8, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::UInt8, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::UInt8, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::UInt8, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::UInt8, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::UInt8, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::UInt8, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::UInt8, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::UInt8, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::UInt8, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::UInt8, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::UInt8, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::UInt8, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::UInt8, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::UInt8, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::UInt8, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::UInt8, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::UInt8, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::UInt8, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Int8, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Int8, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Int8, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Int8, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Int8, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Int8, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Int8, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Int8, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Int8, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Int8, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Int8, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Int8, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Int8, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Int8, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Int8, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Int8, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Int8, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Int8, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Int8, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Int8, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Int8, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Int16, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Int16, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Int16, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Int16, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Int16, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Int16, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Int16, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Int16, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Int16, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Int16, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Int16, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Int16, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Int16, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Int16, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Int16, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Int16, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Int16, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Int16, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Int16, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Int16, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Int16, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Int32, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Int32, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Int32, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Int32, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Int32, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Int32, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Int32, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Int32, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Int32, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Int32, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Int32, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Int32, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Int32, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Int32, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Int32, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Int32, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Int32, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Int32, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Int32, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Int32, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Int32, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Int64, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Int64, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Int64, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Int64, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Int64, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Int64, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Int64, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Int64, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Int64, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Int64, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Int64, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Int64, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Int64, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Int64, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Int64, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Int64, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Int64, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Int64, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Int64, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Int64, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Int64, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Float16, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Float16, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Float16, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Float16, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Float16, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Float16, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Float16, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Float16, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Float16, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Float16, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Float16, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Float16, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Float16, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Float16, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Float16, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Float16, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Float16, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Float16, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Float16, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Float16, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Float16, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::BFloat16, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::BFloat16, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::BFloat16, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::BFloat16, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::BFloat16, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::BFloat16, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::BFloat16, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::BFloat16, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::BFloat16, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::BFloat16, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::BFloat16, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::BFloat16, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::BFloat16, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::BFloat16, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::BFloat16, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::BFloat16, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::BFloat16, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::BFloat16, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::BFloat16, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::BFloat16, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::BFloat16, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Float32, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Float32, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Float32, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Float32, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Float32, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Float32, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Float32, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Float32, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Float32, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Float32, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Float32, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Float32, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Float32, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Float32, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Float32, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Float32, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Float32, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Float32, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Float32, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Float32, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Float32, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Float64, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 2, 5, 3, 5}},
    {DType::Float64, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 1, 0}},
    {DType::Float64, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 5, 0}},
    {DType::Float64, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 3}},
    {DType::Float64, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 1, 3, 3, 0, 5}},
    {DType::Float64, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 1, 1, 1, 1, 5}},
    {DType::Float64, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 4, 2, 3, 0, 5}},
    {DType::Float64, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 1, 0, 3, 0, 5}},
    {DType::Float64, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 2, 9, 3, 0, 5}},
    {DType::Float64, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 1, 2, 6, 1, 12}},
    {DType::Float64, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 1, 4, 19, 0, 5}},
    {DType::Float64, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 5, 0, 1, 2}},
    {DType::Float64, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 1, 1, 0, 1, 1}},
    {DType::Float64, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 1, 1, 1, 0, 1}},
    {DType::Float64, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 1, 2}},
    {DType::Float64, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 3, 1, 3, 0, 5}},
    {DType::Float64, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 5, 3}},
    {DType::Float64, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 1, 2, 3, 5, 5}},
    {DType::Float64, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 1, 0, 2, 5}},
    {DType::Float64, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Float64, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 2}},
    {DType::Complex64, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 0, 0, 2, 0, 5, 0, 3, 0, 5, 0}},
    {DType::Complex64, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 0, 0, 1, 0, 0, 0}},
    {DType::Complex64, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 0, 0, 5, 0, 0, 0}},
    {DType::Complex64, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 0, 3, 0}},
    {DType::Complex64, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 0, 1, 0, 3, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 5, 0}},
    {DType::Complex64, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 0, 4, 0, 2, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 0, 2, 0, 9, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 0, 1, 0, 2, 0, 6, 0, 1, 0, 12, 0}},
    {DType::Complex64, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 0, 1, 0, 4, 0, 19, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex64, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0}},
    {DType::Complex64, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0}},
    {DType::Complex64, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 0, 1, 0, 2, 0}},
    {DType::Complex64, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 0, 3, 0, 1, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 0, 0, 5, 0, 3, 0}},
    {DType::Complex64, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 0, 1, 0, 2, 0, 3, 0, 5, 0, 5, 0}},
    {DType::Complex64, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0}},
    {DType::Complex64, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Complex64, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 0, 2, 0}},
    {DType::Complex128, "x.index_select(1, torch.tensor([2, 0, 2]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(x, 1, L({2, 0, 2})); },
     {2, 3}, {2, 0, 0, 0, 2, 0, 5, 0, 3, 0, 5, 0}},
    {DType::Complex128, "xt.index_select(0, torch.tensor([1, 1]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_select(xt, 0, L({1, 1})); },
     {2, 2}, {1, 0, 0, 0, 1, 0, 0, 0}},
    {DType::Complex128, "x.gather(1, torch.tensor([[0, 0], [2, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(x, 1, L({0, 0, 2, 1}, {2, 2})); },
     {2, 2}, {0, 0, 0, 0, 5, 0, 0, 0}},
    {DType::Complex128, "xt.gather(0, torch.tensor([[2, 0]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return gather(xt, 0, L({2, 0}, {1, 2})); },
     {1, 2}, {2, 0, 3, 0}},
    {DType::Complex128, "x.scatter(1, torch.tensor([[2, 0]]), x[1:, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 0}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2)); },
     {2, 3}, {0, 0, 1, 0, 3, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.scatter(0, torch.tensor([[1, 1, 0]]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 0, L({1, 1, 0}, {1, 3}), Scalar(int64_t{1})); },
     {2, 3}, {0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 5, 0}},
    {DType::Complex128, "x.scatter(1, torch.tensor([[1, 1]]), x[1:, :2], reduce='add')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({1, 1}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, std::nullopt, 2), "add"); },
     {2, 3}, {0, 0, 4, 0, 2, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.scatter(1, torch.tensor([[2, 2]]), x[1:, 1:], reduce='multiply')", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter(x, 1, L({2, 2}, {1, 2}), slice(slice(x, 0, 1, std::nullopt), 1, 1, std::nullopt), "multiply"); },
     {2, 3}, {0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.scatter_add(0, torch.tensor([[0, 0, 0], [0, 1, 0]]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return scatter_add(x, 0, L({0, 0, 0, 0, 1, 0}, {2, 3}), x); },
     {2, 3}, {3, 0, 2, 0, 9, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.index_add(0, torch.tensor([1, 1]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 0, L({1, 1}), x); },
     {2, 3}, {0, 0, 1, 0, 2, 0, 6, 0, 1, 0, 12, 0}},
    {DType::Complex128, "x.index_add(1, torch.tensor([0, 2, 0]), x, alpha=2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_add(x, 1, L({0, 2, 0}), x, Scalar(int64_t{2})); },
     {2, 3}, {4, 0, 1, 0, 4, 0, 19, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.index_copy(0, torch.tensor([1, 0]), x)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_copy(x, 0, L({1, 0}), x); },
     {2, 3}, {3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex128, "xt.index_fill(0, torch.tensor([-1, 0]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return index_fill(xt, 0, L({-1, 0}), Scalar(int64_t{1})); },
     {3, 2}, {1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0}},
    {DType::Complex128, "x.masked_fill(torch.tensor([True, False, True]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_fill(x, Mask({1, 0, 1}, {3}), Scalar(int64_t{1})); },
     {2, 3}, {1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0}},
    {DType::Complex128, "xt.masked_select(torch.tensor([True, False]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_select(xt, Mask({1, 0}, {2})); },
     {3}, {0, 0, 1, 0, 2, 0}},
    {DType::Complex128, "x.masked_scatter(torch.tensor([[True], [False]]), xt)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return masked_scatter(x, Mask({1, 0}, {2, 1}), xt); },
     {2, 3}, {0, 0, 3, 0, 1, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "xt.take(torch.tensor([[5, 0], [-1, 1]]))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return take(xt, L({5, 0, -1, 1}, {2, 2})); },
     {2, 2}, {5, 0, 0, 0, 5, 0, 3, 0}},
    {DType::Complex128, "x.put(torch.tensor([0, 0, 4]), x[1], accumulate=True)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(x, L({0, 0, 4}), select(x, 0, 1), true); },
     {2, 3}, {3, 0, 1, 0, 2, 0, 3, 0, 5, 0, 5, 0}},
    {DType::Complex128, "xt.put(torch.tensor([1, 2]), x[0, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return put(xt, L({1, 2}), slice(select(x, 0, 0), 0, std::nullopt, 2)); },
     {3, 2}, {0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0}},
    {DType::Complex128, "x.nonzero()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return nonzero(x); },
     {4, 2}, {0, 1, 0, 2, 1, 0, 1, 2}},
    {DType::Complex128, "x[[1, 0], [2, 2]]", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return subscript(x, {TensorIndex::tensor_index(L({1, 0})), TensorIndex::tensor_index(L({2, 2}))}); },
     {2}, {5, 0, 2, 0}},
};

template <typename E>
void check_throws(const std::function<void()>& f, const std::string& message) {
  try {
    f();
    FAIL("no exception; expected: " << message);
  } catch (const E& e) {
    CHECK(std::string(e.what()) == message);
  }
}

const char* kOverlap =
    "unsupported operation: more than one element of the written-to tensor refers to a single memory "
    "location. Please clone() the tensor before performing the operation.";

}  // namespace

TEST_CASE("indexing ops give torch's values for every dtype, on contiguous and transposed inputs",
          "[index][index_ops]") {
  for (const DtypeCase& c : kDtypeCases) {
    INFO(c.torch << " for " << dtype_name(c.dtype));
    const Tensor x = make({0, 1, 2, 3, 0, 5}, {2, 3}, c.dtype);
    const Tensor r = c.run(x, tsh::t(x));
    CHECK(r.sizes() == c.sizes);
    CHECK(values(r) == c.values);
    CHECK(r.dtype() == (std::string(c.torch) == "x.nonzero()" ? DType::Int64 : c.dtype));
  }
}

TEST_CASE("in-place indexing ops return self and change it", "[index][index_ops]") {
  const Tensor x = zeros({2, 3}, DType::Float32);
  CHECK(scatter_(x, 1, L({2}, Shape{1, 1}), Scalar(1.0)).is_same(x));
  CHECK(scatter_add_(x, 1, L({2}, Shape{1, 1}), F({2}, Shape{1, 1})).is_same(x));
  CHECK(index_add_(x, 0, L({1}), F({1, 1, 1}, Shape{1, 3})).is_same(x));
  CHECK(index_copy_(x, 1, L({0}), F({7, 8}, Shape{2, 1})).is_same(x));
  CHECK(index_fill_(x, 0, L({1}), Scalar(int64_t{4})).is_same(x));
  CHECK(masked_fill_(x, Mask({0, 1, 0}, {3}), Scalar(int64_t{9})).is_same(x));
  CHECK(masked_scatter_(x, Mask({1, 0, 0}, {3}), F({5, 6})).is_same(x));
  CHECK(put_(x, L({5}), F({-1})).is_same(x));
  CHECK(values(x) == std::vector<double>{5, 9, 3, 6, 9, -1});
}

TEST_CASE("a failing indexing op writes nothing", "[index][index_ops]") {
  const Tensor x = zeros({2, 3}, DType::Float32);
  // Each has a valid position before the bad one.
  check_throws<RuntimeError>([&] { scatter_(x, 1, L({0, 3}, Shape{1, 2}), Scalar(1.0)); },
                             "index 3 is out of bounds for dimension 1 with size 3");
  // 2.x adds along the first/last dim through scatter_add_, with scatter's message.
  check_throws<RuntimeError>([&] { index_add_(x, 0, L({0, 2}), F({1, 1, 1, 1, 1, 1}, Shape{2, 3})); },
                             "index 2 is out of bounds for dimension 0 with size 2");
  check_throws<IndexError>([&] { index_add_(x, 0, L({0, 2}), F({1, 1, 1, 1, 1, 1}, Shape{2, 3}), Scalar(2.0)); },
                           "index out of range in self");
  check_throws<IndexError>([&] { index_copy_(x, 0, L({0, 2}), F({1, 1, 1, 1, 1, 1}, Shape{2, 3})); },
                           "index_copy_(): index 2 is out of bounds for dimension 0 with size 2");
  check_throws<IndexError>([&] { index_fill_(x, 1, L({0, -4}), Scalar(1.0)); },
                           "index -4 is out of bounds for dimension 1 with size 3");
  check_throws<IndexError>([&] { put_(x, L({0, 6}), F({1, 1})); },
                           "out of range: tried to access index 6 on a tensor of 6 elements.");
  check_throws<RuntimeError>([&] { masked_scatter_(x, Mask({1, 1, 1}, {3}), F({1, 2, 3})); },
                             "Number of elements of source < number of ones in mask");
  CHECK(values(x) == std::vector<double>(6, 0.0));
}

TEST_CASE("in-place indexing ops refuse an expanded self", "[index][index_ops]") {
  const Tensor e = expand(zeros({3, 1}, DType::Float32), {3, 4});
  check_throws<RuntimeError>([&] { index_copy_(e, 0, L({0}), F({1, 1, 1, 1}, Shape{1, 4})); }, kOverlap);
  check_throws<RuntimeError>([&] { scatter_(e, 0, L({0}, Shape{1, 1}), Scalar(1.0)); }, kOverlap);
  check_throws<RuntimeError>([&] { index_add_(e, 0, L({0}), F({1, 1, 1, 1}, Shape{1, 4})); }, kOverlap);
  check_throws<RuntimeError>([&] { put_(e, L({0}), F({1})); }, kOverlap);
  check_throws<RuntimeError>([&] { masked_scatter_(e, Mask({1, 0, 0, 0}, {4}), F({1})); }, kOverlap);
  // masked_fill_ and index_fill_ only warn in PyTorch, and write through the shared memory.
  masked_fill_(e, Mask({1, 0, 0, 0}, {4}), Scalar(1.0));
  CHECK(values(e) == std::vector<double>(12, 1.0));
}

TEST_CASE("indexing op messages that PyTorch 2.x changed", "[index][index_ops]") {
  const Tensor x = zeros({2, 3}, DType::Float32);
  // masked_fill takes only bool masks; c10's TypeMeta names the dtype.
  check_throws<RuntimeError>([&] { masked_fill(x, L({1, 0, 1}), Scalar(1.0)); },
                             "masked_fill_ only supports boolean masks, but got mask with dtype long int");
  check_throws<RuntimeError>([&] { masked_scatter(x, L({1, 0, 1}), F({1, 2})); },
                             "masked_scatter_ only supports boolean masks, but got mask with dtype Long");
  check_throws<RuntimeError>([&] { index_select(F({5}, Shape{}), 0, L({0, 0})); },
                             "index_select(): Index to scalar can have only 1 value, got 2 value(s)");
  check_throws<RuntimeError>([&] { index_add(zeros({3, 4}, DType::Float32), 1, L({0}), F({1, 1}, Shape{2, 1})); },
                             "source tensor shape must match self tensor shape, excluding the specified dimension. "
                             "Got self.shape = [3, 4] source.shape = [2, 1]");
  check_throws<IndexError>([&] { index_add(zeros({3}, DType::Float32), 0, L({0, 1}), F({5}, Shape{})); },
                           "Dimension specified as 0 but tensor has no dimensions");
}

TEST_CASE("indexing op argument errors carry PyTorch's messages", "[index][index_ops]") {
  const Tensor x = zeros({2, 3}, DType::Float32);
  check_throws<RuntimeError>([&] { index_select(x, 1, L({3})); }, "INDICES element is out of DATA bounds, id=3 axis_dim=3");
  check_throws<IndexError>([&] { index_select(x, 0, L({2})); }, "index out of range in self");
  check_throws<RuntimeError>([&] { index_select(x, 0, F({0})); }, "index_select(): Expected dtype int32 or int64 for index");
  check_throws<RuntimeError>([&] { gather(x, 1, L({0, 0, 0}, Shape{3, 1})); },
                             "Size does not match at dimension 0 expected index [3, 1] to be no larger than self [2, 3] apart from dimension 1");
  check_throws<RuntimeError>([&] { gather(x, 1, L({0})); }, "Index tensor must have the same number of dimensions as input tensor");
  check_throws<RuntimeError>([&] { scatter(x, 1, L({0, 1, 0, 1}, Shape{2, 2}), F({1, 2}, Shape{2, 1})); },
                             "Expected index [2, 2] to be no larger than self [2, 3] apart from dimension 1 and to be no larger size than src [2, 1]");
  check_throws<RuntimeError>([&] { scatter(x, 1, L({0}, Shape{1, 1}), F({1}, Shape{1, 1}), "mul"); },
                             "reduce argument must be either add or multiply.");
  check_throws<RuntimeError>([&] { scatter_add(x, 1, F({0}, Shape{1, 1}), F({1}, Shape{1, 1})); },
                             "scatter(): Expected dtype int32/int64 for index");
  check_throws<RuntimeError>([&] { scatter(x, 1, L({0}, Shape{1, 1}), Scalar(std::complex<double>(1, 1))); },
                             "value cannot be converted to type float without overflow");
  check_throws<RuntimeError>([&] { index_copy(x, 1, L({0}), F({1, 1, 1}, Shape{3, 1})); },
                             "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: 2 at dimension 1 and source slice shape: 3 at dimension 0.");
  check_throws<RuntimeError>([&] { index_fill(x, 1, L({0}), Scalar(std::complex<double>(1, 1))); },
                             "index_fill_(): Converting complex Scalar to non-complex type is not supported");
  check_throws<RuntimeError>([&] { index_fill(x, 1, L({0}), F({1})); },
                             "index_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).");
  check_throws<IndexError>([&] { take(zeros({0}, DType::Float32), L({0})); }, "take(): tried to take from an empty tensor");
  check_throws<RuntimeError>([&] { put(x, L({0}), L({1})); },
                             "put_(): self and source expected to have the same dtype, but got self.dtype = Float and source.dtype = Long");
  check_throws<RuntimeError>([&] { masked_fill(x, Mask({1, 0, 1}, {3}), F({1})); },
                             "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).");
  check_throws<RuntimeError>([&] { masked_fill_(zeros({3}, DType::Float32), Mask({1, 0, 1, 0, 1, 0}, {2, 3}), Scalar(1.0)); },
                             "output with shape [3] doesn't match the broadcast shape [2, 3]");
  check_throws<RuntimeError>([&] { masked_scatter(x, Mask({1, 1, 1}, {3}), L({1, 2, 3, 4, 5, 6})); },
                             "masked_scatter: expected self and source to have same dtypes but gotFloat and Long");
}

TEST_CASE("nonzero lays its result out column by column; as_tuple gives one tensor per dim",
          "[index][index_ops]") {
  const Tensor m = Mask({0, 1, 1, 0, 0, 1}, {2, 3});
  const Tensor n = nonzero(m);
  CHECK(n.sizes() == Shape{3, 2});
  CHECK(n.strides() == Shape{1, 3});
  CHECK(values(n) == std::vector<double>{0, 1, 0, 2, 1, 2});
  const std::vector<Tensor> parts = nonzero_tuple(m);
  REQUIRE(parts.size() == 2);
  CHECK(values(parts[0]) == std::vector<double>{0, 0, 1});
  CHECK(values(parts[1]) == std::vector<double>{1, 2, 2});
  // A 0-d tensor: one column-less row when nonzero; as a tuple, a 1-d answer.
  CHECK(nonzero(F({5}, Shape{})).sizes() == Shape{1, 0});
  CHECK(values(nonzero_tuple(F({5}, Shape{}))[0]) == std::vector<double>{0});
  CHECK(nonzero(F({0}, Shape{})).sizes() == Shape{0, 0});
  // NaN counts as nonzero, -0.0 does not.
  CHECK(values(nonzero(F({0.0, -0.0, std::nan(""), 2.0}))) == std::vector<double>{2, 3});
}
