// engine/ops/gather_scatter.h — reading and writing elements at positions given by an index tensor.
//
// Along one dim: index_select (whole slices), gather (element by element) and
// their writing counterparts index_copy_/index_fill_/index_add_ and
// scatter_/scatter_add_. Over the flattened tensor: take and put_. Each op
// checks every argument and every index before writing anything, and raises
// PyTorch's messages (which differ from op to op, as they do in PyTorch).
// Out-of-place forms copy self first: contiguous for index_copy, index_add and
// scatter, self's layout for index_fill and put, as PyTorch does.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/scalar.h"
#include "engine/core/tensor.h"

namespace tsh {

// self's slices along dim at the positions in index (a 1-d or 0-d int64/int32 tensor).
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);

// out[i][j][k] = self[index[i][j][k]][j][k] (for dim 0); out has index's shape.
Tensor gather(const Tensor& self, int64_t dim, const Tensor& index);

// gather after broadcasting self and indices against each other in every dim but dim;
// no dim: take() over the flattened self.
Tensor take_along_dim(const Tensor& self, const Tensor& indices, std::optional<int64_t> dim);

// self[index[i][j][k]][j][k] = src[i][j][k] (for dim 0). reduce is "" (replace),
// "add" or "multiply". A value is converted to self's dtype (and must fit).
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                       const std::string& reduce = "");
const Tensor& scatter_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
                       const std::string& reduce = "");
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
               const std::string& reduce = "");
Tensor scatter(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value,
               const std::string& reduce = "");
// scatter with a reduction: "sum", "prod", "mean", "amax" or "amin" of the src values sent to each
// position, and of self's own value there unless include_self is false (positions nothing is sent to
// keep self's value). mean of integers rounds down.
const Tensor& scatter_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                              const std::string& reduce, bool include_self = true);
Tensor scatter_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src,
                      const std::string& reduce, bool include_self = true);
// index_add_'s pattern (source's slices along dim to self's slices at index) with scatter_reduce_'s
// reductions "prod", "mean", "amax", "amin".
const Tensor& index_reduce_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                            const std::string& reduce, bool include_self = true);
Tensor index_reduce(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                    const std::string& reduce, bool include_self = true);
// Like scatter_ with "add": every src element is added, repeated indices included.
const Tensor& scatter_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);
Tensor scatter_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& src);

// self.select(dim, index[i]) += alpha * source.select(dim, i).
const Tensor& index_add_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                         const Scalar& alpha = Scalar(int64_t{1}));
Tensor index_add(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source,
                 const Scalar& alpha = Scalar(int64_t{1}));
// self.select(dim, index[i]) = source.select(dim, i).
const Tensor& index_copy_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
Tensor index_copy(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& source);
// self.select(dim, index[i]) = value (negative indices count from the end).
const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
const Tensor& index_fill_(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Scalar& value);
Tensor index_fill(const Tensor& self, int64_t dim, const Tensor& index, const Tensor& value);

// self.flatten()[index], shaped like index (negative indices count from the end).
Tensor take(const Tensor& self, const Tensor& index);
// self.flatten()[index] = source (or += with accumulate); source has index's element count.
const Tensor& put_(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate = false);

}  // namespace tsh
