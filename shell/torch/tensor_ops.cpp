// shell/torch/tensor_ops.cpp — Python operators with a tensor operand, as torch.Tensor defines them.
//
// `t op x` calls the op with t first; `x op t` (x a number) follows the
// reflected dunder: __radd__/__rmul__/__rand__... put the tensor first,
// __rsub__ is rsub (x - t), __rtruediv__ is t.reciprocal() * x, and
// __rfloordiv__/__rmod__/__rpow__/__rlshift__/__rrshift__ pass the number
// first. `t op= x` runs in place and keeps t's identity, except `t @= x`,
// which rebinds t (PyTorch has no in-place matmul). A non-numeric other
// operand gives Python's TypeError; `==` and `!=` then answer False/True.
#include "engine/autograd/functions.h"
#include "engine/autograd/variable.h"
#include "engine/ops/copy.h"
#include "engine/ops/elementwise.h"
#include "engine/ops/matmul.h"
#include "grammar/ast.h"
#include "shell/python/errors.h"
#include "shell/python/pyops.h"

namespace tsh::shell {

namespace {

using grammar::Op;

bool is_operand(const Value& v) { return v.is(Kind::Tensor) || v.is_number(); }

Operand to_operand(const Value& v) {
  if (v.is(Kind::Tensor)) return Operand(v.as_tensor());
  return Operand(v.as_scalar());
}

[[noreturn]] void unsupported(Op op, const Value& a, const Value& b, bool inplace) {
  const std::string sym = std::string(grammar::op_symbol(op)) + (inplace ? "=" : "");
  // Sequences refuse a tensor in their own words before the tensor is asked.
  if (op == Op::Add && !inplace) {
    for (const char* seq : {"str", "list", "tuple"}) {
      if (type_name(a) == seq)
        throw TypeError(std::string("can only concatenate ") + seq + " (not \"Tensor\") to " + seq);
    }
  }
  throw TypeError("unsupported operand type(s) for " + sym + ": '" + type_name(a) + "' and '" +
                  type_name(b) + "'");
}

// t op x, written where dest says.
Tensor apply(Op op, const Operand& a, const Operand& b, const Dest& dest) {
  switch (op) {
    case Op::Add: return add(a, b, Scalar(int64_t{1}), dest);
    case Op::Sub: return sub(a, b, Scalar(int64_t{1}), dest);
    case Op::Mul: return mul(a, b, dest);
    case Op::Div: return div(a, b, Rounding::None, dest);
    case Op::FloorDiv: return floor_divide(a, b, dest);
    case Op::Mod: return remainder(a, b, dest);
    case Op::Pow: return pow(a, b, dest);
    case Op::BitAnd: return bitwise_and(a, b, dest);
    case Op::BitOr: return bitwise_or(a, b, dest);
    case Op::BitXor: return bitwise_xor(a, b, dest);
    case Op::LShift: return bitwise_left_shift(a, b, dest);
    case Op::RShift: return bitwise_right_shift(a, b, dest);
    case Op::MatMul: return matmul(a.tensor(), b.tensor());  // both tensors: checked by the caller
    default: break;
  }
  throw NotImplementedError(std::string("tensor operator ") + grammar::op_symbol(op) +
                            " is not implemented in tsh");
}

// x op t for a number x.
Tensor reflected(Op op, const Operand& x, const Tensor& t) {
  switch (op) {
    case Op::Add:
    case Op::Mul:
    case Op::BitAnd:
    case Op::BitOr:
    case Op::BitXor: return apply(op, t, x, {});
    case Op::Div: return mul(reciprocal(t), x);
    default: return apply(op, x, t, {});
  }
}

// The operators under autograd: the differentiable op, or PyTorch's refusal where tsh has no derivative.
Tensor apply_recorded(Op op, const Operand& a, const Operand& b) {
  switch (op) {
    case Op::Add: return ag::add(a, b);
    case Op::Sub: return ag::sub(a, b);
    case Op::Mul: return ag::mul(a, b);
    case Op::Div: return ag::div(a, b);
    case Op::Pow: return ag::pow(a, b);
    case Op::MatMul: return ag::matmul(a.tensor(), b.tensor());
    default: break;
  }
  Tensor r = apply(op, a, b, {});
  if (op == Op::Mod) return ag::binary_more("remainder", a, b, r);
  const std::vector<Tensor> inputs = {a.is_tensor() ? a.tensor() : Tensor(), b.is_tensor() ? b.tensor() : Tensor()};
  if (op == Op::FloorDiv)  // PyTorch records it and refuses at backward
    return ag::refusing_result(inputs, r, "NotImplemented", "derivative for aten::floor_divide is not implemented");
  if (autograd::is_differentiable_dtype(r.dtype())) autograd::derivative_not_implemented(grammar::op_symbol(op));
  return r;
}

Tensor reflected_recorded(Op op, const Operand& x, const Tensor& t) {
  switch (op) {
    case Op::Add:
    case Op::Mul: return apply_recorded(op, t, x);
    case Op::Sub: return ag::rsub(t, x);
    case Op::Div: return ag::mul(ag::unary(UnaryOp::Reciprocal, t), x);
    default: return apply_recorded(op, x, t);
  }
}

bool records(const Value& a, const Value& b) {
  if (!grad_enabled()) return false;
  return (a.is(Kind::Tensor) && autograd::requires_grad(a.as_tensor())) ||
         (b.is(Kind::Tensor) && autograd::requires_grad(b.as_tensor()));
}

}  // namespace

namespace {
// A conjugate view's values for the kernels (PyTorch resolves them the same way).
Value resolved(const Value& v) {
  if (!v.is(Kind::Tensor) || !v.as_tensor().is_conj()) return v;
  const Tensor& t = v.as_tensor();
  return Value::tensor(grad_enabled() && autograd::requires_grad(t) ? ag::resolve_conj(t) : resolve_conj(t));
}
}  // namespace

Value tensor_binary(Interpreter& in, Op op, const Value& a_in, const Value& b_in, bool inplace) {
  if ((a_in.is(Kind::Tensor) && a_in.as_tensor().is_conj()) || (b_in.is(Kind::Tensor) && b_in.as_tensor().is_conj())) {
    if (inplace && a_in.is(Kind::Tensor) && a_in.as_tensor().is_conj()) {
      // t += x on a conjugate view: the values change, written back through the view.
      const Value r = tensor_binary(in, op, resolved(a_in), resolved(b_in), false);
      copy_(a_in.as_tensor(), r.as_tensor());
      return a_in;
    }
    return tensor_binary(in, op, resolved(a_in), resolved(b_in), inplace);
  }
  const Value& a = a_in;
  const Value& b = b_in;
  if (op == Op::MatMul) {
    // `@` takes two tensors (a number is refused as Python refuses it), and
    // `t @= x` rebinds t to a new tensor: torch.Tensor has no in-place matmul.
    if (!a.is(Kind::Tensor) || !b.is(Kind::Tensor)) unsupported(op, a, b, inplace);
    if (records(a, b)) return Value::tensor(ag::matmul(a.as_tensor(), b.as_tensor()));
    return Value::tensor(matmul(a.as_tensor(), b.as_tensor()));
  }
  if (!is_operand(a) || !is_operand(b)) unsupported(op, a, b, inplace);
  const bool recorded = records(a, b);
  if (a.is(Kind::Tensor)) {
    if (inplace) {
      const Tensor& self = a.as_tensor();
      if (recorded) {
        autograd::record_inplace(
            self, true, [&] { apply(op, to_operand(a), to_operand(b), Dest::inplace(self)); },
            [&](const Tensor& before) { return apply_recorded(op, before, to_operand(b)); });
      } else {
        apply(op, to_operand(a), to_operand(b), Dest::inplace(self));
      }
      autograd::bump_version(self);
      return a;  // the same object: `t += 1` keeps id(t)
    }
    if (recorded) return Value::tensor(apply_recorded(op, to_operand(a), to_operand(b)));
    return Value::tensor(apply(op, to_operand(a), to_operand(b), {}));
  }
  // A number on the left (also `x += t` for a number x: Python rebinds x).
  if (recorded) return Value::tensor(reflected_recorded(op, to_operand(a), b.as_tensor()));
  return Value::tensor(reflected(op, to_operand(a), b.as_tensor()));
}

Value tensor_unary(Interpreter& in, Op op, const Value& v_in) {
  if (v_in.as_tensor().is_conj()) return tensor_unary(in, op, resolved(v_in));
  const Value& v = v_in;
  const Tensor& t = v.as_tensor();
  switch (op) {
    case Op::Neg: return Value::tensor(grad_enabled() && autograd::requires_grad(t) ? ag::neg(t) : neg(t));
    case Op::Pos:
      positive(t);  // checks bool
      return v;     // +t is t itself
    case Op::Invert:
      if (!is_integral(t.dtype(), true))
        throw TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors");
      return Value::tensor(bitwise_not(t));
    default: break;
  }
  throw TypeError(std::string("bad operand type for unary ") + grammar::op_symbol(op) + ": 'Tensor'");
}

Value tensor_compare(Interpreter& in, Op op, const Value& a_in, const Value& b_in) {
  if ((a_in.is(Kind::Tensor) && a_in.as_tensor().is_conj()) || (b_in.is(Kind::Tensor) && b_in.as_tensor().is_conj()))
    return tensor_compare(in, op, resolved(a_in), resolved(b_in));
  const Value& a = a_in;
  const Value& b = b_in;
  if (!is_operand(a) || !is_operand(b)) {
    if (op == Op::Eq) return Value::boolean(false);
    if (op == Op::NotEq) return Value::boolean(true);
    throw TypeError(std::string("'") + grammar::op_symbol(op) + "' not supported between instances of '" +
                    type_name(a) + "' and '" + type_name(b) + "'");
  }
  // A number on the left compares as the mirrored operator with the tensor first.
  const bool swap = !a.is(Kind::Tensor);
  const Operand x = to_operand(swap ? b : a), y = to_operand(swap ? a : b);
  CompareOp c = CompareOp::Eq;
  switch (op) {
    case Op::Eq: c = CompareOp::Eq; break;
    case Op::NotEq: c = CompareOp::Ne; break;
    case Op::Lt: c = swap ? CompareOp::Gt : CompareOp::Lt; break;
    case Op::LtE: c = swap ? CompareOp::Ge : CompareOp::Le; break;
    case Op::Gt: c = swap ? CompareOp::Lt : CompareOp::Gt; break;
    case Op::GtE: c = swap ? CompareOp::Le : CompareOp::Ge; break;
    default:
      throw TypeError(std::string("'") + grammar::op_symbol(op) + "' not supported for tensors");
  }
  return Value::tensor(compare(c, x, y));
}

Value tensor_any(const Value& t_in) {
  const Value t = resolved(t_in);
  if (!t.is(Kind::Tensor)) return Value::boolean(truthy(t));
  return Value::boolean(any_true(t.as_tensor()));
}

}  // namespace tsh::shell
