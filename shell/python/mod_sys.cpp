// shell/python/mod_sys.cpp — Python's sys module: the script's arguments,
// exit, the interpreter's identity (tsh speaks Python 3.11), stdout/stderr.
#include <climits>

#include "shell/interp.h"
#include "shell/python/unicode.h"
#include "shell/python/bigint.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/modules.h"

#ifndef TSH_VERSION
#define TSH_VERSION "0.0.0"
#endif

namespace tsh::shell {

namespace {

// sys.stdout and sys.stderr: text streams that write through the session's output.
struct StreamObj : InstanceObj {
  bool err = false;
  std::string class_name() const override { return "TextIOWrapper"; }
  std::string module_name() const override { return "_io"; }
  std::string repr_of(const Value&) const override {
    return std::string("<_io.TextIOWrapper name='") + (err ? "<stderr>" : "<stdout>") + "' mode='w' encoding='utf-8'>";
  }
  std::vector<std::string> attr_names() const override { return {"flush", "name", "write"}; }
  Value attr(Interpreter&, const Value& self, const std::string& name) override {
    if (name == "name") return Value::str(err ? "<stderr>" : "<stdout>");
    if (name == "write")
      return make_builtin("write", "<built-in method write>", [self](Interpreter& in, Args& a, Kwargs& kw) {
        if (!kw.empty()) throw TypeError("write() takes no keyword arguments");
        if (a.size() != 1) throw TypeError("write() takes exactly one argument (" + std::to_string(a.size()) + " given)");
        if (!a[0].is(Kind::Str)) throw TypeError("write() argument must be str, not " + type_name(a[0]));
        check_encodable(a[0].as_str());
        if (self.as<StreamObj>()->err)
          in.output().err(a[0].as_str());
        else
          in.print_out(a[0].as_str());
        Args one{a[0]};
        Kwargs none;
        return in.call(in.builtins().at("len"), one, none);
      });
    if (name == "flush")
      return make_builtin("flush", "<built-in method flush>", [](Interpreter&, Args&, Kwargs&) { return Value(); });
    throw AttributeError("'_io.TextIOWrapper' object has no attribute '" + name + "'");
  }
};

Value stream(bool err) {
  auto s = std::make_shared<StreamObj>();
  s->err = err;
  return Value::object(Kind::Instance, s);
}

}  // namespace

void install_sys(Interpreter& in, Value& m) {
  auto& a = m.as<ModuleObj>()->attrs;
  m.as<ModuleObj>()->origin = "built-in";
  std::vector<Value> argv;
  for (const std::string& s : in.argv()) argv.push_back(Value::str(s));
  a["argv"] = Value::list(std::move(argv));
  // The language tsh speaks is Python 3.11's; the build says it is tsh.
  a["version"] = Value::str("3.11.7 (tsh " TSH_VERSION ")");
  auto vi = std::make_shared<NamedTupleObj>();
  vi->type_name = "sys.version_info";
  vi->one_line = true;
  vi->fields = {"major", "minor", "micro", "releaselevel", "serial"};
  vi->items = {Value::integer(3), Value::integer(11), Value::integer(7), Value::str("final"), Value::integer(0)};
  a["version_info"] = Value::object(Kind::NamedTuple, vi);
#if defined(__APPLE__)
  a["platform"] = Value::str("darwin");
#else
  a["platform"] = Value::str("linux");
#endif
  a["maxsize"] = Value::integer(LLONG_MAX);
  a["byteorder"] = Value::str("little");
  a["stdout"] = stream(false);
  a["stderr"] = stream(true);
  a["__stdout__"] = a["stdout"];
  a["__stderr__"] = a["stderr"];
  // The limit on decimal conversion of ints (Python 3.11's defence against quadratic str()).
  def_function(m, "get_int_max_str_digits", [](Interpreter&, Args& args, Kwargs& kw) {
    if (!kw.empty()) throw TypeError("sys.get_int_max_str_digits() takes no keyword arguments");
    if (!args.empty())
      throw TypeError("sys.get_int_max_str_digits() takes no arguments (" + std::to_string(args.size()) + " given)");
    return Value::integer(max_str_digits());
  });
  def_function(m, "set_int_max_str_digits", [](Interpreter&, Args& args, Kwargs& kw) {
    std::vector<Value> v = bind_params("set_int_max_str_digits", args, kw, {"maxdigits"}, 1);
    if (!v[0].is_intlike()) throw TypeError("'" + type_name(v[0]) + "' object cannot be interpreted as an integer");
    const Int n = v[0].as_int();
    if (n != 0 && (n < 640 || n > INT64_MAX)) throw ValueError("maxdigits must be 0 or larger than 640");
    set_max_str_digits(static_cast<int64_t>(n));
    return Value();
  });
  // sys.exit(code): raises SystemExit, as the builtin exit() does.
  def_function(m, "exit", [](Interpreter& in, Args& args, Kwargs& kw) -> Value {
    if (!kw.empty()) throw TypeError("sys.exit() takes no keyword arguments");
    if (args.size() > 1) throw TypeError("exit expected at most 1 argument, got " + std::to_string(args.size()));
    Kwargs none;
    return in.call(in.builtins().at("exit"), args, none);
  });
}

}  // namespace tsh::shell
