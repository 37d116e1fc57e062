// engine/autograd/functions.h — differentiable ops: each computes its result with the engine op of
// the same name and, when grad mode is on and an input requires grad, records a node named as
// PyTorch names it (MulBackward0) whose backward is written with these same functions — so
// the gradient of a gradient (create_graph=True) is recorded too.
//
// The shell calls these where a tensor that requires grad meets an op; the plain engine ops
// (engine/ops/) never record anything.
#pragma once

#include "engine/ops/window.h"
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/autograd/node.h"
#include "engine/kernels/elementwise.h"
#include "engine/ops/indexing.h"
#include "engine/ops/operand.h"
#include "engine/ops/reduce.h"

namespace tsh::autograd {

// Whether an op on these inputs records: grad mode on and one of them requires grad.
bool needs_grad(const TensorList& inputs);
bool needs_grad_operands(const Operand& a, const Operand& b = Operand(0));
// A node for an op whose differentiable inputs are `inputs`, in the order its backward returns
// their gradients (an input that does not require grad gets no edge and no gradient).
std::shared_ptr<Node> make_node(const std::string& name, const TensorList& inputs, BackwardFn fn);
// out becomes output nr of node.
void attach(const std::shared_ptr<Node>& node, const Tensor& out, uint32_t nr = 0);
// The same for a view op: out also remembers the tensor whose storage it views.
void attach_view(const std::shared_ptr<Node>& node, const Tensor& out, const Tensor& input, uint32_t nr = 0);
// The error for an op whose derivative tsh does not have (PyTorch's wording); `when` narrows it to
// the case tsh lacks ("with an ellipsis"), after PyTorch's sentence.
[[noreturn]] void derivative_not_implemented(const std::string& op, const std::string& when = "");

// An in-place op on self under autograd: `write` runs the real in-place op (its checks and
// dtype rules), and `formula` builds the same op out of place from `before` — self's old value
// and history — so self takes the new node as its grad_fn. On a view, the base's history is
// rewritten (CopySlices) as PyTorch does.
void record_inplace(const Tensor& self, bool formula_reads_self, const std::function<void()>& write,
                    const std::function<Tensor(const Tensor& before)>& formula);

}  // namespace tsh::autograd

namespace tsh::ag {

using autograd::TensorList;

// Helpers the formulas use.
Tensor sum_to(const Tensor& g, const Shape& shape);  // sums broadcast dims away
Tensor to_dtype(const Tensor& t, DType d);          // ToCopyBackward0
Tensor detached_clone(const Tensor& t);
Tensor conj_if_complex(const Tensor& t);

// Elementwise.
Tensor add(const Operand& a, const Operand& b, const Scalar& alpha = Scalar(int64_t{1}));
Tensor sub(const Operand& a, const Operand& b, const Scalar& alpha = Scalar(int64_t{1}));
Tensor rsub(const Operand& a, const Operand& b, const Scalar& alpha = Scalar(int64_t{1}));  // b - alpha * a
Tensor mul(const Operand& a, const Operand& b);
Tensor div(const Operand& a, const Operand& b);
Tensor pow(const Operand& a, const Operand& b);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor atan2(const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, const Operand& a, const Operand& b);
Tensor clamp(const Tensor& x, const std::optional<Operand>& lo, const std::optional<Operand>& hi);
Tensor lerp(const Tensor& a, const Tensor& b, const Operand& w);
Tensor neg(const Tensor& x);
Tensor relu(const Tensor& x);
Tensor square(const Tensor& x);
// Unary math with a derivative in terms of x and the result (exp, log, sin, tanh, sigmoid, ...).
bool has_unary_derivative(UnaryOp op);
Tensor unary(UnaryOp op, const Tensor& x);
Tensor nan_to_num(const Tensor& x, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf);

// Reductions.
Tensor sum(const Tensor& x, const OptDims& dims = std::nullopt, bool keepdim = false,
           std::optional<DType> dtype = std::nullopt);
Tensor mean(const Tensor& x, const OptDims& dims = std::nullopt, bool keepdim = false,
            std::optional<DType> dtype = std::nullopt);
Tensor prod(const Tensor& x, std::optional<int64_t> dim = std::nullopt, bool keepdim = false,
            std::optional<DType> dtype = std::nullopt);
Tensor var(const Tensor& x, const OptDims& dims, double correction, bool keepdim, bool take_sqrt);
Tensor max_all(const Tensor& x, bool is_max);                          // MaxBackward1 / MinBackward1
std::pair<Tensor, Tensor> max_dim(const Tensor& x, int64_t dim, bool keepdim, bool is_max);  // values, indices
Tensor amax(const Tensor& x, const OptDims& dims, bool keepdim, bool is_max);
Tensor norm(const Tensor& x, double p, const OptDims& dims, bool keepdim, const std::string& node);
Tensor logsumexp(const Tensor& x, const std::vector<int64_t>& dims, bool keepdim);
Tensor softmax(const Tensor& x, int64_t dim, std::optional<DType> dtype, bool log);
Tensor cumsum(const Tensor& x, int64_t dim, std::optional<DType> dtype);
Tensor mse_loss(const Tensor& input, const Tensor& target, const std::string& reduction);

// Views: the result shares x's storage and its node is PyTorch's view node.
Tensor view(const Tensor& x, const Shape& sizes);
Tensor reshape(const Tensor& x, const Shape& sizes);  // ViewBackward0 when a view, else UnsafeViewBackward0
Tensor flatten(const Tensor& x, int64_t start, int64_t end);
Tensor t(const Tensor& x);
Tensor transpose(const Tensor& x, int64_t d0, int64_t d1);
Tensor permute(const Tensor& x, const std::vector<int64_t>& dims);
Tensor expand(const Tensor& x, const Shape& sizes);
Tensor unsqueeze(const Tensor& x, int64_t dim);
Tensor squeeze(const Tensor& x, const std::optional<std::vector<int64_t>>& dims, const char* node);
Tensor select(const Tensor& x, int64_t dim, int64_t index);
Tensor slice(const Tensor& x, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> stop, int64_t step);
Tensor narrow(const Tensor& x, int64_t dim, int64_t start, int64_t length);
Tensor diagonal(const Tensor& x, int64_t offset, int64_t d0, int64_t d1);
// Sliding windows as a view; the gradient adds up where windows overlap.
Tensor unfold(const Tensor& x, int64_t dim, int64_t size, int64_t step);
Tensor as_strided(const Tensor& x, const Shape& sizes, const Shape& strides, int64_t offset);
TensorList split(const Tensor& x, const std::vector<int64_t>& sizes, int64_t dim, const char* node);
TensorList unbind(const Tensor& x, int64_t dim);
// z.real / z.imag of a complex tensor: views whose gradient is g (real part) or g·i (imaginary part).
Tensor complex_part(const Tensor& z, bool imag);

// Conjugation of complex tensors: the lazy view (ConjBackward0), a new tensor (ConjPhysicalBackward0),
// and a conjugate view's values in new memory, with the view's history (what ops read).
Tensor conj_view(const Tensor& x);
Tensor conj_physical(const Tensor& x);
Tensor resolve_conj(const Tensor& x);

// Copies.
Tensor clone(const Tensor& x);
Tensor to(const Tensor& x, std::optional<DType> dtype, std::optional<Device> device, bool copy);
Tensor contiguous(const Tensor& x);
// r, a conversion of x made by the plain op (to, type, cpu, ...), as a differentiable result of x.
Tensor converted(const Tensor& x, const Tensor& r);

// Indexing, joining, products.
Tensor basic_index(const Tensor& x, const std::vector<IndexItem>& items);
// x.flatten()[positions] shaped like positions (TakeBackward0, or `node` for ops that reduce to it:
// advanced indexing is IndexBackward0).
Tensor take(const Tensor& x, const Tensor& positions, const char* node = "TakeBackward0");
// The adjoint: a zero tensor of `sizes` with g's elements added at the flat positions.
Tensor scatter_positions(const Tensor& g, const Tensor& positions, const Shape& sizes);
// The flat positions of x's elements as the view or index `f` picks them (int64, f's result shape).
Tensor positions_of(const Tensor& x, const std::function<Tensor(const Tensor&)>& f);
// In-place writes, as formulas for record_inplace: `before` copied over by src (CopyBackwards), and
// before with src written at flat positions (IndexPutBackward0). The result stands in for the new
// value in the graph; its own elements are not the point.
Tensor copy_result(const Tensor& before, const Tensor& src);
Tensor index_put_result(const Tensor& before, const Tensor& positions, const Tensor& src);
Tensor cat(const TensorList& xs, int64_t dim);
Tensor stack(const TensorList& xs, int64_t dim);
Tensor matmul(const Tensor& a, const Tensor& b);
Tensor mm(const Tensor& a, const Tensor& b);
Tensor masked_fill(const Tensor& x, const Tensor& mask, const Operand& value);
Tensor gather(const Tensor& x, int64_t dim, const Tensor& index);
Tensor index_select(const Tensor& x, int64_t dim, const Tensor& index);
Tensor flip(const Tensor& x, const std::vector<int64_t>& dims);
Tensor repeat(const Tensor& x, const std::vector<int64_t>& repeats);
Tensor tril_triu(const Tensor& x, int64_t diagonal, bool lower);
Tensor trace(const Tensor& x);

// Nodes attached to a plain op's result r (more.cpp).
Tensor binary_more(const std::string& op, const Operand& a, const Operand& b, const Tensor& r);  // hypot, logaddexp, fmod, remainder, xlogy
Tensor addc(bool is_div, const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value, const Tensor& r);
// addmm / addmv / baddbmm-like: beta * self + alpha * (m1 @ m2).
Tensor addmm(const Tensor& self, const Tensor& m1, const Tensor& m2, const Scalar& beta, const Scalar& alpha,
             const Tensor& r, const char* node);
// values = x's elements at flat `positions` (sort, topk, kthvalue, median(dim), mode, cummax, ...).
Tensor picked(const Tensor& x, const Tensor& values, const Tensor& positions, const char* node);
// A reduction to one of x's values, the gradient shared by the elements equal to it (median()).
Tensor evenly(const Tensor& x, const Tensor& r, const char* node);
// r made from x with a zero derivative (random draws shaped like x): PyTorch still records a node.
Tensor zero_grad_result(const Tensor& x, const Tensor& r, const char* node);
// r = f(x) made by the plain op, with the gradient grad(g, x, r). A formula that calls engine ops
// (not differentiable itself) says so, and a second derivative through it is refused.
using UnaryGrad = std::function<Tensor(const Tensor& g, const Tensor& x, const Tensor& r)>;
Tensor unary_result(const Tensor& x, const Tensor& r, const char* node, UnaryGrad grad, bool formula_differentiable);
// r recorded with a node whose backward refuses with `message` (PyTorch records unique() and
// floor_divide this way: the graph exists, and backward through it raises).
Tensor refusing_result(const TensorList& inputs, const Tensor& r, const char* node, const std::string& message);
// g (a reduction's result shape) broadcast back over x's shape: the gradient of a sum.
Tensor expand_reduced(const Tensor& g, const Shape& sizes, const OptDims& dims, bool keepdim);
Tensor nansum_result(const Tensor& x, const Tensor& r, const OptDims& dims, bool keepdim, bool mean);
Tensor fmax_result(const Tensor& a, const Tensor& b, const Tensor& r, bool is_max);
Tensor copysign_result(const Tensor& a, const Operand& b, const Tensor& r);
Tensor cross_result(const Tensor& a, const Tensor& b, const Tensor& r, int64_t dim);
Tensor logdet_result(const Tensor& A, const Tensor& r, const char* node);  // log|det| or logdet
Tensor cumprod_result(const Tensor& x, const Tensor& r, int64_t dim);
// plain, the exact result of an engine op, takes the graph of `composed`, the same function built
// from differentiable functions (whose values may differ in the last bits); node renames its top.
Tensor adopt(const Tensor& plain, const Tensor& composed, const char* node);
// einsum with the graph of its gradients, which are einsums too (an index repeated in an operand
// reads its diagonal; a size-1 dim that broadcasts refuses).
Tensor einsum(const std::string& equation, const TensorList& operands);
Tensor einsum_result(const std::string& equation, const TensorList& operands, const Tensor& r);
// An op that writes src's elements into a copy of self (index_copy, scatter, index_put, ...), told
// where each result element came from: `from` holds, per result element, p > 0 for self's flat
// element p - 1, p < 0 for src's element -p - 1, and 0 for a constant. plain keeps its values and
// gets the graph (the node named `node`).
Tensor written(const Tensor& self, const Tensor& src, const Tensor& from, const Tensor& plain, const char* node);
// An op that adds src's elements (times alpha) into a copy of self at flat positions `targets`
// (shaped like the broadcast src): index_add, scatter_add, put and index_put with accumulate.
Tensor accumulated(const Tensor& self, const Tensor& src, const Tensor& targets, const Scalar& alpha,
                   const Tensor& plain, const char* node);
// Linear algebra with the plain results: the Cholesky factor; eigh's eigenvalues and eigenvectors
// (V undefined for eigvalsh); svd's singular values (U and Vh may be undefined; their own gradients
// are not in tsh and refuse when nonzero).
Tensor cholesky_result(const Tensor& A, const Tensor& L, bool upper);
void eigh_result(const Tensor& A, const Tensor& values, const Tensor& vectors, const std::string& uplo);
void svd_result(const Tensor& A, const Tensor& U, const Tensor& S, const Tensor& Vh);
// The matrix exponential's gradient: the top-right block of exp([[A^H, g], [0, A^H]]).
Tensor matrix_exp_result(const Tensor& A, const Tensor& r);
// solve_triangular(A, B, upper, left=True, unitriangular): X with A X = B, A triangular.
Tensor solve_triangular_result(const Tensor& A, const Tensor& B, const Tensor& X, bool upper, bool unitriangular);
// A = QR of real matrices, reduced (or complete when there are no more rows than columns).
void qr_result(const Tensor& A, const Tensor& Q, const Tensor& R);
// A = P L U of square real matrices: linalg.lu's L and U (P has no gradient), or lu_factor's packed
// LU (its strict lower part L, the rest U) with its pivots.
void lu_result(const Tensor& A, const Tensor& P, const Tensor& L, const Tensor& U);
void lu_factor_result(const Tensor& A, const Tensor& LU, const Tensor& pivots);
// A = V diag(L) V^-1 (linalg.eig; V undefined for eigvals): complex gradients, the real part for a real A.
void eig_result(const Tensor& A, const Tensor& L, const Tensor& V);
Tensor inverse_result(const Tensor& A, const Tensor& inv);
Tensor det_result(const Tensor& A, const Tensor& d);
Tensor solve_result(const Tensor& A, const Tensor& B, const Tensor& X, bool left);

// LSTM's pointwise step (rnn.cpp): gates (*, 4H) holding i, f, g, o before their activations, c the
// previous cell state (*, H); returns (h, c) of the step.
std::pair<Tensor, Tensor> lstm_pointwise(const Tensor& gates, const Tensor& c);

// Sliding 2-d windows (engine/ops/window.h) and their derivatives (engine/autograd/window.cpp).
Tensor im2col(const Tensor& x, Pair kernel, Pair dilation, Pair padding, Pair stride, bool rows_outer = false);
Tensor col2im(const Tensor& cols, Pair output_size, Pair kernel, Pair dilation, Pair padding, Pair stride);
std::pair<Tensor, Tensor> max_pool2d_with_indices(const Tensor& x, Pair kernel, Pair stride, Pair padding,
                                                  Pair dilation, Pair out);

}  // namespace tsh::ag

namespace tsh::autograd {
// AsStridedBackward0's gradient: g scattered into a zero tensor shaped like the base (used for
// views whose grad_fn was remade after an in-place op).
Tensor as_strided_backward(const Tensor& g, const Shape& base_sizes, const Shape& base_strides, int64_t base_offset,
                           const Shape& sizes, const Shape& strides, int64_t offset, DType dtype, Device device);
void add_in_place(const Tensor& acc, const Tensor& g);  // acc += g (bumps acc's version)
}  // namespace tsh::autograd
