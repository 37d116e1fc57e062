// shell/torch/autograd/module.h — grad_fn objects and torch.autograd.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "engine/autograd/node.h"
#include "shell/python/value.h"

namespace tsh::shell {

class Interpreter;
class Registry;

// A grad_fn as a Python object (None for a null node); the same object while the node lives.
Value grad_fn_value(const std::shared_ptr<autograd::Node>& node);
// Tensor.backward, requires_grad_, retain_grad, detach, detach_, register_hook.
void register_autograd_ops(Registry& r);
// torch.autograd: grad, backward and the grad-mode switches (after install_grad_mode).
void install_autograd_module(std::map<std::string, Value>& torch_attrs);
// Anomaly mode (shell/torch/autograd/anomaly_mode.cpp): set_detect_anomaly, detect_anomaly, the torch queries.
void install_anomaly_mode(std::map<std::string, Value>& torch_attrs, std::map<std::string, Value>& autograd_attrs);
// torch.autograd.Function, the base of custom differentiable operations (autograd_function.cpp).
Value autograd_function_class();
// After a backward that failed in anomaly mode: PyTorch's warning naming the node's forward call.
void warn_anomaly(Interpreter& in);

}  // namespace tsh::shell
