// engine/autograd/node.h — the graph autograd records: nodes, edges, saved tensors.
//
// Every differentiable op that sees an input requiring grad makes one Node: its
// name is PyTorch's (MulBackward0), its edges point at the nodes that produced
// its inputs (or at a leaf's AccumulateGrad), and its backward function maps the
// gradients of the op's outputs to the gradients of its inputs. A tensor saved
// for backward remembers its version: an in-place write after saving makes
// backward fail with PyTorch's error instead of giving a silently wrong answer.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/tensor.h"

namespace tsh::autograd {

struct Node;

// Where a gradient goes: input `input_nr` of node `fn` (the output number of the op it came from).
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t input_nr = 0;
  bool valid() const { return fn != nullptr; }
};

// What a gradient flowing into a node must look like: the op's output it belongs to.
struct OutputMeta {
  Shape sizes;
  DType dtype = DType::Float32;
  Device device;
};

// A tensor kept for backward. An input is kept as it is (its own history serves create_graph); an
// output is kept without its history (it would point back at this node) and gets it back on unpack.
struct SavedTensor {
  Tensor data;
  uint32_t version = 0;
  bool is_output = false;
  uint32_t output_nr = 0;
  std::string producer;  // for the error message: the node that made the tensor, when not a leaf
  uint32_t producer_output = 0;
  bool was_leaf = false;
};

using TensorList = std::vector<Tensor>;
using BackwardFn = std::function<TensorList(Node&, const TensorList& grads)>;

struct Node : std::enable_shared_from_this<Node> {
  std::string name;
  std::vector<Edge> next;            // one per differentiable input of the op
  std::vector<OutputMeta> outputs;   // one per output of the op
  std::vector<SavedTensor> saved;
  uint64_t sequence_nr = 0;          // creation order: backward runs later nodes first
  bool released = false;             // saved tensors freed by a backward without retain_graph
  BackwardFn backward;
  // Non-leaf tensors that asked retain_grad(), by output number (weak: the graph never keeps them).
  std::vector<std::pair<uint32_t, std::weak_ptr<TensorImpl>>> retained;
  // AccumulateGrad only: the leaf whose .grad receives the gradient.
  Tensor variable;
  // Nodes this one runs inside its own backward (CopySlices runs the in-place op's node): their
  // saved tensors are freed with this node's.
  std::vector<std::shared_ptr<Node>> owned;
  // In anomaly mode: where the forward call that made this node was (Python's traceback lines).
  std::string forward_trace;
  // What made this node, for drawings: the shell labels a torch.nn module's output node with the
  // module's class and identity (%graph names it). The engine never reads these.
  std::string origin;
  uint64_t origin_id = 0;

  Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  bool is_accumulate() const { return variable.defined(); }
  // Keeps t for backward; returns the index to unpack it by. An undefined t is kept as undefined.
  size_t save(const Tensor& t, bool is_output = false);
  // The saved tensor, checked: freed by an earlier backward, or modified in place since saved.
  Tensor unpack(size_t i);
  void release_saved();
};

// A new node. Nodes are freed through a per-thread queue, never inside one another's destructors:
// freeing the last node of a chain of 10^6 ops (h = h + 0 in a loop, then h = None) frees every node
// behind it, which as nested destructors would be a C++ recursion as deep as the chain. Every node
// is made here.
std::shared_ptr<Node> new_node();

// Anomaly detection (torch.autograd.set_detect_anomaly, detect_anomaly): while it is on, each new
// node keeps the traceback of the forward call that made it, and backward checks every gradient a
// node returns for NaN (check_nan). Process-wide, as PyTorch's.
struct AnomalyMode {
  bool enabled = false;
  bool check_nan = true;
};
AnomalyMode& anomaly_mode();
// Where the running program is, as a traceback's lines: the shell knows, the engine asks.
void set_forward_trace_source(std::function<std::string()> source);
// The node whose backward failed while anomaly mode was on, and its forward traceback; taken once.
struct AnomalyReport {
  std::string node_name;
  std::string forward_trace;
};
std::optional<AnomalyReport> take_anomaly_report();
void report_anomaly(const Node& n);

// Thrown when a graph is used a second time after backward freed it (PyTorch's text).
[[noreturn]] void throw_graph_freed();

uint64_t next_sequence_nr();

}  // namespace tsh::autograd
