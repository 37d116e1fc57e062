// shell/torch/elementwise_defs.h — what the elementwise registry files share: operands, out=, and the
// overload sets of unary and binary ops.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/ops/elementwise.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

// A bound argument as an elementwise operand: a tensor, or a Python number kept as a number.
Operand operand(const Bound& a, size_t i);
std::optional<Operand> opt_operand(const Bound& a, size_t i);

// The value an op returns: the out= object when given, else the new tensor.
Value result(const Bound& a, size_t out_index, Tensor t);
Dest out_dest(const Bound& a, size_t i);

using Binary = Tensor (*)(const Operand&, const Operand&, const Dest&);

// The overload sets PyTorch gives binary ops (function form; methods drop out=):
enum class Form {
  TensorScalar,     // (Tensor other, *, out) (Scalar other, *, out): comparisons, fmod
  ScalarSelf,       // ... plus (Scalar self, Tensor other) second: bitwise ops, remainder
  NumbersScalar,    // (Tensor other, *, out) taking numbers too, then (Scalar other): multiply, ...
  NumbersOnly,      // (Tensor other, *, out) taking numbers too: mul
  TensorOnly,       // (Tensor other, *, out): atan2, hypot, logical_and, ...
};

// name(self, other) in PyTorch's overloads, name_ in place, and aliases.
void def_binary(Registry& r, const std::string& name, Binary f, const std::string& doc, Form form,
                const std::vector<std::string>& aliases = {}, bool inplace = true);
// name(self, *, out), name_ in place, and aliases.
void def_unary(Registry& r, const std::string& name, UnaryOp op, const std::string& doc,
               const std::vector<std::string>& aliases = {}, bool inplace = true);

}  // namespace tsh::shell
