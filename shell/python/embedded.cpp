// shell/python/embedded.cpp — running the Python source compiled into tsh (embedded.h).
#include "shell/python/embedded.h"

#include <map>

#include "grammar/parser.h"
#include "shell/interp.h"
#include "shell/python/errors.h"

namespace tsh::shell {

void load_module(Interpreter& in, const Value& module) {
  auto* m = module.as<ModuleObj>();
  if (!m->loader) return;
  auto loader = std::move(m->loader);
  m->loader = nullptr;  // first: the loader's own reads of the module must not run it again
  try {
    loader(in, module);
  } catch (...) {
    m->loader = std::move(loader);  // interrupted (Ctrl-C): the next use loads it again
    throw;
  }
}

Value lazy_module(const std::string& name, std::function<void(Interpreter&, const Value&)> loader) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  m->loader = std::move(loader);
  return Value::object(Kind::Module, m);
}

namespace {
std::map<const std::string*, const char*>& loaded_texts() {
  static std::map<const std::string*, const char*> texts;
  return texts;
}
}  // namespace

const char* embedded_path(const std::string* text) {
  auto it = loaded_texts().find(text);
  return it == loaded_texts().end() ? nullptr : it->second;
}

void run_embedded(Interpreter& in, const Value& module, const std::string& path) {
  const EmbeddedSource* found = nullptr;
  for (const EmbeddedSource& s : embedded_sources())
    if (path == s.path) found = &s;
  if (!found) throw RuntimeError("tsh was built without its Python source " + path);
  // The text is named for tracebacks while it lives (a later text at its address is another's).
  std::shared_ptr<const std::string> text(new std::string(found->text), [](const std::string* t) {
    loaded_texts().erase(t);
    delete t;
  });
  loaded_texts()[text.get()] = found->path;
  auto parsed = std::make_shared<grammar::ParseResult>(grammar::parse(*text));
  if (parsed->error)  // a build error, caught by the tests: every file is loaded there
    throw RuntimeError("tsh's " + path + " did not parse (line " + std::to_string(parsed->error->span.line) + "): " +
                       parsed->error->message);
  in.keep_alive(std::const_pointer_cast<std::string>(text));
  auto* m = module.as<ModuleObj>();
  auto scope = std::make_shared<Scope>();
  scope->isolated = true;  // the file's globals: lookups go on to builtins, never the session
  scope->vars = m->attrs;
  scope->vars["__name__"] = Value::str(m->name);
  // The file's functions hold its namespace, which holds them and `torch`; the module holds what
  // the file defined and imported, `torch` too. Modules are not traced by the collector, so these
  // cycles are broken when the session ends.
  in.keep_alive(std::shared_ptr<void>(nullptr, [scope, module](void*) {
    scope->vars.clear();
    module.as<ModuleObj>()->attrs.clear();
  }));
  // Last: each function the file defines keeps the interpreter's latest tree alive, its own.
  in.keep_alive(parsed);
  const bool echo = in.echo_expressions;
  const std::shared_ptr<const std::string> source = in.source();
  in.echo_expressions = false;  // docstrings are statements too
  in.set_source(text);          // what the functions it defines point into, for tracebacks
  auto restore = [&] {
    in.echo_expressions = echo;
    in.set_source(source);
  };
  try {
    in.with_scope(scope, [&] {
      for (const auto& s : parsed->stmts) in.exec(*s);
    });
  } catch (...) {
    restore();
    throw;
  }
  restore();
  for (auto& [k, v] : scope->vars) {
    if (k == "__name__") continue;
    if (v.is(Kind::Function) && !v.as<FunctionObj>()->source) v.as<FunctionObj>()->source = text;
    m->attrs[k] = v;
  }
}

}  // namespace tsh::shell
