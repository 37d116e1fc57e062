// shell/torch/ops_indexing.cpp — registry entries for indexing by tensors: index_select, gather/scatter,
// the index_* and masked_* families, take/put, index_put, nonzero/argwhere and where(cond).
//
// The engine functions live in engine/ops/{advanced_index,gather_scatter,masked}.h.
// Where PyTorch has a Tensor and a Scalar overload (masked_fill, index_fill,
// scatter) the Tensor one comes first, so a tensor argument picks it as in PyTorch.
#include "engine/ops/advanced_index.h"
#include "engine/ops/copy.h"
#include "engine/ops/gather_scatter.h"
#include "engine/ops/creation.h"
#include "engine/ops/masked.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

// index_put's `indices`: a tuple or list of tensors, where None leaves a dim whole.
std::vector<Tensor> optional_tensors(const Value& v, const std::string& fname) {
  if (!(v.is(Kind::Tuple) || v.is(Kind::List)))
    throw TypeError(fname + "(): argument 'indices' (position 1) must be tuple of Tensors, not " +
                    arg_type_name(v));
  std::vector<Tensor> out;
  for (size_t i = 0; i < v.items().size(); ++i) {
    const Value& x = v.items()[i];
    if (x.is_none()) {
      out.emplace_back();
    } else if (x.is(Kind::Tensor)) {
      out.push_back(x.as_tensor());
    } else {
      throw TypeError("expected Tensor as element " + std::to_string(i) + " in argument 0, but got " +
                      type_name(x));
    }
  }
  return out;
}

}  // namespace

void register_indexing_ops(Registry& r) {
  // ---- selecting along one dim
  const std::string named = " along a named dim (tsh's tensors have no names).";
  r.def("index_select(Tensor self, int dim, Tensor index, *, Tensor out=None) -> Tensor", kBoth,
        "The slices of self along dim at the positions in index (1-d int64/int32), as a new tensor.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, index_select(a.tensor(0), a.int64(1), a.tensor(2))); });
  r.def("gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False, Tensor out=None) -> Tensor", kBoth,
        "out[i][j] = self[index[i][j]][j] for dim 0 (self[i][index[i][j]] for dim 1); out has index's shape.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 4, gather(a.tensor(0), a.int64(1), a.tensor(2))); });

  // ---- scatter
  const char* scatter_doc =
      "Writes src (or value) into self along dim at the positions in index: "
      "self[index[i][j]][j] = src[i][j] for dim 0. reduce='add' or 'multiply' combines instead.";
  // PyTorch's six overloads: src or value, each without and with reduce=, and a named dim.
  auto scatter_impl = [](Interpreter&, Bound& a) {
    const size_t rd = a.index_of("reduce"), out = a.index_of("out");
    const std::string reduce = rd == Bound::npos ? "" : a.str(rd);
    Tensor t = a[3].is(Kind::Tensor) ? scatter(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), reduce)
                                     : scatter(a.tensor(0), a.int64(1), a.tensor(2), a.scalar(3), reduce);
    return out == Bound::npos ? Value::tensor(t) : out_or_result(a, out, t);
  };
  auto scatter_inplace = [](Interpreter&, Bound& a) {
    const size_t rd = a.index_of("reduce");
    const std::string reduce = rd == Bound::npos ? "" : a.str(rd);
    if (a[3].is(Kind::Tensor)) scatter_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), reduce);
    else scatter_(a.tensor(0), a.int64(1), a.tensor(2), a.scalar(3), reduce);
    return a[0];
  };
  for (const char* v : {"Tensor src", "Scalar value"}) {
    const std::string value = v;
    r.def("scatter(Tensor self, int dim, Tensor index, " + value + ", *, Tensor out=None) -> Tensor", kBoth,
          scatter_doc, scatter_impl);
    r.def("scatter(Tensor self, int dim, Tensor index, " + value + ", *, str reduce, Tensor out=None) -> Tensor", kBoth,
          scatter_doc, scatter_impl);
    r.def("scatter_(Tensor self, int dim, Tensor index, " + value + ") -> Tensor", kMethod, "In-place scatter().",
          scatter_inplace);
    r.def("scatter_(Tensor self, int dim, Tensor index, " + value + ", *, str reduce) -> Tensor", kMethod,
          "In-place scatter().", scatter_inplace);
  }
  r.def("scatter_add(Tensor self, int dim, Tensor index, Tensor src, *, Tensor out=None) -> Tensor", kBoth,
        "Adds src into self along dim at the positions in index; repeated positions add up.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 4, scatter_add(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3))); });
  r.def("scatter_add_(Tensor self, int dim, Tensor index, Tensor src) -> Tensor", kMethod,
        "In-place scatter_add().", [](Interpreter&, Bound& a) {
          scatter_add_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3));
          return a[0];
        });

  // ---- index_add / index_copy / index_fill
  r.def("index_add(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None) -> Tensor",
        kBoth, "self with alpha * source.select(dim, i) added to self.select(dim, index[i]) for every i.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, index_add(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.scalar(4)));
        });
  r.def("index_add_(Tensor self, int dim, Tensor index, Tensor source, *, Scalar alpha=1) -> Tensor", kMethod,
        "In-place index_add().", [](Interpreter&, Bound& a) {
          index_add_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.scalar(4));
          return a[0];
        });
  r.def("index_copy(Tensor self, int dim, Tensor index, Tensor source, *, Tensor out=None) -> Tensor", kBoth,
        "self with self.select(dim, index[i]) replaced by source.select(dim, i) for every i.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 4, index_copy(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3))); });
  r.def("index_copy_(Tensor self, int dim, Tensor index, Tensor source) -> Tensor", kMethod,
        "In-place index_copy().", [](Interpreter&, Bound& a) {
          index_copy_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3));
          return a[0];
        });
  const char* fill_doc = "self with every slice self.select(dim, index[i]) set to value.";
  r.def("index_fill(Tensor self, int dim, Tensor index, Tensor value) -> Tensor", kBoth, fill_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(index_fill(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3))); });
  r.def("index_fill(Tensor self, int dim, Tensor index, Scalar value) -> Tensor", kBoth, fill_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(index_fill(a.tensor(0), a.int64(1), a.tensor(2), a.scalar(3))); });
  r.def("index_fill_(Tensor self, int dim, Tensor index, Tensor value) -> Tensor", kMethod,
        "In-place index_fill().", [](Interpreter&, Bound& a) {
          index_fill_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3));
          return a[0];
        });
  r.def("index_fill_(Tensor self, int dim, Tensor index, Scalar value) -> Tensor", kMethod,
        "In-place index_fill().", [](Interpreter&, Bound& a) {
          index_fill_(a.tensor(0), a.int64(1), a.tensor(2), a.scalar(3));
          return a[0];
        });

  // ---- flat positions
  r.def("take(Tensor self, Tensor index, *, Tensor out=None) -> Tensor", kBoth,
        "The elements of self at the given positions of its flattened (row-major) form, shaped like index.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, take(a.tensor(0), a.tensor(1))); });
  r.def("put(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor", kBoth,
        "self with source written at the given positions of its flattened form (added with accumulate).",
        [](Interpreter&, Bound& a) { return Value::tensor(put(a.tensor(0), a.tensor(1), a.tensor(2), a.boolean(3))); });
  r.def("put_(Tensor self, Tensor index, Tensor source, bool accumulate=False) -> Tensor", kMethod,
        "In-place put().", [](Interpreter&, Bound& a) {
          put_(a.tensor(0), a.tensor(1), a.tensor(2), a.boolean(3));
          return a[0];
        });
  r.def("index_put(Tensor self, Any indices, Tensor values, bool accumulate=False) -> Tensor", kBoth,
        "self[indices] = values on a copy of self (indices: a tuple of index tensors or None).",
        [](Interpreter&, Bound& a) {
          return Value::tensor(index_put(a.tensor(0), optional_tensors(a[1], "index_put"), a.tensor(2), a.boolean(3)));
        });
  r.def("index_put_(Tensor self, Any indices, Tensor values, bool accumulate=False) -> Tensor", kMethod,
        "self[indices] = values (added with accumulate, repeated positions summing).",
        [](Interpreter&, Bound& a) {
          index_put_(a.tensor(0), optional_tensors(a[1], "index_put_"), a.tensor(2), a.boolean(3));
          return a[0];
        });

  // ---- masks
  r.def("masked_fill(Tensor self, Tensor mask, Tensor value) -> Tensor", kBoth,
        "self with value (a 0-d tensor) where the bool mask is True; self and mask broadcast.",
        [](Interpreter&, Bound& a) { return Value::tensor(masked_fill(a.tensor(0), a.tensor(1), a.tensor(2))); });
  r.def("masked_fill(Tensor self, Tensor mask, Scalar value) -> Tensor", kBoth,
        "self with value where the bool mask is True; self and mask broadcast.",
        [](Interpreter&, Bound& a) { return Value::tensor(masked_fill(a.tensor(0), a.tensor(1), a.scalar(2))); });
  r.def("masked_fill_(Tensor self, Tensor mask, Tensor value) -> Tensor", kMethod,
        "In-place masked_fill(); mask broadcasts to self's shape.", [](Interpreter&, Bound& a) {
          masked_fill_(a.tensor(0), a.tensor(1), a.tensor(2));
          return a[0];
        });
  r.def("masked_fill_(Tensor self, Tensor mask, Scalar value) -> Tensor", kMethod,
        "In-place masked_fill(); mask broadcasts to self's shape.", [](Interpreter&, Bound& a) {
          masked_fill_(a.tensor(0), a.tensor(1), a.scalar(2));
          return a[0];
        });
  r.def("masked_select(Tensor self, Tensor mask, *, Tensor out=None) -> Tensor", kBoth,
        "The elements of self where mask is True, in row-major order, as a 1-d tensor.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, masked_select(a.tensor(0), a.tensor(1))); });
  r.def("masked_scatter(Tensor self, Tensor mask, Tensor source) -> Tensor", kBoth,
        "self with source's elements, in order, written where mask is True.",
        [](Interpreter&, Bound& a) { return Value::tensor(masked_scatter(a.tensor(0), a.tensor(1), a.tensor(2))); });
  r.def("masked_scatter_(Tensor self, Tensor mask, Tensor source) -> Tensor", kMethod,
        "In-place masked_scatter().", [](Interpreter&, Bound& a) {
          masked_scatter_(a.tensor(0), a.tensor(1), a.tensor(2));
          return a[0];
        });

  // ---- nonzero positions
  const std::string nonzero_doc =
      "The indices of the nonzero elements: one row per element (as_tuple=True: one tensor per dim).";
  r.def("nonzero(Tensor self, *, bool as_tuple=False, Tensor out=None) -> Tensor", kFunction, nonzero_doc,
        [](Interpreter&, Bound& a) {
          if (a.boolean(1)) return tensor_tuple(nonzero_tuple(a.tensor(0)));
          return out_or_result(a, 2, nonzero(a.tensor(0)));
        });
  r.def("nonzero_static(Tensor self, *, SymInt size, int fill_value=-1, Tensor out=None) -> Tensor", kBoth,
        "nonzero() with exactly `size` rows: truncated, or padded with fill_value.", [](Interpreter&, Bound& a) {
          const int64_t size = a.int64(1);
          if (size < 0) throw RuntimeError("nonzero_static: 'size' must be an non-negative integer");
          const Tensor& t = a.tensor(0);
          const Tensor nz = nonzero(t);
          const int64_t have = nz.sizes()[0], cols = nz.sizes()[1];
          Tensor out = full({size, cols}, Scalar(a.int64(2)), DType::Int64, t.device());
          const int64_t keep = std::min(have, size);
          if (keep > 0) copy_(narrow(out, 0, 0, keep), narrow(nz, 0, 0, keep));
          return out_or_result(a, 3, out);
        });
  r.def("nonzero(Tensor self) -> Tensor", kMethod, nonzero_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(nonzero(a.tensor(0))); });
  r.def("nonzero(Tensor self, *, bool as_tuple) -> Tensor", kMethod, nonzero_doc, [](Interpreter&, Bound& a) {
    if (a.boolean(1)) return tensor_tuple(nonzero_tuple(a.tensor(0)));
    return Value::tensor(nonzero(a.tensor(0)));
  });
  r.def("argwhere(Tensor self) -> Tensor", kBoth, "Same as nonzero(): one row of indices per nonzero element.",
        [](Interpreter&, Bound& a) { return Value::tensor(argwhere(a.tensor(0))); });
  r.def("where(Tensor condition) -> Tensor[]", kFunction,
        "nonzero(condition, as_tuple=True): one tensor of indices per dim.",
        [](Interpreter&, Bound& a) { return tensor_tuple(nonzero_tuple(a.tensor(0))); });
}

}  // namespace tsh::shell
