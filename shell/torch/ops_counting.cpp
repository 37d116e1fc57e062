// shell/torch/ops_counting.cpp — registry entries for counting and searching values: bincount, histc,
// histogram, bucketize, searchsorted, isin, unique_consecutive, take_along_dim.
#include "engine/ops/gather_scatter.h"
#include "engine/ops/histogram.h"
#include "engine/ops/out.h"
#include "engine/ops/search.h"
#include "engine/ops/sort.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

Value histogram_result(const Bound& a, size_t out_i, std::pair<Tensor, Tensor> r) {
  if (out_i < a.values.size() && !a.is_none(out_i)) {
    const auto& items = a[out_i].items();
    if (items.size() != 2) throw TypeError("expected tuple of 2 elements but got " + std::to_string(items.size()));
    write_out(items[0].as_tensor(), r.first);
    write_out(items[1].as_tensor(), r.second);
    return named("histogram", {"hist", "bin_edges"}, {items[0], items[1]});
  }
  return named("histogram", {"hist", "bin_edges"}, {Value::tensor(r.first), Value::tensor(r.second)});
}

}  // namespace

void register_counting_ops(Registry& r) {
  r.def("bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor", kBoth,
        "How often each value 0..max occurs in a 1-d non-negative integer tensor (or the sums of weights there).",
        [](Interpreter&, Bound& a) { return Value::tensor(bincount(a.tensor(0), a.opt_tensor(1), a.int64(2))); });
  r.def("histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None) -> Tensor", kBoth,
        "Counts in `bins` equal-width bins over [min, max] (min = max: the data's range); values outside are ignored.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, histc(a.tensor(0), a.int64(1), a.scalar(2).to_double(), a.scalar(3).to_double()));
        });
  const std::string hist_doc =
      "(hist, bin_edges): counts (or summed weights, or a density) in `bins` equal bins over range "
      "(default: the data's range), or in the bins between the given edges.";
  r.def("histogram(Tensor self, Tensor bins, *, Tensor? weight=None, bool density=False, Tensor[] out=None) -> Tensor",
        kBoth, hist_doc, [](Interpreter&, Bound& a) {
          return histogram_result(a, 4, histogram(a.tensor(0), a.tensor(1), a.opt_tensor(2), a.boolean(3)));
        });
  r.def("histogram(Tensor self, int bins=100, *, float[]? range=None, Tensor? weight=None, bool density=False, "
        "Tensor[] out=None) -> Tensor",
        kBoth, hist_doc, [](Interpreter&, Bound& a) {
          std::optional<std::pair<double, double>> range;
          if (!a.is_none(2)) {
            const auto& items = a[2].items();
            if (items.size() != 2)
              throw RuntimeError("torch.histogram(): range should have 2 elements, but got " +
                                 std::to_string(items.size()));
            range = std::make_pair(items[0].as_float(), items[1].as_float());
          }
          return histogram_result(a, 5, histogram(a.tensor(0), a.int64(1), range, a.opt_tensor(3), a.boolean(4)));
        });
  const std::string bucket_doc =
      "The index of the bucket each value falls in, given sorted 1-d boundaries (right: a value equal to a "
      "boundary goes after it).";
  r.def("bucketize(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor out=None) -> Tensor",
        kFunction, bucket_doc, [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, bucketize(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3)));
        });
  r.def("bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor", kFunction,
        bucket_doc, [](Interpreter&, Bound& a) {
          return Value::tensor(bucketize(a.tensor(0), a.tensor(1), a.boolean(2), a.boolean(3)));
        });
  const std::string ss_doc =
      "Where each value would go in the sorted last dim of sorted_sequence to keep it sorted (side='right': after "
      "equal elements); sorter sorts an unsorted sequence.";
  auto ss_impl = [](Bound& a, size_t out_i) {
    bool right = a.boolean(3);
    if (std::optional<std::string> side = a.opt_str(4)) {
      if (*side != "left" && *side != "right")
        throw RuntimeError("torch.searchsorted(): side can only be 'left' or 'right' but got " + *side);
      if (right && *side == "left")
        throw RuntimeError("torch.searchsorted(): side and right can't be set to opposites, got side of left while "
                           "right was True");
      right = *side == "right";
    }
    Tensor r = searchsorted(a.tensor(0), a.tensor(1), a.boolean(2), right, a.opt_tensor(5));
    return out_i == Bound::npos ? Value::tensor(r) : out_or_result(a, out_i, r);
  };
  r.def("searchsorted(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, bool right=False, str? side=None, "
        "Tensor? sorter=None, Tensor out=None) -> Tensor",
        kFunction, ss_doc, [ss_impl](Interpreter&, Bound& a) { return ss_impl(a, 6); });
  r.def("searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, "
        "Tensor? sorter=None, Tensor out=None) -> Tensor",
        kFunction, ss_doc, [ss_impl](Interpreter&, Bound& a) { return ss_impl(a, 6); });
  const std::string isin_doc = "Whether each element occurs among test_elements (invert=True: does not).";
  auto isin_impl = [](Interpreter&, Bound& a) {
    return out_or_result(a, 4, isin(a.tensor(0), a.tensor(1), a.boolean(3)));
  };
  r.def("isin(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None) -> Tensor",
        kFunction, isin_doc, isin_impl);
  r.def("isin(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False, Tensor out=None) -> Tensor",
        kFunction, isin_doc, isin_impl);
  r.def("isin(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None) -> Tensor",
        kFunction, isin_doc, isin_impl);
  // unique_consecutive is Python in PyTorch: the tensor alone, or a tuple with inverse and/or counts.
  auto uc_impl = [](Interpreter&, Bound& a) {
    const bool inv = truthy(a[1]), cnt = truthy(a[2]);
    UniqueResult u = unique_consecutive(a.tensor(0), inv, cnt, a.is_none(3) ? std::nullopt : a.opt_int(3));
    if (!inv && !cnt) return Value::tensor(u.values);
    std::vector<Value> items{Value::tensor(u.values)};
    if (inv) items.push_back(Value::tensor(u.inverse));
    if (cnt) items.push_back(Value::tensor(u.counts));
    return Value::tuple(items);
  };
  const std::string uc_doc =
      "Collapses runs of equal consecutive values (or slices along dim), with each element's run index (inverse) "
      "and each run's length (counts) when asked.";
  r.def("unique_consecutive(Tensor input, Any return_inverse=False, Any return_counts=False, Any dim=None) -> Tensor |python",
        kFunction, uc_doc, uc_impl);
  r.def("unique_consecutive(Tensor self, Any return_inverse=False, Any return_counts=False, Any dim=None) -> Tensor |python",
        kMethod, uc_doc, uc_impl);
  r.def("take_along_dim(Tensor self, Tensor indices, int? dim=None, *, Tensor out=None) -> Tensor", kBoth,
        "gather along dim with self and indices broadcast in the other dims (no dim: over the flattened self).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, take_along_dim(a.tensor(0), a.tensor(1), a.opt_int(2))); });
}

}  // namespace tsh::shell
