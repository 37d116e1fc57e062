// shell/numpy/npy.cpp — numpy.save and numpy.load for .npy files (format versions 1.0, 2.0, 3.0).
//
// A .npy file is the magic "\x93NUMPY", a version, the length of a header
// that is a Python dict literal ({'descr': '<f8', 'fortran_order': False,
// 'shape': (2, 3), }) padded with spaces to a 64-byte boundary, then the raw
// elements. tsh writes version 1.0 as NumPy does and reads all three, either
// byte order and Fortran order; anything malformed is a ValueError naming the
// problem, and nothing half-read is returned.
#include <algorithm>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <map>
#include <tuple>
#include <cstdio>
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
#include "shell/python/file_write.h"
#include "shell/python/modules.h"
#include "shell/numpy/array.h"

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
    case DType::UInt16: return "<u2";
    case DType::UInt32: return "<u4";
    case DType::UInt64: return "<u8";
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
      {"f8", DType::Float64},   {"c8", DType::Complex64}, {"c16", DType::Complex128},  {"u2", DType::UInt16},
      {"u4", DType::UInt32},    {"u8", DType::UInt64}};
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
  const Tensor a = ndarray_tensor(numpy_asarray(array));
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
  // Written beside the target and renamed over it: a reader never sees half a file, and an array
  // mapped from the old file (mmap_mode) keeps its pages instead of faulting on a truncated file.
  write_whole_file(path, numpy_npy_bytes(v[1]));
  return Value();
}

namespace {

// Where an .npy file's array is and what it is, from its header.
struct NpyLayout {
  DType dtype = DType::Float64;
  bool big_endian = false, fortran = false;
  Shape shape;
  int64_t count = 1;
  size_t data_at = 0;
};

// `head` holds at least the file's header (the whole file, or its start when mapping); `file_size`
// is the whole file's size, which must hold the data the header describes.
NpyLayout parse_npy(const std::string& head, size_t file_size, const std::string& path) {
  if (head.size() < 10) throw ValueError("EOF: reading magic string, expected 8 bytes got " + std::to_string(head.size()));
  const int major = static_cast<unsigned char>(head[6]);
  size_t header_len = 0, at = 0;
  if (major == 1) {
    header_len = static_cast<unsigned char>(head[8]) | static_cast<size_t>(static_cast<unsigned char>(head[9])) << 8;
    at = 10;
  } else if (major == 2 || major == 3) {
    if (head.size() < 12) throw ValueError("EOF: reading array header length, expected 4 bytes got " + std::to_string(head.size() - 8));
    for (int i = 3; i >= 0; --i) header_len = header_len << 8 | static_cast<unsigned char>(head[8 + static_cast<size_t>(i)]);
    at = 12;
  } else {
    throw ValueError("we only support format version (1,0), (2,0), and (3,0), not (" + std::to_string(major) + ", " +
                     std::to_string(static_cast<unsigned char>(head[7])) + ")");
  }
  if (head.size() < at + header_len)
    throw ValueError("EOF: reading array header, expected " + std::to_string(header_len) + " bytes got " +
                     std::to_string(head.size() - at));
  const std::string header = head.substr(at, header_len);
  std::string descr = header_field(header, "descr", path);
  if (descr.size() < 2 || descr.front() != '\'') throw ValueError("descr is not a valid dtype descriptor: " + descr);
  descr = descr.substr(1, descr.size() - 2);
  NpyLayout l;
  l.fortran = header_field(header, "fortran_order", path) == "True";
  const std::string shape_text = header_field(header, "shape", path);
  if (shape_text.find_first_not_of("(), 0123456789") != std::string::npos || shape_text.empty() || shape_text[0] != '(')
    throw ValueError("shape is not valid: " + shape_text);
  {
    std::string digits;
    for (char c : shape_text) {
      if (c >= '0' && c <= '9') {
        digits += c;
      } else if (!digits.empty()) {
        if (digits.size() > 18) throw ValueError("shape too large in " + path);
        l.shape.push_back(std::stoll(digits));
        digits.clear();
      }
    }
  }
  std::tie(l.dtype, l.big_endian) = dtype_of_descr(descr);
  for (int64_t s : l.shape) {
    if (s != 0 && l.count > INT64_MAX / s)
      throw ValueError("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    l.count *= s;
  }
  const int64_t item = itemsize(l.dtype);
  l.data_at = at + header_len;
  if (l.count > 0 && (INT64_MAX / item < l.count || static_cast<int64_t>(file_size - l.data_at) < l.count * item))
    throw ValueError("Failed to read all data for array. Expected " + shape_text + " = " + std::to_string(l.count) +
                     " elements, could only read " + std::to_string((file_size - l.data_at) / static_cast<size_t>(item)) +
                     " elements. (file seems not fully written?)");
  return l;
}

// The array's view of a storage holding its elements from byte 0: a Fortran-ordered array's bytes
// are column-major, the reversed shape seen transposed.
Tensor layout_view(const Storage& storage, const NpyLayout& l) {
  Shape stored = l.shape;
  if (l.fortran) std::reverse(stored.begin(), stored.end());
  Shape strides(stored.size());
  int64_t step = 1;
  for (size_t i = stored.size(); i-- > 0;) {
    strides[i] = step;
    step *= std::max<int64_t>(stored[i], 1);
  }
  if (l.fortran) {
    std::reverse(stored.begin(), stored.end());
    std::reverse(strides.begin(), strides.end());
  }
  return Tensor::make(storage, stored, strides, 0, l.dtype);
}

// The mapping behind a memmap, as its .base: NumPy shows an mmap.mmap object.
struct MmapObj : InstanceObj {
  std::string access;
  size_t length = 0;
  std::string class_name() const override { return "mmap"; }
  std::string module_name() const override { return "mmap"; }
  std::string repr_of(const Value&) const override {
    return "<mmap.mmap closed=False, access=" + access + ", length=" + std::to_string(length) + ", pos=0, offset=0>";
  }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    throw AttributeError("'mmap.mmap' object has no attribute '" + n + "'");
  }
};

// np.load(path, mmap_mode=...): the file's data mapped as the array's storage. 'r+' writes go to
// the file; 'c' and 'r' map privately ('r' refuses writes through NumPy; a tensor made from it
// writes to private pages and never to the file, so nothing can fault).
Value load_mapped(const std::string& path, const std::string& mode) {
  int fd = ::open(path.c_str(), mode == "r+" ? O_RDWR : O_RDONLY);
  if (fd < 0) os_error(errno, path);
  struct stat st {};
  ::fstat(fd, &st);
  const size_t size = static_cast<size_t>(st.st_size);
  std::string head(std::min<size_t>(size, 1 << 16), '\0');
  const ssize_t got = head.empty() ? 0 : ::pread(fd, head.data(), head.size(), 0);
  head.resize(got > 0 ? static_cast<size_t>(got) : 0);
  try {
    if (head.size() >= 4 && head.compare(0, 2, "PK") == 0) {
      ::close(fd);
      fd = -1;
      return numpy_npz_open(path);  // NumPy maps no archive member: mmap_mode does not apply
    }
    if (head.size() < 6 || head.compare(0, 6, kMagic, 6) != 0)
      throw ValueError("Cannot load file containing pickled data when allow_pickle=False");
    if (head.size() >= 12 && head[6] != 1) {  // a 2.0/3.0 header may be longer than what was read
      size_t len = 0;
      for (int i = 3; i >= 0; --i) len = len << 8 | static_cast<unsigned char>(head[8 + static_cast<size_t>(i)]);
      if (len + 12 > head.size() && len + 12 <= size) {
        head.resize(len + 12);
        head.resize(static_cast<size_t>(std::max<ssize_t>(::pread(fd, head.data(), head.size(), 0), 0)));
      }
    }
    const NpyLayout l = parse_npy(head, size, path);
    if (l.big_endian && itemsize(l.dtype) > 1)
      throw NotImplementedError("np.load: tsh maps only little-endian arrays (" + path + " is big-endian)");
    // Elements must sit at addresses of their own alignment to be read in place (NumPy's files pad
    // the header to 64 bytes; a file that does not cannot be mapped).
    if (l.data_at % static_cast<size_t>(itemsize(l.dtype)) != 0)
      throw ValueError("np.load: the data of " + path + " starts at byte " + std::to_string(l.data_at) +
                       ", not aligned for its dtype: load it without mmap_mode");
    const int prot = PROT_READ | PROT_WRITE;
    void* base = ::mmap(nullptr, size, prot, mode == "r+" ? MAP_SHARED : MAP_PRIVATE, fd, 0);
    if (base == MAP_FAILED) os_error(errno, path);
    ::close(fd);  // the mapping keeps the file
    fd = -1;
    const int64_t nbytes = l.count * itemsize(l.dtype);
    auto storage = std::make_shared<StorageImpl>(static_cast<char*>(base) + l.data_at, nbytes,
                                                 [base, size] { ::munmap(base, size); });
    if (l.dtype == DType::Bool) {
      // NumPy reads any nonzero byte as True; tsh's bools must be 0 or 1. A private mapping is fixed
      // up in memory; a shared one (r+) would change the file, so it is refused.
      auto* bytes = static_cast<unsigned char*>(base) + l.data_at;
      bool odd = false;
      for (int64_t i = 0; i < nbytes && !odd; ++i) odd = bytes[i] > 1;
      if (odd && mode == "r+")
        throw ValueError("np.load: " + path + " holds bool bytes other than 0 and 1; tsh maps it only with "
                         "mmap_mode='r' or 'c'");
      for (int64_t i = 0; odd && i < nbytes; ++i) bytes[i] = bytes[i] != 0;
    }
    auto mapping = std::make_shared<MmapObj>();
    mapping->access = mode == "r" ? "ACCESS_READ" : mode == "r+" ? "ACCESS_WRITE" : "ACCESS_COPY";
    mapping->length = size;
    return make_memmap(layout_view(storage, l), Value::object(Kind::Instance, mapping), mode != "r");
  } catch (...) {
    if (fd >= 0) ::close(fd);
    throw;
  }
}

}  // namespace

void numpy_flush_mapping(const Tensor& t) {
  const auto* data = static_cast<const char*>(t.storage()->data);
  if (!data || t.storage()->nbytes == 0) return;
  const uintptr_t page = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t from = reinterpret_cast<uintptr_t>(data) & ~(page - 1);
  // memmap.flush(): a write-back the kernel refuses (a full disk under a shared mapping) is Python's OSError.
  if (::msync(reinterpret_cast<void*>(from), reinterpret_cast<uintptr_t>(data) + t.storage()->nbytes - from, MS_SYNC) != 0)
    os_error(errno);
}

Value numpy_load(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("load", a, kw, {"file", "mmap_mode", "allow_pickle", "fix_imports", "encoding"}, 1);
  if (!v[0].is(Kind::Str)) throw TypeError("load: tsh reads files named by a str path");
  const std::string path = v[0].as_str();
  if (!v[1].is_none()) {
    static const std::map<std::string, std::string> modes = {{"r", "r"}, {"readonly", "r"}, {"c", "c"},
                                                             {"copyonwrite", "c"}, {"r+", "r+"}, {"readwrite", "r+"}};
    const std::string asked = v[1].is(Kind::Str) ? v[1].as_str() : repr(v[1]);
    if (asked == "w+" || asked == "write")
      throw NotImplementedError("np.load: mmap_mode='w+' would truncate " + path +
                                " (NumPy then fails on the empty file); tsh does not open it");
    auto it = modes.find(asked);
    if (it == modes.end())
      throw ValueError("mode must be one of ['r', 'c', 'r+', 'w+', 'readonly', 'copyonwrite', 'readwrite', 'write'] "
                       "(got " + repr(v[1]) + ")");
    return load_mapped(path, it->second);
  }
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
  const NpyLayout l = parse_npy(all, all.size(), path);
  const int64_t item = itemsize(l.dtype);
  std::string data = all.substr(l.data_at, static_cast<size_t>(l.count * item));
  if (l.dtype == DType::Bool)  // NumPy reads any nonzero byte as True; tsh's bools are 0 or 1
    for (char& c : data) c = c != 0;
  if (l.big_endian && item > 1) {
    const int64_t part = is_complex(l.dtype) ? item / 2 : item;
    for (size_t i = 0; i < data.size(); i += static_cast<size_t>(part)) std::reverse(data.begin() + i, data.begin() + i + part);
  }
  Storage storage = make_storage(static_cast<int64_t>(data.size()), Device{});
  if (!data.empty()) write_bytes(storage, 0, data.data(), static_cast<int64_t>(data.size()));
  return make_ndarray(layout_view(storage, l));
}

}  // namespace tsh::shell
