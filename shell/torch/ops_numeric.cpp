// shell/torch/ops_numeric.cpp — registry entries for softmax, log_softmax, logcumsumexp, renorm
// (engine/ops/softmax.h) and diff, trapezoid, cumulative_trapezoid, vander, cov, corrcoef (engine/ops/numeric.h).
#include "engine/ops/copy.h"
#include "engine/ops/numeric.h"
#include "engine/ops/reduce.h"
#include "engine/ops/softmax.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_numeric_ops(Registry& r) {
  r.def("softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", kBoth,
        "exp(self) / Σ exp(self) along dim (computed stably), in dtype when given.",
        [](Interpreter&, Bound& a) { return Value::tensor(softmax(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("log_softmax(Tensor self, int dim, ScalarType? dtype=None) -> Tensor", kBoth,
        "log(softmax(self, dim)), computed stably, in dtype when given.",
        [](Interpreter&, Bound& a) { return Value::tensor(log_softmax(a.tensor(0), a.int64(1), a.dtype(2))); });
  r.def("logcumsumexp(Tensor self, int dim, *, Tensor out=None) -> Tensor", kBoth,
        "log of the cumulative sum of exp(self) along dim, without overflow.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, logcumsumexp(a.tensor(0), a.int64(1))); });
  r.def("renorm(Tensor self, Scalar p, int dim, Scalar maxnorm, *, Tensor out=None) -> Tensor", kBoth,
        "Each slice along dim whose p-norm exceeds maxnorm, scaled down to norm maxnorm.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, renorm(a.tensor(0), a.scalar(1).to_double(), a.int64(2), a.scalar(3).to_double()));
        });
  r.def("renorm_(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor", kMethod, "In-place renorm().",
        [](Interpreter&, Bound& a) {
          copy_(a.tensor(0), renorm(a.tensor(0), a.scalar(1).to_double(), a.int64(2), a.scalar(3).to_double()));
          return a[0];
        });
  r.def("diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor out=None) -> Tensor",
        kBoth, "The n-th forward difference along dim (bool: xor), after joining prepend and append.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, diff(a.tensor(0), a.int64(1), a.int64(2), a.opt_tensor(3), a.opt_tensor(4)));
        });
  for (const char* name : {"trapezoid", "trapz"}) {
    const std::string n = name;
    const std::string dx_type = n == "trapz" ? "float" : "Scalar";
    const std::string doc = "The integral of y along dim by the trapezoid rule, at sample points x or spacing dx.";
    r.def(n + "(Tensor y, Tensor x, *, int dim=-1) -> Tensor", kFunction, doc,
          [](Interpreter&, Bound& a) { return Value::tensor(trapezoid(a.tensor(0), a.tensor(1), a.int64(2))); });
    r.def(n + "(Tensor y, *, " + dx_type + " dx=1, int dim=-1) -> Tensor", kFunction, doc,
          [](Interpreter&, Bound& a) { return Value::tensor(trapezoid(a.tensor(0), a.scalar(1), a.int64(2))); });
  }
  const std::string ct_doc = "The running integral of y along dim by the trapezoid rule (one value fewer than y).";
  r.def("cumulative_trapezoid(Tensor y, Tensor x, *, int dim=-1) -> Tensor", kFunction, ct_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(cumulative_trapezoid(a.tensor(0), a.tensor(1), a.int64(2))); });
  r.def("cumulative_trapezoid(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor", kFunction, ct_doc,
        [](Interpreter&, Bound& a) { return Value::tensor(cumulative_trapezoid(a.tensor(0), a.scalar(1), a.int64(2))); });
  r.def("vander(Tensor x, int? N=None, bool increasing=False) -> Tensor", kFunction,
        "The Vandermonde matrix of a 1-d x: columns x^(N-1) .. x^0 (increasing=True: x^0 .. x^(N-1)).",
        [](Interpreter&, Bound& a) { return Value::tensor(vander(a.tensor(0), a.opt_int(1), a.boolean(2))); });
  r.def("rms_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, float? eps=None) -> Tensor", kFunction,
        "input / sqrt(mean(input², over the last normalized_shape dims) + eps), times weight.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(rms_norm(a.tensor(0), a.shape(1), a.opt_tensor(2), a.opt_f64(3)));
        });
  r.def("norm_except_dim(Tensor v, int pow=2, int dim=0) -> Tensor", kFunction,
        "The pow-norm of v over every dim but dim (kept with size 1); dim=-1: over all of v.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(norm_except_dim(a.tensor(0), static_cast<double>(a.int64(1)), a.int64(2)));
        });
  r.def("frobenius_norm(Tensor self, int[1] dim, bool keepdim=False, *, Tensor out=None) -> Tensor", kFunction,
        "Deprecated: the 2-norm over dim (linalg.vector_norm(self, 2, dim, keepdim)).",
        [](Interpreter&, Bound& a) {
          const Tensor& t = a.tensor(0);
          if (!is_floating(t.dtype()) && !is_complex(t.dtype()))
            throw NotImplementedError(std::string("norm(): input dtype should be either floating point or complex. Got ") +
                                      scalar_type_name(t.dtype()) + " instead.");
          return out_or_result(a, 3, norm(t, 2.0, a.shape(1), a.boolean(2)));
        });
  r.def("cov(Tensor self, *, int correction=1, Tensor? fweights=None, Tensor? aweights=None) -> Tensor", kBoth,
        "The covariance matrix of the rows (variables) of self, whose columns are observations.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(cov(a.tensor(0), a.int64(1), a.opt_tensor(2), a.opt_tensor(3)));
        });
  r.def("corrcoef(Tensor self) -> Tensor", kBoth, "The Pearson correlation coefficients of the rows of self.",
        [](Interpreter&, Bound& a) { return Value::tensor(corrcoef(a.tensor(0))); });
}

}  // namespace tsh::shell
