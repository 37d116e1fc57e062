// shell/python/bigint.cpp — Python's unbounded ints on GMP (see bigint.h).
#include "shell/python/bigint.h"

#include <cmath>
#include <cstring>
#include <memory>

#include "engine/core/interrupt.h"
#include "shell/python/errors.h"

namespace tsh::shell {

using grammar::Op;

namespace {

int64_t g_max_str_digits = 4300;  // Python 3.11's default (sys.get_int_max_str_digits)

// More bits than this in a result is a MemoryError up front (an `x ** y`
// that would take gigabytes), not an hour of work.
constexpr uint64_t kMaxBits = uint64_t(1) << 34;
// Products and powers this large take long enough to run where Ctrl-C can
// abandon them (run_abandonable).
constexpr double kAbandonableBits = 1 << 24;

bool fits_inline(mpz_srcptr z) { return mpz_sizeinbase(z, 2) <= 126; }

Int to_int128(mpz_srcptr z) {
  uint64_t words[2] = {0, 0};
  size_t count = 0;
  mpz_export(words, &count, -1, sizeof(uint64_t), 0, 0, z);
  const unsigned __int128 mag = (static_cast<unsigned __int128>(words[1]) << 64) | words[0];
  const Int v = static_cast<Int>(mag);
  return mpz_sgn(z) < 0 ? -v : v;
}

[[noreturn]] void too_many_digits() {
  throw PyError("ValueError", "Exceeds the limit (" + std::to_string(g_max_str_digits) +
                                  " digits) for integer string conversion; use sys.set_int_max_str_digits() to "
                                  "increase the limit");
}

void check_bits(double bits) {
  if (bits > static_cast<double>(kMaxBits)) throw PyError("MemoryError", "");
}

// Correctly rounded (half to even) sign * a / b for a >= 0, b > 0, as a double.
double rounded_quotient(const Mpz& a, const Mpz& b, bool negative, const char* overflow) {
  if (mpz_sgn(a.get()) == 0) return negative ? -0.0 : 0.0;
  const long abits = static_cast<long>(mpz_sizeinbase(a.get(), 2));
  const long bbits = static_cast<long>(mpz_sizeinbase(b.get(), 2));
  // Scale so that the integer quotient has at least 55 bits: 53 kept, a
  // rounding bit, and the remainder as a sticky bit.
  const long shift = 55 - (abits - bbits);
  Mpz n, d, q, r;
  if (shift >= 0) {
    mpz_mul_2exp(n.get(), a.get(), static_cast<mp_bitcnt_t>(shift));
    mpz_set(d.get(), b.get());
  } else {
    mpz_set(n.get(), a.get());
    mpz_mul_2exp(d.get(), b.get(), static_cast<mp_bitcnt_t>(-shift));
  }
  mpz_tdiv_qr(q.get(), r.get(), n.get(), d.get());
  const bool sticky = mpz_sgn(r.get()) != 0;
  const long qbits = static_cast<long>(mpz_sizeinbase(q.get(), 2));
  const long exponent = qbits - 1 - shift;  // the value lies in [2**exponent, 2**(exponent + 1))
  if (exponent > 1023) throw OverflowError(overflow);
  long keep = 53;
  if (exponent < -1022) keep = 53 - (-1022 - exponent);  // a subnormal keeps fewer bits
  const long drop = qbits - keep;                         // >= 2
  Mpz kept, rest, half;
  mpz_fdiv_q_2exp(kept.get(), q.get(), static_cast<mp_bitcnt_t>(drop));
  mpz_fdiv_r_2exp(rest.get(), q.get(), static_cast<mp_bitcnt_t>(drop));
  mpz_set_ui(half.get(), 1);
  mpz_mul_2exp(half.get(), half.get(), static_cast<mp_bitcnt_t>(drop - 1));
  const int c = mpz_cmp(rest.get(), half.get());
  if (c > 0 || (c == 0 && (sticky || mpz_odd_p(kept.get())))) mpz_add_ui(kept.get(), kept.get(), 1);
  const double out = std::ldexp(mpz_get_d(kept.get()), static_cast<int>(drop - shift));
  if (std::isinf(out)) throw OverflowError(overflow);
  return negative ? -out : out;
}

Mpz magnitude(const Value& v) {
  Mpz z = to_mpz(v);
  mpz_abs(z.get(), z.get());
  return z;
}

Value pow_values(const Value& a, const Value& b) {
  if (mpz_sgn(to_mpz(b).get()) < 0) {
    if (mpz_sgn(to_mpz(a).get()) == 0) throw ZeroDivisionError("0.0 cannot be raised to a negative power");
    return Value::floating(std::pow(int_to_double(a), int_to_double(b)));
  }
  const Mpz base = to_mpz(a), exp = to_mpz(b);
  // 0, 1 and -1 stay small whatever the exponent.
  if (mpz_cmpabs_ui(base.get(), 1) <= 0) {
    if (mpz_sgn(base.get()) == 0) return Value::integer(mpz_sgn(exp.get()) == 0 ? 1 : 0);
    if (mpz_sgn(base.get()) > 0 || mpz_even_p(exp.get())) return Value::integer(1);
    return Value::integer(-1);
  }
  if (!mpz_fits_ulong_p(exp.get())) throw PyError("MemoryError", "");
  const unsigned long e = mpz_get_ui(exp.get());
  const double bits = static_cast<double>(mpz_sizeinbase(base.get(), 2) - 1) * static_cast<double>(e);
  check_bits(bits);
  auto out = std::make_shared<Mpz>();
  if (bits < kAbandonableBits) {
    mpz_pow_ui(out->get(), base.get(), e);
  } else {  // seconds of GMP: where Ctrl-C can abandon it
    run_abandonable([out, base, e] { mpz_pow_ui(out->get(), base.get(), e); });
  }
  return from_mpz(*out);
}

}  // namespace

Mpz::Mpz(Int v) {
  mpz_init(z_);
  const unsigned __int128 mag = v < 0 ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  const uint64_t words[2] = {static_cast<uint64_t>(mag), static_cast<uint64_t>(mag >> 64)};
  mpz_import(z_, 2, -1, sizeof(uint64_t), 0, 0, words);
  if (v < 0) mpz_neg(z_, z_);
}

bool is_big(const Value& v) { return v.is(Kind::Int) && v.obj() != nullptr; }

Mpz to_mpz(const Value& v) {
  if (is_big(v)) return v.as<BigIntObj>()->value;
  return Mpz(v.as_int());
}

Value from_mpz(const Mpz& z) {
  if (fits_inline(z.get())) return Value::integer(to_int128(z.get()));
  auto o = std::make_shared<BigIntObj>();
  o->value = z;
  return Value::big_int(o, mpz_sgn(z.get()) < 0);
}

Value big_from_int128(Int v) { return from_mpz(Mpz(v)); }

Value int_binary(Op op, const Value& a, const Value& b) {
  const bool small = !is_big(a) && !is_big(b);
  if (small) {
    const Int x = a.as_int(), y = b.as_int();
    switch (op) {
      case Op::Add: return Value::integer(x + y);  // |x|, |y| < 2**126: no int128 overflow
      case Op::Sub: return Value::integer(x - y);
      case Op::Mul: {
        Int r;
        if (!__builtin_mul_overflow(x, y, &r)) return Value::integer(r);
        break;
      }
      case Op::FloorDiv:
      case Op::Mod: {
        if (y == 0)
          throw ZeroDivisionError(op == Op::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
        Int q = x / y, r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) r += y, --q;
        return Value::integer(op == Op::Mod ? r : q);
      }
      case Op::BitAnd: return Value::integer(x & y);
      case Op::BitOr: return Value::integer(x | y);
      case Op::BitXor: return Value::integer(x ^ y);
      case Op::RShift:
        if (y < 0) throw ValueError("negative shift count");
        return Value::integer(y > 126 ? (x < 0 ? -1 : 0) : x >> static_cast<int>(y));
      default: break;
    }
  }
  const Mpz x = to_mpz(a), y = to_mpz(b);
  Mpz r;
  switch (op) {
    case Op::Add: mpz_add(r.get(), x.get(), y.get()); break;
    case Op::Sub: mpz_sub(r.get(), x.get(), y.get()); break;
    case Op::Mul: {
      const double bits = static_cast<double>(mpz_sizeinbase(x.get(), 2)) + static_cast<double>(mpz_sizeinbase(y.get(), 2));
      check_bits(bits);
      if (bits < kAbandonableBits) {
        mpz_mul(r.get(), x.get(), y.get());
        break;
      }
      auto out = std::make_shared<Mpz>();
      run_abandonable([out, x, y] { mpz_mul(out->get(), x.get(), y.get()); });
      return from_mpz(*out);
    }
    case Op::FloorDiv:
    case Op::Mod:
      if (mpz_sgn(y.get()) == 0)
        throw ZeroDivisionError(op == Op::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
      if (op == Op::Mod) mpz_fdiv_r(r.get(), x.get(), y.get());
      else mpz_fdiv_q(r.get(), x.get(), y.get());
      break;
    case Op::Div: return Value::floating(int_true_divide(a, b));
    case Op::Pow: return pow_values(a, b);
    case Op::BitAnd: mpz_and(r.get(), x.get(), y.get()); break;
    case Op::BitOr: mpz_ior(r.get(), x.get(), y.get()); break;
    case Op::BitXor: mpz_xor(r.get(), x.get(), y.get()); break;
    case Op::LShift: {
      if (mpz_sgn(y.get()) < 0) throw ValueError("negative shift count");
      if (mpz_sgn(x.get()) == 0) return Value::integer(0);
      if (!mpz_fits_slong_p(y.get())) throw OverflowError("too many digits in integer");
      const long s = mpz_get_si(y.get());
      check_bits(static_cast<double>(mpz_sizeinbase(x.get(), 2)) + static_cast<double>(s));
      mpz_mul_2exp(r.get(), x.get(), static_cast<mp_bitcnt_t>(s));
      break;
    }
    case Op::RShift: {
      if (mpz_sgn(y.get()) < 0) throw ValueError("negative shift count");
      if (!mpz_fits_ulong_p(y.get()) || mpz_get_ui(y.get()) > mpz_sizeinbase(x.get(), 2))
        return Value::integer(mpz_sgn(x.get()) < 0 ? -1 : 0);
      mpz_fdiv_q_2exp(r.get(), x.get(), mpz_get_ui(y.get()));
      break;
    }
    default:
      throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) + ": '" + type_name(a) +
                      "' and '" + type_name(b) + "'");
  }
  return from_mpz(r);
}

Value int_unary(Op op, const Value& v) {
  if (!is_big(v)) {
    const Int x = v.as_int();
    return Value::integer(op == Op::Neg ? -x : op == Op::Invert ? ~x : x);
  }
  Mpz r = to_mpz(v);
  if (op == Op::Neg) mpz_neg(r.get(), r.get());
  else if (op == Op::Invert) mpz_com(r.get(), r.get());
  return from_mpz(r);
}

Value int_abs(const Value& v) {
  if (!is_big(v)) return Value::integer(v.as_int() < 0 ? -v.as_int() : v.as_int());
  return from_mpz(magnitude(v));
}

int int_compare(const Value& a, const Value& b) {
  if (!is_big(a) && !is_big(b)) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int() ? 1 : 0;
  const int c = mpz_cmp(to_mpz(a).get(), to_mpz(b).get());
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool int_equal(const Value& a, const Value& b) {
  if (!is_big(a) && !is_big(b)) return a.as_int() == b.as_int();
  return int_compare(a, b) == 0;
}

int int_compare_float(const Value& i, double f) {
  if (std::isinf(f)) return f > 0 ? -1 : 1;
  if (!is_big(i) && i.as_int() <= (Int(1) << 53) && i.as_int() >= -(Int(1) << 53)) {
    const double x = static_cast<double>(i.as_int());
    return x < f ? -1 : x > f ? 1 : 0;
  }
  mpq_t q, fq;
  mpq_init(q);
  mpq_init(fq);
  mpq_set_z(q, to_mpz(i).get());
  mpq_set_d(fq, f);  // exact
  const int c = mpq_cmp(q, fq);
  mpq_clear(q);
  mpq_clear(fq);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

bool int_equals_float(const Value& i, double f) { return !std::isnan(f) && int_compare_float(i, f) == 0; }

double int_to_double(const Value& v) {
  if (!is_big(v)) {
    const Int x = v.as_int();
    if (x <= (Int(1) << 53) && x >= -(Int(1) << 53)) return static_cast<double>(x);
  }
  return rounded_quotient(magnitude(v), Mpz(1), mpz_sgn(to_mpz(v).get()) < 0, "int too large to convert to float");
}

double int_true_divide(const Value& a, const Value& b) {
  const Mpz y = to_mpz(b);
  if (mpz_sgn(y.get()) == 0) throw ZeroDivisionError("division by zero");
  const bool small = !is_big(a) && !is_big(b) && a.as_int() <= (Int(1) << 53) && a.as_int() >= -(Int(1) << 53) &&
                     b.as_int() <= (Int(1) << 53) && b.as_int() >= -(Int(1) << 53);
  if (small) return static_cast<double>(a.as_int()) / static_cast<double>(b.as_int());
  const Mpz x = to_mpz(a);
  const bool negative = (mpz_sgn(x.get()) < 0) != (mpz_sgn(y.get()) < 0);
  return rounded_quotient(magnitude(a), magnitude(b), negative, "integer division result too large for a float");
}

Value int_from_double(double f) {
  if (std::isnan(f)) throw ValueError("cannot convert float NaN to integer");
  if (std::isinf(f)) throw OverflowError("cannot convert float infinity to integer");
  const double t = std::trunc(f);
  if (std::fabs(t) < 1e37) return Value::integer(static_cast<Int>(t));
  Mpz z;
  mpz_set_d(z.get(), t);  // exact for an integral double
  return from_mpz(z);
}

Value int_divmod(const Value& a, const Value& b) {
  return Value::tuple({int_binary(Op::FloorDiv, a, b), int_binary(Op::Mod, a, b)});
}

Value int_pow_mod(const Value& base, const Value& exp, const Value& mod) {
  Mpz m = to_mpz(mod);
  if (mpz_sgn(m.get()) == 0) throw ValueError("pow() 3rd argument cannot be 0");
  const bool negative_mod = mpz_sgn(m.get()) < 0;
  mpz_abs(m.get(), m.get());
  Mpz b = to_mpz(base), e = to_mpz(exp), r;
  mpz_mod(b.get(), b.get(), m.get());
  if (mpz_sgn(e.get()) < 0) {
    if (mpz_cmp_ui(m.get(), 1) == 0) {
      mpz_set_ui(b.get(), 0);
    } else if (!mpz_invert(b.get(), b.get(), m.get())) {
      throw ValueError("base is not invertible for the given modulus");
    }
    mpz_neg(e.get(), e.get());
  }
  mpz_powm(r.get(), b.get(), e.get(), m.get());
  if (negative_mod && mpz_sgn(r.get()) != 0) mpz_sub(r.get(), r.get(), m.get());  // the modulus's sign
  return from_mpz(r);
}

int64_t int_hash(const Value& v) {
  constexpr uint64_t kModulus = (uint64_t(1) << 61) - 1;
  uint64_t h;
  bool negative;
  if (!is_big(v)) {
    const Int x = v.as_int();
    negative = x < 0;
    const unsigned __int128 mag = negative ? -static_cast<unsigned __int128>(x) : static_cast<unsigned __int128>(x);
    h = static_cast<uint64_t>(mag % kModulus);
  } else {
    const Mpz z = to_mpz(v);
    negative = mpz_sgn(z.get()) < 0;
    h = mpz_fdiv_ui(magnitude(v).get(), kModulus);
  }
  int64_t out = negative ? -static_cast<int64_t>(h) : static_cast<int64_t>(h);
  return out == -1 ? -2 : out;
}

int64_t int_bit_length(const Value& v) {
  const Mpz z = magnitude(v);
  return mpz_sgn(z.get()) == 0 ? 0 : static_cast<int64_t>(mpz_sizeinbase(z.get(), 2));
}

std::string int_to_string(const Value& v) {
  if (!is_big(v)) {
    Int x = v.as_int();
    if (x == 0) return "0";
    const bool negative = x < 0;
    unsigned __int128 u = negative ? -static_cast<unsigned __int128>(x) : static_cast<unsigned __int128>(x);
    char buf[48];
    char* p = buf + sizeof buf;
    while (u) {
      *--p = static_cast<char>('0' + static_cast<int>(u % 10));
      u /= 10;
    }
    if (negative) *--p = '-';
    return std::string(p, buf + sizeof buf);
  }
  const Mpz z = to_mpz(v);
  // mpz_sizeinbase may overstate by one digit; the exact count decides.
  if (g_max_str_digits > 0 && mpz_sizeinbase(z.get(), 10) > static_cast<size_t>(g_max_str_digits)) {
    std::string digits(mpz_sizeinbase(z.get(), 10) + 2, '\0');
    mpz_get_str(digits.data(), 10, z.get());
    const size_t n = std::strlen(digits.c_str()) - (mpz_sgn(z.get()) < 0 ? 1 : 0);
    if (n > static_cast<size_t>(g_max_str_digits)) too_many_digits();
    digits.resize(std::strlen(digits.c_str()));
    return digits;
  }
  std::string out(mpz_sizeinbase(z.get(), 10) + 2, '\0');
  mpz_get_str(out.data(), 10, z.get());
  out.resize(std::strlen(out.c_str()));
  return out;
}

std::string int_to_radix(const Value& v, int base, const char* prefix) {
  const Mpz z = to_mpz(v);
  Mpz mag = z;
  mpz_abs(mag.get(), mag.get());
  std::string digits(mpz_sizeinbase(mag.get(), base) + 2, '\0');
  mpz_get_str(digits.data(), base, mag.get());
  digits.resize(std::strlen(digits.c_str()));
  return std::string(mpz_sgn(z.get()) < 0 ? "-" : "") + prefix + digits;
}

std::optional<Value> int_parse(const std::string& text, int base) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  size_t i = 0, end = text.size();
  while (i < end && space(text[i])) ++i;
  while (end > i && space(text[end - 1])) --end;
  bool negative = false;
  if (i < end && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  bool prefixed = false;
  if (end - i >= 2 && text[i] == '0') {
    const char p = static_cast<char>(text[i + 1] | 0x20);
    const int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (pb && (base == 0 || base == pb)) {
      base = pb;
      i += 2;
      prefixed = true;
    }
  }
  const bool base0_decimal = base == 0;
  if (base == 0) base = 10;
  std::string digits;
  bool need_digit = !prefixed;  // after a prefix an underscore may come first ("0x_ff")
  for (size_t k = i; k < end; ++k) {
    const char c = text[k];
    if (c == '_') {
      if (need_digit) return std::nullopt;
      need_digit = true;
      continue;
    }
    const int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'z' ? (c | 0x20) - 'a' + 10 : 99;
    if (d >= base) return std::nullopt;
    digits += c;
    need_digit = false;
  }
  if (digits.empty() || need_digit) return std::nullopt;
  // Base 0 reads Python literals: a decimal with a leading zero must be all zeros.
  if (base0_decimal && !prefixed && digits.size() > 1 && digits[0] == '0' &&
      digits.find_first_not_of('0') != std::string::npos)
    return std::nullopt;
  if ((base & (base - 1)) != 0 && g_max_str_digits > 0 && digits.size() > static_cast<size_t>(g_max_str_digits))
    throw PyError("ValueError", "Exceeds the limit (" + std::to_string(g_max_str_digits) +
                                    " digits) for integer string conversion: value has " +
                                    std::to_string(digits.size()) +
                                    " digits; use sys.set_int_max_str_digits() to increase the limit");
  Mpz z;
  mpz_set_str(z.get(), digits.c_str(), base);
  if (negative) mpz_neg(z.get(), z.get());
  return from_mpz(z);
}

int64_t max_str_digits() { return g_max_str_digits; }
void set_max_str_digits(int64_t n) { g_max_str_digits = n; }

}  // namespace tsh::shell
