// shell/ops_reduction.cpp — registry entries for reductions, sorting and scans.
//
// Schemas are PyTorch 2.x's: `dim` is one int or a tuple of ints where
// PyTorch takes `int[1]?`, std/var take `unbiased` or 2.x's `correction`,
// and the (values, indices) results are torch.return_types named tuples.
#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/ops/binary.h"
#include "engine/ops/reduction.h"
#include "shell/registry.h"

namespace tsh::shell {

namespace {

// A torch.return_types.NAME(f0=..., f1=...) value.
Value named(const std::string& name, std::vector<std::string> fields, std::vector<Value> items) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = "torch.return_types." + name;
  o->fields = std::move(fields);
  o->items = std::move(items);
  return Value::object(Kind::NamedTuple, o);
}

Value values_indices(const std::string& name, const ValuesIndices& r) {
  return named(name, {"values", "indices"}, {Value::tensor(r.values), Value::tensor(r.indices)});
}

// int[1]? dim: None → every dim; one int or a tuple.
OptDims dims_arg(const Bound& a, size_t i) {
  if (a.is_none(i)) return std::nullopt;
  return a.shape(i);
}

// A Scalar? correction, or the unbiased flag's equivalent.
double correction_arg(const Bound& a, size_t i) {
  if (a.is_none(i)) return 1;
  return a.scalar(i).to_double();
}

// torch.norm's p: a number, None (2) or 'fro' (2 over at most two dims).
double norm_order(const Bound& a, size_t p, const OptDims& dims) {
  const Value& v = a[p];
  if (v.is_none()) return 2;
  if (v.is(Kind::Str)) {
    const std::string& s = v.as_str();
    if (s == "fro" && (!dims || dims->size() <= 2)) return 2;
    if (s == "fro") {
      std::string got;
      for (int64_t d : *dims) got += " " + std::to_string(d);
      throw RuntimeError("linalg.matrix_norm: dim must be a 2-tuple. Got" + got);
    }
    if (s == "nuc") throw NotImplementedError("norm(p='nuc') (the nuclear norm) is not available in tsh");
    throw RuntimeError("linalg.matrix_norm: Order " + s + " not supported.");
  }
  if (v.is_number() && !v.is(Kind::Complex)) return v.as_float();
  throw TypeError("norm(): argument 'p' must be a number or a string, not " + arg_type_name(v));
}

void register_sums(Registry& r) {
  r.def("sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The sum of all elements. Integer and bool tensors sum to int64; dtype= converts first.",
        [](Interpreter&, Bound& a) { return Value::tensor(sum(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("sum(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The sum over dim (an int or a tuple of ints); keepdim keeps them as size 1.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(sum(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        kBoth, "sum() with NaN counted as zero.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(nansum(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("mean(Tensor self, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The mean of all elements (floating or complex tensors, or with dtype=).",
        [](Interpreter&, Bound& a) { return Value::tensor(mean(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("mean(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The mean over dim (an int or a tuple of ints).",
        [](Interpreter&, Bound& a) {
          return Value::tensor(mean(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        kBoth, "The mean of the non-NaN elements.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(nanmean(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("prod(Tensor self, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The product of all elements. Integer and bool tensors multiply in int64.",
        [](Interpreter&, Bound& a) { return Value::tensor(prod(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("prod(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The product along one dim.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(prod(a.tensor(0), a.int64(1), a.boolean(2), a.dtype(3)));
        });
}

// std, var, std_mean, var_mean share three overloads. The `unbiased` one
// comes first so that x.std(1, True, True) is (dim, unbiased, keepdim),
// not a varargs dim list.
void register_variances(Registry& r) {
  struct Kind2 {
    const char* name;
    bool take_sqrt, with_mean;
    unsigned variants;
    const char* doc;
  };
  const Kind2 kinds[] = {
      {"var", false, false, kBoth, "The variance, with divisor N - correction (unbiased: N - 1)."},
      {"std", true, false, kBoth, "The standard deviation, with divisor N - correction (unbiased: N - 1)."},
      {"var_mean", false, true, kFunction, "(var, mean) in one pass."},
      {"std_mean", true, true, kFunction, "(std, mean) in one pass."},
  };
  for (const Kind2& k : kinds) {
    auto run = [k](const Tensor& t, const OptDims& dims, double correction, bool keepdim) -> Value {
      if (k.with_mean) {
        auto [v, m] = k.take_sqrt ? std_mean(t, dims, correction, keepdim)
                                  : var_mean(t, dims, correction, keepdim);
        return Value::tuple({Value::tensor(v), Value::tensor(m)});
      }
      return Value::tensor(k.take_sqrt ? stddev(t, dims, correction, keepdim) : var(t, dims, correction, keepdim));
    };
    std::string n = k.name;
    r.def(n + "(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor", k.variants,
          k.doc, [run](Interpreter&, Bound& a) {
            return run(a.tensor(0), dims_arg(a, 1), a.boolean(2) ? 1 : 0, a.boolean(3));
          });
    r.def(n + "(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor",
          k.variants, k.doc, [run](Interpreter&, Bound& a) {
            return run(a.tensor(0), dims_arg(a, 1), correction_arg(a, 2), a.boolean(3));
          });
    r.def(n + "(Tensor self, bool unbiased=True) -> Tensor", k.variants, k.doc,
          [run](Interpreter&, Bound& a) {
            return run(a.tensor(0), std::nullopt, a.boolean(1) ? 1 : 0, false);
          });
  }
}

void register_extrema(Registry& r) {
  for (bool is_max : {true, false}) {
    std::string n = is_max ? "max" : "min";
    r.def(n + "(Tensor self) -> Tensor", kBoth,
          "The " + n + "imum of all elements (NaN if there is one), as a 0-d tensor.",
          [is_max](Interpreter&, Bound& a) { return Value::tensor(is_max ? max(a.tensor(0)) : min(a.tensor(0))); });
    r.def(n + "(Tensor self, int dim, bool keepdim=False) -> Tensor", kBoth,
          "(values, indices) of the " + n + "imum along dim: the first one, or the first NaN.",
          [is_max, n](Interpreter&, Bound& a) {
            auto res = is_max ? max(a.tensor(0), a.int64(1), a.boolean(2))
                              : min(a.tensor(0), a.int64(1), a.boolean(2));
            return values_indices(n, res);
          });
    r.def(n + "(Tensor self, Tensor other) -> Tensor", kBoth,
          "The elementwise " + n + "imum of self and other (broadcast), as torch." + n + "imum.",
          [is_max](Interpreter&, Bound& a) {
            return Value::tensor(is_max ? maximum(a.tensor(0), a.tensor(1)) : minimum(a.tensor(0), a.tensor(1)));
          });
    r.def("a" + n + "(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor", kBoth,
          "The " + n + "imum over dim (default: every dim); NaN propagates.",
          [is_max](Interpreter&, Bound& a) {
            Shape d = a.shape(1);
            OptDims dims = d.empty() ? OptDims{} : OptDims{d};
            return Value::tensor(is_max ? amax(a.tensor(0), dims, a.boolean(2)) : amin(a.tensor(0), dims, a.boolean(2)));
          });
    r.def("arg" + n + "(Tensor self, int? dim=None, bool keepdim=False) -> Tensor", kBoth,
          "The index of the first " + n + "imum along dim, or in the flattened tensor.",
          [is_max](Interpreter&, Bound& a) {
            return Value::tensor(is_max ? argmax(a.tensor(0), a.opt_int(1), a.boolean(2))
                            : argmin(a.tensor(0), a.opt_int(1), a.boolean(2)));
          });
  }
  r.def("aminmax(Tensor self, *, int? dim=None, bool keepdim=False) -> Tensor", kBoth,
        "(min, max) of all elements, or along dim.", [](Interpreter&, Bound& a) {
          auto [mn, mx] = aminmax(a.tensor(0), a.opt_int(1), a.boolean(2));
          return named("aminmax", {"min", "max"}, {Value::tensor(mn), Value::tensor(mx)});
        });
  r.def("all(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor", kBoth,
        "True where every element is non-zero (uint8 tensors give uint8).",
        [](Interpreter&, Bound& a) { return Value::tensor(all(a.tensor(0), dims_arg(a, 1), a.boolean(2))); });
  r.def("any(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor", kBoth,
        "True where some element is non-zero (uint8 tensors give uint8).",
        [](Interpreter&, Bound& a) { return Value::tensor(any(a.tensor(0), dims_arg(a, 1), a.boolean(2))); });
  r.def("count_nonzero(Tensor self, int[1]? dim=None) -> Tensor", kBoth,
        "The number of non-zero elements (int64), over everything or over dim.",
        [](Interpreter&, Bound& a) { return Value::tensor(count_nonzero(a.tensor(0), dims_arg(a, 1))); });
}

void register_norms(Registry& r) {
  r.def("norm(Tensor self, Any p=\"fro\", int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        kBoth,
        "The vector p-norm over dim (default every dim): p a number (inf, -inf, 0 allowed) "
        "or 'fro' (the 2-norm). Floating and complex tensors only; the result is real.",
        [](Interpreter&, Bound& a) {
          OptDims dims = dims_arg(a, 2);
          double p = norm_order(a, 1, dims);
          return Value::tensor(norm(a.tensor(0), p, dims, a.boolean(3), a.dtype(4)));
        });
  r.def("dist(Tensor self, Tensor other, Scalar p=2) -> Tensor", kBoth,
        "The p-norm of self - other.",
        [](Interpreter&, Bound& a) { return Value::tensor(dist(a.tensor(0), a.tensor(1), a.scalar(2).to_double())); });
  r.def("logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor", kBoth,
        "log(sum(exp(self))) over dim, computed without overflow.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(logsumexp(a.tensor(0), a.shape(1), a.boolean(2)));
        });
}

}  // namespace

void register_scan_sort_ops(Registry& r);  // shell/ops_sort.cpp

void register_reduction_ops(Registry& r) {
  register_sums(r);
  register_variances(r);
  register_extrema(r);
  register_norms(r);
  register_scan_sort_ops(r);
}

}  // namespace tsh::shell
