// shell/numpy/random_objects.cpp — numpy.random's seeding objects: SeedSequence, the PCG64 and
// MT19937 bit generators (their .state dicts, seed_seq, spawn), and the legacy module's
// get_state/set_state and get_bit_generator/set_bit_generator.
//
// tsh has no uint32 arrays: where NumPy gives one (MT19937's key, generate_state) tsh gives
// the same values as an int64 array, and takes either back.
#include <cstdio>
#include <random>

#include <gmp.h>

#include "engine/ops/copy.h"
#include "engine/ops/host_values.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/numpy/random_args.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/warnings.h"

namespace tsh::shell::numpy_random {

namespace {

std::string address_of(const void* p) {
  char at[32];
  std::snprintf(at, sizeof at, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return at;
}

// An int as SeedSequence reads it: its 32-bit words, low first (0 is one word).
void int_words(const Value& v, std::vector<uint32_t>& out) {
  if (v.is(Kind::Float) || (is_ndarray(v) && is_floating(ndarray_tensor(v).dtype()))) throw TypeError("seed must be integer");
  Value n = is_ndarray(v) ? numpy_scalar_number(v) : v;
  if (!n.is_intlike()) throw TypeError("SeedSequence expects int or sequence of ints for entropy not " + repr(v));
  Mpz z = to_mpz(n);
  if (mpz_sgn(z.get()) < 0) throw ValueError("expected non-negative integer");
  if (mpz_sgn(z.get()) == 0) {
    out.push_back(0);
    return;
  }
  size_t count = 0;
  std::vector<uint32_t> words((mpz_sizeinbase(z.get(), 2) + 31) / 32);
  mpz_export(words.data(), &count, -1, sizeof(uint32_t), 0, 0, z.get());
  out.insert(out.end(), words.begin(), words.begin() + static_cast<long>(count));
}

// _coerce_to_uint32_array: an int's words, or each element's words one after another.
std::vector<uint32_t> coerce_words(const Value& v) {
  std::vector<uint32_t> out;
  if (v.is(Kind::List) || v.is(Kind::Tuple)) {
    for (const Value& x : v.items()) {
      std::vector<uint32_t> sub = coerce_words(x);
      out.insert(out.end(), sub.begin(), sub.end());
    }
  } else if (is_ndarray(v) && ndarray_tensor(v).dim() > 0) {
    for (int64_t x : int_values(ndarray_tensor(v))) int_words(Value::integer(x), out);
  } else {
    int_words(v, out);
  }
  return out;
}

Value u128(unsigned __int128 x) {
  Mpz z;
  const uint64_t words[2] = {static_cast<uint64_t>(x), static_cast<uint64_t>(x >> 64)};
  mpz_import(z.get(), 2, -1, sizeof(uint64_t), 0, 0, words);
  return from_mpz(z);
}

unsigned __int128 to_u128(const Value& v) {
  Mpz z = to_mpz(is_ndarray(v) ? numpy_scalar_number(v) : v);
  uint64_t words[2] = {0, 0};
  size_t count = 0;
  mpz_fdiv_r_2exp(z.get(), z.get(), 128);
  mpz_export(words, &count, -1, sizeof(uint64_t), 0, 0, z.get());
  return (static_cast<unsigned __int128>(words[1]) << 64) | words[0];
}

Value dict_get(const Value& d, const std::string& k) {
  if (!d.is(Kind::Dict)) throw TypeError("state must be a dict");
  Value* v = dict_of(d).find_str(k);
  if (!v) throw KeyError(repr(Value::str(k)));
  return *v;
}

struct SeedSequenceObj : InstanceObj {
  Value entropy;
  std::vector<uint32_t> words;
  std::vector<int64_t> spawn_key;
  int64_t pool_size = 4, n_children = 0;

  std::string class_name() const override { return "SeedSequence"; }
  std::string module_name() const override { return "numpy.random.bit_generator"; }
  std::vector<std::string> attr_names() const override {
    return {"entropy", "generate_state", "n_children_spawned", "pool_size", "spawn", "spawn_key", "state"};
  }
  Value spawn_key_value() const {
    std::vector<Value> k;
    for (int64_t x : spawn_key) k.push_back(Value::integer(x));
    return Value::tuple(k);
  }
  std::string repr_of(const Value&) const override {
    std::string r = "SeedSequence(\n    entropy=" + repr(entropy) + ",\n";
    if (!spawn_key.empty()) r += "    spawn_key=" + repr(spawn_key_value()) + ",\n";
    if (pool_size != 4) r += "    pool_size=" + std::to_string(pool_size) + ",\n";
    if (n_children != 0) r += "    n_children_spawned=" + std::to_string(n_children) + ",\n";
    return r + ")";
  }
  // The entropy the pool mixes: the seed's words (padded to the pool when spawned), then the spawn key's.
  std::vector<uint32_t> assembled() const {
    std::vector<uint32_t> e = words;
    if (!spawn_key.empty() && static_cast<int64_t>(e.size()) < pool_size) e.resize(static_cast<size_t>(pool_size), 0);
    for (int64_t k : spawn_key) int_words(Value::integer(k), e);
    return e;
  }
  Value attr(Interpreter&, const Value& self, const std::string& n) override;
};

Value seed_sequence_type();

Value make_seed_sequence(const Value& entropy_in, std::vector<int64_t> spawn_key, int64_t pool_size) {
  if (pool_size != 4) throw NotImplementedError("SeedSequence: tsh mixes a pool of 4 words only");
  auto o = std::make_shared<SeedSequenceObj>();
  Value entropy = entropy_in;
  if (entropy.is_none()) {
    // NumPy draws 128 bits from the OS.
    std::random_device rd;
    unsigned __int128 x = 0;
    for (int i = 0; i < 4; ++i) x = (x << 32) | rd();
    entropy = u128(x);
  }
  const bool integer = entropy.is_intlike() && !entropy.is(Kind::Bool);
  const bool np_integer = is_ndarray(entropy) && ndarray_tensor(entropy).dim() == 0 &&
                          !is_floating(ndarray_tensor(entropy).dtype()) && !is_complex(ndarray_tensor(entropy).dtype());
  const bool sequence = entropy.is(Kind::List) || entropy.is(Kind::Tuple) ||
                        (is_ndarray(entropy) && ndarray_tensor(entropy).dim() > 0);
  if (!integer && !np_integer && !sequence)
    throw TypeError("SeedSequence expects int or sequence of ints for entropy not " + str(entropy));
  o->entropy = entropy;
  o->words = coerce_words(entropy);
  o->spawn_key = std::move(spawn_key);
  o->pool_size = pool_size;
  o->type = seed_sequence_type();
  return Value::object(Kind::Instance, o);
}

SeedSequenceObj* as_seed_sequence(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<SeedSequenceObj*>(v.as<InstanceObj>()) : nullptr;
}

std::vector<Value> spawn_sequences(SeedSequenceObj& ss, const Value& n_v) {
  if (!n_v.is_intlike()) throw TypeError("'" + type_name(n_v) + "' object cannot be interpreted as an integer");
  const int64_t n = static_cast<int64_t>(n_v.as_int());
  std::vector<Value> out;
  for (int64_t i = ss.n_children; i < ss.n_children + n; ++i) {
    std::vector<int64_t> key = ss.spawn_key;
    key.push_back(i);
    out.push_back(make_seed_sequence(ss.entropy, key, ss.pool_size));
  }
  ss.n_children += std::max<int64_t>(n, 0);
  return out;
}

Value SeedSequenceObj::attr(Interpreter&, const Value& self, const std::string& n) {
  if (n == "entropy") return entropy;
  if (n == "spawn_key") return spawn_key_value();
  if (n == "pool_size") return Value::integer(pool_size);
  if (n == "n_children_spawned") return Value::integer(n_children);
  if (n == "state") {
    Value d = make_dict();
    dict_of(d).set(Value::str("entropy"), entropy);
    dict_of(d).set(Value::str("spawn_key"), spawn_key_value());
    dict_of(d).set(Value::str("pool_size"), Value::integer(pool_size));
    dict_of(d).set(Value::str("n_children_spawned"), Value::integer(n_children));
    return d;
  }
  auto method = [&n](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    return make_builtin(n, "<bound method SeedSequence." + n + ">", std::move(fn));
  };
  if (n == "generate_state")
    return method([self](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("generate_state", a, kw, {"n_words", "dtype"}, 1);
      if (!v[1].is_none()) {
        // tsh has no unsigned 32/64-bit dtypes: their names are all that can be asked for.
        const std::string d = v[1].is(Kind::Str) ? v[1].as_str() : "";
        if (d == "uint64" || d == "u8" || d == "<u8")
          throw NotImplementedError("SeedSequence.generate_state: tsh has no uint64 arrays (uint32 words come as int64)");
        if (d != "uint32" && d != "u4" && d != "<u4") throw ValueError("only support uint32 or uint64");
      }
      const int64_t words = static_cast<int64_t>(v[0].as_int());
      auto& ss = *as_seed_sequence(self);
      const std::vector<uint32_t> st = seed_sequence_state(ss.assembled(), static_cast<int>(words));
      return make_ndarray(tensor_of(std::vector<int64_t>(st.begin(), st.end()), {words}, DType::Int64, Device{}));
    });
  if (n == "spawn")
    return method([self](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("spawn", a, kw, {"n_children"}, 1);
      return Value::list(spawn_sequences(*as_seed_sequence(self), v[0]));
    });
  throw AttributeError("'numpy.random.bit_generator.SeedSequence' object has no attribute '" + n + "'");
}

Value seed_sequence_type() {
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "numpy.random.bit_generator.SeedSequence";
    t->ctor = [](Interpreter&, Args& a, Kwargs& kw) -> Value {
      std::vector<Value> v = bind_params("SeedSequence", a, kw, {"entropy", "spawn_key", "pool_size", "n_children_spawned"}, 0);
      std::vector<int64_t> key;
      if (!v[1].is_none())
        for (const Value& k : v[1].items()) key.push_back(static_cast<int64_t>(k.as_int()));
      Value ss = make_seed_sequence(v[0], key, v[2].is_none() ? 4 : static_cast<int64_t>(v[2].as_int()));
      if (!v[3].is_none()) as_seed_sequence(ss)->n_children = static_cast<int64_t>(v[3].as_int());
      return ss;
    };
    return Value::object(Kind::Type, t);
  }();
  return type;
}

// ---- bit generators ----------------------------------------------------------------------------

// PCG64 or MT19937 as an object: the stream (shared with every Generator made on it) and its seed.
struct BitGeneratorObj : InstanceObj {
  std::string kind;  // "PCG64" or "MT19937"
  std::shared_ptr<BitGen> bg;
  Value seed_seq;  // a SeedSequence, or None for the legacy module's MT19937

  std::string class_name() const override { return kind; }
  std::string module_name() const override { return kind == "PCG64" ? "numpy.random._pcg64" : "numpy.random._mt19937"; }
  std::vector<std::string> attr_names() const override {
    if (kind == "PCG64") return {"advance", "jumped", "random_raw", "seed_seq", "spawn", "state"};
    return {"seed_seq", "spawn", "state"};
  }
  std::string repr_of(const Value& self) const override {
    return "<" + module_name() + "." + kind + " object at " + address_of(self.as<InstanceObj>()) + ">";
  }
  Value state() const;
  void set_state(const Value& v);
  Value attr(Interpreter&, const Value& self, const std::string& n) override;
  void set_attr(Interpreter&, const Value&, const std::string& n, const Value& v) override {
    if (n != "state") throw AttributeError("'" + module_name() + "." + kind + "' object attribute '" + n + "' is read-only");
    set_state(v);
  }
};

BitGeneratorObj* as_bit_generator(const Value& v) {
  return v.is(Kind::Instance) ? dynamic_cast<BitGeneratorObj*>(v.as<InstanceObj>()) : nullptr;
}

Value make_dict_of(std::initializer_list<std::pair<const char*, Value>> items) {
  Value d = make_dict();
  for (const auto& [k, v] : items) dict_of(d).set(Value::str(k), v);
  return d;
}

Value BitGeneratorObj::state() const {
  if (kind == "PCG64") {
    const auto& p = static_cast<const Pcg64&>(*bg);
    return make_dict_of({{"bit_generator", Value::str("PCG64")},
                         {"state", make_dict_of({{"state", u128(p.state_)}, {"inc", u128(p.inc_)}})},
                         {"has_uint32", Value::integer(p.has_uint32_ ? 1 : 0)},
                         {"uinteger", Value::integer(p.uint32_)}});
  }
  const auto& m = static_cast<const Mt19937&>(*bg);
  const Value key = make_ndarray(tensor_of(std::vector<int64_t>(m.key.begin(), m.key.end()), {Mt19937::kN}, DType::Int64, Device{}));
  return make_dict_of({{"bit_generator", Value::str("MT19937")},
                       {"state", make_dict_of({{"key", key}, {"pos", Value::integer(m.pos)}})}});
}

void BitGeneratorObj::set_state(const Value& v_in) {
  Value v = v_in;
  if (kind == "MT19937" && v.is(Kind::Tuple)) {
    const std::vector<Value>& t = v.items();
    if ((t.size() != 3 && t.size() != 5) || !t[0].is(Kind::Str) || t[0].as_str() != "MT19937")
      throw ValueError("state is not a legacy MT19937 state");
    v = make_dict_of({{"bit_generator", t[0]}, {"state", make_dict_of({{"key", t[1]}, {"pos", t[2]}})}});
  }
  if (!v.is(Kind::Dict)) throw TypeError("state must be a dict");
  Value* name = dict_of(v).find_str("bit_generator");
  if (!name || !name->is(Kind::Str) || name->as_str() != kind)
    throw ValueError("state must be for a " + kind + (kind == "PCG64" ? " RNG" : " PRNG"));
  const Value st = dict_get(v, "state");
  if (kind == "PCG64") {
    auto& p = static_cast<Pcg64&>(*bg);
    p.state_ = to_u128(dict_get(st, "state"));
    p.inc_ = to_u128(dict_get(st, "inc"));
    p.has_uint32_ = truthy(dict_get(v, "has_uint32"));
    p.uint32_ = static_cast<uint32_t>(dict_get(v, "uinteger").as_int());
    return;
  }
  auto& m = static_cast<Mt19937&>(*bg);
  const Tensor key = ndarray_tensor(numpy_asarray(dict_get(st, "key")));
  const std::vector<int64_t> words = int_values(key);
  if (words.size() != static_cast<size_t>(Mt19937::kN)) throw ValueError("state must be 624 longs");
  for (int i = 0; i < Mt19937::kN; ++i) m.key[i] = static_cast<uint32_t>(words[i]);
  const Value pos = dict_get(st, "pos");
  m.pos = static_cast<int>(is_ndarray(pos) ? numpy_scalar_number(pos).as_int() : pos.as_int());
  if (m.pos < 0 || m.pos > Mt19937::kN) throw ValueError("pos must be between 0 and 624");
}

Value pcg64_type();
Value mt19937_type();

Value make_bit_generator(const std::string& kind, std::shared_ptr<BitGen> bg, Value seed_seq) {
  auto o = std::make_shared<BitGeneratorObj>();
  o->kind = kind;
  o->bg = std::move(bg);
  o->seed_seq = std::move(seed_seq);
  o->type = kind == "PCG64" ? pcg64_type() : mt19937_type();
  return Value::object(Kind::Instance, o);
}

// seed= of a bit generator: None, an int, a sequence of ints, or a SeedSequence.
Value as_seed_sequence_value(const Value& seed) {
  if (as_seed_sequence(seed)) return seed;
  if (seed.is(Kind::Instance)) throw TypeError("SeedSequence expects int or sequence of ints for entropy not " + repr(seed));
  return make_seed_sequence(seed, {}, 4);
}

Value new_pcg64(const Value& seed) {
  const Value ss = as_seed_sequence_value(seed);
  return make_bit_generator("PCG64", std::make_shared<Pcg64>(as_seed_sequence(ss)->assembled()), ss);
}

Value new_mt19937(const Value& seed) {
  // MT19937(seed) takes its words from SeedSequence(seed).generate_state(624), except the first,
  // which is 0x80000000 (a non-zero state whatever the seed); its position is left at 623.
  const Value ss = as_seed_sequence_value(seed);
  auto mt = std::make_shared<Mt19937>(0u);
  const std::vector<uint32_t> st = seed_sequence_state(as_seed_sequence(ss)->assembled(), Mt19937::kN);
  std::copy(st.begin(), st.end(), mt->key.begin());
  mt->key[0] = 0x80000000u;
  mt->pos = Mt19937::kN - 1;
  return make_bit_generator("MT19937", mt, ss);
}

// PCG64's jump ahead by delta steps (mod 2^128) in O(log delta): the LCG's multiplier and
// increment composed by squaring (Brown's method); the half-word kept for 32-bit draws is dropped.
void pcg64_advance(Pcg64& p, unsigned __int128 delta) {
  constexpr unsigned __int128 kMult = (static_cast<unsigned __int128>(0x2360ed051fc65da4ULL) << 64) | 0x4385df649fccf645ULL;
  unsigned __int128 acc_mult = 1, acc_plus = 0, cur_mult = kMult, cur_plus = p.inc_;
  for (; delta; delta >>= 1) {
    if (delta & 1) {
      acc_mult *= cur_mult;
      acc_plus = acc_plus * cur_mult + cur_plus;
    }
    cur_plus = (cur_mult + 1) * cur_plus;
    cur_mult *= cur_mult;
  }
  p.state_ = acc_mult * p.state_ + acc_plus;
  p.has_uint32_ = false;
  p.uint32_ = 0;
}

Value BitGeneratorObj::attr(Interpreter&, const Value& self, const std::string& n) {
  if (n == "state") return state();
  if (n == "seed_seq") return seed_seq;
  auto method = [&](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    return make_builtin(n, "<built-in method " + n + " of " + module_name() + "." + kind + " object>", std::move(fn));
  };
  if (kind == "PCG64" && n == "advance")
    return method([self](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("advance", a, kw, {"delta"}, 1);
      pcg64_advance(static_cast<Pcg64&>(*as_bit_generator(self)->bg), to_u128(v[0]));
      return self;
    });
  if (kind == "PCG64" && n == "jumped")
    return method([self](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("jumped", a, kw, {"jumps"}, 0);
      // A copy advanced by jumps times NumPy's step, 2^128 times the golden ratio's fraction (odd).
      constexpr unsigned __int128 kStep =
          (static_cast<unsigned __int128>(0x9e3779b97f4a7c15ULL) << 64) | 0xf39cc0605cedc835ULL;
      BitGeneratorObj* o = as_bit_generator(self);
      auto copy = std::make_shared<Pcg64>(static_cast<const Pcg64&>(*o->bg));
      const unsigned __int128 jumps = v[0].is_none() ? 1 : to_u128(v[0]);
      pcg64_advance(*copy, kStep * jumps);
      return make_bit_generator("PCG64", copy, o->seed_seq);
    });
  if (kind == "PCG64" && n == "random_raw")
    return method([self](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("random_raw", a, kw, {"size", "output"}, 0);
      BitGen& g = *as_bit_generator(self)->bg;
      const bool output = v[1].is_none() || truthy(v[1]);
      if (v[0].is_none()) {
        const uint64_t x = g.next_uint64();
        return output ? Value::integer(static_cast<Int>(x)) : Value();
      }
      if (output) throw NotImplementedError("PCG64.random_raw(size): tsh has no uint64 arrays");
      const std::optional<Shape> size = size_arg(v[0]);
      for (int64_t i = 0, k = count(*size); i < k; ++i) g.next_uint64();
      return Value();
    });
  if (n == "spawn")
    return make_builtin(n, "<built-in method spawn of " + module_name() + "." + kind + " object>",
                        [self](Interpreter&, Args& a, Kwargs& kw) {
                          std::vector<Value> v = bind_params("spawn", a, kw, {"n_children"}, 1);
                          return Value::list(spawn_bit_generators(self, v[0]));
                        });
  throw AttributeError("'" + module_name() + "." + kind + "' object has no attribute '" + n + "'");
}

Value bit_generator_type(const std::string& kind, Value (*make)(const Value&)) {
  auto t = std::make_shared<TypeObj>();
  t->name = (kind == "PCG64" ? "numpy.random._pcg64." : "numpy.random._mt19937.") + kind;
  t->ctor = [kind, make](Interpreter&, Args& a, Kwargs& kw) -> Value {
    std::vector<Value> v = bind_params(kind, a, kw, {"seed"}, 0);
    return make(v[0]);
  };
  return Value::object(Kind::Type, t);
}

Value pcg64_type() {
  static const Value type = bit_generator_type("PCG64", new_pcg64);
  return type;
}

Value mt19937_type() {
  static const Value type = bit_generator_type("MT19937", new_mt19937);
  return type;
}

}  // namespace

std::shared_ptr<BitGen> bit_generator_stream(const Value& v) {
  BitGeneratorObj* o = as_bit_generator(v);
  return o ? o->bg : nullptr;
}

Value make_pcg64(const Value& seed) { return new_pcg64(seed); }

std::vector<Value> spawn_bit_generators(const Value& bitgen, const Value& n) {
  BitGeneratorObj* o = as_bit_generator(bitgen);
  SeedSequenceObj* ss = as_seed_sequence(o->seed_seq);
  if (!ss) throw TypeError("The underlying SeedSequence does not implement spawning.");
  std::vector<Value> out;
  for (const Value& child : spawn_sequences(*ss, n))
    out.push_back(o->kind == "PCG64" ? new_pcg64(child) : new_mt19937(child));
  return out;
}

Value wrap_bit_generator(const std::string& kind, std::shared_ptr<BitGen> bg) {
  return make_bit_generator(kind, std::move(bg), Value());
}

void install_random_objects(Value& random, const std::shared_ptr<RandomStateCore>& core) {
  auto& attrs = random.as<ModuleObj>()->attrs;
  attrs["SeedSequence"] = seed_sequence_type();
  attrs["PCG64"] = pcg64_type();
  attrs["MT19937"] = mt19937_type();
  def_function(random, "get_bit_generator", [core](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("get_bit_generator", a, kw, {}, 0);
    return core->bitgen;
  });
  def_function(random, "set_bit_generator", [core](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_bit_generator", a, kw, {"bitgen"}, 1);
    if (!as_bit_generator(v[0])) throw TypeError("bitgen must be a BitGenerator instance");
    core->bitgen = v[0];
    core->rs->bg = as_bit_generator(v[0])->bg;
    core->rs->has_gauss = false;
    core->rs->cached_gauss = 0;
    return Value();
  });
}

void install_state_functions(Value& random, const std::shared_ptr<RandomStateCore>& core) {
  def_function(random, "get_state", [core](Interpreter& in, Args& a, Kwargs& kw) {
    RandomStateGen& rs = *core->rs;
    const Value current = core->bitgen;
    std::vector<Value> v = bind_params("get_state", a, kw, {"legacy"}, 0);
    bool legacy = v[0].is_none() || truthy(v[0]);
    if (legacy && as_bit_generator(current)->kind != "MT19937") {
      // Another bit generator has no legacy tuple: NumPy warns and gives the dict.
      warn_once(in, "RuntimeWarning",
                "get_state and legacy can only be used with the MT19937 BitGenerator. To silence this warning, set "
                "`legacy` to False.");
      legacy = false;
    }
    Value st = as_bit_generator(current)->state();
    dict_of(st).set(Value::str("has_gauss"), Value::integer(rs.has_gauss ? 1 : 0));
    dict_of(st).set(Value::str("gauss"), Value::floating(rs.cached_gauss));
    if (!legacy) return st;
    const Value inner = dict_get(st, "state");
    return Value::tuple({Value::str("MT19937"), dict_get(inner, "key"), dict_get(inner, "pos"),
                         Value::integer(rs.has_gauss ? 1 : 0), Value::floating(rs.cached_gauss)});
  });
  def_function(random, "set_state", [core](Interpreter&, Args& a, Kwargs& kw) {
    RandomStateGen& rs = *core->rs;
    const Value current = core->bitgen;
    std::vector<Value> v = bind_params("set_state", a, kw, {"state"}, 1);
    Value st = v[0];
    if (st.is(Kind::Dict)) {
      if (!dict_of(st).find_str("bit_generator") || !dict_of(st).find_str("state"))
        throw ValueError("state dictionary is not valid.");
    } else {
      if (!st.is(Kind::Tuple) && !st.is(Kind::List)) throw TypeError("state must be a dict or a tuple.");
      const std::vector<Value>& t = st.items();
      if (t.empty() || !t[0].is(Kind::Str) || t[0].as_str() != "MT19937")
        throw ValueError("set_state can only be used with legacy MT19937 state instances.");
      if (t.size() < 3) throw IndexError("tuple index out of range");
      st = make_dict_of({{"bit_generator", t[0]}, {"state", make_dict_of({{"key", t[1]}, {"pos", t[2]}})}});
      if (t.size() > 3) {
        if (t.size() < 5) throw IndexError("tuple index out of range");
        dict_of(st).set(Value::str("has_gauss"), t[3]);
        dict_of(st).set(Value::str("gauss"), t[4]);
      }
    }
    Value* g = dict_of(st).find_str("gauss");
    Value* hg = dict_of(st).find_str("has_gauss");
    as_bit_generator(current)->set_state(st);
    rs.cached_gauss = g ? g->as_float() : 0.0;
    rs.has_gauss = hg ? truthy(*hg) : false;
    return Value();
  });
}

}  // namespace tsh::shell::numpy_random
