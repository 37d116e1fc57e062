// shell/torch/ops_sort.cpp — registry entries for scans (cumsum, cummax, ...) and sorting (sort, topk, median, unique, ...).
//
// Called from register_reduction_ops (shell/torch/ops_reduction.cpp). Results with
// indices are torch.return_types named tuples; torch.unique returns a tensor
// or a tuple, as PyTorch's Python wrapper does.
#include "engine/ops/out.h"
#include "engine/ops/scan.h"
#include "engine/ops/sort.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

Value values_indices(const std::string& name, const ValuesIndices& r) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = "torch.return_types." + name;
  o->fields = {"values", "indices"};
  o->items = {Value::tensor(r.values), Value::tensor(r.indices)};
  return Value::object(Kind::NamedTuple, o);
}

// out=(values, indices): written into, returned as torch.return_types.NAME_out.
Value vi_out(const std::string& name, const Bound& a, size_t out_i, const ValuesIndices& r) {
  if (out_i >= a.values.size() || a.is_none(out_i)) return values_indices(name, r);
  const auto& items = a[out_i].items();
  if (items.size() != 2) throw TypeError("expected tuple of 2 elements but got " + std::to_string(items.size()));
  check_out_dtype(items[0].as_tensor(), r.values.dtype());
  check_out_dtype(items[1].as_tensor(), DType::Int64);
  write_out(items[0].as_tensor(), r.values);
  write_out(items[1].as_tensor(), r.indices);
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = "torch.return_types." + name + "_out";
  o->fields = {"values", "indices"};
  o->items = {items[0], items[1]};
  return Value::object(Kind::NamedTuple, o);
}


void register_scans(Registry& r) {
  r.def("cumsum(Tensor self, int dim, *, ScalarType? dtype=None, Tensor out=None) -> Tensor", kBoth,
        "Running sums along dim (integers and bools sum in int64; dtype= converts first).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, cumsum(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("cumprod(Tensor self, int dim, *, ScalarType? dtype=None, Tensor out=None) -> Tensor", kBoth,
        "Running products along dim (integers and bools multiply in int64).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, cumprod(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("cumsum_(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kMethod,
        "In-place cumsum(): self keeps its dtype and identity.",
        [](Interpreter&, Bound& a) { cumsum_(a.tensor(0), a.int64(1), a.dtype(2)); return a[0]; });
  r.def("cumprod_(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kMethod,
        "In-place cumprod(): self keeps its dtype and identity.",
        [](Interpreter&, Bound& a) { cumprod_(a.tensor(0), a.int64(1), a.dtype(2)); return a[0]; });
  for (bool is_max : {true, false}) {
    const std::string n = is_max ? "cummax" : "cummin";
    r.def(n + "(Tensor self, int dim, *, Tensor[] out=None) -> Tensor", kBoth,
          std::string("(values, indices) of the running ") + (is_max ? "maximum" : "minimum") + " along dim.",
          [is_max, n](Interpreter&, Bound& a) {
            return vi_out(n, a, 2, is_max ? cummax(a.tensor(0), a.int64(1)) : cummin(a.tensor(0), a.int64(1)));
          });
  }
}

void register_sorting(Registry& r) {
  r.def("sort(Tensor self, *, bool? stable, int dim=-1, bool descending=False, Tensor[] out=None) -> Tensor", kBoth,
        "sort() that keeps equal elements in order when stable=True.",
        [](Interpreter&, Bound& a) {
          return vi_out("sort", a, 4, sort(a.tensor(0), a.int64(2), a.boolean(3), a.opt_bool(1).value_or(false)));
        });
  r.def("sort(Tensor self, int dim=-1, bool descending=False, *, Tensor[] out=None) -> Tensor", kBoth,
        "(values, indices) sorted along dim; NaN sorts last (first when descending).",
        [](Interpreter&, Bound& a) {
          return vi_out("sort", a, 3, sort(a.tensor(0), a.int64(1), a.boolean(2), false));
        });
  r.def("argsort(Tensor self, *, bool stable, int dim=-1, bool descending=False, Tensor out=None) -> Tensor", kBoth,
        "argsort() that keeps equal elements in order when stable=True.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, argsort(a.tensor(0), a.int64(2), a.boolean(3), a.boolean(1)));
        });
  r.def("argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", kBoth,
        "The indices that sort self along dim.",
        [](Interpreter&, Bound& a) { return Value::tensor(argsort(a.tensor(0), a.int64(1), a.boolean(2), false)); });
  r.def("msort(Tensor self, *, Tensor out=None) -> Tensor", kBoth, "The values of self sorted along dim 0.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 1, msort(a.tensor(0))); });
  r.def("topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor[] out=None) -> Tensor",
        kBoth, "(values, indices) of the k largest (largest=False: smallest) along dim.",
        [](Interpreter&, Bound& a) {
          return vi_out("topk", a, 5, topk(a.tensor(0), a.int64(1), a.int64(2), a.boolean(3), a.boolean(4)));
        });
  r.def("kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False, *, Tensor[] out=None) -> Tensor", kBoth,
        "(values, indices) of the k-th smallest element along dim (k counts from 1).",
        [](Interpreter&, Bound& a) {
          return vi_out("kthvalue", a, 4, kthvalue(a.tensor(0), a.int64(1), a.int64(2), a.boolean(3)));
        });
  for (bool nan : {false, true}) {
    std::string n = nan ? "nanmedian" : "median";
    r.def(n + "(Tensor self) -> Tensor", kBoth,
          nan ? "The lower median of the non-NaN elements." : "The lower median of all elements (NaN if any).",
          [nan](Interpreter&, Bound& a) { return Value::tensor(nan ? nanmedian(a.tensor(0)) : median(a.tensor(0))); });
    r.def(n + "(Tensor self, int dim, bool keepdim=False, *, Tensor[] out=None) -> Tensor", kBoth,
          "(values, indices) of the lower median along dim.", [nan, n](Interpreter&, Bound& a) {
            auto res = nan ? nanmedian(a.tensor(0), a.int64(1), a.boolean(2))
                           : median(a.tensor(0), a.int64(1), a.boolean(2));
            return vi_out(n, a, 3, res);
          });
  }
  r.def("mode(Tensor self, int dim=-1, bool keepdim=False, *, Tensor[] out=None) -> Tensor", kBoth,
        "(values, indices) of the most frequent value along dim (the smallest among ties).",
        [](Interpreter&, Bound& a) {
          return vi_out("mode", a, 3, mode(a.tensor(0), a.int64(1), a.boolean(2)));
        });
  // unique is Python in PyTorch (torch.functional's _unique_impl, Tensor.unique).
  auto unique_impl = [](Interpreter&, Bound& a) {
    bool inv = truthy(a[2]), cnt = truthy(a[3]);
    UniqueResult u = unique(a.tensor(0), truthy(a[1]), inv, cnt, a.opt_int(4));
    if (!inv && !cnt) return Value::tensor(u.values);
    std::vector<Value> items{Value::tensor(u.values)};
    if (inv) items.push_back(Value::tensor(u.inverse));
    if (cnt) items.push_back(Value::tensor(u.counts));
    return Value::tuple(std::move(items));
  };
  const std::string unique_doc =
      "The distinct values in ascending order, plus each element's position among them "
      "(return_inverse) and each value's count (return_counts). With dim: distinct slices.";
  r.def("unique(Tensor input, Any sorted=True, Any return_inverse=False, Any return_counts=False, Any dim=None) -> Tensor |python",
        kFunction, unique_doc, unique_impl);
  r.def("unique(Tensor self, Any sorted=True, Any return_inverse=False, Any return_counts=False, Any dim=None) -> Tensor |python",
        kMethod, unique_doc, unique_impl);
}

}  // namespace

void register_scan_sort_ops(Registry& r) {
  register_scans(r);
  register_sorting(r);
}

}  // namespace tsh::shell
