// engine/autograd/node.cpp — saving and unpacking tensors for backward, with the version check.
#include "engine/autograd/node.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>

#include "engine/autograd/variable.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"

namespace tsh::autograd {

uint64_t next_sequence_nr() {
  static std::atomic<uint64_t> counter{0};
  return counter++;
}

namespace {

// Deletes a node whose last owner let go. A node freed while another is being deleted (its edges,
// its saved tensors' grad_fns, what its backward captured) waits in `pending` and is deleted by the
// outermost call, one after another, so the C++ stack stays flat however long the chain.
void delete_node(Node* n) noexcept {
  thread_local std::vector<Node*> pending;
  thread_local bool deleting = false;
  if (deleting) {
    try {
      pending.push_back(n);
      return;
    } catch (...) {  // no memory for the queue: delete it now, nested
    }
    delete n;
    return;
  }
  deleting = true;
  delete n;
  while (!pending.empty()) {
    Node* next = pending.back();
    pending.pop_back();
    delete next;
  }
  deleting = false;
}

std::function<std::string()>& forward_trace_source() {
  static std::function<std::string()> source;
  return source;
}

std::optional<AnomalyReport>& last_anomaly() {
  thread_local std::optional<AnomalyReport> report;
  return report;
}

}  // namespace

AnomalyMode& anomaly_mode() {
  static AnomalyMode mode;
  return mode;
}

void set_forward_trace_source(std::function<std::string()> source) { forward_trace_source() = std::move(source); }

void report_anomaly(const Node& n) { last_anomaly() = AnomalyReport{n.name, n.forward_trace}; }

std::optional<AnomalyReport> take_anomaly_report() {
  std::optional<AnomalyReport> r = std::move(last_anomaly());
  last_anomaly().reset();
  return r;
}

std::shared_ptr<Node> new_node() {
  std::shared_ptr<Node> n(new Node, delete_node);
  if (anomaly_mode().enabled && forward_trace_source()) n->forward_trace = forward_trace_source()();
  return n;
}

void throw_graph_freed() {
  throw RuntimeError(
      "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
      "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
      "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
      "saved tensors after calling backward.");
}

namespace {

// "SigmoidBackward0" -> "Sigmoid": how PyTorch names an op in the version error.
std::string op_name(const std::string& node_name) {
  const size_t at = node_name.rfind("Backward");
  return at == std::string::npos ? node_name : node_name.substr(0, at);
}

std::string shape_list(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

}  // namespace

size_t Node::save(const Tensor& t, bool is_output) {
  SavedTensor s;
  if (t.defined()) {
    s.version = autograd::version(t);
    s.is_output = is_output;
    if (is_output) {
      // Kept without history: the output's grad_fn is this node, and a strong reference back
      // would keep the graph alive forever.
      s.data = detach(t);
      s.output_nr = output_nr(t);
    } else {
      s.data = t;
    }
  }
  saved.push_back(std::move(s));
  return saved.size() - 1;
}

Tensor Node::unpack(size_t i) {
  if (released) throw_graph_freed();
  const SavedTensor& s = saved[i];
  if (!s.data.defined()) return s.data;
  const uint32_t now = version(s.data);
  if (now != s.version) {
    std::string who;
    if (s.is_output) {
      who = ", which is output " + std::to_string(s.output_nr) + " of " + op_name(name) + ",";
    } else if (auto fn = grad_fn(s.data)) {
      who = ", which is output " + std::to_string(output_nr(s.data)) + " of " + op_name(fn->name) + ",";
    }
    throw RuntimeError(
        "one of the variables needed for gradient computation has been modified by an inplace operation: [" +
        tensor_type_name(s.data) + " " + shape_list(s.data.sizes()) + "]" + who + " is at version " +
        std::to_string(now) + "; expected version " + std::to_string(s.version) +
        " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False).");
  }
  if (s.is_output && grad_enabled()) {
    // create_graph: the output gets its history back, so gradients of gradients flow through this node.
    Tensor t = s.data.as_view(s.data.sizes(), s.data.strides(), s.data.storage_offset());
    Meta& m = ensure_meta(t);
    m.grad_fn = shared_from_this();
    m.output_nr = s.output_nr;
    return t;
  }
  return s.data;
}

void Node::release_saved() {
  for (auto& n : owned) n->release_saved();
  if (saved.empty()) return;  // nothing saved: PyTorch lets such a node run again
  released = true;
  for (SavedTensor& s : saved) s.data = Tensor();
}

}  // namespace tsh::autograd
