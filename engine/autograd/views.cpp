// engine/autograd/views.cpp — derivatives of views, copies, indexing and joining.
//
// A view op's result shares its input's storage and, when the input requires grad, remembers it
// as its base (attach_view), so an in-place op on the view rewrites the base's history. Views
// that pick elements (select, slice, diagonal, ...) send their gradient back through the flat
// positions they read, which also makes the gradient itself differentiable.
#include <complex>
#include <numeric>

#include "engine/autograd/formula.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/join.h"
#include "engine/ops/masked.h"
#include "engine/ops/rearrange.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"

namespace tsh::ag {

namespace {

using ViewFn = std::function<Tensor(const Tensor&)>;

// g put where the view f reads a tensor of `sizes`, zeros elsewhere: a fresh zero tensor, its view
// f written with g. Recorded (create_graph) with the view itself as its gradient (recorded_f, the
// differentiable form of f), under node's name with "Backward" added (SelectBackwardBackward0).
Tensor placed(const char* node, const Tensor& g, const Shape& sizes, const ViewFn& f, const ViewFn& recorded_f) {
  Tensor out = zeros(sizes, g.dtype(), g.device());
  copy_(f(out), g);
  if (needs_grad({g})) {
    std::string name = node;
    name.insert(name.size() - 1, "Backward");  // SelectBackward0 → SelectBackwardBackward0
    attach(make_node(name, {g}, [recorded_f](Node&, const TensorList& gg) -> TensorList {
             return {recorded_f(gg[0])};
           }),
           out);
  }
  return out;
}

// A view op that picks some of its input's elements (select, slice, diagonal): its gradient is
// the input's shape with g's elements put back where the view read them (f: the plain view op;
// recorded_f: its differentiable form, for second derivatives). Only g's elements are written:
// nothing proportional to the input is built at the forward call.
Tensor picking_view(const char* node, const Tensor& x, const Tensor& r, ViewFn f, ViewFn recorded_f) {
  if (needs_grad({x})) {
    const Shape sizes = x.sizes();
    auto n = make_node(node, {x}, [node, sizes, f, recorded_f](Node&, const TensorList& g) -> TensorList {
      return {placed(node, g[0], sizes, f, recorded_f)};
    });
    attach_view(n, r, x);
  }
  return r;
}

// A view op with its own gradient formula.
Tensor simple_view(const char* node, const Tensor& x, const Tensor& r, std::function<Tensor(const Tensor&)> back) {
  if (needs_grad({x})) {
    auto n = make_node(node, {x}, [back](Node&, const TensorList& g) -> TensorList { return {back(g[0])}; });
    attach_view(n, r, x);
  }
  return r;
}

std::vector<int64_t> inverse_permutation(const std::vector<int64_t>& dims, int64_t ndim) {
  std::vector<int64_t> inv(static_cast<size_t>(ndim));
  for (int64_t i = 0; i < ndim; ++i) inv[static_cast<size_t>(wrap_dim(dims[i], ndim))] = i;
  return inv;
}

}  // namespace

Tensor view(const Tensor& x, const Shape& sizes) {
  const Shape from = x.sizes();
  return simple_view("ViewBackward0", x, tsh::view(x, sizes), [from](const Tensor& g) { return ag::reshape(g, from); });
}

Tensor reshape(const Tensor& x, const Shape& sizes) {
  const Shape from = x.sizes();
  if (!needs_grad({x})) return tsh::reshape(x, sizes);
  const Shape to = infer_size(sizes, x.numel());
  if (view_strides(x.sizes(), x.strides(), to)) {
    const Tensor r = tsh::reshape(x, to);
    return simple_view("ViewBackward0", x, r, [from](const Tensor& g) { return ag::reshape(g, from); });
  }
  // A copy: PyTorch clones and then views the copy (UnsafeViewBackward0 over CloneBackward0); one
  // contiguous copy, made once.
  const Tensor c = ag::contiguous(x);
  Tensor out = tsh::view(c, to);
  auto n = make_node("UnsafeViewBackward0", {c}, [from](Node&, const TensorList& g) -> TensorList {
    return {ag::reshape(g[0], from)};
  });
  attach(n, out);
  return out;
}

Tensor flatten(const Tensor& x, int64_t start, int64_t end) {
  const Tensor shaped = tsh::flatten(x, start, end);
  if (!needs_grad({x})) return shaped;
  if (shaped.is_same(x)) return x;
  return ag::reshape(x, shaped.sizes());
}

Tensor t(const Tensor& x) {
  return simple_view("TBackward0", x, tsh::t(x), [](const Tensor& g) { return ag::t(g); });
}

Tensor transpose(const Tensor& x, int64_t d0, int64_t d1) {
  return simple_view("TransposeBackward0", x, tsh::transpose(x, d0, d1),
                     [d0, d1](const Tensor& g) { return ag::transpose(g, d0, d1); });
}

Tensor permute(const Tensor& x, const std::vector<int64_t>& dims) {
  Tensor r = tsh::permute(x, dims);
  const auto inv = inverse_permutation(dims, x.dim());
  return simple_view("PermuteBackward0", x, r, [inv](const Tensor& g) { return ag::permute(g, inv); });
}

Tensor expand(const Tensor& x, const Shape& sizes) {
  const Shape from = x.sizes();
  Tensor r = tsh::expand(x, sizes);
  return simple_view("ExpandBackward0", x, r, [from](const Tensor& g) { return ag::sum_to(g, from); });
}

Tensor unsqueeze(const Tensor& x, int64_t dim) {
  Tensor r = tsh::unsqueeze(x, dim);
  const int64_t d = wrap_dim(dim, x.dim() + 1);
  return simple_view("UnsqueezeBackward0", x, r, [d](const Tensor& g) { return ag::squeeze(g, std::vector<int64_t>{d}, "SqueezeBackward1"); });
}

Tensor squeeze(const Tensor& x, const std::optional<std::vector<int64_t>>& dims, const char* node) {
  Tensor r = dims ? tsh::squeeze(x, *dims) : tsh::squeeze(x);
  const Shape from = x.sizes();
  return simple_view(node, x, r, [from](const Tensor& g) { return ag::reshape(g, from); });
}

Tensor select(const Tensor& x, int64_t dim, int64_t index) {
  return picking_view("SelectBackward0", x, tsh::select(x, dim, index),
                      [dim, index](const Tensor& p) { return tsh::select(p, dim, index); },
                      [dim, index](const Tensor& p) { return ag::select(p, dim, index); });
}

Tensor slice(const Tensor& x, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> stop, int64_t step) {
  return picking_view("SliceBackward0", x, tsh::slice(x, dim, start, stop, step),
                      [=](const Tensor& p) { return tsh::slice(p, dim, start, stop, step); },
                      [=](const Tensor& p) { return ag::slice(p, dim, start, stop, step); });
}

Tensor narrow(const Tensor& x, int64_t dim, int64_t start, int64_t length) {
  return picking_view("SliceBackward0", x, tsh::narrow(x, dim, start, length),
                      [=](const Tensor& p) { return tsh::narrow(p, dim, start, length); },
                      [=](const Tensor& p) { return ag::narrow(p, dim, start, length); });
}

Tensor diagonal(const Tensor& x, int64_t offset, int64_t d0, int64_t d1) {
  return picking_view("DiagonalBackward0", x, tsh::diagonal(x, offset, d0, d1),
                      [=](const Tensor& p) { return tsh::diagonal(p, offset, d0, d1); },
                      [=](const Tensor& p) { return ag::diagonal(p, offset, d0, d1); });
}

Tensor unfold(const Tensor& x, int64_t dim, int64_t size, int64_t step) {
  const Tensor r = tsh::unfold(x, dim, size, step);
  const Shape from = x.sizes();
  const int64_t d = from.empty() ? 0 : wrap_dim(dim, static_cast<int64_t>(from.size()));
  return simple_view("UnfoldBackward0", x, r, [from, d, size, step](const Tensor& g) {
    // Element j of every window came from position j + step·i: the gradient adds each of the
    // `size` window positions back as one strided slice (overlapping windows add up).
    if (from.empty() || autograd::needs_grad({g})) {
      // a gradient that is itself differentiated (create_graph): through positions, which record
      const Tensor pos = ag::positions_of(zeros(from, DType::Int64, g.device()),
                                          [=](const Tensor& p) { return tsh::unfold(p, d, size, step); });
      return ag::scatter_positions(g, pos, from);
    }
    Tensor grad = zeros(from, g.dtype(), g.device());
    const int64_t windows = g.size(d);
    for (int64_t j = 0; j < size && windows > 0; ++j) {
      const Tensor target = tsh::slice(tsh::narrow(grad, d, j, (windows - 1) * step + 1), d, 0, std::nullopt, step);
      tsh::add(target, tsh::select(g, -1, j), Scalar(int64_t{1}), Dest::inplace(target));
    }
    return grad;
  });
}

Tensor as_strided(const Tensor& x, const Shape& sizes, const Shape& strides, int64_t offset) {
  Tensor r = tsh::as_strided(x, sizes, strides, offset);
  if (needs_grad({x})) {
    const Shape bs = x.sizes(), bst = x.strides();
    const int64_t bo = x.storage_offset();
    const DType dt = x.dtype();
    const Device dev = x.device();
    auto n = make_node("AsStridedBackward0", {x}, [=](Node&, const TensorList& g) -> TensorList {
      return {autograd::as_strided_backward(g[0], bs, bst, bo, sizes, strides, offset, dt, dev)};
    });
    attach_view(n, r, x);
  }
  return r;
}

TensorList split(const Tensor& x, const std::vector<int64_t>& sizes, int64_t dim, const char* node) {
  TensorList parts = tsh::split(x, sizes, dim);
  if (needs_grad({x})) {
    const int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    auto n = make_node(node, {x}, [d](Node&, const TensorList& g) -> TensorList { return {ag::cat(g, d)}; });
    for (size_t i = 0; i < parts.size(); ++i) attach_view(n, parts[i], x, static_cast<uint32_t>(i));
  }
  return parts;
}

TensorList unbind(const Tensor& x, int64_t dim) {
  TensorList parts = tsh::unbind(x, dim);
  if (needs_grad({x})) {
    const int64_t d = wrap_dim(dim, std::max<int64_t>(x.dim(), 1));
    auto n = make_node("UnbindBackward0", {x}, [d](Node&, const TensorList& g) -> TensorList { return {ag::stack(g, d)}; });
    for (size_t i = 0; i < parts.size(); ++i) attach_view(n, parts[i], x, static_cast<uint32_t>(i));
  }
  return parts;
}

Tensor complex_part(const Tensor& z, bool imag) {
  Tensor r = imag ? tsh::imag(z) : tsh::real(z);
  if (!needs_grad({z}) || !is_complex(z.dtype())) return r;
  const Scalar unit = imag ? Scalar(std::complex<double>(0, 1)) : Scalar(std::complex<double>(1, 0));
  auto n = make_node("SelectBackward0", {z}, [unit](Node&, const TensorList& g) -> TensorList { return {ag::mul(g[0], unit)}; });
  attach_view(n, r, z);
  return r;
}

Tensor conj_view(const Tensor& x) {
  Tensor r = tsh::conj_view(x);
  if (needs_grad({x}) && is_complex(x.dtype())) {
    auto n = make_node("ConjBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {conj_physical(g[0])}; });
    attach_view(n, r, x);
  }
  return r;
}

Tensor conj_physical(const Tensor& x) {
  Tensor r = tsh::conj(x);
  if (needs_grad({x}) && is_complex(x.dtype()))
    attach(make_node("ConjPhysicalBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {conj_physical(g[0])}; }),
           r);
  return r;
}

Tensor resolve_conj(const Tensor& x) {
  Tensor r = tsh::resolve_conj(x);
  if (needs_grad({x}) && !r.is_same(x))
    attach(make_node("ResolveConjBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {g[0]}; }), r);
  return r;
}

Tensor clone(const Tensor& x) {
  Tensor r = tsh::clone(x);
  if (needs_grad({x}))
    attach(make_node("CloneBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {g[0]}; }), r);
  return r;
}

Tensor contiguous(const Tensor& x) {
  if (x.is_contiguous()) return x;
  Tensor r = tsh::contiguous(x);
  if (needs_grad({x}))
    attach(make_node("CloneBackward0", {x}, [](Node&, const TensorList& g) -> TensorList { return {g[0]}; }), r);
  return r;
}

Tensor to(const Tensor& x, std::optional<DType> dtype, std::optional<Device> device, bool copy) {
  return converted(x, tsh::to(x, dtype, device, copy));
}

Tensor converted(const Tensor& x, const Tensor& r) {
  if (r.is_same(x) || !needs_grad({x}) || !autograd::is_differentiable_dtype(r.dtype())) return r;
  const DType from = x.dtype();
  const Device dev = x.device();
  auto n = make_node("ToCopyBackward0", {x}, [from, dev](Node&, const TensorList& g) -> TensorList {
    if (!is_complex(from) && is_complex(g[0].dtype())) return {ag::to(tsh::real(g[0]), from, dev, false)};
    return {ag::to(g[0], from, dev, false)};
  });
  attach(n, r);
  return r;
}

Tensor basic_index(const Tensor& x, const std::vector<IndexItem>& items) {
  const Tensor checked = tsh::basic_index(x, items);  // PyTorch's errors, and the geometry to reach
  if (!needs_grad({x})) return checked;
  int64_t consumed = 0;
  for (const IndexItem& it : items) consumed += it.kind == IndexItem::Int || it.kind == IndexItem::Slice;
  Tensor r = x;
  int64_t dim = 0;
  for (const IndexItem& it : items) {
    switch (it.kind) {
      case IndexItem::Int: r = ag::select(r, dim, it.index); break;
      case IndexItem::Slice: {
        const int64_t len = r.size(dim);
        const bool whole = (!it.start || *it.start == 0 || *it.start <= -len) && (!it.stop || *it.stop >= len) &&
                           it.step == 1;
        if (!whole) r = ag::slice(r, dim, it.start, it.stop, it.step);
        ++dim;
        break;
      }
      case IndexItem::None: r = ag::unsqueeze(r, dim++); break;
      case IndexItem::Ellipsis: dim += x.dim() - consumed; break;
    }
  }
  if (r.is_same(x)) {  // x[:] or x[...]: a new tensor object, a view of x (AliasBackward0)
    return simple_view("AliasBackward0", x, checked, [](const Tensor& g) { return g; });
  }
  return r;
}

Tensor copy_result(const Tensor& before, const Tensor& src) {
  Tensor r = before.as_view(before.sizes(), before.strides(), before.storage_offset());
  if (needs_grad({before, src})) {
    const Shape ss = src.sizes();
    auto n = make_node("CopyBackwards", {before, src}, [ss](Node&, const TensorList& g) -> TensorList {
      return {zeros(g[0].sizes(), g[0].dtype(), g[0].device()), sum_to(g[0], ss)};
    });
    attach(n, r);
  }
  return r;
}

Tensor index_put_result(const Tensor& before, const Tensor& positions, const Tensor& src) {
  Tensor r = before.as_view(before.sizes(), before.strides(), before.storage_offset());
  if (needs_grad({before, src})) {
    Tensor outside = full(before.sizes(), Scalar(true), DType::Bool, before.device());
    put_(outside, positions, full(positions.sizes(), Scalar(false), DType::Bool, before.device()));
    const Shape ss = src.sizes();
    auto n = make_node("IndexPutBackward0", {before, src}, [outside, positions, ss](Node&, const TensorList& g) -> TensorList {
      return {ag::where(outside, g[0], Operand(0.0)), sum_to(ag::take(g[0], positions), ss)};
    });
    attach(n, r);
  }
  return r;
}

Tensor cat(const TensorList& xs, int64_t dim) {
  Tensor r = tsh::cat(xs, dim);
  if (needs_grad(xs)) {
    std::vector<Shape> shapes;
    for (const Tensor& x : xs) shapes.push_back(x.sizes());
    const int64_t d = wrap_dim(dim, std::max<int64_t>(r.dim(), 1));
    auto n = make_node("CatBackward0", xs, [shapes, d](Node&, const TensorList& g) -> TensorList {
      TensorList out;
      int64_t at = 0;
      for (const Shape& s : shapes) {
        if (s.size() == 1 && s[0] == 0) {  // a legacy empty input takes no part
          out.push_back(zeros(s, g[0].dtype(), g[0].device()));
          continue;
        }
        out.push_back(ag::narrow(g[0], d, at, s[static_cast<size_t>(d)]));
        at += s[static_cast<size_t>(d)];
      }
      return out;
    });
    attach(n, r);
  }
  return r;
}

Tensor stack(const TensorList& xs, int64_t dim) {
  Tensor r = tsh::stack(xs, dim);
  if (needs_grad(xs)) {
    const int64_t d = wrap_dim(dim, r.dim());
    auto n = make_node("StackBackward0", xs, [d](Node&, const TensorList& g) -> TensorList { return ag::unbind(g[0], d); });
    attach(n, r);
  }
  return r;
}

Tensor masked_fill(const Tensor& x, const Tensor& mask, const Operand& value) {
  Tensor r = value.is_tensor() ? tsh::masked_fill(x, mask, value.tensor()) : tsh::masked_fill(x, mask, value.scalar());
  const Tensor tv = value.is_tensor() ? value.tensor() : Tensor();
  if (needs_grad({x, tv})) {
    auto n = make_node(value.is_tensor() ? "MaskedFillBackward1" : "MaskedFillBackward0", {x, tv}, nullptr);
    const size_t sm = n->save(mask);
    const Shape xs = x.sizes();
    n->backward = [=](Node& self, const TensorList& g) -> TensorList {
      const Tensor m = self.unpack(sm);
      TensorList out = {ag::sum_to(ag::masked_fill(g[0], m, Operand(0.0)), xs), Tensor()};
      if (tv.defined()) out[1] = ag::sum(ag::where(m, g[0], Operand(0.0)));
      return out;
    };
    attach(n, r);
  }
  return r;
}

Tensor gather(const Tensor& x, int64_t dim, const Tensor& index) {
  Tensor r = tsh::gather(x, dim, index);
  if (!needs_grad({x})) return r;
  return ag::take(x, ag::positions_of(x, [&](const Tensor& p) { return tsh::gather(p, dim, index); }), "GatherBackward0");
}

Tensor index_select(const Tensor& x, int64_t dim, const Tensor& index) {
  Tensor r = tsh::index_select(x, dim, index);
  if (!needs_grad({x})) return r;
  return ag::take(x, ag::positions_of(x, [&](const Tensor& p) { return tsh::index_select(p, dim, index); }),
              "IndexSelectBackward0");
}

Tensor flip(const Tensor& x, const std::vector<int64_t>& dims) {
  Tensor r = tsh::flip(x, dims);
  if (needs_grad({x}))
    attach(make_node("FlipBackward0", {x}, [dims](Node&, const TensorList& g) -> TensorList { return {ag::flip(g[0], dims)}; }), r);
  return r;
}

Tensor repeat(const Tensor& x, const std::vector<int64_t>& repeats) {
  Tensor r = tsh::repeat(x, repeats);
  if (!needs_grad({x})) return r;
  return ag::take(x, ag::positions_of(x, [&](const Tensor& p) { return tsh::repeat(p, repeats); }), "RepeatBackward0");
}

Tensor tril_triu(const Tensor& x, int64_t diagonal, bool lower) {
  Tensor r = lower ? tsh::tril(x, diagonal) : tsh::triu(x, diagonal);
  if (needs_grad({x}))
    attach(make_node(lower ? "TrilBackward0" : "TriuBackward0", {x},
                     [diagonal, lower](Node&, const TensorList& g) -> TensorList { return {ag::tril_triu(g[0], diagonal, lower)}; }),
           r);
  return r;
}

Tensor trace(const Tensor& x) {
  Tensor r = tsh::trace(x);
  if (needs_grad({x})) {
    const Tensor pos = ag::positions_of(x, [](const Tensor& p) { return tsh::diagonal(p, 0, 0, 1); });
    const Shape sizes = x.sizes();
    auto n = make_node("TraceBackward0", {x}, [pos, sizes](Node&, const TensorList& g) -> TensorList {
      return {ag::scatter_positions(ag::expand(g[0], pos.sizes()), pos, sizes)};
    });
    attach(n, r);
  }
  return r;
}

}  // namespace tsh::ag
