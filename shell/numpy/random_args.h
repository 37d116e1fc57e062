// shell/numpy/random_args.h — what numpy.random's functions share between random.cpp (the
// streams' own functions, the Generator and bit-generator objects) and random_dists.cpp (the
// named distributions): NumPy's size= argument, and the distribution methods of a Generator.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/shape.h"
#include "shell/python/value.h"
#include "shell/numpy/bitgen.h"

namespace tsh::shell::numpy_random {

// size=: None (one value), an int or a sequence of ints, with NumPy's errors.
std::optional<Shape> size_arg(const Value& size);
int64_t count(const Shape& shape);

// np.random.beta, gamma, poisson, ...: RandomState's distributions on the global legacy stream.
void install_legacy_distributions(Value& random, LegacyMT& legacy);
// Generator.beta, gamma, poisson, ... bound to g; nullopt for a name that is not one of them.
std::optional<Value> generator_distribution(const std::shared_ptr<BitGen>& g, const std::string& name);
const std::vector<std::string>& generator_distribution_names();

}  // namespace tsh::shell::numpy_random
