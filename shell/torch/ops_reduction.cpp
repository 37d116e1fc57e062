// shell/torch/ops_reduction.cpp — registry entries for reductions, sorting and scans.
//
// Schemas are PyTorch 2.x's: `dim` is one int or a tuple of ints where
// PyTorch takes `int[1]?`, std/var take `unbiased` or 2.x's `correction`,
// and the (values, indices) results are torch.return_types named tuples.
#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/ops/binary.h"
#include "engine/ops/creation.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/out.h"
#include "engine/ops/quantile.h"
#include "engine/ops/reduce.h"
#include "engine/ops/views.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

Value named(const std::string& name, std::vector<std::string> fields, std::vector<Value> items) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = "torch.return_types." + name;
  o->fields = std::move(fields);
  o->items = std::move(items);
  return Value::object(Kind::NamedTuple, o);
}

namespace {

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
  if (v.is_number() && !v.is(Kind::Complex)) return v.as_scalar().to_double();  // 10**30: int too big to convert
  throw TypeError("norm(): argument 'p' must be a number or a string, not " + arg_type_name(v));
}

// out= of sum/prod/nansum: computed in out's dtype unless dtype= says otherwise,
// and then the two must agree.
std::optional<DType> sum_out_dtype(const Bound& a, size_t dtype_i, size_t out_i) {
  std::optional<DType> d = a.dtype(dtype_i);
  std::optional<Tensor> out = out_arg(a, out_i);
  if (!out) return d;
  if (d) check_out_dtype(*out, *d);
  return out->dtype();
}

// out= of mean: the result type must cast to out's dtype.
Value mean_out(const Bound& a, size_t out_i, const Tensor& result) {
  if (std::optional<Tensor> out = out_arg(a, out_i)) check_can_cast_out(result.dtype(), *out, std::string("result type ") + scalar_type_name(result.dtype()));
  return out_or_result(a, out_i, result);
}

void register_sums(Registry& r) {
  r.def("trace(Tensor self) -> Tensor", kBoth, "The sum of a matrix's diagonal (integers sum to int64, as sum does).",
        [](Interpreter&, Bound& a) { return Value::tensor(trace(a.tensor(0))); });
  r.def("sum(Tensor self, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The sum of all elements. Integer and bool tensors sum to int64; dtype= converts first.",
        [](Interpreter&, Bound& a) { return Value::tensor(sum(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("sum(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor",
        kBoth, "The sum over dim (an int or a tuple of ints); keepdim keeps them as size 1.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, sum(a.tensor(0), dims_arg(a, 1), a.boolean(2), sum_out_dtype(a, 3, 4)));
        });
  r.def("nansum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor",
        kBoth, "sum() with NaN counted as zero.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, nansum(a.tensor(0), dims_arg(a, 1), a.boolean(2), sum_out_dtype(a, 3, 4)));
        });
  r.def("mean(Tensor self, *, ScalarType? dtype=None, Tensor out=None) -> Tensor", kBoth,
        "The mean of all elements (floating or complex tensors, or with dtype=).",
        [](Interpreter&, Bound& a) { return mean_out(a, 2, mean(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("mean(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor",
        kBoth, "The mean over dim (an int or a tuple of ints).",
        [](Interpreter&, Bound& a) {
          return mean_out(a, 4, mean(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("nanmean(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor",
        kBoth, "The mean of the non-NaN elements.",
        [](Interpreter&, Bound& a) {
          return mean_out(a, 4, nanmean(a.tensor(0), dims_arg(a, 1), a.boolean(2), a.dtype(3)));
        });
  r.def("prod(Tensor self, *, ScalarType? dtype=None) -> Tensor", kBoth,
        "The product of all elements. Integer and bool tensors multiply in int64.",
        [](Interpreter&, Bound& a) { return Value::tensor(prod(a.tensor(0), std::nullopt, false, a.dtype(1))); });
  r.def("prod(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None) -> Tensor", kBoth,
        "The product along one dim.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, prod(a.tensor(0), a.int64(1), a.boolean(2), sum_out_dtype(a, 3, 4)));
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
    // var/std take out=; var_mean/std_mean do not.
    const std::string out = k.with_mean ? "" : ", *, Tensor out=None";
    const std::string out_kw = k.with_mean ? "" : ", Tensor out=None";
    auto finish = [](const Bound& a, size_t out_i, Value v) {
      if (out_i < a.values.size() && !a.is_none(out_i)) return out_or_result(a, out_i, v.as_tensor());
      return v;
    };
    r.def(n + "(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False" + out + ") -> Tensor", k.variants,
          k.doc, [run, finish](Interpreter&, Bound& a) {
            return finish(a, 4, run(a.tensor(0), dims_arg(a, 1), a.boolean(2) ? 1 : 0, a.boolean(3)));
          });
    r.def(n + "(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False" + out_kw + ") -> Tensor",
          k.variants, k.doc, [run, finish](Interpreter&, Bound& a) {
            return finish(a, 4, run(a.tensor(0), dims_arg(a, 1), correction_arg(a, 2), a.boolean(3)));
          });
    r.def(n + "(Tensor self, bool unbiased=True) -> Tensor", k.variants, k.doc,
          [run](Interpreter&, Bound& a) {
            return run(a.tensor(0), std::nullopt, a.boolean(1) ? 1 : 0, false);
          });
  }
}

// out=(values, indices) of max/min along a dim: a pair whose dtypes are self's and int64.
std::optional<std::pair<Tensor, Tensor>> pair_out(const Bound& a, size_t i, DType values_dtype) {
  if (i >= a.values.size() || a.is_none(i)) return std::nullopt;
  const auto& items = a[i].items();
  if (items.size() != 2)
    throw TypeError("expected tuple of 2 elements but got " + std::to_string(items.size()));
  std::pair<Tensor, Tensor> out{items[0].as_tensor(), items[1].as_tensor()};
  check_out_dtype(out.first, values_dtype);
  check_out_dtype(out.second, DType::Int64);
  return out;
}

Value values_indices_out(const std::string& name, const Bound& a, size_t out_i, const ValuesIndices& r) {
  auto out = pair_out(a, out_i, r.values.dtype());
  if (!out) return values_indices(name, r);
  write_out(out->first, r.values);
  write_out(out->second, r.indices);
  const auto& items = a[out_i].items();
  return named(name + "_out", {"values", "indices"}, {items[0], items[1]});
}

// out= of all/any: a bool (or uint8) tensor.
Value logical_out(const char* name, const Bound& a, size_t out_i, const Tensor& result) {
  if (std::optional<Tensor> out = out_arg(a, out_i))
    if (out->dtype() != DType::Bool && out->dtype() != DType::UInt8)
      throw RuntimeError(std::string(name) + " only supports bool tensor for result, got: " +
                         scalar_type_name(out->dtype()));
  return out_or_result(a, out_i, result);
}

void register_extrema(Registry& r) {
  for (bool is_max : {true, false}) {
    std::string n = is_max ? "max" : "min";
    r.def(n + "(Tensor self, *, Tensor out=None) -> Tensor", kBoth,
          "The " + n + "imum of all elements (NaN if there is one), as a 0-d tensor.",
          [is_max](Interpreter&, Bound& a) {
            return out_or_result(a, 1, is_max ? max(a.tensor(0)) : min(a.tensor(0)));
          });
    r.def(n + "(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth,
          "The elementwise " + n + "imum of self and other (broadcast), as torch." + n + "imum.",
          [is_max](Interpreter&, Bound& a) {
            const Dest d = Dest::out(out_arg(a, 2));
            Tensor res = is_max ? maximum(a.tensor(0), a.tensor(1), d) : minimum(a.tensor(0), a.tensor(1), d);
            return a.is_none(2) ? Value::tensor(res) : a[2];
          });
    r.def(n + "(Tensor self, int dim, bool keepdim=False, *, Tensor[] out=None) -> Tensor", kBoth,
          "(values, indices) of the " + n + "imum along dim: the first one, or the first NaN.",
          [is_max, n](Interpreter&, Bound& a) {
            auto res = is_max ? max(a.tensor(0), a.int64(1), a.boolean(2))
                              : min(a.tensor(0), a.int64(1), a.boolean(2));
            return values_indices_out(n, a, 3, res);
          });
    r.def("a" + n + "(Tensor self, int[1] dim=None, bool keepdim=False, *, Tensor out=None) -> Tensor", kBoth,
          "The " + n + "imum over dim (default: every dim); NaN propagates.",
          [is_max](Interpreter&, Bound& a) {
            OptDims dims;
            if (!a.is_none(1)) {
              Shape d = a.shape(1);
              if (!d.empty()) dims = d;
            }
            Tensor res = is_max ? amax(a.tensor(0), dims, a.boolean(2)) : amin(a.tensor(0), dims, a.boolean(2));
            if (std::optional<Tensor> out = out_arg(a, 3); out && out->dtype() != res.dtype())
              throw RuntimeError(std::string("Expected the dtype for input and out to match, but got ") +
                                 scalar_type_name(res.dtype()) + " for input's dtype and " +
                                 scalar_type_name(out->dtype()) + " for out's dtype.");
            return out_or_result(a, 3, res);
          });
    r.def("arg" + n + "(Tensor self, int? dim=None, bool keepdim=False, *, Tensor out=None) -> Tensor", kBoth,
          "The index of the first " + n + "imum along dim, or in the flattened tensor.",
          [is_max](Interpreter&, Bound& a) {
            if (std::optional<Tensor> out = out_arg(a, 3)) check_out_dtype(*out, DType::Int64);
            return out_or_result(a, 3, is_max ? argmax(a.tensor(0), a.opt_int(1), a.boolean(2))
                                              : argmin(a.tensor(0), a.opt_int(1), a.boolean(2)));
          });
  }
  r.def("aminmax(Tensor self, *, int? dim=None, bool keepdim=False, Tensor[] out=None) -> Tensor", kBoth,
        "(min, max) of all elements, or along dim.", [](Interpreter&, Bound& a) {
          auto [mn, mx] = aminmax(a.tensor(0), a.opt_int(1), a.boolean(2));
          if (a.is_none(3)) return named("aminmax", {"min", "max"}, {Value::tensor(mn), Value::tensor(mx)});
          const auto& items = a[3].items();
          if (items.size() != 2) throw TypeError("expected tuple of 2 elements but got " + std::to_string(items.size()));
          write_out(items[0].as_tensor(), mn);
          write_out(items[1].as_tensor(), mx);
          return named("aminmax_out", {"min", "max"}, {items[0], items[1]});
        });
  for (bool is_all : {true, false}) {
    const char* n = is_all ? "all" : "any";
    const std::string name = n;
    const std::string doc = is_all ? "True where every element is non-zero (uint8 tensors give uint8)."
                                   : "True where some element is non-zero (uint8 tensors give uint8).";
    auto run = [is_all](const Tensor& t, const OptDims& dims, bool keepdim) {
      return is_all ? all(t, dims, keepdim) : any(t, dims, keepdim);
    };
    r.def(name + "(Tensor self, *, Tensor out=None) -> Tensor", kBoth, doc, [run, n](Interpreter&, Bound& a) {
      return logical_out(n, a, 1, run(a.tensor(0), std::nullopt, false));
    });
    r.def(name + "(Tensor self, int[]? dim=None, bool keepdim=False, *, Tensor out=None) -> Tensor", kBoth, doc,
          [run, n](Interpreter&, Bound& a) { return logical_out(n, a, 3, run(a.tensor(0), dims_arg(a, 1), a.boolean(2))); });
    r.def(name + "(Tensor self, int dim, bool keepdim=False, *, Tensor out=None) -> Tensor", kBoth, doc,
          [run, n](Interpreter&, Bound& a) {
            return logical_out(n, a, 3, run(a.tensor(0), Shape{a.int64(1)}, a.boolean(2)));
          });
  }
  r.def("count_nonzero(Tensor self, int? dim=None) -> Tensor", kBoth,
        "The number of non-zero elements (int64), over everything or over dim.",
        [](Interpreter&, Bound& a) {
          return Value::tensor(count_nonzero(a.tensor(0), a.is_none(1) ? OptDims{} : OptDims{Shape{a.int64(1)}}));
        });
  r.def("count_nonzero(Tensor self, int[] dim) -> Tensor", kBoth,
        "The number of non-zero elements (int64) over dims.",
        [](Interpreter&, Bound& a) { return Value::tensor(count_nonzero(a.tensor(0), dims_arg(a, 1))); });
}

void register_norms(Registry& r) {
  // PyTorch writes norm in Python (torch.functional.norm, Tensor.norm): Python's binding.
  const std::string norm_doc =
      "The vector p-norm over dim (default every dim): p a number (inf, -inf, 0 allowed) "
      "or 'fro' (the 2-norm). Floating and complex tensors only; the result is real.";
  auto norm_impl = [](Interpreter&, Bound& a) {
    const Value& dim = a[2];
    OptDims dims;
    if (!dim.is_none()) dims = dim.is_sequence() ? a.shape(2) : Shape{a.int64(2)};
    double p = norm_order(a, 1, dims);
    Tensor res = norm(a.tensor(0), p, dims, a.boolean(3), a.dtype(a.index_of("dtype")));
    const size_t out = a.index_of("out");
    return out == Bound::npos ? Value::tensor(res) : out_or_result(a, out, res);
  };
  r.def("norm(Tensor input, Any p=\"fro\", Any dim=None, bool keepdim=False, Any out=None, Any dtype=None) -> Tensor |python",
        kFunction, norm_doc, norm_impl);
  r.def("norm(Tensor self, Any p=\"fro\", Any dim=None, bool keepdim=False, Any dtype=None) -> Tensor |python", kMethod,
        norm_doc, norm_impl);
  r.def("dist(Tensor self, Tensor other, Scalar p=2) -> Tensor", kBoth,
        "The p-norm of self - other.",
        [](Interpreter&, Bound& a) { return Value::tensor(dist(a.tensor(0), a.tensor(1), a.scalar(2).to_double())); });
  r.def("logsumexp(Tensor self, int[1] dim, bool keepdim=False, *, Tensor out=None) -> Tensor", kBoth,
        "log(sum(exp(self))) over dim, computed without overflow.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 3, logsumexp(a.tensor(0), a.shape(1), a.boolean(2)));
        });
}

}  // namespace

void register_scan_sort_ops(Registry& r);  // shell/torch/ops_sort.cpp

void register_reduction_ops(Registry& r) {
  for (const bool nan : {false, true}) {
    const std::string name = nan ? "nanquantile" : "quantile";
    const std::string doc = nan ? "The q-th quantiles of self along dim (all of self when None), NaNs ignored."
                                : "The q-th quantiles of self along dim (all of self when None); NaN if a NaN is there.";
    const std::string tail = " q, int? dim=None, bool keepdim=False, *, str interpolation=\"linear\", Tensor out=None) -> Tensor";
    r.def(name + "(Tensor self, Tensor" + tail, kBoth, doc, [nan](Interpreter&, Bound& a) {
      return Value::tensor(quantile(a.tensor(0), a.tensor(1), a.opt_int(2), a.boolean(3), a.str(4), nan, out_arg(a, 5)));
    });
    r.def(name + "(Tensor self, float" + tail, kBoth, doc, [nan](Interpreter&, Bound& a) {
      return Value::tensor(quantile(a.tensor(0), a.f64(1), a.opt_int(2), a.boolean(3), a.str(4), nan, out_arg(a, 5)));
    });
  }
  register_sums(r);
  register_variances(r);
  register_extrema(r);
  register_norms(r);
  register_scan_sort_ops(r);
}

}  // namespace tsh::shell
