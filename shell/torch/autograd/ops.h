// shell/torch/autograd/ops.h — what the registry runs for an op when autograd records.
#pragma once

#include <functional>
#include <string>

#include "shell/torch/registry.h"

namespace tsh::shell {

// Builds an op's result with the engine's differentiable functions. `plain` is what the op's plain
// implementation returned for the same arguments (conversions attach their node to it).
using AutogradImpl = std::function<Value(Bound&, const Value& plain)>;

// The autograd form of op `name` (in-place ops use their out-of-place name), or null.
const AutogradImpl* autograd_impl(const std::string& name);

// The node name of an op whose result only moves or repeats self's elements (roll, take, masked_select,
// split, ...), or null. The registry runs such an op on the positions of self's elements.
const char* rearranging_node(const std::string& name);

// Ops that run as they are under autograd: their results never carry gradients (new tensors,
// random draws, bool and integer answers, metadata) or they manage autograd state themselves.
bool autograd_transparent(const std::string& name);

// Runs the op's plain implementation (conjugate views resolved) with the given arguments.
using PlainCall = std::function<Value(Bound&)>;

// Whether an argument (a tensor, or one in a list) requires grad.
bool any_requires_grad(const Bound& b);
// An op where an argument requires grad and grad mode is on: the result with its graph, or PyTorch's
// refusal (autograd_calls.cpp).
Value call_with_autograd(const OpEntry& e, Bound& b, const PlainCall& plain_call);

}  // namespace tsh::shell
