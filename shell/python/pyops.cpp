// shell/python/pyops.cpp — Python's operators on numbers, strings and sequences.
//
// Anything involving a tensor is handed to tensor_binary / tensor_unary /
// tensor_compare (shell/torch/tensor_ops.cpp), which follow PyTorch.
#include "shell/python/pyops.h"

#include <cmath>

#include "shell/interp.h"
#include "shell/python/bigint.h"
#include "shell/python/classes.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/set.h"

#include "shell/python/modules.h"

namespace tsh::shell {

using grammar::Op;

int64_t normalize_index(const Value& index, int64_t len, const char* what) {
  Value idx = index;
  if (idx.is(Kind::Instance))  // an object with __index__
    if (std::optional<Value> n = idx.as<InstanceObj>()->as_number(); n && n->is_intlike()) idx = *n;
  if (idx.is(Kind::Tensor)) idx = index_arg(idx);  // Tensor.__index__: a one-element integer tensor
  if (!idx.is_intlike())
    throw TypeError(std::string(what) + " indices must be integers or slices, not " + type_name(idx));
  Int i = idx.as_int();
  if (i > INT64_MAX || i < INT64_MIN) throw IndexError("cannot fit 'int' into an index-sized integer");
  if (i < 0) i += len;
  if (i < 0 || i >= len) throw IndexError(std::string(what) + " index out of range");
  return static_cast<int64_t>(i);
}

namespace {

double py_fmod(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  if (r == 0) r = std::copysign(0.0, b);
  return r;
}

std::vector<Value> repeat(const std::vector<Value>& items, Int n) {
  if (n > INT64_MAX || n < INT64_MIN) throw OverflowError("cannot fit 'int' into an index-sized integer");
  // A result too large to hold is a MemoryError before any work (`[0] * 10**12`).
  check_container_size(static_cast<long double>(n) * static_cast<long double>(items.size()));
  std::vector<Value> out;
  for (Int k = 0; k < n; ++k) out.insert(out.end(), items.begin(), items.end());
  return out;
}

// CPython's complex arithmetic (complexobject.c), whose rounding and errors
// std::complex does not share: (-8) ** (1/3) is (1.0000000000000002+...j),
// 1j ** -1 is -1j, (1+2j) ** 1000 is an OverflowError.
using Complex = std::complex<double>;

Complex c_prod(Complex a, Complex b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// Smith's algorithm; a zero divisor sets *zero.
Complex c_quot(Complex a, Complex b, bool* zero) {
  const double abs_br = std::fabs(b.real()), abs_bi = std::fabs(b.imag());
  if (abs_br >= abs_bi) {
    if (abs_br == 0.0) {
      *zero = true;
      return {0.0, 0.0};
    }
    const double ratio = b.imag() / b.real(), denom = b.real() + b.imag() * ratio;
    return {(a.real() + a.imag() * ratio) / denom, (a.imag() - a.real() * ratio) / denom};
  }
  if (abs_bi >= abs_br) {
    const double ratio = b.real() / b.imag(), denom = b.real() * ratio + b.imag();
    return {(a.real() * ratio + a.imag()) / denom, (a.imag() * ratio - a.real()) / denom};
  }
  return {NAN, NAN};  // a NaN in b
}

Value complex_pow(Complex a, Complex b) {
  bool domain = false;
  Complex r;
  if (b.imag() == 0.0 && b.real() == std::floor(b.real()) && std::fabs(b.real()) <= 100.0) {
    // c_powi: repeated squaring, and 1/x**n for a negative n.
    auto powu = [](Complex x, long n) {
      Complex out{1.0, 0.0}, p = x;
      for (long mask = 1; mask > 0 && n >= mask; mask <<= 1) {
        if (n & mask) out = c_prod(out, p);
        p = c_prod(p, p);
      }
      return out;
    };
    const long n = static_cast<long>(b.real());
    r = n > 0 ? powu(a, n) : c_quot({1.0, 0.0}, powu(a, -n), &domain);
  } else if (b.real() == 0.0 && b.imag() == 0.0) {
    r = {1.0, 0.0};
  } else if (a.real() == 0.0 && a.imag() == 0.0) {
    domain = b.imag() != 0.0 || b.real() < 0.0;
    r = {0.0, 0.0};
  } else {
    const double vabs = std::hypot(a.real(), a.imag()), at = std::atan2(a.imag(), a.real());
    double len = std::pow(vabs, b.real()), phase = at * b.real();
    if (b.imag() != 0.0) {
      len /= std::exp(at * b.imag());
      phase += b.imag() * std::log(vabs);
    }
    r = {len * std::cos(phase), len * std::sin(phase)};
  }
  if (domain) throw ZeroDivisionError("0.0 to a negative or complex power");
  if (std::isinf(r.real()) || std::isinf(r.imag())) throw OverflowError("complex exponentiation");
  return Value::complex(r);
}

// x op y has no meaning for these types; x op= y words it with its own operator, as CPython does.
[[noreturn]] void unsupported(Op op, const Value& a, const Value& b, bool inplace = false) {
  throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) + (inplace ? "=" : "") +
                  ": '" + type_name(a) + "' and '" + type_name(b) + "'");
}

// A torch.Size of items, which must all be ints (torch.Size()'s own check).
Value size_of_items(const std::vector<Value>& items) {
  Shape s;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_intlike())
      throw TypeError("torch.Size() takes an iterable of 'int' (item " + std::to_string(i) + " is '" +
                      type_name(items[i]) + "')");
    s.push_back(static_cast<int64_t>(items[i].as_int()));
  }
  return Value::size(s);
}

Value number_binary(Op op, const Value& a, const Value& b, bool inplace) {
  bool is_complex = a.is(Kind::Complex) || b.is(Kind::Complex);
  bool is_float = a.is(Kind::Float) || b.is(Kind::Float);
  if (is_complex) {
    std::complex<double> x = a.as_complex(), y = b.as_complex();
    switch (op) {
      case Op::Add: return Value::complex(x + y);
      case Op::Sub: return Value::complex(x - y);
      case Op::Mul: return Value::complex(c_prod(x, y));
      case Op::Div: {
        bool zero = false;
        const Complex q = c_quot(x, y, &zero);
        if (zero) throw ZeroDivisionError("complex division by zero");
        return Value::complex(q);
      }
      case Op::Pow: return complex_pow(x, y);
      default: unsupported(op, a, b, inplace);
    }
  }
  if (is_float) {
    double x = a.as_float(), y = b.as_float();
    switch (op) {
      case Op::Add: return Value::floating(x + y);
      case Op::Sub: return Value::floating(x - y);
      case Op::Mul: return Value::floating(x * y);
      case Op::Div:
        if (y == 0) throw ZeroDivisionError("float division by zero");
        return Value::floating(x / y);
      case Op::FloorDiv:
        if (y == 0) throw ZeroDivisionError("float floor division by zero");
        return Value::floating(std::floor(x / y));
      case Op::Mod:
        if (y == 0) throw ZeroDivisionError("float modulo");
        return Value::floating(py_fmod(x, y));
      case Op::Pow:
        if (x == 0 && y < 0) throw ZeroDivisionError("0.0 cannot be raised to a negative power");
        if (x < 0 && y != std::floor(y)) return complex_pow({x, 0.0}, {y, 0.0});  // float_pow's complex result
        {
          const double r = std::pow(x, y);
          // float_pow: an infinity from finite operands is ERANGE, which Python raises.
          if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
            throw OverflowError("(34, 'Numerical result out of range')");
          return Value::floating(r);
        }
      default: unsupported(op, a, b, inplace);
    }
  }
  // bool & bool stays a bool, as in Python; everything else is int arithmetic.
  if (a.is(Kind::Bool) && b.is(Kind::Bool)) {
    const bool x = a.as_bool(), y = b.as_bool();
    if (op == Op::BitAnd) return Value::boolean(x && y);
    if (op == Op::BitOr) return Value::boolean(x || y);
    if (op == Op::BitXor) return Value::boolean(x != y);
  }
  if (op == Op::MatMul) unsupported(op, a, b, inplace);  // (the one operator ints lack: `i @= 2` says @=)
  return int_binary(op, a, b);
}

int compare_order(const Value& a, const Value& b, Op op);

bool ordered(Op op, int c) {
  switch (op) {
    case Op::Lt: return c < 0;
    case Op::LtE: return c <= 0;
    case Op::Gt: return c > 0;
    case Op::GtE: return c >= 0;
    default: return false;
  }
}

// -1, 0, 1 for numbers, strings and sequences (lexicographic).
int compare_order(const Value& a, const Value& b, Op op) {
  // A collections.namedtuple orders as the tuple it is.
  auto as_tuple = [](const Value& v) {
    return v.is(Kind::NamedTuple) && v.as<NamedTupleObj>()->cls.is(Kind::Type) ? Value::tuple(v.as<NamedTupleObj>()->items) : v;
  };
  if (a.is(Kind::NamedTuple) || b.is(Kind::NamedTuple)) {
    const Value x = as_tuple(a), y = as_tuple(b);
    if (!x.is(Kind::NamedTuple) && !y.is(Kind::NamedTuple)) return compare_order(x, y, op);
  }
  if (a.is_number() && b.is_number() && !a.is(Kind::Complex) && !b.is(Kind::Complex)) {
    if (a.is(Kind::Float) || b.is(Kind::Float)) {
      const bool both = a.is(Kind::Float) && b.is(Kind::Float);
      const double x = a.is(Kind::Float) ? a.as_float() : 0, y = b.is(Kind::Float) ? b.as_float() : 0;
      if (std::isnan(x) || std::isnan(y)) return 2;  // every ordering is false
      if (both) return x < y ? -1 : x > y ? 1 : 0;
      // An int against a float compares exactly, as Python does.
      return a.is(Kind::Float) ? -int_compare_float(b, x) : int_compare_float(a, y);
    }
    return int_compare(a, b);
  }
  if (a.is(Kind::Str) && b.is(Kind::Str)) return a.as_str().compare(b.as_str()) < 0 ? -1 : a.as_str() == b.as_str() ? 0 : 1;
  if (a.is_sequence() && b.is_sequence() && a.is(Kind::List) == b.is(Kind::List)) {
    auto& x = a.items();
    auto& y = b.items();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (values_equal(x[i], y[i])) continue;
      return compare_order(x[i], y[i], op);
    }
    return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  }
  throw TypeError(std::string("'") + grammar::op_symbol(op) + "' not supported between instances of '" +
                  type_name(a) + "' and '" + type_name(b) + "'");
}

}  // namespace

namespace {

// i * 2, i % 10, i // 3 of ints under 2^62 in size: the product fits inline and the floor
// division and modulo are Python's (the remainder takes the divisor's sign). False for the rest
// (big ints, a zero divisor: int_binary's way and messages).
bool small_int_binary(Op op, const Value& a, const Value& b, Value& out) {
  if (!a.is(Kind::Int) || !b.is(Kind::Int) || a.obj() || b.obj()) return false;
  constexpr Int kSmall = Int(1) << 62;
  const Int x = a.as_int(), y = b.as_int();
  if (x <= -kSmall || x >= kSmall || y <= -kSmall || y >= kSmall) return false;
  switch (op) {
    case Op::Mul: out = Value::integer(x * y); return true;
    case Op::Mod:
    case Op::FloorDiv: {
      if (y == 0) return false;
      // In 64 bits: both are under 2^62 in size (a 128-bit division is a libgcc call).
      const int64_t x64 = static_cast<int64_t>(x), y64 = static_cast<int64_t>(y);
      int64_t q = x64 / y64, r = x64 % y64;
      if (r != 0 && ((r < 0) != (y64 < 0))) --q, r += y64;
      out = Value::integer(op == Op::Mod ? r : q);
      return true;
    }
    default: return false;
  }
}

}  // namespace

Value Interpreter::binary_general(Op op, const Value& a, const Value& b, bool inplace) {
  if (Value small; small_int_binary(op, a, b, small)) return small;
  if (inplace && a.is(Kind::Instance))  // x += y: __iadd__ first, then x + y
    if (std::optional<Value> r = a.as<InstanceObj>()->inplace_op(*this, static_cast<int>(op), a, b)) return *r;
  // (a tsh class's instance words a failing x op= y with op=)
  auto instance_op = [&](const Value& self, const Value& other, bool self_left) {
    if (UserInstance* u = as_user(self))
      return u->binary_op_worded(*this, static_cast<int>(op), self, other, self_left, inplace);
    return self.as<InstanceObj>()->binary_op(*this, static_cast<int>(op), self, other, self_left);
  };
  if (a.is(Kind::Instance))
    if (std::optional<Value> r = instance_op(a, b, true)) return *r;
  if (b.is(Kind::Instance))
    if (std::optional<Value> r = instance_op(b, a, false)) return *r;
  if (a.is(Kind::Tensor) || b.is(Kind::Tensor)) return tensor_binary(*this, op, a, b, inplace);
  if (a.is_number() && b.is_number()) return number_binary(op, a, b, inplace);
  if (op == Op::Add) {
    if (a.is(Kind::Str) && b.is(Kind::Str)) return Value::str(a.as_str() + b.as_str());
    if (a.is(Kind::List) && b.is(Kind::List)) {
      if (inplace) {  // `l += [x]` extends the same list
        a.items().insert(a.items().end(), b.items().begin(), b.items().end());
        return a;
      }
      std::vector<Value> out = a.items();
      out.insert(out.end(), b.items().begin(), b.items().end());
      return Value::list(std::move(out));
    }
    if ((a.is(Kind::Tuple) || a.is(Kind::Size)) && (b.is(Kind::Tuple) || b.is(Kind::Size))) {
      std::vector<Value> out = a.items();
      out.insert(out.end(), b.items().begin(), b.items().end());
      // PyTorch 2.x: a torch.Size on either side gives a torch.Size (of ints only).
      if (a.is(Kind::Tuple) && b.is(Kind::Tuple)) return Value::tuple(std::move(out));
      return size_of_items(out);
    }
    // Python's (and torch.Size's) words for joining a sequence with another kind.
    if (a.is(Kind::Size) && !b.is_number() && !b.is(Kind::Tensor))
      throw TypeError("can only concatenate tuple (not " + type_name(b) + ") to torch.Size");
    if ((a.is(Kind::Tuple) || a.is(Kind::List) || a.is(Kind::Str)) && !b.is(Kind::Tensor) &&
        !(a.is(Kind::Tuple) && b.is(Kind::Size))) {
      const std::string kind = a.is(Kind::Tuple) ? "tuple" : a.is(Kind::List) ? "list" : "str";
      if (kind == "str")
        throw TypeError("can only concatenate str (not \"" + type_name(b) + "\") to str");
      throw TypeError("can only concatenate " + kind + " (not \"" + type_name(b) + "\") to " + kind);
    }
  }
  if (op == Op::Mul) {
    const Value* seq = a.is_intlike() ? &b : &a;
    const Value* n = a.is_intlike() ? &a : &b;
    if (n->is_intlike()) {
      Int k = n->as_int();
      if (k > INT64_MAX || k < INT64_MIN) throw OverflowError("cannot fit 'int' into an index-sized integer");
      if (seq->is(Kind::Str)) {
        std::string out;
        check_string_size(static_cast<long double>(k) * static_cast<long double>(seq->as_str().size()));
        for (Int i = 0; i < k; ++i) out += seq->as_str();
        return Value::str(out);
      }
      if (seq->is(Kind::List)) return Value::list(repeat(seq->items(), k));
      if (seq->is(Kind::Tuple)) return Value::tuple(repeat(seq->items(), k));
      if (seq->is(Kind::Size)) return size_of_items(repeat(seq->items(), k));
    }
    // A sequence times anything that is not an int (nor a tensor, handled above).
    auto is_seq = [](const Value& v) {
      return v.is(Kind::Str) || v.is(Kind::List) || v.is(Kind::Tuple) || v.is(Kind::Size);
    };
    if ((is_seq(a) && !b.is_intlike()) || (is_seq(b) && !a.is_intlike()))
      throw TypeError("can't multiply sequence by non-int of type '" + type_name(is_seq(a) ? b : a) + "'");
  }
  if (op == Op::Mod && a.is(Kind::Str)) return Value::str(percent_format(a.as_str(), b));
  if (std::optional<Value> r = set_binary(*this, op, a, b, inplace)) return *r;
  if (op == Op::BitOr && a.is(Kind::Dict) && b.is(Kind::Dict)) {  // d1 | d2, d1 |= d2 (Python 3.9)
    Value out = inplace ? a : make_dict();
    if (!inplace)
      for (const Value& item : dict_of(a).items()) dict_of(out).set(item.items()[0], item.items()[1]);
    for (const Value& item : dict_of(b).items()) dict_of(out).set(item.items()[0], item.items()[1]);
    return out;
  }
  unsupported(op, a, b, inplace);
}

Value Interpreter::unary(Op op, const Value& v) {
  if (op == Op::Not) return Value::boolean(!truthy(v));
  if (v.is(Kind::Tensor)) return tensor_unary(*this, op, v);
  if (v.is(Kind::Instance))
    if (std::optional<Value> r = v.as<InstanceObj>()->unary_op(*this, static_cast<int>(op), v)) return *r;
  switch (op) {
    case Op::Neg:
      if (v.is_intlike()) return int_unary(op, v);
      if (v.is(Kind::Float)) return Value::floating(-v.as_float());
      if (v.is(Kind::Complex)) return Value::complex(-v.as_complex());
      break;
    case Op::Pos:
      if (v.is_intlike()) return int_unary(op, v);
      if (v.is(Kind::Float) || v.is(Kind::Complex)) return v;
      break;
    case Op::Invert:
      if (v.is_intlike()) return int_unary(op, v);
      break;
    default: break;
  }
  const char* sym = op == Op::Neg ? "-" : op == Op::Pos ? "+" : "~";
  throw TypeError(std::string("bad operand type for unary ") + sym + ": '" + type_name(v) + "'");
}

bool Interpreter::compare(Op op, const Value& a, const Value& b, Value* tensor_result) {
  switch (op) {
    case Op::Is: return a.kind() == b.kind() && a.identity() == b.identity();
    case Op::IsNot: return !(a.kind() == b.kind() && a.identity() == b.identity());
    case Op::In:
    case Op::NotIn: {
      bool found = false;
      if (b.is(Kind::Str)) {
        if (!a.is(Kind::Str))
          throw TypeError("'in <string>' requires string as left operand, not " + type_name(a));
        found = b.as_str().find(a.as_str()) != std::string::npos;
      } else if (b.is(Kind::Dict)) {  // a hash lookup: unhashable keys are a TypeError
        found = dict_of(b).find(a) != nullptr;
      } else if (is_set_like(b)) {
        found = set_of(b).contains(a, py_hash(a));
      } else if (b.is(Kind::Tensor)) {
        // Tensor.__contains__: (element == self).any() for a tensor or a number only.
        if (!a.is(Kind::Tensor) && !a.is_number())
          throw RuntimeError("Tensor.__contains__ only supports Tensor or scalar, but you passed in a <class '" +
                             type_name(a) + "'>.");
        Value eq = tensor_compare(*this, Op::Eq, a, b);
        found = truthy(tensor_any(eq));
      } else if (std::optional<bool> has;
                 b.is(Kind::Instance) && (has = b.as<InstanceObj>()->contains(*this, b, a))) {
        found = *has;  // the class's __contains__
      } else {
        // Python's rule, item is a or item == a. A tensor's == with a tensor or a
        // number is a tensor, whose truth may be ambiguous (PyTorch's error); with
        // anything else (None, str, list) it is False.
        auto comparable = [](const Value& v) { return v.is(Kind::Tensor) || v.is_number(); };
        for (const Value& x : iterate(b)) {
          bool equal;
          if (x.kind() == a.kind() && x.identity() == a.identity()) equal = true;
          else if (x.is(Kind::Tensor) || a.is(Kind::Tensor))
            equal = comparable(x) && comparable(a) && truthy(tensor_compare(*this, Op::Eq, x, a));
          else equal = values_equal(x, a);
          if (equal) {
            found = true;
            break;
          }
        }
      }
      return op == Op::In ? found : !found;
    }
    default: break;
  }
  if (a.is(Kind::Instance) || b.is(Kind::Instance)) {  // elementwise comparisons (numpy.ndarray)
    const bool left = a.is(Kind::Instance);
    const Value& self = left ? a : b;
    if (std::optional<Value> r =
            self.as<InstanceObj>()->binary_op(*this, static_cast<int>(op), self, left ? b : a, left)) {
      *tensor_result = *r;
      return false;
    }
  }
  if (a.is(Kind::Tensor) || b.is(Kind::Tensor)) {
    *tensor_result = tensor_compare(*this, op, a, b);
    return false;
  }
  if (op == Op::Eq) return values_equal(a, b);
  if (op == Op::NotEq) return !values_equal(a, b);
  if (std::optional<bool> r = set_compare(op, a, b)) return *r;
  return ordered(op, compare_order(a, b, op));
}

}  // namespace tsh::shell
