// shell/torch/tensor_attrs.h — attributes of tensors that are not methods: shape, dtype, T, ...
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "shell/python/value.h"

namespace tsh::shell {

bool is_tensor_property(const std::string& name);
// The property's value, or nullopt when `name` is not a property.
std::optional<Value> tensor_property(const Tensor& t, const std::string& name);
std::vector<std::string> tensor_property_names();

}  // namespace tsh::shell
