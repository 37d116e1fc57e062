// shell/torch/version_module.cpp — torch.__version__ (a TorchVersion: a str that compares with
// PEP 440 versions, strings and tuples) and the torch.version module.
//
// tsh reports the PyTorch version it reproduces, 2.15.0, with PyTorch's local part for the
// build: '+cpu' without a GPU backend (torch.version.cuda None, as a CPU wheel), '+cuda' with
// tsh's CUDA backend, whose toolkit version the shell does not know (torch.version.cuda None).
#include <optional>
#include <vector>

#include "engine/core/accelerator.h"
#include "grammar/ast.h"
#include "shell/interp.h"
#include "shell/python/errors.h"

namespace tsh::shell {

namespace {

// A PEP 440 version as packaging.version.Version orders them: the release (trailing zeros do not
// count), then pre-release, post-release, dev-release and local segments.
struct Pep440 {
  std::vector<int64_t> release;
  std::pair<int, int64_t> pre{3, 0};  // (0 a, 1 b, 2 rc, 3 none; -1 none but dev)
  int64_t post = -1;
  int64_t dev = INT64_MAX;
  std::vector<std::string> local;

  auto key() const {
    std::vector<int64_t> r = release;
    while (!r.empty() && r.back() == 0) r.pop_back();
    return std::make_tuple(r, pre, post, dev);
  }
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::optional<Pep440> parse_version(const std::string& text) {
  std::string s = lower(text);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  if (i < s.size() && s[i] == 'v') ++i;
  auto number = [&](int64_t& out) {
    const size_t start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == start || i - start > 18) return false;
    out = std::stoll(s.substr(start, i - start));
    return true;
  };
  Pep440 v;
  int64_t n = 0;
  if (!number(n)) return std::nullopt;
  v.release.push_back(n);
  while (i + 1 < s.size() && s[i] == '.' && std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
    ++i;
    number(n);
    v.release.push_back(n);
  }
  auto sep = [&] { if (i < s.size() && (s[i] == '.' || s[i] == '-' || s[i] == '_')) ++i; };
  auto word = [&](const std::vector<std::string>& words) -> std::string {
    for (const std::string& w : words)
      if (s.compare(i, w.size(), w) == 0) { i += w.size(); return w; }
    return "";
  };
  {
    const size_t save = i;
    sep();
    const std::string w = word({"alpha", "beta", "preview", "pre", "rc", "a", "b", "c"});
    if (!w.empty()) {
      sep();
      int64_t k = 0;
      if (!number(k)) k = 0;
      v.pre = {w == "a" || w == "alpha" ? 0 : w == "b" || w == "beta" ? 1 : 2, k};
    } else {
      i = save;
    }
  }
  // An optional ".post1" / ".dev2" segment: its number (0 when it has none) goes to `into`.
  auto segment = [&](const std::vector<std::string>& words, int64_t& into) {
    const size_t save = i;
    sep();
    if (word(words).empty()) {
      i = save;
      return;
    }
    sep();
    int64_t k = 0;
    into = number(k) ? k : 0;
  };
  segment({"post", "rev", "r"}, v.post);
  segment({"dev"}, v.dev);
  if (v.pre.first == 3 && v.post < 0 && v.dev != INT64_MAX) v.pre = {-1, 0};
  if (i < s.size() && s[i] == '+') {
    ++i;
    std::string seg;
    for (; i <= s.size(); ++i) {
      if (i == s.size() || s[i] == '.' || s[i] == '-' || s[i] == '_') {
        if (seg.empty()) return std::nullopt;
        v.local.push_back(seg);
        seg.clear();
        if (i == s.size()) break;
      } else if (std::isalnum(static_cast<unsigned char>(s[i]))) {
        seg += s[i];
      } else {
        return std::nullopt;
      }
    }
  }
  if (i != s.size()) return std::nullopt;
  return v;
}

// -1, 0, 1. Local segments: numbers above words, numbers by value, words as strings; more above fewer.
int compare(const Pep440& a, const Pep440& b) {
  if (a.key() != b.key()) return a.key() < b.key() ? -1 : 1;
  const size_t n = std::min(a.local.size(), b.local.size());
  for (size_t k = 0; k < n; ++k) {
    const std::string& x = a.local[k];
    const std::string& y = b.local[k];
    const bool xn = std::all_of(x.begin(), x.end(), ::isdigit), yn = std::all_of(y.begin(), y.end(), ::isdigit);
    if (xn != yn) return xn ? 1 : -1;
    if (xn) {
      const int64_t xv = std::stoll(x), yv = std::stoll(y);
      if (xv != yv) return xv < yv ? -1 : 1;
    } else if (x != y) {
      return x < y ? -1 : 1;
    }
  }
  if (a.local.size() != b.local.size()) return a.local.size() < b.local.size() ? -1 : 1;
  return 0;
}

struct TorchVersionObj : InstanceObj {
  std::string text;
  std::string class_name() const override { return "TorchVersion"; }
  std::string module_name() const override { return "torch.torch_version"; }
  std::string repr_of(const Value&) const override { return repr(Value::str(text)); }
  std::string str_of(const Value&) const override { return text; }
  Value attr(Interpreter& in, const Value&, const std::string& name) override { return in.get_attr(Value::str(text), name); }
  std::optional<bool> equals(const Value&, const Value& other) const override {
    std::optional<bool> r = version_compare(other, grammar::Op::Eq);
    if (r) return r;
    return other.is(Kind::Str) && other.as_str() == text;
  }
  std::optional<int64_t> hash(const Value&) const override { return static_cast<int64_t>(std::hash<std::string>()(text)); }
  std::optional<Value> binary_op(Interpreter& in, int op_code, const Value&, const Value& other, bool self_left) override {
    using grammar::Op;
    Op op = static_cast<Op>(op_code);
    if (!self_left) {  // other OP self: the mirrored comparison (str's reflected methods)
      if (op == Op::Lt) op = Op::Gt;
      else if (op == Op::Gt) op = Op::Lt;
      else if (op == Op::LtE) op = Op::GtE;
      else if (op == Op::GtE) op = Op::LtE;
    }
    if (op == Op::Eq || op == Op::Lt || op == Op::LtE || op == Op::Gt || op == Op::GtE) {
      if (std::optional<bool> r = version_compare(other, op)) return Value::boolean(*r);
      if (other.is(Kind::Str)) {  // not a version: str's comparison
        const std::string& o = other.as_str();
        const int c = text.compare(o);
        return Value::boolean(op == Op::Eq ? c == 0 : op == Op::Lt ? c < 0 : op == Op::LtE ? c <= 0 : op == Op::Gt ? c > 0 : c >= 0);
      }
      if (op == Op::Eq) return Value::boolean(false);
      throw TypeError(std::string("'") + grammar::op_symbol(static_cast<Op>(op_code)) + "' not supported between instances of '" +
                      (self_left ? "TorchVersion" : type_name(other)) + "' and '" + (self_left ? type_name(other) : "TorchVersion") + "'");
    }
    if (op == Op::NotEq) return Value::boolean(!equals(Value(), other).value_or(false));
    (void)in;
    return std::nullopt;
  }
  std::optional<bool> contains(Interpreter&, const Value&, const Value& item) override {
    if (!item.is(Kind::Str)) throw TypeError("'in <string>' requires string as left operand, not " + type_name(item));
    return text.find(item.as_str()) != std::string::npos;
  }

 private:
  // other as a version: a str, or a tuple/list joined with '.'; nullopt when it is none.
  std::optional<bool> version_compare(const Value& other, grammar::Op op) const {
    std::string s;
    const auto* version = other.is(Kind::Instance) ? dynamic_cast<const TorchVersionObj*>(&*other.as<InstanceObj>()) : nullptr;
    if (version) {
      s = version->text;  // torch.version.__version__ == torch.__version__
    } else if (other.is(Kind::Str)) {
      s = other.as_str();
    } else if (other.is(Kind::Tuple) || other.is(Kind::List)) {
      for (const Value& x : other.items()) s += (s.empty() ? "" : ".") + str(x);
    } else {
      return std::nullopt;
    }
    const std::optional<Pep440> a = parse_version(text), b = parse_version(s);
    if (!a || !b) return std::nullopt;
    const int c = compare(*a, *b);
    using grammar::Op;
    return op == Op::Eq ? c == 0 : op == Op::Lt ? c < 0 : op == Op::LtE ? c <= 0 : op == Op::Gt ? c > 0 : c >= 0;
  }
};

}  // namespace

void install_version_module(std::map<std::string, Value>& torch_attrs) {
  const bool cuda = accelerator() != nullptr;
  const std::string text = std::string("2.15.0+") + (cuda ? "cuda" : "cpu");
  auto v = std::make_shared<TorchVersionObj>();
  v->text = text;
  const Value version = Value::object(Kind::Instance, v);
  torch_attrs["__version__"] = version;
  auto m = std::make_shared<ModuleObj>();
  m->name = "torch.version";
  m->attrs["__version__"] = version;
  m->attrs["cuda"] = Value::none();
#ifdef NDEBUG
  m->attrs["debug"] = Value::boolean(false);
#else
  m->attrs["debug"] = Value::boolean(true);
#endif
  m->attrs["git_version"] = Value::str("Unknown");  // PyTorch's value for a build outside a git checkout
  m->attrs["hip"] = Value::none();
  m->attrs["rocm"] = Value::none();
  m->attrs["xpu"] = Value::none();
  torch_attrs["version"] = Value::object(Kind::Module, m);
}

}  // namespace tsh::shell
