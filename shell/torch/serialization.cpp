// shell/torch/serialization.cpp — torch.save and torch.load in PyTorch's own file format.
//
// A torch.save file is a zip (shell/python/zip_archive.h) whose members sit under one folder
// named after the file: data.pkl (a protocol-2 pickle of the saved object), data/<key> (each
// storage's raw little-endian bytes, padded to start at a 64-byte boundary), version, byteorder,
// .format_version and .storage_alignment. A tensor is pickled as a call of
// torch._utils._rebuild_tensor_v2 on a persistent reference to its storage, so tensors that
// share a storage save it once and share it again after loading.
//
// Loading runs a pickle machine that knows only what such files hold: tensors, torch.Size,
// lists, tuples, dicts (and OrderedDicts), str, int, float, complex, bool and None — the
// weights_only=True world. Any other global, any opcode outside protocol 2's data opcodes, a
// missing record or a view outside its storage is an error naming the file; nothing is
// half-loaded.
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>

#include "engine/core/accelerator.h"
#include "engine/core/memory.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/unary.h"
#include "engine/ops/views.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/python/zip_archive.h"
#include "shell/stack_guard.h"

namespace tsh::shell {

namespace {

// PyTorch's storage classes by dtype (the persistent id names the class, and so the dtype).
const std::vector<std::pair<DType, const char*>>& storage_classes() {
  static const std::vector<std::pair<DType, const char*>> classes = {
      {DType::Float32, "FloatStorage"},   {DType::Float64, "DoubleStorage"},       {DType::Float16, "HalfStorage"},
      {DType::BFloat16, "BFloat16Storage"}, {DType::Int64, "LongStorage"},        {DType::Int32, "IntStorage"},
      {DType::Int16, "ShortStorage"},     {DType::Int8, "CharStorage"},           {DType::UInt8, "ByteStorage"},
      {DType::Bool, "BoolStorage"},       {DType::Complex64, "ComplexFloatStorage"},
      {DType::Complex128, "ComplexDoubleStorage"}};
  return classes;
}

// ---- writing ---------------------------------------------------------------------------------

struct SavedStorage {
  std::string key;
  Storage storage;
  DType dtype;
};

class Pickler {
 public:
  std::string out = std::string("\x80\x02", 2);  // PROTO 2
  std::vector<SavedStorage> storages;

  void value(const Value& v, int depth = 0) {
    if (depth > 1000 || stack_nearly_full())
      throw PyError("RecursionError", "maximum recursion depth exceeded while pickling an object");
    switch (v.kind()) {
      case Kind::None: out += 'N'; return;
      case Kind::Bool: out += v.as_bool() ? '\x88' : '\x89'; return;
      case Kind::Int: integer(v); return;
      case Kind::Float: floating(v.as_float()); return;
      case Kind::Complex:
        global("__builtin__", "complex");
        floating(v.as_complex().real());
        floating(v.as_complex().imag());
        out += '\x86';  // TUPLE2
        out += 'R';
        return;
      case Kind::Str: str(v.as_str()); return;
      case Kind::Tensor: tensor(v.as_tensor()); return;
      case Kind::Size:
        global("torch", "Size");
        tuple(v.items(), depth);
        out += "\x85R";  // TUPLE1, REDUCE
        return;
      case Kind::Tuple: tuple(v.items(), depth); return;
      case Kind::List:
        out += ']';
        if (!v.items().empty()) {
          out += '(';
          for (const Value& x : v.items()) value(x, depth + 1);
          out += 'e';  // APPENDS
        }
        return;
      case Kind::Dict: {
        const DictObj& d = dict_of(v);
        if (d.flavor == DictObj::Flavor::OrderedDict) {
          global("collections", "OrderedDict");
          out += ")R";
        } else if (d.flavor != DictObj::Flavor::Dict) {
          throw NotImplementedError("torch.save: tsh saves dicts and OrderedDicts, not a " + type_name(v));
        } else {
          out += '}';
        }
        const std::vector<Value> items = d.items();
        if (!items.empty()) {
          out += '(';
          for (const Value& kv : items) {
            value(kv.items()[0], depth + 1);
            value(kv.items()[1], depth + 1);
          }
          out += 'u';  // SETITEMS
        }
        return;
      }
      default:
        throw NotImplementedError("torch.save: tsh saves tensors, torch.Size, lists, tuples, dicts, str, int, "
                                  "float, complex, bool and None, not " + type_name(v));
    }
  }

 private:
  void raw32(uint32_t n) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>(n >> (8 * i));
  }
  void integer(const Value& v) {
    if (v.obj()) throw NotImplementedError("torch.save: tsh saves ints below 2**126");
    const Int i = v.as_int();
    if (i >= 0 && i < 256) {
      out += 'K';
      out += static_cast<char>(i);
    } else if (i >= 0 && i < 65536) {
      out += 'M';
      out += static_cast<char>(i & 0xff);
      out += static_cast<char>(i >> 8);
    } else if (i >= INT32_MIN && i <= INT32_MAX) {
      out += 'J';
      raw32(static_cast<uint32_t>(static_cast<int32_t>(i)));
    } else {  // LONG1: little-endian two's complement, as few bytes as keep the sign
      std::string bytes;
      Int x = i;
      do {
        bytes += static_cast<char>(static_cast<uint8_t>(x & 0xff));
        x >>= 8;
      } while (!((x == 0 && !(bytes.back() & 0x80)) || (x == -1 && (bytes.back() & 0x80))));
      out += '\x8a';
      out += static_cast<char>(bytes.size());
      out += bytes;
    }
  }
  void floating(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    out += 'G';
    for (int i = 7; i >= 0; --i) out += static_cast<char>(bits >> (8 * i));  // big-endian
  }
  void str(const std::string& s) {
    out += 'X';
    raw32(static_cast<uint32_t>(s.size()));
    out += s;
  }
  void global(const char* module, const char* name) { out += std::string("c") + module + "\n" + name + "\n"; }
  void tuple(const std::vector<Value>& items, int depth) {
    if (items.empty()) {
      out += ')';
      return;
    }
    out += '(';
    for (const Value& x : items) value(x, depth + 1);
    out += 't';
  }
  void tensor(const Tensor& t_in) {
    // A conjugate view is saved as its values (in new memory: it no longer shares its storage).
    const Tensor t = resolve_conj(t_in);
    if (t.device().is_meta()) throw NotImplementedError("torch.save: tsh does not save meta tensors");
    const char* cls = nullptr;
    for (const auto& [d, name] : storage_classes())
      if (d == t.dtype()) cls = name;
    std::string key;
    for (const SavedStorage& s : storages)
      if (s.storage == t.storage()) {
        if (s.dtype != t.dtype())
          throw NotImplementedError("torch.save: tsh saves a storage viewed as one dtype only");
        key = s.key;
      }
    if (key.empty()) {
      key = std::to_string(storages.size());
      storages.push_back({key, t.storage(), t.dtype()});
    }
    // A dtype without a storage class (uint16/32/64) goes as PyTorch 2.x saves it: an untyped
    // storage counted in bytes, rebuilt by _rebuild_tensor_v3 with the dtype as its last argument.
    const bool untyped = cls == nullptr;
    const int64_t numel = untyped ? t.storage()->nbytes : t.storage()->nbytes / t.itemsize();
    global("torch._utils", untyped ? "_rebuild_tensor_v3" : "_rebuild_tensor_v2");
    out += '(';
    out += '(';  // the persistent id: ('storage', class, key, location, numel)
    str("storage");
    if (untyped)
      global("torch.storage", "UntypedStorage");
    else
      global("torch", cls);
    str(key);
    str(t.device().str());
    integer(Value::integer(numel));
    out += "tQ";  // TUPLE, BINPERSID
    integer(Value::integer(t.storage_offset()));
    std::vector<Value> sizes, strides;
    for (int64_t s : t.sizes()) sizes.push_back(Value::integer(s));
    for (int64_t s : t.strides()) strides.push_back(Value::integer(s));
    tuple(sizes, 0);
    tuple(strides, 0);
    out += '\x89';  // requires_grad=False
    global("collections", "OrderedDict");
    out += ")R";  // backward hooks: an empty OrderedDict
    if (untyped) global("torch", std::string(dtype_name(t.dtype())).c_str());
    out += "tR";
  }
};

// The folder a torch.save archive keeps its records in: the file's name without its extension.
std::string archive_folder(const std::string& path) {
  std::string base = path.substr(path.find_last_of('/') + 1);
  const size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && dot > 0) base = base.substr(0, dot);
  return base.empty() ? "archive" : base;
}

Value torch_save(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("save", a, kw, {"obj", "f", "pickle_module", "pickle_protocol",
                                                     "_use_new_zipfile_serialization", "_disable_byteorder_record"}, 2);
  if (!v[1].is(Kind::Str)) throw NotImplementedError("torch.save: tsh writes files named by a str path");
  if (!v[2].is_none()) throw NotImplementedError("torch.save: tsh pickles with its own pickler (pickle_module)");
  if (!v[3].is_none() && !(v[3].is_intlike() && v[3].as_int() == 2))
    throw NotImplementedError("torch.save: tsh writes pickle protocol 2, PyTorch's default");
  if (!v[4].is_none() && !truthy(v[4])) throw NotImplementedError("torch.save: tsh writes the zip format only");
  Pickler p;
  p.value(v[0]);
  p.out += '.';
  const std::string path = v[1].as_str(), dir = archive_folder(path) + "/";
  // Every storage is read before the file is opened: an error leaves no file behind.
  std::vector<std::pair<std::string, std::string>> records;
  for (const SavedStorage& s : p.storages) {
    std::string bytes(static_cast<size_t>(s.storage->nbytes), '\0');
    if (!bytes.empty()) read_bytes(bytes.data(), s.storage, 0, s.storage->nbytes);
    records.emplace_back(dir + "data/" + s.key, std::move(bytes));
  }
  std::random_device rd;
  std::string id;
  for (int i = 0; i < 40; ++i) id += static_cast<char>('0' + rd() % 10);
  // PyTorch's own check, before any file is opened.
  const size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0 && !std::filesystem::is_directory(path.substr(0, slash)))
    throw RuntimeError("Parent directory " + path.substr(0, slash) + " does not exist.");
  ZipWriter zip(path);
  zip.add(dir + "data.pkl", p.out, false, 64);
  zip.add(dir + ".format_version", "1", false, 64);
  zip.add(dir + ".storage_alignment", "64", false, 64);
  zip.add(dir + "byteorder", "little", false, 64);
  for (auto& [name, bytes] : records) zip.add(name, std::move(bytes), false, 64);
  zip.add(dir + "version", "3\n", false, 64);
  zip.add(dir + ".data/serialization_id", id, false, 64);
  zip.close();
  return Value();
}

// ---- reading ---------------------------------------------------------------------------------

// What the pickle machine's stack holds besides plain values.
struct PickleGlobal : InstanceObj {
  std::string module, name;
  std::string class_name() const override { return "global"; }
  std::string module_name() const override { return "pickle"; }
  Value attr(Interpreter&, const Value&, const std::string& n) override { throw AttributeError(n); }
};
struct LoadedStorage : InstanceObj {
  Tensor flat;  // the whole storage, one dim
  std::string class_name() const override { return "TypedStorage"; }
  std::string module_name() const override { return "torch.storage"; }
  Value attr(Interpreter&, const Value&, const std::string& n) override { throw AttributeError(n); }
};

class Unpickler {
 public:
  Unpickler(const std::string& data, const std::string& file, const ZipReader& zip, const std::string& dir,
            std::optional<Device> map_to, const Value& ordered_dict_class)
      : d_(data), file_(file), zip_(zip), dir_(dir), map_to_(map_to), ordered_dict_(ordered_dict_class) {}

  Value run() {
    for (;;) {
      const uint8_t op = byte();
      switch (op) {
        case 0x80: byte(); break;          // PROTO
        case 0x95: take(8); break;         // FRAME (a length hint)
        case '.': {                         // STOP
          if (stack_.size() != 1 || !marks_.empty()) fail("the pickle ends with a malformed stack");
          return stack_.back();
        }
        case '(': marks_.push_back(stack_.size()); break;
        case '0': pop(); break;
        case '1': pop_mark(); break;
        case '2': push(top()); break;
        case 'N': push(Value()); break;
        case 0x88: push(Value::boolean(true)); break;
        case 0x89: push(Value::boolean(false)); break;
        case 'K': push(Value::integer(byte())); break;
        case 'M': push(Value::integer(le(2))); break;
        case 'J': push(Value::integer(static_cast<int32_t>(static_cast<uint32_t>(le(4))))); break;
        case 0x8a: push(long_bytes(byte())); break;
        case 0x8b: push(long_bytes(le(4))); break;
        case 'G': {
          uint64_t bits = 0;
          for (char c : take(8)) bits = bits << 8 | static_cast<uint8_t>(c);
          double x;
          std::memcpy(&x, &bits, 8);
          push(Value::floating(x));
          break;
        }
        case 'X': push(Value::str(take(le(4)))); break;
        case 0x8c: push(Value::str(take(byte()))); break;
        case 0x8d: push(Value::str(take(le(8)))); break;
        case ')': push(Value::tuple({})); break;
        case 't': push(Value::tuple(pop_mark())); break;
        case 0x85: case 0x86: case 0x87: {
          std::vector<Value> items(op - 0x84);
          for (size_t i = items.size(); i-- > 0;) items[i] = pop();
          push(Value::tuple(items));
          break;
        }
        case ']': push(Value::list({})); break;
        case 'l': push(Value::list(pop_mark())); break;
        case 'a': {
          Value x = pop();
          list_at_top().items().push_back(x);
          break;
        }
        case 'e': {
          std::vector<Value> xs = pop_mark();
          for (Value& x : xs) list_at_top().items().push_back(x);
          break;
        }
        case '}': push(make_dict()); break;
        case 'd': {
          std::vector<Value> kv = pop_mark();
          Value d = make_dict();
          set_items(d, kv);
          push(d);
          break;
        }
        case 's': {
          Value v = pop(), k = pop();
          set_items(dict_at_top(), {k, v});
          break;
        }
        case 'u': {
          std::vector<Value> kv = pop_mark();
          set_items(dict_at_top(), kv);
          break;
        }
        case 'q': memo_[byte()] = top(); break;
        case 'r': memo_[le(4)] = top(); break;
        case 0x94: memo_[memo_.size()] = top(); break;
        case 'h': push(memo(byte())); break;
        case 'j': push(memo(le(4))); break;
        case 'c': {
          const std::string module = line(), name = line();
          push(global(module, name));
          break;
        }
        case 0x93: {
          const Value name = pop(), module = pop();
          if (!name.is(Kind::Str) || !module.is(Kind::Str)) fail("STACK_GLOBAL needs two str");
          push(global(module.as_str(), name.as_str()));
          break;
        }
        case 'b': {  // BUILD: an object's state after its items
          const Value state = pop();
          const Value& target = top();
          // PyTorch's state_dict() is an OrderedDict with a `_metadata` attribute (each module's
          // state version, for PyTorch's own migrations of old checkpoints). tsh's load_state_dict
          // has no migrations and its dicts no attributes: the metadata is read past. Nothing else
          // a tensor file holds is built from a state.
          if (!target.is(Kind::Dict) || dict_of(target).cls.identity() != ordered_dict_.identity() ||
              !(state.is(Kind::Dict) || state.is_none()))
            fail("the pickle builds an object from a state, which a tensor file does not hold");
          break;
        }
        case 'Q': push(persistent_load(pop())); break;
        case 'R': {
          Value args = pop(), callee = pop();
          push(reduce(callee, args));
          break;
        }
        default: {
          char hex[8];
          std::snprintf(hex, sizeof hex, "0x%02x", op);
          fail(std::string("the pickle uses opcode ") + hex + ", which a tensor file does not hold");
        }
      }
      if (stack_.size() > 10'000'000) fail("the pickle's stack is absurdly deep");
    }
  }

 private:
  const std::string& d_;
  size_t at_ = 0;
  std::string file_;
  const ZipReader& zip_;
  std::string dir_;
  std::optional<Device> map_to_;
  Value ordered_dict_;
  std::vector<Value> stack_;
  std::vector<size_t> marks_;
  std::map<uint64_t, Value> memo_;
  std::map<std::string, Value> storages_;

  [[noreturn]] void fail(const std::string& why) const {
    throw PyError("UnpicklingError", "torch.load: cannot load " + file_ + ": " + why);
  }
  uint8_t byte() {
    if (at_ >= d_.size()) fail("the pickle is truncated");
    return static_cast<uint8_t>(d_[at_++]);
  }
  std::string take(uint64_t n) {
    if (n > d_.size() - at_) fail("the pickle is truncated");
    std::string s = d_.substr(at_, static_cast<size_t>(n));
    at_ += static_cast<size_t>(n);
    return s;
  }
  uint64_t le(int n) {
    uint64_t v = 0;
    const std::string b = take(static_cast<uint64_t>(n));
    for (int i = n - 1; i >= 0; --i) v = v << 8 | static_cast<uint8_t>(b[static_cast<size_t>(i)]);
    return v;
  }
  std::string line() {
    const size_t end = d_.find('\n', at_);
    if (end == std::string::npos) fail("the pickle is truncated");
    std::string s = d_.substr(at_, end - at_);
    at_ = end + 1;
    return s;
  }
  Value long_bytes(uint64_t n) {
    if (n > 15) fail("an integer in the pickle is wider than tsh's ints");
    const std::string b = take(n);
    Int v = 0;
    for (size_t i = b.size(); i-- > 0;) v = v * 256 + static_cast<uint8_t>(b[i]);
    if (!b.empty() && (static_cast<uint8_t>(b.back()) & 0x80)) v -= Int(1) << (8 * b.size());
    return Value::integer(v);
  }
  void push(Value v) { stack_.push_back(std::move(v)); }
  Value pop() {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back())) fail("the pickle pops an empty stack");
    Value v = std::move(stack_.back());
    stack_.pop_back();
    return v;
  }
  const Value& top() {
    if (stack_.empty()) fail("the pickle reads an empty stack");
    return stack_.back();
  }
  std::vector<Value> pop_mark() {
    if (marks_.empty()) fail("the pickle has no mark where it needs one");
    const size_t m = marks_.back();
    marks_.pop_back();
    std::vector<Value> items(stack_.begin() + static_cast<std::ptrdiff_t>(m), stack_.end());
    stack_.resize(m);
    return items;
  }
  Value memo(uint64_t i) {
    auto it = memo_.find(i);
    if (it == memo_.end()) fail("the pickle reads a memo entry it never wrote");
    return it->second;
  }
  Value& list_at_top() {
    if (stack_.empty() || !stack_.back().is(Kind::List)) fail("the pickle appends to something not a list");
    return stack_.back();
  }
  Value& dict_at_top() {
    if (stack_.empty() || !stack_.back().is(Kind::Dict)) fail("the pickle sets items on something not a dict");
    return stack_.back();
  }
  void set_items(Value& d, const std::vector<Value>& kv) {
    if (kv.size() % 2) fail("the pickle sets a key without a value");
    for (size_t i = 0; i < kv.size(); i += 2) {
      if (kv[i].is(Kind::List) || kv[i].is(Kind::Dict)) fail("the pickle uses an unhashable dict key");
      dict_of(d).set(kv[i], kv[i + 1]);
    }
  }
  Value global(const std::string& module, const std::string& name) {
    const std::string full = module + "." + name;
    static const std::vector<std::string> allowed = {"torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_tensor",
                                                     "torch._utils._rebuild_tensor_v3", "torch.storage.UntypedStorage",
                                                     "collections.OrderedDict", "torch.Size",
                                                     "__builtin__.complex", "builtins.complex"};
    bool ok = std::find(allowed.begin(), allowed.end(), full) != allowed.end();
    ok = ok || (module == "torch" && dtype_from_name(name));  // the dtype argument of _rebuild_tensor_v3
    for (const auto& [d, cls] : storage_classes()) ok = ok || full == std::string("torch.") + cls;
    if (!ok) {
      if (full == "torch._utils._rebuild_parameter")
        throw NotImplementedError("torch.load: " + file_ + " holds an nn.Parameter; tsh has no torch.nn");
      fail("the pickle calls " + full + ", which tsh does not load (tensor files hold tensors, torch.Size, "
           "lists, tuples, dicts, str, int, float, complex, bool and None)");
    }
    auto g = std::make_shared<PickleGlobal>();
    g->module = module;
    g->name = name;
    return Value::object(Kind::Instance, g);
  }
  static const PickleGlobal* as_global(const Value& v) {
    return v.is(Kind::Instance) ? dynamic_cast<const PickleGlobal*>(v.as<InstanceObj>()) : nullptr;
  }
  Shape ints(const Value& v, const char* what) {
    if (!v.is(Kind::Tuple)) fail(std::string("a tensor's ") + what + " is not a tuple");
    Shape s;
    for (const Value& x : v.items()) {
      if (!x.is(Kind::Int) || x.obj() || x.as_int() < 0 || x.as_int() > (Int(1) << 62))
        fail(std::string("a tensor's ") + what + " holds something not a small non-negative int");
      s.push_back(static_cast<int64_t>(x.as_int()));
    }
    return s;
  }
  Value persistent_load(const Value& pid) {
    if (!pid.is(Kind::Tuple) || pid.items().size() != 5 || !pid.items()[0].is(Kind::Str) ||
        pid.items()[0].as_str() != "storage")
      fail("a persistent id is not ('storage', class, key, location, numel)");
    const auto& p = pid.items();
    const PickleGlobal* cls = as_global(p[1]);
    if (!cls || !p[2].is(Kind::Str) || !p[3].is(Kind::Str) || !p[4].is(Kind::Int) || p[4].obj() || p[4].as_int() < 0)
      fail("a persistent id is malformed");
    std::optional<DType> dtype;
    for (const auto& [d, name] : storage_classes())
      if (cls->module == "torch" && cls->name == name) dtype = d;
    if (cls->module == "torch.storage" && cls->name == "UntypedStorage") dtype = DType::UInt8;  // bytes
    if (!dtype) fail("a storage's class is not a storage class");
    const std::string key = p[2].as_str();
    if (auto it = storages_.find(key); it != storages_.end()) return it->second;
    const std::string record = dir_ + "data/" + key;
    if (!zip_.has(record)) fail("the record " + record + " is missing");
    std::string bytes = zip_.read(record);
    if (*dtype == DType::Bool)  // any nonzero byte is True; tsh's bools are 0 or 1
      for (char& c : bytes) c = c != 0;
    const int64_t item = itemsize(*dtype);
    const Int numel = p[4].as_int();
    if (numel > (Int(1) << 62) || numel * item != static_cast<Int>(bytes.size()))
      fail("the record " + record + " holds " + std::to_string(bytes.size()) + " bytes, not the " +
           std::to_string(static_cast<int64_t>(numel)) + " elements its storage declares");
    Tensor flat = empty({static_cast<int64_t>(numel)}, *dtype, Device{});
    if (!bytes.empty()) write_bytes(flat.storage(), 0, bytes.data(), static_cast<int64_t>(bytes.size()));
    // Where it goes: map_location, else where it was saved.
    Device where = map_to_.value_or(Device::parse(p[3].as_str()));
    if (!where.is_cpu()) {
      try {
        flat = to(flat, std::nullopt, where);
      } catch (const Error&) {
        // Saved on a GPU, or mapped to one (map_location='cuda'), on a machine without one.
        const bool no_gpu = !accelerator() || accelerator()->device_count() == 0;
        if (where.type == DeviceType::CUDA && no_gpu)
          throw RuntimeError("Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is "
                             "False. If you are running on a CPU-only machine, please use torch.load with "
                             "map_location=torch.device('cpu') to map your storages to the CPU.");
        throw;
      }
    }
    auto s = std::make_shared<LoadedStorage>();
    s->flat = flat;
    return storages_[key] = Value::object(Kind::Instance, s);
  }
  Value reduce(const Value& callee, const Value& args) {
    const PickleGlobal* g = as_global(callee);
    if (!g) fail("the pickle calls something that is not a global");
    if (!args.is(Kind::Tuple)) fail("the pickle calls " + g->name + " without an argument tuple");
    const std::vector<Value>& a = args.items();
    const std::string full = g->module + "." + g->name;
    if (full == "collections.OrderedDict") {
      if (!a.empty()) fail("OrderedDict is called with arguments");
      Value d = make_dict();
      dict_of(d).flavor = DictObj::Flavor::OrderedDict;
      dict_of(d).cls = ordered_dict_;
      return d;
    }
    if (full == "torch.Size") {
      if (a.size() != 1) fail("torch.Size is called with the wrong arguments");
      return Value::size(ints(a[0], "size"));
    }
    if (g->name == "complex") {
      if (a.size() != 2 || !a[0].is(Kind::Float) || !a[1].is(Kind::Float)) fail("complex is called with the wrong arguments");
      return Value::complex({a[0].as_float(), a[1].as_float()});
    }
    if (g->name == "_rebuild_tensor_v2" || g->name == "_rebuild_tensor" || g->name == "_rebuild_tensor_v3") {
      if (a.size() < 4 || !a[0].is(Kind::Instance) || !dynamic_cast<LoadedStorage*>(a[0].as<InstanceObj>()) ||
          !a[1].is(Kind::Int))
        fail("a tensor is rebuilt from the wrong arguments");
      if (a.size() > 4 && truthy(a[4]))
        throw NotImplementedError("torch.load: " + file_ + " holds a tensor that requires grad; tsh has no autograd yet");
      Tensor flat = dynamic_cast<LoadedStorage*>(a[0].as<InstanceObj>())->flat;
      if (g->name == "_rebuild_tensor_v3") {  // (storage, offset, size, stride, requires_grad, hooks, dtype)
        const PickleGlobal* dt = a.size() == 7 ? as_global(a[6]) : nullptr;
        const std::optional<DType> d = dt && dt->module == "torch" ? dtype_from_name(dt->name) : std::nullopt;
        if (!d || flat.dtype() != DType::UInt8) fail("a tensor is rebuilt from the wrong arguments");
        if (flat.numel() % itemsize(*d) != 0) fail("an untyped storage's bytes are not whole elements");
        flat = view_dtype(flat, *d);
      }
      const Shape sizes = ints(a[2], "size"), strides = ints(a[3], "stride");
      if (sizes.size() != strides.size()) fail("a tensor's size and stride differ in length");
      if (sizes.size() > 64) fail("a tensor has more than 64 dims");
      const Int offset = a[1].as_int();
      Int last = offset, elements = 1;
      bool empty_view = false;
      for (size_t i = 0; i < sizes.size(); ++i) {  // each term is below 2^124; the sum is checked as it grows
        if (sizes[i] == 0) empty_view = true;
        else last += static_cast<Int>(sizes[i] - 1) * strides[i];
        if (last > (Int(1) << 125)) fail("a tensor views elements outside its storage");
        elements *= sizes[i];
        if (elements > (Int(1) << 62)) elements = Int(1) << 62;  // saturate; checked below
      }
      if (!empty_view && elements >= (Int(1) << 62)) fail("a tensor has more elements than fit in memory");
      if (offset < 0 || (!empty_view && last >= flat.numel()) || offset > flat.numel())
        fail("a tensor views elements outside its storage");
      return Value::tensor(flat.as_view(sizes, strides, static_cast<int64_t>(offset)));
    }
    fail("the pickle calls " + full);
  }
};

Value torch_load(Interpreter& in, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("load", a, kw, {"f", "map_location", "pickle_module", "weights_only", "mmap"}, 1);
  if (!v[0].is(Kind::Str)) throw NotImplementedError("torch.load: tsh reads files named by a str path");
  if (!v[2].is_none()) throw NotImplementedError("torch.load: tsh unpickles with its own loader (pickle_module)");
  if (!v[4].is_none() && truthy(v[4])) throw NotImplementedError("torch.load: tsh does not map files (mmap=True)");
  std::optional<Device> map_to;
  if (v[1].is(Kind::Device)) map_to = v[1].as_device();
  else if (v[1].is(Kind::Str)) map_to = Device::parse(v[1].as_str());
  else if (!v[1].is_none())
    throw NotImplementedError("torch.load: tsh takes map_location as a device or a device string");
  if (map_to && map_to->is_cuda() && map_to->index < 0) map_to->index = 0;
  const std::string path = v[0].as_str();
  std::ifstream probe(path, std::ios::binary);
  if (!probe) throw PyError("FileNotFoundError", "[Errno 2] No such file or directory: '" + path + "'");
  char magic[4] = {};
  probe.read(magic, 4);
  if (probe.gcount() < 4 || std::memcmp(magic, "PK\x03\x04", 4) != 0)
    throw PyError("UnpicklingError", "torch.load: " + path + " is not a torch.save zip file (tsh does not read the "
                                     "legacy pre-1.6 format or plain pickles)");
  ZipReader zip(path);
  std::string dir;
  for (const std::string& n : zip.names())
    if (n.size() >= 9 && n.compare(n.size() - 9, 9, "/data.pkl") == 0 && n.find('/') == n.size() - 9) {
      dir = n.substr(0, n.size() - 8);
      break;
    }
  if (dir.empty()) throw PyError("RuntimeError", "PytorchStreamReader failed locating file data.pkl: file not found");
  if (zip.has(dir + "byteorder") && zip.read(dir + "byteorder") != "little")
    throw NotImplementedError("torch.load: " + path + " was saved big-endian, which tsh does not read");
  const std::string data = zip.read(dir + "data.pkl");
  const Value ordered = in.lookup_module("collections").as<ModuleObj>()->attrs.at("OrderedDict");
  Unpickler u(data, path, zip, dir, map_to, ordered);
  return u.run();
}

}  // namespace

// An object as the bytes of its torch.save archive, in a uint8 tensor, and back: how
// torch.distributed's object collectives (all_gather_object, ...) carry Python objects. The
// archive passes through a temporary file, removed at once.
namespace {

struct TempPath {
  std::string path;
  TempPath() {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/tsh_object_XXXXXX";
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw PyError("OSError", "cannot make a temporary file in " + pattern.substr(0, pattern.rfind('/')));
    ::close(fd);
    path = pattern;
  }
  ~TempPath() { std::remove(path.c_str()); }
};

}  // namespace

Value object_to_tensor(Interpreter& in, const Value& obj) {
  TempPath tmp;
  Args a{obj, Value::str(tmp.path)};
  Kwargs kw;
  torch_save(in, a, kw);
  std::ifstream f(tmp.path, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  Tensor t = zeros({static_cast<int64_t>(bytes.size())}, DType::UInt8);
  if (!bytes.empty()) std::memcpy(t.data_ptr(), bytes.data(), bytes.size());
  return Value::tensor(t);
}

Value tensor_to_object(Interpreter& in, const Tensor& t) {
  if (t.dtype() != DType::UInt8 || t.dim() != 1) throw TypeError("expected a 1-d uint8 tensor of an object's bytes");
  const Tensor c = contiguous(t);
  TempPath tmp;
  {
    std::ofstream f(tmp.path, std::ios::binary);
    f.write(static_cast<const char*>(c.data_ptr()), static_cast<std::streamsize>(c.numel()));
  }
  Args a{Value::str(tmp.path)};
  Kwargs kw;
  return torch_load(in, a, kw);
}

void install_serialization(std::map<std::string, Value>& torch_attrs) {
  torch_attrs["save"] = make_builtin("save", "<function save>", torch_save);
  torch_attrs["load"] = make_builtin("load", "<function load>", torch_load);
}

}  // namespace tsh::shell
