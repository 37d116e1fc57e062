// shell/ops_sort.cpp — registry entries for scans (cumsum, cummax, ...) and sorting (sort, topk, median, unique, ...).
//
// Called from register_reduction_ops (shell/ops_reduction.cpp). Results with
// indices are torch.return_types named tuples; torch.unique returns a tensor
// or a tuple, as PyTorch's Python wrapper does.
#include "engine/ops/scan.h"
#include "engine/ops/sort.h"
#include "shell/registry.h"

namespace tsh::shell {

namespace {

Value values_indices(const std::string& name, const ValuesIndices& r) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = "torch.return_types." + name;
  o->fields = {"values", "indices"};
  o->items = {Value::tensor(r.values), Value::tensor(r.indices)};
  return Value::object(Kind::NamedTuple, o);
}

void register_scans(Registry& r) {
  r.def("cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "Running sums along dim (integers and bools sum in int64; dtype= converts first).",
        [](Interpreter&, Bound& a) { return Value::tensor(cumsum(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "Running products along dim (integers and bools multiply in int64).",
        [](Interpreter&, Bound& a) { return Value::tensor(cumprod(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("cumsum_(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kMethod,
        "In-place cumsum(): self keeps its dtype and identity.",
        [](Interpreter&, Bound& a) { cumsum_(a.tensor(0), a.int64(1), a.dtype(2)); return a[0]; });
  r.def("cumprod_(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor", kMethod,
        "In-place cumprod(): self keeps its dtype and identity.",
        [](Interpreter&, Bound& a) { cumprod_(a.tensor(0), a.int64(1), a.dtype(2)); return a[0]; });
  r.def("cummax(Tensor self, int dim) -> Tensor", kBoth,
        "(values, indices) of the running maximum along dim.",
        [](Interpreter&, Bound& a) { return values_indices("cummax", cummax(a.tensor(0), a.int64(1))); });
  r.def("cummin(Tensor self, int dim) -> Tensor", kBoth,
        "(values, indices) of the running minimum along dim.",
        [](Interpreter&, Bound& a) { return values_indices("cummin", cummin(a.tensor(0), a.int64(1))); });
}

void register_sorting(Registry& r) {
  r.def("sort(Tensor self, int dim=-1, bool descending=False) -> Tensor", kBoth,
        "(values, indices) sorted along dim; NaN sorts last (first when descending).",
        [](Interpreter&, Bound& a) {
          return values_indices("sort", sort(a.tensor(0), a.int64(1), a.boolean(2), false));
        });
  r.def("sort(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> Tensor", kBoth,
        "sort() that keeps equal elements in order when stable=True.",
        [](Interpreter&, Bound& a) {
          return values_indices("sort", sort(a.tensor(0), a.int64(2), a.boolean(3), a.opt_bool(1).value_or(false)));
        });
  r.def("argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor", kBoth,
        "The indices that sort self along dim.",
        [](Interpreter&, Bound& a) { return Value::tensor(argsort(a.tensor(0), a.int64(1), a.boolean(2), false)); });
  r.def("argsort(Tensor self, *, bool stable, int dim=-1, bool descending=False) -> Tensor", kBoth,
        "argsort() that keeps equal elements in order when stable=True.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(argsort(a.tensor(0), a.int64(2), a.boolean(3), a.boolean(1)));
        });
  r.def("msort(Tensor self) -> Tensor", kBoth, "The values of self sorted along dim 0.",
        [](Interpreter&, Bound& a) { return Value::tensor(msort(a.tensor(0))); });
  r.def("topk(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True) -> Tensor", kBoth,
        "(values, indices) of the k largest (largest=False: smallest) along dim.",
        [](Interpreter&, Bound& a) {
          return values_indices("topk", topk(a.tensor(0), a.int64(1), a.int64(2), a.boolean(3), a.boolean(4)));
        });
  r.def("kthvalue(Tensor self, int k, int dim=-1, bool keepdim=False) -> Tensor", kBoth,
        "(values, indices) of the k-th smallest element along dim (k counts from 1).",
        [](Interpreter&, Bound& a) {
          return values_indices("kthvalue", kthvalue(a.tensor(0), a.int64(1), a.int64(2), a.boolean(3)));
        });
  for (bool nan : {false, true}) {
    std::string n = nan ? "nanmedian" : "median";
    r.def(n + "(Tensor self) -> Tensor", kBoth,
          nan ? "The lower median of the non-NaN elements." : "The lower median of all elements (NaN if any).",
          [nan](Interpreter&, Bound& a) { return Value::tensor(nan ? nanmedian(a.tensor(0)) : median(a.tensor(0))); });
    r.def(n + "(Tensor self, int dim, bool keepdim=False) -> Tensor", kBoth,
          "(values, indices) of the lower median along dim.", [nan, n](Interpreter&, Bound& a) {
            auto res = nan ? nanmedian(a.tensor(0), a.int64(1), a.boolean(2))
                           : median(a.tensor(0), a.int64(1), a.boolean(2));
            return values_indices(n, res);
          });
  }
  r.def("mode(Tensor self, int dim=-1, bool keepdim=False) -> Tensor", kBoth,
        "(values, indices) of the most frequent value along dim (the smallest among ties).",
        [](Interpreter&, Bound& a) {
          return values_indices("mode", mode(a.tensor(0), a.int64(1), a.boolean(2)));
        });
  r.def("unique(Tensor self, bool sorted=True, bool return_inverse=False, bool return_counts=False, int? dim=None) -> Tensor",
        kBoth,
        "The distinct values in ascending order, plus each element's position among them "
        "(return_inverse) and each value's count (return_counts). With dim: distinct slices.",
        [](Interpreter&, Bound& a) {
          bool inv = a.boolean(2), cnt = a.boolean(3);
          UniqueResult u = unique(a.tensor(0), a.boolean(1), inv, cnt, a.opt_int(4));
          if (!inv && !cnt) return Value::tensor(u.values);
          std::vector<Value> items{Value::tensor(u.values)};
          if (inv) items.push_back(Value::tensor(u.inverse));
          if (cnt) items.push_back(Value::tensor(u.counts));
          return Value::tuple(std::move(items));
        });
}

}  // namespace

void register_scan_sort_ops(Registry& r) {
  register_scans(r);
  register_sorting(r);
}

}  // namespace tsh::shell
