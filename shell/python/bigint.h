// shell/python/bigint.h — Python's unbounded ints.
//
// A Value holds an int inline while it lies within [-2**126, 2**126]; beyond
// that it holds a BigIntObj (a GMP integer) and its inline field keeps
// ±(2**126 + 1), so that code converting an int to a C size or index sees it
// out of range and raises its own overflow error. Arithmetic, comparison,
// hashing and printing of ints go through here: exact at any size, with
// Python's rounding (floor division, correctly rounded true division and
// int → float) and Python 3.11's limit on decimal conversion (4300 digits).
#pragma once

#include <gmp.h>

#include <string>

#include "grammar/ast.h"
#include "shell/python/value.h"

namespace tsh::shell {

// An owning GMP integer.
class Mpz {
 public:
  Mpz() { mpz_init(z_); }
  explicit Mpz(Int v);
  Mpz(const Mpz& o) { mpz_init_set(z_, o.z_); }
  Mpz& operator=(const Mpz& o) {
    mpz_set(z_, o.z_);
    return *this;
  }
  ~Mpz() { mpz_clear(z_); }
  mpz_ptr get() { return z_; }
  mpz_srcptr get() const { return z_; }

 private:
  mpz_t z_;
};

struct BigIntObj : Object {
  Mpz value;
};

bool is_big(const Value& v);             // an int held as a BigIntObj
Mpz to_mpz(const Value& v);              // an int or bool
Value from_mpz(const Mpz& z);            // inline when it fits
Value big_from_int128(Int v);            // for Value::integer beyond the inline range

// Operators on ints and bools (Python's results, bools becoming ints where Python's do).
Value int_binary(grammar::Op op, const Value& a, const Value& b);
Value int_unary(grammar::Op op, const Value& v);  // Neg, Pos, Invert
int int_compare(const Value& a, const Value& b);  // -1, 0, 1
bool int_equal(const Value& a, const Value& b);
// Whether the int equals the float exactly (1 == 1.0, 2**53 + 1 != 2.0**53 + 1).
bool int_equals_float(const Value& i, double f);
int int_compare_float(const Value& i, double f);  // for finite f
double int_to_double(const Value& v);              // correctly rounded; OverflowError beyond float's range
double int_true_divide(const Value& a, const Value& b);  // a / b, correctly rounded
Value int_from_double(double f);                   // int(f): truncates; ValueError/OverflowError for nan/inf
Value int_divmod(const Value& a, const Value& b);
Value int_pow_mod(const Value& base, const Value& exp, const Value& mod);
Value int_abs(const Value& v);
int64_t int_hash(const Value& v);                  // CPython's numeric hash (mod 2**61 - 1)
int64_t int_bit_length(const Value& v);

// Digits. Decimal conversion longer than max_str_digits() is Python 3.11's ValueError.
std::string int_to_string(const Value& v);
std::string int_to_radix(const Value& v, int base, const char* prefix);  // bin/oct/hex
// int(text, base) after Python's cleaning (sign, underscores, prefix for base 0 or matching);
// nullopt when the text is not a valid literal.
std::optional<Value> int_parse(const std::string& text, int base);
int64_t max_str_digits();
void set_max_str_digits(int64_t n);  // 0 (no limit) or >= 640, as sys.set_int_max_str_digits

}  // namespace tsh::shell
