// shell/numpy/flags.cpp — ndarray.flags: NumPy's memory-layout flags of an array, as an
// object with attributes (a.flags.c_contiguous), keys (a.flags['C']) and NumPy's repr.
//
// NumPy's contiguity ignores the strides of dims of size 1, and an empty array is both C and
// Fortran contiguous; OWNDATA is False for every view (including t.numpy()).
#include <map>

#include "shell/python/errors.h"
#include "shell/numpy/array.h"

namespace tsh::shell {

namespace {

}  // namespace

bool numpy_contiguous(const Tensor& t, bool fortran) {
  if (t.numel() == 0) return true;
  int64_t expected = 1;
  for (int64_t k = 0; k < t.dim(); ++k) {
    const int64_t d = fortran ? k : t.dim() - 1 - k;
    if (t.size(d) == 1) continue;
    if (t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

namespace {

struct FlagsObj : InstanceObj {
  std::map<std::string, bool> flag;  // by NumPy's long names
  std::string class_name() const override { return "flagsobj"; }
  std::string module_name() const override { return "numpy._core.multiarray"; }
  std::vector<std::string> attr_names() const override {
    return {"aligned", "behaved", "c_contiguous", "carray", "contiguous", "f_contiguous", "farray",
            "fnc",     "forc",    "fortran",      "owndata", "writeable", "writebackifcopy"};
  }
  bool combined(const std::string& n) const {
    const bool c = flag.at("C_CONTIGUOUS"), f = flag.at("F_CONTIGUOUS");
    const bool behaved = flag.at("ALIGNED") && flag.at("WRITEABLE");
    if (n == "FNC") return f && !c;
    if (n == "FORC") return f || c;
    if (n == "BEHAVED") return behaved;
    if (n == "CARRAY") return behaved && c;
    return behaved && f && !c;  // FARRAY
  }
  // A key or attribute name as NumPy's long upper-case name; empty when NumPy has no such flag.
  static std::string long_name(std::string n) {
    static const std::map<std::string, std::string> aliases = {
        {"C", "C_CONTIGUOUS"}, {"CONTIGUOUS", "C_CONTIGUOUS"}, {"F", "F_CONTIGUOUS"}, {"FORTRAN", "F_CONTIGUOUS"},
        {"O", "OWNDATA"},      {"W", "WRITEABLE"},           {"A", "ALIGNED"},      {"X", "WRITEBACKIFCOPY"},
        {"B", "BEHAVED"},      {"CA", "CARRAY"},             {"FA", "FARRAY"}};
    if (auto it = aliases.find(n); it != aliases.end()) return it->second;
    static const std::vector<std::string> names = {"C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE",
                                                   "ALIGNED", "WRITEBACKIFCOPY", "FNC", "FORC", "BEHAVED",
                                                   "CARRAY", "FARRAY"};
    for (const std::string& x : names)
      if (x == n) return x;
    return "";
  }
  bool value(const std::string& name) const { return flag.count(name) ? flag.at(name) : combined(name); }
  Value attr(Interpreter&, const Value&, const std::string& n) override {
    for (const std::string& a : attr_names())
      if (a == n) {
        std::string upper;
        for (char ch : n) upper += static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 32 : ch);
        return Value::boolean(value(long_name(upper)));
      }
    throw AttributeError("'numpy._core.multiarray.flagsobj' object has no attribute '" + n + "'");
  }
  Value get_item(Interpreter&, const Value&, const Value& key) override {
    if (!key.is(Kind::Str)) throw KeyError("'Unknown flag'");
    const std::string name = long_name(key.as_str());
    if (name.empty()) throw KeyError("'Unknown flag'");
    return Value::boolean(value(name));
  }
  void set_attr(Interpreter&, const Value&, const std::string& n, const Value&) override {
    throw NotImplementedError("tsh does not change an array's flags (" + n + ")");
  }
  void set_item(Interpreter&, const Value&, const Value& key, const Value&) override {
    throw NotImplementedError("tsh does not change an array's flags (" + (key.is(Kind::Str) ? key.as_str() : "?") + ")");
  }
  std::string repr_of(const Value&) const override {
    std::string s;
    for (const char* n : {"C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED", "WRITEBACKIFCOPY"})
      s += std::string("  ") + n + " : " + (flag.at(n) ? "True" : "False") + "\n";
    return s;
  }
};

}  // namespace

Value numpy_flags(const Tensor& t, bool owndata, bool writeable) {
  auto o = std::make_shared<FlagsObj>();
  o->flag = {{"C_CONTIGUOUS", numpy_contiguous(t, false)}, {"F_CONTIGUOUS", numpy_contiguous(t, true)},
             {"OWNDATA", owndata}, {"WRITEABLE", writeable}, {"ALIGNED", true}, {"WRITEBACKIFCOPY", false}};
  static const Value type = [] {
    auto t = std::make_shared<TypeObj>();
    t->name = "numpy._core.multiarray.flagsobj";
    t->ctor = [](Interpreter&, Args&, Kwargs&) -> Value {
      throw TypeError("cannot create 'numpy._core.multiarray.flagsobj' instances");
    };
    return Value::object(Kind::Type, t);
  }();
  o->type = type;
  return Value::object(Kind::Instance, o);
}

}  // namespace tsh::shell
