// shell/numpy/layout.h — NumPy's memory orders: where a new or copied array puts its elements.
//
// 'C' is row-major, 'F' column-major (Fortran's). For a result made from an array, 'A' is F when
// the array is Fortran-contiguous and not C-contiguous (else C), and 'K' keeps the array's own
// order of strides. tsh's arrays are strided tensors, so an F array is a tensor whose strides
// grow from the first dim: no other change is needed to hold one.
#pragma once

#include <string>

#include "engine/core/tensor.h"
#include "shell/python/value.h"

namespace tsh::shell {

enum class Order { C, F, A, K };

// order= of function fn: 'C', 'F', 'A' or 'K' (None gives fallback). `creation`: only C and F,
// as for np.zeros, with NumPy's message for the others.
Order order_arg(const Value& v, const std::string& fn, Order fallback, bool creation = false);

// A (for A and K) resolved against the array the result is made from.
Order resolve_order(Order order, const Tensor& like);

// An uninitialised tensor of shape and dtype in `order` (K and A follow `like`; without one, C).
Tensor empty_in_order(const Shape& shape, DType dtype, Order order, const Tensor* like = nullptr);

// A copy of t laid out in `order`.
Tensor copy_in_order(const Tensor& t, Order order);

// t itself when already laid out as `order` asks (K: always), else copy_in_order.
Tensor in_order(const Tensor& t, Order order);

// The elements of t as one dim, read in `order` (C: by rows, F: by columns, K: in memory order);
// a view of t when its layout allows one.
Tensor flat_in_order(const Tensor& t, Order order);

// result laid out as NumPy lays out what it makes from `inputs` (elementwise ops, concatenate):
// the axes in the order of memory all inputs agree on, row-major where they disagree. result
// itself when it already is.
Tensor numpy_layout_from(const Tensor& result, const std::vector<Tensor>& inputs);

// t read backwards along dim: a view whose stride there is negated (NumPy's a[::-1], np.flip),
// starting at the last element of that dim. PyTorch has no such views; only NumPy's arrays make them.
Tensor numpy_flip_view(const Tensor& t, int64_t dim);

// Whether any stride of t is negative (what torch.from_numpy refuses).
bool has_negative_stride(const Tensor& t);

}  // namespace tsh::shell
