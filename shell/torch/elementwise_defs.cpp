// shell/torch/elementwise_defs.cpp — the helpers the elementwise registry files share (elementwise_defs.h).
#include "shell/torch/elementwise_defs.h"

namespace tsh::shell {

Operand operand(const Bound& a, size_t i) {
  if (a[i].is(Kind::Tensor)) return Operand(a.tensor(i));
  return Operand(a.scalar(i));
}

std::optional<Operand> opt_operand(const Bound& a, size_t i) {
  if (a.is_none(i)) return std::nullopt;
  return operand(a, i);
}

Value result(const Bound& a, size_t out_index, Tensor t) {
  if (out_index < a.values.size() && !a.is_none(out_index)) return a[out_index];
  return Value::tensor(std::move(t));
}

Dest out_dest(const Bound& a, size_t i) { return Dest::out(a.opt_tensor(i)); }

// name(self, other) in PyTorch's overloads, name_ in place, and aliases.
void def_binary(Registry& r, const std::string& name, Binary f, const std::string& doc, Form form,
                const std::vector<std::string>& aliases, bool inplace) {
  std::vector<std::string> names{name};
  names.insert(names.end(), aliases.begin(), aliases.end());
  const bool scalar = form == Form::TensorScalar || form == Form::ScalarSelf || form == Form::NumbersScalar;
  for (const std::string& n : names) {
    r.def(n + "(Tensor self, Tensor other, *, Tensor out=None) -> Tensor", kBoth, doc,
          [f](Interpreter&, Bound& a) { return result(a, 2, f(operand(a, 0), operand(a, 1), out_dest(a, 2))); })
        .set_plain(2, [f](std::span<const Value* const> t) { return Value::tensor(f(t[0]->as_tensor(), t[1]->as_tensor(), {})); });
    if (form == Form::ScalarSelf)
      r.def(n + "(Scalar self, Tensor other) -> Tensor", kFunction, doc,
            [f](Interpreter&, Bound& a) { return Value::tensor(f(operand(a, 0), a.tensor(1), {})); });
    if (scalar) {
      const std::string out = form == Form::NumbersScalar ? "" : ", *, Tensor out=None";
      r.def(n + "(Tensor self, Scalar other" + out + ") -> Tensor", kBoth, doc,
            [f](Interpreter&, Bound& a) { return result(a, 2, f(a.tensor(0), operand(a, 1), out_dest(a, 2))); });
    }
    if (!inplace) continue;
    r.def(n + "_(Tensor self, Tensor other) -> Tensor", kMethod, "In-place " + n + "().",
          [f](Interpreter&, Bound& a) { f(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0))); return a[0]; })
        .set_plain(2, [f](std::span<const Value* const> t) {
          f(t[0]->as_tensor(), t[1]->as_tensor(), Dest::inplace(t[0]->as_tensor()));
          return *t[0];
        });
    if (scalar)
      r.def(n + "_(Tensor self, Scalar other) -> Tensor", kMethod, "In-place " + n + "().",
            [f](Interpreter&, Bound& a) { f(a.tensor(0), operand(a, 1), Dest::inplace(a.tensor(0))); return a[0]; });
  }
}

void def_unary(Registry& r, const std::string& name, UnaryOp op, const std::string& doc,
               const std::vector<std::string>& aliases, bool inplace) {
  std::vector<std::string> names{name};
  names.insert(names.end(), aliases.begin(), aliases.end());
  for (const std::string& n : names) {
    r.def(n + "(Tensor self, *, Tensor out=None) -> Tensor", kBoth, doc,
          [op](Interpreter&, Bound& a) { return result(a, 1, unary(op, a.tensor(0), out_dest(a, 1))); })
        .set_plain(1, [op](std::span<const Value* const> t) { return Value::tensor(unary(op, t[0]->as_tensor(), {})); });
    if (inplace)
      r.def(n + "_(Tensor self) -> Tensor", kMethod, "In-place " + n + "().",
            [op](Interpreter&, Bound& a) { unary(op, a.tensor(0), Dest::inplace(a.tensor(0))); return a[0]; })
          .set_plain(1, [op](std::span<const Value* const> t) {
            unary(op, t[0]->as_tensor(), Dest::inplace(t[0]->as_tensor()));
            return *t[0];
          });
  }
}

}  // namespace tsh::shell
