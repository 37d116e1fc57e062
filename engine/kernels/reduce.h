// engine/kernels/reduce.h — reductions over the dims an op reduces.
//
// `in` arrives viewed with out's dims first and the reduced dims last
// (engine/ops/reduce_util.h), so a kernel reduces each of out's elements
// over a trailing block, adding in PyTorch's order.
#pragma once

#include <cstdint>

#include "engine/core/tensor.h"
#include "engine/kernels/kernel.h"

namespace tsh::kernels {

using ReduceFn = void (*)(const Tensor& out, const Tensor& in);
using PairReduceFn = void (*)(const Tensor& values, const Tensor& indices, const Tensor& in);
using SumFn = void (*)(const Tensor& out, const Tensor& in, bool ignore_nan);
using DivideByCountFn = void (*)(const Tensor& out, int64_t n);
using DivideByCountsFn = void (*)(const Tensor& out, const Tensor& counts);
using VarFn = void (*)(const Tensor& out, const Tensor& mean_out, const Tensor& in, double correction,
                       bool take_sqrt);
using VarAllFn = double (*)(const Tensor& in, double mean, double correction, bool take_sqrt);
using CombineVarFn = void (*)(const Tensor& re, const Tensor& im, bool take_sqrt);
using CountFn = void (*)(const Tensor& out, const Tensor& in, bool count_nan_free);
using NormFn = void (*)(const Tensor& out, const Tensor& in, double p);

extern Kernel<SumFn> sum;
extern Kernel<ReduceFn> prod;
extern Kernel<DivideByCountFn> divide_by_count;
extern Kernel<DivideByCountsFn> divide_by_counts;
extern Kernel<VarFn> var;
extern Kernel<VarAllFn> var_all;
extern Kernel<CombineVarFn> combine_var_parts;
extern Kernel<ReduceFn> amax;
extern Kernel<ReduceFn> amin;
extern Kernel<PairReduceFn> max_dim;
extern Kernel<PairReduceFn> min_dim;
extern Kernel<ReduceFn> argmax;
extern Kernel<ReduceFn> argmin;
extern Kernel<ReduceFn> all;
extern Kernel<ReduceFn> any;
extern Kernel<CountFn> count;
extern Kernel<NormFn> norm;

}  // namespace tsh::kernels
