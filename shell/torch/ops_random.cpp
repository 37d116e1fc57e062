// shell/torch/ops_random.cpp — random ops in the registry, and torch.Generator objects.
//
// The registry entries cover the samplers (rand, randn, randint, randperm,
// normal, bernoulli, multinomial, poisson, the *_like forms and the in-place
// methods), each with `generator=`. The seeding functions (manual_seed,
// seed, initial_seed, get/set_rng_state) are plain Python functions in
// PyTorch, so they are installed as torch attributes with Python's messages.
#include <cstring>

#include "engine/core/memory.h"
#include "engine/ops/host_values.h"
#include "engine/core/generator.h"
#include "engine/ops/copy.h"
#include "engine/ops/random.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/cuda/module.h"
#include "engine/ops/memory_format.h"
#include "shell/torch/memory_format.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

namespace {

Value wrap(std::shared_ptr<Generator> g) {
  auto o = std::make_shared<GeneratorObj>();
  o->gen = std::move(g);
  return Value::object(Kind::Generator, o);
}

// The default generator as one Value, so `manual_seed(0) is torch.default_generator`.
const Value& default_generator_value() {
  static const Value v = wrap(default_generator_ptr());
  return v;
}

// The generator= argument: nullptr (the default generator) when None.
Generator* gen_arg(const Bound& a, size_t i) {
  return a.is_none(i) ? nullptr : a[i].as<GeneratorObj>()->gen.get();
}

Device device_or_default(const std::optional<Device>& d) { return d.value_or(default_device()); }

// get_state(): the generator's bytes as a uint8 tensor.
Value state_tensor(const Generator& g) {
  std::vector<uint8_t> bytes = g.state();
  Tensor t = empty({static_cast<int64_t>(bytes.size())}, DType::UInt8);
  write_bytes(t.storage(), 0, bytes.data(), static_cast<int64_t>(bytes.size()));
  return Value::tensor(t);
}

// set_state(new_state), with PyTorch's checks on the argument.
void set_state_from(Generator& g, const Value& v) {
  if (!v.is(Kind::Tensor)) throw TypeError("expected a torch.ByteTensor, but got " + type_name(v));
  const Tensor& t = v.as_tensor();
  if (t.dtype() != DType::UInt8) throw TypeError("RNG state must be a torch.ByteTensor");
  const std::vector<uint8_t> bytes = host_values<uint8_t>(t);
  g.set_state(bytes.data(), bytes.size());
}

// The seed a Python int stands for: uint64, with negatives wrapping (-1 → 2^64 - 1).
uint64_t seed_value(const Value& v) {
  const Int i = v.as_int();
  // PyTorch reads the seed as a uint64 (or a negative int64): [-2**63, 2**64).
  if (i > static_cast<Int>(UINT64_MAX) || i < static_cast<Int>(INT64_MIN))
    throw ValueError("Overflow when unpacking long long");
  return static_cast<uint64_t>(static_cast<unsigned __int128>(i));
}

// A method of a Generator value: a builtin that takes exactly `nargs` positional arguments.
Value method(const Value& self, const std::string& name, size_t nargs,
             std::function<Value(const Value&, Args&)> fn) {
  return make_builtin(name, "<built-in method " + name + " of torch._C.Generator object>",
                      [self, name, nargs, fn](Interpreter&, Args& a, Kwargs& kw) {
                        if (!kw.empty()) throw TypeError(name + "() takes no keyword arguments");
                        if (a.size() != nargs)
                          throw TypeError("Generator." + name + "() takes " +
                                          (nargs == 0 ? std::string("no arguments")
                                                      : std::string("exactly one argument")) +
                                          " (" + std::to_string(a.size()) + " given)");
                        return fn(self, a);
                      });
}

}  // namespace

Value generator_attr(const Value& gen, const std::string& name) {
  if (name == "device") return Value::device(gen.as<GeneratorObj>()->gen->device());
  if (name == "manual_seed")
    return method(gen, name, 1, [](const Value& self, Args& a) {
      if (!a[0].is(Kind::Int)) throw RuntimeError("manual_seed expected a long, but got " + type_name(a[0]));
      self.as<GeneratorObj>()->gen->set_seed(seed_value(a[0]));
      return self;
    });
  if (name == "seed")
    return method(gen, name, 0, [](const Value& self, Args&) {
      return Value::integer(static_cast<Int>(self.as<GeneratorObj>()->gen->seed()));
    });
  if (name == "initial_seed")
    return method(gen, name, 0, [](const Value& self, Args&) {
      return Value::integer(static_cast<Int>(self.as<GeneratorObj>()->gen->initial_seed()));
    });
  if (name == "get_state")
    return method(gen, name, 0, [](const Value& self, Args&) { return state_tensor(*self.as<GeneratorObj>()->gen); });
  if (name == "set_state")
    return method(gen, name, 1, [](const Value& self, Args& a) {
      set_state_from(*self.as<GeneratorObj>()->gen, a[0]);
      return self;
    });
  throw AttributeError("'torch._C.Generator' object has no attribute '" + name + "'");
}

void install_random_attrs(std::map<std::string, Value>& attrs) {
  auto type = std::make_shared<TypeObj>();
  type->name = "torch._C.Generator";
  type->ctor = [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("Generator", a, kw, {"device"}, 0);
    Device d;
    if (!v[0].is_none())
      d = v[0].is(Kind::Device) ? v[0].as_device()
          : v[0].is(Kind::Int)  ? Device{DeviceType::CUDA, static_cast<int>(v[0].as_int())}
                                : Device::parse(v[0].as_str());
    return wrap(make_generator(d));
  };
  attrs["Generator"] = Value::object(Kind::Type, type);
  attrs["default_generator"] = default_generator_value();

  auto def = [&](const std::string& name, std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    attrs[name] = make_builtin(name, "<function " + name + ">", std::move(fn));
  };
  def("manual_seed", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("manual_seed", a, kw, {"seed"}, 1);
    // Python's int(seed) first: floats truncate, numeric strings parse.
    Args x{v[0]};
    Kwargs none;
    Value s = in.call(in.builtins().at("int"), x, none);
    cuda_manual_seed_all_hook(s);  // torch.manual_seed seeds every CUDA device too (lazily)
    default_generator().set_seed(seed_value(s));
    return default_generator_value();
  });
  def("seed", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("seed", a, kw, {}, 0);
    const Value s = Value::integer(static_cast<Int>(default_generator().seed()));
    cuda_manual_seed_all_hook(s);
    return s;
  });
  def("initial_seed", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("initial_seed", a, kw, {}, 0);
    return Value::integer(static_cast<Int>(default_generator().initial_seed()));
  });
  def("get_rng_state", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("get_rng_state", a, kw, {}, 0);
    return state_tensor(default_generator());
  });
  def("set_rng_state", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_rng_state", a, kw, {"new_state"}, 1);
    set_state_from(default_generator(), v[0]);
    return Value();
  });
  // torch.random holds the same functions (torch.random.manual_seed is torch.manual_seed).
  auto random = std::make_shared<ModuleObj>();
  random->name = "torch.random";
  for (const char* n : {"manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "default_generator"})
    random->attrs[n] = attrs[n];
  attrs["random"] = Value::object(Kind::Module, random);
}

namespace {

// The keyword-only tail of PyTorch's factories (after generator=/names=/out=).
const char* const kTail =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, "
    "bool? requires_grad=False) -> Tensor";

// What every overload of a random factory may carry, found by name: the
// generator, names= (None only), out=, dtype and device.
struct FactoryArgs {
  Generator* gen = nullptr;
  std::optional<DType> dtype;
  Device device;
  size_t out = Bound::npos;
};

FactoryArgs factory_args(const Bound& a) {
  FactoryArgs f;
  if (size_t g = a.index_of("generator"); g != Bound::npos) f.gen = gen_arg(a, g);
  if (size_t n = a.index_of("names"); n != Bound::npos && !a.is_none(n))
    throw NotImplementedError("named tensors are not supported in tsh");
  f.out = a.index_of("out");
  const size_t d = a.index_of("dtype");
  f.dtype = f.out == Bound::npos ? a.dtype(d) : factory_dtype(a, d, f.out);
  f.device = device_or_default(a.device(a.index_of("device")));
  return f;
}

Value finish(const Bound& a, const FactoryArgs& f, const Tensor& t) {
  return f.out == Bound::npos ? Value::tensor(t) : out_or_result(a, f.out, t);
}

}  // namespace

void register_random_ops(Registry& r) {
  // The overloads of a random factory, in PyTorch's order: with a generator, then without.
  // (PyTorch 2.15 dropped named tensors, and with them the names= overloads.)
  auto def_factory = [&](const std::string& head, bool, const std::string& doc, OpImpl impl) {
    for (const std::string f : {"Generator? generator, Tensor out=None", "Tensor out=None"})
      r.def(head + ", *, " + f + ", " + kTail, kFunction, doc, impl);
  };
  def_factory("rand(SymInt[] size", true, "A tensor of the given size filled with uniform samples from [0, 1).",
              [](Interpreter&, Bound& a) {
                FactoryArgs f = factory_args(a);
                return finish(a, f, rand(a.shape(0), f.dtype, f.device, f.gen));
              });
  def_factory("randn(SymInt[] size", true, "A tensor of the given size filled with standard normal samples.",
              [](Interpreter&, Bound& a) {
                FactoryArgs f = factory_args(a);
                return finish(a, f, randn(a.shape(0), f.dtype, f.device, f.gen));
              });
  const OpImpl randint_high = [](Interpreter&, Bound& a) {
    FactoryArgs f = factory_args(a);
    return finish(a, f, randint(0, a.int64(0), a.shape(1), f.dtype, f.device, f.gen));
  };
  const OpImpl randint_low = [](Interpreter&, Bound& a) {
    FactoryArgs f = factory_args(a);
    return finish(a, f, randint(a.int64(0), a.int64(1), a.shape(2), f.dtype, f.device, f.gen));
  };
  const std::string high_doc = "A tensor of the given size filled with random integers from [0, high) (int64 by default).";
  const std::string low_doc = "A tensor of the given size filled with random integers from [low, high) (int64 by default).";
  r.def("randint(SymInt high, SymInt[] size, *, Generator? generator, Tensor out=None, " + std::string(kTail), kFunction,
        high_doc, randint_high);
  r.def("randint(SymInt high, SymInt[] size, *, Tensor out=None, " + std::string(kTail), kFunction, high_doc, randint_high);
  r.def("randint(SymInt low, SymInt high, SymInt[] size, *, Generator? generator, Tensor out=None, " + std::string(kTail),
        kFunction, low_doc, randint_low);
  r.def("randint(SymInt low, SymInt high, SymInt[] size, *, Tensor out=None, " + std::string(kTail), kFunction, low_doc,
        randint_low);
  def_factory("randperm(SymInt n", false, "A random permutation of the integers 0 .. n-1 (int64 by default).",
              [](Interpreter&, Bound& a) {
                FactoryArgs f = factory_args(a);
                return finish(a, f, randperm(a.int64(0), f.dtype, f.device, f.gen));
              });
  // The *_like factories: each with a generator overload first (PyTorch 2.x), then without.
  const std::string like_tail = std::string("MemoryFormat? memory_format=None, ") + kTail;
  auto def_like = [&](const std::string& head, const std::string& doc, OpImpl impl) {
    r.def(head + ", *, Generator? generator, " + like_tail, kFunction, doc, impl);
    r.def(head + ", *, " + like_tail, kFunction, doc, impl);
  };
  // dtype, device and generator of a *_like call, by name (their positions differ by overload).
  // With memory_format= given, the input is stood in for by a meta tensor laid out in it (no memory),
  // and the device is the input's unless device= says otherwise.
  struct Like {
    std::optional<DType> dtype;
    std::optional<Device> device;
    Generator* gen;
    Tensor self;
  };
  auto like_args = [](const Bound& a) {
    const size_t g = a.index_of("generator");
    Like l{a.dtype(a.index_of("dtype")), a.device(a.index_of("device")), g == Bound::npos ? nullptr : gen_arg(a, g),
           a.tensor(0)};
    if (std::optional<MemoryFormat> f = memory_format_arg(a); f && *f != MemoryFormat::Preserve) {
      l.device = l.device.value_or(l.self.device());
      l.self = empty(l.self.sizes(), l.self.dtype(), Device::parse("meta"), *f);
    }
    return l;
  };
  def_like("rand_like(Tensor self", "Uniform samples from [0, 1) in a tensor like input (its size, stride order, dtype and device).",
           [like_args](Interpreter&, Bound& a) {
             const Like l = like_args(a);
             return Value::tensor(rand_like(l.self, l.dtype, l.device, l.gen));
           });
  def_like("randn_like(Tensor self", "Standard normal samples in a tensor like input (its size, stride order, dtype and device).",
           [like_args](Interpreter&, Bound& a) {
             const Like l = like_args(a);
             return Value::tensor(randn_like(l.self, l.dtype, l.device, l.gen));
           });
  def_like("randint_like(Tensor self, SymInt low, SymInt high", "Random integers from [low, high) in a tensor like input.",
           [like_args](Interpreter&, Bound& a) {
             const Like l = like_args(a);
             return Value::tensor(randint_like(l.self, a.int64(1), a.int64(2), l.dtype, l.device, l.gen));
           });
  def_like("randint_like(Tensor self, Tensor high", "Random integers from [0, high) in a tensor like input (high a 0-d tensor).",
           [like_args](Interpreter&, Bound& a) {
             const Like l = like_args(a);
             const int64_t high = item(a.tensor(1)).to_int();
             return Value::tensor(randint_like(l.self, 0, high, l.dtype, l.device, l.gen));
           });
  def_like("randint_like(Tensor self, SymInt high", "Random integers from [0, high) in a tensor like input.",
           [like_args](Interpreter&, Bound& a) {
             const Like l = like_args(a);
             return Value::tensor(randint_like(l.self, 0, a.int64(1), l.dtype, l.device, l.gen));
           });

  // ---- distributions
  r.def("normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None) -> Tensor", kFunction,
        "Normal samples with elementwise means and standard deviations (broadcast); mean's dtype.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, normal(a.tensor(0), a.tensor(1), gen_arg(a, 2))); });
  r.def("normal(Tensor mean, float std=1, *, Generator? generator=None, Tensor out=None) -> Tensor", kFunction,
        "Normal samples with elementwise means and one standard deviation.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, normal(a.tensor(0), a.f64(1), gen_arg(a, 2))); });
  r.def("normal(float mean, Tensor std, *, Generator? generator=None, Tensor out=None) -> Tensor", kFunction,
        "Normal samples with one mean and elementwise standard deviations; std's dtype.",
        [](Interpreter&, Bound& a) { return out_or_result(a, 3, normal(a.f64(0), a.tensor(1), gen_arg(a, 2))); });
  r.def("normal(float mean, float std, SymInt[] size, *, Generator? generator=None, Tensor out=None, " + std::string(kTail),
        kFunction, "A tensor of the given size filled with normal samples of the given mean and std.",
        [](Interpreter&, Bound& a) {
          FactoryArgs f = factory_args(a);
          return finish(a, f, normal(a.f64(0), a.f64(1), a.shape(2), f.dtype, f.device, f.gen));
        });
  r.def("bernoulli(Tensor self, *, Generator? generator=None, Tensor out=None) -> Tensor", kBoth,
        "1 or 0 per element: 1 with the probability given by the element (a new tensor of its dtype).",
        [](Interpreter&, Bound& a) { return out_or_result(a, 2, bernoulli(a.tensor(0), gen_arg(a, 1))); });
  r.def("bernoulli(Tensor self, float p, *, Generator? generator=None) -> Tensor", kBoth,
        "A tensor like self with each element 1 with probability p, else 0.",
        [](Interpreter&, Bound& a) { return Value::tensor(bernoulli(a.tensor(0), a.f64(1), gen_arg(a, 2))); });
  r.def("multinomial(Tensor self, int num_samples, bool replacement=False, *, Generator? generator=None, "
        "Tensor out=None) -> Tensor",
        kBoth,
        "Indices drawn from the categories of each row of self, weighted by its (non-negative) values.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, multinomial(a.tensor(0), a.int64(1), a.boolean(2), gen_arg(a, 3)));
        });
  r.def("poisson(Tensor self, Generator? generator=None) -> Tensor", kFunction,
        "Poisson counts, one per element, with the element as the rate.",
        [](Interpreter&, Bound& a) { return Value::tensor(poisson(a.tensor(0), gen_arg(a, 1))); });

  // ---- in place (methods), each returning self
  auto self_ret = [](Bound& a) { return a[0]; };
  r.def("uniform_(Tensor self, float from=0, float to=1, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with uniform samples from [from, to).",
        [self_ret](Interpreter&, Bound& a) { uniform_(a.tensor(0), a.f64(1), a.f64(2), gen_arg(a, 3)); return self_ret(a); });
  r.def("normal_(Tensor self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with normal samples of the given mean and standard deviation.",
        [self_ret](Interpreter&, Bound& a) { normal_(a.tensor(0), a.f64(1), a.f64(2), gen_arg(a, 3)); return self_ret(a); });
  r.def("random_(Tensor self, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with random integers from [0, the largest integer its dtype holds exactly].",
        [self_ret](Interpreter&, Bound& a) { random_(a.tensor(0), gen_arg(a, 1)); return self_ret(a); });
  r.def("random_(Tensor self, int from, int? to, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with random integers from [from, to) (to None: up to the dtype's largest).",
        [self_ret](Interpreter&, Bound& a) { random_(a.tensor(0), a.int64(1), a.opt_int(2), gen_arg(a, 3)); return self_ret(a); });
  r.def("random_(Tensor self, int to, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with random integers from [0, to).",
        [self_ret](Interpreter&, Bound& a) { random_(a.tensor(0), 0, a.int64(1), gen_arg(a, 2)); return self_ret(a); });
  r.def("bernoulli_(Tensor self, Tensor p, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with 1 where a draw falls below p (a tensor broadcast to self), else 0.",
        [self_ret](Interpreter&, Bound& a) { bernoulli_(a.tensor(0), a.tensor(1), gen_arg(a, 2)); return self_ret(a); });
  r.def("bernoulli_(Tensor self, float p=0.5, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with 1 with probability p, else 0.",
        [self_ret](Interpreter&, Bound& a) { bernoulli_(a.tensor(0), a.f64(1), gen_arg(a, 2)); return self_ret(a); });
  r.def("exponential_(Tensor self, float lambd=1, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with exponential samples of rate lambd.",
        [self_ret](Interpreter&, Bound& a) { exponential_(a.tensor(0), a.f64(1), gen_arg(a, 2)); return self_ret(a); });
  r.def("geometric_(Tensor self, float p, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with the number of trials up to the first success, success probability p.",
        [self_ret](Interpreter&, Bound& a) { geometric_(a.tensor(0), a.f64(1), gen_arg(a, 2)); return self_ret(a); });
  r.def("cauchy_(Tensor self, float median=0, float sigma=1, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with Cauchy samples of the given median and scale.",
        [self_ret](Interpreter&, Bound& a) { cauchy_(a.tensor(0), a.f64(1), a.f64(2), gen_arg(a, 3)); return self_ret(a); });
  r.def("log_normal_(Tensor self, float mean=1, float std=2, *, Generator? generator=None) -> Tensor", kMethod,
        "Fills self with exp of normal samples of the given mean and standard deviation.",
        [self_ret](Interpreter&, Bound& a) { log_normal_(a.tensor(0), a.f64(1), a.f64(2), gen_arg(a, 3)); return self_ret(a); });
}

}  // namespace tsh::shell
