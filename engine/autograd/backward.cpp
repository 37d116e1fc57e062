// engine/autograd/backward.cpp — the engine that walks a graph from its outputs to its leaves.
//
// A node runs once every node that feeds it a gradient has run (dependency counts taken
// before starting), later-created nodes first, as PyTorch orders ready nodes. Gradients
// arriving at the same input are summed. Without retain_graph each node frees its saved
// tensors after running, so a second backward through it fails with PyTorch's error.
#include "engine/autograd/backward.h"

#include <map>
#include <queue>
#include <set>
#include <unordered_map>

#include "engine/autograd/functions.h"
#include "engine/autograd/layout.h"
#include "engine/autograd/variable.h"
#include "engine/core/error.h"
#include "engine/core/memory_format.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/memory_format.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/reduce.h"
#include "engine/ops/unary.h"

namespace tsh::autograd {

namespace {

std::string size_str(const Shape& s) {
  std::string out = "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "])";
}

struct GradModeGuard {
  bool prev;
  explicit GradModeGuard(bool on) : prev(grad_enabled()) { set_grad_enabled(on); }
  ~GradModeGuard() { set_grad_enabled(prev); }
};

// Whether a tensor of shape `from` broadcasts to `to`.
bool is_expandable_to(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  for (size_t i = 0; i < from.size(); ++i) {
    const int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    if (f != t && f != 1) return false;
  }
  return true;
}

Tensor accumulate(const Tensor& sum, const Tensor& g) { return sum.defined() ? ag::add(sum, g) : g; }

// A gradient for a node input, made to match what that input was: same dtype, and summed
// down when it arrived broadcast (PyTorch's validate_outputs).
Tensor conform(const Node& fn, size_t index, const Tensor& g, const OutputMeta& want) {
  Tensor out = g;
  if (out.sizes() != want.sizes) {
    if (!is_expandable_to(want.sizes, out.sizes()))
      throw RuntimeError("Function " + fn.name + " returned an invalid gradient at index " + std::to_string(index) +
                         " - got " + shape_str(out.sizes()) + " but expected shape compatible with " +
                         shape_str(want.sizes));
    out = ag::sum_to(out, want.sizes);
  }
  if (out.dtype() != want.dtype) out = ag::to_dtype(out, want.dtype);
  return out;
}

// Whether g's strides are var's, size-1 dims aside.
bool same_layout(const Tensor& g, const Tensor& var) {
  for (int64_t d = 0; d < var.dim(); ++d)
    if (var.sizes()[d] != 1 && g.strides()[d] != var.strides()[d]) return false;
  return true;
}

// The first .grad: a copy of g (it may be shared) in PyTorch's gradient layout contract. A leaf's
// grad has the leaf's own strides when the leaf is non-overlapping and dense, else row-major ones;
// a retained grad is row-major. Under create_graph the copy is recorded, as PyTorch's
// (CopyBackwards into the leaf's layout, else CloneBackward0).
Tensor first_grad(const Tensor& var, const Tensor& g, bool create_graph, bool leaf) {
  const bool own_layout = leaf && non_overlapping_and_dense(var.sizes(), var.strides());
  if (own_layout) {
    if (!create_graph && same_layout(g, var)) return ag::detached_clone(g);
    const Tensor out = empty_strided(var.sizes(), var.strides(), g.dtype(), g.device());
    copy_(out, g);
    return create_graph ? ag::copied(g, out) : out;
  }
  const Tensor out = tsh::clone(g, MemoryFormat::Contiguous);
  return create_graph ? ag::cloned(g, out) : out;
}

// A retained or accumulated .grad: the first gradient is copied, later ones add.
void accumulate_into(const Tensor& var, const Tensor& g, bool create_graph, bool leaf = true) {
  Meta& m = ensure_meta(var);
  if (!m.grad.defined()) {
    m.grad = first_grad(var, g, create_graph, leaf);
  } else if (create_graph) {
    m.grad = ag::add(m.grad, g);
  } else {
    add_in_place(m.grad, g);
  }
}

struct Run {
  Run(bool retain, bool create, bool accumulate)
      : retain_graph(retain), create_graph(create), accumulate_leaves(accumulate) {}
  bool retain_graph, create_graph, accumulate_leaves;
  std::unordered_map<Node*, int> deps;
  std::unordered_map<Node*, TensorList> buffers;
  std::set<Node*> needed;  // nodes to run (all of them when no inputs are named)
  bool run_all = true;
  // torch.autograd.grad's targets: (node, input number) -> positions in the result.
  std::map<std::pair<Node*, uint32_t>, std::vector<size_t>> captures;
  TensorList captured;
  // backward(inputs=...) on a non-leaf: its .grad gets what reaches it.
  std::map<std::pair<Node*, uint32_t>, std::vector<Tensor>> capture_into;

  void count_deps(const std::vector<Node*>& roots) {
    std::vector<Node*> stack;
    std::set<Node*> seen;
    for (Node* r : roots)
      if (seen.insert(r).second) stack.push_back(r);
    while (!stack.empty()) {
      Node* n = stack.back();
      stack.pop_back();
      for (const Edge& e : n->next) {
        if (!e.valid()) continue;
        ++deps[e.fn.get()];
        if (seen.insert(e.fn.get()).second) stack.push_back(e.fn.get());
      }
    }
  }

  // Marks the nodes that lead to a target; the targets' own nodes run only if they lead further.
  // Depth first with a stack of its own: a graph can be a chain a million nodes long.
  void mark_needed(Node* root, std::set<Node*>& targets, std::map<Node*, bool>& memo) {
    if (!memo.emplace(root, false).second) return;
    std::vector<std::pair<Node*, size_t>> stack{{root, 0}};  // a node and its next edge to visit
    while (!stack.empty()) {
      Node* n = stack.back().first;
      const size_t i = stack.back().second++;
      if (i < n->next.size()) {
        Node* child = n->next[i].fn.get();
        if (child && memo.emplace(child, false).second) stack.push_back({child, 0});
        continue;
      }
      bool leads = false;
      for (const Edge& e : n->next)
        if (e.valid()) leads = leads || memo[e.fn.get()] || targets.count(e.fn.get());
      memo[n] = leads;
      if (leads) needed.insert(n);
      stack.pop_back();
    }
  }

  void add_grad(Node* fn, uint32_t input_nr, const Tensor& g) {
    TensorList& buf = buffers[fn];
    if (buf.size() < fn->outputs.size()) buf.resize(fn->outputs.size());
    buf[input_nr] = accumulate(buf[input_nr], g);
  }

  // Anomaly mode: a backward that fails, or returns NaN when check_nan is on, is reported with the
  // node that ran it (PyTorch's "Function 'SqrtBackward0' returned nan values in its 0th output.").
  static TensorList backward_checked(Node& n, const TensorList& grads) {
    TensorList out;
    try {
      out = n.backward(n, grads);
    } catch (...) {
      report_anomaly(n);
      throw;
    }
    if (!anomaly_mode().check_nan) return out;
    for (size_t j = 0; j < out.size(); ++j) {
      const Tensor& g = out[j];
      if (!g.defined() || g.numel() == 0 || g.device().is_meta() || !(is_floating(g.dtype()) || is_complex(g.dtype())))
        continue;
      if (item(any(isnan(g))).to_int()) {
        report_anomaly(n);
        throw RuntimeError("Function '" + n.name + "' returned nan values in its " + std::to_string(j) + "th output.");
      }
    }
    return out;
  }

  void execute(Node* n, TensorList& grads) {
    grads.resize(n->outputs.size());
    for (uint32_t i = 0; i < grads.size(); ++i) {
      auto c = captures.find({n, i});
      if (c != captures.end() && grads[i].defined())
        for (size_t pos : c->second) captured[pos] = accumulate(captured[pos], grads[i]);
      auto ci = capture_into.find({n, i});
      if (ci != capture_into.end() && grads[i].defined())
        for (const Tensor& t : ci->second) accumulate_into(t, grads[i], create_graph);
    }
    for (auto& [nr, weak] : n->retained) {
      auto impl = weak.lock();
      if (impl && nr < grads.size() && grads[nr].defined()) accumulate_into(Tensor(impl), grads[nr], create_graph, false);
    }
    if (!run_all && !needed.count(n)) return;
    if (n->is_accumulate()) {
      if (accumulate_leaves && grads[0].defined()) accumulate_into(n->variable, grads[0], create_graph);
      return;
    }
    bool any = false;
    for (const Tensor& g : grads) any = any || g.defined();
    if (!any) return;
    for (size_t i = 0; i < grads.size(); ++i)
      if (!grads[i].defined()) grads[i] = zeros(n->outputs[i].sizes, n->outputs[i].dtype, n->outputs[i].device);
    if (n->released) {
      if (anomaly_mode().enabled) report_anomaly(*n);
      throw_graph_freed();
    }
    TensorList out = anomaly_mode().enabled ? backward_checked(*n, grads) : n->backward(*n, grads);
    if (out.size() != n->next.size())
      throw RuntimeError("function " + n->name + " returned an incorrect number of gradients (expected " +
                         std::to_string(n->next.size()) + ", got " + std::to_string(out.size()) + ")");
    if (!retain_graph) n->release_saved();
    for (size_t j = 0; j < out.size(); ++j) {
      const Edge& e = n->next[j];
      if (!e.valid() || !out[j].defined()) continue;
      add_grad(e.fn.get(), e.input_nr, conform(*n, j, out[j], e.fn->outputs[e.input_nr]));
    }
  }

  void go(const std::vector<Edge>& roots, const TensorList& root_grads) {
    std::vector<Node*> root_nodes;
    for (const Edge& e : roots) root_nodes.push_back(e.fn.get());
    count_deps(root_nodes);
    for (size_t i = 0; i < roots.size(); ++i) add_grad(roots[i].fn.get(), roots[i].input_nr, root_grads[i]);
    auto later_first = [](Node* a, Node* b) { return a->sequence_nr < b->sequence_nr; };
    std::priority_queue<Node*, std::vector<Node*>, decltype(later_first)> ready(later_first);
    std::set<Node*> queued;
    for (Node* r : root_nodes)
      if (deps[r] == 0 && queued.insert(r).second) ready.push(r);
    while (!ready.empty()) {
      Node* n = ready.top();
      ready.pop();
      TensorList grads = std::move(buffers[n]);
      buffers.erase(n);
      execute(n, grads);
      for (const Edge& e : n->next) {
        if (!e.valid()) continue;
        if (--deps[e.fn.get()] == 0 && queued.insert(e.fn.get()).second) ready.push(e.fn.get());
      }
    }
  }
};

std::vector<Edge> root_edges(const TensorList& outputs) {
  std::vector<Edge> edges;
  for (size_t i = 0; i < outputs.size(); ++i) {
    Edge e = gradient_edge(outputs[i]);
    if (!e.valid())
      throw RuntimeError("element " + std::to_string(i) + " of tensors does not require grad and does not have a grad_fn");
    edges.push_back(e);
  }
  return edges;
}

}  // namespace

TensorList make_root_grads(const TensorList& outputs, const TensorList& grads, bool) {
  TensorList out;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& o = outputs[i];
    const Tensor g = i < grads.size() ? grads[i] : Tensor();
    if (g.defined()) {
      if (g.sizes() != o.sizes())
        throw RuntimeError("Mismatch in shape: grad_output[" + std::to_string(i) + "] has a shape of " +
                           size_str(g.sizes()) + " and output[" + std::to_string(i) + "] has a shape of " +
                           size_str(o.sizes()) + ".");
      if (is_complex(o.dtype()) != is_complex(g.dtype()))
        throw RuntimeError("For complex Tensors, both grad_output and output are required to have the same dtype. "
                           "Mismatch in dtype: grad_output[" + std::to_string(i) + "] has a dtype of " +
                           dtype_repr(g.dtype()) + " and output[" + std::to_string(i) + "] has a dtype of " +
                           dtype_repr(o.dtype()) + ".");
      out.push_back(g);
    } else {
      if (!requires_grad(o)) {
        out.push_back(Tensor());
        continue;
      }
      if (o.numel() != 1) throw RuntimeError("grad can be implicitly created only for scalar outputs");
      if (!is_floating(o.dtype()))
        throw RuntimeError("grad can be implicitly created only for real scalar outputs but got " +
                           dtype_repr(o.dtype()));
      out.push_back(ones(o.sizes(), o.dtype(), o.device()));
    }
  }
  return out;
}

void backward(const TensorList& outputs, const TensorList& grads, bool retain_graph, bool create_graph,
              const TensorList& inputs) {
  const std::vector<Edge> roots = root_edges(outputs);
  GradModeGuard mode(create_graph);
  Run run(retain_graph, create_graph, true);
  if (!inputs.empty()) {
    run.run_all = false;
    std::set<Node*> targets;
    for (const Tensor& t : inputs) {
      Edge e = gradient_edge(t);
      if (!e.valid()) throw RuntimeError("One of the differentiated Tensors does not require grad");
      targets.insert(e.fn.get());
      if (e.fn->is_accumulate()) run.needed.insert(e.fn.get());
      else run.capture_into[{e.fn.get(), e.input_nr}].push_back(t);
    }
    std::map<Node*, bool> memo;
    for (const Edge& r : roots) {
      run.mark_needed(r.fn.get(), targets, memo);
    }
  }
  run.go(roots, grads);
}

TensorList grad(const TensorList& outputs, const TensorList& grads, const TensorList& inputs, bool retain_graph,
                bool create_graph, bool allow_unused, bool materialize_grads) {
  const std::vector<Edge> roots = root_edges(outputs);
  GradModeGuard mode(create_graph);
  Run run(retain_graph, create_graph, false);
  run.run_all = false;
  run.captured.resize(inputs.size());
  std::set<Node*> targets;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Edge e = gradient_edge(inputs[i]);
    if (!e.valid()) throw RuntimeError("One of the differentiated Tensors does not require grad");
    targets.insert(e.fn.get());
    run.captures[{e.fn.get(), e.input_nr}].push_back(i);
  }
  std::map<Node*, bool> memo;
  for (const Edge& r : roots) run.mark_needed(r.fn.get(), targets, memo);
  run.go(roots, grads);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (run.captured[i].defined()) continue;
    if (materialize_grads) {
      run.captured[i] = zeros(inputs[i].sizes(), inputs[i].dtype(), inputs[i].device());
    } else if (!allow_unused) {
      throw RuntimeError("The differentiated Tensor at index " + std::to_string(i) + " appears to not have been used "
                         "in the graph. Set allow_unused=True if this is the desired behavior.");
    }
  }
  return run.captured;
}

}  // namespace tsh::autograd
