// shell/torch/ops_join.cpp — registry entries for joining and rearranging: cat/stack and friends,
// flip/roll/rot90, repeat/tile/repeat_interleave, tril/triu, diag/diag_embed; and the
// torch functions PyTorch writes in Python with *tensors (broadcast_tensors, meshgrid,
// cartesian_prod), which install_join_attrs puts on the torch module.
//
// The engine functions live in engine/ops/{join,rearrange}.h.
#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/creation.h"
#include "engine/ops/join.h"
#include "engine/ops/out.h"
#include "engine/ops/products.h"
#include "engine/ops/views.h"
#include "engine/ops/rearrange.h"
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// The tensors of a *tensors call, with PyTorch's message for anything else.
std::vector<Tensor> tensor_args(const std::vector<Value>& args) {
  std::vector<Tensor> out;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].is(Kind::Tensor))
      throw TypeError("expected Tensor as element " + std::to_string(i) + " in argument 0, but got " +
                      type_name(args[i]));
    out.push_back(args[i].as_tensor());
  }
  return out;
}

void no_kwargs(const std::string& fname, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError(fname + "() got an unexpected keyword argument '" + kw[0].first + "'");
}

// out= of cat and stack: the inputs' dtype must cast to out's, and out may not share their memory.
Value join_out(const Bound& a, size_t out_i, const Tensor& result) {
  if (std::optional<Tensor> out = out_arg(a, out_i)) {
    if (!can_cast(result.dtype(), out->dtype()))  // a TypeError since PyTorch 2.x
      throw TypeError(std::string("torch.cat(): input types can't be cast to the desired output type ") +
                      scalar_type_name(out->dtype()));
    for (const Tensor& t : a.tensors(0))
      if (t.storage() == out->storage() && t.numel() > 0 && out->numel() > 0)
        throw RuntimeError("unsupported operation: some elements of the input tensor and the written-to tensor "
                           "refer to a single memory location. Please clone() the tensor before performing the "
                           "operation.");
  }
  return out_or_result(a, out_i, result);
}

}  // namespace

void register_join_ops(Registry& r) {
  // ---- joining
  const char* cat_doc =
      "Joins tensors along an existing dim (all other sizes must match); the result has the "
      "promoted dtype of the inputs.";
  for (const char* name : {"cat", "concat", "concatenate"}) {
    r.def(std::string(name) + "(Tensor[] tensors, int dim=0, *, Tensor out=None) -> Tensor", kFunction, cat_doc,
          [](Interpreter&, Bound& a) { return join_out(a, 2, cat(a.tensors(0), a.int64(1))); });
  }
  r.def("stack(Tensor[] tensors, int dim=0, *, Tensor out=None) -> Tensor", kFunction,
        "Joins tensors of equal shape along a new dim.",
        [](Interpreter&, Bound& a) { return join_out(a, 2, stack(a.tensors(0), a.int64(1))); });
  r.def("hstack(Tensor[] tensors, *, Tensor out=None) -> Tensor", kFunction,
        "Joins column-wise: along dim 1, or dim 0 for 1-d tensors.",
        [](Interpreter&, Bound& a) { return join_out(a, 1, hstack(a.tensors(0))); });
  for (const char* name : {"vstack", "row_stack"})
    r.def(std::string(name) + "(Tensor[] tensors, *, Tensor out=None) -> Tensor", kFunction,
          "Joins row-wise: 1-d tensors become rows, then cat along dim 0.",
          [](Interpreter&, Bound& a) { return join_out(a, 1, vstack(a.tensors(0))); });
  r.def("dstack(Tensor[] tensors, *, Tensor out=None) -> Tensor", kFunction,
        "Joins depth-wise: tensors are seen as at least 3-d, then cat along dim 2.",
        [](Interpreter&, Bound& a) { return join_out(a, 1, dstack(a.tensors(0))); });
  r.def("column_stack(Tensor[] tensors, *, Tensor out=None) -> Tensor", kFunction,
        "Joins as columns: 0-d and 1-d tensors become columns, then hstack.",
        [](Interpreter&, Bound& a) { return join_out(a, 1, column_stack(a.tensors(0))); });

  // ---- reordering
  r.def("flip(Tensor self, int[] dims) -> Tensor", kBoth,
        "A copy with the order of elements reversed along each of dims.",
        [](Interpreter&, Bound& a) { return Value::tensor(flip(a.tensor(0), a.shape(1))); });
  r.def("fliplr(Tensor self) -> Tensor", kBoth, "flip(self, [1]): left and right swapped (at least 2-d).",
        [](Interpreter&, Bound& a) { return Value::tensor(fliplr(a.tensor(0))); });
  r.def("flipud(Tensor self) -> Tensor", kBoth, "flip(self, [0]): up and down swapped (at least 1-d).",
        [](Interpreter&, Bound& a) { return Value::tensor(flipud(a.tensor(0))); });
  r.def("roll(Tensor self, SymInt[1] shifts, int[1] dims=None) -> Tensor", kBoth,
        "Shifts elements along dims, wrapping around; with no dims, along the flattened tensor.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(roll(a.tensor(0), a.shape(1), a.is_none(2) ? Shape{} : a.shape(2)));
        });
  r.def("rot90(Tensor self, int k=1, int[] dims={0,1}) -> Tensor", kBoth,
        "Rotates by 90 degrees k times in the plane of dims, from the first dim towards the second.",
        [](Interpreter&, Bound& a) { return Value::tensor(rot90(a.tensor(0), a.int64(1), a.shape(2))); });

  // ---- repeating
  r.def("repeat(Tensor self, SymInt[] repeats) -> Tensor", kMethod,
        "Tiles self repeats[i] times along dim i (extra leading repeats add dims).",
        [](Interpreter&, Bound& a) { return Value::tensor(repeat(a.tensor(0), a.shape(1))); });
  r.def("tile(Tensor self, SymInt[] dims) -> Tensor", kBoth,
        "repeat() with dims padded by leading 1s to self's number of dims.",
        [](Interpreter&, Bound& a) { return Value::tensor(tile(a.tensor(0), a.shape(1))); });
  const char* interleave_doc =
      "Repeats each element (each slice along dim) repeats times, keeping them together; "
      "without dim, of the flattened tensor.";
  r.def("repeat_interleave(Tensor self, Tensor repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor",
        kBoth, interleave_doc, [](Interpreter&, Bound& a) {
          // A Python int binds here too; it is PyTorch's SymInt overload (which refuses meta tensors).
          if (a[1].is_intlike())
            return Value::tensor(repeat_interleave(a.tensor(0), a.int64(1), a.opt_int(2), a.opt_int(3)));
          return Value::tensor(repeat_interleave(a.tensor(0), a.tensor(1), a.opt_int(2), a.opt_int(3)));
        });
  r.def("repeat_interleave(Tensor repeats, *, SymInt? output_size=None) -> Tensor", kFunction,
        "Each position i of the 1-d repeats, repeats[i] times: [0, 0, 1, ...].",
        [](Interpreter&, Bound& a) { return Value::tensor(repeat_interleave(a.tensor(0), a.opt_int(1))); });
  r.def("repeat_interleave(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) -> Tensor",
        kBoth, interleave_doc, [](Interpreter&, Bound& a) {
          return Value::tensor(repeat_interleave(a.tensor(0), a.int64(1), a.opt_int(2), a.opt_int(3)));
        });

  r.def("combinations(Tensor self, int r=2, bool with_replacement=False) -> Tensor", kFunction,
        "The r-element combinations of a 1-d tensor's elements, one per row, in lexicographic order.",
        [](Interpreter&, Bound& a) { return Value::tensor(combinations(a.tensor(0), a.int64(1), a.boolean(2))); });

  // ---- triangles and diagonals
  r.def("tril(Tensor self, int diagonal=0, *, Tensor out=None) -> Tensor", kBoth,
        "The lower triangle of the last two dims (on and below diagonal k), the rest zero.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, tril(a.tensor(0), a.int64(1))); });
  r.def("triu(Tensor self, int diagonal=0, *, Tensor out=None) -> Tensor", kBoth,
        "The upper triangle of the last two dims (on and above diagonal k), the rest zero.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, triu(a.tensor(0), a.int64(1))); });
  r.def("tril_(Tensor self, int diagonal=0) -> Tensor", kMethod, "In-place tril().",
        [](Interpreter&, Bound& a) { tril_(a.tensor(0), a.int64(1)); return a[0]; });
  r.def("triu_(Tensor self, int diagonal=0) -> Tensor", kMethod, "In-place triu().",
        [](Interpreter&, Bound& a) { triu_(a.tensor(0), a.int64(1)); return a[0]; });
  r.def("diag(Tensor self, int diagonal=0, *, Tensor out=None) -> Tensor", kBoth,
        "1-d self: a square matrix with self on diagonal k. 2-d self: a copy of its diagonal k.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, diag(a.tensor(0), a.int64(1))); });
  r.def("diagflat(Tensor self, int offset=0) -> Tensor", kBoth,
        "A square matrix with self's elements (flattened, row-major) on diagonal offset.",
        [](Interpreter&, Bound& a) { return Value::tensor(diag(reshape(a.tensor(0), {-1}), a.int64(1))); });
  r.def("diag_embed(Tensor self, int offset=0, int dim1=-2, int dim2=-1) -> Tensor", kBoth,
        "A tensor whose diagonals (offset, over dims dim1 and dim2) hold self's last dim; zeros elsewhere.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(diag_embed(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)));
        });
}

namespace {

bool any_requires_grad(const Value& v) {
  if (v.is(Kind::Tensor)) return autograd::requires_grad(v.as_tensor());
  if (v.is(Kind::List) || v.is(Kind::Tuple))
    for (const Value& x : v.items())
      if (any_requires_grad(x)) return true;
  return false;
}

std::vector<Tensor> flat_tensors(const Args& a) {
  std::vector<Tensor> out;
  for (const Value& v : a) {
    if (v.is(Kind::Tensor)) out.push_back(v.as_tensor());
    else if (v.is(Kind::List) || v.is(Kind::Tuple))
      for (const Value& x : v.items())
        if (x.is(Kind::Tensor)) out.push_back(x.as_tensor());
  }
  return out;
}

// These functions under autograd: broadcast_tensors and atleast_Nd are views of their inputs
// (recorded as such); the others have no derivative in tsh and say so.
Value recorded_join(const std::string& name, Args& a, const Value& plain, bool xy) {
  const std::vector<Tensor> ins = flat_tensors(a);
  if (name == "chain_matmul") {
    Tensor composed = ins.at(0);
    for (size_t i = 1; i < ins.size(); ++i) composed = ag::matmul(composed, ins[i]);
    return Value::tensor(ag::adopt(plain.as_tensor(), composed, "ViewBackward0"));
  }
  if (name == "block_diag") {  // each input, as a matrix, placed on the diagonal among zeros
    const Tensor r = plain.as_tensor();
    std::vector<Tensor> rows;
    int64_t col = 0;
    for (const Tensor& x : ins) {
      Tensor m = x.dim() == 0 ? ag::reshape(x, {1, 1}) : x.dim() == 1 ? ag::reshape(x, {1, -1}) : x;
      if (m.dtype() != r.dtype()) m = ag::to_dtype(m, r.dtype());
      std::vector<Tensor> parts;
      if (col > 0) parts.push_back(zeros({m.size(0), col}, r.dtype(), r.device()));
      parts.push_back(m);
      const int64_t after = r.size(1) - col - m.size(1);
      if (after > 0) parts.push_back(zeros({m.size(0), after}, r.dtype(), r.device()));
      rows.push_back(parts.size() == 1 ? m : ag::cat(parts, 1));
      col += m.size(1);
    }
    return Value::tensor(ag::adopt(r, ag::cat(rows, 0), "BlockDiagBackward0"));
  }
  if (name == "einsum") {  // the string form: einsum(eq, *operands) or einsum(eq, [operands])
    if (a.empty() || !a[0].is(Kind::Str)) autograd::derivative_not_implemented("einsum", "in the sublist form");
    return Value::tensor(ag::einsum_result(a[0].as_str(), ins, plain.as_tensor()));
  }
  std::vector<Value> outs = plain.is(Kind::Tensor) ? std::vector<Value>{plain} : plain.items();
  if (outs.size() != ins.size() || !(name == "broadcast_tensors" || name == "meshgrid" || name.rfind("atleast_", 0) == 0))
    autograd::derivative_not_implemented(name);
  // meshgrid: each input (1-d) lies along its own dim of the grid and is expanded over the others;
  // indexing='xy' swaps the first two.

  for (size_t i = 0; i < ins.size(); ++i) {
    const Shape s = outs[i].as_tensor().sizes();
    const Tensor& x = ins[i];
    Tensor r;
    if (name == "broadcast_tensors") {
      r = ag::expand(x, s);
    } else if (name == "meshgrid") {
      size_t d = i;
      if (xy && i < 2) d = 1 - i;
      Shape along(s.size(), 1);
      along[d] = -1;
      r = ag::expand(ag::reshape(x, along), s);
    }
    else if (name == "meshgrid") {}
    else if (name == "atleast_2d" && x.dim() == 1) r = ag::unsqueeze(x, 0);
    else if (name == "atleast_3d" && x.dim() == 1) r = ag::unsqueeze(ag::unsqueeze(x, 0), 2);
    else if (name == "atleast_3d" && x.dim() == 2) r = ag::unsqueeze(x, 2);
    else r = s == x.sizes() ? x : ag::reshape(x, s);
    outs[i] = Value::tensor(r);
  }
  if (plain.is(Kind::Tensor)) return outs[0];
  return plain.is(Kind::List) ? Value::list(outs) : Value::tuple(outs);
}

}  // namespace

void install_join_attrs(std::map<std::string, Value>& attrs) {
  auto def = [&](const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    attrs[name] = make_builtin(name, "<function " + name + ">", [name, fn](Interpreter& in, Args& a, Kwargs& kw) {
      bool records = false;
      if (grad_enabled())
        for (const Value& v : a) records = records || any_requires_grad(v);
      if (!records) return fn(in, a, kw);
      bool xy = false;
      for (const auto& [k, v] : kw) xy = xy || (k == "indexing" && v.is(Kind::Str) && v.as_str() == "xy");
      const Value plain = fn(in, a, kw);
      return recorded_join(name, a, plain, xy);
    });
  };
  def("broadcast_tensors", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("broadcast_tensors", kw);
    return tensor_tuple(broadcast_tensors(tensor_args(a)));
  });
  def("meshgrid", [](Interpreter&, Args& a, Kwargs& kw) {
    std::string indexing = "ij";
    for (auto& [k, v] : kw) {
      if (k != "indexing") throw TypeError("meshgrid() got an unexpected keyword argument '" + k + "'");
      if (!v.is_none()) {
        if (!v.is(Kind::Str))
          throw TypeError("meshgrid(): argument 'indexing' must be str, not " + type_name(v));
        indexing = v.as_str();
      }
    }
    // The old interface: the tensors as one list or tuple.
    std::vector<Value> items = a;
    if (a.size() == 1 && (a[0].is(Kind::List) || a[0].is(Kind::Tuple))) items = a[0].items();
    return tensor_tuple(meshgrid(tensor_args(items), indexing));
  });
  // atleast_1d/2d/3d(*tensors): one tensor back for one, a tuple for several (or for one list/tuple).
  for (int n : {1, 2, 3}) {
    const std::string name = "atleast_" + std::to_string(n) + "d";
    def(name, [name, n](Interpreter&, Args& a, Kwargs& kw) {
      no_kwargs(name, kw);
      const bool sequence = a.size() == 1 && (a[0].is(Kind::List) || a[0].is(Kind::Tuple));
      if (a.size() == 1 && !sequence && !a[0].is(Kind::Tensor)) {
        // PyTorch hands a lone argument to its two overloads, and neither takes it.
        const std::string got = arg_type_name(a[0]);
        throw TypeError(name + "() received an invalid combination of arguments - got (" + got +
                        "), but expected one of:\n * (Tensor input)\n      didn't match because some of the arguments "
                        "have invalid types: (!" + got + "!)\n * (tuple of Tensors tensors)\n      didn't match because "
                        "some of the arguments have invalid types: (!" + got + "!)\n");
      }
      const std::vector<Tensor> ts = tensor_args(sequence ? a[0].items() : a);
      std::vector<Tensor> out;
      for (const Tensor& t : ts) {
        if (t.dim() >= n) out.push_back(t);
        else if (t.dim() == 0) out.push_back(reshape(t, Shape(static_cast<size_t>(n), 1)));
        else if (n == 2) out.push_back(unsqueeze(t, 0));                       // (k) -> (1, k)
        else if (t.dim() == 1) out.push_back(unsqueeze(unsqueeze(t, 0), 2));   // (k) -> (1, k, 1)
        else out.push_back(unsqueeze(t, 2));                                   // (m, k) -> (m, k, 1)
      }
      if (out.size() == 1 && !sequence) return Value::tensor(out[0]);
      return tensor_tuple(out);
    });
  }
  def("cartesian_prod", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("cartesian_prod", kw);
    return Value::tensor(cartesian_prod(tensor_args(a)));
  });
  def("block_diag", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("block_diag", kw);
    return Value::tensor(block_diag(tensor_args(a)));
  });
  def("chain_matmul", [](Interpreter&, Args& a, Kwargs& kw) {
    std::optional<Value> out;
    for (auto& [k, v] : kw) {
      if (k != "out") throw TypeError("chain_matmul() got an unexpected keyword argument '" + k + "'");
      if (!v.is_none()) out = v;
    }
    Tensor r = chain_matmul(tensor_args(a));
    if (!out) return Value::tensor(r);
    if (!out->is(Kind::Tensor)) throw TypeError("chain_matmul(): argument 'out' must be Tensor, not " + type_name(*out));
    write_out(out->as_tensor(), r);
    return *out;
  });
  // einsum(equation, *operands), einsum(equation, [operands]), or the sublist form
  // einsum(op1, [0, 1], op2, [1, 2], [0, 2]): ints 0..51 name dims ('a'..'z', 'A'..'Z'), ... an ellipsis.
  def("einsum", [](Interpreter&, Args& a, Kwargs& kw) {
    no_kwargs("einsum", kw);
    if (!a.empty() && a[0].is(Kind::Tensor)) {
      auto letters = [](const Value& sub) {
        std::string s;
        for (const Value& x : sub.items()) {
          if (x.is(Kind::Ellipsis)) {
            s += "...";
            continue;
          }
          if (!x.is_intlike()) throw TypeError("'" + type_name(x) + "' object cannot be interpreted as an integer");
          const Int i = x.as_int();
          if (i < 0 || i >= 52) throw ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)");
          s += static_cast<char>(i < 26 ? 'a' + i : 'A' + (i - 26));
        }
        return s;
      };
      std::vector<Value> operands;
      std::string equation;
      size_t i = 0;
      for (; i + 1 < a.size(); i += 2) {
        if (!a[i].is(Kind::Tensor) || !(a[i + 1].is(Kind::List) || a[i + 1].is(Kind::Tuple))) break;
        operands.push_back(a[i]);
        equation += (equation.empty() ? "" : ",") + letters(a[i + 1]);
      }
      if (i + 1 == a.size() && (a[i].is(Kind::List) || a[i].is(Kind::Tuple))) {
        equation += "->" + letters(a[i]);
      } else if (i != a.size()) {
        throw TypeError("only integer tensors of a single element can be converted to an index");
      }
      return Value::tensor(einsum(equation, tensor_args(operands)));
    }
    if (a.empty() || !a[0].is(Kind::Str))
      throw TypeError("einsum(): argument 'equation' (position 1) must be str, not " +
                      (a.empty() ? std::string("nothing") : type_name(a[0])));
    std::vector<Value> ops(a.begin() + 1, a.end());
    if (ops.size() == 1 && (ops[0].is(Kind::List) || ops[0].is(Kind::Tuple))) ops = ops[0].items();
    return Value::tensor(einsum(a[0].as_str(), tensor_args(ops)));
  });
}

}  // namespace tsh::shell
