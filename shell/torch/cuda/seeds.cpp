// shell/torch/cuda/seeds.cpp — torch.cuda.manual_seed, manual_seed_all, seed, seed_all, initial_seed.
//
// PyTorch seeds CUDA lazily: before the driver has started, a seed call is
// queued (torch.cuda._lazy_call) and runs at initialisation, so seeding never
// fails on a machine without a GPU; initial_seed() starts the driver. The
// queue keeps the latest manual_seed and the latest manual_seed_all, run in
// the order they were made, after any seed() (torch/cuda/__init__.py's
// _LazySeedTracker). Once the driver has started they go to the CUDA default
// generator (engine/core/generator.h), which the engine keeps one of for all
// CUDA devices: manual_seed and manual_seed_all then seed the same one.
#include <algorithm>

#include "engine/core/generator.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/torch/cuda/module.h"

namespace tsh::shell {

namespace {

struct SeedState {
  // Queued before the start: None stands for a fresh nondeterministic seed (seed(), seed_all()).
  bool random_one = false;       // seed()
  bool has_one = false, has_all = false;
  Value one, all;                // the latest manual_seed, manual_seed_all (or seed_all)
  bool all_last = false;         // which of the two came last
};

SeedState& state() {
  static SeedState s;
  return s;
}

// A generator's manual_seed: a uint64, or a negative int64 taken as its two's complement.
uint64_t seed_bits(const Value& v) {
  if (v.is_none()) return nondeterministic_seed();
  const Int i = v.as_int();
  if (i > static_cast<Int>(UINT64_MAX) || i < static_cast<Int>(INT64_MIN))
    throw ValueError("Overflow when unpacking long long");
  return static_cast<uint64_t>(static_cast<unsigned __int128>(i));
}

// Before the driver starts the current device is 0, the one it will start on.
Generator& current_generator() {
  return default_generator(Device{DeviceType::CUDA, gpu().initialized() ? gpu().current_device() : 0});
}

// Runs what was queued. tsh's CUDA generators are host state (a seed and an
// offset), so the seeds go in at once, before the driver starts: a tensor op
// that starts it (torch.rand(2, device='cuda')) then draws from the seeded
// generator, as PyTorch's deferred seeding gives.
void apply_queued() {
  SeedState& s = state();
  auto set_one = [](const Value& v) { current_generator().set_seed(seed_bits(v)); };
  auto set_all = [](const Value& v) {
    const uint64_t bits = seed_bits(v);
    for (int d = 0; d < std::max(1, gpu().device_count()); ++d) default_generator(Device{DeviceType::CUDA, d}).set_seed(bits);
  };
  const SeedState queued = s;
  // A seed no generator can take (2**70) raises only once the driver runs it, as
  // PyTorch's lazy call does: before that it stays queued, and the others go in.
  const bool started = gpu().initialized();
  auto fits = [](const Value& v) {
    try {
      (void)seed_bits(v);
      return true;
    } catch (const ValueError&) {
      return false;
    }
  };
  if (!started && ((queued.has_one && !fits(queued.one)) || (queued.has_all && !fits(queued.all)))) return;
  s.random_one = s.has_one = s.has_all = false;
  if (queued.random_one) set_one(Value());
  if (queued.all_last) {
    if (queued.has_one) set_one(queued.one);
    if (queued.has_all) set_all(queued.all);
  } else {
    if (queued.has_all) set_all(queued.all);
    if (queued.has_one) set_one(queued.one);
  }
}

// `seed = int(seed)`, as the Python functions begin.
Value python_int(Interpreter& in, const Value& v) {
  Args x{v};
  Kwargs none;
  return in.call(in.builtins().at("int"), x, none);
}

void queue_one(const Value& seed) {
  SeedState& s = state();
  s.one = seed;
  s.has_one = true;
  s.all_last = false;
  apply_queued();
}

void queue_all(const Value& seed) {
  SeedState& s = state();
  s.all = seed;
  s.has_all = true;
  s.all_last = true;
  apply_queued();
}

}  // namespace

void cuda_manual_seed_all_hook(const Value& seed) {
  if (accelerator()) queue_all(seed);
}

void install_cuda_seeds(std::map<std::string, Value>& cuda) {
  def_function(cuda, "manual_seed", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("manual_seed", a, kw, {"seed"}, 1);
    queue_one(python_int(in, v[0]));
    return Value();
  });
  def_function(cuda, "manual_seed_all", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("manual_seed_all", a, kw, {"seed"}, 1);
    queue_all(python_int(in, v[0]));
    return Value();
  });
  def_function(cuda, "seed", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("seed", a, kw, {}, 0);
    state().random_one = true;
    apply_queued();
    return Value();
  });
  def_function(cuda, "seed_all", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("seed_all", a, kw, {}, 0);
    queue_all(Value());
    return Value();
  });
  def_function(cuda, "initial_seed", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("initial_seed", a, kw, {}, 0);
    gpu().lazy_init();
    apply_queued();
    return Value::integer(static_cast<Int>(current_generator().initial_seed()));
  });
}

}  // namespace tsh::shell
