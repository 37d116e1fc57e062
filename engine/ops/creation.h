// engine/ops/creation.h — factory ops: tensors made from sizes, ranges, scalars or another tensor's shape.
//
// Every factory returns a fresh tensor that owns new storage. Dtype rules
// follow PyTorch: a missing dtype comes from the values (full, arange,
// torch.tensor) or is the default float dtype (linspace, logspace). Values
// that do not fit the requested dtype raise PyTorch's messages.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/device.h"
#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

Tensor zeros(const Shape& sizes, DType dtype, Device device = {});
Tensor ones(const Shape& sizes, DType dtype, Device device = {});
// dtype defaults to the value's natural dtype: bool, int64, default float, default complex.
Tensor full(const Shape& sizes, const Scalar& value, std::optional<DType> dtype = std::nullopt,
            Device device = {});
// n x m (m defaults to n) with ones on the main diagonal.
Tensor eye(int64_t n, std::optional<int64_t> m, DType dtype, Device device = {});

// torch.tril_indices / triu_indices: the 2 x N (row; col) coordinates of the lower (upper)
// triangle of a row x col matrix, diagonal `offset` included, row by row. dtype int32 or int64.
Tensor tril_indices(int64_t row, int64_t col, int64_t offset, DType dtype, Device device = {});
Tensor triu_indices(int64_t row, int64_t col, int64_t offset, DType dtype, Device device = {});

// Shaped like t with t's stride order (PyTorch's preserve_format); dtype and
// device default to t's.
Tensor empty_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device);
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                  std::optional<Device> device = std::nullopt);
Tensor ones_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                 std::optional<Device> device = std::nullopt);
Tensor full_like(const Tensor& t, const Scalar& value, std::optional<DType> dtype = std::nullopt,
                 std::optional<Device> device = std::nullopt);

// [start, end) in steps of step. dtype defaults to int64 when all three are
// integers (or bools), else to the default float dtype.
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step = Scalar(int64_t{1}),
              std::optional<DType> dtype = std::nullopt, Device device = {});
// `steps` evenly spaced values from start to end inclusive. dtype defaults to
// the default float dtype (the default complex dtype if start or end is complex).
Tensor linspace(const Scalar& start, const Scalar& end, int64_t steps,
                std::optional<DType> dtype = std::nullopt, Device device = {});
// base ** linspace(start, end, steps).
Tensor logspace(const Scalar& start, const Scalar& end, int64_t steps, double base = 10.0,
                std::optional<DType> dtype = std::nullopt, Device device = {});

// A contiguous tensor of the given sizes holding `values` (row-major) converted
// to dtype the way torch.tensor(data, dtype=...) converts Python numbers:
// integers and floats going to an integer dtype are range-checked ("value
// cannot be converted to type uint8 without overflow"), floats truncate,
// a complex value for a real dtype is a TypeError, anything goes to bool.
Tensor from_scalars(const Shape& sizes, const std::vector<Scalar>& values, DType dtype,
                    Device device = {});
// torch.tensor's dtype for a list of Python numbers: bool if all are bools,
// int64 if all are integers or bools, the default complex dtype if any is
// complex, else the default float dtype (also for an empty list).
DType infer_dtype(const std::vector<Scalar>& values);

// torch.equal: same sizes and equal values, compared in the promoted dtype
// (PyTorch 2.x), so int [1, 2] equals float [1., 2.] and NaN never equals.
bool equal(const Tensor& a, const Tensor& b);

}  // namespace tsh
