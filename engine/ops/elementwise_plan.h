// engine/ops/elementwise_plan.h — what every elementwise op does before its kernel runs.
//
// PyTorch's TensorIterator, reduced to what tsh needs: broadcast the inputs,
// check and allocate the output (a new tensor, self for in-place ops, or an
// out= tensor), convert the inputs to the dtype the kernel computes in, and
// choose the iteration order. The order matters beyond speed: a new output
// takes the memory layout of its inputs (`(x.t() + 1).stride()` is x.t()'s),
// and the SIMD kernels group elements from the start of each run, as
// PyTorch does, so runs must be the same as PyTorch's.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "engine/core/tensor.h"
#include "engine/ops/operand.h"

namespace tsh {

// Where an elementwise op writes its result.
struct Dest {
  enum class Mode : uint8_t { New, InPlace, Out };
  Mode mode = Mode::New;
  Tensor tensor;  // self (InPlace) or the out= tensor (Out)

  static Dest inplace(const Tensor& self) { return {Mode::InPlace, self}; }
  static Dest out(const Tensor& out) { return {Mode::Out, out}; }
  static Dest out(const std::optional<Tensor>& out) { return out ? Dest::out(*out) : Dest{}; }
  bool is_new() const { return mode == Mode::New; }
};

// Dims of `shape` outermost first, in PyTorch's iteration order for operands
// with the given (broadcast) strides: dims sorted by stride, the first operand
// that tells two dims apart decides, ties keep the natural order.
std::vector<int64_t> iteration_order(const Shape& shape, const std::vector<const Shape*>& strides);

// Strides of a new dense tensor laid out in that order (innermost dim stride 1).
Shape strides_in_order(const Shape& shape, const std::vector<int64_t>& order);

// PyTorch's is_non_overlapping_and_dense (engine/core/shape.cpp; also in engine/core/memory_format.h).
bool non_overlapping_and_dense(const Shape& sizes, const Shape& strides);

// Throws PyTorch's errors when writing into `out` while reading `inputs`
// would be ill-defined: out has expanded (stride 0) dims, or it partially
// overlaps an input's memory.
void check_overlap(const Tensor& out, std::span<const Tensor> inputs);

// A tensor a plan either borrows from its caller, whose operands and destination
// outlive the plan, or owns (a new tensor or view). A loop of small in-place ops
// then takes no reference to any tensor: each one is an atomic count to bump.
class HeldTensor {
 public:
  HeldTensor() = default;
  HeldTensor(Tensor t) : owned_(std::move(t)) {}  // NOLINT: owning is the usual case
  static HeldTensor borrow(const Tensor& t) {
    HeldTensor h;
    h.borrowed_ = &t;
    return h;
  }
  const Tensor& get() const { return borrowed_ ? *borrowed_ : owned_; }

 private:
  const Tensor* borrowed_ = nullptr;
  Tensor owned_;
};

// The prepared call: every tensor has the broadcast shape, permuted into the
// iteration order (outermost dim first), ready for a kernel.
struct Prepared {
  // The inputs, held in place: elementwise ops have at most three.
  class Inputs {
   public:
    static constexpr size_t kMax = 3;
    void push_back(HeldTensor t);
    void borrow(const Tensor& t);
    size_t size() const { return n_; }
    const Tensor& operator[](size_t i) const { return t_[i].get(); }
   private:
    HeldTensor t_[kMax];
    size_t n_ = 0;
  };
  HeldTensor result_;        // what the op returns: the new tensor, self or out
  HeldTensor out_;           // what the kernel writes: a view of result, or a temp in out_dtype
  bool out_is_result = false;  // the kernel writes result itself (out_ is unused)
  Inputs ins;                // inputs, converted to their kernel dtypes
  bool via_temp = false;     // out is a temp to copy into result afterwards
  Tensor temp;               // that temp, in natural dim order

  const Tensor& result() const { return result_.get(); }
  const Tensor& out() const { return out_is_result ? result_.get() : out_.get(); }
};

// Prepares a call whose kernel reads inputs[i] as in_dtypes[i] and writes
// out_dtype. For InPlace and Out, checks that out_dtype can be cast to the
// destination's dtype (the message names `check_dtype`, normally out_dtype)
// and that shapes agree.
Prepared prepare_elementwise(std::span<const Operand* const> inputs, std::span<const DType> in_dtypes,
                             const Dest& dest, DType out_dtype, DType check_dtype);
Prepared prepare_elementwise(std::span<const Operand> inputs, std::span<const DType> in_dtypes,
                             const Dest& dest, DType out_dtype, DType check_dtype);

// Copies a temp output into the result; returns the result.
const Tensor& finish_elementwise(const Prepared& p);

// The broadcast shape of all inputs, folded left to right (PyTorch's message names
// the shape so far "tensor a" and the next input "tensor b").
Shape broadcast_all(std::span<const Operand* const> inputs);

// A 0-d tensor holding a number in its natural dtype (bool, int64, float64, complex128),
// as PyTorch wraps a Python number.
Tensor wrap_number(const Scalar& s);

// "result type Float can't be cast to the desired output type Long" unless can_cast.
void check_can_cast(DType from, DType to);

}  // namespace tsh
