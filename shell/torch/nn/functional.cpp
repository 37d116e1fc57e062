// shell/torch/nn/functional.cpp — the torch.nn.functional functions written in C++; the rest
// are Python (functional.py), built from torch's ops.
#include "engine/autograd/conv.h"
#include "engine/autograd/functions.h"
#include "engine/core/memory_format.h"
#include "engine/ops/memory_format.h"
#include "engine/ops/conv.h"
#include "engine/ops/rnn.h"
#include "engine/autograd/node.h"
#include "engine/autograd/variable.h"
#include "engine/core/dtype.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/warnings.h"
#include "shell/torch/nn/nn.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// A pair of ints, as functional_conv.py passes window geometry: (a, b) or [a, b].
Pair int_pair(const Value& v, const char* what) {
  if (!v.is_sequence() || v.items().size() != 2 || !v.items()[0].is(Kind::Int) || !v.items()[1].is(Kind::Int))
    throw TypeError(std::string(what) + " must be a pair of ints");
  Pair p{};
  for (size_t i = 0; i < 2; ++i) {
    const Int n = v.items()[i].as_int();
    if (n > INT32_MAX || n < INT32_MIN) throw RuntimeError(std::string(what) + " out of range");
    p[i] = static_cast<int64_t>(n);
  }
  return p;
}

Value tensor_arg(const Value& v, const char* fn) {
  if (!v.is(Kind::Tensor)) throw TypeError(std::string(fn) + "(): the first argument must be a Tensor");
  return v;
}

// For the fast paths below: an int, or a sequence of one or two ints (PyTorch's _pair), as a Pair;
// nullopt for anything else (the Python path then gives PyTorch's message).
std::optional<Pair> plain_pair(const Value& v) {
  auto one = [](const Value& x) -> std::optional<int64_t> {
    if (!x.is(Kind::Int)) return std::nullopt;  // not bools, tensors or floats: the Python path judges those
    const Int n = x.as_int();
    if (n > INT32_MAX || n < INT32_MIN) return std::nullopt;
    return static_cast<int64_t>(n);
  };
  if (auto n = one(v)) return Pair{*n, *n};
  if (!(v.is(Kind::Tuple) || v.is(Kind::List)) || v.items().empty() || v.items().size() > 2) return std::nullopt;
  auto a = one(v.items()[0]);
  auto b = one(v.items().back());
  if (!a || !b) return std::nullopt;
  return Pair{*a, *b};
}

bool row_major_format(const Tensor& t) { return suggest_memory_format(t.sizes(), t.strides()) == MemoryFormat::Contiguous; }

}  // namespace

void install_functional_builtins(std::map<std::string, Value>& f) {
  // The common calls of F.conv2d and F.max_pool2d, taken whole in C++: a batched NCHW float input
  // the backend convolves directly, int (or pair) geometry that fits. Anything else gives None and
  // functional_conv.py's Python path (its checks and PyTorch's messages, channels-last layouts,
  // the composed kernels) runs instead. The interpreter's share of a small convolution fell from
  // 65 us to a few.
  f["_conv2d_fast"] = make_builtin("_conv2d_fast", "<built-in function _conv2d_fast>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_conv2d_fast", a, kw,
                                       {"input", "weight", "bias", "stride", "padding", "dilation", "groups"}, 7);
    if (!v[0].is(Kind::Tensor) || !v[1].is(Kind::Tensor) || !(v[2].is_none() || v[2].is(Kind::Tensor)) ||
        !v[6].is(Kind::Int))
      return Value::none();
    const Tensor &x = v[0].as_tensor(), &w = v[1].as_tensor();
    const Tensor b = v[2].is_none() ? Tensor() : v[2].as_tensor();
    const auto stride = plain_pair(v[3]), padding = plain_pair(v[4]), dilation = plain_pair(v[5]);
    const Int groups = v[6].as_int();
    if (!stride || !padding || !dilation || x.dim() != 4 || w.dim() != 4 || groups < 1 || groups > INT32_MAX)
      return Value::none();
    if (!conv2d_direct_takes(x) || w.dtype() != x.dtype() || w.device() != x.device() || x.numel() == 0 ||
        w.numel() == 0 || !row_major_format(x) || !row_major_format(w))
      return Value::none();
    if (x.size(1) != w.size(1) * groups || w.size(0) % groups != 0) return Value::none();
    if (b.defined() && (b.dim() != 1 || b.size(0) != w.size(0) || b.dtype() != x.dtype() || b.device() != x.device()))
      return Value::none();
    kernels::Conv2d g{};
    for (int d = 0; d < 2; ++d) {
      if ((*stride)[d] <= 0 || (*dilation)[d] <= 0 || (*padding)[d] < 0) return Value::none();
      const int64_t effective = (*dilation)[d] * (w.size(2 + d) - 1) + 1;
      if (x.size(2 + d) + 2 * (*padding)[d] < effective) return Value::none();
      g.stride[d] = (*stride)[d], g.pad_before[d] = g.pad_after[d] = (*padding)[d], g.dilation[d] = (*dilation)[d];
    }
    g.groups = static_cast<int64_t>(groups);
    return Value::tensor(ag::conv2d_direct(x, w, b, g));
  });
  f["_max_pool2d_fast"] = make_builtin("_max_pool2d_fast", "<built-in function _max_pool2d_fast>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params(
        "_max_pool2d_fast", a, kw, {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"}, 7);
    if (!v[0].is(Kind::Tensor) || !v[5].is(Kind::Bool) || !v[6].is(Kind::Bool)) return Value::none();
    const Tensor& x = v[0].as_tensor();
    if (x.dim() != 4 || x.numel() == 0 || !is_floating(x.dtype()) || !row_major_format(x)) return Value::none();
    const auto kernel = plain_pair(v[1]);
    const bool default_stride = v[2].is_none() || ((v[2].is(Kind::Tuple) || v[2].is(Kind::List)) && v[2].items().empty());
    const auto stride = default_stride ? kernel : plain_pair(v[2]);
    const auto padding = plain_pair(v[3]), dilation = plain_pair(v[4]);
    if (!kernel || !stride || !padding || !dilation) return Value::none();
    const bool ceil_mode = v[5].as_bool();
    Pair out{};
    for (int d = 0; d < 2; ++d) {
      const int64_t k = (*kernel)[d], s = (*stride)[d], p = (*padding)[d], dl = (*dilation)[d];
      if (k <= 0 || s <= 0 || p < 0 || dl <= 0 || p > (dl * (k - 1) + 1) / 2) return Value::none();
      const int64_t size = x.size(2 + d), span = size + 2 * p - dl * (k - 1) - 1;
      if (span < 0) return Value::none();
      int64_t o = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
      if (ceil_mode && (o - 1) * s >= size + p) --o;  // the last window starts inside the input or its left pad
      if (o < 1) return Value::none();
      out[d] = o;
    }
    auto [values, indices] = ag::max_pool2d_with_indices(x, *kernel, *stride, *padding, *dilation, out);
    if (!v[6].as_bool()) return Value::tensor(values);
    return Value::tuple({Value::tensor(values), Value::tensor(indices)});
  });

  // Sliding windows in the engine (engine/ops/window.h), for functional_conv.py: im2col and col2im
  // (F.unfold and F.fold, the convolutions' inner step) and 2-d max pooling with indices.
  f["_im2col"] = make_builtin("_im2col", "<built-in function _im2col>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v =
        bind_params("_im2col", a, kw, {"input", "kernel_size", "dilation", "padding", "stride", "rows_outer"}, 5);
    return Value::tensor(ag::im2col(tensor_arg(v[0], "_im2col").as_tensor(), int_pair(v[1], "kernel_size"),
                                    int_pair(v[2], "dilation"), int_pair(v[3], "padding"), int_pair(v[4], "stride"),
                                    !v[5].is_none() && truthy(v[5])));
  });
  // _conv2d_direct(input, weight, bias, stride, padding, dilation, groups): the backend's direct
  // convolution (engine/ops/conv.h) with its derivatives, or None where it has none for the dtype
  // (functional_conv.py then composes im2col and a product). Arguments already checked.
  f["_conv2d_direct"] = make_builtin("_conv2d_direct", "<built-in function _conv2d_direct>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_conv2d_direct", a, kw,
                                       {"input", "weight", "bias", "stride", "padding", "dilation", "groups"}, 7);
    const Tensor& x = tensor_arg(v[0], "_conv2d_direct").as_tensor();
    if (!v[1].is(Kind::Tensor) || !(v[2].is_none() || v[2].is(Kind::Tensor)) || !v[6].is(Kind::Int))
      throw TypeError("_conv2d_direct(input, weight, bias, stride, padding, dilation, groups)");
    if (!conv2d_direct_takes(x)) return Value::none();
    kernels::Conv2d g{};
    const Pair stride = int_pair(v[3], "stride"), padding = int_pair(v[4], "padding"), dilation = int_pair(v[5], "dilation");
    for (int d = 0; d < 2; ++d) {
      g.stride[d] = stride[d], g.pad_before[d] = g.pad_after[d] = padding[d], g.dilation[d] = dilation[d];
    }
    g.groups = static_cast<int64_t>(v[6].as_int());
    return Value::tensor(ag::conv2d_direct(x, v[1].as_tensor(), v[2].is_none() ? Tensor() : v[2].as_tensor(), g));
  });
  f["_col2im"] = make_builtin("_col2im", "<built-in function _col2im>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v =
        bind_params("_col2im", a, kw, {"input", "output_size", "kernel_size", "dilation", "padding", "stride"}, 6);
    return Value::tensor(ag::col2im(tensor_arg(v[0], "_col2im").as_tensor(), int_pair(v[1], "output_size"),
                                    int_pair(v[2], "kernel_size"), int_pair(v[3], "dilation"),
                                    int_pair(v[4], "padding"), int_pair(v[5], "stride")));
  });
  f["_lstm_pointwise"] = make_builtin("_lstm_pointwise", "<built-in function _lstm_pointwise>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_lstm_pointwise", a, kw, {"gates", "c"}, 2);
    if (!v[0].is(Kind::Tensor) || !v[1].is(Kind::Tensor)) throw TypeError("_lstm_pointwise(gates, c) takes two Tensors");
    auto [h, c] = ag::lstm_pointwise(v[0].as_tensor(), v[1].as_tensor());
    return Value::tuple({Value::tensor(h), Value::tensor(c)});
  });
  // _lstm_layer(projected, h0, c0, w_hh, reverse, consume=False): a whole LSTM layer's steps in one
  // engine call (engine/ops/rnn.h), for rnn.py when nothing records; (output, h, c). consume: the
  // projections are rnn.py's own temporary, which the steps may overwrite.
  f["_lstm_layer"] = make_builtin("_lstm_layer", "<built-in function _lstm_layer>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_lstm_layer", a, kw, {"projected", "h0", "c0", "w_hh", "reverse", "consume"}, 5);
    for (size_t i = 0; i < 4; ++i)
      if (!v[i].is(Kind::Tensor)) throw TypeError("_lstm_layer(projected, h0, c0, w_hh, reverse) takes four Tensors");
    const Tensor &x = v[0].as_tensor(), &h0 = v[1].as_tensor(), &c0 = v[2].as_tensor(), &w = v[3].as_tensor();
    if (autograd::needs_grad({x, h0, c0, w}))
      throw RuntimeError("_lstm_layer records no graph: run the steps one by one when autograd records");
    const LstmLayerResult r = lstm_layer(x, h0, c0, w, truthy(v[4]), !v[5].is_none() && truthy(v[5]));
    return Value::tuple({Value::tensor(r.output), Value::tensor(r.h), Value::tensor(r.c)});
  });
  f["_max_pool2d"] = make_builtin("_max_pool2d", "<built-in function _max_pool2d>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v =
        bind_params("_max_pool2d", a, kw, {"input", "kernel_size", "stride", "padding", "dilation", "output_size"}, 6);
    auto [values, indices] = ag::max_pool2d_with_indices(
        tensor_arg(v[0], "_max_pool2d").as_tensor(), int_pair(v[1], "kernel_size"), int_pair(v[2], "stride"),
        int_pair(v[3], "padding"), int_pair(v[4], "dilation"), int_pair(v[5], "output_size"));
    return Value::tuple({Value::tensor(values), Value::tensor(indices)});
  });

  f["mse_loss"] = make_builtin("mse_loss", "<function mse_loss>", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("mse_loss", a, kw, {"input", "target", "size_average", "reduce", "reduction", "weight"}, 2);
    if (!v[0].is(Kind::Tensor) || !v[1].is(Kind::Tensor))
      throw TypeError("mse_loss(): argument 'input' and 'target' must be Tensors");
    if (!v[2].is_none() || !v[3].is_none())
      throw NotImplementedError("mse_loss(size_average=, reduce=) are deprecated and not in tsh; use reduction=");
    if (!v[5].is_none()) throw NotImplementedError("mse_loss(weight=) is not in tsh");
    const std::string reduction = v[4].is_none() ? "mean" : v[4].as_str();
    const Shape& is = v[0].as_tensor().sizes();
    const Shape& ts = v[1].as_tensor().sizes();
    if (is != ts)
      warn_once(in, "UserWarning", "Using a target size (" + repr(Value::size(ts)) + ") that is different to the input size (" +
                                       repr(Value::size(is)) + "). This will likely lead to incorrect results due to "
                                       "broadcasting. Please ensure they have the same size.");
    if (reduction != "mean" && reduction != "sum" && reduction != "none")
      throw ValueError(reduction + " is not a valid value for reduction");
    return Value::tensor(ag::mse_loss(v[0].as_tensor(), v[1].as_tensor(), reduction));
  });
  // F.gelu is the registry's gelu (same parameters).
  f["gelu"] = make_builtin("gelu", "<built-in function gelu>", [](Interpreter& in, Args& a, Kwargs& kw) {
    return registry().call(in, *registry().functions("gelu"), false, a, kw);
  });
  // _graph_node(t, name, like=None): functional.py builds a function from torch's ops, and PyTorch
  // has one node for it (NllLossBackward0, ...); the composite's top node takes that name (None:
  // no renaming). With like (a tensor or a tuple of them), t is first laid out in the memory format
  // the first channels-last one suggests, as PyTorch's convolution, pooling, resizing and padding
  // kernels write their results.
  f["_graph_node"] = make_builtin("_graph_node", "<built-in function _graph_node>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_graph_node", a, kw, {"tensor", "name", "like"}, 2);
    if (!v[0].is(Kind::Tensor) || !(v[1].is(Kind::Str) || v[1].is_none())) throw TypeError("_graph_node(tensor, name)");
    Value out = v[0];
    if (v.size() > 2 && !v[2].is_none()) {
      const Tensor& t = out.as_tensor();
      for (const Value& like : v[2].is_sequence() ? v[2].items() : std::vector<Value>{v[2]}) {
        if (!like.is(Kind::Tensor)) continue;
        const Tensor& l = like.as_tensor();
        const MemoryFormat f = suggest_memory_format(l.sizes(), l.strides());
        if (f == MemoryFormat::Contiguous) continue;
        if (t.dim() == l.dim() && t.strides() != memory_format_strides(t.sizes(), f)) {  // exactly, size-1 dims too
          // The copy takes t's place in the graph (same values, so the same gradient): its
          // grad_fn is t's, and the op keeps PyTorch's one node.
          const Tensor copy = clone(t, f);
          if (const auto fn = autograd::grad_fn(t)) autograd::set_history(copy, fn, autograd::output_nr(t));
          out = Value::tensor(copy);
        }
        break;
      }
    }
    if (v[1].is(Kind::Str))
      if (auto fn = autograd::grad_fn(out.as_tensor())) fn->name = v[1].as_str();
    return out;
  });
  // _graph_origin(output, module): nn.Module.__call__ labels the node its forward's output came
  // from with the module (the innermost module wins: an outer one finds the label set), for %graph.
  f["_graph_origin"] = make_builtin("_graph_origin", "<built-in function _graph_origin>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 2) throw TypeError("_graph_origin(output, module)");
    if (a[0].is(Kind::Tensor))
      if (auto fn = autograd::grad_fn(a[0].as_tensor()); fn && fn->origin.empty()) {
        fn->origin = a[1].is(Kind::Instance) ? a[1].as<InstanceObj>()->class_name() : type_name(a[1]);
        fn->origin_id = a[1].identity();
      }
    return a[0];
  });
}

}  // namespace tsh::shell
