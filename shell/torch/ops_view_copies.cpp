// shell/torch/ops_view_copies.cpp — the `*_copy` twins of the view ops (torch.t_copy, ...).
//
// Each computes the view, then copies it into a fresh contiguous tensor, so
// the result never aliases its input (PyTorch's functionalization variants).
#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

using ViewFn = std::function<Tensor(Bound&)>;
using ViewsFn = std::function<std::vector<Tensor>(Bound&)>;

// A contiguous tensor of v's values that shares nothing with it.
Tensor fresh_copy(const Tensor& v) {
  Tensor c = contiguous(v);
  return c.is_same(v) ? clone(v) : c;
}

// A contiguous copy of the view, written into out= when given (out is the last parameter).
OpImpl copying(ViewFn view) {
  return [view](Interpreter&, Bound& a) {
    Tensor fresh = fresh_copy(view(a));
    return out_or_result(a, a.values.size() - 1, fresh);
  };
}

// The same for the ops that give several views: out= is a list of tensors of the right
// shapes (PyTorch does not resize them), and the call then returns None.
OpImpl copying_each(ViewsFn views, std::string op) {
  return [views, op](Interpreter&, Bound& a) {
    std::vector<Tensor> pieces = views(a);
    const size_t out_i = a.values.size() - 1;
    if (a.is_none(out_i)) {
      for (Tensor& p : pieces) p = fresh_copy(p);
      return tensor_tuple(pieces);
    }
    std::vector<Tensor> outs = a.tensors(out_i);
    if (outs.size() != pieces.size())
      throw RuntimeError(op + "_out() expected an out= argument of size " + std::to_string(pieces.size()) +
                         ", got size " + std::to_string(outs.size()));
    for (size_t i = 0; i < outs.size(); ++i) copy_(outs[i], pieces[i]);
    return Value::none();
  };
}

}  // namespace

void register_view_copy_ops(Registry& r) {
  auto def = [&r](const std::string& schema, const std::string& view_name, ViewFn view) {
    r.def(schema, kFunction,
          "Performs the same operation as torch." + view_name +
              "(), but the result is a fresh contiguous tensor instead of a view of the input.",
          copying(std::move(view)));
  };
  auto def_each = [&r](const std::string& schema, const std::string& view_name, const std::string& op, ViewsFn views) {
    r.def(schema, kFunction,
          "Performs the same operation as torch." + view_name +
              "(), but every result is a fresh contiguous tensor instead of a view of the input.",
          copying_each(std::move(views), op));
  };
  def("alias_copy(Tensor self, *, Tensor out=None) -> Tensor", "alias", [](Bound& a) { return a.tensor(0); });
  def("as_strided_copy(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None, *, Tensor out=None) "
      "-> Tensor",
      "as_strided", [](Bound& a) { return as_strided(a.tensor(0), a.shape(1), a.shape(2), a.opt_int(3)); });
  def("diagonal_copy(Tensor self, int offset=0, int dim1=0, int dim2=1, *, Tensor out=None) -> Tensor", "diagonal",
      [](Bound& a) { return diagonal(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)); });
  def("expand_copy(Tensor self, SymInt[] size, *, bool implicit=False, Tensor out=None) -> Tensor", "expand",
      [](Bound& a) { return expand(a.tensor(0), a.shape(1)); });
  def("permute_copy(Tensor self, int[] dims, *, Tensor out=None) -> Tensor", "permute",
      [](Bound& a) { return permute(a.tensor(0), a.shape(1)); });
  def("select_copy(Tensor self, int dim, SymInt index, *, Tensor out=None) -> Tensor", "select",
      [](Bound& a) { return select(a.tensor(0), a.int64(1), a.int64(2)); });
  def("slice_copy(Tensor self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, Tensor out=None) "
      "-> Tensor",
      "slice", [](Bound& a) {
        TSH_CHECK(a.int64(4) > 0, RuntimeError, "slice step must be positive");
        return slice(a.tensor(0), a.int64(1), a.opt_int(2), a.opt_int(3), a.int64(4));
      });
  def("squeeze_copy(Tensor self, *, Tensor out=None) -> Tensor", "squeeze", [](Bound& a) { return squeeze(a.tensor(0)); });
  def("squeeze_copy(Tensor self, int dim, *, Tensor out=None) -> Tensor", "squeeze",
      [](Bound& a) { return squeeze(a.tensor(0), a.int64(1)); });
  def("squeeze_copy(Tensor self, int[] dim, *, Tensor out=None) -> Tensor", "squeeze",
      [](Bound& a) { return squeeze(a.tensor(0), a.shape(1)); });
  def("t_copy(Tensor self, *, Tensor out=None) -> Tensor", "t", [](Bound& a) { return t(a.tensor(0)); });
  def("transpose_copy(Tensor self, int dim0, int dim1, *, Tensor out=None) -> Tensor", "transpose",
      [](Bound& a) { return transpose(a.tensor(0), a.int64(1), a.int64(2)); });
  def("unfold_copy(Tensor self, int dimension, int size, int step, *, Tensor out=None) -> Tensor", "Tensor.unfold",
      [](Bound& a) { return unfold(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)); });
  def("unsqueeze_copy(Tensor self, int dim, *, Tensor out=None) -> Tensor", "unsqueeze",
      [](Bound& a) { return unsqueeze(a.tensor(0), a.int64(1)); });
  def("view_copy(Tensor self, SymInt[] size, *, Tensor out=None) -> Tensor", "Tensor.view",
      // PyTorch copies even where a view is impossible (reshape's semantics).
      [](Bound& a) { return reshape(a.tensor(0), a.shape(1)); });
  def("view_copy(Tensor self, ScalarType dtype, *, Tensor out=None) -> Tensor", "Tensor.view",
      [](Bound& a) { return view_dtype(a.tensor(0), *a.dtype(1)); });
  def("view_as_real_copy(Tensor self, *, Tensor out=None) -> Tensor", "view_as_real",
      [](Bound& a) { return view_as_real(a.tensor(0)); });
  def("view_as_complex_copy(Tensor self, *, Tensor out=None) -> Tensor", "view_as_complex",
      [](Bound& a) { return view_as_complex(a.tensor(0)); });
  def_each("split_copy(Tensor self, SymInt split_size, int dim=0, *, Tensor[] out=None) -> Tensor[]", "split",
           "split_copy_Tensor", [](Bound& a) { return split(a.tensor(0), a.int64(1), a.int64(2)); });
  def_each("split_with_sizes_copy(Tensor self, SymInt[] split_sizes, int dim=0, *, Tensor[] out=None) -> Tensor[]",
           "split_with_sizes", "split_with_sizes_copy",
           [](Bound& a) { return split_with_sizes(a.tensor(0), a.shape(1), a.int64(2)); });
  def_each("unbind_copy(Tensor self, int dim=0, *, Tensor[] out=None) -> Tensor[]", "unbind", "unbind_copy_int",
           [](Bound& a) { return unbind(a.tensor(0), a.int64(1)); });
}

}  // namespace tsh::shell
