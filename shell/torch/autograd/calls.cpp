// shell/torch/autograd/calls.cpp — how the registry runs an op when autograd records: an argument
// requires grad and grad mode is on.
//
// The op's plain implementation runs first (its checks, errors and dtype rules stay the one source
// of truth). Then the result gets its graph, in the first of these ways that applies:
//  - the op's entry in autograd_ops.cpp builds it from the engine's differentiable functions;
//  - an op that only moves self's elements (roll, take, split, ...) runs again on the positions of
//    self's elements and the result is gathered from self by them (ag::take);
//  - an op that writes one tensor into another (index_copy, scatter, index_add, ...) runs again on
//    positions to learn where each element came from or went (recorded_write);
//  - otherwise, a floating result means tsh has no derivative: PyTorch's refusal, never a result
//    that silently drops the graph.
// In-place ops record the out-of-place formula on self's old value (autograd::record_inplace).
#include <map>

#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/core/grad_mode.h"
#include "engine/ops/advanced_index.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/autograd/ops.h"

namespace tsh::shell {

bool any_requires_grad(const Bound& b) {
  for (const Value& v : b.values) {
    if (v.is(Kind::Tensor)) {
      if (autograd::requires_grad(v.as_tensor())) return true;
    } else if ((v.is(Kind::List) || v.is(Kind::Tuple)) && !v.items().empty()) {
      for (const Value& x : v.items())
        if (x.is(Kind::Tensor) && autograd::requires_grad(x.as_tensor())) return true;
    }
  }
  return false;
}

namespace {

struct GradOff {
  bool prev = grad_enabled();
  GradOff() { set_grad_enabled(false); }
  ~GradOff() { set_grad_enabled(prev); }
};

// Whether a result holds a tensor a gradient could flow through.
bool differentiable_result(const Value& v) {
  if (v.is(Kind::Tensor)) return autograd::is_differentiable_dtype(v.as_tensor().dtype());
  if (v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::NamedTuple)) {
    const auto& items = v.is(Kind::NamedTuple) ? v.as<NamedTupleObj>()->items : v.items();
    for (const Value& x : items)
      if (differentiable_result(x)) return true;
  }
  return false;
}

bool any_other_requires_grad(const Bound& b) {
  Bound rest = b;
  rest.values[0] = Value();
  return any_requires_grad(rest);
}

// The result of a rearranging op rebuilt from x and the positions (from 1; 0: a filler zero) it read,
// tensors or lists of them.
Value take_positions(const Tensor& x, const Value& positions, const char* node) {
  if (positions.is(Kind::Tensor)) {
    const Tensor& p = positions.as_tensor();
    const Tensor from = sub(p, 1);
    // (A meta tensor has no positions to look at: the take gives the result's geometry, all it has.)
    if (p.numel() == 0 || p.device().is_meta() || item(min(p)).to_int() > 0) return Value::tensor(ag::take(x, from, node));
    const Tensor filled = compare(CompareOp::Gt, p, 0);
    Tensor r = ag::where(filled, ag::take(x, clamp_min(from, 0)), 0.0);
    if (auto fn = autograd::grad_fn(r)) fn->name = node;
    return Value::tensor(r);
  }
  std::vector<Value> items;
  if (!positions.is(Kind::List) && !positions.is(Kind::Tuple)) autograd::derivative_not_implemented(node);
  for (const Value& p : positions.items()) items.push_back(take_positions(x, p, node));
  return positions.is(Kind::List) ? Value::list(items) : Value::tuple(items);
}

// Ops that write another tensor's elements into self (a copy of it, or self in place), by the name of
// the source parameter; `adds` for those that add instead of copying.
struct Writer {
  const char* src;
  const char* node;
  bool adds;
};

const Writer* writer(const std::string& name, const Bound& b) {
  static const std::map<std::string, Writer> writers = {
      {"index_copy", {"source", "IndexCopyBackward0", false}},   {"index_fill", {"value", "IndexFillBackward0", false}},
      {"scatter", {"src", "ScatterBackward0", false}},           {"put", {"source", "PutBackward0", false}},
      {"index_put", {"values", "IndexPutBackward0", false}},     {"masked_scatter", {"source", "MaskedScatterBackward0", false}},
      {"select_scatter", {"src", "SelectScatterBackward0", false}}, {"slice_scatter", {"src", "SliceScatterBackward0", false}},
      {"diagonal_scatter", {"src", "DiagonalScatterBackward0", false}},
      {"as_strided_scatter", {"src", "AsStridedScatterBackward0", false}},
      {"index_add", {"source", "IndexAddBackward0", true}},      {"scatter_add", {"src", "ScatterAddBackward0", true}}};
  static const Writer put_add = {"source", "PutBackward0", true}, index_put_add = {"values", "IndexPutBackward0", true};
  const std::string base = !name.empty() && name.back() == '_' ? name.substr(0, name.size() - 1) : name;
  if (base == "scatter_reduce") {  // sum over self and src: the adding kind; other reductions are not in tsh
    static const Writer sum_reduce = {"src", "ScatterReduceBackward0", true};
    const size_t red = b.index_of("reduce"), inc = b.index_of("include_self");
    if (b.str(red) == "sum" && (inc == Bound::npos || b.boolean(inc))) return &sum_reduce;
    return nullptr;
  }
  auto it = writers.find(base);
  if (it == writers.end()) return nullptr;
  const size_t acc = b.index_of("accumulate");
  if (acc != Bound::npos && b.boolean(acc)) return base == "put" ? &put_add : &index_put_add;
  if (b.index_of("reduce") != Bound::npos) return nullptr;  // scatter(..., reduce=): no derivative in tsh
  return &it->second;
}

Tensor flat_positions_from(const Tensor& like, int64_t first, DType dtype) {
  return view(arange(Scalar(first), Scalar(first + like.numel()), Scalar(int64_t{1}), dtype, like.device()), like.sizes());
}

// A writer under autograd: run once more on positions (self's counted from 1, src's from -1, in
// float64) to learn where each result element came from, or, for the adding ones, where each src
// element went; the plain result then takes the matching graph.
Value recorded_write(const OpEntry& e, Bound& b, const PlainCall& plain_call, const Writer& w, const Value& plain,
                     const Tensor& self) {
  size_t si = b.index_of(w.src);
  if (si == Bound::npos) si = b.index_of("value");  // scatter(..., value=number)
  const Tensor src = si != Bound::npos && b[si].is(Kind::Tensor) ? b.tensor(si) : Tensor();
  Bound pos = b;
  Tensor result;
  if (!w.adds) {
    pos.values[0] = Value::tensor(flat_positions_from(self, 1, DType::Float64));
    if (src.defined()) pos.values[si] = Value::tensor(neg(flat_positions_from(src, 1, DType::Float64)));
    else if (si != Bound::npos) pos.values[si] = Value::floating(0.0);  // a number written: a constant
    Value from;
    {
      GradOff off;
      from = plain_call(pos);
    }
    // The overloads PyTorch numbers apart: index_fill with a tensor value, scatter with a number.
    const std::string node = w.node;
    const char* named = node == "IndexFillBackward0" && src.defined()  ? "IndexFillBackward1"
                        : node == "ScatterBackward0" && !src.defined() ? "ScatterBackward1"
                                                                       : w.node;
    return Value::tensor(ag::written(self, src, from.as_tensor(), plain.as_tensor(), named));
  }
  // Where each src element is added: the op's own indexing applied to self's flat positions.
  const Tensor self_pos = flat_positions_from(self, 0, DType::Int64);
  const std::string base = e.sig.name.back() == '_' ? e.sig.name.substr(0, e.sig.name.size() - 1) : e.sig.name;
  Tensor targets, added = src;
  Scalar alpha(int64_t{1});
  if (base == "index_add") {
    targets = index_select(self_pos, b.int64(1), b.tensor(2));
    alpha = b.scalar(b.index_of("alpha"));
  } else if (base == "scatter_add" || base == "scatter_reduce") {
    const Tensor index = b.tensor(2);
    targets = gather(self_pos, b.int64(1), index);
    for (int64_t d = 0; d < index.dim(); ++d) added = ag::narrow(added, d, 0, index.size(d));
  } else if (base == "put") {
    targets = take(self_pos, b.tensor(1));
    added = ag::reshape(src, targets.sizes());
  } else {  // index_put(accumulate=True): indices is a sequence of tensors
    const Value& iv = b[1];
    if (!iv.is(Kind::Tuple) && !iv.is(Kind::List)) autograd::derivative_not_implemented("index_put", "with these indices");
    std::vector<Tensor> indices;
    for (const Value& x : iv.items()) {
      if (!x.is(Kind::Tensor)) autograd::derivative_not_implemented("index_put", "with these indices");
      indices.push_back(x.as_tensor());
    }
    targets = index(self_pos, indices);
  }
  return Value::tensor(ag::accumulated(self, added, targets, alpha, plain.as_tensor(), w.node));
}

// An op where a tensor that requires grad meets grad mode: the graph is recorded (autograd_ops.cpp).
}  // namespace

Value call_with_autograd(const OpEntry& e, Bound& b, const PlainCall& plain_call) {
  const std::string& name = e.sig.name;
  if (autograd_transparent(name)) return plain_call(b);
  const size_t out = b.index_of("out");
  if (out != Bound::npos && !b.is_none(out))
    throw RuntimeError(name + "(): functions with out=... arguments don't support automatic differentiation, but "
                       "one of the arguments requires grad.");
  if (e.writes_self && b.values[0].is(Kind::Tensor)) {
    const std::string base = name.substr(0, name.size() - 1);
    const Tensor self = b.tensor(0);
    autograd::check_inplace(self);
    const AutogradImpl* impl = autograd_impl(base);
    const Writer* w = impl ? nullptr : writer(name, b);
    if (!impl && !w) autograd::derivative_not_implemented(base);
    Value result;
    autograd::record_inplace(
        self, true, [&] { result = plain_call(b); },
        [&](const Tensor& before) {
          Bound b2 = b;
          b2.values[0] = Value::tensor(before);
          // The formula's plain result is a copy of the value just written: the node goes there (and
          // record_inplace moves it to self), and what the node saves of it is not self, whose
          // version the write still bumps.
          if (impl) return (*impl)(b2, Value::tensor(tsh::clone(result.as_tensor()))).as_tensor();
          const Tensor stand_in = before.as_view(before.sizes(), before.strides(), before.storage_offset());
          return recorded_write(e, b2, plain_call, *w, Value::tensor(stand_in), before).as_tensor();
        });
    return result;
  }
  Value plain;
  {
    GradOff off;
    plain = plain_call(b);
  }
  if (const AutogradImpl* impl = autograd_impl(name)) return (*impl)(b, plain);
  if (const Writer* w = writer(name, b))
    if (plain.is(Kind::Tensor) && b.values[0].is(Kind::Tensor))
      return recorded_write(e, b, plain_call, *w, plain, b.tensor(0));
  const char* node = rearranging_node(name);
  if (node && differentiable_result(plain) && b.values[0].is(Kind::Tensor) && autograd::requires_grad(b.tensor(0)) &&
      !any_other_requires_grad(b)) {
    // The op run again on the positions of self's elements says where each result element came from.
    const Tensor x = b.tensor(0);
    Bound positions = b;
    positions.values[0] = Value::tensor(
        view(arange(Scalar(int64_t{1}), Scalar(x.numel() + 1), Scalar(int64_t{1}), DType::Int64, x.device()), x.sizes()));
    Value where_from;
    {
      GradOff off;
      where_from = plain_call(positions);
    }
    if (name == "diag" && x.dim() == 1) node = "DiagEmbedBackward0";  // diag builds a matrix from a vector
    return take_positions(x, where_from, node);
  }
  if (differentiable_result(plain)) autograd::derivative_not_implemented(name);
  return plain;
}


}  // namespace tsh::shell
