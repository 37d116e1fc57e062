// shell/torch/ops_views.cpp — registry entries for the view ops (engine/ops/views.h).
//
// Every op here returns a tensor over the same storage; none copies, except
// reshape/flatten when no view is possible, exactly as in PyTorch.
#include "engine/core/error.h"
#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_view_ops(Registry& r) {
  r.def("view(Tensor self, ScalarType dtype) -> Tensor", kMethod,
        "A view of the same bytes as another dtype: with a smaller element the last dim grows, "
        "with a larger one it shrinks (its size, the offset and the other strides must divide).",
        [](Interpreter&, Bound& a) { return Value::tensor(view_dtype(a.tensor(0), *a.dtype(1))); });
  r.def("view(Tensor self, SymInt[] size) -> Tensor", kMethod,
        "A view of self with the given shape (one -1 is inferred); no data is copied. "
        "Fails when the strides make that impossible: use reshape().",
        [](Interpreter&, Bound& a) { return Value::tensor(view(a.tensor(0), a.shape(1))); });
  r.def("view_as(Tensor self, Tensor other) -> Tensor", kMethod,
        "self.view(other.size()).",
        [](Interpreter&, Bound& a) { return Value::tensor(view(a.tensor(0), a.tensor(1).sizes())); });
  r.def("reshape(Tensor self, SymInt[] shape) -> Tensor", kBoth,
        "A tensor with the given shape: a view when the strides allow it, otherwise a copy.",
        [](Interpreter&, Bound& a) { return Value::tensor(reshape(a.tensor(0), a.shape(1))); });
  r.def("reshape_as(Tensor self, Tensor other) -> Tensor", kMethod,
        "self.reshape(other.size()).",
        [](Interpreter&, Bound& a) { return Value::tensor(reshape(a.tensor(0), a.tensor(1).sizes())); });
  r.def("t(Tensor self) -> Tensor", kBoth,
        "Transposes a tensor of at most 2 dimensions (a view: the strides swap).",
        [](Interpreter&, Bound& a) { return Value::tensor(t(a.tensor(0))); });
  r.def("t_(Tensor self) -> Tensor", kMethod, "In-place t(): self's sizes and strides swap.",
        [](Interpreter&, Bound& a) { t_(a.tensor(0)); return a[0]; });
  r.def("transpose(Tensor self, int dim0, int dim1) -> Tensor", kBoth,
        "A view with dims dim0 and dim1 swapped.",
        [](Interpreter&, Bound& a) { return Value::tensor(transpose(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("transpose_(Tensor self, int dim0, int dim1) -> Tensor", kMethod, "In-place transpose().",
        [](Interpreter&, Bound& a) { transpose_(a.tensor(0), a.int64(1), a.int64(2)); return a[0]; });
  r.def("swapaxes_(Tensor self, int axis0, int axis1) -> Tensor", kMethod, "In-place swapaxes() (transpose_()).",
        [](Interpreter&, Bound& a) { transpose_(a.tensor(0), a.int64(1), a.int64(2)); return a[0]; });
  r.def("swapdims_(Tensor self, int dim0, int dim1) -> Tensor", kMethod, "In-place swapdims() (transpose_()).",
        [](Interpreter&, Bound& a) { transpose_(a.tensor(0), a.int64(1), a.int64(2)); return a[0]; });
  r.def("ravel(Tensor self) -> Tensor", kBoth, "self flattened to 1-d: a view when the layout allows, else a copy.",
        [](Interpreter&, Bound& a) { return Value::tensor(reshape(a.tensor(0), {-1})); });
  r.def("swapaxes(Tensor self, int axis0, int axis1) -> Tensor", kBoth, "Alias of transpose().",
        [](Interpreter&, Bound& a) { return Value::tensor(transpose(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("swapdims(Tensor self, int dim0, int dim1) -> Tensor", kBoth, "Alias of transpose().",
        [](Interpreter&, Bound& a) { return Value::tensor(transpose(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("permute(Tensor self, int[] dims) -> Tensor", kBoth,
        "A view with the dims reordered: dim i of the result is dim dims[i] of self.",
        [](Interpreter&, Bound& a) { return Value::tensor(permute(a.tensor(0), a.shape(1))); });
  r.def("movedim(Tensor self, int source, int destination) -> Tensor", kBoth,
        "A view with dim source moved to position destination, the others keeping their order.",
        [](Interpreter&, Bound& a) { return Value::tensor(movedim(a.tensor(0), {a.int64(1)}, {a.int64(2)})); });
  r.def("movedim(Tensor self, int[] source, int[] destination) -> Tensor", kBoth,
        "A view with the source dims moved to the destination positions, the others keeping their order.",
        [](Interpreter&, Bound& a) { return Value::tensor(movedim(a.tensor(0), a.shape(1), a.shape(2))); });
  r.def("moveaxis(Tensor self, int source, int destination) -> Tensor", kBoth, "Alias of movedim().",
        [](Interpreter&, Bound& a) { return Value::tensor(movedim(a.tensor(0), {a.int64(1)}, {a.int64(2)})); });
  r.def("moveaxis(Tensor self, int[] source, int[] destination) -> Tensor", kBoth, "Alias of movedim().",
        [](Interpreter&, Bound& a) { return Value::tensor(movedim(a.tensor(0), a.shape(1), a.shape(2))); });
  r.def("narrow(Tensor self, int dim, Tensor start, SymInt length) -> Tensor", kBoth,
        "A view of `length` entries of dim starting at `start` (a 0-d integer tensor).",
        [](Interpreter&, Bound& a) {
          const Tensor& start = a.tensor(2);
          if (start.dim() != 0 || !is_integral(start.dtype(), false))
            throw RuntimeError("start must be an 0-dim integral Tensor.");
          return Value::tensor(narrow(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)));
        });
  r.def("narrow(Tensor self, int dim, SymInt start, SymInt length) -> Tensor", kBoth,
        "A view of `length` entries of dim starting at `start`.",
        [](Interpreter&, Bound& a) { return Value::tensor(narrow(a.tensor(0), a.int64(1), a.int64(2), a.int64(3))); });
  r.def("select(Tensor self, int dim, SymInt index) -> Tensor", kBoth,
        "A view of one entry of dim, with that dim removed (t[:, i] is select(1, i)).",
        [](Interpreter&, Bound& a) { return Value::tensor(select(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("unsqueeze(Tensor self, int dim) -> Tensor", kBoth, "A view with a new dim of size 1 at dim.",
        [](Interpreter&, Bound& a) { return Value::tensor(unsqueeze(a.tensor(0), a.int64(1))); });
  r.def("unsqueeze_(Tensor self, int dim) -> Tensor", kMethod, "In-place unsqueeze().",
        [](Interpreter&, Bound& a) { unsqueeze_(a.tensor(0), a.int64(1)); return a[0]; });
  r.def("squeeze(Tensor self) -> Tensor", kBoth, "A view without the dims of size 1.",
        [](Interpreter&, Bound& a) { return Value::tensor(squeeze(a.tensor(0))); });
  r.def("squeeze(Tensor self, int dim) -> Tensor", kBoth, "A view without dim, if its size is 1.",
        [](Interpreter&, Bound& a) { return Value::tensor(squeeze(a.tensor(0), a.int64(1))); });
  r.def("squeeze(Tensor self, int[] dim) -> Tensor", kBoth, "A view without those of dims whose size is 1.",
        [](Interpreter&, Bound& a) { return Value::tensor(squeeze(a.tensor(0), a.shape(1))); });
  r.def("squeeze_(Tensor self) -> Tensor", kMethod, "In-place squeeze().",
        [](Interpreter&, Bound& a) { squeeze_(a.tensor(0)); return a[0]; });
  r.def("squeeze_(Tensor self, int dim) -> Tensor", kMethod, "In-place squeeze(dim).",
        [](Interpreter&, Bound& a) { squeeze_(a.tensor(0), a.int64(1)); return a[0]; });
  r.def("squeeze_(Tensor self, int[] dim) -> Tensor", kMethod, "In-place squeeze(dims).",
        [](Interpreter&, Bound& a) { squeeze_(a.tensor(0), a.shape(1)); return a[0]; });
  r.def("flatten(Tensor self, int start_dim=0, int end_dim=-1) -> Tensor", kBoth,
        "Merges dims start_dim..end_dim into one (a view when possible, else a copy).",
        [](Interpreter&, Bound& a) { return Value::tensor(flatten(a.tensor(0), a.int64(1), a.int64(2))); });
  const std::string unflatten_doc = "Splits dim into the given sizes (one may be -1): a view.";
  r.def("unflatten(Tensor self, int dim, SymInt[] sizes) -> Tensor", kFunction, unflatten_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(unflatten(a.tensor(0), a.int64(1), a.shape(2))); });
  // Tensor.unflatten is Python in PyTorch.
  r.def("unflatten(Tensor self, Any dim, Any sizes) -> Tensor |python", kMethod, unflatten_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(unflatten(a.tensor(0), a.int64(1), a.shape(2))); });
  r.def("expand(Tensor self, SymInt[] size, *, bool implicit=False) -> Tensor", kMethod,
        "A view that repeats dims of size 1 (stride 0) to the given size; -1 keeps a dim.",
        [](Interpreter&, Bound& a) { return Value::tensor(expand(a.tensor(0), a.shape(1))); });
  r.def("expand_as(Tensor self, Tensor other) -> Tensor", kMethod, "self.expand(other.size()).",
        [](Interpreter&, Bound& a) { return Value::tensor(expand(a.tensor(0), a.tensor(1).sizes())); });
  r.def("broadcast_to(Tensor self, SymInt[] size) -> Tensor", kBoth, "Same as expand().",
        [](Interpreter&, Bound& a) { return Value::tensor(expand(a.tensor(0), a.shape(1))); });
  r.def("diagonal(Tensor self, int offset=0, int dim1=0, int dim2=1) -> Tensor", kBoth,
        "A view of the diagonal of dims dim1 and dim2 (offset > 0: above it), as the last dim.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(diagonal(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)));
        });
  r.def("unfold(Tensor self, int dimension, int size, int step) -> Tensor", kMethod,
        "A view of every slice of `size` entries along dimension, `step` apart, as a new last dim.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(unfold(a.tensor(0), a.int64(1), a.int64(2), a.int64(3)));
        });
  r.def("view_as_real(Tensor self) -> Tensor", kFunction,
        "A complex tensor's (real, imag) pairs as a float view with a new last dim of 2.",
        [](Interpreter&, Bound& a) { return Value::tensor(view_as_real(a.tensor(0))); });
  r.def("view_as_complex(Tensor self) -> Tensor", kFunction,
        "A float tensor whose last dim is 2 (stride 1) viewed as complex, one element per pair.",
        [](Interpreter&, Bound& a) { return Value::tensor(view_as_complex(a.tensor(0))); });
  r.def("as_strided(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor", kBoth,
        "A view of self's storage with any sizes, strides and offset.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(as_strided(a.tensor(0), a.shape(1), a.shape(2), a.opt_int(3)));
        });
  r.def("as_strided_(Tensor self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor", kMethod,
        "In-place as_strided().",
        [](Interpreter&, Bound& a) {
          as_strided_(a.tensor(0), a.shape(1), a.shape(2), a.opt_int(3));
          return a[0];
        });
  r.def("chunk(Tensor self, int chunks, int dim=0) -> Tensor[]", kBoth,
        "Splits into at most `chunks` views of equal size along dim (the last may be smaller).",
        [](Interpreter&, Bound& a) { return tensor_tuple(chunk(a.tensor(0), a.int64(1), a.int64(2))); });
  // split is Python in PyTorch (torch.functional.split, Tensor.split).
  auto split_impl = [](Interpreter&, Bound& a) {
    if (a[1].is_sequence()) return tensor_tuple(split_with_sizes(a.tensor(0), a.shape(1), a.int64(2)));
    return tensor_tuple(split(a.tensor(0), a.int64(1), a.int64(2)));
  };
  r.def("split(Tensor tensor, Any split_size_or_sections, int dim=0) -> Tensor[] |python", kFunction,
        "Splits into views of split_size entries along dim (the last may be smaller), or of the given sizes.",
        split_impl);
  r.def("split(Tensor self, Any split_size, int dim=0) -> Tensor[] |python", kMethod,
        "Splits into views of split_size entries along dim (the last may be smaller), or of the given sizes.",
        split_impl);
  // The unsafe_ variants differ from the others only in autograd, which tsh does not have.
  r.def("unsafe_chunk(Tensor self, int chunks, int dim=0) -> Tensor[]", kBoth, "chunk() (no autograd difference in tsh).",
        [](Interpreter&, Bound& a) { return tensor_tuple(chunk(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("unsafe_split(Tensor self, SymInt split_size, int dim=0) -> Tensor[]", kBoth, "split() (no autograd difference in tsh).",
        [](Interpreter&, Bound& a) { return tensor_tuple(split(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("unsafe_split_with_sizes(Tensor self, SymInt[] split_sizes, int dim=0) -> Tensor[]", kBoth,
        "split_with_sizes() (no autograd difference in tsh).",
        [](Interpreter&, Bound& a) { return tensor_tuple(split_with_sizes(a.tensor(0), a.shape(1), a.int64(2))); });
  r.def("adjoint(Tensor self) -> Tensor", kBoth, "The conjugate transpose of the last two dims (a view for real dtypes).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (t.dim() < 2)
            throw RuntimeError("tensor.adjoint() is only supported on matrices or batches of matrices. Got " +
                               std::to_string(t.dim()) + "-D tensor.");
          const Tensor mt = transpose(t, -2, -1);
          return Value::tensor(is_complex(t.dtype()) ? conj(mt) : mt);
        });
  r.def("split_with_sizes(Tensor self, SymInt[] split_sizes, int dim=0) -> Tensor[]", kBoth,
        "Views of the given sizes along dim; the sizes must add up to the dim's size.",
        [](Interpreter&, Bound& a) { return tensor_tuple(split_with_sizes(a.tensor(0), a.shape(1), a.int64(2))); });
  const char* tensor_split_doc =
      "Views: `sections` pieces as equal as can be (the first ones one longer), or the pieces between indices.";
  r.def("tensor_split(Tensor self, Tensor tensor_indices_or_sections, int dim=0) -> Tensor[]", kBoth, tensor_split_doc,
        [](Interpreter&, Bound& a) {
          const Tensor& how = a.tensor(1);
          TSH_CHECK(how.device().is_cpu(), RuntimeError,
                    "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on " + how.device().str());
          TSH_CHECK(how.dtype() == DType::Int64, RuntimeError,
                    std::string("tensor_split expected tensor_indices_or_sections to have dtype of long, but got ") +
                        scalar_type_name(how.dtype()));
          TSH_CHECK(how.dim() <= 1, RuntimeError,
                    "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional "
                    "tensor, but got a tensor with " + std::to_string(how.dim()) + " dims");
          if (how.dim() == 0) return tensor_tuple(tensor_split(a.tensor(0), item(how).to_int(), a.int64(2)));
          return tensor_tuple(tensor_split(a.tensor(0), int_values(how), a.int64(2)));
        });
  r.def("tensor_split(Tensor self, SymInt sections, int dim=0) -> Tensor[]", kBoth, tensor_split_doc,
        [](Interpreter&, Bound& a) { return tensor_tuple(tensor_split(a.tensor(0), a.int64(1), a.int64(2))); });
  r.def("tensor_split(Tensor self, SymInt[] indices, int dim=0) -> Tensor[]", kBoth, tensor_split_doc,
        [](Interpreter&, Bound& a) { return tensor_tuple(tensor_split(a.tensor(0), a.shape(1), a.int64(2))); });
  for (const char which : {'h', 'v', 'd'}) {
    const std::string name = std::string(1, which) + "split";
    const std::string doc = which == 'h'   ? "tensor_split along dim 1 (dim 0 of a 1-d tensor), into equal sections or at indices."
                            : which == 'v' ? "tensor_split along dim 0 of an at least 2-d tensor, into equal sections or at indices."
                                           : "tensor_split along dim 2 of an at least 3-d tensor, into equal sections or at indices.";
    r.def(name + "(Tensor self, int sections) -> Tensor[]", kBoth, doc, [which](Interpreter&, Bound& a) {
      return tensor_tuple(directional_split(a.tensor(0), a.int64(1), which));
    });
    r.def(name + "(Tensor self, int[] indices) -> Tensor[]", kBoth, doc, [which](Interpreter&, Bound& a) {
      return tensor_tuple(directional_split(a.tensor(0), a.shape(1), which));
    });
  }
  r.def("unbind(Tensor self, int dim=0) -> Tensor[]", kBoth,
        "Every entry of dim as a view without that dim.",
        [](Interpreter&, Bound& a) { return tensor_tuple(unbind(a.tensor(0), a.int64(1))); });
  r.def("contiguous(Tensor self, *, MemoryFormat memory_format=contiguous_format) -> Tensor", kMethod,
        "self if already contiguous (in memory_format's layout), else a copy that is.",
        [](Interpreter&, Bound& a) {
          Tensor c = contiguous(a.tensor(0), memory_format_arg(a).value_or(MemoryFormat::Contiguous));
          return c.is_same(a.tensor(0)) ? a[0] : Value::tensor(c);
        });
}

}  // namespace tsh::shell
