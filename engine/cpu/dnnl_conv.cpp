// engine/cpu/dnnl_conv.cpp — 2-d convolutions on oneDNN, the library PyTorch's CPU build runs them
// on: direct convolution kernels (JIT-compiled for the CPU's vector width) over blocked layouts,
// where im2col would first write every window out as a column.
//
// tsh's tensors stay NCHW: each call reorders its operands into the layouts the primitive chose
// (format_tag::any) and its result back. Primitives (and those reorders) are made once per
// geometry and kept: making one compiles code. Float32 only, as oneDNN's CPU convolutions are.
#include "engine/cpu/dnnl_conv.h"

#ifdef TSH_HAVE_DNNL

#include <oneapi/dnnl/dnnl.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "engine/core/error.h"

namespace tsh::cpu {

namespace {

using dnnl::memory;
using Tag = memory::format_tag;

dnnl::engine& cpu_engine() {
  static dnnl::engine e(dnnl::engine::kind::cpu, 0);
  return e;
}

// What makes one convolution's primitives: the operand sizes and the geometry.
struct Key {
  std::vector<int64_t> fields;
  bool operator<(const Key& o) const { return fields < o.fields; }
};

Key key_of(int kind, const Shape& input, const Shape& weight, const Shape& out, bool bias, const kernels::Conv2d& g) {
  Key k;
  k.fields = {kind, bias, g.groups};
  for (const Shape* s : {&input, &weight, &out}) k.fields.insert(k.fields.end(), s->begin(), s->end());
  for (int d = 0; d < 2; ++d)
    k.fields.insert(k.fields.end(), {g.stride[d], g.pad_before[d], g.pad_after[d], g.dilation[d]});
  return k;
}

memory::dims dims(const Shape& s) { return memory::dims(s.begin(), s.end()); }

// The user's plain layouts: NCHW activations; OIHW weights, or GOIHW split by groups.
memory::desc plain(const Shape& s, Tag tag) { return memory::desc(dims(s), memory::data_type::f32, tag); }
memory::desc any(const memory::dims& d) { return memory::desc(d, memory::data_type::f32, Tag::any); }
memory::dims weight_dims(const Shape& w, int64_t groups) {
  if (groups == 1) return dims(w);
  return {groups, w[0] / groups, w[1], w[2], w[3]};
}
Tag weight_tag(int64_t groups) { return groups == 1 ? Tag::oihw : Tag::goihw; }

// The input's layout as the primitive is asked for it: a few channels stay NCHW (oneDNN's first-layer
// kernels read it so; blocked, one channel would be padded to 16), more go blocked (format_tag::any).
memory::desc source(const Shape& input) {
  return input[1] < 4 ? plain(input, Tag::nchw) : any(dims(input));
}

memory::dims strides(const kernels::Conv2d& g) { return {g.stride[0], g.stride[1]}; }
memory::dims dilates(const kernels::Conv2d& g) { return {g.dilation[0] - 1, g.dilation[1] - 1}; }  // 0: none
memory::dims pad_l(const kernels::Conv2d& g) { return {g.pad_before[0], g.pad_before[1]}; }
memory::dims pad_r(const kernels::Conv2d& g) { return {g.pad_after[0], g.pad_after[1]}; }

// A user tensor as the primitive wants it: the tensor's own memory when the layouts agree, else a
// copy reordered into the primitive's layout (the reorder made once, kept in `to`).
struct Operand {
  memory::desc user, wanted;
  std::unique_ptr<dnnl::reorder> to;  // user → wanted (inputs) or wanted → user (results)
  Operand(const memory::desc& u, const memory::desc& w, bool result) : user(u), wanted(w) {
    if (u != w) {
      dnnl::engine& e = cpu_engine();
      to = std::make_unique<dnnl::reorder>(result ? dnnl::reorder::primitive_desc(e, w, e, u)
                                                  : dnnl::reorder::primitive_desc(e, u, e, w));
    }
  }
  // The memory to hand the primitive for input data at p.
  memory in(dnnl::stream& s, void* p) const {
    memory m(user, cpu_engine(), p);
    if (!to) return m;
    memory w(wanted, cpu_engine());
    to->execute(s, m, w);
    return w;
  }
  // The memory the primitive writes a result into, for a user result at p (finish() copies it back).
  memory out(void* p) const { return to ? memory(wanted, cpu_engine()) : memory(user, cpu_engine(), p); }
  void finish(dnnl::stream& s, memory& written, void* p) const {
    if (!to) return;
    memory m(user, cpu_engine(), p);
    to->execute(s, written, m);
  }
};

struct Forward {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward prim;
  Operand src, weights, dst;
};
struct BackwardData {
  dnnl::convolution_backward_data prim;
  Operand diff_dst, weights, diff_src;
};
struct BackwardWeights {
  dnnl::convolution_backward_weights prim;
  Operand src, diff_dst, diff_weights;
  bool bias;
};

std::mutex cache_mutex;

dnnl::convolution_forward::primitive_desc forward_pd(const Shape& input, const Shape& weight, const Shape& out,
                                                     bool bias, const kernels::Conv2d& g) {
  const memory::dims w = weight_dims(weight, g.groups);
  const memory::desc bias_md = bias ? memory::desc({weight[0]}, memory::data_type::f32, Tag::x) : memory::desc();
  dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_training, dnnl::algorithm::convolution_direct,
                                    source(input), any(w), bias_md, any(dims(out)), strides(g), dilates(g), pad_l(g),
                                    pad_r(g));
  return dnnl::convolution_forward::primitive_desc(d, cpu_engine());
}

const Forward& forward_plan(const Shape& input, const Shape& weight, const Shape& out, bool bias,
                            const kernels::Conv2d& g) {
  static std::map<Key, std::unique_ptr<Forward>> cache;
  const std::lock_guard<std::mutex> lock(cache_mutex);
  auto& slot = cache[key_of(0, input, weight, out, bias, g)];
  if (!slot) {
    auto pd = forward_pd(input, weight, out, bias, g);
    slot = std::make_unique<Forward>(Forward{pd, dnnl::convolution_forward(pd),
                                             Operand(plain(input, Tag::nchw), pd.src_desc(), false),
                                             Operand(memory::desc(weight_dims(weight, g.groups), memory::data_type::f32,
                                                                  weight_tag(g.groups)),
                                                     pd.weights_desc(), false),
                                             Operand(plain(out, Tag::nchw), pd.dst_desc(), true)});
  }
  return *slot;
}

const BackwardData& backward_data_plan(const Shape& input, const Shape& weight, const Shape& out,
                                       const kernels::Conv2d& g) {
  static std::map<Key, std::unique_ptr<BackwardData>> cache;
  auto hint = forward_pd(input, weight, out, false, g);
  const std::lock_guard<std::mutex> lock(cache_mutex);
  auto& slot = cache[key_of(1, input, weight, out, false, g)];
  if (!slot) {
    dnnl::convolution_backward_data::desc d(dnnl::algorithm::convolution_direct, any(dims(input)),
                                            any(weight_dims(weight, g.groups)), any(dims(out)), strides(g), dilates(g),
                                            pad_l(g), pad_r(g));
    dnnl::convolution_backward_data::primitive_desc pd(d, cpu_engine(), hint);
    slot = std::make_unique<BackwardData>(BackwardData{
        dnnl::convolution_backward_data(pd), Operand(plain(out, Tag::nchw), pd.diff_dst_desc(), false),
        Operand(memory::desc(weight_dims(weight, g.groups), memory::data_type::f32, weight_tag(g.groups)),
                pd.weights_desc(), false),
        Operand(plain(input, Tag::nchw), pd.diff_src_desc(), true)});
  }
  return *slot;
}

const BackwardWeights& backward_weights_plan(const Shape& input, const Shape& weight, const Shape& out, bool bias,
                                             const kernels::Conv2d& g) {
  static std::map<Key, std::unique_ptr<BackwardWeights>> cache;
  auto hint = forward_pd(input, weight, out, bias, g);
  const std::lock_guard<std::mutex> lock(cache_mutex);
  auto& slot = cache[key_of(2, input, weight, out, bias, g)];
  if (!slot) {
    const memory::dims w = weight_dims(weight, g.groups);
    const memory::desc bias_md = bias ? memory::desc({weight[0]}, memory::data_type::f32, Tag::x) : memory::desc();
    dnnl::convolution_backward_weights::desc d(dnnl::algorithm::convolution_direct, source(input), any(w), bias_md,
                                               any(dims(out)), strides(g), dilates(g), pad_l(g), pad_r(g));
    dnnl::convolution_backward_weights::primitive_desc pd(d, cpu_engine(), hint);
    slot = std::make_unique<BackwardWeights>(BackwardWeights{
        dnnl::convolution_backward_weights(pd), Operand(plain(input, Tag::nchw), pd.src_desc(), false),
        Operand(plain(out, Tag::nchw), pd.diff_dst_desc(), false),
        Operand(memory::desc(w, memory::data_type::f32, weight_tag(g.groups)), pd.diff_weights_desc(), true), bias});
  }
  return *slot;
}

// oneDNN's exceptions as tsh's errors (a geometry it has no kernel for, say).
template <typename F> void guarded(F&& f) {
  try {
    f();
  } catch (const dnnl::error& e) {
    throw RuntimeError(std::string("oneDNN convolution failed: ") + e.what());
  }
}

}  // namespace

bool conv2d_takes_kernel(DType dtype) { return dtype == DType::Float32; }

void conv2d_forward_kernel(const Tensor& input, const Tensor& weight, const Tensor& bias, const Tensor& out,
                           const kernels::Conv2d& g) {
  guarded([&] {
    const Forward& p = forward_plan(input.sizes(), weight.sizes(), out.sizes(), bias.defined(), g);
    dnnl::stream s(cpu_engine());
    memory src = p.src.in(s, input.data_ptr());
    memory wei = p.weights.in(s, weight.data_ptr());
    memory dst = p.dst.out(out.data_ptr());
    std::unordered_map<int, memory> args{{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DST, dst}};
    if (bias.defined()) args.emplace(DNNL_ARG_BIAS, memory(p.pd.bias_desc(), cpu_engine(), bias.data_ptr()));
    p.prim.execute(s, args);
    p.dst.finish(s, dst, out.data_ptr());
    s.wait();
  });
}

void conv2d_backward_data_kernel(const Tensor& grad_out, const Tensor& weight, const Tensor& grad_input,
                                 const kernels::Conv2d& g) {
  guarded([&] {
    const BackwardData& p = backward_data_plan(grad_input.sizes(), weight.sizes(), grad_out.sizes(), g);
    dnnl::stream s(cpu_engine());
    memory dd = p.diff_dst.in(s, grad_out.data_ptr());
    memory wei = p.weights.in(s, weight.data_ptr());
    memory ds = p.diff_src.out(grad_input.data_ptr());
    p.prim.execute(s, {{DNNL_ARG_DIFF_DST, dd}, {DNNL_ARG_WEIGHTS, wei}, {DNNL_ARG_DIFF_SRC, ds}});
    p.diff_src.finish(s, ds, grad_input.data_ptr());
    s.wait();
  });
}

void conv2d_backward_weights_kernel(const Tensor& input, const Tensor& grad_out, const Tensor& grad_weight,
                                    const Tensor& grad_bias, const kernels::Conv2d& g) {
  guarded([&] {
    const BackwardWeights& p =
        backward_weights_plan(input.sizes(), grad_weight.sizes(), grad_out.sizes(), grad_bias.defined(), g);
    dnnl::stream s(cpu_engine());
    memory src = p.src.in(s, input.data_ptr());
    memory dd = p.diff_dst.in(s, grad_out.data_ptr());
    memory dw = p.diff_weights.out(grad_weight.data_ptr());
    std::unordered_map<int, memory> args{{DNNL_ARG_SRC, src}, {DNNL_ARG_DIFF_DST, dd}, {DNNL_ARG_DIFF_WEIGHTS, dw}};
    if (grad_bias.defined())
      args.emplace(DNNL_ARG_DIFF_BIAS,
                   memory(memory::desc({grad_bias.size(0)}, memory::data_type::f32, Tag::x), cpu_engine(),
                          grad_bias.data_ptr()));
    p.prim.execute(s, args);
    p.diff_weights.finish(s, dw, grad_weight.data_ptr());
    s.wait();
  });
}

}  // namespace tsh::cpu

#endif  // TSH_HAVE_DNNL
