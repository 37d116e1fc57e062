// shell/magics/magics_explain.cpp — %explain EXPR: how sizes, strides and the
// storage offset change through each step of a chain of view ops, and why.
//
//   >>> %explain t.t().view(12)
//   t: size (3, 4), stride (4, 1), offset 0, contiguous
//   .t() → a view of the same storage
//     size   (3, 4) → (4, 3)
//     stride (4, 1) → (1, 4)
//     offset 0 → 0, not contiguous
//     t() swaps dims 0 and 1: each keeps its size and stride, so no element moves
//   .view(12) → RuntimeError: view size is not compatible with ...
//     view(12) needs dims 0 and 1 of the input as one dim ...
//
// The expression is taken apart into a base and steps (a method call, a
// property such as .T, indexing, or a torch function whose first argument is
// the tensor), each step evaluated once on the value the one before gave. A
// binary operator at the top (`a + b`, `a < b`) is explained as broadcasting.
#include <algorithm>

#include "engine/core/shape.h"
#include "engine/format/shape_repr.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/numpy/array.h"

namespace tsh::shell {

namespace {

using grammar::Expr;
using grammar::ExprKind;

struct Step {
  enum Kind { Method, Property, Index, Function } kind;
  const Expr* node;      // the whole step
  const Expr* receiver;  // the expression it applies to
  std::string name;      // method, property or function name
};

// The text of the argument between two columns of the magic's line.
struct Source {
  const std::string& text;
  int base;  // the column of text[0]
  std::string between(int from, int to) const {
    const int a = std::clamp(from - base, 0, static_cast<int>(text.size()));
    const int b = std::clamp(to - base, a, static_cast<int>(text.size()));
    return text.substr(static_cast<size_t>(a), static_cast<size_t>(b - a));
  }
  std::string of(const Expr& e) const { return between(e.span.col, e.span.end_col); }
};

bool names_module(Interpreter& in, const Expr& e) {
  if (e.kind != ExprKind::Name && !(e.kind == ExprKind::Attribute && names_module(in, *e.items[0]))) return false;
  try {
    return in.eval(e).is(Kind::Module);
  } catch (const std::exception&) {
    return false;
  }
}

// torch functions that take the tensor first and return a view of it or a copy: a step of the
// chain, as the method of the same name would be.
bool takes_tensor_first(const std::string& name) {
  static const char* const names[] = {
      "adjoint", "as_strided", "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_to", "chunk", "clone",
      "diagonal", "dsplit", "flatten", "flip", "fliplr", "flipud", "hsplit", "movedim", "moveaxis", "narrow",
      "permute", "ravel", "reshape", "rot90", "select", "split", "squeeze", "swapaxes", "swapdims", "t",
      "tensor_split", "transpose", "unbind", "unflatten", "unfold", "unsqueeze", "view_as_complex", "view_as_real",
      "vsplit"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// Peels steps off the outside of `e`, innermost last; returns the base.
const Expr* take_apart(Interpreter& in, const Expr* e, std::vector<Step>& steps) {
  static const char* const properties[] = {"T", "mT", "H", "mH", "real", "imag", "data"};
  for (;;) {
    if (e->kind == ExprKind::Call && e->items[0]->kind == ExprKind::Attribute) {
      const Expr* callee = e->items[0].get();
      if (names_module(in, *callee->items[0])) {
        if (e->args.empty() || e->args[0]->kind == ExprKind::Starred || !takes_tensor_first(callee->text)) return e;
        steps.push_back({Step::Function, e, e->args[0].get(), callee->text});
        e = e->args[0].get();
      } else {
        steps.push_back({Step::Method, e, callee->items[0].get(), callee->text});
        e = callee->items[0].get();
      }
    } else if (e->kind == ExprKind::Attribute && std::find(std::begin(properties), std::end(properties), e->text) != std::end(properties)) {
      steps.push_back({Step::Property, e, e->items[0].get(), e->text});
      e = e->items[0].get();
    } else if (e->kind == ExprKind::Subscript) {
      steps.push_back({Step::Index, e, e->items[0].get(), ""});
      e = e->items[0].get();
    } else {
      return e;
    }
  }
}

void push_args(Interpreter& in, const Expr& call, size_t from, Args& args, Kwargs& kwargs) {
  for (size_t i = from; i < call.args.size(); ++i) {
    const Expr& a = *call.args[i];
    if (a.kind == ExprKind::Starred) {
      for (const Value& v : in.iterate(in.eval(*a.items[0]))) args.push_back(v);
    } else {
      args.push_back(in.eval(a));
    }
  }
  for (const grammar::Keyword& k : call.keywords) {
    if (k.name.empty()) throw UsageError("%explain cannot take a call with **arguments apart");
    kwargs.emplace_back(k.name, in.eval(*k.value));
  }
}

// Runs one step on `input`, evaluating its other arguments; `args` and `kwargs` get them.
Value run_step(Interpreter& in, const Step& s, const Value& input, Args& args, Kwargs& kwargs) {
  switch (s.kind) {
    case Step::Property:
      return in.get_attr(input, s.name);
    case Step::Index:
      return in.eval_subscript(input, in.eval(*s.node->items[1]));
    case Step::Method: {
      const Value callee = in.get_attr(input, s.name);
      push_args(in, *s.node, 0, args, kwargs);
      Args call_args = args;
      return in.call(callee, call_args, kwargs);
    }
    case Step::Function: {
      const Value callee = in.eval(*s.node->items[0]);
      push_args(in, *s.node, 1, args, kwargs);
      Args call_args = args;
      call_args.insert(call_args.begin(), input);
      return in.call(callee, call_args, kwargs);
    }
  }
  return Value();
}

const Tensor* tensor_of(const Value& v) {
  if (v.is(Kind::Tensor)) return &v.as_tensor();
  if (is_ndarray(v)) return &ndarray_tensor(v);
  return nullptr;
}

std::string tuple(const Shape& s) { return format::tuple_repr(s); }

std::string plural(int64_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string geometry(const Tensor& t) {
  return "size " + tuple(t.sizes()) + ", stride " + tuple(t.strides()) + ", offset " +
         std::to_string(t.storage_offset()) + (t.is_contiguous() ? ", contiguous" : ", not contiguous");
}

std::string list_text(const std::vector<int64_t>& v, const char* conj = "and") {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i == 0 ? "" : i + 1 == v.size() ? std::string(" ") + conj + " " : ", ") + std::to_string(v[i]);
  return out;
}

std::optional<int64_t> int_value(const Value& v) {
  if (v.is(Kind::Int)) return v.as_int();
  return std::nullopt;
}

// A shape given as view()/reshape() take it: ints, or one sequence of ints.
std::optional<Shape> shape_arg(const Args& args) {
  const std::vector<Value>& items = args.size() == 1 && args[0].is_sequence() ? args[0].items() : args;
  Shape s;
  for (const Value& v : items) {
    const auto i = int_value(v);
    if (!i) return std::nullopt;
    s.push_back(*i);
  }
  return s;
}

// Why `sizes`/`strides` cannot be viewed as `target` without a copy: the first
// place where a dim of the target would have to cover input dims that are not
// one contiguous block. Empty when it can (or when the counts differ).
std::string view_conflict(const Shape& sizes, const Shape& strides, Shape target) {
  const int64_t numel = shape_numel(sizes);
  int64_t known = 1, infer = -1;
  for (size_t i = 0; i < target.size(); ++i) {
    if (target[i] == -1 && infer < 0) infer = static_cast<int64_t>(i);
    else known *= target[i];
  }
  if (infer >= 0 && known != 0) target[static_cast<size_t>(infer)] = numel / known;
  if (shape_numel(target) != numel || numel == 0)
    return shape_numel(target) != numel ? "the view needs as many elements as the input has: " + std::to_string(numel) +
                                              " here, " + std::to_string(shape_numel(target)) + " asked for"
                                        : "";
  // The input's dims of size > 1, and where a contiguous block ends (between dim k and the next).
  std::vector<size_t> dims;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (sizes[d] != 1) dims.push_back(d);
  int64_t before = 1;  // elements in the input dims before dims[k+1]
  std::vector<int64_t> target_prefix = {1};
  for (int64_t s : target) target_prefix.push_back(target_prefix.back() * s);
  for (size_t k = 0; k + 1 < dims.size(); ++k) {
    const size_t d = dims[k], e = dims[k + 1];
    before *= sizes[d];
    if (strides[d] == strides[e] * sizes[e]) continue;  // one block across d and e
    if (std::find(target_prefix.begin(), target_prefix.end(), before) != target_prefix.end()) continue;
    size_t j = 0;
    while (j + 1 < target_prefix.size() && target_prefix[j + 1] <= before) ++j;
    return "dim " + std::to_string(j) + " of the result (size " + std::to_string(target[j]) +
           ") would run across dims " + std::to_string(d) + " and " + std::to_string(e) +
           " of the input, and those are not one contiguous block: stepping dim " + std::to_string(d) + " moves " +
           plural(strides[d], "cell") + ", but going on from the end of dim " + std::to_string(e) + " (size " +
           std::to_string(sizes[e]) + ", stride " + std::to_string(strides[e]) + ") it would have to move " +
           std::to_string(sizes[e] * strides[e]) +
           ". No single stride walks both, so a view cannot exist";
  }
  return "";
}

// The rule behind one step, in words ("" where there is nothing to add).
std::string rule(const Step& s, const Tensor& in, const Value& out, const Args& args) {
  const Tensor* r = tensor_of(out);
  const std::string& n = s.name;
  const int64_t dims = static_cast<int64_t>(in.dim());
  auto dim_arg = [&](size_t i) -> std::optional<int64_t> {
    if (i >= args.size()) return std::nullopt;
    auto d = int_value(args[i]);
    if (d && dims > 0 && *d < 0) *d += dims;
    return d;
  };
  if (n == "t" || n == "transpose" || n == "swapaxes" || n == "swapdims" || (n == "mT" && dims >= 2)) {
    int64_t a = 0, b = 1;
    if (n == "mT") a = dims - 2, b = dims - 1;
    if (n != "t" && n != "mT") {
      if (!dim_arg(0) || !dim_arg(1)) return "";
      a = *dim_arg(0), b = *dim_arg(1);
    }
    if (dims < 2 && n == "t") return "t() of a tensor with fewer than 2 dims returns it as it is";
    return n + " swaps dims " + std::to_string(a) + " and " + std::to_string(b) +
           ": each keeps its size and stride, so no element moves; only the order of stepping through memory changes";
  }
  if (n == "T" || n == "permute" || n == "movedim" || n == "moveaxis")
    return "the dims are reordered, each taking its size and stride along: no element moves";
  if (n == "contiguous") {
    if (r && r->impl() == in.impl()) return "it is contiguous already, so contiguous() returns the tensor itself";
    return "contiguous() copies the elements, in row-major order, into a new storage: the strides become " +
           (r ? tuple(r->strides()) : std::string("those of a fresh tensor"));
  }
  if (n == "clone") return "clone() copies the elements into a new storage";
  if (n == "flip" || n == "fliplr" || n == "flipud")
    return n + "() copies: a view would need negative strides, which PyTorch does not have";
  if (n == "expand" || n == "expand_as" || n == "broadcast_to") {
    if (!r) return "";
    std::vector<int64_t> grown, added;
    const int64_t lead = static_cast<int64_t>(r->dim()) - dims;
    for (int64_t d = 0; d < static_cast<int64_t>(r->dim()); ++d) {
      if (d < lead) added.push_back(d);
      else if (in.sizes()[static_cast<size_t>(d - lead)] == 1 && r->sizes()[static_cast<size_t>(d)] != 1) grown.push_back(d);
    }
    std::string out = "expand copies nothing: ";
    if (!grown.empty())
      out += (grown.size() > 1 ? "dims " : "dim ") + list_text(grown) + (grown.size() > 1 ? " grow" : " grows") +
             " from size 1 with stride 0";
    if (!added.empty())
      out += std::string(grown.empty() ? "" : ", and ") + (added.size() > 1 ? "new leading dims " : "new leading dim ") +
             list_text(added) + (added.size() > 1 ? " get" : " gets") + " stride 0";
    if (grown.empty() && added.empty()) return "every size is kept: expand returns a view with the same geometry";
    return out + "; every position along a stride-0 dim reads the same cells";
  }
  if (n == "unsqueeze" && r) {
    const auto d = int_value(args.empty() ? Value() : args[0]);
    int64_t at = d ? (*d < 0 ? *d + dims + 1 : *d) : 0;
    return "unsqueeze inserts dim " + std::to_string(at) + " of size 1 (stride " +
           std::to_string(r->strides()[static_cast<size_t>(at)]) +
           "); a dim of size 1 is never stepped, so the memory walked is the same";
  }
  if (n == "squeeze") return "squeeze drops dims of size 1: they are never stepped, so the memory walked is the same";
  if (n == "narrow" && r && dim_arg(0) && args.size() >= 2 && int_value(args[1])) {
    const int64_t d = *dim_arg(0), start = *int_value(args[1]);
    return "narrow keeps " + std::to_string(r->sizes()[static_cast<size_t>(d)]) + " positions of dim " +
           std::to_string(d) + " from " + std::to_string(start) + ": the offset moves by " + std::to_string(start) +
           " × " + std::to_string(in.strides()[static_cast<size_t>(d)]) + " (the start times the dim's stride)";
  }
  if (n == "select" && dim_arg(0) && args.size() >= 2 && int_value(args[1])) {
    const int64_t d = *dim_arg(0);
    int64_t i = *int_value(args[1]);
    if (i < 0) i += in.sizes()[static_cast<size_t>(d)];
    return "select drops dim " + std::to_string(d) + ", moving the offset by " + std::to_string(i) + " × " +
           std::to_string(in.strides()[static_cast<size_t>(d)]) + " (the index times the dim's stride)";
  }
  if (n == "diagonal") return "the diagonal steps two dims at once: its stride is the sum of their strides";
  if (n == "as_strided") return "as_strided takes the sizes, strides and offset as given: elements may overlap, or reach cells no other view reads";
  if (n == "unfold" && s.kind != Step::Function) return "unfold makes windows: the windows' dim steps by step × stride, and a new last dim walks each window with the old stride";
  if (s.kind == Step::Index) {
    if (r && r->storage() == in.storage())
      return "basic indexing makes a view: an integer drops its dim and moves the offset by index × stride; a slice "
             "start:stop:step moves the offset by start × stride and multiplies the stride by step; None adds a dim "
             "of size 1";
    return "an index tensor, a list or a mask picks elements in no pattern of strides, so the result is a copy";
  }
  if (n == "view" || n == "reshape" || n == "flatten" || n == "unflatten" || n == "view_as" || n == "reshape_as") {
    if (!r) return "";
    if (r->storage() == in.storage())
      return n + " keeps the storage and the order of the elements: it may split any dim, and merge dims only "
                 "where they form one contiguous block, that is where a dim's stride equals the next dim's size × stride";
    std::string why;
    if (auto target = shape_arg(args); target && n == "reshape") why = view_conflict(in.sizes(), in.strides(), *target);
    return "a view was impossible, so " + n + " copied into a new contiguous storage" + (why.empty() ? "" : ": " + why);
  }
  return "";
}

// A step's result, compared with its input.
std::vector<std::string> describe(const Step& s, const Tensor* in, const Value& out, const Args& args) {
  std::vector<std::string> lines;
  const Tensor* r = tensor_of(out);
  if (!r) {
    if (out.is_sequence() && !out.is(Kind::Size)) {
      const std::vector<Value>& items = out.items();
      for (size_t i = 0; i < items.size() && i < 8; ++i)
        if (const Tensor* t = tensor_of(items[i])) lines.push_back("  [" + std::to_string(i) + "] " + geometry(*t));
      if (items.size() > 8) lines.push_back("  ...");
    }
    return lines;
  }
  if (in) {
    lines.push_back("  size   " + tuple(in->sizes()) + " → " + tuple(r->sizes()));
    lines.push_back("  stride " + tuple(in->strides()) + " → " + tuple(r->strides()));
    lines.push_back("  offset " + std::to_string(in->storage_offset()) + " → " + std::to_string(r->storage_offset()) +
                    (r->is_contiguous() ? ", contiguous" : ", not contiguous"));
    const std::string why = rule(s, *in, out, args);
    if (!why.empty()) lines.push_back("  " + why);
  } else {
    lines.push_back("  " + geometry(*r));
  }
  return lines;
}

std::string relation(const Tensor* in, const Value& out, Interpreter& interp) {
  const Tensor* r = tensor_of(out);
  if (!r) {
    if (out.is_sequence() && !out.is(Kind::Size)) {
      const std::vector<Value> items = interp.iterate(out);
      size_t views = 0, tensors = 0;
      for (const Value& v : items)
        if (const Tensor* t = tensor_of(v)) ++tensors, views += in && t->storage() == in->storage();
      if (tensors == items.size() && tensors > 0)
        return "a " + type_name(out) + " of " + std::to_string(tensors) + " tensors" +
               (views == tensors ? ", each a view of the same storage" : views == 0 ? ", each with a storage of its own" : "");
    }
    return repr(out);
  }
  if (!in) return "a tensor";
  if (r->impl() == in->impl()) return "the same tensor";
  if (r->storage() == in->storage()) return "a view of the same storage";
  return "a new tensor with a storage of its own (a copy)";
}

// `a op b`: the shapes aligned from the right, and each operand's strides as the op reads it.
void explain_broadcast(const MagicCall& call, const Expr& e, const Source& src, std::vector<std::string>& lines) {
  Interpreter& in = call.in;
  const Expr &left = *e.items[0], &right = *e.items[1];
  const Value a = in.eval(left), b = in.eval(right);
  const std::string an = src.of(left), bn = src.of(right);
  std::string error;
  Value result;
  try {
    if (e.kind == ExprKind::Binary) {
      result = in.binary(e.op, a, b, false);
    } else {
      Value tensor_result;
      const bool truth = in.compare(e.ops[0], a, b, &tensor_result);
      result = tensor_result.is_none() ? Value::boolean(truth) : tensor_result;
    }
  } catch (const tsh::Error& err) {
    if (std::string(err.kind()) == "KeyboardInterrupt") throw;
    error = std::string(err.kind()) + ": " + err.what();
  }
  const Tensor *ta = tensor_of(a), *tb = tensor_of(b);
  const std::string text = src.of(e);
  if (!ta && !tb) {
    lines.push_back(text + ": no tensor here, nothing is broadcast");
    lines.push_back("→ " + (error.empty() ? repr(result) : error));
    return;
  }
  Shape sa = ta ? ta->sizes() : Shape{}, sb = tb ? tb->sizes() : Shape{};
  auto operand = [&](const Tensor* t, const std::string& name) { return t ? name + " " + tuple(t->sizes()) : "the number " + name; };
  lines.push_back(text + ": broadcasting " + operand(ta, an) + " with " + operand(tb, bn));
  for (const auto& [t, name] : {std::pair{ta, an}, std::pair{tb, bn}})
    if (!t) lines.push_back("  " + name + " is a Python number: it acts as a 0-d tensor, which broadcasts to any shape");
  const size_t nd = std::max(sa.size(), sb.size());
  Shape out(nd, 1);
  std::vector<std::string> conflicts;
  for (size_t k = 0; k < nd; ++k) {
    const int64_t x = k + sa.size() >= nd ? sa[k + sa.size() - nd] : 1;
    const int64_t y = k + sb.size() >= nd ? sb[k + sb.size() - nd] : 1;
    out[k] = x == 1 ? y : x;
    if (x != y && x != 1 && y != 1)
      conflicts.push_back("dim " + std::to_string(k) + " (" + std::to_string(static_cast<int64_t>(k) - static_cast<int64_t>(nd)) +
                          " from the right): " + std::to_string(x) + " against " + std::to_string(y) + ", and neither is 1");
  }
  // The shapes in columns, aligned from the right.
  std::vector<std::string> names = {ta ? an : "", tb ? bn : "", conflicts.empty() ? "result" : ""};
  std::vector<Shape> shapes = {sa, sb, out};
  size_t name_w = 0;
  for (const std::string& n : names) name_w = std::max(name_w, text_width(n));
  std::vector<size_t> col_w(nd, 1);
  for (const Shape& s : shapes)
    for (size_t k = 0; k < s.size(); ++k) col_w[nd - s.size() + k] = std::max(col_w[nd - s.size() + k], std::to_string(s[k]).size());
  lines.push_back("  aligned from the right:");
  for (size_t i = 0; i < 3; ++i) {
    if (names[i].empty()) continue;
    std::string row = "    " + names[i] + std::string(name_w - text_width(names[i]), ' ');
    for (size_t k = 0; k < nd; ++k) {
      const Shape& s = shapes[i];
      const std::string cell = k + s.size() >= nd ? std::to_string(s[k + s.size() - nd]) : "";
      row += "  " + std::string(col_w[k] - cell.size(), ' ') + cell;
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    lines.push_back(row);
  }
  for (const std::string& c : conflicts) lines.push_back("  " + c + ": these cannot broadcast");
  if (conflicts.empty()) {
    for (const auto& [t, name] : {std::pair{ta, an}, std::pair{tb, bn}}) {
      if (!t) continue;
      Shape strides(nd, 0);
      std::vector<int64_t> grown, added;
      const size_t lead = nd - t->dim();
      for (size_t k = 0; k < nd; ++k) {
        if (k < lead) {
          added.push_back(static_cast<int64_t>(k));
          continue;
        }
        const int64_t s = t->sizes()[k - lead];
        strides[k] = s == out[k] ? t->strides()[k - lead] : 0;
        if (s != out[k]) grown.push_back(static_cast<int64_t>(k));
      }
      std::string how = "  " + name + " is read as size " + tuple(out) + ", stride " + tuple(strides);
      if (grown.empty() && added.empty()) how += ": as it is";
      else {
        how += ":";
        if (!added.empty()) how += std::string(" new dim") + (added.size() > 1 ? "s " : " ") + list_text(added) + " in front";
        if (!grown.empty())
          how += std::string(added.empty() ? "" : ",") + " dim" + (grown.size() > 1 ? "s " : " ") + list_text(grown) +
                 " grown from size 1";
        how += ", with stride 0 (nothing is copied)";
      }
      lines.push_back(how);
    }
  }
  if (!error.empty()) {
    lines.push_back("→ " + error);
  } else if (const Tensor* r = tensor_of(result)) {
    lines.push_back("→ a new tensor: " + geometry(*r));
  } else {
    lines.push_back("→ " + repr(result));
  }
}

}  // namespace

// F.unfold (im2col): its windows are a view of the input's storage, sizes and strides worked out
// here from the arguments (kernel_size, dilation, padding, stride, as F.unfold takes them); the
// columns it returns are a copy, since overlapping windows cannot be flattened by a view.
std::vector<std::string> explain_im2col(const std::string& name, const Tensor& x, const Tensor& cols, const Args& args,
                                        const Kwargs& kwargs) {
  if (x.dim() != 3 && x.dim() != 4) return {};
  static const char* const names[] = {"kernel_size", "dilation", "padding", "stride"};
  const int64_t defaults[] = {0, 1, 0, 1};
  int64_t p[4][2];
  for (size_t i = 0; i < 4; ++i) {
    Value v;
    if (i < args.size()) v = args[i];
    for (const auto& [k, kv] : kwargs)
      if (k == names[i]) v = kv;
    p[i][0] = p[i][1] = defaults[i];
    if (v.is(Kind::None) && i == 0) return {};
    if (auto n = int_value(v)) {
      p[i][0] = p[i][1] = *n;
    } else if (v.is_sequence() && v.items().size() == 2 && int_value(v.items()[0]) && int_value(v.items()[1])) {
      p[i][0] = *int_value(v.items()[0]), p[i][1] = *int_value(v.items()[1]);
    } else if (!v.is(Kind::None)) {
      return {};
    }
  }
  const auto& [k, d, pad, st] = p;
  const size_t h = x.dim() - 2, w = x.dim() - 1;
  // The windows' source: the input itself, or a zero-padded copy of it (contiguous).
  Shape sizes = x.sizes(), strides = x.strides();
  const bool padded = pad[0] > 0 || pad[1] > 0;
  if (padded) {
    sizes[h] += 2 * pad[0], sizes[w] += 2 * pad[1];
    strides = contiguous_strides(sizes);
  }
  const int64_t span_h = d[0] * (k[0] - 1) + 1, span_w = d[1] * (k[1] - 1) + 1;
  if (span_h > sizes[h] || span_w > sizes[w] || st[0] <= 0 || st[1] <= 0) return {};
  const int64_t lh = (sizes[h] - span_h) / st[0] + 1, lw = (sizes[w] - span_w) / st[1] + 1;
  Shape vs(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(h)), vt(strides.begin(), strides.begin() + static_cast<std::ptrdiff_t>(h));
  vs.insert(vs.end(), {lh, lw, k[0], k[1]});
  vt.insert(vt.end(), {st[0] * strides[h], st[1] * strides[w], d[0] * strides[h], d[1] * strides[w]});
  const std::string of = padded ? "a zero-padded copy of the input, size " + tuple(sizes) + " (padding " +
                                      std::to_string(pad[0]) + ", " + std::to_string(pad[1]) + ")"
                                : "the input's storage";
  std::string unfolds = padded ? "padded" : name;
  unfolds += ".unfold(" + std::to_string(h) + ", " + std::to_string(span_h) + ", " + std::to_string(st[0]) + ").unfold(" +
             std::to_string(w) + ", " + std::to_string(span_w) + ", " + std::to_string(st[1]) + ")";
  if (d[0] > 1 || d[1] > 1) unfolds += "[..., ::" + std::to_string(d[0]) + ", ::" + std::to_string(d[1]) + "]";
  const bool overlap = st[0] < span_h || st[1] < span_w;
  const int64_t channels = x.sizes()[h - 1];
  std::vector<std::string> lines = {
      "  the " + std::to_string(k[0]) + "×" + std::to_string(k[1]) + " windows are first a view of " + of + ": " + unfolds,
      "    size   " + tuple(vs), "    stride " + tuple(vt),
      "    window (i, j) starts " + std::to_string(vt[h]) + "·i + " + std::to_string(vt[h + 1]) +
          "·j cells in; inside it, a step down moves " + std::to_string(vt[h + 2]) + " cells and a step across " +
          std::to_string(vt[h + 3]) + (overlap ? "; neighbouring windows share cells" : "; the windows do not overlap"),
      "  F.unfold then lays each window out as a column: the " + std::to_string(channels) + "·" + std::to_string(k[0]) +
          "·" + std::to_string(k[1]) + " = " + std::to_string(cols.size(-2)) + " (channel, row, column) entries become the rows, the " +
          std::to_string(lh) + "·" + std::to_string(lw) + " = " + std::to_string(cols.size(-1)) +
          " window positions the columns; " +
          (overlap ? "a cell shared by windows appears in several columns, so no strides can describe it: a copy"
                   : "reordering the window dims in front of the positions cannot be a view either: a copy")};
  return lines;
}

void magic_explain(const MagicCall& call) {
  const std::string& arg = call.args();
  if (arg.empty()) throw UsageError("%explain needs an expression: %explain t.t().view(12)");
  const auto& stmts = parse_argument_code(call, arg, 0);
  if (stmts.size() != 1 || stmts[0]->kind != grammar::StmtKind::Expr)
    throw UsageError("%explain takes one expression: %explain t.t().view(12)");
  Interpreter& in = call.in;
  const Expr& e = *stmts[0]->value;
  const Source src{arg, call.stmt.text_span.col};
  const size_t width = static_cast<size_t>(std::max(20, terminal_columns(in.output().terminal)));
  std::vector<std::string> lines;

  std::vector<Step> steps;
  const Expr* base = take_apart(in, &e, steps);
  std::reverse(steps.begin(), steps.end());
  Value value;
  if ((base->kind == ExprKind::Binary && base->op != grammar::Op::MatMul) ||
      (base->kind == ExprKind::Compare && base->ops.size() == 1)) {
    explain_broadcast(call, *base, src, lines);
    if (!steps.empty()) value = in.eval(*base);  // the steps after it start from its value
  } else {
    value = in.eval(*base);
    const Tensor* t = tensor_of(value);
    const auto described = t ? std::nullopt : teaching_hook(in, value, "__tsh_describe__", {});
    lines.push_back(src.of(*base) + ": " + (t ? geometry(*t) : described ? described->as_str() : repr(value)));
  }
  for (const Step& s : steps) {
    const std::string label = src.between(s.receiver->span.end_col, s.node->span.end_col);
    const std::string shown = s.kind == Step::Function ? src.of(*s.node) : label;
    const Tensor* input = tensor_of(value);
    Args args;
    Kwargs kwargs;
    Value out;
    try {
      out = run_step(in, s, value, args, kwargs);
    } catch (const tsh::Error& err) {
      if (std::string(err.kind()) == "KeyboardInterrupt") throw;
      lines.push_back(shown + " → " + err.kind() + ": " + err.what());
      if (input && (s.name == "view" || s.name == "flatten")) {
        if (auto target = shape_arg(args)) {
          const std::string why = view_conflict(input->sizes(), input->strides(), *target);
          if (!why.empty())
            lines.push_back("  " + (shown[0] == '.' ? shown.substr(1) : shown) + ": " + why +
                            (why.rfind("dim ", 0) == 0 ? "; reshape() copies instead, as does .contiguous().view(...)" : ""));
        }
      }
      break;
    }
    if (auto told = input ? std::nullopt : teaching_hook(in, value, "__tsh_explain__",
                                                         {Value::str(s.name), out, Value::tuple(args)})) {
      // The class explains its own steps: what the step gave, then why, indented under it.
      const std::vector<Value> said = told->items();
      for (size_t i = 0; i < said.size(); ++i) lines.push_back(i ? "  " + said[i].as_str() : shown + " → " + said[i].as_str());
      value = out;
      continue;
    }
    lines.push_back(shown + " → " + relation(input, out, in));
    for (const std::string& l : describe(s, input, out, args)) lines.push_back(l);
    if (s.kind == Step::Function && s.name == "unfold" && input && tensor_of(out))
      for (const std::string& l : explain_im2col(src.of(*s.receiver), *input, *tensor_of(out), args, kwargs)) lines.push_back(l);
    value = out;
  }
  // Lines too long for the terminal fold at blanks, under their own indentation.
  std::string text;
  for (const std::string& l : lines) {
    if (text_width(l) <= width) {
      text += l + "\n";
      continue;
    }
    const size_t lead = l.find_first_not_of(' ');
    for (const std::string& f : fold_words(l.substr(lead), width > lead + 20 ? width - lead : 20, 2))
      text += std::string(lead, ' ') + f + "\n";
  }
  call.print(text);
}

}  // namespace tsh::shell
