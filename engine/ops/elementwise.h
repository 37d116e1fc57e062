// engine/ops/elementwise.h — the elementwise tensor math, in one include.
//
//   promotion.h  torch.result_type
//   operand.h    a tensor or a Python number as an op input
//   binary.h     + - * / // % ** atan2 hypot maximum minimum, bitwise and shifts
//   unary.h      neg abs exp log sin ... floor round, isnan ..., real imag conj
//   compare.h    == != < <= > >=, logical and/or/xor, isclose, allclose
//   ternary.h    where lerp addcmul addcdiv clamp relu
// Each op takes a Dest: a new tensor (default), in place, or an out= tensor.
#pragma once

#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/elementwise_plan.h"
#include "engine/ops/operand.h"
#include "engine/ops/promotion.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
