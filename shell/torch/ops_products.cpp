// shell/torch/ops_products.cpp — registry entries for addmm and its family, inner, kron, tensordot
// and cross (engine/ops/products.h). block_diag, chain_matmul and einsum take *tensors: ops_join.cpp.
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/distance.h"
#include "engine/ops/products.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

using Fused = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&);

// name(self, a, b, *, beta=1, alpha=1, out=None) and name_ in place.
void def_fused(Registry& r, const std::string& name, const std::string& a, const std::string& b, Fused f,
               const std::string& doc) {
  r.def(name + "(Tensor self, Tensor " + a + ", Tensor " + b + ", *, Scalar beta=1, Scalar alpha=1, Tensor out=None) -> Tensor",
        kBoth, doc, [f](Interpreter&, Bound& x) {
          return out_or_result(x, 5, f(x.tensor(0), x.tensor(1), x.tensor(2), x.scalar(3), x.scalar(4)));
        });
  r.def(name + "_(Tensor self, Tensor " + a + ", Tensor " + b + ", *, Scalar beta=1, Scalar alpha=1) -> Tensor", kMethod,
        "In-place " + name + "(): self must already have the result's shape.", [f](Interpreter&, Bound& x) {
          const Tensor& self = x.tensor(0);
          const Tensor v = f(self, x.tensor(1), x.tensor(2), x.scalar(3), x.scalar(4));
          TSH_CHECK(v.sizes() == self.sizes(), RuntimeError,
                    "Bad in-place call: input tensor size " + shape_str(self.sizes()) + " and output tensor size " +
                        shape_str(v.sizes()) + " should match");
          copy_(self, v);
          return x[0];
        });
}

}  // namespace

void register_product_ops(Registry& r) {
  def_fused(r, "addmm", "mat1", "mat2", &addmm, "beta·self + alpha·(mat1 @ mat2); self broadcasts to the result.");
  def_fused(r, "addmv", "mat", "vec", &addmv, "beta·self + alpha·(mat @ vec); self broadcasts to the result.");
  def_fused(r, "addr", "vec1", "vec2", &addr, "beta·self + alpha·outer(vec1, vec2); self broadcasts to the result.");
  def_fused(r, "baddbmm", "batch1", "batch2", &baddbmm,
            "beta·self + alpha·bmm(batch1, batch2); self broadcasts to the result.");
  def_fused(r, "addbmm", "batch1", "batch2", &addbmm,
            "beta·self + alpha·Σ_b batch1[b] @ batch2[b]: the batch products summed into one matrix.");
  r.def("inner(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth,
        "The sum of products over the last dims of self and other (a 0-d operand multiplies).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, inner(a.tensor(0), a.tensor(1))); });
  r.def("kron(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, "The Kronecker product.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, kron(a.tensor(0), a.tensor(1))); });
  r.def("cross(Tensor self, Tensor other, int? dim=None, *, Tensor out=None) -> Tensor", kBoth,
        "The cross product of 3-vectors along dim (no dim: the first dim of size 3, deprecated).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, cross(a.tensor(0), a.tensor(1), a.opt_int(2))); });
  // cdist is Python in PyTorch (torch.functional): compute_mode's name becomes _VF.cdist's int first, then
  // _VF.cdist's parser checks x1, x2 and p.
  r.def("cdist(Tensor x1, Tensor x2, Any p=2., Any compute_mode=\"use_mm_for_euclid_dist_if_necessary\") -> Tensor |python",
        kFunction,
        "The p-norm distance between each row of x1 and each row of x2 (batched over leading dims); for p=2 "
        "compute_mode picks the matrix-product formula (use_mm_for_euclid_dist[_if_necessary: more than 25 rows]).",
        [](Interpreter&, Bound& a) {
          const Value& mode_v = a[3];
          int64_t mode = -1;
          if (mode_v.is(Kind::Str)) {
            const std::string& m = mode_v.as_str();
            mode = m == "use_mm_for_euclid_dist_if_necessary" ? 0 : m == "use_mm_for_euclid_dist" ? 1
                 : m == "donot_use_mm_for_euclid_dist" ? 2 : -1;
          }
          if (mode < 0) throw ValueError(str(mode_v) + " is not a valid value for compute_mode");
          const char* names[] = {"x1", "x2"};
          for (size_t i = 0; i < 2; ++i)
            if (!a[i].is(Kind::Tensor))
              throw TypeError(std::string("cdist(): argument '") + names[i] + "' (position " + std::to_string(i + 1) +
                              ") must be Tensor, not " + arg_type_name(a[i]));
          if (!a[2].is_intlike() && !a[2].is(Kind::Float))
            throw TypeError("cdist(): argument 'p' (position 3) must be float, not " + arg_type_name(a[2]));
          return Value::tensor(cdist(a.tensor(0), a.tensor(1), a[2].as_float(), mode));
        });
  // tensordot is Python in PyTorch: dims is an int, a pair of dim lists, or a tensor of either.
  r.def("tensordot(Tensor a, Tensor b, Any dims=2, Any out=None) -> Tensor |python", kFunction,
        "Contracts the last `dims` dims of a with the first of b, or the dims listed in dims=(dims_a, dims_b).",
        [](Interpreter&, Bound& a) {
          const Value& dims = a[2];
          Tensor result;
          if (dims.is_intlike()) {
            result = tensordot(a.tensor(0), a.tensor(1), static_cast<int64_t>(dims.as_int()));
          } else if (dims.is_sequence() && dims.items().size() == 2) {
            auto as_dims = [](const Value& v) {
              std::vector<int64_t> d;
              if (v.is_intlike()) d.push_back(static_cast<int64_t>(v.as_int()));
              else
                for (const Value& x : v.items()) d.push_back(static_cast<int64_t>(x.as_int()));
              return d;
            };
            result = tensordot(a.tensor(0), a.tensor(1), as_dims(dims.items()[0]), as_dims(dims.items()[1]));
          } else {
            throw RuntimeError("tensordot expects dims to be int or Tuple[List[int], List[int]] or "
                               "List[List[int]] containing two lists, but got dims=" + repr(dims));
          }
          if (a.is_none(3)) return Value::tensor(result);
          return out_or_result(a, 3, result);
        });
}

}  // namespace tsh::shell
