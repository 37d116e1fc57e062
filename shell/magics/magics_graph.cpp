// shell/magics/magics_graph.cpp — %graph t: the autograd graph that produced t, drawn as a tree.
//
// The root is t's grad_fn; under each node come the nodes its gradients flow to, in the order of
// the op's inputs. A node reached a second time is drawn once and referred to by its number. Each
// node shows what it saved for backward (shape and dtype, or that backward freed it); a leaf shows
// the tensor that receives .grad, by its variable name when the session has one. Big graphs are
// drawn in part: the first nodes, depth first, to a bounded depth.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/autograd/node.h"
#include "engine/autograd/variable.h"
#include "engine/core/shape.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/python/classes.h"

namespace tsh::shell {

namespace {

std::string describe(const Tensor& t) {
  return shape_str(t.sizes()) + " " + std::string(dtype_name(t.dtype()));
}

// A drawing is bounded whatever the graph: a loss built by 10^6 steps is a chain 10^6 deep, and a
// stack of 10^6 tensors one node with 10^6 inputs. At most kMaxNodes nodes and kMaxLines lines are
// drawn, kMaxDepth levels indented; what is left out is counted below the tree.
constexpr size_t kMaxNodes = 100;
constexpr size_t kMaxLines = 200;
constexpr size_t kMaxDepth = 30;

class GraphDrawing {
 public:
  GraphDrawing(const std::map<const TensorImpl*, std::string>& names, const std::map<uint64_t, std::string>& modules)
      : names_(names), modules_(modules) {}

  // Walks depth first with a stack of its own (never the C++ stack): children in the order of the
  // op's inputs, each under its parent's prefix.
  void draw(const autograd::Node& root) {
    struct Step {
      const autograd::Node* node;
      std::string prefix, child_prefix;
      size_t depth;
    };
    std::vector<Step> todo{{&root, "", "", 0}};
    for (size_t lines = 0; !todo.empty(); ++lines) {
      Step s = std::move(todo.back());
      todo.pop_back();
      if (lines == kMaxLines || numbers_.size() == kMaxNodes) {  // the rest of the graph: not drawn
        out_ += s.prefix + "…\n";
        break;
      }
      auto seen = numbers_.find(s.node);
      if (seen != numbers_.end()) {
        out_ += s.prefix + s.node->name + " #" + std::to_string(seen->second) + " (drawn above)\n";
        continue;
      }
      if (s.depth == kMaxDepth) {  // this branch goes deeper
        out_ += s.prefix + "…\n";
        continue;
      }
      const int number = static_cast<int>(numbers_.size()) + 1;
      numbers_[s.node] = number;
      out_ += s.prefix + s.node->name + " #" + std::to_string(number) + detail(*s.node) + "\n";
      std::vector<const autograd::Edge*> edges;
      for (const autograd::Edge& e : s.node->next)
        if (e.valid()) edges.push_back(&e);
      for (size_t i = edges.size(); i-- > 0;) {  // pushed last first: drawn first first
        const bool last = i + 1 == edges.size();
        todo.push_back({edges[i]->fn.get(), s.child_prefix + (last ? "└─ " : "├─ "),
                        s.child_prefix + (last ? "   " : "│  "), s.depth + 1});
      }
    }
  }

  // How many nodes the whole graph has, and how many of them the drawing shows.
  size_t drawn() const { return numbers_.size(); }
  static size_t count(const autograd::Node& root) {
    std::set<const autograd::Node*> seen{&root};
    std::vector<const autograd::Node*> todo{&root};
    while (!todo.empty()) {
      const autograd::Node* n = todo.back();
      todo.pop_back();
      for (const autograd::Edge& e : n->next)
        if (e.valid() && seen.insert(e.fn.get()).second) todo.push_back(e.fn.get());
    }
    return seen.size();
  }

  std::string text() const { return out_; }

 private:
  std::string detail(const autograd::Node& n) const {
    if (n.is_accumulate()) {
      const Tensor& v = n.variable;
      auto it = names_.find(v.impl());
      const std::string who = it != names_.end() ? it->second : "a leaf";
      return "  → " + who + ": " + describe(v) + ", requires_grad=True (receives .grad)";
    }
    std::string s;
    if (!n.origin.empty()) {  // the output of a torch.nn module's forward
      auto it = modules_.find(n.origin_id);
      s = "  ← " + (it != modules_.end() ? it->second + " (" + n.origin + ")" : n.origin);
    }
    if (n.released) return s + "  saved tensors freed by backward (retain_graph=True keeps them)";
    bool first = true;
    for (const autograd::SavedTensor& t : n.saved) {
      if (!t.data.defined()) continue;
      s += (first ? "  saved: " : ", ") + describe(t.data) + (t.is_output ? " (its result)" : "");
      first = false;
    }
    return s;
  }

  const std::map<const TensorImpl*, std::string>& names_;
  const std::map<uint64_t, std::string>& modules_;
  std::map<const autograd::Node*, int> numbers_;
  std::string out_;
};

// The session's torch.nn models, through their own named_modules() and named_parameters(): each
// module's path ("model.fc1") by identity, each parameter's ("model.fc1.weight") by tensor. Only
// once torch.nn is loaded (a session without models pays nothing); a model whose methods fail is
// left out of the names, never out of the drawing.
void model_names(Interpreter& in, std::map<uint64_t, std::string>& modules,
                 std::map<const TensorImpl*, std::string>& params) {
  const Value nn = in.torch().as<ModuleObj>()->attrs.count("nn") ? in.torch().as<ModuleObj>()->attrs.at("nn") : Value();
  if (!nn.is(Kind::Module) || nn.as<ModuleObj>()->loader) return;
  const Value module_class = in.get_attr(nn, "Module");
  for (const auto& [name, value] : in.globals()) {
    if (name == "_" || user_isinstance(value, module_class) != true) continue;
    try {
      Args none;
      Kwargs prefix{{"prefix", Value::str(name)}};
      for (const Value& pair : in.iterate(in.call(in.get_attr(value, "named_modules"), none, prefix)))
        modules.try_emplace(pair.items()[1].identity(), pair.items()[0].as_str());
      for (const Value& pair : in.iterate(in.call(in.get_attr(value, "named_parameters"), none, prefix)))
        if (pair.items()[1].is(Kind::Tensor)) params.try_emplace(pair.items()[1].as_tensor().impl(), pair.items()[0].as_str());
    } catch (const tsh::Error&) {
    }
  }
}

}  // namespace

void magic_graph(const MagicCall& call) {
  const std::string& arg = call.args();
  if (arg.empty()) throw UsageError("%graph needs a tensor: %graph loss");
  const auto& stmts = parse_argument_code(call, arg, 0);
  if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
    throw UsageError("%graph takes one expression, a tensor: %graph loss");
  const Value v = call.in.eval(*stmts[0]->value);
  if (!v.is(Kind::Tensor)) throw TypeError("%graph expects a tensor, got " + type_name(v));
  const Tensor& t = v.as_tensor();
  std::map<const TensorImpl*, std::string> names;
  for (const auto& [name, value] : call.in.globals())
    if (value.is(Kind::Tensor) && !names.count(value.as_tensor().impl())) names[value.as_tensor().impl()] = name;
  const std::string head = arg + ": " + describe(t);
  const auto fn = autograd::grad_fn(t);
  if (!fn) {
    if (autograd::requires_grad(t))
      call.print(head + ", a leaf with requires_grad=True: no graph yet; ops on it record one.\n");
    else
      call.print(head + ", requires_grad=False: no graph (set requires_grad=True on the inputs first).\n");
    return;
  }
  std::map<uint64_t, std::string> modules;
  model_names(call.in, modules, names);
  GraphDrawing drawing(names, modules);
  drawing.draw(*fn);
  const size_t all = GraphDrawing::count(*fn);
  const std::string left_out = all == drawing.drawn() ? ""
      : "(" + std::to_string(drawing.drawn()) + " of the graph's " + std::to_string(all) + " nodes drawn: … marks where it goes on)\n";
  call.print(head + ", grad_fn=<" + fn->name + ">\n" + drawing.text() + left_out +
             "Gradients flow from the top down; backward() fills .grad at each AccumulateGrad.\n");
}

}  // namespace tsh::shell
