// shell/numpy/npz.cpp — NumPy's .npz archives: numpy.savez, numpy.savez_compressed, and
// the lazy NpzFile numpy.load returns for them.
//
// An .npz is a zip of .npy members (one per array: arr_0.npy, ... for positional arrays, the
// keyword's name for the others, keywords first, as NumPy orders them); savez stores them,
// savez_compressed deflates them. NpzFile reads a member only when it is indexed.
#include <memory>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/dict.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"
#include "shell/numpy/array.h"
#include "shell/python/zip_archive.h"

namespace tsh::shell {

namespace {

struct NpzFileObj : InstanceObj {
  std::unique_ptr<ZipReader> zip;  // null once closed
  std::string path;
  std::vector<std::string> members, files;  // files: the member names without ".npy"

  std::string class_name() const override { return "NpzFile"; }
  std::string module_name() const override { return "numpy.lib.npyio"; }
  std::vector<std::string> attr_names() const override {
    return {"__enter__", "__exit__", "close", "files", "get", "items", "keys", "values"};
  }
  std::string repr_of(const Value&) const override {
    std::string keys;
    for (size_t i = 0; i < files.size() && i < 5; ++i) keys += (i ? ", " : "") + files[i];
    if (files.size() > 5) keys += "...";
    return "NpzFile '" + path + "' with keys: " + keys;
  }
  // A key names a member with or without its ".npy".
  std::string member_of(const std::string& key) const {
    for (size_t i = 0; i < files.size(); ++i)
      if (key == members[i] || key == files[i]) return members[i];
    return "";
  }
  Value load(const std::string& key) {
    const std::string member = member_of(key);
    if (member.empty()) throw PyError("KeyError", "'" + key + " is not a file in the archive'");
    if (!zip) throw AttributeError("'NoneType' object has no attribute 'open'");
    const std::string bytes = zip->read(member);
    if (bytes.size() < 6 || bytes.compare(0, 6, "\x93NUMPY") != 0)
      throw NotImplementedError("np.load: member '" + member + "' of " + path +
                                " is not an .npy array (NumPy would unpickle it; tsh does not unpickle)");
    return numpy_array_from_npy(bytes, path + "/" + member);
  }
  Value get_item(Interpreter&, const Value&, const Value& key) override {
    if (!key.is(Kind::Str)) throw PyError("KeyError", repr(key) + " is not a file in the archive");
    return load(key.as_str());
  }
  std::optional<bool> contains(Interpreter&, const Value&, const Value& key) override {
    return key.is(Kind::Str) && !member_of(key.as_str()).empty();
  }
  Int length(const Value&) override { return static_cast<Int>(files.size()); }
  Value iter(Interpreter& in, const Value&) override { return make_iterator(in, keys_list()); }
  Value keys_list() const {
    std::vector<Value> v;
    for (const std::string& f : files) v.push_back(Value::str(f));
    return Value::list(v);
  }
  Value attr(Interpreter&, const Value& self, const std::string& n) override {
    // Methods hold the archive object itself (np.load(f).items() outlives its temporary).
    auto me = [self] { return dynamic_cast<NpzFileObj*>(self.as<InstanceObj>()); };
    auto def = [&n](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
      return make_builtin(n, "<bound method " + n + " of NpzFile>", std::move(fn));
    };
    if (n == "files") return keys_list();
    if (n == "close")
      return def([me](Interpreter&, Args& a, Kwargs& kw) {
        bind_params("close", a, kw, {}, 0);
        me()->zip.reset();
        return Value();
      });
    if (n == "__enter__") return def([self](Interpreter&, Args&, Kwargs&) { return self; });
    if (n == "__exit__")
      return def([me](Interpreter&, Args&, Kwargs&) {
        me()->zip.reset();
        return Value();
      });
    if (n == "keys") return def([me](Interpreter&, Args&, Kwargs&) { return me()->keys_list(); });
    if (n == "values" || n == "items")
      return def([me, n](Interpreter&, Args& a, Kwargs& kw) {
        bind_params(n, a, kw, {}, 0);
        std::vector<Value> v;
        for (const std::string& f : me()->files) v.push_back(n == "values" ? me()->load(f) : Value::tuple({Value::str(f), me()->load(f)}));
        return Value::list(v);
      });
    if (n == "get")
      return def([me](Interpreter&, Args& a, Kwargs& kw) {
        std::vector<Value> v = bind_params("get", a, kw, {"key", "default"}, 1);
        if (!v[0].is(Kind::Str) || me()->member_of(v[0].as_str()).empty()) return v[1];
        return me()->load(v[0].as_str());
      });
    throw AttributeError("'NpzFile' object has no attribute '" + n + "'");
  }
};

Value savez(Args& a, Kwargs& kw, bool compressed) {
  const char* fname = compressed ? "savez_compressed" : "savez";
  if (a.empty()) throw TypeError(std::string(fname) + "() missing 1 required positional argument: 'file'");
  if (!a[0].is(Kind::Str)) throw TypeError(std::string(fname) + ": tsh writes files named by a str path");
  std::string path = a[0].as_str();
  if (path.size() < 4 || path.substr(path.size() - 4) != ".npz") path += ".npz";
  std::vector<std::pair<std::string, Value>> named;
  for (const auto& [k, v] : kw) named.emplace_back(k, v);
  for (size_t i = 1; i < a.size(); ++i) {
    const std::string key = "arr_" + std::to_string(i - 1);
    for (const auto& [k, v] : named)
      if (k == key) throw ValueError("Cannot use un-named variables and keyword " + key);
    named.emplace_back(key, a[i]);
  }
  // Every array is converted before the file is touched: a bad argument writes nothing.
  std::vector<std::pair<std::string, std::string>> members;
  for (const auto& [k, v] : named) members.emplace_back(k + ".npy", numpy_npy_bytes(v));
  ZipWriter zip(path);
  for (auto& [name, bytes] : members) zip.add(name, std::move(bytes), compressed);
  zip.close();
  return Value();
}

}  // namespace

Value numpy_npz_open(const std::string& path) {
  auto o = std::make_shared<NpzFileObj>();
  o->zip = std::make_unique<ZipReader>(path);
  o->path = path;
  for (const std::string& m : o->zip->names()) {
    o->members.push_back(m);
    o->files.push_back(m.size() > 4 && m.substr(m.size() - 4) == ".npy" ? m.substr(0, m.size() - 4) : m);
  }
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "numpy.lib.npyio.NpzFile";
    t->ctor = [](Interpreter&, Args&, Kwargs&) -> Value {
      throw NotImplementedError("NpzFile(fid): tsh opens archives with numpy.load(path)");
    };
    return Value::object(Kind::Type, t);
  }();
  o->type = type;
  return Value::object(Kind::Instance, o);
}

void install_numpy_npz(Value& m) {
  def_function(m, "savez", [](Interpreter&, Args& a, Kwargs& kw) { return savez(a, kw, false); });
  def_function(m, "savez_compressed", [](Interpreter&, Args& a, Kwargs& kw) { return savez(a, kw, true); });
}

}  // namespace tsh::shell
