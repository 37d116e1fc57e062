// shell/python/mod_gc.cpp — Python's gc module over tsh's cycle collector
// (shell/python/gc.h): collect(), enable(), disable(), isenabled(). tsh keeps
// one generation, so collect(0), collect(1) and collect(2) all collect fully.
#include "shell/interp.h"
#include "shell/python/errors.h"
#include "shell/python/gc.h"
#include "shell/python/modules.h"

namespace tsh::shell {

namespace {

void no_arguments(const std::string& name, const Args& a, const Kwargs& kw) {
  if (!kw.empty()) throw TypeError("gc." + name + "() takes no keyword arguments");
  if (!a.empty()) throw TypeError("gc." + name + "() takes no arguments (" + std::to_string(a.size()) + " given)");
}

}  // namespace

void install_gc(Interpreter&, Value& m) {
  m.as<ModuleObj>()->origin = "built-in";
  def_function(m, "collect", [](Interpreter&, Args& a, Kwargs& kw) {
    Value generation = Value::integer(2);
    for (const auto& [name, v] : kw) {
      if (name != "generation") throw TypeError("'" + name + "' is an invalid keyword argument for collect()");
      if (!a.empty()) throw TypeError("argument for collect() given by name ('generation') and position (1)");
      generation = v;
    }
    if (a.size() > 1) throw TypeError("collect() takes at most 1 argument (" + std::to_string(a.size()) + " given)");
    if (a.size() == 1) generation = a[0];
    if (!generation.is_intlike()) throw TypeError("'" + type_name(generation) + "' object cannot be interpreted as an integer");
    if (generation.as_int() < 0 || generation.as_int() > 2) throw ValueError("invalid generation");
    return Value::integer(gc_collect());
  });
  def_function(m, "enable", [](Interpreter&, Args& a, Kwargs& kw) {
    no_arguments("enable", a, kw);
    gc_enable(true);
    return Value();
  });
  def_function(m, "disable", [](Interpreter&, Args& a, Kwargs& kw) {
    no_arguments("disable", a, kw);
    gc_enable(false);
    return Value();
  });
  def_function(m, "isenabled", [](Interpreter&, Args& a, Kwargs& kw) {
    no_arguments("isenabled", a, kw);
    return Value::boolean(gc_enabled());
  });
}

}  // namespace tsh::shell
