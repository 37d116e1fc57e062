// tests/unit/engine/test_join.cpp — joining and rearranging: cat/stack, flip/roll/rot90, repeat, tril/triu, diag.
//
// The table runs each op on x = torch.tensor([[0, 1, 2], [3, 0, 5]]).to(dtype)
// and its transpose xt, for all twelve dtypes; sizes, strides and values are
// torch 1.13's (complex values as real, imaginary pairs). diag rows are
// written as their PyTorch 2.x definition (diagonal copy / diag_embed), which
// 1.13 lacks for float16. The other cases check errors (2.x texts where 2.x
// changed them), dtype promotion, views and identity.
#include <catch2/catch.hpp>

#include <complex>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/join.h"
#include "engine/ops/rearrange.h"
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
  Shape sizes, strides;
  std::vector<double> values;
};

const DtypeCase kDtypeCases[] = {
    {DType::Bool, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1}},
    {DType::Bool, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1}},
    {DType::Bool, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1}},
    {DType::Bool, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1}},
    {DType::Bool, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1}},
    {DType::Bool, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {1, 0, 1, 1, 1, 0}},
    {DType::Bool, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {1, 1, 1, 0, 0, 1}},
    {DType::Bool, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {1, 1, 0, 1, 1, 0}},
    {DType::Bool, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {1, 1, 0, 1, 0, 1}},
    {DType::Bool, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {1, 0, 1, 0, 1, 1}},
    {DType::Bool, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {1, 0, 1, 1, 1, 0}},
    {DType::Bool, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1}},
    {DType::Bool, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1}},
    {DType::Bool, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1}},
    {DType::Bool, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 1, 0, 0, 1}},
    {DType::Bool, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 1, 0, 0}},
    {DType::Bool, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 1, 1, 0, 0, 1}},
    {DType::Bool, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 1}},
    {DType::Bool, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0}},
    {DType::Bool, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Bool, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {1, 0, 1, 1, 0, 1}},
    {DType::Bool, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0}},
    {DType::UInt8, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::UInt8, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::UInt8, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::UInt8, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::UInt8, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::UInt8, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::UInt8, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::UInt8, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::UInt8, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::UInt8, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::UInt8, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::UInt8, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::UInt8, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::UInt8, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::UInt8, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::UInt8, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::UInt8, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::UInt8, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::UInt8, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::UInt8, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::UInt8, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::UInt8, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Int8, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Int8, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int8, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int8, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int8, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Int8, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int8, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Int8, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Int8, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Int8, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Int8, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int8, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int8, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int8, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int8, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Int8, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Int8, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Int8, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Int8, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Int8, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Int8, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Int8, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Int16, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Int16, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int16, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int16, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int16, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Int16, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int16, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Int16, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Int16, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Int16, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Int16, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int16, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int16, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int16, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int16, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Int16, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Int16, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Int16, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Int16, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Int16, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Int16, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Int16, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Int32, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Int32, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int32, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int32, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int32, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Int32, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int32, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Int32, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Int32, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Int32, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Int32, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int32, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int32, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int32, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int32, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Int32, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Int32, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Int32, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Int32, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Int32, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Int32, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Int32, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Int64, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Int64, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int64, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int64, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int64, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Int64, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int64, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Int64, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Int64, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Int64, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Int64, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Int64, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int64, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Int64, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Int64, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Int64, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Int64, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Int64, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Int64, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Int64, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Int64, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Int64, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Float16, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Float16, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float16, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float16, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float16, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Float16, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float16, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Float16, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Float16, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Float16, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Float16, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float16, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float16, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float16, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float16, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Float16, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Float16, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Float16, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Float16, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Float16, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Float16, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Float16, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::BFloat16, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::BFloat16, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::BFloat16, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::BFloat16, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::BFloat16, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::BFloat16, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::BFloat16, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::BFloat16, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::BFloat16, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::BFloat16, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::BFloat16, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::BFloat16, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::BFloat16, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::BFloat16, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::BFloat16, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::BFloat16, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::BFloat16, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::BFloat16, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::BFloat16, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::BFloat16, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::BFloat16, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::BFloat16, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Float32, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Float32, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float32, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float32, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float32, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Float32, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float32, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Float32, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Float32, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Float32, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Float32, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float32, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float32, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float32, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float32, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Float32, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Float32, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Float32, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Float32, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Float32, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Float32, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Float32, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Float64, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 1, 2, 3, 0, 5, 0, 1, 2, 3, 0, 5, 0, 1, 2}},
    {DType::Float64, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float64, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float64, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float64, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 5, 5}},
    {DType::Float64, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float64, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 5, 1, 0, 0, 3}},
    {DType::Float64, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 5, 0, 3, 1, 0}},
    {DType::Float64, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 3, 0, 5, 0, 1}},
    {DType::Float64, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 5, 0, 1, 2}},
    {DType::Float64, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 3, 2, 1, 0}},
    {DType::Float64, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5, 0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float64, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 1, 2, 0, 1, 2, 3, 0, 5, 3, 0, 5}},
    {DType::Float64, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 3, 0, 3, 1, 0, 1, 0, 2, 5, 2, 5}},
    {DType::Float64, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 1, 2, 0, 0, 5}},
    {DType::Float64, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 3, 0, 0}},
    {DType::Float64, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 3, 1, 0, 0, 5}},
    {DType::Float64, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 5}},
    {DType::Float64, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Float64, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Float64, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 3, 5, 0, 5}},
    {DType::Float64, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 3, 0, 0, 1, 3, 1, 0, 2, 3, 2, 0}},
    {DType::Complex64, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex64, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex64, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 2, 0, 3, 0, 3, 0, 0, 0, 0, 0, 5, 0, 5, 0}},
    {DType::Complex64, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 0, 0, 3, 0, 2, 0, 1, 0, 0, 0}},
    {DType::Complex64, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 0, 5, 0, 1, 0, 0, 0, 0, 0, 3, 0}},
    {DType::Complex64, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 0, 5, 0, 0, 0, 3, 0, 1, 0, 0, 0}},
    {DType::Complex64, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0}},
    {DType::Complex64, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex64, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 0, 0, 3, 0, 2, 0, 1, 0, 0, 0}},
    {DType::Complex64, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex64, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex64, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex64, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Complex64, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0}},
    {DType::Complex64, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Complex64, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 0, 5, 0}},
    {DType::Complex64, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0}},
    {DType::Complex64, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Complex64, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 0, 0, 3, 0, 5, 0, 0, 0, 5, 0}},
    {DType::Complex64, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 0, 3, 0, 0, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 2, 0, 3, 0, 2, 0, 0, 0}},
    {DType::Complex128, "torch.cat([x, xt.t(), x[:1]])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({x, tsh::t(xt), narrow(x, 0, 0, 1)}); },
     {5, 3}, {3, 1}, {0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex128, "torch.cat([xt, xt], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cat({xt, xt}, 1); },
     {3, 4}, {4, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex128, "torch.stack([x, x], 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return stack({x, x}, 1); },
     {2, 2, 3}, {6, 3, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "torch.hstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return hstack({x, x}); },
     {2, 6}, {6, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "torch.dstack([x, x])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return dstack({x, x}); },
     {2, 3, 2}, {6, 2, 1}, {0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 2, 0, 3, 0, 3, 0, 0, 0, 0, 0, 5, 0, 5, 0}},
    {DType::Complex128, "x.flip(0, 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(x, {0, 1}); },
     {2, 3}, {3, 1}, {5, 0, 0, 0, 3, 0, 2, 0, 1, 0, 0, 0}},
    {DType::Complex128, "xt.flip(0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return flip(xt, {0}); },
     {3, 2}, {1, 3}, {2, 0, 5, 0, 1, 0, 0, 0, 0, 0, 3, 0}},
    {DType::Complex128, "xt.roll(1, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(xt, {1}, {0}); },
     {3, 2}, {2, 1}, {2, 0, 5, 0, 0, 0, 3, 0, 1, 0, 0, 0}},
    {DType::Complex128, "x.roll(-2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return roll(x, {-2}, {}); },
     {2, 3}, {3, 1}, {2, 0, 3, 0, 0, 0, 5, 0, 0, 0, 1, 0}},
    {DType::Complex128, "xt.rot90()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(xt); },
     {2, 3}, {3, 1}, {3, 0, 0, 0, 5, 0, 0, 0, 1, 0, 2, 0}},
    {DType::Complex128, "x.rot90(2, [1, 0])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return rot90(x, 2, {1, 0}); },
     {2, 3}, {3, 1}, {5, 0, 0, 0, 3, 0, 2, 0, 1, 0, 0, 0}},
    {DType::Complex128, "xt.repeat(2, 1, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat(xt, {2, 1, 2}); },
     {2, 3, 4}, {12, 4, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex128, "x.tile((2,))", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tile(x, {2}); },
     {2, 6}, {6, 1}, {0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 0, 3, 0, 0, 0, 5, 0, 3, 0, 0, 0, 5, 0}},
    {DType::Complex128, "xt.repeat_interleave(2, 0)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(xt, 2, 0); },
     {6, 2}, {2, 1}, {0, 0, 3, 0, 0, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 5, 0, 2, 0, 5, 0}},
    {DType::Complex128, "x.repeat_interleave(torch.tensor([0, 2, 1]), 1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return repeat_interleave(x, L({0, 2, 1}), 1); },
     {2, 3}, {3, 1}, {1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Complex128, "x.tril()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return tril(x); },
     {2, 3}, {3, 1}, {0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0}},
    {DType::Complex128, "xt.triu(-1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return triu(xt, -1); },
     {3, 2}, {2, 1}, {0, 0, 3, 0, 1, 0, 0, 0, 0, 0, 5, 0}},
    {DType::Complex128, "torch.diagonal(x, 1).clone()", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(x, 1); },
     {2}, {1}, {1, 0, 5, 0}},
    {DType::Complex128, "torch.diag_embed(x[1], -1)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag(select(x, 0, 1), -1); },
     {4, 4}, {4, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0}},
    {DType::Complex128, "torch.diag_embed(xt, 1, 0, 2)", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return diag_embed(xt, 1, 0, 2); },
     {3, 3, 3}, {9, 3, 1}, {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
    {DType::Complex128, "torch.combinations(x[1])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return combinations(select(x, 0, 1)); },
     {3, 2}, {2, 1}, {3, 0, 0, 0, 3, 0, 5, 0, 0, 0, 5, 0}},
    {DType::Complex128, "torch.cartesian_prod(x[0], x[1, :2])", [](const Tensor& x, const Tensor& xt) { (void)x, (void)xt; return cartesian_prod({select(x, 0, 0), narrow(select(x, 0, 1), 0, 0, 2)}); },
     {6, 2}, {2, 1}, {0, 0, 3, 0, 0, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 2, 0, 3, 0, 2, 0, 0, 0}},
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

}  // namespace

TEST_CASE("joining and rearranging give torch's values and strides for every dtype", "[join]") {
  for (const DtypeCase& c : kDtypeCases) {
    INFO(c.torch << " for " << dtype_name(c.dtype));
    const Tensor x = make({0, 1, 2, 3, 0, 5}, {2, 3}, c.dtype);
    const Tensor r = c.run(x, tsh::t(x));
    CHECK(r.sizes() == c.sizes);
    CHECK(r.strides() == c.strides);
    CHECK(values(r) == c.values);
    CHECK(r.dtype() == c.dtype);
  }
}

TEST_CASE("cat promotes its inputs, skips 1-d empty ones and copies", "[join]") {
  const Tensor a = make({1, 2}, {1, 2}, DType::UInt8), b = make({3, 4}, {1, 2}, DType::Int8);
  const Tensor r = cat({a, b});
  CHECK(r.dtype() == DType::Int16);
  CHECK(values(r) == std::vector<double>{1, 2, 3, 4});
  CHECK(cat({make({1}, {1}, DType::Float16), make({2}, {1}, DType::BFloat16)}).dtype() == DType::Float32);
  // A 1-d empty float tensor is skipped for shapes but still counts for the dtype.
  const Tensor s = cat({a, zeros({0}, DType::Float64)});
  CHECK(s.sizes() == Shape{1, 2});
  CHECK(s.dtype() == DType::Float64);
  CHECK(cat({zeros({0}, DType::Int64), zeros({0}, DType::Int8)}).sizes() == Shape{0});
  const Tensor one = cat({a});
  CHECK_FALSE(one.is_same(a));
  CHECK(one.storage() != a.storage());
}

TEST_CASE("join errors carry PyTorch's messages", "[join]") {
  const Tensor a = zeros({2, 3}, DType::Float32);
  check_throws<ValueError>([&] { cat({}); }, "torch.cat(): expected a non-empty list of Tensors");
  check_throws<RuntimeError>([&] { cat({a, zeros({2, 2}, DType::Float32)}); },
                             "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list.");
  check_throws<RuntimeError>([&] { cat({a, zeros({3}, DType::Float32)}); },
                             "Tensors must have same number of dimensions: got 2 and 1");
  check_throws<RuntimeError>([&] { cat({a, zeros({}, DType::Float32)}); },
                             "zero-dimensional tensor (at position 1) cannot be concatenated");
  check_throws<IndexError>([&] { cat({a, a}, 2); }, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  check_throws<RuntimeError>([&] { stack({a, zeros({3, 2}, DType::Float32)}); },
                             "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry 1");
  check_throws<RuntimeError>([&] { stack({}); }, "stack expects a non-empty TensorList");
  check_throws<RuntimeError>([&] { hstack({}); }, "hstack expects a non-empty TensorList");
  check_throws<RuntimeError>([&] { meshgrid({L({1}), zeros({1}, DType::Float32)}); },
                             "meshgrid expects all tensors to have the same dtype");
  check_throws<RuntimeError>([&] { meshgrid({L({1})}, "foo"); },
                             "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: foo");
  check_throws<RuntimeError>([&] { cartesian_prod({L({1, 2}, Shape{1, 2})}); }, "Expect a 1D vector, but got shape [1, 2]");
  check_throws<RuntimeError>([&] { combinations(L({1, 2}), -1); }, "Expect a non-negative number, but got -1");
}

TEST_CASE("rearranging errors carry PyTorch's messages", "[join]") {
  const Tensor a = zeros({2, 3}, DType::Float32);
  check_throws<RuntimeError>([&] { flip(a, {0, -2}); }, "dim 0 appears multiple times in the list of dims");
  check_throws<RuntimeError>([&] { fliplr(zeros({3}, DType::Float32)); }, "Input must be >= 2-d.");
  check_throws<RuntimeError>([&] { roll(a, {1, 1}, {0}); }, "shifts and dimensions must align. shifts: 2, dims:1");
  check_throws<RuntimeError>([&] { roll(a, {}, {}); }, "`shifts` required");
  check_throws<IndexError>([&] { rot90(a, 1, {0, 2}); }, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  check_throws<RuntimeError>([&] { rot90(zeros({3}, DType::Float32)); }, "expected total dims >= 2, but got total dims = 1");
  check_throws<RuntimeError>([&] { repeat(a, {2}); },
                             "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  check_throws<RuntimeError>([&] { repeat_interleave(a, L({1, -2}), 0); }, "repeats can not be negative");
  check_throws<RuntimeError>([&] { repeat_interleave(a, L({1, 2, 3})); },
                             "repeats must have the same size as input along dim, but got repeats.size(0) = 3 and "
                             "input.size(0) = 6");
  check_throws<RuntimeError>([&] { repeat_interleave(a, int64_t{-1}); }, "Repeats must be non-negative");
  // PyTorch 2.x's triangle checks (1.13 failed in size(-2) with an IndexError).
  check_throws<RuntimeError>([&] { tril(zeros({3}, DType::Float32)); },
                             "tril: input tensor must have at least 2 dimensions");
  check_throws<RuntimeError>([&] { triu(zeros({}, DType::Float32)); }, "triu: input tensor must have at least 2 dimensions");
  // PyTorch 2.x's diag (1.13 said "matrix or a vector expected").
  check_throws<RuntimeError>([&] { diag(zeros({2, 2, 2}, DType::Float32)); }, "diag(): Supports 1D or 2D tensors. Got 3D");
  check_throws<RuntimeError>([&] { diag_embed(L({1, 2}), 0, 0, 0); }, "diagonal dimensions cannot be identical 0, 0");
}

TEST_CASE("views where PyTorch returns views; in-place triangles keep their tensor", "[join]") {
  const Tensor v = L({1, 2, 3});
  const std::vector<Tensor> g = meshgrid({v, L({4, 5})}, "ij");
  CHECK(g[0].strides() == Shape{1, 0});
  CHECK(g[1].strides() == Shape{0, 1});
  CHECK(g[0].storage() == v.storage());
  const std::vector<Tensor> xy = meshgrid({v, L({4, 5})}, "xy");
  CHECK(xy[0].sizes() == Shape{2, 3});
  CHECK(values(xy[1]) == std::vector<double>{4, 4, 4, 5, 5, 5});
  const std::vector<Tensor> b = broadcast_tensors({v, L({7, 8}, Shape{2, 1})});
  CHECK(b[0].strides() == Shape{0, 1});
  CHECK(b[1].strides() == Shape{1, 0});
  CHECK(cartesian_prod({v}).is_same(v));
  const Tensor m = make({1, 1, 1, 1, 1, 1, 1, 1, 1}, {3, 3}, DType::Float32);
  CHECK(tril_(m, -1).is_same(m));
  CHECK(values(m) == std::vector<double>{0, 0, 0, 1, 0, 0, 1, 1, 0});
  const Tensor w = tsh::t(make({1, 1, 1, 1, 1, 1}, {2, 3}, DType::Int64));
  triu_(w);
  CHECK(values(w) == std::vector<double>{1, 1, 0, 1, 0, 0});
}

TEST_CASE("combinations come in lexicographic order", "[join]") {
  CHECK(values(combinations(L({1, 2, 3, 4}), 3)) ==
        std::vector<double>{1, 2, 3, 1, 2, 4, 1, 3, 4, 2, 3, 4});
  CHECK(values(combinations(L({5, 6}), 2, true)) == std::vector<double>{5, 5, 5, 6, 6, 6});
  CHECK(combinations(L({1, 2, 3}), 4).sizes() == Shape{0, 4});
  CHECK(combinations(L({1, 2, 3}), 0).sizes() == Shape{0});
  CHECK(combinations(L({1, 2, 3}), 4, true).sizes() == Shape{15, 4});
}

TEST_CASE("roll by shifts near the ends of int64 wraps without overflow", "[rearrange]") {
  // size - shift overflowed for shift = -2**63 (UBSan); the shift is taken modulo the size first.
  CHECK(values(roll(L({0, 1, 2}), {INT64_MIN}, {})) == std::vector<double>{2, 0, 1});
  CHECK(values(roll(L({0, 1, 2}), {INT64_MAX}, {})) == std::vector<double>{2, 0, 1});
  CHECK(values(roll(L({0, 1, 2, 3, 4}), {INT64_MIN}, {0})) == std::vector<double>{3, 4, 0, 1, 2});
}
