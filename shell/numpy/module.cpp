// shell/numpy/module.cpp — the numpy module: ndarrays over tsh's tensors, NumPy's creation
// functions and dtypes, printed exactly as NumPy 2.x prints them (engine/format/numpy_repr.h).
//
// What NumPy has and this module does not raises AttributeError, as for any
// missing attribute: nothing is accepted and ignored.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <functional>
#include <set>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/core/shape.h"
#include "engine/format/numpy_repr.h"
#include "engine/format/shape_repr.h"
#include "engine/ops/binary.h"
#include "engine/ops/compare.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/host_values.h"
#include "engine/ops/memory_format.h"
#include "engine/ops/reduce.h"
#include "engine/ops/scan.h"
#include "engine/ops/ternary.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/numpy/array.h"
#include "shell/numpy/layout.h"
#include "shell/python/bigint.h"
#include "shell/python/bytes.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/embedded.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/warnings.h"
#include "shell/torch/tensor_data.h"

namespace tsh::shell {

namespace {

// NumPy's casting rules between two dtypes: 'no'/'equiv' (the same), 'safe' (every value kept),
// 'same_kind' (safe, or within a kind, or up the order bool < unsigned < signed < float < complex),
// 'unsafe' (any).
int kind_rank(DType d) {
  if (d == DType::Bool) return 0;
  if (is_unsigned(d)) return 1;
  if (is_complex(d)) return 4;
  if (is_floating(d)) return 3;
  return 2;
}

// The integer bits a float (or a complex's float part) holds exactly: float16 11, float32 24, float64 53.
int mantissa_bits(DType d) {
  if (d == DType::Float16) return 11;
  if (d == DType::Float32 || d == DType::Complex64) return 24;
  return 53;
}

bool safe_cast(DType from, DType to) {
  if (from == to || from == DType::Bool) return true;
  if (to == DType::Bool) return false;
  const int kf = kind_rank(from), kt = kind_rank(to);
  if (kf == 4) return kt == 4 && itemsize(to) >= itemsize(from);
  if (kf == 3) return (kt == 3 && itemsize(to) >= itemsize(from)) || (kt == 4 && mantissa_bits(to) >= mantissa_bits(from));
  // an integer: into a wider signed integer (an unsigned one strictly wider), or into a float whose
  // mantissa holds it (every integer into float64, as NumPy has it)
  if (kt == 2) return kf == 2 ? itemsize(to) >= itemsize(from) : itemsize(to) > itemsize(from);
  if (kt == 1) return kf == 1 && itemsize(to) >= itemsize(from);
  const int bits = static_cast<int>(itemsize(from) * 8) - (kf == 2 ? 1 : 0);
  return bits <= mantissa_bits(to) || mantissa_bits(to) == 53;
}

bool can_cast(DType from, DType to, const std::string& casting) {
  if (casting == "unsafe") return true;
  if (casting == "no" || casting == "equiv") return from == to;
  if (casting == "safe") return safe_cast(from, to);
  if (casting == "same_kind") return safe_cast(from, to) || kind_rank(to) >= kind_rank(from);
  if (casting == "same_value") throw NotImplementedError("astype: tsh does not have casting='same_value' (NumPy 2.4's) yet");
  throw ValueError("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe', 'same_value' (got '" + casting + "')");
}

// reshape in NumPy's order: 'C' (row-major, the last index fastest), 'F' (column-major: the first
// fastest, a reshape of the reversed dims), 'A' (F for an array that is only F-contiguous).
Tensor reshaped(const Tensor& x, const Shape& shape, const Value& order_v) {
  const std::string order = order_v.is_none() ? "C" : order_v.as_str();
  if (order == "K") throw ValueError("order 'K' is not permitted for reshaping");
  if (order != "C" && order != "F" && order != "A")
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + order + "')");
  const bool fortran = order == "F" || (order == "A" && numpy_contiguous(x, true) && !numpy_contiguous(x, false));
  if (!fortran) return reshape(x, shape);
  std::vector<int64_t> rev_in, rev_out;
  for (int64_t d = x.dim() - 1; d >= 0; --d) rev_in.push_back(d);
  Shape out_rev(shape.rbegin(), shape.rend());
  Tensor r = reshape(permute(x, rev_in), out_rev);
  for (int64_t d = r.dim() - 1; d >= 0; --d) rev_out.push_back(d);
  return permute(r, rev_out);
}


Value type_value(const std::string& qualname) {
  static std::map<std::string, Value> types;
  auto it = types.find(qualname);
  if (it != types.end()) return it->second;
  auto t = std::make_shared<TypeObj>();
  t->name = qualname;
  t->ctor = [qualname](Interpreter&, Args&, Kwargs&) -> Value {
    throw NotImplementedError(qualname + "(...): tsh makes arrays with numpy.array, asarray, zeros, ones and arange");
  };
  return types[qualname] = Value::object(Kind::Type, t);
}

// numpy.dtype('float32'): NumPy's dtype object.
struct DtypeObj : InstanceObj {
  DType d;
  explicit DtypeObj(DType dt) : d(dt) {}
  std::string class_name() const override { return "dtype[" + format::numpy_dtype_name(d) + "]"; }
  std::string module_name() const override { return "numpy"; }
  std::vector<std::string> attr_names() const override {
    return {"itemsize", "name", "kind", "char", "str", "byteorder", "type", "num", "alignment"};
  }
  // NumPy's one-letter codes, array-interface strings and type numbers, as on x86-64 Linux.
  struct Codes {
    char kind, chr;
    const char* str;
    int num;
  };
  Codes codes() const {
    switch (d) {
      case DType::Bool: return {'b', '?', "|b1", 0};
      case DType::Int8: return {'i', 'b', "|i1", 1};
      case DType::UInt8: return {'u', 'B', "|u1", 2};
      case DType::Int16: return {'i', 'h', "<i2", 3};
      case DType::Int32: return {'i', 'i', "<i4", 5};
      case DType::Int64: return {'i', 'l', "<i8", 7};
      case DType::UInt16: return {'u', 'H', "<u2", 4};
      case DType::UInt32: return {'u', 'I', "<u4", 6};
      case DType::UInt64: return {'u', 'L', "<u8", 8};
      case DType::Float16: return {'f', 'e', "<f2", 23};
      case DType::Float32: return {'f', 'f', "<f4", 11};
      case DType::Float64: return {'f', 'd', "<f8", 12};
      case DType::Complex64: return {'c', 'F', "<c8", 14};
      case DType::Complex128: return {'c', 'D', "<c16", 15};
      default: throw NotImplementedError("numpy.dtype: tsh has no NumPy codes for " + format::numpy_dtype_name(d));
    }
  }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    if (n == "name") return Value::str(format::numpy_dtype_name(d));
    if (n == "itemsize") return Value::integer(itemsize(d));
    if (n == "alignment") return Value::integer(is_complex(d) ? itemsize(d) / 2 : itemsize(d));
    if (n == "kind") return Value::str(std::string(1, codes().kind));
    if (n == "char") return Value::str(std::string(1, codes().chr));
    if (n == "str") return Value::str(codes().str);
    if (n == "byteorder") return Value::str(itemsize(d) == 1 ? "|" : "=");
    if (n == "num") return Value::integer(codes().num);
    if (n == "type") return type_value("numpy." + format::numpy_dtype_name(d));
    throw AttributeError("'numpy.dtype' object has no attribute '" + n + "'");
  }
  std::string repr_of(const Value&) const override { return "dtype('" + format::numpy_dtype_name(d) + "')"; }
  std::string str_of(const Value&) const override { return format::numpy_dtype_name(d); }
  std::optional<bool> equals(const Value&, const Value& other) const override {
    if (other.is(Kind::Instance))
      if (auto o = dynamic_cast<DtypeObj*>(other.as<InstanceObj>())) return o->d == d;
    if (other.is(Kind::Str)) return format::numpy_dtype_name(d) == other.as_str();
    if (other.is(Kind::Type)) {  // np.dtype('u8') == np.uint64, np.dtype('float64') == float
      const std::string& name = other.as<TypeObj>()->name;
      if (name.rfind("numpy.", 0) != 0 && name != "int" && name != "float" && name != "bool" && name != "complex")
        return false;
      try {
        return numpy_dtype_arg(other) == d;
      } catch (const Error&) {
        return false;  // numpy.ndarray and the other non-dtype types
      }
    }
    return false;
  }
};

Value dtype_value(DType d) {
  auto o = std::make_shared<DtypeObj>(d);
  o->type = type_value("numpy.dtype");
  return Value::object(Kind::Instance, o);
}

Value wrap(const Tensor& t);
std::optional<DType> dtype_arg(const Value& v);
Shape shape_arg(const Value& v);
Tensor array_from(const Value& obj, std::optional<DType> dtype, bool copy);

// NumPy's result of two integer dtypes: the wider of one signedness; an unsigned meeting a
// signed one, the signed one if wider, else the signed type twice the unsigned one's width
// (uint64 with any signed type: float64, which NumPy takes as holding both).
DType integer_result(DType a, DType b) {
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (is_unsigned(a) == is_unsigned(b)) return itemsize(a) >= itemsize(b) ? a : b;
  const DType u = is_unsigned(a) ? a : b, s = is_unsigned(a) ? b : a;
  if (itemsize(s) > itemsize(u)) return s;
  switch (itemsize(u)) {
    case 1: return DType::Int16;
    case 2: return DType::Int32;
    case 4: return DType::Int64;
    default: return DType::Float64;
  }
}

// NumPy's result dtype of a binary op on two arrays (NEP 50): within a kind as above; an integer
// meeting a float takes the smallest float that holds it (8 bits: float16, 16 bits: float32,
// wider: float64).
DType array_result(DType a, DType b) {
  auto min_float = [](DType i) {
    switch (i) {
      case DType::UInt8:
      case DType::Int8: return DType::Float16;
      case DType::UInt16:
      case DType::Int16: return DType::Float32;
      case DType::Bool: return DType::Float16;
      default: return DType::Float64;
    }
  };
  const bool fa = is_floating(a), fb = is_floating(b);
  // an integer meeting a complex: the complex of the float that holds the integer, at least the complex's own
  if (is_complex(a) && !fb && !is_complex(b) && b != DType::Bool)
    return promote_types(a, min_float(b) == DType::Float64 ? DType::Complex128 : DType::Complex64);
  if (is_complex(b) && !fa && !is_complex(a) && a != DType::Bool)
    return promote_types(b, min_float(a) == DType::Float64 ? DType::Complex128 : DType::Complex64);
  if (fa && !fb && !is_complex(b)) return b == DType::Bool ? a : promote_types(a, min_float(b));
  if (fb && !fa && !is_complex(a)) return a == DType::Bool ? b : promote_types(b, min_float(a));
  if (is_integral(a, true) && is_integral(b, true)) return integer_result(a, b);
  return promote_types(a, b);
}

// A Python number meeting an array of dtype d (weak, NEP 50): the array's dtype, except that a
// float makes an integer or bool array float64, and an int makes a bool array int64.
DType scalar_result(DType d, const Value& number) {
  if (number.is(Kind::Float) && !is_floating(d) && !is_complex(d)) return DType::Float64;
  if (number.is_intlike() && !number.is(Kind::Bool) && d == DType::Bool) return DType::Int64;
  return d;
}

}  // namespace

DType numpy_result_dtype(DType a, DType b) { return array_result(a, b); }

namespace {
// The values an integer dtype holds, as Python ints.
std::pair<Int, Int> integer_bounds(DType d) {
  switch (d) {
    case DType::Int8: return {INT8_MIN, INT8_MAX};
    case DType::Int16: return {INT16_MIN, INT16_MAX};
    case DType::Int32: return {INT32_MIN, INT32_MAX};
    case DType::UInt8: return {0, UINT8_MAX};
    case DType::UInt16: return {0, UINT16_MAX};
    case DType::UInt32: return {0, UINT32_MAX};
    case DType::UInt64: return {0, Int(UINT64_MAX)};
    default: return {INT64_MIN, INT64_MAX};
  }
}

// NumPy 2 compares an integer array with any Python int exactly: one its dtype cannot hold is
// above (or below) every element, so the answer is the same everywhere (uint16 < 70000 is all
// True; uint64 == -1 all False). nullopt when the int fits and the elements must be compared.
std::optional<bool> compare_beyond_range(grammar::Op op, DType d, const Value& n, bool array_left) {
  using grammar::Op;
  const auto [lo, hi] = integer_bounds(d);
  bool n_above;
  if (is_big(n)) n_above = repr(n)[0] != '-';
  else if (n.as_int() > hi) n_above = true;
  else if (n.as_int() < lo) n_above = false;
  else return std::nullopt;
  if (op == Op::Eq) return false;
  if (op == Op::NotEq) return true;
  const bool less = op == Op::Lt || op == Op::LtE;  // array < n, or n < array
  return less == (array_left == n_above);
}
}  // namespace

// NEP 50: a Python int meeting an integer array takes the array's dtype, and one that dtype
// cannot hold is NumPy's OverflowError (int8 + 300), never a wrapped value.
void check_python_int_fits(const Value& v, DType d) {
  if (!is_integral(d, false)) return;
  // First NumPy's conversion to a C long (an unsigned one for uint64), then the dtype's bounds.
  const Int top = d == DType::UInt64 ? Int(UINT64_MAX) : Int(INT64_MAX);
  if (is_big(v) || v.as_int() < INT64_MIN || v.as_int() > top)
    throw PyError("OverflowError", "Python int too large to convert to C long");
  const auto [lo, hi] = integer_bounds(d);
  if (v.as_int() < lo || v.as_int() > hi)
    throw PyError("OverflowError", "Python integer " + repr(v) + " out of bounds for " + format::numpy_dtype_name(d));
}

// out= of a method or reduction: its result written into the array out (NumPy's unsafe casting,
// as its reductions allow, except argmax/argmin, whose out must hold int64 safely), returned.
Value numpy_write_out(const std::string& fn, const Value& result, const Value& out) {
  if (!is_ndarray(out)) throw TypeError("return arrays must be of ArrayType");
  if (!ndarray_writeable(out)) throw ValueError("output array is read-only");
  const Tensor r = ndarray_tensor(numpy_asarray(result));
  const Tensor& o = ndarray_tensor(out);
  if ((fn == "argmax" || fn == "argmin") && !can_cast(o.dtype(), DType::Int64, "safe"))
    throw TypeError("Cannot cast array data from dtype('" + format::numpy_dtype_name(o.dtype()) +
                    "') to dtype('int64') according to the rule 'safe'");
  if (r.dim() != o.dim()) {
    static const std::map<std::string, std::string> ufunc_of = {{"sum", "add"}, {"prod", "multiply"}, {"max", "maximum"},
                                                                {"min", "minimum"}, {"all", "logical_and"},
                                                                {"any", "logical_or"}, {"mean", "add"}};
    const auto it = ufunc_of.find(fn);
    throw ValueError("output parameter for reduction operation " + (it == ufunc_of.end() ? fn : it->second) +
                     " has the wrong number of dimensions: Found " + std::to_string(o.dim()) + " but expected " +
                     std::to_string(r.dim()));
  }
  if (r.sizes() != o.sizes() && !(r.dim() == 0 && o.numel() == 1))
    throw ValueError("operands could not be broadcast together with shapes " + format::tuple_repr(r.sizes()) + " " +
                     format::tuple_repr(o.sizes()));
  copy_(o, reshape(r, o.sizes()));
  return out;
}

namespace {

struct NdArrayObj : InstanceObj {
  Tensor t;
  bool scalar = false;  // a NumPy scalar (np.float64(1.5)): a 0-d array that prints as one
  Value base;           // None when the array owns its memory; else what it is a view of, as NumPy's .base
  bool memmap = false;     // a numpy.memmap (np.load with mmap_mode): its views and copies are memmaps too
  bool writeable = true;   // False for mmap_mode='r': writes through NumPy raise, as NumPy's do
  explicit NdArrayObj(Tensor tensor) : t(std::move(tensor)) {}
  std::string class_name() const override {
    return scalar ? format::numpy_dtype_name(t.dtype()) : memmap ? "memmap" : "ndarray";
  }
  std::string module_name() const override { return "numpy"; }
  std::vector<std::string> attr_names() const override {
    return {"T",    "argmax", "argmin",  "astype", "base", "imag", "real", "copy", "cumsum", "dtype", "fill", "flags", "flatten", "item", "itemsize",
            "max",  "mean",   "min",     "nbytes", "ndim", "prod", "ravel",  "reshape", "shape", "size", "std", "strides", "transpose",
            "sum",  "tolist", "var", "all", "any", "argsort", "squeeze", "nonzero", "cumprod", "swapaxes", "round", "clip",
            "dot", "repeat", "conj", "conjugate", "sort", "diagonal", "trace", "take", "searchsorted", "device", "mT",
            "to_device", "tobytes", "view", "setflags", "put", "choose", "compress", "byteswap", "getfield",
            "setfield", "tofile", "flat", "ctypes", "resize", "partition", "argpartition"};
  }
  void set_attr(Interpreter& in, const Value& self, const std::string& name, const Value& v) override {
    if (name != "flat") return InstanceObj::set_attr(in, self, name, v);
    // a.flat = values: every element, values repeating in C order
    Value flat = attr(in, self, "flat");
    in.set_item(flat, Value::object(Kind::Ellipsis, nullptr), v);
  }
  Value attr(Interpreter& in, const Value& self, const std::string& n) override {
    if (n == "shape") {
      std::vector<Value> v;
      for (int64_t s : t.sizes()) v.push_back(Value::integer(s));
      return Value::tuple(v);
    }
    if (n == "strides") {  // NumPy counts strides in bytes
      std::vector<Value> v;
      for (int64_t s : t.strides()) v.push_back(Value::integer(s * t.itemsize()));
      return Value::tuple(v);
    }
    if (n == "dtype") return dtype_value(t.dtype());
    if (n == "ndim") return Value::integer(t.dim());
    if (n == "size") return Value::integer(t.numel());
    if (n == "itemsize") return Value::integer(t.itemsize());
    if (n == "nbytes") return Value::integer(t.numel() * t.itemsize());
    if (n == "T") return view_of(self, permute_reversed(t));
    if (n == "base") return base;
    if (n == "real" || n == "imag") {  // views of a complex array's parts; a real array is its own real part
      if (is_complex(t.dtype())) return view_of(self, n == "real" ? real(t) : imag(t), scalar);
      if (n == "real") return view_of(self, t, scalar);
      Value zeros = make_ndarray(full(t.sizes(), Scalar(int64_t{0}), t.dtype()));
      dynamic_cast<NdArrayObj*>(zeros.as<InstanceObj>())->writeable = false;  // NumPy's imag of a real array
      return zeros;
    }
    if (n == "flags") return numpy_flags(t, base.is_none() && !memmap, !scalar && writeable);
    if (n == "device") return Value::str("cpu");  // the array API's device: NumPy's arrays live on the CPU
    if (n == "mT") {  // the last two axes swapped (a view)
      if (t.dim() < 2) throw ValueError("matrix transpose with ndim < 2 is undefined");
      return view_of(self, transpose(t, -2, -1));
    }
    if (Value m = method(self, n); !m.is_none()) return m;
    // Methods written in numpy's Python half (lib.py's _method_NAME), called with the array first.
    static const std::set<std::string> python_methods = {"choose",   "compress", "byteswap",  "getfield",
                                                         "setfield", "tofile",   "partition", "argpartition"};
    if (python_methods.count(n))
      return make_builtin(n, "<built-in method " + n + " of numpy.ndarray object>", [self, n](Interpreter& in2, Args& a, Kwargs& kw) {
        Args args{self};
        args.insert(args.end(), a.begin(), a.end());
        return in2.call(in2.get_attr(in2.lookup_module("numpy"), "_method_" + n), args, kw);
      });
    if (n == "__len__" || n == "__contains__" || n == "__array__" || n == "__array_namespace__")
      return make_builtin(n, "<built-in method " + n + " of numpy.ndarray object>", [self, n, this](Interpreter& in2, Args& a, Kwargs& kw) -> Value {
        const Value numpy = in2.lookup_module("numpy");
        if (n == "__array_namespace__") {
          bind_params(n, a, kw, {"api_version"}, 0);
          return numpy;
        }
        if (n == "__len__") {
          bind_params(n, a, kw, {}, 0);
          return Value::integer(length(self));
        }
        if (n == "__contains__") {  // any element equal to the value
          std::vector<Value> v = bind_params(n, a, kw, {"key"}, 1);
          Value eq;
          in2.compare(grammar::Op::Eq, self, v[0], &eq);
          Args one{eq};
          Kwargs none;
          return Value::boolean(truthy(in2.call(in2.get_attr(numpy, "any"), one, none)));
        }
        std::vector<Value> v = bind_params(n, a, kw, {"dtype", "copy"}, 0);  // __array__
        Args args{self, v[0]};
        Kwargs rest{{"copy", v[1]}};
        return in2.call(in2.get_attr(numpy, "array"), args, rest);
      });
    if (n == "flat") {
      Args args{self};
      Kwargs none;
      return in.call(in.get_attr(in.lookup_module("numpy"), "_method_flat"), args, none);
    }
    if (n == "ctypes") {  // the first element's address, for C code
      Args args{self, Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(t.data_ptr())))};
      Kwargs none;
      return in.call(in.get_attr(in.lookup_module("numpy"), "_ctypes"), args, none);
    }
    if (n == "resize")  // in place: the elements in C order, cut or followed by zeros
      return make_builtin(n, "<built-in method resize of numpy.ndarray object>", [this](Interpreter&, Args& a, Kwargs& kw) {
        bool refcheck = true;
        for (const auto& [key, value] : kw) {
          if (key != "refcheck") throw TypeError("'" + key + "' is an invalid keyword argument for this function");
          refcheck = truthy(value);
        }
        Shape shape;
        if (a.size() == 1 && !a[0].is_none() && !a[0].is_intlike() && !a[0].is(Kind::Instance) && !a[0].is(Kind::List) &&
            !a[0].is(Kind::Tuple))
          throw TypeError("expected a sequence of integers or a single integer, got '" + repr(a[0]) + "'");
        const std::vector<Value> dims = a.size() == 1 && !a[0].is_none() && !a[0].is_intlike() ? a[0].items() : a;
        if (!(a.size() == 1 && a[0].is_none()))
          for (const Value& d : dims) {
            if (!d.is_intlike() && !d.is(Kind::Instance))
              throw TypeError("expected a sequence of integers or a single integer, got '" + repr(d) + "'");
            shape.push_back(d.as_int());
          }
        for (int64_t d : shape)
          if (d < 0) throw ValueError("negative dimensions not allowed");
        if (!writeable) throw ValueError("resize only works on single-segment arrays");
        if (!base.is_none() || scalar) throw ValueError("cannot resize this array: it does not own its data");
        if (!t.is_contiguous()) throw ValueError("resize only works on single-segment arrays");
        if (refcheck && t.storage().use_count() > 1)
          throw ValueError("cannot resize an array that references or is referenced\nby another object in this way.\n"
                           "Use the np.resize function to get a new resized copy or\n set refcheck=False to disable this check");
        Tensor grown = zeros(shape, t.dtype());
        const int64_t keep = std::min(grown.numel(), t.numel());
        if (keep > 0) copy_(narrow(reshape(grown, {grown.numel()}), 0, 0, keep), narrow(reshape(t, {t.numel()}), 0, 0, keep));
        t = grown;
        return Value();
      });
    // Methods that are numpy's functions with the array first (a.squeeze(0) is np.squeeze(a, 0)).
    static const std::set<std::string> as_functions = {"all",     "any",   "argsort", "squeeze", "nonzero", "cumprod",
                                                       "swapaxes", "round", "clip",    "dot",     "repeat",  "conj",
                                                       "conjugate", "diagonal", "trace", "take", "searchsorted"};
    if (as_functions.count(n)) {
      const std::string fn = n == "conjugate" ? "conj" : n;
      return make_builtin(n, "<built-in method " + n + " of numpy.ndarray object>",
                          [self, fn](Interpreter& in2, Args& a, Kwargs& kw) {
                            const Value f = in2.get_attr(in2.lookup_module("numpy"), fn);
                            Args args{self};
                            args.insert(args.end(), a.begin(), a.end());
                            return in2.call(f, args, kw);
                          });
    }
    // a.sort(): in place, along an axis (the last by default)
    if (n == "sort")
      return make_builtin(n, "<built-in method sort of numpy.ndarray object>", [self, this](Interpreter& in2, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("sort", a, kw, {"axis", "kind", "order", "stable"}, 0);
        if (!writeable) throw ValueError("assignment destination is read-only");
        Args args{self, v[0].is_none() ? Value::integer(-1) : v[0], v[1], v[2], v[3]};
        Kwargs none;
        const Value sorted = in2.call(in2.get_attr(in2.lookup_module("numpy"), "sort"), args, none);
        copy_(t, ndarray_tensor(sorted));
        return Value();
      });
    (void)in;
    throw AttributeError("'numpy.ndarray' object has no attribute '" + n + "'");
  }
  // A result made from self: when it shares self's memory it is a view, whose base is the array
  // that owns the memory (or self, when self's own base is not an array, as after t.numpy()).
  // Only indexing turns a 0-d result into a NumPy scalar; reshape and friends keep a 0-d array.
  Value view_of(const Value& self, const Tensor& r, bool scalar_result = false) const {
    Value v = scalar_result ? wrap(r) : make_ndarray(r);
    auto* o = dynamic_cast<NdArrayObj*>(v.as<InstanceObj>());
    if (!o->scalar && r.storage() == t.storage()) {
      o->base = is_ndarray(base) ? base : self;
      o->memmap = memmap;
      o->writeable = writeable;
      if (memmap) o->type = type_value("numpy.memmap");
    }
    return v;
  }
  // A copy made by a method (copy, astype, flatten): a memmap's copies are memmaps, writeable.
  Value copy_of(const Tensor& r) const {
    Value v = make_ndarray(r);
    auto* o = dynamic_cast<NdArrayObj*>(v.as<InstanceObj>());
    o->memmap = memmap;
    if (memmap) o->type = type_value("numpy.memmap");
    return v;
  }

  // The methods teachers use, bound to this array (NumPy's names, axis= and keepdims=).
  Value method(const Value& self, const std::string& n) {
    const Tensor x = t;
    auto def = [&n](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
      return make_builtin(n, "<built-in method " + n + " of numpy.ndarray object>", std::move(fn));
    };
    if (n == "copy")
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("copy", a, kw, {"order"}, 0);
        return copy_of(copy_in_order(x, order_arg(v[0], "copy", Order::C)));  // row-major unless asked
      });
    if (n == "to_device")
      return def([self](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("to_device", a, kw, {"device", "stream"}, 1);
        if (!v[0].is(Kind::Str) || v[0].as_str() != "cpu")
          throw ValueError("Unsupported device: " + str(v[0]) + ". Only 'cpu' is accepted.");
        return self;
      });
    if (n == "tobytes")  // the elements' bytes in C order, as a bytes object
      return def([x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("tobytes", a, kw, {"order"}, 0);
        if (!v[0].is_none() && v[0].as_str() != "C" && v[0].as_str() != "A" && v[0].as_str() != "K")
          throw NotImplementedError("ndarray.tobytes: tsh has order='C' only");
        const Tensor c = contiguous(x);
        std::string bytes(static_cast<size_t>(c.numel() * c.itemsize()), '\0');
        if (!bytes.empty()) read_bytes(bytes.data(), c.storage(), c.storage_offset() * c.itemsize(), static_cast<int64_t>(bytes.size()));
        return make_bytes(bytes);
      });
    if (n == "view")  // the same memory read as another dtype (the last axis scaled by the itemsizes)
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("view", a, kw, {"dtype", "type"}, 0);
        if (!v[1].is_none()) throw NotImplementedError("ndarray.view: tsh has no ndarray subclasses (type=)");
        if (v[0].is_none()) return view_of(self, x);
        const DType d = *dtype_arg(v[0]);
        if (x.dim() == 0 && itemsize(d) != x.itemsize())
          throw ValueError("Changing the dtype of a 0d array is only supported if the itemsize is unchanged");
        return view_of(self, view_dtype(x, d));
      });
    if (n == "setflags")
      return def([this](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("setflags", a, kw, {"write", "align", "uic"}, 0);
        if (!v[1].is_none() || !v[2].is_none()) throw NotImplementedError("ndarray.setflags: tsh sets write= only");
        if (!v[0].is_none()) {
          if (truthy(v[0]) && !writeable && memmap) throw ValueError("cannot set WRITEABLE flag to True of this array");
          writeable = truthy(v[0]);
        }
        return Value();
      });
    if (n == "put")  // a.flat[ind] = v, v repeated as needed
      return def([this, x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("put", a, kw, {"indices", "values", "mode"}, 2);
        if (!writeable) throw ValueError("assignment destination is read-only");
        const std::string mode = v[2].is_none() ? "raise" : v[2].as_str();
        const int64_t size = x.numel();
        std::vector<int64_t> idx = host_values<int64_t>(contiguous(to(ndarray_tensor(numpy_asarray(v[0])), DType::Int64, std::nullopt)));
        const Tensor vals = reshape(to(ndarray_tensor(numpy_asarray(v[1])), x.dtype(), std::nullopt), {-1});
        if (vals.numel() == 0) return Value();
        if (!x.is_contiguous()) throw NotImplementedError("ndarray.put on a non-contiguous array: tsh does not have it yet");
        const Tensor flat = reshape(x, {size});
        for (size_t k = 0; k < idx.size(); ++k) {
          int64_t i = idx[k];
          if (mode == "wrap") i = size ? ((i % size) + size) % size : i;
          else if (mode == "clip") i = std::clamp<int64_t>(i, 0, size - 1);
          else if (i < -size || i >= size)
            throw IndexError("index " + std::to_string(i) + " is out of bounds for axis 0 with size " + std::to_string(size));
          else if (i < 0) i += size;
          copy_(select(flat, 0, i), select(vals, 0, static_cast<int64_t>(k) % vals.numel()));
        }
        return Value();
      });
    if (n == "astype")
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("astype", a, kw, {"dtype", "order", "casting", "subok", "copy"}, 1);
        const Order order = order_arg(v[1], "astype", Order::K);
        const DType to_type = *dtype_arg(v[0]);
        const std::string casting = v[2].is_none() ? "unsafe" : v[2].as_str();
        if (!can_cast(x.dtype(), to_type, casting))
          throw TypeError("Cannot cast array data from dtype('" + std::string(format::numpy_dtype_name(x.dtype())) +
                          "') to dtype('" + format::numpy_dtype_name(to_type) + "') according to the rule '" + casting + "'");
        if (!v[4].is_none() && !truthy(v[4]) && to_type == x.dtype() && in_order(x, order).is_same(x))
          return self;  // copy=False: itself when it can be
        Tensor out = empty_in_order(x.sizes(), to_type, order, &x);
        copy_(out, x);
        return copy_of(out);
      });
    if (n == "flush" && memmap)
      return def([x](Interpreter&, Args& a, Kwargs& kw) {
        bind_params("flush", a, kw, {}, 0);
        numpy_flush_mapping(x);
        return Value();
      });
    if (n == "transpose")  // a.transpose(), a.transpose(1, 0), a.transpose((1, 0))
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        if (!kw.empty()) throw TypeError("transpose() takes no keyword arguments");
        std::vector<int64_t> axes;
        const std::vector<Value> given = a.size() == 1 && !a[0].is_intlike() && !a[0].is_none() ? numpy_items(a[0]) : a;
        if (given.empty() || (given.size() == 1 && given[0].is_none()))
          for (int64_t d = x.dim() - 1; d >= 0; --d) axes.push_back(d);
        else
          for (const Value& d : given) axes.push_back(static_cast<int64_t>(d.as_int()));
        if (static_cast<int64_t>(axes.size()) != x.dim()) throw ValueError("axes don't match array");
        return view_of(self, permute(x, axes));
      });
    if (n == "reshape")
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        Value order, copy;
        for (const auto& [k, val] : kw) {
          if (k == "order") order = val;
          else if (k == "copy") copy = val;
          else throw TypeError("'" + k + "' is an invalid keyword argument for reshape()");
        }
        Shape shape;
        if (a.size() == 1 && !a[0].is_intlike()) shape = shape_arg(a[0]);
        else
          for (const Value& d : a) shape.push_back(static_cast<int64_t>(d.as_int()));
        Tensor r = reshaped(x, shape, order);
        // copy=True: always a new array; False: a view or NumPy's error; None (the default): a view when it can be
        if (!copy.is_none() && !truthy(copy) && r.storage() != x.storage())
          throw ValueError("Unable to avoid creating a copy while reshaping.");
        if (!copy.is_none() && truthy(copy) && r.storage() == x.storage()) r = clone(r);
        if (r.storage() == x.storage()) return view_of(self, r);
        // NumPy reshapes a copy: the result is a view whose base is that copy
        const Value copied = copy_of(r);
        return dynamic_cast<NdArrayObj*>(copied.as<InstanceObj>())->view_of(copied, r);
      });
    if (n == "flatten" || n == "ravel")
      return def([this, self, x, n](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params(n, a, kw, {"order"}, 0);
        const Tensor flat = flat_in_order(x, order_arg(v[0], n, Order::C));
        if (n == "flatten") return copy_of(flat.storage() == x.storage() ? clone(flat) : flat);
        return view_of(self, flat);  // ravel is a view when it can be
      });
    if (n == "fill")
      return def([this, self, x](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("fill", a, kw, {"value"}, 1);
        if (!writeable) throw ValueError("assignment destination is read-only");
        fill_(x, v[0].as_scalar());
        return Value();
      });
    if (n == "tolist")
      return def([x, n](Interpreter&, Args& a, Kwargs& kw) {
        bind_params(n, a, kw, {}, 0);
        return python_values(x);
      });
    if (n == "item")  // item(), item(flat_index), item(i, j, ...) or item((i, j, ...)): one element as a Python number
      return def([x](Interpreter&, Args& a, Kwargs& kw) {
        if (!kw.empty()) throw TypeError("item() takes no keyword arguments");
        if (a.empty()) {
          if (x.numel() != 1) throw ValueError("can only convert an array of size 1 to a Python scalar");
          return python_values(reshape(x, {}));
        }
        const std::vector<Value> idx = a.size() == 1 && (a[0].is(Kind::Tuple) || a[0].is(Kind::List)) ? a[0].items() : a;
        auto index = [](const Value& v) {
          if (!v.is_intlike() && !v.is(Kind::Instance)) throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
          const Int i = v.as_int();
          if (is_big(v) || i > INT64_MAX || i < INT64_MIN)
            throw PyError("OverflowError", "Python int too large to convert to C long");
          return static_cast<int64_t>(i);
        };
        if (idx.size() == 1) {  // a flat index in C order
          int64_t i = index(idx[0]);
          const int64_t size = x.numel();
          if (i < -size || i >= size)
            throw IndexError("index " + std::to_string(i) + " is out of bounds for size " + std::to_string(size));
          if (i < 0) i += size;
          return python_values(select(reshape(contiguous(x), {size}), 0, i));
        }
        if (static_cast<int64_t>(idx.size()) != x.dim()) throw ValueError("incorrect number of indices for array");
        Tensor e = x;
        for (size_t k = 0; k < idx.size(); ++k) {
          int64_t i = index(idx[k]);
          const int64_t size = e.size(0);
          if (i < -size || i >= size)
            throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(k) +
                             " with size " + std::to_string(size));
          e = select(e, 0, i < 0 ? i + size : i);
        }
        return python_values(e);
      });
    return reduction(n);
  }

  // Python numbers (nested lists for dims), as tolist() and item() give them.
  static Value python_values(const Tensor& x) {
    const Tensor c = contiguous(x);
    std::vector<Value> flat;
    if (is_floating(x.dtype())) {
      for (double v : host_values<double>(to(c, DType::Float64, std::nullopt))) flat.push_back(Value::floating(v));
    } else if (x.dtype() == DType::Bool) {
      for (int64_t v : host_values<int64_t>(to(c, DType::Int64, std::nullopt))) flat.push_back(Value::boolean(v != 0));
    } else if (x.dtype() == DType::UInt64) {
      for (uint64_t v : host_values<uint64_t>(c)) flat.push_back(Value::integer(Int(v)));
    } else if (!is_complex(x.dtype())) {
      for (int64_t v : host_values<int64_t>(to(c, DType::Int64, std::nullopt))) flat.push_back(Value::integer(v));
    } else {
      const std::vector<double> re = host_values<double>(contiguous(to(real(c), DType::Float64, std::nullopt)));
      const std::vector<double> im = host_values<double>(contiguous(to(imag(c), DType::Float64, std::nullopt)));
      for (size_t i = 0; i < re.size(); ++i) flat.push_back(Value::complex({re[i], im[i]}));
    }
    if (x.dim() == 0) return flat[0];
    size_t at = 0;
    std::function<Value(int64_t)> nest = [&](int64_t d) -> Value {
      std::vector<Value> items;
      for (int64_t i = 0; i < x.size(d); ++i) items.push_back(d + 1 == x.dim() ? flat[at++] : nest(d + 1));
      return Value::list(std::move(items));
    };
    return nest(0);
  }

  // sum, mean, min, max, argmax, argmin, std, var, cumsum: NumPy's result dtypes (integers sum in int64,
  // average in float64), axis= as None, an int or a tuple, keepdims=, ddof= (std, var; 0 by default).
  // The product over dims (all when absent): one axis at a time, the highest first, so that the
  // others keep their numbers.
  static Tensor product_over(const Tensor& x, const OptDims& dims, bool keep) {
    std::vector<int64_t> axes;
    if (dims)
      for (int64_t a : *dims) axes.push_back(a < 0 ? a + x.dim() : a);
    else
      for (int64_t a = 0; a < x.dim(); ++a) axes.push_back(a);
    std::sort(axes.rbegin(), axes.rend());
    Tensor r = x;
    for (int64_t a : axes) r = prod(r, a, keep, x.dtype());  // in the dtype asked (uint64 stays uint64)
    return r;
  }

  // sum, prod, min, max with initial= and where=, mean with where=: the elements where= leaves out
  // count as the reduction's identity; initial joins every slice's reduction. min and max have no
  // identity, so a where= mask needs initial= (NumPy's error otherwise).
  static Value masked_reduction(const std::string& n, const Tensor& x, const OptDims& dims, bool keep,
                                std::optional<DType> asked, const Value& initial, const Value& where_v) {
    const DType d = x.dtype();
    const bool integral = !is_floating(d) && !is_complex(d);
    const std::optional<Tensor> mask =
        where_v.is_none() ? std::nullopt
                          : std::optional<Tensor>(expand(ne(ndarray_tensor(numpy_asarray(where_v)), Scalar(0)), x.sizes()));
    Tensor r;
    if (n == "mean") {
      const Tensor src = to(x, asked.value_or(integral ? DType::Float64 : d), std::nullopt);
      const Tensor m = to(*mask, src.dtype(), std::nullopt);
      return wrap(div(sum(mul(src, m), dims, keep, std::nullopt), sum(m, dims, keep, std::nullopt)));
    }
    if (n == "sum" || n == "prod") {
      const DType out = asked.value_or(numpy_accumulator(d));
      Tensor src = to(x, out, std::nullopt);
      if (mask) src = where(*mask, src, Scalar(n == "sum" ? 0 : 1));
      if (n == "sum") {
        r = sum(src, dims, keep, out);
      } else {  // one axis at a time, the highest first
        r = product_over(src, dims, keep);
      }
      if (!initial.is_none()) r = n == "sum" ? add(r, initial.as_scalar()) : mul(r, initial.as_scalar());
      return wrap(r);
    }
    // min, max
    const std::string ufunc = n == "max" ? "maximum" : "minimum";
    if (initial.is_none() && (mask || x.numel() == 0))
      throw ValueError("reduction operation '" + ufunc + "' does not have an identity, so to use a where mask one has "
                       "to specify 'initial'");
    Tensor src = x;
    if (mask) src = where(*mask, x, full({}, initial.as_scalar(), d));
    if (src.numel() == 0) {  // every slice is only the initial value
      Shape shape;
      for (int64_t a = 0; a < x.dim(); ++a) {
        const bool reduced = !dims || std::find(dims->begin(), dims->end(), a) != dims->end() ||
                             std::find(dims->begin(), dims->end(), a - x.dim()) != dims->end();
        if (!reduced) shape.push_back(x.size(a));
        else if (keep) shape.push_back(1);
      }
      return wrap(full(shape, initial.as_scalar(), d));
    }
    r = n == "max" ? amax(src, dims, keep) : amin(src, dims, keep);
    const Tensor init = full({}, initial.as_scalar(), d);
    return wrap(n == "max" ? maximum(r, init) : minimum(r, init));
  }

  Value reduction(const std::string& n) {
    static const std::set<std::string> names = {"sum",  "prod", "mean", "min", "max",
                                                "argmax", "argmin", "std", "var", "cumsum"};
    if (!names.count(n)) return Value();
    const Tensor x = t;
    // out= (by keyword, or in its place among the arguments): the result computed, then written into out
    auto with_out = [n](std::function<Value(Interpreter&, Args&, Kwargs&)> compute) {
      return [n, compute](Interpreter& in, Args& a, Kwargs& kw) -> Value {
        const bool has_dtype = n == "sum" || n == "prod" || n == "mean" || n == "cumsum" || n == "cumprod" ||
                               n == "std" || n == "var";
        const size_t at = has_dtype ? 2 : 1;  // (axis[, dtype], out, ...)
        Value out;
        for (auto it = kw.begin(); it != kw.end(); ++it)
          if (it->first == "out") {
            out = it->second;
            kw.erase(it);
            break;
          }
        if (a.size() > at && out.is_none()) {
          out = a[at];
          if (a.size() == at + 1) a.pop_back();
          else a[at] = Value();
        }
        const Value r = compute(in, a, kw);
        return out.is_none() ? r : numpy_write_out(n, r, out);
      };
    };
    return make_builtin(n, "<built-in method " + n + " of numpy.ndarray object>", with_out([x, n](Interpreter& in, Args& a, Kwargs& kw) {
      const bool has_ddof = n == "std" || n == "var";
      std::vector<std::string> params{"axis"};
      if (n == "sum" || n == "prod" || n == "mean" || n == "cumsum" || has_ddof) params.push_back("dtype");
      if (n != "cumsum") params.push_back("out");
      if (has_ddof) params.push_back("ddof");
      if (n != "cumsum") params.push_back("keepdims");
      if (has_ddof) {
        params.push_back("where");
        params.push_back("mean");
      }
      const bool takes_initial = n == "sum" || n == "prod" || n == "min" || n == "max";
      if (takes_initial) params.push_back("initial");
      if (takes_initial || n == "mean") params.push_back("where");
      std::vector<Value> v = bind_params(n, a, kw, params, 0);
      auto get = [&](const char* name) {
        for (size_t i = 0; i < params.size(); ++i)
          if (params[i] == name) return v[i];
        return Value();
      };
      const bool keep = truthy(get("keepdims"));
      const Value axis = get("axis");
      OptDims dims;
      if (axis.is_intlike()) {
        dims = std::vector<int64_t>{static_cast<int64_t>(axis.as_int())};
      } else if (!axis.is_none()) {
        std::vector<int64_t> d;
        for (const Value& i : numpy_items(axis)) d.push_back(static_cast<int64_t>(i.as_int()));
        dims = d;
      }
      if (has_ddof && (!get("where").is_none() || !get("mean").is_none())) {  // numpy's Python half does these
        Args args{make_ndarray(x), axis, get("dtype"), get("ddof").is_none() ? Value::integer(0) : get("ddof"),
                  Value::boolean(keep), get("where").is_none() ? Value::boolean(true) : get("where"), get("mean"),
                  Value::boolean(n == "std")};
        Kwargs none;
        return in.call(in.get_attr(in.lookup_module("numpy"), "_var_masked"), args, none);
      }
      const DType d = x.dtype();
      const bool integral = !is_floating(d) && !is_complex(d);
      const std::optional<DType> asked = dtype_arg(get("dtype"));
      const Value initial = get("initial"), where_v = get("where");
      if (!where_v.is_none() || !initial.is_none()) return masked_reduction(n, x, dims, keep, asked, initial, where_v);
      Tensor r;
      if (n == "sum") {
        r = sum(x, dims, keep, asked.value_or(numpy_accumulator(d)));
      } else if (n == "prod") {  // one axis at a time, the highest first, so the others keep their numbers
        r = product_over(to(x, asked.value_or(numpy_accumulator(d)), std::nullopt), dims, keep);
      } else if (n == "mean") {
        r = mean(to(x, integral ? DType::Float64 : d, std::nullopt), dims, keep, asked);
      } else if (n == "min") {
        r = amin(x, dims, keep);
      } else if (n == "max") {
        r = amax(x, dims, keep);
      } else if (n == "argmax" || n == "argmin") {
        if (dims && dims->size() != 1) throw TypeError("'tuple' object cannot be interpreted as an integer");
        const std::optional<int64_t> one = dims ? std::optional<int64_t>((*dims)[0]) : std::nullopt;
        r = n == "argmax" ? argmax(x, one, keep) : argmin(x, one, keep);
      } else if (n == "cumsum") {
        if (dims && dims->size() != 1) throw TypeError("'tuple' object cannot be interpreted as an integer");
        const Tensor src = dims ? x : reshape(x, {x.numel()});
        r = cumsum(src, dims ? (*dims)[0] : 0, asked.value_or(numpy_accumulator(d)));
      } else {
        const double ddof = get("ddof").is_none() ? 0.0 : get("ddof").as_float();
        const Tensor src = to(x, asked.value_or(integral ? DType::Float64 : d), std::nullopt);
        r = n == "std" ? stddev(src, dims, ddof, keep) : var(src, dims, ddof, keep);
      }
      return wrap(r);
    }));
  }

  static Tensor permute_reversed(const Tensor& x) {
    Shape sizes(x.sizes().rbegin(), x.sizes().rend()), strides(x.strides().rbegin(), x.strides().rend());
    return x.as_view(sizes, strides, x.storage_offset());
  }

  std::string repr_of(const Value&) const override {
    return scalar ? format::numpy_scalar_repr(t) : format::numpy_array_repr(t, memmap ? "memmap" : "array");
  }
  std::string str_of(const Value&) const override {
    return scalar ? format::numpy_scalar_str(t) : format::numpy_array_str(t);
  }

  // An index as tensor indexing takes it: arrays in it (masks, index arrays) as their tensors.
  static Value tensor_key(const Value& key) {
    if (key.is(Kind::Instance))
      if (auto* o = dynamic_cast<NdArrayObj*>(key.as<InstanceObj>())) return Value::tensor(o->t);
    if (key.is(Kind::Tuple)) {
      std::vector<Value> items;
      for (const Value& k : key.items()) items.push_back(tensor_key(k));
      return Value::tuple(items);
    }
    return key;
  }

  // a[i, j:k]: tensor indexing over the same memory; an element comes back as a NumPy scalar.
  Value get_item(Interpreter& in, const Value& self, const Value& key) override {
    if (scalar) throw IndexError("invalid index to scalar variable.");
    const auto [src, forward] = forward_key(t, key);
    try {
      return view_of(self, in.eval_subscript(Value::tensor(src), tensor_key(forward)).as_tensor(), true);
    } catch (const IndexError& e) {
      throw IndexError(numpy_words(e.what()));
    }
  }
  void set_item(Interpreter& in, const Value&, const Value& key, const Value& v) override {
    if (!writeable) throw ValueError("assignment destination is read-only");
    if (scalar) throw TypeError("'numpy." + class_name() + "' object does not support item assignment");
    Value value = v.is(Kind::Instance) && dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())
                      ? Value::tensor(dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())->t)
                      : v;
    if (value.is(Kind::List) || value.is(Kind::Tuple)) value = Value::tensor(array_from(value, std::nullopt, false));
    // NumPy assigns as if from a copy: a value over this array's own memory (a[:] = a[::-1]) is
    // read whole before anything is written
    if (value.is(Kind::Tensor) && value.as_tensor().storage() == t.storage()) value = Value::tensor(clone(value.as_tensor()));
    const auto [dst, forward] = forward_key(t, key);
    try {
      in.set_item(Value::tensor(dst), tensor_key(forward), value);
    } catch (const IndexError& e) {
      throw IndexError(numpy_words(e.what()));
    }
  }
  // NumPy's negative steps: each slice that steps backwards becomes a forward slice of the array
  // read backwards along that dim (a view with a negative stride), selecting the same elements in
  // the same order. Returns the array to index and the key to index it with.
  static std::pair<Tensor, Value> forward_key(const Tensor& t, const Value& key) {
    std::vector<Value> items = key.is(Kind::Tuple) ? key.items() : std::vector<Value>{key};
    auto backwards = [](const Value& k) {
      return k.is(Kind::Slice) && !k.as<SliceObj>()->step.is_none() && k.as<SliceObj>()->step.as_int() < 0;
    };
    if (std::none_of(items.begin(), items.end(), backwards)) return {t, key};
    // the dims of t each key item consumes (an Ellipsis: the rest, found below)
    auto consumes = [](const Value& k) -> int64_t {
      if (k.is_none() || k.is(Kind::Ellipsis)) return 0;
      if (is_ndarray(k) && ndarray_tensor(k).dtype() == DType::Bool) return std::max<int64_t>(ndarray_tensor(k).dim(), 1);
      return 1;
    };
    int64_t fixed = 0;
    for (const Value& k : items) fixed += consumes(k);
    Tensor src = t;
    int64_t dim = 0;
    for (Value& k : items) {
      if (k.is(Kind::Ellipsis)) {
        dim += std::max<int64_t>(t.dim() - fixed, 0);
        continue;
      }
      if (backwards(k) && dim < t.dim()) {
        const auto* s = k.as<SliceObj>();
        const int64_t n = t.size(dim), step = static_cast<int64_t>(s->step.as_int());
        auto bound = [n](const Value& v, int64_t fallback) {
          if (v.is_none()) return fallback;
          int64_t i = static_cast<int64_t>(v.as_int());
          if (i < 0) i += n;
          return std::clamp<int64_t>(i, -1, n - 1);
        };
        const int64_t start = bound(s->start, n - 1), stop = bound(s->stop, -1);
        const int64_t count = start > stop ? (start - stop - 1) / -step + 1 : 0;
        src = numpy_flip_view(src, dim);
        auto slice = std::make_shared<SliceObj>();
        const int64_t first = n - 1 - start;  // where start sits, read backwards
        slice->start = Value::integer(count ? first : 0);
        slice->stop = Value::integer(count ? first + (count - 1) * -step + 1 : 0);
        slice->step = Value::integer(-step);
        k = Value::object(Kind::Slice, slice);
      }
      dim += consumes(k);
    }
    return {src, key.is(Kind::Tuple) ? Value::tuple(items) : items[0]};
  }
  // PyTorch's "for dimension 0" is NumPy's "for axis 0".
  static std::string numpy_words(std::string m) {
    if (size_t at = m.find("for dimension "); at != std::string::npos) m.replace(at, 14, "for axis ");
    return m;
  }

  std::optional<Value> binary_op(Interpreter& in, int op_code, const Value& self, const Value& other,
                                 bool self_left) override {
    using grammar::Op;
    Op op = static_cast<Op>(op_code);
    if (op == Op::In || op == Op::NotIn || op == Op::Is || op == Op::IsNot) return std::nullopt;
    const bool comparison = op == Op::Eq || op == Op::NotEq || op == Op::Lt || op == Op::LtE || op == Op::Gt || op == Op::GtE;
    const auto* o = other.is(Kind::Instance) ? dynamic_cast<NdArrayObj*>(other.as<InstanceObj>()) : nullptr;
    if (other.is(Kind::Tensor)) {
      if (scalar) {
        // A NumPy scalar meets a tensor as the Python number it holds (a weak scalar), on either side,
        // as PyTorch takes it: float() of a complex one keeps the real part, with NumPy's warning.
        Value number = python_values(reshape(t, {}));
        if (number.is(Kind::Complex)) {
          warn_once(in, "ComplexWarning", "Casting complex values to real discards the imaginary part");
          number = Value::floating(number.as_complex().real());
        }
        if (number.is(Kind::Bool)) number = Value::floating(number.as_bool() ? 1.0 : 0.0);  // np.True_ is 1.0 to PyTorch
        const Value& a = self_left ? number : other;
        const Value& b = self_left ? other : number;
        if (comparison) {
          Value res;
          in.compare(op, a, b, &res);
          return res;
        }
        return in.binary(op, a, b, false);
      }
      // tensor op array (and array op tensor where Python falls back to the tensor's reflected
      // operator, which only /, == and != have): PyTorch hands the work to NumPy, whose result
      // (NumPy's dtype: 0-d arrays are not weak) comes back as a tensor. The tensor's <, <=, >, >=
      // decline an array.
      if (self_left && op != Op::Div && op != Op::Eq && op != Op::NotEq) {
        if (op == Op::Add)
          throw TypeError("Concatenation operation is not implemented for NumPy arrays, use np.concatenate() instead. "
                          "Please do not rely on this error; it may not be given on all Python implementations.");
        if (comparison)
          throw TypeError(std::string("'") + grammar::op_symbol(op) +
                          "' not supported between instances of 'numpy.ndarray' and 'Tensor'");
        throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) +
                        (op == Op::Pow ? " or pow()" : "") + ": 'numpy.ndarray' and 'Tensor'");
      }
      // array != tensor: neither declares it (the tensor's reflected != declines an array), so Python
      // compares identities: True. (array == tensor is the tensor's reflected ==.)
      if (self_left && op == Op::NotEq) return Value::boolean(true);
      if (!self_left && comparison && op != Op::Eq && op != Op::NotEq)
        throw TypeError(std::string("'") + grammar::op_symbol(op) +
                        "' not supported between instances of 'Tensor' and 'numpy.ndarray'");
      // Two mixes PyTorch answers by a path tsh does not follow yet: refused, never a guessed dtype.
      if (self_left && op == Op::Div && !is_floating(t.dtype()) && !is_complex(t.dtype()))
        throw NotImplementedError("an integer or bool array / a tensor: tsh does not follow PyTorch's result dtype "
                                  "for this mix yet (convert the array with torch.from_numpy first)");
      if (t.dtype() == DType::Bool && other.as_tensor().dtype() == DType::Bool && !comparison)
        throw NotImplementedError("a bool tensor and a bool array in arithmetic: tsh does not follow PyTorch's result "
                                  "for this mix yet (convert the array with torch.from_numpy first)");
      const Value as_array = make_ndarray(other.as_tensor());
      const std::optional<Value> r = binary_op(in, op_code, self, as_array, self_left);
      return Value::tensor(ndarray_tensor(*r));
    }
    if (!o && !other.is_number()) {
      if (op == Op::Eq || op == Op::NotEq) return std::nullopt;
      throw TypeError(std::string("unsupported operand type(s) for ") + grammar::op_symbol(op) + ": '" +
                      (self_left ? "numpy.ndarray" : type_name(other)) + "' and '" +
                      (self_left ? type_name(other) : "numpy.ndarray") + "'");
    }
    DType d = o ? array_result(t.dtype(), o->t.dtype()) : scalar_result(t.dtype(), other);
    if (!o && !comparison && other.is(Kind::Int) && d == t.dtype() && !is_floating(d) && !is_complex(d) &&
        d != DType::Bool)
      check_python_int_fits(other, d);  // NEP 50: a Python int takes the array's dtype, or is an error
    if (op == Op::Div && !is_floating(d) && !is_complex(d)) d = DType::Float64;  // true division of integers
    if (d == DType::Bool && op == Op::Sub)
      throw TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                      "operator, or the logical_xor function instead.");
    if (d == DType::Bool && (op == Op::FloorDiv || op == Op::Mod || op == Op::Pow)) d = DType::Int8;  // int8's loops
    const Value mine = Value::tensor(to(t, d, std::nullopt));
    const Value theirs = o ? Value::tensor(to(o->t, d, std::nullopt)) : other;
    const Value& a = self_left ? mine : theirs;
    const Value& b = self_left ? theirs : mine;
    if ((op == Op::FloorDiv || op == Op::Mod) && !is_floating(d) && !is_complex(d)) {
      // NumPy's integer // and % by zero give 0 (with its RuntimeWarning), where PyTorch raises
      const Tensor divisor = b.is(Kind::Tensor) ? b.as_tensor() : full({}, b.as_scalar(), d);
      const Tensor zero = eq(divisor, 0);
      if (item(any(zero)).to_bool()) {
        warn_once(in, "RuntimeWarning",
                  std::string("divide by zero encountered in ") + (op == Op::FloorDiv ? "floor_divide" : "remainder"));
        const Value safe = Value::tensor(where(zero, Scalar(int64_t{1}), divisor));
        const Tensor r = in.binary(op, a, safe, false).as_tensor();
        return wrap(where(zero, Scalar(int64_t{0}), r));
      }
    }
    if (comparison && !o && other.is(Kind::Int) && is_integral(d, false))
      if (const std::optional<bool> all = compare_beyond_range(op, d, other, self_left))
        return wrap(full(t.sizes(), Scalar(*all), DType::Bool));
    Value r;
    if (comparison) in.compare(op, a, b, &r);
    else r = in.binary(op, a, b, false);
    if (o) return wrap(numpy_layout_from(r.as_tensor(), {t, o->t}));  // NumPy's layout where the two disagree
    return wrap(r.as_tensor());
  }
  // for x in a: the rows along the first axis (views), or the elements of a 1-d array (NumPy scalars).
  Value iter(Interpreter&, const Value& self) override {
    if (t.dim() == 0) throw TypeError("iteration over a 0-d array");
    auto at = std::make_shared<int64_t>(0);
    const Tensor x = t;
    const Value owner = self;
    return iterator_value("iterator", [x, at, owner, this](Interpreter&, Value& out) {
      if (*at >= x.size(0)) return false;
      const Tensor row = select(x, 0, (*at)++);
      out = row.dim() == 0 ? wrap(row) : view_of(owner, row);
      return true;
    }, held_values({self}));
  }
  std::optional<bool> truth() const override {
    if (t.numel() == 0)
      throw ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is "
                       "not empty.");
    if (t.numel() > 1)
      throw ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    return truthy(python_values(reshape(t, {})));
  }
  // A NumPy scalar equals the Python number it holds, as a dict or set key too.
  std::optional<bool> equals(const Value&, const Value& other) const override {
    if (!scalar) return std::nullopt;
    if (other.is_number()) return values_equal(python_values(t), other);
    if (other.is(Kind::Instance))
      if (auto* o = dynamic_cast<NdArrayObj*>(other.as<InstanceObj>()); o && o->scalar)
        return values_equal(python_values(t), python_values(o->t));
    return false;
  }
  // A NumPy scalar hashes as the Python number it equals; an array is unhashable.
  std::optional<int64_t> hash(const Value&) const override {
    if (!scalar) throw TypeError(std::string("unhashable type: '") + (memmap ? "memmap" : "numpy.ndarray") + "'");
    return py_hash(python_values(t));
  }
  std::optional<Value> as_number() const override {
    if (t.numel() != 1 || (t.dim() > 0 && !scalar))
      if (t.numel() != 1 || t.dim() > 1) throw TypeError("only length-1 arrays can be converted to Python scalars");
    return python_values(reshape(t, {}));
  }
  std::optional<Value> unary_op(Interpreter& in, int op_code, const Value&) override {
    using grammar::Op;
    const Op op = static_cast<Op>(op_code);
    if (op != Op::Neg && op != Op::Pos && op != Op::Invert) return std::nullopt;
    if (op == Op::Neg && t.dtype() == DType::Bool)
      throw TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the "
                      "logical_not function instead.");
    return wrap(in.unary(op, Value::tensor(t)).as_tensor());
  }
  // a op= b: NumPy computes a op b whole, then writes it into a's memory (same-kind casting, a's
  // shape); a stays the same object, so every view of it sees the change. NumPy scalars rebind.
  std::optional<Value> inplace_op(Interpreter& in, int op_code, const Value& self, const Value& other) override {
    using grammar::Op;
    if (scalar || other.is(Kind::Tensor)) return std::nullopt;
    const std::optional<Value> r = binary_op(in, op_code, self, other, true);
    if (!r) return std::nullopt;
    const Tensor res = ndarray_tensor(numpy_asarray(*r));
    static const std::map<Op, const char*> ufunc = {
        {Op::Add, "add"}, {Op::Sub, "subtract"}, {Op::Mul, "multiply"}, {Op::Div, "divide"},
        {Op::FloorDiv, "floor_divide"}, {Op::Mod, "remainder"}, {Op::Pow, "power"}, {Op::MatMul, "matmul"},
        {Op::LShift, "left_shift"}, {Op::RShift, "right_shift"}, {Op::BitAnd, "bitwise_and"},
        {Op::BitOr, "bitwise_or"}, {Op::BitXor, "bitwise_xor"}};
    const auto name = ufunc.find(static_cast<Op>(op_code));
    const std::string fn = name == ufunc.end() ? "operator" : name->second;
    if (!can_cast(res.dtype(), t.dtype(), "same_kind"))
      throw PyError("numpy._core._exceptions._UFuncOutputCastingError",
                    "Cannot cast ufunc '" + fn + "' output from dtype('" + format::numpy_dtype_name(res.dtype()) +
                        "') to dtype('" + format::numpy_dtype_name(t.dtype()) + "') with casting rule 'same_kind'");
    auto tight = [](const Shape& sh) {
      std::string s = "(";
      for (size_t i = 0; i < sh.size(); ++i) s += (i ? "," : "") + std::to_string(sh[i]);
      return s + (sh.size() == 1 ? ",)" : ")");
    };
    const Shape both = broadcast_shapes(res.sizes(), t.sizes());
    if (both != t.sizes())
      throw ValueError("non-broadcastable output operand with shape " + tight(t.sizes()) +
                       " doesn't match the broadcast shape " + tight(both));
    if (!writeable) throw ValueError("output array is read-only");
    copy_(t, expand(to(res, t.dtype(), std::nullopt), t.sizes()));
    return self;
  }
  // x in a: any element equal to x, as NumPy's __contains__ has it
  std::optional<bool> contains(Interpreter& in, const Value& self, const Value& item) override {
    Value eq;
    in.compare(grammar::Op::Eq, self, item, &eq);
    if (!is_ndarray(eq)) return truthy(eq);
    return item_of_any(ndarray_tensor(eq));
  }
  static bool item_of_any(const Tensor& mask) { return mask.numel() > 0 && tsh::item(any(mask)).to_bool(); }
  Int length(const Value&) override {
    if (t.dim() == 0) throw TypeError("len() of unsized object");
    return t.size(0);
  }

};

// A dtype= argument: None, a numpy type (numpy.float32), a dtype object, or a name ('float32', 'int').
std::optional<DType> dtype_arg(const Value& v) {
  if (v.is_none()) return std::nullopt;
  std::string name;
  if (v.is(Kind::Type)) {
    name = v.as<TypeObj>()->name;
    if (name.rfind("numpy.", 0) == 0) name = name.substr(6);
    if (name == "float") name = "float64";
    if (name == "int") name = "int64";
  } else if (v.is(Kind::Str)) {
    name = v.as_str();
  } else if (v.is(Kind::Instance)) {
    if (auto d = dynamic_cast<DtypeObj*>(v.as<InstanceObj>())) return d->d;
  }
  static const std::map<std::string, DType> names = {
      {"bool", DType::Bool},         {"bool_", DType::Bool},         {"uint8", DType::UInt8},
      {"int8", DType::Int8},         {"int16", DType::Int16},        {"int32", DType::Int32},
      {"int64", DType::Int64},       {"int", DType::Int64},          {"float16", DType::Float16},
      {"half", DType::Float16},      {"float32", DType::Float32},    {"single", DType::Float32},
      {"float64", DType::Float64},   {"double", DType::Float64},     {"float", DType::Float64},
      {"complex64", DType::Complex64}, {"complex128", DType::Complex128}, {"complex", DType::Complex128},
      {"f4", DType::Float32},        {"f8", DType::Float64},         {"i4", DType::Int32},
      {"i8", DType::Int64},          {"u1", DType::UInt8},           {"f2", DType::Float16},
      {"i1", DType::Int8},           {"i2", DType::Int16},           {"b1", DType::Bool},
      {"c8", DType::Complex64},      {"c16", DType::Complex128},     {"?", DType::Bool},
      {"b", DType::Int8},            {"B", DType::UInt8},            {"h", DType::Int16},
      {"i", DType::Int32},           {"l", DType::Int64},            {"q", DType::Int64},
      {"e", DType::Float16},         {"f", DType::Float32},          {"d", DType::Float64},
      {"F", DType::Complex64},       {"D", DType::Complex128},       {"uint16", DType::UInt16},
      {"uint32", DType::UInt32},     {"uint64", DType::UInt64},      {"ushort", DType::UInt16},
      {"uintc", DType::UInt32},      {"uint", DType::UInt64},        {"ulong", DType::UInt64},
      {"ulonglong", DType::UInt64},  {"uintp", DType::UInt64},       {"ubyte", DType::UInt8},
      {"u2", DType::UInt16},         {"u4", DType::UInt32},          {"u8", DType::UInt64},
      {"H", DType::UInt16},          {"I", DType::UInt32},           {"L", DType::UInt64},
      {"Q", DType::UInt64}};
  // the array-interface strings with a byte order: '<f8', '|u1', '=i4'
  if (name.size() > 1 && (name[0] == '<' || name[0] == '|' || name[0] == '=')) name = name.substr(1);
  auto it = names.find(name);
  if (it == names.end()) throw TypeError("data type '" + name + "' not understood");
  return it->second;
}

// NumPy's inference: the widest kind present among bool < int64 < float64 < complex128, where
// an int past int64 is a uint64, and a uint64 meeting an int64 makes float64.
DType infer_numpy_dtype(const std::vector<Scalar>& flat) {
  DType d = DType::Bool;
  for (const Scalar& s : flat) {
    if (s.is_complex()) return DType::Complex128;
    if (s.is_float()) d = DType::Float64;
    else if (s.is_int() && d != DType::Float64)
      d = integer_result(d, s.is_uint() ? DType::UInt64 : DType::Int64);
  }
  return flat.empty() ? DType::Float64 : d;
}

void numpy_too_many_dims(const Value&) {
  throw ValueError("setting an array element with a sequence. The requested array would exceed the maximum number of "
                   "dimension of 64.");
}
void numpy_inhomogeneous(const Shape& shape, size_t depth) {
  const Shape detected(shape.begin(), shape.begin() + static_cast<std::ptrdiff_t>(depth));
  throw ValueError("setting an array element with a sequence. The requested array has an inhomogeneous shape after " +
                   std::to_string(depth) + " dimensions. The detected shape was " + format::tuple_repr(detected) +
                   " + inhomogeneous part.");
}
constexpr NestingLimit kNumpyNesting{64, numpy_too_many_dims, numpy_inhomogeneous, true};

Tensor array_from(const Value& obj, std::optional<DType> dtype, bool copy) {
  if (is_ndarray(obj) || obj.is(Kind::Tensor)) {
    const Tensor& t = is_ndarray(obj) ? ndarray_tensor(obj) : obj.as_tensor();
    if (t.is_conj())  // np.asarray(t) goes through t.numpy(), which refuses a conjugate view
      throw RuntimeError("Can't call numpy() on Tensor that has conjugate bit set. Use tensor.resolve_conj().numpy() "
                         "instead.");
    if (!t.device().is_cpu())
      throw TypeError("can't convert " + t.device().str() +
                      " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.");
    const Tensor r = to(t, dtype, std::nullopt);
    return copy && r.storage() == t.storage() ? clone(r) : r;
  }
  // Arrays and NumPy scalars nested in lists become their Python values; the result's dtype
  // then combines theirs with that of the plain Python numbers (np.array([np.float32(1)]) is float32).
  std::optional<DType> nested;
  std::vector<Scalar> python_leaves;
  std::function<Value(const Value&, size_t)> plain = [&](const Value& v, size_t depth) -> Value {
    if (is_ndarray(v) || v.is(Kind::Tensor)) {
      const Tensor t = is_ndarray(v) ? ndarray_tensor(v) : v.as_tensor();
      nested = nested ? array_result(*nested, t.dtype()) : t.dtype();
      return ndarray_tolist(t);
    }
    if (v.is(Kind::List) || v.is(Kind::Tuple)) {
      if (depth == kNumpyNesting.max_dims) kNumpyNesting.too_deep(v);
      std::vector<Value> items;
      for (const Value& x : v.items()) items.push_back(plain(x, depth + 1));
      return Value::list(std::move(items));
    }
    if (v.is(Kind::Int) && dtype) check_python_int_fits(v, *dtype);  // NEP 50: never wrapped
    if (v.is_number()) python_leaves.push_back(v.as_scalar());
    return v;
  };
  const Value data = plain(obj, 0);
  Shape shape;
  std::vector<Scalar> flat;
  flatten_data(data, 0, shape, flat, kNumpyNesting);
  DType inferred = infer_numpy_dtype(flat);
  if (nested) inferred = python_leaves.empty() ? *nested : array_result(*nested, infer_numpy_dtype(python_leaves));
  return from_scalars(shape, flat, dtype.value_or(inferred), Device{});
}

// One dim of a shape: past int64 either way is NumPy's error, never a wrapped size.
int64_t dim_arg(const Value& v) {
  const Int n = v.as_int();
  if (n > INT64_MAX || n < INT64_MIN) throw ValueError("Maximum allowed dimension exceeded");
  return static_cast<int64_t>(n);
}

Shape shape_arg(const Value& v) {
  if (v.is_intlike()) return {dim_arg(v)};
  Shape s;
  for (const Value& x : numpy_items(v)) s.push_back(dim_arg(x));
  check_numpy_dims(s.size());
  return s;
}

// A byte count as NumPy's MemoryError writes it: "8.00 TiB", "256. TiB", "12 bytes".
std::string numpy_size_text(long double bytes) {
  static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  long double scaled = bytes;
  while (unit < 6 && scaled >= 1024.0L) {
    scaled /= 1024.0L;
    ++unit;
  }
  if (unit < 6 && std::round(scaled) == 1024.0L) {  // rounds up into the next unit
    scaled /= 1024.0L;
    ++unit;
  }
  char text[64];
  if (unit == 0) std::snprintf(text, sizeof text, "%.0Lf %s", scaled, units[unit]);
  else if (std::round(scaled) < 1000.0L) std::snprintf(text, sizeof text, "%#.3Lg %s", scaled, units[unit]);
  else std::snprintf(text, sizeof text, "%#.0Lf %s", scaled, units[unit]);
  return text;
}

// A new array of `shape` made by `make`, with NumPy's errors: negative dims, more bytes than an
// address can count, and an allocation the machine refuses (PyTorch's allocator error underneath).
Tensor numpy_alloc(const Shape& shape, DType d, const std::function<Tensor()>& make) {
  long double bytes = static_cast<long double>(itemsize(d));
  for (int64_t n : shape) {
    if (n < 0) throw ValueError("negative dimensions are not allowed");
    bytes *= static_cast<long double>(n);
  }
  if (bytes > static_cast<long double>(INT64_MAX))
    throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  try {
    return make();
  } catch (const HostAllocationError&) {
    throw PyError("numpy._core._exceptions._ArrayMemoryError",
                  "Unable to allocate " + numpy_size_text(bytes) + " for an array with shape " + format::tuple_repr(shape) +
                      " and data type " + format::numpy_dtype_name(d));
  }
}

}  // namespace

void install_numpy_random(Value& random);
void install_numpy_linalg(Value& linalg);
void install_numpy_functions(Value& m);
void install_numpy_fromnumeric(Value& m);
void install_numpy_statistics(Value& m);
void install_numpy_shape_base(Value& m);
void install_numpy_numeric(Value& m);
void install_numpy_ufuncs(Value& m);
Value numpy_savetxt(Interpreter& in, Args& a, Kwargs& kw);
Value numpy_save(Interpreter& in, Args& a, Kwargs& kw);
void install_numpy_npz(Value& m);
Value numpy_load(Interpreter& in, Args& a, Kwargs& kw);
Value numpy_loadtxt(Interpreter& in, Args& a, Kwargs& kw, const std::function<std::optional<DType>(const Value&)>& dtype_of);
Value numpy_genfromtxt(Interpreter& in, Args& a, Kwargs& kw, const std::function<std::optional<DType>(const Value&)>& dtype_of);

namespace {
// An op's result: a NumPy scalar when it has no dims, an array otherwise.
Value wrap(const Tensor& t) {
  Value v = make_ndarray(t);
  if (t.dim() == 0) {
    auto* o = dynamic_cast<NdArrayObj*>(v.as<InstanceObj>());
    o->scalar = true;
    o->type = type_value("numpy." + format::numpy_dtype_name(t.dtype()));
  }
  return v;
}

// r, made from the array arr: a view of arr when it shares arr's memory (np.reshape, np.transpose).
Value view_from(const Value& arr, const Tensor& r) {
  return dynamic_cast<NdArrayObj*>(arr.as<InstanceObj>())->view_of(arr, r);
}
}  // namespace

Value numpy_value(const Tensor& t) { return wrap(t); }

Value numpy_view(const Value& arr, const Tensor& r) { return view_from(arr, r); }

std::vector<Value> numpy_items(const Value& v) {
  if (is_ndarray(v)) {
    const Tensor& t = ndarray_tensor(v);
    if (t.dim() == 0) return {NdArrayObj::python_values(t)};  // a NumPy scalar: one item
    if (t.dim() != 1) throw TypeError("only integer scalar arrays can be converted to a scalar index");
    return NdArrayObj::python_values(t).items();
  }
  if (!v.is_sequence()) throw TypeError("'" + type_name(v) + "' object cannot be interpreted as an integer");
  return v.items();
}

void set_ndarray_readonly(const Value& v) { dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())->writeable = false; }

Value ndarray_tolist(const Tensor& t) { return NdArrayObj::python_values(t); }

std::optional<DType> numpy_dtype_arg(const Value& v) { return dtype_arg(v); }

Value numpy_scalar_number(const Value& v) {
  const Tensor& t = ndarray_tensor(v);
  if (t.numel() != 1) throw TypeError("only length-1 arrays can be converted to Python scalars");
  return NdArrayObj::python_values(reshape(t, {}));
}

Value numpy_asarray(const Value& v) { return is_ndarray(v) ? v : make_ndarray(array_from(v, std::nullopt, false)); }

void check_numpy_dims(size_t dims) {
  if (dims > 64)
    throw ValueError("maximum supported dimension for an ndarray is currently 64, found " + std::to_string(dims));
}

Value make_ndarray(const Tensor& t) {
  (void)format::numpy_dtype_name(t.dtype());  // bfloat16 has no NumPy dtype
  check_numpy_dims(static_cast<size_t>(t.dim()));
  auto o = std::make_shared<NdArrayObj>(t);
  o->type = type_value("numpy.ndarray");
  return Value::object(Kind::Instance, o);
}

Value make_memmap(const Tensor& t, const Value& mapping, bool writeable) {
  Value v = make_ndarray(t);
  auto* o = dynamic_cast<NdArrayObj*>(v.as<InstanceObj>());
  o->memmap = true;
  o->writeable = writeable;
  o->base = mapping;
  o->type = type_value("numpy.memmap");
  return v;
}

bool ndarray_writeable(const Value& v) { return dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())->writeable; }

Value make_ndarray_view(const Tensor& t, const Value& base) {
  Value v = make_ndarray(t);
  dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())->base = base;
  return v;
}

bool is_ndarray(const Value& v) {
  return v.is(Kind::Instance) && dynamic_cast<NdArrayObj*>(v.as<InstanceObj>()) != nullptr;
}

const Tensor& ndarray_tensor(const Value& v) { return dynamic_cast<NdArrayObj*>(v.as<InstanceObj>())->t; }

const Tensor& ndarray_tensor_for_torch(const Value& v) {
  const Tensor& t = ndarray_tensor(v);
  if (has_negative_stride(t))
    throw ValueError("At least one stride in the given numpy array is negative, and tensors with negative strides are "
                     "not currently supported. (You can probably work around this by making a copy of your array  with "
                     "array.copy().) ");
  return t;
}

namespace {

// device= and like= of the creation functions: the CPU, and no other array library.
void creation_extras(const std::string& fn, const Value& device, const Value& like) {
  if (!device.is_none() && !(device.is(Kind::Str) && device.as_str() == "cpu"))
    throw ValueError("Device not understood. Only \"cpu\" is allowed, but received: " + str(device));
  if (!like.is_none()) throw NotImplementedError("numpy." + fn + ": tsh does not support like=");
}

// The new array of the *_like functions: x's shape (or shape=) in the layout order= asks of x
// (by default 'K', x's own order of strides).
Tensor like_layout(const Tensor& x, DType d, const Value& order_v, const Value& shape_v, const Value& device,
                   const std::string& fn) {
  creation_extras(fn, device, Value());
  Order order = order_arg(order_v, fn, Order::K);
  if (shape_v.is_none()) return empty_in_order(x.sizes(), d, order, &x);
  const Shape shape = shape_arg(shape_v);
  // Another shape keeps only F: asked for, or x's own under 'A' and 'K'; else C
  order = resolve_order(order == Order::K ? Order::A : order, x);
  return empty_in_order(shape, d, order == Order::F ? Order::F : Order::C);
}

}  // namespace

void install_numpy(Interpreter& in, Value& m) {
  auto& attrs = m.as<ModuleObj>()->attrs;
  attrs["__version__"] = Value::str("2.4.6");
  attrs["ndarray"] = type_value("numpy.ndarray");
  attrs["memmap"] = type_value("numpy.memmap");
  for (const char* n : {"bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
                        "complex64", "complex128", "uint16", "uint32", "uint64"}) {
    attrs[n] = type_value(std::string("numpy.") + n);
    // np.float64(1.5), np.int32('7'): a NumPy scalar of that type (a number, a numeric string, or an array's element).
    const std::string name = n;
    attrs[n].as<TypeObj>()->ctor = [name](Interpreter& in, Args& a, Kwargs& kw) -> Value {
      std::vector<Value> v = bind_params(name, a, kw, {"value"}, 0);
      const DType d = *dtype_arg(Value::str(name));
      Value x = v[0].is_none() ? Value::integer(0) : v[0];
      if (x.is(Kind::Str)) {
        Args one{x};
        Kwargs none;
        x = in.call(in.builtins().at(is_floating(d) || is_complex(d) ? "float" : "int"), one, none);
      }
      return numpy_value(array_from(x, d, true));
    };
  }
  // NumPy's C-named aliases of the sized types, as on x86-64 Linux (np.uint is uint64 there).
  for (const auto& [alias, sized] : std::initializer_list<std::pair<const char*, const char*>>{
           {"byte", "int8"}, {"ubyte", "uint8"}, {"short", "int16"}, {"ushort", "uint16"}, {"intc", "int32"},
           {"uintc", "uint32"}, {"int_", "int64"}, {"intp", "int64"}, {"long", "int64"}, {"longlong", "int64"},
           {"uint", "uint64"}, {"uintp", "uint64"}, {"ulong", "uint64"}, {"ulonglong", "uint64"},
           {"half", "float16"}, {"single", "float32"}, {"double", "float64"}, {"csingle", "complex64"},
           {"cdouble", "complex128"}})
    if (!attrs.count(alias)) attrs[alias] = attrs[sized];
  attrs["bool_"] = attrs["bool"];
  attrs["pi"] = Value::floating(M_PI);
  attrs["e"] = Value::floating(M_E);
  attrs["inf"] = Value::floating(INFINITY);
  attrs["nan"] = Value::floating(NAN);
  attrs["newaxis"] = Value();
  // NumPy's two bool scalars, and bool_, the name NumPy 2 keeps for the bool type.
  attrs["True_"] = wrap(full({}, Scalar(true), DType::Bool));
  attrs["False_"] = wrap(full({}, Scalar(false), DType::Bool));
  attrs["bool_"] = attrs["bool"];
  install_numpy_functions(m);
  install_numpy_fromnumeric(m);
  install_numpy_statistics(m);
  install_numpy_shape_base(m);
  install_numpy_numeric(m);
  install_numpy_ufuncs(m);
  Value random = new_module("numpy.random");
  install_numpy_random(random);
  attrs["random"] = random;
  Value linalg = new_module("numpy.linalg");
  install_numpy_linalg(linalg);
  run_embedded(in, linalg, "numpy/linalg.py");  // the array-API functions, written over numpy's own
  run_embedded(in, m, "numpy/lib.py");          // numpy's compositions of its own functions
  attrs["linalg"] = linalg;
  attrs["matrix_transpose"] = linalg.as<ModuleObj>()->attrs.at("matrix_transpose");
  // can_cast(from_, to, casting='safe'): from_ a dtype, a type or an array (NumPy 2 refuses Python numbers)
  def_function(m, "can_cast", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("can_cast", a, kw, {"from_", "to", "casting"}, 2);
    if (v[0].is_number())
      throw TypeError("can_cast() does not support Python ints, floats, and complex because the result used to "
                      "depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them "
                      "again in the future.");
    const DType from = is_ndarray(v[0]) ? ndarray_tensor(v[0]).dtype() : *dtype_arg(v[0]);
    return Value::boolean(can_cast(from, *dtype_arg(v[1]), v[2].is_none() ? "safe" : v[2].as_str()));
  });
  def_function(m, "dtype", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("dtype", a, kw, {"dtype"}, 1);
    return dtype_value(*dtype_arg(v[0]));
  });
  def_function(m, "array", [](Interpreter&, Args& a, Kwargs& kw) {
    const bool copy_given = a.size() >= 3 || std::any_of(kw.begin(), kw.end(), [](const auto& p) { return p.first == "copy"; });
    std::vector<Value> v = bind_params("array", a, kw, {"object", "dtype", "copy", "order", "subok", "ndmin", "like"}, 1);
    if (!v[4].is_none() && truthy(v[4])) throw NotImplementedError("numpy.array: tsh has no ndarray subclasses (subok=True)");
    if (!v[6].is_none()) throw NotImplementedError("numpy.array: tsh does not support like=");
    const Order order = order_arg(v[3], "array", Order::K);
    // copy=True (the default): always a new array; None: only when needed; False: never (NumPy 2's rule)
    const bool always = !copy_given || (!v[2].is_none() && truthy(v[2]));
    const bool never = !v[2].is_none() && !truthy(v[2]);
    const Tensor r = array_from(v[0], dtype_arg(v[1]), false);
    const bool shares = (is_ndarray(v[0]) && r.storage() == ndarray_tensor(v[0]).storage()) ||
                        (v[0].is(Kind::Tensor) && r.storage() == v[0].as_tensor().storage());
    Tensor laid = in_order(r, order);
    if (never && !(shares && laid.is_same(r)))
      throw ValueError("Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` "
                       "replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).\n"
                       "For more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html#adapting-to-changes-in-the-copy-keyword.");
    if (always && shares && laid.is_same(r)) laid = copy_in_order(r, order);
    if (!always && is_ndarray(v[0]) && laid.is_same(r) && r.is_same(ndarray_tensor(v[0])) && v[5].is_none() &&
        !dynamic_cast<NdArrayObj*>(v[0].as<InstanceObj>())->memmap)
      return v[0];  // nothing to change: the array itself, as NumPy returns it
    const int64_t ndmin = v[5].is_none() ? 0 : static_cast<int64_t>(v[5].as_int());
    while (laid.dim() < ndmin) laid = unsqueeze(laid, 0);  // ndmin: ones in front, as views
    if (shares && laid.storage() == r.storage())
      return is_ndarray(v[0]) ? view_from(v[0], laid) : make_ndarray_view(laid, v[0]);
    return make_ndarray(laid);
  });
  def_function(m, "asarray", [](Interpreter& in, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("asarray", a, kw, {"a", "dtype", "order", "device", "copy", "like"}, 1);
    if (!v[5].is_none()) throw NotImplementedError("numpy.asarray: tsh does not support like=");
    if (!v[3].is_none() && !(v[3].is(Kind::Str) && v[3].as_str() == "cpu"))
      throw ValueError("Device not understood. Only \"cpu\" is allowed, but received: " + str(v[3]));
    const Order order = order_arg(v[2], "asarray", Order::K);
    if (!v[4].is_none() || (order != Order::K && order != Order::A) ||
        (order == Order::A && is_ndarray(v[0]) && !in_order(ndarray_tensor(v[0]), Order::A).is_same(ndarray_tensor(v[0])))) {
      // copy= or a layout to reach: np.array's rules, copy=None meaning "only when needed"
      Args args{v[0], v[1]};
      Kwargs rest{{"copy", v[4]}, {"order", v[2].is_none() ? Value::str("K") : v[2]}};
      return in.call(in.get_attr(in.lookup_module("numpy"), "array"), args, rest);
    }
    if (is_ndarray(v[0]) && v[1].is_none()) {
      auto* o = dynamic_cast<NdArrayObj*>(v[0].as<InstanceObj>());
      if (!o->memmap) return v[0];
      Value plain = make_ndarray_view(o->t, v[0]);  // asarray gives the base class: a plain view of the memmap
      dynamic_cast<NdArrayObj*>(plain.as<InstanceObj>())->writeable = o->writeable;
      return plain;
    }
    const Tensor r = array_from(v[0], dtype_arg(v[1]), false);
    if (is_ndarray(v[0])) return view_from(v[0], r);
    return v[0].is(Kind::Tensor) && r.storage() == v[0].as_tensor().storage() ? make_ndarray_view(r, v[0])
                                                                             : make_ndarray(r);
  });
  auto filled = [](const char* name, double value) {
    return [name, value](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params(name, a, kw, {"shape", "dtype", "order", "device", "like"}, 1);
      creation_extras(name, v[3], v[4]);
      const Shape shape = shape_arg(v[0]);
      const DType d = dtype_arg(v[1]).value_or(DType::Float64);
      const Order order = order_arg(v[2], name, Order::C, true);
      return make_ndarray(numpy_alloc(shape, d, [&] {
        Tensor r = empty_in_order(shape, d, order);
        return fill_(r, Scalar(value));
      }));
    };
  };
  def_function(m, "zeros", filled("zeros", 0.0));
  def_function(m, "ones", filled("ones", 1.0));
  // diag: a 1-d array's diagonal matrix (offset k), or a 2-d array's diagonal as a read-only view.
  def_function(m, "diag", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("diag", a, kw, {"v", "k"}, 1);
    const Value arr = numpy_asarray(v[0]);
    const Tensor x = ndarray_tensor(arr);
    const int64_t k = v[1].is_none() ? 0 : static_cast<int64_t>(v[1].as_int());
    if (x.dim() == 1) {
      const int64_t n = x.size(0) + (k < 0 ? -k : k);
      Tensor out = full({n, n}, Scalar(int64_t{0}), x.dtype());
      copy_(diagonal(out, k, 0, 1), x);
      return make_ndarray(out);
    }
    if (x.dim() != 2) throw ValueError("Input must be 1- or 2-d.");
    Value d = view_from(arr, diagonal(x, k, 0, 1));
    dynamic_cast<NdArrayObj*>(d.as<InstanceObj>())->writeable = false;
    return d;
  });
  // empty and empty_like: uninitialized memory, as NumPy's (whatever the allocator hands back).
  def_function(m, "empty", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("empty", a, kw, {"shape", "dtype", "order", "device", "like"}, 1);
    creation_extras("empty", v[3], v[4]);
    const Shape shape = shape_arg(v[0]);
    const DType d = dtype_arg(v[1]).value_or(DType::Float64);
    const Order order = order_arg(v[2], "empty", Order::C, true);
    return make_ndarray(numpy_alloc(shape, d, [&] { return empty_in_order(shape, d, order); }));
  });
  def_function(m, "empty_like", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("empty_like", a, kw, {"prototype", "dtype", "order", "subok", "shape", "device"}, 1);
    const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
    return make_ndarray(like_layout(x, dtype_arg(v[1]).value_or(x.dtype()), v[2], v[4], v[5], "empty_like"));
  });
  def_function(m, "full", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("full", a, kw, {"shape", "fill_value", "dtype", "order", "device", "like"}, 2);
    creation_extras("full", v[4], v[5]);
    const Tensor value = array_from(v[1], dtype_arg(v[2]), true);
    const Shape shape = shape_arg(v[0]);
    const Order order = order_arg(v[3], "full", Order::C, true);
    if (value.numel() != 1 || value.dim() > 0) {  // an array of fill values, broadcast to the shape
      bool fits = value.dim() <= static_cast<int64_t>(shape.size());
      for (int64_t i = 1; fits && i <= value.dim(); ++i) {
        const int64_t have = value.size(value.dim() - i), want = shape[shape.size() - static_cast<size_t>(i)];
        fits = have == want || have == 1;
      }
      if (!fits) {  // NumPy writes these shapes without blanks: (3,) into (2,2)
        auto tight = [](const Shape& sh) {
          std::string t = "(";
          for (size_t i = 0; i < sh.size(); ++i) t += (i ? "," : "") + std::to_string(sh[i]);
          return t + (sh.size() == 1 ? ",)" : ")");
        };
        throw ValueError("could not broadcast input array from shape " + tight(value.sizes()) + " into shape " +
                         tight(shape));
      }
      Tensor r = empty_in_order(shape, value.dtype(), order);
      copy_(r, expand(value, shape));
      return make_ndarray(r);
    }
    return make_ndarray(numpy_alloc(shape, value.dtype(), [&] {
      Tensor r = empty_in_order(shape, value.dtype(), order);
      return fill_(r, item(value));
    }));
  });
  for (const char* like : {"zeros_like", "ones_like", "full_like"})
    def_function(m, like, [like](Interpreter&, Args& a, Kwargs& kw) {
      const bool is_full = std::string(like) == "full_like";
      std::vector<Value> v = bind_params(
          like, a, kw,
          is_full ? std::vector<std::string>{"a", "fill_value", "dtype", "order", "subok", "shape", "device"}
                  : std::vector<std::string>{"a", "dtype", "order", "subok", "shape", "device"},
          is_full ? 2 : 1);
      const size_t k = is_full ? 2 : 1;  // where dtype sits
      const Tensor x = ndarray_tensor(numpy_asarray(v[0]));
      const DType d = dtype_arg(v[k]).value_or(x.dtype());
      const Scalar fill = is_full ? v[1].as_scalar() : Scalar(std::string(like) == "ones_like" ? 1.0 : 0.0);
      Tensor r = like_layout(x, d, v[k + 1], v[k + 3], v[k + 4], like);
      return make_ndarray(fill_(r, fill));
    });
  // NumPy's rule, which is not PyTorch's: i * step + start (two roundings), the last value set to
  // stop; integer dtypes floor first.
  def_function(m, "linspace", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("linspace", a, kw, {"start", "stop", "num", "endpoint", "retstep", "dtype"}, 2);
    const bool endpoint = v[3].is_none() || truthy(v[3]);
    const int64_t num = v[2].is_none() ? 50 : static_cast<int64_t>(v[2].as_int());
    if (num < 0) throw ValueError("Number of samples, " + std::to_string(num) + ", must be non-negative.");
    const double start = v[0].as_float(), stop = v[1].as_float(), delta = stop - start;
    const int64_t div = endpoint ? num - 1 : num;
    const double step = div > 0 ? delta / static_cast<double>(div) : NAN;
    const DType dtype = dtype_arg(v[5]).value_or(DType::Float64);
    const bool integral = !is_floating(dtype) && !is_complex(dtype);
    // (allocated first, so that a size no memory holds is NumPy's MemoryError, not a long wait)
    const Tensor values = numpy_alloc({num}, DType::Float64, [num] { return empty({num}, DType::Float64, Device{}); });
    double* out = values.data<double>();
    for (int64_t i = 0; i < num; ++i) {
      volatile double y;  // no fused multiply-add: NumPy rounds the product, then the sum
      if (div == 0) y = static_cast<double>(i) * delta;
      else if (step == 0) y = static_cast<double>(i) / static_cast<double>(div) * delta;
      else y = static_cast<double>(i) * step;
      double x = y + start;
      if (endpoint && num > 1 && i == num - 1) x = stop;
      out[i] = integral ? std::floor(x) : x;
    }
    const Value arr = make_ndarray(to(values, dtype, std::nullopt));
    if (truthy(v[4]))  // NumPy gives a Python nan when there is no step (num=1 with the endpoint)
      return Value::tuple({arr, div > 0 ? numpy_value(full({}, Scalar(step), DType::Float64)) : Value::floating(NAN)});
    return arr;
  });
  for (const char* name : {"eye", "identity"})
    def_function(m, name, [name](Interpreter&, Args& a, Kwargs& kw) {
      const bool is_eye = std::string(name) == "eye";
      std::vector<Value> v = bind_params(name, a, kw, is_eye ? std::vector<std::string>{"N", "M", "k", "dtype"}
                                                              : std::vector<std::string>{"n", "dtype"},
                                         1);
      const int64_t n = static_cast<int64_t>(v[0].as_int());
      const int64_t m = is_eye && !v[1].is_none() ? static_cast<int64_t>(v[1].as_int()) : n;
      const int64_t k = is_eye && !v[2].is_none() ? static_cast<int64_t>(v[2].as_int()) : 0;
      const DType d = dtype_arg(v[is_eye ? 3 : 1]).value_or(DType::Float64);
      if (k == 0) return make_ndarray(eye(n, m, d));
      // ones on the k-th diagonal (above the main one for k > 0): none when it lies outside
      Tensor r = zeros({n, m}, d);
      if (k < m && -k < n) fill_(diagonal(r, k, 0, 1), Scalar(1));
      return make_ndarray(r);
    });
  def_function(m, "transpose", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("transpose", a, kw, {"a", "axes"}, 1);
    const Value arr = numpy_asarray(v[0]);
    const Tensor& x = ndarray_tensor(arr);
    std::vector<int64_t> axes;
    if (v[1].is_none())
      for (int64_t d = x.dim() - 1; d >= 0; --d) axes.push_back(d);
    else
      for (const Value& d : numpy_items(v[1])) axes.push_back(static_cast<int64_t>(d.as_int()));
    return view_from(arr, permute(x, axes));
  });
  def_function(m, "reshape", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("reshape", a, kw, {"a", "shape", "order", "copy"}, 2);
    if (!v[3].is_none()) throw NotImplementedError("numpy.reshape: tsh does not support copy=");
    const Value arr = numpy_asarray(v[0]);
    return view_from(arr, reshaped(ndarray_tensor(arr), shape_arg(v[1]), v[2]));
  });
  // set_printoptions / get_printoptions: the options NumPy's printing reads; others are refused, not ignored.
  def_function(m, "set_printoptions", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_printoptions", a, kw,
                                       {"precision", "threshold", "edgeitems", "linewidth", "suppress", "nanstr",
                                        "infstr", "formatter", "sign", "floatmode", "legacy", "override_repr"},
                                       0);
    for (size_t i = 7; i < v.size(); ++i)
      if (!v[i].is_none()) throw NotImplementedError("numpy.set_printoptions: tsh does not support this option yet");
    format::NumpyPrintOptions o = format::numpy_print_options();
    if (!v[0].is_none()) o.precision = static_cast<int>(v[0].as_int());
    if (!v[1].is_none()) o.threshold = static_cast<int64_t>(v[1].as_int());
    if (!v[2].is_none()) o.edgeitems = static_cast<int64_t>(v[2].as_int());
    if (!v[3].is_none()) o.linewidth = static_cast<int64_t>(v[3].as_int());
    if (!v[4].is_none()) o.suppress = truthy(v[4]);
    if (!v[5].is_none()) o.nanstr = v[5].as_str();
    if (!v[6].is_none()) o.infstr = v[6].as_str();
    format::numpy_print_options() = o;
    return Value();
  });
  def_function(m, "get_printoptions", [](Interpreter&, Args& a, Kwargs& kw) {
    bind_params("get_printoptions", a, kw, {}, 0);
    const format::NumpyPrintOptions& o = format::numpy_print_options();
    Value d = make_dict();
    DictObj& dict = dict_of(d);
    dict.set(Value::str("edgeitems"), Value::integer(o.edgeitems));
    dict.set(Value::str("threshold"), Value::integer(o.threshold));
    dict.set(Value::str("floatmode"), Value::str("maxprec"));
    dict.set(Value::str("precision"), Value::integer(o.precision));
    dict.set(Value::str("suppress"), Value::boolean(o.suppress));
    dict.set(Value::str("linewidth"), Value::integer(o.linewidth));
    dict.set(Value::str("nanstr"), Value::str(o.nanstr));
    dict.set(Value::str("infstr"), Value::str(o.infstr));
    dict.set(Value::str("sign"), Value::str("-"));
    dict.set(Value::str("formatter"), Value());
    dict.set(Value::str("legacy"), Value::boolean(false));
    dict.set(Value::str("override_repr"), Value());
    return d;
  });
  def_function(m, "savetxt", numpy_savetxt);
  def_function(m, "save", numpy_save);
  def_function(m, "load", numpy_load);
  install_numpy_npz(m);
  def_function(m, "loadtxt", [](Interpreter& in, Args& a, Kwargs& kw) { return numpy_loadtxt(in, a, kw, dtype_arg); });
  def_function(m, "genfromtxt", [](Interpreter& in, Args& a, Kwargs& kw) { return numpy_genfromtxt(in, a, kw, dtype_arg); });
  def_function(m, "arange", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("arange", a, kw, {"start", "stop", "step", "dtype"}, 1);
    Value start = v[0], stop = v[1], step = v[2];
    if (stop.is_none()) {
      stop = start;
      start = Value::integer(0);
    }
    if (step.is_none()) step = Value::integer(1);
    const bool floats = start.is(Kind::Float) || stop.is(Kind::Float) || step.is(Kind::Float);
    const DType d = dtype_arg(v[3]).value_or(floats ? DType::Float64 : DType::Int64);
    if (step.as_complex() == std::complex<double>(0)) throw ZeroDivisionError("division by zero");
    // Its length as NumPy computes it: none for an empty range, an error for a NaN or infinite one,
    // then the checks of any new array.
    double length = std::ceil((stop.as_float() - start.as_float()) / step.as_float());
    if (!floats && !start.is(Kind::Complex) && !stop.is(Kind::Complex) && !step.is(Kind::Complex)) {
      // ints: counted exactly (2**63 .. 2**63 + 3 is three, though doubles see no gap)
      const Int span = stop.as_int() - start.as_int(), by = step.as_int();
      const Int q = span / by;
      length = static_cast<double>(q + ((span % by != 0 && (span > 0) == (by > 0)) ? 1 : 0));
    }
    if (std::isnan(length)) throw ValueError("arange: cannot compute length");
    if (std::isinf(length) && length > 0) throw ValueError("Maximum allowed size exceeded");
    if (!(length > 0)) return make_ndarray(empty({0}, d, Device{}));
    const Shape shape{static_cast<int64_t>(std::min(length, 9.2e18))};
    if (d == DType::UInt64 && !floats)  // bounds past int64: 0, 1, ... counted, then scaled and moved in uint64
      return make_ndarray(numpy_alloc(shape, d, [&] {
        const Tensor k = to(arange(Scalar(0), Scalar(shape[0]), Scalar(1), DType::Int64), d, std::nullopt);
        return add(mul(k, step.as_scalar()), start.as_scalar());
      }));
    return make_ndarray(numpy_alloc(shape, d, [&] { return arange(start.as_scalar(), stop.as_scalar(), step.as_scalar(), d); }));
  });
  // _raise_as(kind, message): lets numpy's Python half raise NumPy's own exception classes
  // (numpy.exceptions.AxisError, numpy._core._exceptions._UFuncOutputCastingError, ...).
  def_function(m, "_raise_as", [](Interpreter&, Args& a, Kwargs& kw) -> Value {
    std::vector<Value> v = bind_params("_raise_as", a, kw, {"kind", "message"}, 2);
    throw PyError(v[0].as_str(), v[1].as_str());
  });
  // _write_file_bytes(path, data): ndarray.tofile's raw write (open() has no binary files yet)
  def_function(m, "_write_file_bytes", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_write_file_bytes", a, kw, {"path", "data"}, 2);
    const std::string path = v[0].as_str();
    const std::string& data = bytes_data(v[1]);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) os_error(errno, path);
    const bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
    const int err = errno;
    if (std::fclose(f) != 0 || !ok) os_error(ok ? errno : err);
    return Value();
  });
  run_embedded(in, m, "numpy/ufunc.py");  // the elementwise functions become ufunc objects, last
  // (each wraps the function of its name, looked up through this builtin: the file cannot import numpy)
  Args lookup{make_builtin("_lookup", "numpy's attribute of that name", [m](Interpreter&, Args& a, Kwargs&) {
    return m.as<ModuleObj>()->attrs.at(a.at(0).as_str());
  })};
  Kwargs no_kw;
  const Value made = in.call(m.as<ModuleObj>()->attrs.at("_make_ufuncs"), lookup, no_kw);
  for (const Value& pair : made.as<DictObj>()->items()) attrs[pair.items()[0].as_str()] = pair.items()[1];
}

}  // namespace tsh::shell
