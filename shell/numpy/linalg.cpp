// shell/numpy/linalg.cpp — numpy.linalg over tsh's LAPACK ops (engine/ops/linalg_*.h): NumPy's
// argument rules (integers computed in float64), result types (scalars for single matrices, real
// eigenvalues when none is complex, EigResult and friends) and errors (numpy.linalg.LinAlgError).
#include <cmath>
#include <limits>

#include "engine/ops/binary.h"
#include "engine/ops/copy.h"
#include "engine/ops/compare.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/linalg.h"
#include "engine/ops/linalg_eigen.h"
#include "engine/ops/linalg_forms.h"
#include "engine/ops/linalg_lu.h"
#include "engine/ops/linalg_norms.h"
#include "engine/ops/reduce.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/python/modules.h"
#include "shell/numpy/array.h"

namespace tsh::shell {

namespace {

PyError linalg_error(const std::string& m) { return PyError("numpy.linalg.LinAlgError", m); }

// An argument as a LAPACK-ready array: integers and bools in float64, float16 refused as NumPy does.
Tensor operand(const Value& v) {
  const Tensor t = ndarray_tensor(numpy_asarray(v));
  if (t.dtype() == DType::Float16) throw TypeError("array type float16 is unsupported in linalg");
  if (!is_floating(t.dtype()) && !is_complex(t.dtype())) return to(t, DType::Float64, std::nullopt);
  return t;
}

void at_least_2d(const Tensor& t) {
  if (t.dim() < 2)
    throw linalg_error(std::to_string(t.dim()) + "-dimensional array given. Array must be at least two-dimensional");
}

void check_square_matrix(const Tensor& t) {
  at_least_2d(t);
  if (t.size(-1) != t.size(-2)) throw linalg_error("Last 2 dimensions of the array must be square");
}

// NumPy's common type of two operands: float32 only when both are single precision.
DType common(const Tensor& a, const Tensor& b) {
  const bool cplx = is_complex(a.dtype()) || is_complex(b.dtype());
  const bool single = (a.dtype() == DType::Float32 || a.dtype() == DType::Complex64) &&
                      (b.dtype() == DType::Float32 || b.dtype() == DType::Complex64);
  return cplx ? (single ? DType::Complex64 : DType::Complex128) : (single ? DType::Float32 : DType::Float64);
}

bool any_positive(const Tensor& infos) {
  for (int64_t v : int_values(contiguous(infos)))
    if (v > 0) return true;
  return false;
}

// One value for a single matrix (a NumPy scalar), an array for a batch.
Value result(const Tensor& t) { return t.dim() == 0 ? numpy_value(t) : make_ndarray(t); }

// Eigenvalues (and eigenvectors) come back real when no eigenvalue has an imaginary part.
Tensor real_if_real(const Tensor& t, bool all_real) { return all_real ? contiguous(real(t)) : t; }

Value named_result(const std::string& name, std::vector<std::string> fields, std::vector<Value> items) {
  auto o = std::make_shared<NamedTupleObj>();
  o->type_name = name;
  o->fields = std::move(fields);
  o->items = std::move(items);
  o->one_line = true;
  return Value::object(Kind::NamedTuple, o);
}

}  // namespace

void install_numpy_linalg(Value& linalg) {
  linalg.as<ModuleObj>()->attrs["LinAlgError"] = exception_class("numpy.linalg.LinAlgError");
  def_function(linalg, "solve", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("solve", a, kw, {"a", "b"}, 2);
    const Tensor A0 = operand(v[0]), B0 = operand(v[1]);
    check_square_matrix(A0);
    const DType d = common(A0, B0);
    const Tensor A = to(A0, d, std::nullopt);
    const Tensor B = to(B0, d, std::nullopt);
    // NumPy 2: b is a vector only when it is 1-d.
    const Tensor rhs = B.dim() == 1 ? unsqueeze(B, -1) : B;
    if (rhs.size(-2) != A.size(-1))
      throw ValueError(std::string(B.dim() == 1 ? "solve1" : "solve") +
                       ": Input operand 1 has a mismatch in its core dimension 0, with gufunc signature " +
                       (B.dim() == 1 ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)") + " (size " +
                       std::to_string(rhs.size(-2)) + " is different from " + std::to_string(A.size(-1)) + ")");
    auto [x, info] = linalg_solve_ex(A, rhs, true, false);
    if (any_positive(info)) throw linalg_error("Singular matrix");
    return make_ndarray(B.dim() == 1 ? squeeze(x, -1) : x);
  });
  def_function(linalg, "inv", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("inv", a, kw, {"a"}, 1);
    const Tensor A = operand(v[0]);
    check_square_matrix(A);
    auto [x, info] = linalg_inv_ex(A, false);
    if (any_positive(info)) throw linalg_error("Singular matrix");
    return make_ndarray(x);
  });
  def_function(linalg, "det", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("det", a, kw, {"a"}, 1);
    const Tensor A = operand(v[0]);
    check_square_matrix(A);
    return result(det(A));
  });
  def_function(linalg, "slogdet", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("slogdet", a, kw, {"a"}, 1);
    const Tensor A = operand(v[0]);
    check_square_matrix(A);
    auto [sign, logabs] = slogdet(A);
    return named_result("SlogdetResult", {"sign", "logabsdet"}, {result(sign), result(logabs)});
  });
  def_function(linalg, "matrix_power", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("matrix_power", a, kw, {"a", "n"}, 2);
    const Tensor A = ndarray_tensor(numpy_asarray(v[0]));
    check_square_matrix(A);
    const int64_t n = static_cast<int64_t>(v[1].as_int());
    // A negative power inverts first, in floating point, as NumPy's inv does.
    return make_ndarray(matrix_power(n < 0 ? operand(v[0]) : A, n));
  });
  def_function(linalg, "norm", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("norm", a, kw, {"x", "ord", "axis", "keepdims"}, 1);
    const Tensor x = operand(v[0]);
    const bool keep = truthy(v[3]);
    OptDims dims;
    if (v[2].is_intlike()) dims = std::vector<int64_t>{static_cast<int64_t>(v[2].as_int())};
    else if (!v[2].is_none())
      dims = [&] {
        std::vector<int64_t> d;
        for (const Value& i : v[2].items()) d.push_back(static_cast<int64_t>(i.as_int()));
        return d;
      }();
    std::optional<NormOrder> ord;
    if (v[1].is(Kind::Str)) ord = v[1].as_str();
    else if (!v[1].is_none()) ord = v[1].as_float();
    if (!ord && !dims) return result(vector_norm(x, 2.0, std::nullopt, keep, std::nullopt));
    if (!dims) {
      if (x.dim() == 1) {
        if (std::holds_alternative<std::string>(*ord))
          throw ValueError("Invalid norm order '" + std::get<std::string>(*ord) + "' for vectors");
        return result(vector_norm(x, std::get<double>(*ord), std::nullopt, keep, std::nullopt));
      }
      if (x.dim() != 2) throw ValueError("Improper number of dimensions to norm.");
      dims = std::vector<int64_t>{0, 1};
    }
    if (dims->size() == 1) {
      if (ord && std::holds_alternative<std::string>(*ord)) throw ValueError("Invalid norm order '" + std::get<std::string>(*ord) + "' for vectors");
      return result(vector_norm(x, ord ? std::get<double>(*ord) : 2.0, dims, keep, std::nullopt));
    }
    if (dims->size() != 2) throw ValueError("Improper number of dimensions to norm.");
    if (ord) {
      const bool ok = std::holds_alternative<std::string>(*ord)
                          ? (std::get<std::string>(*ord) == "fro" || std::get<std::string>(*ord) == "nuc")
                          : (std::fabs(std::get<double>(*ord)) == 1 || std::fabs(std::get<double>(*ord)) == 2 ||
                             std::isinf(std::get<double>(*ord)));
      if (!ok) throw ValueError("Invalid norm order for matrices.");
    }
    return result(matrix_norm(x, ord.value_or(NormOrder{std::string("fro")}), *dims, keep, std::nullopt));
  });
  auto eig_impl = [](const Value& arg, bool vectors) {
    const Tensor A = operand(arg);
    check_square_matrix(A);
    auto [w, V] = linalg_eig(A, vectors);
    const bool all_real = !is_complex(A.dtype()) && !item(any(ne(imag(w), Operand(0.0)))).to_int();
    const Tensor wr = real_if_real(w, all_real);
    if (!vectors) return make_ndarray(wr);
    return named_result("EigResult", {"eigenvalues", "eigenvectors"},
                        {make_ndarray(wr), make_ndarray(real_if_real(V, all_real))});
  };
  def_function(linalg, "eig", [eig_impl](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("eig", a, kw, {"a"}, 1);
    return eig_impl(v[0], true);
  });
  def_function(linalg, "eigvals", [eig_impl](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("eigvals", a, kw, {"a"}, 1);
    return eig_impl(v[0], false);
  });
  for (const char* name : {"eigh", "eigvalsh"})
    def_function(linalg, name, [name](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"a", "UPLO"}, 1);
      const std::string uplo = v[1].is_none() ? "L" : v[1].as_str();
      if (uplo != "L" && uplo != "U") throw ValueError("UPLO argument must be 'L' or 'U'");
      const Tensor A = operand(v[0]);
      check_square_matrix(A);
      const bool vectors = std::string(name) == "eigh";
      auto [w, V] = linalg_eigh(A, uplo, vectors);
      if (!vectors) return make_ndarray(w);
      return named_result("EighResult", {"eigenvalues", "eigenvectors"}, {make_ndarray(w), make_ndarray(V)});
    });
  def_function(linalg, "cholesky", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("cholesky", a, kw, {"a", "upper"}, 1);
    const Tensor A = operand(v[0]);
    check_square_matrix(A);
    auto [L, info] = linalg_cholesky_ex(A, truthy(v[1]), false, "cholesky");
    if (any_positive(info)) throw linalg_error("Matrix is not positive definite");
    return make_ndarray(L);
  });
  def_function(linalg, "svd", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("svd", a, kw, {"a", "full_matrices", "compute_uv", "hermitian"}, 1);
    const Tensor A = operand(v[0]);
    at_least_2d(A);
    const bool full = v[1].is_none() || truthy(v[1]);
    if (!v[2].is_none() && !truthy(v[2])) return make_ndarray(svdvals(A));
    auto [U, S, Vh] = linalg_svd(A, full);
    return named_result("SVDResult", {"U", "S", "Vh"}, {make_ndarray(U), make_ndarray(S), make_ndarray(Vh)});
  });
  def_function(linalg, "qr", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("qr", a, kw, {"a", "mode"}, 1);
    const Tensor A = operand(v[0]);
    at_least_2d(A);
    const std::string mode = v[1].is_none() ? "reduced" : v[1].as_str();
    if (mode != "reduced" && mode != "complete" && mode != "r")
      throw ValueError("Unrecognized mode '" + mode + "'");
    auto [Q, R] = linalg_qr(A, mode);
    if (mode == "r") return make_ndarray(R);
    return named_result("QRResult", {"Q", "R"}, {make_ndarray(Q), make_ndarray(R)});
  });
  def_function(linalg, "pinv", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("pinv", a, kw, {"a", "rcond", "hermitian", "rtol"}, 1);
    const Tensor A = operand(v[0]);
    at_least_2d(A);
    std::optional<double> rtol;
    if (!v[1].is_none()) rtol = v[1].as_float();
    if (!v[3].is_none()) rtol = v[3].as_float();
    return make_ndarray(linalg_pinv(A, 0.0, rtol, truthy(v[2])));
  });
  def_function(linalg, "matrix_rank", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("matrix_rank", a, kw, {"A", "tol", "hermitian", "rtol"}, 1);
    const Tensor A = operand(v[0]);
    if (A.dim() < 2) return Value::integer(item(any(ne(A, Operand(0.0)))).to_int());  // NumPy's Python int
    std::optional<double> atol, rtol;
    if (!v[1].is_none()) {
      atol = v[1].as_float();
      rtol = 0.0;
    }
    if (!v[3].is_none()) rtol = v[3].as_float();
    return result(matrix_rank(A, atol, rtol, truthy(v[2])));
  });
  def_function(linalg, "lstsq", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("lstsq", a, kw, {"a", "b", "rcond"}, 2);
    const Tensor A0 = operand(v[0]), B0 = operand(v[1]);
    if (A0.dim() != 2) throw linalg_error(std::to_string(A0.dim()) + "-dimensional array given. Array must be two-dimensional");
    const DType d = common(A0, B0);
    const Tensor A = to(A0, d, std::nullopt);
    const Tensor B = to(B0, d, std::nullopt);
    const bool vector = B.dim() == 1;
    const Tensor rhs = vector ? unsqueeze(B, -1) : B;
    if (rhs.size(0) != A.size(0)) throw linalg_error("Incompatible dimensions");
    std::optional<double> rcond;
    if (!v[2].is_none()) rcond = v[2].as_float();
    const LstsqResult r = linalg_lstsq(A, rhs, rcond, std::string("gelsd"));
    const Tensor x = vector ? squeeze(r.solution, -1) : r.solution;
    const int64_t rank = int_values(contiguous(r.rank))[0];
    Tensor residuals = empty({0}, is_complex(d) ? (d == DType::Complex64 ? DType::Float32 : DType::Float64) : d);
    if (rank == A.size(1) && A.size(0) > A.size(1)) residuals = r.residuals;
    return Value::tuple({make_ndarray(x), make_ndarray(residuals),
                         numpy_value(full({}, Scalar(rank), DType::Int32)), make_ndarray(r.singular_values)});
  });
}

}  // namespace tsh::shell
