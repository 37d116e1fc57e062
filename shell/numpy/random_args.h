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
// Generator's dtype= for float draws: true for float32, false for None or float64; TypeError else.
bool float32_dtype(const Value& dtype, const std::string& fn);

// A RandomState: its stream and the bit-generator object that stream belongs to (an MT19937
// unless set_bit_generator or RandomState(bitgen) gave another).
struct RandomStateCore {
  std::shared_ptr<RandomStateGen> rs;
  Value bitgen;
};

// beta, gamma, poisson, ...: RandomState's distributions on rs, defined on target (the module
// numpy.random for the global RandomState, or a RandomState's namespace).
void install_legacy_distributions(Value& target, const std::shared_ptr<RandomStateGen>& rs);
// RandomState's get_state and set_state, on target.
void install_state_functions(Value& target, const std::shared_ptr<RandomStateCore>& core);
// Generator.beta, gamma, poisson, ... bound to g; nullopt for a name that is not one of them.
std::optional<Value> generator_distribution(const std::shared_ptr<BitGen>& g, const std::string& name);
const std::vector<std::string>& generator_distribution_names();

// numpy.random.SeedSequence, PCG64, MT19937, and the module's get_bit_generator and
// set_bit_generator for its RandomState, core.
void install_random_objects(Value& random, const std::shared_ptr<RandomStateCore>& core);
// A PCG64 or MT19937 object over an existing stream (no SeedSequence).
Value wrap_bit_generator(const std::string& kind, std::shared_ptr<BitGen> bg);
// PCG64(seed): seed is None, an int, a sequence of ints or a SeedSequence.
Value make_pcg64(const Value& seed);
// The stream of a PCG64/MT19937 object; nullptr for anything else.
std::shared_ptr<BitGen> bit_generator_stream(const Value& v);
// bitgen.spawn(n): n bit generators of its kind, seeded by its SeedSequence's next children.
std::vector<Value> spawn_bit_generators(const Value& bitgen, const Value& n);

}  // namespace tsh::shell::numpy_random
