// engine/autograd/record.cpp — making nodes, attaching outputs, in-place ops under autograd.
#include <numeric>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/views.h"

namespace tsh::autograd {

bool needs_grad(const TensorList& inputs) {
  if (!grad_enabled()) return false;
  for (const Tensor& t : inputs)
    if (t.defined() && requires_grad(t)) return true;
  return false;
}

bool needs_grad_operands(const Operand& a, const Operand& b) {
  if (!grad_enabled()) return false;
  return (a.is_tensor() && requires_grad(a.tensor())) || (b.is_tensor() && requires_grad(b.tensor()));
}

std::shared_ptr<Node> make_node(const std::string& name, const TensorList& inputs, BackwardFn fn) {
  auto n = new_node();
  n->name = name;
  n->sequence_nr = next_sequence_nr();
  n->backward = std::move(fn);
  for (const Tensor& t : inputs) n->next.push_back(t.defined() ? gradient_edge(t) : Edge{});
  return n;
}

void attach(const std::shared_ptr<Node>& node, const Tensor& out, uint32_t nr) { set_history(out, node, nr); }

void attach_view(const std::shared_ptr<Node>& node, const Tensor& out, const Tensor& input, uint32_t nr) {
  const Meta* in = meta(input);
  Meta& m = ensure_meta(out);
  m.base = in && in->base.defined() ? in->base : input;
  set_history(out, node, nr);
}

void derivative_not_implemented(const std::string& op, const std::string& when) {
  throw NotImplementedError("the derivative for '" + op + "' is not implemented." +
                     (when.empty() ? "" : " (tsh lacks it " + when + ")"));
}

void add_in_place(const Tensor& acc, const Tensor& g) {
  tsh::add(acc, g, Scalar(int64_t{1}), Dest::inplace(acc));
  bump_version(acc);
}

namespace {
// One past the last storage cell a geometry reads (at least offset + 1).
int64_t cells_needed(const Shape& sizes, const Shape& strides, int64_t offset) {
  int64_t last = offset;
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] > 0) last += (sizes[i] - 1) * strides[i];
  return last + 1;
}
}  // namespace

Tensor as_strided_backward(const Tensor& g, const Shape& base_sizes, const Shape& base_strides, int64_t base_offset,
                           const Shape& sizes, const Shape& strides, int64_t offset, DType, Device device) {
  // Storage positions each element of the view and of the base reads; the gradient of a storage
  // cell is the sum over the view's elements on it, and the base reads it back.
  const int64_t extent = std::max(cells_needed(base_sizes, base_strides, base_offset), cells_needed(sizes, strides, offset));
  const Tensor cells = arange(Scalar(int64_t{0}), Scalar(extent), Scalar(int64_t{1}), DType::Int64, device);
  const Tensor view_pos = tsh::as_strided(cells, sizes, strides, offset);
  const Tensor base_pos = tsh::as_strided(cells, base_sizes, base_strides, base_offset);
  return ag::take(ag::scatter_positions(g, view_pos, {extent}), base_pos);
}

namespace {

// The storage cells a tensor's elements read, as an int64 tensor of its shape.
Tensor storage_cells(const Tensor& t, int64_t extent) {
  const Tensor cells = arange(Scalar(int64_t{0}), Scalar(extent), Scalar(int64_t{1}), DType::Int64, t.device());
  return tsh::as_strided(cells, t.sizes(), t.strides(), t.storage_offset());
}

int64_t extent_of(const Tensor& t) { return cells_needed(t.sizes(), t.strides(), t.storage_offset()); }

// CopySlices: an in-place op `fn` on a view of base, seen from base. The gradient for the base's
// old value is the incoming one where the view did not write, and fn's gradient for the view's
// old value where it did; fn's other inputs get theirs as usual.
void rebase_history(const Tensor& base, const Tensor& view, const std::shared_ptr<Node>& fn) {
  const int64_t extent = std::max(extent_of(base), extent_of(view));
  const Tensor base_cells = storage_cells(base, extent), view_cells = storage_cells(view, extent);
  // Where in the base (flat, row-major) each element of the view lies.
  Tensor cell_to_base = full({extent}, Scalar(int64_t{0}), DType::Int64, base.device());
  put_(cell_to_base, base_cells, arange(Scalar(int64_t{0}), Scalar(base.numel()), Scalar(int64_t{1}), DType::Int64,
                                       base.device()));
  const Tensor view_in_base = tsh::take(cell_to_base, view_cells);
  Tensor outside = full(base.sizes(), Scalar(true), DType::Bool, base.device());
  put_(outside, view_in_base, full(view.sizes(), Scalar(false), DType::Bool, base.device()));
  const Shape base_sizes = base.sizes();
  auto cs = new_node();
  cs->name = "CopySlices";
  cs->sequence_nr = next_sequence_nr();
  cs->next.push_back(gradient_edge(base));
  for (size_t i = 1; i < fn->next.size(); ++i) cs->next.push_back(fn->next[i]);
  cs->owned.push_back(fn);
  cs->backward = [fn, view_in_base, outside, base_sizes](Node&, const TensorList& grads) -> TensorList {
    const Tensor& g = grads[0];
    TensorList fn_grads = fn->backward(*fn, {ag::take(g, view_in_base)});
    Tensor res = ag::where(outside, g, Operand(0.0));
    if (!fn_grads.empty() && fn_grads[0].defined())
      res = ag::add(res, ag::scatter_positions(fn_grads[0], view_in_base, base_sizes));
    TensorList out = {res};
    for (size_t i = 1; i < fn_grads.size(); ++i) out.push_back(fn_grads[i]);
    return out;
  };
  set_history(base, cs, 0);
  Meta& vm = ensure_meta(view);
  vm.grad_fn = nullptr;
  vm.view_version = version(view) - 1;  // stale: the view's grad_fn is remade from the base on use
}

}  // namespace

void record_inplace(const Tensor& self, bool formula_reads_self, const std::function<void()>& write,
                    const std::function<Tensor(const Tensor& before)>& formula) {
  check_inplace(self);
  Tensor before = formula_reads_self ? tsh::clone(self) : self.as_view(self.sizes(), self.strides(), self.storage_offset());
  if (before.impl() != self.impl()) before.impl()->own_version = std::make_shared<uint32_t>(0);
  const Meta* m = meta(self);
  if (m) {
    if (auto fn = grad_fn(self)) {
      Meta& bm = ensure_meta(before);
      bm.grad_fn = fn;
      bm.output_nr = m->output_nr;
    }
  }
  write();
  const Tensor r = formula(before);
  if (!requires_grad(r)) return;
  const std::shared_ptr<Node> node = grad_fn(r);
  const Meta* sm = meta(self);
  if (sm && sm->base.defined()) {
    rebase_history(sm->base, self, node);
    return;
  }
  set_history(self, node, output_nr(r));
}

}  // namespace tsh::autograd

namespace tsh::ag {

Tensor positions_of(const Tensor& x, const std::function<Tensor(const Tensor&)>& f) {
  const Tensor pos = arange(Scalar(int64_t{0}), Scalar(x.numel()), Scalar(int64_t{1}), DType::Int64, x.device());
  return f(tsh::view(pos, x.sizes()));
}

Tensor take(const Tensor& x, const Tensor& positions, const char* node) {
  Tensor r = tsh::take(x, positions);
  if (autograd::needs_grad({x})) {
    const Shape sizes = x.sizes();
    auto n = autograd::make_node(node, {x}, [positions, sizes](autograd::Node&, const TensorList& g) -> TensorList {
      return {ag::scatter_positions(g[0], positions, sizes)};
    });
    autograd::attach(n, r);
  }
  return r;
}

Tensor scatter_positions(const Tensor& g, const Tensor& positions, const Shape& sizes) {
  Tensor flat = zeros({shape_numel(sizes)}, g.dtype(), g.device());
  index_add_(flat, 0, tsh::reshape(positions, {-1}), tsh::reshape(g, {-1}));
  Tensor r = tsh::view(flat, sizes);
  if (autograd::needs_grad({g})) {
    auto n = autograd::make_node("IndexPutBackward0", {g}, [positions](autograd::Node&, const TensorList& gg) -> TensorList {
      return {ag::take(gg[0], positions)};
    });
    autograd::attach(n, r);
  }
  return r;
}

}  // namespace tsh::ag
