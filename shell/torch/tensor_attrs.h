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

// Marks `view` as a view of `of` (PyTorch's _base: of's own base when of is a view) when it is
// a new tensor over of's storage; anything else (a copy, of itself) is left as it is. The
// result is `view`.
const Value& mark_view(const Value& view, const Tensor& of);
// Whether PyTorch's op of this name returns views of its self (view, t, split, ...).
bool is_view_op(const std::string& name);

}  // namespace tsh::shell
