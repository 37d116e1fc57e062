// shell/python/numpy_npy.cpp — numpy.save and numpy.load for .npy files (format versions 1.0, 2.0, 3.0).
//
// A .npy file is the magic "\x93NUMPY", a version, the length of a header
// that is a Python dict literal ({'descr': '<f8', 'fortran_order': False,
// 'shape': (2, 3), }) padded with spaces to a 64-byte boundary, then the raw
// elements. tsh writes version 1.0 as NumPy does and reads all three, either
// byte order and Fortran order; anything malformed is a ValueError naming the
// problem, and nothing half-read is returned.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

#include "engine/core/error.h"
#include "engine/core/memory.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/numpy_array.h"

namespace tsh::shell {

namespace {

const char kMagic[] = "\x93NUMPY";

std::string descr_of(DType d) {
  switch (d) {
    case DType::Bool: return "|b1";
    case DType::UInt8: return "|u1";
    case DType::Int8: return "|i1";
    case DType::Int16: return "<i2";
    case DType::Int32: return "<i4";
    case DType::Int64: return "<i8";
    case DType::Float16: return "<f2";
    case DType::Float32: return "<f4";
    case DType::Float64: return "<f8";
    case DType::Complex64: return "<c8";
    case DType::Complex128: return "<c16";
    default: throw TypeError("Got unsupported ScalarType BFloat16");
  }
}

// The dtype of a descr and whether its bytes are big-endian.
std::pair<DType, bool> dtype_of_descr(const std::string& descr) {
  if (descr.size() < 3) throw ValueError("descr is not a valid dtype descriptor: " + repr(Value::str(descr)));
  const char order = descr[0];
  const std::string body = descr.substr(1);
  static const std::map<std::string, DType> kinds = {
      {"b1", DType::Bool},      {"u1", DType::UInt8},     {"i1", DType::Int8},       {"i2", DType::Int16},
      {"i4", DType::Int32},     {"i8", DType::Int64},     {"f2", DType::Float16},    {"f4", DType::Float32},
      {"f8", DType::Float64},   {"c8", DType::Complex64}, {"c16", DType::Complex128}};
  auto it = kinds.find(body);
  if (it == kinds.end() || (order != '<' && order != '>' && order != '|' && order != '='))
    throw ValueError("tsh cannot read arrays of dtype " + repr(Value::str(descr)));
  return {it->second, order == '>'};
}

std::string header_text(const Tensor& t, bool fortran) {
  std::string shape = "(";
  for (int64_t i = 0; i < t.dim(); ++i) shape += (i ? ", " : "") + std::to_string(t.size(i));
  shape += t.dim() == 1 ? ",)" : ")";
  std::string h = "{'descr': '" + descr_of(t.dtype()) + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
  // Pad with spaces so that magic, version, length and header end on a 64-byte boundary, with a newline last.
  const size_t total = 10 + h.size() + 1;
  h.append((64 - total % 64) % 64, ' ');
  return h + "\n";
}

// The value after `'key':` in a header dict literal, as text.
std::string header_field(const std::string& h, const std::string& key, const std::string& file) {
  const size_t at = h.find("'" + key + "'");
  if (at == std::string::npos)
    throw ValueError("Header does not contain the correct keys: " + repr(Value::str(h)) + " in " + file);
  size_t p = h.find(':', at) + 1;
  while (p < h.size() && h[p] == ' ') ++p;
  size_t end = p;
  if (h[p] == '(') end = h.find(')', p) + 1;
  else if (h[p] == '\'') end = h.find('\'', p + 1) + 1;
  else
    while (end < h.size() && h[end] != ',' && h[end] != '}') ++end;
  return h.substr(p, end - p);
}

}  // namespace

std::string numpy_npy_bytes(const Value& array) {
  const Tensor& a = ndarray_tensor(numpy_asarray(array));
  // A Fortran-ordered array is written as NumPy writes it: its memory order, flagged fortran_order.
  const bool fortran = numpy_contiguous(a, true) && !numpy_contiguous(a, false);
  Tensor t = a;
  if (fortran) {
    Shape sizes(a.sizes().rbegin(), a.sizes().rend()), strides(a.strides().rbegin(), a.strides().rend());
    t = a.as_view(sizes, strides, a.storage_offset());
  }
  t = contiguous(t);
  const std::string header = header_text(a, fortran);
  std::string out(kMagic, 6);
  const uint16_t len = static_cast<uint16_t>(header.size());
  out += static_cast<char>(1);
  out += static_cast<char>(0);
  out += static_cast<char>(len & 0xff);
  out += static_cast<char>(len >> 8);
  out += header;
  const size_t at = out.size();
  out.resize(at + static_cast<size_t>(t.numel() * t.itemsize()));
  if (t.numel() > 0) read_bytes(out.data() + at, t.storage(), t.storage_offset() * t.itemsize(), t.numel() * t.itemsize());
  return out;
}

Value numpy_save(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("save", a, kw, {"file", "arr", "allow_pickle"}, 2);
  if (!v[0].is(Kind::Str)) throw TypeError("save: tsh writes files named by a str path");
  std::string path = v[0].as_str();
  if (path.size() < 4 || path.substr(path.size() - 4) != ".npy") path += ".npy";
  const std::string bytes = numpy_npy_bytes(v[1]);
  std::ofstream f(path, std::ios::binary);
  if (!f) throw PyError("FileNotFoundError", "[Errno 2] No such file or directory: " + repr(Value::str(path)));
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return Value();
}

Value numpy_load(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("load", a, kw, {"file", "mmap_mode", "allow_pickle", "fix_imports", "encoding"}, 1);
  if (!v[0].is(Kind::Str)) throw TypeError("load: tsh reads files named by a str path");
  if (!v[1].is_none()) throw NotImplementedError("load: tsh does not support mmap_mode yet");
  const std::string path = v[0].as_str();
  std::ifstream f(path, std::ios::binary);
  if (!f) throw PyError("FileNotFoundError", "[Errno 2] No such file or directory: " + repr(Value::str(path)));
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (all.size() >= 4 && all.compare(0, 4, "PK\x03\x04") == 0) return numpy_npz_open(path);
  if (all.size() >= 4 && all.compare(0, 4, "PK\x05\x06") == 0) return numpy_npz_open(path);  // an empty archive
  if (all.size() < 6 || all.compare(0, 6, kMagic, 6) != 0)
    throw PyError("UnpicklingError", "Failed to interpret file " + repr(Value::str(path)) + " as a pickle");
  return numpy_array_from_npy(all, path);
}

Value numpy_array_from_npy(const std::string& all, const std::string& path) {
  if (all.size() < 10) throw ValueError("EOF: reading magic string, expected 8 bytes got " + std::to_string(all.size()));
  const int major = static_cast<unsigned char>(all[6]);
  size_t header_len = 0, at = 0;
  if (major == 1) {
    header_len = static_cast<unsigned char>(all[8]) | static_cast<size_t>(static_cast<unsigned char>(all[9])) << 8;
    at = 10;
  } else if (major == 2 || major == 3) {
    if (all.size() < 12) throw ValueError("EOF: reading array header length, expected 4 bytes got " + std::to_string(all.size() - 8));
    for (int i = 3; i >= 0; --i) header_len = header_len << 8 | static_cast<unsigned char>(all[8 + static_cast<size_t>(i)]);
    at = 12;
  } else {
    throw ValueError("we only support format version (1,0), (2,0), and (3,0), not (" + std::to_string(major) + ", " +
                     std::to_string(static_cast<unsigned char>(all[7])) + ")");
  }
  if (all.size() < at + header_len)
    throw ValueError("EOF: reading array header, expected " + std::to_string(header_len) + " bytes got " +
                     std::to_string(all.size() - at));
  const std::string header = all.substr(at, header_len);
  std::string descr = header_field(header, "descr", path);
  if (descr.size() < 2 || descr.front() != '\'') throw ValueError("descr is not a valid dtype descriptor: " + descr);
  descr = descr.substr(1, descr.size() - 2);
  const bool fortran = header_field(header, "fortran_order", path) == "True";
  const std::string shape_text = header_field(header, "shape", path);
  Shape shape;
  if (shape_text.find_first_not_of("(), 0123456789") != std::string::npos || shape_text.empty() || shape_text[0] != '(')
    throw ValueError("shape is not valid: " + shape_text);
  {
    std::string digits;
    for (char c : shape_text) {
      if (c >= '0' && c <= '9') {
        digits += c;
      } else if (!digits.empty()) {
        if (digits.size() > 18) throw ValueError("shape too large in " + path);
        shape.push_back(std::stoll(digits));
        digits.clear();
      }
    }
  }
  const auto [dtype, big_endian] = dtype_of_descr(descr);
  int64_t count = 1;
  for (int64_t s : shape) {
    if (s != 0 && count > INT64_MAX / s) throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    count *= s;
  }
  const int64_t item = itemsize(dtype);
  const size_t data_at = at + header_len;
  if (count > 0 && (INT64_MAX / item < count || static_cast<int64_t>(all.size() - data_at) < count * item))
    throw ValueError("Failed to read all data for array. Expected " + shape_text + " = " + std::to_string(count) +
                     " elements, could only read " + std::to_string((all.size() - data_at) / static_cast<size_t>(item)) +
                     " elements. (file seems not fully written?)");
  std::string data = all.substr(data_at, static_cast<size_t>(count * item));
  if (big_endian && item > 1) {
    const int64_t part = is_complex(dtype) ? item / 2 : item;
    for (size_t i = 0; i < data.size(); i += static_cast<size_t>(part)) std::reverse(data.begin() + i, data.begin() + i + part);
  }
  Shape stored = shape;
  if (fortran) std::reverse(stored.begin(), stored.end());
  Tensor t = empty(stored, dtype, Device{});
  if (!data.empty()) write_bytes(t.storage(), 0, data.data(), static_cast<int64_t>(data.size()));
  if (fortran) {  // the bytes are column-major: the reversed shape, seen transposed
    Shape sizes(stored.rbegin(), stored.rend()), strides(t.strides().rbegin(), t.strides().rend());
    t = t.as_view(sizes, strides, 0);
  }
  return make_ndarray(t);
}

}  // namespace tsh::shell
