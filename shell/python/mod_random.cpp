// shell/python/mod_random.cpp — Python's random module, bit-exact with
// CPython 3.11: the same Mersenne Twister, seeded the same way (ints, floats
// and str), and the same recipes on top of it (randrange, shuffle, sample,
// choices, gauss, ...), so that a script seeded with random.seed(n) draws in
// tsh exactly what it draws in Python. Where a recipe does arithmetic on the
// caller's arguments it goes through the interpreter's operators, as Python's
// random.py does, so mixed int/float arguments give the same floats and bad
// ones the same TypeErrors.
//
// The module's functions are the methods of one hidden random.Random, as in
// Python; random.Random(seed) makes more generators with their own state.
#include <unistd.h>

#include <array>
#include <bit>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstring>
#include <random>

#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/unicode.h"

namespace tsh::shell {

namespace {

using grammar::Op;
using U128 = unsigned __int128;

// ---------------------------------------------------------------- the generator

// MT19937 (Matsumoto and Nishimura, 1998), with the reference init_genrand
// and init_by_array seeding, which is what CPython's _random uses.
struct Mt {
  static constexpr int N = 624;
  uint32_t state[N] = {};
  int index = N;  // the next word of state to temper; N: twist first

  void init_genrand(uint32_t s) {
    state[0] = s;
    for (int i = 1; i < N; ++i) state[i] = 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + uint32_t(i);
    index = N;
  }
  void init_by_array(const std::vector<uint32_t>& key) {
    init_genrand(19650218u);
    int i = 1;
    size_t j = 0;
    for (size_t k = std::max<size_t>(N, key.size()); k; --k) {
      state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      if (++i >= N) state[0] = state[N - 1], i = 1;
      if (++j >= key.size()) j = 0;
    }
    for (int k = N - 1; k; --k) {
      state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      if (++i >= N) state[0] = state[N - 1], i = 1;
    }
    state[0] = 0x80000000u;  // the state is never all zero
  }
  uint32_t next() {
    if (index >= N) twist();
    uint32_t y = state[index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }
  // random(): 53 random bits (27 from one word, 26 from the next) over 2**53.
  double random() {
    const uint32_t a = next() >> 5, b = next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

 private:
  void twist() {
    // In place: from i = 227 on, state[i + 397] is already the new word, as in the reference.
    for (int i = 0; i < N; ++i) {
      const uint32_t y = (state[i] & 0x80000000u) | (state[(i + 1) % N] & 0x7fffffffu);
      state[i] = state[(i + 397) % N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0u);
    }
    index = 0;
  }
};

// A random.Random's state: the twister and gauss()'s second draw, kept for
// the next call (None when there is none; setstate() may put anything there).
struct Gen {
  Mt mt;
  Value gauss_next;
};

// getrandbits(k) for 0 < k <= 128: 32-bit words from the least significant
// up, the last one keeping only its top bits.
U128 random_bits(Mt& mt, int k) {
  if (k <= 32) return mt.next() >> (32 - k);
  U128 r = 0;
  for (int i = 0, left = k; left > 0; ++i, left -= 32) {
    uint32_t w = mt.next();
    if (left < 32) w >>= 32 - left;
    r |= U128(w) << (32 * i);
  }
  return r;
}

int bit_length(U128 n) {
  const auto high = static_cast<uint64_t>(n >> 64);
  return high ? 128 - std::countl_zero(high) : 64 - std::countl_zero(static_cast<uint64_t>(n));
}

// A uniform int in [0, n), n > 0: getrandbits(n.bit_length()) until it is below n.
Int randbelow(Mt& mt, Int n) {
  const int k = bit_length(U128(n));
  U128 r = random_bits(mt, k);
  while (r >= U128(n)) r = random_bits(mt, k);
  return static_cast<Int>(r);
}

// getrandbits(k) for any k > 0, as an int of any size.
Value random_bits_value(Mt& mt, int64_t k) {
  if (k <= 126) return Value::integer(static_cast<Int>(random_bits(mt, static_cast<int>(k))));
  std::vector<uint32_t> words;
  for (int64_t left = k; left > 0; left -= 32) {
    uint32_t w = mt.next();
    if (left < 32) w >>= 32 - left;
    words.push_back(w);
  }
  Mpz z;
  mpz_import(z.get(), words.size(), -1, sizeof(uint32_t), 0, 0, words.data());
  return from_mpz(z);
}

// randbelow for an n of any size.
Value randbelow_value(Mt& mt, const Value& n) {
  if (!is_big(n)) return Value::integer(randbelow(mt, n.as_int()));
  const int64_t k = int_bit_length(n);
  Value r = random_bits_value(mt, k);
  while (int_compare(r, n) >= 0) r = random_bits_value(mt, k);
  return r;
}

// ---------------------------------------------------------------- seeding


// The 32-bit words of n, least significant first, at least one: the key CPython makes of an int seed.
std::vector<uint32_t> words_of(U128 n) {
  std::vector<uint32_t> key;
  do {
    key.push_back(static_cast<uint32_t>(n));
    n >>= 32;
  } while (n);
  return key;
}

// The 32-bit words of |n|, least significant first, at least one.
std::vector<uint32_t> words_of_value(const Value& n) {
  if (!is_big(n)) return words_of(static_cast<U128>(n.as_int() < 0 ? -n.as_int() : n.as_int()));
  Mpz z = to_mpz(n);
  mpz_abs(z.get(), z.get());
  std::vector<uint32_t> key((mpz_sizeinbase(z.get(), 2) + 31) / 32);
  size_t count = 0;
  mpz_export(key.data(), &count, -1, sizeof(uint32_t), 0, 0, z.get());
  key.resize(count);
  return key;
}

// SHA-512 (FIPS 180-4), for the seed of a str.
std::array<uint8_t, 64> sha512(const std::string& msg) {
  // The fractional parts of the square roots of the first 8 primes, and of the cube roots of the first 80.
  uint64_t h[8] = {
      0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
      0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
  };
  static const uint64_t K[80] = {
      0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
      0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
      0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
      0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
      0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
      0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
      0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
      0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
      0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
      0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
      0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
      0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
      0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
      0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
      0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
      0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
      0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
      0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
      0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
      0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
  };
  // Padding: a 1 bit, zeros, and the length in bits as a 128-bit big-endian number.
  std::string m = msg;
  m.push_back('\x80');
  while (m.size() % 128 != 112) m.push_back('\0');
  const uint64_t bits = uint64_t(msg.size()) * 8;
  m.append(8, '\0');
  for (int i = 7; i >= 0; --i) m.push_back(static_cast<char>(bits >> (8 * i)));

  auto rotr = [](uint64_t x, int n) { return std::rotr(x, n); };
  for (size_t off = 0; off < m.size(); off += 128) {
    uint64_t w[80];
    for (int t = 0; t < 16; ++t) {
      w[t] = 0;
      for (int b = 0; b < 8; ++b) w[t] = (w[t] << 8) | static_cast<uint8_t>(m[off + 8 * t + b]);
    }
    for (int t = 16; t < 80; ++t) {
      const uint64_t s0 = rotr(w[t - 15], 1) ^ rotr(w[t - 15], 8) ^ (w[t - 15] >> 7);
      const uint64_t s1 = rotr(w[t - 2], 19) ^ rotr(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; ++t) {
      const uint64_t t1 = hh + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
      const uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  }
  std::array<uint8_t, 64> out{};
  for (int i = 0; i < 64; ++i) out[i] = static_cast<uint8_t>(h[i / 8] >> (56 - 8 * (i % 8)));
  return out;
}

// seed(str) (version 2): the int whose big-endian bytes are the UTF-8 text
// followed by its SHA-512 digest, as key words (least significant first).
std::vector<uint32_t> str_key(const std::string& s) {
  const std::array<uint8_t, 64> digest = sha512(s);
  std::string bytes = s;
  bytes.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  std::vector<uint32_t> key((bytes.size() + 3) / 4, 0);
  for (size_t i = 0; i < bytes.size(); ++i) {
    const size_t pos = bytes.size() - 1 - i;  // the byte's place from the least significant end
    key[pos / 4] |= uint32_t(static_cast<uint8_t>(bytes[i])) << (8 * (pos % 4));
  }
  while (key.size() > 1 && key.back() == 0) key.pop_back();
  return key;
}

// seed(str, version=1): Python 2's string hash of the code points.
uint64_t str_hash_v1(const std::string& s) {
  const std::vector<uint32_t> cps = decode(s);
  uint64_t x = cps.empty() ? 0 : uint64_t(cps[0]) << 7;
  for (uint32_t c : cps) x = (1000003 * x) ^ c;
  return x ^ cps.size();
}

// seed(None): from the operating system's entropy, a full state's worth, as CPython does (its
// fallback is the time and the process id).
void seed_from_os(Mt& mt) {
  std::vector<uint32_t> key(Mt::N);
  try {
    std::random_device dev;
    for (uint32_t& w : key) w = dev();
  } catch (const std::exception&) {
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    key = {static_cast<uint32_t>(now), static_cast<uint32_t>(uint64_t(now) >> 32), static_cast<uint32_t>(getpid())};
  }
  mt.init_by_array(key);
}

// Random.seed(a, version): None, int (its absolute value), float (its
// hash()), str (all its bits for version 2, Python 2's hash for version 1).
void seed(Gen& g, const Value& a, const Value& version) {
  if (a.is(Kind::Str) && values_equal(version, Value::integer(1)))
    g.mt.init_by_array(words_of(str_hash_v1(a.as_str())));
  else if (a.is(Kind::Str) && values_equal(version, Value::integer(2)))
    g.mt.init_by_array(str_key(a.as_str()));
  else if (a.is_none())
    seed_from_os(g.mt);
  else if (a.is_intlike())
    g.mt.init_by_array(words_of_value(a));
  else if (a.is(Kind::Float) || a.is(Kind::Str))  // a str with another version: its hash(), salted in CPython
    g.mt.init_by_array(words_of(static_cast<uint64_t>(py_hash(a))));
  else
    throw TypeError("The only supported seed types are: None,\nint, float, str, bytes, and bytearray.");
  g.gauss_next = Value();
}

// ---------------------------------------------------------------- Python's operators

Value add(Interpreter& in, const Value& a, const Value& b) { return in.binary(Op::Add, a, b, false); }
Value sub(Interpreter& in, const Value& a, const Value& b) { return in.binary(Op::Sub, a, b, false); }
Value mul(Interpreter& in, const Value& a, const Value& b) { return in.binary(Op::Mul, a, b, false); }
Value div(Interpreter& in, const Value& a, const Value& b) { return in.binary(Op::Div, a, b, false); }
Value flt(double x) { return Value::floating(x); }

// The truth of `a op b`, a tensor's included.
bool test(Interpreter& in, Op op, const Value& a, const Value& b) {
  Value t;
  const bool r = in.compare(op, a, b, &t);
  return t.is(Kind::Tensor) ? truthy(t) : r;
}

Value call_builtin(Interpreter& in, const std::string& name, const Value& arg) {
  Args args{arg};
  Kwargs none;
  return in.call(in.builtins().at(name), args, none);
}
Int py_len(Interpreter& in, const Value& v) { return call_builtin(in, "len", v).as_int(); }
// math.<name>(v), with math's conversions and errors.
Value math_call(Interpreter& in, const std::string& name, const Value& v) {
  Args args{v};
  Kwargs none;
  return in.call(in.get_attr(in.lookup_module("math"), name), args, none);
}
bool is_kind(const tsh::Error& e, const char* kind) { return std::strcmp(e.kind(), kind) == 0; }

// itertools.accumulate(xs) as a list.
std::vector<Value> accumulate(Interpreter& in, const Value& xs) {
  std::vector<Value> out = in.iterate(xs);
  for (size_t i = 1; i < out.size(); ++i) out[i] = add(in, out[i - 1], out[i]);
  return out;
}
// bisect.bisect_right(a, x, lo, hi).
Int bisect_right(Interpreter& in, const std::vector<Value>& a, const Value& x, Int lo, Int hi) {
  while (lo < hi) {
    const Int mid = (lo + hi) / 2;
    if (test(in, Op::Lt, x, a[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------------------------------------------------------------- calls

// Binds a call of the Python method Random.<name>(self, ...) with CPython's
// TypeErrors, which count self among the positional arguments: `names` are
// the parameters after self, the first `required` of them required and the
// last `kwonly` keyword-only; `defaults` holds the optional ones' values.
std::vector<Value> bind_method(const std::string& name, const Args& a, const Kwargs& kw,
                               const std::vector<std::string>& names, size_t required,
                               std::vector<Value> defaults = {}, size_t kwonly = 0) {
  const std::string fname = "Random." + name + "()";
  const size_t positional = names.size() - kwonly;
  if (a.size() > positional) {
    const std::string takes =
        required == positional
            ? std::to_string(positional + 1) + " positional argument" + (positional ? "s" : "")
            : "from " + std::to_string(required + 1) + " to " + std::to_string(positional + 1) +
                  " positional arguments";
    throw TypeError(fname + " takes " + takes + " but " + std::to_string(a.size() + 1) + " were given");
  }
  std::vector<Value> out(names.size());
  std::vector<bool> given(names.size(), false);
  for (size_t i = 0; i < a.size(); ++i) out[i] = a[i], given[i] = true;
  for (const auto& [k, v] : kw) {
    size_t i = 0;
    while (i < names.size() && names[i] != k) ++i;
    if (i == names.size()) throw TypeError(fname + " got an unexpected keyword argument '" + k + "'");
    if (given[i]) throw TypeError(fname + " got multiple values for argument '" + k + "'");
    out[i] = v, given[i] = true;
  }
  std::vector<std::string> missing;
  for (size_t i = 0; i < required; ++i)
    if (!given[i]) missing.push_back("'" + names[i] + "'");
  if (!missing.empty()) {
    // 'a', 'a' and 'b', 'a', 'b', and 'c'
    std::string list = missing[0];
    for (size_t i = 1; i < missing.size(); ++i)
      list += (missing.size() > 2 ? ", " : " ") + std::string(i + 1 == missing.size() ? "and " : "") + missing[i];
    throw TypeError(fname + " missing " + std::to_string(missing.size()) + " required positional argument" +
                    (missing.size() > 1 ? "s" : "") + ": " + list);
  }
  for (size_t i = required; i < names.size(); ++i)
    if (!given[i]) out[i] = defaults[i - required];
  return out;
}

// randrange's arguments: an int, or (deprecated since 3.10 but accepted by
// 3.11) a value that int() converts without changing it.
Value range_arg(Interpreter& in, const Value& v, const char* which) {
  if (v.is_intlike()) return v.is(Kind::Bool) ? Value::integer(v.as_int()) : v;
  const Value i = call_builtin(in, "int", v);
  if (test(in, Op::NotEq, i, v)) throw ValueError(std::string("non-integer ") + which + " for randrange()");
  return i;
}

// itertools.repeat's count: an int; a negative one repeats nothing.
Int count_arg(const Value& k) {
  if (!k.is_intlike()) throw TypeError("'" + type_name(k) + "' object cannot be interpreted as an integer");
  return std::max<Int>(k.as_int(), 0);
}

bool is_sequence(const Value& v) {
  switch (v.kind()) {
    case Kind::List: case Kind::Tuple: case Kind::Str: case Kind::Range: case Kind::Size: case Kind::NamedTuple:
      return true;
    default: return false;
  }
}

Value range_value(Int stop) {
  auto r = std::make_shared<RangeObj>();
  r->stop = stop;
  return Value::object(Kind::Range, r);
}

// ---------------------------------------------------------------- the methods

// NV_MAGICCONST = 4 * exp(-0.5) / sqrt(2.0), TWOPI = 2 * pi, LOG4 = log(4.0),
// SG_MAGICCONST = 1.0 + log(4.5): random.py's constants, to the bit.
constexpr double kNvMagic = 0x1.b72cd3f331398p+0;
constexpr double kTwoPi = 0x1.921fb54442d18p+2;
constexpr double kLog4 = 0x1.62e42fefa39efp+0;
constexpr double kSgMagic = 0x1.40859baee748fp+1;

Value randrange(Interpreter& in, Gen& g, const Value& start, const Value& stop, const Value& step) {
  const Value zero = Value::integer(0), one = Value::integer(1);
  auto sign = [&](const Value& v) { return int_compare(v, zero); };
  const Value istart = range_arg(in, start, "arg 1");
  if (stop.is_none()) {
    // `step is not 1`: any other value, 1.0 and True included, needs a stop.
    if (!(step.is(Kind::Int) && !is_big(step) && step.as_int() == 1)) throw TypeError("Missing a non-None stop argument");
    if (sign(istart) > 0) return randbelow_value(g.mt, istart);
    throw ValueError("empty range for randrange()");
  }
  const Value istop = range_arg(in, stop, "stop");
  const Value width = int_binary(Op::Sub, istop, istart);
  const Value istep = range_arg(in, step, "step");
  if (int_equal(istep, one)) {
    if (sign(width) > 0) return int_binary(Op::Add, istart, randbelow_value(g.mt, width));
    throw ValueError("empty range for randrange() (" + int_to_string(istart) + ", " + int_to_string(istop) + ", " +
                     int_to_string(width) + ")");
  }
  if (sign(istep) == 0) throw ValueError("zero step for randrange()");
  // The number of values, ceil(width / step).
  Value n = zero;
  if (sign(istep) > 0 && sign(width) > 0)
    n = int_binary(Op::Add, int_binary(Op::FloorDiv, int_binary(Op::Sub, width, one), istep), one);
  if (sign(istep) < 0 && sign(width) < 0)
    n = int_binary(Op::Add, int_binary(Op::FloorDiv, int_binary(Op::Add, width, one), istep), one);
  if (sign(n) <= 0) throw ValueError("empty range for randrange()");
  return int_binary(Op::Add, istart, int_binary(Op::Mul, istep, randbelow_value(g.mt, n)));
}

Value sample(Interpreter& in, Gen& g, const Value& population, const Value& k) {
  if (!is_sequence(population))
    throw TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).");
  const Int n = py_len(in, population);
  if (!test(in, Op::LtE, Value::integer(0), k) || !test(in, Op::LtE, k, Value::integer(n)))
    throw ValueError("Sample larger than population or is negative");
  if (!k.is_intlike()) throw TypeError("can't multiply sequence by non-int of type '" + type_name(k) + "'");
  const Int count = k.as_int();
  // Python's choice between a pool of the unselected (small populations) and
  // a set of the selected: the memory of an n-list against a k-set.
  Int setsize = 21;
  if (count > 5) {
    const int e = static_cast<int>(std::ceil(std::log(static_cast<double>(count * 3)) / std::log(4.0)));
    setsize += e >= 62 ? kIntMax : Int(1) << (2 * e);
  }
  std::vector<Value> result;
  if (n <= setsize) {
    std::vector<Value> pool = in.iterate(population);
    for (Int i = 0; i < count; ++i) {
      check_interrupt();
      const Int j = randbelow(g.mt, n - i);
      result.push_back(pool[j]);
      pool[j] = pool[n - i - 1];
    }
  } else {
    std::set<Int> selected;
    for (Int i = 0; i < count; ++i) {
      check_interrupt();
      Int j = randbelow(g.mt, n);
      while (selected.count(j)) j = randbelow(g.mt, n);
      selected.insert(j);
      result.push_back(in.eval_subscript(population, Value::integer(j)));
    }
  }
  return Value::list(std::move(result));
}

Value gammavariate(Interpreter& in, Gen& g, const Value& alpha_v, const Value& beta) {
  if (test(in, Op::LtE, alpha_v, flt(0.0)) || test(in, Op::LtE, beta, flt(0.0)))
    throw ValueError("gammavariate: alpha and beta must be > 0.0");
  const double alpha = real_arg(alpha_v);
  Mt& mt = g.mt;
  if (alpha > 1.0) {
    // R.C.H. Cheng, "The generation of Gamma variables with non-integral shape parameters" (1977).
    const double ainv = std::sqrt(2.0 * alpha - 1.0), bbb = alpha - kLog4, ccc = alpha + ainv;
    for (;;) {
      check_interrupt();
      const double u1 = mt.random();
      if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
      const double u2 = 1.0 - mt.random();
      const double v = std::log(u1 / (1.0 - u1)) / ainv;
      const double x = alpha * std::exp(v);
      const double z = u1 * u1 * u2;
      const double r = bbb + ccc * v - x;
      if (r + kSgMagic - 4.5 * z >= 0.0 || r >= std::log(z)) return mul(in, flt(x), beta);
    }
  }
  if (alpha == 1.0) return mul(in, flt(-std::log(1.0 - mt.random())), beta);
  // 0 < alpha < 1: algorithm GS (Kennedy and Gentle, Statistical Computing).
  double x;
  for (;;) {
    check_interrupt();
    const double u = mt.random();
    const double b = (M_E + alpha) / M_E;
    const double p = b * u;
    x = p <= 1.0 ? std::pow(p, 1.0 / alpha) : -std::log((b - p) / alpha);
    const double u1 = mt.random();
    if (p > 1.0 ? u1 <= std::pow(x, alpha - 1.0) : u1 <= std::exp(-x)) break;
  }
  return mul(in, flt(x), beta);
}

Value normalvariate(Interpreter& in, Gen& g, const Value& mu, const Value& sigma) {
  // Kinderman and Monahan's ratio of uniforms (ACM TOMS 3, 1977).
  double z;
  for (;;) {
    check_interrupt();
    const double u1 = g.mt.random();
    const double u2 = 1.0 - g.mt.random();
    z = kNvMagic * (u1 - 0.5) / u2;
    if (z * z / 4.0 <= -std::log(u2)) break;
  }
  return add(in, mu, mul(in, flt(z), sigma));
}

using Impl = Value (*)(Interpreter&, Gen&, Args&, Kwargs&);
struct Method {
  const char* name;
  Impl fn;
  bool builtin;  // written in C in CPython (its repr and messages say so)
};

const std::vector<Method>& methods() {
  static const std::vector<Method> table = {
      {"betavariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("betavariate", a, kw, {"alpha", "beta"}, 2);
         const Value y = gammavariate(in, g, v[0], flt(1.0));
         if (!truthy(y)) return flt(0.0);
         return div(in, y, add(in, y, gammavariate(in, g, v[1], flt(1.0))));
       },
       false},
      {"choice",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("choice", a, kw, {"seq"}, 1);
         const Int n = py_len(in, v[0]);
         if (n == 0) throw PyError("IndexError", "Cannot choose from an empty sequence");
         return in.eval_subscript(v[0], Value::integer(randbelow(g.mt, n)));
       },
       false},
      {"choices",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("choices", a, kw, {"population", "weights", "cum_weights", "k"}, 1,
                                            {Value(), Value(), Value::integer(1)}, 2);
         const Value &population = v[0], &weights = v[1];
         const Int n = py_len(in, population);
         std::vector<Value> out;
         std::vector<Value> cum;
         if (v[2].is_none()) {
           if (weights.is_none()) {
             const double nf = static_cast<double>(n);
             for (Int i = 0, k = count_arg(v[3]); i < k; ++i) {
               check_interrupt();
               const Int j = static_cast<Int>(std::floor(g.mt.random() * nf));
               out.push_back(in.eval_subscript(population, Value::integer(j)));
             }
             return Value::list(std::move(out));
           }
           try {
             cum = accumulate(in, weights);
           } catch (const tsh::Error& e) {
             // choices(population, 5): the k a caller meant
             if (is_kind(e, "TypeError") && weights.is_intlike())
               throw TypeError("The number of choices must be a keyword argument: k=" + repr(weights));
             throw;
           }
         } else if (!weights.is_none()) {
           throw TypeError("Cannot specify both weights and cumulative weights");
         } else {
           if (py_len(in, v[2]) != n) throw ValueError("The number of weights does not match the population");
           cum = in.iterate(v[2]);
         }
         if (static_cast<Int>(cum.size()) != n)
           throw ValueError("The number of weights does not match the population");
         if (cum.empty()) throw PyError("IndexError", "list index out of range");
         const Value total = add(in, cum.back(), flt(0.0));
         if (test(in, Op::LtE, total, flt(0.0))) throw ValueError("Total of weights must be greater than zero");
         // math.isfinite(total): a tensor total through its float()
         const double t = total.is(Kind::Tensor) ? call_builtin(in, "float", total).as_float() : real_arg(total);
         if (!std::isfinite(t)) throw ValueError("Total of weights must be finite");
         for (Int i = 0, k = count_arg(v[3]); i < k; ++i) {
           check_interrupt();
           const Value x = mul(in, flt(g.mt.random()), total);
           out.push_back(in.eval_subscript(population, Value::integer(bisect_right(in, cum, x, 0, n - 1))));
         }
         return Value::list(std::move(out));
       },
       false},
      {"expovariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("expovariate", a, kw, {"lambd"}, 1);
         // 1 - random() is in (0, 1]: never the log of zero.
         return div(in, flt(-std::log(1.0 - g.mt.random())), v[0]);
       },
       false},
      {"gammavariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("gammavariate", a, kw, {"alpha", "beta"}, 2);
         return gammavariate(in, g, v[0], v[1]);
       },
       false},
      {"gauss",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("gauss", a, kw, {"mu", "sigma"}, 0, {flt(0.0), flt(1.0)});
         // Box-Muller makes two normal deviates; the second is kept for the next call.
         Value z = g.gauss_next;
         g.gauss_next = Value();
         if (z.is_none()) {
           const double x2pi = g.mt.random() * kTwoPi;
           const double g2rad = std::sqrt(-2.0 * std::log(1.0 - g.mt.random()));
           z = flt(std::cos(x2pi) * g2rad);
           g.gauss_next = flt(std::sin(x2pi) * g2rad);
         }
         return add(in, v[0], mul(in, z, v[1]));
       },
       false},
      {"getrandbits",
       [](Interpreter&, Gen& g, Args& a, Kwargs& kw) {
         if (!kw.empty()) throw TypeError("Random.getrandbits() takes no keyword arguments");
         if (a.size() != 1)
           throw TypeError("Random.getrandbits() takes exactly one argument (" + std::to_string(a.size()) + " given)");
         if (!a[0].is_intlike())
           throw TypeError("'" + type_name(a[0]) + "' object cannot be interpreted as an integer");
         const Int k = a[0].as_int();
         if (k > INT_MAX || k < INT_MIN) throw OverflowError("Python int too large to convert to C int");
         if (k < 0) throw ValueError("number of bits must be non-negative");
         if (k == 0) return Value::integer(0);
         return random_bits_value(g.mt, static_cast<int64_t>(k));
       },
       true},
      {"getstate",
       [](Interpreter&, Gen& g, Args& a, Kwargs& kw) {
         bind_method("getstate", a, kw, {}, 0);
         std::vector<Value> words;
         for (uint32_t w : g.mt.state) words.push_back(Value::integer(w));
         words.push_back(Value::integer(g.mt.index));
         return Value::tuple({Value::integer(3), Value::tuple(std::move(words)), g.gauss_next});
       },
       false},
      {"lognormvariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("lognormvariate", a, kw, {"mu", "sigma"}, 2);
         return math_call(in, "exp", normalvariate(in, g, v[0], v[1]));
       },
       false},
      {"normalvariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("normalvariate", a, kw, {"mu", "sigma"}, 0, {flt(0.0), flt(1.0)});
         return normalvariate(in, g, v[0], v[1]);
       },
       false},
      {"paretovariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("paretovariate", a, kw, {"alpha"}, 1);
         const double u = 1.0 - g.mt.random();
         return in.binary(Op::Pow, flt(u), div(in, flt(-1.0), v[0]), false);
       },
       false},
      {"randint",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("randint", a, kw, {"a", "b"}, 2);
         return randrange(in, g, v[0], add(in, v[1], Value::integer(1)), Value::integer(1));
       },
       false},
      {"random",
       [](Interpreter&, Gen& g, Args& a, Kwargs& kw) {
         if (!kw.empty()) throw TypeError("Random.random() takes no keyword arguments");
         if (!a.empty()) throw TypeError("Random.random() takes no arguments (" + std::to_string(a.size()) + " given)");
         return flt(g.mt.random());
       },
       true},
      {"randrange",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v =
             bind_method("randrange", a, kw, {"start", "stop", "step"}, 1, {Value(), Value::integer(1)});
         return randrange(in, g, v[0], v[1], v[2]);
       },
       false},
      {"sample",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("sample", a, kw, {"population", "k", "counts"}, 2, {Value()}, 1);
         const Value &population = v[0], &counts = v[2];
         if (counts.is_none()) return sample(in, g, population, v[1]);
         // sample(['red', 'blue'], counts=[4, 2], k=5): a sample of the indices of the
         // repeated population, each mapped back to its element.
         if (!is_sequence(population))
           throw TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).");
         const Int n = py_len(in, population);
         std::vector<Value> cum = accumulate(in, counts);
         if (static_cast<Int>(cum.size()) != n) throw ValueError("The number of counts does not match the population");
         if (cum.empty()) throw PyError("IndexError", "pop from empty list");
         const Value total = cum.back();
         cum.pop_back();
         if (!total.is_intlike()) throw TypeError("Counts must be integers");
         if (total.as_int() <= 0) throw ValueError("Total of counts must be greater than zero");
         Value selections = sample(in, g, range_value(total.as_int()), v[1]);
         std::vector<Value> out;
         for (const Value& s : selections.items())
           out.push_back(in.eval_subscript(
               population, Value::integer(bisect_right(in, cum, s, 0, static_cast<Int>(cum.size())))));
         return Value::list(std::move(out));
       },
       false},
      {"seed",
       [](Interpreter&, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("seed", a, kw, {"a", "version"}, 0, {Value(), Value::integer(2)});
         seed(g, v[0], v[1]);
         return Value();
       },
       false},
      {"setstate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("setstate", a, kw, {"state"}, 1);
         const Value version = in.eval_subscript(v[0], Value::integer(0));
         const bool v2 = values_equal(version, Value::integer(2));
         if (!v2 && !values_equal(version, Value::integer(3)))
           throw ValueError("state with version " + str(version) + " passed to Random.setstate() of version 3");
         std::vector<Value> parts = in.iterate(v[0]);
         if (parts.size() < 3)
           throw ValueError("not enough values to unpack (expected 3, got " + std::to_string(parts.size()) + ")");
         if (parts.size() > 3) throw ValueError("too many values to unpack (expected 3)");
         g.gauss_next = parts[2];  // set before the state is checked, as in Python
         Value internal = parts[1];
         if (v2) {  // version 2 kept the words as signed ints
           std::vector<Value> words;
           for (const Value& w : in.iterate(internal))
             words.push_back(in.binary(Op::Mod, w, Value::integer(Int(1) << 32), false));
           internal = Value::tuple(std::move(words));
         }
         if (!internal.is(Kind::Tuple)) throw TypeError("state vector must be a tuple");
         const std::vector<Value>& items = internal.items();
         if (items.size() != Mt::N + 1) throw ValueError("state vector is the wrong size");
         uint32_t words[Mt::N];
         for (int i = 0; i < Mt::N; ++i) {  // each an unsigned long, of which the low 32 bits count
           if (!items[i].is_intlike()) throw TypeError("an integer is required");
           const Int w = items[i].as_int();
           if (w < 0) throw OverflowError("can't convert negative value to unsigned int");
           if (w > Int(ULONG_MAX)) throw OverflowError("Python int too large to convert to C unsigned long");
           words[i] = static_cast<uint32_t>(w);
         }
         const Value& index = items[Mt::N];
         if (!index.is_intlike())
           throw TypeError("'" + type_name(index) + "' object cannot be interpreted as an integer");
         if (index.as_int() > LONG_MAX || index.as_int() < LONG_MIN)
           throw OverflowError("Python int too large to convert to C long");
         if (index.as_int() < 0 || index.as_int() > Mt::N) throw ValueError("invalid state");
         std::memcpy(g.mt.state, words, sizeof words);
         g.mt.index = static_cast<int>(index.as_int());
         return Value();
       },
       false},
      {"shuffle",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("shuffle", a, kw, {"x"}, 1);
         const Value& x = v[0];
         // Fisher-Yates from the end: x[i] trades places with one of x[0..i].
         for (Int i = py_len(in, x) - 1; i >= 1; --i) {
           check_interrupt();
           const Int j = randbelow(g.mt, i + 1);
           if (x.is(Kind::List)) {
             std::swap(x.items()[i], x.items()[j]);
           } else {  // x[i], x[j] = x[j], x[i], item by item (a tensor's rows are views, as in Python)
             const Value xj = in.eval_subscript(x, Value::integer(j)), xi = in.eval_subscript(x, Value::integer(i));
             in.set_item(x, Value::integer(i), xj);
             in.set_item(x, Value::integer(j), xi);
           }
         }
         return Value();
       },
       false},
      {"triangular",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v =
             bind_method("triangular", a, kw, {"low", "high", "mode"}, 0, {flt(0.0), flt(1.0), Value()});
         Value low = v[0], high = v[1];
         const Value& mode = v[2];
         Value u = flt(g.mt.random());
         Value c = flt(0.5);
         if (!mode.is_none()) {
           try {
             const Value num = sub(in, mode, low);
             c = div(in, num, sub(in, high, low));
           } catch (const tsh::Error& e) {
             if (is_kind(e, "ZeroDivisionError")) return low;  // low == high
             throw;
           }
         }
         if (test(in, Op::Gt, u, c)) {
           u = flt(1.0 - u.as_float());
           c = sub(in, flt(1.0), c);
           std::swap(low, high);
         }
         const Value width = sub(in, high, low);
         return add(in, low, mul(in, width, math_call(in, "sqrt", mul(in, u, c))));
       },
       false},
      {"uniform",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("uniform", a, kw, {"a", "b"}, 2);
         const Value width = sub(in, v[1], v[0]);
         return add(in, v[0], mul(in, width, flt(g.mt.random())));
       },
       false},
      {"vonmisesvariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("vonmisesvariate", a, kw, {"mu", "kappa"}, 2);
         // N.I. Fisher, "Statistical Analysis of Circular Data" (1993).
         if (test(in, Op::LtE, v[1], flt(1e-6))) return flt(kTwoPi * g.mt.random());
         const double kappa = real_arg(v[1]);
         const double s = 0.5 / kappa, r = s + std::sqrt(1.0 + s * s);
         double z;
         for (;;) {
           check_interrupt();
           const double u1 = g.mt.random();
           z = std::cos(M_PI * u1);
           const double d = z / (r + z);
           const double u2 = g.mt.random();
           if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * std::exp(d)) break;
         }
         const double q = 1.0 / r, f = (q + z) / (1.0 + q * z);
         const double u3 = g.mt.random();
         const Value angle = flt(std::acos(f));  // |f| <= 1
         const Value theta = u3 > 0.5 ? add(in, v[0], angle) : sub(in, v[0], angle);
         return in.binary(Op::Mod, theta, flt(kTwoPi), false);
       },
       false},
      {"weibullvariate",
       [](Interpreter& in, Gen& g, Args& a, Kwargs& kw) {
         std::vector<Value> v = bind_method("weibullvariate", a, kw, {"alpha", "beta"}, 2);
         const double u = 1.0 - g.mt.random();
         const Value power = in.binary(Op::Pow, flt(-std::log(u)), div(in, flt(1.0), v[1]), false);
         return mul(in, v[0], power);
       },
       false},
  };
  return table;
}

// A random.Random: its own generator, and the methods bound to it.
struct RandomObj : InstanceObj {
  std::shared_ptr<Gen> gen = std::make_shared<Gen>();
  std::string class_name() const override { return "Random"; }
  std::string module_name() const override { return "random"; }
  std::vector<std::string> attr_names() const override {
    std::vector<std::string> names{"VERSION", "gauss_next"};
    for (const Method& m : methods()) names.push_back(m.name);
    return names;
  }
  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (name == "VERSION") return Value::integer(3);
    if (name == "gauss_next") return gen->gauss_next;
    for (const Method& m : methods())
      if (name == m.name) return bound(self, m);
    throw AttributeError("'Random' object has no attribute '" + name + "'");
  }
  // The method bound to this generator, with the repr Python gives it.
  Value bound(const Value& self, const Method& m) const {
    const std::string me = repr_of(self);  // <random.Random object at 0x...>
    const std::string qualname = m.builtin ? "<built-in method " + std::string(m.name) + " of Random object at " +
                                                 me.substr(me.rfind(' ') + 1)
                                           : "<bound method Random." + std::string(m.name) + " of " + me + ">";
    return make_builtin(m.name, qualname,
                        [gen = gen, fn = m.fn](Interpreter& in, Args& a, Kwargs& kw) { return fn(in, *gen, a, kw); });
  }
};

Value random_class() {
  auto type = std::make_shared<TypeObj>();
  type->name = "random.Random";
  std::weak_ptr<Object> weak = type;  // the class outlives its objects; no cycle
  type->ctor = [weak](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_method("__init__", a, kw, {"x"}, 0, {Value()});
    auto r = std::make_shared<RandomObj>();
    seed(*r->gen, v[0], Value::integer(2));
    if (auto t = weak.lock()) r->type = Value::object(Kind::Type, t);
    return Value::object(Kind::Instance, r);
  };
  return Value::object(Kind::Type, type);
}

}  // namespace

void install_random(Interpreter& in, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  attrs["Random"] = random_class();
  attrs["NV_MAGICCONST"] = flt(kNvMagic);
  attrs["TWOPI"] = flt(kTwoPi);
  attrs["LOG4"] = flt(kLog4);
  attrs["SG_MAGICCONST"] = flt(kSgMagic);
  attrs["BPF"] = Value::integer(53);
  attrs["RECIP_BPF"] = flt(0x1p-53);
  // The module's functions are the methods of one Random, seeded from the system.
  Args none;
  Kwargs no_kw;
  Value inst = attrs["Random"].as<TypeObj>()->ctor(in, none, no_kw);
  for (const Method& f : methods()) attrs[f.name] = inst.as<RandomObj>()->bound(inst, f);
  attrs["_inst"] = inst;  // as in Python; it also keeps the address in the methods' reprs its own
}

}  // namespace tsh::shell
