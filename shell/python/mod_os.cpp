// shell/python/mod_os.cpp — Python's os module (a subset): the process's
// environment (os.environ writes through to it, so settings such as
// CUDA_LAUNCH_BLOCKING reach the engine), the working directory, listings,
// and os.path's string functions.
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

extern char** environ;

namespace tsh::shell {

namespace {

namespace fs = std::filesystem;

const std::string& str_key(const Value& v) {
  if (!v.is(Kind::Str)) throw TypeError("str expected, not " + type_name(v));
  return v.as_str();
}

// A path argument: Python's message for anything else.
const std::string& path_arg(const Value& v) {
  if (!v.is(Kind::Str)) throw TypeError("expected str, bytes or os.PathLike object, not " + type_name(v));
  return v.as_str();
}

std::vector<std::pair<std::string, std::string>> environment() {
  std::vector<std::pair<std::string, std::string>> out;
  for (char** e = environ; e && *e; ++e) {
    std::string kv(*e);
    const size_t eq = kv.find('=');
    if (eq == std::string::npos) continue;
    out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return out;
}

// os.environ: a live view of the process environment.
struct EnvironObj : InstanceObj {
  std::string class_name() const override { return "_Environ"; }
  std::string module_name() const override { return "os"; }
  std::string repr_of(const Value&) const override {
    std::string out = "environ({";
    bool first = true;
    for (auto& [k, v] : environment()) {
      out += (first ? "" : ", ") + repr(Value::str(k)) + ": " + repr(Value::str(v));
      first = false;
    }
    return out + "})";
  }
  Value get_item(Interpreter&, const Value&, const Value& key) override {
    const char* v = std::getenv(str_key(key).c_str());
    if (!v) throw PyError("KeyError", repr(key));
    return Value::str(v);
  }
  void set_item(Interpreter&, const Value&, const Value& key, const Value& v) override {
    const std::string& k = str_key(key);
    const std::string& val = str_key(v);
    if (k.empty() || k.find('=') != std::string::npos) throw ValueError("illegal environment variable name");
    setenv(k.c_str(), val.c_str(), 1);
  }
  void del_item(Interpreter&, const Value&, const Value& key) override {
    const std::string& k = str_key(key);
    if (!std::getenv(k.c_str())) throw PyError("KeyError", repr(key));
    unsetenv(k.c_str());
  }
  Int length(const Value&) override { return static_cast<Int>(environment().size()); }
  Value iter(Interpreter& in, const Value&) override {
    std::vector<Value> keys;
    for (auto& [k, v] : environment()) keys.push_back(Value::str(k));
    return make_iterator(in, Value::list(std::move(keys)));
  }
  std::vector<std::string> attr_names() const override {
    return {"copy", "get", "items", "keys", "pop", "setdefault", "update", "values"};
  }
  Value attr(Interpreter&, const Value& self, const std::string& name) override;
};

Value EnvironObj::attr(Interpreter&, const Value& self, const std::string& name) {
  auto method = [&](std::function<Value(Interpreter&, Args&, Kwargs&)> fn) {
    return make_builtin(name, "<bound method Mapping." + name + " of environ>", std::move(fn));
  };
  if (name == "get")
    return method([](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("get", a, kw, {"key", "default"}, 1);
      if (!v[0].is(Kind::Str)) throw TypeError("str expected, not " + type_name(v[0]));
      const char* s = std::getenv(v[0].as_str().c_str());
      return s ? Value::str(s) : v[1];
    });
  if (name == "pop")
    return method([](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("pop", a, kw, {"key", "default"}, 1);
      const std::string& k = str_key(v[0]);
      const char* s = std::getenv(k.c_str());
      if (!s) {
        if (a.size() + kw.size() < 2) throw PyError("KeyError", repr(v[0]));
        return v[1];
      }
      Value out = Value::str(s);
      unsetenv(k.c_str());
      return out;
    });
  if (name == "setdefault")
    return method([](Interpreter&, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("setdefault", a, kw, {"key", "default"}, 1);
      const std::string& k = str_key(v[0]);
      if (const char* s = std::getenv(k.c_str())) return Value::str(s);
      setenv(k.c_str(), str_key(v[1]).c_str(), 1);
      return v[1];
    });
  if (name == "keys" || name == "values" || name == "items" || name == "copy")
    return method([name](Interpreter& in, Args& a, Kwargs& kw) {
      bind_params(name, a, kw, {}, 0);
      std::vector<Value> out;
      Value d = in.call(in.builtins().at("dict"), a, kw);
      for (auto& [k, v] : environment()) {
        Value key = Value::str(k), val = Value::str(v);
        if (name == "keys") out.push_back(key);
        else if (name == "values") out.push_back(val);
        else if (name == "items") out.push_back(Value::tuple({key, val}));
        else in.set_item(d, key, val);
      }
      return name == "copy" ? d : Value::list(std::move(out));
    });
  if (name == "update")
    return method([self](Interpreter& in, Args& a, Kwargs& kw) {
      Value d = in.call(in.builtins().at("dict"), a, kw);
      for (const Value& k : in.iterate(d)) in.set_item(self, k, in.eval_subscript(d, k));
      return Value();
    });
  throw AttributeError("'_Environ' object has no attribute '" + name + "'");
}

Value str_list(const std::vector<std::string>& v) {
  std::vector<Value> out;
  for (const auto& s : v) out.push_back(Value::str(s));
  return Value::list(std::move(out));
}

}  // namespace

namespace {

// Python's OSError subclass for an errno.
const char* os_error_kind(int e) {
  return e == ENOENT ? "FileNotFoundError"
         : e == EEXIST ? "FileExistsError"
         : e == EACCES || e == EPERM ? "PermissionError"
         : e == ENOTDIR ? "NotADirectoryError"
         : e == EISDIR ? "IsADirectoryError"
         : e == EPIPE ? "BrokenPipeError"
                       : "OSError";
}

}  // namespace

[[noreturn]] void os_error(int e, const std::string& path) {
  throw PyError(os_error_kind(e), "[Errno " + std::to_string(e) + "] " + std::strerror(e) + ": " + repr(Value::str(path)));
}

[[noreturn]] void os_error(int e) {
  throw PyError(os_error_kind(e), "[Errno " + std::to_string(e) + "] " + std::strerror(e));
}

namespace {

[[noreturn]] void os_error(const std::error_code& ec, const std::string& path) { tsh::shell::os_error(ec.value(), path); }

// os.path.split's rule: head is everything up to the last '/', trailing slashes stripped unless all slashes.
std::pair<std::string, std::string> split_path(const std::string& p) {
  const size_t i = p.rfind('/') == std::string::npos ? 0 : p.rfind('/') + 1;
  std::string head = p.substr(0, i), tail = p.substr(i);
  if (!head.empty() && head.find_first_not_of('/') != std::string::npos)
    while (!head.empty() && head.back() == '/') head.pop_back();
  return {head, tail};
}

std::pair<std::string, std::string> split_ext(const std::string& p) {
  const size_t sep = p.rfind('/');
  const size_t dot = p.rfind('.');
  const size_t base = sep == std::string::npos ? 0 : sep + 1;
  if (dot == std::string::npos || dot < base) return {p, ""};
  // A leading run of dots in the base name is not an extension (".bashrc").
  size_t k = base;
  while (k < dot && p[k] == '.') ++k;
  if (k == dot) return {p, ""};
  return {p.substr(0, dot), p.substr(dot)};
}

std::string normpath(const std::string& p) {
  if (p.empty()) return ".";
  const bool abs = p[0] == '/';
  // POSIX keeps exactly two leading slashes, as Python does.
  const int initial = abs ? (p.size() > 1 && p[1] == '/' && (p.size() == 2 || p[2] != '/') ? 2 : 1) : 0;
  std::vector<std::string> parts;
  size_t i = 0;
  while (i <= p.size()) {
    size_t j = p.find('/', i);
    if (j == std::string::npos) j = p.size();
    std::string c = p.substr(i, j - i);
    if (!c.empty() && c != ".") {
      if (c != ".." || (!initial && parts.empty()) || (!parts.empty() && parts.back() == ".."))
        parts.push_back(c);
      else if (!parts.empty())
        parts.pop_back();
    }
    i = j + 1;
  }
  std::string out(static_cast<size_t>(initial), '/');
  for (size_t k = 0; k < parts.size(); ++k) out += (k ? "/" : "") + parts[k];
  return out.empty() ? "." : out;
}

Value install_path() {
  Value path = new_module("posixpath");
  path.as<ModuleObj>()->origin = "frozen";
  auto fn = [&](const char* name, std::function<Value(Interpreter&, Args&, Kwargs&)> f) {
    path.as<ModuleObj>()->attrs[name] = make_builtin(name, std::string("<function ") + name + ">", std::move(f));
  };
  auto one = [](const char* name, Args& a, Kwargs& kw) -> const std::string& {
    std::vector<Value> v = bind_params(name, a, kw, {name[0] == 'e' || name[0] == 'i' ? "path" : "p"}, 1);
    a = {v[0]};
    return path_arg(a[0]);
  };
  fn("join", [](Interpreter&, Args& a, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("join() got an unexpected keyword argument '" + kw[0].first + "'");
    if (a.empty()) throw TypeError("join() missing 1 required positional argument: 'a'");
    std::string out = path_arg(a[0]);
    for (size_t i = 1; i < a.size(); ++i) {
      const std::string& p = path_arg(a[i]);
      if (!p.empty() && p[0] == '/') out = p;
      else if (out.empty() || out.back() == '/') out += p;
      else out += "/" + p;
    }
    return Value::str(out);
  });
  fn("exists", [one](Interpreter&, Args& a, Kwargs& kw) {
    std::error_code ec;
    return Value::boolean(fs::exists(one("exists", a, kw), ec));
  });
  fn("isfile", [one](Interpreter&, Args& a, Kwargs& kw) {
    std::error_code ec;
    return Value::boolean(fs::is_regular_file(one("isfile", a, kw), ec));
  });
  fn("isdir", [one](Interpreter&, Args& a, Kwargs& kw) {
    std::error_code ec;
    return Value::boolean(fs::is_directory(one("isdir", a, kw), ec));
  });
  fn("isabs", [one](Interpreter&, Args& a, Kwargs& kw) {
    const std::string& p = one("isabs", a, kw);
    return Value::boolean(!p.empty() && p[0] == '/');
  });
  fn("basename", [one](Interpreter&, Args& a, Kwargs& kw) { return Value::str(split_path(one("basename", a, kw)).second); });
  fn("dirname", [one](Interpreter&, Args& a, Kwargs& kw) { return Value::str(split_path(one("dirname", a, kw)).first); });
  fn("split", [one](Interpreter&, Args& a, Kwargs& kw) {
    auto [h, t] = split_path(one("split", a, kw));
    return Value::tuple({Value::str(h), Value::str(t)});
  });
  fn("splitext", [one](Interpreter&, Args& a, Kwargs& kw) {
    auto [r, e] = split_ext(one("splitext", a, kw));
    return Value::tuple({Value::str(r), Value::str(e)});
  });
  fn("normpath", [one](Interpreter&, Args& a, Kwargs& kw) { return Value::str(normpath(one("normpath", a, kw))); });
  fn("abspath", [one](Interpreter&, Args& a, Kwargs& kw) {
    std::string p = one("abspath", a, kw);
    if (p.empty() || p[0] != '/') p = fs::current_path().string() + "/" + p;
    return Value::str(normpath(p));
  });
  fn("expanduser", [one](Interpreter&, Args& a, Kwargs& kw) {
    std::string p = one("expanduser", a, kw);
    const char* home = std::getenv("HOME");
    if (home && (p == "~" || p.rfind("~/", 0) == 0)) p = std::string(home) + p.substr(1);
    return Value::str(p);
  });
  fn("getsize", [one](Interpreter&, Args& a, Kwargs& kw) {
    const std::string& p = one("getsize", a, kw);
    std::error_code ec;
    const auto n = fs::file_size(p, ec);
    if (ec) os_error(ec, p);
    return Value::integer(static_cast<Int>(n));
  });
  path.as<ModuleObj>()->attrs["sep"] = Value::str("/");
  return path;
}

}  // namespace

void install_os(Interpreter&, Value& m) {
  auto& a = m.as<ModuleObj>()->attrs;
  m.as<ModuleObj>()->origin = "frozen";
  a["environ"] = Value::object(Kind::Instance, std::make_shared<EnvironObj>());
  a["path"] = install_path();
  a["sep"] = Value::str("/");
  a["linesep"] = Value::str("\n");
  a["name"] = Value::str("posix");
  a["curdir"] = Value::str(".");
  a["pardir"] = Value::str("..");
  def_function(m, "getenv", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("getenv", args, kw, {"key", "default"}, 1);
    if (!v[0].is(Kind::Str)) throw TypeError("str expected, not " + type_name(v[0]));
    const char* s = std::getenv(v[0].as_str().c_str());
    return s ? Value::str(s) : v[1];
  });
  def_function(m, "getcwd", [](Interpreter&, Args& args, Kwargs& kw) {
    bind_params("getcwd", args, kw, {}, 0);
    return Value::str(fs::current_path().string());
  });
  def_function(m, "chdir", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("chdir", args, kw, {"path"}, 1);
    std::error_code ec;
    fs::current_path(path_arg(v[0]), ec);
    if (ec) os_error(ec, v[0].as_str());
    return Value();
  });
  def_function(m, "listdir", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("listdir", args, kw, {"path"}, 0);
    const std::string dir = v[0].is_none() ? "." : path_arg(v[0]);
    std::error_code ec;
    std::vector<std::string> names;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      names.push_back(it->path().filename().string());
    if (ec) os_error(ec, dir);
    return str_list(names);
  });
  def_function(m, "makedirs", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("makedirs", args, kw, {"name", "mode", "exist_ok"}, 1);
    const std::string& p = path_arg(v[0]);
    std::error_code ec;
    if (fs::exists(p, ec)) {
      if (!(v[2].is_none() ? false : truthy(v[2]))) os_error(std::make_error_code(std::errc::file_exists), p);
      return Value();
    }
    fs::create_directories(p, ec);
    if (ec) os_error(ec, p);
    return Value();
  });
  def_function(m, "mkdir", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("mkdir", args, kw, {"path", "mode"}, 1);
    const std::string& p = path_arg(v[0]);
    std::error_code ec;
    if (fs::exists(p, ec)) os_error(std::make_error_code(std::errc::file_exists), p);
    fs::create_directory(p, ec);
    if (ec) os_error(ec, p);
    return Value();
  });
  def_function(m, "remove", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("remove", args, kw, {"path"}, 1);
    const std::string& p = path_arg(v[0]);
    std::error_code ec;
    if (fs::is_directory(p, ec)) os_error(std::make_error_code(std::errc::is_a_directory), p);
    if (!fs::remove(p, ec) && !ec) ec = std::make_error_code(std::errc::no_such_file_or_directory);
    if (ec) os_error(ec, p);
    return Value();
  });
  def_function(m, "cpu_count", [](Interpreter&, Args& args, Kwargs& kw) {
    bind_params("cpu_count", args, kw, {}, 0);
    const unsigned n = std::thread::hardware_concurrency();
    return n ? Value::integer(n) : Value();
  });
  def_function(m, "getpid", [](Interpreter&, Args& args, Kwargs& kw) {
    bind_params("getpid", args, kw, {}, 0);
    return Value::integer(getpid());
  });
}

}  // namespace tsh::shell
